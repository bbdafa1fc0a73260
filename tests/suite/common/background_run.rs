//! A `boardlab run` started in the background, for the tests that interrupt, kill or race it.

use std::path::Path;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// Starts `boardlab run SPEC --out OUT --threads THREADS --quiet` and waits until its
/// `draws.csv.partial` holds more than 300 rows (more than a chunk); panics after a minute.
pub fn start_and_wait_for_rows(spec: &Path, out: &Path, threads: &str) -> Child {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("boardlab"))
        .arg("run")
        .arg(spec)
        .arg("--out")
        .arg(out)
        .args(["--threads", threads, "--quiet"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let partial = out.join("draws.csv.partial");
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline {
        if std::fs::read_to_string(&partial).is_ok_and(|t| t.lines().count() > 300) {
            return child;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    panic!("the run wrote no rows within a minute");
}
