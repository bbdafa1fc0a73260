//! Seeded games between the draughts bots, every one replayed through the simple oracle
//! generator of `common/draughts_oracle.rs`: each move played must be one the oracle lists in
//! that position, and both must reach the same position after it. Games are reproducible.

use crate::common::draughts_oracle as oracle;

use boardlab::draughts::bots::BotSpec;
use boardlab::draughts::game::Draughts;
use boardlab::draughts::{Move, Rules, to_fen};
use boardlab::game::pairing::{self, PairingGame};
use boardlab::game::{Game, GameResult};
use oracle::OracleBoard;

fn play(rules: Rules, white: &str, black: &str, seed: u64) -> (GameResult, Vec<Move>) {
    let game = Draughts::new(rules);
    let mut first = white.parse::<BotSpec>().unwrap().player(rules).unwrap();
    let mut second = black.parse::<BotSpec>().unwrap().player(rules).unwrap();
    let label = pairing::label(white, black);
    let game_0 = PairingGame {
        seed,
        label: &label,
        index: 0,
    };
    game_0
        .play(&game, 0, [first.as_mut(), second.as_mut()])
        .unwrap()
}

/// Replays `moves` through the oracle; returns the number of moves checked.
fn replay(rules: Rules, moves: &[Move], result: GameResult) -> usize {
    let game = Draughts::new(rules);
    let english = rules == Rules::English;
    let mut position = game.start();
    let mut simple = OracleBoard::from_fen(&to_fen(&position.board));
    for mv in moves {
        let text = mv.to_string();
        let listed = simple.moves(english);
        let chosen = listed.iter().find(|m| m.text() == text).unwrap_or_else(|| {
            panic!("{text} is not legal in {} says the oracle", simple.to_fen())
        });
        simple = simple.play(chosen);
        position = game.play(&position, mv);
        assert_eq!(simple.to_fen(), to_fen(&position.board));
    }
    assert_eq!(game.result(&position), Some(result));
    if let GameResult::Win(_) = result {
        assert!(
            simple.moves(english).is_empty(),
            "the loser still has moves"
        );
    }
    moves.len()
}

#[test]
fn seeded_games_between_the_bots_are_legal_move_by_move() {
    let pairings = [
        (Rules::Czech, "random", "damebot"),
        (Rules::Czech, "damebot", "alphabeta:2"),
        (Rules::Czech, "alphabeta:3", "random"),
        (Rules::Czech, "mcts:30", "damebot"),
        (Rules::English, "damebot", "random"),
        (Rules::English, "alphabeta:2", "mcts:20"),
    ];
    let mut plies = 0;
    let mut decisive = 0;
    for (rules, white, black) in pairings {
        for seed in 0..2 {
            let (result, moves) = play(rules, white, black, seed);
            plies += replay(rules, &moves, result);
            decisive += usize::from(result != GameResult::Draw);
        }
    }
    assert!(plies > 500, "only {plies} plies");
    assert!(decisive >= 6, "only {decisive} decisive games");
}

#[test]
fn a_game_is_a_function_of_the_seed() {
    let (result, moves) = play(Rules::Czech, "damebot", "alphabeta:2", 5);
    let (again, same) = play(Rules::Czech, "damebot", "alphabeta:2", 5);
    assert_eq!(result, again);
    assert_eq!(moves, same);
    let (_, other) = play(Rules::Czech, "damebot", "alphabeta:2", 6);
    assert_ne!(moves, other);
}

#[test]
fn search_beats_random_play() {
    let mut score = 0;
    for seed in 0..4 {
        let (result, _) = play(Rules::Czech, "alphabeta:2", "random", seed);
        score += result.score_for(boardlab::game::Seat::First);
        let (result, _) = play(Rules::Czech, "random", "alphabeta:2", seed);
        score += result.score_for(boardlab::game::Seat::Second);
    }
    assert!(
        score >= 6,
        "alphabeta:2 scored only {score} of 8 against random"
    );
}
