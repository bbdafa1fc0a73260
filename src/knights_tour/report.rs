//! The report of a knight's-tour results folder: `REPORT.md` and the charts in `charts/`,
//! from the folder's small files only (`manifest.json`, `summary.csv`, `starts.csv`, and
//! `bench.csv` when present; never `draws.csv`).
//!
//! Findings are set beside the published figures of `shared/docs/knights-tour.md`
//! (Ganzfried 2004, Squirrel & Cull 1996, Roth) with their 95% Wilson intervals. Wall-clock
//! times come only from `bench.csv`, written by `boardlab knights bench --csv`: the data
//! files hold no timings.

use super::charts::{
    PALETTE, RateCurve, RatePoint, StartMap, StartMapsChart, StripChart, SuccessChart, TimeChart,
    TimeCurve,
};
use super::study::{STARTS_COLUMNS, SUMMARY_COLUMNS};
use crate::output::atomic::write_atomic;
use crate::output::charts::render;
use crate::stats::wilson::wilson95;
use anyhow::Context;
use std::fmt::Write as _;
use std::path::Path;

/// The file `boardlab knights bench --csv` appends to, read when the folder has one.
pub const BENCH_FILE: &str = "bench.csv";

/// One row of `summary.csv`.
#[derive(Clone, Debug, PartialEq)]
pub struct SummaryRow {
    pub series: String,
    pub rule: String,
    pub n: u32,
    pub start: String,
    pub draws: u64,
    pub tours: u64,
    pub low: f64,
    pub high: f64,
    pub mean_squares: f64,
}

impl SummaryRow {
    pub fn rate(&self) -> f64 {
        self.tours as f64 / self.draws.max(1) as f64
    }

    /// `99.12% [98.9, 99.3] (9,912 of 10,000)`, or `tour`/`stuck` for a single draw.
    pub fn describe(&self) -> String {
        if self.draws == 1 {
            return if self.tours == 1 { "tour" } else { "stuck" }.to_string();
        }
        format!(
            "{:.1}% [{:.1}, {:.1}] ({} of {})",
            100.0 * self.rate(),
            100.0 * self.low,
            100.0 * self.high,
            thousands(self.tours),
            thousands(self.draws)
        )
    }
}

fn thousands(value: u64) -> String {
    crate::output::numbers::thousands(value as f64)
}

fn lines_of(path: &Path, header: &str) -> anyhow::Result<Vec<Vec<String>>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut lines = text.lines();
    anyhow::ensure!(
        lines.next() == Some(header),
        "{} does not start with the header {header}",
        path.display()
    );
    Ok(lines
        .map(|line| line.split(',').map(str::to_string).collect())
        .collect())
}

/// Reads `summary.csv`.
pub fn read_summary(dir: &Path) -> anyhow::Result<Vec<SummaryRow>> {
    let path = dir.join("summary.csv");
    lines_of(&path, SUMMARY_COLUMNS)?
        .into_iter()
        .enumerate()
        .map(|(i, f)| {
            let bad = || format!("{} line {}: not a summary row", path.display(), i + 2);
            anyhow::ensure!(f.len() == 11, "{}", bad());
            let num = |k: usize| f[k].parse::<f64>().with_context(bad);
            Ok(SummaryRow {
                series: f[0].clone(),
                rule: f[1].clone(),
                n: f[2].parse().with_context(bad)?,
                start: f[3].clone(),
                draws: f[4].parse().with_context(bad)?,
                tours: f[5].parse().with_context(bad)?,
                low: num(7)?,
                high: num(8)?,
                mean_squares: num(9)?,
            })
        })
        .collect()
}

/// One `every` series of `starts.csv`: which start squares give a tour.
#[derive(Clone, Debug, PartialEq)]
pub struct Starts {
    pub rule: String,
    pub n: u32,
    /// `rows[y][x]`, row 1 first.
    pub rows: Vec<Vec<bool>>,
}

