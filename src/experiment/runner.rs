//! The parallel runner: computes a plan's draws on a rayon pool and writes them in order.
//!
//! Workers take fixed-size chunks of positions from a shared counter, so chunks finish
//! nearly in order; the calling thread writes each finished chunk to `draws.csv.partial` as
//! soon as all earlier chunks are written. The file is therefore always a prefix of the final
//! `draws.csv`. Every couple of seconds the file is synced and the manifest records how far
//! it is written (rows, bytes and a running FNV-1a hash) with the session's draws so far;
//! `--resume` checks the file against that record, cuts what came after it, and continues.
//! With `--compress` the file is `draws.csv.zst.partial`, and each chunk's rows are one
//! Zstandard frame, compressed by the worker that computed them ([`super::data_file`]).
//! Ctrl-C or a termination signal stops the workers after their current chunk, or sooner
//! where the study checks [`stop_requested`] between the steps of a draw and drops the chunk
//! (see [`super::study::Interrupted`]); a second Ctrl-C exits at once.
//!
//! Everything the run refers to is checked before the folder is touched, and the folder is
//! locked while it is written.

use super::checksum::{DataHash, DataMark};
use super::data_file::Compression;
use super::error::{HarnessError, IoContext, Result, check, fail};
use super::folder::{FolderState, ResultsFolder};
use super::lock::FolderLock;
use super::manifest::{self, Manifest, Provenance, RunIdentity, RunStatus, Session};
use super::plan::Plan;
use super::progress::Progress;
use super::registry::{Puzzle, Registry};
use super::spec::Overrides;
use super::stops::Stops;
use super::study::Interrupted;
use super::{Shard, checksum, finalize, trust};
use crate::output::faults::{abort_point, before_data_write};
use std::collections::BTreeMap;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Once, mpsc};
use std::time::{Duration, Instant};

/// How often the data file is synced and the manifest records the progress.
const CHECKPOINT_INTERVAL: Duration = Duration::from_secs(2);

/// Rows written since the last sync began that start the next one before the interval is
/// up: a run that writes hundreds of megabytes a second would otherwise leave most of them
/// to the sync at its end, which no worker thread can share.
const CHECKPOINT_BYTES: u64 = 64 << 20;

/// The most worker threads a run may have, whatever the machine.
pub const MAX_THREADS: usize = 1024;

/// Everything `boardlab run` needs, checked.
#[derive(Clone)]
pub struct RunRequest {
    pub plan: Plan,
    /// The program's puzzles: the plan's own, and every table a folder may hold.
    pub registry: &'static Registry,
    pub spec_source: String,
    pub spec_text: String,
    /// The command-line values that replaced the spec's (for the `reproduce` command).
    pub overrides: Overrides,
    pub out: PathBuf,
    pub threads: usize,
    pub resume: bool,
    pub force: bool,
    pub quiet: bool,
    /// How the data file is stored (`--compress`).
    pub compression: Compression,
    /// The spec source and folder that the `reproduce` command names where they are not the
    /// run's own: a member of a set of runs is remade by running the set's spec into the
    /// set's folder ([`super::run_set`]).
    pub reproduce_with: Option<(String, PathBuf)>,
}

/// How a run ended.
#[derive(Debug, PartialEq, Eq)]
pub enum RunEnd {
    /// All draws written and every output made (by this process, or pending ones completed).
    Complete { draws: u64 },
    /// `--resume` found nothing left to do.
    AlreadyComplete,
    /// Stopped by a signal after `done` of `total` draws.
    Interrupted { done: u64, total: u64 },
}

pub(super) static STOP: AtomicBool = AtomicBool::new(false);

/// Set by the first Ctrl-C or termination signal, and never cleared: a signal that comes
/// before the run starts (while the spec is read, say) stops it as soon as it starts.
static SIGNALLED: AtomicBool = AtomicBool::new(false);

/// Whether the run in progress has been asked to stop (by Ctrl-C, a termination signal or a
/// failed chunk): a study with long draws checks it between their steps.
pub fn stop_requested() -> bool {
    STOP.load(Ordering::SeqCst)
}

/// Whether a chunk's failure is the study stopping part way on request.
fn is_interruption(error: &HarnessError) -> bool {
    matches!(error, HarnessError::Study { source, .. } if source.is::<Interrupted>())
}

