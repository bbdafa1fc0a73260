//! End-to-end tests of the `boardlab` command line: outputs, exit codes and error messages.

use crate::common::boardlab;
use predicates::prelude::*;

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

#[test]
fn draw_exits_1_when_it_ends_without_a_board() {
    boardlab()
        .args(["draw", "--cap", "100"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("censored: 100 iterations"));
    // Five white queen pairs do not fit on 4×4: the complete search runs out of choices.
    boardlab()
        .args([
            "draw",
            "--order",
            "queue:QQQQQ",
            "--board-size",
            "4",
            "--algorithm",
            "dfs",
        ])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("exhausted:"));
    boardlab().args(["draw"]).assert().code(0);
}

#[test]
fn an_order_that_is_no_type_order_is_refused_with_a_hint() {
    for (order, hint) in [
        ("QQBR", "for a queue of 4 pairs write queue:QQBR"),
        ("qnbr", "for a queue of 4 pairs write queue:qnbr"),
        ("QQQQQ", "has 5 pairs but a full 8×8 board takes 32"),
    ] {
        boardlab()
            .args(["draw", "--order", order])
            .assert()
            .code(2)
            .stderr(
                predicate::str::contains("not a type order").or(predicate::str::contains(
                    "for a queue that leaves squares empty write queue:QQQQQ",
                )),
            )
            .stderr(predicate::str::contains(hint))
            .stderr(predicate::function(|s: &str| s.lines().count() == 1));
    }
    // Asked for explicitly, a short queue is taken as it is: 4 pairs, not the type order.
    let output = boardlab()
        .args(["draw", "--order", "queue:QNBR", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json = json_of(&output.stdout);
    assert_eq!(json["queue"], "QNBR");
    // A full queue needs no prefix.
    boardlab()
        .args(["draw", "--order", "QQQQqqqqNNNNnnnnBBBBbbbbRRRRrrrr"])
        .assert()
        .success();
}

/// `git describe --always --dirty` of this checkout without the `-dirty` mark, if git works.
fn checkout_commit() -> Option<String> {
    let output = std::process::Command::new("git")
        .args(["-C", env!("CARGO_MANIFEST_DIR"), "describe", "--always"])
        .output()
        .ok()
        .filter(|o| o.status.success())?;
    Some(String::from_utf8(output.stdout).ok()?.trim().to_string())
}

#[test]
fn version_and_manifests_name_the_commit_the_binary_was_built_from() {
    let version = boardlab().arg("--version").output().unwrap();
    assert!(version.status.success());
    let version = String::from_utf8(version.stdout).unwrap();
    let built = version
        .trim()
        .strip_prefix(concat!("boardlab ", env!("CARGO_PKG_VERSION"), " ("))
        .and_then(|rest| rest.strip_suffix(')'))
        .unwrap_or_else(|| panic!("{version}"))
        .to_string();
    match checkout_commit() {
        Some(commit) => assert_eq!(built.trim_end_matches("-dirty"), commit),
        None => assert_eq!(built, "unknown"),
    }
    // A run started from another directory records the same commit, not that directory's.
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("s.toml");
    std::fs::write(
        &spec,
        "name = \"v\"\norderings = [\"QNBR\"]\ndraws = 2\ncap = 1000000\nseed = 1\n",
    )
    .unwrap();
    boardlab()
        .current_dir(dir.path())
        .args(["run", "s.toml", "--out", "out", "--quiet"])
        .assert()
        .success();
    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("out/manifest.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(manifest["git_describe"], built.as_str());
}

/// Runs a one-series experiment of `draws` draws into `dir/name` and returns the folder.
fn small_run(dir: &std::path::Path, name: &str, size: u32, seed: u64) -> std::path::PathBuf {
    let spec = dir.join(format!("{name}.toml"));
    std::fs::write(
        &spec,
        format!(
            "name = \"{name}\"\norderings = [\"QNBR\", \"NQBR\"]\nboard-size = {size}\ndraws = 40\ncap = 20000\nseed = {seed}\n"
        ),
    )
    .unwrap();
    let out = dir.join(name);
    let output = boardlab()
        .arg("run")
        .arg(&spec)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let last = stdout.lines().last().unwrap();
    // Forty draws at a cap of 20,000 need not tell two orders apart: the headline names a
    // best, the tie, or that no median lies below the cap.
    assert!(
        ["best: ", "no single best: ", "no best: "]
            .iter()
            .any(|start| last.starts_with(start)),
        "{stdout}"
    );
    assert!(last.contains(" (of 2 series"), "{stdout}");
    out
}

#[test]
fn show_ranks_a_folder_and_compare_tells_agreeing_from_differing_folders() {
    let dir = tempfile::tempdir().unwrap();
    let a = small_run(dir.path(), "a", 8, 1);
    let b = small_run(dir.path(), "b", 8, 2);
    let small = small_run(dir.path(), "small", 6, 1);

    let shown = boardlab().arg("show").arg(&a).output().unwrap();
    assert!(shown.status.success());
    let shown = String::from_utf8(shown.stdout).unwrap();
    let lines: Vec<&str> = shown.lines().collect();
    assert!(
        lines[0].ends_with(": 2 series, 80 draws, cap 20,000"),
        "{shown}"
    );
    assert!(lines[1].starts_with("rank  series"), "{shown}");
    assert_eq!(lines.len(), 4, "{shown}");
    assert!(lines.iter().all(|l| l.chars().count() <= 80), "{shown}");

    // The same data, and the same spec with another seed, agree.
    boardlab()
        .arg("compare")
        .arg(&a)
        .arg(&a)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("agree: the same data: 80 rows"));
    boardlab()
        .arg("compare")
        .arg(&a)
        .arg(&b)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("agree: no series differs"));
    // A 6×6 board needs far fewer iterations than 8×8: every series differs.
    boardlab()
        .arg("compare")
        .arg(&a)
        .arg(&small)
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "differ: 2 of 2 common series differ",
        ));
    boardlab()
        .arg("compare")
        .arg(&a)
        .arg(dir.path().join("missing"))
        .assert()
        .code(2);
}

