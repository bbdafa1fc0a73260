//! ChessMemory: 32 pairs of chess pieces fill an 8×8 board so that every piece attacks
//! exactly one piece of its own symbol (`docs/chess-memory-contract.md`).
//!
//! Layered one way: the puzzle ([`pieces`], [`board`], [`rules`] with the validator,
//! [`queue`]), the searches over it ([`search`]) and the SAT encoding ([`sat`]); its
//! experiments ([`spec`], and [`study`], where it meets the shared harness), its data files
//! ([`data`]: `draws.csv`, `summary.csv`, `histogram.csv`), the analysis of a results folder
//! ([`analysis`]), its ranking in the terminal ([`show`]), the line a finished run ends with
//! ([`headline`]) and its charts and report
//! ([`charts`], [`report`]).

pub mod analysis;
pub mod board;
pub mod board_view;
pub mod charts;
pub mod compare;
pub mod counting;
pub mod data;
pub mod estimate;
pub mod fairness;
pub mod finding;
pub mod headline;
pub mod marginals;
pub mod pieces;
pub mod queue;
pub mod report;
pub mod rules;
pub mod sat;
pub mod search;
pub mod show;
pub mod spec;
pub mod study;

pub use spec::{Series, Spec};
pub use study::{ChessMemoryStudy, PUZZLE};

/// The embedded default experiment, `experiments/default.toml`: what `boardlab run` does with
/// no spec.
pub const DEFAULT_SPEC: &str = include_str!("../../experiments/default.toml");
