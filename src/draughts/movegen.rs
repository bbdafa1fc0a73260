//! The fast move generator: legal moves of a [`Board`] under a [`Rules`] variant, on the
//! padded 32-square bitboards of [`super::square`].
//!
//! Order of work: captures first (compulsory), by kings and then by men under Czech king
//! priority, all together under English rules; only if there is none, the quiet moves. Men's
//! steps and the question "can anything capture?" are answered for all pieces at once with
//! shifts of whole bitboards; capture paths are followed square by square, depth first.
//!
//! A capture goes on while the piece can capture again. Captured pieces stay on the board
//! (blocking lines, and never jumped twice) until the move ends; the capturing piece's start
//! square counts as empty. A flying king that has jumped may land on any empty square beyond
//! the captured piece, but if a further capture is possible from any of those squares it must
//! land on one that allows it (the contract's reading, and the reference library's).

use super::board::Board;
use super::moves::{MAX_CAPTURES, Move};
use super::rules::Rules;
use super::square::{DIRECTIONS, Square, shift, squares};

/// Appends the legal moves of `board` under `rules` to `moves` (cleared first). Every capture
/// path is listed, so two paths that take the same pieces to the same square are two moves.
pub fn legal_moves(board: &Board, rules: Rules, moves: &mut Vec<Move>) {
    moves.clear();
    captures(board, rules, moves);
    if moves.is_empty() {
        quiet_moves(board, rules, moves);
    }
}

/// Appends the compulsory captures of `board` (none if the side to move cannot capture).
pub fn captures(board: &Board, rules: Rules, moves: &mut Vec<Move>) {
    let (own, opponent) = board.own_and_opponent();
    let empty = board.empty();
    let kings = own & board.kings;
    let men = own & !board.kings;
    let mut search = CaptureSearch {
        opponent,
        empty,
        from: Square::first(1),
        forward: board.side.forward(),
        path: [0; MAX_CAPTURES],
        moves,
    };
    if kings != 0 && kings_can_capture(kings, opponent, empty, rules) {
        for king in squares(kings) {
            search.from = king;
            search.empty = empty | king.bit();
            if rules.flying_kings() {
                search.flying_king(king.bit(), 0, 0);
            } else {
                search.short_king(king.bit(), 0, 0);
            }
        }
        if rules.king_priority() {
            return;
        }
    }
    if men_can_capture(men, opponent, empty, board.side.forward()) {
        search.empty = empty;
        for man in squares(men) {
            search.from = man;
            search.man(man.bit(), 0, 0);
        }
    }
}

/// Appends the moves without capture (legal only when there is no capture).
pub fn quiet_moves(board: &Board, rules: Rules, moves: &mut Vec<Move>) {
    let (own, _) = board.own_and_opponent();
    let empty = board.empty();
    let men = own & !board.kings;
    for delta in board.side.forward() {
        for to in squares(shift(men, delta) & empty) {
            let from = Square::first(shift(to.bit(), -delta));
            moves.push(Move::quiet(from, to));
        }
    }
    for king in squares(own & board.kings) {
        for delta in DIRECTIONS {
            let mut to = shift(king.bit(), delta) & empty;
            while to != 0 {
                moves.push(Move::quiet(king, Square::first(to)));
                to = if rules.flying_kings() {
                    shift(to, delta) & empty
                } else {
                    0
                };
            }
        }
    }
}

/// The number of quiet moves, counted with whole-board shifts (for bulk counting at the last
/// ply of perft).
pub fn count_quiet_moves(board: &Board, rules: Rules) -> u64 {
    let (own, _) = board.own_and_opponent();
    let empty = board.empty();
    let men = own & !board.kings;
    let kings = own & board.kings;
    let mut count = 0;
    for delta in board.side.forward() {
        count += (shift(men, delta) & empty).count_ones() as u64;
    }
    if kings != 0 {
        for delta in DIRECTIONS {
            let mut front = shift(kings, delta) & empty;
            while front != 0 {
                count += front.count_ones() as u64;
                front = if rules.flying_kings() {
                    shift(front, delta) & empty
                } else {
                    0
                };
            }
        }
    }
    count
}

/// Whether the side to move has a capture (and so must capture).
pub fn has_capture(board: &Board, rules: Rules) -> bool {
    let (own, opponent) = board.own_and_opponent();
    let empty = board.empty();
    men_can_capture(own & !board.kings, opponent, empty, board.side.forward())
        || kings_can_capture(own & board.kings, opponent, empty, rules)
}

/// Whether some man of `men` can jump an adjacent opponent forward.
#[inline(always)]
fn men_can_capture(men: u64, opponent: u64, empty: u64, forward: [i8; 2]) -> bool {
    forward
        .iter()
        .any(|&d| shift(shift(men, d) & opponent, d) & empty != 0)
}

/// Whether some king of `kings` can capture: along each direction, the first piece each king
/// meets is an opponent with an empty square behind it.
#[inline(always)]
fn kings_can_capture(kings: u64, opponent: u64, empty: u64, rules: Rules) -> bool {
    if kings == 0 {
        return false;
    }
    DIRECTIONS.iter().any(|&d| {
        let mut front = shift(kings, d);
        let mut met = front & !empty;
        if rules.flying_kings() {
            while front & empty != 0 {
                front = shift(front & empty, d);
                met |= front & !empty;
            }
        }
        shift(met & opponent, d) & empty != 0
    })
}

