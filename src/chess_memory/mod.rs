//! ChessMemory: 32 pairs of chess pieces fill an 8×8 board so that every piece attacks
//! exactly one piece of its own symbol (`docs/puzzle.md`).
//!
//! Layered one way: the puzzle ([`pieces`], [`board`], [`rules`] with the validator,
//! [`queue`]), the searches over it ([`search`]) and the SAT encoding ([`sat`]); its
//! experiments ([`spec`], and [`study`], where it meets the shared harness), the analysis of
//! a results folder ([`analysis`]) and its charts and report ([`report`]). Its data files are
//! written by `crate::output` (`draws.csv`, `summary.csv`, `histogram.csv`).

pub mod analysis;
pub mod board;
pub mod pieces;
pub mod queue;
pub mod report;
pub mod rules;
pub mod sat;
pub mod search;
pub mod spec;
pub mod study;

pub use spec::{Series, Spec};
pub use study::{ChessMemoryStudy, PUZZLE};
