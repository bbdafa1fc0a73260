//! `REPORT.md`: how the results were made, the ranked table, the charts, findings whose
//! numbers come from the data, and the definitions behind every statistic.

use super::bench::BenchSpeed;
use super::figures::{self, CHARTS};
use crate::chess_memory::analysis::{Analysis, FEW_DRAWS, OrderingAnalysis, RANKING_RULE};
use crate::chess_memory::finding::{
    self, FEW_TO_COMPARE, Finding, has_interval, median_is_censored, median_text,
};
use crate::chess_memory::sat::mistakes::MistakesSummary;
use crate::output::document::{Align, Document, Table};
use crate::output::numbers::{count, p_value, percent, thousands};

/// The report's text for `analysis`; `charts` are the stems written into `charts/`; with a
/// `baseline` (the seed's search without restarts), restarted series are checked against the
/// restart analysis's predictions; with `mistakes` (`sat mistakes` output), the report says
/// where the backtracker goes wrong; with `bench` (the medians of `bench.csv`), the report
/// states which search is fastest on one thread.
pub fn render(
    analysis: &Analysis,
    charts: &[&str],
    baseline: Option<&Analysis>,
    mistakes: Option<&MistakesSummary>,
    bench: Option<&[BenchSpeed]>,
) -> String {
    let mut out = Document::new();
    let spec = &analysis.manifest.spec;
    let name = spec["name"].as_str().unwrap_or("experiment");
    writeln!(out, "# Results: {name}\n");
    if let Some(description) = spec["description"].as_str().filter(|d| !d.is_empty()) {
        writeln!(out, "{description}.\n");
    }
    if let Some(shard) = analysis.manifest.shard {
        writeln!(
            out,
            "**This folder is shard {shard} of a sharded run: it holds only the draws whose index i has i mod {} = {}, and everything below describes this shard alone, not the whole experiment.** Merge the finished shards with `boardlab merge` for the full results.\n",
            shard.count,
            shard.index - 1
        );
    }
    writeln!(
        out,
        "**Finding:** {}.\n",
        Finding::of(analysis).sentence(analysis)
    );
    provenance(&mut out, analysis);
    if analysis.orderings.is_empty() {
        writeln!(
            out,
            "## Findings\n\n- No draws: this folder holds no draw of any series, so there is nothing to rank or chart.\n"
        );
        method(&mut out, analysis);
        return out.into();
    }
    findings(&mut out, analysis, bench);
    table(&mut out, analysis);
    if let Some(baseline) = baseline {
        super::predictions::section(&mut out, analysis, baseline);
    }
    if let Some(mistakes) = mistakes {
        super::mistakes_section::write(&mut out, analysis, mistakes);
    }
    charts_section(&mut out, analysis, charts);
    method(&mut out, analysis);
    out.into()
}

/// The charts drawn, each with its caption, and those not drawn with the reason.
fn charts_section(out: &mut Document, analysis: &Analysis, charts: &[&str]) {
    writeln!(out, "## Charts\n");
    for (stem, caption) in CHARTS.iter().filter(|(stem, _)| charts.contains(stem)) {
        writeln!(
            out,
            "### {caption}\n\n![{caption}](charts/{stem}.png)\n\nVector version: [charts/{stem}.svg](charts/{stem}.svg).\n"
        );
    }
    for (stem, why) in figures::not_drawn(analysis) {
        let caption = CHARTS
            .iter()
            .find(|(s, _)| *s == stem)
            .map_or(stem, |(_, c)| c);
        writeln!(out, "*Not drawn: {caption} ({stem}): {why}.*\n");
    }
}

fn provenance(out: &mut Document, analysis: &Analysis) {
    let m = &analysis.manifest;
    let spec = &m.spec;
    let orderings = spec["series"].as_array().map_or(0, Vec::len);
    writeln!(out, "## How this was made\n");
    let mut searches: Vec<String> = Vec::new();
    for o in &analysis.orderings {
        let name = format!("`{}`", o.search.name());
        if !searches.contains(&name) {
            searches.push(name);
        }
    }
    writeln!(
        out,
        "- **Experiment:** {orderings} series × {} draws, at most {} iterations per draw, master seed {}, {}{}×{} board.",
        count(spec["draws"].as_u64().unwrap_or(0)),
        spec["cap"].as_u64().map_or("unlimited".to_string(), count),
        m.master_seed,
        if searches.is_empty() {
            String::new()
        } else {
            format!("search {}, ", searches.join(", "))
        },
        spec["board_size"],
        spec["board_size"],
    );
    let fewer: Vec<String> = analysis
        .orderings
        .iter()
        .filter(|o| Some(o.summary.draws) != spec["draws"].as_u64())
        .map(|o| format!("{} ({})", o.label(), count(o.summary.draws)))
        .collect();
    if !fewer.is_empty() {
        writeln!(out, "- **Other draw counts:** {}.", fewer.join(", "));
    }
    how_run(out, analysis);
}

