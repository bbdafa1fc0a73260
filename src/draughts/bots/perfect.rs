//! `perfect:D`: exact play inside the endgame database, `alphabeta:D` outside it.
//!
//! Where the position and every position after its moves are in the database
//! ([`crate::draughts::endgame`]), it plays a move of the best value: the fastest win, else a
//! draw, else the slowest loss ([`probe::best_moves`]); among equal moves it draws one from
//! the game's random stream, as alphabeta does, so a game depends only on its seed. Elsewhere
//! it is `alphabeta:D` exactly.
//!
//! The database comes from where [`probe::Source::chosen`] says (the environment variable
//! `BOARDLAB_ENDGAMES`, else the folder `endgames`), opened once per process
//! ([`probe::shared`]). It is solved for Czech draughts and English checkers only.

use super::alphabeta::AlphaBeta;
use crate::draughts::endgame::{Database, probe};
use crate::draughts::game::{Draughts, GamePosition};
use crate::draughts::moves::Move;
use crate::draughts::rules::Rules;
use crate::game::Player;
use rand_core::Rng;

pub struct Perfect {
    database: &'static Database,
    search: AlphaBeta,
}

impl Perfect {
    /// The perfect player of `rules`, searching to `depth` outside the database; fails when
    /// the database cannot be opened or is not solved for `rules`.
    pub fn open(depth: u32, rules: Rules) -> Result<Perfect, String> {
        let source = probe::Source::chosen(None)?;
        let database =
            probe::shared(&source, rules).map_err(|e| format!("perfect:{depth}: {e}"))?;
        Ok(Perfect {
            database,
            search: AlphaBeta::new(depth),
        })
    }

    /// The moves it picks from in `board`, when the database decides them.
    pub fn database_moves(&self, board: &crate::draughts::Board) -> Option<Vec<Move>> {
        probe::best_moves(self.database, board)
    }
}

impl Player<Draughts> for Perfect {
    fn name(&self) -> String {
        format!("perfect:{}", self.search.depth())
    }

