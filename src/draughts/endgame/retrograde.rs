//! The retrograde solver: exact values of every position of one class, given the solved
//! classes that its captures and crownings reach.
//!
//! Captures and crownings always leave the class; only quiet moves that crown nothing stay
//! inside. The solver therefore works in two steps, as the checkers databases of Chinook and
//! Cake are built:
//!
//! 1. **One pass over every position** (in parallel) generates its legal moves once. Moves that
//!    leave the class are looked up in the database and summarised: the shortest loss among
//!    them (the position is then won in at most that plus one), whether one is a draw or a
//!    loss (the position can then not be lost), and the longest win (a loss can last no less
//!    than that plus one). Moves that stay inside are only counted. A position with no move
//!    is lost now; one whose moves all leave the class (every capture position) is decided
//!    at once.
//! 2. **Rounds by distance** `n = 0, 1, 2, …`: each position decided with distance `n` names
//!    its predecessors inside the class by un-moves ([`super::unmove`]). A predecessor of a
//!    loss in `n` is won in `n + 1`; a predecessor of a win in `n` has one fewer move left to
//!    refute, and when none is left, and nothing outside saves it, it is lost in
//!    `max(n, longest outside win) + 1`. Positions are scheduled in a bucket per distance, so
//!    every position is decided with its true distance; what no round decides is a draw.
//!
//! Within a round the order of work does not matter: a win's distance is the round's, and a
//! loss's is fixed by the round in which its last refutation arrives. So the values, and the
//! files written from them, are the same for any number of threads.

use super::material::Material;
use super::solve::{Database, Table, Value, board_of_slot, slot};
use super::unmove::predecessors;
use crate::draughts::board::Board;
use crate::draughts::movegen::legal_moves;
use crate::draughts::moves::Move;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, AtomicU16, Ordering::Relaxed};

/// Positions handed to one task of the parallel passes.
const CHUNK: usize = 1 << 12;

/// Outside summary: the position can not be lost (a move out of the class draws or wins).
const CANNOT_LOSE: u16 = 1 << 15;

/// The working state of one class: per slot, its code (0 while undecided, else the stored
/// value plus one, see [`Value::stored`]), its count of inside moves not yet refuted, and its
/// outside summary ([`CANNOT_LOSE`] and the longest outside win plus one).
struct Work {
    code: Vec<AtomicU16>,
    open_moves: Vec<AtomicU8>,
    outside: Vec<u16>,
}

/// Positions decided with each distance, to be propagated in that round, and positions that
/// win with that distance unless a shorter win is found first.
#[derive(Default)]
struct Buckets {
    decided: Vec<Vec<u32>>,
    win_candidates: Vec<Vec<u32>>,
}

impl Buckets {
    fn push(list: &mut Vec<Vec<u32>>, distance: u16, slot: u32) {
        let distance = usize::from(distance);
        if list.len() <= distance {
            list.resize_with(distance + 1, Vec::new);
        }
        list[distance].push(slot);
    }

    fn take(list: &mut [Vec<u32>], distance: usize) -> Vec<u32> {
        list.get_mut(distance)
            .map(std::mem::take)
            .unwrap_or_default()
    }
}

/// What the first pass found for one position.
enum First {
    /// Decided now (no move, or no move stays in the class).
    Decided(Value),
    /// Still open: inside moves to refute, the outside summary, and a win through the
    /// shortest outside loss, if any (its distance).
    Open {
        inside: u8,
        outside: u16,
        win: Option<u16>,
    },
}

/// Solves one class; every class its moves reach outside it must be in `database`.
pub fn solve_class(material: Material, database: &Database) -> Table {
    let slots = 2 * material.size() as usize;
    assert!(slots <= u32::MAX as usize, "class {material} is too big");
    let mut work = Work {
        code: (0..slots).map(|_| AtomicU16::new(0)).collect(),
        open_moves: (0..slots).map(|_| AtomicU8::new(0)).collect(),
        outside: vec![0; slots],
    };
    let mut buckets = first_pass(material, database, &mut work);
    let mut distance = 0;
    while distance < buckets.decided.len().max(buckets.win_candidates.len()) {
        let candidates = Buckets::take(&mut buckets.win_candidates, distance);
        let mut decided = Buckets::take(&mut buckets.decided, distance);
        if !candidates.is_empty() {
            let won = Value::Win(distance as u16).code();
            decided.par_extend(candidates.into_par_iter().filter(|&s| {
                work.code[s as usize]
                    .compare_exchange(0, won, Relaxed, Relaxed)
                    .is_ok()
            }));
        }
        let found: Vec<(u16, u32)> = decided
            .par_chunks(CHUNK)
            .flat_map_iter(|chunk| propagate(material, database, &work, chunk, distance as u16))
            .collect();
        for (d, s) in found {
            Buckets::push(&mut buckets.decided, d, s);
        }
        distance += 1;
    }
    let codes = work.code.into_iter().map(|c| c.into_inner());
    Table::from_stored(material, codes.map(|c| c.saturating_sub(1)).collect())
}

