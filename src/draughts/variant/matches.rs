//! The national games in the match study (`puzzle = "draughts-variants"`): the bots `random`,
//! `alphabeta:D` and `mcts:N` (the same searches as Czech draughts', on this generator's
//! boards) and any Hub engine (`hub:COMMAND`, [`crate::draughts::hub`]), moves written with every landing square (`32-28`, `19x28x37`), every game
//! refereed before it counts.
//!
//! A spec's own keys choose the game: `rules` (a rule set of `docs/draughts-variants.md`,
//! default `international`) and `max-plies`, the ply cap (10 to 10,000, default 400). Openings,
//! seats and streams are the match study's ([`crate::game::pairing`]).

use super::game::{VariantGame, VariantPosition, endgame_count};
use super::notation;
use super::{Engine, KingStreak, Variant, VariantMove};
use crate::draughts::board::Color;
use crate::draughts::bots::alphabeta::AlphaBeta;
use crate::draughts::bots::engine::PvsEngine;
use crate::draughts::bots::mcts::Mcts;
use crate::draughts::bots::{BotSpec, random::RandomBot};
use crate::draughts::dxp::{DxpPlayer, DxpSpec};
use crate::draughts::game::DEFAULT_MAX_PLIES;
use crate::draughts::hub::{HubPlayer, HubSpec};
use crate::draughts::matches::max_plies_of;
use crate::experiment::spec::{SpecError, bad};
use crate::game::matches::{BoxedPlayer, ListKey, MatchGame};
use crate::game::{GameResult, Player};
use rand_core::Rng;

const RULES_KEY: &str = "rules";
const MAX_PLIES_KEY: &str = "max-plies";

/// International draughts with the default ply cap.
impl Default for VariantGame {
    fn default() -> VariantGame {
        VariantGame::new(Variant::International, DEFAULT_MAX_PLIES)
    }
}

impl Player<VariantGame> for AlphaBeta<Engine> {
    fn name(&self) -> String {
        format!("alphabeta:{}", self.depth())
    }

    fn choose(
        &mut self,
        game: &VariantGame,
        position: &VariantPosition,
        rng: &mut dyn Rng,
    ) -> VariantMove {
        if let Some(only) = crate::draughts::bots::only_move(game, position) {
            return only;
        }
        self.best_move(&position.board, game.engine, rng).0
    }
}

impl Player<VariantGame> for Mcts {
    fn name(&self) -> String {
        format!("mcts:{}", self.playouts())
    }

    fn choose(
        &mut self,
        game: &VariantGame,
        position: &VariantPosition,
        rng: &mut dyn Rng,
    ) -> VariantMove {
        if let Some(only) = crate::draughts::bots::only_move(game, position) {
            return only;
        }
        self.best_move(&position.board, game.engine, rng)
    }
}

/// The bot `spec` names, on a national game: `damebot` and its variants know only the 8×8
/// rules of the original and are refused.
pub fn player(game: &VariantGame, spec: BotSpec) -> Result<BoxedPlayer<VariantGame>, String> {
    match spec {
        BotSpec::Random => Ok(Box::new(RandomBot)),
        BotSpec::AlphaBeta { depth } => Ok(Box::new(AlphaBeta::<Engine>::new(depth))),
        BotSpec::Mcts { playouts } => Ok(Box::new(Mcts::new(playouts))),
        BotSpec::Engine(engine) => Ok(Box::new(PvsEngine::new(engine, game.engine))),
        BotSpec::Damebot { .. } | BotSpec::ArticleDamebot => Err(format!(
            "bot `{spec}` plays only the rules the original Damebot knows (czech, damebot); use random, alphabeta:D or mcts:N"
        )),
        BotSpec::Perfect { .. } => Err(format!(
            "bot `{spec}` plays only the 8×8 rules its endgame database is solved for (czech and english, outside the national games); use random, alphabeta:D or mcts:N"
        )),
    }
}

