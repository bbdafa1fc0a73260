//! The analysis of a results folder: every statistic the charts and the report show,
//! computed from the folder's small files alone (`summary.csv`, `histogram.csv`,
//! `manifest.json`), so that committed results can be re-analysed without rerunning a draw
//! and without the large `draws.csv`.
//!
//! Point estimates in tables (median, mean, p99, censored share) are the exact values of
//! `summary.csv`. Everything else works on the histogram: each bin's draws sit at its lower
//! edge (bins are at most 1.6% wide). Confidence intervals found on binned data are widened
//! to whole bins, so they contain the exact median.

use crate::chess_memory::board::BoardSize;
use crate::chess_memory::data::histogram::{self, Histogram};
use crate::chess_memory::data::summary::{self, SummaryRow};
use crate::chess_memory::queue::Queue;
use crate::chess_memory::search::{Algorithm, RestartPolicy, SearchConfig};
use crate::experiment::Describe;
use crate::experiment::Manifest;
use crate::experiment::StudyError;
use crate::stats::quantile::{Quantile, quantile};
use crate::stats::rank_test::{PairComparison, compare_all};
use crate::stats::restart::{RestartAnalysis, restart_analysis};
use crate::stats::tail::{TailIndex, default_hill_k, hill};
use crate::stats::{BootstrapConfig, Sample, bin_of, median_interval};
use std::path::Path;

/// Results of this module: a puzzle's error ([`StudyError`]) unless another is named.
type Result<T, E = StudyError> = std::result::Result<T, E>;

/// Above this share of censored draws the tail lies mostly beyond the cap and the Hill
/// estimate says more about the cap than the tail: it is not reported.
pub const MAX_CENSORED_FOR_TAIL: f64 = 0.10;

/// One ordering's statistics.
#[derive(Clone, Debug)]
pub struct OrderingAnalysis {
    pub summary: SummaryRow,
    pub histogram: Histogram,
    pub sample: Sample,
    /// 95% bootstrap interval of the median, widened to whole bins; `None` at the upper end
    /// when it is censored.
    pub median_ci: (u64, Option<u64>),
    /// Binned p10, p90 and p99 (`None` when censored).
    pub p10: Option<u64>,
    pub p90: Option<u64>,
    pub p99: Option<u64>,
    /// The Hill estimate, when at most [`MAX_CENSORED_FOR_TAIL`] of the draws are censored.
    pub tail: Option<TailIndex>,
    pub restart: RestartAnalysis,
    /// The series' search (`seed`, `seed+fixed:400`, `fc`, …), from the manifest.
    pub search: SearchConfig,
}

/// Fewer solved draws than this below a restart optimum make it an extrapolation.
pub const FEW_DRAWS: f64 = 100.0;

impl OrderingAnalysis {
    pub fn label(&self) -> &str {
        &self.summary.ordering
    }

    /// Whether the best restart cutoff rests on fewer than [`FEW_DRAWS`] draws solved within
    /// it: such an optimum is an extrapolation from a handful of lucky draws.
    pub fn restart_optimum_is_extrapolated(&self) -> bool {
        self.restart
            .best
            .is_some_and(|b| b.solve_probability * (self.summary.draws as f64) < FEW_DRAWS)
    }

    /// Share of draws that did not solve within the cap.
    pub fn censored_share(&self) -> f64 {
        (self.summary.censored + self.summary.exhausted) as f64 / self.summary.draws as f64
    }
}

/// The statistics of a whole results folder.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub manifest: Manifest,
    pub cap: Option<u64>,
    /// In the spec's order.
    pub orderings: Vec<OrderingAnalysis>,
    /// Indices into `orderings`, best median first (ties broken by mean log10).
    pub ranking: Vec<usize>,
    /// Every pair, Mann–Whitney with Holm's correction; indices into `orderings`.
    pub comparisons: Vec<PairComparison>,
    /// Index of the seed's queue, if the experiment ran it.
    pub seed: Option<usize>,
    pub bootstrap: BootstrapConfig,
    /// The command that makes this data on one machine: the manifest's `reproduce` field
    /// where it has one, otherwise the first recorded command without `--shard` and `--out`.
    pub reproduce: String,
}

