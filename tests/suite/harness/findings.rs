//! One finding per results folder, computed, never typed: the sentence a `REPORT.md` opens
//! with (`**Finding:** …`) is the one the folder's puzzle computes from its files now, the
//! same that `boardlab run` printed as its headline, and the README's *Results at a glance*
//! quotes it word for word.

use crate::common::committed;
use boardlab::experiment::run_set::{self, RunSet};
use boardlab::puzzles::REGISTRY;
use std::path::{Path, PathBuf};

/// The committed results folders that `boardlab run` made: a `REPORT.md` beside a
/// `manifest.json`, or beside the record of a set of runs.
fn run_folders() -> Vec<PathBuf> {
    let files = committed::files();
    let folders: Vec<PathBuf> = files
        .iter()
        .filter(|f| f.starts_with("results") && f.file_name() == Some("REPORT.md".as_ref()))
        .filter_map(|f| f.parent().map(Path::to_path_buf))
        .filter(|dir| {
            files.contains(&dir.join("manifest.json")) || files.contains(&dir.join(run_set::FILE))
        })
        .collect();
    assert!(folders.len() >= 10, "{folders:?}");
    folders
}

/// The text after `**Finding:** ` up to the line's closing full stop.
fn finding_of(report: &str) -> Option<&str> {
    let line = report.lines().find(|l| l.starts_with("**Finding:** "))?;
    Some(
        line["**Finding:** ".len()..]
            .trim_end()
            .trim_end_matches('.'),
    )
}

/// The headline that the folder `dir` (a copy of a committed one) computes from its files:
/// its puzzle's, or its set's.
fn headline_of(dir: &Path, committed_dir: &Path) -> String {
    let headline = match RunSet::read(dir).unwrap() {
        Some(set) => (run_set::set_of(&REGISTRY, &set).unwrap().report)(dir, &set, false)
            .map(|report| report.headline),
        None => (REGISTRY.puzzle(&puzzle_of(committed_dir)).unwrap().headline)(dir),
    };
    headline.unwrap_or_else(|e| panic!("{}: {e}", committed_dir.display()))
}

fn puzzle_of(dir: &Path) -> String {
    let text = std::fs::read_to_string(committed::root().join(dir).join("manifest.json")).unwrap();
    let manifest: serde_json::Value = serde_json::from_str(&text).unwrap();
    manifest["spec"]["puzzle"]
        .as_str()
        .unwrap_or(REGISTRY.default)
        .to_string()
}

#[test]
fn every_report_opens_with_the_finding_its_folder_computes() {
    for dir in run_folders() {
        let report =
            std::fs::read_to_string(committed::root().join(&dir).join("REPORT.md")).unwrap();
        let finding = finding_of(&report).unwrap_or_else(|| {
            panic!(
                "{}/REPORT.md opens with no **Finding:** line",
                dir.display()
            )
        });
        let temp = tempfile::tempdir().unwrap();
        committed::copy(&dir.to_string_lossy(), temp.path());
        let headline = headline_of(temp.path(), &dir);
        assert!(
            headline.starts_with(finding),
            "{}: the report's finding\n  {finding}\nis not the headline computed from its files\n  {headline}",
            dir.display()
        );
    }
}

#[test]
fn the_readme_quotes_each_reports_finding_word_for_word() {
    let readme = std::fs::read_to_string(committed::root().join("README.md")).unwrap();
    let section = readme
        .split("## Results at a glance")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("the README has a Results at a glance section");
    let mut quoted = 0;
    for dir in run_folders() {
        let report =
            std::fs::read_to_string(committed::root().join(&dir).join("REPORT.md")).unwrap();
        let Some(finding) = finding_of(&report) else {
            continue;
        };
        let link = format!("({}/REPORT.md)", dir.display());
        let Some(row) = section.lines().find(|l| l.contains(&link)) else {
            continue;
        };
        let in_short = row
            .trim_end()
            .trim_end_matches('|')
            .rsplit('|')
            .next()
            .unwrap();
        assert!(
            in_short.contains(finding),
            "the README's row for {} says\n  {}\nbut its report finds\n  {finding}",
            dir.display(),
            in_short.trim()
        );
        quoted += 1;
    }
    assert!(
        quoted >= 5,
        "only {quoted} rows of the README quote a finding"
    );
}

