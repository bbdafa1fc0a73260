//! The integration tests, one folder per part of the source (`harness` for the shared layers,
//! then one per puzzle, and `fuzz` for the readers of outside input), built as one test binary so that the suite links once and its tests
//! run in parallel across areas. Run one area with
//! `cargo test --test suite <folder>::`, for example `cargo test --test suite draughts::` or
//! `cargo test --test suite chess_memory::cover::`.

mod common;

mod chess_memory;
mod draughts;
mod fifteen;
mod fuzz;
mod harness;
mod knights_tour;
mod serve;
