//! `boardlab fifteen`: the "15" game (see [`crate::fifteen`]): solve it, analyse its bots
//! exactly, measure games per second, or play a bot in the terminal.

use crate::experiment::bench::{Series, median_run, with_report_keys};
use crate::experiment::measure::Measured;
use crate::fifteen::bench::{Pairing, timed_runs};
use crate::fifteen::game::PLAY_STREAM;
use crate::fifteen::solve::{self, Facts};
use crate::fifteen::summary;
use crate::fifteen::terminal::FifteenScreen;
use crate::fifteen::{Bot, Classic, Fifteen, OddEven, Position, Rules, Variant};
use crate::game::console::{self, Console};
use crate::game::matches::batch::{BatchSpec, play_batch};
use crate::game::{Seat, Session, Sitter};
use anyhow::Context;
use clap::{Args, Subcommand, ValueEnum};
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

#[derive(Debug, Args)]
pub struct FifteenArgs {
    #[command(subcommand)]
    pub command: FifteenCommand,
}

#[derive(Debug, Subcommand)]
pub enum FifteenCommand {
    /// Solve the game: its value, games by result, reachable and terminal positions.
    Solve(SolveArgs),
    /// Exact win/draw/loss of the bots against random and perfect, adversaries, mistakes.
    Analyze(AnalyzeArgs),
    /// Games per second between two bots on one thread, as `boardlab run` plays the pairing.
    Bench(BenchArgs),
    /// Play seeded games between two bots, as `boardlab run` plays that pairing.
    Games(GamesArgs),
    /// Play a bot in the terminal.
    Play(PlayArgs),
}

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 success, 2 bad input or an error (one line on standard error).

Examples:
  boardlab fifteen solve
  boardlab fifteen solve --variant odd-even --json"
)]
pub struct SolveArgs {
    /// Which game: `classic` or the article's `odd-even` exercise.
    #[arg(long, value_parser = crate::cli::offered::<Variant>(), default_value_t = Variant::Classic)]
    pub variant: Variant,

    /// Print the facts as one JSON object.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 success, 2 bad input or an error (one line on standard error).

Without --player: one table line per bot and seat (random, perfect, the \
twelve readings of the article's heuristic, newell-simon). With --player: that bot in detail, \
with exact fractions and every position (up to symmetry) where it can throw away a win or a draw.

Examples:
  boardlab fifteen analyze
  boardlab fifteen analyze --player article:own"
)]
pub struct AnalyzeArgs {
    /// One bot to analyse in detail (any but mcts:N, which has no exact distribution).
    #[arg(long, value_name = "PLAYER")]
    pub player: Option<String>,

    /// Print the analysis as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 success, 2 bad input or an error (one line on standard error).

Game i is the game i of the pairing A-vs-B in `boardlab run` of a spec with the same seed and \
variant: A moves first in the even-numbered games, B in the odd ones. The counts are by seat: \
first_wins are wins of the player who moved first.

Example:
  boardlab fifteen bench --a article:own --b perfect --games 1000000"
)]
pub struct BenchArgs {
    /// The pairing's first player (first to move in the even-numbered games).
    #[arg(long, default_value = "random", value_name = "PLAYER")]
    pub a: String,

    /// The pairing's second player.
    #[arg(long, default_value = "random", value_name = "PLAYER")]
    pub b: String,

    /// Number of games.
    #[arg(long, default_value_t = 1_000_000)]
    pub games: u64,

    /// Master seed, as a spec's `seed`: game i of the pairing draws from the streams of
    /// (seed, "A-vs-B", i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Which game.
    #[arg(long, value_parser = crate::cli::offered::<Variant>(), default_value_t = Variant::Classic)]
    pub variant: Variant,

    #[command(flatten)]
    pub timing: super::timing::TimingArgs,
}

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 success, 2 bad input or an error (one line on standard error).

