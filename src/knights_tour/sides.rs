//! Which board sides a knight's-tour report gives a row, a column or a panel of its own.
//! A spec may run any sides, so the report's tables and charts take their sides from the
//! sides the spec ran, preferring those the literature quotes (Ganzfried's 7, 8, 50 and 100)
//! when they are among them, and never show a side the spec did not ask for.

/// The most sides a table gives a row or a column of its own.
pub const MOST_SIDES: usize = 8;

/// The sides a table shows, ascending, out of the sides `run`: all of them when there are
/// at most `most`; else those of `preferred` (the sides the literature quotes) that were
/// run; else `most` sides spread evenly from the smallest to the largest. A table so never
/// has a row for a side the spec did not ask for.
pub fn sides_to_show(run: &[u32], preferred: &[u32], most: usize) -> Vec<u32> {
    let mut run = run.to_vec();
    run.sort_unstable();
    run.dedup();
    if run.len() <= most {
        return run;
    }
    let quoted: Vec<u32> = run
        .iter()
        .copied()
        .filter(|n| preferred.contains(n))
        .collect();
    if !quoted.is_empty() {
        return quoted;
    }
    let last = run.len() - 1;
    let steps = (most - 1).max(1);
    let mut spread: Vec<u32> = (0..most).map(|i| run[i * last / steps]).collect();
    spread.dedup();
    spread
}

/// `7`, `7 and 8`, `7, 8, 50 and 100`.
pub fn and_list(items: &[u32]) -> String {
    let text: Vec<String> = items.iter().map(u32::to_string).collect();
    match text.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => text.join(""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn few_sides_are_all_shown_and_many_only_those_quoted_or_spread() {
        assert_eq!(sides_to_show(&[8, 6, 7, 6], &[7, 8, 50, 100], 8), [6, 7, 8]);
        let wide: Vec<u32> = (5..=64).chain([80, 100, 1000]).collect();
        assert_eq!(sides_to_show(&wide, &[7, 8, 50, 100], 8), [7, 8, 50, 100]);
        // None of the quoted sides run: eight spread from the first to the last.
        let plain: Vec<u32> = (10..=40).collect();
        assert_eq!(
            sides_to_show(&plain, &[7, 8, 50, 100], 8),
            [10, 14, 18, 22, 27, 31, 35, 40]
        );
        assert!(sides_to_show(&[], &[8], 8).is_empty());
        assert_eq!(sides_to_show(&[5, 6, 7], &[8, 100], 2), [5, 7]);
        assert_eq!(sides_to_show(&[5, 6, 7], &[8], 1), [5]);
    }

    #[test]
    fn lists_read_as_prose() {
        assert_eq!(and_list(&[7]), "7");
        assert_eq!(and_list(&[7, 8]), "7 and 8");
        assert_eq!(and_list(&[7, 8, 50, 100]), "7, 8, 50 and 100");
    }
}
