//! A plan: the draws a run (or one shard of it) must produce, in the order they are written.
//!
//! Position `p` counts the draws of this shard across series: series by series, and within a
//! series by increasing draw index. Every draw depends only on (spec, series, draw index), so
//! any prefix of the positions can be computed, written, and continued later. A plan holds
//! one number per series, never one per draw or chunk, so its size does not grow with the
//! draw count.

use super::Shard;
use super::data_file::{self, Compression};
use super::error::{HarnessError, IoContext, Result, StudyError, check, fail};
use super::folder::ResultsFolder;
use super::row_blocks::{BLOCK_SIZE, RowBlock, RowFile, lines};
use super::stops::Stops;
use super::study::{Computed, Study, text_key};
use rayon::prelude::*;
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
        let mut reader = data_file::open_text(&path)?;
        let mut line = Vec::new();
        let read = |reader: &mut Box<dyn BufRead + Send>, line: &mut Vec<u8>| {
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
        let mut stops = Stops::of(self);
        let mut position = 0u64;
        while read(&mut reader, &mut line)? > 0 {
            let row = self.read_row(position, &line, &shown)?;
            let in_context =
                |source| HarnessError::study(format!("{shown} row {}", position + 1), source);
            let (series, text) = (row.series, row.text);
            visit(row).map_err(in_context)?;
            let ends = match stops.as_mut() {
                Some(stops) => stops.after_row(series, text).map_err(in_context)?,
                None => false,
            };
            // After a series' end the rest of its draws count as done without a row.
            position = if ends {
                self.starts[series + 1]
            } else {
                position + 1
            };
        }
        self.check_row_count(position, &shown)
    }

    /// The row at `position` of `file`, from its `line`, checked to be the row the plan puts
    /// there.
    fn read_row<'a>(&self, position: u64, line: &'a [u8], file: &str) -> Result<Row<'a>> {
        let Ok(text) = std::str::from_utf8(line) else {
            fail!(Data, "{file} row {} is not text", position + 1);
        };
        self.read_text_row(position, text, file)
    }

    /// [`Plan::read_row`] of a line already checked to be text.
    fn read_text_row<'a>(&self, position: u64, text: &'a str, file: &str) -> Result<Row<'a>> {
        // The line break, by bytes: a search for either of two characters costs more than
        // the rest of the row's checks.
        let mut end = text.len();
        while end > 0 && matches!(text.as_bytes()[end - 1], b'\n' | b'\r') {
            end -= 1;
        }
        let text = &text[..end];
        let Some((label, draw)) = text_key(text) else {
            fail!(Data, "{file} row {} is not a row: {text:?}", position + 1);
        };
        self.check_key(position, label, draw, file)?;
        let series = self.locate(position).0;
        Ok(Row {
            position,
            series,
            draw,
            text,
        })
    }

    fn check_row_count(&self, positions: u64, file: &str) -> Result<()> {
        check!(
            positions == self.total(),
            Data,
            "{file} ends after {positions} of the {} draws the spec makes",
            self.total()
        );
        Ok(())
    }

    /// Whether some series of this plan may end early ([`super::stops`]).
    pub fn has_stops(&self) -> bool {
        Stops::of(self).is_some()
    }

    /// [`Plan::for_each_row`] on all the pool's threads, for a study whose tables are sums
    /// over the rows: the file is read in blocks of whole rows, each block's rows are checked
    /// and folded into an accumulator of its own (made by `init`) on a worker thread, and the
    /// blocks' accumulators are merged in file order. Blocks have a fixed size, so the result
    /// does not depend on the number of threads; an error is the first one in the file.
    pub fn fold_rows<A: Send>(
        &self,
        folder: &ResultsFolder,
        init: impl Fn() -> A + Sync,
        visit: impl Fn(&mut A, Row) -> std::result::Result<(), StudyError> + Sync,
        merge: impl Fn(&mut A, A),
    ) -> Result<A> {
        if self.has_stops() {
            // Where a series ends is known only from the rows before it: one by one.
            let mut total = init();
            self.for_each_row(folder, |row| visit(&mut total, row))?;
            return Ok(total);
        }
        self.fold_rows_in_blocks(folder, BLOCK_SIZE, init, visit, merge)
    }

    /// [`Plan::fold_rows`] with blocks of the rows that start in each `block_size` bytes.
    fn fold_rows_in_blocks<A: Send>(
        &self,
        folder: &ResultsFolder,
        block_size: usize,
        init: impl Fn() -> A + Sync,
        visit: impl Fn(&mut A, Row) -> std::result::Result<(), StudyError> + Sync,
        merge: impl Fn(&mut A, A),
    ) -> Result<A> {
        let path = folder.draws();
        let shown = path.display().to_string();
        if Compression::of_path(&path) == Compression::Zstd {
            return self.fold_frames(&path, block_size, init, visit, merge);
        }
        let file = RowFile::open(&path, &self.study.draws_header())?;
        let blocks = file.blocks(block_size)?;
        let firsts: Vec<u64> = blocks
            .iter()
            .scan(0, |position, block| {
                let first = *position;
                *position += block.rows;
                Some(first)
            })
            .collect();
        let fold_block = |block: &RowBlock, first: u64| -> Result<A> {
            let bytes = file.read(block.start, block.end)?;
            self.fold_text(&bytes, first, &shown, &init, &visit)
        };
        // A few blocks per thread at a time, merged in file order: memory stays bounded, and
        // the first error in the file is the one reported.
        let window = 2 * rayon::current_num_threads();
        let mut total = init();
        for (group, firsts) in blocks.chunks(window).zip(firsts.chunks(window)) {
            let parts: Vec<Result<A>> = group
                .par_iter()
                .zip(firsts)
                .map(|(block, &first)| fold_block(block, first))
                .collect();
            for part in parts {
                merge(&mut total, part?);
            }
        }
        let rows = blocks.iter().map(|block| block.rows).sum();
        self.check_row_count(rows, &shown)?;
        Ok(total)
    }

    /// Folds the rows of `bytes`, the first of them at position `first`, into a new
    /// accumulator.
    fn fold_text<A>(
        &self,
        bytes: &[u8],
        first: u64,
        shown: &str,
        init: &impl Fn() -> A,
        visit: &impl Fn(&mut A, Row) -> std::result::Result<(), StudyError>,
    ) -> Result<A> {
        // The block's text checked at once; where it is not text, row by row, to name the
        // row.
        let text = std::str::from_utf8(bytes).ok();
        let mut accumulator = init();
        let mut start = 0;
        for (offset, line) in lines(bytes).enumerate() {
            let position = first + offset as u64;
            let row = match text {
                // Lines end after a line break, which is ASCII: each is a str slice.
                Some(text) => self.read_text_row(position, &text[start..][..line.len()], shown)?,
                None => self.read_row(position, line, shown)?,
            };
            start += line.len();
            visit(&mut accumulator, row).map_err(|source| {
                HarnessError::study(format!("{shown} row {}", position + 1), source)
            })?;
        }
        Ok(accumulator)
    }

    /// [`Plan::fold_rows_in_blocks`] of a compressed data file: its frames are read in groups
    /// of about `block_size` bytes of text, a few groups per thread at a time, each group
    /// decompressed and its rows counted on every core, then its rows folded on every core.
    fn fold_frames<A: Send>(
        &self,
        path: &std::path::Path,
        block_size: usize,
        init: impl Fn() -> A + Sync,
        visit: impl Fn(&mut A, Row) -> std::result::Result<(), StudyError> + Sync,
        merge: impl Fn(&mut A, A),
    ) -> Result<A> {
        let shown = path.display().to_string();
        let file = data_file::FrameFile::open(path)?;
        data_file::check_header(&file, &self.study.draws_header())?;
        let frames = file.frames.get(1..).unwrap_or_default();
        let groups = data_file::groups(frames, block_size as u64);
        let window = 2 * rayon::current_num_threads();
        let mut total = init();
        let mut first = 0u64;
        for group in groups.chunks(window) {
            let texts: Vec<(Vec<u8>, u64)> = group
                .par_iter()
                .map(|frames| {
                    let text = file.decode(frames)?;
                    let rows = lines(&text).count() as u64;
                    Ok((text, rows))
                })
                .collect::<Result<_>>()?;
            let firsts: Vec<u64> = texts
                .iter()
                .scan(first, |position, (_, rows)| {
                    let at = *position;
                    *position += rows;
                    Some(at)
                })
                .collect();
            first += texts.iter().map(|(_, rows)| rows).sum::<u64>();
            let parts: Vec<Result<A>> = texts
                .par_iter()
                .zip(firsts)
                .map(|((text, _), first)| self.fold_text(text, first, &shown, &init, &visit))
                .collect();
            for part in parts {
                merge(&mut total, part?);
            }
        }
        self.check_row_count(first, &shown)?;
        Ok(total)
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

    /// Writes the toy's rows of `plan` as `draws.csv` in a new folder, with `edit` applied.
    fn toy_draws(plan: &Plan, edit: impl Fn(String) -> String) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let mut text = String::from(crate::experiment::toy::HEADER);
        for (start, end) in (0..).map_while(|n| plan.chunks_from(0).get(n)) {
            let computed = plan.run_positions(start, end).unwrap();
            text.push_str(std::str::from_utf8(&computed.bytes).unwrap());
        }
        std::fs::write(ResultsFolder::new(dir.path()).draws(), edit(text)).unwrap();
        dir
    }

    type Seen = Vec<(u64, usize, u64, String)>;

    fn rows_by_both_readers(plan: &Plan, dir: &std::path::Path, block: usize) -> [Result<Seen>; 2] {
        let folder = ResultsFolder::new(dir);
        let mut one_by_one = Vec::new();
        let sequential = plan
            .for_each_row(&folder, |row| {
                one_by_one.push((row.position, row.series, row.draw, row.text.to_string()));
                Ok(())
            })
            .map(|()| one_by_one);
        let folded = plan.fold_rows_in_blocks(
            &folder,
            block,
            Vec::new,
            |seen: &mut Seen, row| {
                seen.push((row.position, row.series, row.draw, row.text.to_string()));
                Ok(())
            },
            |total, part| total.extend(part),
        );
        [sequential, folded]
    }

    #[test]
    fn a_series_with_a_stop_rule_ends_at_its_rule_and_no_row_may_follow() {
        let mut study = ToyStudy::new(&[("QNBR", 40), ("RBNQ", 1), ("NQBR", 10)]);
        study.stop_below = Some(100);
        let plan = Plan::new(std::sync::Arc::new(study), Shard::WHOLE);
        assert!(plan.has_stops());
        let whole = toy_draws(&plan, |text| text);
        // The rows the rule keeps: each series up to its first value below 100.
        let text = std::fs::read_to_string(ResultsFolder::new(whole.path()).draws()).unwrap();
        let mut kept = String::from(crate::experiment::toy::HEADER);
        let mut ended = std::collections::BTreeSet::new();
        for line in text.lines().skip(1) {
            let fields: Vec<&str> = line.split(',').collect();
            if ended.contains(fields[0]) {
                continue;
            }
            kept.push_str(line);
            kept.push('\n');
            if fields[2].parse::<u64>().unwrap() < 100 {
                ended.insert(fields[0].to_string());
            }
        }
        assert!(ended.contains("QNBR"), "the first series ends early");
        let cut = toy_draws(&plan, |_| kept.clone());
        let [sequential, _] = rows_by_both_readers(&plan, cut.path(), 16);
        let sequential = sequential.unwrap();
        // `fold_rows` reads such a plan one row after another.
        let folded = plan.fold_rows(
            &ResultsFolder::new(cut.path()),
            Vec::new,
            |seen: &mut Seen, row| {
                seen.push((row.position, row.series, row.draw, row.text.to_string()));
                Ok(())
            },
            |total, part| total.extend(part),
        );
        assert_eq!(sequential, folded.unwrap());
        assert_eq!(sequential.len(), kept.lines().count() - 1);
        assert!(sequential.len() < 51);
        // Every row of the uncut file reads as a row after an end.
        let [sequential, _] = rows_by_both_readers(&plan, whole.path(), 16);
        let error = format!("{:#}", sequential.unwrap_err());
        let qnbr_rows = kept.lines().filter(|l| l.starts_with("QNBR,")).count();
        assert!(
            error.contains(&format!("QNBR draw {qnbr_rows}")) && error.contains("RBNQ draw 0"),
            "{error}"
        );
    }

    #[test]
    fn rows_folded_in_blocks_are_the_rows_read_one_by_one() {
        let plan = plan("40", Shard::WHOLE);
        let dir = toy_draws(&plan, |text| text);
        for block in [1, 5, 16, 100, 1 << 20] {
            let [sequential, folded] = rows_by_both_readers(&plan, dir.path(), block);
            let sequential = sequential.unwrap();
            assert_eq!(sequential.len(), 51);
            assert_eq!(folded.unwrap(), sequential, "blocks of {block} bytes");
        }
        // Without the last line break, too.
        let dir = toy_draws(&plan, |text| text.trim_end().to_string());
        let [sequential, folded] = rows_by_both_readers(&plan, dir.path(), 7);
        assert_eq!(folded.unwrap(), sequential.unwrap());
    }

    #[test]
    fn rows_folded_in_blocks_fail_as_rows_read_one_by_one() {
        let plan = plan("40", Shard::WHOLE);
        let edits: [fn(String) -> String; 4] = [
            |text| text.replacen("QNBR,7,", "QNBR,8,", 1),
            |text| text.replacen("NQBR,9,", "", 1),
            |text| text.replacen("series,draw", "series,draws", 1),
            |text| text + "NQBR,10,5\n",
        ];
        for edit in edits {
            let dir = toy_draws(&plan, edit);
            for block in [3, 64, 1 << 20] {
                let [sequential, folded] = rows_by_both_readers(&plan, dir.path(), block);
                let expected = sequential.unwrap_err().to_string();
                assert_eq!(
                    folded.unwrap_err().to_string(),
                    expected,
                    "blocks of {block}"
                );
            }
        }
    }

    #[test]
    fn a_huge_plan_is_planned_without_memory() {
        let plan = plan("999999999000", Shard::WHOLE);
        assert_eq!(plan.total(), 999_999_999_011);
        let chunks = plan.chunks_of(0, vec![256; 3]);
        assert_eq!(chunks.get(1), Some((256, 512)));
    }
}