#[test]
fn completions_out_creates_its_folder_and_names_the_script_as_each_shell_looks_it_up() {
    let dir = tempfile::tempdir().unwrap();
    for (shell, name) in [
        ("bash", "boardlab"),
        ("zsh", "_boardlab"),
        ("fish", "boardlab.fish"),
    ] {
        let folder = dir.path().join(shell).join("not/yet/made");
        boardlab()
            .args(["completions", shell, "--out"])
            .arg(&folder)
            .assert()
            .success()
            .stdout("");
        let printed = boardlab().args(["completions", shell]).output().unwrap();
        assert_eq!(
            std::fs::read(folder.join(name)).unwrap(),
            printed.stdout,
            "{shell}"
        );
    }
}

#[test]
fn completions_and_the_manual_come_from_the_definitions() {
    for (shell, marker) in [
        ("bash", "_boardlab()"),
        ("zsh", "#compdef boardlab"),
        ("fish", "complete -c boardlab"),
    ] {
        let output = boardlab().args(["completions", shell]).output().unwrap();
        assert!(output.status.success(), "{shell}");
        let script = String::from_utf8(output.stdout).unwrap();
        assert!(script.contains(marker), "{shell}");
        assert!(script.contains("board-size"), "{shell}");
    }
    let page = boardlab().arg("man").output().unwrap();
    assert!(page.status.success());
    let page = String::from_utf8(page.stdout).unwrap();
    assert!(
        page.starts_with(".ie") || page.contains(".TH boardlab"),
        "{page}"
    );
    let dir = tempfile::tempdir().unwrap();
    boardlab()
        .args(["man", "--out"])
        .arg(dir.path())
        .assert()
        .success();
    for page in [
        "boardlab.1",
        "boardlab-chess-memory-sat-count.1",
        "boardlab-knights-tour-count.1",
        "boardlab-draughts-perft.1",
        "boardlab-fifteen-games.1",
        "boardlab-compare.1",
    ] {
        assert!(dir.path().join(page).is_file(), "{page}");
    }
}

#[test]
fn help_examples_make_no_false_claims() {
    let draw = boardlab().args(["draw", "--help"]).output().unwrap();
    let draw = String::from_utf8(draw.stdout).unwrap();
    // mrv with luby:512 took 98 million iterations where the seed's search took 49 thousand.
    assert!(!draw.contains("luby:512"), "{draw}");
    assert!(
        draw.contains("--algorithm fc --restart fixed:300"),
        "{draw}"
    );
    let plot = boardlab().args(["plot", "--help"]).output().unwrap();
    let plot = String::from_utf8(plot.stdout).unwrap();
    assert!(plot.contains("boardlab plot results/orderings"), "{plot}");
    assert!(!plot.contains("boardlab report"), "{plot}");
}

#[test]
fn old_option_spellings_still_work() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("f.cnf");
    boardlab()
        .args([
            "sat", "cnf", "--size", "4", "--order", "queue:RR", "--output",
        ])
        .arg(&file)
        .assert()
        .success();
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .starts_with("c boardlab chess-memory sat cnf")
    );
}
