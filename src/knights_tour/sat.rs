//! Knight's tours as SAT, solved with varisat; every model is decoded and validated.
//!
//! # The encoding (position encoding of a Hamiltonian path or cycle)
//!
//! For a board of N = W·H squares (row-major index `s`) and tour positions `p = 0..N`:
//!
//! - **Variables.** `v(s, p)`: square `s` is visited at position `p`; DIMACS number
//!   `s·N + p + 1`, so N² variables and nothing else.
//! - **Permutation.** Every position holds at least one square (`∨_s v(s,p)`, N clauses) and
//!   at most one (`¬v(s,p) ∨ ¬v(t,p)` for s < t); every square has at least one position and
//!   at most one, likewise: 2N + N²(N−1) clauses.
//! - **Moves.** `¬v(s,p) ∨ ∨_{t ∈ K(s)} v(t,p+1)` for p < N−1 (the next square is a knight's
//!   move away, `K(s)` the knight neighbours of `s`) and `¬v(s,p) ∨ ∨_{t∈K(s)} v(t,p−1)` for
//!   p > 0 (the same, backwards, which propagates better): 2N(N−1) clauses.
//! - **Closed tours** take positions modulo N (2N² move clauses) and, as any cycle can be
//!   rotated to start anywhere, fix square 0 (the corner) at position 0 with one unit clause.
//!
//! In all, N² variables and 2N + N²(N−1) + 2N(N−1) clauses (open) or
//! 2N + N²(N−1) + 2N² + 1 (closed):
//!
//! | board | N  | variables | open clauses | closed clauses |
//! |-------|----|-----------|--------------|----------------|
//! | 3×4   | 12 | 144       | 1,872        | 1,897          |
//! | 4×4   | 16 | 256       | 4,352        | 4,385          |
//! | 5×5   | 25 | 625       | 16,250       | 16,301         |
//! | 6×6   | 36 | 1,296     | 49,032       | 49,105         |
//! | 8×8   | 64 | 4,096     | 266,240      | 266,369        |
//!
//! The pairwise at-most-one constraints dominate (N²(N−1) clauses), so the encoding is for
//! small boards; it is deliberately plain, to serve as an independent check of the searches.
//!
//! The formula, its DIMACS output, the model check and varisat come from the shared SAT module
//! ([`crate::sat`]); what is this puzzle's is the clauses above, the two comment lines of the
//! DIMACS output and the decoding of a model into a tour, which the validator then checks
//! against the puzzle as `docs/knights-tour-contract.md` defines it.

use super::validate::{TourError, validate_closed_tour, validate_tour};
use super::{Board, KnightsError, Square};
use crate::sat::{Cnf, SolveError};
use std::io::{self, Write};
use varisat::Var;

/// The largest board encoded (squares).
pub const MAX_SAT_SQUARES: u64 = 64;

/// The clauses of the tour problem on one board.
#[derive(Debug, Clone)]
pub struct TourCnf {
    pub board: Board,
    pub closed: bool,
    /// N² variables, `v(s, p)` at index `s·N + p`.
    pub cnf: Cnf,
}

/// Errors of the SAT tools: bad input, a failing solver, or a model that fails the checks (a
/// bug).
#[derive(Debug, thiserror::Error)]
pub enum SatError {
    #[error(transparent)]
    Input(#[from] KnightsError),
    #[error(transparent)]
    Solve(#[from] SolveError),
    #[error("the solver's model is not a tour: {0}")]
    NotATour(#[from] TourError),
}

/// Builds the encoding of the module docs.
pub fn encode(board: &Board, closed: bool) -> Result<TourCnf, KnightsError> {
    if board.squares() as u64 > MAX_SAT_SQUARES {
        return Err(KnightsError::TooLargeFor {
            what: "the SAT encoding",
            width: board.width(),
            height: board.height(),
            max: MAX_SAT_SQUARES,
        });
    }
    let n = board.squares();
    let var = |s: usize, p: usize| Var::from_index(s * n + p);
    let mut cnf = Cnf::with_vars(n * n);
    for p in 0..n {
        cnf.add_clause((0..n).map(|s| var(s, p).positive()).collect());
    }
    for s in 0..n {
        cnf.add_clause((0..n).map(|p| var(s, p).positive()).collect());
    }
    for a in 0..n {
        for b in a + 1..n {
            for c in 0..n {
                cnf.add_clause(vec![var(a, c).negative(), var(b, c).negative()]);
                cnf.add_clause(vec![var(c, a).negative(), var(c, b).negative()]);
            }
        }
    }
    let knights: Vec<Vec<usize>> = (0..n)
        .map(|s| {
            board
                .neighbours(board.square_at(s))
                .map(|t| board.index(t))
                .collect()
        })
        .collect();
    for p in 0..n {
        for (step, allowed) in [(1, closed || p + 1 < n), (n - 1, closed || p > 0)] {
            if !allowed || n == 1 {
                continue;
            }
            let q = (p + step) % n;
            for (s, neighbours) in knights.iter().enumerate() {
                let mut clause = vec![var(s, p).negative()];
                clause.extend(neighbours.iter().map(|&t| var(t, q).positive()));
                cnf.add_clause(clause);
            }
        }
    }
    if closed {
        cnf.add_clause(vec![var(0, 0).positive()]);
    }
    Ok(TourCnf {
        board: *board,
        closed,
        cnf,
    })
}

impl TourCnf {
    /// Writes DIMACS CNF with a header comment naming the board and the variables.
    pub fn write_dimacs<W: Write>(&self, out: &mut W) -> io::Result<()> {
        let kind = if self.closed { "closed" } else { "open" };
        let comments = [
            format!("{kind} knight's tours of the {} board", self.board),
            format!(
                "variable s*N+p+1: square s (row-major) at tour position p, N = {}",
                self.board.squares()
            ),
        ];
        crate::sat::write_dimacs(out, comments, &self.cnf)
    }

    /// The tour of an assignment: the square at each position.
    pub fn decode(&self, assignment: &[bool]) -> Vec<Square> {
        let n = self.board.squares();
        (0..n)
            .filter_map(|p| {
                (0..n)
                    .find(|&s| assignment[s * n + p])
                    .map(|s| self.board.square_at(s))
            })
            .collect()
    }
}

/// Solves the encoding: `Some(tour)`, checked against the clauses (by [`crate::sat::solve()`])
/// and by the validator, or `None` when no tour exists.
pub fn solve(board: &Board, closed: bool) -> Result<Option<Vec<Square>>, SatError> {
    let cnf = encode(board, closed)?;
    let Some(assignment) = crate::sat::solve(&cnf.cnf)? else {
        return Ok(None);
    };
    let tour = cnf.decode(&assignment);
    let (width, height) = (board.width(), board.height());
    if closed {
        validate_closed_tour(width, height, &tour)?;
    } else {
        validate_tour(width, height, &tour)?;
    }
    Ok(Some(tour))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clause_counts_follow_the_documented_formulas() {
        for (w, h) in [(3, 4), (4, 4), (5, 5)] {
            let board = Board::new(w, h).unwrap();
            let n = board.squares();
            let open = encode(&board, false).unwrap();
            assert_eq!(open.cnf.var_count(), n * n);
            assert_eq!(open.cnf.len(), 2 * n + n * n * (n - 1) + 2 * n * (n - 1));
            let closed = encode(&board, true).unwrap();
            assert_eq!(closed.cnf.len(), 2 * n + n * n * (n - 1) + 2 * n * n + 1);
        }
    }
}
