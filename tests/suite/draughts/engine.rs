//! boardlab's engine (`engine:N-nodes`) in the experiment harness: at a node limit its games
//! are the same bytes at one and two threads and after a sharded run is merged (its table
//! and history live for a game, so each game must be played whole by one bot), and every
//! game it plays was replayed by the referee before it counted. Bad engine names are
//! one-line errors.

use crate::common::boardlab;
use crate::common::same_bytes::same_bytes_at_any_thread_count_and_after_a_merge;

const SPEC: &str = r#"
puzzle = "draughts-variants"
name = "engine-small"
seed = 11
games = 4
rules = "international"
openings = ["32-28 19-23", "34-30 17-21"]
players = ["engine:1500-nodes", "engine:1500-nodes:-lmr:-tt", "alphabeta:2"]
"#;

#[test]
fn an_engine_match_at_a_node_limit_is_the_same_at_any_thread_count_and_after_a_merge() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("engine.toml");
    std::fs::write(&spec, SPEC).unwrap();
    let one = same_bytes_at_any_thread_count_and_after_a_merge(&spec, dir.path(), &["draws.csv"]);
    let draws = std::fs::read_to_string(one.join("draws.csv")).unwrap();
    // Three pairings of four games, each a game of the engine or of alphabeta:2.
    assert_eq!(draws.lines().count(), 1 + 12, "{draws}");
    assert!(draws.contains("engine:1500-nodes:-tt:-lmr"), "{draws}");
}

#[test]
fn the_engine_plays_the_8x8_games_and_bad_names_are_one_line_errors() {
    let output = boardlab()
        .args(["draughts", "games", "--rules", "czech", "--games", "2"])
        .args(["engine:800-nodes", "alphabeta:2"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(output).unwrap();
    assert_eq!(text.lines().count(), 3, "{text}");
    for (name, words) in [
        ("engine", "needs a limit"),
        ("engine:fast", "is no limit"),
        ("engine:100-nodes:-speed", "not a feature"),
    ] {
        let output = boardlab()
            .args([
                "draughts",
                "games",
                "--rules",
                "international",
                name,
                "random",
            ])
            .assert()
            .failure()
            .get_output()
            .stderr
            .clone();
        let error = String::from_utf8(output).unwrap();
        assert_eq!(error.trim().lines().count(), 1, "{error}");
        assert!(error.contains(words), "{name}: {error}");
    }
}

/// Every rating interval and score the engine's guide quotes (`+12.3 [+1.0, +20.5]`,
/// `15.19% [11.6, 19.6]`) is one that the report of a results folder it links to shows, so
/// that the guide and the reports never disagree.
#[test]
fn the_engine_guide_quotes_its_results_folders_word_for_word() {
    let root = crate::common::committed::root();
    let guide = std::fs::read_to_string(root.join("docs/engine.md")).unwrap();
    let reports: String = [
        "engine-ablation",
        "engine-vs-mobydam",
        "engine-tuning-check",
    ]
    .iter()
    .map(|folder| {
        std::fs::read_to_string(root.join("results").join(folder).join("REPORT.md"))
            .unwrap_or_else(|e| panic!("results/{folder}/REPORT.md: {e}"))
    })
    .collect();
    let mut quoted = 0;
    for line in guide.lines().filter(|l| l.starts_with('|')) {
        for cell in line.split('|').map(str::trim) {
            if cell.contains(" [") && cell.ends_with(']') && cell.contains(", ") {
                assert!(
                    reports.contains(cell),
                    "docs/engine.md quotes `{cell}`, which no report it draws on shows"
                );
                quoted += 1;
            }
        }
    }
    assert!(quoted >= 8, "only {quoted} figures quoted");
}
