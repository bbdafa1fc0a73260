//! SAT tools that every puzzle's encoding builds on, and that know nothing of any puzzle.
//!
//! An encoding lives in its puzzle's folder: it decides what the variables mean, builds the
//! clauses as a [`Cnf`], names the variables in DIMACS comment lines and turns a model back
//! into a board, a path or whatever the puzzle asks for. What is the same for every encoding
//! is here, one copy of each:
//!
//! | file | what |
//! |---|---|
//! | [`cnf`](mod@cnf) | the formula (variables, clauses) and the model check against its clauses |
//! | [`dimacs`](mod@dimacs) | the DIMACS CNF writer (the 1993 DIMACS challenge format) |
//! | [`solve`](mod@solve) | loading a formula into varisat, reading and checking its model |
//! | [`enumerate`] | every model, one solver call each, excluded in turn by blocking clauses |
//! | [`cardinality`] | "exactly k of these literals", by Sinz's sequential counter (CP 2005) |
//! | [`shuffle`] | the same formula renumbered and reordered by a seed, for diversity |
//! | [`proof`] | effort counted from varisat's DRAT proof stream, and an effort budget |
//!
//! **Every model is checked.** A model counts only after it has satisfied every clause by
//! evaluation ([`Cnf::check_model`]), outside the solver: [`solve()`] and
//! [`enumerate::for_each_model`] do so before they hand a model out, and code that drives
//! varisat itself does so too. Encodings then check the decoded answer with their puzzle's own
//! validator.
//!
//! The solver is varisat 0.2.2 (pure Rust, incremental, with DRAT proofs); its API is
//! described in its documentation on docs.rs.

pub mod cardinality;
pub mod cnf;
pub mod dimacs;
pub mod enumerate;
pub mod proof;
pub mod shuffle;
pub mod solve;

pub use cnf::Cnf;
pub use dimacs::write_dimacs;
pub use solve::{SolveError, solve};
