//! The bitboard generator against the simple array generator of `common/draughts_oracle.rs`:
//! the same legal moves (as text, every capture route), the same positions after them and the
//! same perft counts, on king-rich positions (where Czech differs from English checkers) and
//! on random positions, under both rules.

use crate::common::draughts_oracle as oracle;

use boardlab::draughts::movegen::legal_moves;
use boardlab::draughts::perft::{Captures, perft};
use boardlab::draughts::square::VALID;
use boardlab::draughts::{Board, Color, Rules, parse_fen, to_fen};
use oracle::OracleBoard;

/// King-rich positions: flying kings with long lines, kings among many men, both sides to move.
const POSITIONS: [&str; 12] = [
    "W:WKa1,Kc3,e3,g3:Bb6,d6,f6,Kh8",
    "W:WKd4:Bb6,c5,e5,f6,c3,f2",
    "B:WKa1,c1,Ke5,g3:Bb8,Kd6,f8,Kh4",
    "W:WKb2,Kg7:Ba3,c5,e7,Kf2,d4",
    "W:WKe1:Bb4,c7,e5,f2,g5,d4,b6",
    "B:WKc1,Kh2,a5,d4:Bb6,Ke7,Kg1,c3",
    "W:WKa7,b4,d2:Bc5,e5,Kg3,f6,d8",
    "W:WKh8,Kb2:Bc3,e5,g7,d6,f4",
    "B:WKa3,c5,e5,Kg1:Bd6,Kb8,f4,Kh6,b4",
    "W:WKd2,Kf6,a1:Be3,c5,g5,e7,Kb6",
    "B:WKe5,Kd4,c3,f6:Bb2,Kh8,Ka7,g3",
    "W:WKc5:Bb4,d4,b6,d6,f6,f4,f2,h6",
];

fn rules_of(english: bool) -> Rules {
    if english {
        Rules::English
    } else {
        Rules::Czech
    }
}

/// A move's text and the position after it.
type Step = (String, String);

/// The sorted move texts and following positions, by the fast generator and by the oracle.
fn both_sides(fen: &str, english: bool) -> (Vec<Step>, Vec<Step>) {
    let board = parse_fen(fen).unwrap();
    let mut moves = Vec::new();
    legal_moves(&board, rules_of(english), &mut moves);
    let mut fast: Vec<Step> = moves
        .iter()
        .map(|mv| (mv.to_string(), to_fen(&board.play(mv))))
        .collect();
    let simple = OracleBoard::from_fen(fen);
    let mut slow: Vec<Step> = simple
        .moves(english)
        .iter()
        .map(|mv| (mv.text(), simple.play(mv).to_fen()))
        .collect();
    fast.sort();
    slow.sort();
    (fast, slow)
}

/// Compares the two generators at every node of the tree below `fen` to `depth`.
fn agree_below(fen: &str, english: bool, depth: u32) -> u64 {
    let (fast, slow) = both_sides(fen, english);
    assert_eq!(fast, slow, "moves of {fen} (english: {english})");
    if depth <= 1 {
        return 1;
    }
    1 + fast
        .iter()
        .map(|(_, next)| agree_below(next, english, depth - 1))
        .sum::<u64>()
}

#[test]
fn both_generators_list_the_same_moves_in_every_node_to_depth_four() {
    for english in [false, true] {
        let nodes: u64 = POSITIONS
            .iter()
            .map(|fen| agree_below(fen, english, 4))
            .sum();
        assert!(nodes > 1000, "only {nodes} nodes compared");
    }
}

#[test]
fn both_generators_give_the_same_perft_to_depth_four() {
    for fen in POSITIONS {
        let board = parse_fen(fen).unwrap();
        for english in [false, true] {
            let expected = OracleBoard::from_fen(fen).perft(english, 4);
            let got = perft(&board, rules_of(english), Captures::Paths, 4);
            assert_eq!(got, expected, "perft(4) of {fen} (english: {english})");
        }
    }
}

#[test]
fn czech_and_english_differ_on_king_positions() {
    let differ = POSITIONS
        .iter()
        .filter(|fen| {
            let board = parse_fen(fen).unwrap();
            perft(&board, Rules::Czech, Captures::Paths, 2)
                != perft(&board, Rules::English, Captures::Paths, 2)
        })
        .count();
    assert!(differ >= 10, "{differ}");
}

/// A random position: up to 8 pieces a side, a third of them kings, men never on their own
/// promotion rank.
fn random_board(rng: &mut impl rand_core::Rng) -> Board {
    random_board_of(rng, 8, 3)
}

