//! Positions and moves between DXP's fields and boardlab's international board: a game
//! request's [`Setup`] is the Hub protocol's position with `z`/`Z` for black, a move is its
//! start, end and captured squares ([`crate::draughts::hub::position`] reads and checks both).

use super::message::{Message, Setup};
use crate::draughts::board::Color;
use crate::draughts::hub::position::{self as hub, MoveError};
use crate::draughts::variant::notation::Squares;
use crate::draughts::variant::{Engine, Position, RuleSet, VariantMove};

/// The game request's setup of `position`.
pub fn setup_of(rules: &RuleSet, position: &Position) -> Setup {
    let text = hub::encode(rules, position);
    Setup {
        side: position.side,
        squares: text[1..]
            .chars()
            .map(|c| match c {
                'b' => 'z',
                'B' => 'Z',
                other => other,
            })
            .collect(),
    }
}

/// The position a game request sets up; the error names what the rules refuse.
pub fn position_of(rules: &RuleSet, setup: &Setup) -> Result<Position, String> {
    let side = match setup.side {
        Color::White => 'W',
        Color::Black => 'B',
    };
    let squares: String = (setup.squares.chars())
        .map(|c| match c {
            'z' => 'b',
            'Z' => 'B',
            other => other,
        })
        .collect();
    hub::decode(rules, &format!("{side}{squares}"))
}

/// The move message of `mv`, captured squares ascending, with the seconds it took.
pub fn move_message(rules: &RuleSet, mv: &VariantMove, seconds: u32) -> Message {
    let squares = Squares::new(*rules);
    let mut captured: Vec<u32> = (0..128)
        .filter(|&i| mv.captured() >> i & 1 == 1)
        .map(|i| squares.number(i))
        .collect();
    captured.sort_unstable();
    Message::Move {
        seconds,
        from: squares.number(mv.from()),
        to: squares.number(mv.to()),
        captured,
    }
}

/// The legal move of `position` that a move message names (start, end and captured set).
pub fn legal_move(
    engine: &Engine,
    position: &Position,
    from: u32,
    to: u32,
    captured: &[u32],
) -> Result<VariantMove, MoveError> {
    let text = match captured {
        [] => format!("{from}-{to}"),
        _ => {
            let mut text = format!("{from}x{to}");
            for square in captured {
                text.push_str(&format!("x{square}"));
            }
            text
        }
    };
    hub::parse_move(engine, position, &text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::variant::Variant;
    use crate::draughts::variant::game::VariantGame;
    use crate::game::Game;

    #[test]
    fn the_start_is_twenty_black_men_then_twenty_white_and_reads_back() {
        let game = VariantGame::new(Variant::International, 400);
        let start = game.start().board;
        let setup = setup_of(game.rules(), &start);
        assert_eq!(setup.side, Color::White);
        assert_eq!(
            setup.squares,
            "z".repeat(20) + &"e".repeat(10) + &"w".repeat(20)
        );
        assert_eq!(position_of(game.rules(), &setup).unwrap(), start);
    }

    #[test]
    fn every_legal_move_is_named_by_its_message_and_only_by_it() {
        let game = VariantGame::new(Variant::International, 400);
        let mut rng = crate::rng::stream(3, "dxp/position", 0);
        let mut position = game.start();
        for _ in 0..120 {
            let mut legal = Vec::new();
            game.legal_moves(&position, &mut legal);
            if legal.is_empty() {
                break;
            }
            for mv in &legal {
                let Message::Move {
                    from, to, captured, ..
                } = move_message(game.rules(), mv, 0)
                else {
                    unreachable!()
                };
                let read = legal_move(&game.engine, &position.board, from, to, &captured).unwrap();
                assert_eq!(read, *mv);
            }
            let mv = legal[crate::rng::below(&mut rng, legal.len() as u64) as usize];
            position = game.play(&position, &mv);
        }
        let start = game.start().board;
        assert!(matches!(
            legal_move(&game.engine, &start, 32, 22, &[]),
            Err(MoveError::Illegal(_))
        ));
        assert!(matches!(
            legal_move(&game.engine, &start, 32, 77, &[]),
            Err(MoveError::Malformed(_))
        ));
    }
}
