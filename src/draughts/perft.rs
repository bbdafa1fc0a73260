//! Perft: the number of legal move sequences of a given depth, the standard proof of a move
//! generator against published counts.
//!
//! Two conventions for captures (see `docs/draughts-contract.md`): [`Captures::Paths`] counts every
//! capture route (the order of taking the pieces matters; two paths that take the same pieces
//! in the same order to the same square are one route), the reference library dctl's
//! `keep_duplicates_gen`; [`Captures::Moves`] counts once the routes with the same start, end
//! and captured set, dctl's `drop_duplicates_gen`. At the last ply the moves are counted, not
//! played ("bulk counting"); a position without captures counts its quiet moves with
//! whole-board shifts, without listing them.

use super::board::{Board, Color};
use super::movegen::{Routes, capture_routes, captures, count_captures_by, count_quiet_moves_by};
use super::movegen::{has_capture, legal_moves};
use super::moves::Move;
use super::popcount::{PopcntInstruction, Popcount, SoftwarePopcount};
use super::rules::Rules;
use super::square::Square;
use super::square::{DIRECTIONS, shift};

/// How captures that differ only in their path are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Captures {
    /// Every capture route is a move: taking the same pieces in another order is another.
    #[default]
    Paths,
    /// Routes with the same start, end and captured pieces are one move.
    Moves,
}

crate::names::named_enum!(Captures, "capture convention", { Paths => "paths", Moves => "moves" });

/// A perft counter with its move buffers (one per ply, reused).
pub struct Perft {
    rules: Rules,
    convention: Captures,
    buffers: Vec<Vec<Move>>,
    /// The kings' capture routes of a leaf, by key (the moves convention).
    king_routes: Vec<(u8, u8, u64)>,
    /// Counts already made, by position and depth (empty unless asked for).
    table: Table,
}

impl Perft {
    pub fn new(rules: Rules, convention: Captures) -> Perft {
        Perft {
            rules,
            convention,
            buffers: Vec::new(),
            king_routes: Vec::with_capacity(64),
            table: Table::new(0),
        }
    }

    /// A counter that keeps the counts of positions it has met at depth 3 or more in a
    /// transposition table of about `megabytes` MB, so that a position reached by several
    /// move orders is counted once. The counts are those of the plain counter: an entry is
    /// used only for the same position (all three bitboards and the side) and depth.
    pub fn with_table(rules: Rules, convention: Captures, megabytes: usize) -> Perft {
        Perft {
            table: Table::new(megabytes),
            ..Perft::new(rules, convention)
        }
    }

    /// perft(`depth`) from `board`.
    pub fn count(&mut self, board: &Board, depth: u32) -> u64 {
        if self.buffers.len() < depth as usize {
            self.buffers
                .resize_with(depth as usize, || Vec::with_capacity(64));
        }
        // The counter is compiled twice; the `popcnt` instruction is used where the CPU has it.
        match PopcntInstruction::detect() {
            Some(popcnt) => self.count_at(popcnt, board, depth),
            None => self.count_at(SoftwarePopcount, board, depth),
        }
    }

    /// The moves of `board` under this counter's convention, each with its perft(depth − 1).
    pub fn divide(&mut self, board: &Board, depth: u32) -> Vec<(Move, u64)> {
        assert!(depth >= 1, "divide needs depth 1 or more");
        let mut moves = Vec::new();
        self.moves(board, &mut moves);
        moves
            .into_iter()
            .map(|mv| (mv, self.count(&board.play(&mv), depth - 1)))
            .collect()
    }

    /// The legal moves of `board`, duplicates merged under the moves convention.
    pub fn moves(&self, board: &Board, moves: &mut Vec<Move>) {
        legal_moves(board, self.rules, moves);
        if self.convention == Captures::Moves {
            merge_duplicates(moves);
        }
    }

