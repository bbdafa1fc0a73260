//! The edges of `boardlab run` that come from the operating system rather than from its
//! input: a termination signal before the run has started, a file size limit
//! (`ulimit -f`), and a results folder the process may not write. Each ends in one line on
//! standard error and a folder that `--resume` continues, never a silent death.

use crate::common::boardlab;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A small ChessMemory spec of `draws` draws per ordering.
const SPEC: &str = "name = \"edges\"\norderings = [\"QNBR\", \"NRQB\"]\ncap = 2000\nseed = 7\n";

fn spec_text(draws: u64) -> String {
    format!("{SPEC}draws = {draws}\n")
}

fn binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_boardlab"))
}

/// Whether process `pid` catches signal `signal` (its handler is installed): bit
/// `signal - 1` of `SigCgt` in `/proc/PID/status`.
fn catches(pid: u32, signal: u32) -> bool {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("SigCgt:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & (1 << (signal - 1)) != 0)
}

/// `boardlab run --resume` of `out` completes it.
fn resume_completes(spec: &Path, out: &Path) {
    let output = boardlab()
        .arg("run")
        .arg(spec)
        .arg("--out")
        .arg(out)
        .args(["--resume", "--quiet"])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(out.join("REPORT.md").is_file());
}

#[test]
fn a_signal_while_the_spec_is_read_stops_the_run_with_its_usual_message() {
    let dir = tempfile::tempdir().unwrap();
    // The spec is a FIFO: the run blocks reading it, in its first moments, until it is written.
    let fifo = dir.path().join("spec.toml");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let out = dir.path().join("out");
    let child = Command::new(binary())
        .arg("run")
        .arg(&fifo)
        .arg("--out")
        .arg(&out)
        .arg("--quiet")
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let started = Instant::now();
    const SIGTERM: u32 = 15;
    while !catches(pid, SIGTERM) {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "boardlab run does not catch SIGTERM while it reads its spec"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let signalled = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .unwrap();
    assert!(signalled.success());
    // The signal is handled on a thread of its own (ctrlc's); on a loaded machine it may run
    // only after the spec arrives and a short run has finished, so give it time first.
    std::thread::sleep(Duration::from_millis(300));
    std::fs::File::options()
        .write(true)
        .open(&fifo)
        .unwrap()
        .write_all(spec_text(50).as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(130), "{stderr}");
    assert!(
        stderr.contains("interrupted after 0 of 100 draws") && stderr.contains("--resume"),
        "{stderr}"
    );
    let spec = dir.path().join("spec-file.toml");
    std::fs::write(&spec, spec_text(50)).unwrap();
    resume_completes(&spec, &out);
}

#[test]
fn a_file_size_limit_is_a_one_line_error_and_the_run_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("spec.toml");
    std::fs::write(&spec, spec_text(4000)).unwrap();
    let out = dir.path().join("out");
    // 64 blocks of 512 bytes: far less than the draws file of 8,000 draws.
    let output = Command::new("bash")
        .arg("-c")
        .arg(r#"ulimit -f 64 && exec "$0" run "$1" --out "$2" --quiet --threads 1"#)
        .arg(binary())
        .arg(&spec)
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        output.status.code(),
        Some(2),
        "not a one-line error: {stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("ulimit -f"), "{stderr}");
    resume_completes(&spec, &out);
}

/// A command that runs `boardlab ARGS` as an unprivileged user when this test runs as root
/// (for whom no folder is read-only), else as this user; `None` where root cannot give up
/// its privileges here.
fn unprivileged(args: &[&std::ffi::OsStr]) -> Option<Command> {
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    if !root {
        let mut command = Command::new(binary());
        command.args(args);
        return Some(command);
    }
    let mut command = Command::new("setpriv");
    command
        .args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
        .arg(binary())
        .args(args);
    let works = Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
        .arg(binary())
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    works.then_some(command)
}

#[test]
fn run_and_resume_on_a_read_only_folder_say_it_is_read_only() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("spec.toml");
    std::fs::write(&spec, spec_text(20)).unwrap();
    let out = dir.path().join("out");
    boardlab()
        .arg("run")
        .arg(&spec)
        .arg("--out")
        .arg(&out)
        .arg("--quiet")
        .assert()
        .success();
    use std::os::unix::fs::PermissionsExt;
    for path in [dir.path(), out.as_path()] {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    std::fs::set_permissions(&spec, std::fs::Permissions::from_mode(0o644)).unwrap();
    let writable = |mode| std::fs::set_permissions(&out, std::fs::Permissions::from_mode(mode));
    writable(0o555).unwrap();
    for extra in [&["--resume"][..], &["--force"][..]] {
        let mut args: Vec<&std::ffi::OsStr> = vec!["run".as_ref(), spec.as_os_str()];
        args.extend(["--out".as_ref(), out.as_os_str(), "--quiet".as_ref()]);
        args.extend(extra.iter().map(std::ffi::OsStr::new));
        let Some(mut command) = unprivileged(&args) else {
            eprintln!("skipped: running as root without setpriv");
            writable(0o755).unwrap();
            return;
        };
        let output = command.output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("is read-only"), "{extra:?}: {stderr}");
        assert!(!stderr.contains("lock"), "{extra:?}: {stderr}");
    }
    writable(0o755).unwrap();
}
