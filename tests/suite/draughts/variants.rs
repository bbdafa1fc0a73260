//! The national games' generator: published perft counts of all twelve rule sets
//! (`tests/data/draughts-variants.perft`, a source per row), the same moves in the same order
//! as the 8×8 generator under Czech and English rules, and positions and moves as text.
//!
//! Counts up to two million nodes run in the normal suite; the deeper ones are `#[ignore]`d:
//! run them with `cargo test --release --test suite draughts::variants:: -- --ignored`.

use crate::common::variant_oracle as oracle;
use boardlab::draughts::movegen::legal_moves;
use boardlab::draughts::perft::Captures;
use boardlab::draughts::square::VALID;
use boardlab::draughts::variant::notation::{self, Squares};
use boardlab::draughts::variant::perft::perft;
use boardlab::draughts::variant::{Engine, Position, Variant, play};
use boardlab::draughts::{Board, Color, Rules};

struct Case {
    variant: Variant,
    convention: Captures,
    depth: u32,
    count: u64,
    fen: String,
    source: String,
}

fn cases() -> Vec<Case> {
    let text = include_str!("../../data/draughts-variants.perft");
    let mut lines = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    assert_eq!(
        lines.next(),
        Some("rules,convention,depth,count,fen,source")
    );
    lines
        .map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            assert_eq!(fields.len(), 6, "bad line {line}");
            Case {
                variant: fields[0].parse().unwrap(),
                convention: fields[1].parse().unwrap(),
                depth: fields[2].parse().unwrap(),
                count: fields[3].parse().unwrap(),
                fen: fields[4].to_string(),
                source: fields[5].to_string(),
            }
        })
        .collect()
}

/// Checks the cases `filter` keeps; returns how many rule sets and rows it checked.
fn check(filter: impl Fn(&Case) -> bool) -> (usize, usize) {
    let mut variants = std::collections::BTreeSet::new();
    let mut rows = 0;
    for case in cases().iter().filter(|c| filter(c)) {
        let rules = case.variant.rules();
        let position = match case.fen.as_str() {
            "start" => Engine::new(rules).start(),
            fen => notation::parse_fen(&rules, fen).unwrap(),
        };
        let got = perft(&rules, &position, case.depth, case.convention);
        assert_eq!(
            got, case.count,
            "{} {} perft({}) from {}",
            case.variant, case.convention, case.depth, case.source
        );
        variants.insert(case.variant);
        rows += 1;
    }
    (variants.len(), rows)
}

#[test]
fn published_counts_of_every_rule_set_up_to_two_million_nodes() {
    let (variants, rows) = check(|case| case.count <= 2_000_000);
    assert_eq!(variants, 12);
    assert!(rows >= 170, "{rows}");
}

#[test]
#[ignore = "deep: run in release"]
fn published_counts_up_to_a_few_hundred_million_nodes() {
    let (variants, _) = check(|case| case.count > 2_000_000 && case.count <= 600_000_000);
    assert_eq!(variants, 12);
}

#[test]
fn the_start_positions_have_the_documented_men_and_squares() {
    for &variant in Variant::ALL {
        let rules = variant.rules();
        let start = Engine::new(rules).start();
        let fen = notation::to_fen(&rules, &start);
        assert_eq!(start.white.count_ones(), rules.men_each(), "{variant}");
        assert_eq!(start.black.count_ones(), rules.men_each(), "{variant}");
        assert_eq!(notation::parse_fen(&rules, &fen), Ok(start), "{variant}");
    }
    let international = Variant::International.rules();
    assert_eq!(
        notation::parse_fen(&international, "W:W31-50:B1-20"),
        Ok(Engine::new(international).start())
    );
    let squares = Squares::new(international);
    let names: Vec<String> = [1, 5, 46, 50]
        .map(|n| squares.algebraic(squares.of_number(n).unwrap()))
        .to_vec();
    assert_eq!(names, ["b10", "j10", "a1", "i1"]);
    // The mirrored Spanish board: a1 is light, 1 = a8 and 32 = h1.
    let spanish = Squares::new(Variant::Spanish.rules());
    assert_eq!(spanish.algebraic(spanish.of_number(1).unwrap()), "a8");
    assert_eq!(spanish.algebraic(spanish.of_number(32).unwrap()), "h1");
    assert!(spanish.parse("a1").is_err());
}

