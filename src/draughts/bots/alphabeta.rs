//! `alphabeta:D`: negamax with alpha-beta pruning, iterative deepening to depth D, move
//! ordering and a transposition table, on the evaluation of [`super::eval`].
//!
//! - Depth counts plies; at depth 0 a position where the side to move must capture is searched
//!   on (captures only, as they are forced) so that exchanges are not cut in half; the search
//!   stops at 64 plies from the root in any case.
//! - A side without a legal move has lost: `-(MATE - ply)`, so shorter wins score higher.
//! - Ordering: the transposition table's best move first, then captures taking more pieces,
//!   then crowning moves. At the root the moves are first shuffled with the game's random
//!   stream (so equal moves are chosen at random, reproducibly), then the previous
//!   iteration's best move goes first.
//! - Transposition table: 2^(8 + 2D) entries, at most 2^18, keyed by a Zobrist hash of the
//!   board, replaced always; entries are tagged with the search they belong to and ignored by
//!   later searches, so a choice depends only on the position and the random stream, never on
//!   earlier moves. Its size grows with the depth because a bot is made afresh for every
//!   game: a shallow search fills few entries and should not pay for clearing 2^18.
//! - The draw rules (repetition, quiet plies) are not seen by the search: it looks at boards.

use super::board_rules::BoardRules;
use crate::draughts::board::{Board, Color};
use crate::draughts::game::{Draughts, GamePosition};
use crate::draughts::moves::Move;
use crate::draughts::rules::Rules;
use crate::draughts::square::squares;
use crate::game::Player;
use rand_core::Rng;

/// The score of a won position, less the plies needed to win it.
pub const MATE: i32 = 1_000_000;
const INFINITY: i32 = 2 * MATE;
const MAX_PLY: u32 = 64;
/// The most entries the transposition table has, as a power of two.
const MAX_TABLE_BITS: u32 = 18;

/// The table's size, as a power of two, for a search to `depth`.
fn table_bits(depth: u32) -> u32 {
    (8 + 2 * depth).min(MAX_TABLE_BITS)
}

const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Zobrist keys: [white man, white king, black man, black king][square index].
const ZOBRIST: [[u64; 36]; 4] = {
    let mut table = [[0; 36]; 4];
    let mut kind = 0;
    while kind < 4 {
        let mut square = 0;
        while square < 36 {
            table[kind][square] = splitmix((kind * 36 + square) as u64 + 1);
            square += 1;
        }
        kind += 1;
    }
    table
};
const BLACK_TO_MOVE: u64 = splitmix(0xB1AC);

/// The Zobrist hash of a board.
pub fn hash(board: &Board) -> u64 {
    let mut key = if board.side == Color::Black {
        BLACK_TO_MOVE
    } else {
        0
    };
    let sets = [
        board.white & !board.kings,
        board.white & board.kings,
        board.black & !board.kings,
        board.black & board.kings,
    ];
    for (kind, set) in sets.into_iter().enumerate() {
        for square in squares(set) {
            key ^= ZOBRIST[kind][square.index() as usize];
        }
    }
    key
}

/// What a table entry's score is: the exact value, or a bound of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    Lower,
    Upper,
}

impl Bound {
    /// What a node's best score is, searched with the window (`alpha`, `beta`): at most
    /// alpha is an upper bound, at least beta a lower one, else exact.
    pub(crate) fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best <= alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Entry<K> {
    key: u64,
    search: u32,
    depth: u32,
    score: i32,
    bound: Bound,
    best: K,
}

/// The alpha-beta bot, on the boards of the 8×8 generator's rules (the default) or of the
/// national games' [`crate::draughts::variant::Engine`].
pub struct AlphaBeta<R: BoardRules = Rules> {
    depth: u32,
    table: Vec<Option<Entry<R::Key>>>,
    table_bits: u32,
    /// One move list per ply from the root, reused from node to node.
    move_lists: Vec<Vec<R::Move>>,
    search: u32,
    rules: Option<R>,
    /// Nodes visited by the last search.
    pub nodes: u64,
    /// Whether the last search was stopped from outside ([`crate::game::cancel`]).
    stopped: bool,
}

impl<R: BoardRules> AlphaBeta<R> {
    pub fn new(depth: u32) -> AlphaBeta<R> {
        let table_bits = table_bits(depth);
        AlphaBeta {
            depth,
            table: vec![None; 1 << table_bits],
            table_bits,
            move_lists: vec![Vec::new(); MAX_PLY as usize + 1],
            search: 0,
            rules: None,
            nodes: 0,
            stopped: false,
        }
    }

