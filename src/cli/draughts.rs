//! `boardlab draughts`: Czech draughts (and English checkers, and the original Damebot's own
//! rules) on the command line: the legal moves of a position and a bot's view of them, perft,
//! the generator's speed, seeded games between bots, and a game against a bot.

use crate::draughts::bench::PerftBench;
use crate::draughts::bots::BotSpec;
use crate::draughts::game::{DEFAULT_MAX_PLIES, Draughts};
use crate::draughts::perft::{Captures, Perft, perft_fastest};
use crate::draughts::variant::RulesChoice;
use crate::draughts::variant::game::VariantGame;
use crate::draughts::{Board, parse_fen};
use crate::experiment::bench::{Series, median_run, with_report_keys};
use crate::experiment::measure::Measured;
use crate::game::matches::batch::{BatchSpec, play_batch};
use clap::{Args, Subcommand, ValueEnum};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Debug, Args)]
pub struct DraughtsArgs {
    #[command(subcommand)]
    pub command: DraughtsCommand,
}

#[derive(Debug, Subcommand)]
pub enum DraughtsCommand {
    /// List the legal moves of a position with their capture paths and captured pieces.
    Moves(MovesArgs),
    /// Count the legal move sequences of a depth (perft), with nodes per second.
    Perft(PerftArgs),
    /// Measure perft speed from the start position on one thread.
    Bench(BenchArgs),
    /// Play seeded games between two bots, as `boardlab run` plays that pairing.
    Games(GamesArgs),
    /// Let boardlab's engine think about one position: its move, score, depth and speed.
    Search(super::draughts_search::SearchArgs),
    /// Fit the engine's evaluation weights to the results of games (Texel tuning).
    Tune(super::draughts_tune::TuneArgs),
    /// Play a bot yourself in the terminal.
    Play(PlayArgs),
    /// Answer as an engine of the Hub protocol (Scan's, the Hub GUI's) on stdin and stdout.
    Hub(super::draughts_hub::HubArgs),
    /// Answer as an engine of DamExchange (DXP), the network protocol of tournament engines.
    Dxp(super::draughts_dxp::DxpArgs),
    /// Read PDN game records and check every move against the rules.
    Replay(super::draughts_pdn::ReplayArgs),
    /// Write the games of a draughts match study's results folder as PDN.
    Pdn(super::draughts_pdn::PdnArgs),
    /// Build endgame databases into files, and count what they hold.
    Endgame(super::draughts_endgame::EndgameArgs),
}

/// The position and rules shared by the subcommands.
#[derive(Debug, Args)]
pub struct PositionArgs {
    /// The position in PDN FEN style, e.g. `W:Wa1,c1,Ke3:Bb8,d8` or, numbered, `W:W31-50:B1-20`
    /// (default: the start).
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,

    /// Rules: one of the national games (`czech`, `international`, ...; `docs/draughts-variants.md`)
    /// or `damebot` (the original Damebot program's own).
    #[arg(long, value_parser = crate::cli::offered::<RulesChoice>(), default_value_t = RulesChoice::Czech)]
    pub rules: RulesChoice,
}

impl PositionArgs {
    fn board(&self) -> anyhow::Result<Board> {
        match &self.fen {
            Some(text) => Ok(parse_fen(text)?),
            None => Ok(Board::start()),
        }
    }
}

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 success, 2 a bad position, move or bot (one line naming it) or \
another error.

Examples:
  boardlab draughts moves 'W:WKa1:Bb2,e5,b8'
  boardlab draughts moves 'W:WKa1:Bb2,e5,b8' --play a1:c3:g7   the position after a move
  boardlab draughts moves 'W:Wc3,e3:Bd4,f6' --bot damebot --json
  boardlab draughts moves 'W:Wc3,e3:Bd4,f6' --rules damebot --bot alphabeta:4
  boardlab draughts moves 'W:W28,K45:B23,K19' --rules international
  boardlab draughts moves 'W:WKa1:Bc3' --values --endgames memory:3"
)]
pub struct MovesArgs {
    /// The position in PDN FEN style, e.g. `W:Wa1,c1,Ke3:Bb8,d8` or, numbered, `W:W31-50:B1-20`.
    #[arg(value_name = "FEN")]
    pub fen: String,

    /// Rules: one of the national games (`czech`, `international`, ...) or `damebot` (the
    /// original Damebot program's own).
    #[arg(long, value_parser = crate::cli::offered::<RulesChoice>(), default_value_t = RulesChoice::Czech)]
    pub rules: RulesChoice,

    /// Play these moves (in order) first, e.g. `c3-d4` or `c3:e5:c7`, then list. A game's
    /// record with move numbers (`'1. c3-d4 f6-e5 2. g3-f4'`, as the page copies it) is read
    /// too.
    #[arg(long, value_name = "MOVE", num_args = 1..)]
    pub play: Vec<String>,

