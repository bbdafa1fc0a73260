//! Checks of the index and the solver: round trips, an enumeration written apart, the
//! solver's own equations on every position, a second solver written apart, and facts worked
//! out by hand.

use super::{Database, Material, Value};
use crate::draughts::board::{Board, Color};
use crate::draughts::fen::parse_fen;
use crate::draughts::movegen::legal_moves;
use crate::draughts::rules::Rules;
use crate::draughts::square::{RANK_1, RANK_8, Square};
use std::collections::HashMap;
use std::sync::OnceLock;

/// Every class up to three pieces, solved once per rules variant for all the tests.
fn solved(rules: Rules) -> &'static Database {
    static CZECH: OnceLock<Database> = OnceLock::new();
    static ENGLISH: OnceLock<Database> = OnceLock::new();
    let cell = match rules {
        Rules::English => &ENGLISH,
        _ => &CZECH,
    };
    cell.get_or_init(|| Database::solve_up_to(rules, 3))
}

/// Every position with one to `max_pieces` pieces and either side to move, listed by placing
/// pieces of the four kinds on ascending squares (no index involved).
fn enumerate_positions(max_pieces: usize) -> Vec<Board> {
    let squares: Vec<Square> = Square::all().collect();
    let mut found = Vec::new();
    let mut stack = vec![(0usize, 0usize, Board::start())];
    stack[0].2 = Board {
        white: 0,
        black: 0,
        kings: 0,
        side: Color::White,
    };
    while let Some((next_square, placed, board)) = stack.pop() {
        if placed > 0 {
            found.push(board);
            found.push(Board {
                side: Color::Black,
                ..board
            });
        }
        if placed == max_pieces {
            continue;
        }
        for square in &squares[next_square..] {
            let bit = square.bit();
            let index = squares.iter().position(|s| s == square).unwrap();
            let mut kinds = vec![
                (bit, 0, bit), // White king
                (0, bit, bit), // Black king
            ];
            if bit & RANK_8 == 0 {
                kinds.push((bit, 0, 0)); // White man
            }
            if bit & RANK_1 == 0 {
                kinds.push((0, bit, 0)); // Black man
            }
            for (white, black, kings) in kinds {
                let placed_board = Board {
                    white: board.white | white,
                    black: board.black | black,
                    kings: board.kings | kings,
                    side: Color::White,
                };
                stack.push((index + 1, placed + 1, placed_board));
            }
        }
    }
    found
}

#[test]
fn the_index_numbers_every_position_of_a_class_once() {
    let mut per_class: HashMap<Material, Vec<u64>> = HashMap::new();
    for board in enumerate_positions(3) {
        if board.side == Color::White {
            let material = Material::of(&board);
            per_class
                .entry(material)
                .or_default()
                .push(material.index(&board));
        }
    }
    let classes = Material::solving_order(3);
    assert_eq!(classes.len(), per_class.len());
    for material in classes {
        let mut indices = per_class.remove(&material).unwrap();
        indices.sort_unstable();
        let expected: Vec<u64> = (0..material.size()).collect();
        assert_eq!(indices, expected, "class {material}");
    }
}

#[test]
fn index_and_position_round_trip_in_four_piece_classes_with_men() {
    let classes = [
        (2, 0, 2, 0),
        (3, 0, 1, 0),
        (4, 0, 0, 0),
        (0, 0, 4, 0),
        (1, 1, 1, 1),
        (2, 1, 0, 1),
    ];
    for (white_men, white_kings, black_men, black_kings) in classes {
        let material = Material {
            white_men,
            white_kings,
            black_men,
            black_kings,
        };
        for index in 0..material.size() {
            let board = material.board(index, Color::Black);
            assert_eq!(Material::of(&board), material);
            assert_eq!(board.white & board.black, 0);
            assert_eq!(board.white & !board.kings & RANK_8, 0);
            assert_eq!(board.black & !board.kings & RANK_1, 0);
            assert_eq!(material.index(&board), index, "class {material}");
        }
    }
}

#[test]
fn class_sizes_match_a_direct_count() {
    // Two White men and two Black men: count placements square by square.
    let material = Material {
        white_men: 2,
        white_kings: 0,
        black_men: 2,
        black_kings: 0,
    };
    let white_squares: Vec<u32> = (0..28).collect();
    let mut count = 0u64;
    for (i, &a) in white_squares.iter().enumerate() {
        for &b in &white_squares[i + 1..] {
            let free = (4..32).filter(|&s| s != a && s != b).count() as u64;
            count += free * (free - 1) / 2;
        }
    }
    assert_eq!(material.size(), count);
}

