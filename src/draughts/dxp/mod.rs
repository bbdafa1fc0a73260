//! DamExchange (DXP), both ways: DXP engines as boardlab players, and boardlab's bots as DXP
//! engines.
//!
//! DXP is the network protocol of international draughts engines in tournaments (Moby Dam,
//! Harm Jetten's engine, speaks it; so do the DXP referees of engine matches): one TCP
//! connection, NUL-ended ASCII messages with fixed-width fields. The initiator sends a game
//! request with the position and the colour the follower plays, the follower accepts, and
//! the two send each other their moves until one sends a game end. Layers: one message and
//! its framing ([`message`]); positions and moves between its fields and boardlab's board
//! ([`position`]); a DXP engine in a seat of boardlab's games and matches, refereed move by
//! move (`dxp:COMMAND`, [`player`]); and a boardlab bot answering the protocol (`boardlab
//! draughts dxp`, [`engine`]). Every socket is on 127.0.0.1 unless the user names another
//! address.

pub mod engine;
pub mod message;
pub mod player;
pub mod position;

pub use engine::{Breakage, EngineOptions, serve};
pub use message::Message;
pub use player::{DxpPlayer, DxpSpec};
