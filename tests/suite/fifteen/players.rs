//! Seeded games between the bots, each replayed by an independent referee written here, and
//! their measured result rates against the exact probabilities of the tree walk: every rate
//! must fall inside its 99.9% Wilson interval.

use boardlab::fifteen::exact::{self, Odds};
use boardlab::fifteen::{Bot, Classic, Fifteen, OddEven, Variant};
use boardlab::game::pairing::{self, PairingGame};
use boardlab::game::{Game, GameResult, Seat};

/// Replays `moves` of the classic game (`odd_even == false`) or the variant with the plain
/// rules and returns the result, panicking on an illegal move or a game that goes on too long.
fn referee(moves: &[u8], odd_even: bool) -> GameResult {
    let mut held: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
    let mut placed: Vec<u8> = Vec::new();
    for (turn, &n) in moves.iter().enumerate() {
        let side = turn % 2;
        assert!((1..=9).contains(&n), "{n} out of range in {moves:?}");
        assert!(!placed.contains(&n), "{n} placed twice in {moves:?}");
        if odd_even {
            assert_eq!(
                n % 2 == 1,
                side == 0,
                "{n} is not side {side}'s in {moves:?}"
            );
        }
        let pool = if odd_even { &placed } else { &held[side] };
        let wins =
            (0..pool.len()).any(|i| (i + 1..pool.len()).any(|j| pool[i] + pool[j] + n == 15));
        placed.push(n);
        held[side].push(n);
        if wins {
            assert_eq!(
                turn + 1,
                moves.len(),
                "the game went on after a win: {moves:?}"
            );
            return GameResult::Win(if side == 0 { Seat::First } else { Seat::Second });
        }
    }
    assert_eq!(placed.len(), 9, "the game stopped early: {moves:?}");
    GameResult::Draw
}

/// The 99.9% Wilson score interval of `successes` out of `n`.
fn wilson(successes: u64, n: u64) -> (f64, f64) {
    let z = 3.290_526_731_491_926;
    let (n, p) = (n as f64, successes as f64 / n as f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (centre - half, centre + half)
}

/// Plays the first `games` even-numbered games of the pairing `a-vs-b` (`a` moves first) as
/// `boardlab run` plays them, each checked by the referee, and
/// returns the counts of first-seat wins, draws and second-seat wins.
fn measure<G: Game<Position = boardlab::fifteen::Position, Move = u8>>(
    game: &G,
    odd_even: bool,
    a: &str,
    b: &str,
    games: u64,
) -> [u64; 3]
where
    Bot: boardlab::game::Player<G>,
{
    let variant = if odd_even {
        Variant::OddEven
    } else {
        Variant::Classic
    };
    let (mut first, mut second) = (
        Bot::parse(a, variant).unwrap(),
        Bot::parse(b, variant).unwrap(),
    );
    let label = pairing::label(a, b);
    let mut counts = [0; 3];
    for index in 0..games {
        // The even-numbered games of the pairing, where `a` moves first.
        let game_2k = PairingGame {
            seed: 11,
            label: &label,
            index: 2 * index,
        };
        let (result, moves) = game_2k.play(game, 0, [&mut first, &mut second]).unwrap();
        assert_eq!(referee(&moves, odd_even), result, "{a} vs {b}: {moves:?}");
        counts[match result {
            GameResult::Win(Seat::First) => 0,
            GameResult::Draw => 1,
            GameResult::Win(Seat::Second) => 2,
        }] += 1;
    }
    counts
}

fn assert_agrees(a: &str, b: &str, counts: [u64; 3], odds: Odds) {
    let n: u64 = counts.iter().sum();
    let exact = [odds.first_wins, odds.draws, odds.second_wins].map(exact::probability);
    for (what, (&count, &p)) in ["first wins", "draws", "second wins"]
        .iter()
        .zip(counts.iter().zip(&exact))
    {
        let (low, high) = wilson(count, n);
        assert!(
            (low..=high).contains(&p),
            "{a} vs {b}: {what} {count}/{n} gives [{low:.4}, {high:.4}], exact {p:.4}"
        );
    }
}

#[test]
fn measured_rates_agree_with_the_exact_ones() {
    let pairs = [
        ("article:own", "random"),
        ("random", "article:own"),
        ("article:deny+wb:random", "perfect"),
        ("perfect", "article:both:random"),
        ("random", "newell-simon"),
        ("article:own:random", "article:deny:random"),
    ];
    for (a, b) in pairs {
        let counts = measure(&Fifteen(Classic), false, a, b, 20_000);
        let bots = [a, b].map(|name| Bot::parse(name, Variant::Classic).unwrap());
        let odds = exact::odds(&Fifteen(Classic), [&bots[0], &bots[1]]).unwrap();
        assert_agrees(a, b, counts, odds);
    }
}

#[test]
fn odd_even_rates_agree_and_perfect_even_never_loses() {
    let bots = ["random", "perfect"].map(|name| Bot::parse(name, Variant::OddEven).unwrap());
    let counts = measure(&Fifteen(OddEven), true, "random", "perfect", 5_000);
    assert_eq!(counts[0] + counts[1], 0, "the even side wins the variant");
    let odds = exact::odds(&Fifteen(OddEven), [&bots[0], &bots[1]]).unwrap();
    assert_eq!(odds.second_wins, exact::DENOMINATOR);
    let counts = measure(&Fifteen(OddEven), true, "perfect", "random", 20_000);
    let odds = exact::odds(&Fifteen(OddEven), [&bots[1], &bots[0]]).unwrap();
    assert_agrees("perfect", "random", counts, odds);
}

#[test]
fn mcts_games_are_legal_and_reproducible() {
    let first = measure(&Fifteen(Classic), false, "mcts:200", "random", 30);
    assert_eq!(
        first,
        measure(&Fifteen(Classic), false, "mcts:200", "random", 30)
    );
    assert_eq!(
        first[2], 0,
        "UCT with 200 playouts lost to random as first: {first:?}"
    );
    let counts = measure(&Fifteen(OddEven), true, "random", "mcts:200", 30);
    assert_eq!(counts[0], 0, "{counts:?}");
}

#[test]
fn the_referee_catches_bad_games() {
    assert_eq!(
        referee(&[2, 1, 9, 3, 4], false),
        GameResult::Win(Seat::First)
    );
    assert!(std::panic::catch_unwind(|| referee(&[2, 2], false)).is_err());
    assert!(std::panic::catch_unwind(|| referee(&[2, 1], true)).is_err());
    assert!(std::panic::catch_unwind(|| referee(&[2, 1, 9, 3, 4, 5], false)).is_err());
}
