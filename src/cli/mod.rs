//! The command line: argument definitions (clap), parsed once into checked values, and one
//! module per subcommand. Everything below the CLI returns typed errors; here they gain
//! context and become one-line messages in `main`.
//!
//! Commands are noun then verb for each system (`boardlab draughts perft`, `boardlab
//! chess-memory draw`), and top-level verbs for what spans them (`run`, `merge`, `report`,
//! `plot`, `show`, `compare`, `puzzles`). Older spellings (`boardlab draw`, `boardlab
//! knights`, …) are kept as hidden aliases. `play` is always a person at the terminal and
//! `games` always a seeded batch of bot games.

mod bench;
mod check;
mod chess_memory;
mod compare;
mod count;
mod draughts;
mod draughts_dxp;
mod draughts_endgame;
mod draughts_endgame_errors;
mod draughts_hub;
mod draughts_moves;
mod draughts_pdn;
mod draughts_play;
mod draughts_search;
mod draughts_tune;
mod draw;
mod estimate;
mod fairness;
mod fifteen;
mod knights;
mod manual;
mod marginals;
mod puzzles;
mod report;
mod run;
mod sat;
mod serve;
pub mod show;
mod timing;
mod variants;

use crate::chess_memory::board::BoardSize;
use crate::chess_memory::queue::parse_order;
use crate::chess_memory::queue::{Queue, SEED_TYPE_ORDER};
use crate::chess_memory::search::{Algorithm, RestartPolicy, SearchConfig};
use anyhow::Context;
use clap::{Args, Parser, Subcommand};
use std::process::ExitCode;

/// Research harness for board-puzzle and game search, with seeded, reproducible experiments.
///
/// It studies four systems: ChessMemory (32 pairs of chess pieces fill 8×8, each attacking
/// exactly its partner: the seed's randomized backtracker, exactly, and faster searches), the
/// knight's tour (Warnsdorff's rule and its tie-breaks, SAT, exact counts), the "15" game
/// (tic-tac-toe in disguise, solved; the article's heuristic against random and perfect
/// players) and Czech draughts (an exact move generator proved by perft, the original Damebot,
/// stronger bots). Experiments run from specs in parallel, with the same bytes at any thread
/// count, and end in CSV tables, charts and a REPORT.md.
#[derive(Debug, Parser)]
#[command(
    name = "boardlab",
    version = VERSION,
    propagate_version = true,
    after_help = EXIT_STATUS_HELP
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run an experiment spec (default: the embedded one) into a results folder.
    Run(run::RunArgs),
    /// Combine the folders of all shards of a run into one.
    Merge(run::MergeArgs),
    /// Rewrite REPORT.md and the charts of a results folder from its files.
    Report(report::ReportArgs),
    /// Redraw the charts of a results folder from its files (no draws are rerun).
    Plot(report::PlotArgs),
    /// Print a results folder's summary in the terminal (any puzzle).
    Show(show::ShowArgs),
    /// Do two results folders of a puzzle agree? The same data, or the same distributions.
    Compare(compare::CompareArgs),
    /// List the puzzles and games, each with a line and an example spec.
    Puzzles(puzzles::PuzzlesArgs),
    /// ChessMemory: draw and check boards, measure the searches, the SAT encoding.
    ChessMemory(chess_memory::ChessMemoryArgs),
    /// The knight's tour: the seed's replay, Warnsdorff tie-breaks, SAT, exact counts, bench.
    #[command(alias = "knights")]
    KnightsTour(knights::KnightsArgs),
    /// The "15" game: solve it, analyse its bots exactly, bench them, batches, play one.
    Fifteen(fifteen::FifteenArgs),
    /// Czech draughts: legal moves and a bot's view, perft, bench, batches, play one.
    Draughts(draughts::DraughtsArgs),
    /// Play and watch the four systems in a browser: a local web server and its JSON API.
    Serve(serve::ServeArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish or powershell).
    Completions(manual::CompletionsArgs),
    /// Print the manual page (roff), made from these definitions.
    Man(manual::ManArgs),
    /// `chess-memory draw`, its older spelling.
    #[command(hide = true)]
    Draw(draw::DrawArgs),
    /// `chess-memory check`, its older spelling.
    #[command(hide = true)]
    Check(check::CheckArgs),
    /// `chess-memory bench`, its older spelling.
    #[command(hide = true)]
    Bench(bench::BenchArgs),
    /// `chess-memory sat`, its older spelling.
    #[command(hide = true)]
    Sat(sat::SatArgs),
}