#[test]
fn bad_positions_are_refused_in_one_line_naming_the_problem() {
    let rules = Variant::International.rules();
    for (fen, needle) in [
        ("W:W51:B1", "square 51"),
        ("W:W31-50", "three fields"),
        ("X:W31:B1", "side to move"),
        ("W:W1:B20", "would have been crowned"),
        ("W:W31,31:B1", "given twice"),
        ("W:W40-31:B1", "backwards"),
        ("W:Wa2:B1", "light square"),
        ("W:WK1-30:B", "at most 20"),
    ] {
        let error = notation::parse_fen(&rules, fen).unwrap_err();
        assert!(error.contains(needle), "{fen}: {error}");
        assert!(!error.contains('\n'), "{error}");
    }
}

#[test]
fn moves_are_written_as_players_write_them_and_read_back() {
    let rules = Variant::International.rules();
    let engine = Engine::new(rules);
    let start = engine.start();
    let mv = notation::parse_move(&engine, &start, "32-28").unwrap();
    let position = play(&start, &mv);
    let mv = notation::parse_move(&engine, &position, "19-23").unwrap();
    let position = play(&position, &mv);
    let mut legal = Vec::new();
    engine.legal_moves(&position, &mut legal);
    let texts: Vec<String> = legal
        .iter()
        .map(|mv| notation::move_text(&rules, mv, &legal))
        .collect();
    assert_eq!(texts, ["28x19"]);
    let error = notation::parse_move(&engine, &position, "28-22").unwrap_err();
    assert!(error.contains("legal moves are 28x19"), "{error}");
    let russian = Variant::Russian.rules();
    let engine = Engine::new(russian);
    let position = notation::parse_fen(&russian, "W:Wc3:Bd4,f6").unwrap();
    let mut legal = Vec::new();
    engine.legal_moves(&position, &mut legal);
    assert_eq!(notation::move_text(&russian, &legal[0], &legal), "c3:g7");
}

/// A random 8×8 position: up to 8 pieces a side, a third of them kings, men never on their
/// far rank.
fn random_board(rng: &mut impl rand_core::Rng) -> Board {
    let mut board = Board {
        white: 0,
        black: 0,
        kings: 0,
        side: if boardlab::rng::below(rng, 2) == 1 {
            Color::Black
        } else {
            Color::White
        },
    };
    for color in [Color::White, Color::Black] {
        for _ in 0..1 + boardlab::rng::below(rng, 8) {
            let free = VALID & !board.occupied();
            let nth = boardlab::rng::below(rng, free.count_ones() as u64) as usize;
            let square = boardlab::draughts::square::squares(free).nth(nth).unwrap();
            let bit = square.bit();
            match color {
                Color::White => board.white |= bit,
                Color::Black => board.black |= bit,
            }
            if boardlab::rng::below(rng, 3) == 0 || color.promotion_rank() & bit != 0 {
                board.kings |= bit;
            }
        }
    }
    board
}

/// A move as (start, landings, captured), the padded indices both generators share on 8×8.
type Route = (u32, Vec<u32>, u128);

#[test]
fn czech_and_english_moves_equal_the_eight_by_eight_generators_in_order() {
    let mut rng = boardlab::rng::stream(7, "variants/czech-english", 0);
    let mut captures = 0;
    for _ in 0..3000 {
        let board = random_board(&mut rng);
        for (rules, variant) in [
            (Rules::Czech, Variant::Czech),
            (Rules::English, Variant::English),
        ] {
            let mut old = Vec::new();
            legal_moves(&board, rules, &mut old);
            let old: Vec<Route> = old
                .iter()
                .map(|mv| {
                    let landings = mv.landings().iter().map(|s| s.index() as u32).collect();
                    (mv.from().index() as u32, landings, mv.captured() as u128)
                })
                .collect();
            let position = Position::new(
                board.white as u128,
                board.black as u128,
                board.kings as u128,
                board.side,
            );
            let mut new = Vec::new();
            Engine::new(variant.rules()).legal_moves(&position, &mut new);
            let new: Vec<Route> = new
                .iter()
                .map(|mv| {
                    let landings = mv.landings().iter().map(|&i| i as u32).collect();
                    (mv.from(), landings, mv.captured())
                })
                .collect();
            assert_eq!(new, old, "{variant} {board:?}");
            captures += old.iter().filter(|m| m.2 != 0).count();
        }
    }
    assert!(captures > 2000, "only {captures} captures compared");
}

