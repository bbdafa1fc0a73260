//! The static evaluation of the search bots, in hundredths of a man, from the point of view of
//! the side to move.
//!
//! - material: a man [`MAN`] = 100; a king [`KING`] = 300 under Czech rules (a flying king
//!   commands whole diagonals) and 150 under English rules (a short king is a man that can step
//!   back);
//! - advancement: each man earns [`ADVANCE`] = 4 per rank it has advanced from its own first
//!   rank (0 to 6 ranks, so 0 to 24), which pushes men towards promotion.
//!
//! Nothing else (no mobility, no king safety): the search bots differ by depth, not by
//! knowledge, so that the experiment measures search.

use crate::draughts::board::{Board, Color};
use crate::draughts::rules::Rules;
use crate::draughts::square::squares;
use crate::draughts::variant::{Position, RuleSet};

pub const MAN: i32 = 100;
pub const KING_CZECH: i32 = 300;
pub const KING_ENGLISH: i32 = 150;
pub const ADVANCE: i32 = 4;

/// The value of a king under `rules`.
pub fn king_value(rules: Rules) -> i32 {
    match rules {
        Rules::Czech | Rules::Damebot => KING_CZECH,
        Rules::English => KING_ENGLISH,
    }
}

/// White's material and advancement minus Black's.
fn white_score(board: &Board, rules: Rules) -> i32 {
    let side = |color: Color| {
        let pieces = board.pieces(color);
        let men = pieces & !board.kings;
        let kings = (pieces & board.kings).count_ones() as i32;
        let advance: i32 = squares(men)
            .map(|s| match color {
                Color::White => s.rank() as i32,
                Color::Black => 7 - s.rank() as i32,
            })
            .sum();
        MAN * men.count_ones() as i32 + king_value(rules) * kings + ADVANCE * advance
    };
    side(Color::White) - side(Color::Black)
}

/// The evaluation for the side to move.
pub fn evaluate(board: &Board, rules: Rules) -> i32 {
    match board.side {
        Color::White => white_score(board, rules),
        Color::Black => -white_score(board, rules),
    }
}

/// The evaluation of a national game's position for the side to move: the same weights, a
/// king worth [`KING_CZECH`] where kings fly and [`KING_ENGLISH`] where they step, and each
/// man [`ADVANCE`] per row it has advanced.
pub fn evaluate_variant(position: &Position, rules: &RuleSet) -> i32 {
    let n = rules.size as u32;
    let king = if rules.flying_kings {
        KING_CZECH
    } else {
        KING_ENGLISH
    };
    let side = |pieces: u128, up: bool| {
        let men = pieces & !position.kings;
        let kings = (pieces & position.kings).count_ones() as i32;
        let mut advance = 0;
        let mut rest = men;
        while rest != 0 {
            let rank = 2 * rest.trailing_zeros() / (n + 1);
            advance += if up { rank } else { n - 1 - rank } as i32;
            rest &= rest - 1;
        }
        MAN * men.count_ones() as i32 + king * kings + ADVANCE * advance
    };
    let white = side(position.white, true) - side(position.black, false);
    match position.side {
        Color::White => white,
        Color::Black => -white,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::parse_fen;

    #[test]
    fn the_start_is_level_and_values_follow_the_documented_weights() {
        assert_eq!(evaluate(&Board::start(), Rules::Czech), 0);
        // White: a king (300) and a man on c3 (100 + 2 ranks × 4); Black: a man on f6
        // (100 + 2 ranks × 4). Black to move sees the negation.
        let board = parse_fen("B:WKa1,c3:Bf6").unwrap();
        assert_eq!(evaluate(&board, Rules::Czech), -300);
        assert_eq!(evaluate(&board, Rules::English), -150);
    }
}
