//! Empty-board attack tables for queen, knight, bishop and rook on an n×n board.
//!
//! "Empty board" is the puzzle's rule: sliding pieces see through every other piece, so
//! attack is symmetric and does not depend on the position.

use crate::chess_memory::board::{Bitboard, BoardSize, Square};
use crate::chess_memory::pieces::Kind;
use std::sync::OnceLock;

/// For each kind and square, the squares attacked on an empty board of one size.
#[derive(Debug, Clone)]
pub struct AttackTables {
    size: BoardSize,
    attacks: [[Bitboard; 64]; 4],
}

/// The knight's eight (file, rank) steps; the set is the same read as (rank, file).
pub(crate) const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const ROOK_DIRECTIONS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRECTIONS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

impl AttackTables {
    /// The shared tables for `size`, built on first use.
    pub fn for_size(size: BoardSize) -> &'static AttackTables {
        static TABLES: [OnceLock<AttackTables>; BoardSize::MAX + 1] =
            [const { OnceLock::new() }; BoardSize::MAX + 1];
        TABLES[size.side()].get_or_init(|| AttackTables::build(size))
    }

    fn build(size: BoardSize) -> AttackTables {
        let mut attacks = [[0; 64]; 4];
        for square in 0..size.squares() {
            let square = Square(square as u8);
            let rook = slide(size, square, &ROOK_DIRECTIONS);
            let bishop = slide(size, square, &BISHOP_DIRECTIONS);
            attacks[Kind::Queen.index()][square.index()] = rook | bishop;
            attacks[Kind::Knight.index()][square.index()] = leap(size, square, &KNIGHT_STEPS);
            attacks[Kind::Bishop.index()][square.index()] = bishop;
            attacks[Kind::Rook.index()][square.index()] = rook;
        }
        AttackTables { size, attacks }
    }

    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The squares that a `kind` on `square` attacks on an empty board.
    #[inline(always)]
    pub fn attacks(&self, kind: Kind, square: Square) -> Bitboard {
        self.attacks[kind.index()][square.index()]
    }

    /// The table of one kind, indexed by square: the form the search loops use.
    #[inline(always)]
    pub fn of_kind(&self, kind: Kind) -> &[Bitboard; 64] {
        &self.attacks[kind.index()]
    }
}

/// The square `steps` (file, rank) away from `square`, if it is on the board.
fn offset(size: BoardSize, square: Square, step: (i32, i32), times: i32) -> Option<Square> {
    let (file, rank) = size.coordinates(square);
    let n = size.side() as i32;
    let file = file as i32 + step.0 * times;
    let rank = rank as i32 + step.1 * times;
    ((0..n).contains(&file) && (0..n).contains(&rank))
        .then(|| size.square(file as usize, rank as usize))
}

fn leap(size: BoardSize, square: Square, steps: &[(i32, i32)]) -> Bitboard {
    steps
        .iter()
        .filter_map(|&step| offset(size, square, step, 1))
        .fold(0, |bits, target| bits | 1u64 << target.0)
}

fn slide(size: BoardSize, square: Square, directions: &[(i32, i32)]) -> Bitboard {
    let mut bits = 0;
    for &direction in directions {
        let mut times = 1;
        while let Some(target) = offset(size, square, direction, times) {
            bits |= 1u64 << target.0;
            times += 1;
        }
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess_memory::board::squares_of;

    fn names(size: BoardSize, bits: Bitboard) -> Vec<String> {
        squares_of(bits).map(|s| size.square_name(s)).collect()
    }

    #[test]
    fn corner_and_centre_attacks_on_8x8() {
        let size = BoardSize::STANDARD;
        let tables = AttackTables::for_size(size);
        let a1 = size.parse_square("A1").unwrap();
        let d4 = size.parse_square("D4").unwrap();
        assert_eq!(names(size, tables.attacks(Kind::Knight, a1)), ["B3", "C2"]);
        assert_eq!(tables.attacks(Kind::Rook, a1).count_ones(), 14);
        assert_eq!(tables.attacks(Kind::Bishop, a1).count_ones(), 7);
        assert_eq!(tables.attacks(Kind::Queen, d4).count_ones(), 27);
        assert_eq!(tables.attacks(Kind::Knight, d4).count_ones(), 8);
    }

    #[test]
    fn attack_is_symmetric_and_stays_on_the_board_for_every_size() {
        for n in BoardSize::MIN..=BoardSize::MAX {
            let size = BoardSize::new(n).unwrap();
            let tables = AttackTables::for_size(size);
            for kind in Kind::ALL {
                for from in squares_of(size.all_squares()) {
                    let targets = tables.attacks(kind, from);
                    assert_eq!(targets & !size.all_squares(), 0, "{n} {kind:?}");
                    assert_eq!(targets & (1 << from.0), 0, "a piece does not attack itself");
                    for to in squares_of(targets) {
                        assert_ne!(tables.attacks(kind, to) & (1 << from.0), 0);
                    }
                }
            }
        }
    }

    #[test]
    fn four_by_four_rook_sees_its_rank_and_file() {
        let size = BoardSize::new(4).unwrap();
        let b2 = size.parse_square("B2").unwrap();
        let rook = AttackTables::for_size(size).attacks(Kind::Rook, b2);
        assert_eq!(names(size, rook), ["A2", "B1", "B3", "B4", "C2", "D2"]);
    }
}
