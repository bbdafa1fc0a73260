//! A move and its notation: `c3-d4` for a step or a king's glide, `c3:e5:c7` for a capture
//! (the start square, then every square the piece lands on).
//!
//! Between two landing squares of a capture lies exactly one captured piece, so the landing
//! squares name a capture path completely; the captured set is kept beside them because the
//! move needs it and because the "moves" perft convention compares moves by (start, end,
//! captured set).

use super::square::{Square, squares};
use std::fmt;
use thiserror::Error;

/// The most pieces one capture can take (all twelve of the opponent's).
pub const MAX_CAPTURES: usize = 12;

/// A legal move: start square, landing squares (one for a step), captured pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: u8,
    len: u8,
    path: [u8; MAX_CAPTURES],
    captured: u64,
}

impl Move {
    /// A step or glide without capture.
    pub fn quiet(from: Square, to: Square) -> Move {
        let mut path = [0; MAX_CAPTURES];
        path[0] = to.index();
        Move {
            from: from.index(),
            len: 1,
            path,
            captured: 0,
        }
    }

    /// A capture landing on `landings` in turn (one per captured piece) and taking `captured`.
    pub fn capture(from: Square, landings: &[u8], captured: u64) -> Move {
        debug_assert!(!landings.is_empty() && landings.len() <= MAX_CAPTURES);
        debug_assert_eq!(landings.len(), captured.count_ones() as usize);
        let mut path = [0; MAX_CAPTURES];
        path[..landings.len()].copy_from_slice(landings);
        Move {
            from: from.index(),
            len: landings.len() as u8,
            path,
            captured,
        }
    }

    pub fn from(&self) -> Square {
        Square::from_index(self.from).expect("moves hold board squares")
    }

    pub fn to(&self) -> Square {
        self.landings()
            .last()
            .copied()
            .expect("a move lands somewhere")
    }

    /// The squares the piece lands on, the last being its destination.
    pub fn landings(&self) -> Vec<Square> {
        self.path[..self.len as usize]
            .iter()
            .map(|&i| Square::from_index(i).expect("moves hold board squares"))
            .collect()
    }

    /// The destination's padded index, without building the landing list.
    #[inline(always)]
    pub fn to_index(&self) -> u8 {
        self.path[self.len as usize - 1]
    }

    /// The captured pieces as a set of squares (0 for a quiet move).
    pub fn captured(&self) -> u64 {
        self.captured
    }

    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// The key under which the "moves" perft convention counts a move once.
    pub fn key(&self) -> (u8, u8, u64) {
        (self.from, self.to_index(), self.captured)
    }

    /// The captured squares, lowest index first.
    pub fn captured_squares(&self) -> impl Iterator<Item = Square> {
        squares(self.captured)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from())?;
        let separator = if self.is_capture() { ':' } else { '-' };
        for square in self.landings() {
            write!(f, "{separator}{square}")?;
        }
        Ok(())
    }
}

/// Move text as written: a start square and its landing squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    pub from: Square,
    pub landings: Vec<Square>,
    pub capture: bool,
}

/// Move text that cannot be read, or names no legal move.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum MoveError {
    #[error("move `{text}`: {reason}")]
    Syntax { text: String, reason: String },
    #[error("move `{0}` is not legal in this position")]
    Illegal(String),
    #[error("move `{text}` is ambiguous here: it could be {candidates}")]
    Ambiguous { text: String, candidates: String },
}

impl MoveText {
    /// Reads `c3-d4` or `c3:e5:c7` (also `c3xe5xc7`).
    pub fn parse(text: &str) -> Result<MoveText, MoveError> {
        let syntax = |reason: String| MoveError::Syntax {
            text: text.to_string(),
            reason,
        };
        let trimmed = text.trim();
        let capture = trimmed.contains([':', 'x']);
        if capture && trimmed.contains('-') {
            return Err(syntax("mixes `-` with `:`".into()));
        }
        let parts: Vec<&str> = trimmed.split(['-', ':', 'x']).collect();
        if parts.len() < 2 {
            return Err(syntax(
                "expected squares joined by `-` (a step) or `:` (a capture)".into(),
            ));
        }
        if !capture && parts.len() > 2 {
            return Err(syntax(
                "a step has one destination; captures use `:`".into(),
            ));
        }
        let mut squares = Vec::with_capacity(parts.len());
        for part in parts {
            squares.push(part.parse::<Square>().map_err(|e| syntax(e.to_string()))?);
        }
        Ok(MoveText {
            from: squares[0],
            landings: squares[1..].to_vec(),
            capture,
        })
    }

    /// The legal move this text names: the exact path, or for `from:to` the only capture
    /// from `from` to `to` (there may be several paths).
    pub fn resolve(&self, legal: &[Move], text: &str) -> Result<Move, MoveError> {
        let matches_exactly = |mv: &&Move| {
            mv.from() == self.from && mv.is_capture() == self.capture && {
                mv.landings() == self.landings
            }
        };
        if let Some(mv) = legal.iter().find(matches_exactly) {
            return Ok(*mv);
        }
        if self.capture && self.landings.len() == 1 {
            let ends: Vec<&Move> = legal
                .iter()
                .filter(|mv| {
                    mv.is_capture() && mv.from() == self.from && mv.to() == self.landings[0]
                })
                .collect();
            match ends.as_slice() {
                [one] => return Ok(**one),
                [] => {}
                many => {
                    let candidates = many.iter().map(|m| m.to_string()).collect::<Vec<_>>();
                    return Err(MoveError::Ambiguous {
                        text: text.to_string(),
                        candidates: candidates.join(", "),
                    });
                }
            }
        }
        Err(MoveError::Illegal(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn moves_print_in_the_contract_notation() {
        assert_eq!(Move::quiet(sq("c3"), sq("d4")).to_string(), "c3-d4");
        let captured = sq("d4").bit() | sq("d6").bit();
        let mv = Move::capture(sq("c3"), &[sq("e5").index(), sq("c7").index()], captured);
        assert_eq!(mv.to_string(), "c3:e5:c7");
        assert_eq!(mv.to(), sq("c7"));
    }

    #[test]
    fn move_text_parses_steps_and_captures_and_names_bad_text() {
        let text = MoveText::parse("c3:e5:c7").unwrap();
        assert_eq!(text.from, sq("c3"));
        assert_eq!(text.landings, vec![sq("e5"), sq("c7")]);
        assert!(text.capture);
        assert!(!MoveText::parse("c3-d4").unwrap().capture);
        let error = MoveText::parse("c3-d5").unwrap_err().to_string();
        assert!(error.contains("d5") && error.contains("light"), "{error}");
        assert!(MoveText::parse("c3").is_err());
        assert!(MoveText::parse("c3-d4-e5").is_err());
        assert!(MoveText::parse("c3-e5:c7").is_err());
    }
}