Game i is the game i of the pairing A-vs-B in `boardlab run` of a spec with the same seed and \
variant: A moves first in the even-numbered games, B in the odd ones. Rows are those of the \
run's draws.csv; the score goes to standard error.

Example:
  boardlab fifteen games article:both+wb:random perfect --games 10 --seed 1"
)]
pub struct GamesArgs {
    /// The first player of the pairing (first to move in the even-numbered games).
    #[arg(value_name = "A")]
    pub a: String,

    /// The second player of the pairing.
    #[arg(value_name = "B")]
    pub b: String,

    /// Number of games, 1 to 10,000,000.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub games: u64,

    /// Master seed, as a spec's `seed`: game i of the pairing draws from the stream
    /// (seed, "A-vs-B", i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Random opening plies, as a spec's `opening-plies` (0 to 9).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=9))]
    pub opening_plies: u32,

    /// Which game.
    #[arg(long, value_parser = crate::cli::offered::<Variant>(), default_value_t = Variant::Classic)]
    pub variant: Variant,
}

/// Who moves first in a terminal game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FirstMover {
    Me,
    Bot,
}

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 the game ended or the input did, 2 bad options or an error.

Type a number and Enter at each turn, or a word: moves (the numbers you may take), hint (the \
solver's value of each), undo (take back your last number), resign, help. End the input \
(Ctrl-D) to leave.

Example:
  boardlab fifteen play --against article:own --first bot"
)]
pub struct PlayArgs {
    /// The bot to play against.
    #[arg(long, default_value = "perfect", value_name = "PLAYER")]
    pub against: String,

    /// Who moves first.
    #[arg(long, value_enum, default_value_t = FirstMover::Me)]
    pub first: FirstMover,

    /// Seed of the bot's random stream.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Which game.
    #[arg(long, value_parser = crate::cli::offered::<Variant>(), default_value_t = Variant::Classic)]
    pub variant: Variant,
}

pub fn run(args: &FifteenArgs) -> anyhow::Result<ExitCode> {
    match &args.command {
        FifteenCommand::Solve(args) => solve(args),
        FifteenCommand::Analyze(args) => analyze(args),
        FifteenCommand::Bench(args) => match args.variant {
            Variant::Classic => bench(&Fifteen(Classic), args),
            Variant::OddEven => bench(&Fifteen(OddEven), args),
        },
        FifteenCommand::Games(args) => match args.variant {
            Variant::Classic => games(Fifteen(Classic), args),
            Variant::OddEven => games(Fifteen(OddEven), args),
        },
        FifteenCommand::Play(args) => match args.variant {
            Variant::Classic => play(&Fifteen(Classic), args),
            Variant::OddEven => play(&Fifteen(OddEven), args),
        },
    }
}

fn games<R: Rules>(game: Fifteen<R>, args: &GamesArgs) -> anyhow::Result<ExitCode> {
    let batch = BatchSpec {
        a: args.a.clone(),
        b: args.b.clone(),
        games: args.games,
        seed: args.seed,
        opening_plies: args.opening_plies,
    };
    let score = play_batch(game, &batch, &mut io::stdout().lock()).map_err(super::batch_error)?;
    eprintln!(
        "{} {} - {} - {} {} ({})",
        args.a,
        score.wins,
        crate::names::counted(score.draws as usize, "draw", "draws"),
        score.losses,
        args.b,
        args.variant
    );
    Ok(ExitCode::SUCCESS)
}

fn solve(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    let facts = match args.variant {
        Variant::Classic => solve::facts(&Fifteen(Classic), solve::fifteen()),
        Variant::OddEven => solve::facts(&Fifteen(OddEven), solve::odd_even()),
    };
    if args.json {
        println!("{}", serde_json::to_string(&facts)?);
    } else {
        print!("{}", describe(&facts));
    }
    Ok(ExitCode::SUCCESS)
}

