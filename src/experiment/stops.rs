//! Series that end early: a study may give a series a [`StopRule`] (a match's SPRT), which
//! reads the series' rows in draw order and says after which row the series has its answer.
//! The rule sees nothing but those rows, so where a series ends is a property of the data:
//! the runner stops computing the series there and writes no row after it, whatever the
//! thread count; a resumed run feeds its rule the rows already written; `draws.csv` is read
//! back through the same rules, so a row after the end is an error; and shards, whose draws
//! are not consecutive, run every draw and leave the rules to `merge`, which drops the rows
//! after each end. The data of a run with stops are therefore the same bytes however the run
//! was cut.
//!
//! A plan's positions still count every draw of every series: after an end, the rest of the
//! series counts as done without a row, and the manifest records how far the positions
//! reached beside the rows ([`super::checksum::DataMark::positions`]).

use super::error::StudyError;
use super::plan::Plan;

/// Reads the rows of one series in draw order (draw 0 first) and says where it ends.
pub trait StopRule: Send {
    /// Takes the series' next row (its line without the line break); true when the series
    /// ends with this row.
    fn ends_after(&mut self, row: &str) -> Result<bool, StudyError>;
}

/// The stop rules of a plan's series, fed as the rows come in plan order.
pub struct Stops {
    rules: Vec<Option<Box<dyn StopRule>>>,
    ended: Vec<bool>,
}

impl Stops {
    /// The rules of `plan`'s series, each fresh; `None` where no series has one, and for a
    /// shard (its rows are every N-th draw, which no rule reads: the merge applies them).
    pub fn of(plan: &Plan) -> Option<Stops> {
        if plan.shard != super::Shard::WHOLE {
            return None;
        }
        let rules: Vec<_> = (0..plan.study.series().len())
            .map(|series| plan.study.stop_rule(series))
            .collect();
        if rules.iter().all(Option::is_none) {
            return None;
        }
        let ended = vec![false; rules.len()];
        Some(Stops { rules, ended })
    }

    /// Takes the next row of `series`; true when the series ends with it.
    pub fn after_row(&mut self, series: usize, row: &str) -> Result<bool, StudyError> {
        debug_assert!(!self.ended[series], "no row after a series' end");
        let Some(rule) = self.rules[series].as_mut() else {
            return Ok(false);
        };
        let ends = rule.ends_after(row)?;
        self.ended[series] |= ends;
        Ok(ends)
    }

    /// [`Stops::after_row`] for a line of `draws.csv` as read, its line break included.
    pub fn after_line(&mut self, series: usize, line: &[u8]) -> Result<bool, StudyError> {
        let text = String::from_utf8_lossy(line);
        self.after_row(series, text.trim_end_matches(['\n', '\r']))
    }

    /// Whether `series` has ended.
    pub fn ended(&self, series: usize) -> bool {
        self.ended[series]
    }

    /// Whether `series` has a rule.
    pub fn has_rule(&self, series: usize) -> bool {
        self.rules[series].is_some()
    }
}
