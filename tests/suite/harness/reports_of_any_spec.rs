//! Reports, charts and terminal summaries of small specs, read as a reader of a paper would:
//! the knight's-tour tables and axes take the sides the spec ran, match charts fill their
//! width and write each cell's score and games, every percentage carries its `%`, `show`
//! prints shares as the reports do and marks a censored mean as a lower bound, `run --help`
//! describes every puzzle, and a headline names a best only where the data tell it apart.
//!
//! The expected values come from the folder's own data files (`summary.csv`) and the spec,
//! and the Wilson interval from its formula written out here.

use crate::common::boardlab;
use crate::common::csv_rows;
use std::path::{Path, PathBuf};

/// Runs `spec` (TOML text) with `boardlab run` into `dir/name`; returns the folder and the
/// headline printed on standard output.
fn run_spec(dir: &Path, name: &str, spec: &str) -> (PathBuf, String) {
    let path = dir.join(format!("{name}.toml"));
    std::fs::write(&path, spec).unwrap();
    let out = dir.join(name);
    let output = boardlab()
        .args(["run", "--quiet", "--threads", "1", "--out"])
        .arg(&out)
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    (out, String::from_utf8(output.stdout).unwrap())
}

fn read(dir: &Path, file: &str) -> String {
    std::fs::read_to_string(dir.join(file)).unwrap()
}

/// Whether the SVG `svg` writes the text `text` (plotters puts a text on a line of its own).
fn has_text(svg: &str, text: &str) -> bool {
    svg.contains(&format!(">\n{text}\n</text>"))
}

/// How often the SVG `svg` writes the text `text`.
fn text_count(svg: &str, text: &str) -> usize {
    svg.matches(&format!(">\n{text}\n</text>")).count()
}

/// The lines of the Markdown table that follows the heading `heading` in `report`.
fn table_after<'a>(report: &'a str, heading: &str) -> Vec<&'a str> {
    let at = report
        .find(heading)
        .unwrap_or_else(|| panic!("no {heading:?} in\n{report}"));
    report[at..]
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .collect()
}

/// The cells of a Markdown table row.
fn cells(row: &str) -> Vec<&str> {
    row.trim_matches('|').split(" | ").map(str::trim).collect()
}

/// The 95% Wilson score interval of `k` successes in `n`, from its formula.
fn wilson(k: u64, n: u64) -> (f64, f64) {
    let (k, n, z) = (k as f64, n as f64, 1.959_963_984_540_054);
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (centre - half, centre + half)
}

const KNIGHTS: &str = r#"puzzle = "knights-tour"
name = "short"
seed = 4
draws = 30
rules = ["seed", "random"]
starts = ["corner", "random"]

[[series]]
sizes = [9, 10, 11, 12]

[[series]]
rules = ["seed"]
sizes = [5, 6]
starts = ["every"]
"#;

#[test]
fn a_knights_report_and_its_charts_use_the_sides_the_spec_ran() {
    let dir = tempfile::tempdir().unwrap();
    let (out, _) = run_spec(dir.path(), "short", KNIGHTS);
    let report = read(&out, "REPORT.md");
    assert!(!report.contains("| not run |"), "{report}");
    // The random tie-break's table: a row per side run (Ganzfried's 7, 8, 50, 100 were not).
    let rows = table_after(&report, "## The random tie-break at n = 9, 10, 11 and 12");
    let sides: Vec<&str> = rows[2..].iter().map(|r| cells(r)[0]).collect();
    assert_eq!(sides, ["9", "10", "11", "12"], "{report}");
    // From random starts: a column per side run.
    let rows = table_after(&report, "## Success from a random start square, by rule");
    assert_eq!(
        rows[0], "| rule | n = 9 | n = 10 | n = 11 | n = 12 |",
        "{report}"
    );
    // Every start square: the boards run, largest first, not 8×8 and 7×7.
    let rows = table_after(&report, "## Every start square");
    assert!(
        rows[0].contains("| 6×6 starts with a tour | 5×5 |"),
        "{report}"
    );
    assert!(report.contains("on 6×6"), "{report}");
    // Each chart by side labels every side run on the axis (a tick per side on a short range).
    for chart in [
        "success-corner",
        "success-random-start",
        "corner-deterministic",
    ] {
        let svg = read(&out.join("charts"), &format!("{chart}.svg"));
        for side in [9, 10, 11, 12] {
            assert!(has_text(&svg, &side.to_string()), "{chart}: no tick {side}");
        }
    }
    let svg = read(&out.join("charts"), "starts-seed.svg");
    for side in [5, 6] {
        assert!(
            svg.contains(&format!("{side}×{side}:")),
            "starts-seed: no {side}×{side}"
        );
    }
}

