//! `show` reads the committed results of every puzzle; `compare` and `plot`, which read
//! ChessMemory's tables, refuse another puzzle's folder with a one-line message.

use assert_cmd::Command;
use predicates::prelude::*;

fn boardlab() -> Command {
    let mut command = Command::cargo_bin("boardlab").unwrap();
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}

#[test]
fn show_prints_the_summary_of_every_committed_folder() {
    for (dir, first_column, rows) in [
        ("results/knights", "series", 1188),
        ("results/fifteen", "pairing", 360),
        ("results/draughts", "pairing", 126),
    ] {
        let output = boardlab().args(["show", dir]).output().unwrap();
        assert!(output.status.success(), "{dir}");
        let text = String::from_utf8(output.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[0].contains(&format!("{rows} summary rows")),
            "{}",
            lines[0]
        );
        assert!(lines[1].starts_with(first_column), "{}", lines[1]);
        assert_eq!(lines.len(), rows + 2, "{dir}");
        let top = boardlab()
            .args(["show", dir, "--top", "2"])
            .output()
            .unwrap();
        assert_eq!(String::from_utf8(top.stdout).unwrap().lines().count(), 4);
    }
}

#[test]
fn compare_and_plot_refuse_another_puzzles_folder() {
    for args in [
        vec!["compare", "results/orderings", "results/draughts"],
        vec!["plot", "results/knights"],
    ] {
        boardlab()
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("reads ChessMemory folders"))
            .stderr(predicate::function(|s: &str| s.lines().count() == 1));
    }
}