impl Analysis {
    /// What a row of the results is called, singular and plural: an `order` when every row
    /// runs the same search, a `series` when the searches differ (then the orders alone do not
    /// explain the ranking).
    pub fn row_noun(&self) -> (&'static str, &'static str) {
        let first = self.orderings.first().map(|o| o.search);
        if self.orderings.iter().all(|o| Some(o.search) == first) {
            ("order", "orders")
        } else {
            ("series", "series")
        }
    }

    /// Reads and analyses the folder `dir`.
    pub fn load(dir: &Path) -> Result<Analysis> {
        let manifest = Manifest::read(&dir.join("manifest.json"))?;
        let summaries = summary::read(&dir.join("summary.csv"))?;
        let mut histograms = histogram::read(&dir.join("histogram.csv"))?;
        let cap = manifest.spec.get("cap").and_then(serde_json::Value::as_u64);
        let bootstrap = BootstrapConfig {
            seed: manifest.master_seed,
            ..BootstrapConfig::default()
        };
        let orderings = summaries
            .into_iter()
            .map(|summary| {
                let position = histograms
                    .iter()
                    .position(|(label, _)| *label == summary.ordering);
                let histogram = position
                    .map(|i| histograms.swap_remove(i).1)
                    .ok_or_else(|| format!("histogram.csv has no rows for {}", summary.ordering))?;
                let mut ordering = analyse_ordering(summary, histogram, cap, &bootstrap)?;
                ordering.search = series_search(&manifest, ordering.label())?;
                // Files written before the search, restart, order and cap columns existed.
                ordering.summary.describe(&ordering.search, cap);
                Ok(ordering)
            })
            .collect::<Result<Vec<_>>>()
            .describe(|| format!("analysing {}", dir.display()))?;
        let ranking = rank(&orderings);
        let samples: Vec<Sample> = orderings.iter().map(|o| o.sample.clone()).collect();
        let comparisons = compare_all(&samples);
        let seed = seed_index(&manifest, &orderings);
        let raw: serde_json::Value = std::fs::read_to_string(dir.join("manifest.json"))
            .ok()
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default();
        let reproduce = match raw["reproduce"].as_str() {
            Some(command) => command.to_string(),
            None => unsharded_command(first_command(&manifest)),
        };
        Ok(Analysis {
            reproduce,
            manifest,
            cap,
            orderings,
            ranking,
            comparisons,
            seed,
            bootstrap,
        })
    }

    /// The ordering with the best median; `None` for a folder without draws.
    pub fn best(&self) -> Option<&OrderingAnalysis> {
        self.ranking.first().map(|&i| &self.orderings[i])
    }

    /// The ordering with the worst median; `None` for a folder without draws.
    pub fn worst(&self) -> Option<&OrderingAnalysis> {
        self.ranking.last().map(|&i| &self.orderings[i])
    }

    /// The comparison of orderings `a` and `b` (in either order).
    pub fn comparison(&self, a: usize, b: usize) -> Option<&PairComparison> {
        self.comparisons
            .iter()
            .find(|c| (c.a, c.b) == (a, b) || (c.a, c.b) == (b, a))
    }

    /// The index of the ordering labelled `label`.
    pub fn index_of(&self, label: &str) -> Option<usize> {
        self.orderings.iter().position(|o| o.label() == label)
    }
}

/// The rule of the ranking, as the report states it.
pub const RANKING_RULE: &str = "by median iterations per draw; equal medians by the mean of log10 iterations, then by the order of the spec";

/// Indices of `orderings` by [`RANKING_RULE`]: median, then mean log10, then spec order.
pub fn rank(orderings: &[OrderingAnalysis]) -> Vec<usize> {
    let mut ranking: Vec<usize> = (0..orderings.len()).collect();
    ranking.sort_by(|&a, &b| {
        let (x, y) = (&orderings[a].summary, &orderings[b].summary);
        x.median
            .cmp(&y.median)
            .then(x.mean_log10.total_cmp(&y.mean_log10))
            .then(a.cmp(&b))
    });
    ranking
}

