//! `boardlab draughts endgame errors RESULTS`: the endgame yardstick over the games of a
//! finished draughts match folder, each bot's errors in the database positions it met.

use crate::draughts::endgame::probe::Source;
use crate::draughts::endgame::yardstick::measure_folder;
use crate::output::atomic::write_atomic;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// The width the table is fitted to.
const WIDTH: usize = 120;

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 success, 2 a folder that is no finished Czech or English match study, a missing database, or a table that cannot be written (one line).

Each game of the folder's draws.csv is replayed; wherever the side to move has a choice in a \
position the database holds, its move is an error if it turns a win into a draw or a loss, or a \
draw into a loss (docs/endgames.md).

Examples:
  boardlab run experiments/examples/draughts.toml --games 2 --out m --quiet && boardlab draughts endgame errors m --endgames memory:3"
)]
pub struct ErrorsArgs {
    /// A finished results folder of a Czech or English draughts match study (with its draws.csv).
    pub results: PathBuf,

    /// The database: a folder built by `draughts endgame build`, or memory:N (N ≤ 4) to solve
    /// it in memory [default: $BOARDLAB_ENDGAMES, else the folder `endgames`].
    #[arg(long, value_name = "DIR|memory:N")]
    pub endgames: Option<String>,

    /// Also write the table as CSV to this file.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
}

pub(super) fn errors(args: &ErrorsArgs) -> anyhow::Result<ExitCode> {
    let source = Source::chosen(args.endgames.as_deref()).map_err(anyhow::Error::msg)?;
    let yardstick = measure_folder(&args.results, &crate::puzzles::REGISTRY, &source)
        .map_err(anyhow::Error::msg)?;
    if let Some(path) = &args.csv {
        write_atomic(path, yardstick.csv().as_bytes())
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
    }
    let (header, rows) = yardstick.table();
    println!(
        "{}, {} reached the database ({source})",
        crate::names::counted(yardstick.games as usize, "game", "games"),
        yardstick.games_reaching
    );
    print!("{}", crate::output::table::fit(&header, &rows, WIDTH));
    Ok(ExitCode::SUCCESS)
}
