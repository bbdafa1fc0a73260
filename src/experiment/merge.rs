//! `boardlab merge`: combines the folders of all shards of one run into the folder a single
//! machine would have written. Rows are interleaved back into the plan's order (draw i of a
//! series comes from shard `i % N + 1`) line by line, whatever the puzzle, each row's key
//! (series label and draw index) checked against the plan, each shard's file is checked
//! against the checksum in its manifest, and the derived files are made by the same code as
//! a run's, so the data files are byte-identical.
//!
//! Nothing is deleted before the new result is complete: it is built in a temporary folder
//! beside OUT (`.OUT.merge-XXXXXX`) and moved into OUT at the end, manifest last. The shard
//! folders are only read, under shared locks, and OUT may be neither one of them nor hold
//! one.

use super::checksum::{DataHash, DataMark};
use super::error::{HarnessError, IoContext, Result, check, fail};
use super::folder::{FolderState, ResultsFolder};
use super::lock::{FolderLock, LOCK_FILE};
use super::manifest::{self, Manifest, RunStatus};
use super::plan::Plan;
use super::registry::{Puzzle, Registry};
use super::spec::Overrides;
use super::stops::Stops;
use super::study::row_key;
use super::{MAX_SHARDS, Shard};
use super::{data_file, finalize};
use crate::output::atomic::sync_folder;
use crate::output::faults::abort_point;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// Merges complete shard folders `shards` of a run of one of `registry`'s puzzles into `out`;
/// returns the number of draws. A refused or failed merge leaves no folder it created.
pub fn merge(out: &Path, shards: &[PathBuf], force: bool, registry: &Registry) -> Result<u64> {
    check_paths(out, shards)?;
    let tables: Vec<&str> = registry.tables().collect();
    let target = ResultsFolder::new(out);
    refuse_existing(out, &target.state(&tables)?, force)?;
    let _input_locks: Vec<FolderLock> = shards
        .iter()
        .map(|dir| FolderLock::shared(dir))
        .collect::<Result<_>>()?;
    let manifests = read_shard_manifests(shards)?;
    let (study, overrides) = manifests[0].rebuild_spec(registry)?;
    let puzzle = registry.puzzle(study.puzzle())?;
    let plan = Plan::new(study, Shard::WHOLE);

    let created = create_folder(out)?;
    let merged = merge_into(
        out, shards, force, &tables, &plan, puzzle, &manifests, &overrides,
    );
    if merged.is_err() {
        // Only what this process created, and only while empty (a folder that got files in
        // a failed final move is damaged, and `merge --force` replaces it).
        for dir in created.iter().rev() {
            let _ = std::fs::remove_dir(dir);
        }
    }
    merged
}

/// Refuses an OUT that holds results, unless `force`.
fn refuse_existing(out: &Path, state: &FolderState, force: bool) -> Result<()> {
    match state {
        FolderState::Fresh => Ok(()),
        _ if force => Ok(()),
        _ => fail!(
            Merge,
            "{} already holds results; use --force to replace them or choose another OUT",
            out.display()
        ),
    }
}

/// Creates `dir` and its missing parents; returns the folders it created, outermost first.
fn create_folder(dir: &Path) -> Result<Vec<PathBuf>> {
    let absolute = std::path::absolute(dir).io(|| format!("cannot resolve {}", dir.display()))?;
    let mut missing: Vec<PathBuf> = absolute
        .ancestors()
        .take_while(|path| !path.exists())
        .map(Path::to_path_buf)
        .collect();
    missing.reverse();
    ResultsFolder::new(dir).create()?;
    Ok(missing)
}

/// The merge proper, once OUT exists: locks it and builds the merged folder beside it, then
/// moves it in. Every lock and temporary folder is released when it returns.
#[allow(clippy::too_many_arguments)]
fn merge_into(
    out: &Path,
    shards: &[PathBuf],
    force: bool,
    tables: &[&str],
    plan: &Plan,
    puzzle: &Puzzle,
    manifests: &[Manifest],
    overrides: &Overrides,
) -> Result<u64> {
    let target = ResultsFolder::new(out);
    let _lock = FolderLock::exclusive(out)?;
    refuse_existing(out, &target.state(tables)?, force)?;
    remove_stale_builds(out)?;
    let build = tempfile::Builder::new()
        .prefix(&build_prefix(out))
        .tempdir_in(parent_of(out))
        .io(|| format!("cannot create a folder beside {}", out.display()))?;
    let folder = ResultsFolder::new(build.path());
    let mark = write_merged_draws(&folder, plan, shards, manifests)?;
    let mark_rows = mark.rows;
    let mut merged = merged_manifest(manifests, shards, mark);
    merged.reproduce = Some(manifest::reproduce_command(
        &merged.spec_source,
        overrides,
        None,
        merged.compression,
        out,
    ));
    merged.write(&folder.manifest())?;
    finalize::finish(&folder, plan, puzzle, merged)?;
    abort_point("merge-built");
    move_into_place(build.path(), &target, tables)?;
    Ok(mark_rows)
}

