//! A results folder and the state it is in: fresh, partly written, complete, or not ours.

use super::manifest::{Manifest, RunStatus};
use anyhow::Context;
use std::path::{Path, PathBuf};

/// The files of a results folder.
#[derive(Clone, Debug)]
pub struct ResultsFolder {
    root: PathBuf,
}

/// What a folder holds.
#[derive(Debug)]
pub enum FolderState {
    /// Missing or empty.
    Fresh,
    /// A run that has not finished (still running, interrupted or killed).
    Partial(Box<Manifest>),
    /// A finished run.
    Complete(Box<Manifest>),
}

/// Files and folders that boardlab writes into a results folder.
const OWN_ENTRIES: [&str; 9] = [
    "manifest.json",
    "manifest.json.tmp",
    "draws.csv",
    "draws.csv.partial",
    "summary.csv",
    "histogram.csv",
    "REPORT.md",
    "charts",
    "sat",
];

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

    pub fn draws(&self) -> PathBuf {
        self.root.join("draws.csv")
    }

    /// `draws.csv` while the run is unfinished.
    pub fn partial_draws(&self) -> PathBuf {
        self.root.join("draws.csv.partial")
    }

    pub fn summary(&self) -> PathBuf {
        self.root.join("summary.csv")
    }

    pub fn histogram(&self) -> PathBuf {
        self.root.join("histogram.csv")
    }

    /// Reads the folder's state. A non-empty folder without a manifest is refused: it is not
    /// a boardlab results folder, and nothing in it is touched.
    pub fn state(&self) -> anyhow::Result<FolderState> {
        let shown = self.root.display();
        if !self.root.exists() {
            return Ok(FolderState::Fresh);
        }
        anyhow::ensure!(
            self.root.is_dir(),
            "{shown} is a file, not a folder; choose another --out"
        );
        let manifest_path = self.manifest();
        if !manifest_path.exists() {
            let empty = std::fs::read_dir(&self.root)
                .with_context(|| format!("cannot read folder {shown}"))?
                .next()
                .is_none();
            anyhow::ensure!(
                empty,
                "{shown} exists and is not a boardlab results folder (no manifest.json); choose another --out or empty it"
            );
            return Ok(FolderState::Fresh);
        }
        let manifest = Box::new(Manifest::read(&manifest_path)?);
        Ok(match manifest.status {
            RunStatus::Complete => FolderState::Complete(manifest),
            RunStatus::Running | RunStatus::Interrupted => FolderState::Partial(manifest),
        })
    }

    /// Creates the folder (and its parents).
    pub fn create(&self) -> anyhow::Result<()> {
        std::fs::create_dir_all(&self.root).with_context(|| {
            format!(
                "cannot create results folder {}; choose another --out",
                self.root.display()
            )
        })
    }

    /// Removes everything boardlab wrote here, for a fresh start with `--force`.
    pub fn clear(&self) -> anyhow::Result<()> {
        for entry in OWN_ENTRIES {
            let path = self.root.join(entry);
            let removed = if path.is_dir() {
                std::fs::remove_dir_all(&path)
            } else if path.exists() {
                std::fs::remove_file(&path)
            } else {
                Ok(())
            };
            removed.with_context(|| format!("cannot remove {}", path.display()))?;
        }
        Ok(())
    }
}
