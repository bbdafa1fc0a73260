//! Safety of results folders against kills, failures, bad input and concurrent processes:
//! every state a kill can leave (forced at each phase boundary with the debug-only
//! `BOARDLAB_TEST_ABORT_AT` hook) is continued by `--resume` or replaced by `--force`, to the
//! bytes of an uninterrupted run; edited data, bad options and unsafe merges are refused
//! before anything is deleted; and a second process is refused while one holds the folder.

use crate::common::background_run;

use crate::common::boardlab;
use assert_cmd::Command;
use background_run::start_and_wait_for_rows;
use predicates::prelude::*;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const DATA_FILES: [&str; 3] = ["draws.csv", "summary.csv", "histogram.csv"];

/// Writes `dir/spec.toml`: two orderings, `draws` each, cap 2000.
fn write_spec(dir: &Path, draws: u64) -> PathBuf {
    let path = dir.join("spec.toml");
    let text = format!(
        "name = \"small\"\norderings = [\"QNBR\", \"NRQB\"]\ndraws = {draws}\ncap = 2000\nseed = 7\n"
    );
    std::fs::write(&path, text).unwrap();
    path
}

fn run(spec: &Path, out: &Path, extra: &[&str]) -> Command {
    let mut command = boardlab();
    command
        .arg("run")
        .arg(spec)
        .arg("--out")
        .arg(out)
        .arg("--quiet")
        .args(extra);
    command
}

fn run_ok(spec: &Path, out: &Path, extra: &[&str]) {
    run(spec, out, extra).assert().success();
}

/// Runs with the process aborting at `point`; checks that it did.
fn run_aborted(spec: &Path, out: &Path, extra: &[&str], point: &str) {
    run(spec, out, extra)
        .env("BOARDLAB_TEST_ABORT_AT", point)
        .assert()
        .failure()
        .stderr(predicate::str::contains(format!("aborting at {point}")));
}

/// The data files of a results folder; the tables that only some puzzles write are `None`
/// where absent (a ChessMemory folder must still have all of `DATA_FILES`).
fn data(dir: &Path) -> Vec<Option<Vec<u8>>> {
    let chess_memory = dir.join("histogram.csv").exists();
    DATA_FILES
        .iter()
        .chain(&["ratings.csv", "starts.csv"])
        .enumerate()
        .map(|(i, f)| {
            let bytes = std::fs::read(dir.join(f)).ok();
            let required = i < 2 || (chess_memory && i < DATA_FILES.len());
            assert!(!required || bytes.is_some(), "{} lacks {f}", dir.display());
            bytes
        })
        .collect()
}

fn manifest(dir: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap()
}

fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A straight run of `spec` into `dir/straight`, for comparisons.
fn straight(dir: &Path, spec: &Path) -> Vec<Option<Vec<u8>>> {
    let out = dir.join("straight");
    run_ok(spec, &out, &[]);
    data(&out)
}

#[test]
fn a_kill_at_every_phase_leaves_a_folder_that_resume_and_force_accept() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write_spec(dir.path(), 20);
    let expected = straight(dir.path(), &spec);
    for point in [
        "cleared",
        "manifest-written",
        "partial-created",
        "chunk-written",
        "checkpoint",
        "data-complete",
        "renamed",
        "derived",
        "reported",
    ] {
        for how in ["--resume", "--force"] {
            let out = dir.path().join(format!("{point}{how}"));
            run_aborted(&spec, &out, &[], point);
            assert_ne!(manifest_status(&out), "complete", "{point}");
            run_ok(&spec, &out, &[how]);
            assert_eq!(manifest(&out)["status"], "complete", "{point} {how}");
            assert!(out.join("REPORT.md").exists(), "{point} {how}");
            assert!(data(&out) == expected, "{point} then {how}: data differ");
            let leftovers: Vec<String> = entries(&out)
                .into_iter()
                .filter(|n| n.starts_with('.') || n == "boardlab.lock")
                .collect();
            assert!(leftovers.is_empty(), "{point} {how}: {leftovers:?}");
        }
    }
    // A kill after --force cleared a finished folder.
    let out = dir.path().join("cleared-finished");
    run_ok(&spec, &out, &[]);
    run_aborted(&spec, &out, &["--force"], "cleared");
    run_ok(&spec, &out, &["--resume"]);
    assert!(data(&out) == expected);
}

