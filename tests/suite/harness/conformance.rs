//! The harness's promises, checked for every puzzle of the registry on its example spec, so
//! that a puzzle added to `boardlab::puzzles::REGISTRY` is covered without editing this file:
//!
//! - the draws and every table the puzzle derives (`draws.csv` and [`Puzzle::tables`]) have
//!   the same bytes at one thread, at two threads, as two shards merged, and after a run
//!   aborted mid-run and continued with `--resume` (aborted once right after its first chunk
//!   of draws was written and before the manifest recorded it, so that `--resume` cuts it
//!   and computes it again, and once right after that first checkpoint, so that `--resume`
//!   continues from it);
//! - a rerun with another seed is judged to agree by `boardlab compare` (exit status 0);
//! - `boardlab show` of the folder succeeds and fits every line into 100 characters.
//!
//! Every failure names the puzzle, and the file or command concerned.

use crate::common::boardlab;
use boardlab::experiment::Puzzle;
use boardlab::puzzles::REGISTRY;
use std::path::{Path, PathBuf};
use std::process::Output;

/// The points at which the aborted runs stop (`BOARDLAB_TEST_ABORT_AT`):
/// after the first chunk of draws is written, before the manifest records it; and right
/// after the first checkpoint records it. Both come before the run's end whatever its size,
/// so the process always aborts; in a spec of more than one chunk the second leaves the draws
/// part written (in one of a single chunk, all written but the run unfinished).
const ABORT_POINTS: [&str; 2] = ["chunk-written", "checkpoint"];

/// The widest line `boardlab show` may print.
const SHOW_WIDTH: usize = 100;

/// `boardlab ARGS` with `env` set, run to its end; its output whatever the exit status.
fn boardlab_output(args: &[&std::ffi::OsStr], env: &[(&str, &str)]) -> Output {
    let mut command = boardlab();
    command.args(args);
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().unwrap()
}

/// A failed command's exit status and standard error, for a failure message.
fn why(output: &Output) -> String {
    format!(
        "{}; stderr:\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    )
}

/// `boardlab run SPEC --out OUT --quiet EXTRA…`, which must succeed.
fn run(puzzle: &str, spec: &Path, out: &Path, extra: &[&str]) {
    let output = run_with(spec, out, extra, &[]);
    assert!(
        output.status.success(),
        "{puzzle}: `boardlab run {} --out {} {}` failed: {}",
        spec.display(),
        out.display(),
        extra.join(" "),
        why(&output)
    );
}

fn run_with(spec: &Path, out: &Path, extra: &[&str], env: &[(&str, &str)]) -> Output {
    let mut args = vec![
        "run".as_ref(),
        spec.as_os_str(),
        "--out".as_ref(),
        out.as_os_str(),
        "--quiet".as_ref(),
    ];
    args.extend(extra.iter().map(std::ffi::OsStr::new));
    boardlab_output(&args, env)
}

fn manifest(puzzle: &str, dir: &Path) -> serde_json::Value {
    let path = dir.join("manifest.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{puzzle}: cannot read {}: {e}", path.display()));
    serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{puzzle}: {} is not JSON: {e}", path.display()))
}

/// Runs the spec with the process aborting at `point`, checks that it did abort and left an
/// unfinished folder, then continues it with `--resume`.
fn aborted_then_resumed(puzzle: &str, spec: &Path, out: &Path, point: &str) {
    let aborted = run_with(
        spec,
        out,
        &["--threads", "1"],
        &[("BOARDLAB_TEST_ABORT_AT", point)],
    );
    let stderr = String::from_utf8_lossy(&aborted.stderr);
    assert!(
        !aborted.status.success() && stderr.contains(&format!("aborting at {point}")),
        "{puzzle}: the run did not abort at {point}: {}",
        why(&aborted)
    );
    assert_eq!(
        manifest(puzzle, out)["status"],
        "running",
        "{puzzle}: the manifest of the run aborted at {point}"
    );
    assert!(
        !out.join("draws.csv").exists() && out.join("draws.csv.partial").exists(),
        "{puzzle}: the run aborted at {point} should leave draws.csv.partial and no draws.csv"
    );
    run(puzzle, spec, out, &["--resume"]);
    let resumed = manifest(puzzle, out);
    assert_eq!(
        resumed["status"], "complete",
        "{puzzle}: the manifest after --resume of the run aborted at {point}"
    );
    assert_eq!(
        resumed["sessions"].as_array().map(Vec::len),
        Some(2),
        "{puzzle}: the session aborted at {point} and the resumed one"
    );
}

