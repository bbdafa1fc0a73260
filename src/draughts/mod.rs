//! Czech draughts (česká dáma) and English checkers: an exact, fast move generator on
//! 32-square bitboards, proved by perft, and the bots that play on the shared game interface.
//!
//! The rules are those of `docs/draughts-contract.md`, which follow the Czech Draughts Federation and the
//! reference library whose published perft counts test the generator; the seed article
//! (`docs/seed-article-draughts.md`) describes the original browser game and its greedy bot,
//! Damebot, whose source is ported in [`original`]. Layers: squares and boards ([`square`],
//! [`board`]), text ([`fen`], [`moves`]), rules and the generator ([`rules`], [`movegen`]),
//! counting ([`perft`], with [`popcount`]) and its speed ([`bench`]), the game with its draw
//! rules ([`game`]), the original Damebot
//! ([`original`]), the bots ([`bots`]), a person against a bot ([`terminal`]), and their
//! matches in the experiment harness ([`matches`], [`referee`], [`match_report`]), and the
//! Hub engine protocol both ways ([`hub`]) and DamExchange, the network protocol of
//! tournament engines such as Moby Dam ([`dxp`]), with the player names of outside engines
//! ([`engine_command`]), and endgame databases solved backwards from the
//! end of the game ([`endgame`]).

pub mod bench;
pub mod board;
pub mod bots;
pub mod dxp;
pub mod endgame;
pub mod engine_command;
pub mod fen;
pub mod game;
pub mod hub;
pub mod match_report;
pub mod matches;
pub mod movegen;
pub mod moves;
pub mod original;
pub mod pdn;
pub mod perft;
pub mod popcount;
pub mod referee;
pub mod rules;
pub mod square;
pub mod terminal;
pub mod tune;
pub mod variant;

pub use board::{Board, Color};
pub use fen::{FenError, parse_fen, to_fen};
pub use moves::{Move, MoveError, MoveText};
pub use rules::Rules;
pub use square::Square;