/// Refuses duplicate inputs, an output that is an input or inside one, and an input inside
/// the output, comparing canonical paths.
fn check_paths(out: &Path, shards: &[PathBuf]) -> Result<()> {
    check!(!shards.is_empty(), Merge, "give the shard folders to merge");
    let out_real = canonical_to_be(out)?;
    let mut seen: Vec<PathBuf> = Vec::new();
    for dir in shards {
        let real = dir
            .canonicalize()
            .io(|| format!("cannot find the shard folder {}", dir.display()))?;
        check!(
            !seen.contains(&real),
            Merge,
            "{} is given twice; give each shard folder once",
            dir.display()
        );
        check!(
            !out_real.starts_with(&real),
            Merge,
            "OUT {} is the shard folder {} or inside it; merge into another folder",
            out.display(),
            dir.display()
        );
        check!(
            !real.starts_with(&out_real),
            Merge,
            "the shard folder {} is inside OUT {}, which merge replaces; merge into another folder",
            dir.display(),
            out.display()
        );
        seen.push(real);
    }
    Ok(())
}

/// The canonical form of a path that may not exist yet: its deepest existing ancestor
/// canonicalized, with the rest appended.
fn canonical_to_be(path: &Path) -> Result<PathBuf> {
    let absolute = std::path::absolute(path).io(|| format!("cannot resolve {}", path.display()))?;
    let mut rest: Vec<&std::ffi::OsStr> = Vec::new();
    let mut existing = absolute.as_path();
    loop {
        if let Ok(real) = existing.canonicalize() {
            return Ok(rest.iter().rev().fold(real, |p, part| p.join(part)));
        }
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name);
                existing = parent;
            }
            _ => return Ok(absolute.clone()),
        }
    }
}

fn parent_of(path: &Path) -> PathBuf {
    match std::path::absolute(path)
        .ok()
        .and_then(|p| p.parent().map(Path::to_path_buf))
    {
        Some(parent) => parent,
        None => PathBuf::from("."),
    }
}

/// The name prefix of the temporary folders that build `out`: `.NAME.merge-`. A folder name
/// has at most 255 bytes, and `run` writes any OUT that fits, so a NAME too long to take
/// the prefix and the random suffix is cut to its first [`KEPT_NAME`] bytes and followed by
/// a hash of the whole, which keeps two such OUTs apart.
fn build_prefix(out: &Path) -> String {
    let name = std::path::absolute(out)
        .ok()
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_else(|| "merged".to_string());
    if name.len() <= KEPT_NAME {
        return format!(".{name}.merge-");
    }
    let mut end = KEPT_NAME;
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    let hash = xxhash_rust::xxh3::xxh3_64(name.as_bytes());
    format!(".{}~{hash:016x}.merge-", &name[..end])
}

/// The most bytes of OUT's name that a build folder's name keeps whole: with the dot, the
/// hash and `.merge-` and tempfile's six random characters it stays under 255.
const KEPT_NAME: usize = 200;

/// Removes temporary folders left beside `out` by killed merges (called holding OUT's lock,
/// so no merge into OUT is using them).
fn remove_stale_builds(out: &Path) -> Result<()> {
    let (parent, prefix) = (parent_of(out), build_prefix(out));
    let Ok(entries) = std::fs::read_dir(&parent) else {
        return Ok(());
    };
    for entry in entries.filter_map(std::result::Result::ok) {
        if entry.file_name().to_string_lossy().starts_with(&prefix) && entry.path().is_dir() {
            std::fs::remove_dir_all(entry.path()).io(|| {
                format!(
                    "cannot remove the unfinished merge {}",
                    entry.path().display()
                )
            })?;
        }
    }
    Ok(())
}

/// Replaces OUT's results by the finished build: OUT's manifest goes first (a kill then
/// leaves a damaged folder that `merge --force` replaces), then its other files, then the
/// new files come in, manifest last.
fn move_into_place(build: &Path, target: &ResultsFolder, tables: &[&str]) -> Result<()> {
    target.clear(tables)?;
    abort_point("merge-cleared");
    let mut names: Vec<std::ffi::OsString> = std::fs::read_dir(build)
        .io(|| format!("cannot read {}", build.display()))?
        .filter_map(std::result::Result::ok)
        .map(|entry| entry.file_name())
        .filter(|name| name != "manifest.json" && name != LOCK_FILE)
        .collect();
    names.sort();
    names.push("manifest.json".into());
    for name in names {
        let to = target.root().join(&name);
        std::fs::rename(build.join(&name), &to)
            .io(|| format!("cannot move the merged {} into place", to.display()))?;
    }
    sync_folder(target.root());
    Ok(())
}

