//! A plan: the draws a run (or one shard of it) must produce, in the order they are written.
//!
//! Position `p` counts the draws of this shard across series: series by series, and within a
//! series by increasing draw index. Every draw depends only on (spec, series, draw index), so
//! any prefix of the positions can be computed, written, and continued later.

use super::Shard;
use super::spec::Spec;
use crate::output::draws::DrawRow;
use crate::search::{self, InvalidBoard};

#[derive(Clone, Debug)]
pub struct Plan {
    pub spec: Spec,
    pub shard: Shard,
    /// Whether `draws.csv` carries the final board of each draw.
    pub boards: bool,
}

impl Plan {
    /// Draws of series `series` that this shard runs.
    pub fn draws_of_series(&self, series: usize) -> u64 {
        self.shard
            .draws_of(self.spec.series[series].draws(self.spec.draws))
    }

    /// All draws of this shard.
    pub fn total(&self) -> u64 {
        (0..self.spec.series.len())
            .map(|s| self.draws_of_series(s))
            .sum()
    }

    /// The series and shard-local draw number at position `p`.
    pub fn locate(&self, p: u64) -> (usize, u64) {
        let mut start = 0;
        for series in 0..self.spec.series.len() {
            let count = self.draws_of_series(series);
            if p < start + count {
                return (series, p - start);
            }
            start += count;
        }
        panic!("position {p} is beyond the plan's {start} draws");
    }

    /// The position just after the last draw of the series holding position `p`.
    pub fn series_end(&self, p: u64) -> u64 {
        let (series, local) = self.locate(p);
        p - local + self.draws_of_series(series)
    }

    /// The (series label, draw index) that the row at position `p` must have.
    pub fn row_key(&self, p: u64) -> (&str, u64) {
        let (series, local) = self.locate(p);
        (
            &self.spec.series[series].label,
            self.shard.draw_index(local),
        )
    }

    /// Checks that `row`, read from `file`, is the row the plan puts at position `p`.
    pub fn check_row(&self, p: u64, row: &DrawRow, file: &str) -> anyhow::Result<()> {
        anyhow::ensure!(p < self.total(), "{file} has more rows than the spec makes");
        let (label, index) = self.row_key(p);
        anyhow::ensure!(
            row.ordering == label && row.draw == index,
            "{file} row {} is {} draw {} where the spec puts {label} draw {index}",
            p + 1,
            row.ordering,
            row.draw
        );
        Ok(())
    }

    /// Runs the draw at position `p`, checks its board, and returns its row.
    pub fn run_position(&self, p: u64) -> Result<DrawRow, InvalidBoard> {
        let (series, local) = self.locate(p);
        let series = &self.spec.series[series];
        let index = self.shard.draw_index(local);
        let draw = search::draw(
            &series.queue,
            &series.search,
            self.spec.seed,
            index,
            self.spec.cap,
        )?;
        Ok(DrawRow::new(
            &series.label,
            index,
            &draw,
            self.boards,
            self.spec.has_restarts(),
        ))
    }
}
