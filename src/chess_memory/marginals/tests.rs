use super::*;
use crate::chess_memory::board::BoardSize;
use crate::chess_memory::pieces::{Kind, Symbol};
use crate::chess_memory::sat::Instance;
use crate::chess_memory::search::{Algorithm, RestartPolicy};

fn board_4() -> BoardSize {
    BoardSize::new(4).unwrap()
}

/// Every feature's mean over all boards of `instance`, listed by the symbol estimator's
/// exact count (every symbol counted, so each board is visited once), and their number.
fn exact_means(instance: &Instance, features: &Features) -> (Vec<f64>, u64) {
    let stages = SymbolStages::new(instance, Symbol::COUNT);
    let mut sums = vec![0.0; features.len()];
    let mut values = vec![0.0; features.len()];
    let mut boards = 0u64;
    stages.probe_visiting(0, 0, &mut |board| {
        assert!(crate::chess_memory::rules::validate(board).is_empty());
        features.measure(board, &mut values);
        for (sum, v) in sums.iter_mut().zip(&values) {
            *sum += v;
        }
        boards += 1;
    });
    (sums.iter().map(|s| s / boards as f64).collect(), boards)
}

/// The largest distance, in standard errors, between a tally's means and `exact`.
fn largest_z(tally: &Tally, exact: &[f64]) -> f64 {
    (0..exact.len())
        .filter_map(|f| {
            let e = tally.estimate(f)?;
            (e.error > 0.0).then(|| (e.mean - exact[f]).abs() / e.error)
        })
        .fold(0.0, f64::max)
}

#[test]
fn weighted_proposals_give_the_uniform_means_and_unweighted_ones_do_not() {
    // A white knight, a white bishop and a black knight pair on 4×4: proposals are far from
    // uniform here (see the resample tests), so the weights must do the work.
    let queue = Queue::parse_queue("NBn", board_4()).unwrap();
    let instance = Instance::from_queue(&queue);
    let features = Features::new(board_4());
    let (exact, boards) = exact_means(&instance, &features);
    assert_eq!(boards, 6_488, "the exact count of this instance");
    let stages = SymbolStages::new(&instance, 0);
    let proposals = 40_000;
    let reference =
        uniform_reference(&stages, &queue, &features, proposals, 7, &mut |_| {}).unwrap();
    assert_eq!(reference.samples, proposals);
    let z = largest_z(&reference, &exact);
    assert!(z < 4.5, "a weighted mean is {z} standard errors off");
    // The same proposals without their weights: the test can fail.
    let mut unweighted = Tally::new(features.len());
    let mut values = vec![0.0; features.len()];
    for index in 0..proposals {
        let mut stream = rng::stream(7, STREAM_LABEL, index);
        if let Some((board, _)) = stages.propose(&mut |n| below(&mut stream, n)) {
            features.measure(&board, &mut values);
            unweighted.add(1.0, &values);
        }
    }
    let z = largest_z(&unweighted, &exact);
    assert!(z > 8.0, "unweighted proposals only {z} standard errors off");
}

fn full_4x4_generator(algorithm: Algorithm) -> (Queue, SearchConfig) {
    let queue = Queue::from_type_order(Kind::ALL, board_4());
    let search = SearchConfig {
        algorithm,
        restart: RestartPolicy::Never,
    };
    (queue, search)
}

#[test]
fn the_exact_uniform_sampler_passes_every_test_and_the_seed_search_fails_one() {
    let features = Features::new(board_4());
    let (queue, _) = full_4x4_generator(Algorithm::Seed);
    let stages = SymbolStages::new(&Instance::from_queue(&queue), 3);
    let uniform = uniform_reference(&stages, &queue, &features, 30_000, 1, &mut |_| {}).unwrap();
    let (mut pairs, mut kinds) = (Vec::new(), Vec::new());
    for algorithm in [Algorithm::Uniform, Algorithm::Seed] {
        let (queue, search) = full_4x4_generator(algorithm);
        let tally =
            generator_tally(&queue, &search, None, &features, 30_000, 2, &mut |_| {}).unwrap();
        assert_eq!(
            tally.boards, 30_000,
            "every draw of a complete search solves"
        );
        let (rows, kind) = compare(algorithm.name(), &features, &tally, &uniform);
        // Knights pair by a knight's move only: on a full board that feature is constant.
        assert_eq!(rows.len(), 4, "three shapes and the edge pairs");
        assert!(
            rows.iter()
                .all(|r| r.tested && r.feature != "pairs_knight_move")
        );
        pairs.extend(rows);
        kinds.push(kind);
    }
    adjust_for_multiple_tests(&mut pairs, &mut kinds);
    let smallest = |name: &str| {
        (pairs
            .iter()
            .filter(|r| r.generator == name)
            .map(|r| r.p_holm))
        .chain(
            kinds
                .iter()
                .filter(|r| r.generator == name)
                .map(|r| r.p_holm),
        )
        .fold(1.0, f64::min)
    };
    assert!(smallest("uniform") > 0.01, "{pairs:#?} {kinds:#?}");
    assert!(smallest("seed") < 1e-6, "{pairs:#?} {kinds:#?}");
    let uniform_kinds = &kinds[0];
    assert!(
        uniform_kinds.distance < 2.0 * uniform_kinds.noise_distance,
        "{uniform_kinds:?}"
    );
}

#[test]
fn the_tallies_are_the_same_on_any_number_of_threads() {
    let features = Features::new(board_4());
    let (queue, search) = full_4x4_generator(Algorithm::Fc);
    let stages = SymbolStages::new(&Instance::from_queue(&queue), 3);
    let on = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            let generator =
                generator_tally(&queue, &search, None, &features, 3_000, 5, &mut |_| {}).unwrap();
            let reference =
                uniform_reference(&stages, &queue, &features, 3_000, 5, &mut |_| {}).unwrap();
            (generator, reference)
        })
    };
    assert_eq!(on(1), on(3));
}