/// The value the solver's equations give `board` from its successors' values.
fn value_from_successors(board: &Board, rules: Rules, value_of: impl Fn(&Board) -> Value) -> Value {
    let mut moves = Vec::new();
    legal_moves(board, rules, &mut moves);
    let values: Vec<Value> = moves.iter().map(|mv| value_of(&board.play(mv))).collect();
    let losses = values.iter().filter_map(|v| match v {
        Value::Loss(d) => Some(*d),
        _ => None,
    });
    if let Some(shortest) = losses.min() {
        return Value::Win(shortest + 1);
    }
    let wins: Vec<u16> = values
        .iter()
        .filter_map(|v| match v {
            Value::Win(d) => Some(*d),
            _ => None,
        })
        .collect();
    if wins.len() == values.len() {
        return Value::Loss(wins.iter().max().map_or(0, |d| d + 1));
    }
    Value::Draw
}

fn bellman_holds_everywhere(rules: Rules) {
    let database = solved(rules);
    for material in Material::stored_classes(3) {
        let table = database.table(&material).unwrap();
        assert_eq!(table.stored_values().count() as u64, 2 * material.size());
        for slot in 0..table.slots() {
            let value = table.value_at(slot);
            let side = [Color::White, Color::Black][slot % 2];
            let board = material.board(slot as u64 / 2, side);
            let expected = value_from_successors(&board, rules, |b| database.value(b).unwrap());
            assert_eq!(
                value,
                expected,
                "{rules:?} {}",
                crate::draughts::to_fen(&board)
            );
        }
    }
}

#[test]
fn every_czech_value_follows_from_its_successors() {
    bellman_holds_everywhere(Rules::Czech);
}

#[test]
fn every_english_value_follows_from_its_successors() {
    bellman_holds_everywhere(Rules::English);
}

/// A second solver, written apart: all positions in one map, successors found once, then
/// rounds that each decide, from the previous round's values only, every position whose
/// successors now decide it.
fn separate_solve(rules: Rules, positions: &[Board]) -> HashMap<Board, Value> {
    let id: HashMap<Board, usize> = positions.iter().enumerate().map(|(i, b)| (*b, i)).collect();
    let mut moves = Vec::new();
    let successors: Vec<Vec<usize>> = positions
        .iter()
        .map(|board| {
            legal_moves(board, rules, &mut moves);
            moves.iter().map(|mv| id[&board.play(mv)]).collect()
        })
        .collect();
    let mut values: Vec<Option<Value>> = vec![None; positions.len()];
    loop {
        let previous = values.clone();
        for (i, next) in successors.iter().enumerate() {
            if previous[i].is_some() {
                continue;
            }
            let known: Vec<Value> = next.iter().filter_map(|&j| previous[j]).collect();
            let shortest_loss = known.iter().filter_map(|v| match v {
                Value::Loss(d) => Some(*d),
                _ => None,
            });
            if let Some(d) = shortest_loss.min() {
                values[i] = Some(Value::Win(d + 1));
            } else if known.len() == next.len() && known.iter().all(|v| matches!(v, Value::Win(_)))
            {
                let longest = known.iter().map(|v| match v {
                    Value::Win(d) => *d + 1,
                    _ => 0,
                });
                values[i] = Some(Value::Loss(longest.max().unwrap_or(0)));
            }
        }
        if values == previous {
            break;
        }
    }
    let values = values.into_iter().map(|v| v.unwrap_or(Value::Draw));
    positions.iter().copied().zip(values).collect()
}

fn separate_solver_agrees(rules: Rules) {
    let positions = enumerate_positions(3);
    let expected = separate_solve(rules, &positions);
    let database = solved(rules);
    let mut compared = 0;
    for (board, value) in &expected {
        assert_eq!(
            database.value(board),
            Some(*value),
            "{}",
            crate::draughts::to_fen(board)
        );
        compared += 1;
    }
    let total: u64 = Material::solving_order(3)
        .iter()
        .map(|m| 2 * m.size())
        .sum();
    assert_eq!(compared, total);
}

#[test]
fn a_separate_solver_agrees_on_every_czech_position_up_to_three_pieces() {
    separate_solver_agrees(Rules::Czech);
}

#[test]
fn a_separate_solver_agrees_on_every_english_position_up_to_three_pieces() {
    separate_solver_agrees(Rules::English);
}

fn value_of(rules: Rules, fen: &str) -> Value {
    solved(rules).value(&parse_fen(fen).unwrap()).unwrap()
}

#[test]
fn czech_facts_worked_out_by_hand() {
    // Kings on a1 and h8: the side to move has only the long diagonal, every square of which
    // the other king then takes (h8 cannot be taken: nothing lies beyond it). Lost in 2.
    assert_eq!(value_of(Rules::Czech, "W:WKa1:BKh8"), Value::Loss(2));
    assert_eq!(value_of(Rules::Czech, "B:WKa1:BKh8"), Value::Loss(2));
    // A flying king takes a king at a distance: won in 1.
    assert_eq!(value_of(Rules::Czech, "W:WKa1:BKe5"), Value::Win(1));
    // Under English rules the same king cannot reach it.
    assert_ne!(value_of(Rules::English, "W:WKa1:BKe5"), Value::Win(1));
    // A side with no piece has lost.
    assert_eq!(value_of(Rules::Czech, "B:WKa1:B"), Value::Loss(0));
}

