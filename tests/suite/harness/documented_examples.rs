//! Every example command that the documentation shows runs, exits as the text says, and prints
//! what the text shows where it shows output.
//!
//! Examples come from two places:
//!
//! - **`--help`**, read from the command line's own definition (clap's `Command` tree, every
//!   subcommand, hidden older spellings included): each line of a command's `after_help`,
//!   `after_long_help`, `about` or `long_about` that starts with `boardlab ` (or
//!   `$ boardlab `) is an example; its text ends at the first run of two spaces, where its
//!   comment starts. Each runs alone, in a fresh folder.
//! - **Markdown**: `README.md`, `docs/*.md`, `experiments/README.md` and every
//!   `results/*/README.md`. Every fenced block marked `sh` (or `console`, `bash`, `shell`) is
//!   a list of commands. A block with lines starting with `$ ` is a terminal session: each
//!   `$ ` line is a command, and the lines after it, up to the next `$ ` line, are its output
//!   (stdout and stderr as a terminal shows them; a line `...` stands for any lines, `[..]` for
//!   the rest of a line). Any other block is one command per line (a line ending in `\`
//!   continues, a here-document belongs to the line that opens it, `#` starts a comment). A
//!   block whose first line is `#!` is a script file shown for its content, not commands to
//!   type; `scripts/slurm-check.sh` runs the Slurm scripts of `docs/experiments.md`. The
//!   commands of one block run in order in one fresh folder, so a block can write a spec and
//!   then run it.
//!
//! Each folder holds copies of `experiments/`, `scripts/` and the `results/` folders the
//! commands name, with this build's `boardlab` first on `PATH` and as
//! `target/release/boardlab`, and `HOME` set to the folder.
//!
//! An example that would take minutes, needs something set up first or a build of its own
//! runs as written in [`ADJUSTED`] instead, with the reason; one that cannot run here is in
//! [`NOT_RUN`] with the reason; one whose point is a negative answer is in
//! [`NEGATIVE_ANSWERS`] with the exit status the text gives. Every entry of these tables must
//! match an example that exists, so none can outlive its text, and an example in none of them
//! runs as written.

