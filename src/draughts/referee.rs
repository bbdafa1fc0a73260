//! The referee of draughts matches: replays a written game from its move texts and says how
//! it ended, with the draw rules coded a second time, apart from [`super::game`].
//!
//! Each move text must be exactly the notation of one legal move (`c3-d4`, `c3:e5:c7`) in the
//! position reached, and each position is carried from move to move as its FEN text (printed
//! and read back), so a board that the notation cannot express is caught; under the original
//! Damebot's rules its piece lists are carried beside it, since only listed pieces move. The
//! draw rules are those of `docs/draughts-contract.md`, counted here from the FEN texts and the boards' piece sets rather than from
//! the moves: a move is irreversible when the number of pieces falls or the set of men
//! changes; the game is drawn when the same FEN text (side to move included) appears a third
//! time since the last irreversible move, after [`QUIET_PLY_LIMIT`] plies without one, or at
//! the game's ply cap. A side to move without a legal move has lost, which the referee checks
//! first, as the game does.

use super::board::Board;
pub use super::game::Ending;
use super::game::{Draughts, QUIET_PLY_LIMIT, seat_of};
use super::movegen::legal_moves;
use super::moves::MoveText;
use super::original::{self, PieceOrder};
use super::rules::Rules;
use super::{parse_fen, to_fen};
use crate::game::GameResult;

/// A refereed game: its result and why it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refereed {
    pub result: GameResult,
    pub ending: Ending,
}

/// The referee's state: the board and the draw rules' counts.
struct Replay {
    board: Board,
    /// The original Damebot's piece lists: under its rules only listed pieces move.
    order: PieceOrder,
    plies: u32,
    quiet: u32,
    /// FEN texts since the last irreversible move, the current one included.
    seen: Vec<String>,
}

impl Replay {
    fn legal(&self, game: &Draughts, legal: &mut Vec<super::moves::Move>) {
        match game.rules {
            Rules::Damebot => original::legal_moves(&self.board, &self.order, legal),
            rules => legal_moves(&self.board, rules, legal),
        }
    }

    /// How the game ends here, if it does; leaves the legal moves in `legal`.
    fn ending(&self, game: &Draughts, legal: &mut Vec<super::moves::Move>) -> Option<Refereed> {
        self.legal(game, legal);
        if legal.is_empty() {
            return Some(Refereed {
                result: GameResult::Win(seat_of(self.board.side.other())),
                ending: Ending::NoMove,
            });
        }
        let current = self.seen.last().expect("the current position is seen");
        let drawn = if self.seen.iter().filter(|f| *f == current).count() >= 3 {
            Ending::Repetition
        } else if self.quiet >= QUIET_PLY_LIMIT {
            Ending::QuietPlies
        } else if self.plies >= game.max_plies {
            Ending::PlyCap
        } else {
            return None;
        };
        Some(Refereed {
            result: GameResult::Draw,
            ending: drawn,
        })
    }
}

/// The men of a board (both colours) and its number of pieces.
fn men_and_count(board: &Board) -> (u64, u64, u32) {
    (
        board.white & !board.kings,
        board.black & !board.kings,
        board.occupied().count_ones(),
    )
}

