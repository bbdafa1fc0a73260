//! Charts and REPORT.md of results folders: every chart renders from a small experiment
//! with the expected size, the report of a fixed experiment is pinned by a golden file, and
//! both are regenerated from the committed files alone.

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::{Path, PathBuf};

fn boardlab() -> Command {
    Command::cargo_bin("boardlab").unwrap()
}

/// Writes `dir/NAME.toml` with `spec` and runs it into `dir/NAME`, from `dir` (where a spec's
/// relative `baseline` is read); returns the results folder.
fn run_spec(dir: &Path, name: &str, spec: &str) -> PathBuf {
    let spec_path = dir.join(format!("{name}.toml"));
    std::fs::write(&spec_path, spec).unwrap();
    let out = dir.join(name);
    boardlab()
        .current_dir(dir)
        .arg("run")
        .arg(&spec_path)
        .arg("--out")
        .arg(&out)
        .arg("--quiet")
        .assert()
        .success();
    out
}

fn png_size(path: &Path) -> (u32, u32) {
    let decoder = png::Decoder::new(std::fs::File::open(path).unwrap());
    let reader = decoder
        .read_info()
        .unwrap_or_else(|e| panic!("{} is not a PNG: {e}", path.display()));
    let info = reader.info();
    (info.width, info.height)
}

#[test]
fn every_chart_of_a_small_experiment_renders_at_its_size() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("small");
    // The embedded default runs all 24 type orders, which the heat map needs.
    boardlab()
        .args(["run", "--draws", "20", "--cap", "5000", "--quiet", "--out"])
        .arg(&out)
        .assert()
        .success();
    let expected = [
        ("orderings", (1200, 240 + 30 * 24)),
        ("survival", (1200, 800)),
        ("histograms", (1200, 800)),
        ("restart", (1200, 800)),
        ("heatmap", (1100, 800)),
    ];
    for (stem, size) in expected {
        let png = out.join("charts").join(format!("{stem}.png"));
        assert_eq!(png_size(&png), size, "{stem}");
        let svg = std::fs::read_to_string(out.join("charts").join(format!("{stem}.svg"))).unwrap();
        assert!(svg.contains("<svg") && svg.contains("</svg>"), "{stem}.svg");
    }
    let report = std::fs::read_to_string(out.join("REPORT.md")).unwrap();
    for (stem, _) in expected {
        assert!(
            report.contains(&format!("(charts/{stem}.png)")),
            "the report shows {stem}"
        );
    }
}

/// Replaces what differs between machines and runs in a manifest with fixed values.
fn normalise_manifest(dir: &Path) {
    let path = dir.join("manifest.json");
    let mut m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let fixed = serde_json::json!({
        "command": "boardlab run spec.toml",
        "spec_source": "spec.toml",
        "git_describe": "GIT",
        "rustc": "RUSTC",
        "cpu": "CPU",
        "start": "2026-01-01T00:00:00Z",
        "end": "2026-01-01T00:01:00Z",
        "wall_seconds": 60.0,
        "draws_per_second": 20.0,
        "iterations_per_second": 1.0e6,
        "threads": 2,
        "series_seconds": {"QNBR": 2.0, "NRQB": 1.5, "RBNQ": 60.0},
    });
    for (key, value) in fixed.as_object().unwrap() {
        m[key] = value.clone();
    }
    for session in m["sessions"].as_array_mut().unwrap() {
        for key in [
            "command",
            "git_describe",
            "cpu",
            "start",
            "end",
            "wall_seconds",
        ] {
            session[key] = fixed[key].clone();
        }
    }
    std::fs::write(&path, serde_json::to_string_pretty(&m).unwrap()).unwrap();
}