use crate::common::committed;
use boardlab::cli::Cli;
use clap::CommandFactory;
use snapbox::IntoData;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Examples run in another form: (the example as printed, what runs instead, why).
const ADJUSTED: &[(&str, &str, &str)] = &[
    (
        "scripts/compare-error-rate.py --pairs 200 --out results/compare-error-rate",
        "scripts/compare-error-rate.py --pairs 1 --out results/compare-error-rate",
        "200 pairs are 400 runs, about 15 minutes on 2 cores",
    ),
    // --help
    (
        "boardlab run",
        "boardlab run --draws 3",
        "the default experiment takes minutes",
    ),
    (
        "boardlab run experiments/orderings.toml",
        "boardlab run experiments/orderings.toml --draws 3",
        "the canonical experiment takes hours",
    ),
    (
        "boardlab run experiments/orderings.toml --resume",
        "boardlab run experiments/orderings.toml --draws 3 --quiet && boardlab run experiments/orderings.toml --draws 3 --resume",
        "a finished small run, then the resume; the canonical experiment takes hours",
    ),
    (
        "boardlab run SPEC --shard 3/8 --out parts/3",
        "boardlab run experiments/examples/knights-tour.toml --shard 3/8 --out parts/3",
        "SPEC stands for any spec",
    ),
    (
        "boardlab merge results/orderings parts/1 parts/2 parts/3",
        "rm -rf results/orderings; for k in 1 2 3; do boardlab run experiments/orderings.toml --draws 3 --shard $k/3 --out parts/$k --quiet || exit 1; done; boardlab merge results/orderings parts/1 parts/2 parts/3",
        "the shards are made first (small), into a folder where results/orderings is new",
    ),
    (
        "boardlab compare results/orderings /tmp/replication",
        "cp -r results/orderings replication && boardlab compare results/orderings replication",
        "the replication is a copy in the test's folder",
    ),
    (
        "boardlab compare results/default parts-merged --alpha 0.001",
        "boardlab run --draws 40 --out results/default --quiet && for k in 1 2; do boardlab run --draws 40 --shard $k/2 --out parts/$k --quiet || exit 1; done && boardlab merge parts-merged parts/1 parts/2 --quiet && boardlab compare results/default parts-merged --alpha 0.001",
        "both folders are made first, with 40 draws per ordering",
    ),
    (
        "boardlab chess-memory bench --algorithm cover --draws 1000000 --census --reference-draws 20000",
        "boardlab chess-memory bench --algorithm cover --draws 2000 --census --reference-draws 200",
        "a million draws take minutes in a test build",
    ),
    (
        "boardlab chess-memory bench --threads 1 --algorithm cover --draws 200000 --compare seed --compare-draws 2000 --runs 3",
        "boardlab chess-memory bench --threads 1 --algorithm cover --draws 2000 --compare seed --compare-draws 50 --runs 3",
        "fewer draws",
    ),
    (
        "boardlab chess-memory bench --threads 1 --draws 2000",
        "boardlab chess-memory bench --threads 1 --draws 200",
        "fewer draws",
    ),
    (
        "boardlab chess-memory sat mistakes --order QNBR,RBNQ,NQBR --draws 20 --seed 1 --out mistakes.csv --summary s.json",
        "boardlab chess-memory sat mistakes --order QNBR,RBNQ,NQBR --draws 2 --seed 1 --out mistakes.csv --summary s.json",
        "fewer draws",
    ),
    (
        "boardlab draughts perft --depth 8",
        "boardlab draughts perft --depth 6",
        "a smaller depth",
    ),
    (
        "boardlab draughts perft --depth 10 --captures moves",
        "boardlab draughts perft --depth 6 --captures moves",
        "a smaller depth",
    ),
    (
        "boardlab draughts perft --depth 11 --hash 64",
        "boardlab draughts perft --depth 6 --hash 64",
        "a smaller depth",
    ),
    (
        "boardlab draughts bench --depth 11",
        "boardlab draughts bench --depth 6",
        "a smaller depth",
    ),
    (
        "boardlab draughts bench --depth 11 --rules english --captures moves",
        "boardlab draughts bench --depth 6 --rules english --captures moves",
        "a smaller depth",
    ),
    (
        "boardlab fifteen bench --a article:own --b perfect --games 1000000",
        "boardlab fifteen bench --a article:own --b perfect --games 1000",
        "fewer games",
    ),
    (
        "boardlab knights-tour bench --size 8 --rule random --draws 10000",
        "boardlab knights-tour bench --size 8 --rule random --draws 1000",
        "fewer draws",
    ),
    (
        "boardlab man | man -l -",
        "boardlab man > boardlab.1 && test -s boardlab.1",
        "man(1) need not be installed where the tests run",
    ),
    (
        "boardlab man --out /usr/local/share/man/man1",
        "boardlab man --out man1 && test -s man1/boardlab.1",
        "a test writes only in its own folder",
    ),
    // README.md, docs/ and results/*/README.md
    (
        "cargo run --release -- run",
        "boardlab run --draws 3",
        "a release build of its own takes minutes: this build's binary, and the default experiment with 3 draws an order",
    ),
    (
        "cargo build --release",
        "test -x target/release/boardlab",
        "the test's folder has this build's binary as target/release/boardlab",
    ),
    (
        "boardlab run experiments/orderings.toml --out results/replication",
        "boardlab run experiments/orderings.toml --draws 3 --out results/replication",
        "the canonical experiment takes hours",
    ),
    (
        "boardlab run experiments/orderings.toml --draws 1000 --out results/quick",
        "boardlab run experiments/orderings.toml --draws 20 --out results/quick",
        "fewer draws",
    ),
    (
        "parallel -S host1,host2,host3,host4 --workdir . boardlab run experiments/orderings.toml --shard {}/4 --out parts/{} --resume --quiet ::: 1 2 3 4",
        "for k in 1 2 3 4; do boardlab run experiments/orderings.toml --draws 3 --shard $k/4 --out parts/$k --resume --quiet || exit 1; done",
        "no ssh hosts here: the four shards one after another on this machine, 3 draws an order",
    ),
    (
        "boardlab merge results/orderings parts/1 parts/2 parts/3 parts/4",
        "rm -rf results/orderings && boardlab merge results/orderings parts/1 parts/2 parts/3 parts/4",
        "the folder holds a copy of the committed results/orderings, which a merge replaces only with --force",
    ),
    (
        "boardlab compare results/orderings results/rerun",
        "cp -r results/orderings results/rerun && boardlab compare results/orderings results/rerun",
        "the rerun is a copy of the committed folder",
    ),
    (
        "boardlab run experiments/fifteen.toml",
        "boardlab run experiments/fifteen.toml --games 10",
        "12 million games take minutes",
    ),
    (
        "boardlab run experiments/fifteen.toml --games 1000 --out results/quick",
        "boardlab run experiments/fifteen.toml --games 10 --out results/quick",
        "fewer games",
    ),
    (
        "boardlab chess-memory bench --threads 1 --algorithm cover --draws 200000 --compare seed --compare-draws 3000 --runs 3",
        "boardlab chess-memory bench --threads 1 --algorithm cover --draws 2000 --compare seed --compare-draws 50 --runs 3",
        "fewer draws",
    ),
    (
        "boardlab chess-memory bench --threads 1 --algorithm cover --draws 200000 --compare seed --compare-draws 3000 --repeat 3",
        "boardlab chess-memory bench --threads 1 --algorithm cover --draws 2000 --compare seed --compare-draws 50 --repeat 3",
        "fewer draws; results/cover/README.md gives the command as it was run, with --runs's older spelling",
    ),
    (
        "boardlab chess-memory bench --threads 1 --algorithm cover --census --draws 1000000 --reference-draws 20000",
        "boardlab chess-memory bench --threads 1 --algorithm cover --census --draws 2000 --reference-draws 200",
        "a million draws take minutes in a test build",
    ),
    (
        "boardlab chess-memory bench --threads 1 --draws 2000 --algorithm fc --restart fixed:300",
        "boardlab chess-memory bench --threads 1 --draws 200 --algorithm fc --restart fixed:300",
        "fewer draws",
    ),
    (
        "boardlab chess-memory sat mistakes --order QNBR,NBRQ --draws 3",
        "boardlab chess-memory sat mistakes --order QNBR,NBRQ --draws 1 --cap 20000",
        "NBRQ's draws run to the default cap of a million iterations with a solver call at every pair",
    ),
    (
        "boardlab chess-memory sat mistakes --order QNBR,QNRB,QBNR,QBRN,QRNB,QRBN,NQBR,NQRB,NBQR,NBRQ,NRQB,NRBQ,BQNR,BQRN,BNQR,BNRQ,BRQN,BRNQ,RQNB,RQBN,RNQB,RNBQ,RBQN,RBNQ --draws 30 --seed 1 --cap 1000000 --budget 20 --out results/sat/mistakes/mistakes.csv --summary results/sat/mistakes/summary.json",
        "boardlab chess-memory sat mistakes --order QNBR,RBNQ --draws 1 --seed 1 --cap 20000 --budget 20 --out results/sat/mistakes/mistakes.csv --summary results/sat/mistakes/summary.json",
        "24 orders × 30 draws take 17 minutes: two orders, one draw, a smaller cap",
    ),
    (
        "boardlab draughts perft --depth 11",
        "boardlab draughts perft --depth 6",
        "a smaller depth",
    ),
    (
        "boardlab draughts perft --depth 11 --captures moves",
        "boardlab draughts perft --depth 6 --captures moves",
        "a smaller depth",
    ),
    (
        "boardlab draughts perft --depth 12 --hash 256",
        "boardlab draughts perft --depth 6 --hash 256",
        "a smaller depth",
    ),
    (
        "boardlab knights-tour bench --board-size 1000 --rule squirrel --draws 10",
        "boardlab knights-tour bench --board-size 1000 --rule squirrel --draws 1",
        "fewer draws",
    ),
    (
        "target/release/boardlab run experiments/variants.toml --out results/variants --quiet --resume",
        "target/release/boardlab run experiments/variants.toml --games 2 --out results/variants --quiet --force",
        "3,000 games under each of twelve rule sets take a quarter of an hour: 2 games each, into the same folder",
    ),
    (
        "boardlab run experiments/knights.toml --threads 1",
        "boardlab run experiments/examples/knights-tour.toml --threads 1 --out results/knights --force",
        "the committed run takes 25 minutes and its every-start series do not shrink with --draws: the example spec, into the same folder",
    ),
    (
        "target/release/boardlab run experiments/knights.toml --threads 1",
        "target/release/boardlab run experiments/examples/knights-tour.toml --threads 1 --out results/knights --force",
        "the committed run takes 25 minutes and its every-start series do not shrink with --draws: the example spec, into the same folder",
    ),
    (
        "boardlab chess-memory estimate --method square --tail-squares 24 --probes 1200000 --seed 1 --threads 1 --json",
        "boardlab chess-memory estimate --method square --tail-squares 24 --probes 200 --seed 1 --threads 1 --json",
        "the committed 8×8 estimate takes 16 minutes of one core: the same run with 200 probes",
    ),
    (
        "boardlab chess-memory estimate --method symbol --tail-symbols 3 --probes 16000 --seed 1 --threads 1 --json",
        "boardlab chess-memory estimate --method symbol --tail-symbols 3 --probes 10 --seed 1 --threads 1 --json",
        "the committed 8×8 estimate takes 15 minutes of one core: the same run with 10 probes",
    ),
    (
        "boardlab chess-memory estimate --board-size 6 --method square --tail-squares 16 --probes 100000 --seed 1 --threads 1 --json",
        "boardlab chess-memory estimate --board-size 6 --method square --tail-squares 16 --probes 200 --seed 1 --threads 1 --json",
        "the committed 6×6 estimate takes 12 minutes of one core: the same run with 200 probes",
    ),
    (
        "boardlab chess-memory estimate --board-size 6 --method symbol --tail-symbols 3 --probes 400000 --seed 1 --threads 1 --json",
        "boardlab chess-memory estimate --board-size 6 --method symbol --tail-symbols 3 --probes 200 --seed 1 --threads 1 --json",
        "the committed 6×6 estimate takes 14 minutes of one core: the same run with 200 probes",
    ),
    (
        "scripts/board-counts.sh",
        "scripts/board-counts.sh 4:QNBR",
        "the 5×5 count takes 20 s: the 4×4 instance only (an ignored test recounts 5×5)",
    ),
    (
        "boardlab chess-memory count --board-size 5 --order QNBR --up-to-symmetry --json --quiet",
        "boardlab chess-memory count --board-size 5 --order QNBR --up-to-symmetry --json --quiet --max-table 1000 || true",
        "the 5×5 count takes 20 s: stopped at a small table (an ignored test recounts it)",
    ),
    (
        "boardlab chess-memory fairness --board-size 4 --draws 10000000 --out results/fairness",
        "boardlab chess-memory fairness --board-size 4 --draws 2000 --orders QNBR --out fairness-small",
        "ten million draws for each of 74 generators take minutes: every search on one order, 2,000 draws each",
    ),
    (
        "boardlab chess-memory estimate --board-size 5 --method symbol --tail-symbols 8 --probes 1 --json",
        "boardlab chess-memory estimate --board-size 5 --method symbol --tail-symbols 3 --probes 20 --json",
        "counting all eight symbols of 5×5 takes two minutes: three symbols counted, 20 probes",
    ),
    (
        "boardlab chess-memory marginals --board-size 6 --algorithms seed,dfs,fc,mrv --draws 100000 --proposals 400000 --out results/marginals-6x6",
        "boardlab chess-memory marginals --board-size 6 --algorithms seed,mrv --orders QNBR --draws 500 --proposals 500 --out marginals-small",
        "73 generators of 100,000 draws and 400,000 proposals take twelve minutes: two searches on one order, 500 of each",
    ),
    (
        "boardlab chess-memory marginals --out results/marginals",
        "boardlab chess-memory marginals --algorithms seed,fc,cover --orders QNBR --draws 200 --proposals 100 --out marginals-small",
        "97 generators and 50,000 proposals take over an hour of CPU: three searches on one order, 200 draws and 100 proposals",
    ),
    (
        "boardlab chess-memory fairness --board-size 5 --draws 10000000 --out results/fairness-5x5",
        "boardlab chess-memory fairness --board-size 4 --draws 2000 --algorithms seed,uniform --orders QNBR --out fairness-small",
        "the 5×5 study takes twenty minutes and its tables half a minute: a small 4×4 study instead",
    ),
    (
        "scripts/bench-knights.sh results/knights",
        "BENCH_KNIGHTS_SIZES='8 16' BENCH_KNIGHTS_SQUARES=20000 scripts/bench-knights.sh results/knights",
        "27 timings of 3×10⁷ squares take minutes: two sizes, 2×10⁴ squares each",
    ),
    (
        "./target/release/boardlab run experiments/cover.toml --threads 1 --force",
        "./target/release/boardlab run experiments/cover.toml --threads 1 --force --draws 200",
        "2.4 million boards take a minute in a test build: 200 draws an order (--force replaces the copy of the committed folder, as it did)",
    ),
    (
        "./target/release/boardlab run experiments/fifteen.toml --threads 1",
        "./target/release/boardlab run experiments/fifteen.toml --threads 1 --games 10 --out rerun",
        "12 million games take minutes: 10 games a pairing, into a new folder (the committed one is finished)",
    ),
    (
        "target/release/boardlab run experiments/algorithms.toml --threads 2",
        "target/release/boardlab run experiments/algorithms.toml --threads 2 --draws 2 --out rerun",
        "6.22 million draws take 74 minutes: 2 draws a series, into a new folder (the committed one is finished)",
    ),
    (
        "target/release/boardlab run experiments/draughts.toml --threads 1",
        "target/release/boardlab run experiments/draughts.toml --threads 1 --games 2 --out rerun",
        "391,000 games take 20 minutes: 2 games a pairing, into a new folder (the committed one is finished)",
    ),
    (
        "target/release/boardlab draughts endgame build --rules czech --pieces 6 --out endgames",
        "target/release/boardlab draughts endgame build --rules czech --pieces 3 --out endgames --quiet",
        "six pieces take an hour: the classes up to three pieces, whose files the checksums list too",
    ),
    (
        "target/release/boardlab draughts endgame build --rules english --pieces 5 --out endgames",
        "target/release/boardlab draughts endgame build --rules english --pieces 3 --out endgames --quiet",
        "five pieces take minutes: the classes up to three pieces, whose files the checksums list too",
    ),
    (
        "sha256sum -c results/endgames/czech-6.sha256",
        "sha256sum --quiet --ignore-missing -c results/endgames/czech-6.sha256 && test \"$(ls endgames/czech | wc -l)\" = 18",
        "only the files up to three pieces are built: each of them must have its listed checksum",
    ),
    (
        "sha256sum -c results/endgames/english-5.sha256",
        "sha256sum --quiet --ignore-missing -c results/endgames/english-5.sha256 && test \"$(ls endgames/english | wc -l)\" = 18",
        "only the files up to three pieces are built: each of them must have its listed checksum",
    ),
    (
        "target/release/boardlab run experiments/draughts.toml --threads 1 --out results/draughts-games --quiet",
        "target/release/boardlab run experiments/draughts.toml --threads 1 --games 2 --out results/draughts-games --quiet",
        "391,000 games take 20 minutes: 2 games a pairing",
    ),
    (
        "target/release/boardlab run experiments/international.toml --out results/international --quiet --resume",
        "target/release/boardlab run experiments/international.toml --games 2 --out rerun",
        "3,180 games take minutes: 2 games a pairing, into a new folder (the committed one is finished)",
    ),
    (
        "target/release/boardlab run experiments/orderings.toml --threads 2",
        "target/release/boardlab run experiments/orderings.toml --threads 2 --draws 3 --out rerun",
        "the canonical experiment takes hours: 3 draws an order, into a new folder (the committed one is finished)",
    ),
];
/// Examples not run at all: (the example, why).
const NOT_RUN: &[(&str, &str)] = &[
    ("cargo test --release", "it is this test suite"),
    (
        "cargo install --path .",
        "a release build of its own into ~/.cargo/bin (minutes); every other example runs the binary it installs",
    ),
    (
        "cargo bench --bench search",
        "a release build of the benchmarks and minutes of timing; `cargo clippy --all-targets` in .ci/run compiles them",
    ),
    (
        "boardlab serve",
        "a server runs until Ctrl-C; tests/suite/serve/ and scripts/browser-check.sh start it",
    ),
    (
        "boardlab serve --port 0",
        "a server runs until Ctrl-C; tests/suite/serve/ and scripts/browser-check.sh start it",
    ),
    (
        "boardlab serve --results results/fifteen --results results/draughts",
        "a server runs until Ctrl-C; tests/suite/serve/ and scripts/browser-check.sh start it",
    ),
    (
        "boardlab serve --port 0 --results results/fifteen --results results/draughts",
        "a server runs until Ctrl-C; tests/suite/serve/ and scripts/browser-check.sh start it",
    ),
    (
        "boardlab serve --engine 'bl4=boardlab draughts hub --bot alphabeta:4'",
        "a server runs until Ctrl-C; tests/suite/serve/engines.rs starts it with this build's engine",
    ),
    (
        "boardlab serve --host 0.0.0.0",
        "a server listening beyond this machine; tests/suite/serve/ start it on 127.0.0.1",
    ),
    (
        "curl -s -X POST localhost:8080/api/draughts/games -H 'Content-Type: application/json' -d '{\"fen\": \"W:Wa1:Bb2,d4,h8\", \"black\": \"person\"}'",
        "needs a running `boardlab serve`; tests/suite/serve/api.rs sends the same request",
    ),
    (
        "curl -s -X POST localhost:8080/api/draughts-variants/games -H 'Content-Type: application/json' -d '{\"rules\": \"international\", \"fen\": \"W:W32:B18,28\", \"black\": \"person\"}'",
        "needs a running `boardlab serve`; tests/suite/serve/api.rs sends the same request",
    ),
    (
        "array=$(sbatch --parsable shards.sbatch)",
        "needs a Slurm cluster: scripts/slurm-check.sh runs these lines on a single-node Slurm it installs as root (.ci/run)",
    ),
    (
        "sbatch --dependency=afterany:\"$array\" merge.sbatch",
        "needs a Slurm cluster: scripts/slurm-check.sh runs these lines on a single-node Slurm it installs as root (.ci/run)",
    ),
    (
        "scripts/bench-algorithms.sh --out results/algorithms/bench.csv",
        "builds its own release binary and times the searches for about 10 minutes",
    ),
    (
        "scripts/count-external.sh --csv-rows 4:queue:RRrr 4:QNBR >> results/counts/counts.csv",
        "installs the model counter Ganak from PyPI and counts for minutes; the suite checks its committed rows against chess-memory count",
    ),
    (
        "scripts/count-external.sh --counter approxmc 4:QNBR",
        "installs the approximate counter ApproxMC from PyPI and counts for minutes",
    ),
    (
        "COUNTER_TIMEOUT=3600 scripts/count-external.sh --counter approxmc 8:QNBR",
        "an hour of ApproxMC on the 8×8 CNF, which it has not finished",
    ),
    (
        "scripts/max-pairs.sh Q 5",
        "installs the DRAT checker rate from crates.io (cargo install) and refutes six queen pairs",
    ),
];

