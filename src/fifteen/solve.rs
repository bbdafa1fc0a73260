//! Solving a number game by exhaustive minimax over its reachable positions (at most 3⁹ keys),
//! and the counts that describe it: games by result, reachable and terminal positions, and
//! positions up to the 8 symmetries of the magic square (which keep both games' rules: they
//! map triples to triples and, for the variant, odd numbers to odd ones).

use super::game::{Classic, Fifteen, Rules};
use super::numbers::numbers;
use super::odd_even::OddEven;
use super::players::Variant;
use super::position::{KEYS, Position};
use crate::game::{Game, GameResult, Seat};
use serde::Serialize;
use std::collections::HashSet;
use std::sync::OnceLock;

const UNREACHED: i8 = i8::MIN;

/// The solved game: for every reachable position, its value for the seat to move (+1 win,
/// 0 draw, −1 loss under perfect play) and the set of moves that keep that value.
pub struct Solution {
    value: Vec<i8>,
    optimal: Vec<u16>,
    reachable: Vec<Position>,
}

impl Solution {
    /// Solves `game` from its start position.
    pub fn solve<R: Rules>(game: &Fifteen<R>) -> Solution {
        let mut solution = Solution {
            value: vec![UNREACHED; KEYS],
            optimal: vec![0; KEYS],
            reachable: Vec::new(),
        };
        solution.visit(game, game.start());
        solution
    }

    fn visit<R: Rules>(&mut self, game: &Fifteen<R>, position: Position) -> i8 {
        let key = position.key();
        if self.value[key] != UNREACHED {
            return self.value[key];
        }
        self.reachable.push(position);
        let value = match game.result(&position) {
            Some(result) => result.score_for(position.to_move) as i8,
            None => {
                let mut best = -1;
                let mut optimal = 0;
                for n in numbers(game.legal_mask(&position)) {
                    let value = -self.visit(game, position.with(n));
                    if value > best {
                        (best, optimal) = (value, 0);
                    }
                    if value == best {
                        optimal |= super::numbers::bit(n);
                    }
                }
                self.optimal[key] = optimal;
                best
            }
        };
        self.value[key] = value;
        value
    }

    /// The value of a reachable `position` for its seat to move: +1, 0 or −1.
    #[inline(always)]
    pub fn value(&self, position: &Position) -> i8 {
        let value = self.value[position.key()];
        debug_assert!(value != UNREACHED, "unreachable {position:?}");
        value
    }

    /// The moves of a reachable, unfinished `position` that keep its value.
    #[inline(always)]
    pub fn optimal(&self, position: &Position) -> u16 {
        self.optimal[position.key()]
    }

    /// Every position reachable from the start, finished ones included.
    pub fn reachable(&self) -> &[Position] {
        &self.reachable
    }
}

impl std::fmt::Debug for Solution {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "Solution({} reachable positions)", self.reachable.len())
    }
}

/// The solution of the "15" game, computed once.
pub fn fifteen() -> &'static Solution {
    static SOLUTION: OnceLock<Solution> = OnceLock::new();
    SOLUTION.get_or_init(|| Solution::solve(&Fifteen(Classic)))
}

/// The solution of the odd/even variant, computed once.
pub fn odd_even() -> &'static Solution {
    static SOLUTION: OnceLock<Solution> = OnceLock::new();
    SOLUTION.get_or_init(|| Solution::solve(&Fifteen(OddEven)))
}

/// The solution of `R`'s variant, computed once.
pub fn solution<R: Rules>() -> &'static Solution {
    match R::VARIANT {
        Variant::Classic => fifteen(),
        Variant::OddEven => odd_even(),
    }
}

/// The exact value of each number the seat to move in `position` may take, for that seat:
/// +1 a win, 0 a draw, −1 a loss under perfect play from then on. None once the game is over.
pub fn move_values<R: Rules>(game: &Fifteen<R>, position: &Position) -> Vec<(u8, i8)> {
    let solution = solution::<R>();
    let mut legal = Vec::new();
    if game.result(position).is_none() {
        game.legal_moves(position, &mut legal);
    }
    legal
        .into_iter()
        .map(|n| (n, -solution.value(&position.with(n))))
        .collect()
}

/// A value as a word: `win`, `draw` or `loss`.
pub fn value_word(value: i8) -> &'static str {
    match value {
        1 => "win",
        0 => "draw",
        _ => "loss",
    }
}

