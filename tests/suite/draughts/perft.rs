//! The move generator against published perft counts (`tests/data/draughts.perft`, which
//! names the source of every count). Counts up to a million nodes run in the normal suite;
//! the deeper ones are `#[ignore]`d: run them with
//! `cargo test --release --test suite draughts::perft:: -- --ignored`.

use boardlab::draughts::perft::{Captures, perft};
use boardlab::draughts::{Board, Rules, parse_fen};

struct Case {
    rules: Rules,
    convention: Captures,
    depth: u32,
    count: u64,
    board: Board,
    source: String,
}

fn cases() -> Vec<Case> {
    let text = include_str!("../../data/draughts.perft");
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
                rules: fields[0].parse().unwrap(),
                convention: match fields[1] {
                    "paths" => Captures::Paths,
                    "moves" => Captures::Moves,
                    other => panic!("bad convention {other}"),
                },
                depth: fields[2].parse().unwrap(),
                count: fields[3].parse().unwrap(),
                board: match fields[4] {
                    "start" => Board::start(),
                    fen => parse_fen(fen).unwrap(),
                },
                source: fields[5].to_string(),
            }
        })
        .collect()
}

fn check(filter: impl Fn(&Case) -> bool) -> usize {
    let mut checked = 0;
    for case in cases().iter().filter(|c| filter(c)) {
        let got = perft(&case.board, case.rules, case.convention, case.depth);
        assert_eq!(
            got,
            case.count,
            "{} {} perft({}) from {}",
            case.rules,
            case.convention.name(),
            case.depth,
            case.source
        );
        checked += 1;
    }
    checked
}

#[test]
fn published_counts_up_to_a_million_nodes() {
    let checked = check(|case| case.count <= 1_000_000);
    assert_eq!(checked, 17);
}

#[test]
#[ignore = "deep: run in release"]
fn published_counts_up_to_depth_eleven() {
    let checked = check(|case| case.count > 1_000_000 && case.depth <= 11);
    assert_eq!(checked, 12);
}

#[test]
#[ignore = "very deep: minutes in release"]
fn published_counts_at_depths_twelve_and_thirteen() {
    assert_eq!(check(|case| case.depth >= 12), 8);
}