/// Examples whose text says they end with a negative answer: (example, exit status).
const NEGATIVE_ANSWERS: &[(&str, i32)] = &[
    ("boardlab chess-memory check '4/QQQ1/4/N3'", 1),
    (
        "boardlab chess-memory draw --cap 200 --format fen | head -1 | boardlab chess-memory sat extend -",
        1,
    ),
    ("boardlab knights-tour sat solve --board-size 5 --closed", 1),
    (
        "boardlab knights-tour replay --board-size 5 --start 1,2 --format go",
        1,
    ),
    (
        "boardlab chess-memory sat extend --board-size 4 --order queue:RR '4/4/4/RRR1' --proof f.drat",
        1,
    ),
];

/// The longest any one example may take before it counts as failed (a server that never
/// stops, a run far too long for a test).
const TIME_LIMIT: Duration = Duration::from_secs(60);

/// One command of the documentation.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Example {
    /// The command as the tables name it: on one line, without its comment.
    command: String,
    /// What the shell runs: the command with its here-document, if any.
    pub(crate) script: String,
    /// The output the text shows for it, if any.
    output: Option<String>,
}

/// The commands of one fenced block (or of one `--help` line), run in one folder, in order.
#[derive(Debug)]
pub(crate) struct Block {
    /// Where it was found: `README.md:120` or `--help`.
    pub(crate) place: String,
    pub(crate) examples: Vec<Example>,
}

