//! The harness's promise, checked end to end for any puzzle: a spec run at one thread, at
//! two threads, and as two shards merged gives the same bytes in the files named.

use std::path::{Path, PathBuf};

pub use super::boardlab;

/// `boardlab run SPEC --out OUT --quiet EXTRA…`, which must succeed; returns its stdout.
pub fn run_ok(spec: &Path, out: &Path, extra: &[&str]) -> String {
    let output = boardlab()
        .arg("run")
        .arg(spec)
        .arg("--out")
        .arg(out)
        .arg("--quiet")
        .args(extra)
        .assert()
        .success();
    String::from_utf8(output.get_output().stdout.clone()).expect("stdout is UTF-8")
}

/// Runs `spec` into `dir/one` (one thread), `dir/two` (two threads) and `dir/part1`,
/// `dir/part2` (shards) merged into `dir/merged`, asserts that each of `files` is the same
/// in `one`, `two` and `merged`, and returns `dir/one`.
pub fn same_bytes_at_any_thread_count_and_after_a_merge(
    spec: &Path,
    dir: &Path,
    files: &[&str],
) -> PathBuf {
    same_bytes_with_options(spec, dir, files, &[])
}

/// [`same_bytes_at_any_thread_count_and_after_a_merge`] with `options` given to every run.
pub fn same_bytes_with_options(
    spec: &Path,
    dir: &Path,
    files: &[&str],
    options: &[&str],
) -> PathBuf {
    let (one, two) = (dir.join("one"), dir.join("two"));
    run_ok(spec, &one, &[&["--threads", "1"], options].concat());
    run_ok(spec, &two, &[&["--threads", "2"], options].concat());
    let parts: Vec<PathBuf> = (1..=2).map(|k| dir.join(format!("part{k}"))).collect();
    for (k, part) in parts.iter().enumerate() {
        let shard = format!("{}/2", k + 1);
        run_ok(
            spec,
            part,
            &[&["--shard", shard.as_str()], options].concat(),
        );
    }
    let merged = dir.join("merged");
    boardlab()
        .arg("merge")
        .arg(&merged)
        .args(&parts)
        .assert()
        .success();
    for file in files {
        let reference = std::fs::read(one.join(file)).unwrap();
        for other in [&two, &merged] {
            assert!(
                std::fs::read(other.join(file)).unwrap() == reference,
                "{file} differs in {}",
                other.display()
            );
        }
    }
    one
}
