//! Microbenchmarks of the searches' hot paths (divan): selecting the k-th set bit, one pair
//! placement, forward checking's usable squares (whole-board shifts against the loop over
//! squares they replaced), the cover search's partner squares of both colours at once
//! against one colour at a time, and one whole draw of each search.
//!
//! `cargo bench --bench search` (add `-- draw` to run the benchmarks whose name matches).

use boardlab::chess_memory::board::BoardSize;
use boardlab::chess_memory::pieces::Kind;
use boardlab::chess_memory::queue::Queue;
use boardlab::chess_memory::rules::AttackTables;
use boardlab::chess_memory::search::{self, Algorithm, SearchConfig, SetAttacks};
use boardlab::rng::{self, BitSelect, BroadwordSelect};
use divan::{Bencher, black_box};

fn main() {
    divan::main();
}

/// Random words: sets of squares of mixed density.
fn words(count: usize) -> Vec<u64> {
    let mut stream = rng::stream(1, "bench words", 0);
    (0..count)
        .map(|_| {
            let (a, b) = (
                rand_core::Rng::next_u64(&mut stream),
                rand_core::Rng::next_u64(&mut stream),
            );
            if a % 2 == 0 { a & b } else { a | b }
        })
        .collect()
}

mod bit_selection {
    use super::*;

    #[divan::bench]
    fn broadword(bencher: Bencher) {
        let sets = words(1024);
        bencher.bench_local(|| {
            sets.iter()
                .filter(|&&bits| bits != 0)
                .map(|&bits| BroadwordSelect.select(black_box(bits), bits.count_ones() / 2))
                .sum::<u32>()
        });
    }

    #[cfg(target_arch = "x86_64")]
    #[divan::bench]
    fn pdep(bencher: Bencher) {
        if !std::arch::is_x86_feature_detected!("bmi2") {
            return;
        }
        let sets = words(1024);
        bencher.bench_local(|| {
            sets.iter()
                .filter(|&&bits| bits != 0)
                .map(|&bits| {
                    let k = bits.count_ones() / 2;
                    // SAFETY: bmi2 was detected above.
                    unsafe { core::arch::x86_64::_pdep_u64(1u64 << k, black_box(bits)) }
                        .trailing_zeros()
                })
                .sum::<u32>()
        });
    }
}

/// One pair placed by the seed's loop: a draw of a one-pair queue (pick a first square,
/// pick a partner, place), with the stream set-up of a draw.
#[divan::bench]
fn one_pair_placement(bencher: Bencher) {
    let queue = Queue::parse("Q", BoardSize::STANDARD).unwrap();
    let mut index = 0;
    bencher.bench_local(|| {
        index += 1;
        let mut picker = search::UniformPicker::new(rng::stream(1, "Q", index));
        search::seed_backtrack(&queue, &mut picker, None)
    });
}

mod forward_checking {
    use super::*;

    /// The usable squares of every kind for 1024 random (possible, occupied) pairs.
    #[divan::bench(args = [Kind::Queen, Kind::Knight, Kind::Bishop, Kind::Rook])]
    fn usable_by_shifts(bencher: Bencher, kind: Kind) {
        let sets = words(2048);
        let geometry = SetAttacks::for_size(BoardSize::STANDARD);
        bencher.bench_local(|| {
            sets.chunks(2)
                .map(|w| {
                    geometry
                        .with_partner(kind, black_box(w[0] & !w[1]))
                        .count_ones()
                })
                .sum::<u32>()
        });
    }

    /// The same with the loop over the free squares that fc used before.
    #[divan::bench(args = [Kind::Queen, Kind::Knight, Kind::Bishop, Kind::Rook])]
    fn usable_by_loop(bencher: Bencher, kind: Kind) {
        let sets = words(2048);
        let attacks = AttackTables::for_size(BoardSize::STANDARD).of_kind(kind);
        bencher.bench_local(|| {
            sets.chunks(2)
                .map(|w| {
                    let free = black_box(w[0] & !w[1]);
                    let (mut usable, mut rest) = (0u64, free);
                    while rest != 0 {
                        let square = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        if attacks[square] & free != 0 {
                            usable |= 1 << square;
                        }
                    }
                    usable.count_ones()
                })
                .sum::<u32>()
        });
    }
}

/// The cover search's partner squares of two sets of one kind (the two colours), 1024
/// pairs of sets: both in one SSE2 register against one set at a time.
mod partners_of_two_sets {
    use super::*;

    #[divan::bench(args = [Kind::Bishop, Kind::Rook])]
    fn both_at_once(bencher: Bencher, kind: Kind) {
        let sets = words(2048);
        bencher.bench_local(|| {
            sets.chunks(2)
                .map(|w| {
                    let (a, b) = (black_box(w[0]), black_box(w[1]));
                    let (a, b) = match kind {
                        Kind::Bishop => SetAttacks::bishop_partners_8x8_x2(a, b),
                        _ => SetAttacks::rook_partners_8x8_x2(a, b),
                    };
                    (a ^ b).count_ones()
                })
                .sum::<u32>()
        });
    }

    #[divan::bench(args = [Kind::Bishop, Kind::Rook])]
    fn one_at_a_time(bencher: Bencher, kind: Kind) {
        let sets = words(2048);
        let geometry = SetAttacks::STANDARD;
        bencher.bench_local(|| {
            sets.chunks(2)
                .map(|w| {
                    let (a, b) = (black_box(w[0]), black_box(w[1]));
                    let (a, b) = (
                        geometry.with_partner(kind, a),
                        geometry.with_partner(kind, b),
                    );
                    (a ^ b).count_ones()
                })
                .sum::<u32>()
        });
    }
}

/// One verified draw of each search on the seed's queue (fc restarted every 300
/// iterations, its best policy in the algorithms experiment).
#[divan::bench(args = ["seed", "fc+fixed:300", "cover"], sample_count = 20, sample_size = 5)]
fn draw(bencher: Bencher, search: &str) {
    let (algorithm, restart) = search.split_once('+').unwrap_or((search, "none"));
    let config = SearchConfig {
        algorithm: algorithm.parse::<Algorithm>().unwrap(),
        restart: restart.parse().unwrap(),
    };
    let queue = Queue::seed(BoardSize::STANDARD);
    search::pair_sets::queen_sets();
    let mut index = 0;
    bencher.bench_local(|| {
        index += 1;
        search::draw(&queue, &config, 1, index, None).unwrap()
    });
}
