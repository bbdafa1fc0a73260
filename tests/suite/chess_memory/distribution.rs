//! The fast path and the exact replay are the same algorithm on different random streams,
//! so their iteration counts must follow one distribution.

use boardlab::chess_memory::board::BoardSize;
use boardlab::chess_memory::queue::Queue;
use boardlab::chess_memory::search::{Draw, SeedReplayPicker, UniformPicker, seed_backtrack};
use boardlab::rng;
use boardlab::stats::{Sample, ks_statistic};

fn iterations(draws: impl Iterator<Item = Draw>) -> Sample {
    Sample::from_values(draws.map(|d| d.counters.iterations)).expect("at least one draw")
}

#[test]
fn fast_path_and_replay_have_the_same_iteration_distribution() {
    const DRAWS: u64 = 400;
    let queue = Queue::seed(BoardSize::STANDARD);
    let fast = iterations((0..DRAWS).map(|i| {
        let mut picker = UniformPicker::new(rng::stream(2024, queue.letters(), i));
        seed_backtrack(&queue, &mut picker, None)
    }));
    let replay = iterations((1..=DRAWS).map(|seed| {
        let mut picker = SeedReplayPicker::new(seed as u32);
        seed_backtrack(&queue, &mut picker, None)
    }));
    // Critical value of the two-sample KS test at alpha = 0.001: 1.95 * sqrt(2 / n).
    let critical = 1.95 * (2.0 / DRAWS as f64).sqrt();
    let statistic = ks_statistic(&fast, &replay);
    assert!(
        statistic < critical,
        "KS statistic {statistic:.3} >= {critical:.3}"
    );

    // The test can fail: a biased picker (always the lowest candidate) is told apart.
    struct Lowest;
    impl boardlab::chess_memory::search::Picker for Lowest {
        fn pick_first<S: boardlab::rng::BitSelect>(&mut self, _: S, c: u64) -> u8 {
            c.trailing_zeros() as u8
        }
        fn pick_partner<S: boardlab::rng::BitSelect>(
            &mut self,
            _: S,
            _: boardlab::chess_memory::pieces::Kind,
            _: u8,
            c: u64,
        ) -> u8 {
            c.trailing_zeros() as u8
        }
        fn pick_index(&mut self, _: u32) -> u32 {
            0
        }
    }
    let biased = seed_backtrack(&queue, &mut Lowest, Some(1_000_000))
        .counters
        .iterations;
    let biased = Sample::from_bins([(biased, DRAWS)], 0, None).unwrap();
    assert!(ks_statistic(&biased, &replay) > critical);
}