    /// Also show a bot's view: each move's score and the moves it picks from (`random`,
    /// `damebot`, `damebot:-FLAG`, `damebot:article`, `alphabeta:D`, `perfect:D`).
    #[arg(long, value_name = "BOT")]
    pub bot: Option<BotSpec>,

    /// The seed of the bot's random stream (alphabeta's choice among equal moves).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Print JSON: `position`, `rules`, `bot`, `moves` (each with `move`, `captured` in jump
    /// order, with `--bot` `score`, with `--values` `endgame`), with `--bot` `best`, and with
    /// `--values` the position's `endgame`: `{"value": "win"|"loss"|"draw"|"outside",
    /// "plies": N}`.
    #[arg(long)]
    pub json: bool,

    /// Also show the exact value of the position and of each move for the side that plays it,
    /// from the endgame database (Czech and English rules): a win or loss in so many plies
    /// under best play, a draw, or outside the database.
    #[arg(long)]
    pub values: bool,

    /// The endgame database `--values` reads: a folder, or `memory:N` to solve every position
    /// of up to N pieces (1 to 4) in memory first (default: the environment variable
    /// BOARDLAB_ENDGAMES, else the folder `endgames`).
    #[arg(long, value_name = "DIR", requires = "values")]
    pub endgames: Option<String>,
}

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 success, 2 bad input or an error (one line on standard error).

Examples:
  boardlab draughts perft --depth 8
  boardlab draughts perft --depth 10 --captures moves
  boardlab draughts perft --depth 11 --hash 64
  boardlab draughts perft --depth 5 --fen 'W:WKa1,c3,e3:Bd6,f6,Kh8' --divide
  boardlab draughts perft --rules international --depth 7
  boardlab draughts perft --rules thai --depth 6 --fen 'W:W21-32:B1-12'"
)]
pub struct PerftArgs {
    /// Depth in plies, 0 to 30.
    #[arg(long, short, value_parser = clap::value_parser!(u32).range(0..=30))]
    pub depth: u32,

    #[command(flatten)]
    pub position: PositionArgs,

    /// How captures with the same start, end and captured pieces are counted: every route,
    /// i.e. order of taking the pieces (`paths`), or once (`moves`).
    #[arg(long, value_parser = crate::cli::offered::<Captures>(), default_value_t = Captures::Paths)]
    pub captures: Captures,

    /// Also print each move with its count (perft of depth − 1 after it).
    #[arg(long)]
    pub divide: bool,

    /// Keep the counts of positions met at depth 3 or more in a transposition table of MB
    /// megabytes (0: none), so that positions reached by several move orders are counted
    /// once; the counts are the same.
    #[arg(long, value_name = "MB", default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=65_536))]
    pub hash: u64,
}

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 success, 2 bad input or an error (one line on standard error).

Every depth below --depth is counted once; --depth itself is timed after the warm-up runs, \
--runs times.

Examples:
  boardlab draughts bench --depth 11
  boardlab draughts bench --depth 11 --rules english --captures moves
  boardlab draughts bench --depth 8 --rules international"
)]
pub struct BenchArgs {
    /// Depth of the perft from the start position, 1 to 30.
    #[arg(long, short, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=30))]
    pub depth: u32,

    /// Rules: one of the national games (`czech`, `international`, ...) or `damebot`.
    #[arg(long, value_parser = crate::cli::offered::<RulesChoice>(), default_value_t = RulesChoice::Czech)]
    pub rules: RulesChoice,

    /// How captures with the same start, end and captured pieces are counted, as perft's
    /// `--captures`: every route (`paths`) or once (`moves`).
    #[arg(long, value_parser = crate::cli::offered::<Captures>(), default_value_t = Captures::Paths)]
    pub captures: Captures,

    #[command(flatten)]
    pub timing: super::timing::TimingArgs,
}

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 success, 2 bad input or an error (one line on standard error).

Game i is the game i of the pairing A-vs-B in `boardlab run` of a spec with the same seed, \
opening plies and rules: A moves first in the even-numbered games, B in the odd ones. Rows are \
those of the run's draws.csv; the score goes to standard error.

Bots: random, damebot, damebot:-FLAG, damebot:article, alphabeta:D, mcts:N, perfect:D, \
engine:N-nodes, engine:Ts (see `draughts play --help`), and under the national rule sets (--rules international, ...) any Hub engine: \
hub:COMMAND or hub[move-time=S;depth=N;timeout=S]:COMMAND; under international rules any DXP \
engine: dxp:COMMAND or dxp[move-time=S;depth=N;timeout=S]:COMMAND, COMMAND holding {port}, the \
port on 127.0.0.1 it connects to (`draughts dxp --help`). An engine that crashes, hangs past \
its timeout, answers garbage or an illegal move loses that game, marked by a last move \
forfeit:FAULT, and the games go on.

