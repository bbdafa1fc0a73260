//! The `REPORT.md` of every puzzle's example spec, pinned by a golden file
//! `tests/golden/REPORT-<puzzle>.md` (rewritten with `BOARDLAB_BLESS=1`; a missing one fails).
//! The example runs at one thread from a temporary folder with relative paths, and only what
//! legitimately differs between machines and runs is masked, by [`normalise`]; every other
//! byte must match.

use crate::common::{boardlab, golden};
use boardlab::puzzles::REGISTRY;
use std::path::Path;

/// Masks in a report what differs between machines and runs, and nothing else:
///
/// 1. the temporary folder the test runs in, written out absolutely (as given or with links
///    resolved): `<TMP>`;
/// 2. the values the folder's `manifest.json` records about the machine and the moment (at
///    the top and for each session), wherever the report prints them: the compiler
///    (`rustc`): `<RUSTC>`; the CPU model and count (`cpu`): `<CPU>`; the start and end times
///    (`start`, `end`): `<TIME>`; and the commit (`git_describe`): `<GIT>`, where it stands
///    in backticks or parentheses, as reports print it (a bare match could hit prose: the
///    value outside a git checkout is `unknown`);
/// 3. measured speed and computing time: the number before a rate unit (`draws/s`,
///    `iterations/s`, any `WORD/s`): `<RATE>`; the duration in "…, D of computing": `<DURATION>`.
pub fn normalise(report: &str, manifest: &serde_json::Value, temp: &Path) -> String {
    let mut text = report.to_string();
    let mut temps = vec![temp.to_path_buf()];
    temps.extend(temp.canonicalize().ok());
    for path in temps {
        text = text.replace(&*path.to_string_lossy(), "<TMP>");
    }
    let mut recorded = vec![manifest];
    recorded.extend(manifest["sessions"].as_array().into_iter().flatten());
    for record in recorded {
        for (key, mask) in [
            ("rustc", "<RUSTC>"),
            ("cpu", "<CPU>"),
            ("start", "<TIME>"),
            ("end", "<TIME>"),
        ] {
            if let Some(value) = record[key].as_str().filter(|v| !v.is_empty()) {
                text = text.replace(value, mask);
            }
        }
        if let Some(git) = record["git_describe"].as_str().filter(|v| !v.is_empty()) {
            text = text
                .replace(&format!("`{git}`"), "`<GIT>`")
                .replace(&format!("({git})"), "(<GIT>)");
        }
    }
    let lines: Vec<String> = text
        .split_inclusive('\n')
        .map(|line| mask_duration(&mask_rates(line)))
        .collect();
    lines.concat()
}

/// Whether `c` may be part of a printed number (`1,219`, `0.3`, `8.32e7`, `-1e-5`).
fn numeric(c: char) -> bool {
    c.is_ascii_digit() || ".,e+-".contains(c)
}

/// `NUMBER WORD/s` becomes `<RATE> WORD/s`.
fn mask_rates(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find("/s") {
        let (before, after) = rest.split_at(at);
        let after = &after[2..];
        let unit_start = before
            .trim_end_matches(|c: char| c.is_ascii_alphabetic())
            .len();
        let is_unit = unit_start < before.len()
            && before[..unit_start].ends_with(' ')
            && !after.starts_with(|c: char| c.is_alphanumeric());
        // The number ends at the space before the unit.
        let number_end = unit_start.saturating_sub(1);
        let number_start = match is_unit {
            true => before[..number_end].trim_end_matches(numeric).len(),
            false => number_end,
        };
        if is_unit && before[number_start..number_end].contains(|c: char| c.is_ascii_digit()) {
            out.push_str(&before[..number_start]);
            out.push_str("<RATE>");
            out.push_str(&before[number_end..]);
        } else {
            out.push_str(before);
        }
        out.push_str("/s");
        rest = after;
    }
    out.push_str(rest);
    out
}

/// `…, DURATION of computing` becomes `…, <DURATION> of computing`.
fn mask_duration(line: &str) -> String {
    const PHRASE: &str = " of computing";
    match line.find(PHRASE) {
        Some(at) => match line[..at].rfind(", ") {
            Some(comma) => format!("{}<DURATION>{}", &line[..comma + 2], &line[at..]),
            None => line.to_string(),
        },
        None => line.to_string(),
    }
}

#[test]
fn the_normalisation_masks_machine_and_time_and_nothing_else() {
    let manifest = serde_json::json!({
        "rustc": "rustc 1.95.0 (59807616e 2026-04-14)",
        "cpu": "AMD EPYC (2 logical CPUs)",
        "start": "2026-11-24T01:51:11Z",
        "end": "2026-11-24T01:51:12Z",
        "git_describe": "27fea74-dirty",
        "sessions": [{"start": "2026-11-24T01:50:00Z", "git_describe": "unknown"}],
    });
    let report = "- **Code:** boardlab 0.1.0 at `27fea74-dirty`, rustc 1.95.0 (59807616e 2026-04-14).\n\
        - **Machine:** AMD EPYC (2 logical CPUs); 1 thread; 1 session.\n\
        - **Time:** 2026-11-24T01:51:11Z to 2026-11-24T01:51:12Z, 1 h 05 min of computing, 1,219 draws/s, 8.32e7 iterations/s.\n\
        Made by `boardlab run /tmp/x/a.toml --out out` (27fea74-dirty); unknown draws, 3 series/sets.\n";
    assert_eq!(
        normalise(report, &manifest, Path::new("/tmp/x")),
        "- **Code:** boardlab 0.1.0 at `<GIT>`, <RUSTC>.\n\
        - **Machine:** <CPU>; 1 thread; 1 session.\n\
        - **Time:** <TIME> to <TIME>, <DURATION> of computing, <RATE> draws/s, <RATE> iterations/s.\n\
        Made by `boardlab run <TMP>/a.toml --out out` (<GIT>); unknown draws, 3 series/sets.\n"
    );
}

#[test]
fn every_puzzle_report_matches_its_golden_file() {
    let dir = tempfile::tempdir().unwrap();
    for puzzle in REGISTRY.puzzles {
        let name = puzzle.name;
        let seeded = puzzle
            .example_spec
            .parse::<toml::Table>()
            .is_ok_and(|spec| spec.contains_key("seed"));
        assert!(seeded, "{name}: the example spec sets no seed");
        std::fs::write(dir.path().join(format!("{name}.toml")), puzzle.example_spec).unwrap();
        // Relative paths from the temporary folder: the command the report shows is the same
        // on every machine.
        let spec = format!("{name}.toml");
        let output = boardlab()
            .current_dir(dir.path())
            .args(["run", &spec, "--out", name, "--quiet", "--threads", "1"])
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{name}: the example spec failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let out = dir.path().join(name);
        let report = std::fs::read_to_string(out.join("REPORT.md"))
            .unwrap_or_else(|e| panic!("{name}: no REPORT.md: {e}"));
        let manifest: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join("manifest.json")).unwrap())
                .unwrap();
        golden::check(
            &format!("REPORT-{name}.md"),
            &format!("{name}: REPORT.md of the example spec"),
            &normalise(&report, &manifest, dir.path()),
        );
    }
}
