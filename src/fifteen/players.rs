//! The bots, parsed from their names: `random`, `perfect`, `article:own|deny|both[+wb]
//! [:first|:random]` (see [`super::article`]), `newell-simon` and `mcts:N`. All but `mcts`
//! choose uniformly from a set of numbers that depends only on the position, so each has an
//! exact move distribution ([`Bot::choices`]); the exact analysis walks the game tree with it.

use super::article::Reading;
use super::game::{Fifteen, Rules};
use super::newell_simon;
use super::position::Position;
use super::solve::{self, Solution};
use crate::game::Player;
use crate::game::mcts::{Expansion, Rollout, Uct};
use rand_core::Rng;
use std::fmt;
use thiserror::Error;

/// Which of the two games: the "15" game or the article's odd/even exercise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Pick numbers 1..9 in turn; three of yours summing to 15 win.
    Classic,
    /// Odd numbers against even ones; any three placed numbers summing to 15 win.
    OddEven,
}

crate::names::named_enum!(Variant, "variant", { Classic => "classic", OddEven => "odd-even" });

/// The valid names in the classic game, for error messages.
pub const CLASSIC_NAMES: &str =
    "random, perfect, article:own|deny|both[+wb][:first|:random], newell-simon, mcts:N";
/// The valid names in the odd/even variant.
pub const ODD_EVEN_NAMES: &str = "random, perfect, mcts:N";

/// A player name that names no player.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum PlayerError {
    #[error("unknown player `{name}`: valid players are {valid}")]
    Unknown { name: String, valid: &'static str },
    #[error("bad playout count in `{0}`: mcts:N needs N from 1 to 1000000")]
    Playouts(String),
}

/// A bot of the "15" game or its variant.
#[derive(Clone, Debug)]
pub enum Bot {
    /// Uniformly among the legal numbers.
    Random,
    /// Uniformly among the game-theoretically optimal numbers (a lookup in the solved table).
    Perfect(&'static Solution),
    /// One reading of the article's heuristic (classic game only).
    Article(Reading),
    /// Newell and Simon's rule list through the magic square (classic game only).
    NewellSimon,
    /// UCT with this many playouts per move ([`crate::game::mcts`]): a random untried move is
    /// expanded, rollouts play uniformly random numbers to the end. With one legal number it
    /// takes it without searching.
    Mcts(u32),
}

impl Bot {
    /// The bot named `name` in `variant`, or an error naming the valid ones.
    pub fn parse(name: &str, variant: Variant) -> Result<Bot, PlayerError> {
        let valid = match variant {
            Variant::Classic => CLASSIC_NAMES,
            Variant::OddEven => ODD_EVEN_NAMES,
        };
        let unknown = || PlayerError::Unknown {
            name: name.to_string(),
            valid,
        };
        let classic = variant == Variant::Classic;
        match name {
            "random" => Ok(Bot::Random),
            "perfect" => Ok(Bot::Perfect(match variant {
                Variant::Classic => solve::fifteen(),
                Variant::OddEven => solve::odd_even(),
            })),
            "newell-simon" if classic => Ok(Bot::NewellSimon),
            _ => {
                if let Some(count) = name.strip_prefix("mcts:") {
                    match count.parse::<u32>() {
                        Ok(n) if (1..=1_000_000).contains(&n) => Ok(Bot::Mcts(n)),
                        _ => Err(PlayerError::Playouts(name.to_string())),
                    }
                } else if let Some(reading) = name.strip_prefix("article:").filter(|_| classic) {
                    Reading::parse(reading)
                        .map(Bot::Article)
                        .ok_or_else(unknown)
                } else {
                    Err(unknown())
                }
            }
        }
    }

    /// The numbers the bot may take in `position` (not over), each equally likely; `None`
    /// for `mcts`, whose choice depends on its playouts.
    #[inline]
    pub fn choices<R: Rules>(&self, game: &Fifteen<R>, position: &Position) -> Option<u16> {
        match self {
            Bot::Random => Some(game.legal_mask(position)),
            Bot::Perfect(solution) => Some(solution.optimal(position)),
            Bot::Article(reading) => Some(reading.choices(position)),
            Bot::NewellSimon => Some(newell_simon::choice(position)),
            Bot::Mcts(_) => None,
        }
    }

