//! `boardlab knights-tour`: the knight's tour ([`crate::knights_tour`]): the seed's replay, one
//! tour with a tie-break rule, the SAT encoding, exact counts and a throughput bench.
//!
//! Sizes, starts and rules are taken as text and parsed here into checked values, so that a
//! bad one is a one-line error (exit 2) naming the option.

use super::measure::{Measured, thread_cpu_seconds};
use crate::knights_tour::count::count;
use crate::knights_tour::geometry::Layout;
use crate::knights_tour::geometry::parse_start;
use crate::knights_tour::replay::{ReplayOutcome, format_go, format_grid, replay};
use crate::knights_tour::validate::{TourError, TourValidator};
use crate::knights_tour::warnsdorff::{Engine, Plan, check_closed};
use crate::knights_tour::{Board, Outcome, Rule, Square, TourDraw, draw, draw_backtracking, sat};
use crate::rng;
use anyhow::Context;
use clap::{Args, Subcommand, ValueEnum};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Debug, Args)]
pub struct KnightsArgs {
    #[command(subcommand)]
    pub command: KnightsCommand,
}

#[derive(Debug, Subcommand)]
pub enum KnightsCommand {
    /// Run the seed article's Go program exactly and say whether its board is a tour.
    Replay(ReplayArgs),
    /// One Warnsdorff tour with a tie-break rule (exit 0 tour, 1 none found, 2 bad input).
    Tour(TourArgs),
    /// Tours as SAT (varisat): solve, or write the CNF.
    Sat(SatArgs),
    /// Count the tours of a small board exactly.
    Count(CountArgs),
    /// Throughput of the greedy rule on one core, as JSON (wall and CPU time).
    Bench(BenchArgs),
}

pub fn run(args: &KnightsArgs) -> anyhow::Result<ExitCode> {
    match &args.command {
        KnightsCommand::Replay(args) => run_replay(args),
        KnightsCommand::Tour(args) => run_tour(args),
        KnightsCommand::Sat(args) => run_sat(args),
        KnightsCommand::Count(args) => run_count(args),
        KnightsCommand::Bench(args) => run_bench(args),
    }
}

