//! Every example command that a `--help` prints runs, and exits as its help promises.
//!
//! The examples are read from the command line's own definition (clap's `Command` tree, every
//! subcommand, hidden older spellings included): each line of a command's `after_help`,
//! `after_long_help`, `about` or `long_about` that starts with `boardlab ` (or `$ boardlab `)
//! is an example; its text ends at the first run of two spaces, where its comment starts.
//! Each runs under `sh` in a fresh temporary folder holding a copy of `experiments/` and of the
//! `results/` folders it names, with this build's `boardlab` first on `PATH`.
//!
//! An example that would take minutes, write outside its folder or needs something set up
//! first runs as written in [`ADJUSTED`] instead, with the reason; an example whose point is a
//! negative answer is listed in [`NEGATIVE_ANSWERS`] with the exit status its help gives.
//! Both tables must match examples that exist, so they cannot outlive the help text.

use boardlab::cli::Cli;
use clap::CommandFactory;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Stdio};

/// Examples run in another form: (the example as printed, what runs instead, why).
const ADJUSTED: &[(&str, &str, &str)] = &[
    (
        "boardlab serve",
        "timeout 3 boardlab serve --port 0; test $? = 124",
        "a server serves until it is stopped: it must still be serving after three seconds",
    ),
    (
        "boardlab serve --port 0 --results results/fifteen --results results/draughts",
        "timeout 3 boardlab serve --port 0 --results results/fifteen --results results/draughts; test $? = 124",
        "a server serves until it is stopped: it must still be serving after three seconds",
    ),
    (
        "boardlab run",
        "boardlab run --draws 3",
        "the default experiment takes hours",
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
        "boardlab chess-memory bench --threads 1 --algorithm cover --draws 200000 --compare seed --compare-draws 2000 --repeat 3",
        "boardlab chess-memory bench --threads 1 --algorithm cover --draws 2000 --compare seed --compare-draws 50 --repeat 3",
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
        "boardlab completions bash > ~/.local/share/bash-completion/completions/boardlab",
        "mkdir -p ~/.local/share/bash-completion/completions && boardlab completions bash > ~/.local/share/bash-completion/completions/boardlab",
        "HOME is the test's folder, where the completions folder does not exist yet",
    ),
    (
        "boardlab completions zsh > ~/.zfunc/_boardlab",
        "mkdir -p ~/.zfunc && boardlab completions zsh > ~/.zfunc/_boardlab",
        "HOME is the test's folder, where ~/.zfunc does not exist yet",
    ),
    (
        "boardlab completions fish > ~/.config/fish/completions/boardlab.fish",
        "mkdir -p ~/.config/fish/completions && boardlab completions fish > ~/.config/fish/completions/boardlab.fish",
        "HOME is the test's folder, where the completions folder does not exist yet",
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
];

/// Examples whose help says they end with a negative answer: (example, exit status).
const NEGATIVE_ANSWERS: &[(&str, i32)] = &[
    (
        "boardlab knights-tour replay --board-size 5 --start 1,2 --format go",
        1,
    ),
    (
        "boardlab chess-memory sat extend --board-size 4 --order queue:RR '4/4/4/RRR1' --proof f.drat",
        1,
    ),
];

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

/// Copies `from` (a folder) to `to`.
fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// The `results/NAME` folders a command names that exist in the repository.
fn results_named(command: &str) -> BTreeSet<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    command
        .split(|c: char| c.is_whitespace() || c == ';' || c == '&')
        .filter_map(|word| word.strip_prefix("results/"))
        .map(|rest| rest.split('/').next().unwrap_or_default().to_string())
        .filter(|name| !name.is_empty() && root.join("results").join(name).is_dir())
        .collect()
}

/// Runs `script` under `sh` in a fresh folder with copies of what it reads; returns the exit
/// status and the last lines of its output.
fn run_example(script: &str, binary_dir: &Path) -> (Option<i32>, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    copy_folder(&root.join("experiments"), &dir.path().join("experiments"));
    for name in results_named(script) {
        copy_folder(
            &root.join("results").join(&name),
            &dir.path().join("results").join(&name),
        );
    }
    let path = format!(
        "{}:{}",
        binary_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let output = Command::new("sh")
        .arg("-c")
        .arg(script)
        .current_dir(dir.path())
        .env("PATH", path)
        .env("HOME", dir.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&output.stderr));
    let tail: Vec<&str> = text.lines().rev().take(5).collect();
    let tail: Vec<&str> = tail.into_iter().rev().collect();
    (output.status.code(), tail.join("\n"))
}

#[test]
fn every_help_example_runs_and_exits_as_its_help_says() {
    let examples = help_examples();
    assert!(
        examples.len() > 40,
        "only {} examples found",
        examples.len()
    );
    for (example, _, why) in ADJUSTED {
        assert!(
            examples.iter().any(|e| e == example),
            "ADJUSTED lists `{example}` ({why}), which no --help shows any more"
        );
    }
    for (example, _) in NEGATIVE_ANSWERS {
        assert!(
            examples.iter().any(|e| e == example),
            "NEGATIVE_ANSWERS lists `{example}`, which no --help shows any more"
        );
    }
    let binary = assert_cmd::cargo::cargo_bin("boardlab");
    let binary_dir = binary.parent().unwrap();
    let mut failures = Vec::new();
    for example in &examples {
        let script = ADJUSTED
            .iter()
            .find(|(e, _, _)| e == example)
            .map_or(example.as_str(), |(_, run, _)| run);
        let expected = NEGATIVE_ANSWERS
            .iter()
            .find(|(e, _)| e == example)
            .map_or(0, |&(_, status)| status);
        let (status, tail) = run_example(script, binary_dir);
        if status != Some(expected) {
            failures.push(format!(
                "`{script}` exited {status:?}, not {expected}:\n{tail}"
            ));
        }
    }
    eprintln!("ran {} --help examples", examples.len());
    assert!(
        failures.is_empty(),
        "{} of {} --help examples failed:\n\n{}",
        failures.len(),
        examples.len(),
        failures.join("\n\n")
    );
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
