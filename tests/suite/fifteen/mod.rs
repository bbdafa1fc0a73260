//! The "15" game: the solver, the players, the command line.

mod cli;
mod players;
mod solve;
