//! End-to-end tests of `boardlab run` and `boardlab merge`: reproducibility across threads
//! and shards, kill and Ctrl-C followed by `--resume`, and the folder-safety rules.

use crate::common::background_run;

use crate::common::boardlab;
use crate::common::same_bytes::run_ok;
use background_run::start_and_wait_for_rows;
use predicates::prelude::*;
use std::path::{Path, PathBuf};

const DATA_FILES: [&str; 3] = ["draws.csv", "summary.csv", "histogram.csv"];

/// Writes a spec with two orderings into `dir`.
fn write_spec(dir: &Path, draws: u64, cap: u64) -> PathBuf {
    let path = dir.join("spec.toml");
    let text = format!(
        "name = \"small\"\norderings = [\"QNBR\", \"NRQB\"]\ndraws = {draws}\ncap = {cap}\nseed = 7\n"
    );
    std::fs::write(&path, text).unwrap();
    path
}

fn assert_same_data(a: &Path, b: &Path) {
    for file in DATA_FILES {
        let (left, right) = (
            std::fs::read(a.join(file)).unwrap(),
            std::fs::read(b.join(file)).unwrap(),
        );
        assert!(
            left == right,
            "{file} differs between {} and {}",
            a.display(),
            b.display()
        );
    }
}

fn manifest(dir: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap()
}

#[test]
fn the_folder_has_every_file_and_the_manifest_says_how_it_was_made() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write_spec(dir.path(), 30, 5000);
    let out = dir.path().join("out");
    run_ok(&spec, &out, &["--threads", "2"]);
    let draws = std::fs::read_to_string(out.join("draws.csv")).unwrap();
    assert_eq!(draws.lines().count(), 61);
    assert!(draws.starts_with("ordering,draw,outcome,iterations,step_backs,retries\nQNBR,0,"));
    let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    assert!(summary.starts_with(
        "ordering,search,restart,order,queue,cap,draws,solved,censored,exhausted,mean,median,p90,p99,max,mean_log10\n"
    ));
    assert_eq!(summary.lines().count(), 3);
    let histogram = std::fs::read_to_string(out.join("histogram.csv")).unwrap();
    assert!(histogram.starts_with("ordering,lower,upper,solved,censored,exhausted\n"));
    let m = manifest(&out);
    assert_eq!(m["status"], "complete");
    assert_eq!(m["master_seed"], 7);
    assert_eq!(m["threads"], 2);
    assert_eq!(m["draws"], 60);
    assert_eq!(m["spec"]["series"][1]["label"], "NRQB");
    for key in [
        "command",
        "git_describe",
        "rustc",
        "cpu",
        "start",
        "end",
        "wall_seconds",
        "draws_per_second",
    ] {
        assert!(!m[key].is_null(), "manifest lacks {key}");
    }
    assert!(m["rustc"].as_str().unwrap().starts_with("rustc "));
}

#[test]
fn threads_do_not_change_the_data_files() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write_spec(dir.path(), 300, 20_000);
    let (one, two) = (dir.path().join("one"), dir.path().join("two"));
    run_ok(&spec, &one, &["--threads", "1"]);
    run_ok(&spec, &two, &["--threads", "2"]);
    assert_same_data(&one, &two);
}

#[test]
fn shards_merge_into_the_single_machine_files() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write_spec(dir.path(), 100, 20_000);
    let whole = dir.path().join("whole");
    run_ok(&spec, &whole, &[]);
    let parts: Vec<PathBuf> = (1..=3)
        .map(|k| dir.path().join(format!("part{k}")))
        .collect();
    for (k, part) in parts.iter().enumerate() {
        run_ok(&spec, part, &["--shard", &format!("{}/3", k + 1)]);
    }
    let merged = dir.path().join("merged");
    // Shards in any order on the command line.
    boardlab()
        .arg("merge")
        .arg(&merged)
        .args([&parts[2], &parts[0], &parts[1]])
        .assert()
        .success();
    assert_same_data(&whole, &merged);
    assert_eq!(
        manifest(&merged)["merged_from"].as_array().unwrap().len(),
        3
    );
    // Any OUT that `run` writes, a name of 251 bytes too, takes a merge.
    let long = dir.path().join("m".repeat(251));
    run_ok(&spec, &long, &["--shard", "1/3"]);
    std::fs::remove_dir_all(&long).unwrap();
    boardlab()
        .arg("merge")
        .arg(&long)
        .args(&parts)
        .assert()
        .success();
    assert_same_data(&whole, &long);

    boardlab()
        .arg("merge")
        .arg(dir.path().join("incomplete"))
        .args([&parts[0], &parts[1]])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("shard 3/3 is missing"));
    boardlab()
        .arg("merge")
        .arg(dir.path().join("twice"))
        .args([&parts[0], &parts[0], &parts[2]])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is given twice"));
    boardlab()
        .arg("merge")
        .arg(dir.path().join("whole-is-no-shard"))
        .arg(&whole)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is not a shard"));
}