impl Starts {
    /// Start squares that give a tour.
    pub fn tours(&self) -> usize {
        self.rows.iter().flatten().filter(|&&t| t).count()
    }

    /// Squares of the board.
    pub fn squares(&self) -> usize {
        (self.n as usize).pow(2)
    }

    /// Start squares from which an open tour is possible at all: every square of an even
    /// board, the (n² + 1)/2 squares of the corners' colour on an odd one (a knight
    /// alternates colours, so a path over all n² squares starts and ends on the majority
    /// colour).
    pub fn possible(&self) -> usize {
        if self.n.is_multiple_of(2) {
            self.squares()
        } else {
            self.squares().div_ceil(2)
        }
    }
}

/// Reads `starts.csv`.
pub fn read_starts(dir: &Path) -> anyhow::Result<Vec<Starts>> {
    let path = dir.join("starts.csv");
    let mut maps: Vec<Starts> = Vec::new();
    for (i, f) in lines_of(&path, STARTS_COLUMNS)?.into_iter().enumerate() {
        anyhow::ensure!(
            f.len() == 5,
            "{} line {}: not a starts row",
            path.display(),
            i + 2
        );
        let n: u32 = f[2]
            .parse()
            .with_context(|| format!("{} line {}", path.display(), i + 2))?;
        let row: Vec<bool> = f[4].chars().map(|c| c == '1').collect();
        match maps.last_mut() {
            Some(map) if map.rule == f[1] && map.n == n => map.rows.push(row),
            _ => maps.push(Starts {
                rule: f[1].clone(),
                n,
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
pub fn read_bench(dir: &Path) -> anyhow::Result<Option<Vec<BenchRow>>> {
    let path = dir.join(BENCH_FILE);
    if !path.exists() {
        return Ok(None);
    }
    let mut reader =
        csv::Reader::from_path(&path).with_context(|| format!("cannot read {}", path.display()))?;
    let rows = reader
        .deserialize()
        .collect::<Result<Vec<BenchRow>, _>>()
        .with_context(|| format!("{} is not a knights bench file", path.display()))?;
    Ok(Some(rows))
}

/// Rules in the order they first appear in the summary.
fn rules_of(rows: &[SummaryRow]) -> Vec<String> {
    let mut rules: Vec<String> = Vec::new();
    for row in rows {
        if !rules.contains(&row.rule) {
            rules.push(row.rule.clone());
        }
    }
    rules
}

fn find<'a>(rows: &'a [SummaryRow], rule: &str, n: u32, start: &str) -> Option<&'a SummaryRow> {
    rows.iter()
        .find(|r| r.rule == rule && r.n == n && r.start == start)
}

/// Ganzfried's (2004) figures for the random tie-break from a corner: (n, rate, claim).
const GANZFRIED: [(u32, f64, &str); 4] = [
    (7, 0.75, "75%"),
    (8, 0.99, "99%"),
    (50, 0.81, "81%"),
    (100, 0.35, "about 35%"),
];

/// `REPORT.md` and the charts of `dir`.
pub fn report(dir: &Path) -> anyhow::Result<()> {
    let rows = read_summary(dir)?;
    let starts = read_starts(dir)?;
    let bench = read_bench(dir)?;
    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("manifest.json"))
            .with_context(|| format!("cannot read {}/manifest.json", dir.display()))?,
    )
    .with_context(|| format!("{}/manifest.json is not JSON", dir.display()))?;
    let charts = dir.join("charts");
    std::fs::create_dir_all(&charts)
        .with_context(|| format!("cannot create {}", charts.display()))?;
    let shown = write_charts(&rows, &starts, bench.as_deref(), &charts)?;
    let text = markdown(&rows, &starts, bench.as_deref(), &manifest, &shown);
    write_atomic(&dir.join("REPORT.md"), text.as_bytes())
}

fn colour_of(rules: &[String], rule: &str) -> plotters::style::RGBColor {
    let i = rules.iter().position(|r| r == rule).unwrap_or(0);
    PALETTE[i % PALETTE.len()]
}

/// Success curves of the series from `start` with more than one draw, a curve per rule;
/// with `by_parity`, two per rule: even sides solid, odd sides dashed (on odd boards only
/// the corners' colour can start a tour, which caps random starts near one half).
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
        .map(|(rule, parity)| RateCurve {
            label: rule.clone(),
            colour: colour_of(rules, rule),
            dashed: parity == Some(1),
            points: rows
                .iter()
                .filter(|r| &r.rule == rule && r.start == start && r.draws > 1)
                .filter(|r| parity.is_none_or(|p| r.n % 2 == p))
                .map(|r| RatePoint {
                    n: r.n as f64,
                    rate: r.rate(),
                    low: r.low,
                    high: r.high,
                })
                .collect(),
        })
        .filter(|c| !c.points.is_empty())
        .collect()
}

