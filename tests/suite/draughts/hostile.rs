//! Hostile input to the draughts commands and the harness, as a careless or hostile user
//! gives it: damaged PDN, arguments that are not UTF-8, a Hub engine that writes without end
//! or leaves processes behind, a data file edited under an intact manifest, a database file
//! taken away, and output paths that cannot be written. Each ends in a bounded time with a
//! one-line error or the refereed result, and leaves no process running.

use crate::common::boardlab;
use crate::common::processes::{engine_with_a_child, left_running};
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// `draughts replay -` of `text` under `rules`, stopped after 20 s: the status (None when
/// it had to be stopped) and standard error.
fn replay(text: &[u8], rules: &str) -> (Option<i32>, String) {
    let output = boardlab()
        .args(["draughts", "replay", "-", "--rules", rules])
        .write_stdin(text)
        .timeout(Duration::from_secs(20))
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Asserts that replaying `text` is a one-line error (status 2) containing `expected`.
fn refused(text: &[u8], rules: &str, expected: &str) -> String {
    let (code, stderr) = replay(text, rules);
    assert_eq!(
        code,
        Some(2),
        "{:?}: {stderr}",
        String::from_utf8_lossy(text)
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(expected), "{stderr}");
    stderr
}

#[test]
fn a_stray_bracket_or_quote_in_the_moves_is_an_error_not_a_hang() {
    refused(b"]", "czech", "line 1: `]` closes nothing");
    refused(b"\"", "czech", "a string `\"` outside a tag pair");
    refused(
        b"1. c3-d4 b6-a5\n2. ] d4-c5",
        "czech",
        "line 2: `]` closes nothing",
    );
    refused(b"1. c3-d4 \"x\" b6-a5", "czech", "outside a tag pair");
}

#[test]
fn pdn_errors_escape_control_characters_and_quote_a_huge_move_cut_short() {
    // A terminal escape (ESC [ 2 J clears the screen) written into a file.
    let stderr = refused(b"1. c3-d4 \x1b[2J", "czech", "`\\u{1b}` is not a move");
    assert!(!stderr.contains('\x1b'), "{stderr:?}");
    let stderr = refused(
        b"[GameType \"2\x1b]0;owned\x07\"]\n1. 32-28",
        "international",
        "GameType `2\\u{1b}]0;owned\\u{7}`",
    );
    assert!(!stderr.contains(['\x1b', '\x07']), "{stderr:?}");
    // A long square in a move, and a long word that is no move, are quoted cut short.
    let mut long = b"1. 32-".to_vec();
    long.extend(std::iter::repeat_n(b'9', 900));
    let stderr = refused(&long, "international", "is not a square");
    assert!(stderr.len() < 300 && stderr.contains('…'), "{stderr}");
    let mut long = b"1. 32-28 ".to_vec();
    long.extend(std::iter::repeat_n(b'#', 900));
    let stderr = refused(&long, "international", "is not a move");
    assert!(stderr.len() < 300 && stderr.contains('…'), "{stderr}");
    // A word, or a tag's value, without end is refused where it starts, never held whole:
    // 50 MB of one of each.
    for (start, filler) in [(&b"1. 32-"[..], b'9'), (&b"[Event \""[..], b'e')] {
        let mut huge = start.to_vec();
        huge.extend(std::iter::repeat_n(filler, 50_000_000));
        let (code, stderr) = replay(&huge, "international");
        assert_eq!(code, Some(2), "{}", &stderr[..stderr.len().min(300)]);
        assert!(
            stderr.contains("line 1: a "),
            "{}",
            &stderr[..stderr.len().min(300)]
        );
        assert!(
            stderr.len() < 300 && stderr.lines().count() == 1,
            "{stderr}"
        );
    }
}

#[test]
fn a_backwards_range_in_a_fen_tag_is_an_error_not_an_empty_side() {
    refused(
        b"[FEN \"W:W31-50:B20-1\"]\n*",
        "international",
        "range `20-1` runs backwards; write 1-20",
    );
    let (code, stderr) = replay(b"[FEN \"W:W31-50:B1-20\"]\n*", "international");
    assert_eq!(code, Some(0), "{stderr}");
}

#[test]
fn replay_refuses_a_move_after_the_game_is_drawn_by_repetition() {
    // Two kings shuffle: after eight plies the start position stands for the third time, and
    // the game is drawn (Czech rules: three repetitions), as the match referee rules it.
    let shuffle =
        "[FEN \"W:WKa1:BKh2\"]\n1. a1-b2 h2-g1 2. b2-a1 g1-h2 3. a1-b2 h2-g1 4. b2-a1 g1-h2";
    let (code, stderr) = replay(format!("{shuffle} *").as_bytes(), "czech");
    assert_eq!(code, Some(0), "{stderr}");
    refused(
        format!("{shuffle} 5. a1-b2 *").as_bytes(),
        "czech",
        "game 1, move 5, white (a1-b2): the game is over before this move (drawn by repetition",
    );
}

/// A small ChessMemory spec, written to `dir/spec.toml`.
fn small_spec(dir: &Path) -> PathBuf {
    let spec = dir.join("spec.toml");
    std::fs::write(
        &spec,
        "name = \"hostile\"\norderings = [\"QNBR\", \"NRQB\"]\ncap = 2000\nseed = 7\ndraws = 20\n",
    )
    .unwrap();
    spec
}

#[test]
fn arguments_that_are_not_utf8_are_one_line_errors_or_paths_that_work() {
    let output = boardlab()
        .args([OsStr::new("draughts"), OsStr::new("moves")])
        .arg(OsStr::from_bytes(b"\xff"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("invalid UTF-8"), "{stderr}");
    // A folder name of any bytes is a folder name.
    let dir = tempfile::tempdir().unwrap();
    let spec = small_spec(dir.path());
    let out = dir.path().join(OsStr::from_bytes(b"x\xff"));
    let output = boardlab()
        .arg("run")
        .arg(&spec)
        .arg("--out")
        .arg(&out)
        .arg("--quiet")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(out.join("REPORT.md").is_file() && out.join("draws.csv").is_file());
    let manifest = std::fs::read_to_string(out.join("manifest.json")).unwrap();
    assert!(manifest.contains("x\u{fffd}"), "the command line, readable");
}

#[test]
fn an_engine_that_never_stops_writing_forfeits_on_time_in_bounded_memory() {
    // `yes` writes `y` lines, which the protocol ignores, as fast as they are read. Under a
    // 2 GB address-space limit, so that a reader that keeps them fails fast.
    let binary = env!("CARGO_BIN_EXE_boardlab");
    let started = Instant::now();
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v 2000000; exec {} draughts games 'hub[timeout=1]:yes' random --rules international --games 1",
            shlex::try_quote(binary).unwrap()
        ))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stdout.contains(",0-1,0,forfeit:timeout"), "{stdout}");
    assert!(started.elapsed() < Duration::from_secs(10));
}

