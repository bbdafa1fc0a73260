//! Restarts measured against their prediction: for every series that runs the seed's search
//! with `restart = fixed:t`, the restart analysis of the baseline (the same queue without
//! restarts) predicts the share of draws the cap censors and the mean iterations per draw;
//! the report sets these beside the measured values.

use crate::analysis::{Analysis, OrderingAnalysis};
use crate::output::numbers::{percent, thousands};
use crate::search::{Algorithm, RestartPolicy, SearchConfig};
use crate::stats::restart::{FixedCutoffPrediction, fixed_cutoff_prediction};
use std::fmt::Write;

/// How close a measured mean must be to its prediction to count as agreeing.
pub const AGREEMENT: f64 = 0.20;

struct Row<'a> {
    ordering: &'a OrderingAnalysis,
    baseline_censored: f64,
    prediction: FixedCutoffPrediction,
}

impl Row<'_> {
    fn ratio(&self) -> f64 {
        self.ordering.summary.mean / self.prediction.capped_mean
    }
}

fn rows<'a>(analysis: &'a Analysis, baseline: &Analysis, cap: u64) -> Vec<Row<'a>> {
    analysis
        .orderings
        .iter()
        .filter_map(|o| {
            let RestartPolicy::Fixed(cutoff) = o.search.restart else {
                return None;
            };
            if o.search.algorithm != Algorithm::Seed {
                return None;
            }
            let base = baseline
                .orderings
                .iter()
                .find(|b| b.summary.queue == o.summary.queue && b.search == SearchConfig::SEED)?;
            let known_up_to = base.sample.cap().unwrap_or(u64::MAX);
            (cutoff <= known_up_to && cutoff <= cap).then(|| Row {
                ordering: o,
                baseline_censored: 1.0
                    - base.sample.count_at_most(cap.min(known_up_to)) as f64
                        / base.sample.draws() as f64,
                prediction: fixed_cutoff_prediction(&base.sample, cutoff, cap),
            })
        })
        .collect()
}

/// Writes the section, if any series restarts with a fixed cutoff.
pub fn section(out: &mut String, analysis: &Analysis, baseline: &Analysis) {
    let Some(cap) = analysis.cap else { return };
    let rows = rows(analysis, baseline, cap);
    if rows.is_empty() {
        return;
    }
    let name = baseline.manifest.spec["name"]
        .as_str()
        .unwrap_or("baseline");
    writeln!(out, "## Restarts against the restart analysis\n").unwrap();
    writeln!(
        out,
        "For each series of the seed's search restarted every t iterations, the restart analysis of the `{name}` results (the same queue, no restarts) predicts the share of draws that the cap of {} iterations censors, (1 − p)^m · P(T > r), and the mean iterations per draw with censored draws at the cap (see `stats::restart::fixed_cutoff_prediction`).\n",
        thousands(cap as f64)
    )
    .unwrap();
    let should_fall = |r: &Row| r.prediction.censored_probability < r.baseline_censored;
    let falls = |r: &Row| r.ordering.censored_share() < r.baseline_censored;
    let predicted = rows.iter().filter(|r| should_fall(r)).count();
    let predicted_and_fell = rows.iter().filter(|r| should_fall(r) && falls(r)).count();
    let agree = rows
        .iter()
        .filter(|r| (r.ratio() - 1.0).abs() <= AGREEMENT)
        .count();
    writeln!(
        out,
        "- The censored share was predicted to fall on {predicted} of {} orders and fell on {predicted_and_fell} of them.",
        rows.len()
    )
    .unwrap();
    writeln!(
        out,
        "- The measured mean is within {} of the prediction on {agree} of {} orders.\n",
        percent(AGREEMENT).replace(".0", ""),
        rows.len()
    )
    .unwrap();
    writeln!(out, "| series | censored without restarts | predicted censored | measured censored | predicted mean | measured mean | measured / predicted |").unwrap();
    writeln!(out, "|:---|---:|---:|---:|---:|---:|---:|").unwrap();
    for row in &rows {
        writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {:.3} |",
            row.ordering.label(),
            percent(row.baseline_censored),
            percent(row.prediction.censored_probability),
            percent(row.ordering.censored_share()),
            thousands(row.prediction.capped_mean),
            thousands(row.ordering.summary.mean),
            row.ratio()
        )
        .unwrap();
    }
    writeln!(out).unwrap();
}