/// Writes the charts the data support; returns (stem, caption) of each.
fn write_charts(
    rows: &[SummaryRow],
    starts: &[Starts],
    bench: Option<&[BenchRow]>,
    dir: &Path,
) -> anyhow::Result<Vec<(&'static str, String)>> {
    let rules = rules_of(rows);
    let mut shown = Vec::new();
    let corner = rate_curves(rows, "corner", &rules, false);
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
        shown.push(("success-corner", "Success rate from the corner (1,1), by board side, with 95% Wilson bands; triangles: Ganzfried's published figures".to_string()));
    }
    let random = rate_curves(rows, "random", &rules, true);
    if !random.is_empty() {
        let chart = SuccessChart {
            title: "Success from a random start square, by tie-break".to_string(),
            curves: random,
            published: Vec::new(),
        };
        render(&chart, dir, "success-random-start")?;
        shown.push(("success-random-start", "Success rate from a uniformly random start, by rule and board side, with 95% Wilson bands: even sides solid, odd sides dashed (only the corners' colour can start a tour on an odd board)".to_string()));
    }
    let strip: Vec<(String, Vec<(f64, bool)>)> = rules
        .iter()
        .map(|rule| {
            let marks = rows
                .iter()
                .filter(|r| &r.rule == rule && r.start == "corner" && r.draws == 1)
                .map(|r| (r.n as f64, r.tours == 1))
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
        shown.push(("corner-deterministic", "Deterministic tie-breaks from the corner (1,1): a dot where the tour completes, a cross where the knight gets stuck".to_string()));
    }
    let maps: Vec<StartMap> = starts
        .iter()
        .filter(|s| s.rule == "seed" && (s.n == 7 || s.n == 8))
        .map(|s| StartMap {
            caption: format!("{n}×{n}: {} of {} starts", s.tours(), s.squares(), n = s.n),
            tours: s.rows.clone(),
        })
        .collect();
    if !maps.is_empty() {
        render(
            &StartMapsChart {
                title: "The seed's rule: start squares that give a tour".to_string(),
                maps,
            },
            dir,
            "starts-seed",
        )?;
        shown.push((
            "starts-seed",
            "The seed's tie-break from every start square (row 1 at the top, column 1 at the left)"
                .to_string(),
        ));
    }
    if let Some(bench) = bench.filter(|b| !b.is_empty()) {
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
        shown.push(("time", "Seconds per draw (lines) and per tour found (dots) against board squares, one thread, from bench.csv".to_string()));
    }
    Ok(shown)
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

/// The first side (in the spec's sizes, ascending) at which `rule` fails from the corner,
/// and the sides checked.
fn first_corner_failure(rows: &[SummaryRow], rule: &str) -> (Option<u32>, usize) {
    let mut corner: Vec<&SummaryRow> = rows
        .iter()
        .filter(|r| r.rule == rule && r.start == "corner")
        .collect();
    corner.sort_by_key(|r| r.n);
    (
        corner.iter().find(|r| r.tours < r.draws).map(|r| r.n),
        corner.len(),
    )
}

fn markdown(
    rows: &[SummaryRow],
    starts: &[Starts],
    bench: Option<&[BenchRow]>,
    manifest: &serde_json::Value,
    charts: &[(&'static str, String)],
) -> String {
    let mut out = String::new();
    let spec = &manifest["spec"];
    let name = spec["name"].as_str().unwrap_or("knights");
    let _ = writeln!(out, "# {name}: Warnsdorff's rule for the knight's tour\n");
    if let Some(description) = spec["description"].as_str().filter(|d| !d.is_empty()) {
        let _ = writeln!(out, "{description}.\n");
    }
    let draws: u64 = rows.iter().map(|r| r.draws).sum();
    let _ = writeln!(
        out,
        "{} series, {} draws, master seed {}{}. Made by `{}` ({}); every tour was checked by the \
         independent validator before it counted. Intervals are 95% Wilson score intervals of the \
         success rate. A deterministic rule from the corner is one draw (it always makes the same \
         tour), so it has no interval.\n",
        thousands(rows.len() as u64),
        thousands(draws),
        spec["seed"],
        if spec["closed"].as_bool() == Some(true) {
            ", closed tours"
        } else {
            ", open tours"
        },
        manifest["reproduce"]
            .as_str()
            .or(manifest["command"].as_str())
            .unwrap_or("boardlab run"),
        manifest["git_describe"]
            .as_str()
            .unwrap_or("unknown commit"),
    );
    published_section(&mut out, rows);
    corner_section(&mut out, rows);
    random_section(&mut out, rows);
    starts_section(&mut out, starts);
    by_start_section(&mut out, rows);
    bench_section(&mut out, bench);
    if !charts.is_empty() {
        let _ = writeln!(out, "## Charts\n");
        for (stem, caption) in charts {
            let _ = writeln!(out, "![{caption}](charts/{stem}.svg)\n\n*{caption}.*\n");
        }
    }
    out
}

fn published_section(out: &mut String, rows: &[SummaryRow]) {
    let _ = writeln!(out, "## Published figures beside these draws\n");
    let _ = writeln!(
        out,
        "| published | source | here | agrees? |\n|---|---|---|---|"
    );
    let random_corner: Vec<&SummaryRow> = {
        let mut v: Vec<&SummaryRow> = rows
            .iter()
            .filter(|r| r.rule == "random" && r.start == "corner")
            .collect();
        v.sort_by_key(|r| r.n);
        v
    };
    if !random_corner.is_empty() {
        let small: Vec<&&SummaryRow> = random_corner
            .iter()
            .filter(|r| r.n <= 25 && r.n != 7)
            .collect();
        if let Some(worst) = small.iter().min_by(|a, b| a.rate().total_cmp(&b.rate())) {
            let below: Vec<String> = small
                .iter()
                .filter(|r| r.high < 0.98)
                .map(|r| r.n.to_string())
                .collect();
            let _ = writeln!(
                out,
                "| random tie-break from a corner: at least 98% for every n ≤ 25 but 7 | Ganzfried 2004 | lowest at n = {}: {} | {} |",
                worst.n,
                worst.describe(),
                if below.is_empty() {
                    "yes: no interval lies wholly below 98%".to_string()
                } else {
                    format!("no: below 98% at n = {}", below.join(", "))
                }
            );
        }
        for (n, rate, claim) in GANZFRIED {
            if let Some(row) = random_corner.iter().find(|r| r.n == n) {
                let verdict = if (row.low..=row.high).contains(&rate) {
                    "yes: inside the interval".to_string()
                } else if rate > row.high {
                    format!(
                        "no: {:.1} points above the interval",
                        100.0 * (rate - row.high)
                    )
                } else {
                    format!(
                        "no: {:.1} points below the interval",
                        100.0 * (row.low - rate)
                    )
                };
                let _ = writeln!(
                    out,
                    "| random tie-break from a corner, n = {n}: {claim} | Ganzfried 2004 | {} | {verdict} |",
                    row.describe()
                );
            }
        }
        let above: Vec<&&SummaryRow> = random_corner.iter().filter(|r| r.n > 325).collect();
        if !above.is_empty() {
            let tours: u64 = above.iter().map(|r| r.tours).sum();
            let draws: u64 = above.iter().map(|r| r.draws).sum();
            let (_, high) = wilson95(tours, draws);
            let sides: Vec<String> = above.iter().map(|r| r.n.to_string()).collect();
            let _ = writeln!(
                out,
                "| random tie-break: no success above n = 325 in 100 trials per size | Squirrel & Cull 1996 | {} tours in {} draws at n = {} (rate at most {:.2}%) | {} |",
                thousands(tours),
                thousands(draws),
                sides.join(", "),
                100.0 * high,
                if tours == 0 {
                    "yes"
                } else {
                    "no: tours found above 325"
                }
            );
        }
    }
    let (roth_fail, checked) = first_corner_failure(rows, "roth");
    if checked > 0 {
        let sides: Vec<u32> = {
            let mut v: Vec<u32> = rows
                .iter()
                .filter(|r| r.rule == "roth" && r.start == "corner")
                .map(|r| r.n)
                .collect();
            v.sort_unstable();
            v
        };
        let verdict = match roth_fail {
            Some(428) => "yes".to_string(),
            None if sides.contains(&428) => "no: n = 428 gives a tour here (Roth's residual tie-break or start may differ from this one: ties left go to the order 12345678)".to_string(),
            Some(n) if n < 428 => format!("no: it fails at n = {n}"),
            Some(n) if sides.contains(&428) => {
                format!("no: n = 428 gives a tour; first failure at {n}")
            }
            Some(n) => {
                format!("consistent: n = 428 not run; first failure among the sides run at {n}")
            }
            None => "not reached: every side run gives a tour".to_string(),
        };
        let _ = writeln!(
            out,
            "| Roth's rule first fails at n = 428 | Roth, via Squirrel & Cull 1996 | first failure from the corner: {} (of {checked} sides, {}–{}) | {verdict} |",
            roth_fail.map_or("none".to_string(), |n| format!("n = {n}")),
            sides.first().unwrap_or(&0),
            sides.last().unwrap_or(&0),
        );
    }
    let _ = writeln!(
        out,
        "\nThe published rates come without their trial counts (Ganzfried) or with 100 trials per size \
         (Squirrel & Cull), so their own sampling error is several points; \"agrees\" asks only whether \
         the published value lies inside the interval of these draws. The corner is the square (1,1).\n"
    );
}

fn corner_section(out: &mut String, rows: &[SummaryRow]) {
    let rules = rules_of(rows);
    let _ = writeln!(
        out,
        "## The first side at which each rule fails from the corner\n"
    );
    let _ = writeln!(
        out,
        "| rule | sides run | first failure | failures among the sides run |\n|---|---|---|---|"
    );
    for rule in &rules {
        let mut corner: Vec<&SummaryRow> = rows
            .iter()
            .filter(|r| &r.rule == rule && r.start == "corner")
            .collect();
        if corner.is_empty() {
            continue;
        }
        corner.sort_by_key(|r| r.n);
        let failing: Vec<&&SummaryRow> = corner.iter().filter(|r| r.tours < r.draws).collect();
        let first = failing.first().map_or("none".to_string(), |r| {
            if r.draws == 1 {
                format!("n = {}", r.n)
            } else {
                format!("n = {} ({})", r.n, r.describe())
            }
        });
        let list: Vec<String> = failing.iter().take(20).map(|r| r.n.to_string()).collect();
        let more = if failing.len() > 20 {
            format!(", … ({} in all)", failing.len())
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "| {rule} | {} ({}–{}) | {first} | {}{more} |",
            corner.len(),
            corner[0].n,
            corner[corner.len() - 1].n,
            if list.is_empty() {
                "none".to_string()
            } else {
                list.join(", ")
            }
        );
    }
    let _ = writeln!(
        out,
        "\nFor the random tie-break a side \"fails\" when any of its draws gets stuck; its rate is in the next table.\n"
    );
}

fn random_section(out: &mut String, rows: &[SummaryRow]) {
    let _ = writeln!(out, "## The random tie-break at n = 7, 8, 50 and 100\n");
    let _ = writeln!(
        out,
        "| n | from the corner | from a random start |\n|---|---|---|"
    );
    for n in [7, 8, 50, 100] {
        let cell = |start: &str| {
            find(rows, "random", n, start).map_or("not run".to_string(), |r| r.describe())
        };
        let _ = writeln!(out, "| {n} | {} | {} |", cell("corner"), cell("random"));
    }
    let _ = writeln!(out);
}

fn starts_section(out: &mut String, starts: &[Starts]) {
    if starts.is_empty() {
        return;
    }
    let _ = writeln!(out, "## Every start square (deterministic rules)\n");
    if let Some(map) = starts.iter().find(|s| s.rule == "seed" && s.n == 8) {
        let tours = map.tours();
        let failing: Vec<String> = map
            .rows
            .iter()
            .enumerate()
            .flat_map(|(y, row)| {
                row.iter()
                    .enumerate()
                    .filter(|(_, t)| !**t)
                    .map(move |(x, _)| format!("({},{})", x + 1, y + 1))
            })
            .collect();
        let _ = writeln!(
            out,
            "The seed's rule completes a tour from **{tours} of the 64 start squares** on 8×8{}.\n",
            if failing.is_empty() {
                String::new()
            } else {
                format!("; it gets stuck from {} (x,y, 1-based)", failing.join(", "))
            }
        );
    }
    let _ = writeln!(
        out,
        "On a board with an odd number of squares an open tour starts and ends on the colour of the \
         corners, which has (n² + 1)/2 squares, so only those starts are possible; the shares below \
         are of the possible starts.\n\n\
         | rule | sides | 8×8 starts with a tour | 7×7 | sides where every possible start gives a tour | lowest share of possible starts (side) |\n|---|---|---|---|---|---|"
    );
    let mut rules: Vec<&String> = Vec::new();
    for map in starts {
        if !rules.contains(&&map.rule) {
            rules.push(&map.rule);
        }
    }
    for rule in rules {
        let maps: Vec<(u32, usize, usize)> = starts
            .iter()
            .filter(|s| &s.rule == rule)
            .map(|s| (s.n, s.tours(), s.possible()))
            .collect();
        let at = |side: u32| {
            maps.iter()
                .find(|m| m.0 == side)
                .map_or("—".to_string(), |m| format!("{} of {}", m.1, m.2))
        };
        let all: Vec<String> = maps
            .iter()
            .filter(|m| m.1 == m.2)
            .map(|m| m.0.to_string())
            .collect();
        let worst = maps
            .iter()
            .min_by(|a, b| (a.1 as f64 / a.2 as f64).total_cmp(&(b.1 as f64 / b.2 as f64)))
            .map_or(String::new(), |m| {
                format!("{:.1}% ({}×{})", 100.0 * m.1 as f64 / m.2 as f64, m.0, m.0)
            });
        let all_text = if all.len() > 12 {
            format!(
                "{} of {} (first: {})",
                all.len(),
                maps.len(),
                all[..12].join(", ")
            )
        } else if all.is_empty() {
            "none".to_string()
        } else {
            all.join(", ")
        };
        let sides = format!(
            "{}–{}",
            maps.first().map_or(0, |m| m.0),
            maps.last().map_or(0, |m| m.0)
        );
        let _ = writeln!(
            out,
            "| {rule} | {sides} | {} | {} | {all_text} | {worst} |",
            at(8),
            at(7)
        );
    }
    let _ = writeln!(out);
}

fn by_start_section(out: &mut String, rows: &[SummaryRow]) {
    let rules = rules_of(rows);
    let mut sides: Vec<u32> = rows
        .iter()
        .filter(|r| r.start == "random")
        .map(|r| r.n)
        .collect();
    sides.sort_unstable();
    sides.dedup();
    let picked: Vec<u32> = [8, 16, 32, 64, 100, 200, 500, 1000]
        .into_iter()
        .filter(|n| sides.contains(n))
        .collect();
    if picked.is_empty() {
        return;
    }
    let _ = writeln!(out, "## Success from a random start square, by rule\n");
    let _ = writeln!(
        out,
        "A uniformly random start on an odd board is on the corners' colour, the only colour an \
         open tour can start from, with probability (n² + 1)/(2n²), just over 50%: odd sides \
         cap the success rate from random starts near one half (the zigzag in the chart).\n"
    );
    let header: Vec<String> = picked.iter().map(|n| format!("n = {n}")).collect();
    let _ = writeln!(
        out,
        "| rule | {} |\n|---|{}",
        header.join(" | "),
        "---|".repeat(picked.len())
    );
    for rule in &rules {
        let cells: Vec<String> = picked
            .iter()
            .map(|&n| {
                find(rows, rule, n, "random").map_or("—".to_string(), |r| {
                    format!(
                        "{:.1}% [{:.1}, {:.1}]",
                        100.0 * r.rate(),
                        100.0 * r.low,
                        100.0 * r.high
                    )
                })
            })
            .collect();
        let _ = writeln!(out, "| {rule} | {} |", cells.join(" | "));
    }
    let _ = writeln!(out);
}

fn bench_section(out: &mut String, bench: Option<&[BenchRow]>) {
    let Some(bench) = bench.filter(|b| !b.is_empty()) else {
        return;
    };
    let _ = writeln!(out, "## Speed (bench.csv, one thread)\n");
    let _ = writeln!(
        out,
        "| board | rule | start | draws | tours | seconds per draw | squares per second |\n|---|---|---|---|---|---|---|"
    );
    for b in bench {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {:.3e} | {:.3e} |",
            b.size,
            b.rule,
            b.start,
            thousands(b.draws),
            thousands(b.tours),
            b.seconds / b.draws.max(1) as f64,
            b.squares as f64 / b.seconds.max(1e-12)
        );
    }
    let _ = writeln!(
        out,
        "\nTimes are wall-clock seconds of the greedy walk alone, measured by `boardlab knights bench --csv` on a machine shared with other work; the experiment's data files hold no timings.\n"
    );
}

/// `random tie-break from the corner: n = 8 99.1% […]; …; seed completes 62 of 64 starts on 8×8`.
pub fn headline(dir: &Path) -> anyhow::Result<String> {
    let rows = read_summary(dir)?;
    let mut parts: Vec<String> = [8, 100]
        .into_iter()
        .filter_map(|n| {
            find(&rows, "random", n, "corner").map(|r| format!("n = {n} {}", r.describe()))
        })
        .collect();
    if !parts.is_empty() {
        parts[0] = format!("random tie-break from the corner: {}", parts[0]);
    }
    if let Some(map) = read_starts(dir)?
        .iter()
        .find(|s| s.rule == "seed" && s.n == 8)
    {
        let tours = map.tours();
        parts.push(format!("seed's rule completes {tours} of 64 starts on 8×8"));
    }
    if parts.is_empty() {
        parts.push(format!(
            "{} series (boardlab show {} for all)",
            rows.len(),
            dir.display()
        ));
    }
    Ok(parts.join("; "))
}
