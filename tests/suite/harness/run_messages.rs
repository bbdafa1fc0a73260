//! What `boardlab run` tells the person who started it: the closing headline on standard
//! output whatever `--quiet` says, warnings about values some series do not use, and the
//! words of a match (games, not draws), with `--games` where it fits and a one-line error
//! where it does not.

use crate::common::boardlab;
use std::path::Path;

const MATCH_SPEC: &str = r#"puzzle = "fifteen"
name = "tiny-match"
seed = 3
games = 6
players = ["random", "perfect"]
"#;

const KNIGHTS_EVERY: &str = r#"puzzle = "knights-tour"
name = "every-start"
seed = 5
draws = 10
rules = ["seed", "random"]
sizes = [5]
starts = ["corner", "every", "random"]
"#;

fn write(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn quiet_hides_the_progress_but_not_the_headline() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write(dir.path(), "match.toml", MATCH_SPEC);
    let out = dir.path().join("quiet");
    let output = boardlab()
        .args(["run", "--quiet", "--threads", "1", "--out"])
        .arg(&out)
        .arg(&spec)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(stdout.starts_with("best: perfect"), "{stdout}");
    assert!(stdout.contains(&out.display().to_string()), "{stdout}");
    assert_eq!(text(&output.stderr), "", "--quiet printed on stderr");
    // Without --quiet the same headline, and the closing line on stderr in games.
    let loud = boardlab()
        .args(["run", "--threads", "1", "--out"])
        .arg(dir.path().join("loud"))
        .arg(&spec)
        .output()
        .unwrap();
    let stderr = text(&loud.stderr);
    assert!(
        stderr.contains(": 6 games, charts and REPORT.md"),
        "{stderr}"
    );
    assert!(!stderr.contains("draws"), "{stderr}");
    assert!(text(&loud.stdout).starts_with("best: perfect"));
}

#[test]
fn a_match_takes_games_and_its_manifest_reproduces_with_games() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write(dir.path(), "match.toml", MATCH_SPEC);
    let out = dir.path().join("m");
    boardlab()
        .args(["run", "--quiet", "--games", "4", "--out"])
        .arg(&out)
        .arg(&spec)
        .assert()
        .success();
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["draws"], 4);
    let reproduce = manifest["reproduce"].as_str().unwrap();
    assert!(reproduce.contains("--games 4"), "{reproduce}");
    // The older spelling still works and makes the same games.
    let older = dir.path().join("older");
    boardlab()
        .args(["run", "--quiet", "--draws", "4", "--out"])
        .arg(&older)
        .arg(&spec)
        .assert()
        .success();
    assert_eq!(
        std::fs::read(out.join("draws.csv")).unwrap(),
        std::fs::read(older.join("draws.csv")).unwrap()
    );
}

#[test]
fn games_for_a_puzzle_that_counts_draws_is_a_one_line_error() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write(dir.path(), "knights.toml", KNIGHTS_EVERY);
    let output = boardlab()
        .args(["run", "--quiet", "--games", "4", "--out"])
        .arg(dir.path().join("k"))
        .arg(&spec)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("--games") && stderr.contains("--draws"),
        "{stderr}"
    );
    assert!(!dir.path().join("k").exists(), "a folder was made");
}

#[test]
fn draws_that_every_start_series_ignore_are_announced_and_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write(dir.path(), "knights.toml", KNIGHTS_EVERY);
    let out = dir.path().join("k");
    let output = boardlab()
        .args(["run", "--quiet", "--draws", "3", "--out"])
        .arg(&out)
        .arg(&spec)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stderr = text(&output.stderr);
    let warning = stderr
        .lines()
        .find(|l| l.starts_with("warning: "))
        .unwrap_or_else(|| panic!("no warning: {stderr}"));
    assert!(
        warning.contains("--draws 3 does not change the 2 series from every start square"),
        "{warning}"
    );
    assert!(
        warning.contains("1 series of deterministic rules from the corner"),
        "{warning}"
    );
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(
        manifest["warnings"][0].as_str(),
        warning.strip_prefix("warning: ")
    );
    let report = std::fs::read_to_string(out.join("REPORT.md")).unwrap();
    assert!(
        report.contains(warning.strip_prefix("warning: ").unwrap()),
        "{report}"
    );
    // 25 + 25 every-start draws, 1 seed corner draw, 3 random-corner and 2 × 3 random-start.
    let rows = std::fs::read_to_string(out.join("draws.csv"))
        .unwrap()
        .lines()
        .count()
        - 1;
    assert_eq!(rows, 25 + 25 + 1 + 3 + 3 + 3);
    // Without --draws nothing is ignored that the spec's documentation does not say.
    let plain = boardlab()
        .args(["run", "--quiet", "--out"])
        .arg(dir.path().join("plain"))
        .arg(&spec)
        .output()
        .unwrap();
    assert!(!text(&plain.stderr).contains("warning"));
}

#[test]
fn a_knights_spec_with_a_top_level_group_and_series_tables_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write(
        dir.path(),
        "knights.toml",
        &format!("{KNIGHTS_EVERY}\n[[series]]\nrules = [\"seed\"]\nsizes = [6]\n"),
    );
    let output = boardlab()
        .args(["run", "--quiet", "--out"])
        .arg(dir.path().join("k"))
        .arg(&spec)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("key `sizes`"), "{stderr}");
}
