//! A seeded batch of games of one pairing outside a run (`boardlab draughts games`,
//! `boardlab fifteen games`): game i of the pairing A-vs-B is played by the same one-pairing
//! match study that `boardlab run` would build for it, so its row is the row of the run's
//! `draws.csv`.

use super::study::{HEADER, MatchStudy};
use super::{MatchGame, MatchSpec};
use crate::experiment::StudyError;
use crate::experiment::spec::SpecError;
use crate::game::GameBuffers;
use std::io::Write;

/// What a batch is: the pairing and the spec keys that seed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchSpec {
    /// The first player, first to move in the even-numbered games.
    pub a: String,
    /// The second player.
    pub b: String,
    pub games: u64,
    /// The spec's `seed`.
    pub seed: u64,
    /// The spec's `opening-plies`.
    pub opening_plies: u32,
}

/// Why a batch stopped: writing its rows failed (a closed pipe among them), or its spec or
/// a game did.
#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    #[error(transparent)]
    Write(#[from] std::io::Error),
    #[error(transparent)]
    Game(StudyError),
}

/// The score of a batch from A's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BatchScore {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl BatchSpec {
    /// The match spec of the batch. The game's settings (draughts' rules and ply cap) go
    /// into it like the other keys, so the batch plays what a spec with those keys plays.
    fn spec_text<G: MatchGame>(&self, game: &G) -> Result<String, BatchError> {
        let (a, b) = (&self.a, &self.b);
        let (players, pairings) = if a == b {
            (format!("[{a:?}]"), format!("[[{a:?}, {a:?}]]"))
        } else {
            (format!("[{a:?}, {b:?}]"), format!("[[{a:?}, {b:?}]]"))
        };
        Ok(format!(
            "name = \"games\"\nseed = {}\ngames = {}\nplayers = {players}\npairings = {pairings}\n\
             opening-plies = {}\n{}",
            self.seed,
            self.games,
            self.opening_plies,
            toml::to_string(&game.settings()).map_err(|e| BatchError::Game(e.into()))?
        ))
    }
}

/// A spec error of the batch in the words of the command line, which has no spec: a player
/// is named by its own message, the other keys by their option.
fn in_command_words(error: SpecError) -> StudyError {
    match error {
        SpecError::BadValue { key, message } => match key {
            "players" | "pairings" => message.into(),
            "opening-plies" | "games" | "seed" => format!("--{key}: {message}").into(),
            _ => SpecError::BadValue { key, message }.into(),
        },
        other => other.into(),
    }
}

/// Plays the batch of `game` and writes its rows to `out` (the header of `draws.csv` first),
/// each as soon as it is played; returns the score from A's side.
pub fn play_batch<G: MatchGame>(
    game: G,
    batch: &BatchSpec,
    out: &mut impl Write,
) -> Result<BatchScore, BatchError> {
    let text = batch.spec_text(&game)?;
    let (game, spec) = MatchSpec::parse::<G>(&text, &Default::default())
        .map_err(|e| BatchError::Game(in_command_words(e)))?;
    let study = MatchStudy::new(game, spec);
    out.write_all(HEADER.as_bytes())?;
    let mut score = BatchScore::default();
    let mut row = Vec::new();
    let mut buffers = GameBuffers::default();
    for index in 0..batch.games {
        row.clear();
        study
            .play(0, index, &mut row, &mut buffers)
            .map_err(BatchError::Game)?;
        out.write_all(&row)?;
        let text = String::from_utf8_lossy(&row);
        let result = text.split(',').nth(4).unwrap_or_default();
        let a_first = index.is_multiple_of(2);
        match (result, a_first) {
            ("1/2", _) => score.draws += 1,
            ("1-0", true) | ("0-1", false) => score.wins += 1,
            _ => score.losses += 1,
        }
    }
    out.flush()?;
    Ok(score)
}
