//! Draughts matches in the experiment harness, end to end: a small spec runs to a complete
//! folder with the draughts report section, its `draws.csv` is the same at 1 and 2 threads,
//! every game in it replays legally through the simple oracle generator of
//! `common/draughts_oracle.rs` and ends as its row says, games 2k and 2k+1 share their
//! random opening, and bad bot names are one-line errors.

use crate::common::draughts_oracle as oracle;

use crate::common::boardlab;
use oracle::OracleBoard;
use std::path::Path;

const SPEC: &str = r#"
puzzle = "draughts"
name = "draughts-small"
seed = 7
games = 6
players = ["random", "damebot", "alphabeta:2", "mcts:20", "damebot:-edge", "damebot:article"]
opening-plies = 2
"#;

const START: &str = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";

fn run(spec: &Path, out: &Path, threads: &str) -> Vec<u8> {
    boardlab()
        .arg("run")
        .arg(spec)
        .args(["--threads", threads, "-q", "--out"])
        .arg(out)
        .assert()
        .success();
    std::fs::read(out.join("draws.csv")).unwrap()
}

/// Replays one row's moves through the oracle; returns the moves.
fn replay_row(line: &str) -> Vec<String> {
    let fields: Vec<&str> = line.splitn(7, ',').collect();
    let [_, game, _, _, result, plies, moves] = fields[..] else {
        panic!("not a game row: {line}");
    };
    let moves: Vec<String> = moves.split(' ').map(String::from).collect();
    assert_eq!(moves.len().to_string(), plies, "{line}");
    let mut board = OracleBoard::from_fen(START);
    for text in &moves {
        let listed = board.moves(false);
        let mv = listed
            .iter()
            .find(|m| &m.text() == text)
            .unwrap_or_else(|| panic!("game {game}: {text} is illegal in {}", board.to_fen()));
        board = board.play(mv);
    }
    let stuck = board.moves(false).is_empty();
    match result {
        // The side to move at the end has lost: White moves at even plies.
        "1-0" => assert!(stuck && !board.white_to_move, "game {game}: {line}"),
        "0-1" => assert!(stuck && board.white_to_move, "game {game}: {line}"),
        "1/2" => assert!(!stuck, "game {game}: a draw where a side cannot move"),
        other => panic!("game {game}: result {other}"),
    }
    moves
}

#[test]
fn a_small_match_runs_the_same_at_one_and_two_threads_and_every_game_is_legal() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("small.toml");
    std::fs::write(&spec, SPEC).unwrap();
    let one = run(&spec, &dir.path().join("one"), "1");
    let two = run(&spec, &dir.path().join("two"), "2");
    assert_eq!(one, two, "draws.csv differs between 1 and 2 threads");
    let text = String::from_utf8(one).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("pairing,game,first,second,result,plies,moves")
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 15 * 6, "fifteen pairings of six games");
    let games: Vec<Vec<String>> = rows.iter().map(|line| replay_row(line)).collect();
    for pair in games.chunks(2) {
        assert_eq!(
            pair[0][..2],
            pair[1][..2],
            "games 2k, 2k+1 share the opening"
        );
    }
    let report = std::fs::read_to_string(dir.path().join("one/REPORT.md")).unwrap();
    assert!(report.contains("### How strong is Damebot"), "{report}");
    assert!(
        report.contains("### What each of Damebot's flags is worth"),
        "{report}"
    );
    assert!(report.contains("| `edge` | 4 | "), "{report}");
    assert!(
        report.contains("### What reading the article's prose missed"),
        "{report}"
    );
    let lengths = std::fs::read_to_string(dir.path().join("one/lengths.csv")).unwrap();
    assert!(
        lengths.lines().last().unwrap().starts_with("all,90,"),
        "{lengths}"
    );
}

#[test]
fn a_bad_bot_name_is_a_one_line_error() {
    let dir = tempfile::tempdir().unwrap();
    for (bad, named) in [
        ("minimax:3", "minimax:3"),
        ("alphabeta:0", "alphabeta:0"),
        ("mcts:x", "mcts:x"),
    ] {
        let spec = dir.path().join("bad.toml");
        std::fs::write(&spec, SPEC.replace("\"mcts:20\"", &format!("\"{bad}\""))).unwrap();
        let output = boardlab()
            .arg("run")
            .arg(&spec)
            .args(["-q", "--out"])
            .arg(dir.path().join("out"))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains("players") && stderr.contains(named),
            "{stderr}"
        );
    }
}
