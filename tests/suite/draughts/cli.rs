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
    // The published perft(9), 3,963,671 (tests/data/draughts.perft), through a small table.
    boardlab()
        .args(["draughts", "perft", "--depth", "9", "--hash", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("perft(9) = 3963671"));
}

#[test]
fn moves_shows_a_bot_s_scores_and_the_set_it_picks_from_as_json() {
    let output = boardlab()
        .args([
            "draughts",
            "moves",
            "W:Wc3,e3:Bd4,f6",
            "--bot",
            "damebot",
            "--json",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let report: serde_json::Value = serde_json::from_slice(&output).unwrap();
    assert_eq!(report["position"], "W:Wc3,e3:Bd4,f6");
    assert_eq!(report["bot"], "damebot");
    // c3 takes two men (weight 2), e3 one: both escape a threat (16); the heavier wins.
    assert_eq!(report["moves"][0]["move"], "c3:e5:g7");
    assert_eq!(
        report["moves"][0]["captured"],
        serde_json::json!(["d4", "f6"])
    );
    assert_eq!(
        report["moves"][0]["score"],
        serde_json::json!({"flags": 16, "weight": 2})
    );
    assert_eq!(report["best"], serde_json::json!(["c3:e5:g7"]));
    // alphabeta prints each move's score and the move it plays.
    boardlab()
        .args(["draughts", "moves", "W:Wa5,c5:Ba7", "--bot", "alphabeta:3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("a5-b6  score 999999  *"))
        .stdout(predicate::str::contains(
            "alphabeta:3 picks from (*): a5-b6",
        ));
}

#[test]
fn moves_under_the_original_s_rules_let_a_king_stop_where_czech_rules_go_on() {
    // After taking c3, the king may land on d4, e5 or f6; from e5 it can take f4 (Czech: it
    // must land there), but the original lets it stop on d4 or f6 too.
    let czech = boardlab()
        .args(["draughts", "moves", "W:WKa1:Bc3,f4"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let original = boardlab()
        .args(["draughts", "moves", "W:WKa1:Bc3,f4", "--rules", "damebot"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let czech = String::from_utf8(czech).unwrap();
    let original = String::from_utf8(original).unwrap();
    assert!(
        czech.contains("2 legal moves") && !czech.contains("a1:d4\n"),
        "{czech}"
    );
    assert!(original.contains("a1:d4  takes c3"), "{original}");
    assert!(original.contains("a1:e5:g3  takes c3,f4"), "{original}");
}

#[test]
fn games_are_the_games_of_the_same_pairing_in_a_run() {
    let folder = tempfile::tempdir().unwrap();
    let spec = folder.path().join("pairing.toml");
    std::fs::write(
        &spec,
        "puzzle = \"draughts\"\nname = \"pairing\"\nseed = 5\ngames = 4\n\
         players = [\"damebot\", \"alphabeta:1\"]\nopening-plies = 2\n",
    )
    .unwrap();
    let out = folder.path().join("out");
    boardlab()
        .arg("run")
        .arg(&spec)
        .args(["-q", "--threads", "1", "--out"])
        .arg(&out)
        .assert()
        .success();
    let run_rows = std::fs::read_to_string(out.join("draws.csv")).unwrap();
    let output = boardlab()
        .args([
            "draughts",
            "games",
            "damebot",
            "alphabeta:1",
            "--games",
            "4",
        ])
        .args(["--seed", "5", "--opening-plies", "2"])
        .assert()
        .success()
        .stderr(
            predicate::str::contains("damebot ")
                .and(predicate::str::contains(" alphabeta:1 (czech rules)")),
        )
        .get_output()
        .stdout
        .clone();
    assert_eq!(String::from_utf8(output).unwrap(), run_rows);
}

/// Runs `draughts play` with `args`, typing `input`; returns what it printed.
fn play(args: &[&str], input: &str) -> String {
    let output = boardlab()
        .args(["draughts", "play", "--ascii"])
        .args(args)
        .write_stdin(input)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(output).unwrap()
}

#[test]
fn play_takes_moves_refuses_illegal_ones_and_undoes() {
    let transcript = play(
        &["--against", "damebot", "--seed", "3"],
        "c3-e5\nc3-d4\nundo\nmoves\nhint\nresign\n",
    );
    assert!(transcript.starts_with("You play White against damebot (czech rules)."));
    assert!(
        transcript.contains(
            "move `c3-e5` is not legal in this position; the legal moves are a3-b4, c3-b4, \
             c3-d4, e3-d4, e3-f4, g3-f4, g3-h4."
        ),
        "{transcript}"
    );
    // The board after c3-d4, the move marked, then the bot's reply and the undo.
    assert!(
        transcript.contains(" 4     .    [w]    .     .  4"),
        "{transcript}"
    );
    assert!(
        transcript.contains("Black (damebot) plays "),
        "{transcript}"
    );
    assert!(transcript.contains("Taken back: c3-d4, "), "{transcript}");
    assert!(
        transcript.contains("Legal moves: a3-b4, c3-b4"),
        "{transcript}"
    );
    assert!(transcript.contains("Hint: "), "{transcript}");
    assert!(
        transcript
            .trim_end()
            .ends_with("You resign: Black (damebot) wins.")
    );
}

/// The terminal speaks the same words under every rule set: the bot's move with its side and
/// name, the hint as alphabeta:6's choice, the resignation with the winner. Boards of rule
/// sets whose players number the squares show every number inside a frame, as a book's
/// diagram does (screens captured as a person at the terminal sees them).
#[test]
fn play_speaks_alike_under_every_rule_set_and_numbers_every_square() {
    for (rules, first) in [
        ("czech", "c3-d4"),
        ("russian", "c3-d4"),
        ("english", "22-18"),
        ("international", "32-28"),
        ("canadian", "43-37"),
    ] {
        let transcript = play(
            &["--rules", rules, "--against", "alphabeta:1"],
            &format!("hint\n{first}\nresign\n"),
        );
        for words in [
            "Hint: ",
            "(alphabeta:6's choice).",
            "Black (alphabeta:1) plays ",
        ] {
            assert!(transcript.contains(words), "{rules}: {words}\n{transcript}");
        }
        assert!(
            transcript
                .trim_end()
                .ends_with("You resign: Black (alphabeta:1) wins."),
            "{rules}:\n{transcript}"
        );
    }
    let english = play(&["--rules", "english"], "22-18\nresign\n");
    assert!(
        english
            .lines()
            .any(|line| line == "| 21w      [22.]      23w       24w      |"),
        "{english}"
    );
    let screen = play(&["--rules", "international"], "32-28\nresign\n");
    for row in [
        "+--------------------------------------------------+",
        "|       1b        2b        3b        4b        5b |",
        "| 26.       27.      [28w]      29.       30.      |",
        "|      31w      [32.]      33w       34w       35w |",
        "| 46w       47w       48w       49w       50w      |",
    ] {
        assert!(screen.lines().any(|line| line == row), "{row}\n{screen}");
    }
}

/// Undo restores the bot's random stream, as the page's undo does: the random bot asked again
/// after each undo answers as it did, so the game is still `draughts play --seed 8`'s. The
/// moves are written as a record before the last line.
#[test]
fn undo_restores_the_bot_s_stream_and_the_record_ends_the_game() {
    let transcript = play(
        &["--against", "random", "--seed", "8"],
        "c3-d4\nundo\nc3-d4\nundo\nc3-d4\nundo\nc3-d4\nresign\n",
    );
    let replies: Vec<&str> = transcript
        .lines()
        .filter_map(|line| line.strip_prefix("Black (random) plays "))
        .collect();
    assert_eq!(replies.len(), 4, "{transcript}");
    assert!(replies.iter().all(|r| *r == replies[0]), "{replies:?}");
    let reply = replies[0].trim_end_matches('.');
    assert!(
        transcript.trim_end().ends_with(&format!(
            "Moves: 1. c3-d4 {reply}\nYou resign: Black (random) wins."
        )),
        "{transcript}"
    );
}

#[test]
fn play_accepts_a_capture_by_its_first_squares_and_reports_the_end() {
    // White's c3 takes d4 and d6, landing on e5 and then c7: `c3:e5` names that move, the
    // only one that starts so; Black has no piece left.
    let transcript = play(
        &["--against", "random", "--fen", "W:Wc3,h2:Bd4,d6"],
        "c3:e5\n",
    );
    assert!(
        transcript.contains(" 7  .    [w]    .     .     7"),
        "{transcript}"
    );
    assert!(
        transcript.contains(" 5  .     .    [.]    .     5"),
        "{transcript}"
    );
    assert!(
        transcript
            .trim_end()
            .ends_with("White wins: Black has no legal move."),
        "{transcript}"
    );
    // The end of input leaves the game.
    let left = play(&["--against", "random"], "");
    assert!(
        left.trim_end()
            .ends_with("Input ended: game left unfinished."),
        "{left}"
    );
    // As Black the board is drawn from Black's side, and the bot opens.
    let black = play(&["--against", "damebot", "--colour", "black"], "");
    assert!(black.contains("White (damebot) plays "), "{black}");
    assert!(black.contains("    h  g  f  e  d  c  b  a "), "{black}");
}

fn fails_with(args: &[&str], message: &str) {
    let output = boardlab().args(args).assert().code(2).get_output().clone();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(message), "{stderr}");
}

#[test]
fn bad_input_is_one_line_and_exit_two() {
    let cases: [(&[&str], &str); 12] = [
        (&["moves", "W:Wa2:Bb8"], "light square"),
        (&["moves", "W:Wa1"], "three fields"),
        (
            &["perft", "-d", "2", "--fen", "W:Wa1,a1:B"],
            "a1 is given twice",
        ),
        (&["moves", "W:Wc3:Bf6", "--play", "c3-e5"], "not legal"),
        (&["moves", "W:Wc3:Bf6", "--play", "c3-d5"], "light square"),
        (
            &["moves", "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3,b4:Bh8"],
            "13 White pieces",
        ),
        (&["moves", "W:Wb8:Bh2"], "promotion rank"),
        (
            &["moves", "W:Wc3:Bf6", "--bot", "mcts:5"],
            "random playouts",
        ),
        (
            &["moves", "W:Wc3:Bf6", "--bot", "damebot:-corner"],
            "-corner",
        ),
        (&["games", "damebot", "minimax"], "unknown bot"),
        (&["play", "--against", "alphabeta:99"], "out of range"),
        (&["play", "--fen", "W:Wa1:Bh8:x"], "three fields"),
    ];
    for (args, message) in cases {
        let args: Vec<&str> = std::iter::once("draughts")
            .chain(args.iter().copied())
            .collect();
        fails_with(&args, message);
    }
}

/// A whole game at the terminal, driven through the program's standard input and output: the
/// test plays White's first legal move (in alphabetical order) at every prompt, follows the
/// bot's announced replies on its own copy of the game, and at the end checks the program's
/// verdict against that copy.
#[test]
fn play_a_scripted_game_to_its_end() {
    use boardlab::draughts::game::Draughts;
    use boardlab::draughts::terminal::ending_text;
    use boardlab::draughts::{MoveText, Rules};
    use boardlab::game::Game;
    use std::io::{BufReader, Read, Write};
    use std::process::{Command, Stdio};

    let mut child = Command::new(assert_cmd::cargo::cargo_bin("boardlab"))
        .args(["draughts", "play", "--against", "random", "--ascii"])
        .args(["--seed", "4", "--max-plies", "60"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let game = Draughts {
        rules: Rules::Czech,
        max_plies: 60,
    };
    let mut position = game.start();
    let mut legal = Vec::new();
    let play = |position: &mut _, text: &str, legal: &mut Vec<_>| {
        game.legal_moves(position, legal);
        let mv = MoveText::parse(text).unwrap().resolve(legal, text).unwrap();
        *position = game.play(position, &mv);
    };
    let mut line = Vec::new();
    let verdict = loop {
        line.clear();
        // Read up to a line break, or to the prompt, which has none.
        loop {
            let mut byte = [0u8];
            if output.read(&mut byte).unwrap() == 0 {
                panic!("the program ended without a verdict");
            }
            line.push(byte[0]);
            if byte[0] == b'\n' || line.ends_with(b"(you): ") {
                break;
            }
        }
        let text = String::from_utf8(line.clone()).unwrap();
        if text.ends_with("(you): ") {
            game.legal_moves(&position, &mut legal);
            let mut names: Vec<String> = legal.iter().map(|m| m.to_string()).collect();
            names.sort();
            writeln!(input, "{}", names[0]).unwrap();
            play(&mut position, &names[0], &mut legal);
        } else if let Some(reply) = text.strip_prefix("Black (random) plays ") {
            play(
                &mut position,
                reply.trim_end().trim_end_matches('.'),
                &mut legal,
            );
        } else if text.contains("wins") || text.starts_with("Draw") {
            break text.trim_end().to_string();
        }
    };
    drop(input);
    let mut rest = String::new();
    output.read_to_string(&mut rest).unwrap();
    assert!(child.wait().unwrap().success());
    let (result, ending) = game.ending(&position).expect("the copy's game is over too");
    assert_eq!(verdict, ending_text(result, ending, &position.board));
    assert!(position.plies >= 10, "a game of {} plies", position.plies);
    eprintln!("{verdict} after {} plies", position.plies);
}

#[test]
fn national_rule_sets_list_numbered_moves_and_count_perft() {
    boardlab()
        .args([
            "draughts",
            "moves",
            "W:W31-50:B1-20",
            "--rules",
            "international",
            "--play",
            "32-28",
            "19-23",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "\n1 legal move (international rules)",
        ))
        .stdout(predicate::str::contains("28x19  takes 23"));
    boardlab()
        .args([
            "draughts",
            "moves",
            "W:W28,K45:B23,K19",
            "--rules",
            "international",
            "--json",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(r#""move": "45x18""#))
        .stdout(predicate::str::contains(r#""captured": ["#));
    boardlab()
        .args(["draughts", "perft", "--rules", "canadian", "--depth", "4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("perft(4) = 10053  rules canadian"));
    boardlab()
        .args([
            "draughts", "perft", "--rules", "russian", "-d", "2", "--divide",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("c3-d4 7"))
        .stdout(predicate::str::contains("perft(2) = 49"));
}

#[test]
fn national_rule_sets_refuse_bad_input_in_one_line() {
    fails_with(
        &["draughts", "moves", "W:W51:B1", "--rules", "international"],
        "square 51 is not on the international board",
    );
    fails_with(
        &["draughts", "moves", "W:Wa1:Bc3", "--rules", "spanish"],
        "light square",
    );
    fails_with(
        &[
            "draughts",
            "moves",
            "W:W31-50:B1-20",
            "--rules",
            "international",
            "--play",
            "31-22",
        ],
        "not a legal move here",
    );
    fails_with(
        &[
            "draughts", "perft", "-d", "3", "--rules", "frisian", "--hash", "8",
        ],
        "--hash is offered for czech, english and damebot only",
    );
    fails_with(
        &[
            "draughts",
            "moves",
            "W:W31:B1",
            "--rules",
            "international",
            "--bot",
            "random",
        ],
        "a bot's view is offered for czech, english and damebot",
    );
    fails_with(
        &["draughts", "perft", "-d", "3", "--rules", "turkish"],
        "turkish",
    );
}

#[test]
fn national_rule_sets_play_bot_games_as_a_run_plays_them_and_at_the_terminal() {
    let output = boardlab()
        .args([
            "draughts",
            "games",
            "alphabeta:1",
            "random",
            "--rules",
            "frisian",
            "--games",
            "2",
        ])
        .assert()
        .success()
        .stderr(predicate::str::contains("(frisian rules)"))
        .get_output()
        .stdout
        .clone();
    let rows = String::from_utf8(output).unwrap();
    assert!(
        rows.starts_with("pairing,game,first,second,result,plies,moves\n"),
        "{rows}"
    );
    assert_eq!(rows.lines().count(), 3, "{rows}");
    let transcript = play(
        &[
            "--rules",
            "international",
            "--against",
            "random",
            "--seed",
            "2",
        ],
        "32-29\n32-28\nundo\nmoves\nresign\n",
    );
    assert!(
        transcript.starts_with("You play White against random (international rules)."),
        "{transcript}"
    );
    assert!(
        transcript.contains("`32-29` is not a legal move here"),
        "{transcript}"
    );
    // The numbered board: every square shows its number, the moved man is marked.
    assert!(
        transcript.contains("| 26.       27.      [28w]      29.       30.      |"),
        "{transcript}"
    );
    assert!(
        transcript.contains("Legal moves: 31-26, 31-27, 32-27, 32-28"),
        "{transcript}"
    );
    fails_with(
        &[
            "draughts",
            "play",
            "--rules",
            "thai",
            "--against",
            "damebot",
        ],
        "plays only the rules the original Damebot knows",
    );
    fails_with(
        &["draughts", "games", "random", "damebot", "--rules", "pool"],
        "plays only the rules the original Damebot knows",
    );
}

#[test]
fn replay_counts_one_game_and_two_games() {
    let one = "1. c3-d4 f6-e5 *\n";
    boardlab()
        .args(["draughts", "replay", "-", "--rules", "czech"])
        .write_stdin(one)
        .assert()
        .success()
        .stdout(predicate::str::contains("1 move (2 plies), result *"))
        .stdout(predicate::str::ends_with("\n1 game, every move legal\n"));
    boardlab()
        .args(["draughts", "replay", "-", "--rules", "czech"])
        .write_stdin(format!("{one}\n{one}"))
        .assert()
        .success()
        .stdout(predicate::str::ends_with("\n2 games, every move legal\n"));
}

#[test]
fn the_default_opponent_plays_every_rule_set() {
    // Damebot where the original's rules are played, alphabeta:4 under every other set.
    for (rules, opponent, first) in [
        ("czech", "damebot", "c3-d4"),
        ("english", "alphabeta:4", "9-13"),
        ("international", "alphabeta:4", "32-28"),
        ("frisian", "alphabeta:4", "32-28"),
    ] {
        let out = play(&["--rules", rules], &format!("{first}\n"));
        assert!(
            out.contains(&format!("against {opponent} ({rules} rules)")),
            "{rules}: {out}"
        );
    }
}
