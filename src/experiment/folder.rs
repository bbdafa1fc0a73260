//! A results folder and the state it is in: fresh, unfinished, data complete with outputs
//! pending, complete, damaged (boardlab's files without a readable manifest), or not ours.
//!
//! Every state a kill can leave is one of these, and each is either continued by
//! `run --resume` or replaced by `--force`; a folder holding anything boardlab did not write
//! is never touched.

use super::data_file::Compression;
use super::error::{IoContext, Result, check, fail};
use super::lock::LOCK_FILE;
use super::manifest::{Manifest, RunStatus};
use crate::output::atomic::{is_temporary_name, sync_folder};
use std::path::{Path, PathBuf};

/// The files of a results folder.
#[derive(Clone, Debug)]
pub struct ResultsFolder {
    root: PathBuf,
}

/// What a folder holds.
#[derive(Debug)]
pub enum FolderState {
    /// Missing, empty, or holding only a lock file and temporary files.
    Fresh,
    /// boardlab's files without a readable manifest (deleted, truncated or edited); the
    /// text says what is wrong. Only `--force` can replace it.
    Damaged(String),
    /// A run that has not finished (still running, interrupted or killed).
    Partial(Box<Manifest>),
    /// Every draw written; some outputs (summary, histogram, charts, report) are pending.
    DataComplete(Box<Manifest>),
    /// A finished run.
    Complete(Box<Manifest>),
}

/// Files and folders that the harness writes into a results folder (besides the lock file,
/// temporary files and the puzzles' tables).
const OWN_ENTRIES: [&str; 9] = [
    "manifest.json",
    "manifest.json.tmp",
    "draws.csv",
    "draws.csv.partial",
    "draws.csv.zst",
    "draws.csv.zst.partial",
    "summary.csv",
    "REPORT.md",
    "charts",
];

/// The outputs made from the data, removed before they are made again (with the puzzle's
/// tables, [`super::registry::Puzzle::tables`]).
const OUTPUTS: [&str; 3] = ["summary.csv", "REPORT.md", "charts"];

