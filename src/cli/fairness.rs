//! `boardlab chess-memory fairness`: how far from uniform each generator draws its boards, on
//! an instance whose boards are counted ([`crate::chess_memory::fairness`]).

use crate::chess_memory::board::BoardSize;
use crate::chess_memory::fairness::{
    FairnessRow, FairnessStudy, Generator, UniformReference, adjust_for_multiple_tests, measure,
    write_report,
};
use crate::chess_memory::queue::{Queue, all_type_orders, parse_order};
use crate::chess_memory::sat::Instance;
use crate::chess_memory::search::{Algorithm, RestartPolicy, SearchConfig};
use crate::experiment::FolderLock;
use crate::output::atomic::write_atomic;
use anyhow::Context;
use clap::Args;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Args)]
#[command(
    after_help = "Every generator (a search on a placement order) draws --draws boards, indices \
0.. under --seed, as `chess-memory draw --seed S --index I` makes them; each board passes the \
validator. The study needs the exact number of boards, so it runs where `chess-memory count` \
does: the 4×4 and 5×5 boards. It writes OUT/fairness.csv (one row per generator), \
OUT/fairness.json (what was drawn), OUT/REPORT.md and the charts OUT/fairness.svg and \
OUT/divergence.svg (and .png); docs/chess-memory.md describes the method.

Exit status: 0 written, 2 bad input or an OUT that already holds a study.

Examples:
  boardlab chess-memory fairness --board-size 4 --draws 20000 --algorithms seed,uniform --orders QNBR,RBNQ --out fairness-try
  boardlab chess-memory fairness --board-size 4 --draws 10000000 --out results/fairness
  boardlab chess-memory fairness --out results/fairness --replot"
)]
pub struct FairnessArgs {
    /// Side n of the n×n board: 4 or 5 (the boards must be countable).
    #[arg(long = "board-size", default_value_t = 4, value_name = "N")]
    pub size: usize,

    /// The searches to measure, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "seed,dfs,fc,mrv,uniform")]
    pub algorithms: Vec<Algorithm>,

    /// The type orders, comma-separated, or `all` for the 24. `mrv`, `uniform` and
    /// `resample` do not depend on the order and run on the first only.
    #[arg(long, default_value = "all")]
    pub orders: String,

    /// Draws per generator.
    #[arg(long, default_value_t = 1_000_000)]
    pub draws: u64,

    /// Master seed: draw I of a generator uses the random stream of (seed, queue, I), the
    /// one `chess-memory draw --seed S --index I` uses.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    #[command(flatten)]
    pub study: StudyFolderArgs,
}

/// The options every study of generators shares: where it writes, on how many threads, and
/// whether it only remakes its report.
#[derive(Debug, Args)]
pub struct StudyFolderArgs {
    /// Worker threads (default: one per core); the results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,

    /// The folder to write; it must not hold a study yet.
    #[arg(long, value_name = "OUT")]
    pub out: PathBuf,

    /// Make REPORT.md and the charts of the study in --out again from its files, drawing
    /// nothing.
    #[arg(long)]
    pub replot: bool,

    /// No progress on standard error.
    #[arg(long, short)]
    pub quiet: bool,
}

impl StudyFolderArgs {
    /// Creates --out and takes its lock, for a new study of `kind` whose `marker` file a
    /// finished or running study there would already hold.
    pub fn claim(&self, marker: &str, kind: &str) -> anyhow::Result<FolderLock> {
        anyhow::ensure!(
            !self.out.join(marker).exists(),
            "{} already holds a {kind} study; give a new --out or remove the folder first",
            self.out.display()
        );
        std::fs::create_dir_all(&self.out)
            .with_context(|| format!("cannot create {}", self.out.display()))?;
        Ok(FolderLock::exclusive(&self.out)?)
    }
}

/// The study's rows and its description, in --out.
const ROWS_FILE: &str = "fairness.csv";
const STUDY_FILE: &str = "fairness.json";

