//! `boardlab sat`: the puzzle as a SAT instance (see [`crate::sat`]), one file per
//! sub-subcommand, and the atomic output file they share.

mod cnf;
mod count;
mod extend;
mod mistakes;
mod solve;

use anyhow::Context;
use clap::{Args, Subcommand};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Debug, Args)]
pub struct SatArgs {
    #[command(subcommand)]
    pub command: SatCommand,
}

#[derive(Debug, Subcommand)]
pub enum SatCommand {
    /// Write the instance as DIMACS CNF, with `c` lines mapping variables to symbols and squares.
    Cnf(cnf::CnfArgs),
    /// Find a valid board with the SAT solver (checked by the validator).
    Solve(solve::SolveArgs),
    /// Count the valid boards of a small instance exactly (optionally up to symmetry).
    Count(count::CountArgs),
    /// Can a partial board be completed? A completion or "no" (with a DRAT proof on request).
    Extend(extend::ExtendArgs),
    /// Replay the backtracker and find the first placement after which no completion exists.
    Mistakes(mistakes::MistakesArgs),
}

pub fn run(args: &SatArgs) -> anyhow::Result<ExitCode> {
    match &args.command {
        SatCommand::Cnf(args) => cnf::run(args),
        SatCommand::Solve(args) => solve::run(args),
        SatCommand::Count(args) => count::run(args),
        SatCommand::Extend(args) => extend::run(args),
        SatCommand::Mistakes(args) => mistakes::run(args),
    }
}

/// A file written under a temporary name and renamed into place only when complete, so that
/// an error or an interruption never leaves a half-written file under the final name.
pub struct AtomicFile {
    path: PathBuf,
    partial: PathBuf,
    writer: BufWriter<File>,
}

impl AtomicFile {
    /// Starts writing `path` (as `path.partial` until [`AtomicFile::commit`]).
    pub fn create(path: &Path) -> anyhow::Result<AtomicFile> {
        let mut partial = path.as_os_str().to_owned();
        partial.push(".partial");
        let partial = PathBuf::from(partial);
        let file =
            File::create(&partial).with_context(|| format!("creating {}", partial.display()))?;
        Ok(AtomicFile {
            path: path.to_path_buf(),
            partial,
            writer: BufWriter::new(file),
        })
    }

    pub fn writer(&mut self) -> &mut BufWriter<File> {
        &mut self.writer
    }

    /// Flushes and renames the file to its final name.
    pub fn commit(mut self) -> anyhow::Result<()> {
        self.writer
            .flush()
            .with_context(|| format!("writing {}", self.partial.display()))?;
        std::fs::rename(&self.partial, &self.path)
            .with_context(|| format!("renaming {} to its final name", self.partial.display()))
    }

    /// Removes the unfinished file.
    pub fn discard(self) {
        let _ = std::fs::remove_file(&self.partial);
    }
}
