//! Draughts bots on the shared [`Player`] trait. Each one's choice depends only on the
//! position, its own settings and the game's random stream for it.
//!
//! - `random`: a uniformly random legal move.
//! - `damebot`: the original Damebot, as its author's program chooses ([`damebot`]);
//!   `damebot:-FLAG` without one of its evaluation flags; `damebot:article`, the project's
//!   earlier reading of the seed article's prose ([`article_damebot`]).
//! - `alphabeta:D`: negamax with alpha-beta to depth D ([`alphabeta`]).
//! - `mcts:N`: Monte Carlo tree search with N playouts ([`mcts`]).
//! - `perfect:D`: exact play from the endgame database, `alphabeta:D` outside it ([`perfect`]).
//! - `engine:N-nodes`, `engine:Ts`: boardlab's engine, by nodes or seconds a move
//!   ([`engine`]).

pub mod alphabeta;
pub mod article_damebot;
pub mod board_rules;
pub mod damebot;
pub mod engine;
pub mod eval;
pub mod mcts;
pub mod perfect;
pub mod random;
pub mod view;

use super::game::Draughts;
use super::rules::Rules;
use crate::game::Player;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The only legal move of `position`, which a bot plays without searching; none where there
/// are more (the game is not over when a bot is asked).
pub fn only_move<G: crate::game::Game>(game: &G, position: &G::Position) -> Option<G::Move> {
    let mut moves = Vec::new();
    game.legal_moves(position, &mut moves);
    if moves.len() == 1 { moves.pop() } else { None }
}

/// A bot as written in specs and on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotSpec {
    Random,
    /// The original Damebot, with the evaluation flags in `without` counting as zero.
    Damebot {
        without: u8,
    },
    /// The earlier reading of the article's prose.
    ArticleDamebot,
    AlphaBeta {
        depth: u32,
    },
    Mcts {
        playouts: u32,
    },
    /// Exact play from the endgame database, alphabeta to `depth` outside it.
    Perfect {
        depth: u32,
    },
    /// boardlab's engine at a node or time limit, with some features switched off.
    Engine(engine::EngineSpec),
}

/// Bot text that names no bot.
#[derive(Debug, Error, PartialEq, Eq)]
#[error(
    "bot `{text}`: {reason} (expected random, damebot, damebot:-FLAG, damebot:article, alphabeta:D with D 1-20, mcts:N with N 1-1000000, perfect:D with D 1-20, or engine:N-nodes or engine:Ts with -FLAG switches)"
)]
pub struct BotSpecError {
    pub text: String,
    pub reason: String,
}

impl FromStr for BotSpec {
    type Err = BotSpecError;

    fn from_str(text: &str) -> Result<BotSpec, BotSpecError> {
        let error = |reason: &str| BotSpecError {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        let (name, argument) = match text.split_once(':') {
            Some((name, argument)) => (name, Some(argument)),
            None => (text, None),
        };
        let number = |low: u32, high: u32| -> Result<u32, BotSpecError> {
            let argument = argument.ok_or_else(|| error("needs a number after `:`"))?;
            let value: u32 = argument
                .parse()
                .map_err(|_| error(&format!("`{argument}` is not a number")))?;
            if (low..=high).contains(&value) {
                Ok(value)
            } else {
                Err(error(&format!("{value} is out of range")))
            }
        };
        match name {
            "random" if argument.is_some() => Err(error("takes no argument")),
            "random" => Ok(BotSpec::Random),
            "damebot" => match argument {
                None => Ok(BotSpec::Damebot { without: 0 }),
                Some("article") => Ok(BotSpec::ArticleDamebot),
                Some(flags) => damebot::parse_without(flags)
                    .map(|without| BotSpec::Damebot { without })
                    .map_err(|reason| error(&reason)),
            },
            "alphabeta" => Ok(BotSpec::AlphaBeta {
                depth: number(1, 20)?,
            }),
            "mcts" => Ok(BotSpec::Mcts {
                playouts: number(1, 1_000_000)?,
            }),
            "perfect" => Ok(BotSpec::Perfect {
                depth: number(1, 20)?,
            }),
            "engine" => {
                let argument = argument.ok_or_else(|| error("needs a limit after `:`"))?;
                engine::EngineSpec::parse(argument)
                    .map(BotSpec::Engine)
                    .map_err(|reason| error(&reason))
            }
            _ => Err(error("unknown bot")),
        }
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => write!(f, "random"),
            BotSpec::Damebot { without } => f.write_str(&damebot::name(*without)),
            BotSpec::ArticleDamebot => write!(f, "damebot:article"),
            BotSpec::AlphaBeta { depth } => write!(f, "alphabeta:{depth}"),
            BotSpec::Mcts { playouts } => write!(f, "mcts:{playouts}"),
            BotSpec::Perfect { depth } => write!(f, "perfect:{depth}"),
            BotSpec::Engine(spec) => write!(f, "{spec}"),
        }
    }
}

impl BotSpec {
    /// A fresh player of this kind for games under `rules`. Only `perfect:D` can fail: it
    /// needs the endgame database of `rules` ([`perfect::Perfect::open`]).
    pub fn player(self, rules: Rules) -> Result<Box<dyn Player<Draughts> + Send>, String> {
        Ok(match self {
            BotSpec::Random => Box::new(random::RandomBot),
            BotSpec::Damebot { without } => Box::new(damebot::Damebot { without }),
            BotSpec::ArticleDamebot => Box::new(article_damebot::ArticleDamebot),
            BotSpec::AlphaBeta { depth } => Box::new(alphabeta::AlphaBeta::new(depth)),
            BotSpec::Mcts { playouts } => Box::new(mcts::Mcts::new(playouts)),
            BotSpec::Perfect { depth } => Box::new(perfect::Perfect::open(depth, rules)?),
            BotSpec::Engine(spec) => Box::new(engine::PvsEngine::new(spec, rules)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_names_round_trip_and_bad_ones_are_refused() {
        for text in [
            "random",
            "damebot",
            "damebot:article",
            "damebot:-edge",
            "damebot:-safe:-king-escape",
            "alphabeta:4",
            "mcts:200",
            "perfect:3",
            "engine:1000-nodes",
            "engine:0.5s:-lmr",
        ] {
            assert_eq!(text.parse::<BotSpec>().unwrap().to_string(), text);
        }
        for text in [
            "alphabeta",
            "alphabeta:0",
            "alphabeta:x",
            "mcts:",
            "random:3",
            "minimax:2",
            "damebot:edge",
            "damebot:-corner",
            "damebot:",
            "perfect",
            "perfect:0",
            "perfect:21",
            "engine",
            "engine:fast",
        ] {
            let error = text.parse::<BotSpec>().unwrap_err().to_string();
            assert!(error.contains(text), "{error}");
        }
    }
}