/// Whether process `pid` is alive: listed, and not a zombie waiting for its parent.
/// A script engine that starts a child (`sleep 1000 &`) and records its and its own process
/// ids in `dir/pids`, then runs this build's engine with `engine_args`; its `hub:` name.
fn engine_with_children(dir: &Path, engine_args: &str) -> String {
    let script = engine_with_a_child(dir, &format!("draughts hub {engine_args}"));
    format!("hub[timeout=10]:{script}")
}

#[test]
fn an_engine_and_its_children_end_after_each_game_and_each_forfeit() {
    for (engine_args, fault) in [
        ("--bot random", None),
        (
            "--bot random --fault garbage --fault-after 2",
            Some("forfeit:garbage"),
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let hub = engine_with_children(dir.path(), engine_args);
        let output = boardlab()
            .args([
                "draughts",
                "games",
                &hub,
                "random",
                "--rules",
                "international",
            ])
            .args(["--games", "2", "--max-plies", "20"])
            .timeout(Duration::from_secs(60))
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{output:?}");
        if let Some(fault) = fault {
            assert_eq!(stdout.matches(fault).count(), 2, "{stdout}");
        }
        let left = left_running(&dir.path().join("pids"));
        assert!(left.is_empty(), "{engine_args}: left running: {left:?}");
    }
}

#[test]
fn sigint_to_draughts_games_ends_the_engine_and_its_children() {
    let dir = tempfile::tempdir().unwrap();
    // The engine takes its first search and never answers.
    let hub = engine_with_children(dir.path(), "--bot random --fault hang --fault-after 0");
    let hub = hub.replace("timeout=10", "timeout=60");
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args([
            "draughts",
            "games",
            &hub,
            "random",
            "--rules",
            "international",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pids = dir.path().join("pids");
    let started = Instant::now();
    while std::fs::read_to_string(&pids).map_or(0, |t| t.lines().count()) < 2 {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the engine starts"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    // Its handshake and first search, then Ctrl-C as `kill -INT` gives it.
    std::thread::sleep(Duration::from_millis(500));
    // SAFETY: kill sends a signal to a child of this test.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{status:?}");
    let left = left_running(&pids);
    assert!(left.is_empty(), "left running: {left:?}");
}

/// `boardlab compare a b`: the status and the output's two streams.
fn compare(a: &Path, b: &Path) -> (Option<i32>, String, String) {
    let output = boardlab().arg("compare").arg(a).arg(b).output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Changes one digit in the middle of `path` to another.
fn flip_a_byte_in_the_middle(path: &Path) {
    let mut bytes = std::fs::read(path).unwrap();
    let mut at = bytes.len() / 2;
    if path.extension().is_some_and(|e| e == "zst") {
        bytes[at] ^= 0x01;
    } else {
        while !bytes[at].is_ascii_digit() {
            at += 1;
        }
        bytes[at] = if bytes[at] == b'1' { b'2' } else { b'1' };
    }
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn compare_hashes_the_data_files_it_calls_the_same_data() {
    for (compress, data) in [(false, "draws.csv"), (true, "draws.csv.zst")] {
        let dir = tempfile::tempdir().unwrap();
        let spec = small_spec(dir.path());
        let first = dir.path().join("a");
        let mut run = boardlab();
        run.arg("run")
            .arg(&spec)
            .arg("--out")
            .arg(&first)
            .arg("--quiet");
        if compress {
            run.arg("--compress");
        }
        run.assert().success();
        let second = dir.path().join("b");
        let copied = Command::new("cp")
            .arg("-r")
            .arg(&first)
            .arg(&second)
            .status()
            .unwrap();
        assert!(copied.success());
        let (code, stdout, _) = compare(&first, &second);
        assert_eq!(code, Some(0));
        assert!(
            stdout.starts_with("agree: the same data")
                && stdout.contains("in both manifests and both data files"),
            "{stdout}"
        );
        flip_a_byte_in_the_middle(&second.join(data));
        let (code, stdout, stderr) = compare(&first, &second);
        assert_eq!(code, Some(2), "{data}: {stdout}");
        assert!(
            stderr.contains(&format!("{data} is not the data its manifest records")),
            "{stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        // A folder published without its data: the manifests are trusted, and it says so.
        std::fs::remove_file(second.join(data)).unwrap();
        let (code, stdout, _) = compare(&first, &second);
        assert_eq!(code, Some(0));
        assert!(
            stdout.contains("trusted since") && stdout.contains(data),
            "{stdout}"
        );
    }
}

#[test]
fn endgame_files_are_readable_by_all_and_a_missing_one_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("eg");
    let built = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "umask 022; exec {} draughts endgame build --rules czech --pieces 3 --out {}",
            shlex::try_quote(env!("CARGO_BIN_EXE_boardlab")).unwrap(),
            shlex::try_quote(out.to_str().unwrap()).unwrap()
        ))
        .output()
        .unwrap();
    assert!(built.status.success(), "{built:?}");
    let files: Vec<PathBuf> = std::fs::read_dir(out.join("czech"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 18);
    for file in &files {
        let mode = std::fs::metadata(file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o644, "{}", file.display());
    }
    let stats = || {
        boardlab()
            .args(["draughts", "endgame", "stats", "--rules", "czech", "--dir"])
            .arg(&out)
            .output()
            .unwrap()
    };
    assert!(stats().status.success());
    // One file of three pieces taken away: the database is not quietly one of two pieces.
    let gone = out.join("czech/1m1k-1m0k.egdb");
    std::fs::remove_file(&gone).unwrap();
    let output = stats();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("{}: missing; build it with", gone.display())),
        "{stderr}"
    );
    // Replaced by a folder: named too.
    std::fs::create_dir(&gone).unwrap();
    let output = stats();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("1m1k-1m0k.egdb"), "{stderr}");
}

#[test]
fn output_paths_that_cannot_be_written_are_refused_first_naming_the_option() {
    let dir = tempfile::tempdir().unwrap();
    // Refused before the benchmark runs, naming the option as given.
    let output = boardlab()
        .args(["knights-tour", "bench", "--draws", "20"])
        .args(["--out", "/nonexistent-dir/x.csv"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("--out /nonexistent-dir/x.csv: the folder /nonexistent-dir does not exist"),
        "{stderr}"
    );
    // A link to nothing, for a results folder and for the bench's file.
    let link = dir.path().join("dangling");
    std::os::unix::fs::symlink(dir.path().join("nothing"), &link).unwrap();
    let spec = small_spec(dir.path());
    let output = boardlab()
        .arg("run")
        .arg(&spec)
        .arg("--out")
        .arg(&link)
        .arg("--quiet")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("a link to nothing"), "{stderr}");
    assert!(!stderr.contains("File exists"), "{stderr}");
    let output = boardlab()
        .args(["knights-tour", "bench", "--draws", "2", "--out"])
        .arg(&link)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("a link to nothing"), "{stderr}");
}

#[test]
fn an_engine_file_that_is_not_executable_is_refused_at_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let engine = dir.path().join("engine");
    std::fs::write(&engine, "#!/bin/sh\n").unwrap();
    std::fs::set_permissions(&engine, std::fs::Permissions::from_mode(0o644)).unwrap();
    let named = format!("a={}", engine.display());
    // A server that took it would listen until stopped.
    let output = boardlab()
        .args(["serve", "--port", "0", "--engine", &named])
        .timeout(Duration::from_secs(10))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("is not executable"), "{stderr}");
    let output = boardlab()
        .args([
            "draughts",
            "games",
            &format!("hub:{}", engine.display()),
            "random",
        ])
        .args(["--rules", "international", "--games", "1"])
        .timeout(Duration::from_secs(10))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("is not executable"), "{stderr}");
}

