//! Positions as text in the PDN FEN style of `docs/draughts-contract.md`: `W:Wa1,c1,Ke3:Bb8,d8` is the side
//! to move, then each side's squares (`K` before a king). Squares are printed in index order
//! (a1, c1, e1, g1, b2, ...), so printing a parsed position gives one canonical text.

use super::board::{Board, Color};
use super::square::{Square, SquareError, squares};
use crate::names::shown;
use thiserror::Error;

/// FEN text that is not a position.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum FenError {
    #[error("position `{0}`: expected three fields `SIDE:Wsquares:Bsquares`, e.g. `W:Wa1,c1:Bb8`")]
    Fields(String),
    #[error("position: side to move `{0}` is not W or B")]
    Side(String),
    #[error("position: piece list `{0}` must start with W or B")]
    ListColor(String),
    #[error("position: two lists for {0:?}")]
    RepeatedColor(Color),
    #[error("position: {problem}")]
    Square { text: String, problem: SquareError },
    #[error("position: `{text}` is a numbered square; these rules name squares a1-h8. {hint}")]
    Numbered { text: String, hint: String },
    #[error("position: square {0} is given twice")]
    Occupied(Square),
    #[error("position: a {color:?} man on {square}, its promotion rank, should be a king")]
    ManOnLastRank { color: Color, square: Square },
    #[error("position: {count} {color:?} pieces; a side has at most 12")]
    TooMany { color: Color, count: u32 },
}

/// Reads a position such as `W:Wa1,c1,Ke3:Bb8,d8` (an optional final `.` is allowed).
pub fn parse_fen(text: &str) -> Result<Board, FenError> {
    let body = text.trim();
    let body = body.strip_suffix('.').unwrap_or(body);
    let mut split = body.split(':');
    let (Some(side), Some(first), Some(second), None) =
        (split.next(), split.next(), split.next(), split.next())
    else {
        return Err(FenError::Fields(shown(text.trim())));
    };
    let side = match side.trim() {
        "W" | "w" => Color::White,
        "B" | "b" => Color::Black,
        other => return Err(FenError::Side(shown(other))),
    };
    let mut board = Board {
        white: 0,
        black: 0,
        kings: 0,
        side,
    };
    let mut seen = [false; 2];
    for field in [first, second] {
        let field = field.trim();
        let color = match field.chars().next() {
            Some('W') => Color::White,
            Some('B') => Color::Black,
            _ => return Err(FenError::ListColor(shown(field))),
        };
        if std::mem::replace(&mut seen[color as usize], true) {
            return Err(FenError::RepeatedColor(color));
        }
        read_pieces(&field[1..], color, &mut board).map_err(|e| match e {
            FenError::Numbered { text, .. } => FenError::Numbered {
                text,
                hint: numbered_rules(body),
            },
            other => other,
        })?;
        let count = board.pieces(color).count_ones();
        if count > 12 {
            return Err(FenError::TooMany { color, count });
        }
    }
    Ok(board)
}

fn read_pieces(list: &str, color: Color, board: &mut Board) -> Result<(), FenError> {
    for item in list
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
    {
        let (king, name) = match item.strip_prefix('K') {
            Some(rest) => (true, rest),
            None => (false, item),
        };
        if name.starts_with(|c: char| c.is_ascii_digit()) {
            return Err(FenError::Numbered {
                text: shown(item),
                hint: String::new(),
            });
        }
        let square: Square = name.parse().map_err(|problem| FenError::Square {
            text: shown(item),
            problem,
        })?;
        if board.occupied() & square.bit() != 0 {
            return Err(FenError::Occupied(square));
        }
        if !king && color.promotion_rank() & square.bit() != 0 {
            return Err(FenError::ManOnLastRank { color, square });
        }
        match color {
            Color::White => board.white |= square.bit(),
            Color::Black => board.black |= square.bit(),
        }
        if king {
            board.kings |= square.bit();
        }
    }
    Ok(())
}

/// The rule sets that read a position of numbered squares (`W:W31-50:B1-20`), by its
/// largest number, as a sentence for an error: the 8×8 games that number their 32 squares,
/// the 10×10 games (50) or Canadian draughts (72).
pub fn numbered_rules(list: &str) -> String {
    let largest = list
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse::<u32>().ok())
        .max()
        .unwrap_or(0);
    match largest {
        0..=32 => "Numbered squares 1-32 are read by --rules english (or brazilian, pool, spanish, italian, thai)".into(),
        33..=50 => "Numbered squares up to 50 are read by --rules international (or frisian, killer)".into(),
        51..=72 => "Numbered squares up to 72 are read by --rules canadian".into(),
        _ => format!("No rule set has a square {largest}: the largest board, Canadian draughts', has 72"),
    }
}

