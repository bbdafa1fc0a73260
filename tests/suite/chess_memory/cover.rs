//! The cover search end to end: valid and reproducible boards, the refusal of queues it does
//! not fill, and the bench options that compare it with the seed's search.

use crate::common::boardlab;
use boardlab::chess_memory::board::BoardSize;
use boardlab::chess_memory::queue::Queue;
use boardlab::chess_memory::search::{Algorithm, Outcome, RestartPolicy, SearchConfig, draw};

const COVER: SearchConfig = SearchConfig {
    algorithm: Algorithm::Cover,
    restart: RestartPolicy::Never,
};

fn json(output: &[u8]) -> serde_json::Value {
    serde_json::from_slice(output).unwrap()
}

#[test]
fn cover_boards_are_valid_reproducible_and_varied() {
    let queue = Queue::seed(BoardSize::STANDARD);
    let mut boards = Vec::new();
    for index in 0..40 {
        // `draw` runs the validator and the composition check on every solved board.
        let first = draw(&queue, &COVER, 7, index, None).unwrap();
        assert_eq!(first.outcome, Outcome::Solved);
        assert_eq!(first, draw(&queue, &COVER, 7, index, None).unwrap());
        boards.push(first.board);
    }
    boards.sort_by_key(|b| format!("{b:?}"));
    boards.dedup();
    assert_eq!(boards.len(), 40);
}

#[test]
fn a_cap_censors_cover_at_the_cap() {
    let queue = Queue::seed(BoardSize::STANDARD);
    let censored = draw(&queue, &COVER, 7, 0, Some(5)).unwrap();
    assert_eq!(censored.outcome, Outcome::Censored);
    assert_eq!(censored.counters.iterations, 5);
    // Queens and five pairs at most: the partial board is not full.
    assert!(censored.board.occupied().count_ones() < 64);
}

#[test]
fn other_sizes_and_compositions_are_refused_with_one_line() {
    for extra in [&["--size", "6"][..], &["--order", "queue:QqNn"][..]] {
        let output = boardlab()
            .args(["draw", "--algorithm", "cover"])
            .args(extra)
            .output()
            .unwrap();
        assert!(!output.status.success());
        let message = String::from_utf8(output.stderr).unwrap();
        assert!(message.contains("full 8×8 boards only"), "{message}");
        assert_eq!(message.trim_end().lines().count(), 1, "{message}");
    }
}

#[test]
fn bench_compares_with_the_seed_and_counts_boards() {
    let output = boardlab()
        .args([
            "bench",
            "--threads",
            "1",
            "--algorithm",
            "cover",
            "--draws",
            "300",
        ])
        .args(["--compare", "seed", "--compare-draws", "4", "--runs", "3"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let report = json(&output.stdout);
    assert_eq!(report["solved"], 300);
    assert_eq!(report["compare"]["algorithm"], "seed");
    assert_eq!(
        report["compare"]["draws_per_sec_runs"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    assert!(report["compare"]["speedup"].as_f64().unwrap() > 1.0);
    assert!(report["table_build_seconds"].as_f64().unwrap() < 1.0);

    let output = boardlab()
        .args([
            "bench",
            "--algorithm",
            "cover",
            "--census",
            "--draws",
            "200",
        ])
        .args(["--reference-draws", "8"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let census = json(&output.stdout);
    assert_eq!(census["distinct_boards"], 200);
    let tv = &census["tv_per_square"];
    for series in ["none", "random_symmetry", "seed_half_vs_half"] {
        let (mean, max) = (
            tv[series]["mean"].as_f64().unwrap(),
            tv[series]["max"].as_f64().unwrap(),
        );
        assert!(
            (0.0..=1.0).contains(&mean) && mean <= max && max <= 1.0,
            "{series}"
        );
    }
}
