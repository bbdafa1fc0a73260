//! Positions, moves and rule-set names as the Hub protocol writes them.
//!
//! **Position** (`protocol.txt`, "1) position"): the side to move (`W` or `B`), then one
//! character per square in standard order: `w` white man, `b` black man, `W` white king, `B`
//! black king, `e` empty; 51 characters on 10×10. Standard order is the PDN numbering, so on
//! the other boards the same rule gives 33 characters (8×8) or 73 (12×12), in each rule set's
//! own numbering (mirrored boards included, as [`Squares::number`] numbers them).
//!
//! **Move**: a quiet move `from-to` (`32-28`); a capture `fromxto` followed by `x` and each
//! captured square (`28x19x23`), numbers in every rule set, also those whose players write
//! squares as `c3`. The protocol allows the captured squares in any order; they are written
//! here in ascending order, as Scan writes them. A capture's route is not written: two
//! captures with the same start, end and captured pieces are one move in the protocol, and
//! either gives the same position.
//!
//! **Rule sets**: the engine parameter `variant`. Scan's names are `normal` (international),
//! `killer`, `bt` (breakthrough), `frisian` and `losing`; boardlab offers `normal`, `killer`,
//! `frisian` and its other rule sets by their names in `docs/draughts-variants.md` (`czech`,
//! `russian`, ...), and reads `international` as `normal`.

use crate::draughts::board::Color;
use crate::draughts::variant::game::VariantPosition;
use crate::draughts::variant::notation::{Squares, parse_fen};
use crate::draughts::variant::{Engine, Position, RuleSet, Variant, VariantMove};

/// The rule set's name in the `variant` parameter: Scan's `normal` for international
/// draughts, else boardlab's own name.
pub fn variant_name(variant: Variant) -> &'static str {
    match variant {
        Variant::International => "normal",
        other => other.name(),
    }
}

/// Every name [`variant_of`] reads, as the engine declares them (`values="..."`): Scan's
/// three that boardlab plays first, then boardlab's others.
pub fn variant_names() -> String {
    let scan = [Variant::International, Variant::Killer, Variant::Frisian];
    let others = Variant::ALL.iter().filter(|v| !scan.contains(v));
    let names: Vec<&str> = scan
        .iter()
        .chain(others)
        .map(|&v| variant_name(v))
        .collect();
    names.join(" ")
}

/// The rule set a `variant` value names.
pub fn variant_of(name: &str) -> Result<Variant, String> {
    Variant::ALL
        .iter()
        .copied()
        .find(|&v| variant_name(v) == name || v.name() == name)
        .ok_or_else(|| {
            format!(
                "variant `{name}` is not offered; use one of: {}",
                variant_names()
            )
        })
}

/// The position in the protocol's format.
pub fn encode(rules: &RuleSet, position: &Position) -> String {
    let side = match position.side {
        Color::White => 'W',
        Color::Black => 'B',
    };
    let squares = Squares::new(*rules).all();
    let square = |i: u32| {
        let king = position.kings >> i & 1 == 1;
        match (position.white >> i & 1, position.black >> i & 1, king) {
            (1, _, false) => 'w',
            (1, _, true) => 'W',
            (_, 1, false) => 'b',
            (_, 1, true) => 'B',
            _ => 'e',
        }
    };
    std::iter::once(side)
        .chain(squares.into_iter().map(square))
        .collect()
}

/// Reads a position in the protocol's format for `rules`; the error names what is wrong
/// (the length, a character, or a position the rules refuse, such as a man on the row where
/// it is crowned).
pub fn decode(rules: &RuleSet, text: &str) -> Result<Position, String> {
    let squares = rules.squares() as usize;
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != squares + 1 {
        return Err(format!(
            "position `{text}` has {} characters; {} takes {} (the side to move, then one per square)",
            chars.len(),
            rules.variant,
            squares + 1
        ));
    }
    let side = match chars[0] {
        'W' => 'W',
        'B' => 'B',
        other => return Err(format!("position: side to move `{other}` is not W or B")),
    };
    let (mut white, mut black) = (Vec::new(), Vec::new());
    for (number, &c) in (1..).zip(&chars[1..]) {
        match c {
            'w' => white.push(format!("{number}")),
            'W' => white.push(format!("K{number}")),
            'b' => black.push(format!("{number}")),
            'B' => black.push(format!("K{number}")),
            'e' => {}
            other => {
                return Err(format!(
                    "position: square {number} holds `{other}`; use w, b, W, B or e"
                ));
            }
        }
    }
    let fen = format!("{side}:W{}:B{}", white.join(","), black.join(","));
    parse_fen(rules, &fen)
}

