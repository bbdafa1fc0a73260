//! Charts and REPORT.md of results folders: every chart renders from a small experiment
//! with the expected size, the report of a fixed experiment is pinned by a golden file, and
//! both are regenerated from the committed files alone.

use crate::common::{boardlab, golden};
use predicates::prelude::*;
use std::path::{Path, PathBuf};

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
        "reproduce": "boardlab run spec.toml",
        "rustc": "RUSTC",
        "cpu": "CPU",
        "start": "2026-01-01T00:00:00Z",
        "end": "2026-01-01T00:01:00Z",
        "wall_seconds": 60.0,
        "draws_per_second": 20.0,
        "work_per_second": 1.0e6,
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
    golden::check("REPORT-golden.md", "REPORT.md", &report);
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

/// Runs `boardlab run ARGS --out DIR/out --quiet` and returns the folder; the run must
/// finish, write a summary with its header and a REPORT.md.
fn run_args(dir: &Path, args: &[&str]) -> PathBuf {
    let out = dir.join("out");
    boardlab()
        .arg("run")
        .args(args)
        .arg("--out")
        .arg(&out)
        .arg("--quiet")
        .assert()
        .success();
    let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    assert!(
        summary.starts_with("ordering,search,restart,order,queue,cap,draws,"),
        "{summary}"
    );
    assert!(out.join("REPORT.md").exists());
    out
}

#[test]
fn a_run_in_which_no_draw_solves_gets_charts_and_a_report() {
    for args in [
        ["--draws", "2", "--cap", "1"],
        ["--draws", "20", "--cap", "40"],
    ] {
        let dir = tempfile::tempdir().unwrap();
        let out = run_args(dir.path(), &args);
        let report = std::fs::read_to_string(out.join("REPORT.md")).unwrap();
        assert!(
            report.contains("No order has a median below the cap"),
            "{report}"
        );
        assert!(!report.contains("Best order"), "{report}");
        assert!(!report.contains("95% CI in brackets"), "{report}");
        for stem in ["orderings", "survival", "histograms"] {
            assert_eq!(png_size(&out.join(format!("charts/{stem}.png"))).0, 1200);
        }
        let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
        let cap = args[3];
        assert!(
            summary.lines().nth(1).unwrap().starts_with(&format!(
                "QNBR,seed,none,QNBR,QQQQqqqqNNNNnnnnBBBBbbbbRRRRrrrr,{cap},"
            )),
            "{summary}"
        );
    }
}

#[test]
fn an_empty_shard_gets_a_report_that_says_it_is_one_shard_without_draws() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_args(dir.path(), &["--draws", "3", "--shard", "5/10"]);
    let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    assert_eq!(summary.lines().count(), 1, "only the header: {summary}");
    let report = std::fs::read_to_string(out.join("REPORT.md")).unwrap();
    assert!(report.contains("shard 5/10"), "{report}");
    assert!(report.contains("describes this shard alone"), "{report}");
    assert!(report.contains("No draws"), "{report}");
    // The command that makes this shard's data again.
    assert!(
        report.contains("the data with `boardlab run --draws 3 --shard 5/10 --out"),
        "{report}"
    );
}

#[test]
fn one_draw_per_order_is_not_compared_and_has_no_interval() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_args(dir.path(), &["--draws", "1", "--cap", "200000"]);
    let report = std::fs::read_to_string(out.join("REPORT.md")).unwrap();
    assert!(report.contains("(one draw, no CI)"), "{report}");
    assert!(report.contains("Too few draws to rank"), "{report}");
    assert!(!report.contains("differ significantly"), "{report}");
    assert!(!report.contains("× the median"), "{report}");
    assert!(!report.contains("95% CI in brackets"), "{report}");
    assert!(
        !report.contains("Fastest"),
        "no bench.csv, no speed: {report}"
    );
}

/// Chart builders on degenerate inputs: finite, sane axes and a small drawing.
mod degenerate_charts {
    use boardlab::chess_memory::charts::{OrderingInterval, OrderingsChart};
    use boardlab::output::charts::{
        Chart, CurveRole, HistogramBar, LogHistogram, LogHistogramChart, RestartChart,
        RestartCurve, SurvivalChart, SurvivalCurve,
    };
    use plotters::prelude::*;
    use proptest::prelude::*;

    fn sane((low, high): (f64, f64)) -> bool {
        low.is_finite() && high.is_finite() && low > 0.0 && high > low && high / low < 1e31
    }

    /// Draws `chart` into a small in-memory bitmap.
    fn draws(chart: &impl Chart) {
        boardlab::output::charts::register_fonts();
        let mut buffer = vec![0u8; 400 * 300 * 3];
        let root = BitMapBackend::with_buffer(&mut buffer, (400, 300)).into_drawing_area();
        root.fill(&WHITE).unwrap();
        chart.draw(&root).unwrap();
    }

