//! A spec that lists several values of one key is a set of runs: the draughts variants'
//! `rules = ["czech", "russian", ...]` plays the same match under each rule set. Each value
//! runs as a spec of its own, the spec's text with the list replaced by that value and the
//! name by `NAME-VALUE`, into the sub-folder `OUT/VALUE` (a results folder like any other,
//! resumed, checked and reported alone); the set's folder `OUT` holds [`FILE`], which records
//! the set, and the report over its members, which the puzzle writes ([`SetOf`]).
//!
//! Every member keeps its master seed and its own streams, so a member's data are the bytes
//! its spec alone would make.

use super::error::{HarnessError, Result, StudyError, check, fail};
use super::inspect::ShowOptions;
use super::registry::Registry;
use super::runner::{RunEnd, RunRequest};
use super::{Compression, Overrides, Plan};
use crate::output::atomic::write_atomic;
use crate::output::error::IoContext;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use toml::de::DeTable;

/// The file that makes a folder the folder of a set of runs.
pub const FILE: &str = "run-set.json";

/// How a puzzle takes a list of values in one key, and reports the folder of the set.
pub struct SetOf {
    /// The key that may hold a list.
    pub key: &'static str,
    /// Writes the set's tables and charts from its members' folders, and `REPORT.md` too
    /// when the flag is set.
    pub report: fn(&Path, &RunSet, bool) -> std::result::Result<SetReport, StudyError>,
    /// The set's summary as a table for the terminal.
    pub show: fn(&Path, &RunSet, &ShowOptions) -> std::result::Result<String, StudyError>,
}

/// What reporting a set wrote: the number of charts, and the set's one line for the
/// terminal.
#[derive(Debug, PartialEq, Eq)]
pub struct SetReport {
    pub charts: usize,
    pub headline: String,
}

/// A set of runs as [`FILE`] records it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunSet {
    pub puzzle: String,
    pub name: String,
    pub description: String,
    /// The key whose values the members take.
    pub key: String,
    /// The values, in the spec's order; member `v` is in the sub-folder `v`.
    pub values: Vec<String>,
    pub spec_source: String,
    pub spec_text: String,
}

/// One member of a set: its value and its spec's text.
#[derive(Clone, Debug, PartialEq)]
pub struct Member {
    pub value: String,
    pub spec_text: String,
}

impl RunSet {
    /// The set that the spec `text` describes, with its members, or `None` where the spec's
    /// puzzle takes no list or the key does not hold one. A list that is empty, repeats a
    /// value or holds a value that is not a plain name is refused; the members' specs are
    /// read by the puzzle when they run.
    pub fn of_spec(
        registry: &Registry,
        source: &str,
        text: &str,
    ) -> Result<Option<(RunSet, Vec<Member>)>> {
        let puzzle = registry.of_spec(text)?;
        let Some(set_of) = puzzle.set_of.as_ref() else {
            return Ok(None);
        };
        // A spec that is not TOML is reported by the puzzle's own parser, with the line.
        let Ok(document) = DeTable::parse(text) else {
            return Ok(None);
        };
        let entry = |name: &str| {
            document
                .get_ref()
                .iter()
                .find(|(key, _)| key.get_ref().as_ref() == name)
                .map(|(_, value)| value)
        };
        let Some(list) = entry(set_of.key) else {
            return Ok(None);
        };
        let Some(items) = list.get_ref().as_array() else {
            return Ok(None);
        };
        let key = set_of.key;
        let mut values: Vec<String> = Vec::new();
        for item in items {
            let Some(value) = item.get_ref().as_str() else {
                fail!(
                    Folder,
                    "spec {source}: `{key}` lists {}, not a name in quotes; write {key} = [\"a\", \"b\"]",
                    text.get(item.span()).unwrap_or_default()
                );
            };
            check!(
                !value.is_empty()
                    && value
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'),
                Folder,
                "spec {source}: `{key}` lists {value:?}, which cannot name a folder; use letters, digits, - and _"
            );
            check!(
                !values.iter().any(|v| v == value),
                Folder,
                "spec {source}: `{key}` lists {value:?} twice; list each value once"
            );
            values.push(value.to_string());
        }
        check!(
            !values.is_empty(),
            Folder,
            "spec {source}: `{key}` is an empty list; list at least one value, or write one value without brackets"
        );
        let string_of = |name: &str| {
            entry(name)
                .and_then(|v| v.get_ref().as_str().map(str::to_string))
                .unwrap_or_default()
        };
        let name = string_of("name");
        check!(
            !name.is_empty(),
            Folder,
            "spec {source}: a spec that lists several values of `{key}` needs a `name`, which names its members NAME-VALUE; add name = \"...\""
        );
        let name_span = entry("name").map(|v| v.span());
        let members = values
            .iter()
            .map(|value| {
                // Replaced from the end of the text, so that the earlier span stays valid.
                let mut spans = vec![
                    (list.span(), toml_string(value)),
                    (
                        name_span.clone().expect("the name was read"),
                        toml_string(&format!("{name}-{value}")),
                    ),
                ];
                spans.sort_by_key(|(span, _)| std::cmp::Reverse(span.start));
                let mut member = text.to_string();
                for (span, replacement) in spans {
                    member.replace_range(span, &replacement);
                }
                Member {
                    value: value.clone(),
                    spec_text: member,
                }
            })
            .collect();
        let set = RunSet {
            puzzle: puzzle.name.to_string(),
            name,
            description: string_of("description"),
            key: key.to_string(),
            values,
            spec_source: source.to_string(),
            spec_text: text.to_string(),
        };
        Ok(Some((set, members)))
    }

