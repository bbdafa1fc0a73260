//! The match study on the harness: one series per pairing, one draw per game.
//!
//! Game `i` of pairing `a-vs-b` is [`PairingGame`]'s: `a` takes the first seat when `i` is
//! even, `b` when it is odd; the first seat draws from `rng::stream(seed, "a-vs-b", i)`, the
//! second from the same stream after one Xoshiro jump; a random opening (`opening-plies`)
//! comes from `rng::stream(seed, "a-vs-b/opening", i / 2)`, so games 2k and 2k+1 open alike
//! with the seats swapped (see [`crate::game::pairing`]); with fixed `openings`, games 2k and
//! 2k+1 play opening k mod their number. Every game is replayed by the
//! game's referee before its row is written:
//!
//! `pairing,game,first,second,result,plies,moves`, result from the first seat (`1-0`, `0-1`,
//! `1/2`), moves space separated in the game's notation. A game that a player forfeited
//! (an engine's crash, hang, garbage or illegal move) ends its moves with the token
//! `forfeit:FAULT` ([`crate::game::forfeit`]); every other row is as it always was.

use super::spec::MatchSpec;
use super::{BoxedPlayer, MatchGame, tally};
use crate::experiment::spec::{Overrides, SpecHeader};
use crate::experiment::study::{Computed, SeriesPlan, Study};
use crate::experiment::{Interrupted, Plan, ResultsFolder, StudyError, stop_requested};
use crate::game::pairing::PairingGame;
use crate::game::{Forfeit, GameBuffers, GameResult, Seat};
use crate::output::numbers::push_decimal;
use std::sync::Arc;

/// The header of `draws.csv`.
pub const HEADER: &str = "pairing,game,first,second,result,plies,moves\n";

/// Reads a match spec of game `G` (the harness's `parse` of the puzzle).
pub fn parse<G: MatchGame>(
    text: &str,
    overrides: &Overrides,
) -> Result<Arc<dyn Study>, StudyError> {
    let (game, spec) = MatchSpec::parse::<G>(text, overrides)?;
    Ok(Arc::new(MatchStudy::new(game, spec)))
}

/// A checked match spec of game `G` as a study.
#[derive(Debug)]
pub struct MatchStudy<G: MatchGame> {
    pub game: G,
    pub spec: MatchSpec,
    series: Vec<SeriesPlan>,
}

impl<G: MatchGame> MatchStudy<G> {
    pub fn new(game: G, spec: MatchSpec) -> MatchStudy<G> {
        let series = spec.series();
        MatchStudy { game, spec, series }
    }

    fn player(&self, name: &str) -> Result<BoxedPlayer<G>, StudyError> {
        Ok(self.game.player(name)?)
    }

    /// Plays game `index` of pairing `series`, checks it with the referee and appends its
    /// row to `out`; returns its plies. `buffers` are the game loop's lists, kept from one
    /// game to the next. A game in flight when the run is asked to stop is given up between
    /// two moves ([`Interrupted`]).
    pub fn play(
        &self,
        series: usize,
        index: u64,
        out: &mut Vec<u8>,
        buffers: &mut GameBuffers<G>,
    ) -> Result<u64, StudyError> {
        let pairing = &self.spec.pairings[series];
        let game = PairingGame {
            seed: self.spec.header.seed,
            label: &pairing.label,
            index,
        };
        let [first, second] = game.seated([&pairing.a, &pairing.b]);
        let [mut a, mut b] = [self.player(&pairing.a)?, self.player(&pairing.b)?];
        let openings = &self.spec.openings;
        let opening = match openings.len() {
            0 => game.opening(&self.game, self.spec.opening_plies),
            // A few plies, read again for each game (a move need not be shared by threads).
            n => super::spec::opening_moves(&self.game, &openings[(index / 2 % n as u64) as usize])
                .map_err(|e| format!("{} game {index}: its opening: {e}", pairing.label))?,
        };
        let played = game
            .play_from(
                &self.game,
                &opening,
                [a.as_mut(), b.as_mut()],
                buffers,
                &stop_requested,
            )
            .map_err(|e| format!("{} game {index}: {e}", pairing.label))?;
        let Some(result) = played else {
            return Err(Interrupted.into());
        };
        let plies = buffers.moves.len() as u64;
        // The row, written straight into `out`: the moves are refereed as written there,
        // and the row is taken back if the referee refuses it.
        let row_start = out.len();
        out.extend_from_slice(pairing.label.as_bytes());
        out.push(b',');
        push_decimal(out, index);
        out.push(b',');
        for field in [first.as_str(), second.as_str(), result_text(result)] {
            out.extend_from_slice(field.as_bytes());
            out.push(b',');
        }
        push_decimal(out, plies);
        out.push(b',');
        let moves_start = out.len();
        let forfeit = buffers.forfeit.as_ref().map(|(_, forfeit)| forfeit);
        let refereed = self.write_and_referee(&buffers.moves, forfeit, out, moves_start);
        let refereed = refereed.map_err(|e| {
            out.truncate(row_start);
            format!("{} game {index}: {e}", pairing.label)
        })?;
        if refereed != result {
            out.truncate(row_start);
            return Err(format!(
                "{} game {index}: the referee finds {} where the game ended {}",
                pairing.label,
                result_text(refereed),
                result_text(result)
            )
            .into());
        }
        out.push(b'\n');
        Ok(plies)
    }

