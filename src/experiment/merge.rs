//! `boardlab merge`: combines the folders of all shards of one run into the folder a single
//! machine would have written. Rows are interleaved back into the plan's order (draw i of a
//! series comes from shard `i % N + 1`), checked one by one, and the derived files are made
//! by the same code as a run's, so the data files are byte-identical.

use super::folder::{FolderState, ResultsFolder};
use super::manifest::{self, Manifest, RunStatus};
use super::plan::Plan;
use super::spec::{Overrides, Spec};
use super::{Shard, finalize};
use crate::output::draws::{self, DrawRow};
use anyhow::{Context, bail, ensure};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Merges complete shard folders `shards` into `out`; returns the number of draws.
pub fn merge(out: &Path, shards: &[PathBuf], force: bool) -> anyhow::Result<u64> {
    let manifests = read_shard_manifests(shards)?;
    let first = &manifests[0];
    let plan = whole_plan(first)?;
    let folder = ResultsFolder::new(out);
    let shown = out.display();
    match folder.state()? {
        FolderState::Fresh => {}
        _ if force => {}
        _ => bail!(
            "{shown} already holds results; use --force to overwrite it or choose another OUT"
        ),
    }
    folder.create()?;
    folder.clear()?;

    let mut readers: Vec<_> = ordered_by_shard(shards, &manifests)
        .into_iter()
        .map(|dir| draws::rows(&ResultsFolder::new(dir).draws()))
        .collect::<anyhow::Result<_>>()?;
    let count = first.shard.expect("checked").count;
    let partial = folder.partial_draws();
    let mut file = std::io::BufWriter::new(
        std::fs::File::create(&partial).with_context(|| format!("cannot write in {shown}"))?,
    );
    file.write_all(&draws::header(plan.boards, plan.spec.has_restarts()))?;
    let mut batch: Vec<DrawRow> = Vec::with_capacity(4096);
    for p in 0..plan.total() {
        let (label, index) = plan.row_key(p);
        let shard = Shard::owner_of(count, index) as usize - 1;
        let row = readers[shard].next().with_context(|| {
            format!(
                "{} ends before {label} draw {index}",
                shards[shard].display()
            )
        })??;
        ensure!(
            row.ordering == label && row.draw == index,
            "shard {} has {} draw {} where {label} draw {index} belongs",
            shard + 1,
            row.ordering,
            row.draw
        );
        batch.push(row);
        if batch.len() == batch.capacity() {
            file.write_all(&draws::encode(&batch))?;
            batch.clear();
        }
    }
    file.write_all(&draws::encode(&batch))?;
    file.into_inner().map_err(|e| e.into_error())?.sync_all()?;
    for (dir, reader) in shards.iter().zip(readers.iter_mut()) {
        ensure!(
            reader.next().is_none(),
            "{} has more rows than its shard makes",
            dir.display()
        );
    }
    std::fs::rename(&partial, folder.draws())?;
    finalize::derive_files(&folder, &plan)?;
    merged_manifest(&manifests, shards, plan.total()).write(&folder.manifest())?;
    Ok(plan.total())
}

fn read_shard_manifests(shards: &[PathBuf]) -> anyhow::Result<Vec<Manifest>> {
    ensure!(!shards.is_empty(), "give the shard folders to merge");
    let manifests: Vec<Manifest> = shards
        .iter()
        .map(|dir| Manifest::read(&ResultsFolder::new(dir).manifest()))
        .collect::<anyhow::Result<_>>()?;
    let first = &manifests[0];
    let Some(first_shard) = first.shard else {
        bail!(
            "{} is not a shard (it was run without --shard)",
            shards[0].display()
        );
    };
    let mut seen = vec![false; first_shard.count as usize];
    for (dir, manifest) in shards.iter().zip(&manifests) {
        let dir = dir.display();
        ensure!(
            manifest.status == RunStatus::Complete,
            "{dir} is not finished; complete it with --resume first"
        );
        let Some(shard) = manifest.shard else {
            bail!("{dir} is not a shard (it was run without --shard)")
        };
        ensure!(
            shard.count == first_shard.count,
            "{dir} is shard {shard} but {} is {first_shard}",
            shards[0].display()
        );
        let mut identity = manifest.identity();
        identity.shard = first.shard;
        if let Some(why) = identity.difference(&first.identity()) {
            bail!(
                "{dir} is from a different run than {} ({why})",
                shards[0].display()
            );
        }
        ensure!(
            !seen[shard.index as usize - 1],
            "shard {shard} is given twice"
        );
        seen[shard.index as usize - 1] = true;
    }
    if let Some(missing) = seen.iter().position(|s| !s) {
        bail!(
            "shard {}/{} is missing; give all {} shard folders",
            missing + 1,
            first_shard.count,
            first_shard.count
        );
    }
    Ok(manifests)
}

/// The shard folders sorted by shard index.
fn ordered_by_shard<'a>(shards: &'a [PathBuf], manifests: &[Manifest]) -> Vec<&'a PathBuf> {
    let mut pairs: Vec<(u64, &PathBuf)> = manifests
        .iter()
        .zip(shards)
        .map(|(m, dir)| (m.shard.expect("checked").index, dir))
        .collect();
    pairs.sort();
    pairs.into_iter().map(|(_, dir)| dir).collect()
}

/// The single-machine plan of the run the shards belong to, rebuilt from the spec text.
fn whole_plan(manifest: &Manifest) -> anyhow::Result<Plan> {
    let number = |key: &str| manifest.spec.get(key).and_then(serde_json::Value::as_u64);
    let overrides = Overrides {
        draws: number("draws"),
        cap: number("cap"),
        seed: number("seed"),
    };
    let spec = Spec::parse(&manifest.spec_text, &overrides)?;
    ensure!(
        serde_json::to_value(&spec)? == manifest.spec,
        "the spec recorded in the manifest does not rebuild the same run (another boardlab version?)"
    );
    Ok(Plan {
        spec,
        shard: Shard::WHOLE,
        boards: manifest.boards,
    })
}

fn merged_manifest(manifests: &[Manifest], shards: &[PathBuf], draws: u64) -> Manifest {
    let mut merged = manifests[0].clone();
    merged.status = RunStatus::Complete;
    merged.command = manifest::command_line();
    merged.shard = None;
    merged.git_describe = manifest::git_describe();
    merged.threads = manifests.iter().map(|m| m.threads).sum();
    merged.start = manifests
        .iter()
        .map(|m| m.start.clone())
        .min()
        .unwrap_or_default();
    merged.end = Some(manifest::now_rfc3339());
    merged.sessions = manifests.iter().flat_map(|m| m.sessions.clone()).collect();
    merged.series_seconds.clear();
    for manifest in manifests {
        for (label, seconds) in &manifest.series_seconds {
            *merged.series_seconds.entry(label.clone()).or_insert(0.0) += seconds;
        }
    }
    merged.merged_from = shards.iter().map(|d| d.display().to_string()).collect();
    merged.update_totals(draws);
    merged
}
