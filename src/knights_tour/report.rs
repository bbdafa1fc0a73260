//! The report of a knight's-tour results folder: `REPORT.md` and the charts in `charts/`,
//! from the folder's small files only (`manifest.json`, `summary.csv`, `starts.csv`, and
//! `bench.csv` when present; never `draws.csv`).
//!
//! Findings are set beside the published figures of `docs/knights-tour-contract.md`
//! (Ganzfried 2004, Squirrel & Cull 1996, Roth) with their 95% Wilson intervals. Wall-clock
//! times come only from `bench.csv`, written by `boardlab knights-tour bench --out`: the data
//! files hold no timings.

use super::charts::{
    PALETTE, RateCurve, RatePoint, StartMap, StartMapsChart, StripChart, SuccessChart, TimeChart,
    TimeCurve,
};
use super::sides::sides_to_show;
use super::spec::BoardSize;
use super::study::{STARTS_COLUMNS, SUMMARY_COLUMNS};
use crate::experiment::Describe;
use crate::experiment::StudyError;
use crate::output::atomic::write_atomic;
use crate::output::charts::render;
use crate::output::numbers::fixed;
use crate::stats::proportion::wilson95;
use std::path::Path;

/// Results of this module: a puzzle's error ([`StudyError`]) unless another is named.
type Result<T, E = StudyError> = std::result::Result<T, E>;

/// The file `boardlab knights-tour bench --out` appends to, read when the folder has one.
pub const BENCH_FILE: &str = "bench.csv";

/// One row of `summary.csv`.
#[derive(Clone, Debug, PartialEq)]
pub struct SummaryRow {
    pub series: String,
    pub rule: String,
    /// The board: the `n` column, a side or `WxH`.
    pub size: BoardSize,
    pub start: String,
    pub draws: u64,
    pub tours: u64,
    pub low: f64,
    pub high: f64,
    pub mean_squares: f64,
}

impl SummaryRow {
    /// The side n of a square board. The findings and charts by side read only square
    /// boards' rows ([`square_boards`]); rectangles have a table of their own.
    pub fn n(&self) -> u32 {
        self.size.width
    }

    pub fn rate(&self) -> f64 {
        self.tours as f64 / self.draws.max(1) as f64
    }

    /// `99.12% [98.9, 99.3] (9,912 of 10,000)`, or `tour`/`stuck` for a single draw.
    pub fn describe(&self) -> String {
        if self.draws == 1 {
            return if self.tours == 1 { "tour" } else { "stuck" }.to_string();
        }
        rate_text(self.tours, self.draws, (self.low, self.high))
    }
}

/// `99.1% [98.9, 99.3] (9,912 of 10,000)`: a success rate with its interval and counts.
pub(super) fn rate_text(tours: u64, draws: u64, (low, high): (f64, f64)) -> String {
    format!(
        "{}% [{}, {}] ({} of {})",
        fixed(100.0 * tours as f64 / draws.max(1) as f64, 1),
        fixed(100.0 * low, 1),
        fixed(100.0 * high, 1),
        thousands(tours),
        thousands(draws)
    )
}

pub(super) fn thousands(value: u64) -> String {
    crate::output::numbers::count(value)
}

fn lines_of(path: &Path, header: &str) -> Result<Vec<Vec<String>>> {
    let text =
        std::fs::read_to_string(path).describe(|| format!("cannot read {}", path.display()))?;
    let mut lines = text.lines();
    if lines.next() != Some(header) {
        return Err(format!("{} does not start with the header {header}", path.display()).into());
    };
    Ok(lines
        .map(|line| line.split(',').map(str::to_string).collect())
        .collect())
}

/// Reads `summary.csv`; each interval is computed again from the row's counts.
pub fn read_summary(dir: &Path) -> Result<Vec<SummaryRow>> {
    let path = dir.join("summary.csv");
    lines_of(&path, SUMMARY_COLUMNS)?
        .into_iter()
        .enumerate()
        .map(|(i, f)| {
            let bad = || format!("{} line {}: not a summary row", path.display(), i + 2);
            if f.len() != 11 {
                return Err(bad().into());
            };
            let num = |k: usize| f[k].parse::<f64>().describe(bad);
            let (draws, tours) = (f[4].parse().describe(bad)?, f[5].parse().describe(bad)?);
            // The interval again from the counts, at full precision: the file's six
            // decimals rounded a second time could move the digit a report prints.
            num(7)?;
            num(8)?;
            let (low, high) = wilson95(tours, draws);
            Ok(SummaryRow {
                series: f[0].clone(),
                rule: f[1].clone(),
                size: f[2].parse().describe(bad)?,
                start: f[3].clone(),
                draws,
                tours,
                low,
                high,
                mean_squares: num(9)?,
            })
        })
        .collect()
}