    /// Writes `moves` at the end of `out` (which has them from `moves_start` on), then the
    /// forfeit's token if the game ended by one, and replays them there with the referee.
    fn write_and_referee(
        &self,
        moves: &[G::Move],
        forfeit: Option<&Forfeit>,
        out: &mut Vec<u8>,
        moves_start: usize,
    ) -> Result<GameResult, String> {
        for (ply, mv) in moves.iter().enumerate() {
            if ply > 0 {
                out.push(b' ');
            }
            let at = out.len();
            self.game.write_move_to(mv, out);
            let written = &out[at..];
            if written.is_empty()
                || written
                    .iter()
                    .any(|b| matches!(b, b' ' | b',' | b'"' | b'\n' | b'\r'))
            {
                return Err(format!(
                    "{}: the move {:?} cannot be written in a row",
                    G::PUZZLE,
                    String::from_utf8_lossy(written)
                ));
            }
        }
        if let Some(forfeit) = forfeit {
            if !moves.is_empty() {
                out.push(b' ');
            }
            out.extend_from_slice(forfeit.token().as_bytes());
        }
        let written = std::str::from_utf8(&out[moves_start..])
            .map_err(|_| format!("{}: a move is not written as text", G::PUZZLE))?;
        self.game
            .referee(written)
            .map_err(|e| format!("the referee refuses {written}: {e}"))
    }
}

/// The result from the first seat: `1-0`, `0-1` or `1/2`.
pub fn result_text(result: GameResult) -> &'static str {
    match result {
        GameResult::Win(Seat::First) => "1-0",
        GameResult::Win(Seat::Second) => "0-1",
        GameResult::Draw => "1/2",
    }
}

impl<G: MatchGame> Study for MatchStudy<G> {
    fn puzzle(&self) -> &'static str {
        G::PUZZLE
    }

    /// Every player's engine program, found before anything is run.
    fn check_references(&self) -> Result<(), StudyError> {
        for name in &self.spec.players {
            self.game.check_player(name)?;
        }
        Ok(())
    }

    fn header(&self) -> &SpecHeader {
        &self.spec.header
    }

    fn series(&self) -> &[SeriesPlan] {
        &self.series
    }

    /// A draw of a match is a game; "draws" are only the games that end drawn.
    fn draw_noun(&self) -> &'static str {
        "games"
    }

    fn chunk_draws(&self, _series: usize) -> u64 {
        G::CHUNK_GAMES
    }

    fn identity(&self) -> serde_json::Value {
        serde_json::to_value(&self.spec).expect("a spec serializes")
    }

    fn draws_header(&self) -> Vec<u8> {
        HEADER.as_bytes().to_vec()
    }

    fn run_draws(&self, series: usize, indices: &[u64]) -> Result<Computed, StudyError> {
        let mut computed = Computed::default();
        let mut buffers = GameBuffers::default();
        for &index in indices {
            computed.work += self.play(series, index, &mut computed.bytes, &mut buffers)?;
            computed.rows += 1;
        }
        Ok(computed)
    }

    fn stop_rule(&self, series: usize) -> Option<Box<dyn crate::experiment::StopRule>> {
        let sprt = self.spec.stop?;
        Some(Box::new(super::pairs::PairingStop {
            pairing: self.spec.pairings[series].clone(),
            test: super::pairs::SprtStop::new(sprt),
        }))
    }

    fn derive(&self, folder: &ResultsFolder, plan: &Plan) -> Result<(), StudyError> {
        tally::derive(&self.spec, folder, plan)
    }
}
