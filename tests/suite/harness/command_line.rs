//! The command line's shape: noun then verb, the older spellings kept as hidden aliases that
//! print exactly what the new ones print, `puzzles` listing every system with a spec that
//! runs, and a closed pipe that ends any command quietly.

use assert_cmd::Command;
use std::process::Stdio;

fn boardlab() -> Command {
    let mut command = Command::cargo_bin("boardlab").unwrap();
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}

fn output(args: &[&str], stdin: Option<&str>) -> std::process::Output {
    let mut command = boardlab();
    command.args(args);
    if let Some(text) = stdin {
        command.write_stdin(text);
    }
    command.output().unwrap()
}

#[test]
fn older_spellings_print_exactly_what_the_new_ones_print() {
    let board = String::from_utf8(
        output(
            &["chess-memory", "draw", "--format", "fen", "--seed", "3"],
            None,
        )
        .stdout,
    )
    .unwrap();
    let board = board.lines().next().unwrap().to_string();
    let pairs: &[(&[&str], &[&str], Option<&str>)] = &[
        (
            &["draw", "--seed", "3", "--size", "6"],
            &["chess-memory", "draw", "--seed", "3", "--board-size", "6"],
            None,
        ),
        (
            &["check", "-"],
            &["chess-memory", "check", "-"],
            Some(&board),
        ),
        (
            &["sat", "cnf", "--size", "4", "--order", "queue:RR"],
            &[
                "chess-memory",
                "sat",
                "cnf",
                "--board-size",
                "4",
                "--order",
                "queue:RR",
            ],
            None,
        ),
        (
            &["knights", "replay", "--n", "5", "--x", "1", "--y", "1"],
            &[
                "knights-tour",
                "replay",
                "--board-size",
                "5",
                "--start",
                "1,1",
            ],
            None,
        ),
        (
            &["knights", "tour", "--size", "6", "--start", "1,1"],
            &[
                "knights-tour",
                "tour",
                "--board-size",
                "6",
                "--start",
                "1,1",
            ],
            None,
        ),
    ];
    for (old, new, stdin) in pairs {
        let before = output(old, *stdin);
        let after = output(new, *stdin);
        assert!(after.status.success(), "{new:?}: {after:?}");
        assert_eq!(before.status.code(), after.status.code(), "{old:?}");
        assert_eq!(before.stdout, after.stdout, "{old:?} against {new:?}");
        assert!(!after.stdout.is_empty(), "{new:?} prints something");
    }
}

#[test]
fn the_top_level_help_names_all_four_systems_and_hides_the_old_spellings() {
    let help = String::from_utf8(output(&["--help"], None).stdout).unwrap();
    for word in [
        "chess-memory",
        "knights-tour",
        "fifteen",
        "draughts",
        "puzzles",
    ] {
        assert!(help.contains(&format!("\n  {word}")), "{word}: {help}");
    }
    for hidden in ["\n  draw ", "\n  check ", "\n  sat ", "\n  knights "] {
        assert!(!help.contains(hidden), "{hidden:?} is listed: {help}");
    }
    let manifest = include_str!("../../../Cargo.toml");
    for system in ["ChessMemory", "knight's tour", "\\\"15\\\"", "draughts"] {
        assert!(
            manifest.contains(system),
            "Cargo.toml's description names {system}"
        );
    }
}

#[test]
fn puzzles_lists_every_system_and_each_example_spec_parses_as_its_own() {
    let list = String::from_utf8(output(&["puzzles"], None).stdout).unwrap();
    for name in ["chess-memory", "knights-tour", "fifteen", "draughts"] {
        assert!(list.contains(&format!("{name}: ")), "{name}: {list}");
        let spec = output(&["puzzles", "--spec", name], None);
        assert!(spec.status.success(), "{name}");
        let text = String::from_utf8(spec.stdout).unwrap();
        assert!(
            text.contains(&format!("puzzle = \"{name}\"")),
            "{name}: {text}"
        );
    }
    let unknown = output(&["puzzles", "--spec", "sudoku"], None);
    assert_eq!(unknown.status.code(), Some(2));
    let stderr = String::from_utf8(unknown.stderr).unwrap();
    assert!(stderr.contains("unknown puzzle \"sudoku\""), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

/// Runs `args` with standard output a pipe whose reader has gone: the status and stderr.
fn with_closed_pipe(args: &[&str]) -> (Option<i32>, String) {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("boardlab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Close the reading end before the command writes: every write fails with EPIPE.
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn a_closed_pipe_ends_any_command_quietly_with_status_0() {
    for args in [
        &["show", "results/fifteen"][..],
        &["show", "results/orderings"],
        &["fifteen", "games", "random", "random", "--games", "2000"],
        &["draughts", "games", "random", "random", "--games", "20"],
        &["draughts", "perft", "--depth", "5", "--divide"],
        &["knights-tour", "count", "--board-size", "5"],
        &["chess-memory", "draw", "--format", "grid"],
        &["puzzles"],
        &["man"],
    ] {
        let (code, stderr) = with_closed_pipe(args);
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
        assert!(!stderr.contains("Broken pipe"), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn every_bench_prints_the_same_keys() {
    for args in [
        &["chess-memory", "bench", "--threads", "1", "--draws", "20"][..],
        &["knights-tour", "bench", "--board-size", "8", "--draws", "2"],
        &[
            "fifteen", "bench", "--a", "random", "--b", "random", "--games", "100",
        ],
        &["draughts", "bench", "--depth", "4"],
    ] {
        let out = output(args, None);
        assert!(out.status.success(), "{args:?}: {out:?}");
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        for key in [
            "measured",
            "unit",
            "count",
            "seconds",
            "cpu_seconds",
            "rate",
            "cpu_rate",
        ] {
            assert!(report.get(key).is_some(), "{args:?} lacks {key}: {report}");
        }
        let count = report["count"].as_u64().unwrap();
        let seconds = report["seconds"].as_f64().unwrap();
        let rate = report["rate"].as_f64().unwrap();
        assert!(count > 0 && seconds > 0.0, "{args:?}: {report}");
        assert!(
            (rate * seconds / count as f64 - 1.0).abs() < 1e-6,
            "{args:?}: {report}"
        );
    }
}

#[test]
fn run_cap_and_set_cap_make_the_same_data() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("spec.toml");
    let text =
        String::from_utf8(output(&["puzzles", "--spec", "chess-memory"], None).stdout).unwrap();
    std::fs::write(&spec, text).unwrap();
    let mut draws = Vec::new();
    for (name, option) in [("old", ["--cap", "3000"]), ("new", ["--set", "cap=3000"])] {
        let out = dir.path().join(name);
        let spec = spec.to_str().unwrap();
        let run = output(
            &[
                "run",
                spec,
                "--draws",
                "20",
                "--quiet",
                "--out",
                out.to_str().unwrap(),
                option[0],
                option[1],
            ],
            None,
        );
        assert!(run.status.success(), "{option:?}: {run:?}");
        draws.push(std::fs::read(out.join("draws.csv")).unwrap());
    }
    assert_eq!(draws[0], draws[1]);
    // The cap is in force: 20 draws of each order, none past 3,000 iterations.
    let text = String::from_utf8(draws.remove(0)).unwrap();
    assert_eq!(text.lines().count(), 41, "{text}");
    assert!(
        text.contains("censored"),
        "a cap of 3,000 censors some seed draws: {text}"
    );
}