fn manifest_status(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("manifest.json"))
        .ok()
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        .map_or("none".to_string(), |m| {
            m["status"].as_str().unwrap().to_string()
        })
}

#[test]
fn a_failed_report_leaves_pending_outputs_that_report_or_resume_complete() {
    let dir = tempfile::tempdir().unwrap();
    let here = dir.path();
    let base_spec = write_spec(here, 10);
    run_ok(&base_spec, &here.join("base"), &[]);
    // The baseline is read relative to the working directory: elsewhere the report fails.
    let spec = here.join("with-baseline.toml");
    std::fs::write(
        &spec,
        "name = \"b\"\norderings = [\"QNBR\", \"NRQB\"]\ndraws = 20\ncap = 2000\nseed = 7\nbaseline = \"base\"\n",
    )
    .unwrap();
    let out = here.join("out");
    run(&spec, &out, &[])
        .current_dir(here)
        .env("BOARDLAB_TEST_ABORT_AT", "derived")
        .assert()
        .failure();
    assert_eq!(manifest(&out)["status"], "data-complete");
    run(&spec, &out, &[])
        .current_dir(here)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--resume"));
    boardlab()
        .arg("report")
        .arg(&out)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("baseline base"));
    assert_eq!(manifest(&out)["status"], "data-complete");
    boardlab()
        .current_dir(here)
        .arg("report")
        .arg(&out)
        .assert()
        .success();
    assert_eq!(manifest(&out)["status"], "complete");
    let straight = here.join("straight");
    run(&spec, &straight, &[])
        .current_dir(here)
        .assert()
        .success();
    assert!(data(&out) == data(&straight));

    // --resume of a complete folder rewrites a missing or stale report, and only then.
    let resume = || {
        let mut command = run(&spec, &out, &["--resume"]);
        command.current_dir(here);
        command
    };
    let report = std::fs::read(out.join("REPORT.md")).unwrap();
    std::fs::remove_file(out.join("REPORT.md")).unwrap();
    resume().assert().success();
    assert_eq!(std::fs::read(out.join("REPORT.md")).unwrap(), report);
    std::fs::write(out.join("REPORT.md"), "stale").unwrap();
    resume().assert().success();
    assert_eq!(std::fs::read(out.join("REPORT.md")).unwrap(), report);
    std::fs::remove_file(out.join("charts/orderings.png")).unwrap();
    resume().assert().success();
    assert!(out.join("charts/orderings.png").exists());
    boardlab()
        .current_dir(here)
        .arg("run")
        .arg(&spec)
        .arg("--out")
        .arg(&out)
        .arg("--resume")
        .assert()
        .success()
        .stderr(predicate::str::contains("already complete"));
}

