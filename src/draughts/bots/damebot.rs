//! `damebot`: the original Damebot, as its author's TypeScript chooses ([`crate::draughts::original`]):
//! every legal move in the original's order, each with its evaluation flags and the weight of
//! what it takes, the best set by the original's tie rule, and one move of that set drawn
//! uniformly from the game's random stream (the original draws with `Math.random`).
//!
//! `damebot:-FLAG` (for example `damebot:-edge`, several as `damebot:-edge:-safe`) plays
//! without the named flags: they count as zero, everything else unchanged. The names are
//! [`flag::NAMES`]: `man-move` (1), `safe` (2), `edge` (4), `crown` (8), `man-escape` (16),
//! `king-escape` (32).

use crate::draughts::game::{Draughts, GamePosition};
use crate::draughts::moves::Move;
use crate::draughts::original::evaluate::flag;
use crate::draughts::original::{best_set, scored_moves};
use crate::game::Player;
use rand_core::Rng;

pub struct Damebot {
    /// Flags that count as zero.
    pub without: u8,
}

/// The text of a bot without the flags `without`: `damebot`, `damebot:-edge`, …
pub fn name(without: u8) -> String {
    let mut name = String::from("damebot");
    for (flag_name, value) in flag::NAMES {
        if without & value != 0 {
            name.push_str(":-");
            name.push_str(flag_name);
        }
    }
    name
}

/// Reads the flags after `damebot`: `-NAME` parts joined by `:`.
pub fn parse_without(parts: &str) -> Result<u8, String> {
    let mut without = 0;
    for part in parts.split(':') {
        let value = part
            .strip_prefix('-')
            .and_then(|name| flag::NAMES.iter().find(|(n, _)| *n == name))
            .map(|&(_, value)| value)
            .ok_or_else(|| {
                let names: Vec<&str> = flag::NAMES.iter().map(|(n, _)| *n).collect();
                format!(
                    "`{part}` is not `-FLAG` with a FLAG of {}",
                    names.join(", ")
                )
            })?;
        without |= value;
    }
    Ok(without)
}

impl Damebot {
    /// The moves of `position` in the original's order, Damebot's evaluation of each, and the
    /// positions in that list of its best set.
    pub fn best(
        &self,
        game: &Draughts,
        position: &GamePosition,
    ) -> (Vec<crate::draughts::original::ScoredMove>, Vec<usize>) {
        let mut moves = Vec::new();
        scored_moves(&position.board, &position.order, game.rules, &mut moves);
        let best = best_set(&moves, self.without);
        (moves, best)
    }
}

impl Player<Draughts> for Damebot {
    fn name(&self) -> String {
        name(self.without)
    }

    fn choose(&mut self, game: &Draughts, position: &GamePosition, rng: &mut dyn Rng) -> Move {
        let (moves, best) = self.best(game, position);
        assert!(!best.is_empty(), "a position that is not over has moves");
        moves[best[crate::rng::below(rng, best.len() as u64) as usize]].mv
    }
}