/// A move in the protocol's format: `32-28`, or `28x19x23` (start, end, captured squares in
/// ascending order).
pub fn move_text(rules: &RuleSet, mv: &VariantMove) -> String {
    let squares = Squares::new(*rules);
    let number = |i: u32| squares.number(i);
    if !mv.is_capture() {
        return format!("{}-{}", number(mv.from()), number(mv.to()));
    }
    let mut text = format!("{}x{}", number(mv.from()), number(mv.to()));
    let mut captured: Vec<u32> = (0..128)
        .filter(|&i| mv.captured() >> i & 1 == 1)
        .map(number)
        .collect();
    captured.sort_unstable();
    for square in captured {
        text.push_str(&format!("x{square}"));
    }
    text
}

/// Why a move text names no legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move of the protocol's format on this board.
    Malformed(String),
    /// A well-formed move that is not legal in the position.
    Illegal(String),
}

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveError::Malformed(e) | MoveError::Illegal(e) => f.write_str(e),
        }
    }
}

/// The legal move of `position` that `text` names.
pub fn parse_move(
    engine: &Engine,
    position: &Position,
    text: &str,
) -> Result<VariantMove, MoveError> {
    let rules = engine.rules();
    let squares = Squares::new(*rules);
    let malformed = |why: &str| MoveError::Malformed(format!("move `{text}`: {why}"));
    let capture = text.contains('x');
    let parts: Vec<&str> = text.split(if capture { 'x' } else { '-' }).collect();
    if parts.len() < 2 || (!capture && parts.len() != 2) || (capture && parts.len() < 3) {
        return Err(malformed(
            "expected `from-to` or `fromxtoxcaptured...` with square numbers",
        ));
    }
    let mut indices = Vec::with_capacity(parts.len());
    for part in &parts {
        let number: u32 = part
            .parse()
            .map_err(|_| malformed(&format!("`{part}` is not a square number")))?;
        let index = squares.of_number(number).ok_or_else(|| {
            malformed(&format!(
                "square {number} is not on the board (1-{})",
                rules.squares()
            ))
        })?;
        indices.push(index);
    }
    let captured = indices[2..].iter().fold(0u128, |set, &i| set | 1 << i);
    let mut legal = Vec::new();
    engine.legal_moves(position, &mut legal);
    legal
        .into_iter()
        .find(|mv| mv.from() == indices[0] && mv.to() == indices[1] && mv.captured() == captured)
        .ok_or_else(|| MoveError::Illegal(format!("`{text}` is not a legal move here")))
}

