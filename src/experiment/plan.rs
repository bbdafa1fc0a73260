//! A plan: the draws a run (or one shard of it) must produce, in the order they are written.
//!
//! Position `p` counts the draws of this shard across series: series by series, and within a
//! series by increasing draw index. Every draw depends only on (spec, series, draw index), so
//! any prefix of the positions can be computed, written, and continued later. A plan holds
//! one number per series, never one per draw or chunk, so its size does not grow with the
//! draw count.

use super::Shard;
use super::error::{HarnessError, IoContext, Result, StudyError, check, fail};
use super::folder::ResultsFolder;
use super::study::{Computed, Study, row_key};
use std::io::BufRead;
use std::sync::Arc;

#[derive(Clone, Debug)]
pub struct Plan {
    pub study: Arc<dyn Study>,
    pub shard: Shard,
    /// `starts[s]`: the position of series `s`'s first draw; the last entry is the total.
    starts: Vec<u64>,
}

/// One row of `draws.csv`, as [`Plan::for_each_row`] hands it to a study.
#[derive(Clone, Copy, Debug)]
pub struct Row<'a> {
    /// Its position in the plan (0 for the first row).
    pub position: u64,
    /// Its series, as an index into the study's series.
    pub series: usize,
    /// Its draw index within the series.
    pub draw: u64,
    /// The line, without its line break.
    pub text: &'a str,
}

impl Plan {
    /// The plan of `shard` of `study`. The spec's total is bounded when it is read
    /// ([`super::spec::check_size`]), so the positions cannot overflow.
    pub fn new(study: Arc<dyn Study>, shard: Shard) -> Plan {
        let mut starts = Vec::with_capacity(study.series().len() + 1);
        let mut start = 0u64;
        starts.push(start);
        for series in study.series() {
            start = start
                .checked_add(shard.draws_of(series.draws))
                .expect("a parsed spec has a bounded number of draws");
            starts.push(start);
        }
        Plan {
            study,
            shard,
            starts,
        }
    }

    /// Draws of series `series` that this shard runs.
    pub fn draws_of_series(&self, series: usize) -> u64 {
        self.starts[series + 1] - self.starts[series]
    }

    /// The draws of this shard series by series, each with its study's expected cost, for
    /// the progress line's ETA.
    pub fn cost_schedule(&self) -> super::progress::CostSchedule {
        super::progress::CostSchedule::new(
            (0..self.study.series().len())
                .map(|s| (self.draws_of_series(s), self.study.draw_cost(s))),
        )
    }

    /// All draws of this shard.
    pub fn total(&self) -> u64 {
        *self.starts.last().expect("starts has a first entry")
    }

    /// The series and shard-local draw number at position `p < total()`.
    pub fn locate(&self, p: u64) -> (usize, u64) {
        assert!(p < self.total(), "position {p} is beyond the plan's draws");
        // The last series whose start is at or before p (empty series share a start).
        let series = self.starts.partition_point(|&start| start <= p) - 1;
        (series, p - self.starts[series])
    }

    /// The position just after the last draw of the series holding position `p`.
    pub fn series_end(&self, p: u64) -> u64 {
        self.starts[self.locate(p).0 + 1]
    }

    /// The (series label, draw index) that the row at position `p` must have.
    pub fn row_key(&self, p: u64) -> (&str, u64) {
        let (series, local) = self.locate(p);
        (
            &self.study.series()[series].label,
            self.shard.draw_index(local),
        )
    }

    /// Checks that the row with key (`label`, `draw`), read from `file`, is the row the
    /// plan puts at position `p`.
    pub fn check_key(&self, p: u64, label: &str, draw: u64, file: &str) -> Result<()> {
        check!(
            p < self.total(),
            Data,
            "{file} has more rows than the spec makes"
        );
        let (expected, index) = self.row_key(p);
        if label != expected || draw != index {
            return Err(HarnessError::RowKey {
                file: file.to_string(),
                row: p + 1,
                found: format!("{label} draw {draw}"),
                expected: format!("{expected} draw {index}"),
            });
        }
        Ok(())
    }

    /// Reads the `draws.csv` of `folder`: checks that it starts with the study's header and
    /// holds exactly this plan's rows in order (each row's series and draw index checked), and
    /// hands each row to `visit`. Every study derives its tables through this one loop.
    pub fn for_each_row(
        &self,
        folder: &ResultsFolder,
        mut visit: impl FnMut(Row) -> std::result::Result<(), StudyError>,
    ) -> Result<()> {
        let path = folder.draws();
        let shown = path.display().to_string();
        let file = std::fs::File::open(&path).io(|| format!("cannot read {shown}"))?;
        let mut reader = std::io::BufReader::with_capacity(1 << 20, file);
        let mut line = Vec::new();
        let read = |reader: &mut std::io::BufReader<_>, line: &mut Vec<u8>| {
            line.clear();
            reader
                .read_until(b'\n', line)
                .io(|| format!("cannot read {shown}"))
        };
        read(&mut reader, &mut line)?;
        let header = self.study.draws_header();
        check!(
            line == header,
            Data,
            "{shown} does not start with the header {:?}",
            String::from_utf8_lossy(&header).trim_end()
        );
        let mut position = 0u64;
        while read(&mut reader, &mut line)? > 0 {
            let Ok(text) = std::str::from_utf8(&line) else {
                fail!(Data, "{shown} row {} is not text", position + 1);
            };
            let text = text.trim_end_matches(['\n', '\r']);
            let Some((label, draw)) = row_key(line.as_slice()) else {
                fail!(Data, "{shown} row {} is not a row: {text:?}", position + 1);
            };
            self.check_key(position, label, draw, &shown)?;
            let series = self.locate(position).0;
            visit(Row {
                position,
                series,
                draw,
                text,
            })
            .map_err(|source| {
                HarnessError::study(format!("{shown} row {}", position + 1), source)
            })?;
            position += 1;
        }
        check!(
            position == self.total(),
            Data,
            "{shown} has {position} rows but the spec makes {}",
            self.total()
        );
        Ok(())
    }