/// The command that started the run, as `boardlab …` whatever path or copy of the binary
/// ran it (the manifest keeps the exact command line).
pub fn first_command(manifest: &Manifest) -> String {
    let command = manifest
        .sessions
        .first()
        .map_or(manifest.provenance.command.as_str(), |s| {
            s.provenance.command.as_str()
        });
    match command.split_once(' ') {
        Some((_, arguments)) => format!("boardlab {arguments}"),
        None => "boardlab".to_string(),
    }
}

/// `command` without `--shard K/N` and `--out DIR` (either as two words or with `=`): the
/// command that makes all the draws on one machine, into the default folder.
pub fn unsharded_command(command: String) -> String {
    let mut kept: Vec<&str> = Vec::new();
    let mut words = command.split(' ');
    while let Some(word) = words.next() {
        match word {
            "--shard" | "--out" => {
                words.next();
            }
            _ if word.starts_with("--shard=") || word.starts_with("--out=") => {}
            _ => kept.push(word),
        }
    }
    kept.join(" ")
}

fn analyse_ordering(
    summary: SummaryRow,
    histogram: Histogram,
    cap: Option<u64>,
    bootstrap: &BootstrapConfig,
) -> Result<OrderingAnalysis> {
    let unsolved = summary.censored + summary.exhausted;
    let solved_bins = histogram.bins().map(|b| (b.lower, b.solved));
    let largest = histogram.bins().map(|b| b.upper - 1).max();
    // An experiment without a cap can still have exhausted draws: read them as above the
    // largest count seen.
    let sample_cap = cap.or(if unsolved > 0 { largest } else { None });
    let sample = Sample::from_bins(solved_bins, unsolved, sample_cap)?;
    let label = format!("median-ci {}", summary.ordering);
    let interval = median_interval(&sample, bootstrap, &label)?;
    let binned = |p: f64| quantile(&sample, p).ok().and_then(Quantile::value);
    let median_ci = (
        interval.lower.value().unwrap_or(sample_cap.unwrap_or(0)),
        interval.upper.value().map(|upper| bin_of(upper).1),
    );
    Ok(OrderingAnalysis {
        median_ci,
        p10: binned(0.1),
        p90: binned(0.9),
        p99: binned(0.99),
        search: SearchConfig::SEED,
        tail: (sample.censored_fraction() <= MAX_CENSORED_FOR_TAIL)
            .then(|| hill(&sample, default_hill_k(&sample)).ok())
            .flatten(),
        restart: restart_analysis(&sample),
        summary,
        histogram,
        sample,
    })
}

/// The series that runs the seed article's search on its queue, on the experiment's board.
fn seed_index(manifest: &Manifest, orderings: &[OrderingAnalysis]) -> Option<usize> {
    let size = manifest.spec.get("board_size")?.as_u64()?;
    let seed_queue = Queue::seed(BoardSize::new(size as usize).ok()?)
        .letters()
        .to_string();
    orderings
        .iter()
        .position(|o| o.summary.queue == seed_queue && o.search == SearchConfig::SEED)
}

/// The search of series `label`, from the spec recorded in the manifest.
fn series_search(manifest: &Manifest, label: &str) -> Result<SearchConfig> {
    let series = manifest.spec["series"]
        .as_array()
        .and_then(|all| all.iter().find(|s| s["label"] == label));
    let text = |key: &str| series.and_then(|s| s[key].as_str()).map(str::to_string);
    let algorithm = match text("algorithm") {
        Some(name) => name.parse::<Algorithm>()?,
        None => Algorithm::Seed,
    };
    let restart = match text("restart") {
        Some(policy) => policy.parse::<RestartPolicy>()?,
        None => RestartPolicy::Never,
    };
    Ok(SearchConfig { algorithm, restart })
}
