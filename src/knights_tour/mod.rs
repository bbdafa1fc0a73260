//! The knight's tour, boardlab's second puzzle (see `docs/knights-tour-contract.md`).
//!
//! A knight visits every square of a W×H board exactly once (an *open tour*, a Hamiltonian
//! path of the knight's graph); a *closed tour* also ends a knight's move from its start.
//! The puzzle itself uses only [`crate::rng`], the shared SAT module [`crate::sat`] and
//! external crates; the experiment modules plug it into the shared harness
//! ([`crate::experiment`]).
//!
//! - [`geometry`]: boards, squares, the eight moves in the literature's numbering and the
//!   bordered array layout the fast searches run on;
//! - [`replay`]: the seed article's Go program, reproduced exactly (dead ends included);
//! - [`tie_break`] and [`squirrel`]: Warnsdorff's tie-breaking rules, Squirrel's switching
//!   table among them;
//! - [`warnsdorff`]: the greedy rule in linear time, and [`draw`] for the experiment runner;
//! - [`backtrack`]: a sound depth-first search ordered by Warnsdorff's rule, with a cap;
//! - [`validate`]: the independent checker every reported tour goes through;
//! - [`density`]: a walk too large to draw square by square, as a small image of visit order;
//! - [`sat`]: open and closed tours as CNF, solved with varisat through [`crate::sat`];
//! - [`count`]: exact counts of tours on small boards;
//! - [`bench`]: the greedy rule's throughput on one core, and the row it adds to `bench.csv`;
//! - [`spec`], [`study`], [`report`] and [`charts`]: the experiment (`puzzle = "knights-tour"`): its
//!   spec, its draws and tables for the shared runner, and its charts and report.
//!
//! Coordinates: `x` is the column (1 = left) and `y` the row (1 = top), both 1-based on the
//! command line and 0-based in [`Square`]; a board is `W×H`, W columns by H rows. The seed
//! program's `(x, y)` and the literature's `(row, column)` both map onto this.

pub mod backtrack;
pub mod bench;
pub mod charts;
pub mod count;
pub mod density;
mod findings;
pub mod geometry;
pub mod replay;
pub mod report;
pub mod sat;
mod sides;
pub mod spec;
pub mod squirrel;
pub mod study;
pub mod tie_break;
mod tour_text;
pub mod validate;
pub mod warnsdorff;

pub use geometry::{Board, MoveOrder, Square};
pub use tie_break::Rule;
pub use validate::{TourError, validate_closed_tour, validate_path, validate_tour};
pub use warnsdorff::{Outcome, TourDraw, draw, draw_backtracking};

/// Bad input to the knight's-tour functions, naming the offending value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KnightsError {
    #[error("board size {0:?} is not of the form N or WxH with positive integers")]
    MalformedSize(String),
    #[error("a board side must be at least 1, got {width}x{height}")]
    EmptyBoard { width: u64, height: u64 },
    #[error("a {width}x{height} board has more than {max} squares", max = geometry::MAX_SQUARES)]
    BoardTooLarge { width: u64, height: u64 },
    #[error("start {0:?} is not of the form X,Y with positive integers")]
    MalformedStart(String),
    #[error("start ({x},{y}) is off the {width}x{height} board")]
    StartOffBoard {
        x: u64,
        y: u64,
        width: u32,
        height: u32,
    },
    #[error(
        "unknown tie-break rule {0:?} (expected seed, order:DDDDDDDD, random, pohl, roth or squirrel)"
    )]
    UnknownRule(String),
    #[error("move ordering {0:?} is not the 8 distinct digits 1-8")]
    MalformedOrdering(String),
    #[error("a closed tour needs an even number of squares; {width}x{height} has {squares}", squares = *width as u64 * *height as u64)]
    ClosedOddBoard { width: u32, height: u32 },
    #[error("Squirrel's rule is defined for square boards, not {width}x{height}")]
    SquirrelNeedsSquare { width: u32, height: u32 },
    #[error("{what} on a {width}x{height} board is too large (at most {max} squares)")]
    TooLargeFor {
        what: &'static str,
        width: u32,
        height: u32,
        max: u64,
    },
}
