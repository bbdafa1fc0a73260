//! boardlab: a research harness for board-puzzle and game search.
//!
//! It studies four systems, one folder each: the ChessMemory placement puzzle
//! ([`chess_memory`], see `docs/chess-memory-contract.md`), the knight's tour ([`knights_tour`]), the "15"
//! game ([`fifteen`]) and Czech draughts ([`draughts`]); the two games share one game and
//! bot interface ([`game`]). One experiment harness serves them all ([`experiment`]: specs,
//! the parallel runner, resume, shards and merge, manifests), with shared random streams
//! ([`rng`]), statistics ([`stats`]) and data-file writing ([`output`]); each puzzle plugs in
//! through [`experiment::Study`]. The puzzles with a SAT encoding build it on one shared SAT
//! module ([`sat`]: the formula, the DIMACS writer, the model check, varisat). The command line
//! ([`cli`]) sits on top.

pub mod chess_memory;
pub mod cli;
pub mod draughts;
pub mod experiment;
pub mod fifteen;
pub mod game;
pub mod interrupts;
pub mod knights_tour;
pub mod names;
pub mod output;
pub mod puzzles;
pub mod rng;
pub mod sat;
pub mod serve;
pub mod stats;

/// The version line: the package version and `git describe --always --dirty` of the source
/// tree this binary was built from (recorded by `build.rs`).
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("BOARDLAB_GIT_DESCRIBE"),
    ")"
);
