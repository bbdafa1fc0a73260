//! Experiments: a spec, run in parallel into a results folder that can be interrupted,
//! resumed, sharded across machines and merged, with the same bytes in its data files
//! whatever the thread count or sharding.
//!
//! A results folder holds `draws.csv` (one row per draw), `summary.csv` and `histogram.csv`
//! (derived from it) and `manifest.json` (how it was made; the only file with timings).

mod finalize;
mod folder;
mod manifest;
mod merge;
mod plan;
pub mod progress;
mod runner;
mod shard;
pub mod spec;

pub use folder::{FolderState, ResultsFolder};
pub use manifest::{Manifest, RunStatus};
pub use merge::merge;
pub use plan::Plan;
pub use runner::{RunEnd, RunRequest, parse_shard, run};
pub use shard::Shard;
pub use spec::{DEFAULT_SPEC, Overrides, Spec};