/// Waits until process `pid` no longer dies of SIGINT: `main` holds it (its `SigBlk` mask
/// has it) from its first line, and a handler catches it (`SigCgt`) once the command has
/// set its own; false if it ended or did neither within 10 s.
fn answers_sigint(pid: u32) -> bool {
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(10) {
        let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else {
            return false;
        };
        let mask = |name: &str| {
            status
                .lines()
                .find_map(|line| line.strip_prefix(name))
                .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
                .unwrap_or(0)
        };
        if (mask("SigBlk:") | mask("SigCgt:")) & (1 << (libc::SIGINT - 1)) != 0 {
            return true;
        }
        std::thread::yield_now();
    }
    false
}

/// Sends SIGINT to a child of this test.
fn interrupt(child: &std::process::Child) {
    // SAFETY: kill sends a signal to a child of this test.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
}

#[test]
fn ctrl_c_in_the_first_moments_of_run_and_serve_stops_them_as_later() {
    let dir = tempfile::tempdir().unwrap();
    // Long enough (a few seconds) that the signal comes before the run is done.
    let spec = dir.path().join("spec.toml");
    std::fs::write(
        &spec,
        "name = \"early\"\norderings = [\"QNBR\", \"NRQB\"]\nseed = 7\ndraws = 3000\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    let commands: [(&str, Vec<&OsStr>); 2] = [
        (
            "run",
            vec![
                OsStr::new("run"),
                spec.as_os_str(),
                OsStr::new("--out"),
                out.as_os_str(),
            ],
        ),
        (
            "serve",
            vec![OsStr::new("serve"), OsStr::new("--port"), OsStr::new("0")],
        ),
    ];
    for (name, args) in commands {
        let child = Command::new(env!("CARGO_BIN_EXE_boardlab"))
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The signal comes as soon as `main` has begun: before a run has read its spec or
        // the server has bound its port.
        assert!(answers_sigint(child.id()), "{name}: main answers Ctrl-C");
        interrupt(&child);
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        let stdout = String::from_utf8_lossy(&output.stdout);
        match name {
            "run" => {
                assert_eq!(output.status.code(), Some(130), "{stderr}");
                assert!(stderr.contains("interrupted after"), "{stderr}");
                // The folder is left as any interrupted run leaves it: it resumes.
                let resumed = boardlab()
                    .args(&args)
                    .args(["--resume", "--quiet"])
                    .output()
                    .unwrap();
                assert!(resumed.status.success(), "{resumed:?}");
            }
            _ => {
                assert_eq!(output.status.code(), Some(0), "{stderr}");
                assert!(
                    stdout.starts_with("listening on http://127.0.0.1:"),
                    "{stdout}"
                );
            }
        }
    }
}