/// The rows of square boards: what the findings and charts by side n read.
pub fn square_boards(rows: &[SummaryRow]) -> Vec<SummaryRow> {
    rows.iter()
        .filter(|r| r.size.is_square())
        .cloned()
        .collect()
}

/// One `every` series of `starts.csv`: which start squares give a tour.
#[derive(Clone, Debug, PartialEq)]
pub struct Starts {
    pub rule: String,
    /// The board: the `n` column, a side or `WxH`.
    pub size: BoardSize,
    /// `rows[y][x]`, row 1 first.
    pub rows: Vec<Vec<bool>>,
}

impl Starts {
    /// The side n of a square board (see [`SummaryRow::n`]).
    pub fn n(&self) -> u32 {
        self.size.width
    }

    /// Start squares that give a tour.
    pub fn tours(&self) -> usize {
        self.rows.iter().flatten().filter(|&&t| t).count()
    }

    /// Squares of the board.
    pub fn squares(&self) -> usize {
        self.size.squares() as usize
    }

    /// Start squares from which an open tour is possible at all: every square of a board
    /// with an even number of squares, the (W·H + 1)/2 squares of the corners' colour on
    /// one with an odd number (a knight alternates colours, so a path over all W·H squares
    /// starts and ends on the majority colour).
    pub fn possible(&self) -> usize {
        if self.squares().is_multiple_of(2) {
            self.squares()
        } else {
            self.squares().div_ceil(2)
        }
    }
}

/// Reads `starts.csv`.
pub fn read_starts(dir: &Path) -> Result<Vec<Starts>> {
    let path = dir.join("starts.csv");
    let mut maps: Vec<Starts> = Vec::new();
    for (i, f) in lines_of(&path, STARTS_COLUMNS)?.into_iter().enumerate() {
        if f.len() != 5 {
            return Err(format!("{} line {}: not a starts row", path.display(), i + 2).into());
        };
        let size: BoardSize = f[2]
            .parse()
            .describe(|| format!("{} line {}", path.display(), i + 2))?;
        let row: Vec<bool> = f[4].chars().map(|c| c == '1').collect();
        match maps.last_mut() {
            Some(map) if map.rule == f[1] && map.size == size => map.rows.push(row),
            _ => maps.push(Starts {
                rule: f[1].clone(),
                size,
                rows: vec![row],
            }),
        }
    }
    Ok(maps)
}

/// One row of `bench.csv`.
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
pub struct BenchRow {
    pub size: String,
    pub rule: String,
    pub start: String,
    pub draws: u64,
    pub tours: u64,
    pub squares: u64,
    pub seconds: f64,
}

/// Reads `bench.csv` if the folder has one.
pub fn read_bench(dir: &Path) -> Result<Option<Vec<BenchRow>>> {
    let path = dir.join(BENCH_FILE);
    if !path.exists() {
        return Ok(None);
    }
    let mut reader =
        csv::Reader::from_path(&path).describe(|| format!("cannot read {}", path.display()))?;
    let rows = reader
        .deserialize()
        .collect::<Result<Vec<BenchRow>, _>>()
        .describe(|| format!("{} is not a knights bench file", path.display()))?;
    Ok(Some(rows))
}

/// Rules in the order they first appear in the summary.
pub(super) fn rules_of<'a>(rows: impl IntoIterator<Item = &'a SummaryRow>) -> Vec<String> {
    let mut rules: Vec<String> = Vec::new();
    for row in rows {
        if !rules.contains(&row.rule) {
            rules.push(row.rule.clone());
        }
    }
    rules
}

pub(super) fn find<'a>(
    rows: &'a [SummaryRow],
    rule: &str,
    n: u32,
    start: &str,
) -> Option<&'a SummaryRow> {
    rows.iter()
        .find(|r| r.rule == rule && r.size == BoardSize::square(n) && r.start == start)
}

/// Ganzfried's (2004) figures for the random tie-break from a corner: (n, rate, claim).
pub(super) const GANZFRIED: [(u32, f64, &str); 4] = [
    (7, 0.75, "75%"),
    (8, 0.99, "99%"),
    (50, 0.81, "81%"),
    (100, 0.35, "about 35%"),
];

