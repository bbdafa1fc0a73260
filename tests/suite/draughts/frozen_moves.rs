//! The 8×8 generator's move lists, frozen: `tests/data/draughts-8x8-moves.tsv` holds, for 2,100
//! positions of seeded random games under Czech, English and Damebot's rules (the three rule
//! sets the 8×8 generator plays), every legal move in the order the generator lists it, with
//! the pieces each capture takes. The order matters beyond the set of moves: bots draw among
//! equal moves by index, so a seeded game, a committed results folder and the Damebot vectors
//! depend on it. The file was written once by `freeze_the_8x8_move_lists` (ignored: it refuses
//! to overwrite the file) from the generator whose perft counts agree with dctl's and whose
//! moves agree with the oracle's; any engine that plays these rule sets must list the same
//! moves in the same order, as the national games' generator does under Czech and English
//! rules (Damebot's own rules are the 8×8 generator's alone).

use boardlab::draughts::movegen::legal_moves;
use boardlab::draughts::variant::{Engine, Position, Variant};
use boardlab::draughts::{Board, Move, Rules, Square, parse_fen, to_fen};
use std::fmt::Write as _;
use std::path::PathBuf;

const GAMES: u64 = 80;
/// Every this many plies a position is kept.
const EVERY: usize = 3;
const MAX_PLIES: usize = 180;
const POSITIONS_EACH: usize = 700;

fn path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/draughts-8x8-moves.tsv")
}

/// A move as the file writes it: its squares (the start and every landing, joined by `:` for a
/// capture and `-` for a step), then `/` and the captured squares (a1 first) for a capture.
fn route_text(
    squares: impl Iterator<Item = Square>,
    captured: impl Iterator<Item = Square>,
) -> String {
    let captured: Vec<String> = captured.map(|s| s.to_string()).collect();
    let squares: Vec<String> = squares.map(|s| s.to_string()).collect();
    let mut text = squares.join(if captured.is_empty() { "-" } else { ":" });
    if !captured.is_empty() {
        write!(text, "/{}", captured.join(",")).unwrap();
    }
    text
}

fn move_text(mv: &Move) -> String {
    route_text(
        std::iter::once(mv.from()).chain(mv.landing_squares()),
        mv.captured_squares(),
    )
}

fn listing(board: &Board, rules: Rules) -> String {
    let mut moves = Vec::new();
    legal_moves(board, rules, &mut moves);
    moves.iter().map(move_text).collect::<Vec<_>>().join(" ")
}

/// The kept positions of seeded random games under `rules`, distinct, in the order met.
fn positions(rules: Rules) -> Vec<Board> {
    let mut kept: Vec<Board> = Vec::new();
    let mut moves = Vec::new();
    for game in 0..GAMES {
        let mut rng = boardlab::rng::stream(20261205, &format!("frozen-moves/{rules:?}"), game);
        let mut board = Board::start();
        for ply in 0..MAX_PLIES {
            legal_moves(&board, rules, &mut moves);
            if moves.is_empty() {
                break;
            }
            if ply % EVERY == 0 && !kept.contains(&board) && kept.len() < POSITIONS_EACH {
                kept.push(board);
            }
            let pick = boardlab::rng::below(&mut rng, moves.len() as u64) as usize;
            board = board.play(&moves[pick]);
        }
    }
    kept
}

#[test]
#[ignore = "writes tests/data/draughts-8x8-moves.tsv once; it refuses to overwrite the frozen file"]
fn freeze_the_8x8_move_lists() {
    assert!(
        !path().exists(),
        "{} is frozen: delete it only to freeze a generator proved again against dctl",
        path().display()
    );
    let mut text =
        String::from("# rules\tFEN\tlegal moves in the generator's order (squares/captured)\n");
    for rules in [Rules::Czech, Rules::English, Rules::Damebot] {
        for board in positions(rules) {
            writeln!(
                text,
                "{}\t{}\t{}",
                rules.name(),
                to_fen(&board),
                listing(&board, rules)
            )
            .unwrap();
        }
    }
    std::fs::write(path(), text).unwrap();
}

#[test]
fn the_8x8_generator_lists_the_frozen_moves_in_the_frozen_order() {
    let text = std::fs::read_to_string(path()).unwrap();
    let mut checked = [0usize; 3];
    let mut captures = 0;
    let mut kings = 0;
    for (number, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#'))
    {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 3, "line {}: {line}", number + 1);
        let rules: Rules = fields[0].parse().unwrap();
        let board = parse_fen(fields[1]).unwrap();
        assert_eq!(
            listing(&board, rules),
            fields[2],
            "line {}: {} {}",
            number + 1,
            fields[0],
            fields[1]
        );
        checked[[Rules::Czech, Rules::English, Rules::Damebot]
            .iter()
            .position(|&r| r == rules)
            .unwrap()] += 1;
        captures += usize::from(fields[2].contains('/'));
        kings += usize::from(fields[1].contains('K'));
    }
    assert_eq!(checked, [POSITIONS_EACH; 3], "positions per rule set");
    assert!(
        captures >= 300 && kings >= 300,
        "{captures} with captures, {kings} with kings"
    );
}

/// The frozen lines of `rules`: each position and its listing.
fn frozen(rules: Rules) -> Vec<(Board, String)> {
    let text = std::fs::read_to_string(path()).unwrap();
    text.lines()
        .filter(|l| l.starts_with(&format!("{}\t", rules.name())))
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            (parse_fen(fields[1]).unwrap(), fields[2].to_string())
        })
        .collect()
}

/// The 8×8 square of a padded-layout index, which both generators share on 8×8.
fn square(index: u32) -> Square {
    Square::from_index(index as u8).unwrap()
}

#[test]
fn the_national_generator_lists_the_frozen_czech_and_english_moves_in_order() {
    for (rules, variant) in [
        (Rules::Czech, Variant::Czech),
        (Rules::English, Variant::English),
    ] {
        let engine = Engine::new(variant.rules());
        let lines = frozen(rules);
        assert_eq!(lines.len(), POSITIONS_EACH, "{variant}");
        let mut moves = Vec::new();
        for (board, listing) in lines {
            let position = Position::new(
                board.white as u128,
                board.black as u128,
                board.kings as u128,
                board.side,
            );
            engine.legal_moves(&position, &mut moves);
            let texts: Vec<String> = moves
                .iter()
                .map(|mv| {
                    let landings = mv.landings().iter().map(|&i| square(u32::from(i)));
                    let captured = (0..64).filter(|i| mv.captured() >> i & 1 != 0);
                    route_text(
                        std::iter::once(square(mv.from())).chain(landings),
                        captured.map(square),
                    )
                })
                .collect();
            assert_eq!(texts.join(" "), listing, "{variant} {}", to_fen(&board));
        }
    }
}
