//! Every figure a committed `REPORT.md` quotes is made from the folder's data by the report
//! code: `boardlab report` (for a fairness or marginals study, its command's `--replot`) on a
//! copy of each committed folder writes the same REPORT byte for byte. Figures the READMEs and
//! guides quote from a REPORT are checked against its text, and
//! the sentences that once said more than the data are checked against the tables.

use crate::common::committed;
use crate::common::csv_rows;
use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The committed results folders that have a committed `REPORT.md`.
fn reported_folders() -> Vec<PathBuf> {
    committed::subfolders("results")
        .into_iter()
        .filter(|folder| committed::files().contains(&folder.join("REPORT.md")))
        .map(|folder| root().join(folder))
        .collect()
}

/// Copies the committed files directly in the results folder `from` into `to`, and for the
/// folder of a set of runs its members too (its report is made from theirs).
fn copy_folder(from: &Path, to: &Path) {
    let relative = from.strip_prefix(root()).unwrap().to_string_lossy();
    if from.join("run-set.json").is_file() {
        committed::copy(&relative, to);
    } else {
        committed::copy_files_in(&relative, to);
    }
}

#[test]
fn report_rewrites_every_committed_report_byte_for_byte() {
    let scratch = tempfile::tempdir().unwrap();
    let folders = reported_folders();
    assert!(folders.len() >= 6, "{folders:?}");
    for committed in folders {
        let name = committed.file_name().unwrap().to_owned();
        let copy = scratch.path().join(&name);
        copy_folder(&committed, &copy);
        // A fairness or marginals study is not a run of the harness: its own command remakes
        // its report.
        let mut report = Command::cargo_bin("boardlab").unwrap();
        if copy.join("fairness.json").is_file() {
            report.args(["chess-memory", "fairness", "--replot", "--out"]);
            report.arg(&copy);
        } else if copy.join("marginals.json").is_file() {
            report.args(["chess-memory", "marginals", "--replot", "--out"]);
            report.arg(&copy);
        } else if copy.join("pairs.csv").is_file() && !copy.join("manifest.json").is_file() {
            // compare's measured error rate: its script writes the report from pairs.csv.
            report = Command::new("python3");
            report.arg(root().join("scripts/compare-error-rate.py"));
            report.args(["--report-only", "--out"]).arg(&copy);
        } else {
            report.arg("report").arg(&copy).arg("--quiet");
        }
        report.assert().success();
        let written = std::fs::read_to_string(copy.join("REPORT.md")).unwrap();
        let kept = std::fs::read_to_string(committed.join("REPORT.md")).unwrap();
        if written != kept {
            let first = written
                .lines()
                .zip(kept.lines())
                .find(|(w, k)| w != k)
                .map_or("(lengths differ)".to_string(), |(w, k)| {
                    format!("committed: {k}\nwritten:   {w}")
                });
            panic!(
                "{name:?}: REPORT.md is not what `boardlab report` writes from the data\n{first}"
            );
        }
    }
}

/// Every `P% [L, H]` (a rate with its interval) in `text`.
fn intervals(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let bytes = text.as_bytes();
    for (at, _) in text.match_indices("% [") {
        let start = text[..at]
            .rfind(|c: char| !(c.is_ascii_digit() || c == '.'))
            .map_or(0, |i| i + 1);
        let Some(end) = text[at..].find(']').map(|e| at + e + 1) else {
            continue;
        };
        let inner = &text[at + 3..end - 1];
        let numeric = inner
            .split(", ")
            .all(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit() || c == '.'));
        if start < at && bytes[start].is_ascii_digit() && numeric {
            found.push(text[start..end].to_string());
        }
    }
    found
}

#[test]
fn intervals_are_found_in_text() {
    assert_eq!(
        intervals("at 7: 73.4% [72.5, 74.3] and 98.2% at 8, 39.3%\n[36.3, 42.4], 5% [a, b]"),
        ["73.4% [72.5, 74.3]"]
    );
}

/// The README, the guides and the results folders' READMEs, as committed.
fn documents() -> Vec<PathBuf> {
    committed::files()
        .iter()
        .filter(|path| {
            path == &Path::new("README.md")
                || ((path.starts_with("docs") || path.starts_with("results"))
                    && path.extension().is_some_and(|e| e == "md")
                    && !path.ends_with("REPORT.md")
                    && !path.to_string_lossy().contains("seed-article"))
        })
        .map(|path| root().join(path))
        .collect()
}

