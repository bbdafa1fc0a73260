//! `damebot:article`: Damebot as the seed article's prose describes it, before its author's
//! source was read: the project's earlier reading, kept to measure what reading the prose
//! alone missed. The bot its author wrote is [`super::damebot`].
//!
//! Every legal move gets a score and one of the best-scored moves (`chosen_moves`) is picked
//! uniformly at random. A capture scores the weight of what it takes (a man 1, a king 3). A
//! quiet move scores 0, minus the weight of the moved piece (as it stands after the move: a
//! man crowned by the move counts 3) if it will be threatened on its new square, plus 1 if the
//! move makes a king: a reading of the article's unstated static evaluation.
//!
//! "Threatened" is the article's `will_be_threatened`, read literally: a direct threat only,
//! found by looking from the piece's new square (its old square counting as empty). A piece
//! on the board's edge is never threatened. Otherwise it is threatened if, in some direction,
//! the first piece met is an opponent king (adjacent only, under English rules) and the square
//! just behind our piece on that line is empty, or if the square diagonally in front of it (in
//! its side's men's direction) holds an opponent piece and the square just behind it on that
//! line is empty. Whether the opponent would be allowed that capture (king priority) is not
//! asked, as in the article.

use crate::draughts::board::{Board, Color};
use crate::draughts::game::{Draughts, GamePosition};
use crate::draughts::moves::Move;
use crate::draughts::rules::Rules;
use crate::draughts::square::{DIRECTIONS, Square};
use crate::game::{Game, Player};
use rand_core::Rng;

pub struct ArticleDamebot;

/// A man weighs 1, a king 3.
fn weight(board: &Board, square: Square) -> i32 {
    if board.kings & square.bit() != 0 {
        3
    } else {
        1
    }
}

/// Damebot's score of `mv` in `board`.
pub fn score(board: &Board, mv: &Move, rules: Rules) -> i32 {
    if mv.is_capture() {
        return mv.captured_squares().map(|s| weight(board, s)).sum();
    }
    let after = board.play(mv);
    let to = mv.to();
    let mut score = 0;
    if will_be_threatened(&after, to, board.side, rules) {
        score -= weight(&after, to);
    }
    if board.kings & mv.from().bit() == 0 && after.kings & to.bit() != 0 {
        score += 1;
    }
    score
}

/// Whether the piece of `color` on `square` of `board` could be captured at once (module
/// docs).
pub fn will_be_threatened(board: &Board, square: Square, color: Color, rules: Rules) -> bool {
    let edge = |s: Square| s.rank() == 0 || s.rank() == 7 || s.file() == 0 || s.file() == 7;
    if edge(square) {
        return false;
    }
    let opponent = board.pieces(color.other());
    let is_empty = |s: Option<Square>| s.is_some_and(|s| board.occupied() & s.bit() == 0);
    for delta in DIRECTIONS {
        let behind = square.step(-delta);
        let mut at = square.step(delta);
        while let Some(s) = at {
            if board.occupied() & s.bit() != 0 {
                break;
            }
            at = if rules.flying_kings() {
                s.step(delta)
            } else {
                None
            };
        }
        if let Some(s) = at
            && opponent & board.kings & s.bit() != 0
            && is_empty(behind)
        {
            return true;
        }
    }
    color.forward().iter().any(|&delta| {
        square.step(delta).is_some_and(|s| opponent & s.bit() != 0) && is_empty(square.step(-delta))
    })
}

impl Player<Draughts> for ArticleDamebot {
    fn name(&self) -> String {
        "damebot:article".into()
    }

    fn choose(&mut self, game: &Draughts, position: &GamePosition, rng: &mut dyn Rng) -> Move {
        let mut moves = Vec::new();
        game.legal_moves(position, &mut moves);
        let scores: Vec<i32> = moves
            .iter()
            .map(|mv| score(&position.board, mv, game.rules))
            .collect();
        let best = *scores
            .iter()
            .max()
            .expect("a position that is not over has moves");
        let chosen_moves: Vec<Move> = moves
            .iter()
            .zip(&scores)
            .filter(|(_, s)| **s == best)
            .map(|(mv, _)| *mv)
            .collect();
        chosen_moves[crate::rng::below(rng, chosen_moves.len() as u64) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::parse_fen;

    fn scored(fen: &str) -> Vec<(String, i32)> {
        let board = parse_fen(fen).unwrap();
        let mut moves = Vec::new();
        crate::draughts::movegen::legal_moves(&board, Rules::Czech, &mut moves);
        let mut list: Vec<(String, i32)> = moves
            .iter()
            .map(|m| (m.to_string(), score(&board, m, Rules::Czech)))
            .collect();
        list.sort();
        list
    }

    #[test]
    fn captures_score_what_they_take() {
        // c3 takes the king on d4 (3) and then the man on d6 (1).
        assert_eq!(scored("W:Wc3:BKd4,d6"), [("c3:e5:c7".to_string(), 4)]);
    }

    #[test]
    fn a_step_into_a_man_s_capture_loses_its_weight_and_crowning_gains_one() {
        // d4-e5 walks next to the man on f6 with d4 behind empty; d4-c5 is safe
        // (b6 is empty); the man on c7 crowns.
        let list = scored("W:Wd4,c7:Bf6,h8");
        assert_eq!(
            list,
            [
                ("c7-b8".to_string(), 1),
                ("c7-d8".to_string(), 1),
                ("d4-c5".to_string(), 0),
                ("d4-e5".to_string(), -1),
            ]
        );
    }

    #[test]
    fn a_flying_king_threatens_from_afar_and_edges_are_safe() {
        let board = parse_fen("W:Wd4:BKh8").unwrap();
        let d4: Square = "d4".parse().unwrap();
        assert!(will_be_threatened(&board, d4, Color::White, Rules::Czech));
        assert!(!will_be_threatened(
            &board,
            d4,
            Color::White,
            Rules::English
        ));
        let a3: Square = "a3".parse().unwrap();
        let edge = parse_fen("W:Wa3:BKc5").unwrap();
        assert!(!will_be_threatened(&edge, a3, Color::White, Rules::Czech));
    }
}
