//! Every `bench` times its work the same way: `--warmup` runs thrown away, `--runs` timed
//! runs summarised (mean ± standard deviation, median, min, max of the time per run and of
//! the rate) in its JSON line and on standard error, and exported in hyperfine's JSON, CSV
//! and Markdown formats; a path an export cannot be written to is refused on one line before
//! any run.

use crate::common::boardlab;
use serde_json::Value;
use std::path::Path;

/// A small workload of each bench, and the start of the command its exports name.
const BENCHES: &[(&[&str], &str)] = &[
    (
        &["chess-memory", "bench", "--threads", "1", "--draws", "10"],
        "boardlab chess-memory bench --order QNBR --board-size 8 --algorithm seed",
    ),
    (
        &["knights-tour", "bench", "--board-size", "8", "--draws", "4"],
        "boardlab knights-tour bench --board-size 8x8 --rule seed --start 1,1",
    ),
    (
        &["fifteen", "bench", "--games", "200"],
        "boardlab fifteen bench --a random --b random --games 200 --seed 1",
    ),
    (
        &["draughts", "bench", "--depth", "4"],
        "boardlab draughts bench --depth 4 --rules czech --captures paths",
    ),
];

/// Runs `args` in `dir` with the exports into it; returns the JSON line and standard error.
fn bench_with_exports(dir: &Path, args: &[&str], extra: &[&str]) -> (Value, String) {
    let output = boardlab()
        .current_dir(dir)
        .args(args)
        .args(extra)
        .args(["--export-json", "runs.json", "--export-csv", "runs.csv"])
        .args(["--export-markdown", "runs.md"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(output.status.success(), "{args:?}: {stderr}");
    let report = serde_json::from_slice(&output.stdout).unwrap();
    (report, stderr)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs())
}

/// The mean, sample standard deviation and median of `values`, computed here again.
fn mean_sd_median(values: &[f64]) -> (f64, f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let sd = (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let middle = sorted.len() / 2;
    let median = if sorted.len() % 2 == 1 {
        sorted[middle]
    } else {
        (sorted[middle - 1] + sorted[middle]) / 2.0
    };
    (mean, sd, median)
}

/// The `run_seconds` or `run_rate` object agrees with its own values.
fn check_summary(summary: &Value, runs: usize, what: &str) -> Vec<f64> {
    let values: Vec<f64> = summary["values"]
        .as_array()
        .unwrap_or_else(|| panic!("{what}: {summary}"))
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert_eq!(values.len(), runs, "{what}: {summary}");
    let (mean, sd, median) = mean_sd_median(&values);
    assert!(close(summary["mean"].as_f64().unwrap(), mean), "{what}");
    assert!(close(summary["stddev"].as_f64().unwrap(), sd), "{what}");
    assert!(close(summary["median"].as_f64().unwrap(), median), "{what}");
    let min = values.iter().copied().fold(f64::INFINITY, f64::min);
    let max = values.iter().copied().fold(0.0, f64::max);
    assert_eq!(summary["min"].as_f64().unwrap(), min, "{what}");
    assert_eq!(summary["max"].as_f64().unwrap(), max, "{what}");
    values
}

#[test]
fn every_bench_summarises_its_timed_runs_and_exports_them_as_hyperfine_does() {
    for &(args, command) in BENCHES {
        let dir = tempfile::tempdir().unwrap();
        let (report, stderr) =
            bench_with_exports(dir.path(), args, &["--warmup", "2", "--runs", "3"]);
        // The runs recorded are the timed ones; the warm-up runs are counted apart.
        assert_eq!(report["runs"], 3, "{args:?}: {report}");
        assert_eq!(report["warmup"], 2, "{args:?}: {report}");
        let seconds = check_summary(&report["run_seconds"], 3, "run_seconds");
        let rates = check_summary(&report["run_rate"], 3, "run_rate");
        // Each run's rate is what it counted over its time, and the common keys are the
        // median run's.
        let count = report["count"].as_f64().unwrap();
        for (s, r) in seconds.iter().zip(&rates) {
            assert!(close(count / s, *r), "{args:?}: {report}");
        }
        let median = report["seconds"].as_f64().unwrap();
        assert!(seconds.contains(&median), "{args:?}: {report}");
        assert!(
            stderr.contains("Time (mean ± σ):") && stderr.contains("[3 runs, 2 warm-ups]"),
            "{args:?}: {stderr}"
        );
        assert!(stderr.contains("Rate (mean ± σ):"), "{args:?}: {stderr}");

        let exported: Value =
            serde_json::from_str(&std::fs::read_to_string(dir.path().join("runs.json")).unwrap())
                .unwrap();
        let results = exported["results"].as_array().unwrap();
        assert_eq!(results.len(), 1, "{args:?}: {exported}");
        let result = &results[0];
        assert!(
            result["command"].as_str().unwrap().starts_with(command),
            "{args:?}: {result}"
        );
        let times: Vec<f64> = result["times"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_f64().unwrap())
            .collect();
        assert_eq!(times, seconds, "{args:?}");
        for key in ["mean", "stddev", "median", "min", "max"] {
            assert_eq!(result[key], report["run_seconds"][key], "{args:?} {key}");
        }
        assert!(result["user"].as_f64().unwrap() >= 0.0, "{result}");
        assert!(result["system"].as_f64().unwrap() >= 0.0, "{result}");

        let csv = crate::common::csv_rows(&dir.path().join("runs.csv"));
        assert_eq!(csv.len(), 1, "{args:?}");
        for column in [
            "command", "mean", "stddev", "median", "user", "system", "min", "max",
        ] {
            assert!(csv[0].contains_key(column), "{args:?}: no {column}");
        }
        assert_eq!(csv[0].len(), 8, "{args:?}: {:?}", csv[0]);
        let mean: f64 = csv[0]["mean"].parse().unwrap();
        assert_eq!(mean, report["run_seconds"]["mean"].as_f64().unwrap());
        assert_eq!(csv[0]["command"], result["command"].as_str().unwrap());

        let markdown = std::fs::read_to_string(dir.path().join("runs.md")).unwrap();
        let lines: Vec<&str> = markdown.lines().collect();
        assert_eq!(
            lines[..2],
            [
                "| Command | Mean [s] | Min [s] | Max [s] | Relative |",
                "|:---|---:|---:|---:|---:|"
            ]
        );
        assert_eq!(lines.len(), 3, "{markdown}");
        assert!(lines[2].starts_with(&format!("| `{command}")), "{markdown}");
        assert!(
            lines[2].contains(" ± ") && lines[2].ends_with(" | 1.00 |"),
            "{markdown}"
        );
    }
}

#[test]
fn the_defaults_are_one_warm_up_and_one_timed_run() {
    let output = boardlab()
        .args(["fifteen", "bench", "--games", "50"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!((&report["warmup"], &report["runs"]), (&1.into(), &1.into()));
    assert!(report["run_seconds"]["stddev"].is_null(), "{report}");
    assert_eq!(report["run_seconds"]["median"], report["seconds"]);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("Time (mean):"), "{stderr}");
    assert!(stderr.contains("[1 run, 1 warm-up]"), "{stderr}");
}

#[test]
fn a_comparison_exports_both_searches_with_their_relative_time() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "chess-memory",
        "bench",
        "--threads",
        "1",
        "--algorithm",
        "cover",
        "--draws",
        "40",
        "--compare",
        "seed",
        "--compare-draws",
        "4",
    ];
    // --repeat is the older spelling of --runs.
    let (report, _) = bench_with_exports(dir.path(), &args, &["--warmup", "0", "--repeat", "2"]);
    assert_eq!(report["runs"], 2, "{report}");
    assert_eq!(report["warmup"], 0, "{report}");
    assert_eq!(report["compare"]["runs"], 2, "{report}");
    check_summary(&report["compare"]["run_rate"], 2, "compare run_rate");

    let exported: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("runs.json")).unwrap())
            .unwrap();
    let commands: Vec<&str> = exported["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["command"].as_str().unwrap())
        .collect();
    assert_eq!(commands.len(), 2);
    assert!(commands[0].contains("--algorithm cover --restart none --draws 40"));
    assert!(commands[1].contains("--algorithm seed --restart none --draws 4"));
    let csv = crate::common::csv_rows(&dir.path().join("runs.csv"));
    assert_eq!(csv.len(), 2);
    let markdown = std::fs::read_to_string(dir.path().join("runs.md")).unwrap();
    let rows: Vec<&str> = markdown.lines().skip(2).collect();
    assert_eq!(rows.len(), 2, "{markdown}");
    // The faster row is the reference, 1.00; the other is its mean over the faster one.
    let relative: Vec<&str> = rows
        .iter()
        .map(|row| row.trim_end_matches(" |").rsplit(" | ").next().unwrap())
        .collect();
    assert_eq!(
        relative.iter().filter(|r| **r == "1.00").count(),
        1,
        "{markdown}"
    );
    let other = relative.iter().find(|r| **r != "1.00").unwrap();
    let ratio: f64 = other.split(" ± ").next().unwrap().parse().unwrap();
    assert!(ratio >= 1.0, "{markdown}");
}

