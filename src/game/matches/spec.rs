//! Match specs: which bots play which, how many games each pairing plays, and from which
//! master seed. Every key is documented in `experiments/README.md`; a bad key or value is a
//! one-line error naming the key.
//!
//! ```toml
//! puzzle = "fifteen"
//! name = "fifteen"
//! seed = 20261122
//! games = 100000                  # per pairing; `--draws` replaces it for every pairing
//! players = ["random", "perfect", "mcts:100"]
//! pairings = "all"                # every unordered pair of distinct players (the default)
//! self-play = false               # with "all": also each player against itself
//! opening-plies = 0               # random opening moves before the bots take over
//! openings = ["31-26 16-21"]      # or fixed openings: games 2k, 2k+1 play opening k mod n
//! stop = "sprt elo0=0 elo1=10"    # optional: end each pairing once its SPRT decides
//! [player-games]                  # fewer games for every pairing with a slow bot
//! "mcts:100" = 10000
//! ```
//!
//! With `stop`, `games` is the most a pairing plays: its SPRT ([`crate::stats::elo::Sprt`])
//! is checked after every pair of games in index order, and the pairing ends with the first
//! pair at which it decides ([`super::pairs::SprtStop`]).
//!
//! An explicit `pairings` is a list whose items are `["a", "b"]` or
//! `{ players = ["a", "b"], games = N }`. A game may take keys of its own beside these
//! ([`MatchGame::GAME_KEYS`], draughts' `rules` and `max-plies`): they choose how every game
//! of the spec is played.

use super::MatchGame;
use crate::experiment::spec::{
    MAX_SERIES, Overrides, SpecError, SpecHeader, bad, one_line_toml_error,
};
use crate::experiment::study::check_label;
use crate::game::Game;
use crate::stats::elo::Sprt;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The most random opening plies a spec may ask for.
pub const MAX_OPENING_PLIES: u32 = 1000;

/// One series: player `a` against player `b`; `a` moves first in the even-numbered games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pairing {
    /// `a-vs-b`, the series label in every data file.
    pub label: String,
    pub a: String,
    pub b: String,
    /// Games of this pairing when they differ from the spec's `games`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub games: Option<u64>,
}

impl Pairing {
    fn new(a: &str, b: &str, games: Option<u64>) -> Pairing {
        Pairing {
            label: crate::game::pairing::label(a, b),
            a: a.to_string(),
            b: b.to_string(),
            games,
        }
    }

    /// Games of this pairing.
    pub fn games(&self, spec_games: u64) -> u64 {
        self.games.unwrap_or(spec_games)
    }
}

/// A checked match spec with command-line overrides applied; as serialized it is the
/// manifest's record of the run (`draws` holds `games`, the key `--draws` replaces).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchSpec {
    pub puzzle: String,
    #[serde(flatten)]
    pub header: SpecHeader,
    /// Games per pairing.
    #[serde(rename = "draws")]
    pub games: u64,
    /// The players in the spec's order, by their canonical names.
    pub players: Vec<String>,
    /// Random opening plies at the start of every game.
    #[serde(skip_serializing_if = "is_zero")]
    pub opening_plies: u32,
    /// Fixed openings, each its moves from the start separated by spaces: games 2k and 2k+1
    /// of a pairing play opening k mod their number, the seats swapped (none: random or no
    /// opening).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub openings: Vec<String>,
    pub pairings: Vec<Pairing>,
    /// The SPRT that ends each pairing early, when the spec has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stop: Option<Sprt>,
    /// The game's own keys that differ from their defaults ([`MatchGame::settings`]), by
    /// their names in the manifest (`max-plies` as `max_plies`); nothing for a spec that
    /// leaves them at their defaults, whose identity is then what it was before the game
    /// had keys.
    #[serde(flatten)]
    pub game_settings: BTreeMap<String, serde_json::Value>,
}

fn is_zero(value: &u32) -> bool {
    *value == 0
}

