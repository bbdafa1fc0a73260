//! `boardlab run` inside a Slurm task: without `--threads` it takes `SLURM_CPUS_PER_TASK`.
//! (`scripts/slurm-check.sh` runs the job array of docs/experiments.md on a real Slurm cluster.)

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::Path;

/// Runs three draws of QNBR (all solved under this cap) with `SLURM_CPUS_PER_TASK` set.
fn run_small(dir: &Path, slurm_cpus: &str, extra: &[&str]) -> assert_cmd::assert::Assert {
    let spec = dir.join("spec.toml");
    std::fs::write(
        &spec,
        "name = \"slurm\"\norderings = [\"QNBR\"]\ndraws = 3\ncap = 200000\nseed = 5\n",
    )
    .unwrap();
    Command::cargo_bin("boardlab")
        .unwrap()
        .env("SLURM_CPUS_PER_TASK", slurm_cpus)
        .arg("run")
        .arg(&spec)
        .arg("--out")
        .arg(dir.join("out"))
        .arg("--quiet")
        .args(extra)
        .assert()
}

fn manifest_threads(dir: &Path) -> u64 {
    let text = std::fs::read_to_string(dir.join("out/manifest.json")).unwrap();
    let manifest: serde_json::Value = serde_json::from_str(&text).unwrap();
    manifest["threads"].as_u64().unwrap()
}

#[test]
fn without_threads_a_run_uses_the_cpus_slurm_gave_the_task() {
    let dir = tempfile::tempdir().unwrap();
    run_small(dir.path(), "3", &[]).success();
    assert_eq!(manifest_threads(dir.path()), 3);
}

#[test]
fn threads_on_the_command_line_win_over_slurm() {
    let dir = tempfile::tempdir().unwrap();
    run_small(dir.path(), "3", &["--threads", "2"]).success();
    assert_eq!(manifest_threads(dir.path()), 2);
}

#[test]
fn a_malformed_slurm_cpu_count_is_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    run_small(dir.path(), "2(x3)", &[]).failure().stderr(
        predicate::str::contains("SLURM_CPUS_PER_TASK is \"2(x3)\"").and(predicate::function(
            |text: &str| text.trim_end().lines().count() == 1,
        )),
    );
    assert!(!dir.path().join("out").exists());
}
