//! The figures of a results folder: the analysis turned into the five charts.

use crate::chess_memory::analysis::{Analysis, OrderingAnalysis};
use crate::chess_memory::board::BoardSize;
use crate::chess_memory::charts::{
    KindPositionHeatmap, MistakeRow, MistakeStepsChart, OrderingInterval, OrderingsChart,
};
use crate::chess_memory::pieces::Kind;
use crate::chess_memory::queue::Queue;
use crate::chess_memory::sat::mistakes::MistakesSummary;
use crate::experiment::StudyError;
use crate::output::charts::{
    self, CurveRole, HistogramBar, LogHistogram, LogHistogramChart, RestartChart, RestartCurve,
    SurvivalChart, SurvivalCurve,
};
use crate::output::numbers::count;
use std::path::{Path, PathBuf};

/// Results of this module: a puzzle's error ([`StudyError`]) unless another is named.
type Result<T, E = StudyError> = std::result::Result<T, E>;

/// File stems of the charts, in the order the report shows them.
pub const CHARTS: [(&str, &str); 6] = [
    ("orderings", "Orderings by median iterations"),
    ("survival", "Survival curves"),
    ("histograms", "Histograms of log iterations"),
    ("restart", "Expected cost against the restart cutoff"),
    ("heatmap", "Kind × position in the type order"),
    (
        "mistakes",
        "Where the backtracker makes its fatal placement",
    ),
];

/// Draws the first-mistake steps of `sat mistakes`, orders in the ranking of `analysis`
/// when given (orders it lacks come last), into `dir/mistakes.{svg,png}`.
pub fn write_mistakes_chart(
    mistakes: &MistakesSummary,
    analysis: Option<&Analysis>,
    dir: &Path,
) -> Result<()> {
    std::fs::create_dir_all(dir)
        .map_err(|e| StudyError::from(format!("cannot create {}: {e}", dir.display())))?;
    let rank = |order: &str| {
        analysis
            .and_then(|a| {
                a.ranking
                    .iter()
                    .position(|&i| a.orderings[i].label() == order)
            })
            .unwrap_or(usize::MAX)
    };
    let mut rows: Vec<MistakeRow> = mistakes
        .histograms
        .iter()
        .map(|h| MistakeRow {
            order: h.order.clone(),
            by_step: h.by_step.clone(),
            draws: h.by_step.iter().sum::<u64>() + h.unresolved + h.without_mistake,
            unresolved: h.unresolved,
        })
        .collect();
    rows.sort_by_key(|r| rank(&r.order));
    let title = format!(
        "First placement without completion, {} draws per order (SAT-checked)",
        mistakes.draws
    );
    charts::render(&MistakeStepsChart { title, rows }, dir, "mistakes")?;
    Ok(())
}

/// Writes every chart that the analysis supports into `dir` (SVG and PNG); returns the
/// stems written.
pub fn write_charts(analysis: &Analysis, dir: &Path) -> Result<Vec<&'static str>> {
    std::fs::create_dir_all(dir)
        .map_err(|e| StudyError::from(format!("cannot create {}: {e}", dir.display())))?;
    let name = &analysis.manifest.spec["name"]
        .as_str()
        .unwrap_or("experiment")
        .to_string();
    let context = context_line(analysis);
    let mut written = Vec::new();
    if analysis.orderings.is_empty() {
        return Ok(written);
    }
    let mut emit = |stem: &'static str,
                    result: Result<[PathBuf; 2], crate::output::error::OutputError>|
     -> Result<()> {
        result?;
        written.push(stem);
        Ok(())
    };
    emit(
        "orderings",
        charts::render(
            &orderings_chart(analysis, &format!("{name}: iterations per draw, {context}"))
                .intervals(),
            dir,
            "orderings",
        ),
    )?;
    emit(
        "survival",
        charts::render(
            &survival_chart(
                analysis,
                &format!("{name}: share of draws unsolved after x iterations"),
            ),
            dir,
            "survival",
        ),
    )?;
    emit(
        "histograms",
        charts::render(
            &histogram_chart(
                analysis,
                &format!("{name}: distribution of iterations per draw"),
            ),
            dir,
            "histograms",
        ),
    )?;
    if let Some(chart) = restart_chart(analysis, &format!("{name}: restarting after t iterations"))
    {
        emit("restart", charts::render(&chart, dir, "restart"))?;
    }
    if let Some(chart) = heatmap(analysis, &format!("{name}: when to place each kind")) {
        emit("heatmap", charts::render(&chart, dir, "heatmap"))?;
    }
    Ok(written)
}

/// The charts of [`CHARTS`] that `analysis` cannot support, each with the reason, in the
/// report's order: a reader learns why a chart is missing instead of finding it absent.
pub fn not_drawn(analysis: &Analysis) -> Vec<(&'static str, String)> {
    let mut missing = Vec::new();
    if analysis.orderings.is_empty() {
        return missing;
    }
    if restart_chart(analysis, "").is_none() {
        missing.push((
            "restart",
            "no series solved a draw, so no restart cutoff has a finite expected cost".to_string(),
        ));
    }
    if heatmap(analysis, "").is_none() {
        missing.push((
            "heatmap",
            format!(
                "it needs each of the 24 type orders run once, so that each kind stands six times in each position; this folder has {} series",
                analysis.orderings.len()
            ),
        ));
    }
    missing
}