/// The command, the code, the machine and the time of the run, and how to reproduce it.
fn how_run(out: &mut Document, analysis: &Analysis) {
    let m = &analysis.manifest;
    writeln!(
        out,
        "- **Command:** `{}` (spec: {}).",
        crate::chess_memory::analysis::first_command(m),
        m.spec_source
    );
    writeln!(
        out,
        "- **Code:** boardlab {} at `{}`, {}.",
        m.boardlab_version, m.provenance.git_describe, m.rustc
    );
    writeln!(
        out,
        "- **Machine:** {}; {} thread{}; {} session{}.",
        m.provenance.cpu,
        m.provenance.threads,
        if m.provenance.threads == 1 { "" } else { "s" },
        m.sessions.len(),
        if m.sessions.len() == 1 { "" } else { "s" }
    );
    writeln!(
        out,
        "- **Time:** {} to {}, {} of computing, {} draws/s, {:.2e} iterations/s.",
        m.provenance.start,
        m.provenance.end.as_deref().unwrap_or("(unfinished)"),
        duration(m.provenance.wall_seconds),
        thousands(m.draws_per_second),
        m.work_per_second
    );
    writeln!(
        out,
        "- **Reproduce:** the data with `{}` (the data files do not depend on threads or sharding); \
         this report and its charts with `boardlab report <this folder>`, from `summary.csv`, `histogram.csv` \
         and `manifest.json` alone.\n",
        analysis.reproduce
    );
}

fn duration(seconds: f64) -> String {
    let minutes = (seconds / 60.0).round() as u64;
    match minutes {
        0 => format!("{seconds:.1} s"),
        1..=59 => format!("{minutes} min"),
        _ => format!("{} h {:02} min", minutes / 60, minutes % 60),
    }
}

fn findings(out: &mut Document, analysis: &Analysis, bench: Option<&[BenchSpeed]>) {
    writeln!(out, "## Findings\n");
    let (Some(best), Some(_)) = (analysis.best(), analysis.worst()) else {
        return;
    };
    let n = analysis.orderings.len();
    let (row, rows) = analysis.row_noun();
    let fewest = finding::fewest_draws(analysis);
    if fewest < FEW_TO_COMPARE {
        writeln!(
            out,
            "- **Too few draws to rank:** as few as {fewest} draw{} per {row}, so the ranking below is not a finding and no ratios or tests of medians are stated.",
            if fewest == 1 { "" } else { "s" }
        );
    }
    if median_is_censored(best) {
        writeln!(
            out,
            "- **No {row} has a median below the cap:** every one of the {n} {rows} leaves at least half of its draws unsolved, so none can be called best by median; the table lists them {RANKING_RULE}.\n"
        );
        return;
    }
    best_and_worst(out, analysis);
    if n > 1 && fewest >= FEW_TO_COMPARE {
        significance(out, analysis);
    }
    if let Some(bench) = bench {
        speeds(out, analysis, bench);
    }
    tails(out, analysis);
    restarts(out, analysis);
    if fewest >= FEW_TO_COMPARE {
        kinds(out, analysis);
    }
    writeln!(out);
}

/// The best row by median beside the seed's order, the worst, and how many rows leave most
/// of their draws unsolved.
fn best_and_worst(out: &mut Document, analysis: &Analysis) {
    let best_index = analysis.ranking[0];
    let (Some(best), Some(worst)) = (analysis.best(), analysis.worst()) else {
        return;
    };
    let n = analysis.orderings.len();
    let (row, rows) = analysis.row_noun();
    writeln!(
        out,
        "- **Best {row} by median iterations: {}**{}, median {} iterations{}, mean {}{}, {} of draws censored.",
        best.label(),
        if analysis.seed == Some(best_index) {
            " (the seed's own order)"
        } else {
            ""
        },
        median_text(best),
        if has_interval(best) {
            " (95% CI in brackets)"
        } else {
            ""
        },
        if best.summary.censored + best.summary.exhausted > 0 {
            "at least "
        } else {
            ""
        },
        thousands(best.summary.mean),
        percent(best.censored_share())
    );
    if let Some(seed) = analysis.seed.filter(|&s| s != best_index) {
        seed_comparison(out, analysis, seed);
    }
    if n > 1 {
        writeln!(
            out,
            "- **Worst {row}: {}**, median {}; {} of its draws reach the cap.",
            worst.label(),
            median_text(worst),
            percent(worst.censored_share())
        );
    }
    let mostly_censored = analysis
        .orderings
        .iter()
        .filter(|o| o.censored_share() > 0.5)
        .count();
    if mostly_censored > 0 {
        writeln!(
            out,
            "- {mostly_censored} of {n} {rows} leave more than half of their draws unsolved at the cap."
        );
    }
}

