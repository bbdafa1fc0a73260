//! Warnsdorff's rule and its tie-breaks: the literature's anchors, every rule's tours through
//! the validator, reproducibility, large boards, closed tours and the backtracking search
//! agreeing with the SAT solver on which small boards have tours.

use boardlab::knights_tour::validate::validate_path;
use boardlab::knights_tour::{
    Board, Outcome, Rule, Square, draw, draw_backtracking, sat, validate_closed_tour, validate_tour,
};
use boardlab::rng::stream;

fn rule(text: &str) -> Rule {
    text.parse().unwrap()
}

/// The contract's tour of ordering 12345678 from (row 1, column 1), rows top to bottom.
const ORDER_12345678: [[u32; 8]; 8] = [
    [1, 16, 27, 22, 3, 18, 47, 56],
    [26, 23, 2, 17, 46, 57, 4, 19],
    [15, 28, 25, 62, 21, 48, 55, 58],
    [24, 35, 30, 45, 60, 63, 20, 5],
    [29, 14, 61, 34, 49, 44, 59, 54],
    [36, 31, 38, 41, 64, 53, 6, 9],
    [13, 40, 33, 50, 11, 8, 43, 52],
    [32, 37, 12, 39, 42, 51, 10, 7],
];

#[test]
fn ordering_12345678_from_the_corner_gives_the_published_tour() {
    let board = Board::square(8).unwrap();
    let mut rng = stream(1, "anchor", 0);
    let got = draw(
        board,
        Square::new(0, 0),
        &rule("order:12345678"),
        false,
        &mut rng,
    )
    .unwrap();
    assert_eq!(got.outcome, Outcome::Tour);
    for (step, square) in got.path.iter().enumerate() {
        assert_eq!(
            ORDER_12345678[square.y as usize][square.x as usize],
            step as u32 + 1
        );
    }
}

#[test]
fn ordering_36875124_from_row_1_column_3_dead_ends_after_17_squares() {
    let board = Board::square(5).unwrap();
    let mut rng = stream(1, "anchor", 0);
    let got = draw(
        board,
        Square::new(2, 0),
        &rule("order:36875124"),
        false,
        &mut rng,
    )
    .unwrap();
    assert_eq!(got.outcome, Outcome::DeadEnd);
    assert_eq!(got.squares_reached, 17);
    assert_eq!(got.path.len(), 17);
}

#[test]
fn every_rule_reports_only_validated_paths_on_many_boards() {
    let rules = [
        "seed",
        "order:12345678",
        "order:87654321",
        "random",
        "pohl",
        "roth",
    ];
    for (w, h) in [
        (1, 1),
        (1, 5),
        (2, 7),
        (3, 4),
        (3, 7),
        (5, 5),
        (6, 9),
        (8, 8),
    ] {
        let board = Board::new(w, h).unwrap();
        for name in rules {
            for index in 0..3 {
                let start = board.square_at(index * 7 % board.squares());
                let mut rng = stream(3, name, index as u64);
                let got = draw(board, start, &rule(name), false, &mut rng).unwrap();
                let (w, h) = (w as u32, h as u32);
                match got.outcome {
                    Outcome::Tour => validate_tour(w, h, &got.path).unwrap(),
                    _ => validate_path(w, h, &got.path).unwrap(),
                }
                assert_eq!(got.squares_reached, got.path.len() as u64);
            }
        }
    }
}

#[test]
fn draws_depend_only_on_their_arguments() {
    let board = Board::square(30).unwrap();
    let start = Square::new(0, 0);
    let one = draw(board, start, &Rule::Random, false, &mut stream(9, "r", 4)).unwrap();
    let two = draw(board, start, &Rule::Random, false, &mut stream(9, "r", 4)).unwrap();
    assert_eq!(one, two);
    let other = draw(board, start, &Rule::Random, false, &mut stream(9, "r", 5)).unwrap();
    assert_ne!(one.path, other.path);
    assert!(one.tie_breaks > 0);
}

/// Squirrel's algorithm is not a tour for every n ≥ 5: Ganzfried (2004, p. 9) finds it
/// completes from the corner for every 5 ≤ m < 112 except m = 74 (Squirrel claimed m ≥ 112).
/// Squirrel's own `tour.py`/`config.py` (`douglassquirrel/warnsdorff`, d5aa9ae) dead-ends
/// at n = 74 too, after 5432 of 5476 squares on (row 27, column 36), square for square as here.
#[test]
fn squirrels_algorithm_completes_from_the_corner_on_every_size_5_to_100_but_74() {
    let mut rng = stream(0, "squirrel", 0);
    for n in 5..=100 {
        let board = Board::square(n).unwrap();
        let got = draw(board, Square::new(0, 0), &Rule::Squirrel, false, &mut rng).unwrap();
        if n == 74 {
            assert_eq!(got.outcome, Outcome::DeadEnd, "n = {n}");
            assert_eq!(got.squares_reached, 5432);
            assert_eq!(got.path.last(), Some(&Square::new(35, 26)));
        } else {
            assert_eq!(got.outcome, Outcome::Tour, "n = {n}");
        }
    }
}