pub use crate::VERSION;

/// The exit codes every command shares; each command's help lists its own.
const EXIT_STATUS_HELP: &str = "Exit status: 0 success (a board found, a run complete, data \
that agree), 1 a definite negative answer (a draw censored or exhausted, a board that breaks \
the rule, no board or completion exists, folders that differ), 2 bad input or an error (one \
line on standard error), 130 interrupted by Ctrl-C. Each command's --help says which it uses.";

/// The puzzle instance: board size and placement order.
#[derive(Debug, Clone, Args)]
pub struct PuzzleArgs {
    #[arg(long, default_value = SEED_TYPE_ORDER, value_name = "ORDER", help = ORDER_HELP)]
    pub order: String,

    #[arg(
        long = "board-size",
        alias = "size",
        default_value_t = 8,
        value_name = "N",
        help = BOARD_SIZE_HELP
    )]
    pub size: usize,
}

/// This process's command line as a user types it: `boardlab` and the arguments, quoted where
/// a shell needs it, without the path the binary ran from.
pub fn command_as_typed() -> String {
    let line = crate::experiment::command_line();
    let arguments = line.split_once(' ').map_or("", |(_, rest)| rest);
    format!("boardlab {arguments}").trim_end().to_string()
}

/// The worker threads of a command with `--threads` (default: one per core).
pub fn worker_pool(threads: Option<usize>) -> anyhow::Result<rayon::ThreadPool> {
    let threads = threads.unwrap_or_else(rayon::current_num_threads);
    anyhow::ensure!(threads > 0, "--threads must be at least 1");
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| anyhow::anyhow!("starting the worker threads: {e}"))
}

/// The help of every `--order`.
pub const ORDER_HELP: &str = "Placement order: a type order such as QNBR (the four kinds once, \
in upper case: all white then all black pairs of each kind in turn), a full queue with one \
letter per pair (e.g. QQQQqqqqNNNNnnnnBBBBbbbbRRRRrrrr on 8×8), or `queue:` and any shorter \
queue, which leaves squares empty (e.g. queue:RRrr). Letters QNBR (white) / qnbr (black), or \
the seed's Polish HSGW / hsgw.";

/// The help of every `--board-size` (the spec's key of the same name).
pub const BOARD_SIZE_HELP: &str = "Side n of the n×n board, 4 to 8 (the spec key `board-size`).";

impl PuzzleArgs {
    /// The checked queue, or a one-line error naming the bad option.
    pub fn queue(&self) -> anyhow::Result<Queue> {
        let size = BoardSize::new(self.size).context("--board-size")?;
        parse_order(&self.order, size).context("--order")
    }
}

/// The search: algorithm and restart policy.
#[derive(Debug, Clone, Args)]
pub struct SearchArgs {
    /// Search algorithm: `seed` (the article's backtracker, exactly), `dfs` (sound and
    /// complete), `fc` (dfs with forward checking), `mrv` (fc with a fail-first dynamic order).
    #[arg(long, value_parser = crate::cli::offered::<Algorithm>(), default_value_t = Algorithm::Seed)]
    pub algorithm: Algorithm,

    /// Restart policy: none, fixed:C, luby:U or geometric:U,F (iterations per run). A run
    /// that reaches its length starts again from an empty board, the random stream going on,
    /// until a board is found or --cap is reached. With `seed`, which can give up on a
    /// solvable queue, a queue that has no board restarts for ever: set --cap.
    #[arg(long, default_value = "none", value_parser = parse_restart)]
    pub restart: RestartPolicy,
}

impl SearchArgs {
    pub fn config(&self) -> SearchConfig {
        SearchConfig {
            algorithm: self.algorithm,
            restart: self.restart,
        }
    }
}