/// From now on, the first Ctrl-C (or SIGTERM) asks the run to stop, and the second kills the
/// running Hub engines and exits at once. `boardlab run` calls it before it lets through the
/// signals that `main` holds ([`crate::interrupts`]), so that a signal in its first
/// milliseconds stops the run with its usual message rather than killing it silently; [`run`]
/// calls it too.
pub fn catch_interrupts() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let _ = ctrlc::set_handler(|| {
            if SIGNALLED.swap(true, Ordering::SeqCst) {
                // The Hub engines of games in flight lead groups the terminal cannot reach.
                crate::interrupts::kill_groups();
                std::process::exit(130);
            }
            STOP.store(true, Ordering::SeqCst);
        });
    });
}

/// Refuses a thread count the machine cannot sensibly run: more than four per core or
/// more than [`MAX_THREADS`].
pub fn check_threads(threads: usize) -> Result<()> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let limit = cores.saturating_mul(4).min(MAX_THREADS);
    check!(threads > 0, Usage, "--threads must be at least 1");
    check!(
        threads <= limit,
        Usage,
        "--threads {threads} is more than this machine can use: at most {limit} (4 per core on {cores} cores, and never more than {MAX_THREADS})"
    );
    Ok(())
}

/// Runs (or resumes) an experiment into its results folder.
pub fn run(request: &RunRequest) -> Result<RunEnd> {
    // A stop asked by a failed chunk of an earlier run in this process is forgotten; one
    // asked by a signal is not.
    // (Cleared first and the signal read after, so that one coming in between still counts.)
    STOP.store(false, Ordering::SeqCst);
    if SIGNALLED.load(Ordering::SeqCst) {
        STOP.store(true, Ordering::SeqCst);
    }
    catch_interrupts();
    check_threads(request.threads)?;
    let pool = worker_pool(request.threads)?;
    request
        .plan
        .study
        .check_references()
        .map_err(|error| HarnessError::study("checking what the spec refers to", error))?;
    let puzzle = request.registry.puzzle(request.plan.study.puzzle())?;
    let warnings = request.plan.study.warnings();
    for warning in &warnings {
        eprintln!("warning: {warning}");
    }
    let tables: Vec<&str> = request.registry.tables().collect();
    let folder = ResultsFolder::new(&request.out);
    // Refuses a file or a folder that is not ours before anything is created in it.
    folder.state(&tables)?;
    folder.create()?;
    let _lock = FolderLock::exclusive(folder.root())?;
    let plan = &request.plan;
    let identity = RunIdentity::new(plan.study.as_ref(), plan.shard, request.compression);
    let shown = folder.root().display().to_string();
    let same_run = |old: &Manifest, verb: &str| match identity.difference(&old.identity()) {
        Some(why) => fail!(
            Folder,
            "cannot {verb} {shown}: it holds a different run ({why}); use another --out, or --force to start over"
        ),
        None => Ok(()),
    };
    let mut manifest = match folder.state(&tables)? {
        FolderState::Complete(old) if request.resume && !request.force => {
            same_run(&old, "resume")?;
            return resume_complete(&folder, request, &pool, puzzle, *old);
        }
        FolderState::Complete(_) if !request.force => fail!(
            Folder,
            "{shown} already holds a finished run; use --force to overwrite it or --out for another folder"
        ),
        FolderState::DataComplete(old) if request.resume && !request.force => {
            same_run(&old, "resume")?;
            let plan = trust::check_finished(&folder, request.registry, &old)?;
            folder.remove_temporaries()?;
            let draws = old.draws;
            pool.install(|| finalize::finish(&folder, &plan, puzzle, *old))?;
            return Ok(RunEnd::Complete { draws });
        }
        FolderState::DataComplete(_) if !request.force => fail!(
            Folder,
            "{shown} holds a finished run whose summary, charts or report are not all written; complete them with --resume, or start over with --force"
        ),
        FolderState::Partial(old) if request.resume && !request.force => {
            same_run(&old, "resume")?;
            folder.remove_temporaries()?;
            *old
        }
        FolderState::Partial(old) if !request.force => fail!(
            Folder,
            "{shown} holds an unfinished run ({} draws recorded); continue it with --resume or start over with --force",
            old.data.map_or(0, |d| d.rows)
        ),
        FolderState::Damaged(why) if !request.force => {
            fail!(
                Folder,
                "{shown} holds boardlab files but {why}; start over with --force"
            )
        }
        _ => start_fresh(request, &folder, &identity)?,
    };
    let mark = open_data(&folder, plan, &manifest)?;
    manifest.status = RunStatus::Running;
    manifest.warnings = warnings;
    let (reproduce_source, reproduce_out) = match &request.reproduce_with {
        Some((source, out)) => (source, out),
        None => (&request.spec_source, &request.out),
    };
    manifest.reproduce = Some(manifest::reproduce_command_counting(
        plan.study.draw_noun(),
        reproduce_source,
        &request.overrides,
        identity.shard,
        request.compression,
        reproduce_out,
    ));
    manifest.sessions.push(new_session(request));
    manifest.update_totals(mark.mark.rows);
    manifest.write(&folder.manifest())?;

    let first_row = mark.mark.rows;
    let mut recorder = Recorder::new(&folder, plan, manifest, first_row);
    let outcome = compute_and_write(request, &pool, &folder, mark, &mut recorder);
    let total = plan.total();
    let written = match outcome {
        Ok(written) => written,
        Err(error) => {
            // The manifest keeps its last checkpoint, which the file still matches; a
            // failure to record the end must not hide the error that stopped the run.
            let _ = recorder.end_session(RunStatus::Interrupted, None);
            return Err(error);
        }
    };
    if written.mark.positions() < total {
        recorder.end_session(RunStatus::Interrupted, Some(&written))?;
        return Ok(RunEnd::Interrupted {
            done: written.mark.positions(),
            total,
        });
    }
    recorder.end_session(RunStatus::DataComplete, Some(&written))?;
    abort_point("data-complete");
    pool.install(|| finalize::finish(&folder, plan, puzzle, recorder.manifest))?;
    Ok(RunEnd::Complete {
        draws: written.mark.rows,
    })
}

