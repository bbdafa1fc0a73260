//! Renders every chart from synthetic numbers into a folder, to look at the layout:
//! `cargo run --example chart_preview -- /tmp/preview`.

use boardlab::chess_memory::charts::*;
use boardlab::output::charts::*;

fn main() -> anyhow::Result<()> {
    let dir = std::path::PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "/tmp/preview".into()),
    );
    std::fs::create_dir_all(&dir)?;
    let labels = [
        "NRQB", "QNBR", "NQRB", "BQNR", "RNQB", "QNRB", "NBQR", "QBNR", "RQNB", "QRNB", "BRQN",
        "RBNQ",
    ];
    let orderings: Vec<OrderingInterval> = labels
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let m = 20_000.0 * 1.4f64.powi(i as i32);
            OrderingInterval {
                label: l.to_string(),
                median: m.min(500_000.0),
                median_ci: (m * 0.97, (m * 1.03).min(500_000.0)),
                p10: m / 6.0,
                p90: (m * 4.0).min(500_000.0),
                p99: (m * 12.0).min(500_000.0),
                censored: (i as f64 * 0.08).min(1.0),
            }
        })
        .collect();
    render(
        &OrderingsChart {
            title: "Iterations per draw by type order".into(),
            orderings,
            cap: Some(500_000.0),
            highlight: Some("QNBR".into()),
            row_noun: "type order".into(),
        }
        .intervals(),
        &dir,
        "orderings",
    )?;
    let curves = labels
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let scale = 20_000.0 * 1.4f64.powi(i as i32);
            let points = (0..60)
                .map(|k| {
                    let x = 30.0 * 1.2f64.powi(k);
                    (x.min(500_000.0), (-(x / scale)).exp().max(1e-6))
                })
                .collect();
            let role = match i {
                0 => CurveRole::Best,
                1 => CurveRole::Seed,
                11 => CurveRole::Worst,
                _ => CurveRole::Other,
            };
            SurvivalCurve {
                label: l.to_string(),
                points,
                role,
            }
        })
        .collect();
    render(
        &SurvivalChart {
            title: "Survival".into(),
            curves,
            floor: 1e-5,
            cap: Some(500_000.0),
            others: "the other type orders".into(),
        },
        &dir,
        "survival",
    )?;
    let histogram = |label: &str, centre: f64, censored: f64| LogHistogram {
        label: label.into(),
        bars: (0..50)
            .map(|k| {
                let lower = 10f64.powf(1.5 + k as f64 * 0.1);
                let z = (lower.log10() - centre) / 0.5;
                HistogramBar {
                    lower,
                    upper: lower * 10f64.powf(0.1),
                    share: 0.04 * (-z * z / 2.0).exp(),
                }
            })
            .filter(|b| b.upper <= 500_000.0)
            .collect(),
        censored,
    };
    render(
        &LogHistogramChart {
            title: "Histograms".into(),
            histograms: vec![
                histogram("QNBR (seed)", 4.4, 0.002),
                histogram("NRQB (best)", 4.3, 0.0),
            ],
            cap: Some(500_000.0),
        },
        &dir,
        "histograms",
    )?;
    let restart = |label: &str, best: f64| RestartCurve {
        label: label.into(),
        points: (0..40)
            .map(|k| {
                let t = 100.0 * 1.25f64.powi(k);
                (t, best * (1.0 + (t / (best / 2.0)).ln().powi(2) * 0.2))
            })
            .collect(),
        best: (best / 2.0, best),
    };
    render(
        &RestartChart {
            title: "Restarts".into(),
            curves: vec![
                restart("QNBR", 40_000.0),
                restart("NRQB", 30_000.0),
                restart("RBNQ", 900_000.0),
            ],
        },
        &dir,
        "restart",
    )?;
    let mut values = [[0.0; 4]; 4];
    for (k, row) in values.iter_mut().enumerate() {
        for (p, v) in row.iter_mut().enumerate() {
            *v = 4.3 + 0.3 * (k as f64) * (p as f64) / 3.0;
        }
    }
    render(
        &KindPositionHeatmap {
            title: "Heat map".into(),
            values,
            capped: [[false; 4]; 4],
        },
        &dir,
        "heatmap",
    )?;
    Ok(())
}
