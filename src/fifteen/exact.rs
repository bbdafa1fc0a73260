//! Exact measurement of the bots that have a move distribution ([`Bot::choices`]): the
//! probability of each result of a game between two of them, found by walking the whole game
//! tree with each move's probability; the worst an adversary can do to one; and the positions
//! where one throws away a win or a draw.
//!
//! **Exact probabilities.** Each bot picks uniformly from at most 9 numbers and a game has at
//! most 9 moves, so every game's probability is a product of at most nine factors 1/k with
//! k ≤ 9, hence a whole multiple of 1/2520⁹ (2520 = lcm(1..9)); the walk adds integer
//! numerators over that [`DENOMINATOR`] in `u128`, with no rounding.
//!
//! **Adversary.** Against an opponent who knows the bot's rule and may pick any legal move:
//! `worst` is the result when the adversary also picks the bot's tie-breaks (the worst over all
//! the bot's possible choices); `expected` is the bot's expected score (+1 win, 0 draw, −1
//! loss) when the bot's random tie-breaks are fair coins the adversary cannot see and the
//! adversary minimises that expectation; `max_loss` is the largest probability of a loss the
//! adversary can force the same way.

use super::game::{Fifteen, Rules};
use super::numbers::{SYMMETRIES, bit, numbers};
use super::players::Bot;
use super::position::{KEYS, Position};
use super::solve::Solution;
use crate::game::{Game, GameResult, Seat};
use std::collections::HashSet;

/// The common denominator of all exact probabilities: 2520⁹.
pub const DENOMINATOR: u128 = 2520u128.pow(9);

/// Exact result probabilities of a game, as numerators over [`DENOMINATOR`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Odds {
    pub first_wins: u128,
    pub draws: u128,
    pub second_wins: u128,
}

impl Odds {
    /// (win, draw, loss) numerators from `seat`'s point of view.
    pub fn for_seat(&self, seat: Seat) -> [u128; 3] {
        match seat {
            Seat::First => [self.first_wins, self.draws, self.second_wins],
            Seat::Second => [self.second_wins, self.draws, self.first_wins],
        }
    }
}

/// `numerator / DENOMINATOR` in lowest terms, as `a/b`.
pub fn fraction(numerator: u128) -> String {
    let (mut a, mut b) = (numerator, DENOMINATOR);
    while b != 0 {
        (a, b) = (b, a % b);
    }
    let gcd = a.max(1);
    if numerator == 0 {
        return "0".into();
    }
    format!("{}/{}", numerator / gcd, DENOMINATOR / gcd)
}

/// `numerator / DENOMINATOR` as a float.
pub fn probability(numerator: u128) -> f64 {
    numerator as f64 / DENOMINATOR as f64
}

/// The exact result probabilities of `bots[0]` (first seat) against `bots[1]`; `None` if a
/// bot has no move distribution.
pub fn odds<R: Rules>(game: &Fifteen<R>, bots: [&Bot; 2]) -> Option<Odds> {
    fn walk<R: Rules>(
        game: &Fifteen<R>,
        bots: [&Bot; 2],
        position: Position,
        weight: u128,
        odds: &mut Odds,
    ) -> Option<()> {
        match game.result(&position) {
            Some(GameResult::Win(Seat::First)) => odds.first_wins += weight,
            Some(GameResult::Win(Seat::Second)) => odds.second_wins += weight,
            Some(GameResult::Draw) => odds.draws += weight,
            None => {
                let choices = bots[position.to_move.index()].choices(game, &position)?;
                let share = weight / choices.count_ones() as u128;
                for n in numbers(choices) {
                    walk(game, bots, position.with(n), share, odds)?;
                }
            }
        }
        Some(())
    }
    let mut odds = Odds::default();
    walk(game, bots, game.start(), DENOMINATOR, &mut odds)?;
    Some(odds)
}

/// What an adversary can do to a bot in one seat (see the module notes).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Adversary {
    /// The bot's result (+1, 0, −1) when the adversary also picks the bot's tie-breaks.
    pub worst: i8,
    /// The bot's least expected score over the adversary's strategies.
    pub expected: f64,
    /// The largest loss probability the adversary can force.
    pub max_loss: f64,
}

/// The adversary's best against `bot` in `seat`; `None` if the bot has no move distribution.
pub fn adversary<R: Rules>(game: &Fifteen<R>, bot: &Bot, seat: Seat) -> Option<Adversary> {
    // One pass per objective; each value depends on the position only.
    let worst = expectimax(game, bot, seat, |r| r as f64, false)?;
    let expected = expectimax(game, bot, seat, |r| r as f64, true)?;
    let loss = expectimax(game, bot, seat, |r| if r < 0 { -1.0 } else { 0.0 }, true)?;
    Some(Adversary {
        worst: worst as i8,
        expected,
        max_loss: 0.0 - loss,
    })
}

/// The adversary minimises `score(result for the bot)`; at the bot's moves the value is the
/// mean over its choices when `average`, else their minimum.
fn expectimax<R: Rules>(
    game: &Fifteen<R>,
    bot: &Bot,
    seat: Seat,
    score: impl Fn(i32) -> f64 + Copy,
    average: bool,
) -> Option<f64> {
    fn value<R: Rules>(
        game: &Fifteen<R>,
        bot: &Bot,
        seat: Seat,
        position: Position,
        score: &dyn Fn(i32) -> f64,
        average: bool,
        memo: &mut [Option<f64>],
    ) -> Option<f64> {
        if let Some(v) = memo[position.key()] {
            return Some(v);
        }
        let v = match game.result(&position) {
            Some(result) => score(result.score_for(seat)),
            None => {
                // The bot's own moves, or every legal move of the adversary.
                let bots_turn = position.to_move == seat;
                let moves = if bots_turn {
                    bot.choices(game, &position)?
                } else {
                    game.legal_mask(&position)
                };
                let mut values = Vec::with_capacity(9);
                for n in numbers(moves) {
                    values.push(value(
                        game,
                        bot,
                        seat,
                        position.with(n),
                        score,
                        average,
                        memo,
                    )?);
                }
                if bots_turn && average {
                    values.iter().sum::<f64>() / values.len() as f64
                } else {
                    values.into_iter().fold(f64::INFINITY, f64::min)
                }
            }
        };
        memo[position.key()] = Some(v);
        Some(v)
    }
    let mut memo = vec![None; KEYS];
    value(game, bot, seat, game.start(), &score, average, &mut memo)
}