/// A random position: up to `most` pieces a side, each a king with chance 1 in `king_odds`
/// (0: men only), men never on their own promotion rank (a man there is a king).
fn random_board_of(rng: &mut impl rand_core::Rng, most: u64, king_odds: u64) -> Board {
    let mut board = Board {
        white: 0,
        black: 0,
        kings: 0,
        side: Color::White,
    };
    if boardlab::rng::below(rng, 2) == 1 {
        board.side = Color::Black;
    }
    for color in [Color::White, Color::Black] {
        let count = 1 + boardlab::rng::below(rng, most);
        for _ in 0..count {
            let free = VALID & !board.occupied();
            let nth = boardlab::rng::below(rng, free.count_ones() as u64) as u32;
            let square = boardlab::draughts::square::squares(free)
                .nth(nth as usize)
                .unwrap();
            let bit = square.bit();
            match color {
                Color::White => board.white |= bit,
                Color::Black => board.black |= bit,
            }
            let king = king_odds > 0 && boardlab::rng::below(rng, king_odds) == 0;
            if king || color.promotion_rank() & bit != 0 {
                board.kings |= bit;
            }
        }
    }
    board
}

#[test]
fn both_generators_agree_on_random_positions() {
    let mut rng = boardlab::rng::stream(7, "draughts-oracle", 0);
    let mut captures = 0;
    for _ in 0..400 {
        let fen = to_fen(&random_board(&mut rng));
        for english in [false, true] {
            agree_below(&fen, english, 2);
            let (fast, _) = both_sides(&fen, english);
            captures += fast.iter().filter(|(text, _)| text.contains(':')).count();
        }
    }
    assert!(captures > 300, "too few captures tried: {captures}");
}

/// Perft counts the last plies without listing moves: men's single jumps all at once, quiet
/// moves from whole bitboards. On crowded positions of men, full of multiple jumps, its counts
/// are the oracle's (every route), and under the moves convention the number of distinct
/// listed moves.
#[test]
fn bulk_counts_agree_with_the_oracle_on_positions_of_men() {
    let mut rng = boardlab::rng::stream(13, "draughts-oracle-men", 0);
    let mut multiple_jumps = 0;
    for _ in 0..300 {
        let board = random_board_of(&mut rng, 12, 0);
        let fen = to_fen(&board);
        for english in [false, true] {
            let rules = rules_of(english);
            let simple = OracleBoard::from_fen(&fen);
            for depth in 1..=3 {
                let got = perft(&board, rules, Captures::Paths, depth);
                assert_eq!(got, simple.perft(english, depth), "perft({depth}) of {fen}");
            }
            let mut moves = Vec::new();
            legal_moves(&board, rules, &mut moves);
            multiple_jumps += moves.iter().filter(|mv| mv.landings_len() > 1).count();
            moves.sort_by_key(|mv| mv.key());
            moves.dedup_by_key(|mv| mv.key());
            let distinct = perft(&board, rules, Captures::Moves, 1);
            assert_eq!(distinct, moves.len() as u64, "moves of {fen}");
        }
    }
    assert!(
        multiple_jumps > 50,
        "too few multiple jumps tried: {multiple_jumps}"
    );
}

/// The original Damebot's generator, switched to the Czech rules, lists the Czech-legal moves
/// (each once) of every position: the bot meets under Czech rules exactly the moves a Czech
/// game allows.
#[test]
fn the_original_generator_under_czech_rules_lists_the_czech_moves() {
    use boardlab::draughts::original::{PieceOrder, scored_moves};
    let mut rng = boardlab::rng::stream(11, "draughts-original-czech", 0);
    let mut boards: Vec<Board> = (0..3000).map(|_| random_board(&mut rng)).collect();
    boards.extend(POSITIONS.iter().map(|fen| parse_fen(fen).unwrap()));
    let (mut scored, mut legal) = (Vec::new(), Vec::new());
    let mut king_captures = 0;
    for board in boards {
        scored_moves(
            &board,
            &PieceOrder::of_board(&board),
            Rules::Czech,
            &mut scored,
        );
        let mut original: Vec<String> = scored.iter().map(|s| s.mv.to_string()).collect();
        legal_moves(&board, Rules::Czech, &mut legal);
        let mut fast: Vec<String> = legal.iter().map(|m| m.to_string()).collect();
        original.sort();
        fast.sort();
        assert_eq!(original, fast, "{}", to_fen(&board));
        king_captures += legal
            .iter()
            .filter(|m| m.is_capture() && board.kings & m.from().bit() != 0)
            .count();
    }
    assert!(
        king_captures > 1000,
        "only {king_captures} king captures tried"
    );
}
