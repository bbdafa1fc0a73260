//! The options every `bench` shares, as benchmark tools name them: warm-up runs, timed runs,
//! and the exports of the timed runs in hyperfine's formats. The work is
//! [`crate::experiment::bench`]'s; each bench says what one run does.

use crate::experiment::bench::export::{Exports, Format};
use crate::experiment::bench::{Repeats, Series, describe};
use anyhow::Context;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct TimingArgs {
    /// Runs before the timed ones, their results thrown away (0 to 1000).
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=1000))]
    pub warmup: u32,

    /// Timed runs (1 to 1000): the JSON line and standard error give the mean ± standard
    /// deviation, median, minimum and maximum of their time and rate; the figures beside them
    /// are the median run's.
    #[arg(long, alias = "repeat", default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub runs: u32,

    /// Write the timed runs to FILE in hyperfine's JSON format (`results`: command, mean,
    /// stddev, median, user, system, min, max, times; seconds per run).
    #[arg(long, value_name = "FILE")]
    pub export_json: Option<PathBuf>,

    /// Write the timed runs to FILE in hyperfine's CSV format
    /// (command,mean,stddev,median,user,system,min,max).
    #[arg(long, value_name = "FILE")]
    pub export_csv: Option<PathBuf>,

    /// Write the timed runs to FILE as hyperfine's Markdown table (Command, Mean, Min, Max in
    /// seconds, Relative).
    #[arg(long, value_name = "FILE")]
    pub export_markdown: Option<PathBuf>,
}

impl TimingArgs {
    pub fn repeats(&self) -> Repeats {
        Repeats {
            warmup: self.warmup,
            runs: self.runs,
        }
    }

    /// The export files, their temporary files opened now so that a bad path fails before
    /// the runs.
    pub fn exports(&self) -> anyhow::Result<Exports> {
        let requests = [
            (Format::Json, &self.export_json, "--export-json"),
            (Format::Csv, &self.export_csv, "--export-csv"),
            (Format::Markdown, &self.export_markdown, "--export-markdown"),
        ];
        let mut exports = Exports::prepare(&[])?;
        for (format, path, option) in requests {
            if let Some(path) = path {
                exports.add(format, path).with_context(|| option)?;
            }
        }
        Ok(exports)
    }

    /// Writes the exports of `series`, then prints `report` (the JSON line) on standard output
    /// and the summary for people on standard error.
    pub fn finish(
        &self,
        exports: Exports,
        series: &[Series],
        report: &serde_json::Value,
    ) -> anyhow::Result<()> {
        exports.write(series)?;
        println!("{report}");
        eprint!("{}", describe(series, self.repeats()));
        Ok(())
    }
}
