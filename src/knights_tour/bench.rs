//! The throughput of the greedy rule on one core (`boardlab knights-tour bench`), and the row
//! it appends to a results folder's `bench.csv`, which [`super::report::read_bench`] reads
//! back for the report's speed section.
//!
//! The walks are timed apart from their validation: every walk still goes through the
//! independent validator ([`IndexValidator`], which reads the walk's recorded squares and
//! nothing else of the engine's), but after its batch's clock has stopped, so that the figure
//! is the engine's loop alone.

use super::validate::{IndexValidator, TourError};
use super::warnsdorff::{Engine, Plan};
use super::{Board, KnightsError, Outcome, Rule, Square};
use crate::experiment::bench::{Repeats, Run, Timed, repeat_one};
use crate::experiment::measure::thread_cpu_seconds;
use crate::rng;
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// The columns of `bench.csv` (`knights-tour bench --out`).
pub const BENCH_COLUMNS: &str =
    "size,rule,start,closed,seed,draws,tours,squares,seconds,wall_seconds,cpu_seconds";

/// What to measure: `draws` greedy walks, walk i with stream index i.
#[derive(Clone, Debug)]
pub struct BenchSpec {
    pub board: Board,
    pub start: Square,
    pub rule: Rule,
    pub closed: bool,
    pub seed: u64,
    pub draws: u64,
    /// Cycle the start through every square (walk i starts on square i mod W·H, row-major)
    /// instead of using `start`.
    pub all_starts: bool,
    /// Count the steps decided by a tie-break (slower for the first-in-order rules).
    pub count_ties: bool,
}

/// What a bench measured.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchResult {
    pub tours: u64,
    /// Squares walked, summed over the walks.
    pub squares: u64,
    /// Steps decided by a tie-break, when [`BenchSpec::count_ties`] asked for them.
    pub tie_breaks: Option<u64>,
    /// Wall time of the walks alone.
    pub seconds: f64,
    /// Wall time of their validation.
    pub validation_seconds: f64,
    /// Wall time of the whole bench.
    pub wall_seconds: f64,
    /// CPU time of the walks alone; `None` where the scheduler's statistics are not there.
    pub cpu_seconds: Option<f64>,
}

