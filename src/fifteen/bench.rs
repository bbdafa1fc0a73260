//! Games per second between two bots (`boardlab fifteen bench`): games `0..games` of the
//! pairing A-vs-B, each the game `boardlab run` plays under the same seed, on this thread,
//! every move checked legal.

use super::{Bot, Fifteen, Rules, Variant};
use crate::experiment::bench::{Repeats, Run, Timed, repeat_one};
use crate::experiment::measure::thread_cpu_seconds;
use crate::game::pairing::{self, PairingGame};
use crate::game::{GameResult, Seat};
use std::time::Instant;

/// What one batch of games gave.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Played {
    /// Games won by the player who moved first, drawn, and won by the other.
    pub first_wins: u64,
    pub draws: u64,
    pub second_wins: u64,
    /// Wall time of the games.
    pub seconds: f64,
    /// CPU time of this thread during the games; `None` where the platform does not say.
    pub cpu_seconds: Option<f64>,
}

/// A move a bot chose that the game refused, in game `index`.
#[derive(Debug, thiserror::Error)]
#[error("game {index}: {message}")]
pub struct IllegalGame {
    pub index: u64,
    pub message: String,
}

/// The pairing a bench plays: A against B, `games` games under `seed`.
#[derive(Clone, Copy, Debug)]
pub struct Pairing<'a> {
    pub a: &'a Bot,
    pub b: &'a Bot,
    pub games: u64,
    pub seed: u64,
}

impl Pairing<'_> {
    /// The command line that plays this pairing once in `variant`: the name of its timed
    /// runs in the exports.
    pub fn command(&self, variant: Variant) -> String {
        format!(
            "boardlab fifteen bench --a {} --b {} --games {} --seed {} --variant {variant}",
            self.a, self.b, self.games, self.seed
        )
    }
}

/// Plays the games of `pairing` once and times them.
pub fn play_games<R: Rules>(game: &Fifteen<R>, pairing: Pairing) -> Result<Played, IllegalGame> {
    let (mut a, mut b) = (pairing.a.clone(), pairing.b.clone());
    let label = pairing::label(&a.to_string(), &b.to_string());
    let mut counts = [0u64; 3];
    let cpu_start = thread_cpu_seconds();
    let start = Instant::now();
    for index in 0..pairing.games {
        let game_i = PairingGame {
            seed: pairing.seed,
            label: &label,
            index,
        };
        let (result, _) = game_i
            .play(game, 0, [&mut a, &mut b])
            .map_err(|e| IllegalGame {
                index,
                message: e.to_string(),
            })?;
        counts[match result {
            GameResult::Win(Seat::First) => 0,
            GameResult::Draw => 1,
            GameResult::Win(Seat::Second) => 2,
        }] += 1;
    }
    let seconds = start.elapsed().as_secs_f64();
    let cpu_seconds = thread_cpu_seconds()
        .zip(cpu_start)
        .map(|(end, start)| end - start);
    Ok(Played {
        first_wins: counts[0],
        draws: counts[1],
        second_wins: counts[2],
        seconds,
        cpu_seconds,
    })
}

/// [`play_games`] run `repeats` times after the warm-up runs, each time with the bots as
/// given (a run starts from the same state as every other); the rate counts games.
pub fn timed_runs<R: Rules>(
    game: &Fifteen<R>,
    pairing: Pairing,
    repeats: Repeats,
) -> Result<Vec<Run<Played>>, IllegalGame> {
    repeat_one(repeats, || {
        let played = play_games(game, pairing)?;
        Ok(Timed {
            count: pairing.games,
            seconds: played.seconds,
            result: played,
        })
    })
}