/// `49.82% [48.40, 51.23]` after "the first player scores " in a self-play finding, as
/// (score, low, high) in percent.
fn first_player_score(finding: &str) -> (f64, f64, f64) {
    let rest = finding
        .split("the first player scores ")
        .nth(1)
        .unwrap_or_else(|| panic!("not a self-play finding: {finding}"));
    let numbers: Vec<f64> = rest
        .split(" over ")
        .next()
        .unwrap()
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().unwrap())
        .collect();
    (numbers[0], numbers[1], numbers[2])
}

/// "russian, brazilian and pool"; "czech" alone.
fn listed(names: &[&str]) -> String {
    match names {
        [] => "none".to_string(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[test]
fn the_rule_sets_study_states_each_first_player_score_as_its_member_finds_it() {
    let root = committed::root().join("results/variants");
    let report = std::fs::read_to_string(root.join("REPORT.md")).unwrap();
    let (mut above, mut below) = (Vec::new(), Vec::new());
    let mut rows = 0;
    for line in report
        .lines()
        .filter(|l| l.starts_with("| ") && l.contains(" | 3,000 | "))
    {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let rules = cells[1];
        let member = std::fs::read_to_string(root.join(rules).join("REPORT.md")).unwrap();
        let finding = finding_of(&member).unwrap_or_else(|| panic!("{rules}: no finding"));
        let (score, low, high) = first_player_score(finding);
        let shown = format!("{score:.2}% [{low:.2}, {high:.2}]");
        assert_eq!(
            cells[4], shown,
            "{rules}: the set's score against its member's finding {finding}"
        );
        if low > 50.0 {
            above.push(rules);
        } else if high < 50.0 {
            below.push(rules);
        }
        rows += 1;
    }
    assert_eq!(rows, 12, "one row per rule set");
    let sentence = format!(
        "the first player's score excludes 50% in {} (above) and in {} (below)",
        listed(&above),
        listed(&below)
    );
    let finding = finding_of(&report).unwrap();
    assert!(
        finding.contains(&sentence),
        "results/variants/REPORT.md should find: {sentence}"
    );
}

#[test]
fn the_measured_error_rate_of_compare_is_the_one_its_pairs_give() {
    let root = committed::root();
    let pairs = std::fs::read_to_string(root.join("results/compare-error-rate/pairs.csv")).unwrap();
    let rows: Vec<Vec<&str>> = pairs
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    let different = rows.iter().filter(|r| r[2] == "1").count() as u64;
    let n = rows.len() as u64;
    assert_eq!(n, 200);
    // Every pair called different has a Holm-adjusted p below compare's default alpha, and
    // every pair that agrees one at or above it (as compare prints p, to three decimals).
    for r in &rows {
        let p: f64 = r[3].parse().unwrap();
        let consistent = if r[2] == "1" { p <= 0.01 } else { p >= 0.0095 };
        assert!(consistent, "{r:?}");
    }
    let (low, high) = boardlab::stats::proportion::wilson95(different, n);
    let figure = format!(
        "{:.1}% [{:.1}, {:.1}]",
        100.0 * different as f64 / n as f64,
        100.0 * low,
        100.0 * high
    );
    let flat = |path: &str| {
        let text = std::fs::read_to_string(root.join(path)).unwrap();
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let report = flat("results/compare-error-rate/REPORT.md");
    let finding = format!("compare called {different} of {n} pairs of seeds different: {figure}");
    assert!(
        report.contains(&format!("**Finding:** {finding}")),
        "{finding}"
    );
    let docs = flat("docs/experiments.md");
    assert!(
        docs.contains(&format!("called {different} pairs different: {figure}")),
        "{figure}"
    );
    let seven_eight = rows.iter().find(|r| r[0] == "7").unwrap();
    assert_eq!(seven_eight[2], "1", "the docs say seeds 7 and 8 differ");
    let three_four = rows.iter().find(|r| r[0] == "3").unwrap();
    assert_eq!(three_four[2], "0", "the docs say seeds 3 and 4 agree");
}
