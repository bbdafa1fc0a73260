//! Board text formats: reading any of them (the format is detected) and writing a chosen one.
//!
//! - **fen**: ranks from n down to 1 separated by `/`, files A.. left to right, digits for runs
//!   of empty squares, English letters (`QqNn2…/…`).
//! - **seed**: the seed program's format: one `_`-separated group per file A.., each listing
//!   ranks 1..n, Polish letters, `0` for an empty square (`HWwGsggs_hGsSSsGg_…`).
//! - **grid**: a picture for people, rank n on top, `.` for an empty square, rank numbers on
//!   the left and file letters underneath.
//!
//! Readers accept English and Polish letters in every format.

use super::{Board, BoardSize, Square};
use crate::chess_memory::pieces::{ACCEPTED_LETTERS, Symbol};
use crate::output::document::Document;

/// A board text format; see the module docs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BoardFormat {
    /// Ranks n..1 separated by `/`, digits for empty runs (`QqNn..../...`).
    Fen,
    /// The seed program's format: `_`-separated files A.., ranks 1..n, Polish letters.
    Seed,
    /// A readable picture with rank numbers and file letters.
    Grid,
}

crate::names::named_enum!(BoardFormat, "board format", { Fen => "fen", Seed => "seed", Grid => "grid" });

/// Why a text is not a board. Each message names the problem and what is expected instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardParseError {
    #[error(
        "the board text is empty; give FEN ranks separated by '/', seed files separated by '_', or a grid"
    )]
    Empty,
    #[error(
        "'{0}' is not a board; give FEN ranks separated by '/', seed files separated by '_', or a grid of n lines"
    )]
    UnknownFormat(String),
    #[error(
        "{format} board has {lines} {unit}s; a board needs n {unit}s of n squares with n from 4 to 8"
    )]
    WrongLineCount {
        format: &'static str,
        unit: &'static str,
        lines: usize,
    },
    #[error(
        "{format} {unit} {line} ('{text}') has {found} squares but the board has {expected} {unit}s; every {unit} needs {expected} squares"
    )]
    WrongLineLength {
        format: &'static str,
        unit: &'static str,
        line: String,
        text: String,
        found: usize,
        expected: usize,
    },
    #[error(
        "{format} {unit} {line} has unknown character '{found}'; use {ACCEPTED_LETTERS} for pieces and {empty} for empty squares"
    )]
    UnknownCharacter {
        format: &'static str,
        unit: &'static str,
        line: String,
        found: char,
        empty: &'static str,
    },
}

/// Reads a board in any of the formats, detected from the text: `/` means FEN, `_` means the
/// seed format, several lines or spaced cells mean a grid.
pub fn parse_board(text: &str) -> Result<Board, BoardParseError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(BoardParseError::Empty);
    }
    if text.contains('/') {
        parse_fen(text)
    } else if text.contains('_') {
        parse_seed(text)
    } else if text.contains(char::is_whitespace) {
        parse_grid(text)
    } else {
        Err(BoardParseError::UnknownFormat(shorten(text)))
    }
}

/// Writes `board` in `format`. Grid output ends with a newline; the one-line formats do not.
pub fn format_board(board: &Board, format: BoardFormat) -> String {
    match format {
        BoardFormat::Fen => format_fen(board),
        BoardFormat::Seed => format_seed(board),
        BoardFormat::Grid => format_grid(board),
    }
}

fn shorten(text: &str) -> String {
    const LIMIT: usize = 40;
    match text.char_indices().nth(LIMIT) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// The n×n size implied by a count of lines, or the error for that count.
fn size_for_lines(
    lines: usize,
    format: &'static str,
    unit: &'static str,
) -> Result<BoardSize, BoardParseError> {
    BoardSize::new(lines).map_err(|_| BoardParseError::WrongLineCount {
        format,
        unit,
        lines,
    })
}

fn parse_fen(text: &str) -> Result<Board, BoardParseError> {
    const FORMAT: &str = "FEN";
    let ranks: Vec<&str> = text.split('/').collect();
    let size = size_for_lines(ranks.len(), FORMAT, "rank")?;
    let n = size.side();
    let mut board = Board::empty(size);
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = n - 1 - row;
        let mut cells: Vec<Option<Symbol>> = Vec::with_capacity(n);
        for c in rank_text.chars() {
            if let Some(run) = c.to_digit(10).filter(|d| *d > 0) {
                cells.extend(std::iter::repeat_n(None, run as usize));
            } else if let Some(symbol) = Symbol::from_letter(c) {
                cells.push(Some(symbol));
            } else {
                return Err(BoardParseError::UnknownCharacter {
                    format: FORMAT,
                    unit: "rank",
                    line: (rank + 1).to_string(),
                    found: c,
                    empty: "digits 1-8",
                });
            }
        }
        check_length(
            FORMAT,
            "rank",
            (rank + 1).to_string(),
            rank_text,
            cells.len(),
            n,
        )?;
        for (file, cell) in cells.into_iter().enumerate() {
            board.set(size.square(file, rank), cell);
        }
    }
    Ok(board)
}

