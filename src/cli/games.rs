//! `games`, the seeded batch of bot games that every two-player game's command offers
//! (`boardlab draughts games`, `boardlab fifteen games`): game i of the pairing A-vs-B is
//! played by the same one-pairing match study that `boardlab run` would build for it, so its
//! row is the row of the run's `draws.csv`.

use crate::game::matches::{MatchGame, MatchSpec, MatchStudy};
use std::io::Write;

/// What a batch is: the pairing and the spec keys that seed it.
pub struct Batch<'a> {
    pub a: &'a str,
    pub b: &'a str,
    pub games: u64,
    pub seed: u64,
    pub opening_plies: u32,
}

/// Plays the batch of `game` and writes the rows to standard output (the header first);
/// returns the score from A's side: wins, draws, losses. The game's settings (draughts'
/// rules and ply cap) go into the spec like the other keys, so the batch plays what a spec
/// with those keys plays.
pub fn play_batch<G: MatchGame>(game: G, batch: &Batch) -> anyhow::Result<[u64; 3]> {
    let (a, b) = (batch.a, batch.b);
    let (players, pairings) = if a == b {
        (format!("[{a:?}]"), format!("[[{a:?}, {a:?}]]"))
    } else {
        (format!("[{a:?}, {b:?}]"), format!("[[{a:?}, {b:?}]]"))
    };
    let spec_text = format!(
        "name = \"games\"\nseed = {}\ngames = {}\nplayers = {players}\npairings = {pairings}\n\
         opening-plies = {}\n{}",
        batch.seed,
        batch.games,
        batch.opening_plies,
        toml::to_string(&game.settings())?
    );
    let (game, spec) = MatchSpec::parse::<G>(&spec_text, &Default::default())?;
    let study = MatchStudy::new(game, spec);
    let mut out = std::io::stdout().lock();
    out.write_all(crate::game::matches::study::HEADER.as_bytes())?;
    let mut score = [0u64; 3];
    let mut row = Vec::new();
    let mut buffers = crate::game::GameBuffers::default();
    for index in 0..batch.games {
        row.clear();
        study
            .play(0, index, &mut row, &mut buffers)
            .map_err(anyhow::Error::from_boxed)?;
        out.write_all(&row)?;
        let text = String::from_utf8_lossy(&row);
        let result = text.split(',').nth(4).unwrap_or_default();
        let a_first = index.is_multiple_of(2);
        let slot = match (result, a_first) {
            ("1/2", _) => 1,
            ("1-0", true) | ("0-1", false) => 0,
            _ => 2,
        };
        score[slot] += 1;
    }
    out.flush()?;
    Ok(score)
}