/// The canonical text of a position, written a byte at a time: the referee prints one for
/// every ply it replays, so this allocates the text once and nothing per square.
pub fn to_fen(board: &Board) -> String {
    let mut text = String::with_capacity(80);
    text.push(board.side.letter());
    for (letter, set) in [('W', board.white), ('B', board.black)] {
        text.push(':');
        text.push(letter);
        for (i, square) in squares(set).enumerate() {
            if i > 0 {
                text.push(',');
            }
            if board.kings & square.bit() != 0 {
                text.push('K');
            }
            text.push(char::from(b'a' + square.file()));
            text.push(char::from(b'1' + square.rank()));
        }
    }
    text
}

/// The start position's text.
pub const START_FEN: &str =
    "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_start_text_is_the_start_position() {
        assert_eq!(parse_fen(START_FEN), Ok(Board::start()));
        assert_eq!(to_fen(&Board::start()), START_FEN);
    }

    #[test]
    fn the_example_of_docs_draughts_reads_and_prints_back() {
        let board = parse_fen("W:Wa1,c1,Ke3:Bb8,d8").unwrap();
        assert_eq!(board.kings.count_ones(), 1);
        assert_eq!(to_fen(&board), "W:Wa1,c1,Ke3:Bb8,d8");
        assert_eq!(to_fen(&parse_fen("B:B:W.").unwrap()), "B:W:B");
    }

    #[test]
    fn bad_positions_name_the_problem() {
        let message = |text: &str| parse_fen(text).unwrap_err().to_string();
        assert!(message("W:Wa1").contains("three fields"));
        assert!(message("X:Wa1:Bb8").contains("`X`"));
        assert!(message("W:Wa2:Bb8").contains("light"));
        assert!(message("W:Wa1,a1:Bb8").contains("a1 is given twice"));
        assert!(message("W:Wb8:Bc7").contains("promotion rank"));
        assert!(message("W:Wa1:Wb8").contains("two lists"));
        assert!(message("W:Qa1:Bb8").contains("W or B"));
        let thirteen = "B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3,b4:Bh8";
        assert!(message(thirteen).contains("13 White pieces; a side has at most 12"));
    }

    /// The lowest twelve squares of `set`.
    fn at_most_twelve(mut set: u64) -> u64 {
        let mut kept = 0;
        for _ in 0..12 {
            let lowest = set & set.wrapping_neg();
            kept |= lowest;
            set ^= lowest;
        }
        kept
    }

    fn any_board() -> impl Strategy<Value = Board> {
        (any::<u64>(), any::<u64>(), any::<u64>(), any::<bool>()).prop_map(
            |(white, black, kings, black_to_move)| {
                let valid = crate::draughts::square::VALID;
                let white = at_most_twelve(white & valid);
                let black = at_most_twelve(black & valid & !white);
                let occupied = white | black;
                // Men on their own promotion rank are not positions: crown them.
                let kings = (kings & occupied)
                    | (white & Color::White.promotion_rank())
                    | (black & Color::Black.promotion_rank());
                let side = if black_to_move {
                    Color::Black
                } else {
                    Color::White
                };
                Board {
                    white,
                    black,
                    kings,
                    side,
                }
            },
        )
    }

    /// The text as the square and colour names print it, joined the plain way.
    fn to_fen_by_display(board: &Board) -> String {
        let list = |set: u64| {
            squares(set)
                .map(|square| {
                    let king = if board.kings & square.bit() != 0 {
                        "K"
                    } else {
                        ""
                    };
                    format!("{king}{square}")
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        format!(
            "{}:W{}:B{}",
            board.side.letter(),
            list(board.white),
            list(board.black)
        )
    }

    proptest! {
        #[test]
        fn the_text_is_the_one_the_square_names_print(board in any_board()) {
            prop_assert_eq!(to_fen(&board), to_fen_by_display(&board));
        }

        #[test]
        fn printing_then_reading_gives_the_same_position(board in any_board()) {
            let text = to_fen(&board);
            prop_assert_eq!(parse_fen(&text), Ok(board));
            prop_assert_eq!(to_fen(&parse_fen(&text).unwrap()), text);
        }
    }
}