/// What to tell an engine about `position`: the board after the last capture or man's move,
/// and the moves since (only those can repeat a position), as the Hub GUI sends them.
pub fn history(engine: &Engine, position: &VariantPosition) -> (Position, Vec<VariantMove>) {
    let boards = &position.since_irreversible;
    let same = |a: &Position, b: &Position| {
        (a.white, a.black, a.kings, a.side) == (b.white, b.black, b.kings, b.side)
    };
    let mut legal = Vec::new();
    let mut moves = Vec::new();
    for pair in boards.windows(2) {
        engine.legal_moves(&pair[0], &mut legal);
        match legal
            .iter()
            .find(|mv| same(&engine.play(&pair[0], mv), &pair[1]))
        {
            Some(mv) => moves.push(*mv),
            // Boards that no move links (a position built by hand): the last one alone.
            None => return (position.board, Vec::new()),
        }
    }
    let first = boards.first().copied().unwrap_or(position.board);
    (first, moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::variant::game::VariantGame;
    use crate::game::Game;

    /// `protocol.txt`'s example positions: the start of a game, and one with kings whose
    /// `moves` the engine must be able to play from it.
    const START: &str = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";
    const WITH_KINGS: &str = "BeeeWWeeeeeeeeeeeeeeeeeeeweeeeeeeeewweBeeeeeeeeeBee";

    #[test]
    fn the_protocol_start_position_is_international_draughts_start() {
        let engine = Engine::new(Variant::International.rules());
        assert_eq!(encode(engine.rules(), &engine.start()), START);
        assert_eq!(decode(engine.rules(), START), Ok(engine.start()));
    }

    #[test]
    fn the_protocol_example_with_moves_is_played_from_its_position() {
        let engine = Engine::new(Variant::International.rules());
        let rules = engine.rules();
        let mut position = decode(rules, WITH_KINGS).unwrap();
        assert_eq!(encode(rules, &position), WITH_KINGS);
        for text in "38-15 5-41 48-26".split(' ') {
            let mv = parse_move(&engine, &position, text).unwrap();
            assert_eq!(move_text(rules, &mv), text);
            position = engine.play(&position, &mv);
        }
        assert_eq!(position.side, Color::White);
    }

    #[test]
    fn moves_are_written_with_captured_squares_and_read_back_on_every_rule_set() {
        for &variant in Variant::ALL {
            let game = VariantGame::new(variant, 400);
            let mut position = game.start();
            let mut rng = crate::rng::stream(3, "hub/round-trip", variant as u64);
            let mut legal = Vec::new();
            for _ in 0..60 {
                game.legal_moves(&position, &mut legal);
                if game.result(&position).is_some() {
                    break;
                }
                let text = encode(game.rules(), &position.board);
                assert_eq!(text.len() as u32, game.rules().squares() + 1);
                let b = position.board;
                let board = Position::new(b.white, b.black, b.kings, b.side);
                assert_eq!(decode(game.rules(), &text), Ok(board), "{variant}");
                for mv in &legal {
                    let written = move_text(game.rules(), mv);
                    let read = parse_move(&game.engine, &position.board, &written).unwrap();
                    assert_eq!(read.merge_key(), mv.merge_key(), "{variant} {written}");
                }
                let at = crate::rng::below(&mut rng, legal.len() as u64) as usize;
                position = game.play(&position, &legal[at]);
            }
        }
    }

    #[test]
    fn a_capture_lists_the_captured_squares_after_its_end() {
        let engine = Engine::new(Variant::International.rules());
        let position = parse_fen(engine.rules(), "W:W28:B23,13").unwrap();
        let mut legal = Vec::new();
        engine.legal_moves(&position, &mut legal);
        let texts: Vec<String> = legal.iter().map(|m| move_text(engine.rules(), m)).collect();
        assert_eq!(texts, ["28x8x13x23"]);
        assert!(parse_move(&engine, &position, "28x8x23x13").is_ok());
    }

    #[test]
    fn bad_text_is_malformed_and_a_move_off_the_legal_list_is_illegal() {
        let engine = Engine::new(Variant::International.rules());
        let start = engine.start();
        for text in [
            "", "32", "32-28-23", "32x28", "a-b", "32-51", "0-5", "garbage",
        ] {
            assert!(
                matches!(
                    parse_move(&engine, &start, text),
                    Err(MoveError::Malformed(_))
                ),
                "{text:?}"
            );
        }
        for text in ["32-37", "28-32", "1-6", "32x28x23"] {
            assert!(
                matches!(
                    parse_move(&engine, &start, text),
                    Err(MoveError::Illegal(_))
                ),
                "{text:?}"
            );
        }
        let rules = engine.rules();
        assert!(
            decode(rules, &START[..50])
                .unwrap_err()
                .contains("50 characters")
        );
        assert!(
            decode(rules, &START.replace('W', "X"))
                .unwrap_err()
                .contains("W or B")
        );
        assert!(
            decode(rules, &START.replacen('e', "q", 1))
                .unwrap_err()
                .contains("`q`")
        );
        // A white man on White's crowning row.
        let crowned = format!("W{}{}", "w", &START[2..]);
        assert!(decode(rules, &crowned).is_err());
    }

    #[test]
    fn history_is_the_board_after_the_last_man_move_and_the_king_moves_since() {
        let game = VariantGame::new(Variant::International, 400);
        let start = VariantPosition::new(parse_fen(game.rules(), "W:WK46,35:BK1,16").unwrap());
        let mut position = start.clone();
        for text in ["35-30", "1-7", "46-41", "7-1"] {
            let mv = game.parse_move(&position, text).unwrap();
            position = game.play(&position, &mv);
        }
        let (board, moves) = history(&game.engine, &position);
        let after_man = {
            let mv = game.parse_move(&start, "35-30").unwrap();
            game.play(&start, &mv).board
        };
        assert_eq!(board, after_man);
        let texts: Vec<String> = moves.iter().map(|m| move_text(game.rules(), m)).collect();
        assert_eq!(texts, ["1-7", "46-41", "7-1"]);
        assert_eq!(variant_of("normal"), Ok(Variant::International));
        assert_eq!(variant_of("international"), Ok(Variant::International));
        assert_eq!(variant_of("frisian"), Ok(Variant::Frisian));
        assert!(variant_of("bt").unwrap_err().contains("normal killer"));
    }
}