    /// Computes the draws at positions `[start, end)`, which lie in one series.
    pub fn run_positions(&self, start: u64, end: u64) -> Result<Computed> {
        let (series, first) = self.locate(start);
        debug_assert!(end <= self.starts[series + 1], "a chunk lies in one series");
        let indices: Vec<u64> = (first..first + (end - start))
            .map(|local| self.shard.draw_index(local))
            .collect();
        self.study.run_draws(series, &indices).map_err(|source| {
            let label = &self.study.series()[series].label;
            let (low, high) = (indices[0], indices[indices.len() - 1]);
            HarnessError::study(format!("series {label}, draws {low} to {high}"), source)
        })
    }

    /// The chunks that cover `[done, total())`, never straddling two series, numbered
    /// from 0: of at most [`Study::chunk_draws`] positions each.
    pub fn chunks_from(&self, done: u64) -> Chunks<'_> {
        let sizes = (0..self.study.series().len())
            .map(|series| self.study.chunk_draws(series).max(1))
            .collect();
        self.chunks_of(done, sizes)
    }

    /// [`Plan::chunks_from`] with `sizes[s]` positions per chunk of series `s`.
    fn chunks_of(&self, done: u64, sizes: Vec<u64>) -> Chunks<'_> {
        let mut first = Vec::with_capacity(sizes.len() + 1);
        let mut count = 0u64;
        for (series, &size) in sizes.iter().enumerate() {
            first.push(count);
            let start = self.starts[series].max(done);
            let end = self.starts[series + 1];
            count += end.saturating_sub(start).div_ceil(size);
        }
        first.push(count);
        Chunks {
            plan: self,
            done,
            sizes,
            first,
        }
    }
}

/// The chunks of a plan from a position on, computed on demand.
pub struct Chunks<'a> {
    plan: &'a Plan,
    done: u64,
    /// Positions per chunk, by series.
    sizes: Vec<u64>,
    /// `first[s]`: the number of series `s`'s first chunk; the last entry is the count.
    first: Vec<u64>,
}

impl Chunks<'_> {
    /// Positions `[start, end)` of chunk `number`, or `None` past the last.
    pub fn get(&self, number: u64) -> Option<(u64, u64)> {
        if number >= *self.first.last()? {
            return None;
        }
        let series = self.first.partition_point(|&f| f <= number) - 1;
        let series_start = self.plan.starts[series].max(self.done);
        let size = self.sizes[series];
        let start = series_start + (number - self.first[series]) * size;
        let end = (start + size).min(self.plan.starts[series + 1]);
        Some((start, end))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::toy::ToyStudy;

    /// Series QNBR (`draws` draws), RBNQ (1) and NQBR (10).
    fn plan(draws: &str, shard: Shard) -> Plan {
        let study = ToyStudy::new(&[("QNBR", draws.parse().unwrap()), ("RBNQ", 1), ("NQBR", 10)]);
        Plan::new(std::sync::Arc::new(study), shard)
    }

    #[test]
    fn positions_locate_their_series_even_past_empty_ones() {
        // Shard 2/3 of series with 7, 1 and 10 draws: 2, 0 and 3 draws.
        let plan = plan("7", Shard { index: 2, count: 3 });
        assert_eq!(plan.total(), 5);
        let located: Vec<(usize, u64)> = (0..5).map(|p| plan.locate(p)).collect();
        assert_eq!(located, [(0, 0), (0, 1), (2, 0), (2, 1), (2, 2)]);
        assert_eq!(plan.row_key(3), ("NQBR", 4));
        assert_eq!(plan.series_end(2), 5);
    }

    #[test]
    fn chunks_cover_the_rest_without_straddling_series() {
        let plan = plan("7", Shard::WHOLE);
        let chunks = plan.chunks_of(3, vec![4; 3]);
        let listed: Vec<(u64, u64)> = (0..).map_while(|n| chunks.get(n)).collect();
        assert_eq!(listed, [(3, 7), (7, 8), (8, 12), (12, 16), (16, 18)]);
        assert_eq!(plan.chunks_of(18, vec![4; 3]).get(0), None);
        // Each series with its own chunk size.
        let chunks = plan.chunks_of(0, vec![2, 1, 4]);
        let listed: Vec<(u64, u64)> = (0..).map_while(|n| chunks.get(n)).collect();
        assert_eq!(
            listed,
            [
                (0, 2),
                (2, 4),
                (4, 6),
                (6, 7),
                (7, 8),
                (8, 12),
                (12, 16),
                (16, 18)
            ]
        );
    }

    #[test]
    fn a_huge_plan_is_planned_without_memory() {
        let plan = plan("999999999000", Shard::WHOLE);
        assert_eq!(plan.total(), 999_999_999_011);
        let chunks = plan.chunks_of(0, vec![256; 3]);
        assert_eq!(chunks.get(1), Some((256, 512)));
    }
}