/// `--resume` of a complete folder: checks it as every command that reads a finished folder
/// does ([`trust::check_finished`]), with its data, and rewrites missing or stale outputs.
fn resume_complete(
    folder: &ResultsFolder,
    request: &RunRequest,
    pool: &rayon::ThreadPool,
    puzzle: &Puzzle,
    manifest: Manifest,
) -> Result<RunEnd> {
    let plan = trust::check_finished(folder, request.registry, &manifest)?;
    finalize::check_draws(folder, &manifest)?;
    if finalize::outputs_current(folder, puzzle, &manifest)? {
        return Ok(RunEnd::AlreadyComplete);
    }
    folder.remove_temporaries()?;
    let draws = manifest.draws;
    pool.install(|| finalize::finish(folder, &plan, puzzle, manifest))?;
    Ok(RunEnd::Complete { draws })
}

/// Clears the folder and writes the first manifest; the data file comes after it, so a
/// kill leaves either a fresh folder or one that `--resume` continues.
fn start_fresh(
    request: &RunRequest,
    folder: &ResultsFolder,
    identity: &RunIdentity,
) -> Result<Manifest> {
    folder.clear(&request.registry.tables().collect::<Vec<_>>())?;
    abort_point("cleared");
    let mut manifest = new_manifest(request, identity);
    manifest.data = Some(header_mark(&request.plan, request.compression));
    manifest.write(&folder.manifest())?;
    abort_point("manifest-written");
    Ok(manifest)
}

/// The mark of a data file holding only its header.
fn header_mark(plan: &Plan, compression: Compression) -> DataMark {
    let header = compression.encode(&plan.study.draws_header());
    let mut hash = DataHash::default();
    hash.update(&header);
    DataMark::new(0, header.len() as u64, &hash)
}

