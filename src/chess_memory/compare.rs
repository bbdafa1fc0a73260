//! Do two ChessMemory folders hold data from the same distributions? Per series present in
//! both: the medians and unsolved shares (from `summary.csv`) side by side and a Mann–Whitney
//! test of the iteration counts (censored at the common cap, from `histogram.csv`; see
//! [`crate::stats::rank_test`]), with Holm's correction over the series.
//!
//! Two runs of one spec with different master seeds should agree; a changed search, order or
//! board size should not.

use crate::chess_memory::analysis::{Analysis, OrderingAnalysis};
use crate::chess_memory::show::iterations;
use crate::experiment::StudyError;
use crate::experiment::inspect::{Comparison, SeriesVerdict};
use crate::output::numbers::percent;
use crate::stats::{holm, mann_whitney};
use std::path::Path;

/// The two folders compared series by series.
pub fn compare(first: &Path, second: &Path) -> Result<Comparison, StudyError> {
    let a = Analysis::load(first)?;
    let b = Analysis::load(second)?;
    let pairs: Vec<(&OrderingAnalysis, &OrderingAnalysis)> = a
        .orderings
        .iter()
        .filter_map(|x| {
            let y = b.orderings.iter().find(|y| y.label() == x.label())?;
            Some((x, y))
        })
        .collect();
    let p_values: Vec<f64> = pairs
        .iter()
        .map(|(x, y)| mann_whitney(&x.sample, &y.sample).p_value)
        .collect();
    let adjusted = if p_values.is_empty() {
        Vec::new()
    } else {
        holm(&p_values)?
    };
    let figure = |o: &OrderingAnalysis, cap| {
        format!(
            "{}, {} unsolved",
            iterations(o.summary.median, cap),
            percent(o.censored_share())
        )
    };
    Ok(Comparison {
        method: "median iterations and unsolved share; Mann–Whitney test of the iteration \
                 counts (censored at the common cap) per series"
            .to_string(),
        rows: pairs
            .iter()
            .zip(adjusted)
            .map(|((x, y), holm_p)| SeriesVerdict {
                series: x.label().to_string(),
                first: figure(x, a.cap),
                second: figure(y, b.cap),
                holm_p,
            })
            .collect(),
        only_first: missing(&a, &b),
        only_second: missing(&b, &a),
    })
}

/// Labels of `a` that `b` lacks.
fn missing(a: &Analysis, b: &Analysis) -> Vec<String> {
    a.orderings
        .iter()
        .map(|o| o.label().to_string())
        .filter(|label| !b.orderings.iter().any(|o| o.label() == label))
        .collect()
}
