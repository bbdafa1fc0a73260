//! A move and its notation: `c3-d4` for a step or a king's glide, `c3:e5:c7` for a capture
//! (the start square, then every square the piece lands on).
//!
//! Between two landing squares of a capture lies exactly one captured piece, so the landing
//! squares name a capture route completely; the captured set is kept beside them because the
//! move needs it and because the "moves" perft convention compares moves by (start, end,
//! captured set).
//!
//! **Canonical spelling of a straight double capture.** A flying king that takes two pieces
//! on one diagonal could be said to stop on any empty square between them; the move is one
//! and is written with the last empty square before the second piece (`a1:d4:f6` when the
//! king on a1 takes b2 and e5, not `a1:c3:f6`). That is also how the original Damebot names
//! it. Every other spelling of the same route is read as that move, and so is the start and
//! end alone (`a1:f6`) when only one capture joins them, or the first landing squares alone
//! (`c3:e5`) when only one legal move begins so.
//!
//! **A game's record** ([`record`]) numbers the moves in pairs from the start position's side,
//! `1. c3-d4 f6-e5 2. ...` (a game whose first move is Black's starts `1... f6-e5`), the form
//! of the page's "Copy moves" and of the terminal game's last lines; [`record_moves`] reads it
//! back, move numbers or not.

use super::board::Color;
use super::square::{Square, squares};
use std::fmt;
use thiserror::Error;

/// The most pieces one capture can take (all twelve of the opponent's).
pub const MAX_CAPTURES: usize = 12;

/// The most landing squares a capture may have: one per captured piece, and under the
/// original Damebot's rules a few more, where its king jumps a piece it has already taken.
pub const MAX_LANDINGS: usize = 16;

/// A legal move: start square, landing squares (one for a step), captured pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: u8,
    len: u8,
    path: [u8; MAX_LANDINGS],
    captured: u64,
}

impl Move {
    /// A step or glide without capture.
    pub fn quiet(from: Square, to: Square) -> Move {
        let mut path = [0; MAX_LANDINGS];
        path[0] = to.index();
        Move {
            from: from.index(),
            len: 1,
            path,
            captured: 0,
        }
    }

    /// A capture landing on `landings` in turn (one per jump) and taking `captured`. Each jump
    /// takes a piece, so there are as many landings as captured pieces, or more where a piece
    /// is jumped twice (only the original Damebot's rules allow that).
    pub fn capture(from: Square, landings: &[u8], captured: u64) -> Move {
        debug_assert!(!landings.is_empty() && landings.len() <= MAX_LANDINGS);
        debug_assert!(landings.len() >= captured.count_ones() as usize);
        let mut path = [0; MAX_LANDINGS];
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
        Square::from_index(self.to_index()).expect("moves hold board squares")
    }

    /// The squares the piece lands on, the last being its destination.
    pub fn landings(&self) -> Vec<Square> {
        self.landing_squares().collect()
    }

    /// The squares the piece lands on, in turn, without building a list.
    pub fn landing_squares(&self) -> impl ExactSizeIterator<Item = Square> + '_ {
        self.path[..self.len as usize]
            .iter()
            .map(|&i| Square::from_index(i).expect("moves hold board squares"))
    }

    /// The number of landing squares (one for a step).
    pub fn landings_len(&self) -> usize {
        self.len as usize
    }

    /// The start square as a one-square set.
    #[inline(always)]
    pub fn from_bit(&self) -> u64 {
        1 << self.from
    }

    /// The destination as a one-square set, without building the landing list.
    #[inline(always)]
    pub fn to_bit(&self) -> u64 {
        1 << self.to_index()
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

    /// The captured pieces in the order they are jumped, one per landing square (a piece
    /// jumped twice appears twice). Each is the captured square between a landing square and
    /// the one before it.
    pub fn jumps(&self) -> Vec<Square> {
        if !self.is_capture() {
            return Vec::new();
        }
        let mut before = self.from();
        self.landing_squares()
            .map(|landing| {
                let jumped = between(before, landing)
                    .into_iter()
                    .find(|s| self.captured & s.bit() != 0)
                    .expect("a capture takes a piece between two landing squares");
                before = landing;
                jumped
            })
            .collect()
    }

    /// Whether `text` (a capture's start and landing squares) spells this capture, or with
    /// `prefix` its first landings: each square of the text is this move's, or a square
    /// strictly between the two pieces of a straight double capture where this move stops
    /// on the last one before the second (module docs).
    fn is_spelled_by(&self, text: &MoveText, prefix: bool) -> bool {
        let landings = self.landings();
        let length_fits = if prefix {
            text.landings.len() < landings.len()
        } else {
            text.landings.len() == landings.len()
        };
        if self.from() != text.from || !self.is_capture() || !text.capture || !length_fits {
            return false;
        }
        let jumps = self.jumps();
        text.landings.iter().enumerate().all(|(i, &square)| {
            square == landings[i]
                || (i + 1 < landings.len() && {
                    let before = if i == 0 { self.from() } else { landings[i - 1] };
                    let straight = direction(before, landings[i]).is_some()
                        && direction(before, landings[i])
                            == direction(landings[i], landings[i + 1]);
                    straight && between(jumps[i], jumps[i + 1]).contains(&square)
                })
        })
    }
}