/// Makes `draws.csv.partial` the checked prefix the manifest records: creates it, or
/// checks it against the recorded checksum and cuts what was written after it.
fn open_data(folder: &ResultsFolder, plan: &Plan, manifest: &Manifest) -> Result<Written> {
    let compression = manifest.compression;
    let (path, finished) = (
        folder.partial_draws_for(compression),
        folder.draws_for(compression),
    );
    let shown = path.display().to_string();
    if !path.exists() && finished.exists() {
        // Killed after the finished file was renamed, before the manifest said so.
        std::fs::rename(&finished, &path)
            .io(|| format!("cannot rename {} back", finished.display()))?;
    }
    let fresh = header_mark(plan, compression);
    let mark = manifest
        .data
        .clone()
        .filter(|m| m.bytes >= fresh.bytes)
        .unwrap_or(fresh);
    if !path.exists() && mark.rows == 0 {
        let header = compression.encode(&plan.study.draws_header());
        let mut file = std::fs::File::create(&path).io(|| {
            format!(
                "cannot write in {}; choose another --out",
                folder.root().display()
            )
        })?;
        file.write_all(&header)
            .and_then(|()| file.sync_all())
            .io(|| format!("writing {shown}"))?;
        abort_point("partial-created");
    }
    let Some(hash) = checksum::hash_prefix(&path, mark.bytes, mark.kind())?
        .filter(|hash| hash.hex() == mark.hex())
    else {
        fail!(
            Data,
            "{shown} does not match the checksum of its first {} rows in the manifest (edited or damaged); start over with --force",
            mark.rows
        );
    };
    let file = OpenOptions::new()
        .write(true)
        .open(&path)
        .io(|| format!("cannot open {shown}"))?;
    file.set_len(mark.bytes)
        .and_then(|()| file.sync_all())
        .io(|| format!("cannot cut {shown} to its checked rows"))?;
    Ok(Written {
        mark,
        hash,
        ..Written::default()
    })
}

fn new_manifest(request: &RunRequest, identity: &RunIdentity) -> Manifest {
    Manifest {
        boardlab_version: env!("CARGO_PKG_VERSION").to_string(),
        status: RunStatus::Running,
        spec_source: request.spec_source.clone(),
        spec_text: request.spec_text.clone(),
        spec: identity.spec.clone(),
        shard: identity.shard,
        boards: None,
        master_seed: request.plan.study.seed(),
        rustc: manifest::rustc_version().to_string(),
        provenance: Provenance::now(request.threads),
        draws: 0,
        draws_per_second: 0.0,
        work_per_second: 0.0,
        sessions: Vec::new(),
        series_seconds: Default::default(),
        data: None,
        outputs: Default::default(),
        outputs_seconds: None,
        reproduce: None,
        merged_from: Vec::new(),
        warnings: Vec::new(),
        compression: request.compression,
    }
}

fn new_session(request: &RunRequest) -> Session {
    Session {
        provenance: Provenance::now(request.threads),
        draws: 0,
        work: 0,
        writer_seconds: 0.0,
        sync_seconds: 0.0,
        compress_seconds: 0.0,
    }
}

/// The manifest of a running session, updated at checkpoints and at the end.
struct Recorder<'a> {
    folder: &'a ResultsFolder,
    plan: &'a Plan,
    manifest: Manifest,
    started: Instant,
    /// Rows in the file when this session started.
    first_row: u64,
    /// Thread-seconds per series from earlier sessions.
    earlier_seconds: BTreeMap<String, f64>,
    last_checkpoint: Option<Instant>,
    /// A checkpoint whose sync is running.
    pending: Option<PendingSync>,
}

/// A checkpoint's sync to disk on a thread of its own (returning its seconds), and the rows
/// it makes durable.
struct PendingSync {
    sync: std::thread::JoinHandle<std::io::Result<f64>>,
    written: Written,
}