    /// The depth this bot searches to.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The best move of `board` found by a search to this bot's depth, and its score.
    pub fn best_move(&mut self, board: &R::Board, rules: R, rng: &mut dyn Rng) -> (R::Move, i32) {
        self.search += 1;
        self.rules = Some(rules);
        self.nodes = 0;
        self.stopped = false;
        let mut root = Vec::new();
        rules.legal_moves(board, &mut root);
        assert!(!root.is_empty(), "the game is over");
        crate::rng::shuffle(&mut root, rng);
        let mut best = (root[0], -INFINITY);
        for depth in 1..=self.depth {
            let index = root.iter().position(|m| *m == best.0).unwrap_or(0);
            let first = root.remove(index);
            root.insert(0, first);
            let mut alpha = -INFINITY;
            let mut best_here = root[0];
            for mv in &root {
                let child = rules.play(board, mv);
                let score = -self.negamax(&child, depth - 1, -INFINITY, -alpha, 1);
                if score > alpha {
                    alpha = score;
                    best_here = *mv;
                }
            }
            if self.stopped {
                break;
            }
            best = (best_here, alpha);
            if alpha.abs() >= MATE - MAX_PLY as i32 {
                break;
            }
        }
        best
    }

    /// Each legal move of `board` with its score from a full-width search to this bot's depth,
    /// from the side to move's view (the moves a search keeps are those of the top score).
    pub fn root_scores(&mut self, board: &R::Board, rules: R) -> Vec<(R::Move, i32)> {
        self.rules = Some(rules);
        self.stopped = false;
        let mut root = Vec::new();
        rules.legal_moves(board, &mut root);
        root.into_iter()
            .map(|mv| {
                self.search += 1;
                let child = rules.play(board, &mv);
                let score = -self.negamax(&child, self.depth - 1, -INFINITY, INFINITY, 1);
                (mv, score)
            })
            .collect()
    }

    fn slot(&self, key: u64) -> usize {
        (key >> (64 - self.table_bits)) as usize
    }