/// Depth-first search of the capture paths of one piece.
struct CaptureSearch<'a> {
    opponent: u64,
    /// Empty squares, the moving piece's start square included.
    empty: u64,
    from: Square,
    forward: [i8; 2],
    path: [u8; MAX_CAPTURES],
    moves: &'a mut Vec<Move>,
}

impl CaptureSearch<'_> {
    fn emit(&mut self, depth: usize, captured: u64) {
        let mv = Move::capture(self.from, &self.path[..depth], captured);
        self.moves.push(mv);
    }

    /// A man on `at` that has taken `captured` in `depth` jumps.
    fn man(&mut self, at: u64, captured: u64, depth: usize) {
        let mut jumped = false;
        for delta in self.forward {
            let victim = shift(at, delta) & self.opponent & !captured;
            let landing = shift(victim, delta) & self.empty;
            if landing != 0 {
                jumped = true;
                self.path[depth] = landing.trailing_zeros() as u8;
                self.man(landing, captured | victim, depth + 1);
            }
        }
        if !jumped && depth > 0 {
            self.emit(depth, captured);
        }
    }

    /// A short (English) king: jumps adjacent pieces in all four directions.
    fn short_king(&mut self, at: u64, captured: u64, depth: usize) {
        let mut jumped = false;
        for delta in DIRECTIONS {
            let victim = shift(at, delta) & self.opponent & !captured;
            let landing = shift(victim, delta) & self.empty;
            if landing != 0 {
                jumped = true;
                self.path[depth] = landing.trailing_zeros() as u8;
                self.short_king(landing, captured | victim, depth + 1);
            }
        }
        if !jumped && depth > 0 {
            self.emit(depth, captured);
        }
    }

    /// The opponent piece a flying king on `at` would jump in direction `delta` (0 if none):
    /// the first piece on the line, if it is an opponent not yet taken with an empty square
    /// behind it.
    #[inline(always)]
    fn flying_victim(&self, at: u64, delta: i8, captured: u64) -> u64 {
        let mut square = shift(at, delta);
        while square & self.empty != 0 {
            square = shift(square, delta);
        }
        let victim = square & self.opponent & !captured;
        if shift(victim, delta) & self.empty != 0 {
            victim
        } else {
            0
        }
    }

    fn flying_king_can_capture(&self, at: u64, captured: u64) -> bool {
        DIRECTIONS
            .iter()
            .any(|&d| self.flying_victim(at, d, captured) != 0)
    }

    /// A flying (Czech) king on `at` that has taken `captured` in `depth` jumps.
    fn flying_king(&mut self, at: u64, captured: u64, depth: usize) {
        for delta in DIRECTIONS {
            let victim = self.flying_victim(at, delta, captured);
            if victim == 0 {
                continue;
            }
            let taken = captured | victim;
            let mut landings = [0u64; 8];
            let mut count = 0;
            let mut continuing = 0u32;
            let mut landing = shift(victim, delta) & self.empty;
            while landing != 0 {
                if self.flying_king_can_capture(landing, taken) {
                    continuing |= 1 << count;
                }
                landings[count] = landing;
                count += 1;
                landing = shift(landing, delta) & self.empty;
            }
            for (i, &landing) in landings[..count].iter().enumerate() {
                self.path[depth] = landing.trailing_zeros() as u8;
                if continuing == 0 {
                    self.emit(depth + 1, taken);
                } else if continuing >> i & 1 == 1 {
                    self.flying_king(landing, taken, depth + 1);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::fen::parse_fen;

    fn listed(fen: &str, rules: Rules) -> Vec<String> {
        let board = parse_fen(fen).unwrap();
        let mut moves = Vec::new();
        legal_moves(&board, rules, &mut moves);
        let mut names: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        names.sort();
        names
    }

    #[test]
    fn the_start_position_has_seven_steps() {
        let names = listed(
            "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
            Rules::Czech,
        );
        assert_eq!(
            names,
            [
                "a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"
            ]
        );
    }

    #[test]
    fn men_capture_forward_only_and_must_continue() {
        // c3 takes d4 and d6 (ending on c7); the black man behind on b2 cannot be taken.
        let names = listed("W:Wc3:Bb2,d4,d6", Rules::Czech);
        assert_eq!(names, ["c3:e5:c7"]);
    }

    #[test]
    fn a_flying_king_may_stop_anywhere_behind_a_piece_when_nothing_follows() {
        let names = listed("W:WKa1:Bc3", Rules::Czech);
        assert_eq!(names, ["a1:d4", "a1:e5", "a1:f6", "a1:g7", "a1:h8"]);
    }

    #[test]
    fn a_flying_king_must_land_where_it_can_capture_again() {
        // After a1 takes c3, only e5 lets it take f6 (e5 -> g7): it must stop there.
        let names = listed("W:WKa1:Bc3,f4", Rules::Czech);
        assert_eq!(names, ["a1:e5:g3", "a1:e5:h2"]);
    }

    #[test]
    fn king_priority_forbids_a_man_capture_when_a_king_can_capture() {
        let czech = listed("W:Wc3,Kh2:Bd4,f4", Rules::Czech);
        assert_eq!(czech, ["h2:b8", "h2:c7", "h2:d6", "h2:e5"]);
        let english = listed("W:Wc3,Kh2:Bd4,f4", Rules::English);
        assert_eq!(english, ["c3:e5"]);
    }

    #[test]
    fn english_kings_move_one_step() {
        let names = listed("W:WKd4:Bh8", Rules::English);
        assert_eq!(names, ["d4-c3", "d4-c5", "d4-e3", "d4-e5"]);
    }
}
