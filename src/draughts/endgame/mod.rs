//! Endgame databases: the exact value of every position with few pieces, solved backwards
//! from the end of the game, as the databases of Chinook and Cake are built.
//!
//! A **class** ([`Material`]) is how many men and kings each side has. Its positions, with
//! either side to move, are numbered without gaps by a perfect index ([`index`]): the men by
//! the combinatorial number system over the squares they may stand on (never their own
//! promotion rank), the kings over the squares left. A **value** ([`Value`]) is a win, loss
//! or draw for the side to move, with the number of plies to the end under best play.
//!
//! The retrograde solver ([`retrograde`]) takes one class at a time, after every class its
//! moves can reach by a capture or a crowning ([`Material::solving_order`] derives that
//! order): one pass generates every position's moves and looks up those that leave the class,
//! then rounds by distance walk back from decided positions through un-moves ([`unmove`]):
//! no legal move is a loss; a move to a lost position is a win; only moves to won positions
//! is a loss; what no round decides is a draw. Only one class of each colour-swapped pair is
//! solved and stored ([`Material::is_stored`]); the other is answered by mirroring the board.
//! [`Database::solve_up_to`] solves every class up to a number of pieces in memory, for Czech
//! draughts or English checkers (the Damebot ruleset is not a game with an endgame theory of
//! its own); [`build::build`] writes them to files ([`file`], compressed by [`packbits`]) and
//! [`Database::open`] reads them back.
//!
//! The tests check every value of every class up to three pieces, for both rules, against
//! the solver's own equations, against a second, separate solver and against the forward
//! solver that came before the retrograde one; they also check facts that can be worked out
//! by hand, the un-moves against the moves, and the files against each kind of damage.
//!
//! [`probe`] looks positions up: each legal move's value (`boardlab draughts moves --values`,
//! the page), and the moves of the `perfect:N` player. [`yardstick`] measures the bots: how
//! often a move in a database position reached in their games throws a result away.

pub mod build;
pub mod file;
#[cfg(test)]
mod file_tests;
#[cfg(test)]
mod forward;
pub mod index;
pub mod material;
pub mod packbits;
pub mod probe;
pub mod retrograde;
#[cfg(test)]
mod retrograde_tests;
pub mod solve;
pub mod unmove;
pub mod yardstick;

#[cfg(test)]
mod tests;

pub use material::Material;
pub use retrograde::solve_class;
pub use solve::{Database, Table, Value};
