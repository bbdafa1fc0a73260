//! `boardlab run` and `boardlab merge`: experiments from a spec into a results folder.

use crate::experiment::run_set::{self, Member, RunSet, SetEnd, SetRequest};
use crate::experiment::spec::Settings;
use crate::experiment::{self, Overrides, Plan, RunEnd, RunRequest};
use crate::puzzles::REGISTRY;
use anyhow::Context;
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The end of `run --help` after the list of puzzles.
const RUN_HELP_END: &str = "Exit status: 0 complete (or already complete), 2 bad input or an \
error, 130 interrupted by Ctrl-C (continue with --resume).

Examples:
  boardlab run                                   the embedded default experiment
  boardlab run experiments/orderings.toml        the canonical orderings experiment
  boardlab run experiments/orderings.toml --resume      continue after Ctrl-C or a crash
  boardlab run SPEC --shard 3/8 --out parts/3    one of 8 machines; then: boardlab merge OUT parts/*";

/// `run --help` after the options: what a run writes, every puzzle of the registry with its
/// tables, the exit status and the examples.
fn run_help() -> String {
    let mut text = String::from(
        "A spec's `puzzle` key names what it runs (ChessMemory when it has none). The results \
folder gets draws.csv (one row per draw, or per game of a match), the puzzle's tables (below), \
manifest.json (how it was made, with timings), charts/ and REPORT.md. The run ends with one \
line on standard output, the puzzle's headline (its best series or player where the data tell \
it apart from the next, else the tie) and the folder; --quiet hides only the progress on \
standard error.\n\nPuzzles (`boardlab puzzles` prints an example spec of each):\n",
    );
    for puzzle in REGISTRY.puzzles {
        text += &format!(
            "  {}: {}\n      tables: {}\n",
            puzzle.name,
            puzzle.about,
            puzzle.tables.join(", ")
        );
    }
    text + "\n" + RUN_HELP_END
}

#[derive(Debug, Args)]
#[command(after_help = run_help())]
pub struct RunArgs {
    /// Experiment spec (TOML, see experiments/README.md); the embedded default when omitted.
    #[arg(value_name = "SPEC")]
    pub spec: Option<PathBuf>,

    /// Draws per series, replacing the spec's `draws` (ChessMemory: per ordering; knight's
    /// tour: per series that draws at random). For a match `--games` is the same.
    #[arg(long, value_name = "N")]
    pub draws: Option<u64>,

    /// Games per pairing of a match (fifteen, draughts), replacing the spec's `games`; the
    /// older `--draws` means the same there. Refused for a puzzle whose runs count draws.
    #[arg(long, value_name = "N", conflicts_with = "draws")]
    pub games: Option<u64>,

    /// A value of the puzzle's own, replacing the spec's key of that name (repeatable):
    /// `cap=N` (ChessMemory: the iteration cap per draw), `boards=true` (ChessMemory: each
    /// draw's final board in draws.csv). A key the puzzle does not know is refused.
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = Settings::parse_one)]
    pub settings: Vec<(String, String)>,

    /// The same as `--set cap=ITERATIONS`.
    #[arg(long, value_name = "ITERATIONS", hide = true)]
    pub cap: Option<u64>,

    /// Master seed, replacing the spec's `seed`: draw i of a series uses the random stream of
    /// (seed, series queue, i), the stream of `boardlab chess-memory draw --seed SEED --index i`.
    #[arg(long)]
    pub seed: Option<u64>,

    /// Worker threads (default: $SLURM_CPUS_PER_TASK when set, as in a Slurm job with
    /// --cpus-per-task; otherwise one per available core). The data files do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,

    /// Results folder (default: results/<name of the spec>).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,

    /// Run only part K of N (e.g. 3/8): the draws whose index i has i % N == K-1.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,

    /// Continue an interrupted run in the folder (starts it if the folder is new).
    #[arg(long)]
    pub resume: bool,

    /// Overwrite a folder that holds a finished or different run.
    #[arg(long)]
    pub force: bool,

    /// Write draws.csv.zst instead of draws.csv: the same rows compressed with Zstandard
    /// (the "15" game's to about a tenth), which `zstd -d`, pandas, polars and DuckDB read as
    /// CSV. Each chunk is compressed by the thread that computed it, so a run that makes
    /// gigabytes of rows does not wait on one thread to write them. A folder started with it
    /// is resumed with it.
    #[arg(long)]
    pub compress: bool,

    /// The same as `--set boards=true`.
    #[arg(long, hide = true)]
    pub boards: bool,

    /// No progress on standard error: neither the progress line nor the closing `wrote …`
    /// line. The one-line headline (the result and the folder) still goes to standard
    /// output, and errors and warnings to standard error.
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 merged, 2 bad input (missing shards, shards of \
different runs) or an error.

Example:
  boardlab merge results/orderings parts/1 parts/2 parts/3"
)]
pub struct MergeArgs {
    /// The folder to write.
    #[arg(value_name = "OUT")]
    pub out: PathBuf,

    /// The finished shard folders, all shards of one run, in any order.
    #[arg(value_name = "DIR", required = true)]
    pub shards: Vec<PathBuf>,

    /// Overwrite OUT if it holds results.
    #[arg(long)]
    pub force: bool,

    /// No progress on standard error: neither the progress line nor the closing `wrote …`
    /// line. The one-line headline (the result and the folder) still goes to standard output.
    #[arg(long, short)]
    pub quiet: bool,
}

pub fn run(args: &RunArgs) -> anyhow::Result<ExitCode> {
    let (spec_source, spec_text) = match &args.spec {
        Some(path) => (
            path.display().to_string(),
            std::fs::read_to_string(path)
                .with_context(|| format!("cannot read spec file {}", path.display()))?,
        ),
        None => (
            "embedded default (experiments/default.toml)".to_string(),
            REGISTRY.default_spec.to_string(),
        ),
    };
    let overrides = overrides(args);
    if let Some((set, members)) = RunSet::of_spec(&REGISTRY, &spec_source, &spec_text)? {
        return run_set(args, set, members);
    }
    let study = REGISTRY
        .parse_spec(&spec_text, &overrides)
        .with_context(|| format!("spec {spec_source}"))?;
    let noun = study.draw_noun();
    if args.games.is_some() && noun != "games" {
        anyhow::bail!(
            "--games: a {} run counts {noun}, not games; use --{noun} N",
            study.puzzle()
        );
    }
    let threads = match args.threads {
        Some(threads) => threads,
        None => default_threads(std::env::var("SLURM_CPUS_PER_TASK").ok().as_deref())?,
    };
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("results").join(study.name()));
    let shard = experiment::parse_shard(args.shard.as_deref())?;
    let request = RunRequest {
        registry: &REGISTRY,
        plan: Plan::new(study, shard),
        spec_source,
        spec_text,
        overrides,
        out,
        threads,
        resume: args.resume,
        force: args.force,
        quiet: args.quiet,
        compression: compression(args),
        reproduce_with: None,
    };
    let end = experiment::run(&request)?;
    finish(end, &request.out, noun, args.quiet)
}

/// A spec that lists several values of one key: each member into its own sub-folder of the
/// set's folder, then the set's report ([`RunSet`]).
fn run_set(args: &RunArgs, set: RunSet, members: Vec<Member>) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(
        args.shard.is_none(),
        "--shard: a spec that lists several values of `{}` runs one folder per value; shard a spec of one value instead",
        set.key
    );
    let request = SetRequest {
        registry: &REGISTRY,
        out: args
            .out
            .clone()
            .unwrap_or_else(|| PathBuf::from("results").join(&set.name)),
        set,
        members,
        overrides: overrides(args),
        threads: match args.threads {
            Some(threads) => threads,
            None => default_threads(std::env::var("SLURM_CPUS_PER_TASK").ok().as_deref())?,
        },
        resume: args.resume,
        force: args.force,
        quiet: args.quiet,
        compression: compression(args),
    };
    let (set, out) = (&request.set, &request.out);
    match run_set::run(&request)? {
        SetEnd::Interrupted {
            value,
            done,
            total,
            noun,
        } => {
            eprintln!(
                "interrupted in {} = {value} after {done} of {total} {noun}; continue the set with the same command and --resume",
                set.key
            );
            Ok(ExitCode::from(130))
        }
        SetEnd::Complete { headline } => {
            if !args.quiet {
                eprintln!(
                    "wrote {}: {} members, summary.csv, charts and REPORT.md",
                    out.display(),
                    set.values.len()
                );
            }
            println!("{headline}");
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// How the data file is stored: compressed with `--compress`.
fn compression(args: &RunArgs) -> experiment::Compression {
    if args.compress {
        experiment::Compression::Zstd
    } else {
        experiment::Compression::None
    }
}

/// What the options change in the spec: the draw count, the seed and the settings.
fn overrides(args: &RunArgs) -> Overrides {
    let mut overrides = Overrides {
        draws: args.draws.or(args.games),
        seed: args.seed,
        settings: Settings::default(),
    };
    if let Some(cap) = args.cap {
        overrides.settings.set("cap", &cap.to_string());
    }
    if args.boards {
        overrides.settings.set("boards", "true");
    }
    for (key, value) in &args.settings {
        overrides.settings.set(key, value);
    }
    overrides
}

/// What the command says about how the run ended, and its exit status.
fn finish(end: RunEnd, out: &Path, noun: &str, quiet: bool) -> anyhow::Result<ExitCode> {
    let shown = out.display();
    match end {
        RunEnd::Complete { draws } => {
            if !quiet {
                eprintln!("wrote {shown}: {draws} {noun}, charts and REPORT.md");
            }
            if draws == 0 {
                println!("{shown}: this shard has no {noun} (the run has fewer than its shards)");
            } else {
                println!("{}", headline(out)?);
            }
            Ok(ExitCode::SUCCESS)
        }
        RunEnd::AlreadyComplete => {
            eprintln!("{shown} is already complete; nothing to resume");
            Ok(ExitCode::SUCCESS)
        }
        RunEnd::Interrupted { done, total } => {
            eprintln!(
                "interrupted after {done} of {total} {noun}; continue with the same command and --resume"
            );
            Ok(ExitCode::from(130))
        }
    }
}

/// The thread count without `--threads`: the CPUs Slurm gave the task (`SLURM_CPUS_PER_TASK`,
/// passed in as `slurm_cpus`) when set, else one per available core.
fn default_threads(slurm_cpus: Option<&str>) -> anyhow::Result<usize> {
    match slurm_cpus.map(str::trim) {
        None | Some("") => Ok(rayon::current_num_threads()),
        Some(text) => text.parse().ok().filter(|&cpus| cpus > 0).ok_or_else(|| {
            anyhow::anyhow!(
                "SLURM_CPUS_PER_TASK is {text:?}, not a positive number of CPUs; unset it or pass --threads"
            )
        }),
    }
}

pub fn merge(args: &MergeArgs) -> anyhow::Result<ExitCode> {
    let draws = experiment::merge(&args.out, &args.shards, args.force, &REGISTRY)?;
    if !args.quiet {
        eprintln!(
            "wrote {}: {draws} draws from {} shards, charts and REPORT.md",
            args.out.display(),
            args.shards.len()
        );
    }
    println!("{}", headline(&args.out)?);
    Ok(ExitCode::SUCCESS)
}

/// The closing line of a finished folder, from its puzzle.
fn headline(dir: &std::path::Path) -> anyhow::Result<String> {
    let manifest = experiment::Manifest::read(&dir.join("manifest.json"))?;
    let puzzle = REGISTRY.of_identity(&manifest.spec)?;
    (puzzle.headline)(dir).map_err(anyhow::Error::from_boxed)
}

#[cfg(test)]
mod tests {
    use super::default_threads;

    #[test]
    fn slurm_cpus_per_task_sets_the_default_thread_count() {
        assert_eq!(default_threads(Some("3")).unwrap(), 3);
        assert_eq!(default_threads(Some(" 12\n")).unwrap(), 12);
    }

    #[test]
    fn without_slurm_the_default_is_one_thread_per_core() {
        let cores = rayon::current_num_threads();
        assert_eq!(default_threads(None).unwrap(), cores);
        assert_eq!(default_threads(Some("")).unwrap(), cores);
    }

    #[test]
    fn a_malformed_slurm_value_is_an_error_naming_it() {
        let error = default_threads(Some("4(x2)")).unwrap_err().to_string();
        assert!(error.contains("SLURM_CPUS_PER_TASK"), "{error}");
        assert!(error.contains("4(x2)"), "{error}");
        assert!(default_threads(Some("0")).is_err());
    }
}