    /// The bot's moves in `position` with their probabilities; `None` for `mcts`.
    pub fn move_distribution<R: Rules>(
        &self,
        game: &Fifteen<R>,
        position: &Position,
    ) -> Option<Vec<(u8, f64)>> {
        let choices = self.choices(game, position)?;
        let p = 1.0 / choices.count_ones() as f64;
        Some(super::numbers::numbers(choices).map(|n| (n, p)).collect())
    }
}

impl fmt::Display for Bot {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Bot::Random => write!(f, "random"),
            Bot::Perfect(_) => write!(f, "perfect"),
            Bot::Article(reading) => write!(f, "{reading}"),
            Bot::NewellSimon => write!(f, "newell-simon"),
            Bot::Mcts(n) => write!(f, "mcts:{n}"),
        }
    }
}

/// A uniformly random number of the non-empty `mask`: one [`crate::rng::below`] draw over its
/// numbers in increasing order.
#[inline(always)]
pub fn pick(mask: u16, rng: &mut dyn Rng) -> u8 {
    let k = crate::rng::below(rng, mask.count_ones() as u64) as u32;
    super::numbers::nth(mask, k)
}

impl<R: Rules> Player<Fifteen<R>> for Bot {
    fn name(&self) -> String {
        self.to_string()
    }

    #[inline]
    fn choose(&mut self, game: &Fifteen<R>, position: &Position, rng: &mut dyn Rng) -> u8 {
        match self.choices(game, position) {
            Some(choices) if choices.count_ones() == 1 => choices.trailing_zeros() as u8 + 1,
            Some(choices) => pick(choices, rng),
            None => match self {
                Bot::Mcts(playouts) => {
                    let legal = game.legal_mask(position);
                    if legal.count_ones() == 1 {
                        return legal.trailing_zeros() as u8 + 1;
                    }
                    let uct = Uct::new(*playouts, Expansion::Random);
                    uct.search(game, position, &mut Rollout::to_the_end(), rng)
                }
                _ => unreachable!("only mcts has no move distribution"),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fifteen::{Classic, Fifteen, OddEven};
    use crate::game::pairing::PairingGame;
    use crate::game::{GameResult, Seat};

    #[test]
    fn names_parse_and_unknown_ones_list_the_valid_ones() {
        for name in [
            "random",
            "perfect",
            "newell-simon",
            "mcts:50",
            "article:deny+wb:random",
        ] {
            assert_eq!(
                Bot::parse(name, Variant::Classic).unwrap().to_string(),
                name
            );
        }
        assert_eq!(
            Bot::parse("article:own", Variant::Classic)
                .unwrap()
                .to_string(),
            "article:own:first"
        );
        let error = Bot::parse("article:own", Variant::OddEven).unwrap_err();
        assert!(
            error.to_string().contains("random, perfect, mcts:N"),
            "{error}"
        );
        let error = Bot::parse("greedy", Variant::Classic).unwrap_err();
        assert!(error.to_string().contains("newell-simon"), "{error}");
        assert!(Bot::parse("mcts:0", Variant::Classic).is_err());
        assert!(Bot::parse("mcts:x", Variant::OddEven).is_err());
    }

    #[test]
    fn distributions_sum_to_one() {
        let p = Position::START.with(5);
        let d = Bot::Random
            .move_distribution(&Fifteen(Classic), &p)
            .unwrap();
        assert_eq!(d.len(), 8);
        assert!((d.iter().map(|(_, p)| p).sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(
            Bot::Mcts(10)
                .move_distribution(&Fifteen(Classic), &p)
                .is_none()
        );
    }

    #[test]
    fn mcts_blocks_and_wins_against_random() {
        // With 300 playouts UCT should not lose to random in a handful of games.
        let mut mcts = Bot::Mcts(300);
        let mut random = Bot::Random;
        for index in 0..4 {
            let game = |label| PairingGame {
                seed: 3,
                label,
                index: 2 * index,
            };
            let (result, _) = game("mcts:300-vs-random")
                .play(&Fifteen(Classic), 0, [&mut mcts, &mut random])
                .unwrap();
            assert_ne!(result, GameResult::Win(Seat::Second));
            let (result, _) = game("random-vs-mcts:300")
                .play(&Fifteen(OddEven), 0, [&mut random, &mut mcts])
                .unwrap();
            assert!(matches!(result, GameResult::Win(_)));
        }
    }
}
