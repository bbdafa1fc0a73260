//! Damebot's evaluation of a move, as `next.ts` and `piece.ts` compute it: the flags of
//! `end_of_move_evaluation`, judged on the board before the move, and the two threat tests
//! they rest on, `is_threatened` (the piece where it stands) and `will_be_threatened` (the
//! piece on the square it moves to, its own square counting as empty).
//!
//! The threat tests are read here line by line from the original, quirks included: a piece on
//! an edge square is never threatened; a piece is threatened when, with the square behind it
//! on a diagonal empty, the square in front on that diagonal holds an opponent (in the two
//! directions its own men move) or, scanning further along, an opponent king comes before an
//! opponent man, two pieces in a row or the edge, where the scan passes over empty squares and
//! over single pieces of the threatened side. `will_be_threatened` treats the piece's own
//! square as empty on the first step of a scan and as one of its side's pieces later.

use super::mailbox::{Mailbox, OffBoard, PieceId};

/// The evaluation flags (`EVALUATION` in `next.ts`); a move's evaluation is their sum.
pub mod flag {
    /// A man moving where it will be threatened (`man_move`).
    pub const MAN_MOVE: u8 = 1;
    /// Moving where the piece will not be threatened (`wont_be_threatened`).
    pub const SAFE: u8 = 2;
    /// Ending on an edge square (`edge_of_board`).
    pub const EDGE: u8 = 4;
    /// A man crowning (`promotion`).
    pub const CROWN: u8 = 8;
    /// A threatened man escaping (`man_escape`).
    pub const MAN_ESCAPE: u8 = 16;
    /// A threatened king, or a man crowning as it escapes, escaping (`dame_escape`).
    pub const KING_ESCAPE: u8 = 32;

    /// Every flag with its name in player specs (`damebot:-NAME` plays without it).
    pub const NAMES: [(&str, u8); 6] = [
        ("man-move", MAN_MOVE),
        ("safe", SAFE),
        ("edge", EDGE),
        ("crown", CROWN),
        ("man-escape", MAN_ESCAPE),
        ("king-escape", KING_ESCAPE),
    ];
}

fn on_edge(row: i8, column: i8) -> bool {
    row == 0 || row == 7 || column == 0 || column == 7
}

/// `end_of_move_evaluation(piece, next_row, next_column)`.
pub fn end_of_move_evaluation(mailbox: &Mailbox, piece: PieceId, row: i8, column: i8) -> u8 {
    let man = mailbox.piece(piece).man;
    if is_threatened(mailbox, piece) {
        let mut flags = 0;
        if !will_be_threatened(mailbox, piece, row, column) {
            flags |= if !man || row == 0 || row == 7 {
                flag::KING_ESCAPE
            } else {
                flag::MAN_ESCAPE
            };
            if on_edge(row, column) {
                flags |= flag::EDGE;
            }
        }
        flags
    } else if (row == 0 || row == 7) && man {
        flag::CROWN
    } else if on_edge(row, column) {
        flag::EDGE
    } else if !will_be_threatened(mailbox, piece, row, column) {
        flag::SAFE
    } else if man {
        flag::MAN_MOVE
    } else {
        0
    }
}

/// One of the four blocks of a threat test: the square behind the piece that must be empty,
/// and the scan from the square in front of it along the diagonal (row step, column step).
struct Scan {
    behind: (i8, i8),
    start: (i8, i8),
    step: (i8, i8),
    /// An opponent on the first square threatens at once (the two forward blocks).
    adjacent_threatens: bool,
}

/// The four blocks around (`row`, `column`) for a piece whose men move `direction`.
fn scans(row: i8, column: i8, direction: i8) -> [Scan; 4] {
    let d = direction;
    [
        Scan {
            behind: (row - d, column - 1),
            start: (row + d, column + 1),
            step: (d, 1),
            adjacent_threatens: true,
        },
        Scan {
            behind: (row - d, column + 1),
            start: (row + d, column - 1),
            step: (d, -1),
            adjacent_threatens: true,
        },
        Scan {
            behind: (row + d, column - 1),
            start: (row - d, column + 1),
            step: (-d, 1),
            adjacent_threatens: false,
        },
        Scan {
            behind: (row + d, column + 1),
            start: (row - d, column - 1),
            step: (-d, -1),
            adjacent_threatens: false,
        },
    ]
}

fn direction(mailbox: &Mailbox, piece: PieceId) -> i8 {
    if mailbox.piece(piece).white { -1 } else { 1 }
}

/// `PIECE.is_threatened()`: could the piece be captured where it stands?
pub fn is_threatened(mailbox: &Mailbox, piece: PieceId) -> bool {
    let p = *mailbox.piece(piece);
    if on_edge(p.row, p.column) {
        return false;
    }
    scans(p.row, p.column, direction(mailbox, piece))
        .iter()
        .any(|scan| {
            let behind_empty = mailbox
                .get(scan.behind.0, scan.behind.1)
                .expect("next to a square off the edge")
                .is_none();
            behind_empty && scan_threatens(mailbox, piece, scan, false)
        })
}

/// `will_be_threatened(piece, next_row, next_column)`: could the piece be captured on that
/// square, with the board as it is before the move?
pub fn will_be_threatened(mailbox: &Mailbox, piece: PieceId, row: i8, column: i8) -> bool {
    if on_edge(row, column) {
        return false;
    }
    scans(row, column, direction(mailbox, piece))
        .iter()
        .any(|scan| {
            let behind_vacant = mailbox
                .is_vacant(piece, scan.behind.0, scan.behind.1)
                .expect("next to a square off the edge");
            behind_vacant && scan_threatens(mailbox, piece, scan, true)
        })
}

/// The body of one block, after its "square behind" test: the adjacent check and the scan in
/// its `try` (a square off the board ends the scan with no threat). `moving` selects
/// `will_be_threatened`'s treatment of the piece's own square.
fn scan_threatens(mailbox: &Mailbox, piece: PieceId, scan: &Scan, moving: bool) -> bool {
    let (mut row, mut column) = scan.start;
    let mut other = mailbox
        .get(row, column)
        .expect("next to a square off the edge");
    if scan.adjacent_threatens && mailbox.opposes(other, piece) == Some(true) {
        return true;
    }
    let own_square = {
        let p = mailbox.piece(piece);
        (p.row, p.column)
    };
    let is_man = |other: Option<PieceId>| other.is_some_and(|o| mailbox.piece(o).man);
    let mut attempt = || -> Result<bool, OffBoard> {
        let mut second_piece = true;
        let mut opposite = if moving && (row, column) == own_square {
            None
        } else {
            mailbox.opposes(other, piece)
        };
        while opposite.is_none()
            || (!second_piece && opposite != Some(true))
            || (opposite == Some(true) && !is_man(other))
        {
            if opposite == Some(true) && !is_man(other) {
                return Ok(true);
            }
            // Whether this square holds a piece of the threatened side (not, when moving, the
            // piece itself): the scan stops at a second one in a row.
            second_piece = opposite == Some(false) && !(moving && other == Some(piece));
            row += scan.step.0;
            column += scan.step.1;
            other = mailbox.get(row, column)?;
            opposite = mailbox.opposes(other, piece);
        }
        Ok(false)
    };
    attempt().unwrap_or(false)
}