/// Interleaves the shards' rows into `folder/draws.csv.partial`, checking every row's key and
/// each shard file against its manifest's checksum; returns the merged file's mark.
fn write_merged_draws(
    folder: &ResultsFolder,
    plan: &Plan,
    shards: &[PathBuf],
    manifests: &[Manifest],
) -> Result<DataMark> {
    let order = ordered_by_shard(shards, manifests);
    for &i in &order {
        finalize::check_draws(&ResultsFolder::new(&shards[i]), &manifests[i])?;
    }
    let header = plan.study.draws_header();
    let mut readers: Vec<ShardRows> = order
        .iter()
        .map(|&i| ShardRows::open(&ResultsFolder::new(&shards[i]).draws(), &header))
        .collect::<Result<_>>()?;
    let count = manifests[0].shard.expect("checked").count;
    let compression = manifests[0].compression;
    let partial = folder.partial_draws_for(compression);
    let shown = partial.display().to_string();
    let mut file = std::io::BufWriter::new(
        std::fs::File::create(&partial).io(|| format!("cannot create {shown}"))?,
    );
    let mut hash = DataHash::default();
    let mut bytes = 0u64;
    // Stored as a run stores them: the header, then the rows of each of the whole plan's
    // chunks (each a frame of its own where the data are compressed).
    let mut emit = |file: &mut std::io::BufWriter<std::fs::File>, text: &[u8]| {
        let stored = compression.encode(text);
        hash.update(&stored);
        bytes += stored.len() as u64;
        file.write_all(&stored).io(|| format!("writing {shown}"))
    };
    emit(&mut file, &header)?;
    // Shards run every draw; the rows after the end of a series that ends early are read
    // (each shard's file must hold all its rows) but not written ([`super::stops`]).
    let mut stops = Stops::of(plan);
    let mut rows = 0u64;
    let mut line = Vec::new();
    let chunks = plan.chunks_from(0);
    for (start, end) in (0..).map_while(|number| chunks.get(number)) {
        let mut text = Vec::new();
        for p in start..end {
            let (label, index) = plan.row_key(p);
            let shard = Shard::owner_of(count, index) as usize - 1;
            let dir = shards[order[shard]].display();
            check!(
                readers[shard].next_line(&mut line)?,
                Merge,
                "{dir} ends before {label} draw {index}"
            );
            let key = row_key(&line);
            check!(
                key == Some((label, index)),
                Merge,
                "{dir} has {} where {label} draw {index} belongs",
                key.map_or("an unreadable row".to_string(), |(l, i)| format!(
                    "{l} draw {i}"
                ))
            );
            let series = plan.locate(p).0;
            if let Some(stops) = stops.as_mut() {
                if stops.ended(series) {
                    continue;
                }
                stops
                    .after_line(series, &line)
                    .map_err(|source| HarnessError::study(format!("{dir}"), source))?;
            }
            text.extend_from_slice(&line);
            rows += 1;
        }
        emit(&mut file, &text)?;
    }
    file.into_inner()
        .map_err(|e| e.into_error())
        .and_then(|file| file.sync_all())
        .io(|| format!("writing {shown}"))?;
    for (&i, reader) in order.iter().zip(readers.iter_mut()) {
        check!(
            !reader.next_line(&mut line)?,
            Merge,
            "{} has more rows than its shard makes",
            shards[i].display()
        );
    }
    Ok(DataMark::new(rows, bytes, &hash).at_positions(plan.total()))
}

/// The rows of a shard's `draws.csv`, line by line, after a header that must be the plan's.
struct ShardRows {
    reader: Box<dyn BufRead + Send>,
    shown: String,
}

impl ShardRows {
    fn open(path: &Path, header: &[u8]) -> Result<ShardRows> {
        let shown = path.display().to_string();
        let mut rows = ShardRows {
            reader: data_file::open_text(path)?,
            shown,
        };
        let mut first = Vec::new();
        rows.next_line(&mut first)?;
        check!(
            first == header,
            Merge,
            "{} has another header than the spec makes; was it written by another boardlab version?",
            rows.shown
        );
        Ok(rows)
    }

    /// Reads the next line (with its line break) into `line`; false at the end.
    fn next_line(&mut self, line: &mut Vec<u8>) -> Result<bool> {
        line.clear();
        let read = self
            .reader
            .read_until(b'\n', line)
            .io(|| format!("reading {}", self.shown))?;
        check!(
            read == 0 || line.ends_with(b"\n"),
            Merge,
            "{} ends in the middle of a row",
            self.shown
        );
        Ok(read > 0)
    }
}

