//! The text of a knight's-tour `REPORT.md`: the findings set beside the published figures
//! of `docs/knights-tour-contract.md` (Ganzfried 2004, Squirrel & Cull 1996, Roth), the first
//! side at which each rule fails from the corner, the start-square counts of the
//! deterministic rules, and success from random starts, each rate with its 95% Wilson
//! interval; rectangular boards in a table of their own. It reads only what
//! [`super::report`] has read from the folder's small files.

use super::report::{
    BenchRow, GANZFRIED, Starts, SummaryRow, find, rate_text, rules_of, square_boards, thousands,
};
use super::sides::{MOST_SIDES, and_list, sides_to_show};
use crate::output::document::{Document, Table};
use crate::output::numbers::fixed;
use crate::stats::proportion::wilson95;

/// The first side (in the spec's sizes, ascending) at which `rule` fails from the corner,
/// and the sides checked.
fn first_corner_failure(rows: &[SummaryRow], rule: &str) -> (Option<u32>, usize) {
    let mut corner: Vec<&SummaryRow> = rows
        .iter()
        .filter(|r| r.rule == rule && r.start == "corner")
        .collect();
    corner.sort_by_key(|r| r.n());
    (
        corner.iter().find(|r| r.tours < r.draws).map(|r| r.n()),
        corner.len(),
    )
}

/// The study's finding: which tie-break rule makes the most tours from random starts (the
/// one start every rule draws at random), pooled over the square boards that every such rule
/// ran, each share with its 95% Wilson interval. A rule is best where its interval lies wholly
/// above the runner-up's; otherwise the finding says that they overlap. Without random starts
/// the random tie-break's draws from the corner are used.
pub(super) fn finding(rows: &[SummaryRow]) -> String {
    let squares = square_boards(rows);
    let drawn = |start: &str| -> Vec<&SummaryRow> {
        squares
            .iter()
            .filter(|r| r.start == start && r.draws > 1)
            .collect()
    };
    let (start, chosen) = match drawn("random") {
        random if !random.is_empty() => ("random starts", random),
        _ => ("the corner", drawn("corner")),
    };
    if chosen.is_empty() {
        return "no rule drew at random: every series is one deterministic tour, so no rate is \
                measured"
            .to_string();
    }
    let rules = rules_of(chosen.iter().copied());
    let sides = sides_every_rule_ran(&chosen, &rules);
    let boards = match sides.as_slice() {
        [n] => format!("n = {n}"),
        [first, .., last] => format!("the {} sides {first}–{last}", sides.len()),
        [] => "no side that every rule ran".to_string(),
    };
    let pooled = pooled_by_rule(&chosen, &rules, &sides);
    let shown = |(rule, tours, draws): &(String, u64, u64)| {
        format!(
            "{rule} {}",
            rate_text(*tours, *draws, wilson95(*tours, *draws))
        )
    };
    let what = format!("tours from {start} over {boards}");
    match pooled.as_slice() {
        [only] => format!("one rule drew at random: {}, {what}", shown(only)),
        [best, runner, ..] => {
            let (best_low, _) = wilson95(best.1, best.2);
            let (_, runner_high) = wilson95(runner.1, runner.2);
            if best_low > runner_high {
                format!(
                    "best: {}, {what}, above the runner-up {} (95% intervals apart)",
                    shown(best),
                    shown(runner)
                )
            } else {
                format!(
                    "no single best: {} and {} overlap within their 95% intervals ({what})",
                    shown(best),
                    shown(runner)
                )
            }
        }
        [] => unreachable!("a chosen series has a rule"),
    }
}

/// The sides every rule ran from the chosen start, so that each rule is pooled over the same
/// boards.
fn sides_every_rule_ran(chosen: &[&SummaryRow], rules: &[String]) -> Vec<u32> {
    let mut sides: Vec<u32> = chosen.iter().map(|r| r.n()).collect();
    sides.sort_unstable();
    sides.dedup();
    sides.retain(|&n| {
        rules
            .iter()
            .all(|rule| chosen.iter().any(|r| &r.rule == rule && r.n() == n))
    });
    sides
}

