//! Forward checking and the fail-first symbol choice, for [`FcSearch`](super::FcSearch) and
//! [`MrvSearch`](super::MrvSearch).
//!
//! After a placement, every symbol `t` with `k` pairs still to place needs at least `2k`
//! *usable* squares: free squares that may take `t` and that attack at least one other such
//! square (a possible partner). One pass of that filter is made (not a fixpoint), so the check
//! is necessary for a completion, never sufficient: pruning with it keeps the search complete.
//! The number of *possible placements* of `t` is the number of unordered pairs of usable
//! squares that attack each other.
//!
//! The usable squares of a symbol are one whole-board operation, `free & attacks(free)`
//! ([`SetAttacks`]): about forty shifts and masks for a slider whatever the number of free
//! squares, where a loop over the free squares made one table lookup each.

use super::Counters;
use super::picker::Picker;
use super::set_attacks::SetAttacks;
use crate::chess_memory::pieces::{Kind, Symbol};
use crate::chess_memory::rules::AttackTables;
use crate::rng::BitSelect;

/// Free squares in `possible` that attack at least one other free square in it: whole-board
/// shifts ([`SetAttacks`]), no loop over the squares.
#[inline(always)]
fn usable_squares(geometry: &SetAttacks, kind: Kind, possible: u64, occupied: u64) -> u64 {
    geometry.with_partner(kind, possible & !occupied)
}

/// Unordered pairs of squares in `usable` that attack each other.
#[inline(always)]
fn placements(attacks: &[u64; 64], usable: u64) -> u32 {
    let mut ends = 0;
    let mut rest = usable;
    while rest != 0 {
        let square = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        ends += (attacks[square] & usable).count_ones();
    }
    ends / 2
}

/// The usable squares of symbol `t`, if they are enough for its `left` pairs.
#[inline(always)]
fn room(
    geometry: &SetAttacks,
    possible: &[u64; Symbol::COUNT],
    occupied: u64,
    t: usize,
    left: u8,
) -> Option<u64> {
    let usable = usable_squares(geometry, Kind::ALL[t % 4], possible[t], occupied);
    (usable.count_ones() >= 2 * left as u32).then_some(usable)
}

/// Whether the `free` squares of a `kind` include `2·left` usable ones: the same answer as
/// `room`, sooner where a cheap count settles it: too few free squares, or (8×8) enough
/// squares sharing a rook line, all of which a queen can use.
#[inline(always)]
fn has_room(geometry: &SetAttacks, kind: Kind, free: u64, left: u8) -> bool {
    let need = 2 * left as u32;
    if free.count_ones() < need {
        return false;
    }
    if kind == Kind::Queen
        && geometry.is_standard()
        && SetAttacks::rook_partners_8x8(free).count_ones() >= need
    {
        return true;
    }
    geometry.with_partner(kind, free).count_ones() >= need
}

/// Whether every symbol with pairs `left` has room (module docs).
#[inline(always)]
pub(super) fn room_for_remaining(
    geometry: &SetAttacks,
    possible: &[u64; Symbol::COUNT],
    occupied: u64,
    left: &[u8; Symbol::COUNT],
) -> bool {
    (0..Symbol::COUNT).all(|t| {
        left[t] == 0 || has_room(geometry, Kind::ALL[t % 4], possible[t] & !occupied, left[t])
    })
}

/// The symbol to place next: the one with pairs left and the fewest possible placements,
/// ties broken by `picker`. `None` when some symbol has no room (the state is refuted).
// The search's state is passed in pieces, as the loop holds it, so that nothing is copied.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn choose_symbol<S: BitSelect, P: Picker>(
    select: S,
    tables: &AttackTables,
    geometry: &SetAttacks,
    possible: &[u64; Symbol::COUNT],
    occupied: u64,
    left: &[u8; Symbol::COUNT],
    picker: &mut P,
    counters: &mut Counters,
) -> Option<u8> {
    let mut fewest = u32::MAX;
    let mut tied = 0u64;
    for t in (0..Symbol::COUNT).filter(|&t| left[t] > 0) {
        let usable = room(geometry, possible, occupied, t, left[t])?;
        let count = placements(tables.of_kind(Kind::ALL[t % 4]), usable);
        if count < fewest {
            (fewest, tied) = (count, 1 << t);
        } else if count == fewest {
            tied |= 1 << t;
        }
    }
    if tied.count_ones() > 1 {
        counters.random_calls += 1;
        Some(picker.pick_first(select, tied))
    } else {
        Some(tied.trailing_zeros() as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess_memory::board::{BoardSize, parse_board};

    fn rook_state(fen: &str) -> (&'static AttackTables, [u64; 8], u64) {
        let board = parse_board(fen).unwrap();
        let tables = AttackTables::for_size(board.size());
        (tables, [board.size().all_squares(); 8], board.occupied())
    }

    #[test]
    fn usable_squares_need_a_free_partner() {
        // 4×4, everything occupied but A1, B2 and D4: no rook line joins two of them.
        let (tables, possible, occupied) = rook_state("NNN1/NNNN/NNN1/1NNN");
        let geometry = SetAttacks::for_size(tables.size());
        // Free: D4? The FEN above leaves D4, D2 and A1 free; D4 and D2 share file D.
        let rook = Symbol::from_letter('R').unwrap().index();
        let usable = usable_squares(geometry, Kind::Rook, possible[rook], occupied);
        let size = BoardSize::new(4).unwrap();
        let names: Vec<String> = crate::chess_memory::board::squares_of(usable)
            .map(|s| size.square_name(s))
            .collect();
        assert_eq!(names, ["D2", "D4"]);
        assert_eq!(placements(tables.of_kind(Kind::Rook), usable), 1);
        let mut left = [0u8; 8];
        left[rook] = 1;
        assert!(room_for_remaining(geometry, &possible, occupied, &left));
        left[rook] = 2;
        assert!(!room_for_remaining(geometry, &possible, occupied, &left));
    }

    #[test]
    fn usable_squares_agree_with_a_loop_over_the_squares() {
        // Random possible sets and occupancies, every kind and size.
        let mut stream = crate::rng::stream(3, "usable squares", 0);
        let mut random = || {
            // Sparse and dense sets: AND or OR of two random words.
            let (a, b) = (
                rand_core::Rng::next_u64(&mut stream),
                rand_core::Rng::next_u64(&mut stream),
            );
            if a % 2 == 0 { a & b } else { a | b }
        };
        for n in BoardSize::MIN..=BoardSize::MAX {
            let size = BoardSize::new(n).unwrap();
            let (tables, geometry) = (AttackTables::for_size(size), SetAttacks::for_size(size));
            for _ in 0..500 {
                let (possible, occupied) = (random() & size.all_squares(), random());
                let free = possible & !occupied;
                for kind in Kind::ALL {
                    let attacks = tables.of_kind(kind);
                    let by_loop = crate::chess_memory::board::squares_of(free)
                        .filter(|s| attacks[s.index()] & free != 0)
                        .fold(0u64, |set, s| set | 1 << s.0);
                    assert_eq!(
                        usable_squares(geometry, kind, possible, occupied),
                        by_loop,
                        "{n}×{n} {kind:?} possible {possible:#x} occupied {occupied:#x}"
                    );
                }
            }
        }
    }
}