/// Replays `moves` from the start under `game`'s rules; an error names the first move that
/// is not legal as written, a move after the game's end, or a game that stops before it.
pub fn referee(game: &Draughts, moves: &[&str]) -> Result<Refereed, String> {
    let start = parse_fen(&to_fen(&Board::start())).map_err(|e| e.to_string())?;
    let mut replay = Replay {
        board: start,
        order: PieceOrder::of_board(&start),
        plies: 0,
        quiet: 0,
        seen: vec![to_fen(&start)],
    };
    let mut legal = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        if let Some(end) = replay.ending(game, &mut legal) {
            return Err(format!(
                "move {} `{text}` comes after the game's end ({})",
                i + 1,
                end.ending
            ));
        }
        let mv = MoveText::parse(text)
            .and_then(|t| t.resolve(&legal, text))
            .map_err(|e| format!("move {}: {e} in {}", i + 1, replay.seen.last().unwrap()))?;
        if mv.to_string() != *text {
            return Err(format!(
                "move {} `{text}` is not written as {mv}, its notation",
                i + 1
            ));
        }
        let fen = to_fen(&replay.board.play(&mv));
        let next = parse_fen(&fen).map_err(|e| format!("move {}: {e}", i + 1))?;
        let (white_men, black_men, count) = men_and_count(&replay.board);
        let (white_after, black_after, count_after) = men_and_count(&next);
        let irreversible =
            count_after < count || white_after != white_men || black_after != black_men;
        if irreversible {
            replay.quiet = 0;
            replay.seen.clear();
        } else {
            replay.quiet += 1;
        }
        replay.seen.push(fen);
        replay.order = replay.order.after(&replay.board, &mv);
        replay.board = next;
        replay.plies += 1;
    }
    replay.ending(game, &mut legal).ok_or_else(|| {
        format!(
            "the game stops after {} plies in {}, which is not its end",
            moves.len(),
            replay.seen.last().unwrap()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::Rules;
    use crate::game::pairing::PairingGame;

    fn split(text: &str) -> Vec<&str> {
        text.split(' ').filter(|m| !m.is_empty()).collect()
    }

    #[test]
    fn a_played_game_ends_as_the_game_says_and_illegal_texts_are_named() {
        use crate::draughts::bots::BotSpec;
        let game = Draughts::new(Rules::Czech);
        let mut white = BotSpec::Damebot { without: 0 }
            .player(Rules::Czech)
            .unwrap();
        let mut black = BotSpec::Random.player(Rules::Czech).unwrap();
        let (result, moves) = PairingGame {
            seed: 3,
            label: "damebot-vs-random",
            index: 0,
        }
        .play(&game, 0, [white.as_mut(), black.as_mut()])
        .unwrap();
        let texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        assert_eq!(referee(&game, &texts).unwrap().result, result);
        let error = referee(&game, &texts[..texts.len() - 1]).unwrap_err();
        assert!(error.contains("not its end"), "{error}");
        let error = referee(&game, &split("c3-d4 d4-e5")).unwrap_err();
        assert!(
            error.starts_with("move 2: move `d4-e5` is not legal"),
            "{error}"
        );
        let error = referee(&game, &split("c3xd4")).unwrap_err();
        assert!(error.starts_with("move 1"), "{error}");
    }

    #[test]
    fn a_game_ending_by_the_ply_cap_or_with_moves_after_it_is_told_apart() {
        use crate::draughts::bots::random::RandomBot;
        use crate::game::Game;
        let game = Draughts {
            rules: Rules::Czech,
            max_plies: 10,
        };
        let (result, moves) = PairingGame {
            seed: 4,
            label: "random-vs-random",
            index: 0,
        }
        .play(&game, 0, [&mut RandomBot, &mut RandomBot])
        .unwrap();
        assert_eq!((result, moves.len()), (GameResult::Draw, 10));
        let mut texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        let call = |game: &Draughts, t: &[String]| {
            let list: Vec<&str> = t.iter().map(String::as_str).collect();
            referee(game, &list)
        };
        assert_eq!(
            call(&game, &texts),
            Ok(Refereed {
                result: GameResult::Draw,
                ending: Ending::PlyCap
            })
        );
        // Longer games under the default cap: ten plies are not an end.
        let end = moves
            .iter()
            .fold(game.start(), |position, mv| game.play(&position, mv));
        assert_eq!(
            call(&Draughts::new(Rules::Czech), &texts).unwrap_err(),
            format!(
                "the game stops after 10 plies in {}, which is not its end",
                to_fen(&end.board)
            )
        );
        let mut legal = Vec::new();
        game.legal_moves(&end, &mut legal);
        texts.push(legal[0].to_string());
        let error = call(&game, &texts).unwrap_err();
        assert!(error.contains("after the game's end (ply-cap)"), "{error}");
    }
}
