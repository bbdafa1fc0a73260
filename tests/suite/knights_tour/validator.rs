//! The fast validator of recorded walks (`IndexValidator`, which `knights-tour bench` runs on
//! every walk) against a plain oracle written here: the same verdict, and the same fault named,
//! for random walks, the engine's walks, and those walks broken in every way a walk can be.

use boardlab::knights_tour::validate::{IndexValidator, TourValidator};
use boardlab::knights_tour::warnsdorff::{Engine, Plan};
use boardlab::knights_tour::{Board, Rule, Square, TourError};
use boardlab::rng::stream;
use std::collections::HashMap;

/// What a path is checked as.
#[derive(Clone, Copy, Debug)]
enum Check {
    Path,
    Tour,
    ClosedTour,
    /// A tour that does not close (a closed draw reported not closed).
    OpenTour,
    /// A path that could go no further.
    DeadEnd,
}

const CHECKS: [Check; 5] = [
    Check::Path,
    Check::Tour,
    Check::ClosedTour,
    Check::OpenTour,
    Check::DeadEnd,
];

/// The oracle: a path of numbers `(y + 2)·(W + 4) + x + 2` read square by square, each one
/// decoded by division, the visited squares in a map, and each fault named at its first
/// position (at one position: off the board, then repeated, then not a knight's move); then
/// the ending asked for.
fn oracle(width: u32, height: u32, path: &[u32], check: Check) -> Result<(), TourError> {
    let expected = u64::from(width) * u64::from(height);
    let whole = matches!(check, Check::Tour | Check::ClosedTour | Check::OpenTour);
    if whole && path.len() as u64 != expected {
        return Err(TourError::WrongLength {
            width,
            height,
            expected,
            found: path.len(),
        });
    }
    let stride = width + 4;
    let mut first_visit: HashMap<Square, usize> = HashMap::new();
    let mut squares = Vec::new();
    for (position, &index) in path.iter().enumerate() {
        let (column, row) = (index % stride, index / stride);
        if column < 2 || column >= width + 2 || row < 2 || row >= height + 2 {
            return Err(TourError::NotASquare {
                position,
                index,
                width,
                height,
            });
        }
        let square = Square::new(column - 2, row - 2);
        if let Some(&first) = first_visit.get(&square) {
            return Err(TourError::Repeated {
                position,
                square,
                first,
            });
        }
        first_visit.insert(square, position);
        if let Some(&from) = squares.last()
            && !knight_move(from, square)
        {
            return Err(TourError::NotAKnightMove {
                position,
                from,
                to: square,
            });
        }
        squares.push(square);
    }
    match check {
        Check::ClosedTour | Check::OpenTour => {
            let (first, last) = (squares[0], squares[squares.len() - 1]);
            match (check, knight_move(first, last)) {
                (Check::ClosedTour, false) => Err(TourError::NotClosed { first, last }),
                (Check::OpenTour, true) => Err(TourError::Closes { first, last }),
                _ => Ok(()),
            }
        }
        Check::DeadEnd => match squares.last() {
            Some(&last) => {
                // The unvisited squares a knight's move away, by brute force over the board.
                let free = (0..height)
                    .flat_map(|y| (0..width).map(move |x| Square::new(x, y)))
                    .filter(|s| knight_move(last, *s) && !first_visit.contains_key(s))
                    .min();
                free.map_or(Ok(()), |free| Err(TourError::NotADeadEnd { last, free }))
            }
            None => Ok(()),
        },
        Check::Path | Check::Tour => Ok(()),
    }
}

fn knight_move(a: Square, b: Square) -> bool {
    let (dx, dy) = (a.x.abs_diff(b.x), a.y.abs_diff(b.y));
    (dx, dy) == (1, 2) || (dx, dy) == (2, 1)
}

fn fast(validator: &mut IndexValidator, path: &[u32], check: Check) -> Result<(), TourError> {
    match check {
        Check::Path => validator.check_path(path),
        Check::Tour => validator.check_tour(path),
        Check::ClosedTour => validator.check_closed_tour(path),
        Check::OpenTour => validator.check_open_tour(path),
        Check::DeadEnd => validator.check_dead_end(path),
    }
}