/// The example commands of every `--help`, each once, in the order of the command tree.
fn help_examples() -> Vec<String> {
    fn visit(command: &clap::Command, found: &mut Vec<String>) {
        let texts = [
            command.get_about(),
            command.get_long_about(),
            command.get_after_help(),
            command.get_after_long_help(),
        ];
        for text in texts.into_iter().flatten() {
            for line in text.to_string().lines() {
                if let Some(example) = example_of(line)
                    && !found.contains(&example)
                {
                    found.push(example);
                }
            }
        }
        for sub in command.get_subcommands() {
            visit(sub, found);
        }
    }
    let mut found = Vec::new();
    visit(&Cli::command(), &mut found);
    found
}

/// The command of a help line that shows one: from `boardlab ` to the two spaces that start
/// its comment (spaces inside quotes do not count).
fn example_of(line: &str) -> Option<String> {
    let line = line.trim_start();
    let line = line.strip_prefix("$ ").unwrap_or(line);
    if !line.starts_with("boardlab ") && line.trim_end() != "boardlab" {
        return None;
    }
    let mut quote = None;
    let mut end = line.len();
    let bytes = line.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match (quote, b) {
            (None, b'\'' | b'"') => quote = Some(b),
            (Some(q), _) if q == b => quote = None,
            (None, b' ') if bytes.get(i + 1) == Some(&b' ') => {
                end = i;
                break;
            }
            _ => {}
        }
    }
    Some(line[..end].trim_end().to_string())
}

