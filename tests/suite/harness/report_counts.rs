//! Every count a committed `REPORT.md` states ("1,211,427,595 bytes", "12,000,000 games",
//! "120 pairings") is a number of the data it comes from: an integer of the folder's
//! manifest, an integer cell of one of its CSV tables, the number of rows or of distinct
//! values of a table's column, or the sum of a run of consecutive cells of a column (the
//! draws of the sizes a sentence lists, say). The data are read here with serde_json and the
//! csv crate, not by the report code.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The nouns a count is stated with; a rate ("draws/s") is not a count.
const COUNT_NOUNS: [&str; 8] = [
    "bytes", "games", "draws", "tours", "rows", "pairings", "series", "players",
];

/// Columns longer than this are not summed by runs (their sums are not quoted).
const LONGEST_SUMMED_COLUMN: usize = 2000;

fn reported_folders() -> Vec<PathBuf> {
    let results = Path::new(env!("CARGO_MANIFEST_DIR")).join("results");
    let mut folders: Vec<PathBuf> = std::fs::read_dir(results)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("REPORT.md").is_file())
        .collect();
    folders.sort();
    folders
}

/// Every integer in a JSON value, and the length of every array.
fn json_integers(value: &serde_json::Value, known: &mut HashSet<u64>) {
    match value {
        serde_json::Value::Number(n) => known.extend(n.as_u64()),
        serde_json::Value::Array(items) => {
            known.insert(items.len() as u64);
            items.iter().for_each(|v| json_integers(v, known));
        }
        serde_json::Value::Object(map) => map.values().for_each(|v| json_integers(v, known)),
        _ => {}
    }
}

/// The numbers of one CSV table (see the module docs).
fn table_integers(path: &Path, known: &mut HashSet<u64>) {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.unwrap()).collect();
    known.insert(rows.len() as u64);
    let width = rows.first().map_or(0, |r| r.len());
    for column in 0..width {
        let cells: Vec<&str> = rows.iter().map(|r| &r[column]).collect();
        known.insert(cells.iter().collect::<HashSet<_>>().len() as u64);
        let integers: Vec<u64> = cells.iter().filter_map(|c| c.parse().ok()).collect();
        known.extend(&integers);
        if integers.len() == cells.len() && integers.len() <= LONGEST_SUMMED_COLUMN {
            for start in 0..integers.len() {
                let mut sum = 0u64;
                for value in &integers[start..] {
                    sum += value;
                    known.insert(sum);
                }
            }
        }
    }
}

/// The numbers a folder's report may state as counts.
fn data_numbers(folder: &Path) -> HashSet<u64> {
    let mut known = HashSet::new();
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        match path.extension().and_then(|e| e.to_str()) {
            Some("json") => {
                let text = std::fs::read_to_string(&path).unwrap();
                json_integers(&serde_json::from_str(&text).unwrap(), &mut known);
            }
            Some("csv") => table_integers(&path, &mut known),
            _ => {}
        }
    }
    known
}

/// Every `N noun` of `text` with a count noun: the number's text, its value and the noun.
fn stated_counts(text: &str) -> Vec<(String, u64)> {
    let mut found = Vec::new();
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        let starts = bytes[at].is_ascii_digit()
            && (at == 0 || !(bytes[at - 1].is_ascii_digit() || b".,".contains(&bytes[at - 1])));
        if !starts {
            at += 1;
            continue;
        }
        let end = at
            + text[at..]
                .find(|c: char| !(c.is_ascii_digit() || c == ','))
                .unwrap_or(text.len() - at);
        let number = text[at..end].trim_end_matches(',');
        let rest = &text[at + number.len()..];
        let noun = COUNT_NOUNS.iter().find(|noun| {
            rest.strip_prefix(' ')
                .and_then(|r| r.strip_prefix(**noun))
                .is_some_and(|after| !after.starts_with(|c: char| c == '/' || c.is_alphanumeric()))
        });
        if let Some(noun) = noun {
            let value = number.replace(',', "").parse().unwrap();
            found.push((format!("{number} {noun}"), value));
        }
        at = end;
    }
    found
}

#[test]
fn stated_counts_are_found_with_their_nouns() {
    let text = "12,000,000 games in all; 1,211,427,595 bytes, 1,159 draws/s, 3.5 draws, 7 drawsx";
    let found: Vec<u64> = stated_counts(text).into_iter().map(|(_, v)| v).collect();
    assert_eq!(found, [12_000_000, 1_211_427_595]);
}

#[test]
fn every_count_a_committed_report_states_is_a_number_of_its_data() {
    let folders = reported_folders();
    assert!(folders.len() >= 6, "{folders:?}");
    let mut checked = 0;
    for folder in folders {
        let known = data_numbers(&folder);
        let report = std::fs::read_to_string(folder.join("REPORT.md")).unwrap();
        for (shown, value) in stated_counts(&report) {
            assert!(
                known.contains(&value),
                "{}/REPORT.md states {shown}, which is no number of the folder's manifest or tables",
                folder.display()
            );
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} counts found");
}