/// The square-by-square validator's verdict, `None` where a number is no square.
fn by_squares(
    width: u32,
    height: u32,
    path: &[u32],
    check: Check,
) -> Option<Result<(), TourError>> {
    let decoder = IndexValidator::new(width, height);
    let squares: Vec<Square> = path
        .iter()
        .map(|&i| decoder.square(i))
        .collect::<Option<_>>()?;
    let mut validator = TourValidator::new(width, height);
    match check {
        Check::Path => Some(validator.check_path(&squares)),
        Check::Tour => Some(validator.check_tour(&squares)),
        Check::ClosedTour => Some(validator.check_closed_tour(&squares)),
        // Endings that the square-by-square validator does not check.
        Check::OpenTour | Check::DeadEnd => None,
    }
}

/// Checks `path` every way with the kept `validator` and returns the oracle's verdict
/// (asserting that the fast validator and, where it applies, the square-by-square one agree).
fn all_agree(
    validator: &mut IndexValidator,
    width: u32,
    height: u32,
    path: &[u32],
) -> Vec<Result<(), TourError>> {
    let mut verdicts = Vec::new();
    for check in CHECKS {
        let expected = oracle(width, height, path, check);
        assert_eq!(
            fast(validator, path, check),
            expected,
            "{width}x{height} {check:?} {path:?}"
        );
        if let Some(verdict) = by_squares(width, height, path, check) {
            assert_eq!(
                verdict, expected,
                "{width}x{height} {check:?} {path:?} by squares"
            );
        }
        verdicts.push(expected);
    }
    verdicts
}

/// A small deterministic generator (SplitMix64), so that the walks need no crate's sampler.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random self-avoiding knight's walk: from a random square, a random unvisited neighbour
/// each step, until there is none.
fn random_walk(board: Board, mix: &mut Mix) -> Vec<u32> {
    let decoder = IndexValidator::new(board.width(), board.height());
    let mut square = board.square_at(mix.below(board.squares()));
    let mut visited = vec![false; board.squares()];
    let mut path = Vec::new();
    loop {
        visited[board.index(square)] = true;
        path.push(decoder.index(square));
        let free: Vec<Square> = board
            .neighbours(square)
            .filter(|&n| !visited[board.index(n)])
            .collect();
        if free.is_empty() {
            return path;
        }
        square = free[mix.below(free.len())];
    }
}

/// The engine's greedy walk from `start` (a tour or a dead end), as the bench records it.
fn engine_walk(board: Board, rule: &str, start: Square) -> Vec<u32> {
    let rule: Rule = rule.parse().unwrap();
    let plan = Plan::new(&board, &rule).unwrap();
    let mut engine = Engine::new(board);
    engine.run(start, &plan, false, &mut stream(3, "validator", 0));
    engine.path_indices().to_vec()
}

/// Broken copies of `path`, one for each way of breaking it, at position `at`: a square
/// replaced by another, by a neighbour in the frame, by a number past the table, by an earlier
/// square; two squares swapped; the walk cut short, extended, reversed, rotated (a closed tour
/// rotated stays one).
fn mutations(path: &[u32], at: usize, table: u32, stride: u32, mix: &mut Mix) -> Vec<Vec<u32>> {
    let n = path.len();
    let at = at % n;
    let mut out = Vec::new();
    let mut with = |f: &dyn Fn(&mut Vec<u32>)| {
        let mut p = path.to_vec();
        f(&mut p);
        out.push(p);
    };
    let other = mix.next() as u32 % table;
    let step = [1, 2, stride - 2, stride + 2, 2 * stride - 1, 2 * stride + 1][mix.below(6)];
    let earlier = mix.below(at.max(1));
    let later = mix.below(n);
    with(&|p| p[at] = other);
    with(&|p| p[at] = p[at].wrapping_add(step));
    with(&|p| p[at] = p[at].wrapping_sub(step));
    with(&|p| p[at] = table + other);
    with(&|p| p[at] = p[earlier]);
    with(&|p| p.swap(at, later));
    with(&|p| p.truncate(at));
    with(&|p| p.push(p[at]));
    with(&|p| p.reverse());
    with(&|p| p.rotate_left(at));
    out
}