fn parse_restart(text: &str) -> Result<RestartPolicy, String> {
    text.parse()
}

/// A puzzle's error ([`crate::experiment::StudyError`]) as the command line's.
trait StudyResult<T> {
    fn or_study(self) -> anyhow::Result<T>;
}

impl<T> StudyResult<T> for Result<T, crate::experiment::StudyError> {
    fn or_study(self) -> anyhow::Result<T> {
        self.map_err(anyhow::Error::from_boxed)
    }
}

/// A batch's error as the command line's: a failed write stays an `io::Error`, so that `main`
/// sees a closed pipe for what it is.
fn batch_error(error: crate::game::matches::batch::BatchError) -> anyhow::Error {
    use crate::game::matches::batch::BatchError;
    match error {
        BatchError::Write(error) => error.into(),
        BatchError::Game(error) => anyhow::Error::from_boxed(error),
    }
}

/// Refuses a results-folder argument that is not a folder, saying what to give instead.
fn results_folder(dir: &std::path::Path) -> anyhow::Result<()> {
    let what = if !dir.exists() {
        "does not exist"
    } else if !dir.is_dir() {
        "is a file"
    } else {
        return Ok(());
    };
    anyhow::bail!(
        "{} {what}; give a results folder that boardlab run or boardlab merge wrote",
        dir.display()
    )
}

/// Parses the process arguments and runs the chosen command.
pub fn run() -> anyhow::Result<ExitCode> {
    let cli = parse_arguments()?;
    answer_interrupts(&cli.command);
    match cli.command {
        Command::Run(args) => run::run(&args),
        Command::Merge(args) => run::merge(&args),
        Command::Report(args) => report::report(&args),
        Command::Plot(args) => report::plot(&args),
        Command::Show(args) => show::run(&args),
        Command::Compare(args) => compare::run(&args),
        Command::Puzzles(args) => puzzles::run(&args),
        Command::ChessMemory(args) => chess_memory::run(&args),
        Command::KnightsTour(args) => knights::run(&args),
        Command::Fifteen(args) => fifteen::run(&args),
        Command::Draughts(args) => draughts::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Completions(args) => manual::completions(&args),
        Command::Man(args) => manual::man(&args),
        Command::Draw(args) => draw::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Sat(args) => sat::run(&args),
    }
}

/// Sets up the command's answer to Ctrl-C and the termination signals, then lets through
/// those that `main` holds ([`crate::interrupts`]): a run stops at its next chunk (a second
/// signal kills its engines and exits), a match with Hub engines kills them and exits, the
/// server (which does both itself, once its runtime is up) shuts down, and any other command
/// ends as the signal's default ends it.
fn answer_interrupts(command: &Command) {
    use draughts::DraughtsCommand;
    match command {
        Command::Run(_) => crate::experiment::catch_interrupts(),
        Command::Draughts(args)
            if matches!(
                args.command,
                DraughtsCommand::Games(_) | DraughtsCommand::Play(_)
            ) =>
        {
            crate::draughts::hub::player::kill_engines_on_interrupt();
        }
        Command::Serve(_) => return,
        _ => {}
    }
    crate::interrupts::release();
}

/// The command line as checked by clap. Help and the version print and exit as clap does; a
/// bad argument, or a command left out, becomes a one-line error with exit status 2.
fn parse_arguments() -> anyhow::Result<Cli> {
    use clap::error::ErrorKind;
    Cli::try_parse().or_else(|error| match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => error.exit(),
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            anyhow::bail!("{}", missing_command(arguments()))
        }
        _ => {
            let (path, _) = command_path(arguments());
            anyhow::bail!("{}", one_line(&error.render().to_string(), &path))
        }
    })
}

/// The process's arguments after the program's name, as text: a word that is not UTF-8 (a
/// file name may be any bytes) is read with U+FFFD for its bad bytes, since these words only
/// name the command for a message.
fn arguments() -> impl Iterator<Item = String> {
    std::env::args_os()
        .skip(1)
        .map(|arg| arg.to_string_lossy().into_owned())
}