#[test]
fn a_second_ctrl_c_of_a_run_ends_its_engines_and_their_children() {
    let dir = tempfile::tempdir().unwrap();
    // The engine takes its first search and never answers: the first Ctrl-C waits for the
    // game in flight, the second ends it all.
    let hub = engine_with_children(dir.path(), "--bot random --fault hang --fault-after 0")
        .replace("timeout=10", "timeout=60");
    let spec = dir.path().join("spec.toml");
    std::fs::write(
        &spec,
        format!(
            "puzzle = \"draughts-variants\"\nname = \"hub\"\nseed = 3\ngames = 2\nmax-plies = 20\n\
             players = [{hub:?}, \"random\"]\n"
        ),
    )
    .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .arg("run")
        .arg(&spec)
        .arg("--out")
        .arg(dir.path().join("out"))
        .arg("--quiet")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pids = dir.path().join("pids");
    let started = Instant::now();
    while std::fs::read_to_string(&pids).map_or(0, |t| t.lines().count()) < 2 {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the engine starts"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(500));
    interrupt(&child);
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        child.try_wait().unwrap().is_none(),
        "the first Ctrl-C waits"
    );
    interrupt(&child);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{status:?}");
    let left = left_running(&pids);
    assert!(left.is_empty(), "left running: {left:?}");
}

#[test]
fn replay_of_a_stream_holds_a_few_chunks_of_it_whatever_its_length() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args(["draughts", "replay", "-", "--rules", "international"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // 64 MiB of one game's comment, then its moves; memory is looked at before the end.
    stdin.write_all(b"[Event \"long\"]\n1. 32-28 {").unwrap();
    let comment = vec![b'x'; 1 << 20];
    for _ in 0..64 {
        stdin.write_all(&comment).unwrap();
    }
    std::thread::sleep(Duration::from_millis(200));
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let peak_kib: u64 = status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    stdin.write_all(b"} 19-23 *\n").unwrap();
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{output:?}");
    assert!(
        String::from_utf8_lossy(&output.stdout).ends_with("1 game, every move legal\n"),
        "{output:?}"
    );
    assert!(
        peak_kib < 32 << 10,
        "peak memory {peak_kib} KiB after 64 MiB read"
    );
}