/// How many pairs of rows differ, and whether the best two do.
fn significance(out: &mut Document, analysis: &Analysis) {
    let best_index = analysis.ranking[0];
    let (row, rows) = analysis.row_noun();
    let significant = analysis
        .comparisons
        .iter()
        .filter(|c| c.holm_p < 0.05)
        .count();
    writeln!(
        out,
        "- {significant} of {} pairs of {rows} differ significantly (Mann–Whitney, Holm-adjusted p < 0.05).",
        analysis.comparisons.len()
    );
    let second = analysis.ranking[1];
    if let Some(c) = analysis.comparison(best_index, second) {
        writeln!(
            out,
            "- The best and the second-best {row} ({}) are {}: Holm-adjusted p = {}.",
            analysis.orderings[second].label(),
            if c.holm_p < 0.05 {
                "significantly different"
            } else {
                "not significantly different"
            },
            p_value(c.holm_p)
        );
    }
}

fn seed_comparison(out: &mut Document, analysis: &Analysis, seed: usize) {
    let best_index = analysis.ranking[0];
    let (best, seed_order) = (&analysis.orderings[best_index], &analysis.orderings[seed]);
    let rank = analysis
        .ranking
        .iter()
        .position(|&i| i == seed)
        .expect("ranked")
        + 1;
    let row = analysis.row_noun().0;
    let fewest = best.summary.draws.min(seed_order.summary.draws);
    let ratio = seed_order.summary.median as f64 / best.summary.median.max(1) as f64;
    let against = if fewest < FEW_TO_COMPARE {
        format!("too few draws ({fewest}) to compare its median with the best {row}'s")
    } else if median_is_censored(best) {
        format!("the best {row}'s median is censored too, so the ratio of medians is unknown")
    } else if median_is_censored(seed_order) {
        format!("at least {ratio:.2}× the median of the best {row}")
    } else {
        format!("{ratio:.2}× the median of the best {row}")
    };
    write!(
        out,
        "- **The seed's order {}** ranks {rank} of {}: median {}, {against}",
        seed_order.label(),
        analysis.orderings.len(),
        median_text(seed_order),
    );
    if let Some(c) = analysis
        .comparison(best_index, seed)
        .filter(|_| fewest >= FEW_TO_COMPARE)
    {
        let best_faster = if c.a == best_index {
            c.test.a_faster
        } else {
            1.0 - c.test.a_faster
        };
        write!(
            out,
            "; a draw of {} needs fewer iterations than one of {} with probability {:.3} (Mann–Whitney p = {}, Holm-adjusted {}: {}).",
            best.label(),
            seed_order.label(),
            best_faster,
            p_value(c.test.p_value),
            p_value(c.holm_p),
            if c.holm_p < 0.05 {
                "significant"
            } else {
                "not significant"
            }
        );
    } else {
        write!(out, ".");
    }
    writeln!(out);
}

/// The fastest search on one thread, from `bench.csv`, against the seed's search on the
/// seed's order when it was benchmarked.
fn speeds(out: &mut Document, analysis: &Analysis, bench: &[BenchSpeed]) {
    let Some(fastest) = bench.first() else {
        return;
    };
    let seed_order = analysis
        .seed
        .map(|i| analysis.orderings[i].label().to_string());
    let seed = bench.iter().find(|b| {
        b.algorithm == "seed" && b.restart == "none" && Some(&b.order) == seed_order.as_ref()
    });
    let against = seed.map_or(String::new(), |seed| {
        format!(
            ", {:.2}× the seed's search on the seed's order ({} boards/s)",
            fastest.boards_per_sec / seed.boards_per_sec,
            thousands(seed.boards_per_sec)
        )
    });
    writeln!(
        out,
        "- **Fastest search on one thread (from `bench.csv`: `boardlab chess-memory bench --threads 1`, median of {} run{}): {}**, {} boards per second{against}. Speeds come from these benchmarks only; the run's own timings share the machine between series and rank them differently from run to run.",
        fastest.runs,
        if fastest.runs == 1 { "" } else { "s" },
        fastest.label(),
        thousands(fastest.boards_per_sec),
    );
}

