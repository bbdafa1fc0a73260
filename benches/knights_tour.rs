//! Microbenchmarks of Warnsdorff's rule (divan): one greedy draw of the engine that
//! `boardlab knights-tour bench` and the experiments run, from the corner, on the 8×8 board
//! with the seed's tie-break and on a 1000×1000 board with the random tie-break (and with
//! Squirrel's schedule, which completes the tour there). Each draw is drawn once before the
//! timing and checked by the validator; the timed region is the engine's loop alone, and its
//! throughput is the squares visited (divan's items).
//!
//! `cargo bench --bench knights_tour` (add `-- large` to run the benchmarks whose name matches).

use boardlab::knights_tour::warnsdorff::{Engine, Plan};
use boardlab::knights_tour::{Board, Outcome, Rule, Square, validate_path, validate_tour};
use boardlab::rng;
use divan::counter::ItemsCount;
use divan::{Bencher, black_box};

fn main() {
    divan::main();
}

/// Draw 0 of master seed 1 from the corner, as `knights-tour bench --size N --rule RULE`
/// draws it: the same stream every iteration, so every iteration walks the same path.
fn bench_draw(bencher: Bencher, size: u64, rule: &str) {
    let board = Board::square(size).unwrap();
    let rule: Rule = rule.parse().unwrap();
    let plan = Plan::new(&board, &rule).unwrap();
    let start = Square::new(0, 0);
    let label = format!("knights {board} {rule} 1,1");
    let stream = rng::stream(1, &label, 0);
    let mut engine = Engine::new(board);

    let result = engine.run(start, &plan, false, &mut stream.clone());
    let path = engine.path();
    let (width, height) = (board.width(), board.height());
    if result.outcome == Outcome::Tour {
        validate_tour(width, height, &path).unwrap();
    } else {
        validate_path(width, height, &path).unwrap();
    }
    let squares = path.len();

    bencher.counter(ItemsCount::new(squares)).bench_local(|| {
        let result = engine.run(start, &plan, false, &mut stream.clone());
        black_box(result);
        black_box(engine.path_indices().len())
    });
}

/// The seed's rule on the 8×8 board: a full tour of 64 squares.
#[divan::bench(sample_count = 100, sample_size = 1000)]
fn seed_8x8(bencher: Bencher) {
    bench_draw(bencher, 8, "seed");
}

/// The same 8×8 tour without its tie count ([`Engine::run_outcome`], as `knights-tour
/// bench` runs it unless `--count-ties`): the cost of the bookkeeping is the difference.
#[divan::bench(sample_count = 100, sample_size = 1000)]
fn seed_8x8_outcome_only(bencher: Bencher) {
    let board = Board::square(8).unwrap();
    let plan = Plan::new(&board, &"seed".parse().unwrap()).unwrap();
    let start = Square::new(0, 0);
    let stream = rng::stream(1, "unused", 0);
    let mut engine = Engine::new(board);
    let outcome = engine.run_outcome(start, &plan, false, &mut stream.clone());
    assert_eq!(outcome, Outcome::Tour);
    validate_tour(board.width(), board.height(), &engine.path()).unwrap();
    bencher
        .counter(ItemsCount::new(64usize))
        .bench_local(|| black_box(engine.run_outcome(start, &plan, false, &mut stream.clone())));
}

/// 1000×1000: the random tie-break reaches a dead end after 240,298 squares in this draw;
/// Squirrel's schedule visits all 10⁶.
#[divan::bench(args = ["random", "squirrel"], sample_count = 20, sample_size = 1)]
fn large_1000x1000(bencher: Bencher, rule: &str) {
    bench_draw(bencher, 1000, rule);
}