fn exit(success: bool) -> ExitCode {
    if success {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn parse_board(size: &str) -> anyhow::Result<Board> {
    size.parse().context("--size")
}

fn parse_rule(rule: &str) -> anyhow::Result<Rule> {
    rule.parse().context("--rule")
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ReplayFormat {
    /// Numbers right-aligned, one space apart.
    Grid,
    /// Each row as Go's `fmt.Println` of a slice prints it: `[2 31 16 ...]`.
    Go,
}

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 the printed board is a tour, 1 it is not (a dead end, or no move from the start), 2 bad input.

Examples:
  boardlab knights-tour replay --board-size 8 --start 3,2             the article's screenshot
  boardlab knights-tour replay --board-size 5 --start 1,2 --format go  a dead end, as Go prints it"
)]
pub struct ReplayArgs {
    /// Side n of the n×n board (1 to 10000; the Go program's n).
    #[arg(long = "board-size", alias = "size", alias = "n", value_name = "N")]
    pub n: u64,
    /// Start square as X,Y: column X and row Y, 1 to n (row 1 is printed first).
    #[arg(long, default_value = "1,1", value_name = "X,Y")]
    pub start: String,
    /// The start column alone (older spelling of --start).
    #[arg(long, hide = true)]
    pub x: Option<u64>,
    /// The start row alone (older spelling of --start).
    #[arg(long, hide = true)]
    pub y: Option<u64>,
    /// Board format.
    #[arg(long, value_enum, default_value_t = ReplayFormat::Grid)]
    pub format: ReplayFormat,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// The replay's start column and row: `--start X,Y`, or the older `--x` and `--y`.
fn replay_start(args: &ReplayArgs) -> anyhow::Result<(u64, u64)> {
    let (x, y) = args
        .start
        .split_once(',')
        .and_then(|(x, y)| Some((x.trim().parse().ok()?, y.trim().parse().ok()?)))
        .with_context(|| {
            format!(
                "--start: `{}` is not X,Y (column and row from 1, e.g. 3,2)",
                args.start
            )
        })?;
    Ok((args.x.unwrap_or(x), args.y.unwrap_or(y)))
}

fn run_replay(args: &ReplayArgs) -> anyhow::Result<ExitCode> {
    let (x, y) = replay_start(args)?;
    let replay = replay(args.n, x, y).context("replay")?;
    let board = match args.format {
        ReplayFormat::Grid => format_grid(&replay),
        ReplayFormat::Go => format_go(&replay),
    };
    let verdict = match replay.outcome {
        ReplayOutcome::Tour => format!("tour: all {} squares visited", args.n * args.n),
        ReplayOutcome::DeadEnd { step } => format!(
            "not a tour: dead end at step {step} ({step} of {} squares visited; the last square is overwritten up to {})",
            args.n * args.n,
            args.n * args.n
        ),
        ReplayOutcome::Panic { step } => format!(
            "not a tour: no move from the start; the Go program panics (index out of range) at step {step} and prints no board"
        ),
    };
    if args.json {
        let report = serde_json::json!({
            "n": args.n, "x": x, "y": y,
            "outcome": replay.outcome,
            "is_tour": replay.outcome == ReplayOutcome::Tour,
            "board": board,
            "verdict": verdict,
        });
        println!("{report}");
    } else {
        println!("{board}{verdict}");
    }
    Ok(exit(replay.outcome == ReplayOutcome::Tour))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TourFormat {
    /// The step number of each square, rows top to bottom (`.` for unvisited squares).
    Grid,
    /// One square per line, `x,y` 1-based.
    Moves,
}

/// The board, start, rule and kind of tour.
#[derive(Debug, Args)]
pub struct TourSpec {
    /// Board: `N` (N×N) or `WxH` (W columns, H rows); at most 10⁸ squares.
    #[arg(long = "board-size", alias = "size", default_value = "8")]
    pub size: String,
    /// Start square `X,Y`, 1-based: column X from the left, row Y from the top.
    #[arg(long, default_value = "1,1")]
    pub start: String,
    /// Tie-break rule: seed, order:DDDDDDDD (literature numbering), random, pohl, roth or
    /// squirrel (square boards).
    #[arg(long, default_value = "seed")]
    pub rule: String,
    /// Ask for a closed tour (ending a knight's move from the start); needs an even board.
    #[arg(long)]
    pub closed: bool,
    /// Master seed of the random stream (rule `random`, and `--backtrack` with `random`).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// The checked form of a [`TourSpec`].
struct Spec {
    board: Board,
    start: Square,
    rule: Rule,
}

impl TourSpec {
    fn check(&self) -> anyhow::Result<Spec> {
        let board = parse_board(&self.size)?;
        let start = parse_start(&board, &self.start).context("--start")?;
        let rule = parse_rule(&self.rule)?;
        check_closed(&board, self.closed).context("--closed")?;
        Plan::new(&board, &rule).context("--rule")?;
        Ok(Spec { board, start, rule })
    }

    /// The label of the random stream: `knights WxH rule x,y [closed]`.
    fn label(&self, spec: &Spec) -> String {
        let closed = if self.closed { " closed" } else { "" };
        format!(
            "knights {} {} {},{}{closed}",
            spec.board,
            spec.rule,
            spec.start.x + 1,
            spec.start.y + 1
        )
    }
}

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 a tour was found (and validated), 1 none was found, 2 bad input.

The tour goes to standard output (the grid, or one square a line with --format moves); the \
line saying how it went (tour or dead end, squares reached, tie-breaks) to standard error.

Examples:
  boardlab knights-tour tour --size 8 --start 1,1 --rule order:12345678
  boardlab knights-tour tour --size 1000 --rule squirrel --format moves > tour.txt
  boardlab knights-tour tour --size 6x5 --closed --backtrack --cap 100000"
)]
pub struct TourArgs {
    #[command(flatten)]
    pub spec: TourSpec,
    /// Draw index within the seed's stream family.
    #[arg(long, default_value_t = 0)]
    pub index: u64,
    /// Search with backtracking (Warnsdorff order as the branching heuristic): finds a tour
    /// wherever one exists, within --cap backtracks.
    #[arg(long)]
    pub backtrack: bool,
    /// Most backtracks allowed with --backtrack.
    #[arg(long, default_value_t = 1_000_000)]
    pub cap: u64,
    /// Output format of the tour.
    #[arg(long, value_enum, default_value_t = TourFormat::Grid)]
    pub format: TourFormat,
    /// Print one JSON object (with the path as 1-based [x, y] pairs).
    #[arg(long)]
    pub json: bool,
}

fn run_tour(args: &TourArgs) -> anyhow::Result<ExitCode> {
    let spec = args.spec.check()?;
    let mut rng = rng::stream(args.spec.seed, &args.spec.label(&spec), args.index);
    let closed = args.spec.closed;
    let result = if args.backtrack {
        draw_backtracking(
            spec.board, spec.start, &spec.rule, closed, args.cap, &mut rng,
        )?
    } else {
        draw(spec.board, spec.start, &spec.rule, closed, &mut rng)?
    };
    let text = match args.format {
        TourFormat::Grid => format_tour_grid(&spec.board, &result),
        TourFormat::Moves => format_moves(&result),
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if args.json {
        let path: Vec<[u32; 2]> = result.path.iter().map(|s| [s.x + 1, s.y + 1]).collect();
        let report = serde_json::json!({
            "size": spec.board.to_string(),
            "start": [spec.start.x + 1, spec.start.y + 1],
            "rule": spec.rule.to_string(),
            "closed": closed,
            "seed": args.spec.seed,
            "index": args.index,
            "backtrack": args.backtrack.then_some(args.cap),
            "outcome": result.outcome,
            "squares": spec.board.squares(),
            "squares_reached": result.squares_reached,
            "tie_breaks": result.tie_breaks,
            "backtracks": result.backtracks,
            "path": path,
        });
        writeln!(out, "{report}")?;
    } else {
        // The tour is the data (stdout, ready for a file); how it went is a status line.
        write!(out, "{text}")?;
        out.flush()?;
        eprintln!(
            "{}: {} of {} squares, {} tie-breaks, {} backtracks",
            describe(result.outcome),
            result.squares_reached,
            spec.board.squares(),
            result.tie_breaks,
            result.backtracks
        );
    }
    out.flush()?;
    Ok(exit(result.outcome == Outcome::Tour))
}

fn describe(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Tour => "tour",
        Outcome::DeadEnd => "dead end",
        Outcome::NotClosed => "not closed",
        Outcome::CapReached => "backtrack cap reached",
        Outcome::NoTour => "no tour from this start",
    }
}

fn format_tour_grid(board: &Board, result: &TourDraw) -> String {
    let mut steps = vec![0u64; board.squares()];
    for (step, &square) in result.path.iter().enumerate() {
        steps[board.index(square)] = step as u64 + 1;
    }
    let width = board.squares().to_string().len();
    let mut text = String::new();
    for row in steps.chunks(board.width() as usize) {
        let cells: Vec<String> = row
            .iter()
            .map(|&s| match s {
                0 => format!("{:>width$}", "."),
                s => format!("{s:>width$}"),
            })
            .collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    text
}

fn format_moves(result: &TourDraw) -> String {
    result
        .path
        .iter()
        .map(|s| format!("{},{}\n", s.x + 1, s.y + 1))
        .collect()
}

#[derive(Debug, Args)]
pub struct SatArgs {
    #[command(subcommand)]
    pub command: SatCommand,
}

#[derive(Debug, Subcommand)]
pub enum SatCommand {
    /// Find a tour with varisat (exit 0 found, 1 none exists); the model is validated.
    #[command(
        after_help = "Exit status: 0 a tour exists (printed, validated), 1 none exists, 2 bad input."
    )]
    Solve(SatBoardArgs),
    /// Write the encoding as DIMACS CNF on stdout.
    #[command(after_help = "Exit status: 0 success, 2 bad input or an error.")]
    Cnf(SatBoardArgs),
}

#[derive(Debug, Args)]
pub struct SatBoardArgs {
    /// Board: `N` or `WxH`, at most 64 squares.
    #[arg(long = "board-size", alias = "size")]
    pub size: String,
    /// Closed tours.
    #[arg(long)]
    pub closed: bool,
}

fn run_sat(args: &SatArgs) -> anyhow::Result<ExitCode> {
    match &args.command {
        SatCommand::Solve(args) => {
            let board = parse_board(&args.size)?;
            let tour = sat::solve(&board, args.closed).context("sat solve")?;
            let kind = if args.closed { "closed" } else { "open" };
            match &tour {
                Some(path) => {
                    let result = TourDraw {
                        outcome: Outcome::Tour,
                        squares_reached: path.len() as u64,
                        tie_breaks: 0,
                        backtracks: 0,
                        path: path.clone(),
                    };
                    print!("{}", format_tour_grid(&board, &result));
                    println!("SAT: an {kind} tour of the {board} board (validated)");
                }
                None => println!("UNSAT: the {board} board has no {kind} tour"),
            }
            Ok(exit(tour.is_some()))
        }
        SatCommand::Cnf(args) => {
            let board = parse_board(&args.size)?;
            let cnf = sat::encode(&board, args.closed).context("sat cnf")?;
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            cnf.write_dimacs(&mut out).context("writing the CNF")?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 success, 2 bad input or an error (one line on standard error).

Examples:
  boardlab knights-tour count --size 5 --directed     1728 (OEIS A165134)
  boardlab knights-tour count --size 3x10 --closed    16 (OEIS A070030)"
)]
pub struct CountArgs {
    /// Board: `N` or `WxH`, at most 36 squares.
    #[arg(long = "board-size", alias = "size")]
    pub size: String,
    /// Count closed tours (cycles) instead of open ones.
    #[arg(long)]
    pub closed: bool,
    /// Count directed tours (every start and direction) instead of undirected ones.
    #[arg(long)]
    pub directed: bool,
}

fn run_count(args: &CountArgs) -> anyhow::Result<ExitCode> {
    let board = parse_board(&args.size)?;
    let started = Instant::now();
    let result = count(&board, args.closed, args.directed).context("--size")?;
    let report = serde_json::json!({
        "size": board.to_string(),
        "closed": result.closed,
        "directed": result.directed,
        "count": result.count,
        "seconds": started.elapsed().as_secs_f64(),
    });
    println!("{report}");
    Ok(ExitCode::SUCCESS)
}

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 success, 2 bad input or an error (one line on standard error).

Examples:
  boardlab knights-tour bench --size 1000 --rule seed --draws 10
  boardlab knights-tour bench --size 8 --rule random --draws 10000     success rate from the corner
  boardlab knights-tour bench --size 8 --rule seed --draws 64 --all-starts
  boardlab knights-tour bench --size 500 --rule random --draws 20 --out bench.csv"
)]
pub struct BenchArgs {
    #[command(flatten)]
    pub spec: TourSpec,
    /// Number of draws (greedy, no backtracking), draw i with stream index i.
    #[arg(long, default_value_t = 100)]
    pub draws: u64,
    /// Cycle the start through every square (draw i starts on square i mod W·H, row-major)
    /// instead of using --start.
    #[arg(long = "all-starts")]
    pub all_starts: bool,
    /// Count the steps decided by a tie-break, as `run` does for its data (slower for the
    /// first-in-order rules, whose walk otherwise keeps no tie bookkeeping).
    #[arg(long = "count-ties")]
    pub count_ties: bool,
    /// Also append the result as one row to this CSV file (created with its header if
    /// missing): the `bench.csv` a knight's-tour results folder reads its timings from.
    #[arg(long = "out", alias = "csv", value_name = "FILE")]
    pub csv: Option<std::path::PathBuf>,
}

