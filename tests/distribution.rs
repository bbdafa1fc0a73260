//! The fast path and the exact replay are the same algorithm on different random streams,
//! so their iteration counts must follow one distribution.

use boardlab::board::BoardSize;
use boardlab::queue::Queue;
use boardlab::rng;
use boardlab::search::{Draw, SeedReplayPicker, UniformPicker, seed_backtrack};

/// Largest gap between the two empirical distribution functions (two-sample Kolmogorov–Smirnov).
fn ks_statistic(mut a: Vec<u64>, mut b: Vec<u64>) -> f64 {
    a.sort_unstable();
    b.sort_unstable();
    let (mut i, mut j, mut gap) = (0, 0, 0f64);
    while i < a.len() && j < b.len() {
        let x = a[i].min(b[j]);
        while i < a.len() && a[i] == x {
            i += 1;
        }
        while j < b.len() && b[j] == x {
            j += 1;
        }
        gap = gap.max((i as f64 / a.len() as f64 - j as f64 / b.len() as f64).abs());
    }
    gap
}

fn iterations(draws: impl Iterator<Item = Draw>) -> Vec<u64> {
    draws.map(|d| d.counters.iterations).collect()
}

#[test]
fn fast_path_and_replay_have_the_same_iteration_distribution() {
    const DRAWS: u64 = 400;
    let queue = Queue::seed(BoardSize::STANDARD);
    let fast = iterations((0..DRAWS).map(|i| {
        let mut picker = UniformPicker::new(rng::stream(2024, &queue.letters(), i));
        seed_backtrack(&queue, &mut picker, None)
    }));
    let replay = iterations((1..=DRAWS).map(|seed| {
        let mut picker = SeedReplayPicker::new(seed as u32);
        seed_backtrack(&queue, &mut picker, None)
    }));
    // Critical value of the two-sample KS test at alpha = 0.001: 1.95 * sqrt(2 / n).
    let critical = 1.95 * (2.0 / DRAWS as f64).sqrt();
    let statistic = ks_statistic(fast.clone(), replay.clone());
    assert!(
        statistic < critical,
        "KS statistic {statistic:.3} >= {critical:.3}"
    );

    // The test can fail: a biased picker (always the lowest candidate) is told apart.
    struct Lowest;
    impl boardlab::search::Picker for Lowest {
        fn pick_first<S: boardlab::rng::BitSelect>(&mut self, c: u64) -> u8 {
            c.trailing_zeros() as u8
        }
        fn pick_partner<S: boardlab::rng::BitSelect>(
            &mut self,
            _: boardlab::pieces::Kind,
            _: u8,
            c: u64,
        ) -> u8 {
            c.trailing_zeros() as u8
        }
    }
    let biased = seed_backtrack(&queue, &mut Lowest, Some(1_000_000))
        .counters
        .iterations;
    let biased = vec![biased; DRAWS as usize];
    assert!(ks_statistic(biased, replay) > critical);
}
