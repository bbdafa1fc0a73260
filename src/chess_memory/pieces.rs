//! The pieces of the ChessMemory puzzle: four kinds, two colours, and the eight symbols
//! `Q N B R q n b r` (upper case white) that combine them.
//!
//! The seed article writes the same symbols with Polish letters `H S G W` (hetman, skoczek,
//! goniec, wieża); both alphabets are accepted wherever a symbol is read, and English letters
//! are written except in the seed's own board format.

use std::fmt;

/// A chess piece kind. The order `Queen, Knight, Bishop, Rook` is the seed's type order `QNBR`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Queen,
    Knight,
    Bishop,
    Rook,
}

impl Kind {
    /// All kinds in the seed's order.
    pub const ALL: [Kind; 4] = [Kind::Queen, Kind::Knight, Kind::Bishop, Kind::Rook];

    /// Position in [`Kind::ALL`], 0..4.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Upper-case English letter: `Q N B R`.
    pub fn letter(self) -> char {
        ['Q', 'N', 'B', 'R'][self.index()]
    }

    /// Upper-case Polish letter used by the seed article: `H S G W`.
    pub fn polish_letter(self) -> char {
        ['H', 'S', 'G', 'W'][self.index()]
    }

    /// English name in lower case, for messages.
    pub fn name(self) -> &'static str {
        ["queen", "knight", "bishop", "rook"][self.index()]
    }

    /// The kind named by an English or Polish letter of either case.
    pub fn from_letter(letter: char) -> Option<Kind> {
        Symbol::from_letter(letter).map(Symbol::kind)
    }
}

/// White pieces are written in upper case, black in lower case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}

/// One of the eight piece symbols: a kind and a colour.
///
/// Its index (0..8) follows `Q N B R q n b r`, so `index % 4` is the kind and
/// `index / 4` the colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symbol(u8);

impl Symbol {
    /// Number of distinct symbols.
    pub const COUNT: usize = 8;

    /// All symbols in index order `Q N B R q n b r`.
    pub const ALL: [Symbol; 8] = [
        Symbol(0),
        Symbol(1),
        Symbol(2),
        Symbol(3),
        Symbol(4),
        Symbol(5),
        Symbol(6),
        Symbol(7),
    ];

    pub fn new(kind: Kind, color: Color) -> Symbol {
        Symbol(kind as u8 + if color == Color::Black { 4 } else { 0 })
    }

    /// The symbol with index `index` (0..8).
    pub fn from_index(index: usize) -> Symbol {
        assert!(
            index < Self::COUNT,
            "symbol index {index} out of range 0..8"
        );
        Symbol(index as u8)
    }

    /// Position in [`Symbol::ALL`].
    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn kind(self) -> Kind {
        Kind::ALL[self.index() % 4]
    }

    pub fn color(self) -> Color {
        if self.0 < 4 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// English letter, upper case for white: one of `QNBRqnbr`.
    pub fn letter(self) -> char {
        self.cased(self.kind().letter())
    }

    /// Polish letter, upper case for white: one of `HSGWhsgw`.
    pub fn polish_letter(self) -> char {
        self.cased(self.kind().polish_letter())
    }

    fn cased(self, upper: char) -> char {
        match self.color() {
            Color::White => upper,
            Color::Black => upper.to_ascii_lowercase(),
        }
    }

    /// The symbol written by an English (`QNBRqnbr`) or Polish (`HSGWhsgw`) letter.
    pub fn from_letter(letter: char) -> Option<Symbol> {
        let kind = match letter.to_ascii_uppercase() {
            'Q' | 'H' => Kind::Queen,
            'N' | 'S' => Kind::Knight,
            'B' | 'G' => Kind::Bishop,
            'R' | 'W' => Kind::Rook,
            _ => return None,
        };
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Symbol::new(kind, color))
    }
}

impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The letters accepted for symbols, for error messages.
pub const ACCEPTED_LETTERS: &str = "QNBRqnbr (or the seed's Polish HSGWhsgw)";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip_in_both_alphabets() {
        for symbol in Symbol::ALL {
            assert_eq!(Symbol::from_letter(symbol.letter()), Some(symbol));
            assert_eq!(Symbol::from_letter(symbol.polish_letter()), Some(symbol));
        }
        let english: String = Symbol::ALL.iter().map(|s| s.letter()).collect();
        let polish: String = Symbol::ALL.iter().map(|s| s.polish_letter()).collect();
        assert_eq!(english, "QNBRqnbr");
        assert_eq!(polish, "HSGWhsgw");
    }

    #[test]
    fn unknown_letters_are_not_symbols() {
        for letter in ['K', 'k', 'P', 'x', '1', ' ', 'ż'] {
            assert_eq!(Symbol::from_letter(letter), None, "{letter}");
        }
    }

    #[test]
    fn kind_and_color_decompose_the_index() {
        let q = Symbol::from_letter('q').unwrap();
        assert_eq!((q.kind(), q.color()), (Kind::Queen, Color::Black));
        assert_eq!(Symbol::new(Kind::Rook, Color::White).letter(), 'R');
    }
}
