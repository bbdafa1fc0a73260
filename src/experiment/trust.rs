//! One rule for trusting a finished results folder, whatever the command that reads it:
//! `run --resume`, `boardlab report` and `boardlab plot` check it alike before they use it.
//!
//! A folder is trusted when its manifest reads, the spec it records is the one its recorded
//! spec text makes (with the recorded overrides), its master seed and its counts are that
//! run's, and its `draws.csv`, where it is kept, is the file the manifest's checksum
//! describes. A committed folder may leave out a `draws.csv` too big to keep; its tables then
//! stand for the data, and each must still have the hash the manifest records. A table that
//! does not is made again from `draws.csv` by `run --resume` and `report`, and refused where
//! the draws are not kept; `plot`, which makes no table, refuses it.

use super::checksum;
use super::error::{HarnessError, Result, check, fail};
use super::finalize::{check_draws, finish, hash_outputs, report_with};
use super::folder::{FolderState, ResultsFolder};
use super::lock::FolderLock;
use super::manifest::Manifest;
use super::plan::Plan;
use super::registry::{Puzzle, Registry};
use super::run_set::{self, RunSet};
use std::path::Path;

/// Checks the manifest and data of a folder whose draws are all written, as every command
/// does before it uses them, and returns the plan of its run.
pub fn check_finished(
    folder: &ResultsFolder,
    registry: &Registry,
    manifest: &Manifest,
) -> Result<Plan> {
    let path = folder.manifest();
    let shown = path.display();
    let plan = manifest.plan(registry)?;
    let seed = plan.study.seed();
    let remake = "restore it, or make the folder again with the manifest's reproduce command";
    check!(
        manifest.master_seed == seed,
        Data,
        "{shown} says master_seed {} but the spec it records has seed {seed} (edited or damaged); {remake}",
        manifest.master_seed
    );
    let total = plan.total();
    let rows = manifest.data.as_ref().map_or(total, |data| data.rows);
    let positions = manifest
        .data
        .as_ref()
        .map_or(total, |data| data.positions());
    // Where series may end early, the rows are fewer than the draws; draws.csv, where it is
    // kept, is then read through the stop rules, which find the ends again.
    let rows_possible = rows == total || (plan.has_stops() && rows < total);
    check!(
        manifest.draws == rows && positions == total && rows_possible,
        Data,
        "{shown} counts {} draws and {rows} rows of data, but the spec it records makes {total} (edited or damaged); {remake}",
        manifest.draws
    );
    if folder.draws().exists() {
        check_draws(folder, manifest)?;
    }
    Ok(plan)
}

/// `boardlab report DIR` on a results folder: under the folder's lock, completes a folder
/// whose outputs are pending, or rewrites the charts and report of a complete one (and their
/// hashes in the manifest), after the checks of [`check_finished`]; tables that do not match
/// their hashes are made again from `draws.csv`. A folder without a manifest is left to the
/// default puzzle's report, which knows the folders it writes without one.
pub fn report_folder(dir: &Path, registry: &Registry) -> Result<()> {
    if let Some(set) = RunSet::read(dir)? {
        (run_set::set_of(registry, &set)?.report)(dir, &set, true)
            .map_err(|error| HarnessError::study(format!("reporting {}", dir.display()), error))?;
        return Ok(());
    }
    let folder = ResultsFolder::new(dir);
    let (puzzle, manifest, plan, _lock) = match open(&folder, registry)? {
        Opened::Default(default, _lock) => return report_with(default, dir),
        Opened::Finished(finished) => *finished,
    };
    if manifest.status != super::RunStatus::Complete {
        folder.remove_temporaries()?;
        return finish(&folder, &plan, puzzle, manifest);
    }
    if let Some(table) = edited_table(&folder, puzzle, &manifest)? {
        check!(
            folder.draws().exists(),
            Data,
            "{} does not match the checksum in the manifest (edited or damaged), and draws.csv, which it is made from, is not in {}; restore it, or make the folder again with the manifest's reproduce command",
            folder.root().join(table).display(),
            dir.display()
        );
        folder.remove_temporaries()?;
        return finish(&folder, &plan, puzzle, manifest);
    }
    report_with(puzzle, dir)?;
    rehash_outputs(&folder, puzzle, manifest)
}

/// `boardlab plot DIR`: redraws the charts of a folder (its REPORT.md is left as it is)
/// after the checks of [`check_finished`], its tables included; returns how many it wrote.
pub fn plot_folder(dir: &Path, registry: &Registry) -> Result<usize> {
    if let Some(set) = RunSet::read(dir)? {
        return (run_set::set_of(registry, &set)?.report)(dir, &set, false)
            .map(|report| report.charts)
            .map_err(|error| HarnessError::study(format!("charting {}", dir.display()), error));
    }
    let folder = ResultsFolder::new(dir);
    let (puzzle, manifest, _, _lock) = match open(&folder, registry)? {
        Opened::Default(default, _lock) => return plot_with(default, dir),
        Opened::Finished(finished) => *finished,
    };
    check!(
        manifest.status == super::RunStatus::Complete,
        Folder,
        "{} holds a run whose tables, charts or report are not all written; complete them with boardlab report first",
        dir.display()
    );
    if let Some(table) = edited_table(&folder, puzzle, &manifest)? {
        fail!(
            Data,
            "{} does not match the checksum in the manifest (edited or damaged); boardlab report {} makes it again from draws.csv",
            folder.root().join(table).display(),
            dir.display()
        );
    }
    let written = plot_with(puzzle, dir)?;
    rehash_outputs(&folder, puzzle, manifest)?;
    Ok(written)
}

