//! The seed's Go program: the contract's two reference boards, dead ends checked against a
//! separate simulation written here, panics as outcomes, and agreement with the `seed` rule.

use boardlab::knights_tour::replay::{ReplayOutcome, format_go, format_grid, replay};
use boardlab::knights_tour::{Board, Outcome, Rule, Square, draw};

const N8_X3_Y2: &str = " 2 31 16 51 36 29 14 63
17 48  1 30 15 62 37 28
32  3 52 59 50 35 64 13
47 18 49 34 61 54 27 38
 4 33 60 53 58 39 12 55
19 46 21 40 43 56  9 26
22  5 44 57 24  7 42 11
45 20 23  6 41 10 25  8
";

const N5_X5_Y5: &str = " 5 14 19 24  7
20  9  6 13 18
15  4 23  8 25
10 21  2 17 12
 3 16 11 22  1
";

#[test]
fn the_two_reference_boards_are_reproduced() {
    let eight = replay(8, 3, 2).unwrap();
    assert_eq!(eight.outcome, ReplayOutcome::Tour);
    assert_eq!(format_grid(&eight), N8_X3_Y2);
    let five = replay(5, 5, 5).unwrap();
    assert_eq!(five.outcome, ReplayOutcome::Tour);
    assert_eq!(format_grid(&five), N5_X5_Y5);
    assert_eq!(
        format_go(&five).lines().next(),
        Some("[5 14 19 24 7]"),
        "fmt.Println of a []int"
    );
}

/// A second reading of the Go program, written for the test: it keeps the visited squares in
/// a list, finds the dead end, and then builds the printed board from the rule "steps after
/// the dead end overwrite the last square".
fn expected_board(n: i64, x: i64, y: i64) -> (Vec<i64>, Option<u64>) {
    let moves = [
        (-2, -1),
        (-2, 1),
        (-1, 2),
        (1, 2),
        (-1, -2),
        (1, -2),
        (2, -1),
        (2, 1),
    ];
    let inside = |(a, b): (i64, i64)| a >= 1 && a <= n && b >= 1 && b <= n;
    let mut visited = vec![(x, y)];
    while (visited.len() as i64) < n * n {
        let &(cx, cy) = visited.last().unwrap();
        let free = |p: (i64, i64)| inside(p) && !visited.contains(&p);
        let options: Vec<((i64, i64), usize)> = moves
            .iter()
            .map(|&(dx, dy)| (cx + dx, cy + dy))
            .filter(|&p| free(p))
            .map(|p| {
                let onward = moves
                    .iter()
                    .filter(|&&(dx, dy)| free((p.0 + dx, p.1 + dy)) && (p.0 + dx, p.1 + dy) != p)
                    .count();
                (p, onward)
            })
            .collect();
        let Some(&least) = options.iter().map(|(_, c)| c).min() else {
            break;
        };
        visited.push(options.iter().find(|(_, c)| *c == least).unwrap().0);
    }
    let mut board = vec![0; (n * n) as usize];
    for (step, &(a, b)) in visited.iter().enumerate() {
        board[((b - 1) * n + a - 1) as usize] = step as i64 + 1;
    }
    let dead_end = ((visited.len() as i64) < n * n).then_some(visited.len() as u64);
    if dead_end.is_some() {
        let &(a, b) = visited.last().unwrap();
        board[((b - 1) * n + a - 1) as usize] = n * n;
    }
    (board, dead_end)
}

#[test]
fn dead_ends_overwrite_the_last_square_with_every_later_step() {
    let mut dead_ends = 0;
    for n in 3..=8 {
        for y in 1..=n {
            for x in 1..=n {
                let got = replay(n as u64, x as u64, y as u64).unwrap();
                if matches!(got.outcome, ReplayOutcome::Panic { .. }) {
                    continue;
                }
                let (board, dead_end) = expected_board(n, x, y);
                let printed: Vec<i64> = got.board.iter().map(|&v| v as i64).collect();
                assert_eq!(printed, board, "n={n} x={x} y={y}");
                match dead_end {
                    Some(step) => {
                        dead_ends += 1;
                        assert_eq!(got.outcome, ReplayOutcome::DeadEnd { step });
                    }
                    None => assert_eq!(got.outcome, ReplayOutcome::Tour),
                }
            }
        }
    }
    assert!(dead_ends > 20, "{dead_ends} dead ends exercised");
}

#[test]
fn a_hand_checked_dead_end_on_four_by_four() {
    // Checked by hand: from the corner of 4×4 the first move ties at 3 onward squares between
    // (2,3) and (3,2), and the earlier table entry (+1,+2) wins; the walk goes on to
    // (4,4) (3,2) (1,3) (2,1) (4,2) (3,4) (2,2) (1,4) (3,3) and reaches (4,1) as its 12th
    // square, whose only neighbours (2,2) and (3,3) are visited: the Go program writes
    // 12, 13, ..., 16 there.
    let got = replay(4, 1, 1).unwrap();
    assert_eq!(got.outcome, ReplayOutcome::DeadEnd { step: 12 });
    assert_eq!(
        format_go(&got),
        "[1 6 0 16]\n[0 9 4 7]\n[5 2 11 0]\n[10 0 8 3]\n"
    );
}

#[test]
fn a_start_with_no_move_is_the_go_panic_not_a_crash() {
    for (x, y) in [(1, 1), (2, 1), (1, 2), (2, 2)] {
        let got = replay(2, x, y).unwrap();
        assert_eq!(got.outcome, ReplayOutcome::Panic { step: 2 });
        assert!(got.board.is_empty());
    }
    assert_eq!(
        replay(3, 2, 2).unwrap().outcome,
        ReplayOutcome::Panic { step: 2 }
    );
    assert_eq!(replay(1, 1, 1).unwrap().outcome, ReplayOutcome::Tour);
    assert!(replay(5, 6, 1).is_err());
    assert!(replay(0, 1, 1).is_err());
}

#[test]
fn the_seed_rule_makes_the_replays_tours() {
    let mut rng = boardlab::rng::stream(0, "unused", 0);
    for n in 5..=9u32 {
        let board = Board::square(n as u64).unwrap();
        for y in 0..n {
            for x in 0..n {
                let got = replay(n as u64, x as u64 + 1, y as u64 + 1).unwrap();
                let tour = draw(board, Square::new(x, y), &Rule::Seed, false, &mut rng).unwrap();
                assert_eq!(
                    got.outcome == ReplayOutcome::Tour,
                    tour.outcome == Outcome::Tour,
                    "n={n} ({x},{y})"
                );
                if tour.outcome == Outcome::Tour {
                    for (step, square) in tour.path.iter().enumerate() {
                        assert_eq!(got.board[board.index(*square)], step as u32 + 1);
                    }
                } else if let ReplayOutcome::DeadEnd { step } = got.outcome {
                    assert_eq!(step, tour.squares_reached);
                }
            }
        }
    }
}
