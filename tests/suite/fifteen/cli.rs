//! End-to-end tests of `boardlab fifteen`: solve, analyze, bench and terminal play fed on stdin.

use assert_cmd::Command;
use predicates::prelude::*;

fn fifteen() -> Command {
    let mut command = Command::cargo_bin("boardlab").unwrap();
    command.arg("fifteen");
    command
}

fn json_of(output: &[u8]) -> serde_json::Value {
    serde_json::from_slice(output).expect("stdout is JSON")
}

#[test]
fn solve_prints_the_value_and_counts() {
    fifteen()
        .arg("solve")
        .assert()
        .success()
        .stdout(predicate::str::contains("a draw under perfect play"))
        .stdout(predicate::str::contains(
            "games: 255168 (131184 first-player wins, 77904 second-player wins, 46080 draws)",
        ))
        .stdout(predicate::str::contains(
            "reachable positions: 5478 (765 up to",
        ));
    let output = fifteen()
        .args(["solve", "--variant", "odd-even", "--json"])
        .output()
        .unwrap();
    let facts = json_of(&output.stdout);
    assert_eq!(facts["value"], "second");
    assert_eq!(facts["games"]["total"], 768);
}

#[test]
fn analyze_one_player_in_detail_and_all_as_json() {
    fifteen()
        .args(["analyze", "--player", "article:own"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("article:own:first\n"))
        .stdout(predicate::str::contains("throw away a win or a draw"))
        .stdout(predicate::str::contains("right:"));
    let output = fifteen().args(["analyze", "--json"]).output().unwrap();
    let all = json_of(&output.stdout);
    let names: Vec<&str> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["player"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 15);
    assert!(names.contains(&"newell-simon") && names.contains(&"article:both+wb:random"));
    let newell = &all[14];
    assert_eq!(newell["seats"][1]["worst_case"], "draw");
}

#[test]
fn unknown_players_give_one_line_naming_the_valid_ones() {
    fifteen()
        .args(["bench", "--a", "clever", "--games", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown player `clever`"))
        .stderr(predicate::str::contains("newell-simon, mcts:N"))
        .stderr(predicate::function(|s: &str| s.lines().count() == 1));
    fifteen()
        .args(["analyze", "--player", "mcts:10"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no exact move distribution"));
    fifteen()
        .args(["play", "--variant", "odd-even", "--against", "newell-simon"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("random, perfect, mcts:N"));
}

#[test]
fn bench_reports_games_per_second_and_counts() {
    let output = fifteen()
        .args([
            "bench",
            "--a",
            "perfect",
            "--b",
            "newell-simon",
            "--games",
            "500",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let report = json_of(&output.stdout);
    assert_eq!(
        report["draws"], 500,
        "perfect against Newell-Simon always draws"
    );
    assert!(report["games_per_second"].as_f64().unwrap() > 0.0);
}

#[test]
fn bench_plays_the_games_of_the_same_pairing_in_a_run() {
    let folder = tempfile::tempdir().unwrap();
    let spec = folder.path().join("pairing.toml");
    std::fs::write(
        &spec,
        "puzzle = \"fifteen-odd-even\"\nname = \"pairing\"\nseed = 5\ngames = 300\n\
         players = [\"mcts:3\", \"random\"]\n",
    )
    .unwrap();
    let out = folder.path().join("out");
    crate::common::same_bytes::run_ok(&spec, &out, &[]);
    let rows = std::fs::read_to_string(out.join("draws.csv")).unwrap();
    let count = |result: &str| rows.lines().filter(|r| r.contains(result)).count();
    let output = fifteen()
        .args(["bench", "--a", "mcts:3", "--b", "random", "--games", "300"])
        .args(["--seed", "5", "--variant", "odd-even"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let report = json_of(&output.stdout);
    let counts = [
        &report["first_wins"],
        &report["draws"],
        &report["second_wins"],
    ];
    assert_eq!(counts, [count(",1-0,"), count(",1/2,"), count(",0-1,")]);
    assert!(count(",1-0,") > 0 && count(",0-1,") > 0, "{rows}");
}

#[test]
fn play_refuses_bad_input_and_goes_on_to_a_win() {
    // The bot (article:own, deterministic) answers 5 with 8 and 1 with 4; 5, 1, 9 sum to 15.
    fifteen()
        .args(["play", "--against", "article:own"])
        .write_stdin("5\nx\n12\n5\n1\n9\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("`x` is not a number"))
        .stdout(predicate::str::contains("12 is out of range"))
        .stdout(predicate::str::contains("5 is already taken"))
        .stdout(predicate::str::contains("The bot takes 8."))
        .stdout(predicate::str::contains("you: 1 5 9"))
        .stdout(predicate::str::ends_with("You win!\n"));
}

/// The words of the terminal game, typed as a person would: `help`, `hint` (the solver's
/// values: from the start every number draws, as every first move of tic-tac-toe does),
/// `undo` (the person's number and the bot's reply), `moves`, then a win with the moves
/// written before the verdict; and `resign`.
#[test]
fn play_answers_help_hint_undo_moves_and_resign() {
    let output = fifteen()
        .args(["play", "--against", "article:own"])
        .write_stdin("undo\nhelp\nhint\n5\nundo\nmoves\n5\n1\n9\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let transcript = String::from_utf8(output).unwrap();
    let draws: Vec<String> = (1..=9).map(|n| format!("{n} draw")).collect();
    for expected in [
        "Nothing to undo yet.".to_string(),
        "undo (take back your last number), resign, help.".to_string(),
        format!("for you): {}.", draws.join(", ")),
        "Taken back: 5, 8.".to_string(),
        "Legal moves: 1, 2, 3, 4, 5, 6, 7, 8, 9".to_string(),
    ] {
        assert!(transcript.contains(&expected), "{expected}\n{transcript}");
    }
    assert!(
        transcript.ends_with("Moves: 5 8 1 4 9\nYou win!\n"),
        "{transcript}"
    );
    fifteen()
        .args(["play", "--against", "article:own"])
        .write_stdin("5\nresign\n")
        .assert()
        .success()
        .stdout(predicate::str::ends_with(
            "Moves: 5 8\nYou resign: the bot (article:own) wins.\n",
        ));
}

#[test]
fn play_ends_politely_at_the_end_of_input() {
    fifteen()
        .args([
            "play",
            "--first",
            "bot",
            "--against",
            "perfect",
            "--seed",
            "3",
        ])
        .write_stdin("")
        .assert()
        .success()
        .stdout(predicate::str::contains("The bot takes"))
        .stdout(predicate::str::contains("game left unfinished."));
    fifteen()
        .args(["play", "--variant", "odd-even", "--against", "random"])
        .write_stdin("2\n3\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "2 is not yours to place: you may place 1 3 5 7 9.",
        ));
}