#[test]
fn show_prints_a_knights_share_with_its_interval_as_the_report_does() {
    let dir = tempfile::tempdir().unwrap();
    let (out, _) = run_spec(dir.path(), "short", KNIGHTS);
    let rows = csv_rows(&out.join("summary.csv"));
    let row = rows
        .iter()
        .find(|r| r["series"] == "random/n=9/random")
        .unwrap();
    let (tours, draws): (u64, u64) = (row["tours"].parse().unwrap(), row["draws"].parse().unwrap());
    let (low, high) = wilson(tours, draws);
    let expected = format!(
        "{:.1}% [{:.1}, {:.1}]",
        100.0 * tours as f64 / draws as f64,
        100.0 * low,
        100.0 * high
    );
    let output = boardlab()
        .arg("show")
        .arg(&out)
        .args(["--series", "random/n=9/random"])
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("success_rate [95% CI]"), "{text}");
    assert!(text.contains(&expected), "{expected}\n{text}");
    let report = read(&out, "REPORT.md");
    assert!(report.contains(&expected), "{expected}\n{report}");
}

const MATCH: &str = r#"puzzle = "fifteen"
name = "three"
seed = 2
games = 20
players = ["random", "perfect", "newell-simon"]
"#;

/// The right edge and the width of the grid of empty cells (`#F0F0F0`) in a matrix chart,
/// and the chart's width.
fn grid_extent(svg: &str) -> (f64, f64, f64) {
    let number = |text: &str, key: &str| -> f64 {
        let at = text.find(&format!(" {key}=\"")).unwrap() + key.len() + 3;
        text[at..].split('"').next().unwrap().parse().unwrap()
    };
    let width = number(&svg[svg.find("<svg").unwrap()..], "width");
    let cells: Vec<(f64, f64)> = svg
        .split("<rect")
        .skip(1)
        .filter(|r| r.split("/>").next().unwrap().contains("fill=\"#F0F0F0\""))
        .map(|r| (number(r, "x"), number(r, "x") + number(r, "width")))
        .collect();
    let left = cells.iter().map(|c| c.0).fold(f64::INFINITY, f64::min);
    let right = cells.iter().map(|c| c.1).fold(0.0, f64::max);
    (right, right - left, width)
}

#[test]
fn match_charts_fill_their_width_name_their_columns_and_write_each_cell() {
    let dir = tempfile::tempdir().unwrap();
    let (out, _) = run_spec(dir.path(), "three", MATCH);
    let charts = out.join("charts");
    for chart in ["matrix", "results"] {
        let svg = read(&charts, &format!("{chart}.svg"));
        let (right, grid, width) = grid_extent(&svg);
        assert!(
            right >= width - 60.0,
            "{chart}: the grid ends at {right} of {width}"
        );
        assert!(
            grid >= 0.6 * width,
            "{chart}: the grid is {grid} of {width}"
        );
        // Each player names its row and its column.
        for (i, player) in ["random", "perfect", "newell-simon"].iter().enumerate() {
            let label = format!("{}. {player}", i + 1);
            assert_eq!(text_count(&svg, &label), 2, "{chart}: {label}");
        }
    }
    let matrix = read(&charts, "matrix.svg");
    let results = read(&charts, "results.svg");
    for row in csv_rows(&out.join("summary.csv")) {
        // A seat's cell holds the score of the player in the first seat.
        let a_score: f64 = row["a_score"].parse().unwrap();
        let score = match row["a_seat"].as_str() {
            "second" => 1.0 - a_score,
            _ => a_score,
        };
        let percent = 100.0 * score;
        // Whole percent, where rounding cannot make a score that is not 0 or 1 read so.
        if percent.round() > 0.0 && percent.round() < 100.0 || percent == 0.0 || percent == 100.0 {
            let label = format!("{}%", percent.round());
            let chart = if row["a_seat"] == "both" {
                &matrix
            } else {
                &results
            };
            assert!(has_text(chart, &label), "{}: {label}", row["pairing"]);
        }
    }
    // Each of the 6 cells off the diagonal writes its games: 20 over both seats, 10 in one.
    assert_eq!(text_count(&matrix, "20"), 6);
    assert_eq!(text_count(&results, "10"), 6);
}

#[test]
fn every_percentage_of_a_match_report_carries_its_sign() {
    let dir = tempfile::tempdir().unwrap();
    let (out, _) = run_spec(dir.path(), "three", MATCH);
    let report = read(&out, "REPORT.md");
    let share = |cell: &str| {
        let (value, interval) = cell.split_once("% [").unwrap_or_else(|| panic!("{cell:?}"));
        value.parse::<f64>().is_ok() && interval.ends_with(']')
    };
    let rows = table_after(&report, "## Results per pairing");
    for row in &rows[2..] {
        let cells = cells(row);
        assert!(cells[3..6].iter().all(|c| share(c)), "{row}");
    }
    for row in &table_after(&report, "## Ratings")[2..] {
        assert!(cells(row)[4].ends_with('%'), "{row}");
    }
    for row in &table_after(&report, "## Scores between players")[2..] {
        for cell in &cells(row)[1..] {
            assert!(cell.is_empty() || cell.ends_with('%'), "{row}");
        }
    }
}

