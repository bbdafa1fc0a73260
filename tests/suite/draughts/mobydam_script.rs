//! `scripts/mobydam.sh` stops with a one-line reason, before anything is built or run, where
//! Moby Dam's source cannot be had; and, given a stand-in source whose "engine" is boardlab's
//! own DXP engine taking Moby Dam's options, it builds it, turns the two-move ballots into
//! openings and runs the match from them, each ballot from both seats.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

fn run_script(args: &[&Path], dir: &Path, env: &[(&str, &str)]) -> (i32, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let output = Command::new("bash")
        .arg(root.join("scripts/mobydam.sh"))
        .args(args)
        .env("MOBYDAM_BUILD", dir.join("build"))
        .env("BOARDLAB_BIN", env!("CARGO_BIN_EXE_boardlab"))
        .envs(env.iter().copied())
        .current_dir(root)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.code().unwrap_or(-1), stderr)
}

#[test]
fn a_missing_or_foreign_source_is_named_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let (code, stderr) = run_script(&[], dir.path(), &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("give the folder of Moby Dam's source"),
        "{stderr}"
    );
    let missing = dir.path().join("no-such-mobydam");
    let (code, stderr) = run_script(&[&missing], dir.path(), &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("is no folder"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let foreign = dir.path().join("foreign");
    std::fs::create_dir_all(&foreign).unwrap();
    let (code, stderr) = run_script(&[&foreign], dir.path(), &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("it is not Moby Dam's source"), "{stderr}");
    assert!(!dir.path().join("build").exists(), "nothing was built");
}

#[test]
fn a_source_builds_and_its_ballots_are_played_from_both_seats() {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("mobydam");
    for folder in ["main", "core", "test"] {
        std::fs::create_dir_all(source.join(folder)).unwrap();
    }
    std::fs::write(source.join("main/dxp.c"), "/* stand-in */\n").unwrap();
    // The stand-in engine reads Moby Dam's `-c HOST -p PORT -t N` and is boardlab's own.
    let engine = format!(
        "#!/bin/sh\nwhile [ $# -gt 0 ]; do\n  case $1 in -p) port=$2; shift ;; esac\n  shift\ndone\n\
         exec {} draughts dxp --bot random --connect 127.0.0.1:$port\n",
        shlex::try_quote(env!("CARGO_BIN_EXE_boardlab")).unwrap()
    );
    std::fs::write(source.join("main/mobydam.in"), engine).unwrap();
    std::fs::write(
        source.join("main/Makefile"),
        "lin:\n\tcp mobydam.in mobydam\n\tchmod +x mobydam\n",
    )
    .unwrap();
    std::fs::set_permissions(
        source.join("main/mobydam.in"),
        std::fs::Permissions::from_mode(0o755),
    )
    .unwrap();
    let start_black: Vec<String> = (1..=20).map(|s| s.to_string()).collect();
    let ballot = |white_from: u32, white_to: u32, black_from: u32, black_to: u32| {
        let white: Vec<String> = (31..=50)
            .map(|s| if s == white_from { white_to } else { s })
            .map(|s| s.to_string())
            .collect();
        let black: Vec<String> = start_black
            .iter()
            .map(|s| match s.parse::<u32>().unwrap() {
                s if s == black_from => black_to.to_string(),
                s => s.to_string(),
            })
            .collect();
        format!("W:W{}:B{}", white.join(","), black.join(","))
    };
    std::fs::write(
        source.join("test/2-move ballots matchfile.fen"),
        format!("{}\n{}\n", ballot(31, 26, 16, 21), ballot(34, 29, 20, 24)),
    )
    .unwrap();
    let out = dir.path().join("out");
    let (code, stderr) = run_script(
        &[&source, &out],
        dir.path(),
        &[
            ("DEPTHS", "3"),
            ("MOVE_TIME", ""),
            ("PLAYERS", "alphabeta:1"),
        ],
    );
    assert_eq!(code, 0, "{stderr}");
    let draws = std::fs::read_to_string(out.join("draws.csv")).unwrap();
    let rows: Vec<Vec<&str>> = draws
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert_eq!(rows.len(), 4, "two ballots, each from both seats: {draws}");
    for row in &rows {
        let index: usize = row[1].parse().unwrap();
        let opening = ["31-26 16-21", "34-29 20-24"][index / 2];
        assert!(row[6].starts_with(&format!("{opening} ")), "{row:?}");
        assert!(!row[6].contains("forfeit"), "{row:?}");
        assert!(
            row[2].starts_with("dxp[depth=3;") == index.is_multiple_of(2),
            "{row:?}"
        );
    }
    assert!(out.join("REPORT.md").is_file());
}
