//! ChessMemory as an experiment: its spec and its [`Study`](crate::experiment::Study).
//!
//! The puzzle itself (pieces, boards, the attack rule, queues and the searches) lives in the
//! modules beside this one ([`crate::pieces`], [`crate::board`], [`crate::rules`],
//! [`crate::queue`], [`crate::search`], [`crate::sat`]); its data files are in
//! [`crate::output`] and its report in [`crate::report`]. This folder is where they meet the
//! shared harness.

pub mod spec;
pub mod study;

pub use spec::{Series, Spec};
pub use study::{ChessMemoryStudy, PUZZLE};
