//! Restarts measured against their prediction: for every series that runs the seed's search
//! with `restart = fixed:t`, the restart analysis of the baseline (the same queue without
//! restarts) predicts the share of draws the cap censors and the mean iterations per draw;
//! the report sets these beside the measured values.

use crate::chess_memory::analysis::{Analysis, OrderingAnalysis};
use crate::chess_memory::search::{Algorithm, RestartPolicy, SearchConfig};
use crate::output::document::{Align, Document, Table};
use crate::output::numbers::{count, percent, thousands};
use crate::stats::restart::{FixedCutoffPrediction, fixed_cutoff_prediction};

/// How close a measured mean must be to its prediction to count as agreeing.
pub const AGREEMENT: f64 = 0.20;

struct Row<'a> {
    ordering: &'a OrderingAnalysis,
    baseline_censored: f64,
    baseline_draws: u64,
    prediction: FixedCutoffPrediction,
}

impl Row<'_> {
    fn ratio(&self) -> f64 {
        self.ordering.summary.mean / self.prediction.capped_mean
    }

    /// The prediction says the censored share falls by more than its uncertainty can hide:
    /// [`DETECTABLE`] standard errors of (baseline share − measured share) if the prediction
    /// holds, counting the baseline's sampling error, the prediction's own (it is estimated
    /// from the baseline) and the measured series'. The baseline's share and the prediction
    /// rise and fall together, so adding their variances overstates the error: the test is
    /// conservative.
    fn should_fall(&self) -> bool {
        let predicted = self.prediction.censored_probability;
        let error = difference_std_error(
            (self.baseline_censored, self.baseline_draws),
            (predicted, self.ordering.summary.draws),
        )
        .hypot(self.prediction.censored_std_error);
        self.baseline_censored - predicted > DETECTABLE * error
    }

    fn fell(&self) -> bool {
        self.ordering.censored_share() < self.baseline_censored
    }

    /// The measured share is below the baseline's by more than [`DETECTABLE`] standard errors.
    fn fell_significantly(&self) -> bool {
        let measured = self.ordering.censored_share();
        let error = difference_std_error(
            (self.baseline_censored, self.baseline_draws),
            (measured, self.ordering.summary.draws),
        );
        self.baseline_censored - measured > DETECTABLE * error
    }
}

/// The standard error of the difference of two independent binomial proportions, each given
/// as (share, draws): sqrt(p₁(1 − p₁)/n₁ + p₂(1 − p₂)/n₂). Here the baseline's censored share
/// and the share the prediction expects in the restarted series.
fn difference_std_error((p1, n1): (f64, u64), (p2, n2): (f64, u64)) -> f64 {
    let variance = |p: f64, n: u64| p * (1.0 - p) / n.max(1) as f64;
    (variance(p1, n1) + variance(p2, n2)).sqrt()
}

/// A predicted fall of the censored share counts when it is larger than this many standard
/// errors (see `Row::should_fall`).
pub const DETECTABLE: f64 = 2.0;

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
                baseline_draws: base.sample.draws(),
                prediction: fixed_cutoff_prediction(&base.sample, cutoff, cap),
            })
        })
        .collect()
}

/// Writes the section, if any series restarts with a fixed cutoff.
pub fn section(out: &mut Document, analysis: &Analysis, baseline: &Analysis) {
    let Some(cap) = analysis.cap else { return };
    let rows = rows(analysis, baseline, cap);
    if rows.is_empty() {
        return;
    }
    let name = baseline.manifest.spec["name"]
        .as_str()
        .unwrap_or("baseline");
    writeln!(out, "## Restarts against the restart analysis\n");
    writeln!(
        out,
        "For each series of the seed's search restarted every t iterations, the restart analysis of the `{name}` results (the same queue, no restarts) predicts the share of draws that the cap of {} iterations censors, (1 − p)^m · P(T > r), and the mean iterations per draw with censored draws at the cap (see `stats::restart::fixed_cutoff_prediction`).\n",
        count(cap)
    );
    let predicted: Vec<&Row> = rows.iter().filter(|r| r.should_fall()).collect();
    let fell = predicted.iter().filter(|r| r.fell()).count();
    let fell_significantly = predicted.iter().filter(|r| r.fell_significantly()).count();
    let agree = rows
        .iter()
        .filter(|r| (r.ratio() - 1.0).abs() <= AGREEMENT)
        .count();
    writeln!(
        out,
        "- The censored share was predicted to fall visibly on {} of {} series (by more than {DETECTABLE} standard errors, counting the sampling error of the baseline, of the prediction made from it and of the measured series), and fell on {fell} of them, by more than {DETECTABLE} standard errors on {fell_significantly}. On the others the predicted fall is smaller than that error, or there is none.",
        predicted.len(),
        rows.len()
    );
    writeln!(
        out,
        "- The measured mean is within {} of the prediction on {agree} of {} series.\n",
        percent(AGREEMENT).replace(".0", ""),
        rows.len()
    );
    predictions_table(out, &rows);
}

/// Each series' censored share and mean, predicted and measured.
fn predictions_table(out: &mut Document, rows: &[Row]) {
    let mut table = Table::aligned(&[
        ("series", Align::Left),
        ("censored without restarts", Align::Right),
        ("predicted censored", Align::Right),
        ("measured censored", Align::Right),
        ("visible fall predicted", Align::Center),
        ("predicted mean", Align::Right),
        ("measured mean", Align::Right),
        ("measured / predicted", Align::Right),
    ]);
    for row in rows {
        table.row([
            row.ordering.label().to_string(),
            percent(row.baseline_censored),
            percent(row.prediction.censored_probability),
            percent(row.ordering.censored_share()),
            match (row.should_fall(), row.fell()) {
                (false, _) => "no",
                (true, true) => "yes, fell",
                (true, false) => "yes, did not fall",
            }
            .to_string(),
            thousands(row.prediction.capped_mean),
            thousands(row.ordering.summary.mean),
            format!("{:.3}", row.ratio()),
        ]);
    }
    out.table(&table);
    writeln!(out);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_error_of_a_difference_of_shares() {
        // sqrt(0.5·0.5/100 + 0.1·0.9/900) = sqrt(0.0025 + 0.0001) = 0.05099
        let se = difference_std_error((0.5, 100), (0.1, 900));
        assert!((se - 0.0026f64.sqrt()).abs() < 1e-12, "{se}");
        // Shares of 0 or 1 have no sampling error.
        assert_eq!(difference_std_error((0.0, 10), (1.0, 10)), 0.0);
        // 200,000 draws at 99.2% against a prediction of 99.1%: the error is about 0.03
        // points, so a fall of 0.1 points is visible ...
        let se = difference_std_error((0.992, 200_000), (0.991, 200_000));
        assert!(0.001 > DETECTABLE * se, "{se}");
        // ... but 0.02 points is not.
        assert!(0.0002 < DETECTABLE * se, "{se}");
    }
}
