//! `boardlab draughts`: Czech draughts (and English checkers) on the command line: list the
//! legal moves of a position, count perft, measure the generator's speed.

use crate::draughts::perft::{Captures, Perft};
use crate::draughts::{Board, MoveText, Rules, parse_fen, to_fen};
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
#[command(after_help = "Examples:
  boardlab draughts moves 'W:WKa1,c3:Bb2,e5,f4'
  boardlab draughts moves 'W:WKa1,c3:Bb2,e5,f4' --play a1:d4   the position after a move")]
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
#[command(after_help = "Examples:
  boardlab draughts perft --depth 8
  boardlab draughts perft --depth 10 --captures moves
  boardlab draughts perft --depth 5 --fen 'W:WKa1,c3,e3:Bd6,f6,Kh8' --divide")]
pub struct PerftArgs {
    /// Depth in plies, 0 to 30.
    #[arg(long, short, value_parser = clap::value_parser!(u32).range(0..=30))]
    pub depth: u32,

    #[command(flatten)]
    pub position: PositionArgs,

    /// How captures with the same start, end and captured pieces are counted: every path
    /// (`paths`) or once (`moves`).
    #[arg(long, value_enum, default_value_t = Captures::Paths)]
    pub captures: Captures,

    /// Also print each move with its count (perft of depth − 1 after it).
    #[arg(long)]
    pub divide: bool,
}

#[derive(Debug, Args)]
#[command(after_help = "Example:
  boardlab draughts bench --depth 11")]
pub struct BenchArgs {
    /// Depth of the perft from the start position, 1 to 30.
    #[arg(long, short, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=30))]
    pub depth: u32,

    /// Rules: `czech` or `english`.
    #[arg(long, value_enum, default_value_t = Rules::Czech)]
    pub rules: Rules,
}

pub fn run(args: &DraughtsArgs) -> anyhow::Result<ExitCode> {
    match &args.command {
        DraughtsCommand::Moves(args) => moves(args),
        DraughtsCommand::Perft(args) => perft(args),
        DraughtsCommand::Bench(args) => bench(args),
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