Example:
  boardlab draughts games damebot alphabeta:2 --games 4 --seed 1 --opening-plies 2"
)]
pub struct GamesArgs {
    /// The first player of the pairing (first to move in the even-numbered games).
    #[arg(value_name = "A", value_parser = super::draughts_hub::player_name)]
    pub a: String,

    /// The second player of the pairing.
    #[arg(value_name = "B", value_parser = super::draughts_hub::player_name)]
    pub b: String,

    /// Number of games, 1 to 1,000,000.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub games: u64,

    /// Master seed, as a spec's `seed`: game i of the pairing draws from the stream
    /// (seed, "A-vs-B", i), its opening from (seed, "A-vs-B/opening", i / 2).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Random opening plies before the bots take over, as a spec's `opening-plies` (0 to 1000).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=1000))]
    pub opening_plies: u32,

    /// Rules: one of the national games (`czech`, `international`, ...) or `damebot`.
    #[arg(long, value_parser = crate::cli::offered::<RulesChoice>(), default_value_t = RulesChoice::Czech)]
    pub rules: RulesChoice,

    /// A game still going after this many plies is a draw (10 to 10000).
    #[arg(long, default_value_t = DEFAULT_MAX_PLIES, value_parser = clap::value_parser!(u32).range(10..=10_000))]
    pub max_plies: u32,

    /// Also write the games as PDN to this file.
    #[arg(long, value_name = "FILE")]
    pub pdn: Option<std::path::PathBuf>,
}

/// A side at the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Colour {
    White,
    Black,
}

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 the game ended, was resigned or the input ended; 2 bad options \
or an error.

At each turn type a move as the rule set's players write it (c3-d4, c3:e5:c7 in Czech; 32-28, \
19x30x28 where squares are numbered, English included; a capture's first squares, or its \
start and end, are enough when only one legal move fits) or: moves, hint (alphabeta:6's \
choice), undo, resign, help. End the input (Ctrl-D) to leave.

Bots: random, damebot (the original Damebot, exactly), damebot:-FLAG, damebot:article, \
alphabeta:D, mcts:N, perfect:D (exact play from the endgame database, Czech and English rules; \
it is where BOARDLAB_ENDGAMES says, a folder or memory:N, else the folder endgames), \
engine:N-nodes or engine:Ts (boardlab's engine, N nodes or T seconds a move, features switched \
off by :-pvs, :-tt, :-quiescence, :-killers, :-history, :-lmr, :-knowledge; docs/engine.md).

Examples:
  boardlab draughts play --against damebot
  boardlab draughts play --against alphabeta:4 --colour black --ascii"
)]
pub struct PlayArgs {
    /// The bot to play against (or, under the national rule sets, a Hub engine:
    /// `hub:COMMAND`; under international rules a DXP engine, `dxp:COMMAND`); default
    /// damebot under Czech and Damebot's rules, which the original plays, else alphabeta:4.
    #[arg(long, value_name = "BOT", value_parser = super::draughts_hub::player_name)]
    pub against: Option<String>,

    /// The side you play (White moves first).
    #[arg(long, value_enum, default_value_t = Colour::White)]
    pub colour: Colour,

    /// Rules: one of the national games (`czech`, `international`, ...) or `damebot`.
    #[arg(long, value_parser = crate::cli::offered::<RulesChoice>(), default_value_t = RulesChoice::Czech)]
    pub rules: RulesChoice,

    /// Start from this position (PDN FEN style) instead of the start.
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,

    /// Seed of the bot's random stream.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Draw pieces as letters (w W b B) instead of Unicode draughts signs.
    #[arg(long)]
    pub ascii: bool,

    /// When the game ends or you leave, write it as PDN to this file.
    #[arg(long, value_name = "FILE")]
    pub pdn: Option<std::path::PathBuf>,

    /// A game still going after this many plies is a draw (10 to 10000).
    #[arg(long, default_value_t = DEFAULT_MAX_PLIES, value_parser = clap::value_parser!(u32).range(10..=10_000))]
    pub max_plies: u32,
}

impl PlayArgs {
    /// The opponent: `--against`, else Damebot where the original's rules are played (Czech
    /// and its own), else `alphabeta:4`, which plays every rule set.
    pub fn opponent(&self) -> String {
        self.against.clone().unwrap_or_else(|| {
            match self.rules {
                RulesChoice::Czech | RulesChoice::Damebot => "damebot",
                _ => "alphabeta:4",
            }
            .to_string()
        })
    }
}

