//! The knight's tour as an experiment ([`Study`]): one draw is one Warnsdorff tour (greedy,
//! or with backtracking when the spec sets `backtrack`) on an n×n or W×H board with a tie-break
//! rule from a start square; its row in `draws.csv` says where it started and how far it got.
//!
//! Draw `i` of a series reads only its own random stream, `rng::stream(seed, label, i)`:
//! the random start (mode `random`) is drawn from it first, then the `random` tie-break
//! reads it. Every path is checked by the independent validator ([`super::validate`])
//! before its row is written; a tour the validator rejects stops the run.
//!
//! From the rows, [`Study::derive`] writes `summary.csv` (per series: draws, tours, success
//! rate with its 95% Wilson interval, mean squares reached) and `starts.csv` (per `every`
//! series, one line per board row: which start squares give a tour). The `n` column of all
//! three holds the board size as [`super::spec::BoardSize`] writes it: the side for a square
//! board, `WxH` for a rectangle.

use super::spec::{Series, Spec, StartMode};
use super::warnsdorff::{Engine, Outcome, Plan, TourDraw, check_draw};
use super::{Square, draw_backtracking};
use crate::experiment::Describe;
use crate::experiment::inspect::{Comparison, ShowOptions, SummaryLayout};
use crate::experiment::inspect::{compare_counts, summary_table};
use crate::experiment::spec::Overrides;
use crate::experiment::spec::SpecHeader;
use crate::experiment::study::{Computed, SeriesPlan, Study};
use crate::experiment::{Plan as RunPlan, ResultsFolder};
use crate::experiment::{Puzzle, StudyError};
use crate::output::atomic::write_atomic;
use crate::output::document::Document;
use crate::output::numbers::push_decimal;
use crate::output::table::wrap;
use crate::rng::{self, below};
use crate::stats::proportion::wilson95;
use std::path::Path;
use std::sync::Arc;

/// Results of this module: a puzzle's error ([`StudyError`]) unless another is named.
type Result<T, E = StudyError> = std::result::Result<T, E>;

/// The knight's tour in the list of puzzles.
pub const PUZZLE: Puzzle = Puzzle {
    name: "knights-tour",
    about: "Warnsdorff's rule for the knight's tour: success by tie-break, board size and start",
    example_spec: include_str!("../../experiments/examples/knights-tour.toml"),
    parse,
    report: super::report::report,
    plot: super::report::plot,
    headline: super::report::headline,
    show,
    compare,
    tables: &["summary.csv", "starts.csv"],
    set_of: None,
};

/// The columns of `summary.csv` that `show` prints and `compare` tests.
const LAYOUT: SummaryLayout = SummaryLayout {
    key: &["series"],
    shown: &[
        "draws",
        "tours",
        "success_rate",
        "ci_low",
        "ci_high",
        "mean_squares",
    ],
    counts: &["tours", "draws-tours"],
    share: ("success_rate", "ci_low", "ci_high"),
    percents: &["success_rate", "ci_low", "ci_high"],
    decimals: 1,
    fixed: &[],
};

fn show(dir: &Path, options: &ShowOptions) -> Result<String> {
    let table = summary_table(dir, PUZZLE.name, &LAYOUT, options)?;
    // The headline wrapped to the width; the command in it is never broken.
    let command = format!("boardlab show {}", dir.display());
    Ok(table + &wrap(&super::report::headline(dir)?, options.width, &[&command]))
}

fn compare(first: &Path, second: &Path) -> Result<Comparison> {
    compare_counts(first, second, &LAYOUT)
}

/// The columns of `draws.csv`.
pub const DRAW_COLUMNS: &str = "series,draw,rule,n,start,x,y,outcome,squares,tie_breaks,backtracks";

/// The columns of `summary.csv`.
pub const SUMMARY_COLUMNS: &str =
    "series,rule,n,start,draws,tours,success_rate,ci_low,ci_high,mean_squares,mean_tie_breaks";

/// The columns of `starts.csv`: `tours` holds one character per square of row `y`,
/// `1` where a start there gives a tour, `0` where it does not, for x = 1..W (W = n on an
/// n×n board).
pub const STARTS_COLUMNS: &str = "series,rule,n,y,tours";

