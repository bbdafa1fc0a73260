//! The knight's tour through the shared experiment harness: a small spec run end to end by
//! `boardlab run`, the same bytes at one and two threads and after shard and merge, spec
//! errors on one line naming the key, and success counts recounted by a direct loop over
//! `knights_tour::draw`; rectangular boards (`sizes = ["5x6", "4x7"]`) beside square ones.

use crate::common::same_bytes;

use boardlab::knights_tour::{Board, Outcome, Rule, Square, draw};
use boardlab::rng;
use predicates::prelude::*;
use std::path::{Path, PathBuf};

use same_bytes::{boardlab, run_ok, same_bytes_at_any_thread_count_and_after_a_merge};

const SPEC: &str = r#"puzzle = "knights-tour"
name = "tiny"
seed = 11
draws = 40
rules = ["seed", "random", "order:12345678"]
starts = ["corner", "random"]

[[series]]
sizes = [{ from = 5, to = 7 }, 8]

[[series]]
rules = ["seed"]
sizes = [7, 8]
starts = ["every"]
"#;

fn write_spec(dir: &Path, text: &str) -> PathBuf {
    let path = dir.join("knights.toml");
    std::fs::write(&path, text).unwrap();
    path
}

fn read(dir: &Path, file: &str) -> String {
    std::fs::read_to_string(dir.join(file)).unwrap()
}

#[test]
fn a_small_spec_gives_the_same_bytes_at_any_thread_count_and_after_a_merge() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write_spec(dir.path(), SPEC);
    let one = same_bytes_at_any_thread_count_and_after_a_merge(
        &spec,
        dir.path(),
        &["draws.csv", "summary.csv", "starts.csv"],
    );
    let draws = read(&one, "draws.csv");
    assert!(draws.starts_with(
        "series,draw,rule,n,start,x,y,outcome,squares,tie_breaks,backtracks\nseed/n=5/corner,0,seed,5,corner,1,1,"
    ));
    // seed and order: 4 corner series of 1 draw, 4 random-start series of 40; random: 8 × 40;
    // every: 49 + 64.
    assert_eq!(
        draws.lines().count() - 1,
        2 * (4 + 4 * 40) + 8 * 40 + 49 + 64
    );
    let manifest: serde_json::Value = serde_json::from_str(&read(&one, "manifest.json")).unwrap();
    assert_eq!(manifest["status"], "complete");
    assert_eq!(manifest["spec"]["puzzle"], "knights-tour");
    let report = read(&one, "REPORT.md");
    assert!(report.contains("62 of the 64 start squares"), "{report}");
    for chart in [
        "success-corner",
        "success-random-start",
        "corner-deterministic",
        "starts-seed",
    ] {
        assert!(
            one.join("charts").join(format!("{chart}.svg")).is_file(),
            "{chart}"
        );
    }
}

/// Recounts the tours of a series straight from `knights_tour::draw`, with the stream,
/// start and rule the study documents.
fn recount(seed: u64, rule: &str, n: u32, start: &str, draws: u64) -> u64 {
    recount_on(seed, rule, &n.to_string(), start, draws)
}

/// [`recount`] on the board `size`, `N` or `WxH` as the series label writes it.
fn recount_on(seed: u64, rule: &str, size: &str, start: &str, draws: u64) -> u64 {
    let label = format!("{rule}/n={size}/{start}");
    let rule: Rule = rule.parse().unwrap();
    let board: Board = size.parse().unwrap();
    (0..draws)
        .filter(|&i| {
            let mut stream = rng::stream(seed, &label, i);
            let square = match start {
                "corner" => Square::new(0, 0),
                "every" => board.square_at(i as usize),
                _ => board.square_at(rng::below(&mut stream, board.squares() as u64) as usize),
            };
            draw(board, square, &rule, false, &mut stream)
                .unwrap()
                .outcome
                == Outcome::Tour
        })
        .count() as u64
}

#[test]
fn success_counts_agree_with_a_direct_loop_over_draw() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write_spec(dir.path(), SPEC);
    let out = dir.path().join("out");
    run_ok(&spec, &out, &[]);
    let summary = read(&out, "summary.csv");
    let tours = |label: &str| -> u64 {
        let line = summary
            .lines()
            .find(|l| l.starts_with(&format!("{label},")))
            .unwrap_or_else(|| panic!("{label} not in the summary"));
        line.split(',').nth(5).unwrap().parse().unwrap()
    };
    // The figure pinned by the knight's-tour tests: the seed's rule completes 62 of 64.
    assert_eq!(tours("seed/n=8/every"), 62);
    for (rule, n, start, draws) in [
        ("random", 7, "corner", 40),
        ("random", 8, "random", 40),
        ("seed", 7, "every", 49),
        ("order:12345678", 6, "random", 40),
        ("seed", 5, "corner", 1),
    ] {
        let label = format!("{rule}/n={n}/{start}");
        assert_eq!(tours(&label), recount(11, rule, n, start, draws), "{label}");
    }
    let starts = read(&out, "starts.csv");
    assert!(starts.starts_with("series,rule,n,y,tours\nseed/n=7/every,seed,7,1,"));
    let ones: usize = starts
        .lines()
        .filter(|l| l.starts_with("seed/n=8/every,"))
        .map(|l| l.rsplit(',').next().unwrap().matches('1').count())
        .sum();
    assert_eq!(ones, 62);
}

