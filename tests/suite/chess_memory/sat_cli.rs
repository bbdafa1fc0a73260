//! End-to-end tests of `boardlab sat`: outputs, exit codes, files and error messages.

use crate::common::boardlab;
use predicates::prelude::*;

fn stdout_of(args: &[&str]) -> String {
    let output = boardlab().args(args).output().unwrap();
    String::from_utf8(output.stdout).unwrap()
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("boardlab-sat-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn cnf_maps_variables_and_counts_its_clauses() {
    let text = stdout_of(&["sat", "cnf", "--board-size", "4", "--order", "queue:RR"]);
    assert!(text.starts_with(
        "c boardlab chess-memory sat cnf\nc instance 4×4, pairs R2 (empty squares allowed)\n"
    ));
    assert!(
        text.contains("\nc var 49 R A1\n"),
        "R is symbol 3: 3·16 + 1"
    );
    let header = text.lines().find(|l| l.starts_with("p cnf ")).unwrap();
    let clauses: usize = header.split(' ').nth(3).unwrap().parse().unwrap();
    let lines = text
        .lines()
        .filter(|l| !l.starts_with('c') && !l.starts_with('p'));
    assert_eq!(lines.count(), clauses);
}

#[test]
fn solve_prints_a_board_that_check_accepts() {
    let text = stdout_of(&["sat", "solve", "--seed", "2", "--json", "--format", "fen"]);
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["outcome"], "solved");
    assert!(json["lemmas"].as_u64().is_some());
    let board = json["board"].as_str().unwrap().to_string();
    boardlab()
        .args(["check", &board])
        .assert()
        .success()
        .stdout("valid\n");
}

#[test]
fn solve_reports_an_unsatisfiable_instance_with_exit_1() {
    boardlab()
        .args([
            "sat",
            "solve",
            "--order",
            "queue:QQQQQ",
            "--board-size",
            "4",
        ])
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("no valid board: 4×4, pairs Q5"));
}

#[test]
fn count_gives_boards_and_classes_and_refuses_past_the_limit() {
    // 48 = 16 squares · 6 rook-attacked squares / 2; the 8 classes are worked out in
    // src/chess_memory/sat/count.rs.
    boardlab()
        .args([
            "sat",
            "count",
            "--order",
            "queue:R",
            "--board-size",
            "4",
            "--up-to-symmetry",
        ])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("48 valid boards in 8 classes"));
    // 216 boards: within the estimate's margin of --limit 100, so counting starts and stops
    // past the limit.
    let output = boardlab()
        .args([
            "sat",
            "count",
            "--order",
            "queue:RR",
            "--board-size",
            "4",
            "--limit",
            "100",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("error: more than 100 valid boards"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

#[test]
fn count_refuses_an_instance_far_over_the_limit_before_counting() {
    // 11,880 boards, estimated before any solver call: refused at once.
    let output = boardlab()
        .args([
            "sat",
            "count",
            "--order",
            "queue:RRrr",
            "--board-size",
            "4",
            "--limit",
            "10",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.starts_with("error: 4×4"), "{stderr}");
    assert!(stderr.contains("valid boards (estimated from"), "{stderr}");
    assert!(stderr.contains("over --limit 10"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    // The seed's instance has astronomically many boards; counting them would run until
    // the limit (minutes). It is refused within seconds, from the instance alone.
    let started = std::time::Instant::now();
    boardlab()
        .args(["sat", "count"])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is too large to count"))
        .stderr(predicate::function(|s: &str| s.lines().count() == 1));
    assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
}

#[test]
fn extend_answers_yes_or_no_and_writes_a_proof_only_for_no() {
    let dir = temp_dir("extend");
    let proof = dir.join("no.drat");
    let proof_arg = proof.to_str().unwrap();
    let base = ["sat", "extend", "--board-size", "4", "--order", "queue:RR"];
    boardlab()
        .args(base)
        .args(["4/4/4/RRR1", "--proof", proof_arg])
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("no: no valid board"));
    assert!(proof.is_file());
    assert!(!dir.join("no.drat.tmp").exists());

    let unused = dir.join("yes.drat");
    boardlab()
        .args(base)
        .args(["4/4/4/R3", "--proof", unused.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("yes: a completion"));
    assert!(!unused.exists() && !dir.join("yes.drat.tmp").exists());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn extend_names_a_size_mismatch_in_one_line() {
    boardlab()
        .args(["sat", "extend", "4/4/4/R3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the partial board is 4×4 but the instance is 8×8",
        ))
        .stderr(predicate::function(|s: &str| s.lines().count() == 1));
}

#[test]
fn mistakes_writes_a_deterministic_csv() {
    let args = [
        "sat",
        "mistakes",
        "--order",
        "QNBR,RBNQ",
        "--board-size",
        "6",
        "--draws",
        "3",
        "--quiet",
    ];
    let first = stdout_of(&args);
    assert_eq!(first, stdout_of(&args));
    let mut lines = first.lines();
    let header = lines.next().unwrap();
    assert!(header.starts_with("order,pairs,index,outcome,iterations,mistake_step"));
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 6);
    for row in rows {
        assert_eq!(row.split(',').count(), header.split(',').count(), "{row}");
    }

    let dir = temp_dir("mistakes");
    let csv = dir.join("m.csv");
    let summary = dir.join("m.json");
    boardlab()
        .args(args)
        .args([
            "--out",
            csv.to_str().unwrap(),
            "--summary",
            summary.to_str().unwrap(),
        ])
        .assert()
        .success();
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), first);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&summary).unwrap()).unwrap();
    assert_eq!(json["histograms"][1]["order"], "RBNQ");
    std::fs::remove_dir_all(dir).unwrap();
}
