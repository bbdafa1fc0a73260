//! Experiments: a spec, run in parallel into a results folder that can be interrupted,
//! resumed, sharded across machines and merged, with the same bytes in its data files
//! whatever the thread count or sharding.
//!
//! The harness is the same for every puzzle and game; what a draw is and what is derived from
//! the rows is the puzzle's [`Study`] (see [`study`]). A results folder holds `draws.csv`
//! (one row per draw), the study's tables derived from it (`summary.csv`, …), the charts and `REPORT.md`, and `manifest.json` (how it was made, with
//! checksums of the data; the only file with timings), and `boardlab.lock` while a process
//! writes it.
//!
//! Every `bench` command shares its warm-up and timed runs, their summary and their exports
//! ([`bench`]).

pub mod bench;
mod checksum;
pub mod data_file;
pub mod error;
mod finalize;
mod folder;
pub mod inspect;
mod lock;
mod manifest;
pub mod measure;
mod merge;
mod plan;
pub mod progress;
pub mod registry;
mod row_blocks;
pub mod run_set;
mod runner;
mod shard;
pub mod spec;
pub mod stops;
pub mod study;
#[cfg(test)]
pub(crate) mod toy;
mod trust;

pub use data_file::Compression;
pub use error::{Describe, HarnessError, StudyError};
pub use folder::{FolderState, ResultsFolder};
pub use lock::{FolderLock, LOCK_FILE};
pub use manifest::{Manifest, RunStatus, command_line};
pub use merge::merge;
pub use plan::Plan;
pub use registry::{Puzzle, Registry};
pub use row_blocks::lines;
pub use runner::{MAX_THREADS, RunEnd, RunRequest, check_threads, parse_shard, run};
pub use runner::{catch_interrupts, stop_requested};
pub use shard::{MAX_SHARDS, Shard};
pub use spec::Overrides;
pub use stops::StopRule;
pub use study::{Computed, Interrupted, SeriesPlan, Study};
pub use trust::{plot_folder, read_finished_rows, report_folder};
