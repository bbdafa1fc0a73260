//! What every experiment spec shares, whatever its puzzle: the header (`name`, `description`,
//! `seed`), the overrides the command line may give (`--draws`, `--seed`, and the puzzle's
//! own `--set KEY=VALUE`), the bounds of a run, and one-line errors that name the key at
//! fault.
//!
//! Each puzzle reads the rest of its spec in its own folder; `puzzle = "…"` chooses which
//! (see [`super::registry`]). Every field of every puzzle is documented in
//! `experiments/README.md`.

use serde::Serialize;
use serde::de::DeserializeOwned;
use std::str::FromStr;

/// The most draws one run may hold (over all series): far more than any machine computes in
/// a year, and small enough that positions, byte counts and sums never overflow.
pub const MAX_DRAWS: u64 = 1_000_000_000_000;

/// The most series one spec may have (`random-queues` included): each series has a row in
/// the summary and an entry in the manifest, which is rewritten every few seconds.
pub const MAX_SERIES: usize = 10_000;

/// Values given on the command line that replace those of the spec.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overrides {
    /// `--draws`: every series' draws (a match's games).
    pub draws: Option<u64>,
    /// `--seed`: the master seed.
    pub seed: Option<u64>,
    /// `--set KEY=VALUE`: values of the puzzle's own keys, which the puzzle checks.
    pub settings: Settings,
}

/// Puzzle-specific values given as `--set KEY=VALUE`, in the order given. Each puzzle's spec
/// reader takes the keys it knows ([`Settings::get`]) and refuses the others
/// ([`Settings::only`]), so a misspelt key is an error, not silence.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings(Vec<(String, String)>);

impl Settings {
    /// Reads `KEY=VALUE`.
    pub fn parse_one(text: &str) -> Result<(String, String), String> {
        match text.split_once('=') {
            Some((key, value)) if !key.trim().is_empty() => {
                Ok((key.trim().to_string(), value.trim().to_string()))
            }
            _ => Err(format!("`{text}` is not KEY=VALUE, e.g. cap=500000")),
        }
    }

    /// Adds `key` = `value`; a later value of a key replaces an earlier one.
    pub fn set(&mut self, key: &str, value: &str) {
        self.0.retain(|(k, _)| k != key);
        self.0.push((key.to_string(), value.to_string()));
    }

    /// The settings, in the order given.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The value of `key`, read as a `T`; `None` when it is not set.
    pub fn get<T: FromStr>(&self, key: &'static str) -> Result<Option<T>, SpecError>
    where
        T::Err: std::fmt::Display,
    {
        match self.0.iter().find(|(k, _)| k == key) {
            None => Ok(None),
            Some((_, value)) => value
                .parse()
                .map(Some)
                .map_err(|e| bad(key, format!("--set {key}={value}: {e}"))),
        }
    }

    /// Refuses any key not in `known`, naming the puzzle's settings.
    pub fn only(&self, known: &[&str], puzzle: &str) -> Result<(), SpecError> {
        match self.0.iter().find(|(k, _)| !known.contains(&k.as_str())) {
            None => Ok(()),
            Some((key, _)) => Err(SpecError::Setting(if known.is_empty() {
                format!("--set {key}: a {puzzle} spec takes no settings")
            } else {
                format!(
                    "--set {key}: not a setting of a {puzzle} spec; its settings are {}",
                    known.join(", ")
                )
            })),
        }
    }
}

/// The keys every spec has, whatever its puzzle, checked in one place: `name` (the default
/// results folder's name), `description` and the master `seed` (which `--seed` replaces).
/// A puzzle's spec flattens it into the record the manifest keeps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SpecHeader {
    pub name: String,
    pub description: String,
    pub seed: u64,
}

impl SpecHeader {
    /// The header of a spec file with these keys, `--seed` applied.
    pub fn new(
        name: String,
        description: String,
        seed: u64,
        overrides: &Overrides,
    ) -> Result<SpecHeader, SpecError> {
        check_name(&name)?;
        Ok(SpecHeader {
            name,
            description,
            seed: overrides.seed.unwrap_or(seed),
        })
    }
}

/// toml's messages span several lines (a source excerpt); keep the message and the place,
/// and the key when the message is about the value of a `key = value` line (toml names only
/// the value: "invalid value: integer `-1`, expected u64").
pub fn one_line_toml_error(error: &toml::de::Error, text: &str) -> String {
    let message = crate::names::quotes_shown(error.message().trim().trim_end_matches('.'));
    match error.span() {
        Some(span) => {
            let before = text.get(..span.start).unwrap_or(text);
            let line = before.matches('\n').count() + 1;
            let line_start = before.rfind('\n').map_or(0, |i| i + 1);
            let column = before.len() - line_start + 1;
            match key_of_value(&before[line_start..]) {
                Some(key) if !message.contains(&format!("`{}`", crate::names::shown(key))) => {
                    format!(
                        "key `{}`, line {line}, column {column}: {message}",
                        crate::names::shown(key)
                    )
                }
                _ => format!("line {line}, column {column}: {message}"),
            }
        }
        None => message,
    }
}

/// The key of a line that reads `key = ` up to a value (a bare or quoted key).
fn key_of_value(line: &str) -> Option<&str> {
    let key = line.trim_end().strip_suffix('=')?.trim();
    let key = key
        .strip_prefix('"')
        .and_then(|k| k.strip_suffix('"'))
        .unwrap_or(key);
    let bare = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    (!key.is_empty() && key.chars().all(bare)).then_some(key)
}

pub fn check_name(name: &str) -> Result<(), SpecError> {
    let ok = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        Err(bad(
            "name",
            format!(
                "'{}' is not usable as a folder name; use letters, digits, '-' and '_'",
                crate::names::shown(name)
            ),
        ))
    }
}

/// A spec that cannot be run, with the key at fault.
#[derive(Debug, thiserror::Error)]
pub enum SpecError {
    #[error("{}", crate::names::long_words_cut(.0))]
    Toml(String),
    #[error("key `{key}`: {}", crate::names::long_words_cut(.message))]
    BadValue { key: &'static str, message: String },
    #[error("{}", crate::names::long_words_cut(.0))]
    Setting(String),
}

/// The error of a bad value of `key`; the message is made one line whatever it quotes (and
/// shown with a huge quote of the spec cut short, as every spec error is).
pub fn bad(key: &'static str, message: impl Into<String>) -> SpecError {
    SpecError::BadValue {
        key,
        message: crate::names::one_line(&message.into()),
    }
}

/// Reads a spec's TOML text into a puzzle's file layout, with a one-line error.
pub fn read_toml<T: DeserializeOwned>(text: &str) -> Result<T, SpecError> {
    toml::from_str(text).map_err(|e| SpecError::Toml(one_line_toml_error(&e, text)))
}

/// Refuses series whose draws add up to more than [`MAX_DRAWS`] (checked sums), or more
/// than [`MAX_SERIES`] series.
pub fn check_size(series: &[super::study::SeriesPlan]) -> Result<(), SpecError> {
    if series.len() > MAX_SERIES {
        return Err(bad(
            "series",
            format!(
                "{} series are more than the {MAX_SERIES} a spec may have; split the experiment",
                series.len()
            ),
        ));
    }
    let total = series
        .iter()
        .try_fold(0u64, |sum, s| sum.checked_add(s.draws))
        .filter(|&total| total <= MAX_DRAWS);
    match total {
        Some(_) => Ok(()),
        None => Err(bad(
            "draws",
            format!(
                "{} series make more than the {MAX_DRAWS} draws one run can hold; use fewer draws",
                series.len()
            ),
        )),
    }
}