fn tails(out: &mut Document, analysis: &Analysis) {
    let alphas: Vec<f64> = analysis
        .orderings
        .iter()
        .filter_map(|o| o.tail.as_ref())
        .map(|t| t.alpha)
        .collect();
    if alphas.is_empty() {
        return;
    }
    let (low, high) = (
        alphas.iter().copied().fold(f64::MAX, f64::min),
        alphas.iter().copied().fold(0.0, f64::max),
    );
    let below_two = alphas.iter().filter(|&&a| a < 2.0).count();
    let rows = analysis.row_noun().1;
    let below_two = match below_two {
        0 => "none has".to_string(),
        1 => "1 has".to_string(),
        n => format!("{n} have"),
    };
    writeln!(
        out,
        "- Tails are heavy: where the tail can be estimated ({} {rows}), the Hill estimates of the tail index range from α = {low:.2} to {high:.2}; {below_two} α < 2 (a tail too heavy for a finite variance), which is why medians, not means, rank the {rows}.",
        alphas.len()
    );
}

/// The caveat of a restart optimum that rests on a few solved draws (marked `*` in the
/// table), empty otherwise.
fn extrapolation_caveat(o: &OrderingAnalysis) -> String {
    match o.restart.best {
        Some(best) if o.restart_optimum_is_extrapolated() => {
            let within = (best.solve_probability * o.summary.draws as f64).round();
            format!(
                " (marked * in the table: only {} of {} draws solved within t, fewer than {FEW_DRAWS}, so this optimum is an extrapolation from a few lucky draws, not a finding)",
                thousands(within),
                count(o.summary.draws)
            )
        }
        _ => String::new(),
    }
}

fn restarts(out: &mut Document, analysis: &Analysis) {
    let focus = analysis.seed.unwrap_or(analysis.ranking[0]);
    let o = &analysis.orderings[focus];
    let Some(best) = o.restart.best else { return };
    // The exact mean of summary.csv (the curve works on bins' lower edges).
    let without = match o.restart.mean_without_restart {
        Some(_) => thousands(o.summary.mean),
        None => format!(
            "at least {} (censored draws make the mean unknown)",
            thousands(o.summary.mean)
        ),
    };
    writeln!(
        out,
        "- Restarts: for {} the best cutoff is t = {} iterations, with an expected {} iterations per board, against a mean of {} without restarts{}.",
        o.label(),
        count(best.cutoff),
        thousands(best.cost),
        without,
        extrapolation_caveat(o)
    );
    if let Some((o, b)) = cheapest_restart(analysis) {
        writeln!(
            out,
            "- With its best restart cutoff, the cheapest {} is {}: t = {}, {} iterations per board expected (among optima that rest on at least {FEW_DRAWS} solved draws).",
            analysis.row_noun().0,
            o.label(),
            count(b.cutoff),
            thousands(b.cost)
        );
    }
}

/// The series whose best restart cutoff is cheapest, among optima that are not
/// extrapolations (the restart chart shows it too).
pub fn cheapest_restart(
    analysis: &Analysis,
) -> Option<(&OrderingAnalysis, crate::stats::RestartPoint)> {
    analysis
        .orderings
        .iter()
        .filter_map(|o| o.restart.best.map(|b| (o, b)))
        .filter(|(o, _)| !o.restart_optimum_is_extrapolated())
        .min_by(|a, b| a.1.cost.total_cmp(&b.1.cost))
}

fn kinds(out: &mut Document, analysis: &Analysis) {
    let Some(values) = figures::kind_position_means(analysis) else {
        return;
    };
    let gains = figures::kinds_by_early_gain(&values);
    if gains.iter().all(|(_, gain)| gain.abs() < 0.005) {
        return;
    }
    let censored = analysis
        .orderings
        .iter()
        .filter(|o| median_is_censored(o))
        .count();
    let caveat = if censored > 0 {
        format!(
            " ({censored} of the orders have a censored median, counted at the cap, so cells holding them are lower bounds)"
        )
    } else {
        String::new()
    };
    let describe = |(kind, gain): &(crate::chess_memory::pieces::Kind, f64)| {
        format!("{}s ({:.2} decades)", kind.name(), gain)
    };
    writeln!(
        out,
        "- Which kinds to place early: placing a kind first rather than last lowers the orders' median (mean of log10 over the six orders per cell) most for {}, then {}, {} and {}; a negative value means the kind is better placed late{caveat}.",
        describe(&gains[0]),
        describe(&gains[1]),
        describe(&gains[2]),
        describe(&gains[3])
    );
}