impl MatchGame for VariantGame {
    const PUZZLE: &'static str = "draughts-variants";
    const ABOUT: &'static str = "the national games of draughts (international, Russian, Frisian, ...) between bots: random, alphabeta:D, mcts:N";
    const EXAMPLE_SPEC: &'static str =
        include_str!("../../../experiments/examples/draughts-variants.toml");
    const GAME_KEYS: &'static [&'static str] = &[RULES_KEY, MAX_PLIES_KEY];
    const LIST: Option<ListKey> = Some(ListKey {
        key: RULES_KEY,
        noun: "rule sets",
        columns: &[RULES_KEY, "player"],
    });

    fn configure(keys: &toml::Table) -> Result<VariantGame, SpecError> {
        let mut game = VariantGame::default();
        if let Some(value) = keys.get(RULES_KEY) {
            if value.is_array() {
                return Err(bad(
                    RULES_KEY,
                    "a list of rule sets is a set of runs, one folder each: run the spec with boardlab run; here give one rule set",
                ));
            }
            let variant: Variant = value
                .as_str()
                .ok_or_else(|| bad(RULES_KEY, format!("{value} is not a rule set name")))?
                .parse()
                .map_err(|e: String| bad(RULES_KEY, e))?;
            game = VariantGame::new(variant, game.max_plies);
        }
        if let Some(value) = keys.get(MAX_PLIES_KEY) {
            game.max_plies = max_plies_of(value)?;
        }
        Ok(game)
    }

    fn settings(&self) -> toml::Table {
        let default = VariantGame::default();
        let mut settings = toml::Table::new();
        if self.variant() != default.variant() {
            settings.insert(RULES_KEY.into(), self.variant().name().into());
        }
        if self.max_plies != default.max_plies {
            settings.insert(MAX_PLIES_KEY.into(), i64::from(self.max_plies).into());
        }
        settings
    }

    /// A bot by the names [`BotSpec`] reads, a Hub engine, `hub:COMMAND`
    /// ([`crate::draughts::hub::player`]), or under international rules a DXP engine,
    /// `dxp:COMMAND` ([`crate::draughts::dxp::player`]).
    fn player(&self, name: &str) -> Result<BoxedPlayer<Self>, String> {
        if HubSpec::is_hub(name) {
            return Ok(Box::new(HubPlayer::new(HubSpec::parse(name)?)));
        }
        if DxpSpec::is_dxp(name) {
            let spec = DxpSpec::parse(name)?;
            if self.variant() != Variant::International {
                return Err(format!(
                    "`{}`: DXP engines play international draughts only, not {}; use --rules international (`rules = \"international\"` in a spec)",
                    spec.text,
                    self.variant()
                ));
            }
            return Ok(Box::new(DxpPlayer::new(spec)));
        }
        let spec: BotSpec = name
            .parse()
            .map_err(|e: crate::draughts::bots::BotSpecError| e.to_string())?;
        player(self, spec)
    }

    fn referee(&self, moves: &str) -> Result<GameResult, String> {
        let moves: Vec<&str> = moves.split(' ').filter(|_| !moves.is_empty()).collect();
        referee(self, &moves)
    }

    /// An engine's program is found and can be run.
    fn check_player(&self, name: &str) -> Result<(), String> {
        if HubSpec::is_hub(name) {
            HubSpec::parse(name)?.check_program()?;
        } else if DxpSpec::is_dxp(name) {
            DxpSpec::parse(name)?.check_program()?;
        }
        Ok(())
    }
}

