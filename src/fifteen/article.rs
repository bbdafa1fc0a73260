//! The article's heuristic (`docs/fifteen-contract.md`, "The article's heuristic"), in each reading
//! the project names. A free number's score counts live triples holding it: `own` counts the
//! mover's triples that hold no opponent number (the article's literal wording, its
//! `p1_vectors`), `deny` the opponent's triples that hold none of the mover's numbers (the
//! motive it states), `both` the sum. `+wb` first restricts the candidates to numbers that
//! complete a triple of the mover's, else to numbers that complete one of the opponent's
//! (win, then block); the scores then choose among those candidates. Ties go to the first
//! number in the article's array order `8,1,6,3,5,7,4,9,2` (`:first`, the default: what a scan
//! of the array keeping only strictly better scores does) or uniformly at random (`:random`).

use super::numbers::{ARTICLE_ORDER, bit, completions, lines_through, live_lines, numbers};
use super::position::Position;
use std::fmt;

/// Which triples a number's score counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Own,
    Deny,
    Both,
}

/// How ties between the best-scoring numbers are broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieBreak {
    /// The first in the article's array order.
    First,
    /// Uniformly at random from the player's stream.
    Random,
}

/// One reading of the heuristic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    pub score: Score,
    pub win_block: bool,
    pub tie_break: TieBreak,
}

impl Reading {
    /// All twelve readings, in the order `own, deny, both` × (plain, `+wb`) × (`first`, `random`).
    pub fn all() -> Vec<Reading> {
        let mut readings = Vec::new();
        for score in [Score::Own, Score::Deny, Score::Both] {
            for win_block in [false, true] {
                for tie_break in [TieBreak::First, TieBreak::Random] {
                    readings.push(Reading {
                        score,
                        win_block,
                        tie_break,
                    });
                }
            }
        }
        readings
    }

    /// Parses the part after `article:`, e.g. `own`, `deny+wb:random`. `None` when malformed.
    pub fn parse(text: &str) -> Option<Reading> {
        let (head, tie_break) = match text.split_once(':') {
            None => (text, TieBreak::First),
            Some((head, "first")) => (head, TieBreak::First),
            Some((head, "random")) => (head, TieBreak::Random),
            Some(_) => return None,
        };
        let (score, win_block) = match head.split_once('+') {
            None => (head, false),
            Some((score, "wb")) => (score, true),
            Some(_) => return None,
        };
        let score = match score {
            "own" => Score::Own,
            "deny" => Score::Deny,
            "both" => Score::Both,
            _ => return None,
        };
        Some(Reading {
            score,
            win_block,
            tie_break,
        })
    }

    /// The numbers this reading may take in `position` (one number with `:first`), each
    /// equally likely.
    pub fn choices(&self, position: &Position) -> u16 {
        let free = position.free();
        let (mine, theirs) = (position.mine(), position.theirs());
        let mut candidates = free;
        if self.win_block {
            let win = completions(mine, free);
            let block = completions(theirs, free);
            if win != 0 {
                candidates = win;
            } else if block != 0 {
                candidates = block;
            }
        }
        let my_lines = live_lines(theirs);
        let their_lines = live_lines(mine);
        let score = |n: u8| match self.score {
            Score::Own => lines_through(n, my_lines),
            Score::Deny => lines_through(n, their_lines),
            Score::Both => lines_through(n, my_lines) + lines_through(n, their_lines),
        };
        let best = numbers(candidates).map(score).max().unwrap_or(0);
        let tied = numbers(candidates)
            .filter(|&n| score(n) == best)
            .fold(0, |tied, n| tied | bit(n));
        match self.tie_break {
            TieBreak::Random => tied,
            TieBreak::First => ARTICLE_ORDER
                .iter()
                .map(|&n| bit(n))
                .find(|&b| tied & b != 0)
                .unwrap_or(0),
        }
    }
}

impl fmt::Display for Reading {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let score = match self.score {
            Score::Own => "own",
            Score::Deny => "deny",
            Score::Both => "both",
        };
        let wb = if self.win_block { "+wb" } else { "" };
        let tie = match self.tie_break {
            TieBreak::First => "first",
            TieBreak::Random => "random",
        };
        write!(f, "article:{score}{wb}:{tie}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reading(text: &str) -> Reading {
        Reading::parse(text).unwrap()
    }

    #[test]
    fn names_round_trip_and_the_default_tie_break_is_first() {
        for r in Reading::all() {
            let text = r.to_string();
            assert_eq!(
                Reading::parse(text.strip_prefix("article:").unwrap()),
                Some(r)
            );
        }
        assert_eq!(reading("own").tie_break, TieBreak::First);
        assert_eq!(Reading::parse("own+wb:sometimes"), None);
        assert_eq!(Reading::parse("mine"), None);
        assert_eq!(Reading::parse("own+block"), None);
    }

    #[test]
    fn the_centre_first_and_the_articles_example() {
        // From the start every reading's best number is 5 (it lies on 4 triples).
        for r in Reading::all() {
            assert_eq!(r.choices(&Position::START), bit(5), "{r}");
        }
        // After 5 (first) and 8 (second), the first seat's triples without 8 are 3-5-7,
        // 4-9-2, 1-5-9, 6-7-2 and 6-5-4: 2, 4, 6, 7 and 9 lie on two of them, 1 and 3 on one.
        let p = Position::START.with(5).with(8);
        assert_eq!(
            reading("own:random").choices(&p),
            bit(6) | bit(4) | bit(9) | bit(7) | bit(2)
        );
        assert_eq!(reading("own").choices(&p), bit(6));
    }

    #[test]
    fn win_then_block_takes_the_win_before_the_block() {
        // First holds 8 and 1 (needs 6); second holds 5 and 3 (needs 7); first to move.
        let p = Position::START.with(8).with(5).with(1).with(3);
        assert_eq!(reading("deny+wb").choices(&p), bit(6));
        // Without a win (first holds 8 and 9), the block of 3-5-7.
        let p = Position::START.with(8).with(5).with(9).with(3);
        assert_eq!(reading("own+wb:random").choices(&p), bit(7));
    }
}
