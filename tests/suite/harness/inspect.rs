//! `show`, `compare` and `plot` read the committed results of every puzzle, chosen by the
//! folder's manifest: the summary within 100 columns and filtered by series, a folder agrees
//! with itself and not with another run, the charts redrawn byte for byte (by `plot`, and by
//! `--replot` for the fairness and marginals studies).

use crate::common::committed;
use assert_cmd::Command;
use predicates::prelude::*;
use std::path::Path;

fn boardlab() -> Command {
    let mut command = Command::cargo_bin("boardlab").unwrap();
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}

fn stdout(args: &[&str]) -> String {
    let output = boardlab().args(args).output().unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn show_prints_the_summary_of_every_committed_folder_within_100_columns() {
    for (dir, first_column, rows) in [
        ("results/knights", "series", 1188),
        ("results/fifteen", "pairing", 360),
        ("results/draughts", "pairing", 126),
    ] {
        let text = stdout(&["show", dir]);
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[0].contains(&format!("{rows} summary rows")),
            "{}",
            lines[0]
        );
        assert!(lines[1].starts_with(first_column), "{}", lines[1]);
        assert!(lines.len() >= rows + 3, "{dir}: the rows and the headline");
        for line in &lines {
            assert!(line.chars().count() <= 100, "{dir}: {line}");
        }
        // The first two series, then the same headline (the columns may be wider or
        // narrower: they fit the rows shown).
        let top = stdout(&["show", dir, "--top", "2"]);
        for row in [2, 3] {
            let first_word = |text: &str| {
                text.lines()
                    .nth(row)
                    .and_then(|l| l.split_whitespace().next())
                    .map(str::to_string)
            };
            assert_eq!(first_word(&top), first_word(&text), "{dir}");
        }
        assert_eq!(top.lines().last(), lines.last().copied(), "{dir}");
        assert!(!top.contains(lines[4]), "{dir}: a third series\n{top}");
    }
    for dir in ["results/orderings", "results/algorithms", "results/cover"] {
        for line in stdout(&["show", dir]).lines() {
            assert!(line.chars().count() <= 100, "{dir}: {line}");
        }
    }
}

#[test]
fn series_filters_keep_the_matching_series_of_any_puzzle() {
    let text = stdout(&["show", "results/draughts", "--series", "random-vs-damebot"]);
    let rows: Vec<&str> = text
        .lines()
        .skip(2)
        .filter(|l| l.starts_with("random"))
        .collect();
    assert_eq!(rows.len(), 3, "first, second and both seats: {text}");
    assert!(
        text.lines()
            .next()
            .unwrap()
            .contains("(3 kept by --series)")
    );
    let text = stdout(&[
        "show",
        "results/orderings",
        "--series",
        "QNBR",
        "--series",
        "RBNQ",
    ]);
    assert_eq!(text.lines().count(), 4, "{text}");
    boardlab()
        .args(["show", "results/knights", "--series", "no-such-series"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "no series of results/knights matches",
        ))
        .stderr(predicate::function(|s: &str| s.lines().count() == 1));
}

#[test]
fn a_folder_agrees_with_itself_and_folders_of_two_puzzles_are_refused() {
    for dir in ["results/knights", "results/fifteen", "results/draughts"] {
        boardlab()
            .args(["compare", dir, dir])
            .assert()
            .code(0)
            .stdout(predicate::str::starts_with("agree: the same data"));
    }
    // A manifest from before the data were hashed: the series are tested, and agree.
    boardlab()
        .args(["compare", "results/orderings", "results/orderings"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("agree: no series differs"));
    boardlab()
        .args(["compare", "results/orderings", "results/draughts"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "compare two folders of one puzzle",
        ))
        .stderr(predicate::function(|s: &str| s.lines().count() == 1));
}

/// Copies the committed small files of a results folder (not its data or charts) into `to`.
fn copy_tables(from: &Path, to: &Path) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let relative = from.strip_prefix(root).unwrap();
    committed::copy_files_in(&relative.to_string_lossy(), to);
}