fn check_length(
    format: &'static str,
    unit: &'static str,
    line: String,
    text: &str,
    found: usize,
    expected: usize,
) -> Result<(), BoardParseError> {
    if found == expected {
        return Ok(());
    }
    Err(BoardParseError::WrongLineLength {
        format,
        unit,
        line,
        text: shorten(text),
        found,
        expected,
    })
}

fn file_name(file: usize) -> String {
    ((b'A' + file as u8) as char).to_string()
}

fn parse_seed(text: &str) -> Result<Board, BoardParseError> {
    const FORMAT: &str = "seed-format";
    let files: Vec<&str> = text.split('_').collect();
    let size = size_for_lines(files.len(), FORMAT, "file")?;
    let n = size.side();
    let mut board = Board::empty(size);
    for (file, file_text) in files.iter().enumerate() {
        let chars: Vec<char> = file_text.chars().collect();
        check_length(FORMAT, "file", file_name(file), file_text, chars.len(), n)?;
        for (rank, c) in chars.into_iter().enumerate() {
            let cell = match c {
                '0' | '.' => None,
                _ => Some(Symbol::from_letter(c).ok_or_else(|| {
                    BoardParseError::UnknownCharacter {
                        format: FORMAT,
                        unit: "file",
                        line: file_name(file),
                        found: c,
                        empty: "'0'",
                    }
                })?),
            };
            board.set(size.square(file, rank), cell);
        }
    }
    Ok(board)
}

/// Whether a grid line is the footer of file letters `A B C …`.
fn is_file_footer(tokens: &[&str]) -> bool {
    tokens
        .iter()
        .enumerate()
        .all(|(file, token)| token.eq_ignore_ascii_case(&file_name(file)))
}

fn parse_grid(text: &str) -> Result<Board, BoardParseError> {
    const FORMAT: &str = "grid";
    let mut rows: Vec<Vec<&str>> = Vec::new();
    for line in text.lines() {
        let mut tokens: Vec<&str> = line
            .split_whitespace()
            .filter(|t| !matches!(*t, "|" | "+"))
            .collect();
        if tokens.is_empty() || is_file_footer(&tokens) {
            continue;
        }
        if tokens[0].chars().all(|c| c.is_ascii_digit()) {
            tokens.remove(0);
        }
        rows.push(tokens);
    }
    let size = size_for_lines(rows.len(), FORMAT, "rank")?;
    let n = size.side();
    let mut board = Board::empty(size);
    for (row, tokens) in rows.iter().enumerate() {
        let rank = n - 1 - row;
        let rank_name = (rank + 1).to_string();
        check_length(
            FORMAT,
            "rank",
            rank_name.clone(),
            &tokens.join(" "),
            tokens.len(),
            n,
        )?;
        for (file, token) in tokens.iter().enumerate() {
            let mut chars = token.chars();
            let c = chars.next().unwrap_or('.');
            let cell = match (c, chars.next()) {
                ('.', None) => None,
                (c, None) if Symbol::from_letter(c).is_some() => Symbol::from_letter(c),
                _ => {
                    return Err(BoardParseError::UnknownCharacter {
                        format: FORMAT,
                        unit: "rank",
                        line: rank_name,
                        found: c,
                        empty: "'.'",
                    });
                }
            };
            board.set(size.square(file, rank), cell);
        }
    }
    Ok(board)
}

fn format_fen(board: &Board) -> String {
    let size = board.size();
    let n = size.side();
    let ranks: Vec<String> = (0..n)
        .rev()
        .map(|rank| {
            let mut out = Document::new();
            let mut empty_run = 0;
            for file in 0..n {
                match board.get(size.square(file, rank)) {
                    Some(symbol) => {
                        if empty_run > 0 {
                            write!(out, "{empty_run}");
                            empty_run = 0;
                        }
                        out.push(symbol.letter());
                    }
                    None => empty_run += 1,
                }
            }
            if empty_run > 0 {
                write!(out, "{empty_run}");
            }
            out.into_string()
        })
        .collect();
    ranks.join("/")
}

fn format_seed(board: &Board) -> String {
    let size = board.size();
    let n = size.side();
    let files: Vec<String> = (0..n)
        .map(|file| {
            (0..n)
                .map(|rank| {
                    board
                        .get(size.square(file, rank))
                        .map_or('0', Symbol::polish_letter)
                })
                .collect()
        })
        .collect();
    files.join("_")
}