/// A shell line without its trailing comment: from a `#` that starts a word outside quotes.
fn without_comment(line: &str) -> &str {
    let mut quote = None;
    let mut previous = b' ';
    for (i, &b) in line.as_bytes().iter().enumerate() {
        match (quote, b) {
            (None, b'\'' | b'"') => quote = Some(b),
            (Some(q), _) if q == b => quote = None,
            (None, b'#') if previous == b' ' || previous == b'\t' => return line[..i].trim_end(),
            _ => {}
        }
        previous = b;
    }
    line.trim_end()
}

/// The word that ends a here-document opened on `line` (`<<'EOF'`, `<<"EOF"`, `<<EOF`).
fn here_document_end(line: &str) -> Option<String> {
    let start = line.find("<<")? + 2;
    let rest = line[start..].trim_start_matches('-').trim_start();
    let word: String = rest
        .trim_start_matches(['\'', '"'])
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!word.is_empty()).then_some(word)
}

/// The commands of the lines of one fenced block (without its fences).
fn block_examples(lines: &[&str]) -> Vec<Example> {
    let session = lines.iter().any(|line| line.starts_with("$ "));
    let mut examples: Vec<Example> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        i += 1;
        let text = if session {
            match line.strip_prefix("$ ") {
                Some(text) => text,
                None => {
                    let last = examples
                        .last_mut()
                        .expect("a session block starts with a command");
                    let output = last.output.get_or_insert_with(String::new);
                    output.push_str(line);
                    output.push('\n');
                    continue;
                }
            }
        } else {
            line
        };
        let mut command = without_comment(text).to_string();
        if command.is_empty() {
            continue;
        }
        while command.ends_with('\\') && i < lines.len() {
            command.pop();
            command = format!(
                "{} {}",
                command.trim_end(),
                without_comment(lines[i]).trim()
            );
            i += 1;
        }
        let mut script = command.clone();
        if let Some(end) = here_document_end(&command) {
            while i < lines.len() {
                script.push('\n');
                script.push_str(lines[i]);
                i += 1;
                if lines[i - 1].trim() == end {
                    break;
                }
            }
        }
        examples.push(Example {
            command,
            script,
            output: None,
        });
    }
    examples
}

