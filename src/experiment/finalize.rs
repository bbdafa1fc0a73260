//! Making the outputs of a finished run: the study's tables (`summary.csv`, …) are computed
//! from `draws.csv` alone, by one code path for a single run, a resumed run and a merge, so
//! their bytes depend only on the draws; then the charts and `REPORT.md`.
//!
//! A folder whose draws are all written is marked `data-complete` first; only when every
//! output is written does the manifest say `complete`, with a hash of each output. A kill or
//! a failure in between leaves a folder that `run --resume` or `boardlab report` finishes
//! (see [`super::trust`]).

use super::checksum;
use super::error::{HarnessError, IoContext, Result, check};
use super::folder::ResultsFolder;
use super::manifest::{Manifest, RunStatus};
use super::plan::Plan;
use super::registry::Puzzle;
use crate::output::atomic::sync_folder;
use crate::output::faults::abort_point;
use std::collections::BTreeMap;

/// Completes a folder whose draws are all written (status `data-complete`): puts
/// `draws.csv` in place, checks it against the manifest's checksum, writes the puzzle's
/// tables, charts and report, and marks the manifest complete.
pub fn finish(
    folder: &ResultsFolder,
    plan: &Plan,
    puzzle: &Puzzle,
    mut manifest: Manifest,
) -> Result<()> {
    let started = std::time::Instant::now();
    let (draws, partial) = (folder.draws(), folder.partial_draws());
    if !draws.exists() && partial.exists() {
        std::fs::rename(&partial, &draws)
            .io(|| format!("cannot rename {} to draws.csv", partial.display()))?;
        sync_folder(folder.root());
        abort_point("renamed");
    }
    // The checksum is read on a thread of its own while the tables are derived: it is one
    // pass that cannot be split, and a run on many cores would otherwise wait for it. Tables
    // derived from a file that fails it are removed again.
    let derived = std::thread::scope(|scope| {
        let checked = scope.spawn(|| check_draws(folder, &manifest));
        let derived = folder.clear_outputs(puzzle.tables).and_then(|()| {
            plan.study
                .derive(folder, plan)
                .map_err(|error| HarnessError::study("deriving the tables from draws.csv", error))
        });
        let checked = checked
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        checked.map(|()| derived)
    });
    let derived = derived.or_else(|error| {
        folder.clear_outputs(puzzle.tables)?;
        Err(error)
    })?;
    derived?;
    abort_point("derived");
    (puzzle.report)(folder.root()).map_err(|error| {
        HarnessError::study(format!("reporting on {}", folder.root().display()), error)
    })?;
    abort_point("reported");
    manifest.outputs = hash_outputs(folder, puzzle)?;
    manifest.outputs_seconds = Some(started.elapsed().as_secs_f64());
    manifest.status = RunStatus::Complete;
    manifest.write(&folder.manifest())
}

/// Checks that `draws.csv` is there and is the file the manifest's checksum describes.
pub fn check_draws(folder: &ResultsFolder, manifest: &Manifest) -> Result<()> {
    let path = folder.draws();
    let shown = path.display();
    check!(
        path.is_file(),
        Data,
        "{shown} is missing although the manifest says every draw was written; run it again with --force"
    );
    if let Some(mark) = &manifest.data {
        let length = std::fs::metadata(&path)
            .io(|| format!("cannot read {shown}"))?
            .len();
        check!(
            length == mark.bytes && checksum::matches(&path, mark)?,
            Data,
            "{shown} does not match the checksum in the manifest (edited or damaged); run it again with --force"
        );
    }
    Ok(())
}

/// The outputs made from the data (the puzzle's tables, REPORT.md and every chart) with
/// their hashes, by path within the folder. A table the folder lacks is left out: the folder
/// was made before its puzzle had that table (a run writes every table it has).
pub fn hash_outputs(folder: &ResultsFolder, puzzle: &Puzzle) -> Result<BTreeMap<String, String>> {
    let mut names: Vec<String> = puzzle
        .tables
        .iter()
        .filter(|t| folder.root().join(t).is_file())
        .map(|t| t.to_string())
        .collect();
    names.push("REPORT.md".to_string());
    let charts = folder.root().join("charts");
    if charts.is_dir() {
        let mut found: Vec<String> = std::fs::read_dir(&charts)
            .io(|| format!("cannot read {}", charts.display()))?
            .filter_map(|entry| entry.ok())
            .map(|entry| entry.file_name().to_string_lossy().into_owned())
            .filter(|name| !name.starts_with('.'))
            .map(|name| format!("charts/{name}"))
            .collect();
        found.sort();
        names.extend(found);
    }
    names
        .into_iter()
        .map(|name| {
            let hash = checksum::hash_file(&folder.root().join(&name))?;
            Ok((name, hash))
        })
        .collect()
}

/// Whether every output the manifest recorded is there and unchanged (for a manifest from
/// before outputs were recorded: whether the puzzle's tables and the report are there).
pub fn outputs_current(
    folder: &ResultsFolder,
    puzzle: &Puzzle,
    manifest: &Manifest,
) -> Result<bool> {
    if manifest.outputs.is_empty() {
        return Ok(puzzle
            .tables
            .iter()
            .chain(&["REPORT.md"])
            .all(|name| folder.root().join(name).is_file()));
    }
    for (name, hash) in &manifest.outputs {
        let path = folder.root().join(name);
        if !path.is_file() || checksum::hash_file(&path)? != *hash {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The charts and report of `dir` by `puzzle`'s report.
pub(super) fn report_with(puzzle: &Puzzle, dir: &std::path::Path) -> Result<()> {
    (puzzle.report)(dir)
        .map_err(|error| HarnessError::study(format!("reporting on {}", dir.display()), error))
}
