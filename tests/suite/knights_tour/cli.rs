//! `boardlab knights` end to end: outputs, exit codes, and one-line errors for bad input.

use assert_cmd::Command;
use predicates::prelude::*;

fn knights(args: &[&str]) -> assert_cmd::assert::Assert {
    Command::cargo_bin("boardlab")
        .unwrap()
        .arg("knights")
        .args(args)
        .assert()
}

#[test]
fn replay_prints_the_article_board_as_go_does() {
    knights(&[
        "replay", "--n", "5", "--x", "5", "--y", "5", "--format", "go",
    ])
    .success()
    .stdout(predicate::str::starts_with(
        "[5 14 19 24 7]\n[20 9 6 13 18]\n[15 4 23 8 25]\n[10 21 2 17 12]\n[3 16 11 22 1]\n",
    ))
    .stdout(predicate::str::contains("tour: all 25 squares"));
    knights(&["replay", "--n", "4", "--x", "1", "--y", "1"])
        .code(1)
        .stdout(predicate::str::contains("dead end at step 12"));
    knights(&["replay", "--n", "2", "--x", "1", "--y", "1"])
        .code(1)
        .stdout(predicate::str::contains("panics"));
}

/// `--format moves > tour.txt` gives a file of squares and nothing else: the line saying how
/// the walk went is on standard error.
#[test]
fn tour_moves_are_the_only_thing_on_standard_output() {
    let output = knights(&[
        "tour",
        "--size",
        "5",
        "--start",
        "3,1",
        "--rule",
        "order:36875124",
        "--format",
        "moves",
    ])
    .code(1)
    .get_output()
    .clone();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 17, "{stdout}");
    assert!(
        stdout.lines().all(|line| {
            let (x, y) = line.split_once(',').unwrap_or_default();
            x.parse::<u32>().is_ok() && y.parse::<u32>().is_ok()
        }),
        "{stdout}"
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("dead end: 17 of 25 squares"), "{stderr}");
}

#[test]
fn tour_exit_codes_say_found_or_not() {
    knights(&["tour", "--size", "8", "--rule", "order:12345678"])
        .success()
        .stdout(predicate::str::starts_with(" 1 16 27 22  3 18 47 56\n"));
    knights(&[
        "tour",
        "--size",
        "5",
        "--start",
        "3,1",
        "--rule",
        "order:36875124",
    ])
    .code(1)
    .stderr(predicate::str::contains("dead end: 17 of 25 squares"));
    knights(&[
        "tour",
        "--size",
        "5",
        "--start",
        "3,1",
        "--rule",
        "order:36875124",
        "--backtrack",
        "--format",
        "moves",
    ])
    .success()
    .stdout(predicate::str::starts_with("3,1\n"));
    knights(&[
        "tour",
        "--size",
        "6x5",
        "--closed",
        "--rule",
        "random",
        "--backtrack",
        "--json",
    ])
    .success()
    .stdout(predicate::str::contains("\"outcome\":\"tour\""));
}

#[test]
fn sat_count_and_bench_run() {
    knights(&["sat", "solve", "--size", "4"])
        .code(1)
        .stdout(predicate::str::contains("UNSAT"));
    knights(&["sat", "cnf", "--size", "3x4"])
        .success()
        .stdout(predicate::str::contains("p cnf 144 1872\n"));
    knights(&["count", "--size", "5", "--directed"])
        .success()
        .stdout(predicate::str::contains("\"count\":1728"));
    knights(&[
        "bench",
        "--size",
        "8",
        "--rule",
        "seed",
        "--draws",
        "64",
        "--all-starts",
    ])
    .success()
    .stdout(predicate::str::contains("\"squares_per_sec\""));
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["tour", "--size", "0"], "at least 1"),
        (
            &["tour", "--size", "20000x20000"],
            "more than 100000000 squares",
        ),
        (
            &["tour", "--size", "8", "--start", "9,1"],
            "off the 8x8 board",
        ),
        (&["tour", "--size", "8", "--start", "a,1"], "--start"),
        (&["tour", "--rule", "fastest"], "unknown tie-break rule"),
        (
            &["tour", "--rule", "order:12345677"],
            "not the 8 distinct digits",
        ),
        (
            &["tour", "--size", "5", "--closed"],
            "even number of squares",
        ),
        (
            &["tour", "--size", "8x9", "--rule", "squirrel"],
            "square boards",
        ),
        (
            &["replay", "--n", "5", "--x", "0", "--y", "1"],
            "off the 5x5 board",
        ),
        (&["count", "--size", "8"], "too large"),
        (&["sat", "solve", "--size", "9"], "too large"),
        (&["bench", "--size", "8x"], "--size"),
    ];
    for (args, message) in cases {
        let output = Command::cargo_bin("boardlab")
            .unwrap()
            .arg("knights")
            .args(*args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}
