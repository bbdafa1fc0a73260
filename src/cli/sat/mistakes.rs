//! `boardlab chess-memory sat mistakes`: where the seed's backtracker goes wrong, per draw, as CSV.

use crate::chess_memory::board::BoardSize;
use crate::chess_memory::queue::parse_order;
use crate::chess_memory::queue::{Queue, SEED_TYPE_ORDER};
use crate::chess_memory::sat::mistakes::{
    CSV_HEADER, MistakeRecord, MistakesSummary, analyse_draw, summarize,
};
use crate::experiment::progress::Progress;
use crate::output::atomic::AtomicFile;
use anyhow::Context;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Args)]
#[command(
    after_help = "Columns: order, pairs, index, outcome, iterations, mistake_step (1-based \
step of the first placement after which no completion exists; empty if none or unresolved), \
mistake_iteration, first_dead_step (the first placement found without completion, even below an \
undecided board: the mistake is at or before it), deepest_dead_step (the most pairs on any board \
without completion), mistakes (moves from a completable to a dead board), dead_iterations (spent \
below mistakes), alive_off_path_iterations, final_path_iterations, unknown_iterations (at boards \
left undecided by --budget), solver_calls, undecided (questions over the budget). Draw INDEX of \
an order is the draw of `boardlab chess-memory draw --order ORDER --seed SEED --index INDEX`.

Exit status: 0 analysed, 2 bad input or an error.

Example:
  boardlab chess-memory sat mistakes --order QNBR,RBNQ,NQBR --draws 20 --seed 1 --out mistakes.csv --summary s.json"
)]
pub struct MistakesArgs {
    /// Placement orders to replay, comma-separated or repeated, each as --order of
    /// `boardlab chess-memory draw`: a type order such as QNBR, a full queue, or queue: and a shorter one.
    #[arg(long, value_delimiter = ',', default_value = SEED_TYPE_ORDER, value_name = "ORDER")]
    pub order: Vec<String>,

    #[arg(
        long = "board-size",
        alias = "size",
        default_value_t = 8,
        value_name = "N",
        help = crate::cli::BOARD_SIZE_HELP
    )]
    pub size: usize,

    /// Draws per order (indices 0..N).
    #[arg(long, default_value_t = 10)]
    pub draws: u64,

    /// Master seed: draw i of an order replays the random stream of
    /// `boardlab chess-memory draw --order ORDER --seed SEED --index i`.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Iteration cap per draw; a capped draw is reported as censored.
    #[arg(long, default_value_t = 1_000_000, value_name = "ITERATIONS")]
    pub cap: u64,

    /// Effort budget per question, in megabytes of varisat's proof stream (about 1 s each on
    /// this project's machine); a question over it leaves its board undecided. 0: no budget.
    #[arg(long, default_value_t = 20, value_name = "MB")]
    pub budget: u64,

    /// Write the CSV to this file (rows appear in FILE.tmp as draws finish) instead of
    /// standard output.
    #[arg(long, alias = "output", value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// Also write per-order summaries and the mistake-step histograms (the chart's data) as JSON.
    #[arg(long, value_name = "FILE")]
    pub summary: Option<PathBuf>,

    /// No progress or summary on standard error.
    #[arg(long, short)]
    pub quiet: bool,
}

pub fn run(args: &MistakesArgs) -> anyhow::Result<ExitCode> {
    let size = BoardSize::new(args.size).context("--board-size")?;
    let queues = args
        .order
        .iter()
        .map(|order| parse_order(order, size).with_context(|| format!("--order {order}")))
        .collect::<anyhow::Result<Vec<Queue>>>()?;
    anyhow::ensure!(args.cap > 0, "--cap must be at least 1 iteration");
    let records = match &args.out {
        Some(path) => {
            let mut file = AtomicFile::create(path)?;
            let records = write_rows(args, &queues, file.writer());
            match records {
                Ok(records) => {
                    file.commit()?;
                    records
                }
                Err(error) => return Err(error),
            }
        }
        None => write_rows(args, &queues, &mut std::io::stdout().lock())?,
    };
    if let Some(path) = &args.summary {
        let summary = MistakesSummary::new(args.size, args.seed, args.draws, args.cap, &records);
        let json = serde_json::to_value(&summary).expect("a summary serializes");
        let mut file = AtomicFile::create(path)?;
        writeln!(file.writer(), "{json:#}")
            .with_context(|| format!("writing {}", path.display()))?;
        file.commit()?;
    }
    if !args.quiet {
        print_summary(&records);
    }
    Ok(ExitCode::SUCCESS)
}

/// Analyses the draws in order and writes each row as soon as it is done.
fn write_rows(
    args: &MistakesArgs,
    queues: &[Queue],
    out: &mut impl Write,
) -> anyhow::Result<Vec<MistakeRecord>> {
    let total = queues.len() as u64 * args.draws;
    let mut progress = Progress::new("sat mistakes", total, 0, args.quiet);
    writeln!(out, "{CSV_HEADER}").context("writing the CSV")?;
    let mut records = Vec::new();
    // Every --order with every draw index, order by order.
    let draws = queues
        .iter()
        .flat_map(|queue| (0..args.draws).map(move |index| (queue, index)));
    for (queue, index) in draws {
        let budget = (args.budget > 0).then(|| args.budget * 1_000_000);
        let record = analyse_draw(queue, args.seed, index, Some(args.cap), budget)
            .with_context(|| format!("order {} draw {index}", queue.name()))?;
        writeln!(out, "{}", record.csv_row()).context("writing the CSV")?;
        out.flush().context("writing the CSV")?;
        records.push(record);
        progress.update(records.len() as u64);
    }
    progress.finish(total);
    Ok(records)
}

fn print_summary(records: &[MistakeRecord]) {
    eprintln!(
        "order  draws solved mistake unresolved  median-step  dead-share  off-path-share  unknown-share  median-iterations"
    );
    for s in summarize(records) {
        let step = s
            .median_mistake_step
            .map(|m| format!("{m:.1}"))
            .unwrap_or_else(|| "-".into());
        eprintln!(
            "{:<6} {:>5} {:>6} {:>7} {:>10}  {:>11}  {:>10.3}  {:>14.3}  {:>13.3}  {:>17}",
            s.order,
            s.draws,
            s.solved,
            s.with_mistake,
            s.unresolved,
            step,
            s.dead_share,
            s.alive_off_path_share,
            s.unknown_share,
            s.median_iterations
        );
    }
}
