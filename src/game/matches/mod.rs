//! The match study: bots of one game play seeded games against each other in the experiment
//! harness, and the results become win/draw/loss tables with Wilson intervals, Bradley–Terry
//! ratings with bootstrap intervals, charts and a report.
//!
//! A game joins by implementing [`MatchGame`] (its puzzle name, how a spec's player name
//! becomes a bot, how a move is written, and an independent referee that replays a written
//! game) and listing `match_puzzle::<TheGame>()` in the harness's puzzles. Everything else is
//! here and the same for every game:
//!
//! - [`spec`]: the spec keys (`players`, `pairings`, `games`, …), one series per pairing;
//! - [`study`]: one draw is one game; its row ([`row`]) is
//!   `pairing,game,first,second,result,plies,moves`;
//! - [`tally`]: `summary.csv`, wins, draws and losses per pairing and seat;
//! - [`ratings`]: `ratings.csv`, Bradley–Terry strengths with draws as half points;
//! - [`pairs`]: `pairs.csv`, pairs of games, Elo with its interval, LOS and the SPRT;
//! - [`self_play`]: a player against itself, the first seat's record;
//! - [`set`]: the folder of a set of runs, one per value of the game's list key;
//! - [`charts`] and [`report`]: the charts and `REPORT.md`, with a section the game may add.

pub mod batch;
pub mod charts;
pub mod ladder;
pub mod pairs;
pub mod ratings;
pub mod report;
pub mod row;
pub mod self_play;
pub mod set;
pub mod spec;
pub mod study;
pub mod tally;

use super::{Game, GameResult, Player};
use crate::experiment::inspect::{Comparison, ShowOptions, SummaryLayout};
use crate::experiment::inspect::{compare_counts, summary_table};
use crate::experiment::run_set::SetOf;
use crate::experiment::spec::SpecError;
use crate::experiment::{Puzzle, StudyError};
use crate::output::table::wrap;
use std::path::Path;

pub use spec::{MatchSpec, Pairing};
pub use study::MatchStudy;
pub use tally::SeatRecord;

/// A bot of game `G` as the match study holds it: made afresh for every game.
pub type BoxedPlayer<G> = Box<dyn Player<G> + Send>;

/// What a game gives the match study. The game's own draw rules (repetition, a ply cap) live
/// in its [`Game::result`]; a game must end.
pub trait MatchGame: Game + Default + std::fmt::Debug + Send + Sync + 'static {
    /// The spec's `puzzle` value, e.g. `fifteen`.
    const PUZZLE: &'static str;
    /// What the game is, for help text.
    const ABOUT: &'static str;
    /// A small match spec of the game that runs in seconds ([`Puzzle::example_spec`]).
    const EXAMPLE_SPEC: &'static str;
    /// Games per chunk of work: a game of microseconds needs thousands per chunk, or the
    /// runner spends its time handing chunks out (see [`crate::experiment::Study::chunk_draws`]).
    const CHUNK_GAMES: u64 = crate::experiment::study::DEFAULT_CHUNK_DRAWS;
    /// The tables made from the games ([`crate::experiment::Puzzle::tables`]): the match
    /// study's summary and ratings, and any the game's report section writes.
    const TABLES: &'static [&'static str] = &["summary.csv", "ratings.csv", pairs::FILE];

    /// The game's own top-level spec keys, which choose how the game is played (draughts:
    /// `rules`, `max-plies`); none by default. A key here must not be one of the match's
    /// own keys (`players`, `games`, …).
    const GAME_KEYS: &'static [&'static str] = &[];

    /// The game key whose value a spec may give as a list, running the match once per value
    /// into a set of folders ([`crate::experiment::run_set`], [`set`]); none by default.
    const LIST: Option<ListKey> = None;

    /// The game that a spec's own keys describe: `keys` holds those of
    /// [`MatchGame::GAME_KEYS`] that the spec sets, by their names in the spec; a key left
    /// out takes its default. A bad value is a one-line error naming the key and the valid
    /// values ([`crate::experiment::spec::bad`]).
    fn configure(keys: &toml::Table) -> Result<Self, SpecError> {
        match keys.keys().next() {
            Some(key) => Err(SpecError::Toml(format!("unknown field `{key}`"))),
            None => Ok(Self::default()),
        }
    }

    /// The game's own keys whose values differ from their defaults, as
    /// [`MatchGame::configure`] reads them back. The manifest records these and only these,
    /// so that a spec leaving the keys out, or setting them to their defaults, keeps the
    /// identity a spec had before the keys existed.
    fn settings(&self) -> toml::Table {
        toml::Table::new()
    }

    /// The bot a spec's player name stands for; the error is one line naming the bad name
    /// and the valid ones. A new bot is made for every game, so that no game depends on
    /// another (a bot may keep state, a transposition table say, during one game).
    fn player(&self, name: &str) -> Result<BoxedPlayer<Self>, String>;

    /// A move as written in the `moves` column: no space, comma, quote or line break.
    fn write_move(&self, mv: &Self::Move) -> String {
        mv.to_string()
    }

    /// [`MatchGame::write_move`] appended to `out`; a game whose moves are written millions
    /// of times a second writes them without a string per move.
    fn write_move_to(&self, mv: &Self::Move, out: &mut Vec<u8>) {
        out.extend_from_slice(self.write_move(mv).as_bytes());
    }

    /// The referee: replays a finished game from its `moves` column as written (moves
    /// separated by single spaces, empty for none), with rules coded independently of the
    /// game's move generator, and returns its result; an error names the first illegal move
    /// or a game that ends early or goes on after its end. Every game passes it before its
    /// row is written.
    fn referee(&self, moves: &str) -> Result<GameResult, String>;

    /// Checks, before a run starts, what player `name` needs outside boardlab (an engine's
    /// program); reading a spec, as `report` and `show` do, does not, so that a folder
    /// reports on a machine without the engine.
    fn check_player(&self, _name: &str) -> Result<(), String> {
        Ok(())
    }

    /// A game-specific section of `REPORT.md` (Markdown starting at a `##` heading), from
    /// the results folder and its tables; empty by default.
    fn report_section(
        &self,
        _folder: &Path,
        _tables: &report::Tables,
    ) -> Result<String, StudyError> {
        Ok(String::new())
    }
}

