//! Game records in PDN, Portable Draughts Notation, for every rule set: reading files of
//! games ([`reader`]), replaying them under the rules ([`replay`]), and writing games
//! ([`writer`]) from the command line, the page and the match studies ([`study`]).
//!
//! PDN is the draughts form of chess's PGN; its standard is PDN 3.0 (FMJD,
//! `pdn.fmjd.org`, source github `wiegerw/pdn`). A record is tag pairs (`[White "..."]`)
//! then the moves. [`gametype`] maps the standard's `GameType` numbers to boardlab's rule
//! sets and numbers the squares as each game type does; [`recordable`] is what a game must
//! tell PDN (its board and each move's route), so that one implementation serves the twelve
//! national games and Damebot's own rules.

pub mod gametype;
pub mod reader;
pub mod recordable;
pub mod replay;
pub mod study;
pub mod writer;

pub use reader::{Record, read};
pub use recordable::Recordable;
pub use replay::{Replayed, replay};
pub use writer::{Tags, write_game, write_session};

pub use crate::names::shown;

/// Reads every game of `text` and replays it under `rules` (or the rules its tags name);
/// stops at the first game that does not read or replay, with a one-line error naming it.
pub fn replay_all(
    text: &str,
    rules: Option<crate::draughts::variant::RulesChoice>,
) -> Result<Vec<Replayed>, String> {
    let mut games = Vec::new();
    replay_each(text.as_bytes(), rules, |game| {
        games.push(game);
        Ok(())
    })?;
    Ok(games)
}

/// Replays the games of a PDN file or stream one at a time, in order, handing each to `each`
/// before the next is read: a file of any size is replayed holding one game. Returns how
/// many there were; an error, the first game's that does not read or replay (or `each`'s, or
/// the source's), stops it.
pub fn replay_each(
    source: impl std::io::Read,
    rules: Option<crate::draughts::variant::RulesChoice>,
    mut each: impl FnMut(Replayed) -> Result<(), String>,
) -> Result<usize, String> {
    let mut count = 0;
    for record in reader::Records::from_reader(source) {
        count += 1;
        each(replay(&record?, count, rules)?)?;
    }
    if count == 0 {
        return Err(
            "no game in the text: a PDN file holds tags and moves, e.g. `1. 32-28 19-23`".into(),
        );
    }
    Ok(count)
}

#[cfg(test)]
mod tests;
