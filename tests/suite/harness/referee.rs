//! Every game of the match study against its own referee: seeded games between two `random`
//! bots, each move checked against the game's legal moves, each finished game replayed by the
//! referee from its written moves, whose result must be the game's; and corrupted games (one
//! move replaced by an illegal one, the game cut short) must be refused, so that a referee
//! that accepts anything fails here.
//!
//! The games are listed by type in [`every_match_game_agrees_with_its_referee`]; a check
//! against the registry makes a puzzle added later fail here until it is listed.

use boardlab::draughts::Rules;
use boardlab::draughts::game::Draughts;
use boardlab::draughts::variant::Variant;
use boardlab::draughts::variant::game::VariantGame;
use boardlab::fifteen::{Classic, Fifteen, OddEven};
use boardlab::game::GameResult;
use boardlab::game::matches::MatchGame;
use boardlab::puzzles::REGISTRY;

/// The master seed of the random games.
const SEED: u64 = 20_240_601;

/// The registry's puzzles that are not games between bots (no referee to check).
const NOT_GAMES: [&str; 2] = ["chess-memory", "knights-tour"];

/// One game played by the `random` bot in both seats, with random streams of `label`: the
/// move texts and the game's result.
fn random_game<G: MatchGame>(game: &G, label: &str, index: u64) -> (Vec<String>, GameResult) {
    let mut players = [
        game.player("random").expect("every game has a random bot"),
        game.player("random").expect("every game has a random bot"),
    ];
    let mut rngs = [
        boardlab::rng::stream(SEED, &format!("{label}/first"), index),
        boardlab::rng::stream(SEED, &format!("{label}/second"), index),
    ];
    let mut position = game.start();
    let mut legal = Vec::new();
    let mut texts = Vec::new();
    loop {
        if let Some(result) = game.result(&position) {
            return (texts, result);
        }
        game.legal_moves(&position, &mut legal);
        assert!(
            !legal.is_empty(),
            "{label} game {index}: no legal move at ply {} in a game that is not over: \
             {position:?}",
            texts.len()
        );
        let seat = game.to_move(&position).index();
        let mv = players[seat].choose(game, &position, &mut rngs[seat]);
        assert!(
            legal.contains(&mv),
            "{label} game {index}: the random bot chose {mv}, not among the legal moves \
             {legal:?} at ply {}",
            texts.len()
        );
        let text = game.write_move(&mv);
        let same_text = legal.iter().filter(|m| game.write_move(m) == text).count();
        assert_eq!(
            same_text,
            1,
            "{label} game {index}: the text {text:?} names {same_text} legal moves at ply {}",
            texts.len()
        );
        texts.push(text);
        position = game.play(&position, &mv);
    }
}

/// The first corruption of `moves` that swaps in an illegal move: move `ply` replaced by the
/// text of the move before it, at the first ply where that text is not legal. `None` when no
/// ply qualifies.
fn with_an_illegal_move<G: MatchGame>(game: &G, moves: &[String]) -> Option<(usize, Vec<String>)> {
    let mut position = game.start();
    let mut legal = Vec::new();
    for ply in 0..moves.len() {
        game.legal_moves(&position, &mut legal);
        let texts: Vec<String> = legal.iter().map(|m| game.write_move(m)).collect();
        if ply > 0 && !texts.contains(&moves[ply - 1]) {
            let mut corrupted = moves.to_vec();
            corrupted[ply] = moves[ply - 1].clone();
            return Some((ply, corrupted));
        }
        let played = texts.iter().position(|t| *t == moves[ply]).unwrap();
        position = game.play(&position, &legal[played]);
    }
    None
}

