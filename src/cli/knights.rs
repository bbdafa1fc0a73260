//! `boardlab knights-tour`: the knight's tour ([`crate::knights_tour`]): the seed's replay, one
//! tour with a tie-break rule, the SAT encoding, exact counts and a throughput bench.
//!
//! Sizes, starts and rules are taken as text and parsed here into checked values, so that a
//! bad one is a one-line error (exit 2) naming the option.

use crate::experiment::bench::{Series, median_run, with_report_keys};
use crate::experiment::measure::Measured;
use crate::knights_tour::bench::{BenchSpec, append_row, stream_label, timed_runs};
use crate::knights_tour::count::count;
use crate::knights_tour::geometry::parse_start;
use crate::knights_tour::replay::{ReplayOutcome, format_go, format_grid, replay};
use crate::knights_tour::warnsdorff::{Plan, check_closed};
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

/// The checked form of a [`TourSpec`]: the board, the start and the rule.
type Spec = (Board, Square, Rule);

impl TourSpec {
    fn check(&self) -> anyhow::Result<Spec> {
        let board = parse_board(&self.size)?;
        let start = parse_start(&board, &self.start).context("--start")?;
        let rule = parse_rule(&self.rule)?;
        check_closed(&board, self.closed).context("--closed")?;
        Plan::new(&board, &rule).context("--rule")?;
        Ok((board, start, rule))
    }

    /// The label of the random stream: `knights WxH rule x,y [closed]`.
    fn label(&self, (board, start, rule): &Spec) -> String {
        stream_label(board, rule, *start, self.closed)
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
    let checked = args.spec.check()?;
    let mut rng = rng::stream(args.spec.seed, &args.spec.label(&checked), args.index);
    let (board, start, rule) = checked;
    let closed = args.spec.closed;
    let result = if args.backtrack {
        draw_backtracking(board, start, &rule, closed, args.cap, &mut rng)?
    } else {
        draw(board, start, &rule, closed, &mut rng)?
    };
    let text = match args.format {
        TourFormat::Grid => result.grid(&board),
        TourFormat::Moves => result.squares_text(),
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if args.json {
        let path: Vec<[u32; 2]> = result.path.iter().map(|s| [s.x + 1, s.y + 1]).collect();
        let report = serde_json::json!({
            "size": board.to_string(),
            "start": [start.x + 1, start.y + 1],
            "rule": rule.to_string(),
            "closed": closed,
            "seed": args.spec.seed,
            "index": args.index,
            "backtrack": args.backtrack.then_some(args.cap),
            "outcome": result.outcome,
            "squares": board.squares(),
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
            board.squares(),
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
                    print!("{}", result.grid(&board));
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
    /// Also append the result (the median run's) as one row to this CSV file (created with
    /// its header if missing): the `bench.csv` a knight's-tour results folder reads its
    /// timings from.
    #[arg(long = "out", alias = "csv", value_name = "FILE")]
    pub csv: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub timing: super::timing::TimingArgs,
}

fn run_bench(args: &BenchArgs) -> anyhow::Result<ExitCode> {
    let (board, start, rule) = args.spec.check()?;
    let spec = BenchSpec {
        board,
        start,
        rule,
        closed: args.spec.closed,
        seed: args.spec.seed,
        draws: args.draws,
        all_starts: args.all_starts,
        count_ties: args.count_ties,
    };
    let exports = args.timing.exports()?;
    if let Some(path) = &args.csv {
        // Before the benchmark runs rather than after.
        crate::knights_tour::bench::check_appendable(path)
            .map_err(|e| anyhow::anyhow!("--out {}: {e}", path.display()))?;
    }
    let runs = timed_runs(&spec, args.timing.repeats())?;
    let series = [Series::new(spec.command(), "squares/s", &runs)];
    let result = &median_run(&runs).expect("a timed run").result;
    let squares = result.squares;
    let seconds = result.seconds;
    let report = serde_json::json!({
        "size": spec.board.to_string(),
        "rule": spec.rule.to_string(),
        "start": spec.start_text(),
        "closed": spec.closed,
        "seed": spec.seed,
        "draws": args.draws,
        "tours": result.tours,
        "success_rate": result.tours as f64 / args.draws as f64,
        "squares": squares,
        "tie_breaks": result.tie_breaks,
        "seconds": seconds,
        "validation_seconds": result.validation_seconds,
        "wall_seconds": result.wall_seconds,
        "squares_per_sec": squares as f64 / seconds,
        "squares_per_sec_validated": squares as f64 / (seconds + result.validation_seconds),
        "draws_per_sec": args.draws as f64 / seconds,
        "tours_per_sec": result.tours as f64 / seconds,
        "cpu_squares_per_sec": result.cpu_seconds.map(|cpu| squares as f64 / cpu),
    });
    let report = Measured {
        measured: "squares walked (the engine's loop; validation timed apart)",
        unit: "squares/s",
        count: squares,
        seconds,
        cpu_seconds: result.cpu_seconds,
    }
    .into(report);
    let report = with_report_keys(report, &series[0], args.timing.repeats());
    args.timing.finish(exports, &series, &report)?;
    if let Some(path) = &args.csv {
        append_row(path, &spec.csv_row(result))
            .with_context(|| format!("--out {}", path.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}
