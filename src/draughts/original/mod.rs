//! The original Damebot, ported from its author's TypeScript: github `basvas-jkj/dame_bot_1.0`,
//! commit 3ddfe58 (`src/ts/next.ts`, `player.ts`, `piece.ts`, `board.ts`), the browser game the
//! seed article describes (`docs/seed-article-draughts.md`). Where the article's prose and the
//! code differ, the code is followed; `docs/draughts-contract.md` lists the differences.
//!
//! The port keeps the original's shape so that it can be read beside it: its board of piece
//! objects ([`mailbox`]), its piece lists and their order ([`order`]), its generators, which
//! evaluate every move as they find it ([`generate`]), its evaluation flags and threat tests
//! ([`evaluate`]) and its tie rule ([`choose`]). Its answers are checked against the original
//! itself, run under Node.js, on the positions of `tests/data/damebot-vectors.jsonl`
//! (`scripts/damebot-vectors/`).
//!
//! The original also has move rules of its own (no king priority; a king may stop after a
//! capture on a square where it could not go on although another square of the line could;
//! a straight double capture named by the square before the second piece; a piece jumped
//! twice on rare king lines): they are the ruleset [`Rules::Damebot`], so that a game can be
//! replayed as the original plays it. Under the Czech rules the same generator, switched to
//! them, lists the Czech-legal moves in the order the original would meet them, and the bot
//! scores those. Under English rules (short kings, which the original never had) the bot
//! scores the English-legal moves, taken piece by piece in list order.

pub mod choose;
pub mod evaluate;
pub mod generate;
pub mod mailbox;
pub mod order;

pub use choose::best_set;
pub use generate::{Rulebook, ScoredMove};
pub use order::PieceOrder;

use crate::draughts::board::{Board, Color};
use crate::draughts::movegen;
use crate::draughts::moves::Move;
use crate::draughts::rules::Rules;
use mailbox::Mailbox;

/// The moves of `board` under `rules`, in the order the original meets them given the piece
/// lists `order`, each with Damebot's evaluation.
pub fn scored_moves(board: &Board, order: &PieceOrder, rules: Rules, out: &mut Vec<ScoredMove>) {
    let mailbox = Mailbox::new(board, order);
    let white = board.side == Color::White;
    match rules {
        Rules::Damebot => generate::generate(&mailbox, white, Rulebook::ORIGINAL, out),
        Rules::Czech => generate::generate(&mailbox, white, Rulebook::CZECH, out),
        Rules::English => english(board, &mailbox, out),
    }
}

/// The English-legal moves, by the list slot of the moving piece (the generator's order
/// within a piece), evaluated as the original evaluates a move.
fn english(board: &Board, mailbox: &Mailbox, out: &mut Vec<ScoredMove>) {
    out.clear();
    let mut moves = Vec::new();
    movegen::legal_moves(board, Rules::English, &mut moves);
    let list = &mailbox.lists[board.side as usize];
    let slot_of = |mv: &Move| {
        list.iter()
            .position(|&id| mailbox.piece(id).square() == mv.from())
            .unwrap_or(list.len())
    };
    moves.sort_by_key(slot_of);
    for mv in moves {
        let id = list[slot_of(&mv)];
        let to = mv.to();
        let (row, column) = (7 - to.rank() as i8, to.file() as i8);
        let weight = mv
            .captured_squares()
            .map(|s| if board.kings & s.bit() != 0 { 3 } else { 1 })
            .sum();
        out.push(ScoredMove {
            mv,
            flags: evaluate::end_of_move_evaluation(mailbox, id, row, column),
            weight,
        });
    }
}

/// The legal moves of `board` under the original's own rules, in its order, with the piece
/// lists `order`.
pub fn legal_moves(board: &Board, order: &PieceOrder, moves: &mut Vec<Move>) {
    let mut scored = Vec::new();
    scored_moves(board, order, Rules::Damebot, &mut scored);
    moves.clear();
    moves.extend(scored.iter().map(|s| s.mv));
}