impl<'a> Recorder<'a> {
    fn new(
        folder: &'a ResultsFolder,
        plan: &'a Plan,
        manifest: Manifest,
        first_row: u64,
    ) -> Recorder<'a> {
        let earlier_seconds = manifest.series_seconds.clone();
        Recorder {
            folder,
            plan,
            manifest,
            started: Instant::now(),
            first_row,
            earlier_seconds,
            last_checkpoint: None,
            pending: None,
        }
    }

    /// Records `written` (already synced to disk) in the session and the manifest.
    fn record(&mut self, written: &Written) {
        let session = self.manifest.sessions.last_mut().expect("this session");
        session.provenance.wall_seconds = self.started.elapsed().as_secs_f64();
        session.draws = written.mark.rows - self.first_row;
        session.work = written.work;
        session.writer_seconds = written.writer_seconds;
        session.sync_seconds = written.sync_seconds;
        session.compress_seconds = written.compress_seconds;
        self.manifest.series_seconds = self.earlier_seconds.clone();
        for (series, seconds) in self.plan.study.series().iter().zip(&written.series_seconds) {
            *self
                .manifest
                .series_seconds
                .entry(series.label.clone())
                .or_insert(0.0) += seconds;
        }
        self.manifest.data = Some(written.mark.clone());
        self.manifest.update_totals(written.mark.rows);
    }

    /// Records a checkpoint whose sync has finished, and starts the next one's sync if one
    /// is due. The first checkpoint syncs at once, so that a run cut short early has a mark
    /// to resume from; later ones sync on a thread of their own while the writing thread
    /// goes on taking rows, and are recorded as of the rows written when their sync began.
    fn checkpoint(&mut self, file: &std::fs::File, written: &mut Written) -> Result<()> {
        if let Some(pending) = self.pending.take_if(|pending| pending.sync.is_finished()) {
            let durable = self.join_sync(pending, written)?;
            self.record_checkpoint(&durable)?;
        }
        // With no sync running, the manifest records the rows the latest sync made durable.
        let synced = self.manifest.data.as_ref().map_or(0, |mark| mark.bytes);
        let unsynced = written.mark.bytes.saturating_sub(synced);
        let since = self.last_checkpoint.map(|last| last.elapsed());
        if self.pending.is_some() || !checkpoint_due(since, unsynced) {
            return Ok(());
        }
        let shown = self.folder.partial_draws().display().to_string();
        if self.last_checkpoint.is_none() {
            let syncing = Instant::now();
            file.sync_data().io(|| format!("writing {shown}"))?;
            written.sync_seconds += syncing.elapsed().as_secs_f64();
            return self.record_checkpoint(written);
        }
        let handle = file.try_clone().io(|| format!("writing {shown}"))?;
        let sync = std::thread::spawn(move || {
            let syncing = Instant::now();
            handle.sync_data().map(|()| syncing.elapsed().as_secs_f64())
        });
        self.pending = Some(PendingSync {
            sync,
            written: written.clone(),
        });
        Ok(())
    }

    /// Waits for `pending`'s sync; returns what it made durable, and counts its seconds in
    /// `written`.
    fn join_sync(&self, pending: PendingSync, written: &mut Written) -> Result<Written> {
        let seconds = pending
            .sync
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            .io(|| format!("writing {}", self.folder.partial_draws().display()))?;
        written.sync_seconds += seconds;
        let mut durable = pending.written;
        durable.sync_seconds = written.sync_seconds;
        Ok(durable)
    }

    /// Waits for a checkpoint's sync still running (at the end of the rows).
    fn settle(&mut self, written: &mut Written) -> Result<()> {
        match self.pending.take() {
            Some(pending) => self.join_sync(pending, written).map(drop),
            None => Ok(()),
        }
    }

    /// Records `durable` (synced to disk) as a checkpoint in the manifest.
    fn record_checkpoint(&mut self, durable: &Written) -> Result<()> {
        self.record(durable);
        self.manifest.write(&self.folder.manifest())?;
        self.last_checkpoint = Some(Instant::now());
        abort_point("checkpoint");
        Ok(())
    }

    /// Ends the session with `status`; `written` (synced) is recorded when given, else the
    /// last checkpoint stands.
    fn end_session(&mut self, status: RunStatus, written: Option<&Written>) -> Result<()> {
        match written {
            Some(written) => self.record(written),
            None => {
                let session = self.manifest.sessions.last_mut().expect("this session");
                session.provenance.wall_seconds = self.started.elapsed().as_secs_f64();
                let rows = self.manifest.draws;
                self.manifest.update_totals(rows);
            }
        }
        let session = self.manifest.sessions.last_mut().expect("this session");
        session.provenance.end = Some(manifest::now_rfc3339());
        if status == RunStatus::DataComplete {
            self.manifest.provenance.end = session.provenance.end.clone();
        }
        self.manifest.status = status;
        self.manifest.write(&self.folder.manifest())
    }
}

/// Whether a checkpoint is due, `since` the last one (none yet: at once) with `unsynced`
/// bytes written since the latest sync began.
fn checkpoint_due(since: Option<Duration>, unsynced: u64) -> bool {
    since.is_none_or(|since| since >= CHECKPOINT_INTERVAL || unsynced >= CHECKPOINT_BYTES)
}

