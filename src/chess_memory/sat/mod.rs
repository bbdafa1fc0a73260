//! The puzzle as a SAT instance, solved with varisat: solve, export, count, extend, and explain
//! where the backtracker goes wrong.
//!
//! # The encoding
//!
//! An instance is a board size n (4..=8) and a composition: `2k_s` pieces of each symbol `s`
//! with `k_s` pairs ([`Instance`]). Full boards (`Σ 2k_s = n²`) and boards with empty squares
//! are both allowed.
//!
//! - **Variables.** One variable `x(s, q)` per symbol `s` (in the order `QNBRqnbr`) and square
//!   `q` (file-major, A1 = 0): DIMACS number `s·n² + q + 1`, so 8·n² piece variables; the
//!   cardinality counters' registers follow.
//! - **One symbol per square.** For each square, `¬x(s,q) ∨ ¬x(t,q)` for every two symbols
//!   with pieces (pairwise at-most-one: at most 28 binary clauses per square); on a full board
//!   also `∨_s x(s,q)` (exactly one). Symbols without pieces get `¬x(s,q)` units instead.
//! - **Counts.** Exactly `2k_s` of the `n²` variables `x(s,·)` are true: a sequential counter
//!   (Sinz 2005) with registers defined by equivalences, so one counter gives both bounds
//!   ([`crate::sat::cardinality`]; at most `n²·(2k_s+1)` registers and `4·n²·(2k_s+1) + 2`
//!   clauses per symbol).
//! - **Pairing rule.** A piece on `q` attacks (on an empty board) exactly one piece of its own
//!   symbol: `¬x(s,q) ∨ ∨_{p∈A(q)} x(s,p)` (at least one partner) and, for every two squares
//!   `p < p'` of `A(q)`, `¬x(s,q) ∨ ¬x(s,p) ∨ ¬x(s,p')` (at most one), where `A(q)` is the
//!   squares the kind of `s` attacks from `q`. Pairwise at-most-one costs `|A(q)|·(|A(q)|-1)/2`
//!   ternary clauses: a queen in the centre of 8×8 attacks 27 squares (351 clauses) but the
//!   clauses need no auxiliary variables and propagate at once.
//!
//! Different symbols meet only in the one-symbol-per-square clauses, as in the puzzle.
//! On 8×8 with the seed's composition (4 pairs of each symbol, full board) the formula has
//! 4,824 variables (512 pieces, 4,312 registers) and 68,832 clauses: 1,856 for the squares,
//! 16,696 for the counters and 50,280 for the pairing rule; `boardlab chess-memory sat cnf` prints the
//! counts of each part for any instance.
//!
//! Every answer is checked independently before it is used: a model must satisfy every
//! clause (by evaluation), and its board must pass [`crate::chess_memory::rules::validate`] and have the
//! instance's pieces. Conversely, the tests evaluate the clauses on the backtracker's boards.
//!
//! # The parts
//!
//! What does not depend on the puzzle (the formula type, the sequential counter, the DIMACS
//! writer, the model check, seeded diversity and varisat itself) is the shared SAT module
//! [`crate::sat`]; this folder holds the puzzle's side. [`encoding`] builds the clauses,
//! [`dimacs`] writes them for other solvers with the variable map as comment lines,
//! [`solve`](mod@solve) runs varisat with seeded diversity ([`crate::sat::shuffle`]),
//! [`count`](mod@count) enumerates boards (optionally up to the symmetries of the square,
//! [`symmetry`]), [`extend`](mod@extend) completes partial boards (with DRAT proofs of the
//! "no"), and [`mistakes`] replays the seed's backtracker and finds the first placement after
//! which its board could no longer be completed.

pub mod count;
pub mod dimacs;
pub mod encoding;
pub mod estimate;
pub mod extend;
pub mod instance;
pub mod mistakes;
pub mod solve;
pub mod symmetry;

pub use count::{Count, count};
pub use encoding::{ClauseCounts, Encoding, Meaning};
pub use extend::{CompletionOracle, Extension, extend, extend_with_proof, formula_with_partial};
pub use instance::{Instance, InstanceError};
pub use solve::{Solved, solve};

use crate::chess_memory::board::BoardSize;
use crate::sat::SolveError;

/// What can go wrong on the SAT path. Each message names the problem and the way out.
#[derive(Debug, thiserror::Error)]
pub enum SatError {
    #[error(
        "the partial board is {board} but the instance is {instance}; give a board of the instance's size (or change --size)"
    )]
    SizeMismatch {
        board: BoardSize,
        instance: BoardSize,
    },
    #[error(
        "more than {limit} valid boards: counting enumerates boards one by one, so the instance is too large for this limit; raise --limit or count a smaller instance"
    )]
    TooManyBoards { limit: u64 },
    #[error("the question went over the solver's effort budget; raise the budget")]
    BudgetSpent,
    #[error("the SAT solver failed: {0}")]
    Solver(#[from] varisat::solver::SolverError),
    #[error("internal error: {0}")]
    InvalidAnswer(String),
}

/// A failure of the solver stays one; a missing model, or one that fails the model check, is an
/// invalid answer.
impl From<SolveError> for SatError {
    fn from(error: SolveError) -> SatError {
        match error {
            SolveError::Solver(error) => SatError::Solver(error),
            answer => SatError::InvalidAnswer(answer.to_string()),
        }
    }
}
