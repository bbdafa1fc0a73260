//! The parallel runner: computes a plan's draws on a rayon pool and writes them in order.
//!
//! Workers take fixed-size chunks of positions from a shared counter, so chunks finish
//! nearly in order; the calling thread writes each finished chunk to `draws.csv.partial` as
//! soon as all earlier chunks are written. The file is therefore always a prefix of the final
//! `draws.csv` (a kill can at most cut its last line), and `--resume` continues from the
//! last complete row. Ctrl-C or a termination signal stops the workers after their current
//! chunk; a second Ctrl-C exits at once.

use super::folder::{FolderState, ResultsFolder};
use super::manifest::{self, Manifest, RunIdentity, RunStatus, Session};
use super::plan::Plan;
use super::progress::Progress;
use super::{Shard, finalize};
use crate::output::draws::{self, DrawRow};
use crate::search::InvalidBoard;
use anyhow::{Context, bail};
use std::collections::BTreeMap;
use std::fs::OpenOptions;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Once, mpsc};
use std::time::{Duration, Instant};

/// Draws per chunk: the unit of work handed to a thread and of writing.
const CHUNK_DRAWS: u64 = 256;

/// Everything `boardlab run` needs, checked.
#[derive(Clone, Debug)]
pub struct RunRequest {
    pub plan: Plan,
    pub spec_source: String,
    pub spec_text: String,
    pub out: PathBuf,
    pub threads: usize,
    pub resume: bool,
    pub force: bool,
    pub quiet: bool,
}

/// How a run ended.
#[derive(Debug, PartialEq, Eq)]
pub enum RunEnd {
    /// All draws written; the derived files are made.
    Complete { draws: u64 },
    /// `--resume` found nothing left to do.
    AlreadyComplete,
    /// Stopped by a signal after `done` of `total` draws.
    Interrupted { done: u64, total: u64 },
}

pub(super) static STOP: AtomicBool = AtomicBool::new(false);

/// On the first Ctrl-C (or SIGTERM), ask the workers to stop; on the second, exit now.
fn install_interrupt_handler() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let _ = ctrlc::set_handler(|| {
            if STOP.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
        });
    });
}

/// Runs (or resumes) an experiment into its results folder.
pub fn run(request: &RunRequest) -> anyhow::Result<RunEnd> {
    let folder = ResultsFolder::new(&request.out);
    let identity = RunIdentity::new(&request.plan.spec, request.plan.shard, request.plan.boards);
    let shown = folder.root().display().to_string();
    let state = folder.state()?;
    let mut manifest = match state {
        FolderState::Complete(old) if request.resume && !request.force => {
            if let Some(why) = identity.difference(&old.identity()) {
                bail!(
                    "{shown} holds a finished different run ({why}); use another --out, or --force to overwrite it"
                );
            }
            return Ok(RunEnd::AlreadyComplete);
        }
        FolderState::Complete(_) if !request.force => bail!(
            "{shown} already holds a finished run; use --force to overwrite it or --out for another folder"
        ),
        FolderState::Partial(old) if request.resume && !request.force => {
            if let Some(why) = identity.difference(&old.identity()) {
                bail!(
                    "cannot resume {shown}: it was made by a different run ({why}); use another --out, or --force to start over"
                );
            }
            *old
        }
        FolderState::Partial(_) if !request.force => bail!(
            "{shown} holds an unfinished run ({} draws written); continue it with --resume or start over with --force",
            count_lines(&folder.partial_draws()).saturating_sub(1)
        ),
        _ => {
            folder.create()?;
            folder.clear()?;
            let manifest = new_manifest(request, &identity);
            std::fs::write(
                folder.partial_draws(),
                draws::header(request.plan.boards, request.plan.spec.has_restarts()),
            )
            .with_context(|| format!("cannot write in {shown}; choose another --out"))?;
            manifest
        }
    };
    let done = complete_rows(&folder, &request.plan)?;
    manifest.status = RunStatus::Running;
    manifest.sessions.push(new_session(request));
    manifest.update_totals(done);
    manifest.write(&folder.manifest())?;

    install_interrupt_handler();
    STOP.store(false, Ordering::SeqCst);
    let started = Instant::now();
    let outcome = compute_and_write(request, &folder, done);
    let session = manifest.sessions.last_mut().expect("this session");
    session.end = Some(manifest::now_rfc3339());
    session.wall_seconds = started.elapsed().as_secs_f64();
    let written = match &outcome {
        Ok(written) => written.clone(),
        Err(_) => Written {
            draws: complete_rows(&folder, &request.plan).unwrap_or(done),
            ..Written::default()
        },
    };
    for (series, seconds) in request.plan.spec.series.iter().zip(&written.series_seconds) {
        *manifest
            .series_seconds
            .entry(series.label.clone())
            .or_insert(0.0) += seconds;
    }
    session.draws = written.draws - done;
    session.iterations = written.iterations;
    manifest.update_totals(written.draws);
    let total = request.plan.total();
    if outcome.is_err() || written.draws < total {
        manifest.status = RunStatus::Interrupted;
        manifest.write(&folder.manifest())?;
        outcome?;
        return Ok(RunEnd::Interrupted {
            done: written.draws,
            total,
        });
    }
    std::fs::rename(folder.partial_draws(), folder.draws())
        .with_context(|| format!("renaming the finished draws in {shown}"))?;
    finalize::derive_files(&folder, &request.plan)?;
    manifest.status = RunStatus::Complete;
    manifest.end = Some(manifest::now_rfc3339());
    manifest.write(&folder.manifest())?;
    Ok(RunEnd::Complete { draws: total })
}

