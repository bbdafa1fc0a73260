//! Golden hashes of the searches' draws: rewrites of a search's inner loop (whole-board mask
//! operations, the restart loop moved into the search) must keep every board and counter
//! byte for byte. Each case hashes the JSON-like line of a few dozen draws; the expected
//! values were recorded from the loop-per-square search that re-entered itself per restart.

use boardlab::chess_memory::board::BoardFormat;
use boardlab::chess_memory::board::{BoardSize, format_board};
use boardlab::chess_memory::queue::Queue;
use boardlab::chess_memory::search::{Algorithm, SearchConfig, draw};
use boardlab::rng::fnv1a64;

/// FNV-1a of one line per draw: outcome, counters and the final board.
fn hash_of_draws(order: &str, size: usize, algorithm: Algorithm, restart: &str, draws: u64) -> u64 {
    let queue = Queue::parse(order, BoardSize::new(size).unwrap()).unwrap();
    let config = SearchConfig {
        algorithm,
        restart: restart.parse().unwrap(),
    };
    let mut text = String::new();
    for index in 0..draws {
        let d = draw(&queue, &config, 11, index, Some(200_000)).unwrap();
        let c = d.counters;
        text.push_str(&format!(
            "{index},{},{},{},{},{},{},{}\n",
            d.outcome,
            c.iterations,
            c.step_backs,
            c.retries,
            c.random_calls,
            c.restarts,
            format_board(&d.board, BoardFormat::Fen)
        ));
    }
    fnv1a64(text.as_bytes())
}

#[test]
fn forward_checking_draws_are_unchanged() {
    let mut report = String::new();
    for ((order, size, algorithm, restart, draws), expected) in CASES.into_iter().zip(EXPECTED) {
        let got = hash_of_draws(order, size, algorithm, restart, draws);
        if got != expected {
            report.push_str(&format!("{order} {size} {algorithm} {restart}: {got:#x}\n"));
        }
    }
    assert!(report.is_empty(), "changed draws:\n{report}");
}

#[test]
#[ignore = "prints the hashes to record"]
fn print_hashes() {
    for (order, size, algorithm, restart, draws) in CASES {
        println!(
            "{order} {size} {algorithm} {restart} {draws}: {:#x},",
            hash_of_draws(order, size, algorithm, restart, draws)
        );
    }
}

const CASES: [(&str, usize, Algorithm, &str, u64); 10] = [
    ("QNBR", 8, Algorithm::Fc, "none", 60),
    ("QNBR", 8, Algorithm::Fc, "fixed:300", 200),
    ("NQBR", 8, Algorithm::Fc, "luby:64", 60),
    ("QNBR", 6, Algorithm::Fc, "fixed:50", 100),
    ("QqNnBbRr", 5, Algorithm::Fc, "none", 100),
    ("QNBR", 8, Algorithm::Mrv, "luby:256", 30),
    ("QNBR", 7, Algorithm::Mrv, "fixed:100", 40),
    ("QNBR", 8, Algorithm::Seed, "fixed:500", 40),
    ("QNBR", 8, Algorithm::Dfs, "geometric:100,1.5", 40),
    ("QQQQQ", 4, Algorithm::Fc, "fixed:7", 20),
];

/// Recorded before the rewrite, in the order of [`CASES`].
const EXPECTED: [u64; 10] = [
    0x52b870a116329a9b,
    0xa0eb9760cd2b51c8,
    0xe683ad8c655999b6,
    0x8ba23c08651c14ff,
    0x7370c8edfc85cc09,
    0xd60132b0f7c1de1b,
    0x69d30b997957b13b,
    0x5d203969fda25368,
    0xab6cd2966e21a012,
    0x50e7556fddf6926d,
];