pub fn run(args: &FairnessArgs) -> anyhow::Result<ExitCode> {
    if args.study.replot {
        return replot(&args.study.out);
    }
    let size = BoardSize::new(args.size).context("--board-size")?;
    anyhow::ensure!(args.draws >= 2, "--draws must be at least 2");
    let generators = generators(&args.algorithms, &args.orders, size)?;
    let _lock = args.study.claim(ROWS_FILE, "fairness")?;
    let pool = super::worker_pool(args.study.threads)?;
    let instance = Instance::from_queue(&generators[0].queue);
    let shown = !args.study.quiet && std::io::stderr().is_terminal();
    if shown {
        eprintln!("counting the boards of {instance} and each symbol's pair sets");
    }
    let reference = UniformReference::build(&instance, 100_000_000)?;
    let mut rows: Vec<FairnessRow> = Vec::with_capacity(generators.len());
    for (i, generator) in generators.iter().enumerate() {
        let label = generator.label();
        let mut progress = |done: u64| {
            if shown {
                eprint!(
                    "\r{}/{} {label}: {done} of {} draws   ",
                    i + 1,
                    generators.len(),
                    args.draws
                );
            }
        };
        let row =
            pool.install(|| measure(generator, &reference, args.draws, args.seed, &mut progress))?;
        rows.push(row);
    }
    if shown {
        eprintln!();
    }
    adjust_for_multiple_tests(&mut rows);
    write_study(args, &instance, &reference, &rows)?;
    println!(
        "wrote {} generators to {}",
        rows.len(),
        args.study.out.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// Every (search, order) pair asked for by `--algorithms` and `--orders`, in the order given.
pub(super) fn generators(
    algorithms: &[Algorithm],
    orders: &str,
    size: BoardSize,
) -> anyhow::Result<Vec<Generator>> {
    let queues: Vec<Queue> = if orders == "all" {
        all_type_orders()
            .into_iter()
            .map(|kinds| Queue::from_type_order(kinds, size))
            .collect()
    } else {
        let queues = orders
            .split(',')
            .map(|order| parse_order(order, size).with_context(|| format!("--orders: {order}")))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let counts = queues[0].piece_counts();
        anyhow::ensure!(
            queues.iter().all(|q| q.piece_counts() == counts),
            "--orders: every order must place the same pieces, since the study compares \
generators on one instance"
        );
        queues
    };
    let mut generators = Vec::new();
    for &algorithm in algorithms {
        algorithm.supports(&queues[0]).context("--algorithms")?;
        let by_order = !matches!(
            algorithm,
            Algorithm::Mrv | Algorithm::Uniform | Algorithm::Resample
        );
        let used = if by_order { &queues[..] } else { &queues[..1] };
        generators.extend(used.iter().map(|queue| Generator {
            queue: queue.clone(),
            search: SearchConfig {
                algorithm,
                restart: RestartPolicy::Never,
            },
        }));
    }
    anyhow::ensure!(
        !generators.is_empty(),
        "--algorithms: name at least one search"
    );
    Ok(generators)
}

fn write_study(
    args: &FairnessArgs,
    instance: &Instance,
    reference: &UniformReference,
    rows: &[FairnessRow],
) -> anyhow::Result<()> {
    let mut csv = csv::Writer::from_writer(Vec::new());
    for row in rows {
        csv.serialize(row)?;
    }
    let command = super::command_as_typed();
    let study = FairnessStudy {
        instance: instance.to_string(),
        boards: reference.boards,
        seed: args.seed,
        draws: args.draws,
        command,
    };
    write_report(&args.study.out, &study, rows)?;
    let json = serde_json::to_string_pretty(&study)? + "\n";
    write_atomic(&args.study.out.join(STUDY_FILE), json.as_bytes())?;
    write_atomic(&args.study.out.join(ROWS_FILE), &csv.into_inner()?)?;
    Ok(())
}

/// `--replot`: the report and charts again from the study's files.
fn replot(out: &std::path::Path) -> anyhow::Result<ExitCode> {
    let _lock = FolderLock::exclusive(out)?;
    let read = |name: &str| {
        std::fs::read_to_string(out.join(name)).with_context(|| {
            format!(
                "{} holds no fairness study: {name} cannot be read",
                out.display()
            )
        })
    };
    let study: FairnessStudy = serde_json::from_str(&read(STUDY_FILE)?)
        .with_context(|| format!("{} is not a study's description", STUDY_FILE))?;
    let rows: Vec<FairnessRow> = csv::Reader::from_reader(read(ROWS_FILE)?.as_bytes())
        .deserialize()
        .collect::<Result<_, _>>()
        .with_context(|| format!("{} is not a study's table", ROWS_FILE))?;
    write_report(out, &study, &rows)?;
    println!("wrote the report and charts of {}", out.display());
    Ok(ExitCode::SUCCESS)
}