/// A random position of `variant`'s board, written as FEN: 1 to 10 pieces a side (more on
/// larger boards), a third of them kings, men never on their far row.
fn random_fen(variant: Variant, rng: &mut impl rand_core::Rng) -> String {
    random_fen_with_kings(variant, rng, 3)
}

/// As [`random_fen`], with one piece in `one_in` a king (besides those on their far row).
fn random_fen_with_kings(variant: Variant, rng: &mut impl rand_core::Rng, one_in: u64) -> String {
    let rules = variant.rules();
    let squares = Squares::new(rules);
    let numbers = rules.squares() as u64;
    let per_row = rules.size as u64 / 2;
    let most = 4 + rules.size as u64 / 2;
    let mut taken = std::collections::BTreeSet::new();
    let mut lists = [Vec::new(), Vec::new()];
    for (side, list) in lists.iter_mut().enumerate() {
        for _ in 0..1 + boardlab::rng::below(rng, most) {
            let number = 1 + boardlab::rng::below(rng, numbers);
            if !taken.insert(number) {
                continue;
            }
            // White's far row is squares 1..=per_row, Black's the last row.
            let far = if side == 0 {
                number <= per_row
            } else {
                number > numbers - per_row
            };
            let king = far || boardlab::rng::below(rng, one_in) == 0;
            list.push(format!("{}{number}", if king { "K" } else { "" }));
        }
    }
    let side = if boardlab::rng::below(rng, 2) == 0 {
        "W"
    } else {
        "B"
    };
    let _ = squares;
    format!("{side}:W{}:B{}", lists[0].join(","), lists[1].join(","))
}

/// The moves of a position as (start, landings, captured squares sorted), in PDN numbers.
type NumberedRoute = (u32, Vec<u32>, Vec<u32>);

/// A move and the position after it, as FEN.
type Step = (NumberedRoute, String);

/// Both generators' moves of `fen` and the positions after them, sorted.
fn both_generators(variant: Variant, fen: &str) -> (Vec<Step>, Vec<Step>) {
    let rules = variant.rules();
    let squares = Squares::new(rules);
    let engine = Engine::new(rules);
    let position = notation::parse_fen(&rules, fen).unwrap();
    let mut moves = Vec::new();
    engine.legal_moves(&position, &mut moves);
    let mut fast: Vec<Step> = moves
        .iter()
        .map(|mv| {
            let landings = mv
                .landings()
                .iter()
                .map(|&i| squares.number(i as u32))
                .collect();
            let mut captured: Vec<u32> = (0..128)
                .filter(|&i| mv.captured() >> i & 1 == 1)
                .map(|i| squares.number(i))
                .collect();
            captured.sort();
            let after = notation::to_fen(&rules, &play(&position, mv));
            ((squares.number(mv.from()), landings, captured), after)
        })
        .collect();
    let oracle_rules = oracle::rules(variant.name());
    let simple = oracle::OraclePosition::from_fen(&oracle_rules, fen);
    let mut slow: Vec<Step> = simple
        .moves(&oracle_rules)
        .iter()
        .map(|mv| {
            let mut captured = mv.captured.clone();
            captured.sort();
            let after = simple.play(&oracle_rules, mv).to_fen(&oracle_rules);
            ((mv.from, mv.landings.clone(), captured), after)
        })
        .collect();
    fast.sort();
    slow.sort();
    (fast, slow)
}

/// The oracle writes positions with numbers; the algebraic rule sets are compared in numbers.
fn numbered(variant: Variant, fen: &str) -> String {
    let mut rules = variant.rules();
    rules.notation = boardlab::draughts::variant::Notation::Numeric;
    let position = notation::parse_fen(&variant.rules(), fen).unwrap();
    notation::to_fen(&rules, &position)
}

#[test]
fn every_rule_set_agrees_with_the_oracle_move_by_move_on_random_positions() {
    let mut rng = boardlab::rng::stream(11, "variants/oracle", 0);
    for &variant in Variant::ALL {
        let (mut positions, mut captures, mut king_captures) = (0, 0, 0);
        while positions < 400 {
            let fen = random_fen(variant, &mut rng);
            let (fast, slow) = both_generators(variant, &fen);
            let fast: Vec<_> = fast
                .into_iter()
                .map(|(route, after)| (route, numbered(variant, &after)))
                .collect();
            assert_eq!(fast, slow, "{variant} {fen}");
            positions += 1;
            captures += fast.iter().filter(|(r, _)| !r.2.is_empty()).count();
            king_captures += fast.iter().filter(|(r, _)| r.2.len() >= 2).count();
        }
        assert!(captures > 100, "{variant}: only {captures} captures");
        assert!(
            king_captures > 20,
            "{variant}: only {king_captures} multiple captures"
        );
    }
}