/// clap's error text (message, tips, usage and a pointer to --help, on several lines) as
/// one line: the message, each tip, the usage, which shows the fix, and where to read more
/// (the help of `path`, the command the arguments name).
fn one_line(rendered: &str, path: &str) -> String {
    let (mut message, mut tips, mut usage) = (Vec::new(), Vec::new(), Vec::new());
    for line in rendered.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if line.starts_with("For more information") {
            continue;
        }
        if let Some(first) = line.strip_prefix("Usage: ") {
            usage.push(first);
        } else if !usage.is_empty() {
            usage.push(line);
        } else if let Some(tip) = line.strip_prefix("tip: ") {
            tips.push(tip);
        } else {
            message.push(line.strip_prefix("error: ").unwrap_or(line));
        }
    }
    let mut text = message.join(" ");
    for tip in tips {
        text = format!("{text}; {tip}");
    }
    if !usage.is_empty() {
        text = format!("{text}; usage: {}", usage.join(" "));
    }
    format!("{text} (see {path} --help)")
}

/// The command that `arguments` name (`boardlab draughts games`), as words and as clap's.
fn command_path(arguments: impl Iterator<Item = String>) -> (String, clap::Command) {
    use clap::CommandFactory;
    let mut command = Cli::command();
    let mut path = vec![command.get_name().to_string()];
    for argument in arguments.filter(|a| !a.starts_with('-')) {
        let Some(sub) = command.find_subcommand(&argument).cloned() else {
            break;
        };
        path.push(sub.get_name().to_string());
        command = sub;
    }
    (path.join(" "), command)
}

/// The error of a command given without the subcommand it needs (`boardlab draughts`):
/// names the command and the subcommands to choose from.
fn missing_command(arguments: impl Iterator<Item = String>) -> String {
    let (path, command) = command_path(arguments);
    let choices: Vec<&str> = command
        .get_subcommands()
        .filter(|sub| !sub.is_hide_set())
        .map(|sub| sub.get_name())
        .collect();
    format!(
        "{path} needs a command: one of {}; {path} --help says what each does",
        choices.join(", ")
    )
}

/// A library enum as the command line offers it: the names of [`crate::names`], each with a
/// line of help, as clap's possible values (the library itself knows no argument parser).
pub trait Offered: Copy + std::fmt::Display + Send + Sync + 'static {
    fn values() -> &'static [Self];
    fn name(self) -> &'static str;
    fn help(self) -> &'static str;
    /// Other names the command line reads as this value, not listed in the help (`polish`
    /// for international draughts, its name in Poland, Russia and Ukraine).
    fn aliases(self) -> &'static [&'static str] {
        &[]
    }
}

/// The value parser of an [`Offered`] enum: `#[arg(long, value_parser = offered::<Rules>())]`.
pub fn offered<T: Offered>() -> impl clap::builder::TypedValueParser<Value = T> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    let values = T::values().iter().map(|&value| {
        PossibleValue::new(value.name())
            .help(value.help())
            .aliases(value.aliases().iter().copied())
    });
    PossibleValuesParser::new(values).map(|name| {
        *T::values()
            .iter()
            .find(|value| value.name() == name || value.aliases().contains(&name.as_str()))
            .expect("clap offers only these names")
    })
}

/// Implements [`Offered`] for a library enum from its variants' help lines, and optionally
/// other names it reads (`aliases { Variant: ["name"] }`).
macro_rules! offer {
    ($type:ty { $($variant:ident: $help:literal),+ $(,)? } $(aliases { $($aliased:ident: [$($alias:literal),+]),+ $(,)? })?) => {
        impl Offered for $type {
            fn values() -> &'static [Self] {
                <$type>::ALL
            }
            fn name(self) -> &'static str {
                <$type>::name(self)
            }
            fn help(self) -> &'static str {
                match self {
                    $(<$type>::$variant => $help),+
                }
            }
            $(
            fn aliases(self) -> &'static [&'static str] {
                match self {
                    $(<$type>::$aliased => &[$($alias),+],)+
                    _ => &[],
                }
            }
            )?
        }
    };
}