/// The runnable blocks of a Markdown text: fenced blocks marked `sh`, `console`, `bash` or
/// `shell` that are not script files (`#!` on their first line).
pub(crate) fn markdown_blocks(name: &str, text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let Some(info) = lines[i].trim_start().strip_prefix("```") else {
            i += 1;
            continue;
        };
        let start = i + 1;
        let mut end = start;
        while end < lines.len() && !lines[end].trim_start().starts_with("```") {
            end += 1;
        }
        let body = &lines[start..end.min(lines.len())];
        let runnable = matches!(info.trim(), "sh" | "console" | "bash" | "shell");
        if runnable && !body.first().is_some_and(|line| line.starts_with("#!")) {
            blocks.push(Block {
                place: format!("{name}:{}", start),
                examples: block_examples(body),
            });
        }
        i = end + 1;
    }
    blocks
}

/// The Markdown files whose commands run, as committed in a repository with the committed
/// `files`: the README, `docs/`, `experiments/README.md` and each results folder's README, as
/// paths relative to the repository root. Files a user made beside them (a results folder of
/// a walk-through, say) are not among them.
pub(crate) fn markdown_files_of(files: &BTreeSet<PathBuf>) -> Vec<String> {
    let mut found = vec!["README.md".to_string(), "experiments/README.md".to_string()];
    found.extend(
        committed::files_in_of(files, "docs")
            .into_iter()
            .filter(|path| path.extension().is_some_and(|e| e == "md"))
            .map(|path| path.to_string_lossy().into_owned()),
    );
    found.extend(
        committed::subfolders_in(files, "results")
            .into_iter()
            .map(|folder| folder.join("README.md"))
            .filter(|readme| files.contains(readme))
            .map(|readme| readme.to_string_lossy().into_owned()),
    );
    found
}