/// Why a bench stopped: a bad rule for the board, or a walk the validator refuses.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    #[error(transparent)]
    Rule(#[from] KnightsError),
    #[error(transparent)]
    Invalid(#[from] TourError),
}

/// The label of a walk's random stream: `knights WxH rule x,y [closed]`, as the command line
/// names it (`knights-tour tour`, `knights-tour bench`).
pub fn stream_label(board: &Board, rule: &Rule, start: Square, closed: bool) -> String {
    let closed = if closed { " closed" } else { "" };
    format!(
        "knights {board} {rule} {},{}{closed}",
        start.x + 1,
        start.y + 1
    )
}

impl BenchSpec {
    /// The start as `bench.csv` and the JSON line write it: `x,y`, or `all`.
    pub fn start_text(&self) -> String {
        if self.all_starts {
            "all".to_string()
        } else {
            format!("{},{}", self.start.x + 1, self.start.y + 1)
        }
    }

    fn start_of(&self, index: u64) -> Square {
        if self.all_starts {
            self.board
                .square_at((index % self.board.squares() as u64) as usize)
        } else {
            self.start
        }
    }

    /// The command line that runs this bench once, every option that shapes the work
    /// spelled out: the name of its timed runs in the exports.
    pub fn command(&self) -> String {
        let start = if self.all_starts {
            "--all-starts".to_string()
        } else {
            format!("--start {}", self.start_text())
        };
        let closed = if self.closed { " --closed" } else { "" };
        let ties = if self.count_ties { " --count-ties" } else { "" };
        format!(
            "boardlab knights-tour bench --board-size {} --rule {} {start}{closed} --seed {} \
             --draws {}{ties}",
            self.board, self.rule, self.seed, self.draws
        )
    }

    /// The `bench.csv` row of `result` (ending in a newline), in [`BENCH_COLUMNS`] order.
    pub fn csv_row(&self, result: &BenchResult) -> String {
        format!(
            "{},{},\"{}\",{},{},{},{},{},{:.6},{:.6},{}\n",
            self.board,
            self.rule,
            self.start_text(),
            self.closed,
            self.seed,
            self.draws,
            result.tours,
            result.squares,
            result.seconds,
            result.wall_seconds,
            result
                .cpu_seconds
                .map_or(String::new(), |c| format!("{c:.6}")),
        )
    }
}

/// Runs the walks of `spec` on this thread, every one validated (module docs).
pub fn bench(spec: &BenchSpec) -> Result<BenchResult, BenchError> {
    let plan = Plan::new(&spec.board, &spec.rule)?;
    let mut engine = Engine::new(spec.board);
    let mut batch = WalkBatch::new(spec.board, spec.closed);
    let (mut seconds, mut validation_seconds) = (0.0, 0.0);
    let (mut squares, mut tours, mut tie_breaks) = (0u64, 0u64, 0u64);
    let unused_stream = rng::stream(spec.seed, "unused", 0);
    let wall = Instant::now();
    // CPU time of the walks alone, as `seconds` is their wall time.
    let mut cpu = Some(0.0);
    let mut index = 0;
    let mut large = None;
    while index < spec.draws {
        // Walks are timed a batch at a time (a clock read per walk would cost a tenth of
        // an 8x8 walk); their paths are kept and validated after the batch's clock stops.
        let (timer, cpu_at_start) = (Instant::now(), thread_cpu_seconds());
        while index < spec.draws && !batch.is_full() {
            let start = spec.start_of(index);
            // Only the random tie-break reads its stream: the other rules get one stream
            // for all draws, without the label and seeding work (their walk never reads it).
            let mut rng = if plan.is_random() {
                let label = stream_label(&spec.board, &spec.rule, start, spec.closed);
                rng::stream(spec.seed, &label, index)
            } else {
                unused_stream.clone()
            };
            let outcome = if spec.count_ties {
                let result = engine.run(start, &plan, spec.closed, &mut rng);
                tie_breaks += result.tie_breaks;
                result.outcome
            } else {
                engine.run_outcome(start, &plan, spec.closed, &mut rng)
            };
            index += 1;
            if engine.path_indices().len() >= WalkBatch::SQUARES {
                // A walk as long as a batch is validated where it lies, without a copy.
                large = Some(outcome);
                break;
            }
            batch.push(engine.path_indices(), outcome);
        }
        seconds += timer.elapsed().as_secs_f64();
        cpu = cpu
            .zip(cpu_at_start.zip(thread_cpu_seconds()))
            .map(|(sum, (a, b))| sum + b - a);
        let timer = Instant::now();
        let mut checked = batch.validate()?;
        if let Some(outcome) = large.take() {
            checked.add(batch.check(engine.path_indices(), outcome)?);
        }
        validation_seconds += timer.elapsed().as_secs_f64();
        squares += checked.squares;
        tours += checked.tours;
    }
    Ok(BenchResult {
        tours,
        squares,
        tie_breaks: spec.count_ties.then_some(tie_breaks),
        seconds,
        validation_seconds,
        wall_seconds: wall.elapsed().as_secs_f64(),
        cpu_seconds: cpu,
    })
}

/// [`bench`] run `repeats` times after the warm-up runs; the rate counts squares walked,
/// in the walks' own time.
pub fn timed_runs(spec: &BenchSpec, repeats: Repeats) -> Result<Vec<Run<BenchResult>>, BenchError> {
    repeat_one(repeats, || {
        let result = bench(spec)?;
        Ok(Timed {
            count: result.squares,
            seconds: result.seconds,
            result,
        })
    })
}

/// Walks of one benchmark batch: their paths end to end, then validated together.
struct WalkBatch {
    closed: bool,
    indices: Vec<u32>,
    walks: Vec<(usize, Outcome)>,
    validator: IndexValidator,
}

/// What a validated batch adds to the totals.
struct CheckedWalks {
    squares: u64,
    tours: u64,
}

impl WalkBatch {
    /// Squares a batch holds before it is validated: a few hundred 8x8 walks, or one
    /// walk of any board larger than this.
    const SQUARES: usize = 1 << 16;

    fn new(board: Board, closed: bool) -> WalkBatch {
        WalkBatch {
            closed,
            indices: Vec::new(),
            walks: Vec::new(),
            validator: IndexValidator::new(board.width(), board.height()),
        }
    }

    fn is_full(&self) -> bool {
        self.indices.len() >= Self::SQUARES
    }

    fn push(&mut self, path: &[u32], outcome: Outcome) {
        self.indices.extend_from_slice(path);
        self.walks.push((path.len(), outcome));
    }

    /// Checks every walk of the batch with the independent validator and empties it.
    fn validate(&mut self) -> Result<CheckedWalks, TourError> {
        let mut checked = CheckedWalks {
            squares: 0,
            tours: 0,
        };
        let (indices, walks) = (
            std::mem::take(&mut self.indices),
            std::mem::take(&mut self.walks),
        );
        let mut offset = 0;
        for &(len, outcome) in &walks {
            checked.add(self.check(&indices[offset..offset + len], outcome)?);
            offset += len;
        }
        // The buffers go back emptied, their memory kept for the next batch.
        (self.indices, self.walks) = (indices, walks);
        self.indices.clear();
        self.walks.clear();
        Ok(checked)
    }

    /// Checks one walk and the outcome the engine reported for it, which the counts come
    /// from: a tour as a tour (closed when asked), a tour reported not closed as one that is
    /// not, a dead end as a path with nowhere left to go.
    fn check(&mut self, indices: &[u32], outcome: Outcome) -> Result<CheckedWalks, TourError> {
        match outcome {
            Outcome::Tour if self.closed => self.validator.check_closed_tour(indices)?,
            Outcome::Tour => self.validator.check_tour(indices)?,
            Outcome::NotClosed => self.validator.check_open_tour(indices)?,
            Outcome::DeadEnd => self.validator.check_dead_end(indices)?,
            // The bench's greedy walks never backtrack, so never end any other way.
            Outcome::CapReached | Outcome::NoTour => self.validator.check_path(indices)?,
        }
        Ok(CheckedWalks {
            squares: indices.len() as u64,
            tours: u64::from(outcome == Outcome::Tour),
        })
    }
}

impl CheckedWalks {
    fn add(&mut self, other: CheckedWalks) {
        self.squares += other.squares;
        self.tours += other.tours;
    }
}

/// Whether [`append_row`] can append to `path`: an error says why not (a folder, a link to
/// nothing, a file that cannot be written, a folder that does not exist).
pub fn check_appendable(path: &Path) -> Result<(), String> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => Err("a folder; give a CSV file to append the row to".into()),
        Ok(_) => std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map(drop)
            .map_err(|e| format!("cannot append the row to it: {e}")),
        Err(_) if path.symlink_metadata().is_ok() => {
            Err("a link to nothing; remove the link or give another file".into())
        }
        Err(_) => {
            let folder = match path.parent() {
                Some(parent) if !parent.as_os_str().is_empty() => parent,
                _ => Path::new("."),
            };
            if folder.is_dir() {
                Ok(())
            } else {
                Err(format!(
                    "the folder {} does not exist; create it or give another path",
                    folder.display()
                ))
            }
        }
    }
}

