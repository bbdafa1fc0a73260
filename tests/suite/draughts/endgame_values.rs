//! `boardlab draughts moves --values` and the `perfect:D` player on the command line, with the
//! endgame database solved in memory (`--endgames memory:N`, `BOARDLAB_ENDGAMES`). Expected
//! values are worked out by hand: taking the last piece wins in one ply; a side without a
//! legal move has lost.

use crate::common::boardlab;
use predicates::prelude::*;

#[test]
fn taking_the_last_piece_is_a_win_in_one_ply_on_every_landing() {
    let output = boardlab()
        .args(["draughts", "moves", "W:WKa1:Bc3", "--values"])
        .args(["--endgames", "memory:3"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(output).unwrap();
    for landing in ["d4", "e5", "f6", "g7", "h8"] {
        assert!(
            text.contains(&format!("a1:{landing}  takes c3  win in 1 ply")),
            "{text}"
        );
    }
    assert!(
        text.contains("value for the side to move: win in 1 ply (endgame database memory:3)"),
        "{text}"
    );
}

#[test]
fn a_side_without_a_move_has_lost_and_five_pieces_are_outside() {
    boardlab()
        .args(["draughts", "moves", "W:Wa1:Bb2,c3", "--values"])
        .args(["--endgames", "memory:3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("0 legal moves"))
        .stdout(predicate::str::contains(
            "value for the side to move: loss in 0 plies",
        ));
    boardlab()
        .args(["draughts", "moves", "W:Wa1,c3,e3:Bf6,h8", "--values"])
        .env("BOARDLAB_ENDGAMES", "memory:2")
        .assert()
        .success()
        .stdout(predicate::str::contains("c3-d4  outside the database"))
        .stdout(predicate::str::contains(
            "value for the side to move: outside the database (endgame database memory:2)",
        ));
}

/// English checkers through `--json`: the short king's only move jumps b2, landing on c3,
/// and leaves Black without a piece: a win in one ply, for the move and the position.
#[test]
fn values_come_as_json_too() {
    let output = boardlab()
        .args(["draughts", "moves", "W:WKa1:Bb2", "--rules", "english"])
        .args(["--values", "--endgames", "memory:2", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let report: serde_json::Value = serde_json::from_slice(&output).unwrap();
    assert_eq!(
        report["endgame"],
        serde_json::json!({"value": "win", "plies": 1})
    );
    assert_eq!(report["moves"][0]["move"], "a1:c3");
    assert_eq!(
        report["moves"][0]["endgame"],
        serde_json::json!({"value": "win", "plies": 1})
    );
    assert_eq!(report["moves"].as_array().unwrap().len(), 1);
}

#[test]
fn a_missing_database_and_other_rules_are_one_line_errors() {
    let folder = tempfile::tempdir().unwrap();
    let cases: [(&[&str], &str); 5] = [
        (&["--values"], "endgames: no czech endgame database there"),
        (
            &["--values", "--endgames", "memory:9"],
            "memory:N takes N from 1 to 4",
        ),
        (&["--endgames", "memory:3"], "--values"),
        (&["--values", "--rules", "damebot"], "czech and english"),
        (
            &["--values", "--rules", "international"],
            "czech and english",
        ),
    ];
    for (extra, expected) in cases {
        let mut command = boardlab();
        command
            .current_dir(folder.path())
            .env_remove("BOARDLAB_ENDGAMES")
            .args(["draughts", "moves", "W:WKa1:Bc3"])
            .args(extra);
        let message = refused(command);
        assert!(message.contains(expected), "{extra:?}: {message}");
        assert_eq!(
            message.trim_end().lines().count(),
            1,
            "{extra:?}: {message}"
        );
    }
}

/// perfect:2 plays seeded games (alphabeta:2 until the pieces are few), and needs its
/// database: a folder without one stops the games with a one-line error.
#[test]
fn the_perfect_player_plays_games_and_needs_its_database() {
    boardlab()
        .args(["draughts", "games", "perfect:2", "random", "--games", "2"])
        .env("BOARDLAB_ENDGAMES", "memory:3")
        .assert()
        .success();
    boardlab()
        .args(["draughts", "games", "perfect:2", "random", "--games", "1"])
        .env("BOARDLAB_ENDGAMES", "no-such-folder")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "no-such-folder: no czech endgame database there",
        ));
}

/// A damaged database is named by its file, in the command line's words: no spec key.
#[test]
fn a_damaged_database_stops_the_games_naming_its_file() {
    let dir = tempfile::tempdir().unwrap();
    crate::common::build_czech_endgames(dir.path());
    let damaged = dir.path().join("czech/0m2k-0m1k.egdb");
    let mut bytes = std::fs::read(&damaged).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0xFF;
    std::fs::write(&damaged, bytes).unwrap();
    let mut command = boardlab();
    command
        .args(["draughts", "games", "perfect:2", "random", "--games", "1"])
        .env("BOARDLAB_ENDGAMES", dir.path());
    let message = refused(command);
    assert!(message.contains("0m2k-0m1k.egdb"), "{message}");
    assert!(!message.contains("key `"), "{message}");
    assert_eq!(message.trim_end().lines().count(), 1, "{message}");
}

/// The standard error of `command`, which must exit with status 2.
fn refused(mut command: assert_cmd::Command) -> String {
    let output = command.assert().code(2).get_output().stderr.clone();
    String::from_utf8(output).unwrap()
}