/// The file layout; see the module docs.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct SpecFile {
    /// Checked by the harness, which chose this reader by it.
    #[allow(dead_code)]
    puzzle: Option<String>,
    name: String,
    #[serde(default)]
    description: String,
    seed: u64,
    games: u64,
    players: Vec<String>,
    pairings: Option<toml::Value>,
    #[serde(default)]
    self_play: bool,
    #[serde(default)]
    opening_plies: u32,
    #[serde(default)]
    openings: Vec<String>,
    #[serde(default)]
    player_games: BTreeMap<String, u64>,
    stop: Option<String>,
}

impl MatchSpec {
    /// Parses and checks a match spec of game `G`, then applies `overrides` (`draws`
    /// replaces the games of every pairing; a match takes no settings, `cap` least of all);
    /// returns the game as the spec's own keys set it up, and the spec.
    pub fn parse<G: MatchGame>(
        text: &str,
        overrides: &Overrides,
    ) -> Result<(G, MatchSpec), SpecError> {
        let (file, game_keys) = read_spec_file::<G>(text)?;
        let game = G::configure(&game_keys)?;
        let spec = MatchSpec::check(&game, file, overrides)?;
        Ok((game, spec))
    }

    fn check<G: MatchGame>(
        game: &G,
        file: SpecFile,
        overrides: &Overrides,
    ) -> Result<MatchSpec, SpecError> {
        let header = SpecHeader::new(file.name, file.description, file.seed, overrides)?;
        if overrides.settings.iter().any(|(key, _)| key == "cap") {
            return Err(bad("cap", "a match has no iteration cap; leave --cap out"));
        }
        overrides.settings.only(&[], G::PUZZLE)?;
        let games = overrides.draws.unwrap_or(file.games);
        if games == 0 {
            return Err(bad("games", "must be at least 1"));
        }
        if file.opening_plies > MAX_OPENING_PLIES {
            return Err(bad(
                "opening-plies",
                format!("{} is more than {MAX_OPENING_PLIES}", file.opening_plies),
            ));
        }
        check_openings(game, &file.openings, file.opening_plies)?;
        let players = canonical_players(game, &file.players)?;
        let canonical = |key: &'static str, name: &str| -> Result<String, SpecError> {
            let name = canonical_name(game, key, name)?;
            if players.contains(&name) {
                Ok(name)
            } else {
                Err(bad(key, format!("{name} is not in `players`")))
            }
        };
        let mut player_games: BTreeMap<String, u64> = BTreeMap::new();
        for (name, &count) in &file.player_games {
            if count == 0 {
                return Err(bad("player-games", format!("{name}: must be at least 1")));
            }
            player_games.insert(canonical("player-games", name)?, count);
        }
        let fewer = |a: &str, b: &str| {
            [a, b]
                .iter()
                .filter_map(|p| player_games.get(*p).copied())
                .min()
        };
        let listed = explicit_pairings(file.pairings.as_ref())?;
        let mut pairings: Vec<Pairing> = Vec::new();
        match listed {
            None => {
                for (i, a) in players.iter().enumerate() {
                    let first_b = if file.self_play { i } else { i + 1 };
                    for b in &players[first_b..] {
                        pairings.push(Pairing::new(a, b, fewer(a, b)));
                    }
                }
            }
            Some(listed) => {
                if file.self_play {
                    return Err(bad(
                        "self-play",
                        "only with pairings = \"all\"; list [\"a\", \"a\"] for a self-play pairing",
                    ));
                }
                for (a, b, count) in listed {
                    let (a, b) = (canonical("pairings", &a)?, canonical("pairings", &b)?);
                    pairings.push(Pairing::new(&a, &b, count.or_else(|| fewer(&a, &b))));
                }
            }
        }
        if pairings.is_empty() {
            return Err(bad(
                "pairings",
                "no pairing: list two players, or set self-play = true",
            ));
        }
        if pairings.len() > MAX_SERIES {
            return Err(bad(
                "pairings",
                format!("more than the {MAX_SERIES} series a spec may have"),
            ));
        }
        for (i, pairing) in pairings.iter().enumerate() {
            check_label(&pairing.label).map_err(|e| bad("players", e))?;
            if pairings[..i].iter().any(|p| p.label == pairing.label) {
                return Err(bad(
                    "pairings",
                    format!("{} is listed twice", pairing.label),
                ));
            }
        }
        for pairing in &mut pairings {
            if overrides.draws.is_some() {
                pairing.games = None;
            }
            pairing.games = pairing.games.filter(|&g| g != games);
        }
        let stop = file
            .stop
            .as_deref()
            .map(Sprt::parse)
            .transpose()
            .map_err(|e| bad("stop", e))?;
        let spec = MatchSpec {
            puzzle: G::PUZZLE.to_string(),
            header,
            games,
            players,
            opening_plies: file.opening_plies,
            openings: file.openings.clone(),
            pairings,
            stop,
            game_settings: record_settings(&game.settings()),
        };
        let series: Vec<_> = spec.series();
        crate::experiment::spec::check_size(&series)?;
        Ok(spec)
    }

    /// The pairings as the harness's series.
    pub fn series(&self) -> Vec<crate::experiment::SeriesPlan> {
        self.pairings
            .iter()
            .map(|p| crate::experiment::SeriesPlan {
                label: p.label.clone(),
                draws: p.games(self.games),
            })
            .collect()
    }
}