/// How far the data file is written (synced up to `mark` when recorded), with the running
/// hash, and the work and thread-seconds per series that this session computed.
#[derive(Clone, Debug, Default)]
struct Written {
    mark: DataMark,
    hash: DataHash,
    work: u64,
    series_seconds: Vec<f64>,
    /// Seconds the writing thread spent writing and hashing rows.
    writer_seconds: f64,
    /// Seconds spent in syncing the data file to disk.
    sync_seconds: f64,
    /// Thread-seconds spent compressing rows.
    compress_seconds: f64,
}

/// A chunk's rows as CSV text, with its place in the writing order and its positions
/// `[start, end)` in the plan.
struct ChunkOutput {
    sequence: u64,
    start: u64,
    end: u64,
    /// The rows as text (none once a compressed chunk no stop rule reads is stored).
    bytes: Vec<u8>,
    /// The rows as the data file stores them, where the worker compressed them.
    frame: Option<Vec<u8>>,
    /// Seconds spent compressing the rows.
    compress_seconds: f64,
    draws: u64,
    work: u64,
    series: usize,
    seconds: f64,
}

/// The `threads` threads of a run: its draws are computed on them, and its tables, charts
/// and report made on them, so a run uses the threads it was given (a Slurm job its CPUs).
fn worker_pool(threads: usize) -> Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|error| HarnessError::Usage(format!("cannot start the worker threads: {error}")))
}

fn compute_chunk(plan: &Plan, sequence: u64, (start, end): (u64, u64)) -> Result<ChunkOutput> {
    let started = Instant::now();
    let computed = plan.run_positions(start, end)?;
    check!(
        computed.rows == end - start,
        Data,
        "the study computed {} rows for {} draws",
        computed.rows,
        end - start
    );
    Ok(ChunkOutput {
        sequence,
        start,
        end,
        bytes: computed.bytes,
        frame: None,
        compress_seconds: 0.0,
        draws: computed.rows,
        work: computed.work,
        series: plan.locate(start).0,
        seconds: started.elapsed().as_secs_f64(),
    })
}

fn compute_and_write(
    request: &RunRequest,
    pool: &rayon::ThreadPool,
    folder: &ResultsFolder,
    start: Written,
    recorder: &mut Recorder,
) -> Result<Written> {
    let plan = &request.plan;
    let chunks = plan.chunks_from(start.mark.positions());
    let next_chunk = AtomicU64::new(0);
    let compression = recorder.manifest.compression;
    let mut stops = resumed_stops(plan, folder, &start.mark, compression)?;
    // A chunk is compressed by the worker that computed it. Where its series may end early,
    // the worker keeps its text too, for the stop rule; the writer compresses the rows again
    // only where it cuts the chunk at the series' end.
    let keep_text: Vec<bool> = (0..plan.study.series().len())
        .map(|series| stops.as_ref().is_some_and(|stops| stops.has_rule(series)))
        .collect();
    // Series that have ended: their remaining chunks are handed out but not computed.
    let ended: Vec<AtomicBool> = (0..plan.study.series().len())
        .map(|_| AtomicBool::new(false))
        .collect();
    let partial = folder.partial_draws_for(compression);
    let mut file = OpenOptions::new()
        .append(true)
        .open(&partial)
        .io(|| format!("cannot append to {}", partial.display()))?;
    let mut progress = Progress::with_schedule(
        plan.study.name(),
        plan.cost_schedule(),
        start.mark.positions(),
        request.quiet,
        plan.study.draw_noun(),
    );
    let (sender, receiver) = mpsc::channel::<Result<ChunkOutput>>();
    pool.in_place_scope(|scope| {
        for _ in 0..request.threads {
            let sender = sender.clone();
            let (chunks, next_chunk, ended) = (&chunks, &next_chunk, &ended);
            let keep_text = &keep_text;
            scope.spawn(move |_| {
                while !STOP.load(Ordering::SeqCst) {
                    let sequence = next_chunk.fetch_add(1, Ordering::SeqCst);
                    let Some(range) = chunks.get(sequence) else {
                        break;
                    };
                    let series = plan.locate(range.0).0;
                    let output = if ended[series].load(Ordering::SeqCst) {
                        Ok(ChunkOutput::after_the_end(sequence, range, series))
                    } else {
                        compute_chunk(plan, sequence, range).map(|mut output| {
                            output.compress(compression, keep_text[series]);
                            output
                        })
                    };
                    if output.as_ref().is_err_and(is_interruption) {
                        // Dropped, not written: a resumed run computes it again.
                        break;
                    }
                    let failed = output.is_err();
                    if sender.send(output).is_err() || failed {
                        STOP.store(true, Ordering::SeqCst);
                        break;
                    }
                }
            });
        }
        drop(sender);
        let ends = Ends {
            plan,
            stops: stops.as_mut(),
            ended: &ended,
            compression,
        };
        let written = write_in_order(receiver, &mut file, &mut progress, start, recorder, ends);
        if written.is_err() {
            STOP.store(true, Ordering::SeqCst);
        }
        written
    })
    .and_then(|mut written| {
        let syncing = Instant::now();
        file.sync_all()
            .io(|| format!("writing {}", partial.display()))?;
        written.sync_seconds += syncing.elapsed().as_secs_f64();
        Ok(written)
    })
}

