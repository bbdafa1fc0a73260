//! The one line `boardlab run` prints when a ChessMemory run is done: the best series by
//! median iterations, but only where the data can name one. A median among the draws the
//! cap cut off is only "at least the cap", and a best whose 95% interval of the median
//! overlaps the runner-up's is a tie, not a finding; the line says so instead of naming a
//! winner.

use super::analysis::{Analysis, OrderingAnalysis};
use crate::experiment::StudyError;
use crate::output::numbers::count;
use std::path::Path;

/// The headline of the ChessMemory folder `dir` (module docs).
pub fn headline(dir: &Path) -> Result<String, StudyError> {
    let analysis = Analysis::load(dir)?;
    let ranked: Vec<&OrderingAnalysis> = analysis
        .ranking
        .iter()
        .map(|&i| &analysis.orderings[i])
        .collect();
    let tail = format!(
        "(of {} series; boardlab show {} for all)",
        ranked.len(),
        dir.display()
    );
    Ok(match ranked.as_slice() {
        [] => "no series with draws".to_string(),
        [best, ..] if median_censored(best) => format!(
            "no best: every series leaves at least half of its draws unsolved at the cap {tail}"
        ),
        [best, second, ..] if overlap(best, second) => format!(
            "no single best: {} (median {}) and {} (median {}) overlap within their 95% \
             intervals {tail}",
            best.label(),
            median_text(best),
            second.label(),
            median_text(second)
        ),
        [best, ..] => format!(
            "best: {}, median {} iterations {tail}",
            best.label(),
            median_text(best)
        ),
    })
}

/// Whether the median falls among the unsolved draws: then it is only "at least the cap".
fn median_censored(o: &OrderingAnalysis) -> bool {
    o.summary.solved < o.summary.draws.div_ceil(2)
}

/// The 95% interval of a median: the cap where its upper end is censored (unbounded).
fn interval(o: &OrderingAnalysis) -> (u64, u64) {
    (o.median_ci.0, o.median_ci.1.unwrap_or(u64::MAX))
}

/// Whether the medians' 95% intervals of `a` and `b` share a value (a series of one draw
/// has no interval: its median stands for it). A censored median always overlaps.
fn overlap(a: &OrderingAnalysis, b: &OrderingAnalysis) -> bool {
    if median_censored(b) {
        return true;
    }
    let ((a_low, a_high), (b_low, b_high)) = (interval(a), interval(b));
    a_low <= b_high && b_low <= a_high
}

/// `24,728 [24,320, 25,087]`, or the median alone for a series of one draw.
fn median_text(o: &OrderingAnalysis) -> String {
    let median = count(o.summary.median);
    if o.summary.draws < 2 {
        return median;
    }
    let upper = o.median_ci.1.map_or("cap".to_string(), count);
    format!("{median} [{}, {upper}]", count(o.median_ci.0))
}