fn format_grid(board: &Board) -> String {
    let size = board.size();
    let n = size.side();
    let mut out = Document::new();
    for rank in (0..n).rev() {
        write!(out, "{} ", rank + 1);
        for file in 0..n {
            let cell = cell_char(board, size.square(file, rank));
            write!(out, " {cell}");
        }
        out.push('\n');
    }
    out.push_str("  ");
    for file in 0..n {
        write!(out, " {}", file_name(file));
    }
    out.push('\n');
    out.into()
}

fn cell_char(board: &Board, square: Square) -> char {
    board.get(square).map_or('.', Symbol::letter)
}

#[cfg(test)]
mod tests {
    use super::*;

    // First row of the seed's replay vectors, as the original program printed it.
    const SEED_ROW_1: &str =
        "HWwGsggs_hGsSSsGg_hHGWGSHg_gWswhShw_whHgWSwG_HSwsWhsh_GwWHwWSH_GhSWgHgs";

    #[test]
    fn every_format_round_trips() {
        let board = parse_board(SEED_ROW_1).unwrap();
        for format in [BoardFormat::Fen, BoardFormat::Seed, BoardFormat::Grid] {
            let text = format_board(&board, format);
            assert_eq!(parse_board(&text).unwrap(), board, "{format:?}:\n{text}");
        }
        assert_eq!(format_board(&board, BoardFormat::Seed), SEED_ROW_1);
    }

    #[test]
    fn seed_format_is_file_major_and_fen_rank_major() {
        let board = parse_board(SEED_ROW_1).unwrap();
        let size = board.size();
        // File A, ranks 1..8 read "HWwGsggs": A1 is a white queen, A8 a black knight.
        assert_eq!(board.get(size.square(0, 0)).unwrap().letter(), 'Q');
        assert_eq!(board.get(size.square(0, 7)).unwrap().letter(), 'n');
        // File H, rank 8 is the last letter 's' of the last group.
        assert_eq!(board.get(size.square(7, 7)).unwrap().letter(), 'n');
        // FEN starts with rank 8 from file A: A8 n, B8 b (group B ends in 'g').
        assert!(format_board(&board, BoardFormat::Fen).starts_with("nb"));
    }

    #[test]
    fn empty_squares_use_runs_in_fen_and_zero_in_seed_format() {
        let board = parse_board("4/4/2Qq/Q2q").unwrap();
        assert_eq!(board.size().side(), 4);
        assert_eq!(format_board(&board, BoardFormat::Fen), "4/4/2Qq/Q2q");
        assert_eq!(
            format_board(&board, BoardFormat::Seed),
            "H000_0000_0H00_hh00"
        );
    }

    #[test]
    fn grid_reads_what_it_writes_and_tolerates_missing_labels() {
        let board = parse_board("4/4/2Qq/Q2q").unwrap();
        let grid = format_board(&board, BoardFormat::Grid);
        assert_eq!(
            grid,
            "4  . . . .\n3  . . . .\n2  . . Q q\n1  Q . . q\n   A B C D\n"
        );
        let bare = ". . . .\n. . . .\n. . Q q\nQ . . q";
        assert_eq!(parse_board(bare).unwrap(), board);
    }

    #[test]
    fn bad_text_gets_a_message_naming_the_problem() {
        let cases = [
            ("", "empty"),
            ("   \n", "empty"),
            ("QQQQ", "is not a board"),
            ("8/8/8", "has 3 ranks"),
            ("QQQQQ/4/4/4", "rank 4 ('QQQQQ') has 5 squares"),
            ("QQQx/4/4/4", "unknown character 'x'"),
            ("HWwG_hGsS_hHGW", "has 3 files"),
            ("HWwG_hGsS_hHGW_gWs", "file D ('gWs') has 3 squares"),
            ("HWwG_hGsS_hHGW_gWsK", "unknown character 'K'"),
            (". . .\n. . .\n. . .", "has 3 ranks"),
            (
                ". . . .\n. . . .\n. . Q q\nQ . . K",
                "unknown character 'K'",
            ),
        ];
        for (text, expected) in cases {
            let message = parse_board(text).unwrap_err().to_string();
            assert!(message.contains(expected), "{text:?}: {message}");
            assert!(!message.contains('\n'), "one line: {message}");
        }
    }

    #[test]
    fn nine_by_nine_is_refused_as_a_size() {
        let text = ["9"; 9].join("/");
        let message = parse_board(&text).unwrap_err().to_string();
        assert!(message.contains("has 9 ranks"), "{message}");
        assert!(message.contains("n from 4 to 8"), "{message}");
    }
}