#[test]
fn plot_redraws_the_committed_charts_of_every_puzzle_byte_for_byte() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scratch = tempfile::tempdir().unwrap();
    for name in ["knights", "fifteen", "draughts", "orderings"] {
        let committed = root.join("results").join(name);
        let copy = scratch.path().join(name);
        copy_tables(&committed, &copy);
        plot(&copy);
        let mut charts: Vec<_> = std::fs::read_dir(copy.join("charts"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .filter(|f| f.to_string_lossy().ends_with(".svg"))
            .collect();
        charts.sort();
        assert!(!charts.is_empty(), "{name}");
        for chart in charts {
            let drawn = std::fs::read(copy.join("charts").join(&chart)).unwrap();
            let kept = std::fs::read(committed.join("charts").join(&chart)).unwrap();
            assert!(
                drawn == kept,
                "{name}/charts/{chart:?} differs from the committed one"
            );
        }
        assert!(
            !copy.join("REPORT.md").exists() || name != "knights" || {
                // plot leaves REPORT.md as it was copied.
                std::fs::read(copy.join("REPORT.md")).unwrap()
                    == std::fs::read(committed.join("REPORT.md")).unwrap()
            }
        );
    }
}

#[test]
fn show_of_a_match_prints_intervals_whole_names_fixed_decimals_and_an_unbroken_headline() {
    let text = stdout(&["show", "results/fifteen", "--width", "200"]);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[1].contains("a_win [95% CI]"), "{}", lines[1]);
    assert!(!text.contains('…'), "a name was shortened:\n{text}");
    let summary = crate::common::csv_rows(&committed::root().join("results/fifteen/summary.csv"));
    for (row, line) in summary.iter().zip(&lines[2..]) {
        // The whole pairing name, the share of wins with its interval, the mean length with
        // the report's two decimals (`7.70`, not `7.7`).
        assert!(line.starts_with(&format!("{} ", row["pairing"])), "{line}");
        assert!(line.contains("% ["), "{line}");
        let plies = line.split_whitespace().last().unwrap();
        let decimals = plies.split('.').nth(1).map_or(0, str::len);
        assert_eq!(decimals, 2, "{line}");
    }
    // At the default width the columns that do not fit are named, and names stay whole.
    let narrow = stdout(&["show", "results/fifteen"]);
    assert!(narrow.contains("(not shown for width: "), "{narrow}");
    assert!(!narrow.contains('…'), "{narrow}");
    // A knight's-tour headline wraps, but never inside its command.
    let knights = stdout(&["show", "results/knights", "--top", "1"]);
    assert!(
        knights.contains("boardlab show results/knights for all"),
        "{knights}"
    );
}

#[test]
fn compare_prints_each_series_by_its_whole_name() {
    let dir = tempfile::tempdir().unwrap();
    let spec = committed::root().join("experiments/examples/fifteen.toml");
    for seed in ["1", "2"] {
        boardlab()
            .args(["run", "--quiet", "--games", "20", "--seed", seed, "--out"])
            .arg(dir.path().join(seed))
            .arg(&spec)
            .assert()
            .success();
    }
    let output = boardlab()
        .arg("compare")
        .args([dir.path().join("1"), dir.path().join("2")])
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(!text.contains('…'), "{text}");
    for seat in ["first", "second", "both"] {
        assert!(
            text.contains(&format!("random-vs-article:both+wb:random {seat} ")),
            "{text}"
        );
    }
}

/// `boardlab plot DIR --quiet`, which must succeed.
fn plot(dir: &Path) {
    boardlab()
        .arg("plot")
        .arg(dir)
        .arg("--quiet")
        .assert()
        .success();
}

/// Every `.svg` directly in `dir`, by name.
fn svgs_in(dir: &Path) -> Vec<std::ffi::OsString> {
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|f| f.to_string_lossy().ends_with(".svg"))
        .collect();
    names.sort();
    names
}

#[test]
fn replot_and_plot_redraw_the_committed_interval_charts_byte_for_byte() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scratch = tempfile::tempdir().unwrap();
    for (name, command) in [
        ("fairness", "fairness"),
        ("fairness-5x5", "fairness"),
        ("marginals", "marginals"),
        ("marginals-6x6", "marginals"),
    ] {
        let committed = root.join("results").join(name);
        let copy = scratch.path().join(name);
        committed::copy_files_in(&format!("results/{name}"), &copy);
        let charts = svgs_in(&copy);
        assert!(!charts.is_empty(), "{name} has charts");
        for chart in &charts {
            std::fs::remove_file(copy.join(chart)).unwrap();
        }
        boardlab()
            .args(["chess-memory", command, "--replot", "--out"])
            .arg(&copy)
            .assert()
            .success();
        for chart in &charts {
            let drawn = std::fs::read(copy.join(chart)).unwrap();
            let kept = std::fs::read(committed.join(chart)).unwrap();
            assert!(
                drawn == kept,
                "{name}/{chart:?} differs from the committed one"
            );
        }
    }
    // The set of rule sets: its summary and each member's tables, its two charts redrawn.
    let copy = scratch.path().join("variants");
    committed::copy_files_in("results/variants", &copy);
    for member in std::fs::read_dir(root.join("results/variants")).unwrap() {
        let member = member.unwrap();
        if member.file_type().unwrap().is_dir() && member.file_name() != "charts" {
            let name = member.file_name().to_string_lossy().into_owned();
            committed::copy_files_in(&format!("results/variants/{name}"), &copy.join(&name));
        }
    }
    plot(&copy);
    for chart in ["first-player.svg", "draws.svg"] {
        let drawn = std::fs::read(copy.join("charts").join(chart)).unwrap();
        let kept = std::fs::read(root.join("results/variants/charts").join(chart)).unwrap();
        assert!(
            drawn == kept,
            "variants/charts/{chart} differs from the committed one"
        );
    }
}