/// Spec for a run that lasts several seconds in the test profile.
fn long_spec(dir: &Path) -> PathBuf {
    write_spec(dir, 3000, 30_000)
}

#[test]
fn a_killed_run_resumes_to_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let spec = long_spec(dir.path());
    let killed = dir.path().join("killed");
    let mut child = start_and_wait_for_rows(&spec, &killed, "2");
    child.kill().unwrap(); // SIGKILL: no chance to clean up
    child.wait().unwrap();
    assert!(
        !killed.join("draws.csv").exists(),
        "the run was cut before it finished"
    );
    assert_eq!(manifest(&killed)["status"], "running");

    boardlab()
        .arg("run")
        .arg(&spec)
        .arg("--out")
        .arg(&killed)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("holds an unfinished run"))
        .stderr(predicate::str::contains("--resume"));
    run_ok(&spec, &killed, &["--resume"]);
    let m = manifest(&killed);
    assert_eq!(m["status"], "complete");
    assert_eq!(m["sessions"].as_array().unwrap().len(), 2);
    // Each session synced its rows to disk (the killed one at its first checkpoint) and
    // says how long that took.
    for session in m["sessions"].as_array().unwrap() {
        assert!(session["sync_seconds"].as_f64().unwrap() > 0.0, "{session}");
    }

    let straight = dir.path().join("straight");
    run_ok(&spec, &straight, &[]);
    assert_same_data(&killed, &straight);
}

#[test]
fn ctrl_c_stops_cleanly_and_resume_completes() {
    let dir = tempfile::tempdir().unwrap();
    let spec = long_spec(dir.path());
    let out = dir.path().join("interrupted");
    let mut child = start_and_wait_for_rows(&spec, &out, "2");
    let status = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let exit = child.wait().unwrap();
    assert_eq!(exit.code(), Some(130), "interrupted runs exit with 130");
    assert_eq!(manifest(&out)["status"], "interrupted");
    let partial = std::fs::read_to_string(out.join("draws.csv.partial")).unwrap();
    assert!(
        partial.ends_with('\n'),
        "a clean stop leaves whole rows only"
    );

    // Resuming with another cap is refused: it would mix two runs.
    boardlab()
        .arg("run")
        .arg(&spec)
        .arg("--out")
        .arg(&out)
        .args(["--resume", "--cap", "999"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "cap was 30000 there and is 999 now",
        ));
    run_ok(&spec, &out, &["--resume"]);
    let straight = dir.path().join("straight");
    run_ok(&spec, &straight, &["--threads", "1"]);
    assert_same_data(&out, &straight);
}