/// Counts of games or positions by result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ResultCounts {
    pub first_wins: u64,
    pub second_wins: u64,
    pub draws: u64,
    pub total: u64,
}

impl ResultCounts {
    fn add(&mut self, result: GameResult, count: u64) {
        match result {
            GameResult::Win(Seat::First) => self.first_wins += count,
            GameResult::Win(Seat::Second) => self.second_wins += count,
            GameResult::Draw => self.draws += count,
        }
        self.total += count;
    }

    fn plus(self, other: ResultCounts) -> ResultCounts {
        ResultCounts {
            first_wins: self.first_wins + other.first_wins,
            second_wins: self.second_wins + other.second_wins,
            draws: self.draws + other.draws,
            total: self.total + other.total,
        }
    }
}

/// What solving a game establishes.
#[derive(Clone, Debug, Serialize)]
pub struct Facts {
    /// The game's name.
    pub game: &'static str,
    /// The result under perfect play from the start: `draw`, `first` or `second` (wins).
    pub value: &'static str,
    /// Complete games (move sequences from the start to an end) by result.
    pub games: ResultCounts,
    /// Positions reachable from the start, finished ones included.
    pub positions: u64,
    /// Reachable positions up to the 8 symmetries of the square.
    pub positions_up_to_symmetry: u64,
    /// Reachable finished positions by result.
    pub terminal: ResultCounts,
    /// Reachable finished positions up to symmetry.
    pub terminal_up_to_symmetry: u64,
}

/// Solves `game` and counts its games and positions.
pub fn facts<R: Rules>(game: &Fifteen<R>, solution: &Solution) -> Facts {
    let value = match solution.value(&game.start()) {
        0 => "draw",
        1 => "first",
        _ => "second",
    };
    let reachable = solution.reachable();
    let canonical = |positions: &mut dyn Iterator<Item = &Position>| {
        positions
            .map(|p| p.canonical().0.key())
            .collect::<HashSet<_>>()
            .len() as u64
    };
    let mut terminal = ResultCounts::default();
    for position in reachable {
        if let Some(result) = game.result(position) {
            terminal.add(result, 1);
        }
    }
    Facts {
        game: R::NAME,
        value,
        games: count_games(game),
        positions: reachable.len() as u64,
        positions_up_to_symmetry: canonical(&mut reachable.iter()),
        terminal,
        terminal_up_to_symmetry: canonical(
            &mut reachable.iter().filter(|p| game.result(p).is_some()),
        ),
    }
}

/// The number of complete games from the start by result, counted with one memo per position.
pub fn count_games<R: Rules>(game: &Fifteen<R>) -> ResultCounts {
    fn count<R: Rules>(
        game: &Fifteen<R>,
        position: Position,
        memo: &mut [Option<ResultCounts>],
    ) -> ResultCounts {
        if let Some(counts) = memo[position.key()] {
            return counts;
        }
        let mut counts = ResultCounts::default();
        match game.result(&position) {
            Some(result) => counts.add(result, 1),
            None => {
                for n in numbers(game.legal_mask(&position)) {
                    counts = counts.plus(count(game, position.with(n), memo));
                }
            }
        }
        memo[position.key()] = Some(counts);
        counts
    }
    count(game, game.start(), &mut vec![None; KEYS])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fifteen_is_a_draw_with_the_tic_tac_toe_counts() {
        let facts = facts(&Fifteen(Classic), fifteen());
        assert_eq!(facts.value, "draw");
        assert_eq!(facts.games.total, 255_168);
        assert_eq!(facts.positions, 5_478);
        assert_eq!(facts.positions_up_to_symmetry, 765);
    }

    #[test]
    fn optimal_moves_keep_the_value() {
        let solution = fifteen();
        for position in solution.reachable() {
            if Fifteen(Classic).legal_mask(position) == 0 {
                continue;
            }
            let value = solution.value(position);
            for n in numbers(Fifteen(Classic).legal_mask(position)) {
                let after = -solution.value(&position.with(n));
                let optimal = solution.optimal(position) & super::super::numbers::bit(n) != 0;
                assert_eq!(after == value, optimal, "{position:?} {n}");
                assert!(after <= value);
            }
        }
    }
}
