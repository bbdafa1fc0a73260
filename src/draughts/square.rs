//! Squares of the 8×8 draughts board and the padded bitboard layout behind them.
//!
//! Only the 32 dark squares are played on (a1 is dark). A square is stored as its index in the
//! classic "ghost square" layout of checkers programs: square (rank r, file f), both 0-based,
//! has index (9r + f) / 2, so that the four diagonal steps are the constant shifts +4
//! (up-left), +5 (up-right), −4 (down-right) and −5 (down-left) for every square. The indices
//! run from 0 to 35; 4, 13, 22 and 31 are ghosts (off the board), and a step off the left or
//! right edge lands on a ghost or outside 0..=35, which [`VALID`] masks away. A set of squares
//! is a `u64` bitboard in this layout.

use std::fmt;
use thiserror::Error;

/// The 32 playable squares in the padded layout.
pub const VALID: u64 = ((1u64 << 36) - 1) & !((1 << 4) | (1 << 13) | (1 << 22) | (1 << 31));

/// Rank 8 (White's promotion rank) and rank 1 (Black's).
pub const RANK_8: u64 = 0xF << 32;
pub const RANK_1: u64 = 0xF;

/// The four diagonal steps: up-left, up-right, down-right, down-left.
pub const DIRECTIONS: [i8; 4] = [4, 5, -4, -5];

/// The squares of `set` moved one diagonal step `delta`, those falling off the board dropped.
#[inline(always)]
pub fn shift(set: u64, delta: i8) -> u64 {
    let moved = if delta > 0 {
        set << delta
    } else {
        set >> (-delta)
    };
    moved & VALID
}

/// A dark square, by its padded index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// Square text that does not name a dark square.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum SquareError {
    #[error("`{0}` is not a square (expected a file a-h and a rank 1-8, e.g. c3)")]
    Malformed(String),
    #[error("`{0}` is a light square; draughts is played on the dark squares (a1, c1, b2, ...)")]
    Light(String),
}

impl Square {
    /// The square on 0-based `rank` and `file`, if it is on the board and dark.
    pub fn from_coords(rank: u8, file: u8) -> Option<Square> {
        (rank < 8 && file < 8 && (rank + file).is_multiple_of(2))
            .then(|| Square((9 * rank + file) / 2))
    }

    /// The square with padded index `index`, if that index is a playable square.
    pub fn from_index(index: u8) -> Option<Square> {
        (index < 36 && VALID >> index & 1 == 1).then_some(Square(index))
    }

    /// The lowest square of a non-empty set.
    #[inline(always)]
    pub fn first(set: u64) -> Square {
        debug_assert!(set != 0);
        Square(set.trailing_zeros() as u8)
    }

    pub fn index(self) -> u8 {
        self.0
    }

    pub fn bit(self) -> u64 {
        1 << self.0
    }

    /// 0-based rank (0 is rank 1).
    pub fn rank(self) -> u8 {
        2 * self.0 / 9
    }

    /// 0-based file (0 is file a).
    pub fn file(self) -> u8 {
        2 * self.0 % 9
    }

    /// The square one step `delta` away, if it is on the board.
    pub fn step(self, delta: i8) -> Option<Square> {
        let moved = shift(self.bit(), delta);
        (moved != 0).then(|| Square::first(moved))
    }

    /// All 32 squares in index order (a1, c1, e1, g1, b2, ...).
    pub fn all() -> impl Iterator<Item = Square> {
        squares(VALID)
    }
}

/// The squares of a set, lowest index first.
pub fn squares(mut set: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let square = Square::first(set);
            set &= set - 1;
            square
        })
    })
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = [b'a' + self.file(), b'1' + self.rank()];
        f.write_str(std::str::from_utf8(&name).expect("a square's name is ASCII"))
    }
}

impl std::str::FromStr for Square {
    type Err = SquareError;

    fn from_str(text: &str) -> Result<Square, SquareError> {
        let malformed = || SquareError::Malformed(crate::names::shown(text));
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return Err(malformed());
        }
        let file = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'1');
        if file >= 8 || rank >= 8 {
            return Err(malformed());
        }
        Square::from_coords(rank, file).ok_or_else(|| SquareError::Light(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_32_squares_and_names_round_trip() {
        assert_eq!(VALID.count_ones(), 32);
        let names: Vec<String> = Square::all().map(|s| s.to_string()).collect();
        assert_eq!(&names[..5], ["a1", "c1", "e1", "g1", "b2"]);
        assert_eq!(names[31], "h8");
        for square in Square::all() {
            assert_eq!(square.to_string().parse::<Square>(), Ok(square));
        }
    }

    #[test]
    fn steps_follow_the_diagonals_and_stop_at_the_edges() {
        let c3: Square = "c3".parse().unwrap();
        let names = |deltas: [i8; 4]| deltas.map(|d| c3.step(d).map(|s| s.to_string()));
        assert_eq!(
            names(DIRECTIONS),
            [Some("b4"), Some("d4"), Some("d2"), Some("b2")].map(|s| s.map(String::from))
        );
        let a1: Square = "a1".parse().unwrap();
        assert_eq!(a1.step(4), None);
        assert_eq!(a1.step(-4), None);
        let h8: Square = "h8".parse().unwrap();
        assert_eq!(h8.step(5), None);
        assert_eq!(h8.step(-4), None);
        let h2: Square = "h2".parse().unwrap();
        assert_eq!(h2.step(5), None);
        assert_eq!(h2.step(4).unwrap().to_string(), "g3");
    }

    #[test]
    fn light_and_malformed_squares_are_refused() {
        assert_eq!("a2".parse::<Square>(), Err(SquareError::Light("a2".into())));
        assert!(matches!(
            "i1".parse::<Square>(),
            Err(SquareError::Malformed(_))
        ));
        assert!(matches!(
            "a9".parse::<Square>(),
            Err(SquareError::Malformed(_))
        ));
        assert!(matches!(
            "a".parse::<Square>(),
            Err(SquareError::Malformed(_))
        ));
    }
}