/// Whether the side to move in `board` has a capture.
fn can_capture(board: &Board, rules: Rules) -> bool {
    let mut moves = Vec::new();
    legal_moves(board, rules, &mut moves);
    moves.iter().any(|mv| mv.is_capture())
}

#[test]
fn in_checkers_two_kings_beat_one_king_but_for_forks() {
    // Two kings against one is a textbook checkers win: the lone king is driven out of the
    // double corner. With the lone king to move and no capture, it never wins, and it is lost
    // in all but 66 positions (a count of this solver, agreed by the separate solver above; no
    // published figure), such as the fork `B:WKd2,Kb4:BKb2`, where b2-c3 attacks d2 and b4
    // at once, neither can take c3 (each would land on the other), and one of them falls,
    // leaving a king against a king.
    let material = Material {
        white_men: 0,
        white_kings: 2,
        black_men: 0,
        black_kings: 1,
    };
    let table = solved(Rules::English).table(&material).unwrap();
    let mut not_lost = Vec::new();
    for index in 0..material.size() {
        let board = material.board(index, Color::Black);
        let value = table.value(&board);
        if can_capture(&board, Rules::English) {
            continue;
        }
        assert!(
            !matches!(value, Value::Win(_)),
            "{}",
            crate::draughts::to_fen(&board)
        );
        if !matches!(value, Value::Loss(_)) {
            not_lost.push(crate::draughts::to_fen(&board));
        }
    }
    assert_eq!(not_lost.len(), 66);
    assert!(not_lost.contains(&"B:WKd2,Kb4:BKb2".to_string()));
    assert!(!not_lost.contains(&"B:WKd2,Kb4:BKh8".to_string()));
}

#[test]
fn swapping_the_colours_keeps_every_value() {
    // Rotating the board and swapping the colours (and so the side to move) gives the same
    // game: the value must not change. The index treats the two colours differently, so this
    // checks it and the solver from another side.
    for rules in [Rules::Czech, Rules::English] {
        let database = solved(rules);
        for board in enumerate_positions(3) {
            assert_eq!(
                database.value(&board),
                database.value(&board.mirrored()),
                "{rules:?} {}",
                crate::draughts::to_fen(&board)
            );
        }
    }
}

/// A published count: Ed Trice's report of his checkers builder for the class of one king
/// against one king (damforum.nl, "Checkers endgame databases" thread t=2603, "2-piece
/// database, 1 white king 0 white checkers vs. 1 red king 0 red checkers"): of the 992
/// positions with White to move, 230 wins, 654 draws and 108 losses, and the longest win
/// takes 11 plies.
#[test]
fn english_king_against_king_matches_the_published_report() {
    let database = solved(Rules::English);
    let class = Material {
        white_men: 0,
        white_kings: 1,
        black_men: 0,
        black_kings: 1,
    };
    let (mut wins, mut draws, mut losses, mut longest) = (0, 0, 0, 0);
    for index in 0..class.size() {
        match database.value(&class.board(index, Color::White)).unwrap() {
            Value::Win(plies) => {
                wins += 1;
                longest = longest.max(plies);
            }
            Value::Draw => draws += 1,
            Value::Loss(_) => losses += 1,
        }
    }
    assert_eq!(class.size(), 992);
    assert_eq!((wins, draws, losses, longest), (230, 654, 108, 11));
}

/// The published number of checkers positions with each number of pieces (one side to move),
/// from Schaeffer's tables of the checkers search space (OEIS A055213 sums them): 120, 6,972,
/// 261,224, 7,092,774, 148,688,232, 2,503,611,964 and 34,779,531,480 positions with one to
/// seven pieces, 2,659,661,286 up to six and 37,439,192,766 up to seven. The classes' sizes
/// are counted by the index's formulas, not by enumeration.
#[test]
fn class_sizes_add_up_to_the_published_counts_per_number_of_pieces() {
    let published = [
        120u64,
        6_972,
        261_224,
        7_092_774,
        148_688_232,
        2_503_611_964,
        34_779_531_480,
    ];
    let classes = Material::solving_order(7);
    for (pieces, expected) in (1..=7u8).zip(published) {
        let total: u64 = classes
            .iter()
            .filter(|class| class.pieces() == pieces)
            .map(Material::size)
            .sum();
        assert_eq!(total, expected, "{pieces} pieces");
    }
    let up_to = |n: usize| published[..n].iter().sum::<u64>();
    assert_eq!((up_to(6), up_to(7)), (2_659_661_286, 37_439_192_766));
}
