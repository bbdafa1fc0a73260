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
//! a capture or a man move, or the ply cap (see [`super::game`]).
//!
//! A spec's own keys choose the game: `rules = "czech"` (the default), `"english"` or
//! `"damebot"` (the original program's own rules), and `max-plies = N`, the ply cap, 10 to
//! 10,000 (default 400), as `boardlab draughts games --rules R --max-plies N` takes them. The
//! manifest records them only when they differ from the defaults.

use super::bots::BotSpec;
use super::game::Draughts;
use super::match_report;
use super::moves::Move;
use super::rules::Rules;
use crate::experiment::StudyError;
use crate::experiment::spec::{SpecError, bad};
use crate::game::GameResult;
use crate::game::matches::{BoxedPlayer, MatchGame, pairs, report::Tables};
use std::path::Path;

/// Results of this module: a puzzle's error ([`StudyError`]) unless another is named.
type Result<T, E = StudyError> = std::result::Result<T, E>;

/// The shortest and longest ply cap a spec may set, as `draughts games --max-plies` allows
/// (the default is [`super::game::DEFAULT_MAX_PLIES`]).
pub const MAX_PLIES_RANGE: std::ops::RangeInclusive<u32> = 10..=10_000;

/// The spec key of the rules variant.
const RULES_KEY: &str = "rules";
/// The spec key of the ply cap.
const MAX_PLIES_KEY: &str = "max-plies";

fn rules_of(value: &toml::Value) -> Result<Rules, SpecError> {
    let names: Vec<&str> = Rules::ALL.iter().map(|r| r.name()).collect();
    if let Some(variant) = value
        .as_str()
        .and_then(|text| text.parse::<super::variant::Variant>().ok())
        .filter(|_| {
            value
                .as_str()
                .and_then(|t| t.parse::<Rules>().ok())
                .is_none()
        })
    {
        return Err(bad(
            RULES_KEY,
            format!(
                "{variant} is played by `puzzle = \"draughts-variants\"`; this puzzle takes {}",
                names.join(", ")
            ),
        ));
    }
    value
        .as_str()
        .and_then(|text| text.parse().ok())
        .ok_or_else(|| {
            bad(
                RULES_KEY,
                format!(
                    "{value} is no rules variant; use one of: {}",
                    names.join(", ")
                ),
            )
        })
}

/// The ply cap a spec's `max-plies` sets, or a one-line error naming the key and the range.
pub(crate) fn max_plies_of(value: &toml::Value) -> Result<u32, SpecError> {
    let (low, high) = (MAX_PLIES_RANGE.start(), MAX_PLIES_RANGE.end());
    value
        .as_integer()
        .and_then(|n| u32::try_from(n).ok())
        .filter(|n| MAX_PLIES_RANGE.contains(n))
        .ok_or_else(|| {
            bad(
                MAX_PLIES_KEY,
                format!("{value} is out of range; use a number of plies from {low} to {high}"),
            )
        })
}

impl MatchGame for Draughts {
    const PUZZLE: &'static str = "draughts";
    const EXAMPLE_SPEC: &'static str = include_str!("../../experiments/examples/draughts.toml");
    const ABOUT: &'static str = "Czech draughts between bots: random, the original Damebot (and without each flag), alphabeta:D, mcts:N";
    const TABLES: &'static [&'static str] = &[
        "summary.csv",
        "ratings.csv",
        pairs::FILE,
        match_report::LENGTHS_FILE,
    ];

    const GAME_KEYS: &'static [&'static str] = &[RULES_KEY, MAX_PLIES_KEY];

    fn configure(keys: &toml::Table) -> Result<Draughts, SpecError> {
        let mut game = Draughts::default();
        if let Some(value) = keys.get(RULES_KEY) {
            game.rules = rules_of(value)?;
        }
        if let Some(value) = keys.get(MAX_PLIES_KEY) {
            game.max_plies = max_plies_of(value)?;
        }
        Ok(game)
    }

    fn settings(&self) -> toml::Table {
        let default = Draughts::default();
        let mut settings = toml::Table::new();
        if self.rules != default.rules {
            settings.insert(RULES_KEY.into(), self.rules.name().into());
        }
        if self.max_plies != default.max_plies {
            settings.insert(MAX_PLIES_KEY.into(), i64::from(self.max_plies).into());
        }
        settings
    }

    fn player(&self, name: &str) -> Result<BoxedPlayer<Self>, String> {
        if crate::draughts::dxp::DxpSpec::is_dxp(name) {
            return Err(format!(
                "`{name}`: DXP engines play international draughts only, not {}; use --rules international (`rules = \"international\"` in a draughts-variants spec)",
                self.rules
            ));
        }
        if crate::draughts::hub::HubSpec::is_hub(name) {
            return Err(format!(
                "`{name}`: Hub engines play the rule sets of the national games (`--rules international`, `russian`, ...; in a spec `puzzle = \"draughts-variants\"`, Czech rules included), not {} here",
                self.rules
            ));
        }
        name.parse::<BotSpec>()
            .map_err(|e| e.to_string())?
            .player(self.rules)
    }

    fn write_move_to(&self, mv: &Move, out: &mut Vec<u8>) {
        use std::io::Write;
        write!(out, "{mv}").expect("writing to a Vec cannot fail");
    }

    fn referee(&self, moves: &str) -> Result<GameResult, String> {
        let moves: Vec<&str> = moves.split(' ').filter(|_| !moves.is_empty()).collect();
        super::referee::referee(self, &moves).map(|r| r.result)
    }

    fn report_section(&self, folder: &Path, tables: &Tables) -> Result<String> {
        match_report::section(self, folder, tables)
    }
}