/// `REPORT.md` and the charts of `dir`.
pub fn report(dir: &Path) -> Result<()> {
    let rows = read_summary(dir)?;
    let starts = read_starts(dir)?;
    let bench = read_bench(dir)?;
    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("manifest.json"))
            .describe(|| format!("cannot read {}/manifest.json", dir.display()))?,
    )
    .describe(|| format!("{}/manifest.json is not JSON", dir.display()))?;
    let shown = charts_of(dir, &rows, &starts, bench.as_deref())?;
    let text = super::findings::markdown(&rows, &starts, bench.as_deref(), &manifest, &shown);
    Ok(write_atomic(&dir.join("REPORT.md"), text.as_bytes())?)
}

/// Redraws the charts of `dir` (REPORT.md is left as it is); returns how many it wrote.
pub fn plot(dir: &Path) -> Result<usize> {
    let rows = read_summary(dir)?;
    let starts = read_starts(dir)?;
    let bench = read_bench(dir)?;
    Ok(charts_of(dir, &rows, &starts, bench.as_deref())?.len())
}

/// Writes the charts into `dir/charts`; returns (stem, caption) of each.
fn charts_of(
    dir: &Path,
    rows: &[SummaryRow],
    starts: &[Starts],
    bench: Option<&[BenchRow]>,
) -> Result<Vec<(&'static str, String)>> {
    let charts = dir.join("charts");
    std::fs::create_dir_all(&charts).describe(|| format!("cannot create {}", charts.display()))?;
    write_charts(rows, starts, bench, &charts)
}

fn colour_of(rules: &[String], rule: &str) -> plotters::style::RGBColor {
    let i = rules.iter().position(|r| r == rule).unwrap_or(0);
    PALETTE[i % PALETTE.len()]
}

/// `points` (sorted by side) cut into segments wherever two or more of `elsewhere` (sides
/// the same rule was run at in its other curve) lie between two neighbours: a line may join
/// 61 and 63 across 62, but not 63 and 325 across the even sides 64 to 320.
fn segments(points: Vec<RatePoint>, elsewhere: &[f64]) -> Vec<Vec<RatePoint>> {
    let mut segments: Vec<Vec<RatePoint>> = Vec::new();
    for point in points {
        let joined = segments.last().and_then(|s| s.last()).is_some_and(|last| {
            elsewhere
                .iter()
                .filter(|&&n| last.n < n && n < point.n)
                .count()
                < 2
        });
        match segments.last_mut() {
            Some(segment) if joined => segment.push(point),
            _ => segments.push(vec![point]),
        }
    }
    segments
}

/// Success curves of the series from `start` with more than one draw, a curve per rule;
/// with `by_parity`, two per rule: even sides solid, odd sides dashed (on odd boards only
/// the corners' colour can start a tour, which caps random starts near one half). A curve
/// is broken where its rule was run at sides of the other parity but not at its own.
fn rate_curves(
    rows: &[SummaryRow],
    start: &str,
    rules: &[String],
    by_parity: bool,
) -> Vec<RateCurve> {
    let parities: &[Option<u32>] = if by_parity {
        &[Some(0), Some(1)]
    } else {
        &[None]
    };
    rules
        .iter()
        .flat_map(|rule| parities.iter().map(move |&parity| (rule, parity)))
        .map(|(rule, parity)| {
            let series = || {
                rows.iter()
                    .filter(|r| &r.rule == rule && r.start == start && r.draws > 1)
            };
            let mut points: Vec<RatePoint> = series()
                .filter(|r| parity.is_none_or(|p| r.n() % 2 == p))
                .map(|r| RatePoint {
                    n: r.n() as f64,
                    rate: r.rate(),
                    low: r.low,
                    high: r.high,
                })
                .collect();
            points.sort_by(|a, b| a.n.total_cmp(&b.n));
            let elsewhere: Vec<f64> = series()
                .filter(|r| parity.is_some_and(|p| r.n() % 2 != p))
                .map(|r| r.n() as f64)
                .collect();
            RateCurve {
                label: rule.clone(),
                colour: colour_of(rules, rule),
                dashed: parity == Some(1),
                segments: segments(points, &elsewhere),
            }
        })
        .filter(|c| !c.segments.is_empty())
        .collect()
}

