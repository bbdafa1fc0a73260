//! What the search bots need of a rule set: its boards and moves, a static evaluation and a
//! hash. The 8×8 generator's [`Rules`] and the national games' [`Engine`] both provide it, so
//! that `alphabeta:D` and `mcts:N` are one search each for every rule set.

use super::eval;
use crate::draughts::board::{Board, Color};
use crate::draughts::moves::Move;
use crate::draughts::rules::Rules;
use crate::draughts::variant::{Engine, Position, VariantMove};
use crate::draughts::{movegen, variant::layout::Set};
use std::fmt::{Debug, Display};

/// A rule set and its boards, as the search bots see them.
pub trait BoardRules: Copy + Debug {
    type Board: Copy + PartialEq + Debug;
    type Move: Copy + PartialEq + Debug + Display;
    /// A move's identity in the transposition table: start, end and captured pieces.
    type Key: Copy + PartialEq + Debug;

    fn start(&self) -> Self::Board;
    /// The legal moves of `board` into `moves` (cleared first).
    fn legal_moves(&self, board: &Self::Board, moves: &mut Vec<Self::Move>);
    fn play(&self, board: &Self::Board, mv: &Self::Move) -> Self::Board;
    fn side(board: &Self::Board) -> Color;
    /// The static evaluation for the side to move ([`eval`]).
    fn evaluate(&self, board: &Self::Board) -> i32;
    /// The Zobrist hash of the board.
    fn hash(board: &Self::Board) -> u64;
    fn key(mv: &Self::Move) -> Self::Key;
    fn captured_count(mv: &Self::Move) -> u32;
    /// The move crowns a man.
    fn crowns(board: &Self::Board, mv: &Self::Move) -> bool;
    /// The side to move has no legal move.
    fn stuck(&self, board: &Self::Board) -> bool;
    /// The board's sets in the padded layout every rule set shares (square (rank r, file f)
    /// from White's side has index ((N+1)·r + f)/2): White's pieces, Black's, the kings.
    fn sets(board: &Self::Board) -> [u128; 3];
    /// The board's size N (8, 10 or 12).
    fn size(&self) -> u32;
    /// Whether kings fly (move any distance along a diagonal).
    fn flying_kings(&self) -> bool;
    /// The padded-layout indices of a move's start and end squares.
    fn from_to(mv: &Self::Move) -> (u32, u32);
}

impl BoardRules for Rules {
    type Board = Board;
    type Move = Move;
    type Key = (u8, u8, u64);

    fn start(&self) -> Board {
        Board::start()
    }

    fn legal_moves(&self, board: &Board, moves: &mut Vec<Move>) {
        movegen::legal_moves(board, *self, moves);
    }

    fn play(&self, board: &Board, mv: &Move) -> Board {
        board.play(mv)
    }

    fn side(board: &Board) -> Color {
        board.side
    }

    fn evaluate(&self, board: &Board) -> i32 {
        eval::evaluate(board, *self)
    }

    fn hash(board: &Board) -> u64 {
        super::alphabeta::hash(board)
    }

    fn key(mv: &Move) -> (u8, u8, u64) {
        mv.key()
    }

    fn captured_count(mv: &Move) -> u32 {
        mv.captured().count_ones()
    }

    fn crowns(board: &Board, mv: &Move) -> bool {
        board.kings & mv.from().bit() == 0 && board.side.promotion_rank() & mv.to().bit() != 0
    }

    fn stuck(&self, board: &Board) -> bool {
        match self {
            Rules::Damebot => {
                let mut moves = Vec::new();
                movegen::legal_moves(board, *self, &mut moves);
                moves.is_empty()
            }
            // What perft relies on too: no capture and no quiet move is no legal move.
            rules => {
                !movegen::has_capture(board, *rules)
                    && movegen::count_quiet_moves(board, *rules) == 0
            }
        }
    }

    fn sets(board: &Board) -> [u128; 3] {
        [
            board.white as u128,
            board.black as u128,
            board.kings as u128,
        ]
    }

    fn size(&self) -> u32 {
        8
    }

    fn flying_kings(&self) -> bool {
        !matches!(self, Rules::English)
    }

    fn from_to(mv: &Move) -> (u32, u32) {
        (mv.from().index() as u32, mv.to().index() as u32)
    }
}

/// Zobrist keys of the national games' boards: [white man, white king, black man, black
/// king][layout index], from the same mixer as the 8×8 table but a table of their own.
const ZOBRIST: [[u64; 128]; 4] = {
    let mut table = [[0; 128]; 4];
    let mut kind = 0;
    while kind < 4 {
        let mut square = 0;
        while square < 128 {
            table[kind][square] = crate::rng::mix((0x5EED_0000 + kind * 128 + square) as u64);
            square += 1;
        }
        kind += 1;
    }
    table
};

impl BoardRules for Engine {
    type Board = Position;
    type Move = VariantMove;
    type Key = (u8, u8, u128);

    fn start(&self) -> Position {
        Engine::start(self)
    }

    fn legal_moves(&self, board: &Position, moves: &mut Vec<VariantMove>) {
        Engine::legal_moves(self, board, moves);
    }

    fn play(&self, board: &Position, mv: &VariantMove) -> Position {
        Engine::play(self, board, mv)
    }

    fn side(board: &Position) -> Color {
        board.side
    }

    fn evaluate(&self, board: &Position) -> i32 {
        eval::evaluate_variant(board, self.rules())
    }

    fn hash(board: &Position) -> u64 {
        let mut key = match board.side {
            Color::Black => crate::rng::mix(0xB1AC),
            Color::White => 0,
        };
        let sets = [
            board.white & !board.kings,
            board.white & board.kings,
            board.black & !board.kings,
            board.black & board.kings,
        ];
        for (kind, mut set) in sets.into_iter().enumerate() {
            while set != 0 {
                key ^= ZOBRIST[kind][set.first() as usize];
                set = set.without_first();
            }
        }
        key
    }

    fn key(mv: &VariantMove) -> (u8, u8, u128) {
        mv.merge_key()
    }

    fn captured_count(mv: &VariantMove) -> u32 {
        mv.captured().count_ones()
    }

    fn crowns(_board: &Position, mv: &VariantMove) -> bool {
        mv.crowned()
    }

    fn stuck(&self, board: &Position) -> bool {
        let mut moves = Vec::new();
        Engine::legal_moves(self, board, &mut moves);
        moves.is_empty()
    }

    fn sets(board: &Position) -> [u128; 3] {
        [board.white, board.black, board.kings]
    }

    fn size(&self) -> u32 {
        self.rules().size as u32
    }

    fn flying_kings(&self) -> bool {
        self.rules().flying_kings
    }

    fn from_to(mv: &VariantMove) -> (u32, u32) {
        (mv.from(), mv.to())
    }
}
