//! Czech draughts in the match study (`puzzle = "draughts"`): bots by the names [`BotSpec`]
//! reads (`random`, `damebot`, `damebot:-FLAG`, `damebot:article`, `alphabeta:D`, `mcts:N`),
//! moves in the notation of [`super::moves`]
//! (`c3-d4`, `c3:e5:c7`), every game checked by [`referee`](super::referee), and the
//! report's draughts section ([`super::match_report`]).
//!
//! Openings: a spec sets `opening-plies = 2` for "a random first move for each side": White's
//! first move uniform among its 7, Black's reply uniform among its 7, so 49 openings. The match
//! study draws opening k from its own stream (seed, `PAIRING/opening`, k) and plays games 2k
//! and 2k + 1, which swap the seats, from it, so that no bot owes a result to its colour in
//! an opening. Draw rules (the project's convention): threefold repetition, 60 plies without
//! a capture or a man move, or the ply cap of 400 (see [`super::game`]).

use super::bots::BotSpec;
use super::game::Draughts;
use super::match_report;
use crate::experiment::StudyError;
use crate::game::GameResult;
use crate::game::matches::{BoxedPlayer, MatchGame, report::Tables};
use std::path::Path;

/// Results of this module: a puzzle's error ([`StudyError`]) unless another is named.
type Result<T, E = StudyError> = std::result::Result<T, E>;

impl MatchGame for Draughts {
    const PUZZLE: &'static str = "draughts";
    const EXAMPLE_SPEC: &'static str = include_str!("../../experiments/examples/draughts.toml");
    const ABOUT: &'static str = "Czech draughts between bots: random, the original Damebot (and without each flag), alphabeta:D, mcts:N";
    const TABLES: &'static [&'static str] =
        &["summary.csv", "ratings.csv", match_report::LENGTHS_FILE];

    fn player(&self, name: &str) -> Result<BoxedPlayer<Self>, String> {
        name.parse::<BotSpec>()
            .map(BotSpec::player)
            .map_err(|e| e.to_string())
    }

    fn referee(&self, moves: &str) -> Result<GameResult, String> {
        let moves: Vec<&str> = moves.split(' ').filter(|_| !moves.is_empty()).collect();
        super::referee::referee(self, &moves).map(|r| r.result)
    }

    fn report_section(&self, folder: &Path, tables: &Tables) -> Result<String> {
        match_report::section(self, folder, tables)
    }
}
