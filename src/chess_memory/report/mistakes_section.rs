//! The report's section on where the seed's backtracker goes wrong, from the output of
//! `boardlab chess-memory sat mistakes --summary` kept in the results folder as `mistakes.json`.

use crate::chess_memory::analysis::Analysis;
use crate::chess_memory::sat::mistakes::{MistakesSummary, OrderSummary};
use crate::output::document::{Align, Document, Table};
use crate::output::numbers::{count, percent};

/// How many draws made a mistake: those located exactly and those located only
/// approximately (a question over the solver's budget) both made one.
fn mistake_count(draws: usize, exact: usize, approximate: usize) -> String {
    let made = exact + approximate;
    let all = if made == draws {
        format!("All {draws} draws made a mistake")
    } else {
        format!("{made} of {draws} draws made a mistake")
    };
    if approximate == 0 {
        format!("{all}, each located exactly.")
    } else {
        format!(
            "{all}: {exact} located exactly, {approximate} only approximately (a question there exceeded the solver's effort budget)."
        )
    }
}

pub fn write(out: &mut Document, analysis: &Analysis, mistakes: &MistakesSummary) {
    writeln!(out, "## Where the backtracker goes wrong\n");
    writeln!(
        out,
        "`boardlab chess-memory sat mistakes` replayed {} draws of each order (master seed {}, cap {} iterations) and, after every placed pair whose board could still be completed, asked the SAT solver whether the new board can be. The first placement after which no board exists is the draw's *mistake*; everything the search does below it is wasted. (`boardlab chess-memory sat mistakes --order <the orders> --draws N --seed S --cap C --summary mistakes.json`, kept here as `mistakes.json`.)\n",
        mistakes.draws,
        mistakes.seed,
        count(mistakes.cap),
    );
    let draws: usize = mistakes.summaries.iter().map(|s| s.draws).sum();
    let with: usize = mistakes.summaries.iter().map(|s| s.with_mistake).sum();
    let unresolved: usize = mistakes.summaries.iter().map(|s| s.unresolved).sum();
    let shares = mistakes.summaries.iter().map(|s| s.dead_share);
    let (low, high) = (
        shares.clone().fold(f64::MAX, f64::min),
        shares.fold(0.0, f64::max),
    );
    writeln!(out, "- {}", mistake_count(draws, with, unresolved));
    writeln!(
        out,
        "- Per order, {} to {} of all iterations are spent below mistakes.",
        percent(low),
        percent(high)
    );
    let mut rows: Vec<_> = mistakes.summaries.iter().collect();
    let rank = |order: &str| {
        analysis
            .ranking
            .iter()
            .position(|&i| analysis.orderings[i].label() == order)
    };
    rows.sort_by_key(|s| rank(&s.order).unwrap_or(usize::MAX));
    if let (Some(first), Some(last)) = (rows.first(), rows.last()) {
        let step = |s: &OrderSummary| {
            s.median_mistake_step
                .map_or("–".to_string(), |m| format!("{m}"))
        };
        writeln!(
            out,
            "- The best-ranked order, {}, makes its first mistake at median step {}; the worst-ranked, {}, at step {}. The chart shows the steps for every order, best first.\n",
            first.order,
            step(first),
            last.order,
            step(last)
        );
    }
    mistakes_table(out, &rows);
}

/// One row per order, in the ranking's order: its draws, the median step of its mistake
/// and the share of its iterations spent below mistakes.
fn mistakes_table(out: &mut Document, rows: &[&OrderSummary]) {
    let mut table = Table::aligned(&[
        ("order", Align::Left),
        ("draws", Align::Right),
        ("solved", Align::Right),
        ("median step of the mistake", Align::Right),
        ("iterations below mistakes", Align::Right),
        ("unresolved", Align::Right),
    ]);
    for s in rows {
        table.row([
            s.order.to_string(),
            s.draws.to_string(),
            s.solved.to_string(),
            s.median_mistake_step
                .map_or("–".to_string(), |m| format!("{m}")),
            percent(s.dead_share),
            s.unresolved.to_string(),
        ]);
    }
    out.table(&table);
    writeln!(out);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn approximately_located_mistakes_are_mistakes() {
        assert_eq!(
            mistake_count(720, 712, 8),
            "All 720 draws made a mistake: 712 located exactly, 8 only approximately (a question there exceeded the solver's effort budget)."
        );
        assert_eq!(
            mistake_count(30, 29, 0),
            "29 of 30 draws made a mistake, each located exactly."
        );
    }
}
