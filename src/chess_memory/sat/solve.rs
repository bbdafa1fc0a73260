//! Running varisat on an encoding: loading clauses, checking every answer, counting effort.
//!
//! **Effort.** varisat has no statistics interface, so effort is read from its proof stream:
//! the solver writes a DRAT proof into a [`DratCounter`], which keeps no text and counts the
//! *lemmas* (learned or shortened clauses) and the *deletions*, exactly and deterministically
//! ([`crate::sat::proof`] says what each line is). Writing the proof costs a little time (see
//! the measurements in `docs/chess-memory.md`).

use super::SatError;
use super::encoding::Encoding;
use super::instance::Instance;
use crate::chess_memory::board::Board;
use crate::chess_memory::rules::{check_composition, validate};
use crate::sat::proof::DratCounter;
use crate::sat::shuffle::Shuffled;
use crate::sat::solve::{load, model_assignment};
use std::time::Instant;
use varisat::{ProofFormat, Solver};

/// The board of a model, after the independent checks: the model satisfies every clause of
/// the encoding ([`crate::sat::Cnf::check_model`]), and its board passes [`valid_board`].
pub fn checked_board(encoding: &Encoding, assignment: &[bool]) -> Result<Board, SatError> {
    encoding.cnf().check_model(assignment)?;
    valid_board(encoding, assignment)
}

/// The board of a model that has passed the model check, after the puzzle's own checks: the
/// board passes the validator and has the instance's pieces.
pub fn valid_board(encoding: &Encoding, assignment: &[bool]) -> Result<Board, SatError> {
    let board = encoding.decode(assignment);
    if let Some(violation) = validate(&board).first() {
        return Err(SatError::InvalidAnswer(format!(
            "a SAT model breaks the pairing rule: {violation}"
        )));
    }
    check_composition(&board, &encoding.instance().piece_counts())
        .map_err(|mismatch| SatError::InvalidAnswer(format!("a SAT model: {mismatch}")))?;
    Ok(board)
}

/// The result of [`solve`].
#[derive(Clone, Debug)]
pub struct Solved {
    /// A checked board, or `None` when the instance has no valid board.
    pub board: Option<Board>,
    /// Wall time of encoding, shuffling, loading, solving and checking.
    pub seconds: f64,
    /// Lemmas in the proof stream (see the module docs).
    pub lemmas: u64,
    /// Deletions in the proof stream.
    pub deletions: u64,
    pub variables: usize,
    pub clauses: usize,
}

/// Solves `instance` with the formula shuffled by `seed` (see [`crate::sat::shuffle`]).
pub fn solve(instance: &Instance, seed: u64) -> Result<Solved, SatError> {
    let start = Instant::now();
    let encoding = Encoding::new(instance);
    let shuffled = Shuffled::new(encoding.cnf(), seed, &format!("sat solve {instance}"));
    let (counter, counts) = DratCounter::new();
    let mut solver = Solver::new();
    solver.write_proof(counter, ProofFormat::Drat);
    load(&mut solver, &shuffled.cnf);
    let board = if solver.solve()? {
        let assignment = model_assignment(&solver, shuffled.cnf.var_count())?;
        Some(checked_board(&encoding, &shuffled.unshuffle(&assignment))?)
    } else {
        None
    };
    solver.close_proof()?;
    Ok(Solved {
        board,
        seconds: start.elapsed().as_secs_f64(),
        lemmas: counts.lemmas(),
        deletions: counts.deletions(),
        variables: shuffled.cnf.var_count(),
        clauses: shuffled.cnf.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess_memory::board::BoardSize;
    use crate::chess_memory::queue::Queue;

    #[test]
    fn seed_instance_on_6x6_solves_to_a_valid_board() {
        let queue = Queue::parse("QNBR", BoardSize::new(6).unwrap()).unwrap();
        let solved = solve(&Instance::from_queue(&queue), 1).unwrap();
        let board = solved
            .board
            .expect("6×6 with two pairs per symbol has boards");
        assert!(validate(&board).is_empty());
    }

    #[test]
    fn an_impossible_instance_has_no_board() {
        // Five pairs of white queens do not fit on 4×4.
        let queue = Queue::parse("QQQQQ", BoardSize::new(4).unwrap()).unwrap();
        let solved = solve(&Instance::from_queue(&queue), 1).unwrap();
        assert!(solved.board.is_none());
        assert!(
            solved.lemmas > 0,
            "a refutation derives at least the empty clause"
        );
    }
}