fn new_manifest(request: &RunRequest, identity: &RunIdentity) -> Manifest {
    Manifest {
        boardlab_version: env!("CARGO_PKG_VERSION").to_string(),
        status: RunStatus::Running,
        command: manifest::command_line(),
        spec_source: request.spec_source.clone(),
        spec_text: request.spec_text.clone(),
        spec: identity.spec.clone(),
        shard: identity.shard,
        boards: identity.boards,
        master_seed: request.plan.spec.seed,
        git_describe: manifest::git_describe(),
        rustc: manifest::rustc_version().to_string(),
        cpu: manifest::cpu_model(),
        threads: request.threads,
        start: manifest::now_rfc3339(),
        end: None,
        wall_seconds: 0.0,
        draws: 0,
        draws_per_second: 0.0,
        iterations_per_second: 0.0,
        sessions: Vec::new(),
        series_seconds: Default::default(),
        merged_from: Vec::new(),
    }
}

fn new_session(request: &RunRequest) -> Session {
    Session {
        command: manifest::command_line(),
        git_describe: manifest::git_describe(),
        cpu: manifest::cpu_model(),
        threads: request.threads,
        start: manifest::now_rfc3339(),
        end: None,
        wall_seconds: 0.0,
        draws: 0,
        iterations: 0,
    }
}

/// Cuts a partly written last line off `draws.csv.partial`, checks that every complete row
/// is the one the plan puts there (recomputing the last one), and returns their number.
fn complete_rows(folder: &ResultsFolder, plan: &Plan) -> anyhow::Result<u64> {
    let path = folder.partial_draws();
    let shown = path.display().to_string();
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .open(&path)
        .with_context(|| format!("cannot open {shown} to resume; start over with --force"))?;
    let length = file.metadata()?.len();
    let keep = length - trailing_partial_line(&mut file, length)?;
    if keep < length {
        file.set_len(keep)
            .with_context(|| format!("cannot repair {shown}"))?;
    }
    let mut rows = 0u64;
    let mut last: Option<DrawRow> = None;
    draws::read(&path, |row| {
        plan.check_row(rows, &row, &shown)
            .context("the unfinished draws cannot be continued; start over with --force")?;
        rows += 1;
        last = Some(row);
        Ok(())
    })?;
    if let Some(last) = last {
        let again = plan.run_position(rows - 1)?;
        anyhow::ensure!(
            again == last,
            "{shown}: the last row differs from a recomputation (another boardlab version?); start over with --force"
        );
    }
    Ok(rows)
}

/// Complete lines of a file (0 if it cannot be read), for messages.
fn count_lines(path: &std::path::Path) -> u64 {
    let Ok(file) = std::fs::File::open(path) else {
        return 0;
    };
    let mut reader = std::io::BufReader::with_capacity(1 << 16, file);
    let mut lines = 0;
    loop {
        let Ok(buffer) = std::io::BufRead::fill_buf(&mut reader) else {
            return lines;
        };
        if buffer.is_empty() {
            return lines;
        }
        lines += buffer.iter().filter(|&&b| b == b'\n').count() as u64;
        let consumed = buffer.len();
        std::io::BufRead::consume(&mut reader, consumed);
    }
}

/// Length of the unterminated text after the last newline.
fn trailing_partial_line(file: &mut std::fs::File, length: u64) -> anyhow::Result<u64> {
    let tail_length = length.min(64 * 1024);
    file.seek(SeekFrom::Start(length - tail_length))?;
    let mut tail = Vec::with_capacity(tail_length as usize);
    file.take(tail_length).read_to_end(&mut tail)?;
    Ok(match tail.iter().rposition(|&b| b == b'\n') {
        Some(newline) => (tail.len() - 1 - newline) as u64,
        None => tail_length,
    })
}