#[test]
fn every_rule_set_agrees_with_the_oracle_in_perft_below_random_positions() {
    let mut rng = boardlab::rng::stream(12, "variants/oracle-perft", 0);
    for &variant in Variant::ALL {
        let rules = variant.rules();
        let oracle_rules = oracle::rules(variant.name());
        for _ in 0..12 {
            let fen = random_fen(variant, &mut rng);
            let position = notation::parse_fen(&rules, &fen).unwrap();
            let simple = oracle::OraclePosition::from_fen(&oracle_rules, &fen);
            for (convention, merge) in [(Captures::Paths, false), (Captures::Moves, true)] {
                assert_eq!(
                    perft(&rules, &position, 3, convention),
                    oracle::perft(&oracle_rules, &simple, 3, merge),
                    "{variant} {convention} perft(3) of {fen}"
                );
            }
        }
    }
}

/// perft(1) counts a position's moves without listing them (the men's single jumps all at
/// once, for instance); it must count exactly the moves the move list holds, every route under
/// the paths convention and each (start, end, captured set) once under the moves convention.
#[test]
fn perft_one_counts_the_listed_moves_of_every_rule_set_on_random_positions() {
    let mut rng = boardlab::rng::stream(13, "variants/perft-one", 0);
    for &variant in Variant::ALL {
        let rules = variant.rules();
        let engine = Engine::new(rules);
        let (mut single, mut longer) = (0, 0);
        for _ in 0..3000 {
            let fen = random_fen(variant, &mut rng);
            let position = notation::parse_fen(&rules, &fen).unwrap();
            let mut moves = Vec::new();
            engine.legal_moves(&position, &mut moves);
            let paths = moves.len() as u64;
            let mut distinct: Vec<_> = moves.iter().map(|mv| mv.merge_key()).collect();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(
                perft(&rules, &position, 1, Captures::Paths),
                paths,
                "{variant} {fen}"
            );
            let merged = distinct.len() as u64;
            let counted = perft(&rules, &position, 1, Captures::Moves);
            assert_eq!(counted, merged, "{variant} moves convention {fen}");
            single += moves
                .iter()
                .any(|mv| mv.landings().len() == 1 && mv.is_capture()) as u32;
            longer += moves.iter().any(|mv| mv.landings().len() >= 2) as u32;
        }
        assert!(
            single > 200,
            "{variant}: only {single} positions with single jumps"
        );
        assert!(
            longer > 50,
            "{variant}: only {longer} positions with longer captures"
        );
    }
}

/// perft(2) counts the replies to many quiet moves at once (where the opponent has men only
/// and no capture); it must equal the sum over the listed moves of the replies counted one
/// position at a time, on positions with few kings, so that the shortcut is taken often.
#[test]
fn perft_two_equals_the_replies_to_each_listed_move_on_random_positions() {
    let mut rng = boardlab::rng::stream(14, "variants/perft-two", 0);
    for &variant in Variant::ALL {
        let rules = variant.rules();
        let engine = Engine::new(rules);
        let mut quiet_positions = 0;
        for round in 0..1500 {
            let one_in = if round % 2 == 0 { 1_000_000 } else { 6 };
            let fen = random_fen_with_kings(variant, &mut rng, one_in);
            let position = notation::parse_fen(&rules, &fen).unwrap();
            let mut moves = Vec::new();
            engine.legal_moves(&position, &mut moves);
            quiet_positions += moves.iter().all(|mv| !mv.is_capture()) as u32;
            for convention in [Captures::Paths, Captures::Moves] {
                let mut listed = moves.clone();
                if convention == Captures::Moves {
                    listed.sort_unstable_by_key(|mv| mv.merge_key());
                    listed.dedup_by_key(|mv| mv.merge_key());
                }
                let replies: u64 = listed
                    .iter()
                    .map(|mv| perft(&rules, &play(&position, mv), 1, convention))
                    .sum();
                let counted = perft(&rules, &position, 2, convention);
                assert_eq!(counted, replies, "{variant} {convention} {fen}");
            }
        }
        assert!(
            quiet_positions > 300,
            "{variant}: only {quiet_positions} quiet positions"
        );
    }
}
