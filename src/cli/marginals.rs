//! `boardlab chess-memory marginals`: how each generator's boards differ from uniform ones in
//! kind per square, pair shape and edge pairs, on boards too many to count
//! ([`crate::chess_memory::marginals`]).

use crate::chess_memory::board::BoardSize;
use crate::chess_memory::marginals::report::{MarginalsStudy, write_report};
use crate::chess_memory::marginals::{
    FeatureRow, KindRow, StudySettings, UniformRow, measure_study,
};
use crate::chess_memory::sat::Instance;
use crate::chess_memory::search::Algorithm;
use crate::experiment::FolderLock;
use crate::output::atomic::write_atomic;
use anyhow::Context;
use clap::Args;
use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;

#[derive(Debug, Args)]
#[command(
    after_help = "Every generator (a search on a placement order) makes --draws draws, indices \
0.. under --seed, as `chess-memory draw --seed S --index I --cap C` makes them; the uniform \
reference is --proposals weighted proposals of the symbol-by-symbol estimator. Every board \
passes the validator. It writes OUT/pairs.csv and OUT/kinds.csv (each generator against \
uniform), OUT/uniform.csv (the reference), OUT/marginals.json (what was drawn), OUT/REPORT.md \
and the charts OUT/kinds.svg and OUT/pairs.svg (and .png); docs/chess-memory.md describes the \
method.

Exit status: 0 written, 2 bad input or an OUT that already holds a study.

Examples:
  boardlab chess-memory marginals --algorithms seed,cover --orders QNBR,NBRQ --draws 200 --proposals 100 --out marginals-try
  boardlab chess-memory marginals --out results/marginals
  boardlab chess-memory marginals --out results/marginals --replot"
)]
pub struct MarginalsArgs {
    /// Side n of the n×n board (full boards of the type orders).
    #[arg(long = "board-size", default_value_t = 8, value_name = "N")]
    pub size: usize,

    /// The searches to measure, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "seed,dfs,fc,mrv,cover")]
    pub algorithms: Vec<Algorithm>,

    /// The type orders, comma-separated, or `all` for the 24. `mrv` and `resample` do not
    /// depend on the order and run on the first only.
    #[arg(long, default_value = "all")]
    pub orders: String,

    /// Draws per generator.
    #[arg(long, default_value_t = 4_000)]
    pub draws: u64,

    /// Iterations at which a draw gives up without a board (0: never), as in the orderings
    /// experiment: the seed's search on some orders otherwise runs for hours.
    #[arg(long, default_value_t = 500_000)]
    pub cap: u64,

    /// Weighted proposals of the uniform reference.
    #[arg(long, default_value_t = 50_000)]
    pub proposals: u64,

    /// Master seed: draw I of a generator uses the random stream of (seed, queue, I), as
    /// `chess-memory draw --seed S --index I` does, and proposal I of the uniform reference
    /// the stream of (seed, I).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    #[command(flatten)]
    pub study: super::fairness::StudyFolderArgs,
}

const STUDY_FILE: &str = "marginals.json";
const PAIRS_FILE: &str = "pairs.csv";
const KINDS_FILE: &str = "kinds.csv";
const UNIFORM_FILE: &str = "uniform.csv";

pub fn run(args: &MarginalsArgs) -> anyhow::Result<ExitCode> {
    if args.study.replot {
        return replot(&args.study.out);
    }
    let size = BoardSize::new(args.size).context("--board-size")?;
    anyhow::ensure!(args.draws >= 2, "--draws must be at least 2");
    anyhow::ensure!(args.proposals >= 2, "--proposals must be at least 2");
    let generators = super::fairness::generators(&args.algorithms, &args.orders, size)?;
    let _lock = args.study.claim(STUDY_FILE, "marginals")?;
    let pool = super::worker_pool(args.study.threads)?;
    let instance = Instance::from_queue(&generators[0].queue);
    let shown = !args.study.quiet && std::io::stderr().is_terminal();
    let steps = generators.len() + 1;
    let mut progress = |step: usize, label: &str, done: u64, of: u64| {
        if shown {
            eprint!("\r{step}/{steps} {label}: {done} of {of}   ");
        }
    };
    let settings = StudySettings {
        draws: args.draws,
        cap: (args.cap > 0).then_some(args.cap),
        proposals: args.proposals,
        seed: args.seed,
    };
    let tables = pool.install(|| measure_study(&generators, &settings, &mut progress))?;
    if shown {
        eprintln!();
    }
    let study = MarginalsStudy {
        instance: instance.to_string(),
        seed: args.seed,
        draws: args.draws,
        cap: settings.cap,
        proposals: args.proposals,
        reference_boards: tables.reference_boards,
        effective_size: tables.effective_size,
        command: super::command_as_typed(),
    };
    let (out, kinds) = (&args.study.out, &tables.kinds);
    write_report(out, &study, &tables.uniform, &tables.pairs, kinds)?;
    write_table(out, UNIFORM_FILE, &tables.uniform)?;
    write_table(out, PAIRS_FILE, &tables.pairs)?;
    write_table(out, KINDS_FILE, kinds)?;
    let json = serde_json::to_string_pretty(&study)? + "\n";
    write_atomic(&out.join(STUDY_FILE), json.as_bytes())?;
    println!(
        "wrote {} generators to {}",
        kinds.len(),
        args.study.out.display()
    );
    Ok(ExitCode::SUCCESS)
}

fn write_table<T: serde::Serialize>(dir: &Path, name: &str, rows: &[T]) -> anyhow::Result<()> {
    let mut csv = csv::Writer::from_writer(Vec::new());
    for row in rows {
        csv.serialize(row)?;
    }
    write_atomic(&dir.join(name), &csv.into_inner()?)?;
    Ok(())
}

fn read_table<T: serde::de::DeserializeOwned>(dir: &Path, name: &str) -> anyhow::Result<Vec<T>> {
    let text = read_file(dir, name)?;
    csv::Reader::from_reader(text.as_bytes())
        .deserialize()
        .collect::<Result<_, _>>()
        .with_context(|| format!("{name} is not a marginals study's table"))
}

fn read_file(dir: &Path, name: &str) -> anyhow::Result<String> {
    std::fs::read_to_string(dir.join(name)).with_context(|| {
        format!(
            "{} holds no marginals study: {name} cannot be read",
            dir.display()
        )
    })
}

/// `--replot`: the report and charts again from the study's files.
fn replot(out: &Path) -> anyhow::Result<ExitCode> {
    let _lock = FolderLock::exclusive(out)?;
    let study: MarginalsStudy = serde_json::from_str(&read_file(out, STUDY_FILE)?)
        .with_context(|| format!("{STUDY_FILE} is not a study's description"))?;
    let uniform: Vec<UniformRow> = read_table(out, UNIFORM_FILE)?;
    let pairs: Vec<FeatureRow> = read_table(out, PAIRS_FILE)?;
    let kinds: Vec<KindRow> = read_table(out, KINDS_FILE)?;
    write_report(out, &study, &uniform, &pairs, &kinds)?;
    println!("wrote the report and charts of {}", out.display());
    Ok(ExitCode::SUCCESS)
}