    fn count_at<P: Popcount>(&mut self, popcount: P, board: &Board, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_leaves(popcount, board),
            2 if !has_capture(board, self.rules) => self.count_after_quiet_moves(popcount, board),
            _ if depth >= Table::MIN_DEPTH && self.table.is_on() => {
                if let Some(count) = self.table.get(board, depth) {
                    return count;
                }
                let count = self.count_children(popcount, board, depth);
                self.table.put(board, depth, count);
                count
            }
            _ => self.count_children(popcount, board, depth),
        }
    }

    /// perft(`depth`) of `board` as the sum over its moves.
    fn count_children<P: Popcount>(&mut self, popcount: P, board: &Board, depth: u32) -> u64 {
        let mut moves = std::mem::take(&mut self.buffers[depth as usize - 1]);
        self.moves(board, &mut moves);
        let total = moves
            .iter()
            .map(|mv| self.count_at(popcount, &board.play(mv), depth - 1))
            .sum();
        self.buffers[depth as usize - 1] = moves;
        total
    }

    /// perft(2) of a position without captures: its quiet moves are made straight from the
    /// bitboards, without building `Move` values.
    fn count_after_quiet_moves<P: Popcount>(&mut self, popcount: P, board: &Board) -> u64 {
        let (own, _) = board.own_and_opponent();
        let empty = board.empty();
        let men = own & !board.kings;
        let mut total = 0;
        for delta in board.side.forward() {
            let mut targets = shift(men, delta) & empty;
            while targets != 0 {
                let to = targets & targets.wrapping_neg();
                targets ^= to;
                total += self.count_leaves(popcount, &board.step(shift(to, -delta), to));
            }
        }
        let mut kings = own & board.kings;
        while kings != 0 {
            let king = kings & kings.wrapping_neg();
            kings ^= king;
            for delta in DIRECTIONS {
                let mut to = shift(king, delta) & empty;
                while to != 0 {
                    total += self.count_leaves(popcount, &board.step(king, to));
                    to = if self.rules.flying_kings() {
                        shift(to, delta) & empty
                    } else {
                        0
                    };
                }
            }
        }
        total
    }

    /// perft(1) without playing the moves.
    fn count_leaves<P: Popcount>(&mut self, popcount: P, board: &Board) -> u64 {
        if board.kings == 0 && self.rules != Rules::Damebot {
            // Men only, the most common leaf: if no man can jump, its steps are the moves.
            let (own, opponent) = board.own_and_opponent();
            let empty = board.empty();
            let [a, b] = board.side.forward();
            let can_jump = |d: i8| shift(shift(empty, -d) & opponent, -d);
            if own & (can_jump(a) | can_jump(b)) == 0 {
                let steps = |d: i8| u64::from(popcount.count(shift(own, d) & empty));
                return steps(a) + steps(b);
            }
        }
        if self.convention == Captures::Paths && self.rules != Rules::Damebot {
            // Every route is a move: count them as the search finds them.
            let routes = count_captures_by(board, self.rules, popcount);
            return if routes == 0 {
                count_quiet_moves_by(board, self.rules, popcount)
            } else {
                routes
            };
        }
        if self.rules != Rules::Damebot {
            return self.count_distinct_leaves(popcount, board);
        }
        let moves = &mut self.buffers[0];
        moves.clear();
        captures(board, self.rules, moves);
        if moves.is_empty() {
            return count_quiet_moves_by(board, self.rules, popcount);
        }
        if self.convention == Captures::Moves {
            merge_duplicates(moves);
        }
        moves.len() as u64
    }

    /// perft(1) under the moves convention: a man's routes are all distinct (it only moves
    /// forward, so its captured set fixes its path), so they are counted; a king's routes are
    /// kept by their key and counted once each.
    fn count_distinct_leaves<P: Popcount>(&mut self, popcount: P, board: &Board) -> u64 {
        let mut distinct = DistinctRoutes {
            kings: board.kings,
            men_routes: 0,
            king_routes: &mut self.king_routes,
            popcount,
        };
        distinct.king_routes.clear();
        capture_routes(board, self.rules, &mut distinct);
        let men_routes = distinct.men_routes;
        if men_routes == 0 && self.king_routes.is_empty() {
            return count_quiet_moves_by(board, self.rules, popcount);
        }
        if self.king_routes.len() > 1 {
            self.king_routes.sort_unstable();
            self.king_routes.dedup();
        }
        men_routes + self.king_routes.len() as u64
    }
}

/// Capture routes counted under the moves convention: men's routes by number, kings' by
/// their (start, end, captured set).
struct DistinctRoutes<'a, P> {
    kings: u64,
    men_routes: u64,
    king_routes: &'a mut Vec<(u8, u8, u64)>,
    popcount: P,
}

impl<P: Popcount> Routes for DistinctRoutes<'_, P> {
    const COUNTS_MEN: bool = true;
    #[inline(always)]
    fn single_jumps(&mut self, landings: u64) {
        self.men_routes += u64::from(self.popcount.count(landings));
    }
    #[inline(always)]
    fn route(&mut self, from: Square, landings: &[u8], captured: u64) {
        if self.kings & from.bit() != 0 {
            let to = *landings.last().expect("a capture lands");
            self.king_routes.push((from.index(), to, captured));
        } else {
            self.men_routes += 1;
        }
    }
}

/// A transposition table of perft counts: one entry per slot, replaced on every store.
struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

/// A stored count: the position, the depth and the side in `kings_depth_side`'s low bits.
#[derive(Clone, Copy, Default)]
struct Entry {
    white: u64,
    black: u64,
    /// The kings' bitboard shifted left by 8, with the depth in bits 1..8 and the side in
    /// bit 0 (kings lie on bits below 36, so nothing is lost).
    kings_depth_side: u64,
    count: u64,
}

impl Table {
    /// Positions nearer the leaves are counted faster than looked up.
    const MIN_DEPTH: u32 = 3;

    /// A table of about `megabytes` MB (a power of two of entries); none for 0.
    fn new(megabytes: usize) -> Table {
        let wanted = megabytes.saturating_mul(1 << 20) / std::mem::size_of::<Entry>();
        let len = if wanted == 0 {
            0
        } else {
            1 << (usize::BITS - 1 - wanted.leading_zeros())
        };
        Table {
            entries: vec![Entry::default(); len],
            mask: len.wrapping_sub(1),
        }
    }