/// Writes chunk outputs in sequence order as they arrive, until every worker has finished,
/// with a checkpoint in the manifest every two seconds or 64 MiB of rows.
fn write_in_order(
    receiver: mpsc::Receiver<Result<ChunkOutput>>,
    file: &mut std::fs::File,
    progress: &mut Progress,
    mut written: Written,
    recorder: &mut Recorder,
    mut ends: Ends,
) -> Result<Written> {
    let mut waiting: BTreeMap<u64, ChunkOutput> = BTreeMap::new();
    let mut next = 0;
    let mut failure = None;
    let shown = recorder.folder.partial_draws().display().to_string();
    loop {
        match receiver.recv_timeout(Duration::from_secs(1)) {
            Ok(Ok(output)) => {
                waiting.insert(output.sequence, output);
            }
            Ok(Err(error)) => failure = Some(error),
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
        let mut wrote = false;
        while let Some(mut output) = waiting.remove(&next) {
            let writing = Instant::now();
            let positions = ends.cut(&mut output, written.mark.positions())?;
            output.store(ends.compression);
            before_data_write()
                .and_then(|()| file.write_all(&output.bytes))
                .io(|| format!("writing {shown}"))?;
            abort_point("chunk-written");
            written.hash.update(&output.bytes);
            written.mark = DataMark::new(
                written.mark.rows + output.draws,
                written.mark.bytes + output.bytes.len() as u64,
                &written.hash,
            )
            .at_positions(positions);
            written.work += output.work;
            written.compress_seconds += output.compress_seconds;
            if written.series_seconds.len() <= output.series {
                written.series_seconds.resize(output.series + 1, 0.0);
            }
            written.series_seconds[output.series] += output.seconds;
            written.writer_seconds += writing.elapsed().as_secs_f64();
            next += 1;
            wrote = true;
        }
        if wrote {
            recorder.checkpoint(file, &mut written)?;
        }
        progress.update(written.mark.positions());
    }
    progress.finish(written.mark.positions());
    match failure {
        Some(error) => Err(error),
        None => recorder.settle(&mut written).map(|()| written),
    }
}

/// The shard of a plan as given on the command line.
pub fn parse_shard(text: Option<&str>) -> Result<Shard> {
    text.map_or(Ok(Shard::WHOLE), |t| {
        t.parse()
            .map_err(|e: String| HarnessError::Usage(format!("--shard: {e}")))
    })
}

impl ChunkOutput {
    /// Compresses the rows into their frame (where the data are compressed), keeping their
    /// text only where `keep_text`.
    fn compress(&mut self, compression: Compression, keep_text: bool) {
        if compression.is_none() {
            return;
        }
        let started = Instant::now();
        self.frame = Some(compression.encode(&self.bytes));
        if !keep_text {
            self.bytes = Vec::new();
        }
        self.compress_seconds += started.elapsed().as_secs_f64();
    }

    /// Puts the bytes the data file stores in `bytes`: the worker's frame, or the rows as
    /// text, compressed here where they must be.
    fn store(&mut self, compression: Compression) {
        if self.frame.is_none() {
            self.compress(compression, false);
        }
        if let Some(frame) = self.frame.take() {
            self.bytes = frame;
        }
    }

    /// The output of a chunk of a series that has ended: no rows.
    fn after_the_end(sequence: u64, (start, end): (u64, u64), series: usize) -> ChunkOutput {
        ChunkOutput {
            sequence,
            start,
            end,
            bytes: Vec::new(),
            frame: None,
            compress_seconds: 0.0,
            draws: 0,
            work: 0,
            series,
            seconds: 0.0,
        }
    }
}

/// Where series end early ([`super::stops`]), as the writer applies it: the rules, fed the
/// rows in file order, and the flags that tell the workers which series have ended.
struct Ends<'a> {
    plan: &'a Plan,
    stops: Option<&'a mut Stops>,
    ended: &'a [AtomicBool],
    compression: Compression,
}