offer!(crate::chess_memory::board::BoardFormat {
    Fen: "ranks n..1 separated by `/`, digits for empty runs (QqNn..../...)",
    Seed: "the seed program's format: `_`-separated files A.., ranks 1..n, Polish letters",
    Grid: "a readable picture with rank numbers and file letters",
});
offer!(Algorithm {
    Seed: "the seed article's randomized backtracker, exactly (incomplete)",
    Dfs: "the seed's loop made sound and complete: exhausted proves there is no board",
    Fc: "dfs with forward checking after every placed pair",
    Mrv: "fc with a dynamic fail-first order of symbols",
    Cover: "queens from a table, the rest by a randomized exact-cover search (full 8×8 only)",
    Uniform: "every board equally likely, from the board count's tables (4×4 and 5×5)",
    Resample: "nearly every board equally likely on any board: one of 128 weighted proposals kept",
});
offer!(crate::chess_memory::search::RngChoice {
    Default: "Xoshiro256++ with the documented per-draw seeding: fast and portable",
    Mulberry32: "the original program's replay: mulberry32 with its candidate orders (8×8 only)",
});
offer!(crate::chess_memory::search::symmetry::SymmetryChoice {
    None: "boards as the search made them",
    Random: "each board turned by one of the eight symmetries, drawn from its own stream",
});
offer!(crate::fifteen::Variant {
    Classic: "pick numbers 1..9 in turn; three of yours summing to 15 win",
    OddEven: "odd numbers against even ones; any three placed numbers summing to 15 win",
});
offer!(crate::draughts::perft::Captures {
    Paths: "every capture route is a move: taking the same pieces in another order is another",
    Moves: "routes with the same start, end and captured pieces are one move",
});
offer!(crate::draughts::variant::RulesChoice {
    Czech: "Czech draughts: flying kings, king priority",
    English: "English checkers: short kings, free choice among captures",
    Damebot: "the original Damebot program's own rules (8x8)",
    Russian: "Russian draughts: flying kings, men capture backwards, crowned during a capture",
    Brazilian: "Brazilian draughts: international rules on 8x8",
    Pool: "pool checkers: flying kings, men capture backwards, free choice",
    Spanish: "Spanish draughts: mirrored board, flying kings, most pieces then most kings",
    Italian: "Italian draughts: mirrored board, short kings, men cannot take kings",
    Thai: "Thai draughts: two rows of men, kings land right behind, pieces leave at once",
    International: "international (Polish) draughts, 10x10: flying kings, majority rule",
    Frisian: "Frisian draughts, 10x10: orthogonal captures, kings worth almost two men",
    Killer: "killer draughts, 10x10: international with the king halt",
    Canadian: "Canadian draughts: international rules on 12x12",
} aliases {
    International: ["polish"],
});
offer!(crate::draughts::hub::Breakage {
    Illegal: "answer a well-formed move that is not legal",
    Crash: "exit without answering",
    Hang: "stop answering",
    Garbage: "answer a line that is no message",
});
offer!(crate::draughts::dxp::Breakage {
    Illegal: "answer a well-formed move that is not legal",
    Crash: "exit without answering",
    Hang: "stop answering",
    Garbage: "answer bytes that are no message",
    Drop: "close the connection and keep running",
});
offer!(crate::draughts::Rules {
    Czech: "Czech draughts: flying kings, king priority",
    English: "English checkers: short kings, free choice among captures",
    Damebot: "the original Damebot program's own rules",
});

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn clap_errors_become_one_line_with_the_usage() {
        let rendered = "error: the following required arguments were not provided:\n  \
<DIR>...\n\nUsage: boardlab merge <OUT> <DIR>...\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line(rendered, "boardlab merge"),
            "the following required arguments were not provided: <DIR>...; usage: boardlab \
merge <OUT> <DIR>... (see boardlab merge --help)"
        );
    }

    #[test]
    fn a_missing_subcommand_names_the_choices() {
        let text = missing_command(["draughts".to_string()].into_iter());
        assert!(
            text.starts_with("boardlab draughts needs a command: one of moves, "),
            "{text}"
        );
        assert!(!text.contains("help,") && !text.contains('\n'), "{text}");
    }
}
