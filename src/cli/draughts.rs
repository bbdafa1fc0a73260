//! `boardlab draughts`: Czech draughts (and English checkers) on the command line: list the
//! legal moves of a position, count perft, measure the generator's speed.

use crate::draughts::bots::BotSpec;
use crate::draughts::game::{DEFAULT_MAX_PLIES, Draughts};
use crate::draughts::perft::{Captures, Perft};
use crate::draughts::{Board, MoveText, Rules, parse_fen, to_fen};
use crate::game::{GameResult, Seat, play_game};
use anyhow::Context;
use clap::{Args, Subcommand};
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
    /// Play seeded games between two bots and print each result and the score.
    Play(PlayArgs),
}

/// The position and rules shared by the subcommands.
#[derive(Debug, Args)]
pub struct PositionArgs {
    /// The position in PDN FEN style, e.g. `W:Wa1,c1,Ke3:Bb8,d8` (default: the start).
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,

    /// Rules: `czech` (flying kings, king priority) or `english` (short kings).
    #[arg(long, value_enum, default_value_t = Rules::Czech)]
    pub rules: Rules,
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
    after_help = "Exit status: 0 success, 2 a bad position or move (one line naming it) or another error.

Examples:
  boardlab draughts moves 'W:WKa1,c3:Bb2,e5,f4'
  boardlab draughts moves 'W:WKa1,c3:Bb2,e5,f4' --play a1:d4   the position after a move"
)]
pub struct MovesArgs {
    /// The position in PDN FEN style, e.g. `W:Wa1,c1,Ke3:Bb8,d8`.
    #[arg(value_name = "FEN")]
    pub fen: String,

    /// Rules: `czech` or `english`.
    #[arg(long, value_enum, default_value_t = Rules::Czech)]
    pub rules: Rules,

    /// Play these moves (in order) first, e.g. `c3-d4` or `c3:e5:c7`, then list.
    #[arg(long, value_name = "MOVE", num_args = 1..)]
    pub play: Vec<String>,
}

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 success, 2 bad input or an error (one line on standard error).

Examples:
  boardlab draughts perft --depth 8
  boardlab draughts perft --depth 10 --captures moves
  boardlab draughts perft --depth 5 --fen 'W:WKa1,c3,e3:Bd6,f6,Kh8' --divide"
)]
pub struct PerftArgs {
    /// Depth in plies, 0 to 30.
    #[arg(long, short, value_parser = clap::value_parser!(u32).range(0..=30))]
    pub depth: u32,

    #[command(flatten)]
    pub position: PositionArgs,

    /// How captures with the same start, end and captured pieces are counted: every route,
    /// i.e. order of taking the pieces (`paths`), or once (`moves`).
    #[arg(long, value_enum, default_value_t = Captures::Paths)]
    pub captures: Captures,

    /// Also print each move with its count (perft of depth − 1 after it).
    #[arg(long)]
    pub divide: bool,
}

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 success, 2 bad input or an error (one line on standard error).

Example:
  boardlab draughts bench --depth 11"
)]
pub struct BenchArgs {
    /// Depth of the perft from the start position, 1 to 30.
    #[arg(long, short, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=30))]
    pub depth: u32,

    /// Rules: `czech` or `english`.
    #[arg(long, value_enum, default_value_t = Rules::Czech)]
    pub rules: Rules,
}

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 success, 2 bad input or an error (one line on standard error).

Bots: random, damebot (the seed's greedy player), alphabeta:D (search to \
depth D), mcts:N (N playouts a move).

Example:
  boardlab draughts play --white damebot --black alphabeta:4 --games 10 --seed 1"
)]
pub struct PlayArgs {
    /// The bot playing White (moves first).
    #[arg(long, default_value = "damebot")]
    pub white: BotSpec,

    /// The bot playing Black.
    #[arg(long, default_value = "random")]
    pub black: BotSpec,

    /// Number of games, 1 or more.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: u64,

