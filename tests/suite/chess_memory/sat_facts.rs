//! The committed counts in `results/sat/counts.csv` (made by `scripts/sat-counts.sh` with the
//! SAT counter) checked again by the independent brute-force enumerator, wherever it is cheap.

use crate::common;

use boardlab::chess_memory::board::{Board, BoardSize};
use boardlab::chess_memory::queue::Queue;
use common::brute;
use std::collections::HashSet;

/// Binomial coefficient, saturating.
fn choose(n: u64, k: u64) -> u64 {
    (0..k).fold(1u64, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

#[test]
fn committed_counts_agree_with_brute_force() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/results/sat/counts.csv");
    let csv = std::fs::read_to_string(path).unwrap();
    let mut checked = 0;
    for line in csv.lines().skip(1) {
        let fields: Vec<&str> = line.split(',').collect();
        let (n, order, boards, classes) = (fields[0], fields[1], fields[4], fields[5]);
        let Ok(boards) = boards.parse::<u64>() else {
            continue; // refused by the counter
        };
        let size = BoardSize::new(n.parse().unwrap()).unwrap();
        let queue = Queue::parse(order, size).unwrap();
        // Cost of the enumeration: subsets of the squares for the first symbol placed (the
        // 5×5 rows with ten or more pieces of one symbol, millions of subsets, are left out).
        let pieces = queue.piece_counts();
        let first = pieces.iter().copied().find(|&c| c > 0).unwrap_or(0) as u64;
        if choose(size.squares() as u64, first) > 2_000_000 {
            continue;
        }
        let mut found = Vec::new();
        brute::for_each_board(size, pieces, &Board::empty(size), &mut |b| {
            found.push(b.clone());
            true
        });
        let canonical: HashSet<_> = found.iter().map(brute::canonical).collect();
        assert_eq!(found.len() as u64, boards, "{line}");
        assert_eq!(canonical.len().to_string(), classes, "{line}");
        checked += 1;
    }
    assert!(checked >= 55, "only {checked} rows were checked");
}
