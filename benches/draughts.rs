//! Microbenchmarks of the draughts move generator (divan): Czech perft with every capture
//! route counted, bulk counted at the last ply as `boardlab draughts perft` counts it, from the
//! start position (men only at these depths) and from two king-rich positions of the oracle
//! tests (flying kings with long lines and king captures). Throughput is in perft nodes
//! (divan's items).
//!
//! `cargo bench --bench draughts` (add `-- kings` to run the benchmarks whose name matches).

use boardlab::draughts::perft::{Captures, Perft};
use boardlab::draughts::{Board, Rules, parse_fen};
use divan::counter::ItemsCount;
use divan::{Bencher, black_box};

fn main() {
    divan::main();
}

/// perft(`depth`) of `board` under Czech rules, every route counted; the node count is
/// measured once outside the timed region and reported as the throughput.
fn bench_perft(bencher: Bencher, board: Board, depth: u32) {
    let mut counter = Perft::new(Rules::Czech, Captures::Paths);
    let nodes = counter.count(&board, depth);
    bencher
        .counter(ItemsCount::new(nodes))
        .bench_local(|| counter.count(black_box(&board), black_box(depth)));
}

/// From the start position: 845,931 nodes at depth 8, 3,963,671 at depth 9.
#[divan::bench(args = [8, 9], sample_count = 20, sample_size = 1)]
fn start(bencher: Bencher, depth: u32) {
    bench_perft(bencher, Board::start(), depth);
}

/// From king-rich positions of the oracle tests, where the kings' flying moves and captures
/// dominate.
mod kings {
    use super::*;

    /// Two white kings and a black one on the long diagonal among men, White to move:
    /// 10,012,653 nodes at depth 10.
    #[divan::bench(sample_count = 20, sample_size = 1)]
    fn three_kings(bencher: Bencher) {
        let board = parse_fen("W:WKa1,Kc3,e3,g3:Bb6,d6,f6,Kh8").unwrap();
        bench_perft(bencher, board, 10);
    }

    /// Two kings a side among men, Black to move: 1,382,647 nodes at depth 8.
    #[divan::bench(sample_count = 20, sample_size = 1)]
    fn four_kings(bencher: Bencher) {
        let board = parse_fen("B:WKc1,Kh2,a5,d4:Bb6,Ke7,Kg1,c3").unwrap();
        bench_perft(bencher, board, 8);
    }
}
