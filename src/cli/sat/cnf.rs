//! `boardlab chess-memory sat cnf`: the instance in DIMACS for other solvers.

use crate::chess_memory::board::parse_board;
use crate::chess_memory::sat::{Encoding, Instance, dimacs::write_dimacs, formula_with_partial};
use crate::cli::PuzzleArgs;
use crate::output::atomic::AtomicFile;
use anyhow::Context;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Args)]
#[command(after_help = "Exit status: 0 written, 2 bad input or an error.

Examples:
  boardlab chess-memory sat cnf > seed.cnf                      the seed's 8×8 instance
  boardlab chess-memory sat cnf --order queue:QQQQQ            five white queen pairs, other squares empty
  boardlab chess-memory sat cnf --board-size 6 --partial '6/6/6/6/6/QQ4' --out partial.cnf
                                                   the formula that `sat extend --proof` refutes")]
pub struct CnfArgs {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,

    /// Add one unit clause per piece of this partial board (any board format): the formula
    /// of `sat extend --proof`, to check its DRAT proof against.
    #[arg(long, value_name = "BOARD")]
    pub partial: Option<String>,

    /// Write to this file instead of standard output.
    #[arg(long, alias = "output", value_name = "FILE")]
    pub out: Option<PathBuf>,
}

pub fn run(args: &CnfArgs) -> anyhow::Result<ExitCode> {
    let queue = args.puzzle.queue()?;
    let encoding = Encoding::new(&Instance::from_queue(&queue));
    let (cnf, extra) = match &args.partial {
        None => (encoding.cnf().clone(), 0),
        Some(text) => {
            let partial = parse_board(text).context("--partial")?;
            let cnf = formula_with_partial(&encoding, &partial).context("--partial")?;
            let extra = cnf.len() - encoding.cnf().len();
            (cnf, extra)
        }
    };
    match &args.out {
        Some(path) => {
            let mut file = AtomicFile::create(path)?;
            write_dimacs(file.writer(), &encoding, &cnf, extra)
                .with_context(|| format!("writing {}", path.display()))?;
            file.commit()?;
        }
        None => {
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            let written = write_dimacs(&mut out, &encoding, &cnf, extra).and_then(|()| out.flush());
            match written {
                // A reader that stops early (`| head`) is not an error.
                Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => {}
                other => other.context("writing standard output")?,
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
