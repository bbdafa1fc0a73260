//! A game lost by a fault instead of by play: a player outside this process (an engine
//! spoken to over the Hub protocol, [`crate::draughts::hub`]) may crash, hang, answer
//! nonsense or name an illegal move. The game loop ([`super::play_game_with`]) does not trust
//! such a player: its fault ends the game as its loss, the reason is kept with the game, and
//! a match goes on with the next game.
//!
//! In `draws.csv` a forfeited game's `moves` column ends with one more token,
//! `forfeit:FAULT` (e.g. `32-28 19-23 forfeit:timeout`): the moves before it were played, and
//! the seat to move after them forfeited. A game without a fault is written exactly as
//! before. The game's referee replays the moves, checks that the game was not over, and
//! gives the win to the other seat.

use std::fmt;

/// What went wrong with a player's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fault {
    /// A well-formed move that is not legal in the position.
    Illegal,
    /// The player's process ended, or could not be written to.
    Crash,
    /// No move within the time limit.
    Timeout,
    /// An answer that is no message of the protocol, or a move that is not a move.
    Garbage,
    /// The player refused the game: an `error` answer, or a rule set it does not offer.
    Refused,
}

crate::names::named_enum!(Fault, "fault", {
    Illegal => "illegal",
    Crash => "crash",
    Timeout => "timeout",
    Garbage => "garbage",
    Refused => "refused",
});

/// A player's forfeit: the fault, and what was seen (for messages; the data files keep the
/// fault only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forfeit {
    pub fault: Fault,
    pub detail: String,
}

impl Forfeit {
    pub fn new(fault: Fault, detail: impl Into<String>) -> Forfeit {
        Forfeit {
            fault,
            detail: detail.into(),
        }
    }

    /// The token that ends a forfeited game's `moves` column: `forfeit:FAULT`.
    pub fn token(&self) -> String {
        format!("{TOKEN_PREFIX}{}", self.fault)
    }
}

impl fmt::Display for Forfeit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "forfeit ({}): {}", self.fault, self.detail)
    }
}

impl std::error::Error for Forfeit {}

/// How a forfeit token starts.
pub const TOKEN_PREFIX: &str = "forfeit:";

/// The move a player that forfeited gives where [`crate::game::Player::choose`] must give
/// one: the first legal move, so that the trait's promise holds (the game loop and sessions
/// ask [`crate::game::Player::try_choose`], which reports the forfeit).
pub fn move_after_forfeit<G: crate::game::Game>(game: &G, position: &G::Position) -> G::Move {
    let mut legal = Vec::new();
    game.legal_moves(position, &mut legal);
    legal.swap_remove(0)
}

/// A written game's move tokens split into the moves played and, when the last token is a
/// forfeit token, its fault; an error names a forfeit token with an unknown fault, or one
/// that is not last.
pub fn split_moves<'a, 'm>(moves: &'a [&'m str]) -> Result<(&'a [&'m str], Option<Fault>), String> {
    if let Some(at) = moves[..moves.len().saturating_sub(1)]
        .iter()
        .position(|m| m.starts_with(TOKEN_PREFIX))
    {
        return Err(format!(
            "move {} `{}`: a forfeit ends the game, so it can only be the last token",
            at + 1,
            moves[at]
        ));
    }
    match moves.split_last() {
        Some((last, played)) if last.starts_with(TOKEN_PREFIX) => {
            let fault = last[TOKEN_PREFIX.len()..]
                .parse::<Fault>()
                .map_err(|e| format!("`{last}`: {e}"))?;
            Ok((played, Some(fault)))
        }
        _ => Ok((moves, None)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_forfeit_token_is_read_back_only_in_last_place() {
        for &fault in Fault::ALL {
            let token = Forfeit::new(fault, "seen").token();
            let moves = ["32-28", token.as_str()];
            assert_eq!(split_moves(&moves), Ok((&moves[..1], Some(fault))));
        }
        assert_eq!(Forfeit::new(Fault::Timeout, "x").token(), "forfeit:timeout");
        let played = ["32-28", "19-23"];
        assert_eq!(split_moves(&played), Ok((&played[..], None)));
        assert_eq!(split_moves(&[]), Ok((&[][..], None)));
        assert!(
            split_moves(&["forfeit:crash", "32-28"])
                .unwrap_err()
                .contains("only be the last")
        );
        assert!(
            split_moves(&["forfeit:sulk"])
                .unwrap_err()
                .contains("unknown fault 'sulk'")
        );
    }
}