#[test]
fn finished_and_foreign_folders_are_protected() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write_spec(dir.path(), 10, 2000);
    let out = dir.path().join("out");
    run_ok(&spec, &out, &[]);
    let before = std::fs::read(out.join("draws.csv")).unwrap();
    boardlab()
        .arg("run")
        .arg(&spec)
        .arg("--out")
        .arg(&out)
        .args(["--seed", "8"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("already holds a finished run"));
    assert_eq!(std::fs::read(out.join("draws.csv")).unwrap(), before);
    run_ok(&spec, &out, &["--seed", "8", "--force"]);
    assert_ne!(std::fs::read(out.join("draws.csv")).unwrap(), before);

    let foreign = dir.path().join("foreign");
    std::fs::create_dir(&foreign).unwrap();
    std::fs::write(foreign.join("notes.txt"), "mine").unwrap();
    for extra in [&[][..], &["--force"][..]] {
        boardlab()
            .arg("run")
            .arg(&spec)
            .arg("--out")
            .arg(&foreign)
            .args(extra)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("is not a boardlab results folder"));
    }
    boardlab()
        .arg("run")
        .arg(&spec)
        .arg("--out")
        .arg(foreign.join("notes.txt"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is a file, not a folder"));
}

#[test]
fn bad_specs_and_options_are_one_line_errors() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("bad.toml");
    std::fs::write(
        &spec,
        "name = \"x\"\norderings = [\"QNBR\"]\ndraws = 5\nseed = 1\nthreads = 4\n",
    )
    .unwrap();
    let unknown_puzzle = dir.path().join("sudoku.toml");
    std::fs::write(
        &unknown_puzzle,
        "puzzle = \"sudoku\"\nname = \"x\"\ndraws = 5\nseed = 1\n",
    )
    .unwrap();
    let good = write_spec(dir.path(), 5, 100);
    for (args, message) in [
        (
            vec![unknown_puzzle.to_str().unwrap()],
            "key `puzzle`: unknown puzzle \"sudoku\"; use one of chess-memory",
        ),
        (
            vec![spec.to_str().unwrap()],
            "line 5, column 1: unknown field `threads`",
        ),
        (vec!["missing.toml"], "cannot read spec file missing.toml"),
        (
            vec![good.to_str().unwrap(), "--shard", "4/3"],
            "not a shard",
        ),
        (
            vec![good.to_str().unwrap(), "--draws", "0"],
            "key `draws`: must be at least 1",
        ),
    ] {
        boardlab()
            .arg("run")
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message))
            .stderr(predicate::function(|s: &str| s.lines().count() == 1));
    }
}

#[test]
fn boards_are_recorded_and_valid() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write_spec(dir.path(), 5, 100_000);
    let out = dir.path().join("boards");
    run_ok(&spec, &out, &["--boards"]);
    let text = std::fs::read_to_string(out.join("draws.csv")).unwrap();
    let mut lines = text.lines();
    assert!(lines.next().unwrap().ends_with(",board"));
    for line in lines.filter(|l| l.contains(",solved,")) {
        let board = line.rsplit(',').next().unwrap();
        boardlab().args(["check", board]).assert().success();
    }
}

#[test]
fn run_without_a_spec_uses_the_embedded_default() {
    let dir = tempfile::tempdir().unwrap();
    boardlab()
        .current_dir(dir.path())
        .args(["run", "--draws", "2", "--cap", "2000", "--quiet"])
        .assert()
        .success();
    let out = dir.path().join("results/default");
    let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    assert_eq!(summary.lines().count(), 25, "24 type orders and a header");
    assert_eq!(
        manifest(&out)["spec_source"],
        "embedded default (experiments/default.toml)"
    );
}

/// Manifests written before data files were hashed with XXH3-64 record FNV-1a 64: such a
/// folder still resumes, its prefix checked with the hash it names and the rest hashed alike.
#[test]
fn a_run_recorded_with_the_older_checksum_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let spec = long_spec(dir.path());
    let killed = dir.path().join("killed");
    let mut child = start_and_wait_for_rows(&spec, &killed, "2");
    child.kill().unwrap();
    child.wait().unwrap();
    let path = killed.join("manifest.json");
    let mut m = manifest(&killed);
    let bytes = m["data"]["bytes"].as_u64().unwrap() as usize;
    let partial = std::fs::read(killed.join("draws.csv.partial")).unwrap();
    let older = format!("{:016x}", boardlab::rng::fnv1a64(&partial[..bytes]));
    let data = m["data"].as_object_mut().unwrap();
    assert!(data.remove("xxh3_64").is_some(), "{data:?}");
    data.insert("fnv1a64".into(), older.into());
    std::fs::write(&path, serde_json::to_string_pretty(&m).unwrap()).unwrap();

    run_ok(&spec, &killed, &["--resume"]);
    let m = manifest(&killed);
    assert_eq!(m["status"], "complete");
    let whole = std::fs::read(killed.join("draws.csv")).unwrap();
    let expected = format!("{:016x}", boardlab::rng::fnv1a64(&whole));
    assert_eq!(m["data"]["fnv1a64"], expected.as_str());
    let straight = dir.path().join("straight");
    run_ok(&spec, &straight, &[]);
    assert_eq!(whole, std::fs::read(straight.join("draws.csv")).unwrap());
}
