//! The "15" game and its odd/even variant in the match study (`puzzle = "fifteen"` and
//! `puzzle = "fifteen-odd-even"`): the bots by their names, moves as the numbers taken, a
//! referee that replays a game with plain lists of numbers, and the report's section on the
//! exact probabilities ([`super::match_report`]).

use super::game::{Fifteen, Rules};
use super::match_report;
use super::players::{Bot, Variant};
use crate::experiment::StudyError;
use crate::game::matches::{BoxedPlayer, MatchGame, report::Tables};
use crate::game::{GameResult, Seat};
use std::path::Path;

/// Results of this module: a puzzle's error ([`StudyError`]) unless another is named.
type Result<T, E = StudyError> = std::result::Result<T, E>;

impl<R: Rules> MatchGame for Fifteen<R> {
    const PUZZLE: &'static str = R::NAME;
    const ABOUT: &'static str = R::ABOUT;
    const EXAMPLE_SPEC: &'static str = match R::VARIANT {
        Variant::Classic => include_str!("../../experiments/examples/fifteen.toml"),
        Variant::OddEven => include_str!("../../experiments/examples/fifteen-odd-even.toml"),
    };
    const CHUNK_GAMES: u64 = 4096;

    fn player(&self, name: &str) -> Result<BoxedPlayer<Self>, String> {
        Bot::parse(name, R::VARIANT)
            .map(|bot| Box::new(bot) as BoxedPlayer<Self>)
            .map_err(|e| e.to_string())
    }

    fn referee(&self, moves: &[&str]) -> Result<GameResult, String> {
        referee(moves, R::VARIANT == Variant::OddEven)
    }

    fn report_section(&self, _folder: &Path, tables: &Tables) -> Result<String> {
        Ok(match_report::section(R::VARIANT, tables))
    }
}

/// Replays a written game with lists of numbers, not the game's bit masks: every number is
/// 1..9 and new (in the variant, odd for the first seat and even for the second); the game
/// ends at the first move that makes 15 with two numbers of the mover's (in the variant, with
/// any two placed numbers), else after nine numbers as a draw.
pub fn referee(moves: &[&str], odd_even: bool) -> Result<GameResult, String> {
    let mut held: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
    let mut placed: Vec<u32> = Vec::new();
    for (ply, text) in moves.iter().enumerate() {
        let side = ply % 2;
        let n: u32 = match text.parse() {
            Ok(n) if (1..=9).contains(&n) && text.len() == 1 => n,
            _ => return Err(format!("move {} is {text:?}, not a number 1..9", ply + 1)),
        };
        if placed.contains(&n) {
            return Err(format!("move {}: {n} is taken already", ply + 1));
        }
        if odd_even && (n % 2 == 1) != (side == 0) {
            return Err(format!("move {}: {n} belongs to the other seat", ply + 1));
        }
        let pool = if odd_even { &placed } else { &held[side] };
        let wins = pool
            .iter()
            .enumerate()
            .any(|(i, x)| pool[i + 1..].iter().any(|y| x + y + n == 15));
        placed.push(n);
        held[side].push(n);
        if wins {
            if ply + 1 != moves.len() {
                return Err(format!(
                    "the game goes on after the win at move {}",
                    ply + 1
                ));
            }
            return Ok(GameResult::Win(if side == 0 {
                Seat::First
            } else {
                Seat::Second
            }));
        }
    }
    if placed.len() == 9 {
        Ok(GameResult::Draw)
    } else {
        Err(format!(
            "the game stops after {} numbers without a win",
            placed.len()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_referee_finds_wins_draws_and_illegal_moves() {
        let split = |s: &'static str| s.split(' ').collect::<Vec<_>>();
        assert_eq!(
            referee(&split("2 1 9 3 4"), false),
            Ok(GameResult::Win(Seat::First))
        );
        assert_eq!(
            referee(&split("8 1 6 5 3 7 9 4 2"), false),
            Ok(GameResult::Draw)
        );
        assert!(referee(&split("2 2"), false).is_err());
        assert!(referee(&split("2 1 9 3 4 5"), false).is_err());
        assert!(referee(&split("2 1 10"), false).is_err());
        assert!(referee(&split("2 1 9"), false).is_err());
        // The variant: 5 + 4 + 6 = 15 wins for the second seat, who placed 6.
        assert_eq!(
            referee(&split("5 4 3 6"), true),
            Ok(GameResult::Win(Seat::Second))
        );
        assert!(referee(&split("4"), true).is_err());
    }
}