    fn negamax(&mut self, board: &R::Board, depth: u32, alpha: i32, beta: i32, ply: u32) -> i32 {
        self.nodes += 1;
        // Asked to stop from outside: every score from here on is void, and `best_move`
        // keeps the move of the last depth it completed.
        if self.nodes.is_multiple_of(1024) && crate::game::cancel::requested() {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let mut moves = std::mem::take(&mut self.move_lists[ply as usize]);
        let score = self.search_moves(board, depth, alpha, beta, ply, &mut moves);
        self.move_lists[ply as usize] = moves;
        score
    }

    /// The body of [`Self::negamax`], with the move list of this ply.
    fn search_moves(
        &mut self,
        board: &R::Board,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
        ply: u32,
        moves: &mut Vec<R::Move>,
    ) -> i32 {
        let rules = self.rules.expect("a search sets its rules");
        rules.legal_moves(board, moves);
        if moves.is_empty() {
            return -(MATE - ply as i32);
        }
        if (depth == 0 && R::captured_count(&moves[0]) == 0) || ply >= MAX_PLY {
            return rules.evaluate(board);
        }
        let key = R::hash(board);
        let slot = self.slot(key);
        let mut table_move = None;
        if let Some(entry) = self.table[slot]
            && entry.key == key
            && entry.search == self.search
        {
            table_move = Some(entry.best);
            if entry.depth >= depth {
                let score = from_table(entry.score, ply);
                match entry.bound {
                    Bound::Exact => return score,
                    Bound::Lower => alpha = alpha.max(score),
                    Bound::Upper => beta = beta.min(score),
                }
                if alpha >= beta {
                    return score;
                }
            }
        }
        order::<R>(moves, board, table_move);
        let original_alpha = alpha;
        let mut best = (-INFINITY, R::key(&moves[0]));
        for mv in moves.iter() {
            let score = -self.negamax(
                &rules.play(board, mv),
                depth.saturating_sub(1),
                -beta,
                -alpha,
                ply + 1,
            );
            if score > best.0 {
                best = (score, R::key(mv));
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        let bound = Bound::of(best.0, original_alpha, beta);
        self.table[slot] = Some(Entry {
            key,
            search: self.search,
            depth,
            score: to_table(best.0, ply),
            bound,
            best: best.1,
        });
        best.0
    }
}

/// Mate scores are stored relative to the node, not the root (for any search whose plies stay
/// below 2 × [`MAX_PLY`]).
pub(crate) fn to_table(score: i32, ply: u32) -> i32 {
    if score.abs() >= MATE - MAX_PLY as i32 * 2 {
        score + score.signum() * ply as i32
    } else {
        score
    }
}

pub(crate) fn from_table(score: i32, ply: u32) -> i32 {
    if score.abs() >= MATE - MAX_PLY as i32 * 2 {
        score - score.signum() * ply as i32
    } else {
        score
    }
}

/// The table's move first, then bigger captures, then crowning moves (stable otherwise).
fn order<R: BoardRules>(moves: &mut [R::Move], board: &R::Board, table_move: Option<R::Key>) {
    moves.sort_by_key(|mv| {
        let first = Some(R::key(mv)) == table_move;
        (
            !first,
            std::cmp::Reverse(R::captured_count(mv)),
            !R::crowns(board, mv),
        )
    });
}

impl Player<Draughts> for AlphaBeta<Rules> {
    fn name(&self) -> String {
        format!("alphabeta:{}", self.depth)
    }

    fn choose(&mut self, game: &Draughts, position: &GamePosition, rng: &mut dyn Rng) -> Move {
        if let Some(only) = crate::draughts::bots::only_move(game, position) {
            return only;
        }
        self.best_move(&position.board, game.rules, rng).0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::movegen::legal_moves;
    use crate::draughts::parse_fen;

    #[test]
    fn a_capture_that_ends_the_game_scores_as_a_win() {
        let board = parse_fen("W:WKa1:Bc3,e5").unwrap();
        let mut bot = AlphaBeta::new(3);
        let mut rng = crate::rng::stream(1, "test", 0);
        let (mv, score) = bot.best_move(&board, Rules::Czech, &mut rng);
        assert!(mv.to_string().starts_with("a1:d4:"), "{mv}");
        assert_eq!(score, MATE - 1);
    }

    #[test]
    fn it_takes_the_king_rather_than_the_man_whatever_the_stream() {
        // c3 can take the man on b4, e3 the king on f4; either way Black then takes back.
        let board = parse_fen("W:Wc3,e3:Bb4,Kf4,h8").unwrap();
        for index in 0..4 {
            let mut bot = AlphaBeta::new(2);
            let mut rng = crate::rng::stream(1, "test", index);
            let (mv, _) = bot.best_move(&board, Rules::Czech, &mut rng);
            assert_eq!(mv.to_string(), "e3:g5");
        }
    }

    #[test]
    fn it_finds_the_move_that_leaves_black_without_a_move() {
        let board = parse_fen("W:Wa5,c5:Ba7").unwrap();
        let mut bot = AlphaBeta::new(4);
        let mut rng = crate::rng::stream(1, "test", 0);
        assert_eq!(
            bot.best_move(&board, Rules::Czech, &mut rng),
            (bot_move(&board, "a5-b6"), MATE - 1)
        );
    }

    fn bot_move(board: &Board, text: &str) -> Move {
        let mut moves = Vec::new();
        legal_moves(board, Rules::Czech, &mut moves);
        *moves.iter().find(|m| m.to_string() == text).unwrap()
    }

    #[test]
    fn hashes_differ_by_side_and_piece_kind() {
        let a = parse_fen("W:Wc3:Bf6").unwrap();
        let b = parse_fen("B:Wc3:Bf6").unwrap();
        let c = parse_fen("W:WKc3:Bf6").unwrap();
        assert_ne!(hash(&a), hash(&b));
        assert_ne!(hash(&a), hash(&c));
        assert_eq!(hash(&a), hash(&a.clone()));
    }

    #[test]
    fn a_choice_does_not_depend_on_the_searches_before_it() {
        // The positions of a seeded random game; a bot that has searched all the earlier ones
        // chooses as a fresh bot does, with the same stream.
        let mut board = Board::start();
        let mut used = AlphaBeta::new(4);
        let mut walk = crate::rng::stream(9, "walk", 0);
        let mut moves = Vec::new();
        for ply in 0..30 {
            legal_moves(&board, Rules::Czech, &mut moves);
            if moves.is_empty() {
                break;
            }
            let mut fresh = AlphaBeta::new(4);
            let mut a = crate::rng::stream(9, "choice", ply);
            let mut b = crate::rng::stream(9, "choice", ply);
            assert_eq!(
                used.best_move(&board, Rules::Czech, &mut a),
                fresh.best_move(&board, Rules::Czech, &mut b),
                "ply {ply}"
            );
            let mv = moves[crate::rng::below(&mut walk, moves.len() as u64) as usize];
            board = board.play(&mv);
        }
    }
}