fn parse(text: &str, overrides: &Overrides) -> Result<Arc<dyn Study>> {
    Ok(Arc::new(KnightsStudy::new(Spec::parse(text, overrides)?)))
}

/// A checked knight's-tour spec as a study.
#[derive(Clone, Debug)]
pub struct KnightsStudy {
    pub spec: Spec,
    series: Vec<SeriesPlan>,
}

impl KnightsStudy {
    pub fn new(spec: Spec) -> KnightsStudy {
        let series = spec.series_plans();
        KnightsStudy { spec, series }
    }
}

/// The word for an outcome in `draws.csv`.
pub fn outcome_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Tour => "tour",
        Outcome::DeadEnd => "stuck",
        Outcome::NotClosed => "not_closed",
        Outcome::CapReached => "cap",
        Outcome::NoTour => "no_tour",
    }
}

/// The start square of draw `index` of `series`, drawing from `rng` for a random start.
pub fn start_square(series: &Series, index: u64, rng: &mut rng::DefaultRng) -> Square {
    let board = series.board();
    match series.start {
        StartMode::Corner => Square::new(0, 0),
        StartMode::Random => board.square_at(below(rng, board.squares() as u64) as usize),
        StartMode::Every => board.square_at(index as usize),
    }
}

impl KnightsStudy {
    /// One draw of `series`, checked by the validator.
    fn one_draw(
        &self,
        series: &Series,
        index: u64,
        engine: &mut Engine,
        plan: &Plan,
    ) -> Result<(Square, TourDraw)> {
        let mut rng = rng::stream(self.spec.header.seed, &series.label, index);
        let start = start_square(series, index, &mut rng);
        let board = series.board();
        let closed = self.spec.closed;
        if let Some(cap) = self.spec.backtrack {
            let draw = draw_backtracking(board, start, &series.rule, closed, cap, &mut rng)
                .describe(|| format!("{} draw {index}", series.label))?;
            return Ok((start, draw));
        }
        let result = engine.run(start, plan, closed, &mut rng);
        let draw = TourDraw {
            outcome: result.outcome,
            squares_reached: engine.path_indices().len() as u64,
            tie_breaks: result.tie_breaks,
            backtracks: 0,
            path: engine.path(),
        };
        check_draw(&board, &draw, closed).describe(|| {
            format!(
                "{} draw {index}: the validator rejects the path",
                series.label
            )
        })?;
        Ok((start, draw))
    }
}