#[test]
fn spec_errors_are_one_line_and_name_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let base = "puzzle = \"knights-tour\"\nname = \"bad\"\nseed = 1\ndraws = 5\n";
    for (body, key) in [
        ("rules = [\"quickest\"]\nsizes = [8]", "key `rules`"),
        (
            "rules = [\"seed\"]\nsizes = [{ from = 9, to = 5 }]",
            "key `sizes`",
        ),
        (
            "rules = [\"seed\"]\nsizes = [8]\nstarts = [\"middle\"]",
            "key `starts`",
        ),
        (
            "rules = [\"seed\"]\nsizes = [8]\nboard = 8",
            "unknown field `board`",
        ),
        (
            "rules = [\"seed\"]\nsizes = [\"5x0\"]",
            "key `sizes`: \"5x0\" is not a side from 1 to 10000 nor a board \"WxH\"",
        ),
        (
            "rules = [\"seed\"]\nsizes = [\"5 by 6\"]",
            "key `sizes`: \"5 by 6\" is not a side",
        ),
        (
            "rules = [\"seed\"]\nsizes = [\"5x6\", 5, \"5x6\"]",
            "key `sizes`: board 5x6 is listed twice",
        ),
        (
            "rules = [\"seed\"]\nsizes = [6, \"6x6\"]",
            "key `sizes`: side 6 is listed twice",
        ),
        (
            "rules = [\"seed\"]\nsizes = [\"5x7\"]\nclosed = true",
            "key `closed`",
        ),
    ] {
        let spec = write_spec(dir.path(), &format!("{base}{body}\n"));
        let output = boardlab()
            .arg("run")
            .arg(&spec)
            .arg("--out")
            .arg(dir.path().join("out"))
            .arg("--quiet")
            .assert()
            .failure()
            .stderr(predicate::str::contains(key))
            .get_output()
            .clone();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.trim_end().lines().count(), 1, "{body}: {stderr}");
    }
}

/// Rectangles beside a square board: W×H is W columns (x) by H rows (y).
const RECTANGLES: &str = r#"puzzle = "knights-tour"
name = "rectangles"
seed = 11
draws = 30
rules = ["seed", "random"]
starts = ["corner", "random", "every"]
sizes = ["5x6", "4x7", 6]
"#;