/// The first pass over every slot: decided positions into their buckets, open ones with
/// their counts and summaries.
fn first_pass(material: Material, database: &Database, work: &mut Work) -> Buckets {
    let code = &work.code;
    let open_moves = &work.open_moves;
    let found: Vec<(bool, u16, u32)> = work
        .outside
        .par_chunks_mut(CHUNK)
        .enumerate()
        .flat_map_iter(|(c, outside)| {
            let mut moves = Vec::new();
            let mut found = Vec::new();
            for (i, summary) in outside.iter_mut().enumerate() {
                let s = c * CHUNK + i;
                let board = board_of_slot(&material, s);
                match first_look(&board, material, database, &mut moves) {
                    First::Decided(value) => {
                        code[s].store(value.code(), Relaxed);
                        if let Some(d) = value.distance() {
                            found.push((true, d, s as u32));
                        }
                    }
                    First::Open {
                        inside,
                        outside,
                        win,
                    } => {
                        open_moves[s].store(inside, Relaxed);
                        *summary = outside;
                        if let Some(d) = win {
                            found.push((false, d, s as u32));
                        }
                    }
                }
            }
            found
        })
        .collect();
    let mut buckets = Buckets::default();
    for (decided, d, s) in found {
        let list = if decided {
            &mut buckets.decided
        } else {
            &mut buckets.win_candidates
        };
        Buckets::push(list, d, s);
    }
    buckets
}

/// Generates the moves of `board` once and summarises them.
fn first_look(
    board: &Board,
    material: Material,
    database: &Database,
    moves: &mut Vec<Move>,
) -> First {
    legal_moves(board, database.rules, moves);
    let (mut inside, mut shortest_loss, mut draw, mut longest_win) = (0u8, None, false, None);
    for mv in moves.iter() {
        let next = board.play(mv);
        if Material::of(&next) == material {
            inside += 1;
            continue;
        }
        let value = database.value(&next).unwrap_or_else(|| {
            let reached = Material::of(&next);
            panic!("class {reached} is reached from {material} but not solved yet")
        });
        match value {
            Value::Loss(d) => shortest_loss = Some(shortest_loss.map_or(d, |e: u16| e.min(d))),
            Value::Win(d) => longest_win = Some(longest_win.map_or(d, |e: u16| e.max(d))),
            Value::Draw => draw = true,
        }
    }
    if inside == 0 {
        return First::Decided(match (shortest_loss, draw, longest_win) {
            (Some(d), _, _) => Value::Win(d + 1),
            (None, true, _) => Value::Draw,
            (None, false, longest) => Value::Loss(longest.map_or(0, |d| d + 1)),
        });
    }
    let cannot_lose = if draw || shortest_loss.is_some() {
        CANNOT_LOSE
    } else {
        0
    };
    First::Open {
        inside,
        outside: cannot_lose | longest_win.map_or(0, |d| d + 1),
        win: shortest_loss.map(|d| d + 1),
    }
}

/// Propagates the positions of `chunk`, decided with distance `n`, to their predecessors;
/// returns the predecessors decided now, with their distances.
fn propagate(
    material: Material,
    database: &Database,
    work: &Work,
    chunk: &[u32],
    n: u16,
) -> Vec<(u16, u32)> {
    let mut found = Vec::new();
    for &s in chunk {
        let board = board_of_slot(&material, s as usize);
        let lost = Value::from_code(work.code[s as usize].load(Relaxed)) == Value::Loss(n);
        predecessors(&board, database.rules, |before| {
            let p = slot(material.index(&before), before.side);
            if lost {
                let won = Value::Win(n + 1).code();
                if work.code[p]
                    .compare_exchange(0, won, Relaxed, Relaxed)
                    .is_ok()
                {
                    found.push((n + 1, p as u32));
                }
                return;
            }
            if work.code[p].load(Relaxed) != 0 || work.open_moves[p].fetch_sub(1, Relaxed) != 1 {
                return;
            }
            let outside = work.outside[p];
            if outside & CANNOT_LOSE == 0 {
                // `outside` is the longest outside win plus one (0 if none).
                let d = (n + 1).max(outside);
                work.code[p].store(Value::Loss(d).code(), Relaxed);
                found.push((d, p as u32));
            }
        });
    }
    found
}