pub fn run(args: &DraughtsArgs) -> anyhow::Result<ExitCode> {
    match &args.command {
        DraughtsCommand::Moves(args) => super::draughts_moves::moves(args),
        DraughtsCommand::Perft(args) => perft(args),
        DraughtsCommand::Bench(args) => bench(args),
        DraughtsCommand::Games(args) => games(args),
        DraughtsCommand::Search(args) => super::draughts_search::search(args),
        DraughtsCommand::Tune(args) => super::draughts_tune::tune(args),
        DraughtsCommand::Play(args) => super::draughts_play::play(args),
        DraughtsCommand::Hub(args) => super::draughts_hub::run(args),
        DraughtsCommand::Dxp(args) => super::draughts_dxp::run(args),
        DraughtsCommand::Replay(args) => super::draughts_pdn::replay(args),
        DraughtsCommand::Pdn(args) => super::draughts_pdn::pdn(args),
        DraughtsCommand::Endgame(args) => super::draughts_endgame::run(args),
    }
}

fn perft(args: &PerftArgs) -> anyhow::Result<ExitCode> {
    let Some(board_rules) = args.position.rules.board_rules() else {
        return super::variants::perft(args);
    };
    let board = args.position.board()?;
    let mut counter = Perft::with_table(board_rules, args.captures, args.hash as usize);
    let start = Instant::now();
    let nodes = if args.divide && args.depth > 0 {
        let parts = counter.divide(&board, args.depth);
        for (mv, count) in &parts {
            println!("{mv} {count}");
        }
        parts.iter().map(|(_, count)| count).sum()
    } else if args.hash == 0 {
        perft_fastest(&board, board_rules, args.captures, args.depth)
    } else {
        counter.count(&board, args.depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "perft({}) = {nodes}  rules {} captures {}  {seconds:.3} s  {:.0} nodes/s",
        args.depth,
        args.position.rules,
        args.captures.name(),
        nodes as f64 / seconds.max(1e-9)
    );
    Ok(ExitCode::SUCCESS)
}

fn bench(args: &BenchArgs) -> anyhow::Result<ExitCode> {
    let exports = args.timing.exports()?;
    let repeats = args.timing.repeats();
    let perft = PerftBench {
        rules: args.rules,
        captures: args.captures,
    };
    let mut depths = perft.ladder(args.depth);
    let runs = perft.timed_runs(args.depth, repeats);
    let series = [Series::new(perft.command(args.depth), "nodes/s", &runs)];
    let deepest = median_run(&runs).expect("a timed run").result;
    depths.push(deepest);
    let depths: Vec<serde_json::Value> = depths
        .iter()
        .map(|d| {
            serde_json::json!({
                "depth": d.depth,
                "nodes": d.nodes,
                "seconds": d.seconds,
                "nodes_per_second": d.nodes as f64 / d.seconds.max(1e-12),
            })
        })
        .collect();
    let report = serde_json::json!({
        "rules": args.rules.name(),
        "captures": args.captures.name(),
        "depth": args.depth,
        "nodes": deepest.nodes,
        "threads": 1,
        "depths": depths,
    });
    let report = Measured {
        measured: "perft nodes from the start position at the deepest depth (bulk counted)",
        unit: "nodes/s",
        count: deepest.nodes,
        seconds: deepest.seconds,
        cpu_seconds: deepest.cpu_seconds,
    }
    .into(report);
    let report = with_report_keys(report, &series[0], repeats);
    args.timing.finish(exports, &series, &report)?;
    Ok(ExitCode::SUCCESS)
}

fn games(args: &GamesArgs) -> anyhow::Result<ExitCode> {
    let batch = BatchSpec {
        a: args.a.clone(),
        b: args.b.clone(),
        games: args.games,
        seed: args.seed,
        opening_plies: args.opening_plies,
    };
    let mut out = super::draughts_pdn::keep_rows(std::io::stdout().lock());
    let score = match args.rules.board_rules() {
        Some(rules) => {
            let game = Draughts {
                rules,
                max_plies: args.max_plies,
            };
            play_batch(game, &batch, &mut out)
        }
        None => {
            let variant = args.rules.variant().expect("a national game");
            play_batch(VariantGame::new(variant, args.max_plies), &batch, &mut out)
        }
    }
    .map_err(super::batch_error)?;
    if let Some(path) = &args.pdn {
        super::draughts_pdn::save_rows(path, args.rules, &out.rows)?;
    }
    eprintln!(
        "{} {} - {} - {} {} ({} rules)",
        batch.a,
        score.wins,
        crate::names::counted(score.draws as usize, "draw", "draws"),
        score.losses,
        batch.b,
        args.rules
    );
    Ok(ExitCode::SUCCESS)
}
