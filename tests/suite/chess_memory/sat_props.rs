//! Property tests of the SAT path against independent checkers: the validator, a brute-force
//! enumerator (tests/suite/common/brute.rs) and a DRUP checker (tests/suite/common/rup.rs). Failing cases
//! are kept in `proptest-regressions/sat_props.txt` and replayed first.

use crate::common;

use boardlab::chess_memory::board::{Board, BoardSize, Square};
use boardlab::chess_memory::pieces::Symbol;
use boardlab::chess_memory::queue::{Queue, all_type_orders};
use boardlab::chess_memory::rules::{check_composition, validate};
use boardlab::chess_memory::sat::{
    Encoding, Extension, Instance, count, extend, extend_with_proof, solve,
};
use boardlab::chess_memory::search::{Outcome, seed_draw};
use common::{brute, rup};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use std::collections::HashSet;

/// Few cases so the suite stays fast; failures are saved to (and replayed from) the committed
/// regression file. Tests run with the package root as working directory.
fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/sat_props.txt",
        ))),
        ..ProptestConfig::default()
    }
}

fn size(n: usize) -> BoardSize {
    BoardSize::new(n).unwrap()
}

/// A queue of `pairs` letters drawn from `QNBRqnbr` by the given indices.
fn queue_of(n: usize, letters: &[usize]) -> Queue {
    let text: String = letters
        .iter()
        .map(|&i| Symbol::from_index(i).letter())
        .collect();
    Queue::parse(&text, size(n)).unwrap()
}

/// A random board of the instance's size with `pieces` random pieces on random squares.
fn random_partial(n: usize, cells: &[(usize, usize)]) -> Board {
    let mut board = Board::empty(size(n));
    for &(square, symbol) in cells {
        board.set(
            Square((square % (n * n)) as u8),
            Some(Symbol::from_index(symbol)),
        );
    }
    board
}