#[test]
fn edited_or_missing_data_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write_spec(dir.path(), 20);
    let expected = straight(dir.path(), &spec);

    // An edited middle row of the unfinished file.
    let out = dir.path().join("edited");
    run_aborted(&spec, &out, &[], "checkpoint");
    edit_row(&out.join("draws.csv.partial"), 6);
    run(&spec, &out, &["--resume"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("does not match the checksum"))
        .stderr(predicate::str::contains("--force"));
    run_ok(&spec, &out, &["--force"]);
    assert!(data(&out) == expected);

    // A finished folder whose draws.csv was deleted or edited is not "already complete".
    std::fs::remove_file(out.join("draws.csv")).unwrap();
    run(&spec, &out, &["--resume"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("draws.csv is missing"));
    run_ok(&spec, &out, &["--force"]);
    edit_row(&out.join("draws.csv"), 3);
    run(&spec, &out, &["--resume"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("does not match the checksum"));
}

#[test]
fn tables_are_not_left_from_data_that_fail_their_checksum() {
    // The checksum is read while the tables are derived; a file that fails it leaves none.
    let dir = tempfile::tempdir().unwrap();
    let spec = write_spec(dir.path(), 20);
    let expected = straight(dir.path(), &spec);
    let out = dir.path().join("edited");
    run_aborted(&spec, &out, &[], "renamed");
    edit_row(&out.join("draws.csv"), 3);
    run(&spec, &out, &["--resume"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("does not match the checksum"));
    assert_eq!(manifest_status(&out), "data-complete");
    for table in ["summary.csv", "histogram.csv"] {
        assert!(
            !out.join(table).exists(),
            "{table} derived from edited data"
        );
    }
    run_ok(&spec, &out, &["--force"]);
    assert!(data(&out) == expected);
}

#[test]
fn report_checks_the_data_against_the_manifest_as_resume_does() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write_spec(dir.path(), 20);
    let out = dir.path().join("out");
    run_ok(&spec, &out, &[]);
    let report = || {
        let mut command = boardlab();
        command.arg("report").arg(&out).arg("--quiet");
        command
    };
    let original = data(&out);
    let original_report = std::fs::read(out.join("REPORT.md")).unwrap();

    // An edited table is made again from the checked draws.
    let summary = out.join("summary.csv");
    let text = std::fs::read_to_string(&summary).unwrap();
    std::fs::write(&summary, text.replacen(",", ";", 1)).unwrap();
    report().assert().success();
    assert!(data(&out) == original);
    assert_eq!(
        std::fs::read(out.join("REPORT.md")).unwrap(),
        original_report
    );

    // An edited draws.csv is refused in one line that says what to do, and nothing is
    // rewritten from it.
    edit_row(&out.join("draws.csv"), 3);
    std::fs::remove_file(out.join("REPORT.md")).unwrap();
    report()
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "draws.csv does not match the checksum",
        ))
        .stderr(predicate::str::contains("--force"))
        .stderr(predicate::str::contains("\n").count(1));
    assert!(!out.join("REPORT.md").exists());

    // Without draws.csv (a committed folder), the tables are what the report is made of:
    // they must match, and an edited one cannot be made again.
    std::fs::remove_file(out.join("draws.csv")).unwrap();
    report().assert().success();
    assert_eq!(
        std::fs::read(out.join("REPORT.md")).unwrap(),
        original_report
    );
    std::fs::write(&summary, text.replacen(",", ";", 1)).unwrap();
    report()
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "summary.csv does not match the checksum",
        ))
        .stderr(predicate::str::contains("reproduce"))
        .stderr(predicate::str::contains("\n").count(1));
}

/// The row with its iteration count changed by one digit (same length).
/// Rewrites the file at `path` with line `index` (0 is the header) changed by
/// [`edit_iterations`].
fn edit_row(path: &Path, index: usize) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    assert!(lines.len() > index + 1, "{text}");
    lines[index] = edit_iterations(&lines[index]);
    std::fs::write(path, lines.join("\n") + "\n").unwrap();
}

fn edit_iterations(line: &str) -> String {
    let mut fields: Vec<String> = line.split(',').map(String::from).collect();
    let last = fields[3].pop().unwrap();
    fields[3].push(if last == '1' { '2' } else { '1' });
    fields.join(",")
}

#[test]
fn damaged_folders_are_replaced_by_force_and_a_full_disk_names_the_data_file() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write_spec(dir.path(), 20);
    let expected = straight(dir.path(), &spec);
    for damage in ["deleted", "truncated"] {
        let out = dir.path().join(damage);
        run_aborted(&spec, &out, &[], "checkpoint");
        if damage == "deleted" {
            std::fs::remove_file(out.join("manifest.json")).unwrap();
        } else {
            let text = std::fs::read_to_string(out.join("manifest.json")).unwrap();
            std::fs::write(out.join("manifest.json"), &text[..text.len() / 2]).unwrap();
        }
        for extra in [&[][..], &["--resume"][..]] {
            run(&spec, &out, extra)
                .assert()
                .code(2)
                .stderr(predicate::str::contains("--force"))
                .stderr(predicate::function(|s: &str| s.lines().count() == 1));
        }
        run_ok(&spec, &out, &["--force"]);
        assert!(data(&out) == expected, "{damage}");
    }

    let out = dir.path().join("full");
    run(&spec, &out, &[])
        .env("BOARDLAB_TEST_DISK_FULL", "1")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("writing"))
        .stderr(predicate::str::contains("draws.csv.partial"))
        .stderr(predicate::str::contains("No space left on device"));
    let temporaries: Vec<String> = entries(&out)
        .into_iter()
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(temporaries.is_empty(), "{temporaries:?}");
    run_ok(&spec, &out, &["--resume"]);
    assert!(data(&out) == expected);
}