impl Study for KnightsStudy {
    fn puzzle(&self) -> &'static str {
        PUZZLE.name
    }

    fn header(&self) -> &SpecHeader {
        &self.spec.header
    }

    fn series(&self) -> &[SeriesPlan] {
        &self.series
    }

    fn identity(&self) -> serde_json::Value {
        serde_json::to_value(&self.spec).expect("a spec serializes")
    }

    /// A Warnsdorff walk's work grows with the squares it visits: W·H for a tour.
    fn draw_cost(&self, series: usize) -> f64 {
        self.spec.series[series].board().squares() as f64
    }

    /// About 65,536 squares of walking per chunk: a chunk of small boards must hold enough
    /// walks that the writing thread keeps up with sixteen workers, and one of huge boards
    /// few enough that the workers share the walks evenly.
    fn chunk_draws(&self, series: usize) -> u64 {
        let squares = self.spec.series[series].board().squares().max(1);
        ((1 << 16) / squares).clamp(1, 4096) as u64
    }

    fn warnings(&self) -> Vec<String> {
        self.spec.warnings.clone()
    }

    fn draws_header(&self) -> Vec<u8> {
        format!("{DRAW_COLUMNS}\n").into_bytes()
    }

    fn run_draws(&self, series: usize, indices: &[u64]) -> Result<Computed, StudyError> {
        let series = &self.spec.series[series];
        let board = series.board();
        let plan = Plan::new(&board, &series.rule)?;
        let mut engine = Engine::new(board);
        let mut computed = Computed::default();
        // A row is `label,index,rule,n,start,x,y,outcome,squares,tie_breaks,backtracks`; the
        // fields after the index are the series' own up to the start square.
        let label = format!("{},", series.label);
        let series_fields = format!(",{},{},{},", series.rule, series.size, series.start);
        let mut bytes = Vec::with_capacity(indices.len() * (label.len() + 40));
        for &index in indices {
            let (start, draw) = self.one_draw(series, index, &mut engine, &plan)?;
            bytes.extend_from_slice(label.as_bytes());
            push_decimal(&mut bytes, index);
            bytes.extend_from_slice(series_fields.as_bytes());
            for coordinate in [start.x + 1, start.y + 1] {
                push_decimal(&mut bytes, u64::from(coordinate));
                bytes.push(b',');
            }
            bytes.extend_from_slice(outcome_word(draw.outcome).as_bytes());
            for count in [draw.squares_reached, draw.tie_breaks, draw.backtracks] {
                bytes.push(b',');
                push_decimal(&mut bytes, count);
            }
            bytes.push(b'\n');
            computed.rows += 1;
            computed.work += draw.squares_reached;
        }
        computed.bytes = bytes;
        Ok(computed)
    }

    fn derive(&self, folder: &ResultsFolder, plan: &RunPlan) -> Result<(), StudyError> {
        // Counts, and the last outcome from each start: read on every core, the same tables.
        let tallies = plan.fold_rows(
            folder,
            || vec![Tally::default(); self.spec.series.len()],
            |tallies, row| {
                let draw = DrawRow::parse(row.text).describe(|| format!("{:?}", row.text))?;
                tallies[row.series].add(&self.spec.series[row.series], &draw);
                Ok(())
            },
            |tallies, later| {
                for (tally, later) in tallies.iter_mut().zip(later) {
                    tally.append(later);
                }
            },
        )?;
        let mut summary = Document::new();
        writeln!(summary, "{SUMMARY_COLUMNS}");
        let mut starts = Document::new();
        writeln!(starts, "{STARTS_COLUMNS}");
        for (series, tally) in self.spec.series.iter().zip(&tallies) {
            if tally.draws > 0 {
                tally.write_summary(series, &mut summary);
            }
            if series.start == StartMode::Every && tally.draws > 0 {
                tally.write_starts(series, &mut starts);
            }
        }
        write_atomic(&folder.root().join("summary.csv"), summary.as_bytes())?;
        Ok(write_atomic(
            &folder.root().join("starts.csv"),
            starts.as_bytes(),
        )?)
    }
}

/// One row of `draws.csv`, borrowed from its line.
#[derive(Debug, PartialEq)]
pub struct DrawRow<'a> {
    pub series: &'a str,
    pub draw: u64,
    pub x: u32,
    pub y: u32,
    pub outcome: &'a str,
    pub squares: u64,
    pub tie_breaks: u64,
}

impl<'a> DrawRow<'a> {
    /// The row's eleven fields, found eight bytes at a time: this is most of the reading of
    /// a large run's `draws.csv`.
    pub fn parse(line: &'a str) -> Result<DrawRow<'a>> {
        let bytes = line.as_bytes();
        let commas = crate::output::fields::commas::<10>(bytes)
            .filter(|commas| !bytes[commas[9] + 1..].contains(&b','));
        let Some(commas) = commas else {
            let count = line.split(',').count();
            return Err(format!("expected 11 fields, found {count}").into());
        };
        // Commas are ASCII, so each field is a str slice.
        let field = |i: usize| {
            let start = if i == 0 { 0 } else { commas[i - 1] + 1 };
            &line[start..commas.get(i).copied().unwrap_or(line.len())]
        };
        let number = |i: usize| -> Result<u64> {
            field(i)
                .parse()
                .describe(|| format!("field {} is not a number: {:?}", i + 1, field(i)))
        };
        Ok(DrawRow {
            series: field(0),
            draw: number(1)?,
            x: number(5)? as u32,
            y: number(6)? as u32,
            outcome: field(7),
            squares: number(8)?,
            tie_breaks: number(9)?,
        })
    }
}

/// What the summary and the start maps need of a series' rows.
#[derive(Clone, Debug, Default)]
struct Tally {
    draws: u64,
    tours: u64,
    squares: u64,
    tie_breaks: u64,
    /// `every` series: whether the start on each square (row-major) gave a tour, in its
    /// last draw; `None` for a square no draw started from.
    tour_at: Vec<Option<bool>>,
}

impl Tally {
    fn add(&mut self, series: &Series, row: &DrawRow) {
        let tour = row.outcome == "tour";
        self.draws += 1;
        self.tours += tour as u64;
        self.squares += row.squares;
        self.tie_breaks += row.tie_breaks;
        if series.start == StartMode::Every {
            let width = series.size.width as usize;
            if self.tour_at.is_empty() {
                self.tour_at = vec![None; series.size.squares() as usize];
            }
            let index = (row.y as usize - 1) * width + (row.x as usize - 1);
            if let Some(cell) = self.tour_at.get_mut(index) {
                *cell = Some(tour);
            }
        }
    }

