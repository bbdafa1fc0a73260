//! `manifest.json`: how a results folder was made. It is the only file with timings.
//!
//! It records the exact command line, the spec as run (its text and its checked form), the
//! shard, `git describe --dirty` of the source tree, the rustc version, the CPU model, thread
//! count, master seed, start and end time, wall seconds and throughput, plus one entry per
//! session when a run was interrupted and resumed, or per shard when folders were merged.

use super::Shard;
use super::checksum::DataMark;
use super::data_file::Compression;
use super::error::{HarnessError, IoContext, Result, fail};
use super::plan::Plan;
use super::registry::Registry;
use super::spec::Overrides;
use super::study::Study;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;
use std::time::SystemTime;

/// Where a run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RunStatus {
    /// Draws are being written (or the process was killed while they were).
    Running,
    /// Stopped by Ctrl-C or a termination signal; `--resume` continues it.
    Interrupted,
    /// All draws written and checksummed; the summary, histogram, charts or report are not
    /// all written yet. `run --resume` or `boardlab report` writes them.
    #[serde(rename = "data-complete")]
    DataComplete,
    /// All draws written and every output made.
    Complete,
}

/// Where and when some work was done: recorded for the whole folder and for each session.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Provenance {
    /// The command line, as typed.
    pub command: String,
    /// `git describe --always --dirty` of the source the binary was built from.
    pub git_describe: String,
    pub cpu: String,
    pub threads: usize,
    /// RFC 3339 UTC times.
    pub start: String,
    pub end: Option<String>,
    pub wall_seconds: f64,
}

impl Provenance {
    /// This process, now: its command line, build, CPU and `threads`, starting now.
    pub fn now(threads: usize) -> Provenance {
        Provenance {
            command: command_line(),
            git_describe: git_describe(),
            cpu: cpu_model(),
            threads,
            start: now_rfc3339(),
            end: None,
            wall_seconds: 0.0,
        }
    }
}

/// One process's part of the work.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Session {
    #[serde(flatten)]
    pub provenance: Provenance,
    /// Draws this session computed.
    pub draws: u64,
    /// The study's unit of work summed over those draws (iterations, squares, plies).
    #[serde(alias = "iterations")]
    pub work: u64,
    /// Seconds the writing thread spent appending the computed rows to the data file and
    /// hashing them: the part of the session that does not run in parallel.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub writer_seconds: f64,
    /// Seconds the data file's syncs to disk took: at the first checkpoint and at the end
    /// the run waits for them; the other checkpoints sync beside the writing thread.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub sync_seconds: f64,
    /// Thread-seconds spent compressing the rows (`run --compress`): on the worker threads,
    /// beside the draws, except for chunks of series that may end early, which the writing
    /// thread compresses once it has cut them.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub compress_seconds: f64,
}

fn is_zero(seconds: &f64) -> bool {
    *seconds == 0.0
}

/// The contents of `manifest.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    pub boardlab_version: String,
    pub status: RunStatus,
    /// The spec file, or "embedded default".
    pub spec_source: String,
    pub spec_text: String,
    /// The spec as run, with overrides applied and orderings expanded.
    pub spec: serde_json::Value,
    pub shard: Option<Shard>,
    /// Folders made before `--boards` became a ChessMemory setting record it here; the
    /// identity then counts it as the spec's `boards` key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boards: Option<bool>,
    pub master_seed: u64,
    pub rustc: String,
    /// The folder's first session's command, build, CPU and start, its last end, and the
    /// wall seconds summed over sessions (for a merged folder: the merge, the shards'
    /// threads summed).
    #[serde(flatten)]
    pub provenance: Provenance,
    /// Draws in the folder's data files so far.
    pub draws: u64,
    pub draws_per_second: f64,
    /// The study's unit of work per second over the sessions.
    #[serde(alias = "iterations_per_second")]
    pub work_per_second: f64,
    pub sessions: Vec<Session>,
    /// Thread-seconds spent computing each series' draws, over all sessions: draws divided
    /// by this is a series' throughput per thread, the comparable speed of its search.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub series_seconds: BTreeMap<String, f64>,
    /// The draws file as far as it is known to be written: rows, bytes and FNV-1a 64 hash
    /// of its first bytes (all of it once the data are complete); checked on resume and merge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<DataMark>,
    /// FNV-1a 64 hashes of the outputs made from the data (summary, histogram, charts,
    /// REPORT.md), by path within the folder; a missing or different one is rewritten by
    /// `run --resume`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub outputs: BTreeMap<String, String>,
    /// Seconds spent making the outputs from the finished data file (checking it, the
    /// tables, the charts and the report), the last time they were made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outputs_seconds: Option<f64>,
    /// A command that reproduces this folder's data on one machine (for a merged folder,
    /// the whole run rather than one shard's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reproduce: Option<String>,
    /// For a merged folder: the shard folders it was made from.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub merged_from: Vec<String>,
    /// What the run warned about when it started ([`super::Study::warnings`]), e.g. a
    /// `--draws` that some series do not use.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    /// How the data file is stored: absent for plain `draws.csv`, `"zstd"` for
    /// `draws.csv.zst` (`run --compress`).
    #[serde(default, skip_serializing_if = "Compression::is_none")]
    pub compression: Compression,
}