fn context_line(analysis: &Analysis) -> String {
    let draws = analysis.orderings.iter().map(|o| o.summary.draws);
    let (fewest, most) = (draws.clone().min().unwrap_or(0), draws.max().unwrap_or(0));
    let cap = analysis
        .cap
        .map_or("no cap".to_string(), |c| format!("cap {}", count(c)));
    let draws = if fewest == most {
        count(most)
    } else {
        format!("{} to {}", count(fewest), count(most))
    };
    format!("{draws} draws per {}, {cap}", analysis.row_noun().0)
}

fn cap_or_max(analysis: &Analysis, value: Option<u64>, ordering: &OrderingAnalysis) -> f64 {
    value.or(analysis.cap).unwrap_or(ordering.summary.max) as f64
}

fn orderings_chart(analysis: &Analysis, title: &str) -> OrderingsChart {
    let orderings = analysis
        .ranking
        .iter()
        .map(|&i| {
            let o = &analysis.orderings[i];
            OrderingInterval {
                label: o.label().to_string(),
                median: o.summary.median as f64,
                median_ci: (o.median_ci.0 as f64, cap_or_max(analysis, o.median_ci.1, o)),
                p10: cap_or_max(analysis, o.p10, o),
                p90: cap_or_max(analysis, o.p90, o),
                p99: cap_or_max(analysis, o.p99, o),
                censored: o.censored_share(),
            }
        })
        .collect();
    OrderingsChart {
        title: title.to_string(),
        orderings,
        cap: analysis.cap.map(|c| c as f64),
        highlight: analysis
            .seed
            .map(|i| analysis.orderings[i].label().to_string()),
        row_noun: match analysis.row_noun().0 {
            "order" => "type order".to_string(),
            other => other.to_string(),
        },
    }
}

fn role_of(analysis: &Analysis, index: usize) -> CurveRole {
    if Some(index) == analysis.seed {
        CurveRole::Seed
    } else if analysis.ranking.first() == Some(&index) {
        CurveRole::Best
    } else if Some(&index) == analysis.ranking.last() {
        CurveRole::Worst
    } else {
        CurveRole::Other
    }
}

/// `(x, P(T ≥ x))` at every bin's upper edge: exact, since a bin's draws are below its edge.
fn survival_points(ordering: &OrderingAnalysis) -> Vec<(f64, f64)> {
    let total = ordering.summary.draws as f64;
    let mut below = 0u64;
    let mut points = Vec::new();
    for bin in ordering.histogram.bins() {
        if points.is_empty() {
            points.push((bin.lower as f64, 1.0));
        }
        below += bin.solved;
        points.push((bin.upper as f64, 1.0 - below as f64 / total));
    }
    points
}

fn survival_chart(analysis: &Analysis, title: &str) -> SurvivalChart {
    let draws = analysis
        .orderings
        .iter()
        .map(|o| o.summary.draws)
        .max()
        .unwrap_or(1);
    SurvivalChart {
        title: title.to_string(),
        curves: analysis
            .orderings
            .iter()
            .enumerate()
            .map(|(i, o)| SurvivalCurve {
                label: if Some(i) == analysis.seed && analysis.ranking.first() == Some(&i) {
                    format!("{} (also the best median)", o.label())
                } else {
                    o.label().to_string()
                },
                points: survival_points(o),
                role: role_of(analysis, i),
            })
            .collect(),
        floor: 1.0 / draws as f64,
        cap: analysis.cap.map(|c| c as f64),
        others: match analysis.row_noun().1 {
            "orders" => "the other type orders".to_string(),
            other => format!("the other {other}"),
        },
    }
}

/// The histogram regrouped into bins of width 0.1 in log10 (by each fine bin's lower edge).
fn coarse_histogram(ordering: &OrderingAnalysis, role: &str) -> LogHistogram {
    let total = ordering.summary.draws as f64;
    let mut bars: Vec<HistogramBar> = Vec::new();
    for bin in ordering.histogram.bins().filter(|b| b.solved > 0) {
        let decile = ((bin.lower.max(1) as f64).log10() * 10.0 + 1e-9).floor();
        let lower = 10f64.powf(decile / 10.0);
        match bars.last_mut() {
            Some(bar) if bar.lower == lower => bar.share += bin.solved as f64 / total,
            _ => bars.push(HistogramBar {
                lower,
                upper: 10f64.powf((decile + 1.0) / 10.0),
                share: bin.solved as f64 / total,
            }),
        }
    }
    LogHistogram {
        label: format!("{} ({role})", ordering.label()),
        bars,
        censored: ordering.censored_share(),
    }
}

