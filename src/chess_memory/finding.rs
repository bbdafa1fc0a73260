//! The one finding of a ChessMemory results folder: which series needs the fewest
//! iterations, decided by the test the report uses for every pair (Mann–Whitney with
//! unsolved draws tied above every solved one, Holm's correction over all pairs). The
//! report opens with it and `boardlab run` prints it as its headline, so the two never
//! disagree.
//!
//! Censoring is part of the test, not an afterthought: a series whose median lies among the
//! unsolved draws has only a lower bound for its median, and a series that solves almost
//! nothing ranks below one that solves most (its draws are tied at the top), so the best
//! series is named whenever the test separates it from the runner-up, censored or not.

use super::analysis::{Analysis, OrderingAnalysis};
use crate::output::numbers::{count, p_value};

/// Below this many draws in any series, no series is named best.
pub const FEW_TO_COMPARE: u64 = 20;

/// The level at which the best series must differ from the runner-up.
pub const LEVEL: f64 = 0.05;

/// What the data say about the best series.
#[derive(Clone, Debug, PartialEq)]
pub enum Finding {
    /// No series has a draw.
    NoDraws,
    /// Some series has fewer than [`FEW_TO_COMPARE`] draws.
    TooFewDraws { fewest: u64 },
    /// Every series leaves at least half of its draws unsolved at the cap.
    AllCensored { series: usize },
    /// The best-ranked series, with the runner-up it beats (none when it runs alone).
    Best {
        best: usize,
        runner_up: Option<(usize, f64)>,
    },
    /// The best-ranked series does not differ from the runner-up at [`LEVEL`].
    Tie {
        best: usize,
        second: usize,
        holm_p: f64,
    },
}

impl Finding {
    /// The finding of `analysis` (module docs).
    pub fn of(analysis: &Analysis) -> Finding {
        let ranked = &analysis.ranking;
        let Some(&best) = ranked.first() else {
            return Finding::NoDraws;
        };
        let fewest = fewest_draws(analysis);
        if fewest < FEW_TO_COMPARE {
            return Finding::TooFewDraws { fewest };
        }
        if median_is_censored(&analysis.orderings[best]) {
            return Finding::AllCensored {
                series: ranked.len(),
            };
        }
        let Some(&second) = ranked.get(1) else {
            return Finding::Best {
                best,
                runner_up: None,
            };
        };
        let holm_p = analysis.comparison(best, second).map_or(1.0, |c| c.holm_p);
        if holm_p < LEVEL {
            Finding::Best {
                best,
                runner_up: Some((second, holm_p)),
            }
        } else {
            Finding::Tie {
                best,
                second,
                holm_p,
            }
        }
    }

    /// The finding as one sentence, without a closing full stop.
    pub fn sentence(&self, analysis: &Analysis) -> String {
        let (row, rows) = analysis.row_noun();
        let o = |i: usize| &analysis.orderings[i];
        match *self {
            Finding::NoDraws => format!("no best: no {row} has a draw"),
            Finding::TooFewDraws { fewest } => format!(
                "no best: as few as {fewest} draw{} in one {row}, too few to rank (at least {FEW_TO_COMPARE} are needed)",
                if fewest == 1 { "" } else { "s" }
            ),
            Finding::AllCensored { series } => format!(
                "no best: every one of the {series} {rows} leaves at least half of its draws unsolved at the cap, so no median is known"
            ),
            Finding::Best {
                best,
                runner_up: None,
            } => format!(
                "{} alone, median {} iterations",
                o(best).label(),
                median_text(o(best))
            ),
            Finding::Best {
                best,
                runner_up: Some((second, holm_p)),
            } => format!(
                "best: {}, median {} iterations, fewer than the runner-up {}, median {} (Mann–Whitney, Holm-adjusted p = {})",
                o(best).label(),
                median_text(o(best)),
                o(second).label(),
                median_text(o(second)),
                p_value(holm_p)
            ),
            Finding::Tie {
                best,
                second,
                holm_p,
            } => format!(
                "no single best: {}, median {}, and {}, median {}, do not differ at the 5% level (Mann–Whitney, Holm-adjusted p = {})",
                o(best).label(),
                median_text(o(best)),
                o(second).label(),
                median_text(o(second)),
                p_value(holm_p)
            ),
        }
    }
}

/// The draws of the series with fewest; 0 without a series.
pub fn fewest_draws(analysis: &Analysis) -> u64 {
    analysis
        .orderings
        .iter()
        .map(|o| o.summary.draws)
        .min()
        .unwrap_or(0)
}

/// Whether the median falls among the unsolved draws: then it is only "at least the cap".
pub fn median_is_censored(o: &OrderingAnalysis) -> bool {
    o.summary.solved < o.summary.draws.div_ceil(2)
}

/// Whether [`median_text`] shows a confidence interval in brackets.
pub fn has_interval(o: &OrderingAnalysis) -> bool {
    !median_is_censored(o) && o.summary.draws >= 2
}

/// `24,728 [24,320, 25,087]` with its 95% interval, `≥ 500,000 (censored)` where the median
/// is among the unsolved draws, or the median alone for one draw.
pub fn median_text(o: &OrderingAnalysis) -> String {
    let median = count(o.summary.median);
    if median_is_censored(o) {
        return format!("≥ {median} (censored)");
    }
    if o.summary.draws < 2 {
        return format!("{median} (one draw, no CI)");
    }
    let upper = o.median_ci.1.map_or("cap".to_string(), count);
    format!("{median} [{}, {upper}]", count(o.median_ci.0))
}