    /// The set whose folder is `dir`, or `None` where `dir` is not the folder of a set.
    pub fn read(dir: &Path) -> Result<Option<RunSet>> {
        let path = dir.join(FILE);
        if !path.is_file() {
            return Ok(None);
        }
        let text =
            std::fs::read_to_string(&path).io(|| format!("cannot read {}", path.display()))?;
        match serde_json::from_str(&text) {
            Ok(set) => Ok(Some(set)),
            Err(e) => fail!(
                Data,
                "{} is not a set of runs as boardlab writes it ({e}); make the folder again with boardlab run SPEC --out {} --force",
                path.display(),
                dir.display()
            ),
        }
    }

    /// Writes [`FILE`] into `dir` (at once: a reader sees the old file or the new one).
    pub fn write(&self, dir: &Path) -> Result<()> {
        let mut text = serde_json::to_string_pretty(self).expect("a set serializes");
        text.push('\n');
        Ok(write_atomic(&dir.join(FILE), text.as_bytes())?)
    }

    /// The folder of member `value` in the set's folder `dir`.
    pub fn member_dir(dir: &Path, value: &str) -> PathBuf {
        dir.join(value)
    }

    /// The members' folders, in the spec's order.
    pub fn member_dirs(&self, dir: &Path) -> Vec<PathBuf> {
        self.values
            .iter()
            .map(|v| RunSet::member_dir(dir, v))
            .collect()
    }
}

/// What `boardlab run` needs to run a set: the set, its members, and the options every
/// member runs with.
pub struct SetRequest {
    pub registry: &'static Registry,
    pub set: RunSet,
    pub members: Vec<Member>,
    pub overrides: Overrides,
    /// The set's folder; member `v` runs into `out/v`.
    pub out: PathBuf,
    pub threads: usize,
    pub resume: bool,
    pub force: bool,
    pub quiet: bool,
    pub compression: Compression,
}

/// How a set of runs ended.
#[derive(Debug, PartialEq, Eq)]
pub enum SetEnd {
    /// Every member complete and the set's report written; its one line for the terminal.
    Complete { headline: String },
    /// Stopped by a signal in member `value`, after `done` of its `total` draws (`noun`).
    Interrupted {
        value: String,
        done: u64,
        total: u64,
        noun: &'static str,
    },
}

/// Runs every member of the set into its folder, in the spec's order, then writes the set's
/// report. The folder must be new, or hold this set (another set needs `force`); every
/// member's spec is read before the first runs, so that a bad value stops the set at once.
pub fn run(request: &SetRequest) -> Result<SetEnd> {
    let (set, out) = (&request.set, &request.out);
    check!(
        !out.join("manifest.json").exists(),
        Folder,
        "{} holds a single run, not a set of runs; give the set another --out",
        out.display()
    );
    if let Some(old) = RunSet::read(out)? {
        let same = old.key == set.key && old.values == set.values && old.puzzle == set.puzzle;
        check!(
            same || request.force,
            Folder,
            "{} holds another set of runs ({} = {}); use --force to replace it, or another --out",
            out.display(),
            old.key,
            old.values.join(", ")
        );
    }
    let mut plans = Vec::new();
    for member in &request.members {
        let study = request
            .registry
            .parse_spec(&member.spec_text, &request.overrides)
            .map_err(|e| {
                HarnessError::Folder(format!(
                    "spec {}, {} = {}: {e}",
                    set.spec_source, set.key, member.value
                ))
            })?;
        plans.push(Plan::new(study, super::parse_shard(None)?));
    }
    std::fs::create_dir_all(out).io(|| format!("cannot create {}", out.display()))?;
    set.write(out)?;
    let n = request.members.len();
    for (i, (member, plan)) in request.members.iter().zip(plans).enumerate() {
        let noun = plan.study.draw_noun();
        let dir = RunSet::member_dir(out, &member.value);
        if !request.quiet {
            eprintln!(
                "{} = {} ({} of {n}): {}",
                set.key,
                member.value,
                i + 1,
                dir.display()
            );
        }
        let run = RunRequest {
            registry: request.registry,
            plan,
            spec_source: format!("{}, {} = {}", set.spec_source, set.key, member.value),
            spec_text: member.spec_text.clone(),
            overrides: request.overrides.clone(),
            out: dir.clone(),
            threads: request.threads,
            resume: request.resume,
            force: request.force,
            quiet: request.quiet,
            compression: request.compression,
            reproduce_with: Some((set.spec_source.clone(), out.clone())),
        };
        match super::run(&run)? {
            RunEnd::Complete { draws } if !request.quiet => {
                eprintln!(
                    "wrote {}: {draws} {noun}, charts and REPORT.md",
                    dir.display()
                );
            }
            RunEnd::Complete { .. } | RunEnd::AlreadyComplete => {}
            RunEnd::Interrupted { done, total } => {
                return Ok(SetEnd::Interrupted {
                    value: member.value.clone(),
                    done,
                    total,
                    noun,
                });
            }
        }
    }
    let report = (set_of(request.registry, set)?.report)(out, set, true)
        .map_err(|error| HarnessError::study(format!("reporting {}", out.display()), error))?;
    Ok(SetEnd::Complete {
        headline: report.headline,
    })
}

/// `s` as a TOML basic string.
fn toml_string(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// The set's way of reporting, from the registry: its puzzle must take a list.
pub fn set_of<'r>(registry: &'r Registry, set: &RunSet) -> Result<&'r SetOf> {
    match registry.puzzle(&set.puzzle)?.set_of.as_ref() {
        Some(set_of) => Ok(set_of),
        None => fail!(
            Data,
            "{FILE} names puzzle {:?}, which takes no list of values; make the folder again with boardlab run",
            set.puzzle
        ),
    }
}
