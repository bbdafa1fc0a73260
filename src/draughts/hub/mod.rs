//! The Hub protocol, both ways: boardlab's bots as Hub engines, and Hub engines as boardlab
//! players.
//!
//! The Hub protocol is the text protocol of the draughts engine Scan 3.1 (Fabien Letouzey)
//! and of the Hub GUI, also spoken by lidraughts' engines; its definition is `protocol.txt`
//! in Scan's sources ("Hub protocol for draughts, version 2"). The GUI starts the engine,
//! says `hub`, sets parameters, says `init`, then asks for moves: `pos`, `level`, `go think`,
//! answered by `done move=...`. Layers: one line of the protocol ([`message`]); positions,
//! moves and rule-set names in its format ([`position`]); a boardlab bot answering it
//! (`boardlab draughts hub`, [`engine`]); and a Hub engine in a seat of boardlab's games,
//! matches and terminal play (`hub:COMMAND`, [`player`]), refereed so that an engine's crash,
//! hang, garbage or illegal move loses its game and the match goes on.
//!
//! International draughts (Scan's `normal`) comes first; the same protocol serves every rule
//! set of [`crate::draughts::variant`], the board's squares in their PDN numbering and the
//! rule set chosen with the engine parameter `variant`.

pub mod engine;
pub mod message;
pub mod player;
pub mod position;

pub use engine::{Breakage, EngineOptions, serve};
pub use message::Message;
pub use player::{HubPlayer, HubSpec};
