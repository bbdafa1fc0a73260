//! Damebot's move generation, as `player.ts` (`choose_move`) and `next.ts` (`man_move`,
//! `man_capture`, `king_move`, `king_capture`) do it: piece by piece in list order, captures
//! when the player can capture, each move evaluated as it is found.
//!
//! The generation order is the original's: for each listed piece, a man's steps and jumps go
//! to the higher column first (towards file h); a king's lines go (row +1, column +1),
//! (−1, +1), (+1, −1), (−1, −1), i.e. towards h1, h8, a1 and a8. After a king has jumped, it
//! looks on each empty square beyond for a capture to either side, turning there, and if
//! none, keeps the square as a place to stop; a second piece further along the same line is
//! taken from the last empty square before it (which names the move), and the places to stop
//! found so far are dropped.
//!
//! The same code follows the Czech rules when asked ([`Rulebook::CZECH`]), so that the bot can
//! meet Czech-legal moves in the order the original would: the original's rules differ in
//! three switches (no king priority; a king that could go on from one square of a line may
//! still stop on another square of it where it could not; a king may jump a piece it has
//! already taken, on a straight line) and share the fourth difference, the naming of a
//! straight double capture, with the canonical notation of [`crate::draughts::moves`].

use super::evaluate::end_of_move_evaluation;
use super::mailbox::{Mailbox, OffBoard, PieceId, square_at};
use crate::draughts::moves::{MAX_LANDINGS, Move};

/// Which rules the generation follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rulebook {
    /// A king's capture, when there is one, must be chosen over a man's.
    pub king_priority: bool,
    /// After a jump, a king that can capture again from some square of the line must land
    /// on such a square.
    pub must_continue: bool,
    /// A king may jump, along a straight line, a piece it has already taken in this move.
    pub jumps_taken_pieces: bool,
}

impl Rulebook {
    /// The original program's rules.
    pub const ORIGINAL: Rulebook = Rulebook {
        king_priority: false,
        must_continue: false,
        jumps_taken_pieces: true,
    };
    /// The Czech rules (`docs/draughts-contract.md`).
    pub const CZECH: Rulebook = Rulebook {
        king_priority: true,
        must_continue: true,
        jumps_taken_pieces: false,
    };
}

/// A move as the original generates it, with its evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoredMove {
    pub mv: Move,
    /// The evaluation flags ([`super::evaluate::flag`]), judged on the board before the move.
    pub flags: u8,
    /// `value_of_captured_pieces`: a man 1, a king 3, a piece jumped twice counted twice.
    pub weight: u32,
}

/// The moves of the side to move (`white`) in the original's order, evaluated.
pub fn generate(mailbox: &Mailbox, white: bool, rules: Rulebook, out: &mut Vec<ScoredMove>) {
    out.clear();
    let list = &mailbox.lists[usize::from(!white)];
    let any_capture = list.iter().any(|&id| can_capture(mailbox, id));
    let kings_capture = rules.king_priority
        && list
            .iter()
            .any(|&id| !mailbox.piece(id).man && can_capture(mailbox, id));
    let mut generator = Generator {
        mailbox,
        rules,
        fields: Vec::with_capacity(MAX_LANDINGS),
        captured: Vec::with_capacity(MAX_LANDINGS),
        out,
    };
    for &id in list {
        let man = mailbox.piece(id).man;
        match (man, any_capture) {
            (true, true) if kings_capture => {}
            (true, true) => generator.man_capture(id),
            (true, false) => generator.man_move(id),
            (false, true) => generator.king_capture(id),
            (false, false) => generator.king_move(id),
        }
    }
}

