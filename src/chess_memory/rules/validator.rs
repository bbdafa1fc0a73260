//! The validator: the independent check that every board counts only if it passes.
//!
//! The pairing rule: for every symbol, each piece of that symbol attacks (on an empty board)
//! exactly one other piece of the same symbol. The validator reports every piece that breaks
//! it, with the same-symbol pieces it does attack (none, or two and more). It knows nothing of
//! how a board was made, so it checks the backtrackers and the SAT solver alike.

use super::AttackTables;
use crate::chess_memory::board::{Board, BoardSize, Square, squares_of};
use crate::chess_memory::pieces::Symbol;
use std::fmt;

/// A piece that attacks zero or several pieces of its own symbol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    pub size: BoardSize,
    pub square: Square,
    pub symbol: Symbol,
    /// The same-symbol pieces it attacks (never exactly one).
    pub attacked: Vec<Square>,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let square = self.size.square_name(self.square);
        let symbol = self.symbol;
        let kind = symbol.kind().name();
        if self.attacked.is_empty() {
            write!(
                f,
                "{square} {symbol}: attacks no other {symbol} (a {kind} needs exactly one partner)"
            )
        } else {
            let names: Vec<String> = self
                .attacked
                .iter()
                .map(|&s| self.size.square_name(s))
                .collect();
            write!(
                f,
                "{square} {symbol}: attacks {} pieces {symbol} ({}), but a {kind} must attack exactly one",
                names.len(),
                names.join(", ")
            )
        }
    }
}

/// Every breach of the pairing rule on `board`, in square order. Empty means valid.
pub fn validate(board: &Board) -> Vec<Violation> {
    let size = board.size();
    let tables = AttackTables::for_size(size);
    let mut violations = Vec::new();
    for symbol in Symbol::ALL {
        let pieces = board.pieces(symbol);
        for square in squares_of(pieces) {
            let same = pieces & tables.attacks(symbol.kind(), square);
            if same.count_ones() != 1 {
                violations.push(Violation {
                    size,
                    square,
                    symbol,
                    attacked: squares_of(same).collect(),
                });
            }
        }
    }
    violations.sort_by_key(|violation| violation.square);
    violations
}

/// A board whose piece counts differ from those asked for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("board has {found} pieces {symbol} but the composition asks for {expected}")]
pub struct CompositionMismatch {
    pub symbol: Symbol,
    pub found: u32,
    pub expected: u32,
}

/// Checks that `board` holds exactly `expected[s]` pieces of each symbol `s`.
pub fn check_composition(
    board: &Board,
    expected: &[u32; Symbol::COUNT],
) -> Result<(), CompositionMismatch> {
    let found = board.piece_counts();
    for symbol in Symbol::ALL {
        let (found, expected) = (found[symbol.index()], expected[symbol.index()]);
        if found != expected {
            return Err(CompositionMismatch {
                symbol,
                found,
                expected,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess_memory::board::parse_board;

    #[test]
    fn a_lone_pair_of_rooks_is_valid() {
        let board = parse_board("R3/4/4/R3").unwrap();
        assert!(validate(&board).is_empty());
    }

    #[test]
    fn an_unpaired_piece_and_a_triangle_are_reported() {
        // Knight on A1 with no knight in reach; three queens on one rank attack two each.
        let board = parse_board("4/QQQ1/4/N3").unwrap();
        let violations = validate(&board);
        let text: Vec<String> = violations.iter().map(|v| v.to_string()).collect();
        assert_eq!(violations.len(), 4, "{text:?}");
        assert_eq!(
            text[0],
            "A1 N: attacks no other N (a knight needs exactly one partner)"
        );
        assert_eq!(
            text[1],
            "A3 Q: attacks 2 pieces Q (B3, C3), but a queen must attack exactly one"
        );
    }

    #[test]
    fn different_colours_and_kinds_do_not_interact() {
        // White and black rook pairs crossing each other's lines, a knight pair next to them.
        let board = parse_board("Rr2/rR2/4/N1N1").unwrap();
        assert!(
            !validate(&board).is_empty(),
            "two R on a diagonal only: not attacking"
        );
        let board = parse_board("Rr2/Rr2/4/4").unwrap();
        assert!(validate(&board).is_empty());
    }

    #[test]
    fn composition_check_names_the_symbol() {
        let board = parse_board("R3/4/4/R3").unwrap();
        let mut expected = [0; 8];
        expected[Symbol::from_letter('R').unwrap().index()] = 2;
        assert!(check_composition(&board, &expected).is_ok());
        expected[Symbol::from_letter('q').unwrap().index()] = 2;
        let error = check_composition(&board, &expected).unwrap_err();
        assert_eq!(
            error.to_string(),
            "board has 0 pieces q but the composition asks for 2"
        );
    }
}