    /// Master seed: game i uses streams (seed, "draughts:WHITE-BLACK", 2i) for White and 2i+1
    /// for Black.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Rules: `czech` or `english`.
    #[arg(long, value_enum, default_value_t = Rules::Czech)]
    pub rules: Rules,

    /// A game still going after this many plies is a draw (10 to 10000).
    #[arg(long, default_value_t = DEFAULT_MAX_PLIES, value_parser = clap::value_parser!(u32).range(10..=10_000))]
    pub max_plies: u32,

    /// Also print every game's moves.
    #[arg(long)]
    pub moves: bool,
}

pub fn run(args: &DraughtsArgs) -> anyhow::Result<ExitCode> {
    match &args.command {
        DraughtsCommand::Moves(args) => moves(args),
        DraughtsCommand::Perft(args) => perft(args),
        DraughtsCommand::Bench(args) => bench(args),
        DraughtsCommand::Play(args) => play(args),
    }
}

fn moves(args: &MovesArgs) -> anyhow::Result<ExitCode> {
    let mut board = parse_fen(&args.fen)?;
    let mut legal = Vec::new();
    for text in &args.play {
        crate::draughts::movegen::legal_moves(&board, args.rules, &mut legal);
        let mv = MoveText::parse(text)?
            .resolve(&legal, text)
            .with_context(|| format!("in {}", to_fen(&board)))?;
        board = board.play(&mv);
    }
    crate::draughts::movegen::legal_moves(&board, args.rules, &mut legal);
    println!("position {}", to_fen(&board));
    println!("{} legal moves ({} rules)", legal.len(), args.rules);
    for mv in &legal {
        let captured: Vec<String> = mv.captured_squares().map(|s| s.to_string()).collect();
        if captured.is_empty() {
            println!("{mv}");
        } else {
            println!("{mv}  takes {}", captured.join(","));
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn perft(args: &PerftArgs) -> anyhow::Result<ExitCode> {
    let board = args.position.board()?;
    let mut counter = Perft::new(args.position.rules, args.captures);
    let start = Instant::now();
    let nodes = if args.divide && args.depth > 0 {
        let parts = counter.divide(&board, args.depth);
        for (mv, count) in &parts {
            println!("{mv} {count}");
        }
        parts.iter().map(|(_, count)| count).sum()
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
    let board = Board::start();
    println!("depth,nodes,seconds,nodes_per_second");
    for depth in 1..=args.depth {
        let mut counter = Perft::new(args.rules, Captures::Paths);
        let start = Instant::now();
        let nodes = counter.count(&board, depth);
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "{depth},{nodes},{seconds:.6},{:.0}",
            nodes as f64 / seconds.max(1e-9)
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn play(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    let game = Draughts {
        rules: args.rules,
        max_plies: args.max_plies,
    };
    let label = format!("draughts:{}-{}", args.white, args.black);
    let mut score = [0u64; 3];
    println!("game,result,plies");
    for index in 0..args.games {
        let mut white = args.white.player();
        let mut black = args.black.player();
        let mut white_rng = crate::rng::stream(args.seed, &label, 2 * index);
        let mut black_rng = crate::rng::stream(args.seed, &label, 2 * index + 1);
        let (result, moves) = play_game(
            &game,
            [white.as_mut(), black.as_mut()],
            [&mut white_rng, &mut black_rng],
        );
        let (text, slot) = match result {
            GameResult::Win(Seat::First) => ("white", 0),
            GameResult::Win(Seat::Second) => ("black", 2),
            GameResult::Draw => ("draw", 1),
        };
        score[slot] += 1;
        println!("{index},{text},{}", moves.len());
        if args.moves {
            let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            println!("# {}", list.join(" "));
        }
    }
    eprintln!(
        "{} (white) {} - {} draws - {} {} (black), {} rules",
        args.white, score[0], score[1], score[2], args.black, args.rules
    );
    Ok(ExitCode::SUCCESS)
}