/// Replays a game from its move texts and returns its result. Each move must name one legal
/// move of the position reached; each position is carried as its FEN text (written and read
/// back), and the endings are counted here from those texts and the pieces on them: a move is
/// irreversible when the number of pieces falls or the set of men changes, the position
/// repeats when its text (side to move included) recurs since the last irreversible move, with
/// the same runs of one king's moves where the rules limit them (the legal moves differ
/// otherwise). A last token `forfeit:FAULT` ([`crate::game::forfeit`]) says that the side
/// to move after the moves gave the game up: it loses, provided the game was not over.
pub fn referee(game: &VariantGame, moves: &[&str]) -> Result<GameResult, String> {
    let (moves, forfeit) = crate::game::forfeit::split_moves(moves)?;
    let rules = *game.rules();
    let engine = game.engine;
    let mut fen = notation::to_fen(&rules, &engine.start());
    // Each side's run of quiet moves with one king while it has men (Frisian's limit).
    let mut streak = [KingStreak::default(); 2];
    let identity = |fen: &str, streak: &[KingStreak; 2]| match rules.same_king_moves {
        0 => fen.to_string(),
        _ => format!("{fen} {streak:?}"),
    };
    let mut seen = vec![identity(&fen, &streak)];
    let (mut quiet, mut since_capture) = (0u32, 0u32);
    let read = |fen: &str, streak: [KingStreak; 2]| {
        let mut board =
            notation::parse_fen(&rules, fen).expect("the referee writes positions it reads");
        board.streak = streak;
        board
    };
    let ended =
        |board: &super::Position, seen: &[String], quiet: u32, since_capture: u32, plies: u32| {
            let fen = identity(&notation::to_fen(&rules, board), &board.streak);
            let mut legal = Vec::new();
            engine.legal_moves(board, &mut legal);
            if legal.is_empty() {
                let winner = match board.side {
                    Color::White => crate::game::Seat::Second,
                    Color::Black => crate::game::Seat::First,
                };
                return Some(GameResult::Win(winner));
            }
            let repeated =
                seen.iter().filter(|f| **f == fen).count() >= rules.repetitions_for_draw as usize;
            let counted = rules.endgame_counts
                && endgame_count(board).is_some_and(|limit| since_capture >= limit);
            (repeated || quiet >= rules.quiet_plies_for_draw || counted || plies >= game.max_plies)
                .then_some(GameResult::Draw)
        };
    for (ply, text) in moves.iter().enumerate() {
        let board = read(&fen, streak);
        if let Some(result) = ended(&board, &seen, quiet, since_capture, ply as u32) {
            return Err(format!(
                "move {} `{text}` comes after the game ended ({result:?})",
                ply + 1
            ));
        }
        let mv = notation::parse_move(&engine, &board, text)
            .map_err(|e| format!("move {} `{text}`: {e}", ply + 1))?;
        if mv.to_string() != *text {
            return Err(format!(
                "move {} `{text}` is not written with every landing square (`{mv}`)",
                ply + 1
            ));
        }
        let next = super::play(&board, &mv);
        let mover = board.side as usize;
        let own = board.pieces(board.side);
        let king_step = board.kings >> mv.from() & 1 == 1 && !mv.is_capture();
        streak[mover] = if king_step && own & !board.kings != 0 {
            let moves = if streak[mover].moves > 0 && streak[mover].square as u32 == mv.from() {
                streak[mover].moves + 1
            } else {
                1
            };
            if rules.same_king_moves > 0 && moves as u32 > rules.same_king_moves {
                return Err(format!(
                    "move {} `{text}` moves one king more than {} times in a row",
                    ply + 1,
                    rules.same_king_moves
                ));
            }
            KingStreak {
                square: mv.to() as u8,
                moves,
            }
        } else {
            KingStreak::default()
        };
        if mv.captured() >> streak[1 - mover].square & 1 == 1 {
            streak[1 - mover] = KingStreak::default();
        }
        let men = |b: &super::Position| (b.white | b.black) & !b.kings;
        let pieces = |b: &super::Position| (b.white | b.black).count_ones();
        let irreversible = pieces(&next) < pieces(&board) || men(&next) != men(&board);
        since_capture = if pieces(&next) < pieces(&board) {
            0
        } else {
            since_capture + 1
        };
        fen = notation::to_fen(&rules, &next);
        if irreversible {
            quiet = 0;
            seen.clear();
        } else {
            quiet += 1;
        }
        seen.push(identity(&fen, &streak));
    }
    let last = read(&fen, streak);
    let ended = ended(&last, &seen, quiet, since_capture, moves.len() as u32);
    match (ended, forfeit) {
        (Some(result), None) => Ok(result),
        (None, None) => Err(format!(
            "the game is not over after its {}",
            crate::names::counted(moves.len(), "ply", "plies")
        )),
        (None, Some(_)) => Ok(GameResult::Win(crate::draughts::game::seat_of(
            last.side.other(),
        ))),
        (Some(result), Some(fault)) => Err(format!(
            "forfeit ({fault}) after the game ended ({result:?}) in {}",
            crate::names::counted(moves.len(), "ply", "plies")
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    /// The first `plies` moves of a game where each side plays its first legal move, as
    /// written in a row.
    fn first_moves(game: &VariantGame, plies: usize) -> Vec<String> {
        let mut position = game.start();
        let mut legal = Vec::new();
        (0..plies)
            .map(|_| {
                game.legal_moves(&position, &mut legal);
                position = game.play(&position, &legal[0]);
                legal[0].to_string()
            })
            .collect()
    }

    #[test]
    fn the_referee_gives_a_forfeited_game_to_the_other_side_while_the_game_was_on() {
        let game = VariantGame::new(Variant::International, 10);
        let moves = first_moves(&game, 10);
        let row = |played: usize, token: &str| {
            let mut texts: Vec<&str> = moves[..played].iter().map(String::as_str).collect();
            texts.push(token);
            referee(&game, &texts)
        };
        // Black to move after one ply forfeits: White, the first seat, wins.
        assert_eq!(
            row(1, "forfeit:timeout"),
            Ok(GameResult::Win(crate::game::Seat::First))
        );
        assert_eq!(
            row(0, "forfeit:crash"),
            Ok(GameResult::Win(crate::game::Seat::Second))
        );
        // The ply cap of 10 ended the game before the forfeit.
        assert!(
            row(10, "forfeit:garbage")
                .unwrap_err()
                .contains("after the game ended")
        );
        assert!(
            row(1, "forfeit:bored")
                .unwrap_err()
                .contains("unknown fault")
        );
        let texts = ["forfeit:illegal", moves[0].as_str()];
        assert!(referee(&game, &texts).unwrap_err().contains("last token"));
        // Without a forfeit the unfinished game is refused, as before.
        let texts: Vec<&str> = moves[..3].iter().map(String::as_str).collect();
        assert!(referee(&game, &texts).unwrap_err().contains("not over"));
    }
}
