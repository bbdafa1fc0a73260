//! ChessMemory's ranking of a results folder in the terminal, from its `summary.csv` (and the
//! cap from `manifest.json` when it is there): series ranked by median iterations, ties by
//! the mean of log10(iterations); a quantile at the cap reads "≥ cap", at least that many, and
//! the mean of a series with unsolved draws "≥ mean", a lower bound.

use crate::chess_memory::data::summary::{self, SummaryRow};
use crate::experiment::Describe;
use crate::experiment::Manifest;
use crate::experiment::StudyError;
use crate::experiment::inspect::ShowOptions;
use crate::output::numbers::{count, percent, thousands};
use std::path::Path;

/// Results of this module: a puzzle's error ([`StudyError`]) unless another is named.
type Result<T, E = StudyError> = std::result::Result<T, E>;

/// The rows of `DIR/summary.csv`, best median first.
pub fn ranked(dir: &Path) -> Result<Vec<SummaryRow>> {
    let mut rows = summary::read(&dir.join("summary.csv"))
        .describe(|| format!("{} is not a results folder", dir.display()))?;
    if rows.is_empty() {
        return Err(format!("{}/summary.csv has no series", dir.display()).into());
    };
    rows.sort_by(|a, b| {
        (a.median, a.mean_log10)
            .partial_cmp(&(b.median, b.mean_log10))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    Ok(rows)
}

/// `boardlab show` of a ChessMemory folder: the ranking, of the series the options keep.
pub fn show(dir: &Path, options: &ShowOptions) -> Result<String> {
    let mut rows = ranked(dir)?;
    rows.retain(|row| options.keeps(&row.ordering));
    if rows.is_empty() {
        return Err(options.nothing_kept(dir));
    }
    Ok(table(dir, &rows, folder_cap(dir), options.top))
}

/// The run's iteration cap, when the folder's manifest names one.
pub fn folder_cap(dir: &Path) -> Option<u64> {
    let manifest = Manifest::read(&dir.join("manifest.json")).ok()?;
    manifest.spec.get("cap").and_then(serde_json::Value::as_u64)
}

/// An iteration count, or `≥ cap` where it is at the cap (a censored quantile), as the
/// report writes it.
pub fn iterations(value: u64, cap: Option<u64>) -> String {
    match cap {
        Some(cap) if value >= cap => format!("≥ {}", count(cap)),
        _ => count(value),
    }
}

/// The mean iterations of a series, `≥ 12,345` where some draws were cut off by the cap or
/// ran out of moves: their iterations count only up to where they stopped, so the mean is
/// a lower bound, as the report marks it.
pub fn mean(row: &SummaryRow) -> String {
    let mean = thousands(row.mean);
    match row.censored + row.exhausted {
        0 => mean,
        _ => format!("≥ {mean}"),
    }
}

/// The ranking as an aligned table, the first `top` series only when given.
pub fn table(dir: &Path, rows: &[SummaryRow], cap: Option<u64>, top: Option<usize>) -> String {
    let draws: u64 = rows.iter().map(|r| r.draws).sum();
    let cap_note = cap.map_or(String::new(), |c| format!(", cap {}", count(c)));
    let mut out = format!(
        "{}: {} series, {} draws{cap_note}\n",
        dir.display(),
        rows.len(),
        count(draws)
    );
    out += &format!(
        "{:>4}  {:<20} {:>9} {:>9} {:>10} {:>10} {:>10}\n",
        "rank", "series", "draws", "censored", "median", "mean", "p99"
    );
    for (rank, row) in rows.iter().enumerate().take(top.unwrap_or(usize::MAX)) {
        let unsolved = (row.censored + row.exhausted) as f64 / row.draws.max(1) as f64;
        out += &format!(
            "{:>4}  {:<20} {:>9} {:>9} {:>10} {:>10} {:>10}\n",
            rank + 1,
            row.ordering,
            count(row.draws),
            percent(unsolved),
            iterations(row.median, cap),
            mean(row),
            iterations(row.p99, cap)
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(ordering: &str, median: u64, censored: u64) -> SummaryRow {
        SummaryRow {
            ordering: ordering.into(),
            search: "seed".into(),
            restart: "none".into(),
            order: ordering.into(),
            queue: String::new(),
            cap: Some(500_000),
            draws: 100,
            solved: 100 - censored,
            censored,
            exhausted: 0,
            mean: 1234.5,
            median,
            p90: median * 2,
            p99: 500_000,
            max: 500_000,
            mean_log10: 3.0,
        }
    }

    #[test]
    fn the_table_ranks_marks_censored_quantiles_and_fits_80_columns() {
        let rows = [
            row("NQBR", 24_728, 1),
            row("seed+fixed:9983/RNQB", 500_000, 60),
        ];
        let text = table(Path::new("results/x"), &rows, Some(500_000), None);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "results/x: 2 series, 200 draws, cap 500,000");
        assert!(lines[2].contains("NQBR") && lines[2].contains("24,728"));
        assert!(lines[3].contains("60.0%") && lines[3].contains("≥ 500,000"));
        // Unsolved draws make the mean a lower bound; none leave it as it is.
        assert!(lines[3].contains("≥ 1,235"), "{text}");
        assert!(lines[2].contains("≥ 1,235"), "{text}");
        let solved = [row("QNBR", 24_728, 0)];
        let text = table(Path::new("results/x"), &solved, None, None);
        assert!(text.contains(" 1,235 ") && !text.contains('≥'), "{text}");
        assert!(
            lines.iter().all(|line| line.chars().count() <= 80),
            "{text}"
        );
    }
}
