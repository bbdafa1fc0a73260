//! End-to-end tests of the `boardlab` command line: outputs, exit codes and error messages.

use assert_cmd::Command;
use predicates::prelude::*;

fn boardlab() -> Command {
    Command::cargo_bin("boardlab").unwrap()
}

/// The first row of the seed's replay vectors (tests/data/, a copy of
/// ../shared/reference/seed-replay-vectors.csv).
fn first_vector_row() -> Vec<String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/seed-replay-vectors.csv"
    );
    let csv = std::fs::read_to_string(path).unwrap();
    csv.lines()
        .nth(1)
        .unwrap()
        .split(',')
        .map(str::to_string)
        .collect()
}

fn json_of(output: &[u8]) -> serde_json::Value {
    serde_json::from_slice(output).expect("stdout is one JSON object")
}

#[test]
fn draw_replays_the_first_reference_vector_as_json() {
    let row = first_vector_row();
    let output = boardlab()
        .args([
            "draw",
            "--seed",
            "1",
            "--rng",
            "mulberry32",
            "--format",
            "seed",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json = json_of(&output.stdout);
    assert_eq!(json["board"], row[3].as_str());
    assert_eq!(json["outcome"], "solved");
    for (field, column) in [
        ("iterations", 4),
        ("step_backs", 5),
        ("retries", 6),
        ("random_calls", 7),
    ] {
        assert_eq!(json[field].to_string(), row[column], "{field}");
    }
}

#[test]
fn default_draw_prints_a_grid_that_check_accepts() {
    let output = boardlab().args(["draw", "--seed", "3"]).output().unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("solved:"), "{text}");
    let grid: String = text.lines().take(9).map(|l| format!("{l}\n")).collect();
    boardlab()
        .args(["check", "-"])
        .write_stdin(grid)
        .assert()
        .success()
        .stdout("valid\n");
}

#[test]
fn the_same_seed_gives_the_same_board_and_another_index_another() {
    let run = |index: &str| {
        boardlab()
            .args([
                "draw", "--seed", "5", "--index", index, "--format", "fen", "--json",
            ])
            .output()
            .unwrap()
            .stdout
    };
    assert_eq!(run("0"), run("0"));
    assert_ne!(json_of(&run("0"))["board"], json_of(&run("1"))["board"]);
}

#[test]
fn draw_with_a_cap_reports_censored() {
    let output = boardlab()
        .args(["draw", "--cap", "50", "--json"])
        .output()
        .unwrap();
    let json = json_of(&output.stdout);
    assert_eq!(json["outcome"], "censored");
    assert_eq!(json["iterations"], 50);
}

#[test]
fn check_reports_violations_with_exit_1() {
    boardlab()
        .args(["check", "4/QQQ1/4/N3"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "invalid: 4 pieces break the pairing rule",
        ))
        .stdout(predicate::str::contains("A1 N: attacks no other N"));
}

#[test]
fn check_refuses_text_that_is_not_a_board_with_exit_2() {
    for (text, message) in [
        ("", "empty"),
        ("hello", "is not a board"),
        ("QQ/QQ", "has 2 ranks"),
        ("9/9/9/9/9/9/9/9/9", "has 9 ranks"),
        ("QQQQ/QQQQ/QQQQ/QQQX", "unknown character 'X'"),
    ] {
        boardlab()
            .args(["check", text])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(message))
            .stderr(predicate::function(|s: &str| s.lines().count() == 1));
    }
}

#[test]
fn bad_orders_and_options_get_one_line_errors() {
    for (args, message) in [
        (
            vec!["draw", "--order", "QNBX"],
            "unknown character 'X' at position 4",
        ),
        (vec!["draw", "--order", ""], "the order is empty"),
        (
            vec!["draw", "--order", &"q".repeat(33)],
            "33 pairs (66 pieces)",
        ),
        (vec!["draw", "--size", "9"], "board size 9 is not supported"),
        (
            vec!["draw", "--size", "6", "--rng", "mulberry32"],
            "replays the original 8×8 program",
        ),
        (
            vec!["draw", "--rng", "mulberry32", "--seed", "4294967296"],
            "32-bit state",
        ),
        (
            vec!["bench", "--order", "QQQQQQQQQQ", "--size", "4"],
            "use at most 8 letters",
        ),
    ] {
        boardlab()
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::starts_with("error: "))
            .stderr(predicate::str::contains(message))
            .stderr(predicate::function(|s: &str| s.lines().count() == 1));
    }
}

#[test]
fn bench_prints_throughput_json() {
    let output = boardlab()
        .args([
            "bench",
            "--draws",
            "20",
            "--threads",
            "1",
            "--order",
            "QNBR",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json = json_of(&output.stdout);
    assert_eq!(json["draws"], 20);
    assert_eq!(json["solved"], 20);
    for field in [
        "iterations",
        "seconds",
        "draws_per_sec",
        "iterations_per_sec",
    ] {
        assert!(json[field].as_f64().unwrap() > 0.0, "{field}: {json}");
    }
}

#[test]
fn help_explains_every_command() {
    boardlab()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("draw"))
        .stdout(predicate::str::contains("check"))
        .stdout(predicate::str::contains("bench"));
}