/// The seed's order and the best order; when the seed's order is the best, the runner-up.
fn histogram_chart(analysis: &Analysis, title: &str) -> LogHistogramChart {
    let mut histograms = Vec::new();
    if let Some(seed) = analysis.seed {
        histograms.push(coarse_histogram(
            &analysis.orderings[seed],
            "the seed's order",
        ));
    }
    let other = analysis
        .ranking
        .iter()
        .copied()
        .find(|&i| Some(i) != analysis.seed);
    if let Some(other) = other {
        let role = if other == analysis.ranking[0] {
            "best median"
        } else {
            "second-best median"
        };
        histograms.push(coarse_histogram(&analysis.orderings[other], role));
    }
    LogHistogramChart {
        title: title.to_string(),
        histograms,
        cap: analysis.cap.map(|c| c as f64),
    }
}

/// The seed's order, the one whose restart optimum the findings call cheapest, the best by
/// median, the middle and the worst order whose optimum is not an extrapolation.
fn restart_chart(analysis: &Analysis, title: &str) -> Option<RestartChart> {
    let n = analysis.ranking.len();
    let mut picks: Vec<usize> = analysis.seed.into_iter().collect();
    picks.extend(
        super::markdown::cheapest_restart(analysis).and_then(|(o, _)| analysis.index_of(o.label())),
    );
    picks.extend([*analysis.ranking.first()?, analysis.ranking[n / 2]]);
    // The worst series whose optimum is not an extrapolation from a few lucky draws.
    picks.extend(
        analysis
            .ranking
            .iter()
            .rev()
            .find(|&&i| !analysis.orderings[i].restart_optimum_is_extrapolated()),
    );
    let mut seen = Vec::new();
    let curves: Vec<RestartCurve> = picks
        .into_iter()
        .filter(|i| {
            let fresh = !seen.contains(i);
            seen.push(*i);
            fresh
        })
        .filter_map(|i| {
            let o = &analysis.orderings[i];
            let best = o.restart.best?;
            let step = (o.restart.curve.len() / 400).max(1);
            let points = o
                .restart
                .curve
                .iter()
                .step_by(step)
                .map(|p| (p.cutoff as f64, p.cost))
                .collect();
            Some(RestartCurve {
                label: o.label().to_string(),
                points,
                best: (best.cutoff as f64, best.cost),
            })
        })
        .collect();
    (!curves.is_empty()).then(|| RestartChart {
        title: title.to_string(),
        curves,
    })
}

/// The type order of a series: its `order` column (a series of another search, such as
/// `cover/QNBR`, names its order there), else its label.
fn type_order_of(ordering: &OrderingAnalysis, size: BoardSize) -> Option<[Kind; 4]> {
    let order = &ordering.summary.order;
    let text = if order.is_empty() {
        ordering.label()
    } else {
        order
    };
    Queue::parse(text, size).ok().and_then(|q| q.type_order())
}

/// Mean log10 median per (kind, position), when all 24 type orders were run.
pub fn kind_position_means(analysis: &Analysis) -> Option<[[f64; 4]; 4]> {
    let size = BoardSize::new(analysis.manifest.spec["board_size"].as_u64()? as usize).ok()?;
    let mut sums = [[0.0; 4]; 4];
    let mut counts = [[0u32; 4]; 4];
    for ordering in &analysis.orderings {
        let Some(order) = type_order_of(ordering, size) else {
            continue;
        };
        for (position, kind) in order.iter().enumerate() {
            sums[kind.index()][position] += (ordering.summary.median.max(1) as f64).log10();
            counts[kind.index()][position] += 1;
        }
    }
    if counts.iter().flatten().any(|&c| c != 6) {
        return None;
    }
    Some(std::array::from_fn(|k| {
        std::array::from_fn(|p| sums[k][p] / 6.0)
    }))
}

fn heatmap(analysis: &Analysis, title: &str) -> Option<KindPositionHeatmap> {
    kind_position_means(analysis).map(|values| KindPositionHeatmap {
        title: title.to_string(),
        values,
        capped: kind_position_capped(analysis),
    })
}

/// Per (kind, position): whether an order of the cell has a censored median (more than
/// half its draws unsolved), so that the cell's mean is a lower bound.
fn kind_position_capped(analysis: &Analysis) -> [[bool; 4]; 4] {
    let mut capped = [[false; 4]; 4];
    let Some(size) = analysis.manifest.spec["board_size"]
        .as_u64()
        .and_then(|s| BoardSize::new(s as usize).ok())
    else {
        return capped;
    };
    for ordering in &analysis.orderings {
        let summary = &ordering.summary;
        if summary.solved >= summary.draws.div_ceil(2) {
            continue;
        }
        let order = type_order_of(ordering, size);
        for (position, kind) in order.iter().flatten().enumerate() {
            capped[kind.index()][position] = true;
        }
    }
    capped
}

/// Kinds ordered by how much they gain from being placed first rather than last.
pub fn kinds_by_early_gain(values: &[[f64; 4]; 4]) -> Vec<(Kind, f64)> {
    let mut gains: Vec<(Kind, f64)> = Kind::ALL
        .iter()
        .map(|&k| (k, values[k.index()][3] - values[k.index()][0]))
        .collect();
    gains.sort_by(|a, b| b.1.total_cmp(&a.1));
    gains
}
