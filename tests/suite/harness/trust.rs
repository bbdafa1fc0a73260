//! `boardlab report` and `boardlab plot` trust a finished folder only as `run --resume`
//! does: an edited manifest is refused by all three, and an edited table is made again from
//! `draws.csv` (by `report` and `--resume`) or refused (by `plot`, and wherever the draws are
//! not kept).

use crate::common::boardlab;
use std::path::{Path, PathBuf};

/// A finished ChessMemory folder of 20 draws per ordering, and its spec.
fn finished_folder(dir: &Path) -> (PathBuf, PathBuf) {
    let spec = dir.join("spec.toml");
    std::fs::write(
        &spec,
        "name = \"trust\"\norderings = [\"QNBR\", \"NRQB\"]\ndraws = 20\ncap = 2000\nseed = 7\n",
    )
    .unwrap();
    let out = dir.join("out");
    boardlab()
        .arg("run")
        .arg(&spec)
        .arg("--out")
        .arg(&out)
        .arg("--quiet")
        .assert()
        .success();
    (spec, out)
}

/// `boardlab report`, `boardlab plot` and `boardlab run --resume` of `out`: each one's exit
/// status and standard error.
fn all_three(spec: &Path, out: &Path) -> Vec<(Option<i32>, String)> {
    let commands: [Vec<&std::ffi::OsStr>; 3] = [
        vec!["report".as_ref(), out.as_os_str(), "--quiet".as_ref()],
        vec!["plot".as_ref(), out.as_os_str(), "--quiet".as_ref()],
        vec![
            "run".as_ref(),
            spec.as_os_str(),
            "--out".as_ref(),
            out.as_os_str(),
            "--resume".as_ref(),
            "--quiet".as_ref(),
        ],
    ];
    commands
        .iter()
        .map(|args| {
            let output = boardlab().args(args).output().unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
            (output.status.code(), stderr)
        })
        .collect()
}

/// Replaces `from` by `to` in the manifest of `out` (once; it must be there).
fn edit_manifest(out: &Path, from: &str, to: &str) {
    let path = out.join("manifest.json");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{from} is not in the manifest");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn an_edited_seed_is_refused_by_report_plot_and_resume_alike() {
    for (from, to, named) in [
        ("\"seed\": 7", "\"seed\": -1", "seed"),
        ("\"master_seed\": 7", "\"master_seed\": 8", "master_seed"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let (spec, out) = finished_folder(dir.path());
        edit_manifest(&out, from, to);
        let report = std::fs::read(out.join("REPORT.md")).unwrap();
        for (command, (code, stderr)) in ["report", "plot", "run --resume"]
            .iter()
            .zip(all_three(&spec, &out))
        {
            assert_eq!(code, Some(2), "{command} after {to}: {stderr}");
            assert!(stderr.contains(named), "{command} after {to}: {stderr}");
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
        }
        assert_eq!(std::fs::read(out.join("REPORT.md")).unwrap(), report);
    }
}

#[test]
fn an_edited_spec_key_is_named_without_a_setting_never_given() {
    let dir = tempfile::tempdir().unwrap();
    let (spec, out) = finished_folder(dir.path());
    edit_manifest(&out, "\"name\": \"trust\"", "\"name\": \"edited\"");
    for (command, (code, stderr)) in ["report", "plot"].iter().zip(all_three(&spec, &out)) {
        assert_eq!(code, Some(2), "{command}: {stderr}");
        assert!(
            stderr.contains("the recorded `name` differs from the spec text's"),
            "{command}: {stderr}"
        );
        assert!(!stderr.contains("--set"), "{command}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
}

#[test]
fn an_edited_count_is_refused_by_report_and_plot() {
    let dir = tempfile::tempdir().unwrap();
    let (spec, out) = finished_folder(dir.path());
    edit_manifest(&out, "\"draws\": 40", "\"draws\": 41");
    for (command, (code, stderr)) in ["report", "plot"].iter().zip(all_three(&spec, &out)) {
        assert_eq!(code, Some(2), "{command}: {stderr}");
        assert!(stderr.contains("counts 41 draws"), "{command}: {stderr}");
    }
}

#[test]
fn an_edited_table_is_remade_from_the_draws_or_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (spec, out) = finished_folder(dir.path());
    let summary = out.join("summary.csv");
    let kept = std::fs::read(&summary).unwrap();
    let edited = String::from_utf8(kept.clone())
        .unwrap()
        .replacen(",20,", ",21,", 1);
    std::fs::write(&summary, &edited).unwrap();
    let results = all_three(&spec, &out);
    let (plot_code, plot_error) = &results[1];
    // `report` ran first and made the table again; then `plot` and `--resume` accept it.
    assert_eq!(results[0].0, Some(0), "report: {}", results[0].1);
    assert_eq!(*plot_code, Some(0), "plot: {plot_error}");
    assert_eq!(std::fs::read(&summary).unwrap(), kept);
    // `plot` makes no table: it refuses an edited one.
    std::fs::write(&summary, &edited).unwrap();
    let output = boardlab().arg("plot").arg(&out).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("summary.csv does not match"), "{stderr}");
    // Without draws.csv there is nothing to make it from: `report` refuses it too.
    std::fs::remove_file(out.join("draws.csv")).unwrap();
    let output = boardlab().arg("report").arg(&out).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("summary.csv does not match"), "{stderr}");
}