/// Draws written, and iterations and thread-seconds per series computed by this session.
#[derive(Clone, Debug, Default)]
struct Written {
    draws: u64,
    iterations: u64,
    series_seconds: Vec<f64>,
}

/// A chunk's rows as CSV text, with its place in the writing order.
struct ChunkOutput {
    sequence: usize,
    bytes: Vec<u8>,
    draws: u64,
    iterations: u64,
    series: usize,
    seconds: f64,
}

/// Positions `[start, end)` of one chunk; chunks never straddle two series.
fn chunks_from(plan: &Plan, done: u64) -> Vec<(u64, u64)> {
    let mut chunks = Vec::new();
    let mut start = done;
    while start < plan.total() {
        let end = (start + CHUNK_DRAWS).min(plan.series_end(start));
        chunks.push((start, end));
        start = end;
    }
    chunks
}

fn compute_chunk(
    plan: &Plan,
    sequence: usize,
    (start, end): (u64, u64),
) -> Result<ChunkOutput, InvalidBoard> {
    let started = Instant::now();
    let rows: Vec<DrawRow> = (start..end)
        .map(|p| plan.run_position(p))
        .collect::<Result<_, _>>()?;
    Ok(ChunkOutput {
        sequence,
        bytes: draws::encode(&rows),
        draws: rows.len() as u64,
        iterations: rows.iter().map(|r| r.iterations).sum(),
        series: plan.locate(start).0,
        seconds: started.elapsed().as_secs_f64(),
    })
}

fn compute_and_write(
    request: &RunRequest,
    folder: &ResultsFolder,
    done: u64,
) -> anyhow::Result<Written> {
    let plan = &request.plan;
    let chunks = chunks_from(plan, done);
    let next_chunk = AtomicUsize::new(0);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(request.threads)
        .build()
        .context("starting the worker threads")?;
    let mut file = OpenOptions::new()
        .append(true)
        .open(folder.partial_draws())
        .with_context(|| format!("cannot append to {}", folder.partial_draws().display()))?;
    let mut progress = Progress::new(&plan.spec.name, plan.total(), done, request.quiet);
    let (sender, receiver) = mpsc::channel::<Result<ChunkOutput, InvalidBoard>>();
    pool.in_place_scope(|scope| {
        for _ in 0..request.threads {
            let sender = sender.clone();
            let (chunks, next_chunk) = (&chunks, &next_chunk);
            scope.spawn(move |_| {
                while !STOP.load(Ordering::SeqCst) {
                    let sequence = next_chunk.fetch_add(1, Ordering::SeqCst);
                    let Some(&range) = chunks.get(sequence) else {
                        break;
                    };
                    let output = compute_chunk(plan, sequence, range);
                    let failed = output.is_err();
                    if sender.send(output).is_err() || failed {
                        STOP.store(true, Ordering::SeqCst);
                        break;
                    }
                }
            });
        }
        drop(sender);
        write_in_order(receiver, &mut file, &mut progress, done)
    })
}

/// Writes chunk outputs in sequence order as they arrive, until every worker has finished.
fn write_in_order(
    receiver: mpsc::Receiver<Result<ChunkOutput, InvalidBoard>>,
    file: &mut std::fs::File,
    progress: &mut Progress,
    done: u64,
) -> anyhow::Result<Written> {
    let mut waiting: BTreeMap<usize, ChunkOutput> = BTreeMap::new();
    let mut written = Written {
        draws: done,
        ..Written::default()
    };
    let mut next = 0;
    let mut failure = None;
    loop {
        match receiver.recv_timeout(Duration::from_secs(1)) {
            Ok(Ok(output)) => {
                waiting.insert(output.sequence, output);
            }
            Ok(Err(error)) => failure = Some(error),
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
        while let Some(output) = waiting.remove(&next) {
            if let Err(error) = file.write_all(&output.bytes) {
                STOP.store(true, Ordering::SeqCst);
                return Err(error).context("writing draws.csv.partial");
            }
            written.draws += output.draws;
            written.iterations += output.iterations;
            if written.series_seconds.len() <= output.series {
                written.series_seconds.resize(output.series + 1, 0.0);
            }
            written.series_seconds[output.series] += output.seconds;
            next += 1;
        }
        progress.update(written.draws);
    }
    progress.finish(written.draws);
    match failure {
        Some(error) => Err(error.into()),
        None => Ok(written),
    }
}

/// The shard of a plan as given on the command line.
pub fn parse_shard(text: Option<&str>) -> anyhow::Result<Shard> {
    text.map_or(Ok(Shard::WHOLE), |t| {
        t.parse()
            .map_err(|e: String| anyhow::anyhow!("--shard: {e}"))
    })
}
