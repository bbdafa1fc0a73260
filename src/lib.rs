//! boardlab: a research harness for board-puzzle search.
//!
//! The first puzzle is the ChessMemory board (see `docs/puzzle.md`): pairs of chess
//! pieces fill an n×n board so that every piece attacks exactly one piece of its own symbol.
//! The crate is layered one way: the puzzle ([`pieces`], [`board`], [`rules`], [`queue`]),
//! the searches over it ([`rng`], [`search`]) and the SAT encoding ([`sat`]), experiments
//! and their data files ([`experiment`], [`output`]), statistics and the analysis of a
//! results folder ([`stats`], [`analysis`]), charts and reports ([`report`]), and the
//! command line ([`cli`]) on top.

pub mod analysis;
pub mod board;
pub mod chess_memory;
pub mod cli;
pub mod draughts;
pub mod experiment;
pub mod fifteen;
pub mod game;
pub mod knights_tour;
pub mod output;
pub mod pieces;
pub mod queue;
pub mod report;
pub mod rng;
pub mod rules;
pub mod sat;
pub mod search;
pub mod stats;