#[test]
fn options_and_sizes_are_checked_before_anything_is_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write_spec(dir.path(), 10);
    let out = dir.path().join("out");
    run_ok(&spec, &out, &[]);
    let before = data(&out);
    let started = Instant::now();
    for (extra, message) in [
        (vec!["--threads", "100000"], "--threads 100000 is more than"),
        (vec!["--threads", "10000"], "--threads 10000 is more than"),
        (vec!["--threads", "0"], "--threads must be at least 1"),
        (
            vec!["--draws", "10000000000000"],
            "more than the 1000000000000 draws",
        ),
        (
            vec!["--draws", "9223372036854775808"],
            "more than the 1000000000000 draws",
        ),
    ] {
        let mut args = extra.clone();
        args.push("--force");
        run(&spec, &out, &args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message))
            .stderr(predicate::function(|s: &str| s.lines().count() == 1));
        assert!(data(&out) == before, "{extra:?} changed the folder");
    }
    for (text, message) in [
        (
            "name = \"w\"\norderings = \"all-type-orders\"\ndraws = 768614336404564651\nseed = 1\n",
            "24 series of 768614336404564651 draws make more than",
        ),
        (
            "name = \"q\"\norderings = { random-queues = 1000000000000 }\ndraws = 1\nseed = 1\n",
            "random-queues = 1000000000000 is more than",
        ),
        (
            "name = \"b\"\norderings = [\"QNBR\"]\ndraws = 10\ncap = 2000\nseed = 7\nbaseline = \"nowhere\"\n",
            "the spec's baseline nowhere is not a results folder",
        ),
        (
            "name = \"d\"\norderings = [\"QNBR\"]\ndraws = 9223372036854775808\nseed = 7\n",
            "draws",
        ),
    ] {
        let bad = dir.path().join("bad.toml");
        std::fs::write(&bad, text).unwrap();
        run(&bad, &out, &["--force"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message))
            .stderr(predicate::function(|s: &str| s.lines().count() == 1));
        assert!(data(&out) == before, "{text} changed the folder");
    }
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "refusals are immediate"
    );
}

#[test]
fn a_changed_non_ascii_description_is_refused_without_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("spec.toml");
    let text = |description: &str| {
        format!(
            "name = \"pl\"\ndescription = \"{description}\"\norderings = [\"QNBR\"]\ndraws = 20\ncap = 2000\nseed = 7\n"
        )
    };
    let long = "Zażółć gęślą jaźń: kolejność figur w generatorze szachowej gry w pamięć";
    std::fs::write(&spec, text(long)).unwrap();
    let out = dir.path().join("out");
    run_aborted(&spec, &out, &[], "checkpoint");
    std::fs::write(&spec, text("Żółw")).unwrap();
    run(&spec, &out, &["--resume"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("description was"))
        .stderr(predicate::str::contains("…"));
}

/// Starts a run that lasts several seconds and waits until it has written rows.
fn start_long_run(dir: &Path, out: &Path) -> std::process::Child {
    let spec = dir.join("long.toml");
    std::fs::write(
        &spec,
        "name = \"long\"\norderings = [\"QNBR\", \"NRQB\"]\ndraws = 100000\ncap = 30000\nseed = 7\n",
    )
    .unwrap();
    start_and_wait_for_rows(&spec, out, "1")
}

#[test]
fn a_second_process_is_refused_while_one_holds_the_folder() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("busy");
    let mut child = start_long_run(dir.path(), &out);
    let holder = format!("in use by pid {}", child.id());
    let spec = dir.path().join("long.toml");
    for args in [vec!["--resume"], vec!["--force"]] {
        run(&spec, &out, &args)
            .timeout(Duration::from_secs(20))
            .assert()
            .code(2)
            .stderr(predicate::str::contains(holder.as_str()))
            .stderr(predicate::str::contains("long.toml"));
    }
    boardlab()
        .arg("report")
        .arg(&out)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(holder.as_str()));
    assert!(child.try_wait().unwrap().is_none(), "the holder runs on");

    // kill -9 after a checkpoint: the session's draws are in the manifest.
    std::thread::sleep(Duration::from_millis(2500));
    child.kill().unwrap();
    child.wait().unwrap();
    let m = manifest(&out);
    let recorded = m["sessions"][0]["draws"].as_u64().unwrap();
    let rows = std::fs::read_to_string(out.join("draws.csv.partial"))
        .unwrap()
        .lines()
        .count() as u64
        - 1;
    assert!(recorded > 0 && recorded <= rows, "{recorded} of {rows}");
    assert_eq!(m["draws"].as_u64(), Some(recorded));
    assert!(m["draws_per_second"].as_f64().unwrap() > 0.0);
}