/// Reads a spec's text: the match's own keys into [`SpecFile`], where an unknown key is an
/// error naming its line, and the game's keys ([`MatchGame::GAME_KEYS`]) into a table apart.
fn read_spec_file<G: MatchGame>(text: &str) -> Result<(SpecFile, toml::Table), SpecError> {
    let toml_error = |e: toml::de::Error| SpecError::Toml(one_line_toml_error(&e, text));
    let mut document = toml::de::DeTable::parse(text).map_err(toml_error)?;
    let mut game_keys = toml::Table::new();
    for &key in G::GAME_KEYS {
        if let Some(value) = document.get_mut().remove(key) {
            let value = toml::Value::deserialize(toml::de::ValueDeserializer::from(value))
                .map_err(toml_error)?;
            game_keys.insert(key.to_string(), value);
        }
    }
    let file = SpecFile::deserialize(toml::de::Deserializer::from(document)).map_err(|e| {
        let message = one_line_toml_error(&e, text);
        let game_keys: Vec<String> = G::GAME_KEYS.iter().map(|k| format!("`{k}`")).collect();
        if message.contains("unknown field") && !game_keys.is_empty() {
            SpecError::Toml(format!("{message}, or the game's {}", game_keys.join(", ")))
        } else {
            SpecError::Toml(message)
        }
    })?;
    Ok((file, game_keys))
}

/// The most fixed openings a spec may list.
pub const MAX_OPENINGS: usize = 100_000;

/// Checks that every opening is a sequence of legal moves from the start, of at most
/// [`MAX_OPENING_PLIES`], and that the spec does not also ask for random ones.
fn check_openings<G: MatchGame>(
    game: &G,
    openings: &[String],
    opening_plies: u32,
) -> Result<(), SpecError> {
    if openings.is_empty() {
        return Ok(());
    }
    if opening_plies > 0 {
        return Err(bad(
            "openings",
            "give fixed openings or random opening-plies, not both",
        ));
    }
    if openings.len() > MAX_OPENINGS {
        return Err(bad(
            "openings",
            format!("more than the {MAX_OPENINGS} openings a spec may list"),
        ));
    }
    for (k, text) in openings.iter().enumerate() {
        opening_moves(game, text).map_err(|e| {
            bad(
                "openings",
                format!("opening {k} (`{}`): {e}", crate::names::quoted(text)),
            )
        })?;
    }
    Ok(())
}

/// The moves of an opening as a spec writes it, each legal in the position it reaches; the
/// error names the first that is not, or a game that ends within the opening.
pub fn opening_moves<G: Game>(game: &G, text: &str) -> Result<Vec<G::Move>, String> {
    let mut position = game.start();
    let mut moves = Vec::new();
    for (ply, word) in text.split_whitespace().enumerate() {
        if moves.len() as u32 >= MAX_OPENING_PLIES {
            return Err(format!("more than {MAX_OPENING_PLIES} plies"));
        }
        if game.result(&position).is_some() {
            return Err(format!("the game is over before ply {}", ply + 1));
        }
        let mv = game
            .parse_move(&position, word)
            .map_err(|e| format!("ply {}: {e}", ply + 1))?;
        game.advance(&mut position, &mv);
        moves.push(mv);
    }
    if moves.is_empty() {
        return Err("no moves; write them separated by spaces, `31-26 16-21`".to_string());
    }
    Ok(moves)
}