    /// Adds the draws of `later`, a tally of the rows that follow this one's: a start that
    /// `later` drew from has its outcome there.
    fn append(&mut self, later: Tally) {
        self.draws += later.draws;
        self.tours += later.tours;
        self.squares += later.squares;
        self.tie_breaks += later.tie_breaks;
        if self.tour_at.is_empty() {
            self.tour_at = later.tour_at;
        } else {
            for (mine, theirs) in self.tour_at.iter_mut().zip(later.tour_at) {
                if theirs.is_some() {
                    *mine = theirs;
                }
            }
        }
    }

    fn write_summary(&self, series: &Series, out: &mut Document) {
        let (low, high) = wilson95(self.tours, self.draws);
        let draws = self.draws as f64;
        writeln!(
            out,
            "{},{},{},{},{},{},{:.6},{:.6},{:.6},{:.2},{:.2}",
            series.label,
            series.rule,
            series.size,
            series.start,
            self.draws,
            self.tours,
            self.tours as f64 / draws,
            low,
            high,
            self.squares as f64 / draws,
            self.tie_breaks as f64 / draws
        );
    }

    fn write_starts(&self, series: &Series, out: &mut Document) {
        let width = series.size.width as usize;
        for (y, row) in self.tour_at.chunks(width).enumerate() {
            let cells: String = row
                .iter()
                .map(|&t| if t == Some(true) { '1' } else { '0' })
                .collect();
            writeln!(
                out,
                "{},{},{},{},{cells}",
                series.label,
                series.rule,
                series.size,
                y + 1
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fields as `str::split` finds them, for rows of eleven fields.
    fn parse_by_split(line: &str) -> Option<DrawRow<'_>> {
        let fields: Vec<&str> = line.split(',').collect();
        if fields.len() != 11 {
            return None;
        }
        Some(DrawRow {
            series: fields[0],
            draw: fields[1].parse().ok()?,
            x: fields[5].parse().ok()?,
            y: fields[6].parse().ok()?,
            outcome: fields[7],
            squares: fields[8].parse().ok()?,
            tie_breaks: fields[9].parse().ok()?,
        })
    }

    #[test]
    fn rows_are_split_as_str_split_splits_them() {
        let rows = [
            "seed/n=6/corner,0,seed,6,corner,1,1,tour,36,6,0",
            "random/n=8x12/every,12345,random,8x12,every,8,12,stuck,61,17,3",
            "a,1,b,2,c,3,4,tour,5,6,",
            "a,1,b,2,c,3,4,tour,5,6,7,8",
            "a,1,b,2,c,3,4,tour,5,6",
            "a,x,b,2,c,3,4,tour,5,6,7",
            "a,1,b,2,c,3,4,tour,5,-6,7",
            "",
            ",,,,,,,,,,",
        ];
        for row in rows {
            let fast = DrawRow::parse(row).ok();
            assert_eq!(fast, parse_by_split(row), "{row:?}");
        }
        let error = DrawRow::parse("a,1,b,2,c,3,4,tour,5,6,7,8").unwrap_err();
        assert_eq!(error.to_string(), "expected 11 fields, found 12");
    }
}