#[test]
fn a_bad_export_path_is_one_line_and_status_2_before_any_run() {
    let dir = tempfile::tempdir().unwrap();
    for (option, path, message) in [
        (
            "--export-json",
            "no/such/folder/runs.json",
            "no/such/folder/runs.json",
        ),
        (
            "--export-csv",
            ".",
            "is a folder: an export needs a file name",
        ),
        ("--export-markdown", "", "runs.md"),
    ] {
        let path = if path.is_empty() {
            // A file where the export's folder should be.
            std::fs::write(dir.path().join("plain"), "").unwrap();
            "plain/runs.md"
        } else {
            path
        };
        let output = boardlab()
            .current_dir(dir.path())
            .args(["draughts", "bench", "--depth", "3", option, path])
            .output()
            .unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(2), "{option}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{option}: {stderr}");
        assert!(
            stderr.starts_with(&format!("error: {option}: ")),
            "{option}: {stderr}"
        );
        assert!(stderr.contains(message), "{option}: {stderr}");
        assert!(output.stdout.is_empty(), "{option}: measured anyway");
    }
    let left: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, ["plain"], "left behind: {left:?}");
}

#[test]
fn runs_and_warm_ups_out_of_range_are_refused() {
    for (option, value) in [("--runs", "0"), ("--runs", "1001"), ("--warmup", "-1")] {
        let output = boardlab()
            .args(["fifteen", "bench", "--games", "1", option, value])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{option} {value}");
        assert!(output.stdout.is_empty());
    }
}
