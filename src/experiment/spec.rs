//! What every experiment spec shares, whatever its puzzle: the overrides the command line
//! may give, the bounds of a run, and one-line errors that name the key at fault.
//!
//! Each puzzle reads the rest of its spec (`src/*/spec.rs` or `study.rs` in its folder);
//! `puzzle = "…"` chooses which (see [`super::study`]). Every field of every puzzle is
//! documented in `experiments/README.md`.

use serde::de::DeserializeOwned;

/// The most draws one run may hold (over all series): far more than any machine computes in
/// a year, and small enough that positions, byte counts and sums never overflow.
pub const MAX_DRAWS: u64 = 1_000_000_000_000;

/// The most series one spec may have (`random-queues` included): each series has a row in
/// the summary and an entry in the manifest, which is rewritten every few seconds.
pub const MAX_SERIES: usize = 10_000;

/// Values given on the command line that replace those of the spec.
#[derive(Clone, Debug, Default)]
pub struct Overrides {
    pub draws: Option<u64>,
    pub cap: Option<u64>,
    pub seed: Option<u64>,
}

/// toml's messages span several lines (a source excerpt); keep the message and the place.
pub fn one_line_toml_error(error: &toml::de::Error, text: &str) -> String {
    let message = error.message().trim().trim_end_matches('.').to_string();
    match error.span() {
        Some(span) => {
            let before = &text[..span.start.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
            format!("line {line}, column {column}: {message}")
        }
        None => message,
    }
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
            format!("'{name}' is not usable as a folder name; use letters, digits, '-' and '_'"),
        ))
    }
}

/// A spec that cannot be run, with the key at fault.
#[derive(Debug, thiserror::Error)]
pub enum SpecError {
    #[error("{0}")]
    Toml(String),
    #[error("key `{key}`: {message}")]
    BadValue { key: &'static str, message: String },
}

pub fn bad(key: &'static str, message: impl Into<String>) -> SpecError {
    SpecError::BadValue {
        key,
        message: message.into(),
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
