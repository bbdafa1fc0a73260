//! Endgame databases: the exact value of every position with few pieces, solved backwards
//! from the end of the game, as the databases of Chinook and Cake are built.
//!
//! A **class** ([`Material`]) is how many men and kings each side has. Its positions, with
//! either side to move, are numbered without gaps by a perfect index ([`index`]): the men by
//! the combinatorial number system over the squares they may stand on (never their own
//! promotion rank), the kings over the squares left. A **value** ([`Value`]) is a win, loss
//! or draw for the side to move, with the number of plies to the end under best play.
//!
//! The solver ([`solve`]) takes one class at a time, after every class its moves can reach by
//! a capture or a crowning ([`Material::solving_order`] derives that order), and computes its
//! values with the rules' own move generator: no legal move is a loss; a move to a lost
//! position is a win; only moves to won positions is a loss; what no round decides is a draw.
//! [`Database::solve_up_to`] solves every class up to a number of pieces, for Czech draughts
//! or English checkers (the Damebot ruleset is not a game with an endgame theory of its own).
//!
//! The tests check every value of every class up to three pieces, for both rules, against
//! the solver's own equations and against a second, separate solver; they also check facts
//! that can be worked out by hand. Nothing is written to files yet.
//!
//! [`probe`] looks positions up: each legal move's value (`boardlab draughts moves --values`,
//! the page), and the moves of the `perfect:N` player.

pub mod index;
pub mod material;
pub mod probe;
pub mod solve;
pub mod yardstick;

#[cfg(test)]
mod tests;

pub use material::Material;
pub use solve::{Database, Table, Value, solve_class};
