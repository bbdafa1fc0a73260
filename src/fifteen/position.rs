//! A position of the "15" game or its odd/even variant: the numbers each seat has taken, as two
//! 9-bit masks, and the seat to move. Copies are two words; its base-3 key indexes the solved
//! tables.

use super::numbers::{self, ALL, bit};
use crate::game::Seat;

/// The numbers taken by each seat and the seat to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// `taken[seat.index()]`: the numbers that seat has taken (or placed).
    pub taken: [u16; 2],
    /// The seat to move.
    pub to_move: Seat,
}

/// Number of base-3 keys: each number is free, the first seat's or the second's.
pub const KEYS: usize = 19_683;

/// `TERNARY[mask]`: the sum of 3^(n−1) over the numbers n of `mask`.
static TERNARY: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut mask = 0;
    while mask < 512 {
        let (mut value, mut power, mut i) = (0u16, 1u16, 0);
        while i < 9 {
            if mask >> i & 1 == 1 {
                value += power;
            }
            power *= 3;
            i += 1;
        }
        table[mask] = value;
        mask += 1;
    }
    table
};

impl Position {
    /// No number taken, the first seat to move.
    pub const START: Position = Position {
        taken: [0, 0],
        to_move: Seat::First,
    };

    /// The numbers no seat has taken.
    #[inline(always)]
    pub fn free(&self) -> u16 {
        ALL & !(self.taken[0] | self.taken[1])
    }

    /// The numbers of the seat to move.
    #[inline(always)]
    pub fn mine(&self) -> u16 {
        self.taken[self.to_move.index()]
    }

    /// The numbers of the seat not to move.
    #[inline(always)]
    pub fn theirs(&self) -> u16 {
        self.taken[self.to_move.other().index()]
    }

    /// How many numbers are taken.
    pub fn placed(&self) -> u32 {
        (self.taken[0] | self.taken[1]).count_ones()
    }

    /// The position after the seat to move takes the free number `n`.
    #[inline(always)]
    pub fn with(&self, n: u8) -> Position {
        debug_assert!(self.free() & bit(n) != 0, "{n} is taken in {self:?}");
        let mut next = *self;
        next.taken[self.to_move.index()] |= bit(n);
        next.to_move = self.to_move.other();
        next
    }

    /// The base-3 key: digit n−1 is 0 (free), 1 (first seat) or 2 (second seat). The seat to
    /// move is not in it: in both games it follows from the counts.
    #[inline(always)]
    pub fn key(&self) -> usize {
        TERNARY[self.taken[0] as usize] as usize + 2 * TERNARY[self.taken[1] as usize] as usize
    }

    /// The position under symmetry `s` of the magic square.
    pub fn transformed(&self, s: usize) -> Position {
        Position {
            taken: self.taken.map(|mask| numbers::transform(mask, s)),
            to_move: self.to_move,
        }
    }

    /// The representative of the position's symmetry class (smallest key) and the symmetry
    /// that maps the position onto it.
    pub fn canonical(&self) -> (Position, usize) {
        (0..8)
            .map(|s| (self.transformed(s), s))
            .min_by_key(|(image, s)| (image.key(), *s))
            .expect("eight symmetries")
    }

    /// The position as `first: 8 1 | second: 5 | free: ...`, with the seat to move.
    pub fn describe(&self) -> String {
        format!(
            "first {{{}}} second {{{}}} free {{{}}}, {} to move",
            numbers::list(self.taken[0]),
            numbers::list(self.taken[1]),
            numbers::list(self.free()),
            match self.to_move {
                Seat::First => "first",
                Seat::Second => "second",
            }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_base_three_numbers() {
        let p = Position::START.with(9).with(1);
        assert_eq!(p.key(), 3usize.pow(8) + 2);
        assert_eq!(p.to_move, Seat::First);
        assert_eq!(p.free(), ALL & !(bit(9) | bit(1)));
        let full = Position {
            taken: [ALL & !1, 1],
            to_move: Seat::First,
        };
        assert_eq!(full.key(), 9840 + 2);
    }

    #[test]
    fn canonical_form_is_shared_by_a_symmetry_class() {
        let p = Position::START.with(8).with(5);
        let (canonical, s) = p.canonical();
        assert_eq!(p.transformed(s), canonical);
        for t in 0..8 {
            assert_eq!(p.transformed(t).canonical().0, canonical);
        }
    }
}