/// Appends `row` to the CSV file at `path`, writing the header first into a new file.
pub fn append_row(path: &Path, row: &str) -> std::io::Result<()> {
    let fresh = !path.exists();
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?;
    if fresh {
        writeln!(file, "{BENCH_COLUMNS}")?;
    }
    file.write_all(row.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knights_tour::{draw, report};

    fn spec(board: &str, rule: &str, all_starts: bool, draws: u64) -> BenchSpec {
        BenchSpec {
            board: board.parse().unwrap(),
            start: Square { x: 0, y: 0 },
            rule: rule.parse().unwrap(),
            closed: false,
            seed: 7,
            draws,
            all_starts,
            count_ties: true,
        }
    }

    /// The bench's engine against the experiment's own walk ([`draw`]), start by start.
    #[test]
    fn the_bench_counts_the_tours_that_the_walks_of_draw_find() {
        for (board, rule, all_starts, draws) in [
            ("8", "seed", true, 64),
            ("5", "random", false, 40),
            ("6x5", "random", true, 60),
        ] {
            let spec = spec(board, rule, all_starts, draws);
            let result = bench(&spec).unwrap();
            let (mut tours, mut squares, mut ties) = (0, 0, 0);
            for index in 0..draws {
                let start = spec.start_of(index);
                let label = stream_label(&spec.board, &spec.rule, start, false);
                let mut rng = rng::stream(spec.seed, &label, index);
                let walk = draw(spec.board, start, &spec.rule, false, &mut rng).unwrap();
                tours += u64::from(walk.outcome == Outcome::Tour);
                squares += walk.squares_reached;
                ties += walk.tie_breaks;
            }
            let found = (result.tours, result.squares, result.tie_breaks);
            assert_eq!(found, (tours, squares, Some(ties)), "{board} {rule}");
        }
    }

    #[test]
    fn rows_appended_to_bench_csv_read_back_with_the_report_reader() {
        let dir = std::env::temp_dir().join(format!("boardlab-bench-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(report::BENCH_FILE);
        let _ = std::fs::remove_file(&path);
        let specs = [spec("8", "seed", true, 64), spec("5", "random", false, 10)];
        for spec in &specs {
            let result = bench(spec).unwrap();
            append_row(&path, &spec.csv_row(&result)).unwrap();
        }
        let rows = report::read_bench(&dir).unwrap().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(text.lines().filter(|l| *l == BENCH_COLUMNS).count(), 1);
        let read: Vec<_> = rows
            .iter()
            .map(|r| (r.size.as_str(), r.rule.as_str(), r.start.as_str(), r.draws))
            .collect();
        assert_eq!(
            read,
            [("8x8", "seed", "all", 64), ("5x5", "random", "1,1", 10)]
        );
    }
}
