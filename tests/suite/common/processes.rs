//! The processes a test's engines leave: a script engine that starts a child and records
//! both, whether a process is still running, and which of a list of process ids are (killed,
//! so that a failing test leaves none behind either).

use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// Writes `dir/engine.sh`: a script that starts a child (`sleep 1000 &`), appends its and its
/// own process ids to `dir/pids`, then runs this build's boardlab with `arguments` (the
/// script's own arguments are `$1`, ...); returns the script's path, shell-quoted.
pub fn engine_with_a_child(dir: &Path, arguments: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let script = dir.join("engine.sh");
    let binary = shlex::try_quote(env!("CARGO_BIN_EXE_boardlab")).unwrap();
    let pids = shlex::try_quote(dir.join("pids").to_str().unwrap())
        .unwrap()
        .into_owned();
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nsleep 1000 &\necho $! >> {pids}\necho $$ >> {pids}\nexec {binary} {arguments}\n"
        ),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    shlex::try_quote(script.to_str().unwrap())
        .unwrap()
        .into_owned()
}

/// Whether process `pid` runs (a zombie or a dead process does not).
pub fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| {
            let state = stat
                .rsplit_once(')')?
                .1
                .split_whitespace()
                .next()?
                .to_string();
            Some(state != "Z" && state != "X")
        })
        .unwrap_or(false)
}

/// The processes of the file `pids` (one id a line) still alive a moment after the command
/// that ran them ended; they are killed.
pub fn left_running(pids: &Path) -> Vec<u32> {
    let pids: Vec<u32> = std::fs::read_to_string(pids)
        .unwrap()
        .lines()
        .map(|line| line.trim().parse().unwrap())
        .collect();
    assert!(!pids.is_empty());
    std::thread::sleep(Duration::from_millis(300));
    let left: Vec<u32> = pids.into_iter().filter(|&pid| alive(pid)).collect();
    for &pid in &left {
        let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
    }
    left
}