/// The game's settings by their names in the manifest: `max-plies` becomes `max_plies`, as
/// the match's own `opening-plies` is recorded as `opening_plies`.
fn record_settings(settings: &toml::Table) -> BTreeMap<String, serde_json::Value> {
    settings
        .iter()
        .map(|(key, value)| {
            let value = serde_json::to_value(value).expect("a TOML value is JSON");
            (key.replace('-', "_"), value)
        })
        .collect()
}

/// The game a manifest's spec record describes: its recorded settings read back by
/// [`MatchGame::configure`], the defaults where it records none.
pub fn recorded_game<G: MatchGame>(spec: &serde_json::Value) -> Result<G, SpecError> {
    let mut keys = toml::Table::new();
    for &key in G::GAME_KEYS {
        if let Some(value) = spec.get(key.replace('-', "_")) {
            let value = toml::Value::try_from(value).map_err(|e| bad_record(key, e))?;
            keys.insert(key.to_string(), value);
        }
    }
    G::configure(&keys)
}

fn bad_record(key: &str, error: impl std::fmt::Display) -> SpecError {
    SpecError::Toml(format!("the manifest's {key} cannot be read: {error}"))
}

/// The players by canonical name (the bot's own `name()`), refusing unknown and repeated ones.
fn canonical_players<G: MatchGame>(game: &G, names: &[String]) -> Result<Vec<String>, SpecError> {
    if names.is_empty() {
        return Err(bad(
            "players",
            "the list is empty; name at least one player",
        ));
    }
    let mut players: Vec<String> = Vec::new();
    for name in names {
        let canonical = canonical_name(game, "players", name)?;
        if players.contains(&canonical) {
            return Err(bad(
                "players",
                format!("{name} is the player {canonical}, listed twice"),
            ));
        }
        players.push(canonical);
    }
    Ok(players)
}

fn canonical_name<G: MatchGame>(
    game: &G,
    key: &'static str,
    name: &str,
) -> Result<String, SpecError> {
    let canonical = game.player(name).map_err(|e| bad(key, e))?.name();
    check_label(&canonical).map_err(|e| bad(key, e))?;
    Ok(canonical)
}

/// A list of explicit pairings, or `None` for `"all"` (or no key).
#[allow(clippy::type_complexity)]
fn explicit_pairings(
    value: Option<&toml::Value>,
) -> Result<Option<Vec<(String, String, Option<u64>)>>, SpecError> {
    const HELP: &str =
        "use \"all\" or a list of [\"a\", \"b\"] and { players = [\"a\", \"b\"], games = N }";
    let items = match value {
        None => return Ok(None),
        Some(toml::Value::String(all)) if all == "all" => return Ok(None),
        Some(toml::Value::Array(items)) => items,
        Some(other) => return Err(bad("pairings", format!("found {other}; {HELP}"))),
    };
    let pair = |value: &toml::Value| -> Option<(String, String)> {
        match value.as_array()?.as_slice() {
            [a, b] => Some((a.as_str()?.to_string(), b.as_str()?.to_string())),
            _ => None,
        }
    };
    items
        .iter()
        .map(|item| {
            let fail = || bad("pairings", format!("item {item}: {HELP}"));
            if let Some((a, b)) = pair(item) {
                return Ok((a, b, None));
            }
            let table = item.as_table().ok_or_else(fail)?;
            if table.keys().any(|k| k != "players" && k != "games") {
                return Err(fail());
            }
            let (a, b) = table.get("players").and_then(pair).ok_or_else(fail)?;
            let games = match table.get("games") {
                None => None,
                Some(g) => match g.as_integer() {
                    Some(g) if g >= 1 => Some(g as u64),
                    _ => {
                        return Err(bad(
                            "pairings",
                            format!("item {item}: games must be at least 1"),
                        ));
                    }
                },
            };
            Ok((a, b, games))
        })
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}