/// Asserts that each of `files` has the same bytes in `reference` and in every folder of
/// `others`.
fn same_bytes(puzzle: &str, files: &[&str], reference: &Path, others: &[(String, PathBuf)]) {
    let read = |dir: &Path, file: &str| {
        let path = dir.join(file);
        std::fs::read(&path)
            .unwrap_or_else(|e| panic!("{puzzle}: cannot read {file} in {}: {e}", dir.display()))
    };
    for file in files {
        let expected = read(reference, file);
        for (how, dir) in others {
            assert!(
                read(dir, file) == expected,
                "{puzzle}: {file} differs between the run at one thread and the run {how} ({})",
                dir.display()
            );
        }
    }
}

/// The whole check for one puzzle, in `dir`.
fn conforms(puzzle: &Puzzle, dir: &Path) {
    let name = puzzle.name;
    let spec = dir.join(format!("{name}.toml"));
    std::fs::write(&spec, puzzle.example_spec).unwrap();
    let folder = |what: &str| dir.join(what);

    let one = folder("one-thread");
    run(name, &spec, &one, &["--threads", "1"]);
    let two = folder("two-threads");
    run(name, &spec, &two, &["--threads", "2"]);
    let parts = [folder("shard-1"), folder("shard-2")];
    for (k, part) in parts.iter().enumerate() {
        run(name, &spec, part, &["--shard", &format!("{}/2", k + 1)]);
    }
    let merged = folder("merged");
    let mut args = vec!["merge".as_ref(), "--quiet".as_ref(), merged.as_os_str()];
    args.extend(parts.iter().map(|p| p.as_os_str()));
    let output = boardlab_output(&args, &[]);
    assert!(
        output.status.success(),
        "{name}: merging the two shards failed: {}",
        why(&output)
    );
    let mut others = vec![
        ("at two threads".to_string(), two),
        ("as two shards merged".to_string(), merged),
    ];
    for point in ABORT_POINTS {
        let resumed = folder(&format!("aborted-at-{point}"));
        aborted_then_resumed(name, &spec, &resumed, point);
        others.push((format!("aborted at {point} and resumed"), resumed));
    }

    let files: Vec<&str> = std::iter::once("draws.csv")
        .chain(puzzle.tables.iter().copied())
        .collect();
    same_bytes(name, &files, &one, &others);

    // Another seed: other draws (unless the spec's draws do not depend on it), the same
    // distributions.
    let seed = manifest(name, &one)["master_seed"]
        .as_u64()
        .unwrap_or_else(|| panic!("{name}: the manifest has no master_seed"));
    let other_seed = (seed + 1).to_string();
    let reseeded = folder("other-seed");
    run(name, &spec, &reseeded, &["--seed", &other_seed]);
    assert_eq!(
        manifest(name, &reseeded)["master_seed"].as_u64(),
        Some(seed + 1),
        "{name}: --seed {other_seed} is not the master seed of the rerun"
    );
    let compared = boardlab_output(
        &["compare".as_ref(), one.as_os_str(), reseeded.as_os_str()],
        &[],
    );
    assert!(
        compared.status.code() == Some(0),
        "{name}: `boardlab compare` of seed {seed} and seed {other_seed} does not say agree: {}\n{}",
        why(&compared),
        String::from_utf8_lossy(&compared.stdout)
    );

    let shown = boardlab_output(&["show".as_ref(), one.as_os_str()], &[]);
    assert!(
        shown.status.success(),
        "{name}: `boardlab show` failed: {}",
        why(&shown)
    );
    let text = String::from_utf8(shown.stdout).unwrap();
    assert!(
        !text.trim().is_empty(),
        "{name}: `boardlab show` printed nothing"
    );
    for line in text.lines() {
        let width = line.chars().count();
        assert!(
            width <= SHOW_WIDTH,
            "{name}: `boardlab show` prints a line of {width} characters (at most {SHOW_WIDTH}):\n{line}"
        );
    }
}

#[test]
fn every_puzzle_gives_the_same_bytes_every_way_and_agrees_with_another_seed() {
    assert!(!REGISTRY.puzzles.is_empty());
    let dir = tempfile::tempdir().unwrap();
    // One thread per puzzle: the runs spend much of their time waiting for the disk to sync.
    std::thread::scope(|scope| {
        let checks: Vec<_> = REGISTRY
            .puzzles
            .iter()
            .map(|puzzle| {
                let here = dir.path().join(puzzle.name);
                std::fs::create_dir(&here).unwrap();
                scope.spawn(move || conforms(puzzle, &here))
            })
            .collect();
        for check in checks {
            if let Err(failure) = check.join() {
                std::panic::resume_unwind(failure);
            }
        }
    });
}