    fn is_on(&self) -> bool {
        !self.entries.is_empty()
    }

    fn tag(board: &Board, depth: u32) -> u64 {
        board.kings << 8 | u64::from(depth) << 1 | u64::from(board.side == Color::Black)
    }

    fn slot(&self, board: &Board, tag: u64) -> usize {
        // A multiply-xorshift mix of the whole position (SplitMix64's finaliser).
        let mut x = board.white ^ board.black.rotate_left(21) ^ tag.rotate_left(42);
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (x ^ (x >> 31)) as usize & self.mask
    }

    fn get(&self, board: &Board, depth: u32) -> Option<u64> {
        let tag = Table::tag(board, depth);
        let entry = &self.entries[self.slot(board, tag)];
        (entry.white == board.white
            && entry.black == board.black
            && entry.kings_depth_side == tag
            && entry.count != 0)
            .then_some(entry.count)
    }

    fn put(&mut self, board: &Board, depth: u32, count: u64) {
        let tag = Table::tag(board, depth);
        let slot = self.slot(board, tag);
        self.entries[slot] = Entry {
            white: board.white,
            black: board.black,
            kings_depth_side: tag,
            count,
        };
    }
}

/// Keeps one move of each (start, end, captured set), in a canonical order.
fn merge_duplicates(moves: &mut Vec<Move>) {
    if moves.len() > 1 && moves[0].is_capture() {
        moves.sort_by_key(|mv| mv.key());
        moves.dedup_by_key(|mv| mv.key());
    }
}

/// perft(`depth`) from `board`.
pub fn perft(board: &Board, rules: Rules, convention: Captures, depth: u32) -> u64 {
    Perft::new(rules, convention).count(board, depth)
}

/// perft(`depth`) from `board` by the faster generator for `rules`: Czech and English by the
/// national games' generator, which lists the same moves and counts the replies to most quiet
/// moves in bulk; Damebot's rules, which only this module's generator plays, by [`perft`].
pub fn perft_fastest(board: &Board, rules: Rules, convention: Captures, depth: u32) -> u64 {
    use super::variant::{self, Position, RulesChoice};
    match RulesChoice::from(rules).variant() {
        Some(national) => {
            let position = Position::new(
                u128::from(board.white),
                u128::from(board.black),
                u128::from(board.kings),
                board.side,
            );
            variant::perft::perft(&national.rules(), &position, depth, convention)
        }
        None => perft(board, rules, convention, depth),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_counts_to_depth_six_match_the_published_ones() {
        let expected = [1, 7, 49, 302, 1469, 7361, 36768];
        for rules in [Rules::Czech, Rules::English] {
            for (depth, &count) in expected.iter().enumerate() {
                let got = perft(&Board::start(), rules, Captures::Paths, depth as u32);
                assert_eq!(got, count, "{rules} depth {depth}");
            }
        }
    }

    /// The start and two positions with kings of both sides and captures within a few plies.
    fn start_and_king_rich_boards() -> [Board; 3] {
        [
            Board::start(),
            crate::draughts::parse_fen("W:WKa1,Kc3,e3,g3:Bb6,d6,f6,Kh8").unwrap(),
            crate::draughts::parse_fen("B:WKc1,Kh2,a5,d4:Bb6,Ke7,Kg1,c3").unwrap(),
        ]
    }

    #[test]
    fn the_table_gives_the_plain_counts() {
        for board in start_and_king_rich_boards() {
            for rules in [Rules::Czech, Rules::English] {
                for convention in [Captures::Paths, Captures::Moves] {
                    let plain = perft(&board, rules, convention, 7);
                    // A tiny table forces collisions and replacements.
                    for megabytes in [1, 16] {
                        let mut counter = Perft::with_table(rules, convention, megabytes);
                        assert_eq!(counter.count(&board, 7), plain, "{rules} {convention}");
                    }
                }
            }
        }
        assert!(!Table::new(0).is_on());
        assert_eq!(Table::new(1).entries.len(), (1 << 20) / 32);
    }

    #[test]
    fn both_generators_count_alike() {
        for board in start_and_king_rich_boards() {
            for rules in [Rules::Czech, Rules::English, Rules::Damebot] {
                for convention in [Captures::Paths, Captures::Moves] {
                    assert_eq!(
                        perft_fastest(&board, rules, convention, 6),
                        perft(&board, rules, convention, 6),
                        "{rules} {convention} {board:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn divide_sums_to_perft() {
        let board = crate::draughts::parse_fen("W:WKa1,c3,e3:Bd6,f6,Kh8").unwrap();
        for convention in [Captures::Paths, Captures::Moves] {
            let mut counter = Perft::new(Rules::Czech, convention);
            let parts: u64 = counter.divide(&board, 4).iter().map(|(_, n)| n).sum();
            assert_eq!(parts, counter.count(&board, 4));
        }
    }
}
