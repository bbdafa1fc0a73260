//! Bad input to the top-level commands (`run`, `merge`, `report`, `plot`, `show`,
//! `compare`): a bad value for each option, a missing or extra argument, a folder that is not
//! one, a command left out. Each is refused with status 2 and exactly one line on standard
//! error that names the problem (and, for the argument parser's errors, the usage that shows
//! the fix); `--help` still prints the whole help.

use crate::common::boardlab;
use std::path::Path;

/// A finished two-shard "15" match: `dir/p1`, `dir/p2` (shards) and `dir/whole`, with the
/// spec `dir/match.toml` and a plain file `dir/file`.
fn fixtures(dir: &Path) {
    let spec = dir.join("match.toml");
    std::fs::write(
        &spec,
        "puzzle = \"fifteen\"\nname = \"small\"\nseed = 3\ngames = 4\nplayers = [\"random\", \"perfect\"]\n",
    )
    .unwrap();
    std::fs::write(dir.join("file"), "not a folder\n").unwrap();
    for (out, shard) in [("p1", "1/2"), ("p2", "2/2"), ("whole", "1/1")] {
        boardlab()
            .current_dir(dir)
            .args([
                "run",
                "match.toml",
                "--quiet",
                "--out",
                out,
                "--shard",
                shard,
            ])
            .assert()
            .success();
    }
}

/// Bad invocations (run in the fixtures' folder) and a text the error must contain.
const BAD: &[(&[&str], &str)] = &[
    (&[], "boardlab needs a command: one of run, merge"),
    (
        &["draughts"],
        "boardlab draughts needs a command: one of moves",
    ),
    (&["bogus"], "unrecognized subcommand 'bogus'"),
    (&["run", "--draws", "x"], "invalid value 'x' for '--draws"),
    (&["run", "--draws", "-1"], "unexpected argument '-1'"),
    (&["run", "--seed", "x"], "invalid value 'x' for '--seed"),
    (&["run", "--threads", "0"], "--threads must be at least 1"),
    (
        &["run", "--threads", "x"],
        "invalid value 'x' for '--threads",
    ),
    (&["run", "--shard", "3/2"], "write K/N with 1 ≤ K ≤ N"),
    (&["run", "--shard", "1/1000000000000"], "use at most 100000"),
    (&["run", "--set", "foo"], "`foo` is not KEY=VALUE"),
    (&["run", "match.toml", "--set", "cap=5"], "cap"),
    (
        &["run", "missing.toml"],
        "cannot read spec file missing.toml",
    ),
    (
        &["run", "match.toml", "--out"],
        "a value is required for '--out",
    ),
    (&["run", "match.toml", "--out", "file"], "file"),
    (&["run", "match.toml", "--out", "whole"], "--force"),
    (
        &["run", "--resume=3"],
        "unexpected value '3' for '--resume'",
    ),
    (&["run", "--bogus"], "unexpected argument '--bogus'"),
    (&["run", "a.toml", "b.toml"], "unexpected argument 'b.toml'"),
    (
        &["merge"],
        "not provided: <OUT> <DIR>...; usage: boardlab merge",
    ),
    (&["merge", "m"], "not provided: <DIR>..."),
    (
        &["merge", "m", "missing"],
        "cannot find the shard folder missing",
    ),
    (&["merge", "m", "p1", "p1"], "p1 is given twice"),
    (&["merge", "m", "whole"], "whole is not a shard"),
    (&["merge", "m", "p1"], "shard 2/2 is missing"),
    (&["merge", "whole", "p1", "p2"], "use --force"),
    (&["merge", "m", "p1", "p2", "--force=x"], "'--force'"),
    (&["report"], "not provided: <DIR>"),
    (
        &["report", "missing"],
        "missing does not exist; give a results folder",
    ),
    (&["report", "file"], "file is a file; give a results folder"),
    (&["report", "whole", "extra"], "unexpected argument 'extra'"),
    (&["report", "whole", "--quiet=x"], "'--quiet'"),
    (&["plot"], "not provided: <DIR>"),
    (
        &["plot", "missing"],
        "missing does not exist; give a results folder",
    ),
    (&["plot", "whole", "extra"], "unexpected argument 'extra'"),
    (&["show"], "not provided: <DIR>"),
    (
        &["show", "missing"],
        "missing does not exist; give a results folder",
    ),
    (
        &["show", "whole", "--top", "x"],
        "invalid value 'x' for '--top",
    ),
    (
        &["show", "whole", "--top", "-1"],
        "unexpected argument '-1'",
    ),
    (
        &["show", "whole", "--top"],
        "a value is required for '--top",
    ),
    (
        &["show", "whole", "--series", "zzz"],
        "no series of whole matches --series zzz",
    ),
    (&["compare"], "not provided: <DIR> <DIR>"),
    (&["compare", "whole"], "not provided: <DIR>"),
    (&["compare", "whole", "missing"], "missing does not exist"),
    (
        &["compare", "whole", "p1", "--alpha", "2"],
        "--alpha must lie strictly between 0 and 1",
    ),
    (
        &["compare", "whole", "p1", "--alpha", "x"],
        "invalid value 'x' for '--alpha",
    ),
];

#[test]
fn bad_arguments_give_one_line_naming_the_problem() {
    let dir = tempfile::tempdir().unwrap();
    fixtures(dir.path());
    let mut wrong = Vec::new();
    for (args, expected) in BAD {
        let output = boardlab()
            .current_dir(dir.path())
            .args(*args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        let one_line = stderr.ends_with('\n') && stderr.matches('\n').count() == 1;
        if output.status.code() != Some(2)
            || !output.stdout.is_empty()
            || !one_line
            || !stderr.starts_with("error: ")
            || !stderr.contains(expected)
        {
            wrong.push(format!(
                "boardlab {}: status {:?}, stderr {stderr:?}, expected one line with {expected:?}",
                args.join(" "),
                output.status.code()
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn help_is_still_the_whole_help() {
    for args in [&["--help"][..], &["run", "--help"], &["draughts", "--help"]] {
        let output = boardlab().args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(text.contains("Usage: boardlab"), "{args:?}: {text}");
        assert!(text.lines().count() > 10, "{args:?}: {text}");
    }
}