#[test]
fn a_thousand_by_thousand_tour_is_found_and_valid() {
    let board = Board::square(1000).unwrap();
    for name in ["squirrel", "roth"] {
        let got = draw(
            board,
            Square::new(0, 0),
            &rule(name),
            false,
            &mut stream(1, name, 0),
        )
        .unwrap();
        assert_eq!(got.outcome, Outcome::Tour, "{name}");
        assert_eq!(got.path.len(), 1_000_000);
    }
}

#[test]
fn closed_draws_end_a_move_from_the_start_or_say_not_closed() {
    let board = Board::square(8).unwrap();
    let mut closed = 0;
    for index in 0..64 {
        let start = board.square_at(index);
        let got = draw(
            board,
            start,
            &Rule::Random,
            true,
            &mut stream(2, "c", index as u64),
        )
        .unwrap();
        match got.outcome {
            Outcome::Tour => {
                validate_closed_tour(8, 8, &got.path).unwrap();
                closed += 1;
            }
            Outcome::NotClosed => {
                validate_tour(8, 8, &got.path).unwrap();
                assert!(validate_closed_tour(8, 8, &got.path).is_err());
            }
            _ => {}
        }
    }
    assert!(closed > 0);
    assert!(
        draw(
            Board::square(5).unwrap(),
            Square::new(0, 0),
            &Rule::Seed,
            true,
            &mut stream(0, "", 0)
        )
        .is_err()
    );
}

#[test]
fn backtracking_finds_tours_exactly_where_the_sat_solver_does() {
    for w in 1..=5u64 {
        for h in w..=5u64 {
            let board = Board::new(w, h).unwrap();
            for closed in [false, true] {
                if closed && board.squares() % 2 == 1 {
                    continue;
                }
                let sat = sat::solve(&board, closed).unwrap().is_some();
                // A tour exists iff one starts from some square (every square, if closed).
                let starts: Vec<Square> = if closed {
                    vec![Square::new(0, 0)]
                } else {
                    (0..board.squares()).map(|i| board.square_at(i)).collect()
                };
                let mut found = false;
                for start in starts {
                    let got = draw_backtracking(
                        board,
                        start,
                        &Rule::Seed,
                        closed,
                        u64::MAX,
                        &mut stream(0, "", 0),
                    )
                    .unwrap();
                    assert!(matches!(got.outcome, Outcome::Tour | Outcome::NoTour));
                    found |= got.outcome == Outcome::Tour;
                }
                assert_eq!(found, sat, "{w}x{h} closed={closed}");
            }
        }
    }
}

#[test]
fn sat_proves_4x4_has_no_open_tour_and_5x5_no_closed_one() {
    assert_eq!(sat::solve(&Board::square(4).unwrap(), false).unwrap(), None);
    assert_eq!(sat::solve(&Board::square(5).unwrap(), true).unwrap(), None);
    let tour = sat::solve(&Board::new(6, 5).unwrap(), true)
        .unwrap()
        .unwrap();
    validate_closed_tour(6, 5, &tour).unwrap();
}

#[test]
fn backtracking_rescues_a_greedy_dead_end_and_respects_its_cap() {
    let board = Board::square(5).unwrap();
    let start = Square::new(2, 0);
    let order = rule("order:36875124");
    let got =
        draw_backtracking(board, start, &order, false, u64::MAX, &mut stream(0, "", 0)).unwrap();
    assert_eq!(got.outcome, Outcome::Tour);
    assert!(got.backtracks > 0);
    let capped = draw_backtracking(board, start, &order, false, 1, &mut stream(0, "", 0)).unwrap();
    assert_eq!(capped.outcome, Outcome::CapReached);
    assert_eq!(capped.backtracks, 1);
    validate_path(5, 5, &capped.path).unwrap();
    assert!(capped.squares_reached >= 17);
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    const RULES: [&str; 6] = [
        "seed",
        "order:36875124",
        "order:12345678",
        "pohl",
        "roth",
        "squirrel",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// A search that never has to backtrack is the greedy rule: wherever the greedy draw
        /// is a tour, the backtracking search returns the same path without backtracking.
        #[test]
        fn backtracking_starts_with_the_greedy_tour(
            w in 1u64..=12, h in 1u64..=12, position in 0usize..144, which in 0usize..6,
        ) {
            let board = Board::new(w, h).unwrap();
            let rule = rule(RULES[which]);
            prop_assume!(rule != Rule::Squirrel || w == h);
            let start = board.square_at(position % board.squares());
            let greedy = draw(board, start, &rule, false, &mut stream(0, "", 0)).unwrap();
            prop_assert_eq!(greedy.squares_reached, greedy.path.len() as u64);
            if greedy.outcome == Outcome::Tour {
                let searched = draw_backtracking(
                    board, start, &rule, false, 1000, &mut stream(0, "", 0),
                ).unwrap();
                prop_assert_eq!(searched.outcome, Outcome::Tour);
                prop_assert_eq!(searched.backtracks, 0);
                prop_assert_eq!(&searched.path, &greedy.path);
                prop_assert_eq!(searched.tie_breaks, greedy.tie_breaks);
            }
        }
    }
}