/// Each rule's tours and draws over `sides`, the highest rate first (ties by name).
fn pooled_by_rule(
    chosen: &[&SummaryRow],
    rules: &[String],
    sides: &[u32],
) -> Vec<(String, u64, u64)> {
    let mut pooled: Vec<(String, u64, u64)> = rules
        .iter()
        .map(|rule| {
            let (tours, draws) = chosen
                .iter()
                .filter(|r| &r.rule == rule && sides.contains(&r.n()))
                .fold((0, 0), |(t, d), r| (t + r.tours, d + r.draws));
            (rule.clone(), tours, draws)
        })
        .collect();
    pooled.sort_by(|a, b| {
        let rate = |&(_, t, d): &(String, u64, u64)| t as f64 / d.max(1) as f64;
        rate(b).total_cmp(&rate(a)).then_with(|| a.0.cmp(&b.0))
    });
    pooled
}

pub(super) fn markdown(
    rows: &[SummaryRow],
    starts: &[Starts],
    bench: Option<&[BenchRow]>,
    manifest: &serde_json::Value,
    charts: &[(&'static str, String)],
) -> String {
    let mut out = Document::new();
    let spec = &manifest["spec"];
    let name = spec["name"].as_str().unwrap_or("knights");
    writeln!(out, "# Results: {name}\n");
    if let Some(description) = spec["description"].as_str().filter(|d| !d.is_empty()) {
        writeln!(out, "{description}.\n");
    }
    writeln!(out, "**Finding:** {}.\n", finding(rows));
    provenance(&mut out, rows, manifest);
    let squares = square_boards(rows);
    let square_starts: Vec<Starts> = starts
        .iter()
        .filter(|s| s.size.is_square())
        .cloned()
        .collect();
    published_section(&mut out, &squares);
    corner_section(&mut out, &squares);
    random_section(&mut out, &squares);
    starts_section(&mut out, &square_starts);
    by_start_section(&mut out, &squares);
    rectangles_section(&mut out, rows, starts);
    bench_section(&mut out, bench);
    if !charts.is_empty() {
        writeln!(out, "## Charts\n");
        for (stem, caption) in charts {
            writeln!(out, "![{caption}](charts/{stem}.svg)\n\n*{caption}.*\n");
        }
    }
    out.into()
}

/// What was run and how, how many draws each series has, and the run's warnings.
fn provenance(out: &mut Document, rows: &[SummaryRow], manifest: &serde_json::Value) {
    let spec = &manifest["spec"];
    let draws: u64 = rows.iter().map(|r| r.draws).sum();
    writeln!(
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
    if rows.iter().any(|r| r.start == "every") {
        writeln!(
            out,
            "A series from every start square has n² draws, one per square, whatever `draws` or \
             `--draws` says.\n"
        );
    }
    out.push_str(&draws_per_series(rows));
    if let Some(warnings) = manifest["warnings"].as_array().filter(|w| !w.is_empty()) {
        writeln!(out, "The run started with these warnings:\n");
        for warning in warnings {
            writeln!(out, "- {}", warning.as_str().unwrap_or_default());
        }
        writeln!(out);
    }
}

fn published_section(out: &mut Document, rows: &[SummaryRow]) {
    writeln!(out, "## Published figures beside these draws\n");
    let mut table = Table::new(["published", "source", "here", "agrees?"]);
    let random_corner: Vec<&SummaryRow> = {
        let mut v: Vec<&SummaryRow> = rows
            .iter()
            .filter(|r| r.rule == "random" && r.start == "corner")
            .collect();
        v.sort_by_key(|r| r.n());
        v
    };
    if !random_corner.is_empty() {
        ganzfried_rows(&mut table, &random_corner);
        if let Some(row) = squirrel_cull_row(&random_corner) {
            table.row(row);
        }
    }
    if let Some(row) = roth_row(rows) {
        table.row(row);
    }
    out.table(&table);
    writeln!(
        out,
        "\nThe published rates come without their trial counts (Ganzfried) or with 100 trials per size \
         (Squirrel & Cull), so their own sampling error is several points; \"agrees\" asks only whether \
         the published value lies inside the interval of these draws. The corner is the square (1,1).\n"
    );
}

/// Ganzfried's rates of the random tie-break from the corner (`random_corner`, sorted by
/// side) beside these draws' intervals.
fn ganzfried_rows(table: &mut Table, random_corner: &[&SummaryRow]) {
    let small: Vec<&&SummaryRow> = random_corner
        .iter()
        .filter(|r| r.n() <= 25 && r.n() != 7)
        .collect();
    if let Some(worst) = small.iter().min_by(|a, b| a.rate().total_cmp(&b.rate())) {
        let below: Vec<String> = small
            .iter()
            .filter(|r| r.high < 0.98)
            .map(|r| r.n().to_string())
            .collect();
        table.row([
            "random tie-break from a corner: at least 98% for every n ≤ 25 but 7".to_string(),
            "Ganzfried 2004".to_string(),
            format!("lowest at n = {}: {}", worst.n(), worst.describe()),
            if below.is_empty() {
                "yes: no interval lies wholly below 98%".to_string()
            } else {
                format!("no: below 98% at n = {}", below.join(", "))
            },
        ]);
    }
    for (n, rate, claim) in GANZFRIED {
        if let Some(row) = random_corner.iter().find(|r| r.n() == n) {
            let verdict = if (row.low..=row.high).contains(&rate) {
                "yes: inside the interval".to_string()
            } else if rate > row.high {
                format!(
                    "no: {} points above the interval",
                    fixed(100.0 * (rate - row.high), 1)
                )
            } else {
                format!(
                    "no: {} points below the interval",
                    fixed(100.0 * (row.low - rate), 1)
                )
            };
            table.row([
                format!("random tie-break from a corner, n = {n}: {claim}"),
                "Ganzfried 2004".to_string(),
                row.describe(),
                verdict,
            ]);
        }
    }
}

/// Roth's first failure at n = 428 beside the first failure of the rule here.
fn roth_row(rows: &[SummaryRow]) -> Option<[String; 4]> {
    let (roth_fail, checked) = first_corner_failure(rows, "roth");
    if checked == 0 {
        return None;
    }
    let sides: Vec<u32> = {
        let mut v: Vec<u32> = rows
            .iter()
            .filter(|r| r.rule == "roth" && r.start == "corner")
            .map(|r| r.n())
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
    Some([
        "Roth's rule first fails at n = 428".to_string(),
        "Roth, via Squirrel & Cull 1996".to_string(),
        format!(
            "first failure from the corner: {} (of {checked} sides, {}–{})",
            roth_fail.map_or("none".to_string(), |n| format!("n = {n}")),
            sides.first().unwrap_or(&0),
            sides.last().unwrap_or(&0),
        ),
        verdict,
    ])
}

/// Squirrel & Cull's "no success above n = 325" beside the random tie-break's series from
/// the corner (sorted by side): the last side with a tour, and every side past it, where
/// none was found, pooled with the upper end of their interval.
fn squirrel_cull_row(random_corner: &[&SummaryRow]) -> Option<[String; 4]> {
    const CLAIM: u32 = 325;
    if random_corner.last()?.n() <= CLAIM {
        return None;
    }
    let last = random_corner.iter().rposition(|r| r.tours > 0);
    let after = &random_corner[last.map_or(0, |i| i + 1)..];
    let last_text = last.map_or("no side has a tour".to_string(), |i| {
        let row = random_corner[i];
        format!(
            "the last side with a tour is n = {} ({})",
            row.n(),
            row.describe()
        )
    });
    let none_text = if after.is_empty() {
        String::new()
    } else {
        let draws: u64 = after.iter().map(|r| r.draws).sum();
        let (_, high) = wilson95(0, draws);
        let sides: Vec<String> = after.iter().map(|r| r.n().to_string()).collect();
        format!(
            "; none at n = {} (0 tours in {} draws, rate at most {}%)",
            sides.join(", "),
            thousands(draws),
            fixed(100.0 * high, 2)
        )
    };
    let above: Vec<String> = random_corner
        .iter()
        .filter(|r| r.n() > CLAIM && r.tours > 0)
        .map(|r| r.n().to_string())
        .collect();
    let verdict = if above.is_empty() {
        format!("yes: no tour above n = {CLAIM}")
    } else {
        format!("no: tours at n = {}", above.join(", "))
    };
    Some([
        format!("random tie-break: no success above n = {CLAIM} in 100 trials per size"),
        "Squirrel & Cull 1996".to_string(),
        format!("{last_text}{none_text}"),
        verdict,
    ])
}

/// How many draws each series has, by start: `From the corner: 10,000 draws per series
/// (random, n = 5–64), 1 (seed, pohl: …)`. A deterministic rule from the corner makes one
/// draw; a series from every start has one per square.
fn draws_per_series(rows: &[SummaryRow]) -> String {
    let mut parts = Vec::new();
    for (start, from) in [
        ("corner", "from the corner"),
        ("random", "from a random start"),
    ] {
        let mut counts: Vec<u64> = rows
            .iter()
            .filter(|r| r.start == start)
            .map(|r| r.draws)
            .collect();
        counts.sort_unstable_by(|a, b| b.cmp(a));
        counts.dedup();
        let groups: Vec<String> = counts
            .iter()
            .enumerate()
            .map(|(i, &draws)| {
                let with: Vec<&SummaryRow> = rows
                    .iter()
                    .filter(|r| r.start == start && r.draws == draws)
                    .collect();
                let rules = rules_of(with.iter().copied());
                let low = with.iter().map(|r| r.n()).min().unwrap_or(0);
                let high = with.iter().map(|r| r.n()).max().unwrap_or(0);
                let sides = if low == high {
                    format!("n = {low}")
                } else {
                    format!("n = {low}–{high}")
                };
                let unit = match (i, draws) {
                    (0, 1) => " draw per series",
                    (0, _) => " draws per series",
                    (_, 1) => " draw",
                    _ => "",
                };
                let why = if draws == 1 && start == "corner" {
                    ": a deterministic rule makes the same tour every time"
                } else {
                    ""
                };
                format!(
                    "{}{unit} ({}, {sides}{why})",
                    thousands(draws),
                    rules.join(", ")
                )
            })
            .collect();
        if !groups.is_empty() {
            parts.push(format!("{from}, {}", groups.join("; ")));
        }
    }
    if rows.iter().any(|r| r.start == "every") {
        parts.push("from every start square, n² (one per square)".to_string());
    }
    match parts.is_empty() {
        true => String::new(),
        false => format!("Draws: {}.\n\n", parts.join("; ")),
    }
}

fn corner_section(out: &mut Document, rows: &[SummaryRow]) {
    let rules = rules_of(rows);
    writeln!(
        out,
        "## The first side at which each rule fails from the corner\n"
    );
    let mut table = Table::new([
        "rule",
        "sides run",
        "first failure",
        "failures among the sides run",
    ]);
    for rule in &rules {
        let mut corner: Vec<&SummaryRow> = rows
            .iter()
            .filter(|r| &r.rule == rule && r.start == "corner")
            .collect();
        if corner.is_empty() {
            continue;
        }
        corner.sort_by_key(|r| r.n());
        let failing: Vec<&&SummaryRow> = corner.iter().filter(|r| r.tours < r.draws).collect();
        let first = failing.first().map_or("none".to_string(), |r| {
            if r.draws == 1 {
                format!("n = {}", r.n())
            } else {
                format!("n = {} ({})", r.n(), r.describe())
            }
        });
        let list: Vec<String> = failing.iter().take(20).map(|r| r.n().to_string()).collect();
        let more = if failing.len() > 20 {
            format!(", … ({} in all)", failing.len())
        } else {
            String::new()
        };
        table.row([
            rule.clone(),
            format!(
                "{} ({}–{})",
                corner.len(),
                corner[0].n(),
                corner[corner.len() - 1].n()
            ),
            first,
            if list.is_empty() {
                "none".to_string()
            } else {
                list.join(", ")
            } + &more,
        ]);
    }
    out.table(&table);
    writeln!(
        out,
        "\nFor the random tie-break a side \"fails\" when any of its draws gets stuck; its rate is in the next table.\n"
    );
}

/// The sides at which `rule` has a series from one of `starts`.
fn sides_of(rows: &[SummaryRow], rule: &str, starts: &[&str]) -> Vec<u32> {
    rows.iter()
        .filter(|r| r.rule == rule && starts.contains(&r.start.as_str()))
        .map(|r| r.n())
        .collect()
}

fn random_section(out: &mut Document, rows: &[SummaryRow]) {
    let ganzfried: Vec<u32> = GANZFRIED.iter().map(|g| g.0).collect();
    let run = sides_of(rows, "random", &["corner", "random"]);
    let sides = sides_to_show(&run, &ganzfried, MOST_SIDES);
    if sides.is_empty() {
        return;
    }
    writeln!(out, "## The random tie-break at n = {}\n", and_list(&sides));
    let mut table = Table::new(["n", "from the corner", "from a random start"]);
    for n in sides {
        let cell = |start: &str| {
            find(rows, "random", n, start).map_or("not run".to_string(), |r| r.describe())
        };
        table.row([n.to_string(), cell("corner"), cell("random")]);
    }
    out.table(&table);
    writeln!(out);
}

fn starts_section(out: &mut Document, starts: &[Starts]) {
    if starts.is_empty() {
        return;
    }
    writeln!(out, "## Every start square (deterministic rules)\n");
    // The boards with a column of their own: 8×8 and 7×7 where they were run, largest first.
    let run: Vec<u32> = starts.iter().map(Starts::n).collect();
    let mut columns = sides_to_show(&run, &[7, 8], 2);
    columns.reverse();
    if let Some(map) = starts
        .iter()
        .find(|s| s.rule == "seed" && Some(&s.n()) == columns.first())
    {
        seed_starts(out, map);
    }
    writeln!(
        out,
        "On a board with an odd number of squares an open tour starts and ends on the colour of the \
         corners, which has (n² + 1)/2 squares, so only those starts are possible; the shares below \
         are of the possible starts.\n"
    );
    starts_table(out, starts, &columns);
}

/// The seed's rule from every start square of one board: how many give a tour, and where it
/// gets stuck.
fn seed_starts(out: &mut Document, map: &Starts) {
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
    writeln!(
        out,
        "The seed's rule completes a tour from **{tours} of the {} start squares** on {n}×{n}{}.\n",
        map.squares(),
        if failing.is_empty() {
            String::new()
        } else {
            format!("; it gets stuck from {} (x,y, 1-based)", failing.join(", "))
        },
        n = map.n()
    );
}

/// One row per deterministic rule: its starts with a tour on the boards of `columns`, the
/// sides where every start gives one, and its lowest share.
fn starts_table(out: &mut Document, starts: &[Starts], columns: &[u32]) {
    let boards: Vec<String> = columns
        .iter()
        .enumerate()
        .map(|(i, n)| match i {
            0 => format!("{n}×{n} starts with a tour"),
            _ => format!("{n}×{n}"),
        })
        .collect();
    let mut table = Table::new(
        ["rule".to_string(), "sides".to_string()]
            .into_iter()
            .chain(boards)
            .chain([
                "sides where every possible start gives a tour".to_string(),
                "lowest share of possible starts (side)".to_string(),
            ]),
    );
    let mut rules: Vec<&String> = Vec::new();
    for map in starts {
        if !rules.contains(&&map.rule) {
            rules.push(&map.rule);
        }
    }
    for rule in rules {
        table.row(starts_row(starts, rule, columns));
    }
    out.table(&table);
    writeln!(out);
}

/// A rule's row of the starts table: its sides, its starts with a tour on each board of
/// `columns`, the sides where every start gives one and its lowest share.
fn starts_row(starts: &[Starts], rule: &str, columns: &[u32]) -> Vec<String> {
    let maps: Vec<(u32, usize, usize)> = starts
        .iter()
        .filter(|s| s.rule == rule)
        .map(|s| (s.n(), s.tours(), s.possible()))
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
            format!(
                "{}% ({}×{})",
                fixed(100.0 * m.1 as f64 / m.2 as f64, 1),
                m.0,
                m.0
            )
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
    let cells = columns.iter().map(|&n| at(n));
    [rule.to_string(), sides]
        .into_iter()
        .chain(cells)
        .chain([all_text, worst])
        .collect()
}

fn by_start_section(out: &mut Document, rows: &[SummaryRow]) {
    let rules = rules_of(rows);
    let mut sides: Vec<u32> = rows
        .iter()
        .filter(|r| r.start == "random")
        .map(|r| r.n())
        .collect();
    sides.sort_unstable();
    sides.dedup();
    let picked = sides_to_show(&sides, &[8, 16, 32, 64, 100, 200, 500, 1000], MOST_SIDES);
    if picked.is_empty() {
        return;
    }
    writeln!(out, "## Success from a random start square, by rule\n");
    writeln!(
        out,
        "A uniformly random start on an odd board is on the corners' colour, the only colour an \
         open tour can start from, with probability (n² + 1)/(2n²), just over 50%: odd sides \
         cap the success rate from random starts near one half (the zigzag in the chart).\n"
    );
    let header = picked.iter().map(|n| format!("n = {n}"));
    let mut table = Table::new(std::iter::once("rule".to_string()).chain(header));
    for rule in &rules {
        let cells = picked.iter().map(|&n| {
            find(rows, rule, n, "random").map_or("—".to_string(), |r| {
                format!(
                    "{}% [{}, {}]",
                    fixed(100.0 * r.rate(), 1),
                    fixed(100.0 * r.low, 1),
                    fixed(100.0 * r.high, 1)
                )
            })
        });
        table.row(std::iter::once(rule.clone()).chain(cells));
    }
    out.table(&table);
    writeln!(out);
}

/// Rectangular boards, which have no place on the charts and tables by side n: every series
/// with its result, and for the series from every start the starts that give a tour.
fn rectangles_section(out: &mut Document, rows: &[SummaryRow], starts: &[Starts]) {
    let rectangles: Vec<&SummaryRow> = rows.iter().filter(|r| !r.size.is_square()).collect();
    if rectangles.is_empty() {
        return;
    }
    writeln!(
        out,
        "## Rectangular boards
"
    );
    writeln!(
        out,
        "A board W×H has W columns and H rows; the corner is (1,1). A series from every \
         start square has W·H draws, one per square; the possible starts are those an open \
         tour can start from: all squares when W·H is even, the (W·H + 1)/2 of the corners' \
         colour when it is odd.\n"
    );
    let mut table = Table::new([
        "board",
        "rule",
        "start",
        "result",
        "starts with a tour (of the possible)",
    ]);
    for row in rectangles {
        let map = starts
            .iter()
            .find(|s| s.rule == row.rule && s.size == row.size && row.start == "every");
        let starts_cell = map.map_or("—".to_string(), |m| {
            format!("{} of {}", m.tours(), m.possible())
        });
        table.row([
            format!("{}×{}", row.size.width, row.size.height),
            row.rule.clone(),
            row.start.clone(),
            row.describe(),
            starts_cell,
        ]);
    }
    out.table(&table);
    writeln!(out);
}

fn bench_section(out: &mut Document, bench: Option<&[BenchRow]>) {
    let Some(bench) = bench.filter(|b| !b.is_empty()) else {
        return;
    };
    writeln!(out, "## Speed (bench.csv, one thread)\n");
    let mut table = Table::new([
        "board",
        "rule",
        "start",
        "draws",
        "tours",
        "seconds per draw",
        "squares per second",
    ]);
    for b in bench {
        table.row([
            b.size.to_string(),
            b.rule.clone(),
            b.start.clone(),
            thousands(b.draws),
            thousands(b.tours),
            format!("{:.3e}", b.seconds / b.draws.max(1) as f64),
            format!("{:.3e}", b.squares as f64 / b.seconds.max(1e-12)),
        ]);
    }
    out.table(&table);
    writeln!(
        out,
        "\nTimes are wall-clock seconds of the greedy walk alone, measured by `boardlab knights-tour bench --out` on a machine shared with other work; the experiment's data files hold no timings.\n"
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knights_tour::spec::BoardSize;

    fn row(rule: &str, n: u32, start: &str, draws: u64, tours: u64) -> SummaryRow {
        let (low, high) = wilson95(tours, draws);
        SummaryRow {
            series: format!("{rule}/n={n}/{start}"),
            rule: rule.to_string(),
            size: BoardSize::square(n),
            start: start.to_string(),
            draws,
            tours,
            low,
            high,
            mean_squares: 0.0,
        }
    }

    #[test]
    fn the_finding_compares_the_rules_the_spec_ran_from_random_starts() {
        // Squirrel beats Pohl on 6 and 10 (the sides both ran); Pohl's side 12 is left out.
        let rows = [
            row("pohl", 6, "random", 1000, 800),
            row("pohl", 10, "random", 1000, 700),
            row("pohl", 12, "random", 1000, 0),
            row("squirrel", 6, "random", 1000, 990),
            row("squirrel", 10, "random", 1000, 980),
            row("squirrel", 6, "corner", 1, 1),
        ];
        let text = finding(&rows);
        assert!(
            text.starts_with("best: squirrel 98.5% [97.9, 98.9] (1,970 of 2,000), tours from random starts over the 2 sides 6–10, above the runner-up pohl 75.0%"),
            "{text}"
        );
        // Close rates: no single best.
        let rows = [
            row("pohl", 8, "random", 100, 80),
            row("roth", 8, "random", 100, 82),
        ];
        let text = finding(&rows);
        assert!(
            text.starts_with("no single best: roth 82.0%")
                && text.ends_with("(tours from random starts over n = 8)"),
            "{text}"
        );
        // Only the random tie-break from the corner draws at random.
        let rows = [
            row("random", 8, "corner", 50, 49),
            row("seed", 8, "corner", 1, 1),
        ];
        assert!(
            finding(&rows).starts_with("one rule drew at random: random 98.0%"),
            "{}",
            finding(&rows)
        );
        // Nothing drawn at random at all.
        assert!(finding(&[row("seed", 8, "corner", 1, 1)]).starts_with("no rule drew at random"));
    }
}
