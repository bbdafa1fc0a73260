//! The README's two set-up commands in order, in one folder, as a new user runs them: first
//! the main job, then the test suite, after following the guides' walk-throughs.
//!
//! The main job writes `results/default/` and the walk-throughs write `results/my-*/` beside
//! the committed results. The suite must see none of it: its documentation and example tests
//! read the committed tree only. This test makes such a checkout (a git repository of the
//! committed files), runs the main job at a small draw count and every walk-through of the
//! guides in it, and then runs the documentation checks on that checkout.

use super::documentation::{broken_links, folders_without_their_command};
use super::documented_examples::{
    markdown_blocks, markdown_files_of, results_named_in, run_block_in,
};
use crate::common::committed;
use std::path::Path;

/// A git checkout of the committed files, with this build's binary as
/// `target/release/boardlab`, as a clone holds them after `cargo build --release`.
fn checkout() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    committed::copy("", dir.path());
    let git = |args: &[&str]| {
        let status = std::process::Command::new("git")
            .args(["-c", "user.name=test", "-c", "user.email=test@example.com"])
            .args(args)
            .current_dir(dir.path())
            .stdout(std::process::Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "git {args:?}");
    };
    git(&["init", "-q"]);
    git(&["add", "-A"]);
    git(&["commit", "-q", "-m", "the committed tree"]);
    let release = dir.path().join("target/release");
    std::fs::create_dir_all(&release).unwrap();
    std::os::unix::fs::symlink(
        assert_cmd::cargo::cargo_bin("boardlab"),
        release.join("boardlab"),
    )
    .unwrap();
    dir
}

/// Runs `script` in `dir` with this build's `boardlab` first on `PATH`.
fn run(dir: &Path, script: &str) {
    let bin = assert_cmd::cargo::cargo_bin("boardlab");
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let output = std::process::Command::new("sh")
        .args(["-c", script])
        .current_dir(dir)
        .env("PATH", path)
        .env("HOME", dir)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "`{script}` failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn the_suite_reads_only_the_committed_tree_after_the_main_job_and_the_walk_throughs() {
    let dir = checkout();
    let root = dir.path();
    let clean = committed::files_of(root);
    assert_eq!(
        &clean,
        committed::files(),
        "the checkout holds the committed files"
    );

    // The README's first command (at 3 draws an order), then every guide block that writes a
    // results folder of its own.
    run(root, "boardlab run --draws 3 --quiet");
    assert!(root.join("results/default/REPORT.md").is_file());
    let mut walk_throughs = 0;
    for name in markdown_files_of(&clean) {
        if !name.starts_with("docs/") {
            continue;
        }
        let text = std::fs::read_to_string(root.join(&name)).unwrap();
        for block in markdown_blocks(&name, &text) {
            if block
                .examples
                .iter()
                .any(|e| e.script.contains("results/my-"))
            {
                let failures = run_block_in(&block, root);
                assert!(failures.is_empty(), "{}", failures.join("\n"));
                walk_throughs += 1;
            }
        }
    }
    assert!(
        walk_throughs >= 3,
        "only {walk_throughs} walk-throughs found"
    );
    let made: Vec<_> = std::fs::read_dir(root.join("results"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name == "default" || name.starts_with("my-"))
        .collect();
    assert!(made.len() >= 3, "the user's folders: {made:?}");

    // The suite's view of that checkout is the committed tree's.
    let files = committed::files_of(root);
    assert_eq!(files, clean, "git lists no file the user made");
    assert_eq!(markdown_files_of(&files), markdown_files_of(&clean));
    let missing = folders_without_their_command(root, &files);
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    let broken = broken_links(root, &files);
    assert!(broken.is_empty(), "{}", broken.join("\n"));
    // The `compare --help` example writes results/default; its folder gets no copy of the
    // user's.
    let named = results_named_in(root, &files, "boardlab run --out results/default");
    assert!(named.is_empty(), "{named:?}");
    let named = results_named_in(root, &files, "boardlab show results/orderings");
    assert_eq!(named.into_iter().collect::<Vec<_>>(), ["orderings"]);
}
