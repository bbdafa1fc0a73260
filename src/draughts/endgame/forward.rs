//! A second solver, kept as an oracle for the retrograde one: exact values of every position
//! of a class, given the solved classes its captures and crownings reach.
//!
//! It iterates forwards, ply by ply. First each position's moves are generated once (by the
//! rules' own move generator) and split into successors inside the class (kept as indices)
//! and successors in other classes (looked up in the database and kept only as what matters:
//! the shortest loss among them, whether one is a draw, the longest win). A position with no
//! legal move is lost now (distance 0), in Czech draughts and in checkers alike. Then in
//! round `n = 1, 2, …` every undecided position whose successors decide it with distances
//! below `n` gets distance `n`: a **win** if some successor is a loss for the opponent (so
//! `n` = 1 + the shortest such loss), a **loss** if every successor is a win for the
//! opponent (so `n` = 1 + the longest such win). Rounds go on until one decides nothing and
//! no successor in another class has a distance of `n` or more; what is left is a **draw**
//! (neither side can force a win; a position repeats forever). This is the simplest correct
//! scheme, and slow: it keeps every successor list in memory and visits every position in
//! every round, where the retrograde solver visits only the positions a round can change.

use super::material::Material;
use super::solve::{Database, Value};
use crate::draughts::board::{Board, Color};
use crate::draughts::movegen::legal_moves;
use crate::draughts::moves::Move;

fn slot(index: u64, side: Color) -> usize {
    2 * index as usize + usize::from(side == Color::Black)
}

fn board_of_slot(material: &Material, slot: usize) -> Board {
    let side = if slot.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    material.board((slot / 2) as u64, side)
}

/// What a position's moves lead to: successors in the class, and a summary of the others.
struct Successors {
    /// For slot `s`, its successors in the class are `inside[offsets[s]..offsets[s + 1]]`.
    offsets: Vec<usize>,
    inside: Vec<u32>,
    outside: Vec<Outside>,
}

/// A position's successors in other classes, summarised: their shortest loss, whether one is
/// a draw, their longest win (all for the opponent, who moves there).
#[derive(Clone, Copy, Default)]
struct Outside {
    shortest_loss: Option<u16>,
    draw: bool,
    longest_win: Option<u16>,
    moves: bool,
}

fn successors(material: Material, database: &Database) -> Successors {
    let slots = 2 * material.size() as usize;
    let mut found = Successors {
        offsets: Vec::with_capacity(slots + 1),
        inside: Vec::new(),
        outside: vec![Outside::default(); slots],
    };
    let mut moves: Vec<Move> = Vec::new();
    for s in 0..slots {
        found.offsets.push(found.inside.len());
        let board = board_of_slot(&material, s);
        legal_moves(&board, database.rules, &mut moves);
        let outside = &mut found.outside[s];
        outside.moves = !moves.is_empty();
        for mv in &moves {
            let next = board.play(mv);
            let next_material = Material::of(&next);
            if next_material == material {
                found
                    .inside
                    .push(slot(material.index(&next), next.side) as u32);
                continue;
            }
            let value = database.value(&next).unwrap_or_else(|| {
                panic!("class {next_material} is reached from {material} but not solved yet")
            });
            match value {
                Value::Loss(d) => {
                    outside.shortest_loss = Some(outside.shortest_loss.map_or(d, |e| e.min(d)))
                }
                Value::Win(d) => {
                    outside.longest_win = Some(outside.longest_win.map_or(d, |e| e.max(d)))
                }
                Value::Draw => outside.draw = true,
            }
        }
    }
    found.offsets.push(found.inside.len());
    found
}

/// Solves one class, slot by slot; every class its moves reach outside it must be in
/// `database`.
pub fn solve_class_forward(material: Material, database: &Database) -> Vec<Value> {
    let graph = successors(material, database);
    let slots = graph.outside.len();
    let mut values: Vec<Option<Value>> = vec![None; slots];
    let mut longest_outside = 0;
    for (s, outside) in graph.outside.iter().enumerate() {
        if !outside.moves {
            values[s] = Some(Value::Loss(0));
        }
        let distances = [outside.shortest_loss, outside.longest_win];
        longest_outside = distances
            .into_iter()
            .flatten()
            .fold(longest_outside, u16::max);
    }
    let mut round: u16 = 1;
    loop {
        let decided = solve_round(&graph, &mut values, round);
        if decided == 0 && round > longest_outside {
            break;
        }
        round += 1;
    }
    values
        .into_iter()
        .map(|v| v.unwrap_or(Value::Draw))
        .collect()
}

/// Decides the positions whose value has distance `round`; returns how many.
fn solve_round(graph: &Successors, values: &mut [Option<Value>], round: u16) -> usize {
    let below = round - 1;
    let mut newly = Vec::new();
    for (s, outside) in graph.outside.iter().enumerate() {
        if values[s].is_some() {
            continue;
        }
        let inside = &graph.inside[graph.offsets[s]..graph.offsets[s + 1]];
        let loss_reached = outside.shortest_loss.is_some_and(|d| d <= below)
            || inside
                .iter()
                .any(|&t| matches!(values[t as usize], Some(Value::Loss(d)) if d <= below));
        if loss_reached {
            newly.push((s, Value::Win(round)));
            continue;
        }
        let all_won = !outside.draw
            && outside.shortest_loss.is_none()
            && outside.longest_win.is_none_or(|d| d <= below)
            && inside
                .iter()
                .all(|&t| matches!(values[t as usize], Some(Value::Win(d)) if d <= below));
        if all_won {
            newly.push((s, Value::Loss(round)));
        }
    }
    for &(s, value) in &newly {
        values[s] = Some(value);
    }
    newly.len()
}