#[test]
fn rectangular_boards_run_beside_square_ones_and_have_their_own_table() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write_spec(dir.path(), RECTANGLES);
    let one = same_bytes_at_any_thread_count_and_after_a_merge(
        &spec,
        dir.path(),
        &["draws.csv", "summary.csv", "starts.csv"],
    );
    let draws = read(&one, "draws.csv");
    assert!(draws.starts_with(
        "series,draw,rule,n,start,x,y,outcome,squares,tie_breaks,backtracks\nseed/n=5x6/corner,0,seed,5x6,corner,1,1,"
    ));
    // Every start of a 5x6 board once, row-major: 5 columns, 6 rows.
    let every: Vec<(u32, u32)> = draws
        .lines()
        .filter(|l| l.starts_with("seed/n=5x6/every,"))
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            assert_eq!(f[3], "5x6", "{l}");
            (f[5].parse().unwrap(), f[6].parse().unwrap())
        })
        .collect();
    let expected: Vec<(u32, u32)> = (0..30).map(|i| (i % 5 + 1, i / 5 + 1)).collect();
    assert_eq!(every, expected);
    for line in draws.lines().filter(|l| l.contains("/n=4x7/")) {
        let f: Vec<&str> = line.split(',').collect();
        let (x, y): (u32, u32) = (f[5].parse().unwrap(), f[6].parse().unwrap());
        assert!((1..=4).contains(&x) && (1..=7).contains(&y), "{line}");
        assert!(f[8].parse::<u32>().unwrap() <= 28, "{line}");
    }

    let summary = read(&one, "summary.csv");
    let tours = |label: &str| -> u64 {
        let line = summary
            .lines()
            .find(|l| l.starts_with(&format!("{label},")))
            .unwrap_or_else(|| panic!("{label} not in the summary"));
        line.split(',').nth(5).unwrap().parse().unwrap()
    };
    for (rule, size, start, draws) in [
        ("seed", "5x6", "every", 30),
        ("seed", "4x7", "every", 28),
        ("random", "5x6", "corner", 30),
        ("random", "4x7", "random", 30),
        ("random", "4x7", "every", 28),
        ("seed", "6", "every", 36),
    ] {
        let label = format!("{rule}/n={size}/{start}");
        assert_eq!(
            tours(&label),
            recount_on(11, rule, size, start, draws),
            "{label}"
        );
    }
    assert!(
        summary.contains("\nseed/n=6/corner,seed,6,corner,1,"),
        "{summary}"
    );

    // starts.csv: one line per board row, one character per column.
    let starts = read(&one, "starts.csv");
    let map = |label: &str| -> Vec<String> {
        starts
            .lines()
            .filter(|l| l.starts_with(&format!("{label},")))
            .map(|l| l.rsplit(',').next().unwrap().to_string())
            .collect()
    };
    let seed_5x6 = map("seed/n=5x6/every");
    assert_eq!(seed_5x6.len(), 6, "{starts}");
    assert!(seed_5x6.iter().all(|row| row.len() == 5), "{starts}");
    let ones = seed_5x6.concat().matches('1').count() as u64;
    assert_eq!(ones, tours("seed/n=5x6/every"));
    let seed_4x7 = map("seed/n=4x7/every");
    assert_eq!(seed_4x7.len(), 7, "{starts}");
    assert!(seed_4x7.iter().all(|row| row.len() == 4), "{starts}");
    assert!(
        starts.contains("\nseed/n=4x7/every,seed,4x7,7,"),
        "{starts}"
    );

    let manifest: serde_json::Value = serde_json::from_str(&read(&one, "manifest.json")).unwrap();
    assert_eq!(
        manifest["spec"]["groups"][0]["sizes"],
        serde_json::json!(["5x6", "4x7", 6])
    );

    // The report: rectangles in their own table, the tables by side n hold the square only.
    let report = read(&one, "REPORT.md");
    assert!(report.contains("## Rectangular boards"), "{report}");
    let seed_every = format!(
        "| 5×6 | seed | every | {} | {} of 30 |",
        describe(tours("seed/n=5x6/every"), 30),
        ones
    );
    assert!(report.contains(&seed_every), "{seed_every}\n{report}");
    assert!(report.contains("| seed | 1 (6–6) |"), "{report}");
    for chart in ["corner-deterministic", "success-random-start"] {
        assert!(
            one.join("charts").join(format!("{chart}.svg")).is_file(),
            "{chart}"
        );
    }
    boardlab().arg("show").arg(&one).assert().success();
}

/// The report's rate cell: `60.0% [41.4, 76.1] (18 of 30)`, with the Wilson interval.
fn describe(tours: u64, draws: u64) -> String {
    let (low, high) = boardlab::stats::proportion::wilson95(tours, draws);
    format!(
        "{:.1}% [{:.1}, {:.1}] ({tours} of {draws})",
        100.0 * tours as f64 / draws as f64,
        100.0 * low,
        100.0 * high
    )
}

#[test]
fn the_committed_folder_keeps_its_spec_identity_and_reports_byte_for_byte() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let committed = root.join("results/knights");
    let manifest: serde_json::Value =
        serde_json::from_str(&read(&committed, "manifest.json")).unwrap();
    let text = std::fs::read_to_string(root.join("experiments/knights.toml")).unwrap();
    assert_eq!(manifest["spec_text"].as_str(), Some(text.as_str()));
    let puzzle = boardlab::puzzles::REGISTRY.puzzle("knights-tour").unwrap();
    let study = (puzzle.parse)(&text, &Default::default()).unwrap();
    assert_eq!(study.identity(), manifest["spec"]);
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("knights");
    crate::common::committed::copy_files_in("results/knights", &copy);
    boardlab().arg("report").arg(&copy).assert().success();
    assert!(
        read(&copy, "REPORT.md") == read(&committed, "REPORT.md"),
        "REPORT.md differs from the committed one"
    );
    for chart in std::fs::read_dir(committed.join("charts")).unwrap() {
        let name = chart.unwrap().file_name();
        if name.to_string_lossy().ends_with(".svg") {
            assert!(
                std::fs::read(copy.join("charts").join(&name)).unwrap()
                    == std::fs::read(committed.join("charts").join(&name)).unwrap(),
                "{name:?} differs from the committed one"
            );
        }
    }
}
