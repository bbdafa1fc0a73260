//! Brute-force enumeration of valid boards, independent of the SAT encoding.
//!
//! Symbols are placed one after another: for each, every set of the right number of squares
//! among those still free (that contains the symbol's fixed pieces and avoids the other
//! symbols' fixed pieces) is tried, and a set is kept when the validator accepts the board
//! holding that symbol alone (symbols do not interact, so this is the pairing rule for it).

use boardlab::chess_memory::board::{Bitboard, Board, BoardSize, Square};
use boardlab::chess_memory::pieces::Symbol;
use boardlab::chess_memory::rules::validate;

/// Calls `visit` for every valid board of `size` with `pieces[s]` pieces of each symbol that
/// contains every piece of `fixed`. Stops early when `visit` returns false.
pub fn for_each_board(
    size: BoardSize,
    pieces: [u32; 8],
    fixed: &Board,
    visit: &mut dyn FnMut(&Board) -> bool,
) {
    let mut board = Board::empty(size);
    place(0, size, &pieces, fixed, &mut board, visit);
}

/// The number of valid boards (see [`for_each_board`]).
pub fn count(size: BoardSize, pieces: [u32; 8], fixed: &Board) -> u64 {
    let mut total = 0;
    for_each_board(size, pieces, fixed, &mut |_| {
        total += 1;
        true
    });
    total
}

/// Whether any valid board contains `fixed`.
pub fn completable(size: BoardSize, pieces: [u32; 8], fixed: &Board) -> bool {
    let mut found = false;
    for_each_board(size, pieces, fixed, &mut |_| {
        found = true;
        false
    });
    found
}

fn all_squares(size: BoardSize) -> Bitboard {
    let n = size.side() * size.side();
    if n == 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// Returns false when the visitor asked to stop.
fn place(
    symbol_index: usize,
    size: BoardSize,
    pieces: &[u32; 8],
    fixed: &Board,
    board: &mut Board,
    visit: &mut dyn FnMut(&Board) -> bool,
) -> bool {
    if symbol_index == 8 {
        return visit(board);
    }
    let symbol = Symbol::from_index(symbol_index);
    let mine = fixed.pieces(symbol);
    let others = fixed.occupied() & !mine;
    let wanted = pieces[symbol_index];
    if mine.count_ones() > wanted || board.occupied() & mine != 0 {
        return true;
    }
    let free = all_squares(size) & !board.occupied() & !others & !mine;
    let mut keep_going = true;
    subsets(free, wanted - mine.count_ones(), &mut |extra| {
        let set = mine | extra;
        let mut alone = Board::empty(size);
        for index in 0..64 {
            if set >> index & 1 == 1 {
                alone.set(Square(index), Some(symbol));
            }
        }
        if !validate(&alone).is_empty() {
            return true;
        }
        for index in 0..64 {
            if set >> index & 1 == 1 {
                board.set(Square(index), Some(symbol));
            }
        }
        keep_going = place(symbol_index + 1, size, pieces, fixed, board, visit);
        for index in 0..64 {
            if set >> index & 1 == 1 {
                board.set(Square(index), None);
            }
        }
        keep_going
    });
    keep_going
}

/// Calls `visit` with every subset of `from` with `k` elements; stops when it returns false.
fn subsets(from: Bitboard, k: u32, visit: &mut dyn FnMut(Bitboard) -> bool) -> bool {
    fn go(
        from: Bitboard,
        k: u32,
        chosen: Bitboard,
        visit: &mut dyn FnMut(Bitboard) -> bool,
    ) -> bool {
        if k == 0 {
            return visit(chosen);
        }
        if from.count_ones() < k {
            return true;
        }
        let lowest = from & from.wrapping_neg();
        go(from & !lowest, k - 1, chosen | lowest, visit) && go(from & !lowest, k, chosen, visit)
    }
    go(from, k, 0, visit)
}

/// A map of (file, rank) on an n×n board.
type CoordinateMap = fn(usize, usize, usize) -> (usize, usize);

/// The 8 symmetries of the square written out by coordinates, for counting classes.
pub fn canonical(board: &Board) -> Vec<Option<Symbol>> {
    let size = board.size();
    let n = size.side();
    let maps: [CoordinateMap; 8] = [
        |f, r, _| (f, r),
        |f, r, n| (n - 1 - r, f),
        |f, r, n| (n - 1 - f, n - 1 - r),
        |f, r, n| (r, n - 1 - f),
        |f, r, n| (n - 1 - f, r),
        |f, r, n| (f, n - 1 - r),
        |f, r, _| (r, f),
        |f, r, n| (n - 1 - r, n - 1 - f),
    ];
    maps.iter()
        .map(|map| {
            let mut cells = vec![None; n * n];
            for f in 0..n {
                for r in 0..n {
                    let (f2, r2) = map(f, r, n);
                    cells[f2 * n + r2] = board.get(Square((f * n + r) as u8));
                }
            }
            cells
        })
        .min()
        .expect("eight images")
}
