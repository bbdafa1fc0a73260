//! Counting valid boards by enumeration: solve, check and count the board, add a clause that
//! blocks it, repeat until unsatisfiable (the loop of [`crate::sat::enumerate`]).
//!
//! The blocking clause of a board is "not all of these pieces": the negations of its piece
//! literals. Every board of the instance has the same number of pieces of each symbol, so a
//! board that holds all of them is the same board; the clause removes exactly one board.
//!
//! **Up to symmetry.** With `up_to_symmetry`, each board found is blocked together with its
//! images under the eight symmetries of the square ([`super::symmetry`]): one solver call per
//! class, and the number of boards is the sum of the orbit sizes. The two ways of counting
//! boards are compared in the tests, and both against an independent brute-force counter.
//!
//! Counting stops with [`SatError::TooManyBoards`] once more than `limit` boards are found:
//! the cost grows with the count (one solver call and one clause per board or class).

use super::SatError;
use super::encoding::Encoding;
use super::instance::Instance;
use super::solve::valid_board;
use super::symmetry::orbit;
use crate::sat::enumerate::{for_each_model, not_all};

/// The result of [`count`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Count {
    /// Valid boards of the instance.
    pub boards: u64,
    /// Classes of boards under the eight symmetries of the square, when asked for.
    pub classes: Option<u64>,
    /// Calls of the solver (the last one answers "no more").
    pub solver_calls: u64,
}

/// Counts the valid boards of `instance`, refusing once more than `limit` are found.
pub fn count(instance: &Instance, limit: u64, up_to_symmetry: bool) -> Result<Count, SatError> {
    let encoding = Encoding::new(instance);
    let mut boards = 0;
    let mut classes = up_to_symmetry.then_some(0);
    let solver_calls = for_each_model(encoding.cnf(), |assignment| {
        let board = valid_board(&encoding, assignment)?;
        let blocked = if up_to_symmetry {
            orbit(&board)
        } else {
            vec![board]
        };
        boards += blocked.len() as u64;
        if let Some(classes) = &mut classes {
            *classes += 1;
        }
        if boards > limit {
            return Err(SatError::TooManyBoards { limit });
        }
        // "Not all of the pieces of the board" (module docs), for the board and its images.
        Ok(blocked
            .iter()
            .map(|image| not_all(&encoding.piece_literals(image)))
            .collect())
    })?;
    Ok(Count {
        boards,
        classes,
        solver_calls,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess_memory::board::BoardSize;
    use crate::chess_memory::queue::Queue;

    fn instance(order: &str, n: usize) -> Instance {
        Instance::from_queue(&Queue::parse(order, BoardSize::new(n).unwrap()).unwrap())
    }

    #[test]
    fn one_rook_pair_on_4x4_by_hand() {
        // Two rooks attack each other when they share a file or a rank: 16·6/2 = 48 pairs.
        let plain = count(&instance("R", 4), 1000, false).unwrap();
        assert_eq!(plain.boards, 48);
        assert_eq!(plain.solver_calls, 49);
        // Classes: a pair on one rank (the transpose gives the files) has its rank on the
        // edge or inside, and its two files {0,1}~{2,3}, {0,2}~{1,3}, {0,3} or {1,2}:
        // 2 × 4 = 8 classes, of sizes 8, 8, 4, 4 for each kind of rank.
        let classes = count(&instance("R", 4), 1000, true).unwrap();
        assert_eq!((classes.boards, classes.classes), (48, Some(8)));
        assert_eq!(classes.solver_calls, 9);
    }

    #[test]
    fn counting_refuses_past_the_limit() {
        let error = count(&instance("R", 4), 10, false).unwrap_err();
        assert!(
            error.to_string().contains("more than 10 valid boards"),
            "{error}"
        );
    }
}