/// The rows of a finished folder's `draws.csv`, for commands that read a run's data without
/// writing to the folder (game records, analyses): the folder is checked as `report` checks
/// it, under a shared lock, and each row is handed to `visit` in plan order.
pub fn read_finished_rows(
    dir: &Path,
    registry: &Registry,
    visit: impl FnMut(super::plan::Row) -> std::result::Result<(), super::StudyError>,
) -> Result<Manifest> {
    let folder = ResultsFolder::new(dir);
    let shown = dir.display();
    check!(
        folder.manifest().exists(),
        Folder,
        "{shown} holds no manifest.json; give the results folder of a run"
    );
    let _lock = FolderLock::shared(dir)?;
    let default = registry.puzzle(registry.default)?;
    let manifest = match finished(&folder, puzzle_of(dir, registry, default))? {
        Finished::Manifest(manifest) => *manifest,
        Finished::Fresh => fail!(Folder, "{shown} holds no finished run"),
    };
    let plan = check_finished(&folder, registry, &manifest)?;
    check!(
        folder.draws().exists(),
        Folder,
        "{shown} keeps no draws.csv (a committed folder may leave it out); make it again with the manifest's reproduce command"
    );
    plan.for_each_row(&folder, visit)?;
    Ok(manifest)
}

/// A folder as `report` and `plot` find it.
enum Opened {
    /// No run to check (no manifest, or nothing but scratch files): the default puzzle's to
    /// handle, under the folder's lock where the folder has a manifest.
    Default(&'static Puzzle, Option<FolderLock>),
    /// A finished run that [`check_finished`] trusts: its puzzle, manifest and plan, and the
    /// folder's lock, held while the command writes.
    Finished(Box<(&'static Puzzle, Manifest, Plan, FolderLock)>),
}

/// Opens a folder for `report` or `plot`: takes its lock where it has a manifest, refuses an
/// unfinished or damaged one, and checks a finished one as `run --resume` does.
fn open(folder: &ResultsFolder, registry: &Registry) -> Result<Opened> {
    let dir = folder.root();
    let default = registry.puzzle(registry.default)?;
    if !folder.manifest().exists() {
        return Ok(Opened::Default(default, None));
    }
    let lock = FolderLock::exclusive(dir)?;
    let puzzle = puzzle_of(dir, registry, default);
    let manifest = match finished(folder, puzzle)? {
        Finished::Manifest(manifest) => *manifest,
        Finished::Fresh => return Ok(Opened::Default(default, Some(lock))),
    };
    let plan = check_finished(folder, registry, &manifest)?;
    Ok(Opened::Finished(Box::new((puzzle, manifest, plan, lock))))
}

/// The puzzle of a folder's manifest, the default one where the manifest names none that
/// this program knows (the checks then find what is wrong).
fn puzzle_of(dir: &Path, registry: &Registry, default: &'static Puzzle) -> &'static Puzzle {
    match registry.of_folder(dir) {
        Ok(Some(puzzle)) => puzzle,
        _ => default,
    }
}

/// What a folder with a manifest holds, for a command that reads finished folders.
enum Finished {
    /// Every draw written (the outputs maybe not).
    Manifest(Box<Manifest>),
    /// Nothing but scratch files.
    Fresh,
}

/// The manifest of a folder whose draws are all written; an unfinished or damaged folder is
/// refused.
fn finished(folder: &ResultsFolder, puzzle: &Puzzle) -> Result<Finished> {
    let shown = folder.root().display();
    match folder.state(puzzle.tables)? {
        FolderState::Complete(manifest) | FolderState::DataComplete(manifest) => {
            Ok(Finished::Manifest(manifest))
        }
        FolderState::Partial(_) => fail!(
            Folder,
            "{shown} holds an unfinished run; complete it with boardlab run and --resume first"
        ),
        FolderState::Damaged(why) => fail!(Folder, "{shown} cannot be reported: {why}"),
        FolderState::Fresh => Ok(Finished::Fresh),
    }
}

/// Records the hashes of the outputs as they are now (a manifest from before outputs were
/// recorded is left as it is).
fn rehash_outputs(folder: &ResultsFolder, puzzle: &Puzzle, mut manifest: Manifest) -> Result<()> {
    if manifest.outputs.is_empty() {
        return Ok(());
    }
    let outputs = hash_outputs(folder, puzzle)?;
    if outputs != manifest.outputs {
        manifest.outputs = outputs;
        manifest.write(&folder.manifest())?;
    }
    Ok(())
}

/// The first of the puzzle's tables whose hash the manifest records and that no longer has
/// it (a manifest from before outputs were recorded records none).
fn edited_table<'a>(
    folder: &ResultsFolder,
    puzzle: &'a Puzzle,
    manifest: &Manifest,
) -> Result<Option<&'a str>> {
    for table in puzzle.tables {
        let path = folder.root().join(table);
        if let Some(hash) = manifest.outputs.get(*table)
            && (!path.is_file() || checksum::hash_file(&path)? != *hash)
        {
            return Ok(Some(table));
        }
    }
    Ok(None)
}

/// The charts of `dir` by `puzzle`'s plot.
fn plot_with(puzzle: &Puzzle, dir: &Path) -> Result<usize> {
    (puzzle.plot)(dir)
        .map_err(|error| HarnessError::study(format!("charting {}", dir.display()), error))
}
