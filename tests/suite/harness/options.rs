//! The rules that keep the command line consistent, checked on clap's definition tree: one
//! name per concept across commands, `--quiet` on every long command, short flags with one
//! meaning, the seed's meaning stated wherever it is taken, and exit codes in every help.

use boardlab::cli::Cli;
use clap::CommandFactory;

/// Every command with its path (`sat count`), the root included as "".
fn commands() -> Vec<(String, clap::Command)> {
    fn walk(path: &str, command: &clap::Command, out: &mut Vec<(String, clap::Command)>) {
        out.push((path.to_string(), command.clone()));
        for sub in command.get_subcommands() {
            let name = sub.get_name();
            let sub_path = if path.is_empty() {
                name.to_string()
            } else {
                format!("{path} {name}")
            };
            walk(&sub_path, sub, out);
        }
    }
    let mut out = Vec::new();
    walk("", &Cli::command(), &mut out);
    out
}

/// The commands that run real work, not the `sat` group or the root.
fn leaves() -> Vec<(String, clap::Command)> {
    commands()
        .into_iter()
        .filter(|(_, c)| c.get_subcommands().next().is_none())
        .collect()
}

fn help_of(arg: &clap::Arg) -> String {
    arg.get_long_help()
        .or(arg.get_help())
        .map(ToString::to_string)
        .unwrap_or_default()
}

#[test]
fn the_definition_passes_clap_debug_asserts() {
    Cli::command().debug_assert();
}

#[test]
fn files_and_folders_written_are_named_out() {
    for (path, command) in commands() {
        for arg in command.get_arguments() {
            assert_ne!(
                arg.get_long(),
                Some("output"),
                "`{path}` has --output; the name is --out"
            );
            if arg.get_id() == "out"
                && let Some(long) = arg.get_long()
            {
                assert_eq!(long, "out", "`{path}`");
            }
        }
    }
}

#[test]
fn a_short_flag_means_one_thing_everywhere_and_o_means_nothing() {
    let mut meaning = std::collections::BTreeMap::new();
    for (path, command) in commands() {
        for arg in command.get_arguments() {
            let Some(short) = arg.get_short() else {
                continue;
            };
            let long = arg.get_long().unwrap_or_default().to_string();
            let first = meaning
                .entry(short)
                .or_insert_with(|| (long.clone(), path.clone()));
            assert_eq!(
                first.0, long,
                "-{short} is --{} in `{}` but --{long} in `{path}`",
                first.0, first.1
            );
        }
    }
    assert!(
        !meaning.contains_key(&'o'),
        "-o would read as --out to many: {meaning:?}"
    );
}

#[test]
fn every_long_command_has_quiet() {
    let all = commands();
    for long in [
        "run",
        "merge",
        "bench",
        "sat count",
        "sat mistakes",
        "report",
        "plot",
    ] {
        let (_, command) = all
            .iter()
            .find(|(path, _)| path == long)
            .unwrap_or_else(|| panic!("no command `{long}`"));
        let quiet = command
            .get_arguments()
            .find(|a| a.get_long() == Some("quiet"))
            .unwrap_or_else(|| panic!("`{long}` has no --quiet"));
        assert_eq!(quiet.get_short(), Some('q'), "`{long}`");
    }
}

#[test]
fn the_board_size_option_has_the_spec_key_as_its_name() {
    let mut seen = 0;
    for (path, command) in commands() {
        for arg in command.get_arguments() {
            if arg.get_id() == "size" {
                seen += 1;
                assert_eq!(arg.get_long(), Some("board-size"), "`{path}`");
            }
        }
    }
    assert!(seen >= 6, "{seen}");
    let readme = include_str!("../../../experiments/README.md");
    assert!(readme.contains("| `board-size` |"), "the spec key changed");
}

#[test]
fn every_seed_option_says_what_it_seeds() {
    let mut seen = 0;
    for (path, command) in commands() {
        for arg in command
            .get_arguments()
            .filter(|a| a.get_long() == Some("seed"))
        {
            seen += 1;
            let help = help_of(arg);
            assert!(
                help.contains("stream") || help.contains("permutes"),
                "`{path} --seed` does not say what it seeds: {help:?}"
            );
        }
    }
    assert!(
        seen >= 5,
        "draw, bench, run, sat solve, sat mistakes and the games' commands: {seen}"
    );
}

#[test]
fn every_command_documents_its_exit_status() {
    for (path, command) in leaves() {
        let after = command
            .get_after_help()
            .map(ToString::to_string)
            .unwrap_or_default();
        assert!(
            after.contains("Exit status: 0"),
            "`{path} --help` does not give its exit status"
        );
    }
    let root = Cli::command().get_after_help().unwrap().to_string();
    assert!(root.contains("130 interrupted"), "{root}");
}