/// The Markdown files whose commands run, in this repository.
fn markdown_files() -> Vec<String> {
    markdown_files_of(committed::files())
}

/// Every runnable block of the Markdown files.
fn markdown_examples() -> Vec<Block> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    markdown_files()
        .iter()
        .flat_map(|name| {
            let text = std::fs::read_to_string(root.join(name)).unwrap();
            markdown_blocks(name, &text)
        })
        .collect()
}

/// The committed `results/NAME` folders that a command names, or a spec it runs names (a
/// `baseline`), in a repository at `root` with the committed `files`.
pub(crate) fn results_named_in(
    root: &Path,
    files: &BTreeSet<PathBuf>,
    command: &str,
) -> BTreeSet<String> {
    let words = |text: &str| -> Vec<String> {
        text.split(|c: char| c.is_whitespace() || ";&\"'".contains(c))
            .map(str::to_string)
            .collect()
    };
    let mut all = words(command);
    for spec in words(command).iter().filter(|w| w.ends_with(".toml")) {
        let baseline = std::fs::read_to_string(root.join(spec))
            .ok()
            .and_then(|text| text.parse::<toml::Table>().ok())
            .and_then(|table| Some(table.get("baseline")?.as_str()?.to_string()));
        all.extend(baseline);
    }
    let committed_folders = committed::subfolders_in(files, "results");
    all.iter()
        .filter_map(|word| word.strip_prefix("results/"))
        .map(|rest| rest.split('/').next().unwrap_or_default().to_string())
        .filter(|name| {
            !name.is_empty() && committed_folders.contains(&Path::new("results").join(name))
        })
        .collect()
}

/// A fresh folder holding what the scripts read, as committed: `experiments/`, `scripts/`,
/// the named results folders, and this build's binary as `target/release/boardlab`.
fn prepare_folder(scripts: &[&str]) -> tempfile::TempDir {
    let root = committed::root();
    let files = committed::files();
    let dir = tempfile::tempdir().unwrap();
    committed::copy("experiments", &dir.path().join("experiments"));
    committed::copy("scripts", &dir.path().join("scripts"));
    let names: BTreeSet<String> = scripts
        .iter()
        .flat_map(|s| results_named_in(root, files, s))
        .collect();
    for name in names {
        let folder = format!("results/{name}");
        committed::copy(&folder, &dir.path().join(&folder));
    }
    let release = dir.path().join("target/release");
    std::fs::create_dir_all(&release).unwrap();
    std::os::unix::fs::symlink(binary(), release.join("boardlab")).unwrap();
    dir
}

/// This build's `boardlab`.
fn binary() -> PathBuf {
    assert_cmd::cargo::cargo_bin("boardlab")
}

/// What runs for `command`: its adjusted form, or the command itself.
fn script_for(example: &Example) -> &str {
    ADJUSTED
        .iter()
        .find(|(printed, _, _)| *printed == example.command)
        .map_or(example.script.as_str(), |(_, run, _)| run)
}

/// Runs the examples of one block in order in one fresh folder; returns one message per
/// failure (the block stops at its first failure: the commands after it may need it).
fn run_block(block: &Block) -> Vec<String> {
    let scripts: Vec<&str> = runnable(block)
        .iter()
        .map(|example| script_for(example))
        .collect();
    if scripts.is_empty() {
        return Vec::new();
    }
    let dir = prepare_folder(&scripts);
    run_block_in(block, dir.path())
}

/// The examples of a block that run (those not in [`NOT_RUN`]).
fn runnable(block: &Block) -> Vec<&Example> {
    block
        .examples
        .iter()
        .filter(|example| !NOT_RUN.iter().any(|(e, _)| *e == example.command))
        .collect()
}

