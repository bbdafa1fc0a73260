//! The "15" game (`docs/fifteen-contract.md`, after the Estonian article in
//! `docs/seed-article-fifteen.md`): pick numbers 1..9 in turn, the first to hold three
//! summing to 15 wins. It is tic-tac-toe on the magic square 8 1 6 / 3 5 7 / 4 9 2.
//!
//! [`numbers`] and [`position`] are the board; [`game`] is the game on the shared
//! [`crate::game::Game`] interface, generic over its rules: the classic ones and the
//! article's odd/even exercise ([`odd_even`]); [`solve`] solves them; [`players`] parses the bots
//! ([`article`]'s heuristic readings, [`newell_simon`], UCT, random and perfect); [`exact`]
//! measures them exactly by walking the game tree; [`terminal`] lets a person play a bot;
//! [`bench`] times games between two bots.

pub mod article;
pub mod bench;
pub mod exact;
pub mod game;
pub mod match_report;
pub mod matches;
pub mod newell_simon;
pub mod numbers;
pub mod odd_even;
pub mod players;
pub mod position;
pub mod solve;
pub mod summary;
pub mod terminal;

pub use game::{Classic, Fifteen, Rules};
pub use odd_even::OddEven;
pub use players::{Bot, Variant};
pub use position::Position;