    fn choose(&mut self, game: &Draughts, position: &GamePosition, rng: &mut dyn Rng) -> Move {
        match self.database_moves(&position.board) {
            Some(best) if !best.is_empty() => {
                best[crate::rng::below(rng, best.len() as u64) as usize]
            }
            _ => self.search.choose(game, position, rng),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::endgame::Value;
    use crate::draughts::parse_fen;
    use crate::game::{Game, GameResult};

    fn perfect(rules: Rules) -> Perfect {
        let database = probe::shared(&probe::Source::Memory(3), rules).unwrap();
        Perfect {
            database,
            search: AlphaBeta::new(2),
        }
    }

    /// Positions won for White under both rules (wins in 3 to 11 plies): a king against a
    /// man, two kings against a king, a king and a man against a man, two men against a man.
    const WON: [&str; 4] = [
        "W:WKe1:Bd6",
        "W:WKa1,Kb2:BKh8",
        "W:WKc1,e3:Bf8",
        "W:Wc3,e3:Bb8",
    ];

    /// Plays `first` (to move) against `second` from `fen`, checking the database's value of
    /// each position on the way; returns the result and the values seen by the side to move.
    fn play_out(
        fen: &str,
        rules: Rules,
        first: &mut dyn Player<Draughts>,
        second: &mut dyn Player<Draughts>,
        seed: u64,
    ) -> (Option<GameResult>, Vec<Value>) {
        let game = Draughts::new(rules);
        let database = probe::shared(&probe::Source::Memory(3), rules).unwrap();
        let mut position = GamePosition::new(parse_fen(fen).unwrap());
        let mut rng = crate::rng::stream(seed, "perfect/test", 0);
        let mut seen = Vec::new();
        for ply in 0..200 {
            seen.push(
                database
                    .value(&position.board)
                    .expect("three pieces or fewer"),
            );
            if let Some(result) = game.result(&position) {
                return (Some(result), seen);
            }
            let player: &mut dyn Player<Draughts> = if ply % 2 == 0 {
                &mut *first
            } else {
                &mut *second
            };
            let mv = player.choose(&game, &position, &mut rng);
            position = game.play(&position, &mv);
        }
        (None, seen)
    }

    /// From each won position, against random play under many seeds: the perfect side's value
    /// stays a win, its distance falls by one each ply after its own move and never rises
    /// after the opponent's, and the game ends in its win within the first distance.
    #[test]
    fn perfect_never_lets_a_won_position_go() {
        for rules in [Rules::Czech, Rules::English] {
            for fen in WON {
                let board = parse_fen(fen).unwrap();
                let database = probe::shared(&probe::Source::Memory(3), rules).unwrap();
                let Some(Value::Win(distance)) = database.value(&board) else {
                    panic!(
                        "{fen} is not won under {rules:?}: {:?}",
                        database.value(&board)
                    );
                };
                for seed in 0..20 {
                    let mut random = super::super::random::RandomBot;
                    let (result, seen) =
                        play_out(fen, rules, &mut perfect(rules), &mut random, seed);
                    let winner = board.side;
                    assert_eq!(
                        result,
                        Some(GameResult::Win(crate::draughts::game::seat_of(winner))),
                        "{rules:?} {fen} seed {seed}: {seen:?}"
                    );
                    assert!(seen.len() as u16 <= distance + 1, "{fen}: {seen:?}");
                    for pair in seen.chunks(2).collect::<Vec<_>>().windows(2) {
                        let (Value::Win(before), Value::Win(after)) = (pair[0][0], pair[1][0])
                        else {
                            panic!("{rules:?} {fen} seed {seed}: a win was let go: {seen:?}");
                        };
                        assert!(after < before, "{fen}: {seen:?}");
                    }
                }
            }
        }
    }

    /// With the distance to win known, perfect play wins in exactly that many plies against
    /// a defender that delays as long as it can (perfect on both sides).
    #[test]
    fn perfect_against_perfect_takes_exactly_the_database_s_distance() {
        for (fen, rules) in WON
            .iter()
            .flat_map(|f| [(*f, Rules::Czech), (*f, Rules::English)])
        {
            let board = parse_fen(fen).unwrap();
            let database = probe::shared(&probe::Source::Memory(3), rules).unwrap();
            let Some(Value::Win(distance)) = database.value(&board) else {
                panic!("{fen}");
            };
            let (result, seen) = play_out(fen, rules, &mut perfect(rules), &mut perfect(rules), 1);
            assert!(result.is_some(), "{fen}");
            assert_eq!(seen.len() as u16, distance + 1, "{fen}: {seen:?}");
        }
    }

    /// alphabeta:1 sees one ply: it does not find the long wins, which perfect play converts.
    #[test]
    fn perfect_beats_alphabeta_1_in_a_won_endgame() {
        for (fen, rules) in WON
            .iter()
            .flat_map(|f| [(*f, Rules::Czech), (*f, Rules::English)])
        {
            for seed in 0..5 {
                let mut shallow = AlphaBeta::new(1);
                let (result, seen) = play_out(fen, rules, &mut perfect(rules), &mut shallow, seed);
                let winner = parse_fen(fen).unwrap().side;
                assert_eq!(
                    result,
                    Some(GameResult::Win(crate::draughts::game::seat_of(winner))),
                    "{fen} seed {seed}: {seen:?}"
                );
            }
        }
    }

    #[test]
    fn outside_the_database_it_plays_as_alphabeta() {
        let game = Draughts::new(Rules::Czech);
        let position = game.start();
        for seed in 0..3 {
            let mut rng = crate::rng::stream(seed, "perfect/test", 0);
            let played = perfect(Rules::Czech).choose(&game, &position, &mut rng);
            let mut rng = crate::rng::stream(seed, "perfect/test", 0);
            let expected = AlphaBeta::new(2).choose(&game, &position, &mut rng);
            assert_eq!(played, expected);
        }
    }
}
