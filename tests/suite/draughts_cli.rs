//! End-to-end tests of `boardlab draughts`: listing moves, perft, games, and one-line errors
//! with exit status 2 for bad positions, moves and bots.

use crate::common::boardlab;
use predicates::prelude::*;

#[test]
fn moves_lists_capture_paths_and_captured_pieces() {
    boardlab()
        .args(["draughts", "moves", "W:WKa1:Bc3,f4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("2 legal moves"))
        .stdout(predicate::str::contains("a1:e5:g3  takes c3,f4"))
        .stdout(predicate::str::contains("a1:e5:h2  takes c3,f4"));
}

#[test]
fn moves_plays_moves_given_first() {
    boardlab()
        .args(["draughts", "moves", "W:Wc3:Bf6", "--play", "c3-d4", "f6-e5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("position W:Wd4:Be5"))
        .stdout(predicate::str::contains("d4:f6"));
}

#[test]
fn perft_prints_the_count_and_the_speed() {
    boardlab()
        .args(["draughts", "perft", "--depth", "5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("perft(5) = 7361"))
        .stdout(predicate::str::contains("nodes/s"));
    boardlab()
        .args([
            "draughts",
            "perft",
            "-d",
            "2",
            "--fen",
            "W:WKa1:Bc3",
            "--divide",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("a1:h8 0"))
        .stdout(predicate::str::contains("perft(2) = 0"));
}

#[test]
fn play_reports_every_game_and_the_score() {
    boardlab()
        .args([
            "draughts", "play", "--white", "damebot", "--black", "random", "--games", "2",
        ])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("game,result,plies\n0,"))
        .stderr(predicate::str::contains("damebot (white)"));
}

fn fails_with(args: &[&str], message: &str) {
    let output = boardlab().args(args).assert().code(2).get_output().clone();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(message), "{stderr}");
}

#[test]
fn bad_input_is_one_line_and_exit_two() {
    fails_with(&["draughts", "moves", "W:Wa2:Bb8"], "light square");
    fails_with(&["draughts", "moves", "W:Wa1"], "three fields");
    fails_with(
        &["draughts", "perft", "-d", "2", "--fen", "W:Wa1,a1:B"],
        "a1 is given twice",
    );
    fails_with(
        &["draughts", "moves", "W:Wc3:Bf6", "--play", "c3-e5"],
        "not legal",
    );
    fails_with(
        &["draughts", "moves", "W:Wc3:Bf6", "--play", "c3-d5"],
        "light square",
    );
}