/// A position where a bot may make a move that loses value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Blunder {
    /// The position, as the smallest-key image of its symmetry class.
    pub position: Position,
    /// The number the bot may take there (mapped by the same symmetry).
    pub played: u8,
    /// A number that keeps the value (the smallest optimal one).
    pub right: u8,
    /// The value of the position for the bot before the move: +1 (a win thrown away) or 0
    /// (a draw thrown away).
    pub before: i8,
    /// The value after the bot's move, for the bot.
    pub after: i8,
}

/// The positions, up to symmetry, that `bot` in `seat` can reach (against any opponent) and
/// where one of its possible moves loses value, in order of the number of moves made; `None`
/// if the bot has no move distribution.
pub fn blunders<R: Rules>(
    game: &Fifteen<R>,
    solution: &Solution,
    bot: &Bot,
    seat: Seat,
) -> Option<Vec<Blunder>> {
    let mut seen = vec![false; KEYS];
    let mut stack = vec![game.start()];
    let mut found = Vec::new();
    let mut listed = HashSet::new();
    while let Some(position) = stack.pop() {
        if std::mem::replace(&mut seen[position.key()], true) || game.result(&position).is_some() {
            continue;
        }
        if position.to_move != seat {
            stack.extend(numbers(game.legal_mask(&position)).map(|n| position.with(n)));
            continue;
        }
        let before = solution.value(&position);
        for n in numbers(bot.choices(game, &position)?) {
            let next = position.with(n);
            stack.push(next);
            let after = -solution.value(&next);
            if after < before {
                let (canonical, s) = position.canonical();
                let played = SYMMETRIES[s][n as usize];
                if listed.insert((canonical.key(), played)) {
                    let right = solution.optimal(&canonical).trailing_zeros() as u8 + 1;
                    found.push(Blunder {
                        position: canonical,
                        played,
                        right,
                        before,
                        after,
                    });
                }
            }
        }
    }
    found.sort_by_key(|b| (b.position.placed(), b.position.key(), b.played));
    debug_assert!(
        found
            .iter()
            .all(|b| solution.optimal(&b.position) & bit(b.right) != 0)
    );
    Some(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fifteen::{Classic, Fifteen, Variant, solve};

    fn bot(name: &str) -> Bot {
        Bot::parse(name, Variant::Classic).unwrap()
    }

    #[test]
    fn random_against_random_weights_every_game_by_its_probability() {
        let odds = odds(&Fifteen(Classic), [&bot("random"), &bot("random")]).unwrap();
        assert_eq!(odds.first_wins + odds.draws + odds.second_wins, DENOMINATOR);
        // The published values for uniformly random tic-tac-toe: X wins 737/1260, O wins
        // 121/420, draw 8/63 (about 58.5%, 28.8%, 12.7%).
        assert_eq!(fraction(odds.first_wins), "737/1260");
        assert_eq!(fraction(odds.draws), "8/63");
        assert_eq!(fraction(odds.second_wins), "121/420");
    }

    #[test]
    fn article_own_against_random_in_both_seats() {
        // Pinned from the walk; tests/suite/fifteen/players.rs checks them against seeded games.
        let first = odds(&Fifteen(Classic), [&bot("article:own"), &bot("random")]).unwrap();
        assert_eq!(
            first.for_seat(Seat::First).map(fraction),
            ["83/96", "0", "13/96"]
        );
        let second = odds(&Fifteen(Classic), [&bot("random"), &bot("article:own")]).unwrap();
        assert_eq!(
            second.for_seat(Seat::Second).map(fraction),
            ["16/21", "0", "5/21"]
        );
    }

    #[test]
    fn perfect_and_newell_simon_never_lose_and_draw_each_other() {
        for name in ["perfect", "newell-simon"] {
            for seat in [Seat::First, Seat::Second] {
                let a = adversary(&Fifteen(Classic), &bot(name), seat).unwrap();
                assert_eq!(a.worst, 0, "{name} {seat:?}");
                assert_eq!(a.max_loss, 0.0);
                let b = blunders(&Fifteen(Classic), solve::fifteen(), &bot(name), seat).unwrap();
                assert!(b.is_empty(), "{name} {seat:?} {b:?}");
            }
        }
        let odds = odds(&Fifteen(Classic), [&bot("perfect"), &bot("newell-simon")]).unwrap();
        assert_eq!(odds.draws, DENOMINATOR);
    }

    #[test]
    fn random_throws_away_wins_and_the_adversary_beats_it() {
        let a = adversary(&Fifteen(Classic), &bot("random"), Seat::First).unwrap();
        assert_eq!(a.worst, -1);
        assert!(a.expected < 0.0 && a.max_loss > 0.0 && a.max_loss < 1.0);
        let b = blunders(
            &Fifteen(Classic),
            solve::fifteen(),
            &bot("random"),
            Seat::First,
        )
        .unwrap();
        assert!(b.iter().any(|b| b.before == 1) && b.iter().any(|b| b.before == 0));
    }
}