fn read_shard_manifests(shards: &[PathBuf]) -> Result<Vec<Manifest>> {
    let manifests: Vec<Manifest> = shards
        .iter()
        .map(|dir| Manifest::read(&ResultsFolder::new(dir).manifest()))
        .collect::<Result<_>>()?;
    for (dir, manifest) in shards.iter().zip(&manifests) {
        if let Some(shard) = manifest.shard {
            check!(
                Shard::new(shard.index, shard.count).is_ok(),
                Merge,
                "{} is shard {shard}, which no run may be (1 ≤ K ≤ N ≤ {MAX_SHARDS}); run the spec again in at most {MAX_SHARDS} shards",
                dir.display()
            );
        }
    }
    let first = &manifests[0];
    let Some(first_shard) = first.shard else {
        fail!(
            Merge,
            "{} is not a shard (it was run without --shard)",
            shards[0].display()
        );
    };
    let mut seen = vec![false; first_shard.count as usize];
    for (dir, manifest) in shards.iter().zip(&manifests) {
        let dir = dir.display();
        check!(
            manifest.status == RunStatus::Complete,
            Merge,
            "{dir} is not finished; complete it with boardlab run and --resume first"
        );
        let Some(shard) = manifest.shard else {
            fail!(Merge, "{dir} is not a shard (it was run without --shard)")
        };
        check!(
            shard.count == first_shard.count,
            Merge,
            "{dir} is shard {shard} but {} is {first_shard}",
            shards[0].display()
        );
        let mut identity = manifest.identity();
        identity.shard = first.shard;
        if let Some(why) = identity.difference(&first.identity()) {
            fail!(
                Merge,
                "{dir} is from a different run than {} ({why})",
                shards[0].display()
            );
        }
        check!(
            !seen[shard.index as usize - 1],
            Merge,
            "shard {shard} is given twice"
        );
        seen[shard.index as usize - 1] = true;
    }
    if let Some(missing) = seen.iter().position(|s| !s) {
        fail!(
            Merge,
            "shard {}/{} is missing; give all {} shard folders",
            missing + 1,
            first_shard.count,
            first_shard.count
        );
    }
    Ok(manifests)
}

/// Indices of the shard folders sorted by shard index.
fn ordered_by_shard(shards: &[PathBuf], manifests: &[Manifest]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..shards.len()).collect();
    order.sort_by_key(|&i| manifests[i].shard.expect("checked").index);
    order
}

fn merged_manifest(manifests: &[Manifest], shards: &[PathBuf], mark: DataMark) -> Manifest {
    let mut merged = manifests[0].clone();
    merged.status = RunStatus::DataComplete;
    merged.shard = None;
    let threads = manifests.iter().map(|m| m.provenance.threads).sum();
    merged.provenance = manifest::Provenance::now(threads);
    merged.provenance.start = manifests
        .iter()
        .map(|m| m.provenance.start.clone())
        .min()
        .unwrap_or_default();
    merged.provenance.end = Some(manifest::now_rfc3339());
    merged.sessions = manifests.iter().flat_map(|m| m.sessions.clone()).collect();
    merged.series_seconds.clear();
    for manifest in manifests {
        for (label, seconds) in &manifest.series_seconds {
            *merged.series_seconds.entry(label.clone()).or_insert(0.0) += seconds;
        }
    }
    merged.merged_from = shards.iter().map(|d| d.display().to_string()).collect();
    merged.outputs.clear();
    merged.update_totals(mark.rows);
    merged.data = Some(mark);
    merged
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_build_folder_name_fits_whatever_the_length_of_out() {
        for length in [1, 200, 201, 251, 255] {
            let name = "é".repeat(length / 2) + &"x".repeat(length % 2);
            let prefix = build_prefix(Path::new(&name));
            assert!(prefix.len() + 6 <= 255, "{length}: {}", prefix.len());
            assert!(prefix.starts_with('.') && prefix.ends_with(".merge-"));
        }
        // Two long names that share their first bytes get different prefixes.
        let long = "a".repeat(240);
        assert_ne!(
            build_prefix(Path::new(&(long.clone() + "1"))),
            build_prefix(Path::new(&(long + "2")))
        );
        assert_eq!(build_prefix(Path::new("out")), ".out.merge-");
    }

    #[test]
    fn paths_not_yet_made_are_compared_by_their_existing_ancestor() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().canonicalize().unwrap();
        std::fs::create_dir(dir.path().join("a")).unwrap();
        let planned = dir.path().join("a/../a/b/c");
        assert_eq!(canonical_to_be(&planned).unwrap(), real.join("a/b/c"));
    }
}