#[test]
fn every_rate_with_an_interval_a_document_quotes_is_in_a_report() {
    let reports: String = reported_folders()
        .iter()
        .map(|f| std::fs::read_to_string(f.join("REPORT.md")).unwrap())
        .collect();
    let mut missing = Vec::new();
    for document in documents() {
        let text = std::fs::read_to_string(&document).unwrap();
        for quoted in intervals(&text) {
            if !reports.contains(&quoted) {
                missing.push(format!("{}: {quoted}", document.display()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "quoted but in no REPORT.md (change the document to the report's figure):\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_knights_report_names_the_last_side_with_a_random_tour_from_the_corner() {
    let dir = root().join("results/knights");
    let mut corner: Vec<(u32, u64)> = csv_rows(&dir.join("summary.csv"))
        .into_iter()
        .filter(|r| r["rule"] == "random" && r["start"] == "corner")
        .map(|r| (r["n"].parse().unwrap(), r["tours"].parse().unwrap()))
        .collect();
    corner.sort_unstable();
    let last = corner.iter().rev().find(|(_, tours)| *tours > 0).unwrap().0;
    assert_eq!(last, 256);
    let report = std::fs::read_to_string(dir.join("REPORT.md")).unwrap();
    assert!(
        report.contains(&format!("the last side with a tour is n = {last} (")),
        "{report}"
    );
    let none: Vec<String> = corner
        .iter()
        .filter(|(n, _)| *n > last)
        .map(|(n, _)| n.to_string())
        .collect();
    assert!(report.contains(&format!("none at n = {} (", none.join(", "))));
    for document in documents() {
        let text = std::fs::read_to_string(&document)
            .unwrap()
            .replace('\n', " ");
        for stale in ["never above n = 325", "none above n = 325 (as"] {
            assert!(
                !text.contains(stale),
                "{}: \"{stale}\", but no tour was found from n = 320 on",
                document.display()
            );
        }
    }
}

#[test]
fn the_knights_report_says_a_deterministic_rule_makes_one_draw_from_the_corner() {
    let dir = root().join("results/knights");
    let rows = csv_rows(&dir.join("summary.csv"));
    let deterministic = ["seed", "order:12345678", "pohl", "roth", "squirrel"];
    for row in rows.iter().filter(|r| r["start"] == "corner") {
        let one = deterministic.contains(&row["rule"].as_str());
        assert_eq!(row["draws"] == "1", one, "{row:?}");
    }
    let report = std::fs::read_to_string(dir.join("REPORT.md")).unwrap();
    assert!(report.contains(
        "1 draw (seed, order:12345678, pohl, roth, squirrel, n = 5–1000: a deterministic rule makes the same tour every time)"
    ));
    let guide = std::fs::read_to_string(root().join("docs/knights-tour.md"))
        .unwrap()
        .replace('\n', " ");
    assert!(!guide.contains("10,000 draws per series from the corner and from random starts"));
}

#[test]
fn the_guide_gives_the_games_per_second_the_fifteen_manifest_records() {
    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("results/fifteen/manifest.json")).unwrap(),
    )
    .unwrap();
    let rate = manifest["draws_per_second"].as_f64().unwrap();
    // To the nearest hundred, as the guide writes it.
    let hundreds = (rate / 100.0).round() as u64 * 100;
    let quoted = format!(
        "{},{:03} games per second",
        hundreds / 1000,
        hundreds % 1000
    );
    let guide = std::fs::read_to_string(root().join("docs/fifteen.md"))
        .unwrap()
        .replace('\n', " ")
        .replace("games  per", "games per");
    assert!(
        guide.contains(&quoted),
        "docs/fifteen.md should say {quoted}"
    );
    assert!(!guide.contains("150,000 games per second"));
}

#[test]
fn the_guide_and_the_counts_folder_give_the_times_counts_csv_records() {
    let rows = crate::common::csv_rows(&root().join("results/counts/counts.csv"));
    let seconds = |method: &str| {
        let row = rows
            .iter()
            .find(|r| r["size"] == "5" && r["method"] == method)
            .unwrap_or_else(|| panic!("counts.csv has the 5×5 row of {method}"));
        row["seconds"].parse::<f64>().unwrap().round() as u64
    };
    let one_line = |path: &str| {
        std::fs::read_to_string(root().join(path))
            .unwrap()
            .replace('\n', " ")
    };
    let guide = one_line("docs/chess-memory.md");
    let count = format!("4,829,826,734,976 ({} s,", seconds("pair-sets"));
    assert!(
        guide.contains(&count),
        "docs/chess-memory.md should say {count}"
    );
    let symbol = format!("({} s on 5×5)", seconds("symbol-exact"));
    assert!(
        guide.contains(&symbol),
        "docs/chess-memory.md should say {symbol}"
    );
    let folder = one_line("results/counts/README.md");
    let quoted = format!("boards in {} s on one core", seconds("symbol-exact"));
    assert!(
        folder.contains(&quoted),
        "results/counts/README.md should say {quoted}"
    );
}