#[test]
fn the_report_of_a_fixed_experiment_matches_its_golden_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_spec(
        dir.path(),
        "golden",
        "name = \"golden\"\ndescription = \"Three orders for the golden-file test\"\norderings = [\"QNBR\", \"NRQB\", \"RBNQ\"]\ndraws = 300\ncap = 200000\nseed = 11\n",
    );
    normalise_manifest(&out);
    // The report needs only the small files.
    std::fs::remove_file(out.join("draws.csv")).unwrap();
    std::fs::remove_dir_all(out.join("charts")).unwrap();
    boardlab().arg("report").arg(&out).assert().success();
    let report = std::fs::read_to_string(out.join("REPORT.md")).unwrap();
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/REPORT-golden.md");
    if std::env::var_os("BOARDLAB_BLESS").is_some() {
        std::fs::write(&golden, &report).unwrap();
    }
    let expected =
        std::fs::read_to_string(&golden).expect("golden file; create it with BOARDLAB_BLESS=1");
    assert!(
        report == expected,
        "REPORT.md differs from {}:\n{report}",
        golden.display()
    );
    assert!(
        out.join("charts/orderings.png").exists(),
        "report redraws the charts"
    );
}

#[test]
fn plot_and_report_need_a_results_folder() {
    let dir = tempfile::tempdir().unwrap();
    for command in ["plot", "report"] {
        boardlab()
            .arg(command)
            .arg(dir.path())
            .assert()
            .code(2)
            .stderr(predicate::str::contains("cannot read"))
            .stderr(predicate::str::contains("manifest.json"))
            .stderr(predicate::function(|s: &str| s.lines().count() == 1));
    }
}

#[test]
fn restarted_series_are_checked_against_the_baseline_prediction() {
    let dir = tempfile::tempdir().unwrap();
    // A long cutoff keeps the prediction insensitive to the baseline's sampling noise.
    run_spec(
        dir.path(),
        "base",
        "name = \"base\"\norderings = [\"QNBR\"]\ndraws = 1500\ncap = 100000\nseed = 3\n",
    );
    let restarted = run_spec(
        dir.path(),
        "restart",
        "name = \"restart\"\ndraws = 800\ncap = 100000\nseed = 4\nbaseline = \"base\"\n\
         [[series]]\norderings = [\"QNBR\"]\nrestart = \"fixed:20000\"\n",
    );
    let report = std::fs::read_to_string(restarted.join("REPORT.md")).unwrap();
    assert!(
        report.contains("## Restarts against the restart analysis"),
        "{report}"
    );
    let row = report
        .lines()
        .find(|l| l.starts_with("| seed+fixed:20000/QNBR |"))
        .expect("a row for the restarted series");
    let ratio: f64 = row
        .trim_end_matches(" |")
        .rsplit("| ")
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        (0.8..1.25).contains(&ratio),
        "measured / predicted = {ratio}: {row}"
    );

    // The baseline is read relative to the working directory; elsewhere it is an error.
    boardlab()
        .arg("report")
        .arg(&restarted)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("reading the spec's baseline base"));
}

#[test]
fn the_report_shows_where_the_backtracker_goes_wrong_when_the_folder_has_mistakes() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_spec(
        dir.path(),
        "m",
        "name = \"m\"\norderings = [\"QNBR\", \"NRQB\"]\ndraws = 40\ncap = 50000\nseed = 2\n",
    );
    boardlab()
        .args([
            "sat",
            "mistakes",
            "--order",
            "QNBR,NRQB",
            "--draws",
            "2",
            "--cap",
            "50000",
            "--quiet",
            "--output",
        ])
        .arg(dir.path().join("mistakes.csv"))
        .arg("--summary")
        .arg(out.join("mistakes.json"))
        .assert()
        .success();
    boardlab().arg("report").arg(&out).assert().success();
    let report = std::fs::read_to_string(out.join("REPORT.md")).unwrap();
    assert!(
        report.contains("## Where the backtracker goes wrong"),
        "{report}"
    );
    assert!(report.contains("| QNBR | 2 |"), "a row per order: {report}");
    assert!(report.contains("(charts/mistakes.png)"));
    assert_eq!(
        png_size(&out.join("charts/mistakes.png")),
        (1200, 230 + 26 * 6)
    );
}