/// Plays `games` seeded random games of `game` (called `name` in failure messages and its
/// random streams), checks each against the referee, and checks that the referee refuses
/// each game cut short and with an illegal move swapped in. Returns how many games ended in
/// each way: first seat wins, second seat wins, draws.
fn agrees_with_its_referee<G: MatchGame>(game: &G, name: &str, games: u64) -> [u64; 3] {
    let mut outcomes = [0; 3];
    let mut illegal_checked = 0;
    for index in 0..games {
        let (moves, result) = random_game(game, name, index);
        let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
        assert_eq!(
            game.referee(&texts.join(" ")),
            Ok(result),
            "{name} game {index}: the referee disagrees with the game on {texts:?}"
        );
        outcomes[match result {
            GameResult::Win(seat) => seat.index(),
            GameResult::Draw => 2,
        }] += 1;

        assert!(!texts.is_empty(), "{name} game {index} has no move");
        let short = &texts[..texts.len() - 1];
        assert!(
            game.referee(&short.join(" ")).is_err(),
            "{name} game {index}: the referee accepts the game without its last move: {short:?}"
        );
        if let Some((ply, corrupted)) = with_an_illegal_move(game, &moves) {
            let corrupted: Vec<&str> = corrupted.iter().map(String::as_str).collect();
            assert!(
                game.referee(&corrupted.join(" ")).is_err(),
                "{name} game {index}: the referee accepts the illegal move {:?} at ply {ply}: \
                 {corrupted:?}",
                corrupted[ply]
            );
            illegal_checked += 1;
        }
    }
    assert!(
        illegal_checked * 2 >= games,
        "{name}: only {illegal_checked} of {games} games could be given an illegal move"
    );
    outcomes
}

#[test]
fn every_match_game_agrees_with_its_referee() {
    let fifteen = [
        agrees_with_its_referee(&Fifteen(Classic), "fifteen", 500),
        agrees_with_its_referee(&Fifteen(OddEven), "fifteen-odd-even", 500),
    ];
    // Random play reaches every ending of the "15" games, so the agreement covers wins of
    // both seats and, in the classic game, draws (the variant has none).
    for ([first, second, draws], name) in fifteen.iter().zip(["fifteen", "fifteen-odd-even"]) {
        assert!(
            *first > 0 && *second > 0,
            "{name}: {first} first-seat and {second} second-seat wins"
        );
        assert!(
            name != "fifteen" || *draws > 0,
            "{name}: no draw in 500 games"
        );
    }
    // Draughts under each rules variant; random play almost never draws, so a game capped
    // at 40 plies checks the referee's drawn endings as well.
    for (rules, name) in [
        (Rules::Czech, "draughts"),
        (Rules::English, "draughts-english"),
        (Rules::Damebot, "draughts-damebot"),
    ] {
        agrees_with_its_referee(&Draughts::new(rules), name, 100);
    }
    let capped = Draughts {
        rules: Rules::Czech,
        max_plies: 40,
    };
    let [_, _, draws] = agrees_with_its_referee(&capped, "draughts-capped", 100);
    assert!(
        draws > 0,
        "draughts capped at 40 plies: no draw in 100 games"
    );

    // Every national rule set, and international draughts capped at 40 plies for draws.
    for &variant in Variant::ALL {
        let name = format!("draughts-variants-{variant}");
        agrees_with_its_referee(&VariantGame::new(variant, 400), &name, 40);
    }
    let capped = VariantGame::new(Variant::International, 40);
    let [_, _, draws] = agrees_with_its_referee(&capped, "draughts-variants-capped", 60);
    assert!(
        draws > 0,
        "international capped at 40 plies: no draw in 60 games"
    );

    let listed = [
        Fifteen::<Classic>::PUZZLE,
        Fifteen::<OddEven>::PUZZLE,
        Draughts::PUZZLE,
        VariantGame::PUZZLE,
    ];
    for puzzle in REGISTRY.puzzles {
        assert!(
            listed.contains(&puzzle.name) || NOT_GAMES.contains(&puzzle.name),
            "{}: a puzzle of the registry that is neither listed here as a game against its \
             referee nor as one that is not a game",
            puzzle.name
        );
    }
}