/// The unit step (rank, file) from `from` towards `to` if they share a diagonal.
fn direction(from: Square, to: Square) -> Option<(i8, i8)> {
    let ranks = to.rank() as i8 - from.rank() as i8;
    let files = to.file() as i8 - from.file() as i8;
    (ranks != 0 && ranks.abs() == files.abs()).then_some((ranks.signum(), files.signum()))
}

/// The squares strictly between `from` and `to` on their diagonal, nearest `from` first
/// (none if they share no diagonal).
fn between(from: Square, to: Square) -> Vec<Square> {
    let Some((dr, df)) = direction(from, to) else {
        return Vec::new();
    };
    let mut squares = Vec::new();
    let (mut rank, mut file) = (from.rank() as i8 + dr, from.file() as i8 + df);
    while (rank, file) != (to.rank() as i8, to.file() as i8) {
        squares.extend(Square::from_coords(rank as u8, file as u8));
        rank += dr;
        file += df;
    }
    squares
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from())?;
        let separator = if self.is_capture() { ':' } else { '-' };
        for square in self.landing_squares() {
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
    #[error("move `{text}` is not legal in this position; the legal moves are {legal}")]
    Illegal { text: String, legal: String },
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
        let mut parts = trimmed.split(['-', ':', 'x']);
        let count = parts.clone().count();
        if count < 2 {
            return Err(syntax(
                "expected squares joined by `-` (a step) or `:` (a capture)".into(),
            ));
        }
        if !capture && count > 2 {
            return Err(syntax(
                "a step has one destination; captures use `:`".into(),
            ));
        }
        let square = |part: &str| part.parse::<Square>().map_err(|e| syntax(e.to_string()));
        let from = square(parts.next().expect("two parts or more"))?;
        let mut landings = Vec::with_capacity(count - 1);
        for part in parts {
            landings.push(square(part)?);
        }
        Ok(MoveText {
            from,
            landings,
            capture,
        })
    }

    /// The legal move this text names: its exact notation, another spelling of the same
    /// capture route, `from:to` when only one capture joins them, or the first landing
    /// squares when only one legal move begins so (module docs). An error names the text and
    /// the legal moves, or the moves it could be.
    pub fn resolve(&self, legal: &[Move], text: &str) -> Result<Move, MoveError> {
        let exact = |mv: &&Move| {
            mv.from() == self.from
                && mv.is_capture() == self.capture
                && mv.landing_squares().eq(self.landings.iter().copied())
        };
        if let Some(mv) = legal.iter().find(exact) {
            return Ok(*mv);
        }
        if let Some(mv) = legal.iter().find(|mv| mv.is_spelled_by(self, false)) {
            return Ok(*mv);
        }
        let by_end = |mv: &&Move| {
            self.capture
                && self.landings.len() == 1
                && mv.is_capture()
                && mv.from() == self.from
                && mv.to() == self.landings[0]
        };
        for rule in [&by_end as &dyn Fn(&&Move) -> bool, &|mv| {
            mv.is_spelled_by(self, true)
        }] {
            let candidates: Vec<&Move> = legal.iter().filter(rule).collect();
            match candidates.as_slice() {
                [] => {}
                [one] => return Ok(**one),
                many => {
                    return Err(MoveError::Ambiguous {
                        text: text.to_string(),
                        candidates: list(many.iter().copied()),
                    });
                }
            }
        }
        Err(MoveError::Illegal {
            text: text.to_string(),
            legal: if legal.is_empty() {
                "none".to_string()
            } else {
                list(legal.iter())
            },
        })
    }
}

/// The moves of a game from a position with `first` to move, numbered in pairs (module docs).
pub fn record(first: Color, moves: &[Move]) -> String {
    numbered_record(first, moves.iter().map(Move::to_string))
}

/// Move texts as a numbered record (`1. c3-d4 f6-e5 2. ...`, from `1... f6-e5` when Black
/// moved first), which [`record_moves`] reads back.
pub fn numbered_record(first: Color, moves: impl ExactSizeIterator<Item = String>) -> String {
    let offset = usize::from(first == Color::Black);
    let mut words = Vec::with_capacity(moves.len() * 3 / 2);
    for (i, mv) in moves.enumerate() {
        let ply = i + offset;
        if ply % 2 == 0 {
            words.push(format!("{}.", ply / 2 + 1));
        } else if i == 0 {
            words.push(format!("{}...", ply / 2 + 1));
        }
        words.push(mv);
    }
    words.join(" ")
}

