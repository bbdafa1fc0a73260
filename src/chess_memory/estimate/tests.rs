//! Both estimators against exact counts: the count of [`crate::chess_memory::counting`] (itself
//! checked against a SAT counter and brute force) and the published numbers of pairings.

use super::by_square::{self, CoverProblem};
use super::by_symbol::SymbolStages;
use super::{ProbeSummary, run_probes};
use crate::chess_memory::board::{Board, BoardSize};
use crate::chess_memory::counting::{PairShape, count_boards};
use crate::chess_memory::queue::parse_order;
use crate::chess_memory::rules::{check_composition, validate};
use crate::chess_memory::sat::Instance;
use std::collections::HashSet;

fn instance(order: &str, n: usize) -> Instance {
    let size = BoardSize::new(n).unwrap();
    Instance::from_queue(&parse_order(order, size).unwrap())
}

fn exact(instance: &Instance) -> u128 {
    count_boards(instance, false, 10_000_000, &mut |_, _, _| ())
        .unwrap()
        .boards
}

/// A visitor that fails on any board the validator or the composition refuses.
fn checked(instance: &Instance) -> impl FnMut(&Board) + '_ {
    move |board: &Board| {
        assert_eq!(validate(board), vec![], "{board:?}");
        check_composition(board, &instance.piece_counts()).unwrap();
    }
}

/// Small instances of several kinds, full and with empty squares.
const SMALL: [(&str, usize); 6] = [
    ("queue:RRrr", 4),
    ("queue:NNnn", 4),
    ("queue:QBb", 4),
    ("queue:QNB", 5),
    ("queue:QqNn", 5),
    ("QNBR", 4),
];

#[test]
fn with_the_whole_board_as_tail_each_method_is_the_exact_count() {
    for (order, n) in SMALL {
        let instance = instance(order, n);
        let count = exact(&instance);
        assert!(count > 0, "{order} {n}");
        let by_square = by_square::count_exactly(&CoverProblem::of_instance(&instance));
        assert_eq!(by_square, count, "by square, {order} on {n}×{n}");
        let probe = by_square::probe(&CoverProblem::of_instance(&instance), 64, 1, 0);
        assert_eq!(probe, count as f64, "one probe, {order} on {n}×{n}");
        let by_symbol = SymbolStages::new(&instance, 8).probe(1, 0);
        assert_eq!(by_symbol, count as f64, "by symbol, {order} on {n}×{n}");
    }
}

#[test]
fn every_board_the_methods_build_is_valid_and_built_once() {
    for (order, n) in &SMALL[..4] {
        let instance = instance(order, *n);
        let count = exact(&instance);
        let mut seen = HashSet::new();
        let mut check = checked(&instance);
        let problem = CoverProblem::of_instance(&instance);
        let value = by_square::probe_visiting(&problem, 64, 1, 0, &mut |board| {
            check(board);
            assert!(
                seen.insert(board.clone()),
                "by square built {board:?} twice"
            );
        });
        assert_eq!((value, seen.len() as u128), (count as f64, count));
        seen.clear();
        let stages = SymbolStages::new(&instance, 8);
        let value = stages.probe_visiting(1, 0, &mut |board| {
            check(board);
            assert!(
                seen.insert(board.clone()),
                "by symbol built {board:?} twice"
            );
        });
        assert_eq!((value, seen.len() as u128), (count as f64, count));
    }
}

/// `probes` probes of `probe`, with the exact count inside their 95% interval.
fn assert_brackets(what: &str, count: f64, probes: u64, probe: impl Fn(u64) -> f64 + Sync) {
    let summary = ProbeSummary::of(&run_probes(probes, probe));
    let (low, high) = summary.interval();
    assert!(
        low <= count && count <= high && summary.relative_error() > 0.0,
        "{what}: {count} outside {low}..{high} ({summary:?})"
    );
}

#[test]
fn sampled_probes_bracket_the_exact_count_and_reach_only_valid_boards() {
    for (order, n) in [("QNBR", 4), ("queue:QqNn", 5)] {
        let instance = instance(order, n);
        let count = exact(&instance) as f64;
        let problem = CoverProblem::of_instance(&instance);
        assert_brackets(&format!("by square, {order}"), count, 400, |i| {
            by_square::probe_visiting(&problem, 6, 7, i, &mut checked(&instance))
        });
        let stages = SymbolStages::new(&instance, 2);
        assert_brackets(&format!("by symbol, {order}"), count, 400, |i| {
            stages.probe_visiting(7, i, &mut checked(&instance))
        });
    }
}

#[test]
fn the_square_method_covers_the_board_with_pairs_of_one_shape() {
    // OEIS A004003 (domino tilings) and A289202 (knight's-move pairings).
    let cases = [
        (6, PairShape::Adjacent, 6728),
        (8, PairShape::Adjacent, 12_988_816),
        (6, PairShape::Knight, 10_304),
        (8, PairShape::Knight, 2_849_759_680),
    ];
    for (n, shape, published) in cases {
        let problem = CoverProblem::pairing(BoardSize::new(n).unwrap(), shape);
        assert_eq!(by_square::count_exactly(&problem), published, "{shape} {n}");
    }
    let odd = CoverProblem::pairing(BoardSize::new(5).unwrap(), PairShape::Adjacent);
    assert_eq!(by_square::count_exactly(&odd), 0);
    let dominoes = CoverProblem::pairing(BoardSize::STANDARD, PairShape::Adjacent);
    assert_brackets("dominoes 8×8", 12_988_816.0, 300, |i| {
        by_square::probe(&dominoes, 16, 3, i)
    });
}

#[test]
fn the_probes_do_not_depend_on_the_number_of_threads() {
    let instance = instance("QNBR", 4);
    let problem = CoverProblem::of_instance(&instance);
    let stages = SymbolStages::new(&instance, 2);
    let values = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            let squares = run_probes(50, |i| by_square::probe(&problem, 6, 5, i));
            let symbols = run_probes(50, |i| stages.probe(5, i));
            (squares, symbols)
        })
    };
    assert_eq!(values(1), values(3));
}
