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

    fn write_move_to(&self, mv: &u8, out: &mut Vec<u8>) {
        out.push(b'0' + mv);
    }

    fn referee(&self, moves: &str) -> Result<GameResult, String> {
        referee(moves, R::VARIANT == Variant::OddEven)
    }

    fn report_section(&self, _folder: &Path, tables: &Tables) -> Result<String> {
        Ok(match_report::section(R::VARIANT, tables))
    }
}

/// Replays a written game (numbers separated by single spaces) with lists of numbers, not
/// the game's bit masks: every number is 1..9 and new (in the variant, odd for the first
/// seat and even for the second); the game ends at the first move that makes 15 with two
/// numbers of the mover's (in the variant, with any two placed numbers), else after nine
/// numbers as a draw.
pub fn referee(moves: &str, odd_even: bool) -> Result<GameResult, String> {
    // Fixed lists: a game has at most nine numbers, five of them one seat's.
    let mut held = [[0u32; 5]; 2];
    let mut held_len = [0usize; 2];
    let mut placed = [0u32; 9];
    let mut placed_len = 0;
    // Split by bytes: a game is a handful of one-byte moves, too short for a string search.
    let mut texts = moves
        .as_bytes()
        .split(|&b| b == b' ')
        .filter(|_| !moves.is_empty())
        .peekable();
    let mut ply = 0;
    while let Some(text) = texts.next() {
        let side = ply % 2;
        let n = match text {
            [digit @ b'1'..=b'9'] => u32::from(digit - b'0'),
            _ => {
                let text = String::from_utf8_lossy(text);
                return Err(format!("move {} is {text:?}, not a number 1..9", ply + 1));
            }
        };
        if placed[..placed_len].contains(&n) {
            return Err(format!("move {}: {n} is taken already", ply + 1));
        }
        if odd_even && (n % 2 == 1) != (side == 0) {
            return Err(format!("move {}: {n} belongs to the other seat", ply + 1));
        }
        let pool = if odd_even {
            &placed[..placed_len]
        } else {
            &held[side][..held_len[side]]
        };
        let wins = pool
            .iter()
            .enumerate()
            .any(|(i, x)| pool[i + 1..].iter().any(|y| x + y + n == 15));
        placed[placed_len] = n;
        placed_len += 1;
        held[side][held_len[side]] = n;
        held_len[side] += 1;
        if wins {
            if texts.peek().is_some() {
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
        ply += 1;
    }
    if placed_len == 9 {
        Ok(GameResult::Draw)
    } else {
        Err(format!(
            "the game stops after {placed_len} numbers without a win"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_referee_finds_wins_draws_and_illegal_moves() {
        assert_eq!(
            referee("2 1 9 3 4", false),
            Ok(GameResult::Win(Seat::First))
        );
        assert_eq!(referee("8 1 6 5 3 7 9 4 2", false), Ok(GameResult::Draw));
        assert!(referee("2 2", false).is_err());
        assert!(referee("2 1 9 3 4 5", false).is_err());
        assert!(referee("2 1 10", false).is_err());
        assert!(referee("2 1 9", false).is_err());
        // The variant: 5 + 4 + 6 = 15 wins for the second seat, who placed 6.
        assert_eq!(referee("5 4 3 6", true), Ok(GameResult::Win(Seat::Second)));
        assert!(referee("4", true).is_err());
        assert!(referee("", false).is_err());
        assert!(referee("2  1", false).is_err());
        // A tenth number cannot be placed: every one is taken.
        assert!(referee("8 1 6 5 3 7 9 4 2 2", false).is_err());
    }

    /// A batch against the perfect player: the game is a draw under perfect play, so random
    /// (A) never wins; the score adds up to the rows the batch wrote, read back by seat.
    #[test]
    fn a_batch_scores_its_own_rows_and_perfect_play_never_loses() {
        use crate::game::matches::batch::{BatchSpec, play_batch};
        let batch = BatchSpec {
            a: "random".into(),
            b: "perfect".into(),
            games: 300,
            seed: 4,
            opening_plies: 0,
        };
        let mut out = Vec::new();
        let score = play_batch(Fifteen(super::super::Classic), &batch, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let mut rows = [0u64; 3];
        for line in text.lines().skip(1) {
            let fields: Vec<&str> = line.split(',').collect();
            let a_first = fields[2] == "random";
            rows[match (fields[4], a_first) {
                ("1/2", _) => 1,
                ("1-0", true) | ("0-1", false) => 0,
                _ => 2,
            }] += 1;
        }
        assert_eq!([score.wins, score.draws, score.losses], rows);
        assert_eq!(score.wins, 0);
        assert!(score.losses > 0 && score.draws > 0, "{score:?}");
        assert_eq!(rows.iter().sum::<u64>(), 300);
    }
}
