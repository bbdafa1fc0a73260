//! The puzzles a program knows, handed to the harness from above: the harness names no puzzle,
//! and every entry point that must turn a spec or a results folder into a study takes a
//! [`Registry`]. boardlab's own registry is `crate::puzzles::REGISTRY`, its composition root
//! (the shape of OpenSpiel's game registry, filled where the games are, not in the core).

use super::error::{HarnessError, Result, StudyError};
use super::inspect::{Comparison, ShowOptions};
use super::spec::{Overrides, SpecError};
use super::study::Study;
use std::path::Path;
use std::sync::Arc;

/// How a puzzle reads a spec, with command-line overrides applied.
pub type ParseSpec = fn(&str, &Overrides) -> std::result::Result<Arc<dyn Study>, StudyError>;

/// A puzzle the harness knows: how its spec reads and how its folders are reported.
pub struct Puzzle {
    /// The spec's `puzzle` value.
    pub name: &'static str,
    /// What it is, for help text.
    pub about: &'static str,
    /// A small spec of this puzzle that runs in seconds: the example `boardlab puzzles`
    /// prints and every puzzle's conformance test runs.
    pub example_spec: &'static str,
    /// Reads a spec of this puzzle with command-line overrides applied.
    pub parse: ParseSpec,
    /// Writes the charts and `REPORT.md` of a results folder from its small files.
    pub report: fn(&Path) -> std::result::Result<(), StudyError>,
    /// Redraws the charts of a results folder (REPORT.md is left as it is); returns how
    /// many it wrote.
    pub plot: fn(&Path) -> std::result::Result<usize, StudyError>,
    /// One line for the terminal after a run: the best series or the headline figure.
    pub headline: fn(&Path) -> std::result::Result<String, StudyError>,
    /// The folder's summary as a table for the terminal (`boardlab show`).
    pub show: fn(&Path, &ShowOptions) -> std::result::Result<String, StudyError>,
    /// Two folders of this puzzle compared series by series (`boardlab compare`).
    pub compare: fn(&Path, &Path) -> std::result::Result<Comparison, StudyError>,
    /// The files besides `REPORT.md` and `charts/` made from the data: those that
    /// [`Study::derive`] writes, and any the report writes beside them.
    pub tables: &'static [&'static str],
    /// The key a spec of this puzzle may give a list of values, running one member per
    /// value ([`super::run_set`]), and how the set's folder is reported; `None` for none.
    pub set_of: Option<super::run_set::SetOf>,
}

/// Every puzzle of a program, and the one a spec without `puzzle` means.
pub struct Registry {
    /// The puzzles, the default first.
    pub puzzles: &'static [Puzzle],
    /// The `puzzle` a spec without the key runs (specs written before a program had other
    /// puzzles keep their meaning).
    pub default: &'static str,
    /// The spec `boardlab run` runs when given none.
    pub default_spec: &'static str,
}

impl Registry {
    /// The puzzle named `name`, or an error listing the known ones.
    pub fn puzzle(&self, name: &str) -> Result<&'static Puzzle> {
        self.puzzles.iter().find(|p| p.name == name).ok_or_else(|| {
            HarnessError::Spec(SpecError::BadValue {
                key: "puzzle",
                message: format!("unknown puzzle {name:?}; use one of {}", self.names()),
            })
        })
    }

    /// The puzzles' names, comma separated.
    fn names(&self) -> String {
        let names: Vec<&str> = self.puzzles.iter().map(|p| p.name).collect();
        names.join(", ")
    }

    /// The puzzle a spec text names (the default when it names none).
    pub fn of_spec(&self, text: &str) -> Result<&'static Puzzle> {
        // Read without converting the values: a `toml::Table` holds integers as i64, and a
        // seed of 2⁶³ or more, which every spec allows, would make the text seem not TOML.
        // A spec that is not TOML at all is reported by the puzzle's own parser, with the line.
        let Ok(document) = toml::de::DeTable::parse(text) else {
            return self.puzzle(self.default);
        };
        let named = document
            .get_ref()
            .iter()
            .find(|(key, _)| key.get_ref().as_ref() == "puzzle")
            .map(|(_, value)| (value.get_ref(), text.get(value.span()).unwrap_or_default()));
        match named {
            None => self.puzzle(self.default),
            Some((value, written)) => match value.as_str() {
                Some(name) => self.puzzle(name),
                None => Err(HarnessError::Spec(SpecError::BadValue {
                    key: "puzzle",
                    message: format!(
                        "expected a puzzle name in quotes, found {written}; use one of {}",
                        self.names()
                    ),
                })),
            },
        }
    }

    /// Reads a spec of any puzzle with overrides applied.
    pub fn parse_spec(&self, text: &str, overrides: &Overrides) -> Result<Arc<dyn Study>> {
        let puzzle = self.of_spec(text)?;
        (puzzle.parse)(text, overrides).map_err(|source| {
            // A spec error keeps its own type, so that its one line names the key.
            match source.downcast::<SpecError>() {
                Ok(spec) => HarnessError::Spec(*spec),
                Err(source) => HarnessError::study(format!("a {} spec", puzzle.name), source),
            }
        })
    }

    /// The puzzle of a manifest's recorded spec (the default when it names none).
    pub fn of_identity(&self, spec: &serde_json::Value) -> Result<&'static Puzzle> {
        self.puzzle(spec["puzzle"].as_str().unwrap_or(self.default))
    }

    /// The puzzle of the results folder `dir`, by its manifest; `None` without a manifest.
    pub fn of_folder(&self, dir: &Path) -> Result<Option<&'static Puzzle>> {
        match super::Manifest::in_folder(dir)? {
            Some(manifest) => self.of_identity(&manifest.spec).map(Some),
            None => Ok(None),
        }
    }

    /// The puzzle of the results folder `dir`, by its manifest; the default puzzle for a
    /// folder without one (ChessMemory's folders made before manifests, say).
    pub fn of_folder_or_default(&self, dir: &Path) -> Result<&'static Puzzle> {
        match self.of_folder(dir)? {
            Some(puzzle) => Ok(puzzle),
            None => self.puzzle(self.default),
        }
    }

    /// Every file any puzzle makes from the data (besides `REPORT.md` and `charts/`).
    pub fn tables(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.puzzles
            .iter()
            .flat_map(|puzzle| puzzle.tables.iter().copied())
    }
}