/// A game key that takes a list of values ([`MatchGame::LIST`]).
#[derive(Clone, Copy, Debug)]
pub struct ListKey {
    /// The key, one of [`MatchGame::GAME_KEYS`]: `rules`.
    pub key: &'static str,
    /// What its values are, in the plural: `rule sets`.
    pub noun: &'static str,
    /// The key's column and `player`: the label columns of the set's `summary.csv`.
    pub columns: &'static [&'static str],
}

/// The harness's entry for the match study of game `G`.
pub const fn match_puzzle<G: MatchGame>() -> Puzzle {
    Puzzle {
        name: G::PUZZLE,
        about: G::ABOUT,
        example_spec: G::EXAMPLE_SPEC,
        parse: study::parse::<G>,
        report: report::report::<G>,
        plot: report::plot,
        headline: report::headline,
        show: show::<G>,
        compare,
        tables: G::TABLES,
        set_of: match G::LIST {
            Some(list) => Some(SetOf {
                key: list.key,
                report: set::report::<G>,
                show: set::show::<G>,
            }),
            None => None,
        },
    }
}

/// The columns of a match folder's `summary.csv` that `show` prints and `compare` tests.
const LAYOUT: SummaryLayout = SummaryLayout {
    key: &["pairing", "a_seat"],
    shown: &[
        "games",
        "a_win",
        "a_win_low",
        "a_win_high",
        "draw",
        "a_loss",
        "a_score",
        "mean_plies",
    ],
    counts: &["a_wins", "draws", "a_losses"],
    share: ("a_win", "a_win_low", "a_win_high"),
    percents: &["a_win", "draw", "a_loss", "a_score"],
    decimals: 2,
    fixed: &[("mean_plies", 2)],
};

fn show<G: MatchGame>(dir: &Path, options: &ShowOptions) -> Result<String, StudyError> {
    let headline = report::headline(dir)?;
    let table = summary_table(dir, G::PUZZLE, &LAYOUT, options)?;
    // The headline wrapped to the width; the folder's path is never broken.
    let report = dir.join("REPORT.md").display().to_string();
    Ok(table + &wrap(&headline, options.width, &[&report]))
}

fn compare(first: &Path, second: &Path) -> Result<Comparison, StudyError> {
    compare_counts(first, second, &LAYOUT)
}
