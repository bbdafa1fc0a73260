//! Newell and Simon's rule list for tic-tac-toe (1972; as in Crowley and Siegler 1993 and the
//! Wikipedia "Tic-tac-toe" strategy), played on the magic square 8 1 6 / 3 5 7 / 4 9 2, where
//! the centre is 5, the corners are the even numbers and the sides the odd ones other than 5,
//! and the cell opposite n is 10 − n. The first rule that applies decides:
//!
//! 1. win: complete a triple of mine;
//! 2. block: take the number that completes a triple of the opponent's;
//! 3. fork: take a number that makes two threats (triples with two of mine and a free third);
//! 4. block a fork: if the opponent has one fork number, take it; else make a threat whose
//!    forced answer gives the opponent no fork, taking a fork number of theirs if one does;
//!    else take one of their fork numbers;
//! 5. centre; 6. the corner opposite an opponent's corner; 7. an empty corner; 8. an empty side.
//!
//! Where a rule allows several numbers, the first in the article's order 8,1,6,3,5,7,4,9,2 is
//! taken, so the player is deterministic. The exact analysis checks that it never loses.

use super::numbers::{ARTICLE_ORDER, bit, completions, numbers};
use super::position::Position;

const CORNERS: u16 = bit(2) | bit(4) | bit(6) | bit(8);
const SIDES: u16 = bit(1) | bit(3) | bit(7) | bit(9);

/// The first number of `mask` in the article's order, as a mask (0 when empty).
fn first_of(mask: u16) -> u16 {
    ARTICLE_ORDER
        .iter()
        .map(|&n| bit(n))
        .find(|&b| mask & b != 0)
        .unwrap_or(0)
}

/// The free numbers that would give `who` two or more threats at once.
fn fork_numbers(who: u16, free: u16) -> u16 {
    numbers(free)
        .filter(|&n| completions(who | bit(n), free & !bit(n)).count_ones() >= 2)
        .fold(0, |forks, n| forks | bit(n))
}

/// The free numbers that make one threat for `mine` whose forced answer gives `theirs` no fork
/// (and no double threat at once).
fn safe_threats(mine: u16, theirs: u16, free: u16) -> u16 {
    numbers(free)
        .filter(|&n| {
            let rest = free & !bit(n);
            let threats = completions(mine | bit(n), rest);
            threats.count_ones() == 1 && {
                let answer = threats;
                completions(theirs | answer, rest & !answer).count_ones() < 2
            }
        })
        .fold(0, |safe, n| safe | bit(n))
}

/// The rule list's number in `position` (not over), as a one-number mask.
pub fn choice(position: &Position) -> u16 {
    let free = position.free();
    let (mine, theirs) = (position.mine(), position.theirs());
    for found in [completions(mine, free), completions(theirs, free)] {
        if found != 0 {
            return first_of(found);
        }
    }
    let forks = fork_numbers(mine, free);
    if forks != 0 {
        return first_of(forks);
    }
    let forks = fork_numbers(theirs, free);
    if forks != 0 {
        if forks.count_ones() == 1 {
            return forks;
        }
        let safe = safe_threats(mine, theirs, free);
        return first_of(if safe & forks != 0 {
            safe & forks
        } else if safe != 0 {
            safe
        } else {
            forks
        });
    }
    if free & bit(5) != 0 {
        return bit(5);
    }
    let opposite = numbers(theirs & CORNERS).fold(0, |o, n| o | bit(10 - n)) & free;
    for found in [opposite, CORNERS & free, SIDES & free] {
        if found != 0 {
            return first_of(found);
        }
    }
    unreachable!("a position that is not over has a free number")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opens_in_the_centre_and_answers_a_centre_with_a_corner() {
        assert_eq!(choice(&Position::START), bit(5));
        assert_eq!(choice(&Position::START.with(5)), bit(8));
    }

    #[test]
    fn answers_opposite_corners_with_a_side() {
        // First takes corners 8 and 2, second holds the centre: a corner would lose to a fork.
        let p = Position::START.with(8).with(5).with(2);
        let n = choice(&p);
        assert_ne!(n & SIDES, 0, "{n:#b}");
    }
}
