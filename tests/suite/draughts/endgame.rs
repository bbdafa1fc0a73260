//! End-to-end tests of `boardlab draughts endgame build` and `stats`: the files are the same
//! bytes on one thread and on two, a build resumes by solving only the files that are missing
//! or damaged, and the statistics name each class's longest win.

use crate::common::boardlab;
use predicates::prelude::*;
use std::collections::BTreeMap;
use std::path::Path;

fn build(out: &Path, rules: &str, threads: &str) -> String {
    let output = boardlab()
        .args([
            "draughts", "endgame", "build", "--rules", rules, "--pieces", "3",
        ])
        .arg("--out")
        .arg(out)
        .args(["--threads", threads])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stderr).unwrap()
}

/// Every file under `dir` with its bytes.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&path).unwrap())
        })
        .collect()
}

#[test]
fn the_files_are_the_same_bytes_on_one_thread_and_two() {
    for rules in ["czech", "english"] {
        let one = tempfile::tempdir().unwrap();
        let two = tempfile::tempdir().unwrap();
        build(one.path(), rules, "1");
        build(two.path(), rules, "2");
        let (one, two) = (
            files(&one.path().join(rules)),
            files(&two.path().join(rules)),
        );
        // Three pieces: 18 stored classes of the 34 (the others are their mirrors).
        assert_eq!(one.len(), 18, "{rules}");
        assert!(one.contains_key("2m1k-0m0k.egdb"));
        assert!(!one.contains_key("0m0k-2m1k.egdb"));
        assert_eq!(one, two, "{rules}");
    }
}

#[test]
fn a_rebuild_solves_only_the_missing_and_the_damaged_files() {
    let dir = tempfile::tempdir().unwrap();
    build(dir.path(), "czech", "2");
    let folder = dir.path().join("czech");
    let before = files(&folder);
    std::fs::remove_file(folder.join("1m1k-1m0k.egdb")).unwrap();
    let damaged = folder.join("0m2k-0m1k.egdb");
    let mut bytes = std::fs::read(&damaged).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0xFF;
    std::fs::write(&damaged, bytes).unwrap();
    let log = build(dir.path(), "czech", "2");
    let solved: Vec<&str> = log.lines().filter(|l| l.contains(" solved")).collect();
    assert_eq!(solved.len(), 2, "{log}");
    assert!(
        solved[0].contains("1m1k-1m0k") || solved[1].contains("1m1k-1m0k"),
        "{log}"
    );
    assert!(log.contains("0m2k-0m1k.egdb: checksum mismatch"), "{log}");
    assert_eq!(
        log.lines()
            .filter(|l| l.ends_with("kept (its file checks)"))
            .count(),
        16
    );
    assert_eq!(files(&folder), before);
}

#[test]
fn stats_names_each_class_s_longest_win() {
    let dir = tempfile::tempdir().unwrap();
    build(dir.path(), "czech", "2");
    boardlab()
        .args(["draughts", "endgame", "stats", "--rules", "czech", "--dir"])
        .arg(dir.path())
        .assert()
        .success()
        .stdout(
            predicate::str::is_match(
                r"^class +positions +wins +draws +losses +longest  position\n",
            )
            .unwrap(),
        )
        // A king each: 32 · 31 placements, each with either side to move. The longest win
        // is found by the statistics and checked to be a win of that length by the solver's
        // own tests; here its line must name a position.
        .stdout(
            predicate::str::is_match(r"(?m)^0m1k-0m1k +1984 +\d+ +\d+ +\d+ +\d+  [WB]:W").unwrap(),
        );
}

#[test]
fn a_missing_database_is_one_line_naming_the_build() {
    let dir = tempfile::tempdir().unwrap();
    boardlab()
        .args(["draughts", "endgame", "stats", "--rules", "english", "--dir"])
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no english endgame database there; build it with `boardlab draughts endgame build --rules english"))
        .stderr(predicate::str::contains("\n").count(1));
}