/// Runs the examples of one block in order in `dir`, which holds what they read; returns one
/// message per failure, as [`run_block`] does.
pub(crate) fn run_block_in(block: &Block, dir: &Path) -> Vec<String> {
    let path = format!(
        "{}:{}",
        binary().parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for example in runnable(block) {
        let script = script_for(example);
        let expected = NEGATIVE_ANSWERS
            .iter()
            .find(|(e, _)| *e == example.command)
            .map_or(0, |&(_, status)| status);
        // Both streams, as a terminal shows them; `timeout` ends what would not stop.
        let output = std::process::Command::new("timeout")
            .arg(TIME_LIMIT.as_secs().to_string())
            .arg("sh")
            .arg("-c")
            .arg(format!("{{ {script}\n}} 2>&1"))
            .current_dir(dir)
            .env("PATH", &path)
            .env("HOME", dir)
            .env_remove("BOARDLAB_TEST_ABORT_AT")
            .stdin(std::process::Stdio::null())
            .output();
        let output = output.unwrap();
        let text = String::from_utf8_lossy(&output.stdout).into_owned();
        if output.status.code() != Some(expected) {
            let tail: Vec<&str> = text.lines().rev().take(6).collect();
            let tail: Vec<&str> = tail.into_iter().rev().collect();
            return vec![format!(
                "{}: `{script}` exited {:?}, not {expected}:\n{}",
                block.place,
                output.status.code(),
                tail.join("\n")
            )];
        }
        // Output is compared only where the command runs as printed.
        if let Some(shown) = &example.output
            && script == example.script
        {
            let printed = snapbox::Assert::new().try_eq(
                Some(&example.command),
                text.clone().into_data(),
                shown.clone().into_data(),
            );
            if let Err(difference) = printed {
                return vec![format!(
                    "{}: `{}` printed other than the text shows:\n{difference}",
                    block.place, example.command
                )];
            }
        }
    }
    Vec::new()
}

/// Runs every block; fails with every failure listed.
fn run_all(blocks: &[Block], what: &str) {
    let mut failures = Vec::new();
    for block in blocks {
        failures.extend(run_block(block));
    }
    let count: usize = blocks.iter().map(|b| b.examples.len()).sum();
    let not_run = blocks
        .iter()
        .flat_map(|b| &b.examples)
        .filter(|e| NOT_RUN.iter().any(|(n, _)| *n == e.command))
        .count();
    eprintln!(
        "ran {} {what} examples ({not_run} listed as not run)",
        count - not_run
    );
    assert!(
        failures.is_empty(),
        "{} {what} examples failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// Every command the tables name, so that each entry can be checked against the examples.
fn every_example() -> Vec<String> {
    let mut all = help_examples();
    all.extend(
        markdown_examples()
            .into_iter()
            .flat_map(|block| block.examples)
            .map(|example| example.command),
    );
    all
}

#[test]
fn every_table_entry_names_an_example_that_exists() {
    let all = every_example();
    for (example, _, why) in ADJUSTED {
        assert!(
            all.iter().any(|e| e == example),
            "ADJUSTED lists `{example}` ({why}), which no --help or document shows any more"
        );
    }
    for (example, why) in NOT_RUN {
        assert!(
            all.iter().any(|e| e == example),
            "NOT_RUN lists `{example}` ({why}), which no --help or document shows any more"
        );
    }
    for (example, _) in NEGATIVE_ANSWERS {
        assert!(
            all.iter().any(|e| e == example),
            "NEGATIVE_ANSWERS lists `{example}`, which no --help or document shows any more"
        );
    }
}

#[test]
fn every_help_example_runs_and_exits_as_its_help_says() {
    let examples = help_examples();
    assert!(
        examples.len() > 40,
        "only {} examples found",
        examples.len()
    );
    let blocks: Vec<Block> = examples
        .into_iter()
        .map(|command| Block {
            place: "--help".to_string(),
            examples: vec![Example {
                script: command.clone(),
                command,
                output: None,
            }],
        })
        .collect();
    run_all(&blocks, "--help");
}

#[test]
fn every_readme_and_docs_example_runs_and_prints_what_it_shows() {
    let blocks: Vec<Block> = markdown_examples()
        .into_iter()
        .filter(|block| !block.place.starts_with("results/"))
        .collect();
    run_all(&blocks, "README and docs/");
}

#[test]
fn every_results_readme_example_runs() {
    let blocks: Vec<Block> = markdown_examples()
        .into_iter()
        .filter(|block| block.place.starts_with("results/"))
        .collect();
    run_all(&blocks, "results/*/README.md");
}

#[test]
fn an_example_ends_where_its_comment_starts() {
    assert_eq!(
        example_of("  boardlab run SPEC --shard 3/8 --out parts/3    one of 8 machines").as_deref(),
        Some("boardlab run SPEC --shard 3/8 --out parts/3")
    );
    assert_eq!(
        example_of("  $ boardlab draughts moves 'W:WKa1:Bb2,  e5'  a comment").as_deref(),
        Some("boardlab draughts moves 'W:WKa1:Bb2,  e5'")
    );
    assert_eq!(example_of("Game i is the game of `boardlab run`"), None);
    assert_eq!(example_of("  boardlab").as_deref(), Some("boardlab"));
}

#[test]
fn a_markdown_block_gives_its_commands_outputs_and_here_documents() {
    let text = "text\n```sh\nboardlab run a.toml   # a comment\nboardlab report \\\n    results/a  # more\n\ncat > b.toml <<'EOF'\nname = \"b\" # kept\nEOF\n```\n\
                ```console\n$ boardlab fifteen solve\nfifteen: a draw\n...\n$ boardlab puzzles\n```\n\
                ```sh\n#!/bin/bash\nexec boardlab run\n```\n```toml\nname = 1\n```\n";
    let blocks = markdown_blocks("x.md", text);
    assert_eq!(blocks.len(), 2, "{blocks:?}");
    let commands: Vec<&str> = blocks[0]
        .examples
        .iter()
        .map(|e| e.command.as_str())
        .collect();
    assert_eq!(
        commands,
        [
            "boardlab run a.toml",
            "boardlab report results/a",
            "cat > b.toml <<'EOF'"
        ]
    );
    assert_eq!(
        blocks[0].examples[2].script,
        "cat > b.toml <<'EOF'\nname = \"b\" # kept\nEOF"
    );
    assert_eq!(
        blocks[1].examples[0].output.as_deref(),
        Some("fifteen: a draw\n...\n")
    );
    assert_eq!(blocks[1].examples[1].output, None);
    assert_eq!(without_comment("echo '#not' # yes"), "echo '#not'");
}