fn merge(out: &Path, inputs: &[&Path], extra: &[&str]) -> Command {
    let mut command = boardlab();
    command.arg("merge").arg(out).args(inputs).args(extra);
    command
}

#[test]
fn merge_never_touches_its_inputs_and_survives_a_kill() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write_spec(dir.path(), 20);
    let expected = straight(dir.path(), &spec);
    let sh = dir.path().join("sh");
    let (p1, p2) = (sh.join("p1"), sh.join("p2"));
    run_ok(&spec, &p1, &["--shard", "1/2"]);
    run_ok(&spec, &p2, &["--shard", "2/2"]);
    let (before1, before2) = (data(&p1), data(&p2));
    let p1_again = sh.join("p2/../p1");
    for (out, inputs, message) in [
        (&p1, vec![&p1, &p1, &p2], "is the shard folder"),
        (&p1, vec![&p1, &p2], "is the shard folder"),
        (&p1.join("inner"), vec![&p1, &p2], "is the shard folder"),
        (&sh, vec![&p1, &p2], "is inside OUT"),
        (
            &dir.path().join("m"),
            vec![&p1, &p1_again, &p2],
            "given twice",
        ),
    ] {
        let inputs: Vec<&Path> = inputs.iter().map(|p| p.as_path()).collect();
        merge(out, &inputs, &["--force"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
        assert!(data(&p1) == before1 && data(&p2) == before2, "{message}");
    }

    let out = dir.path().join("merged");
    merge(&out, &[&p1, &p2], &[]).assert().success();
    assert!(data(&out) == expected);
    merge(&out, &[&p1, &p2], &[])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("use --force to replace them"))
        .stderr(predicate::str::contains("--resume").not());
    // Killed after the new result was built, and after the old one was cleared.
    for point in ["merge-built", "merge-cleared"] {
        merge(&out, &[&p2, &p1], &["--force"])
            .env("BOARDLAB_TEST_ABORT_AT", point)
            .assert()
            .failure();
        merge(&out, &[&p1, &p2], &["--force"]).assert().success();
        assert!(data(&out) == expected, "{point}");
        let siblings: Vec<String> = entries(dir.path())
            .into_iter()
            .filter(|n| n.starts_with('.'))
            .collect();
        assert!(siblings.is_empty(), "{point}: {siblings:?}");
    }
    assert!(data(&p1) == before1 && data(&p2) == before2);

    // An edited value in a shard is found by its checksum.
    edit_row(&p2.join("draws.csv"), 5);
    merge(&dir.path().join("bad"), &[&p1, &p2], &[])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("does not match the checksum"));
    assert!(!dir.path().join("bad/draws.csv").exists());
}

/// Runs `spec` (from the repository root, where relative baselines are) whole and in two
/// shards, merges the shards, and checks the merged data and manifest.
fn check_merge_of(spec: &Path, dir: &Path, extra: &[&str]) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let go = |out: &Path, more: &[&str]| {
        run(spec, out, extra)
            .current_dir(root)
            .args(more)
            .assert()
            .success();
    };
    let (whole, p1, p2, merged) = (
        dir.join("whole"),
        dir.join("p1"),
        dir.join("p2"),
        dir.join("merged"),
    );
    go(&whole, &[]);
    go(&p1, &["--shard", "1/2"]);
    go(&p2, &["--shard", "2/2"]);
    merge(&merged, &[&p2, &p1], &[])
        .current_dir(root)
        .assert()
        .success();
    assert!(data(&merged) == data(&whole), "{}", spec.display());
    let m = manifest(&merged);
    assert_eq!(m["status"], "complete");
    assert!(m["shard"].is_null());
    let reproduce = m["reproduce"].as_str().unwrap();
    assert!(!reproduce.contains("--shard"), "{reproduce}");
    assert_eq!(manifest(&p2)["shard"]["index"], 2);
    assert!(
        manifest(&p2)["reproduce"]
            .as_str()
            .unwrap()
            .contains("--shard 2/2")
    );
    // The recorded command reproduces the merged data on one machine.
    let words: Vec<&str> = reproduce.split(' ').collect();
    assert_eq!(words[..2], ["boardlab", "run"]);
    let again = dir.join("again");
    let mut args: Vec<String> = words[1..].iter().map(|w| w.to_string()).collect();
    let at = args.iter().position(|w| w == "--out").unwrap();
    args[at + 1] = again.display().to_string();
    boardlab()
        .current_dir(root)
        .args(&args)
        .arg("--quiet")
        .assert()
        .success();
    assert!(data(&again) == data(&whole), "{reproduce}");
}