impl Ends<'_> {
    /// Cuts `output` after the row with which its series ends, or to nothing after that
    /// end; returns the positions done once it is written, `done` before it.
    fn cut(&mut self, output: &mut ChunkOutput, done: u64) -> Result<u64> {
        let Some(stops) = self.stops.as_deref_mut() else {
            return Ok(output.end);
        };
        let series = output.series;
        if stops.ended(series) {
            output.bytes.clear();
            output.frame = None;
            output.draws = 0;
            return Ok(done.max(output.end));
        }
        if !stops.has_rule(series) {
            return Ok(output.end);
        }
        let mut kept = 0usize;
        for (row, line) in output.bytes.split_inclusive(|&b| b == b'\n').enumerate() {
            kept += line.len();
            let ends = stops.after_line(series, line).map_err(|source| {
                HarnessError::study(
                    format!("series {}", self.plan.study.series()[series].label),
                    source,
                )
            })?;
            if ends {
                output.bytes.truncate(kept);
                // Compressed again as cut: the frame holds the rows the file keeps.
                output.frame = None;
                output.draws = row as u64 + 1;
                self.ended[series].store(true, Ordering::SeqCst);
                return Ok(self.plan.series_end(output.start));
            }
        }
        Ok(output.end)
    }
}

/// The stop rules of a run that continues from `mark`, fed the rows already written of the
/// series it continues in (the series before it are done, ended or not).
fn resumed_stops(
    plan: &Plan,
    folder: &ResultsFolder,
    mark: &DataMark,
    compression: Compression,
) -> Result<Option<Stops>> {
    let Some(mut stops) = Stops::of(plan) else {
        return Ok(None);
    };
    let done = mark.positions();
    if done == 0 || done >= plan.total() {
        return Ok(Some(stops));
    }
    let (series, written) = plan.locate(done);
    if written == 0 || !stops.has_rule(series) {
        return Ok(Some(stops));
    }
    // The series' rows are the last `written` rows of the checked prefix.
    let path = folder.partial_draws_for(compression);
    let shown = path.display().to_string();
    let data = std::fs::read(&path).io(|| format!("cannot read {shown}"))?;
    let prefix = compression.decode(&data[..(mark.bytes as usize).min(data.len())], &shown)?;
    let rows: Vec<&[u8]> = prefix.split_inclusive(|&b| b == b'\n').collect();
    check!(
        rows.len() as u64 > written,
        Data,
        "{shown} holds fewer rows than its manifest records; start over with --force"
    );
    for line in &rows[rows.len() - written as usize..] {
        let ends = stops
            .after_line(series, line)
            .map_err(|source| HarnessError::study(shown.clone(), source))?;
        check!(
            !ends,
            Data,
            "{shown} goes on after the row where its series ends (edited or damaged); start over with --force"
        );
    }
    Ok(Some(stops))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checkpoint_is_due_at_first_then_after_the_interval_or_enough_bytes() {
        assert!(checkpoint_due(None, 0));
        let soon = Some(Duration::from_millis(100));
        assert!(!checkpoint_due(soon, 0));
        assert!(!checkpoint_due(soon, CHECKPOINT_BYTES - 1));
        assert!(checkpoint_due(soon, CHECKPOINT_BYTES));
        assert!(checkpoint_due(Some(CHECKPOINT_INTERVAL), 0));
    }
}