/// Writes the charts the data support; returns (stem, caption) of each.
fn write_charts(
    rows: &[SummaryRow],
    starts: &[Starts],
    bench: Option<&[BenchRow]>,
    dir: &Path,
) -> Result<Vec<(&'static str, String)>> {
    let rows = &square_boards(rows)[..];
    let rules = rules_of(rows);
    let mut shown = Vec::new();
    shown.extend(success_corner_chart(rows, &rules, dir)?);
    shown.extend(success_random_chart(rows, &rules, dir)?);
    shown.extend(corner_deterministic_chart(rows, &rules, dir)?);
    shown.extend(seed_starts_chart(starts, dir)?);
    if let Some(bench) = bench.filter(|b| !b.is_empty()) {
        shown.push(time_chart(bench, dir)?);
    }
    Ok(shown)
}

/// A chart drawn, by its stem, and the report's words for it.
type Shown = (&'static str, String);

/// Success from the corner beside Ganzfried's figures, where random tie-breaks ran there.
fn success_corner_chart(
    rows: &[SummaryRow],
    rules: &[String],
    dir: &Path,
) -> Result<Option<Shown>> {
    let mut shown = None;
    let corner = rate_curves(rows, "corner", rules, false);
    if !corner.is_empty() {
        let chart = SuccessChart {
            title: "Success from the corner (random tie-breaks)".to_string(),
            curves: corner,
            published: GANZFRIED
                .iter()
                .map(|&(n, rate, _)| (n as f64, rate, String::new()))
                .collect(),
        };
        render(&chart, dir, "success-corner")?;
        let left_out: Vec<String> = chart
            .published_outside()
            .iter()
            .filter_map(|n| GANZFRIED.iter().find(|g| g.0 as f64 == *n))
            .map(|(n, _, claim)| format!("n = {n}: {claim}"))
            .collect();
        let left_out = match left_out.is_empty() {
            true => String::new(),
            false => format!(
                " (left out, outside the sides run: {})",
                left_out.join(", ")
            ),
        };
        shown = Some((
            "success-corner",
            format!(
                "Success rate from the corner (1,1), by board side, a dot per side run, with 95% Wilson bands; triangles: Ganzfried's published figures{left_out}"
            ),
        ));
    }
    Ok(shown)
}

/// Success from random start squares, by tie-break, where any rule drew them.
fn success_random_chart(
    rows: &[SummaryRow],
    rules: &[String],
    dir: &Path,
) -> Result<Option<Shown>> {
    let mut shown = None;
    let random = rate_curves(rows, "random", rules, true);
    if !random.is_empty() {
        let chart = SuccessChart {
            title: "Success from a random start square, by tie-break".to_string(),
            curves: random,
            published: Vec::new(),
        };
        render(&chart, dir, "success-random-start")?;
        shown = Some(("success-random-start", "Success rate from a uniformly random start, by rule and board side, a dot per side run, with 95% Wilson bands: even sides solid, odd sides dashed with open dots (only the corners' colour can start a tour on an odd board); lines stop where a parity's sides were not run".to_string()));
    }
    Ok(shown)
}

/// The deterministic rules from the corner: a tour or stuck, by side.
fn corner_deterministic_chart(
    rows: &[SummaryRow],
    rules: &[String],
    dir: &Path,
) -> Result<Option<Shown>> {
    let mut shown = None;
    let strip: Vec<(String, Vec<(f64, bool)>)> = rules
        .iter()
        .map(|rule| {
            let marks = rows
                .iter()
                .filter(|r| &r.rule == rule && r.start == "corner" && r.draws == 1)
                .map(|r| (r.n() as f64, r.tours == 1))
                .collect::<Vec<_>>();
            (rule.clone(), marks)
        })
        .filter(|(_, marks)| !marks.is_empty())
        .collect();
    if !strip.is_empty() {
        render(
            &StripChart {
                title: "Deterministic rules from the corner: a tour or stuck".to_string(),
                rows: strip,
            },
            dir,
            "corner-deterministic",
        )?;
        shown = Some(("corner-deterministic", "Deterministic tie-breaks from the corner (1,1): a dot where the tour completes, a cross where the knight gets stuck".to_string()));
    }
    Ok(shown)
}

/// The start squares that give the seed's rule a tour, on two of the sides run.
fn seed_starts_chart(starts: &[Starts], dir: &Path) -> Result<Option<Shown>> {
    let mut shown = None;
    // The seed's maps at 7×7 and 8×8 where they were run, else at two of the sides run.
    let seed_maps = || {
        starts
            .iter()
            .filter(|s| s.rule == "seed" && s.size.is_square())
    };
    let run: Vec<u32> = seed_maps().map(Starts::n).collect();
    let sides = sides_to_show(&run, &[7, 8], 2);
    let maps: Vec<StartMap> = seed_maps()
        .filter(|s| sides.contains(&s.n()))
        .map(|s| StartMap {
            caption: format!(
                "{n}×{n}: {} of {} possible starts",
                s.tours(),
                s.possible(),
                n = s.n()
            ),
            tours: s.rows.clone(),
        })
        .collect();
    let odd_note = maps
        .iter()
        .find(|m| m.tours.len() % 2 == 1)
        .map_or(String::new(), |m| {
            format!(
                "; on {n}×{n} the grey squares, off the corners' colour, cannot start an open tour",
                n = m.tours.len()
            )
        });
    if !maps.is_empty() {
        render(
            &StartMapsChart {
                title: "The seed's rule: start squares that give a tour".to_string(),
                maps,
            },
            dir,
            "starts-seed",
        )?;
        shown = Some((
            "starts-seed",
            format!(
                "The seed's tie-break from every start square (row 1 at the top, column 1 at the left){odd_note}"
            ),
        ));
    }
    Ok(shown)
}

/// The time per draw and per tour against the board's squares, from `bench.csv`.
fn time_chart(bench: &[BenchRow], dir: &Path) -> Result<Shown> {
    let bench_rules: Vec<String> = bench.iter().fold(Vec::new(), |mut acc, b| {
        if !acc.contains(&b.rule) {
            acc.push(b.rule.clone());
        }
        acc
    });
    let curves = bench_rules
        .iter()
        .enumerate()
        .map(|(i, rule)| TimeCurve {
            label: rule.clone(),
            colour: PALETTE[i % PALETTE.len()],
            points: bench
                .iter()
                .filter(|b| &b.rule == rule && b.draws > 0)
                .map(|b| {
                    let per_draw = b.seconds / b.draws as f64;
                    let squares = b.squares_of_board();
                    (
                        squares,
                        per_draw,
                        (b.tours > 0).then(|| b.seconds / b.tours as f64),
                    )
                })
                .collect(),
        })
        .collect();
    render(
        &TimeChart {
            title: "Time per greedy draw and per tour, one thread".to_string(),
            curves,
        },
        dir,
        "time",
    )?;
    Ok(("time", "Seconds per draw (a dot per board measured, joined by lines) and per tour found (triangles) against board squares, one thread, from bench.csv".to_string()))
}

impl BenchRow {
    /// Squares of the board `N` or `WxH`.
    fn squares_of_board(&self) -> f64 {
        let parse = |s: &str| s.trim().parse::<f64>().unwrap_or(f64::NAN);
        match self.size.split_once(['x', 'X']) {
            Some((w, h)) => parse(w) * parse(h),
            None => parse(&self.size).powi(2),
        }
    }
}

/// The one-line summary `boardlab run` prints: the study's finding
/// ([`super::findings::finding`]) and the folder's size.
pub fn headline(dir: &Path) -> Result<String> {
    let rows = read_summary(dir)?;
    Ok(format!(
        "{} (of {} series; boardlab show {} for all)",
        super::findings::finding(&rows),
        rows.len(),
        dir.display()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(n: f64) -> RatePoint {
        RatePoint {
            n,
            rate: 0.5,
            low: 0.4,
            high: 0.6,
        }
    }

    #[test]
    fn a_curve_breaks_where_its_rule_ran_only_sides_of_the_other_parity() {
        let odd = vec![at(61.0), at(63.0), at(325.0)];
        let even = [62.0, 64.0, 80.0, 320.0];
        let sides = |segments: Vec<Vec<RatePoint>>| -> Vec<Vec<f64>> {
            segments
                .iter()
                .map(|s| s.iter().map(|p| p.n).collect())
                .collect()
        };
        assert_eq!(sides(segments(odd, &even)), [vec![61.0, 63.0], vec![325.0]]);
        // One side of the other parity between two points is a neighbour, not a gap.
        let even_points = vec![at(62.0), at(64.0), at(80.0)];
        assert_eq!(
            sides(segments(even_points, &[61.0, 63.0, 325.0])),
            [vec![62.0, 64.0, 80.0]]
        );
        assert!(segments(Vec::new(), &even).is_empty());
    }
}