#[test]
fn every_shipped_spec_and_per_series_draws_merge_from_shards() {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // The committed specs: a spec a user wrote beside them is theirs, not the project's.
    let specs: Vec<PathBuf> = crate::common::committed::files_in("experiments")
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        // A set of runs is refused a shard; each member is a spec of one rule set, merged
        // like any other.
        .filter(|p| !p.ends_with("experiments/variants.toml"))
        .map(|p| root.join(p))
        .collect();
    assert!(specs.len() >= 6, "{specs:?}");
    let mut checked = 0;
    for spec in &specs {
        let text = std::fs::read_to_string(spec).unwrap();
        let puzzle = text
            .lines()
            .find_map(|l| l.strip_prefix("puzzle = "))
            .unwrap_or("\"chess-memory\"")
            .trim_matches('"');
        let extra: &[&str] = match puzzle {
            "chess-memory" => &["--draws", "20", "--cap", "2000"],
            // Matches have no cap; two games per pairing play both seats.
            "fifteen" | "draughts" | "draughts-variants" => &["--draws", "2"],
            // Its every-start series have n² draws whatever --draws says (hundreds of
            // thousands in all); tests/suite/knights_tour/study.rs merges a small knight's-tour spec.
            "knights-tour" => continue,
            other => panic!("{}: no merge check for puzzle {other}", spec.display()),
        };
        let name = spec.file_stem().unwrap().to_string_lossy().into_owned();
        let here = dir.path().join(&name);
        std::fs::create_dir(&here).unwrap();
        check_merge_of(spec, &here, extra);
        checked += 1;
    }
    assert_eq!(checked, specs.len() - 1, "every spec but the knight's tour");
    // Per-series draw counts, as in experiments/algorithms.toml, without --draws.
    let spec = dir.path().join("series.toml");
    std::fs::write(
        &spec,
        "name = \"series\"\ndraws = 12\ncap = 2000\nseed = 3\n\
         [[series]]\norderings = [\"QNBR\"]\n\
         [[series]]\norderings = [\"QNBR\"]\nalgorithm = \"fc\"\ndraws = 10\n",
    )
    .unwrap();
    let here = dir.path().join("series");
    std::fs::create_dir(&here).unwrap();
    check_merge_of(&spec, &here, &["--cap", "60000"]);
}

/// Whether `child` has ended within `limit`; its exit status if so.
fn exit_within(
    child: &mut std::process::Child,
    limit: Duration,
) -> Option<std::process::ExitStatus> {
    let deadline = Instant::now() + limit;
    while Instant::now() < deadline {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

#[test]
fn ctrl_c_stops_slow_bots_between_moves_and_resume_gives_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("slow.toml");
    std::fs::write(
        &spec,
        "puzzle = \"fifteen\"\nname = \"slow\"\nseed = 11\ngames = 6\nplayers = [\"random\", \"mcts:20\"]\n",
    )
    .unwrap();
    // Every move waits 300 ms: the six games (one chunk) last ten seconds or more.
    let out = dir.path().join("interrupted");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("boardlab"))
        .arg("run")
        .arg(&spec)
        .arg("--out")
        .arg(&out)
        .args(["--threads", "1", "--quiet"])
        .env("BOARDLAB_TEST_MOVE_DELAY_MS", "300")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while !out.join("draws.csv.partial").exists() {
        assert!(Instant::now() < deadline, "the run did not start");
        std::thread::sleep(Duration::from_millis(10));
    }
    std::thread::sleep(Duration::from_millis(1000));
    let signalled = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(signalled.success());
    let Some(exit) = exit_within(&mut child, Duration::from_secs(4)) else {
        child.kill().unwrap();
        child.wait().unwrap();
        panic!("the run went on for more than 4 s after Ctrl-C");
    };
    assert_eq!(exit.code(), Some(130));
    assert_eq!(manifest(&out)["status"], "interrupted");
    let partial = std::fs::read_to_string(out.join("draws.csv.partial")).unwrap();
    assert_eq!(
        partial.lines().count(),
        1,
        "the game in flight is not written"
    );

    run_ok(&spec, &out, &["--resume"]);
    let straight = dir.path().join("straight");
    run_ok(&spec, &straight, &[]);
    assert!(data(&out) == data(&straight));
}
