//! `scripts/scan.sh` stops with a one-line reason, before anything is built or run, where
//! Scan's source or the data it needs to play cannot be had.

use std::path::Path;
use std::process::Command;

fn run_script(source: &Path, build: &Path) -> (i32, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let output = Command::new("bash")
        .arg(root.join("scripts/scan.sh"))
        .arg(source)
        .arg(build.join("out"))
        .env("SCAN_BUILD", build.join("scan"))
        .current_dir(root)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.code().unwrap_or(-1), stderr)
}

#[test]
fn a_missing_source_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let (code, stderr) = run_script(&dir.path().join("no-such-scan"), dir.path());
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("cannot get Scan's source from"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

#[test]
fn a_source_without_its_evaluation_weights_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("scan-source");
    std::fs::create_dir_all(source.join("src")).unwrap();
    std::fs::write(source.join("src/Makefile"), "all:\n").unwrap();
    std::fs::write(source.join("scan.ini"), "variant = normal\n").unwrap();
    let (code, stderr) = run_script(&source, dir.path());
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("lacks Scan's data/eval"), "{stderr}");
    assert!(!dir.path().join("out").exists(), "nothing was run");
}