/// The columns of `knights-tour bench --out`.
pub const BENCH_COLUMNS: &str =
    "size,rule,start,closed,seed,draws,tours,squares,seconds,wall_seconds,cpu_seconds";

fn run_bench(args: &BenchArgs) -> anyhow::Result<ExitCode> {
    let spec = args.spec.check()?;
    let plan = Plan::new(&spec.board, &spec.rule)?;
    let mut engine = Engine::new(spec.board);
    let closed = args.spec.closed;
    let mut batch = WalkBatch::new(spec.board, closed);
    let (mut seconds, mut validation_seconds) = (0.0, 0.0);
    let (mut squares, mut tours, mut tie_breaks) = (0u64, 0u64, 0u64);
    let unused_stream = rng::stream(args.spec.seed, "unused", 0);
    let wall = Instant::now();
    // CPU time of the walks alone, as `seconds` is their wall time.
    let mut cpu = Some(0.0);
    let mut index = 0;
    let mut large = None;
    while index < args.draws {
        // Walks are timed a batch at a time (a clock read per walk would cost a tenth of
        // an 8x8 walk); their paths are kept and validated after the batch's clock stops.
        let (timer, cpu_at_start) = (Instant::now(), thread_cpu_seconds());
        while index < args.draws && !batch.is_full() {
            let start = if args.all_starts {
                spec.board
                    .square_at((index % spec.board.squares() as u64) as usize)
            } else {
                spec.start
            };
            // Only the random tie-break reads its stream: the other rules get one stream
            // for all draws, without the label and seeding work (their walk never reads it).
            let mut rng = if plan.is_random() {
                let label = args.spec.label(&Spec { start, ..spec });
                rng::stream(args.spec.seed, &label, index)
            } else {
                unused_stream.clone()
            };
            let outcome = if args.count_ties {
                let result = engine.run(start, &plan, closed, &mut rng);
                tie_breaks += result.tie_breaks;
                result.outcome
            } else {
                engine.run_outcome(start, &plan, closed, &mut rng)
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
        let mut checked = batch.validate(engine.layout())?;
        if let Some(outcome) = large.take() {
            checked.add(batch.check(engine.layout(), engine.path_indices(), outcome)?);
        }
        validation_seconds += timer.elapsed().as_secs_f64();
        squares += checked.squares;
        tours += checked.tours;
    }
    let report = serde_json::json!({
        "size": spec.board.to_string(),
        "rule": spec.rule.to_string(),
        "start": if args.all_starts { "all".to_string() } else { format!("{},{}", spec.start.x + 1, spec.start.y + 1) },
        "closed": closed,
        "seed": args.spec.seed,
        "draws": args.draws,
        "tours": tours,
        "success_rate": tours as f64 / args.draws as f64,
        "squares": squares,
        "tie_breaks": args.count_ties.then_some(tie_breaks),
        "seconds": seconds,
        "validation_seconds": validation_seconds,
        "wall_seconds": wall.elapsed().as_secs_f64(),
        "squares_per_sec": squares as f64 / seconds,
        "squares_per_sec_validated": squares as f64 / (seconds + validation_seconds),
        "draws_per_sec": args.draws as f64 / seconds,
        "tours_per_sec": tours as f64 / seconds,
        "cpu_squares_per_sec": cpu.map(|cpu| squares as f64 / cpu),
    });
    let report = Measured {
        measured: "squares walked (the engine's loop; validation timed apart)",
        unit: "squares/s",
        count: squares,
        seconds,
        cpu_seconds: cpu,
    }
    .into(report);
    println!("{report}");
    if let Some(path) = &args.csv {
        let row = format!(
            "{},{},\"{}\",{closed},{},{},{tours},{squares},{seconds:.6},{:.6},{}\n",
            spec.board,
            spec.rule,
            report["start"].as_str().unwrap_or_default(),
            args.spec.seed,
            args.draws,
            wall.elapsed().as_secs_f64(),
            cpu.map_or(String::new(), |c| format!("{c:.6}")),
        );
        append_bench_row(path, &row).with_context(|| format!("--csv {}", path.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Walks of one benchmark batch: their paths end to end, then validated together.
struct WalkBatch {
    closed: bool,
    indices: Vec<u32>,
    walks: Vec<(usize, Outcome)>,
    squares: Vec<Square>,
    validator: TourValidator,
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
            squares: Vec::new(),
            validator: TourValidator::new(board.width(), board.height()),
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
    fn validate(&mut self, layout: &Layout) -> Result<CheckedWalks, TourError> {
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
            checked.add(self.check(layout, &indices[offset..offset + len], outcome)?);
            offset += len;
        }
        // The buffers go back emptied, their memory kept for the next batch.
        (self.indices, self.walks) = (indices, walks);
        self.indices.clear();
        self.walks.clear();
        Ok(checked)
    }

    /// Checks one walk: a tour as a tour (closed when asked), any other walk as a path.
    fn check(
        &mut self,
        layout: &Layout,
        indices: &[u32],
        outcome: Outcome,
    ) -> Result<CheckedWalks, TourError> {
        self.squares.clear();
        self.squares
            .extend(indices.iter().map(|&index| layout.square(index as usize)));
        match outcome {
            Outcome::Tour if self.closed => self.validator.check_closed_tour(&self.squares)?,
            Outcome::Tour | Outcome::NotClosed => self.validator.check_tour(&self.squares)?,
            _ => self.validator.check_path(&self.squares)?,
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

/// Appends `row` to the CSV file at `path`, writing the header first into a new file.
fn append_bench_row(path: &std::path::Path, row: &str) -> anyhow::Result<()> {
    let fresh = !path.exists();
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?;
    if fresh {
        writeln!(file, "{BENCH_COLUMNS}")?;
    }
    file.write_all(row.as_bytes())?;
    Ok(())
}
