//! A bot's view of a position (`boardlab draughts moves --bot`): every legal move with the
//! bot's score of it, and the moves it picks from. It shows why a bot plays what it plays:
//! Damebot's evaluation flags and capture weight, the article reading's score, alphabeta's
//! value of each move.

use super::alphabeta::AlphaBeta;
use super::damebot::Damebot;
use super::perfect::Perfect;
use super::{BotSpec, article_damebot};
use crate::draughts::Move;
use crate::draughts::game::{Draughts, GamePosition};
use crate::game::{Game, Player};
use serde::Serialize;

/// A bot's score of one move, written as JSON by `draughts moves --json`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum MoveScore {
    /// Damebot's evaluation flags (less those it plays without) and the capture's weight.
    Damebot { flags: u8, weight: u32 },
    /// A single number: the article reading's score, or alphabeta's value of the move.
    Value(i32),
}

/// The legal moves with a bot's score of each (if it has one) and the moves it picks from.
#[derive(Clone, Debug, PartialEq)]
pub struct BotView {
    pub moves: Vec<(Move, Option<MoveScore>)>,
    pub best: Vec<Move>,
}

/// Why a bot cannot show its view.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ViewError {
    #[error("the game is over in this position: no legal move")]
    GameOver,
    #[error(
        "{0}: its choice comes from random playouts, not from a score of each move; use random, \
damebot, damebot:-FLAG, damebot:article or alphabeta:D"
    )]
    NoScores(BotSpec),
    /// The endgame database `perfect:D` plays from cannot be opened.
    #[error("{0}")]
    Database(String),
}

/// What `bot` makes of `position`: Damebot's flags and weights and its best set, the article
/// reading's scores and its best set, alphabeta's score of each move (a full-width search of
/// the depth below) and the move it plays with the stream of `seed`, or every move for random;
/// for `perfect:D`, no scores and the moves of the best database value, or alphabeta's view
/// outside the database.
pub fn bot_view(
    game: &Draughts,
    position: &GamePosition,
    bot: BotSpec,
    seed: u64,
) -> Result<BotView, ViewError> {
    let mut legal = Vec::new();
    game.legal_moves(position, &mut legal);
    if legal.is_empty() {
        return Err(ViewError::GameOver);
    }
    Ok(match bot {
        BotSpec::Random => BotView {
            moves: legal.iter().map(|&mv| (mv, None)).collect(),
            best: legal.clone(),
        },
        BotSpec::Damebot { without } => {
            let (scored, best) = Damebot { without }.best(game, position);
            BotView {
                moves: scored
                    .iter()
                    .map(|s| {
                        let score = MoveScore::Damebot {
                            flags: s.flags & !without,
                            weight: s.weight,
                        };
                        (s.mv, Some(score))
                    })
                    .collect(),
                best: best.iter().map(|&i| scored[i].mv).collect(),
            }
        }
        BotSpec::ArticleDamebot => {
            let scores: Vec<i32> = legal
                .iter()
                .map(|mv| article_damebot::score(&position.board, mv, game.rules))
                .collect();
            let top = scores.iter().copied().max().unwrap_or(0);
            BotView {
                moves: legal
                    .iter()
                    .zip(&scores)
                    .map(|(&mv, &s)| (mv, Some(MoveScore::Value(s))))
                    .collect(),
                best: legal
                    .iter()
                    .zip(&scores)
                    .filter(|(_, s)| **s == top)
                    .map(|(&mv, _)| mv)
                    .collect(),
            }
        }
        BotSpec::AlphaBeta { depth } => {
            let mut searcher = AlphaBeta::new(depth);
            let scores = searcher.root_scores(&position.board, game.rules);
            let mut rng = crate::rng::stream(seed, "draughts/moves", 0);
            let chosen = AlphaBeta::new(depth).choose(game, position, &mut rng);
            BotView {
                moves: scores
                    .into_iter()
                    .map(|(mv, s)| (mv, Some(MoveScore::Value(s))))
                    .collect(),
                best: vec![chosen],
            }
        }
        BotSpec::Mcts { .. } => return Err(ViewError::NoScores(bot)),
        // The engine's scores are bounds from narrow windows, not values of each move: its
        // view is the move it plays.
        BotSpec::Engine(spec) => {
            let mut rng = crate::rng::stream(seed, "draughts/moves", 0);
            let mut engine = super::engine::PvsEngine::new(spec, game.rules);
            BotView {
                moves: legal.iter().map(|&mv| (mv, None)).collect(),
                best: vec![engine.choose(game, position, &mut rng)],
            }
        }
        BotSpec::Perfect { depth } => {
            let perfect = Perfect::open(depth, game.rules).map_err(ViewError::Database)?;
            match perfect.database_moves(&position.board) {
                // The values themselves are `draughts moves --values`'s to show.
                Some(best) => BotView {
                    moves: legal.iter().map(|&mv| (mv, None)).collect(),
                    best,
                },
                None => return bot_view(game, position, BotSpec::AlphaBeta { depth }, seed),
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::{Rules, parse_fen};

    fn view(fen: &str, bot: &str) -> Result<BotView, ViewError> {
        let game = Draughts::new(Rules::Czech);
        let position = GamePosition::new(parse_fen(fen).unwrap());
        bot_view(&game, &position, bot.parse().unwrap(), 1)
    }

    /// Each bot's best set holds the move its own `choose` plays, whatever the stream.
    #[test]
    fn the_best_set_holds_the_move_the_bot_plays() {
        let game = Draughts::new(Rules::Czech);
        let position = game.start();
        for bot in ["random", "damebot", "damebot:article", "alphabeta:3"] {
            let found = bot_view(&game, &position, bot.parse().unwrap(), 1).unwrap();
            let mut player = bot
                .parse::<BotSpec>()
                .unwrap()
                .player(Rules::Czech)
                .unwrap();
            let mut rng = crate::rng::stream(1, "draughts/moves", 0);
            let played = player.choose(&game, &position, &mut rng);
            assert!(found.best.contains(&played), "{bot}: {played}");
            assert_eq!(found.moves.len(), 7, "{bot}: the start has 7 moves");
        }
    }

    #[test]
    fn scores_serialise_as_the_json_of_draughts_moves() {
        let damebot = MoveScore::Damebot {
            flags: 5,
            weight: 3,
        };
        let text = serde_json::to_string(&[Some(damebot), Some(MoveScore::Value(-2)), None]);
        assert_eq!(text.unwrap(), r#"[{"flags":5,"weight":3},-2,null]"#);
    }

    #[test]
    fn a_bot_without_scores_and_a_finished_game_are_refused() {
        let mcts = BotSpec::Mcts { playouts: 5 };
        assert_eq!(view("W:Wc3:Bf6", "mcts:5"), Err(ViewError::NoScores(mcts)));
        assert_eq!(view("W:Wa1:Bb2,c3", "damebot"), Err(ViewError::GameOver));
    }
}
