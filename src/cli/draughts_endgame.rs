//! `boardlab draughts endgame`: endgame databases solved into files (`build`, which resumes
//! where a stopped build left off) and counted (`stats`).

use crate::draughts::Rules;
use crate::draughts::endgame::Database;
use crate::draughts::endgame::build::{Progress, build, class_stats};
use crate::draughts::endgame::file::MAX_PIECES;
use anyhow::Context;
use clap::{Args, Subcommand, ValueEnum};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Args)]
pub struct EndgameArgs {
    #[command(subcommand)]
    pub command: EndgameCommand,
}

#[derive(Debug, Subcommand)]
pub enum EndgameCommand {
    /// Solve every class up to a number of pieces into files, keeping the files that check.
    Build(BuildArgs),
    /// Count each class's wins, draws and losses, with its longest win and a position that needs it.
    Stats(StatsArgs),
    /// Each bot's errors in the database positions of a match folder's games.
    Errors(super::draughts_endgame_errors::ErrorsArgs),
}

/// The rules a database can be built for.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum EndgameRules {
    /// Czech draughts: flying kings, king priority.
    Czech,
    /// English checkers: short kings.
    English,
}

impl EndgameRules {
    fn rules(self) -> Rules {
        match self {
            EndgameRules::Czech => Rules::Czech,
            EndgameRules::English => Rules::English,
        }
    }
}

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 success, 2 a folder that cannot be written or another error (one line).

Files go to DIR/<rules>/<class>.egdb (docs/endgames.md). A class whose file is there and passes \
its checks is kept, so a stopped build resumes; a file that fails them is solved and written again.

Examples:
  boardlab draughts endgame build --rules czech --pieces 3 --out egdb
  boardlab draughts endgame build --rules english --pieces 3 --out egdb --threads 1 --quiet"
)]
pub struct BuildArgs {
    #[arg(long, value_enum, default_value_t = EndgameRules::Czech)]
    pub rules: EndgameRules,

    /// Every class with up to this many pieces (1 to 7; 5 takes minutes, 6 hours).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=i64::from(MAX_PIECES)))]
    pub pieces: u8,

    /// The database folder; the files go to a folder per rules inside it.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,

    /// Worker threads (default: one per core). The files are the same for any number.
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,

    /// No progress lines on standard error.
    #[arg(long)]
    pub quiet: bool,
}

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 success, 2 a missing or damaged database (one line naming the file).

Example:
  boardlab draughts endgame build --pieces 2 --out egdb --quiet && boardlab draughts endgame stats --rules czech --dir egdb"
)]
pub struct StatsArgs {
    #[arg(long, value_enum, default_value_t = EndgameRules::Czech)]
    pub rules: EndgameRules,

    /// The database folder a build wrote (`--out`).
    #[arg(long, value_name = "DIR")]
    pub dir: PathBuf,
}

pub fn run(args: &EndgameArgs) -> anyhow::Result<ExitCode> {
    match &args.command {
        EndgameCommand::Build(args) => build_command(args),
        EndgameCommand::Stats(args) => stats_command(args),
        EndgameCommand::Errors(args) => super::draughts_endgame_errors::errors(args),
    }
}

fn build_command(args: &BuildArgs) -> anyhow::Result<ExitCode> {
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(threads) = args.threads {
        pool = pool.num_threads(usize::from(threads));
    }
    let pool = pool.build().context("starting the worker threads")?;
    let rules = args.rules.rules();
    let mut progress = Progress::default();
    let summary = pool.install(|| {
        build(&args.out, rules, args.pieces, |done| {
            if !args.quiet {
                eprintln!("{}", progress.line(done));
            }
        })
    })?;
    println!(
        "{} endgames up to {} pieces in {}: {} classes ({} solved, {} kept), {} positions, {:.1} s",
        rules.name(),
        args.pieces,
        args.out.join(rules.name()).display(),
        summary.classes,
        summary.solved,
        summary.classes - summary.solved,
        summary.positions,
        summary.seconds
    );
    Ok(ExitCode::SUCCESS)
}

fn stats_command(args: &StatsArgs) -> anyhow::Result<ExitCode> {
    let database = Database::open(&args.dir, args.rules.rules()).map_err(anyhow::Error::msg)?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{:<10} {:>11} {:>11} {:>11} {:>11} {:>7}  position",
        "class", "positions", "wins", "draws", "losses", "longest"
    )?;
    for class in class_stats(&database) {
        let (longest, position) = class
            .longest_win
            .map_or(("-".to_string(), "-".to_string()), |(d, fen)| {
                (d.to_string(), fen)
            });
        writeln!(
            out,
            "{:<10} {:>11} {:>11} {:>11} {:>11} {:>7}  {position}",
            class.material.file_stem(),
            class.positions,
            class.wins,
            class.draws,
            class.losses,
            longest
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
