//! Checks of the retrograde solver: its un-moves against the forward moves, its values
//! against the forward solver it replaced, and its independence of the number of threads.

use super::file::file_bytes;
use super::forward::solve_class_forward;
use super::solve::{board_of_slot, slot};
use super::unmove::predecessors;
use super::{Database, Material, Value, solve_class};
use crate::draughts::movegen::legal_moves;
use crate::draughts::rules::Rules;

/// For every slot of `material`: the slots of its predecessors by the un-move generator, and
/// the slots whose legal moves lead to it inside the class, both sorted.
fn predecessor_sets(material: Material, rules: Rules) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let slots = 2 * material.size() as usize;
    let mut by_unmoves = vec![Vec::new(); slots];
    let mut by_moves = vec![Vec::new(); slots];
    let mut moves = Vec::new();
    for (s, unmoved) in by_unmoves.iter_mut().enumerate() {
        let board = board_of_slot(&material, s);
        predecessors(&board, rules, |before| {
            assert_eq!(Material::of(&before), material);
            unmoved.push(slot(material.index(&before), before.side));
        });
        legal_moves(&board, rules, &mut moves);
        for mv in &moves {
            let next = board.play(mv);
            if Material::of(&next) == material {
                by_moves[slot(material.index(&next), next.side)].push(s);
            }
        }
    }
    for list in by_unmoves.iter_mut().chain(by_moves.iter_mut()) {
        list.sort_unstable();
    }
    (by_unmoves, by_moves)
}

#[test]
fn un_moves_name_exactly_the_positions_whose_moves_lead_back() {
    for rules in [Rules::Czech, Rules::English] {
        let mut linked = 0;
        for material in Material::solving_order(3) {
            let (by_unmoves, by_moves) = predecessor_sets(material, rules);
            for (s, (unmoved, moved)) in by_unmoves.iter().zip(&by_moves).enumerate() {
                assert_eq!(
                    unmoved,
                    moved,
                    "{rules:?} {}",
                    crate::draughts::to_fen(&board_of_slot(&material, s))
                );
                linked += moved.len();
            }
        }
        // The check must compare something: most positions of three pieces have quiet moves.
        assert!(linked > 100_000, "{rules:?}: {linked}");
    }
}

/// Solves every stored class up to `max_pieces` with both solvers, class by class on the same
/// database, and compares every value.
fn both_solvers_agree(rules: Rules, max_pieces: u8) {
    let mut database = Database::new(rules);
    for material in Material::stored_classes(max_pieces) {
        let forward = solve_class_forward(material, &database);
        let table = solve_class(material, &database);
        assert_eq!(forward.len(), table.slots());
        for (s, &value) in forward.iter().enumerate() {
            assert_eq!(
                table.value_at(s),
                value,
                "{rules:?} {}",
                crate::draughts::to_fen(&board_of_slot(&material, s))
            );
        }
        database.insert(table);
    }
}

#[test]
fn the_retrograde_solver_agrees_with_the_forward_solver_up_to_three_pieces() {
    both_solvers_agree(Rules::Czech, 3);
    both_solvers_agree(Rules::English, 3);
}

/// Every position of four pieces; run once with
/// `cargo test --release --lib draughts::endgame::retrograde_tests -- --ignored`.
#[test]
#[ignore = "minutes in a debug build: the forward solver visits every position each round"]
fn the_retrograde_solver_agrees_with_the_forward_solver_up_to_four_pieces() {
    both_solvers_agree(Rules::Czech, 4);
    both_solvers_agree(Rules::English, 4);
}

#[test]
fn the_files_are_the_same_bytes_on_one_thread_and_on_two() {
    let solve_on = |threads: usize, rules: Rules| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let database = pool.install(|| Database::solve_up_to(rules, 3));
        Material::stored_classes(3)
            .iter()
            .map(|m| file_bytes(rules, database.table(m).unwrap()))
            .collect::<Vec<_>>()
    };
    for rules in [Rules::Czech, Rules::English] {
        assert_eq!(solve_on(1, rules), solve_on(2, rules), "{rules:?}");
    }
}

#[test]
fn stored_values_round_trip_and_keep_wins_and_losses_apart() {
    assert_eq!(Value::Draw.stored(), 0);
    assert_eq!(Value::Loss(0).stored(), 1);
    assert_eq!(Value::Win(1).stored(), 2);
    for stored in 0..=600u16 {
        assert_eq!(Value::from_stored(stored).stored(), stored);
    }
    assert!(matches!(Value::from_stored(255), Value::Loss(254)));
}

#[test]
fn a_mirrored_class_is_answered_from_its_stored_mirror() {
    let database = Database::solve_up_to(Rules::Czech, 2);
    let lone_black = Material {
        white_men: 0,
        white_kings: 0,
        black_men: 1,
        black_kings: 1,
    };
    assert!(!lone_black.is_stored());
    assert!(database.table(&lone_black).is_none());
    assert!(database.table(&lone_black.mirrored()).is_some());
    let board = crate::draughts::parse_fen("W:W:Bc5,Kd8").unwrap();
    assert_eq!(database.value(&board), Some(Value::Loss(0)));
    assert_eq!(database.max_pieces(), 2);
}