/// Every kind of fault comes up among the broken walks, and for each the fast validator names
/// what the oracle names: a test that fails if any check were dropped.
#[test]
fn broken_walks_get_the_oracle_s_verdict_and_every_fault_comes_up() {
    let mut mix = Mix(11);
    let mut kinds: HashMap<&str, usize> = HashMap::new();
    for (w, h, rule) in [
        (8, 8, "seed"),
        (5, 5, "seed"),
        (6, 5, "roth"),
        (3, 4, "seed"),
    ] {
        let board = Board::new(w, h).unwrap();
        let mut validator = IndexValidator::new(board.width(), board.height());
        let table = (board.width() + 4) * (board.height() + 4);
        for start in 0..board.squares() {
            let walk = engine_walk(board, rule, board.square_at(start));
            for at in [0, start, walk.len() / 2, walk.len() - 1] {
                for broken in mutations(&walk, at, table, w as u32 + 4, &mut mix) {
                    for verdict in all_agree(&mut validator, w as u32, h as u32, &broken) {
                        let kind = match verdict {
                            Ok(()) => "ok",
                            Err(TourError::WrongLength { .. }) => "short or long",
                            Err(TourError::OffBoard { .. }) => "off board (squares)",
                            Err(TourError::NotASquare { .. }) => "off board",
                            Err(TourError::Repeated { .. }) => "repeated",
                            Err(TourError::NotAKnightMove { .. }) => "not a knight's move",
                            Err(TourError::NotClosed { .. }) => "not closed",
                            Err(TourError::Closes { .. }) => "closes",
                            Err(TourError::NotADeadEnd { .. }) => "not a dead end",
                        };
                        *kinds.entry(kind).or_default() += 1;
                    }
                }
            }
        }
    }
    for kind in [
        "ok",
        "short or long",
        "off board",
        "repeated",
        "not a knight's move",
        "not closed",
        "closes",
        "not a dead end",
    ] {
        assert!(
            kinds.get(kind).copied().unwrap_or(0) > 0,
            "{kind}: {kinds:?}"
        );
    }
}

/// The engine's walks from every start of 8x8 and 7x9 pass as the oracle says: tours,
/// closed or open, and dead ends that are dead ends.
#[test]
fn the_engine_s_walks_get_the_oracle_s_verdict() {
    let mut endings: HashMap<&str, usize> = HashMap::new();
    for (w, h) in [(8, 8), (7, 9)] {
        let board = Board::new(w, h).unwrap();
        let mut validator = IndexValidator::new(w as u32, h as u32);
        for rule in ["seed", "roth", "squirrel", "order:12345678"] {
            if rule == "squirrel" && w != h {
                continue;
            }
            for start in 0..board.squares() {
                let walk = engine_walk(board, rule, board.square_at(start));
                let v = all_agree(&mut validator, w as u32, h as u32, &walk);
                assert_eq!(v[0], Ok(()));
                let ending = match (v[2].is_ok(), v[3].is_ok(), v[4].is_ok()) {
                    (true, false, true) => "closed tour",
                    (false, true, true) => "open tour",
                    (false, false, true) => "dead end",
                    other => panic!("{w}x{h} {rule} from {start}: {other:?}"),
                };
                *endings.entry(ending).or_default() += 1;
            }
        }
    }
    assert_eq!(endings.len(), 3, "{endings:?}");
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// Random walks on random boards, and each broken at a random position, through one
        /// kept validator (so that its stamps and its wipe after a refusal are exercised).
        #[test]
        fn random_and_broken_walks_get_the_oracle_s_verdict(
            w in 1u64..=12, h in 1u64..=12, seed in any::<u64>(), at in any::<usize>(),
        ) {
            let board = Board::new(w, h).unwrap();
            let (w, h) = (board.width(), board.height());
            let mut mix = Mix(seed);
            let mut validator = IndexValidator::new(w, h);
            let table = (w + 4) * (h + 4);
            for _ in 0..4 {
                let walk = random_walk(board, &mut mix);
                prop_assert_eq!(&all_agree(&mut validator, w, h, &walk)[0], &Ok(()));
                for broken in mutations(&walk, at, table, w + 4, &mut mix) {
                    all_agree(&mut validator, w, h, &broken);
                }
                let garbage: Vec<u32> =
                    (0..mix.below(6)).map(|_| mix.next() as u32 % (table + 8)).collect();
                all_agree(&mut validator, w, h, &garbage);
            }
        }
    }
}