/// `PIECE.can_capture()`: can this piece capture now?
pub fn can_capture(mailbox: &Mailbox, id: PieceId) -> bool {
    let piece = *mailbox.piece(id);
    if piece.man {
        let direction = if piece.white { -1 } else { 1 };
        [1, -1].into_iter().any(|side| {
            let attempt = || -> Result<bool, OffBoard> {
                let jumped = mailbox.get(piece.row + direction, piece.column + side)?;
                let beyond = mailbox.get(piece.row + 2 * direction, piece.column + 2 * side)?;
                Ok(beyond.is_none() && mailbox.opposes(jumped, id) == Some(true))
            };
            attempt().unwrap_or(false)
        })
    } else {
        [(1, 1), (-1, 1), (1, -1), (-1, -1)]
            .into_iter()
            .any(|(dr, dc)| {
                let attempt = || -> Result<bool, OffBoard> {
                    let (mut row, mut column) = (piece.row, piece.column);
                    loop {
                        row += dr;
                        column += dc;
                        match mailbox.get(row, column)? {
                            None => continue,
                            Some(other) => {
                                return Ok(mailbox.piece(other).opposes(&piece)
                                    && mailbox.get(row + dr, column + dc)?.is_none());
                            }
                        }
                    }
                };
                attempt().unwrap_or(false)
            })
    }
}

struct Generator<'a> {
    mailbox: &'a Mailbox,
    rules: Rulebook,
    /// The landing squares so far (`fields`), as (row, column).
    fields: Vec<(i8, i8)>,
    /// The pieces taken so far (`captured_pieces`).
    captured: Vec<PieceId>,
    out: &'a mut Vec<ScoredMove>,
}