#[test]
fn show_prints_match_shares_in_percent() {
    let dir = tempfile::tempdir().unwrap();
    let (out, _) = run_spec(dir.path(), "three", MATCH);
    let output = boardlab().arg("show").arg(&out).output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    for row in csv_rows(&out.join("summary.csv")) {
        let draw = format!("{:.2}%", 100.0 * row["draw"].parse::<f64>().unwrap());
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{} ", row["pairing"])) && l.contains(&row["a_seat"]))
            .unwrap_or_else(|| panic!("{}\n{text}", row["pairing"]));
        assert!(line.contains(&draw), "{draw}: {line}");
    }
}

#[test]
fn show_marks_the_mean_of_a_series_with_censored_draws_as_a_lower_bound() {
    let dir = tempfile::tempdir().unwrap();
    let spec =
        "name = \"capped\"\norderings = [\"QNBR\", \"NQBR\"]\ndraws = 30\ncap = 20000\nseed = 5\n";
    let (out, _) = run_spec(dir.path(), "capped", spec);
    let output = boardlab().arg("show").arg(&out).output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let rows = csv_rows(&out.join("summary.csv"));
    let censored = |r: &std::collections::HashMap<String, String>| {
        r["censored"].parse::<u64>().unwrap() + r["exhausted"].parse::<u64>().unwrap()
    };
    assert!(
        rows.iter().any(|r| censored(r) > 0),
        "a cap that cuts off some draws"
    );
    for row in &rows {
        let line = text
            .lines()
            .find(|l| l.split_whitespace().nth(1) == Some(row["ordering"].as_str()))
            .unwrap();
        let mean = boardlab::output::numbers::thousands(row["mean"].parse().unwrap());
        let marked = format!("≥ {mean}");
        assert_eq!(line.contains(&marked), censored(row) > 0, "{line}");
    }
}

#[test]
fn run_help_describes_every_puzzle() {
    let listed = boardlab().arg("puzzles").output().unwrap();
    let listed = String::from_utf8(listed.stdout).unwrap();
    let names: Vec<&str> = listed
        .lines()
        .filter(|l| !l.starts_with(' '))
        .filter_map(|l| l.split_once(": ").map(|(name, _)| name))
        .collect();
    assert!(names.len() >= 5, "{listed}");
    let help = boardlab().args(["run", "--help"]).output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    for name in names {
        assert!(
            help.contains(&format!("\n  {name}: ")),
            "{name} not in\n{help}"
        );
    }
    assert!(!help.contains("histogram.csv (per ordering)"), "{help}");
}

#[test]
fn a_headline_names_no_best_from_censored_medians() {
    let dir = tempfile::tempdir().unwrap();
    let spec =
        "name = \"all-capped\"\norderings = [\"QNBR\", \"NQBR\"]\ndraws = 10\ncap = 50\nseed = 5\n";
    let (out, headline) = run_spec(dir.path(), "all-capped", spec);
    for row in csv_rows(&out.join("summary.csv")) {
        let solved: u64 = row["solved"].parse().unwrap();
        assert!(2 * solved < row["draws"].parse::<u64>().unwrap(), "{row:?}");
    }
    assert!(headline.starts_with("no best: "), "{headline}");
    assert!(!headline.contains("best: QNBR") && !headline.contains("best: NQBR"));
}

#[test]
fn a_headline_names_no_best_from_a_tie_inside_the_intervals() {
    let dir = tempfile::tempdir().unwrap();
    // Both players never lose the "15" game: every game is a draw.
    let spec = "puzzle = \"fifteen\"\nname = \"tie\"\nseed = 1\ngames = 20\nplayers = [\"perfect\", \"newell-simon\"]\n";
    let (out, headline) = run_spec(dir.path(), "tie", spec);
    let both = csv_rows(&out.join("summary.csv"))
        .into_iter()
        .find(|r| r["a_seat"] == "both")
        .unwrap();
    assert_eq!(both["a_score"].parse::<f64>().unwrap(), 0.5);
    assert!(headline.starts_with("no single best: "), "{headline}");
    // A clear winner is still named.
    let spec = "puzzle = \"fifteen\"\nname = \"clear\"\nseed = 1\ngames = 200\nplayers = [\"random\", \"perfect\"]\n";
    let (_, headline) = run_spec(dir.path(), "clear", spec);
    assert!(headline.starts_with("best: perfect"), "{headline}");
}