    /// Values as a run makes them: 0 (a draw solved at once), equal values, the cap.
    fn value() -> impl Strategy<Value = f64> {
        prop_oneof![Just(0.0), Just(1.0), Just(500_000.0), 0.0f64..1e7]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(12))]

        #[test]
        fn chart_axes_are_finite_for_any_data(
            values in proptest::collection::vec(value(), 0..4),
            share in 0.0f64..=1.0,
            cap in proptest::option::of(prop_oneof![Just(1.0), Just(40.0), 1.0f64..1e7]),
        ) {
            let orderings = OrderingsChart {
                title: "t".into(),
                orderings: values.iter().map(|&v| OrderingInterval {
                    label: "QNBR".into(), median: v, median_ci: (v, v), p10: v, p90: v, p99: v,
                    censored: share,
                }).collect(),
                cap,
                highlight: None,
                row_noun: "order".into(),
            };
            prop_assert!(sane(orderings.x_range()));
            draws(&orderings.intervals());
            let survival = SurvivalChart {
                title: "t".into(),
                curves: vec![SurvivalCurve {
                    label: "QNBR".into(),
                    points: values.iter().map(|&v| (v, share)).collect(),
                    role: CurveRole::Seed,
                }],
                floor: 1.0 / 200_000.0,
                cap,
                others: "others".into(),
            };
            prop_assert!(sane(survival.x_range()) && sane(survival.y_range()));
            draws(&survival);
            let histograms = LogHistogramChart {
                title: "t".into(),
                histograms: vec![LogHistogram {
                    label: "QNBR".into(),
                    bars: values.iter().map(|&v| HistogramBar { lower: v, upper: v * 1.2, share }).collect(),
                    censored: 1.0 - share,
                }],
                cap,
            };
            prop_assert!(sane(histograms.x_range()));
            prop_assert!(histograms.tallest().is_finite());
            draws(&histograms);
            let restart = RestartChart {
                title: "t".into(),
                curves: values.iter().map(|&v| RestartCurve {
                    label: "QNBR".into(), points: vec![(v, v), (v + 1.0, v * 2.0)], best: (v, v),
                }).collect(),
            };
            let (x, y) = restart.ranges();
            prop_assert!(sane(x) && sane(y));
            draws(&restart);
        }
    }
}

#[test]
fn a_report_reproduces_with_the_manifest_s_reproduce_field_when_it_has_one() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_args(dir.path(), &["--draws", "2", "--cap", "300"]);
    let path = out.join("manifest.json");
    let mut manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    manifest["reproduce"] = "boardlab run whole.toml".into();
    std::fs::write(&path, serde_json::to_string_pretty(&manifest).unwrap()).unwrap();
    boardlab().arg("report").arg(&out).assert().success();
    let report = std::fs::read_to_string(out.join("REPORT.md")).unwrap();
    assert!(
        report.contains("the data with `boardlab run whole.toml`"),
        "{report}"
    );
    assert!(
        !report.contains("This folder is shard"),
        "not a shard: {report}"
    );
}

#[test]
fn a_merged_report_describes_the_whole_run_and_reproduces_it_unsharded() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("two.toml");
    std::fs::write(
        &spec,
        "name = \"two\"\norderings = [\"QNBR\", \"NQBR\"]\ndraws = 6\ncap = 2000\nseed = 5\n",
    )
    .unwrap();
    let parts: Vec<PathBuf> = (1..=2)
        .map(|k| dir.path().join(format!("part{k}")))
        .collect();
    for (k, part) in parts.iter().enumerate() {
        boardlab()
            .arg("run")
            .arg(&spec)
            .args(["--shard", &format!("{}/2", k + 1), "--quiet", "--out"])
            .arg(part)
            .assert()
            .success();
        let report = std::fs::read_to_string(part.join("REPORT.md")).unwrap();
        assert!(
            report.contains(&format!("This folder is shard {}/2", k + 1)),
            "{report}"
        );
    }
    let merged = dir.path().join("merged");
    boardlab()
        .arg("merge")
        .arg(&merged)
        .args(&parts)
        .assert()
        .success();
    let report = std::fs::read_to_string(merged.join("REPORT.md")).unwrap();
    assert!(!report.contains("This folder is shard"), "{report}");
    let line = report
        .lines()
        .find(|l| l.contains("**Reproduce:**"))
        .unwrap();
    let start = format!("the data with `boardlab run {}", spec.display());
    assert!(line.contains(&start), "{start} in {line}");
    assert!(!line.contains("--shard"), "{line}");
}