/// The moves of a record as written in `text`, without its move numbers (`12.` or `12...`,
/// alone or glued to the move that follows, as in `1.c3-d4`).
pub fn record_moves(text: &str) -> impl Iterator<Item = &str> {
    text.split_whitespace().filter_map(|word| {
        let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let rest = &word[digits..];
        let numbered = digits > 0 && rest.starts_with('.');
        let mv = if numbered {
            rest.trim_start_matches('.')
        } else {
            word
        };
        (!mv.is_empty()).then_some(mv)
    })
}

/// Moves in notation, in alphabetical order, comma separated.
fn list<'a>(moves: impl Iterator<Item = &'a Move>) -> String {
    let mut names: Vec<String> = moves.map(|m| m.to_string()).collect();
    names.sort();
    names.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn moves_print_in_the_notation_of_docs_draughts() {
        assert_eq!(Move::quiet(sq("c3"), sq("d4")).to_string(), "c3-d4");
        let captured = sq("d4").bit() | sq("d6").bit();
        let mv = Move::capture(sq("c3"), &[sq("e5").index(), sq("c7").index()], captured);
        assert_eq!(mv.to_string(), "c3:e5:c7");
        assert_eq!(mv.to(), sq("c7"));
    }

    #[test]
    fn a_record_numbers_moves_in_pairs_and_reads_back_without_its_numbers() {
        let [a, b, c] = [("c3", "d4"), ("f6", "e5"), ("g3", "f4")]
            .map(|(from, to)| Move::quiet(sq(from), sq(to)));
        assert_eq!(record(Color::White, &[a, b, c]), "1. c3-d4 f6-e5 2. g3-f4");
        assert_eq!(record(Color::Black, &[b, c]), "1... f6-e5 2. g3-f4");
        assert_eq!(record(Color::White, &[]), "");
        let read: Vec<&str> = record_moves("1. c3-d4 f6-e5 2.g3-f4 10... a1:c3 h2-g3").collect();
        assert_eq!(read, ["c3-d4", "f6-e5", "g3-f4", "a1:c3", "h2-g3"]);
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

    fn resolved(fen: &str, text: &str) -> Result<String, MoveError> {
        let board = crate::draughts::parse_fen(fen).unwrap();
        let mut legal = Vec::new();
        crate::draughts::movegen::legal_moves(&board, crate::draughts::Rules::Czech, &mut legal);
        MoveText::parse(text)?
            .resolve(&legal, text)
            .map(|mv| mv.to_string())
    }

    #[test]
    fn every_spelling_of_a_straight_double_capture_reads_as_its_canonical_move() {
        // The black king on a1 takes b2, then e5 further along the same diagonal.
        let fen = "B:We1,g1,b2,d2,f2,h2,a3,e3,g3,e5:BKa1,d6,h6,a7,c7,e7,g7,b8,d8,f8,h8";
        for text in [
            "a1:d4:f6", "a1:c3:f6", "a1xc3xf6", "a1:f6", "a1:c3", "a1:d4",
        ] {
            assert_eq!(resolved(fen, text).as_deref(), Ok("a1:d4:f6"), "{text}");
        }
        for text in ["a1:b2:f6", "a1:e5:f6", "a1:d4:g7", "a1:b2"] {
            let error = resolved(fen, text).unwrap_err().to_string();
            assert!(
                error.contains("not legal") && error.contains("a1:d4:f6"),
                "{error}"
            );
        }
        let board = crate::draughts::parse_fen(fen).unwrap();
        let mut legal = Vec::new();
        crate::draughts::movegen::legal_moves(&board, crate::draughts::Rules::Czech, &mut legal);
        let names: Vec<String> = legal[0].jumps().iter().map(|s| s.to_string()).collect();
        assert_eq!(names, ["b2", "e5"]);
    }

    #[test]
    fn a_prefix_or_the_two_ends_name_a_move_only_when_one_move_fits() {
        assert_eq!(resolved("W:Wc3:Bd4,d6", "c3:e5").as_deref(), Ok("c3:e5:c7"));
        assert_eq!(
            resolved("W:Wc3:Bd4,d6,f6", "c3:g7").as_deref(),
            Ok("c3:e5:g7")
        );
        let error = resolved("W:Wc3:Bd4,d6,f6", "c3:e5")
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("ambiguous") && error.contains("c3:e5:c7, c3:e5:g7"),
            "{error}"
        );
        let error = resolved("W:Wc3:Bd4,d6", "c3-d4").unwrap_err().to_string();
        assert!(error.ends_with("the legal moves are c3:e5:c7"), "{error}");
    }
}