fn describe(facts: &Facts) -> String {
    let value = match facts.value {
        "draw" => "a draw",
        "first" => "a first-player win",
        _ => "a second-player win",
    };
    let g = &facts.games;
    let t = &facts.terminal;
    format!(
        "{}: {value} under perfect play\n\
         games: {} ({} first-player wins, {} second-player wins, {} draws)\n\
         reachable positions: {} ({} up to the 8 symmetries of the magic square)\n\
         terminal positions: {} ({} first-player wins, {} second-player wins, {} draws; {} up \
         to symmetry)\n",
        facts.game,
        g.total,
        g.first_wins,
        g.second_wins,
        g.draws,
        facts.positions,
        facts.positions_up_to_symmetry,
        t.total,
        t.first_wins,
        t.second_wins,
        t.draws,
        facts.terminal_up_to_symmetry
    )
}

fn analyze(args: &AnalyzeArgs) -> anyhow::Result<ExitCode> {
    let bots = match &args.player {
        Some(name) => vec![Bot::parse(name, Variant::Classic).context("--player")?],
        None => summary::default_bots(),
    };
    let mut summaries = Vec::new();
    for bot in &bots {
        summaries.push(summary::summarize(bot).with_context(|| {
            format!("--player {bot}: mcts:N has no exact move distribution to analyse")
        })?);
    }
    if args.json {
        println!("{}", serde_json::to_string(&summaries)?);
    } else if args.player.is_some() {
        print!("{}", summary::details(&summaries[0]));
    } else {
        print!("{}", summary::table(&summaries));
    }
    Ok(ExitCode::SUCCESS)
}

fn bench<R: Rules>(game: &Fifteen<R>, args: &BenchArgs) -> anyhow::Result<ExitCode> {
    let variant = args.variant;
    let a = Bot::parse(&args.a, variant).context("--a")?;
    let b = Bot::parse(&args.b, variant).context("--b")?;
    let exports = args.timing.exports()?;
    let repeats = args.timing.repeats();
    let pairing = Pairing {
        a: &a,
        b: &b,
        games: args.games,
        seed: args.seed,
    };
    let runs = timed_runs(game, pairing, repeats)?;
    let series = [Series::new(pairing.command(variant), "games/s", &runs)];
    let played = median_run(&runs).expect("a timed run").result;
    let report = serde_json::json!({
        "game": R::NAME,
        "a": a.to_string(),
        "b": b.to_string(),
        "games": args.games,
        "first_wins": played.first_wins,
        "draws": played.draws,
        "second_wins": played.second_wins,
        "games_per_second": args.games as f64 / played.seconds,
        "games_per_cpu_second": played.cpu_seconds.map(|cpu| args.games as f64 / cpu),
        "threads": 1,
    });
    let report = Measured {
        measured: "games played (each move checked legal)",
        unit: "games/s",
        count: args.games,
        seconds: played.seconds,
        cpu_seconds: played.cpu_seconds,
    }
    .into(report);
    let report = with_report_keys(report, &series[0], repeats);
    args.timing.finish(exports, &series, &report)?;
    Ok(ExitCode::SUCCESS)
}

fn play<R: Rules>(game: &Fifteen<R>, args: &PlayArgs) -> anyhow::Result<ExitCode> {
    Bot::parse(&args.against, args.variant).context("--against")?;
    let person = match args.first {
        FirstMover::Me => Seat::First,
        FirstMover::Bot => Seat::Second,
    };
    let mut seats = [Sitter::Person, Sitter::Bot(args.against.clone())];
    if person == Seat::Second {
        seats.reverse();
    }
    let mut session = Session::new(*game, Position::START, seats, args.seed, PLAY_STREAM);
    let stdin = io::stdin();
    let echo = !stdin.is_terminal();
    let mut input = stdin.lock();
    let mut output = io::stdout().lock();
    let mut console = Console {
        input: &mut input,
        output: &mut output,
        echo,
    };
    console::play(&mut session, &FifteenScreen { person }, &mut console)
        .context("playing in the terminal")?;
    output.flush().context("writing to the terminal")?;
    Ok(ExitCode::SUCCESS)
}