impl ResultsFolder {
    pub fn new(root: impl Into<PathBuf>) -> ResultsFolder {
        ResultsFolder { root: root.into() }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    pub fn manifest(&self) -> PathBuf {
        self.root.join("manifest.json")
    }

    /// The finished data file: `draws.csv`, or `draws.csv.zst` where the run compressed it.
    pub fn draws(&self) -> PathBuf {
        self.root.join(self.compression().file_name())
    }

    /// The data file while the run is unfinished.
    pub fn partial_draws(&self) -> PathBuf {
        self.root.join(self.compression().partial_name())
    }

    /// How the folder's data file is stored, as its name says (plain text where there is
    /// none yet).
    pub fn compression(&self) -> Compression {
        let zstd = Compression::Zstd;
        let compressed = [zstd.file_name(), zstd.partial_name()]
            .iter()
            .any(|name| self.root.join(name).exists());
        if compressed { zstd } else { Compression::None }
    }

    /// The finished data file of a run that stores it with `compression`.
    pub fn draws_for(&self, compression: Compression) -> PathBuf {
        self.root.join(compression.file_name())
    }

    /// The unfinished data file of a run that stores it with `compression`.
    pub fn partial_draws_for(&self, compression: Compression) -> PathBuf {
        self.root.join(compression.partial_name())
    }

    pub fn summary(&self) -> PathBuf {
        self.root.join("summary.csv")
    }

    /// Names of the folder's entries (none if it does not exist).
    fn entries(&self) -> Result<Vec<String>> {
        if !self.root.exists() {
            return Ok(Vec::new());
        }
        let shown = self.root.display();
        std::fs::read_dir(&self.root)
            .io(|| format!("cannot read folder {shown}"))?
            .map(|entry| {
                let entry = entry.io(|| format!("cannot read folder {shown}"))?;
                Ok(entry.file_name().to_string_lossy().into_owned())
            })
            .collect()
    }

    /// Reads the folder's state. A non-empty folder without a manifest that holds anything
    /// boardlab does not write (the harness's files and the puzzle's `tables`) is refused: it
    /// is not a boardlab results folder, and nothing in it is touched.
    pub fn state(&self, tables: &[&str]) -> Result<FolderState> {
        let shown = self.root.display();
        if !self.root.exists() {
            return Ok(FolderState::Fresh);
        }
        check!(
            self.root.is_dir(),
            Folder,
            "{shown} is a file, not a folder; choose another --out"
        );
        let manifest_path = self.manifest();
        if !manifest_path.exists() {
            let entries = self.entries()?;
            if let Some(foreign) = entries.iter().find(|name| !is_own(name, tables)) {
                fail!(
                    Folder,
                    "{shown} exists and is not a boardlab results folder (no manifest.json, and it holds {foreign}); choose another --out or empty it"
                );
            }
            return Ok(if entries.iter().all(|name| is_scratch(name)) {
                FolderState::Fresh
            } else {
                FolderState::Damaged("its manifest.json is missing".to_string())
            });
        }
        let manifest = match Manifest::read(&manifest_path) {
            Ok(manifest) => Box::new(manifest),
            Err(error) => return Ok(FolderState::Damaged(format!("{error:#}"))),
        };
        Ok(match manifest.status {
            RunStatus::Complete => FolderState::Complete(manifest),
            RunStatus::DataComplete => FolderState::DataComplete(manifest),
            RunStatus::Running | RunStatus::Interrupted => FolderState::Partial(manifest),
        })
    }

    /// Creates the folder (and its parents).
    pub fn create(&self) -> Result<()> {
        if self.root.symlink_metadata().is_ok() && self.root.metadata().is_err() {
            super::error::fail!(
                Usage,
                "--out {} is a link to nothing; remove the link, create the folder it names, or choose another --out",
                self.root.display()
            );
        }
        std::fs::create_dir_all(&self.root).io(|| {
            format!(
                "cannot create results folder {}; choose another --out",
                self.root.display()
            )
        })
    }

    /// Removes everything boardlab wrote here but the lock file, for a fresh start with
    /// `--force`. The manifest goes first, so that a kill part way leaves a folder that is
    /// damaged (and replaceable) rather than one that seems whole.
    pub fn clear(&self, tables: &[&str]) -> Result<()> {
        self.remove(&OWN_ENTRIES)?;
        self.remove(tables)?;
        self.remove_temporaries()
    }

    /// Removes the outputs made from the data (with the puzzle's `tables`), before they are
    /// made again.
    pub fn clear_outputs(&self, tables: &[&str]) -> Result<()> {
        self.remove(&OUTPUTS)?;
        self.remove(tables)
    }

    fn remove(&self, entries: &[&str]) -> Result<()> {
        for entry in entries {
            let path = self.root.join(entry);
            let removed = if path.is_dir() {
                std::fs::remove_dir_all(&path)
            } else if path.exists() {
                std::fs::remove_file(&path)
            } else {
                Ok(())
            };
            removed.io_at("cannot remove", &path)?;
        }
        sync_folder(&self.root);
        Ok(())
    }

    /// Removes temporary files left by a killed process (call it holding the lock).
    pub fn remove_temporaries(&self) -> Result<()> {
        for name in self.entries()? {
            if is_temporary_name(&name) {
                let path = self.root.join(&name);
                std::fs::remove_file(&path).io_at("cannot remove", &path)?;
            }
        }
        Ok(())
    }
}

/// Whether a folder entry is one boardlab writes.
fn is_own(name: &str, tables: &[&str]) -> bool {
    OWN_ENTRIES.contains(&name) || tables.contains(&name) || is_scratch(name)
}

/// Whether a folder entry holds no results: the lock file or a temporary file.
fn is_scratch(name: &str) -> bool {
    name == LOCK_FILE || is_temporary_name(name)
}