proptest! {
    #![proptest_config(config(64))]

    /// Every board of the backtracker satisfies every clause of the encoding.
    #[test]
    fn backtracker_boards_satisfy_the_cnf(n in 4usize..=8, order in 0usize..24, seed in 0u64..1000) {
        let queue = Queue::from_type_order(all_type_orders()[order], size(n));
        let draw = seed_draw(&queue, seed, 0, Some(200_000)).unwrap();
        prop_assume!(draw.outcome == Outcome::Solved);
        let encoding = Encoding::new(&Instance::from_queue(&queue));
        let assignment = encoding.assignment(&draw.board);
        prop_assert_eq!(encoding.cnf().first_falsified(&assignment), None);
        prop_assert_eq!(encoding.decode(&assignment), draw.board);
    }

    /// On boards with the right pieces, the clauses and the validator agree both ways:
    /// rearranging a valid board's pieces breaks a clause exactly when the validator objects.
    #[test]
    fn clauses_and_validator_agree_on_rearranged_boards(
        n in 4usize..=6, seed in 0u64..1000, swaps in prop::collection::vec((0usize..64, 0usize..64), 1..4)
    ) {
        let queue = Queue::seed(size(n));
        let draw = seed_draw(&queue, seed, 0, None).unwrap();
        let mut board = draw.board.clone();
        for (a, b) in swaps {
            let (a, b) = (Square((a % (n * n)) as u8), Square((b % (n * n)) as u8));
            let (x, y) = (board.get(a), board.get(b));
            board.set(a, y);
            board.set(b, x);
        }
        let encoding = Encoding::new(&Instance::from_queue(&queue));
        let satisfied = encoding.cnf().first_falsified(&encoding.assignment(&board)).is_none();
        prop_assert_eq!(satisfied, validate(&board).is_empty());
    }

    /// Every SAT model is a valid board with the instance's pieces.
    #[test]
    fn sat_models_pass_the_validator(
        n in 4usize..=6, letters in prop::collection::vec(0usize..8, 1..6), seed in 0u64..1000
    ) {
        let queue = queue_of(n, &letters);
        let instance = Instance::from_queue(&queue);
        let solved = solve(&instance, seed).unwrap();
        if let Some(board) = solved.board {
            prop_assert!(validate(&board).is_empty());
            prop_assert!(check_composition(&board, &queue.piece_counts()).is_ok());
        } else if n == 4 {
            prop_assert_eq!(brute::count(size(4), queue.piece_counts(), &Board::empty(size(4))), 0);
        }
    }

    /// `extend` agrees with exhaustive search on random partial boards of small instances, and
    /// every "no" comes with a DRAT proof that an independent checker accepts.
    #[test]
    fn extend_agrees_with_exhaustive_search(
        n in 4usize..=5,
        letters in prop::collection::vec(0usize..8, 1..4),
        cells in prop::collection::vec((0usize..25, 0usize..8), 0..5),
    ) {
        let queue = queue_of(n, &letters);
        let instance = Instance::from_queue(&queue);
        let partial = random_partial(n, &cells);
        let expected = brute::completable(size(n), queue.piece_counts(), &partial);
        let answer = extend(&instance, &partial).unwrap();
        prop_assert_eq!(matches!(answer, Extension::Completion(_)), expected);
        if let Extension::Completion(board) = &answer {
            prop_assert!(validate(board).is_empty());
        } else {
            let mut proof = Vec::new();
            prop_assert_eq!(extend_with_proof(&instance, &partial, &mut proof).unwrap(), Extension::Impossible);
            let encoding = Encoding::new(&instance);
            let formula = boardlab::chess_memory::sat::formula_with_partial(&encoding, &partial).unwrap();
            let mut dimacs = Vec::new();
            boardlab::chess_memory::sat::dimacs::write_dimacs(&mut dimacs, &encoding, &formula, 0).unwrap();
            let checked = rup::check_refutation(
                &String::from_utf8(dimacs).unwrap(),
                &String::from_utf8(proof).unwrap(),
            );
            prop_assert_eq!(checked, Ok(()));
        }
    }
}

proptest! {
    #![proptest_config(config(24))]

    /// Counts, plain and up to symmetry, equal the brute-force counts.
    #[test]
    fn counts_agree_with_brute_force(n in 4usize..=5, letters in prop::collection::vec(0usize..8, 1..3)) {
        let queue = queue_of(n, &letters);
        let mut boards = Vec::new();
        brute::for_each_board(size(n), queue.piece_counts(), &Board::empty(size(n)), &mut |b| {
            boards.push(b.clone());
            true
        });
        let classes: HashSet<_> = boards.iter().map(brute::canonical).collect();
        let instance = Instance::from_queue(&queue);
        let by_symmetry = count(&instance, 100_000, true).unwrap();
        prop_assert_eq!(by_symmetry.boards, boards.len() as u64);
        prop_assert_eq!(by_symmetry.classes, Some(classes.len() as u64));
        if boards.len() <= 3000 {
            prop_assert_eq!(count(&instance, 100_000, false).unwrap().boards, boards.len() as u64);
        }
    }
}

/// Fixed instances with more pieces, counted both ways.
#[test]
fn counts_of_fuller_4x4_instances_agree_with_brute_force() {
    for order in ["RRrr", "NNnn", "BBbb", "QQq"] {
        let queue = Queue::parse(order, size(4)).unwrap();
        let mut boards = Vec::new();
        brute::for_each_board(
            size(4),
            queue.piece_counts(),
            &Board::empty(size(4)),
            &mut |b| {
                boards.push(b.clone());
                true
            },
        );
        let classes: HashSet<_> = boards.iter().map(brute::canonical).collect();
        let result = count(&Instance::from_queue(&queue), 1_000_000, true).unwrap();
        assert_eq!(result.boards, boards.len() as u64, "{order}");
        assert_eq!(result.classes, Some(classes.len() as u64), "{order}");
    }
}
