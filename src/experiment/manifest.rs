//! `manifest.json`: how a results folder was made. It is the only file with timings.
//!
//! It records the exact command line, the spec as run (its text and its checked form), the
//! shard, `git describe --dirty` of the source tree, the rustc version, the CPU model, thread
//! count, master seed, start and end time, wall seconds and throughput, plus one entry per
//! session when a run was interrupted and resumed, or per shard when folders were merged.

use super::Shard;
use super::spec::Spec;
use anyhow::Context;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;
use std::time::SystemTime;

/// Where a run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RunStatus {
    /// Draws are being written (or the process was killed while they were).
    Running,
    /// Stopped by Ctrl-C or a termination signal; `--resume` continues it.
    Interrupted,
    /// All draws written and the derived files made.
    Complete,
}

/// One process's part of the work.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Session {
    pub command: String,
    pub git_describe: String,
    pub cpu: String,
    pub threads: usize,
    pub start: String,
    pub end: Option<String>,
    pub wall_seconds: f64,
    /// Draws this session computed.
    pub draws: u64,
    pub iterations: u64,
}

/// The contents of `manifest.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    pub boardlab_version: String,
    pub status: RunStatus,
    pub command: String,
    /// The spec file, or "embedded default".
    pub spec_source: String,
    pub spec_text: String,
    /// The spec as run, with overrides applied and orderings expanded.
    pub spec: serde_json::Value,
    pub shard: Option<Shard>,
    pub boards: bool,
    pub master_seed: u64,
    pub git_describe: String,
    pub rustc: String,
    pub cpu: String,
    pub threads: usize,
    pub start: String,
    pub end: Option<String>,
    /// Wall seconds summed over sessions.
    pub wall_seconds: f64,
    /// Draws in the folder's data files so far.
    pub draws: u64,
    pub draws_per_second: f64,
    pub iterations_per_second: f64,
    pub sessions: Vec<Session>,
    /// Thread-seconds spent computing each series' draws, over all sessions: draws divided
    /// by this is a series' throughput per thread, the comparable speed of its search.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub series_seconds: BTreeMap<String, f64>,
    /// For a merged folder: the shard folders it was made from.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub merged_from: Vec<String>,
}

/// What identifies the data of a run: resuming or merging needs these to be equal.
#[derive(Clone, Debug, PartialEq)]
pub struct RunIdentity {
    pub spec: serde_json::Value,
    pub shard: Option<Shard>,
    pub boards: bool,
}

impl RunIdentity {
    pub fn new(spec: &Spec, shard: Shard, boards: bool) -> RunIdentity {
        RunIdentity {
            spec: serde_json::to_value(spec).expect("a spec serializes"),
            shard: (shard != Shard::WHOLE).then_some(shard),
            boards,
        }
    }

    /// Why a folder made with `other` holds different data, or `None` if it does not.
    pub fn difference(&self, other: &RunIdentity) -> Option<String> {
        if self.boards != other.boards {
            return Some(format!(
                "--boards was {} there and is {} now",
                other.boards, self.boards
            ));
        }
        if self.shard != other.shard {
            let show = |s: Option<Shard>| s.map_or("none".to_string(), |s| s.to_string());
            return Some(format!(
                "shard {} there, {} now",
                show(other.shard),
                show(self.shard)
            ));
        }
        let (ours, theirs) = (self.spec.as_object()?, other.spec.as_object());
        for (key, value) in ours {
            let old = theirs.and_then(|t| t.get(key));
            if old != Some(value) {
                let old = old.map_or("nothing".to_string(), |v| v.to_string());
                return Some(format!(
                    "{key} was {} there and is {value} now",
                    shorten(&old)
                ));
            }
        }
        (self.spec != other.spec).then(|| "the spec differs".to_string())
    }
}

fn shorten(text: &str) -> String {
    if text.len() > 60 {
        format!("{}…", &text[..57])
    } else {
        text.to_string()
    }
}

impl Manifest {
    pub fn identity(&self) -> RunIdentity {
        RunIdentity {
            spec: self.spec.clone(),
            shard: self.shard,
            boards: self.boards,
        }
    }

    pub fn read(path: &Path) -> anyhow::Result<Manifest> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        serde_json::from_str(&text)
            .with_context(|| format!("{} is not a boardlab manifest", path.display()))
    }

    pub fn write(&self, path: &Path) -> anyhow::Result<()> {
        let mut text = serde_json::to_string_pretty(self).expect("a manifest serializes");
        text.push('\n');
        crate::output::atomic::write_atomic(path, text.as_bytes())
    }

    /// Recomputes the totals from the sessions.
    pub fn update_totals(&mut self, draws_in_folder: u64) {
        self.draws = draws_in_folder;
        self.wall_seconds = self.sessions.iter().map(|s| s.wall_seconds).sum();
        let computed: u64 = self.sessions.iter().map(|s| s.draws).sum();
        let iterations: u64 = self.sessions.iter().map(|s| s.iterations).sum();
        let seconds = self.wall_seconds.max(1e-9);
        self.draws_per_second = computed as f64 / seconds;
        self.iterations_per_second = iterations as f64 / seconds;
    }
}

/// Now, as an RFC 3339 UTC time to the second.
pub fn now_rfc3339() -> String {
    humantime::format_rfc3339_seconds(SystemTime::now()).to_string()
}

/// The command line of this process, quoted where needed.
pub fn command_line() -> String {
    std::env::args()
        .map(|arg| {
            let plain = !arg.is_empty()
                && arg
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
            if plain {
                arg
            } else {
                format!("'{}'", arg.replace('\'', "'\\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `git describe --always --dirty` of the source tree this binary was built from (recorded by
/// `build.rs`; "unknown" when it was not built in a git checkout).
pub fn git_describe() -> String {
    env!("BOARDLAB_GIT_DESCRIBE").to_string()
}

/// The compiler that built this binary.
pub fn rustc_version() -> &'static str {
    env!("BOARDLAB_RUSTC_VERSION")
}

/// The CPU model and the number of logical CPUs.
pub fn cpu_model() -> String {
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|line| line.starts_with("model name"))
                .and_then(|line| line.split_once(':'))
                .map(|(_, model)| model.trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string());
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    format!("{model} ({cpus} logical CPUs)")
}
