//! The national games of draughts: twelve rule sets ([`rules`]) on boards of 8×8, 10×10 and
//! 12×12 ([`layout`]), one move generator steered by the rule flags ([`generate`]), their
//! square numbers and PDN FEN ([`notation`]) and perft ([`perft`]).
//!
//! A [`Position`] keeps its sets in `u128`s whatever the board; the generator works on the
//! board's own bitboard type (a `u64` for 8×8 and 10×10), which [`Engine`] chooses once per
//! rule set.

pub mod game;
pub mod generate;
pub mod layout;
pub mod matches;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod rules;
pub mod terminal;

pub use moves::VariantMove;
pub use rules::{Notation, Precedence, RuleSet, RulesChoice, Variant};

use crate::draughts::board::Color;
use generate::{Generator, Pieces};
use layout::{Board8, Board10, Board12, Layout, Set};
use moves::Collect;

/// A position of any board: who stands where (sets of padded-layout indices), who moves,
/// and each side's run of moves with one king (Frisian draughts limits it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub white: u128,
    pub black: u128,
    pub kings: u128,
    pub side: Color,
    /// For White and Black: the king that made the side's last moves, as quiet moves in a row
    /// while the side also had men.
    pub streak: [KingStreak; 2],
}

/// A king's run of quiet moves in a row: where it stands and how many (0: none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct KingStreak {
    pub square: u8,
    pub moves: u8,
}

impl Position {
    /// A position with no king's run behind it.
    pub fn new(white: u128, black: u128, kings: u128, side: Color) -> Position {
        Position {
            white,
            black,
            kings,
            side,
            streak: [KingStreak::default(); 2],
        }
    }

    /// The pieces of `color`.
    pub fn pieces(&self, color: Color) -> u128 {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    fn on<L: Layout>(&self) -> Pieces<L::S> {
        Pieces {
            white: L::S::from_u128(self.white),
            black: L::S::from_u128(self.black),
            kings: L::S::from_u128(self.kings),
            side: self.side,
        }
    }

    fn of<S: Set>(pieces: &Pieces<S>) -> Position {
        Position::new(
            pieces.white.to_u128(),
            pieces.black.to_u128(),
            pieces.kings.to_u128(),
            pieces.side,
        )
    }
}

/// The generator of one rule set on its board.
#[derive(Clone, Copy, Debug)]
pub enum Engine {
    Board8(Generator<Board8>),
    Board10(Generator<Board10>),
    Board12(Generator<Board12>),
}

impl Engine {
    pub fn new(rules: RuleSet) -> Engine {
        match rules.size {
            8 => Engine::Board8(Generator::new(rules)),
            10 => Engine::Board10(Generator::new(rules)),
            12 => Engine::Board12(Generator::new(rules)),
            size => unreachable!("no {size}x{size} rule set"),
        }
    }

    pub fn rules(&self) -> &RuleSet {
        match self {
            Engine::Board8(g) => g.rules(),
            Engine::Board10(g) => g.rules(),
            Engine::Board12(g) => g.rules(),
        }
    }

    /// The start position: each side's men on its first rows, White to move.
    pub fn start(&self) -> Position {
        match self {
            Engine::Board8(g) => start::<Board8>(g.rules()),
            Engine::Board10(g) => start::<Board10>(g.rules()),
            Engine::Board12(g) => start::<Board12>(g.rules()),
        }
    }

    /// The legal moves of `position` into `moves` (cleared first): the captures the rules
    /// allow, or the quiet moves if there is none.
    pub fn legal_moves(&self, position: &Position, moves: &mut Vec<VariantMove>) {
        match self {
            Engine::Board8(g) => legal_moves(g, position, moves),
            Engine::Board10(g) => legal_moves(g, position, moves),
            Engine::Board12(g) => legal_moves(g, position, moves),
        }
        let limit = self.rules().same_king_moves;
        if limit > 0 {
            let streak = position.streak[position.side as usize];
            let own = position.pieces(position.side);
            let at = 1u128 << streak.square;
            if streak.moves as u32 >= limit
                && own & position.kings & at != 0
                && own & !position.kings != 0
            {
                moves.retain(|mv| mv.is_capture() || mv.from() != streak.square as u32);
            }
        }
    }

    /// The position after `mv` ([`play`]); a king's run of moves is kept only where the
    /// rules limit it, so that positions repeat as the players see them.
    pub fn play(&self, position: &Position, mv: &VariantMove) -> Position {
        let mut next = play(position, mv);
        if self.rules().same_king_moves == 0 {
            next.streak = [KingStreak::default(); 2];
        }
        next
    }

    /// Whether the side to move must capture.
    pub fn has_capture(&self, position: &Position) -> bool {
        match self {
            Engine::Board8(g) => g.has_capture(&position.on::<Board8>()),
            Engine::Board10(g) => g.has_capture(&position.on::<Board10>()),
            Engine::Board12(g) => g.has_capture(&position.on::<Board12>()),
        }
    }
}

/// The position after `mv`, a legal move of `position`: the pieces moved and taken, and the
/// mover's run of quiet moves with one king (while it also has men) extended or ended.
pub fn play(position: &Position, mv: &VariantMove) -> Position {
    let pieces = Pieces {
        white: position.white,
        black: position.black,
        kings: position.kings,
        side: position.side,
    };
    let mut next = Position::of(&pieces.play(mv.from(), mv.to(), mv.captured(), mv.crowned()));
    let mover = position.side as usize;
    let own = position.pieces(position.side);
    let king_move = position.kings >> mv.from() & 1 == 1 && !mv.is_capture();
    next.streak = position.streak;
    next.streak[mover] = if king_move && own & !position.kings != 0 {
        let before = position.streak[mover];
        let moves = if before.moves > 0 && before.square as u32 == mv.from() {
            before.moves.saturating_add(1)
        } else {
            1
        };
        KingStreak {
            square: mv.to() as u8,
            moves,
        }
    } else {
        KingStreak::default()
    };
    let opponent = 1 - mover;
    if mv.captured() >> next.streak[opponent].square & 1 == 1 {
        next.streak[opponent] = KingStreak::default();
    }
    next
}

fn start<L: Layout>(rules: &RuleSet) -> Position {
    let rows = rules.rows_of_men as u32;
    let mut white = 0u128;
    let mut black = 0u128;
    for rank in 0..rows {
        white |= L::rank(rank).to_u128();
        black |= L::rank(L::N - 1 - rank).to_u128();
    }
    Position::new(white, black, 0, Color::White)
}

fn legal_moves<L: Layout>(
    generator: &Generator<L>,
    position: &Position,
    moves: &mut Vec<VariantMove>,
) {
    moves.clear();
    let pieces = position.on::<L>();
    generator.captures(
        &pieces,
        &mut Collect {
            variant: generator.rules().variant,
            moves,
            best: 0,
        },
    );
    if moves.is_empty() {
        generator.quiet_moves(&pieces, |from, to, crowned| {
            moves.push(VariantMove::quiet(
                generator.rules().variant,
                from,
                to,
                crowned,
            ))
        });
    }
}
