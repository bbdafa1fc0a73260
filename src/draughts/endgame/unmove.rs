//! Un-moves: the positions of the same class from which a quiet move leads to a given one.
//!
//! Only quiet moves that crown nothing keep a class (captures remove pieces, crownings turn a
//! man into a king), so the retrograde solver needs only their reverse. In a position with
//! `side` to move, the other side has just moved: one of its kings slid to where it stands
//! (from any square back along a diagonal over empty squares under flying kings, from one
//! square away under short kings), or one of its men stepped forward to where it stands (from
//! the empty square diagonally behind it). A quiet move is legal only when the mover has no
//! capture, so a candidate in which the mover could capture is not a predecessor.

use crate::draughts::board::{Board, Color};
use crate::draughts::movegen::has_capture;
use crate::draughts::rules::Rules;
use crate::draughts::square::{DIRECTIONS, shift};

/// Calls `found` with every position of `board`'s class, with the other side to move, whose
/// legal moves include a quiet move leading to `board`. Each predecessor is named once.
pub fn predecessors(board: &Board, rules: Rules, mut found: impl FnMut(Board)) {
    let mover = board.side.other();
    let empty = board.empty();
    let pieces = board.pieces(mover);
    let mut candidate = |from: u64, to: u64| {
        let before = board.moved_back(mover, from, to);
        if !has_capture(&before, rules) {
            found(before);
        }
    };
    let mut kings = pieces & board.kings;
    while kings != 0 {
        let to = kings & kings.wrapping_neg();
        kings &= kings - 1;
        for delta in DIRECTIONS {
            let mut from = shift(to, delta) & empty;
            while from != 0 {
                candidate(from, to);
                from = if rules.flying_kings() {
                    shift(from, delta) & empty
                } else {
                    0
                };
            }
        }
    }
    let mut men = pieces & !board.kings;
    while men != 0 {
        let to = men & men.wrapping_neg();
        men &= men - 1;
        for delta in mover.forward() {
            let from = shift(to, -delta) & empty;
            if from != 0 {
                candidate(from, to);
            }
        }
    }
}

impl Board {
    /// The position before `mover`'s piece on `to` came from the empty square `from` (a king
    /// stays a king, a man a man), with `mover` to move.
    #[inline(always)]
    fn moved_back(&self, mover: Color, from: u64, to: u64) -> Board {
        let kings = if self.kings & to != 0 {
            self.kings ^ from ^ to
        } else {
            self.kings
        };
        let (white, black) = match mover {
            Color::White => (self.white ^ from ^ to, self.black),
            Color::Black => (self.white, self.black ^ from ^ to),
        };
        Board {
            white,
            black,
            kings,
            side: mover,
        }
    }
}