impl Generator<'_> {
    fn emit(&mut self, id: PieceId, flags: u8) {
        let piece = self.mailbox.piece(id);
        let from = piece.square();
        let landing = |&(row, column): &(i8, i8)| {
            square_at(row, column)
                .expect("pieces land on dark squares")
                .index()
        };
        let mv = if self.captured.is_empty() {
            let to = square_at(self.fields[0].0, self.fields[0].1).expect("a dark square");
            Move::quiet(from, to)
        } else {
            let landings: Vec<u8> = self.fields.iter().map(landing).collect();
            let set = self
                .captured
                .iter()
                .fold(0, |set, &c| set | self.mailbox.piece(c).square().bit());
            Move::capture(from, &landings, set)
        };
        let weight = self
            .captured
            .iter()
            .map(|&c| if self.mailbox.piece(c).man { 1 } else { 3 })
            .sum();
        self.out.push(ScoredMove { mv, flags, weight });
    }

    /// Evaluates and emits the move ending on (`row`, `column`), the last field.
    fn emit_ending(&mut self, id: PieceId, row: i8, column: i8) {
        let flags = end_of_move_evaluation(self.mailbox, id, row, column);
        self.emit(id, flags);
    }

    /// `man_move`.
    fn man_move(&mut self, id: PieceId) {
        let piece = *self.mailbox.piece(id);
        let direction = if piece.white { -1 } else { 1 };
        let row = piece.row + direction;
        for (allowed, column) in [
            (piece.column < 7, piece.column + 1),
            (piece.column > 0, piece.column - 1),
        ] {
            if !allowed {
                continue;
            }
            let empty = self
                .mailbox
                .get(row, column)
                .expect("a man stands before its last rank")
                .is_none();
            if empty {
                self.fields.push((row, column));
                self.emit_ending(id, row, column);
                self.fields.pop();
            }
        }
    }

    /// `king_move`: every empty square along each line, in the king's line order.
    fn king_move(&mut self, id: PieceId) {
        let piece = *self.mailbox.piece(id);
        for (dr, dc) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let (mut row, mut column) = (piece.row + dr, piece.column + dc);
            while let Ok(None) = self.mailbox.get(row, column) {
                self.fields.push((row, column));
                self.emit_ending(id, row, column);
                self.fields.pop();
                row += dr;
                column += dc;
            }
        }
    }

    /// `man_capture`: forward jumps, depth first, higher column first.
    fn man_capture(&mut self, id: PieceId) {
        let piece = *self.mailbox.piece(id);
        let direction = if piece.white { -1 } else { 1 };
        let (row, column) = self
            .fields
            .last()
            .copied()
            .unwrap_or((piece.row, piece.column));
        let (jumped_row, next_row) = (row + direction, row + 2 * direction);
        let mut can_jump = false;
        for (allowed, side) in [(column < 6, 1), (column > 1, -1)] {
            if !allowed || !(0..=7).contains(&next_row) {
                continue;
            }
            let jumped = self
                .mailbox
                .get(jumped_row, column + side)
                .expect("on the board");
            let next = self
                .mailbox
                .get(next_row, column + 2 * side)
                .expect("on the board");
            if self.mailbox.opposes(jumped, id) == Some(true) && next.is_none() {
                can_jump = true;
                self.captured
                    .push(jumped.expect("an opponent stands there"));
                self.fields.push((next_row, column + 2 * side));
                self.man_capture(id);
                self.fields.pop();
                self.captured.pop();
            }
        }
        if !can_jump && !self.fields.is_empty() {
            self.emit_ending(id, row, column);
        }
    }

    /// `king_capture`: the four lines in the king's line order.
    fn king_capture(&mut self, id: PieceId) {
        for (dr, dc) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
            self.king_capture_in_direction(id, dr, dc);
        }
    }

    /// `can_king_capture(piece, row, column, …)` of `next.ts`: from (`row`, `column`), is the
    /// first piece along (`dr`, `dc`) an opponent not yet taken, with a vacant square behind?
    fn can_continue(&self, id: PieceId, row: i8, column: i8, dr: i8, dc: i8) -> bool {
        let attempt = || -> Result<bool, OffBoard> {
            let (mut row, mut column) = (row, column);
            loop {
                row += dr;
                column += dc;
                if self.mailbox.is_vacant(id, row, column)? {
                    continue;
                }
                let other = self.mailbox.get(row, column)?.expect("not vacant");
                if self.mailbox.piece(other).opposes(self.mailbox.piece(id))
                    && !self.captured.contains(&other)
                {
                    return self.mailbox.is_vacant(id, row + dr, column + dc);
                }
                return Ok(false);
            }
        };
        attempt().unwrap_or(false)
    }

    /// `king_caputure_in_direction`: the king goes along (`dr`, `dc`) from its last field
    /// (module docs).
    fn king_capture_in_direction(&mut self, id: PieceId, dr: i8, dc: i8) {
        let piece = *self.mailbox.piece(id);
        let (row, column) = self
            .fields
            .last()
            .copied()
            .unwrap_or((piece.row, piece.column));
        let deep_enough = self.fields.len() + 1 >= MAX_LANDINGS;
        let mut has_captured = false;
        let mut continued = false;
        let mut stops: Vec<(i8, i8)> = Vec::new();
        let (mut next_row, mut next_column) = (row + dr, column + dc);
        let mut scan = || -> Result<(), OffBoard> {
            loop {
                let next = self.mailbox.get(next_row, next_column)?;
                if self.mailbox.is_vacant(id, next_row, next_column)? {
                    if has_captured {
                        let turn_one =
                            !deep_enough && self.can_continue(id, next_row, next_column, dr, -dc);
                        let turn_two =
                            !deep_enough && self.can_continue(id, next_row, next_column, -dr, dc);
                        for (turns, (tr, tc)) in [(turn_one, (dr, -dc)), (turn_two, (-dr, dc))] {
                            if turns {
                                self.fields.push((next_row, next_column));
                                self.king_capture_in_direction(id, tr, tc);
                                self.fields.pop();
                            }
                        }
                        if turn_one || turn_two {
                            continued = true;
                        } else {
                            stops.push((next_row, next_column));
                        }
                    }
                } else {
                    let other = next.expect("not vacant");
                    let opponent = self.mailbox.piece(other).opposes(&piece)
                        && (self.rules.jumps_taken_pieces || !self.captured.contains(&other));
                    if !opponent
                        || !self
                            .mailbox
                            .is_vacant(id, next_row + dr, next_column + dc)?
                    {
                        return Ok(());
                    }
                    if has_captured {
                        if !deep_enough {
                            self.fields.push((next_row - dr, next_column - dc));
                            self.king_capture_in_direction(id, dr, dc);
                            self.fields.pop();
                            stops.clear();
                            continued = true;
                        }
                        return Ok(());
                    }
                    has_captured = true;
                    self.captured.push(other);
                }
                next_row += dr;
                next_column += dc;
            }
        };
        let _ = scan();
        if self.rules.must_continue && continued {
            stops.clear();
        }
        for (row, column) in stops {
            self.fields.push((row, column));
            self.emit_ending(id, row, column);
            self.fields.pop();
        }
        if has_captured {
            self.captured.pop();
        }
    }
}