fn table(out: &mut Document, analysis: &Analysis) {
    writeln!(out, "## Ranking\n");
    let (row, rows) = analysis.row_noun();
    let heading = format!(
        "{}{} ranked {RANKING_RULE}, best first. An asterisk marks a restart optimum that rests on fewer than {FEW_DRAWS} solved draws.",
        rows[..1].to_uppercase(),
        &rows[1..]
    );
    writeln!(out, "{heading}\n");
    let mut table = Table::aligned(&[
        ("rank", Align::Right),
        (row, Align::Left),
        ("median [95% CI]", Align::Right),
        ("mean", Align::Right),
        ("p99", Align::Right),
        ("censored", Align::Right),
        ("tail index α", Align::Right),
        ("best restart cutoff", Align::Right),
        ("expected cost there", Align::Right),
    ]);
    for (rank, &i) in analysis.ranking.iter().enumerate() {
        table.row(ranking_row(analysis, rank, i));
    }
    out.table(&table);
    writeln!(out);
}

/// The ranking table's row of the ordering `i`, ranked `rank` (from 0).
fn ranking_row(analysis: &Analysis, rank: usize, i: usize) -> [String; 9] {
    let o = &analysis.orderings[i];
    let marker = if Some(i) == analysis.seed {
        " (seed's)"
    } else {
        ""
    };
    let mean = if o.summary.censored + o.summary.exhausted > 0 {
        format!("≥ {}", thousands(o.summary.mean))
    } else {
        thousands(o.summary.mean)
    };
    let p99 = if Some(o.summary.p99) == analysis.cap && o.censored_share() >= 0.01 {
        format!("≥ {}", count(o.summary.p99))
    } else {
        count(o.summary.p99)
    };
    let tail = o.tail.as_ref().map_or("–".to_string(), |t| {
        format!(
            "{:.2} ± {:.2}",
            t.alpha,
            t.alpha * t.gamma_std_error / t.gamma
        )
    });
    let (cutoff, cost) = o
        .restart
        .best
        .map_or(("–".to_string(), "–".to_string()), |b| {
            // Optima resting on a handful of draws are extrapolations: mark them.
            let mark = if o.restart_optimum_is_extrapolated() {
                "*"
            } else {
                ""
            };
            (
                format!("{}{mark}", count(b.cutoff)),
                format!("{}{mark}", thousands(b.cost)),
            )
        });
    [
        (rank + 1).to_string(),
        format!("{}{marker}", o.label()),
        median_text(o),
        mean,
        p99,
        percent(o.censored_share()),
        tail,
        cutoff,
        cost,
    ]
}

fn method(out: &mut Document, analysis: &Analysis) {
    let b = &analysis.bootstrap;
    writeln!(out, "## Method\n");
    writeln!(
        out,
        "- Every draw runs until its board is complete or the iteration cap is reached (*censored*); every board counted was checked by the validator."
    );
    writeln!(
        out,
        "- Median, mean and p99 are exact, from `summary.csv`, over all draws with censored draws at the cap (so with censoring the mean is a lower bound and a quantile equal to the cap means \"at least\"). Quantiles are the inverse of the empirical distribution function (Hyndman and Fan type 1; the median is the lower middle value)."
    );
    writeln!(out, "- Ranking: {RANKING_RULE}.");
    writeln!(
        out,
        "- The other statistics use `histogram.csv`, whose bins are at most 1/64 (1.6%) wide, with each draw at its bin's lower edge."
    );
    writeln!(
        out,
        "- Median CI: percentile bootstrap with {} replicates, level {}, seeded with the master seed and the order's name; its ends are widened to whole bins.",
        b.replicates, b.level
    );
    writeln!(
        out,
        "- Pairwise comparison: Mann–Whitney U with censored draws tied above every solved draw, tie-corrected normal approximation, two-sided; Holm's correction over all {} pairs.",
        analysis.comparisons.len()
    );
    writeln!(
        out,
        "- Tail index: censored Hill estimator (Beirlant et al. 2007) over the censored draws and the top 5% of solved draws; α ± one standard error; not reported (–) when more than {} of the draws are censored, since the tail then lies mostly beyond the cap.",
        percent(crate::chess_memory::analysis::MAX_CENSORED_FOR_TAIL)
    );
    writeln!(
        out,
        "- Restarts: for a cutoff t, the expected total iterations of restarting every t iterations until solved is E[min(T, t)] / P(T ≤ t) (Luby, Sinclair and Zuckerman 1993), evaluated at every observed value of t. An asterisk marks optima where fewer than {FEW_DRAWS} draws solved within t: they rest on a handful of lucky draws."
    );
}