/// What identifies the data of a run: resuming or merging needs these to be equal.
#[derive(Clone, Debug, PartialEq)]
pub struct RunIdentity {
    pub spec: serde_json::Value,
    pub shard: Option<Shard>,
    pub compression: Compression,
}

impl RunIdentity {
    pub fn new(study: &dyn Study, shard: Shard, compression: Compression) -> RunIdentity {
        RunIdentity {
            spec: study.identity(),
            shard: (shard != Shard::WHOLE).then_some(shard),
            compression,
        }
    }

    /// Why a folder made with `other` holds different data, or `None` if it does not.
    pub fn difference(&self, other: &RunIdentity) -> Option<String> {
        if self.compression != other.compression {
            let show = |c: Compression| match c {
                Compression::None => "draws.csv (no --compress)",
                Compression::Zstd => "draws.csv.zst (--compress)",
            };
            return Some(format!(
                "{} there, {} now",
                show(other.compression),
                show(self.compression)
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

/// `text` cut to at most 60 characters (not bytes: a description may be in any script).
fn shorten(text: &str) -> String {
    if text.chars().count() > 60 {
        format!("{}…", text.chars().take(57).collect::<String>())
    } else {
        text.to_string()
    }
}

impl Manifest {
    pub fn identity(&self) -> RunIdentity {
        let mut spec = self.spec.clone();
        if self.boards == Some(true)
            && let Some(map) = spec.as_object_mut()
        {
            map.insert("boards".to_string(), serde_json::Value::Bool(true));
        }
        RunIdentity {
            spec,
            shard: self.shard,
            compression: self.compression,
        }
    }

    /// The spec as run, rebuilt from the recorded spec text, with the command-line values
    /// that replaced the text's: `--seed`, and as settings every other key whose recorded
    /// value differs from the text's. Per-series draw counts stay unless `--draws` replaced
    /// them all, so both are tried and the one that rebuilds the recorded spec is kept.
    pub fn rebuild_spec(&self, registry: &Registry) -> Result<(Arc<dyn Study>, Overrides)> {
        let plain = registry
            .parse_spec(&self.spec_text, &Overrides::default())
            .map_err(|error| HarnessError::study("the spec text recorded in the manifest", error))?
            .identity();
        let identity = self.identity().spec;
        let recorded = |key: &str| identity.get(key).and_then(serde_json::Value::as_u64);
        let mut settings = super::spec::Settings::default();
        let mut seed = None;
        if let Some(map) = identity.as_object() {
            for (key, value) in map {
                if plain.get(key) == Some(value) || key == "draws" || key == "series" {
                    continue;
                }
                match (key.as_str(), value) {
                    ("seed", value) => seed = value.as_u64(),
                    (_, serde_json::Value::String(text)) => settings.set(key, text),
                    (_, serde_json::Value::Number(_) | serde_json::Value::Bool(_)) => {
                        settings.set(key, &value.to_string())
                    }
                    _ => {}
                }
            }
        }
        let mut why = None;
        for draws in [None, recorded("draws")] {
            let overrides = Overrides {
                draws,
                seed,
                settings: settings.clone(),
            };
            let study = match registry.parse_spec(&self.spec_text, &overrides) {
                Ok(study) => study,
                // A recorded key that no setting of the puzzle takes: the record was edited,
                // and the refusal names the key, not a `--set` the user never gave.
                Err(_) if !settings.is_empty() => {
                    why = why.or_else(|| Some(recorded_keys_differ(&settings)));
                    continue;
                }
                Err(error) => return Err(error),
            };
            if study.identity() == identity {
                return Ok((study, overrides));
            }
            let rebuilt = RunIdentity {
                spec: study.identity(),
                shard: self.shard,
                compression: self.compression,
            };
            why = why.or_else(|| rebuilt.difference(&self.identity()));
        }
        fail!(
            Folder,
            "the spec recorded in the manifest does not rebuild the same run ({}): edited, or made by another boardlab version; make the folder again with its reproduce command",
            why.unwrap_or_else(|| "the spec differs".to_string())
        )
    }

    /// The plan of the folder's run (its shard, or the whole run).
    pub fn plan(&self, registry: &Registry) -> Result<Plan> {
        let (study, _) = self.rebuild_spec(registry)?;
        Ok(Plan::new(study, self.shard.unwrap_or(Shard::WHOLE)))
    }

    /// The manifest of the results folder `dir`; `None` when it has none.
    pub fn in_folder(dir: &Path) -> Result<Option<Manifest>> {
        let path = dir.join("manifest.json");
        if path.exists() {
            Manifest::read(&path).map(Some)
        } else {
            Ok(None)
        }
    }

    pub fn read(path: &Path) -> Result<Manifest> {
        let text = std::fs::read_to_string(path).io_at("cannot read", path)?;
        serde_json::from_str(&text).map_err(|source| HarnessError::Manifest {
            path: path.display().to_string(),
            source,
        })
    }

    pub fn write(&self, path: &Path) -> Result<()> {
        let mut text = serde_json::to_string_pretty(self).expect("a manifest serializes");
        text.push('\n');
        Ok(crate::output::atomic::write_atomic(path, text.as_bytes())?)
    }

    /// Recomputes the totals from the sessions.
    pub fn update_totals(&mut self, draws_in_folder: u64) {
        self.draws = draws_in_folder;
        let wall_seconds: f64 = self
            .sessions
            .iter()
            .map(|s| s.provenance.wall_seconds)
            .sum();
        self.provenance.wall_seconds = wall_seconds;
        let computed: u64 = self.sessions.iter().map(|s| s.draws).sum();
        let work: u64 = self.sessions.iter().map(|s| s.work).sum();
        let seconds = wall_seconds.max(1e-9);
        self.draws_per_second = computed as f64 / seconds;
        self.work_per_second = work as f64 / seconds;
    }
}

/// `boardlab run` with the arguments that make the data of `spec_source` with `overrides`:
/// the command recorded as `reproduce` (threads, resume and force do not change the data).
pub fn reproduce_command(
    spec_source: &str,
    overrides: &Overrides,
    shard: Option<Shard>,
    compression: Compression,
    out: &Path,
) -> String {
    reproduce_command_counting("draws", spec_source, overrides, shard, compression, out)
}

/// [`reproduce_command`] for a study whose draws are called `noun` (plural): a match's
/// `--draws` is written `--games`.
pub fn reproduce_command_counting(
    noun: &str,
    spec_source: &str,
    overrides: &Overrides,
    shard: Option<Shard>,
    compression: Compression,
    out: &Path,
) -> String {
    let mut words = vec!["boardlab".to_string(), "run".to_string()];
    if !spec_source.starts_with("embedded default") {
        words.push(quote(spec_source));
    }
    let count_option = if noun == "games" {
        "--games"
    } else {
        "--draws"
    };
    for (option, value) in [(count_option, overrides.draws), ("--seed", overrides.seed)] {
        if let Some(value) = value {
            words.push(format!("{option} {value}"));
        }
    }
    for (key, value) in overrides.settings.iter() {
        words.push(format!("--set {}", quote(&format!("{key}={value}"))));
    }
    if let Some(shard) = shard {
        words.push(format!("--shard {shard}"));
    }
    if compression == Compression::Zstd {
        words.push("--compress".to_string());
    }
    words.push(format!("--out {}", quote(&out.display().to_string())));
    words.join(" ")
}

/// Now, as an RFC 3339 UTC time to the second.
pub fn now_rfc3339() -> String {
    humantime::format_rfc3339_seconds(SystemTime::now()).to_string()
}

/// The command line of this process, quoted where needed (a word that is not UTF-8, a file
/// name of any bytes, with U+FFFD for its bad bytes: the manifest is JSON text).
pub fn command_line() -> String {
    std::env::args_os()
        .map(|arg| quote(&arg.to_string_lossy()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `arg` as a shell word: unchanged when plain, else in single quotes.
fn quote(arg: &str) -> String {
    let plain = !arg.is_empty()
        && arg
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
    if plain {
        arg.to_string()
    } else {
        format!("'{}'", arg.replace('\'', "'\\''"))
    }
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

/// Why a manifest whose recorded spec holds `settings` beyond its spec text's does not rebuild:
/// "the recorded `name` differs from the spec text's".
fn recorded_keys_differ(settings: &super::spec::Settings) -> String {
    let keys: Vec<String> = settings.iter().map(|(key, _)| format!("`{key}`")).collect();
    let verb = if keys.len() == 1 { "differs" } else { "differ" };
    format!(
        "the recorded {} {verb} from the spec text's",
        keys.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::Manifest;

    /// Rewriting a manifest (as `boardlab report` and `--resume` do) must not move its
    /// numbers: every committed manifest reads and writes back to the same bytes, timings
    /// with 17 significant digits included.
    #[test]
    fn committed_manifests_write_back_byte_for_byte() {
        let results = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("results");
        let scratch = tempfile::tempdir().expect("a temporary folder");
        let written = scratch.path().join("manifest.json");
        let mut checked = 0;
        for entry in std::fs::read_dir(&results).expect("results/ is there") {
            let path = entry.expect("a results entry").path().join("manifest.json");
            if !path.is_file() {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("a readable manifest");
            let manifest = Manifest::read(&path).expect("a committed manifest parses");
            manifest.write(&written).expect("the manifest is written");
            let again = std::fs::read_to_string(&written).expect("the written manifest");
            assert!(
                again == text,
                "{} changes when written back",
                path.display()
            );
            checked += 1;
        }
        assert!(
            checked >= 3,
            "only {checked} manifests found under results/"
        );
    }
}
