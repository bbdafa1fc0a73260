//! A toy study for the harness's own tests, as the game interface has Nim: series of draws
//! whose row is the draw's first number from its random stream, and a summary of their sums.
//! It keeps the whole [`Study`] contract in a few lines, so that the runner, resume, shards
//! and merge are tested without any puzzle.

use super::error::StudyError;
use super::folder::ResultsFolder;
use super::inspect::{SummaryLayout, compare_counts, summary_table};
use super::plan::Plan;
use super::registry::{Puzzle, Registry};
use super::spec::{Overrides, SpecHeader};
use super::study::{Computed, SeriesPlan, Study};
use crate::output::document::Document;
use std::path::Path;
use std::sync::Arc;

/// Results of this module: a puzzle's error ([`StudyError`]) unless another is named.
type Result<T, E = StudyError> = std::result::Result<T, E>;

/// The header of the toy's `draws.csv`.
pub const HEADER: &str = "series,draw,value\n";

/// Series of draws; draw `i` of series `label` is `rng::stream(seed, label, i)`'s first
/// number, modulo 1000.
#[derive(Debug)]
pub struct ToyStudy {
    pub header: SpecHeader,
    series: Vec<SeriesPlan>,
    /// A stop rule for every series: it ends after its first row whose value is below this.
    pub stop_below: Option<u64>,
}

/// The toy's stop rule: a series ends after its first value below `limit`.
struct StopBelow {
    limit: u64,
}

impl super::stops::StopRule for StopBelow {
    fn ends_after(&mut self, row: &str) -> Result<bool, StudyError> {
        let value: u64 = row
            .rsplit(',')
            .next()
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| StudyError::from(format!("not a toy row: {row}")))?;
        Ok(value < self.limit)
    }
}

impl ToyStudy {
    /// Series with these labels and draw counts, seed 1.
    pub fn new(series: &[(&str, u64)]) -> ToyStudy {
        ToyStudy {
            header: SpecHeader {
                name: "toy".to_string(),
                description: String::new(),
                seed: 1,
            },
            series: series
                .iter()
                .map(|&(label, draws)| SeriesPlan {
                    label: label.to_string(),
                    draws,
                })
                .collect(),
            stop_below: None,
        }
    }

    /// The value of draw `index` of series `series`.
    pub fn value(&self, series: usize, index: u64) -> u64 {
        let mut rng = crate::rng::stream(self.header.seed, &self.series[series].label, index);
        rand_core::Rng::next_u64(&mut rng) % 1000
    }
}

impl Study for ToyStudy {
    fn puzzle(&self) -> &'static str {
        "toy"
    }

    fn header(&self) -> &SpecHeader {
        &self.header
    }

    fn series(&self) -> &[SeriesPlan] {
        &self.series
    }

    fn identity(&self) -> serde_json::Value {
        let series: Vec<(&str, u64)> = self
            .series
            .iter()
            .map(|s| (s.label.as_str(), s.draws))
            .collect();
        serde_json::json!({ "puzzle": "toy", "seed": self.header.seed, "series": series })
    }

    fn chunk_draws(&self, _series: usize) -> u64 {
        3
    }

    fn stop_rule(&self, _series: usize) -> Option<Box<dyn super::stops::StopRule>> {
        let limit = self.stop_below?;
        Some(Box::new(StopBelow { limit }))
    }

    fn draws_header(&self) -> Vec<u8> {
        HEADER.as_bytes().to_vec()
    }

    fn run_draws(&self, series: usize, indices: &[u64]) -> Result<Computed, StudyError> {
        let mut text = Document::new();
        for &index in indices {
            let label = &self.series[series].label;
            writeln!(text, "{label},{index},{}", self.value(series, index));
        }
        Ok(Computed {
            bytes: text.into_bytes(),
            rows: indices.len() as u64,
            work: indices.len() as u64,
        })
    }

    fn derive(&self, folder: &ResultsFolder, plan: &Plan) -> Result<(), StudyError> {
        // Per series: draws, how many values are odd, and their sum.
        let mut tallies = vec![(0u64, 0u64, 0u64); self.series.len()];
        plan.for_each_row(folder, |row| {
            let value: u64 = row.text.rsplit(',').next().unwrap_or_default().parse()?;
            let tally = &mut tallies[row.series];
            tally.0 += 1;
            tally.1 += value % 2;
            tally.2 += value;
            Ok(())
        })?;
        let mut summary = Document::from("series,draws,odd,odd_share,odd_low,odd_high,sum\n");
        for (series, (draws, odd, sum)) in self.series.iter().zip(tallies) {
            let (low, high) = crate::stats::proportion::wilson95(odd, draws);
            let share = odd as f64 / draws.max(1) as f64;
            writeln!(
                summary,
                "{},{draws},{odd},{share:.4},{low:.4},{high:.4},{sum}",
                series.label
            );
        }
        std::fs::write(folder.summary(), summary)?;
        Ok(())
    }
}

/// Reads the toy's spec: lines `label draws`.
fn parse(text: &str, overrides: &Overrides) -> Result<Arc<dyn Study>> {
    let series: Vec<(String, u64)> = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let (label, draws) = line
                .split_once(' ')
                .ok_or("bad line: expected `label draws`")?;
            Ok((label.to_string(), overrides.draws.unwrap_or(draws.parse()?)))
        })
        .collect::<Result<_>>()?;
    let pairs: Vec<(&str, u64)> = series.iter().map(|(l, d)| (l.as_str(), *d)).collect();
    let mut study = ToyStudy::new(&pairs);
    study.header.seed = overrides.seed.unwrap_or(1);
    Ok(Arc::new(study))
}

fn report(dir: &Path) -> Result<()> {
    std::fs::write(dir.join("REPORT.md"), "# toy\n")?;
    Ok(())
}

fn headline(_dir: &Path) -> Result<String> {
    Ok("toy".to_string())
}

/// What `show` prints of the toy's summary and what `compare` tests.
const LAYOUT: SummaryLayout = SummaryLayout {
    key: &["series"],
    shown: &["draws", "odd", "odd_share", "sum"],
    counts: &["odd", "draws-odd"],
    share: ("odd_share", "odd_low", "odd_high"),
    percents: &["odd_share"],
    decimals: 1,
    fixed: &[],
};

/// The toy as the only puzzle of a registry.
pub static REGISTRY: Registry = Registry {
    puzzles: &[Puzzle {
        name: "toy",
        about: "a toy study for the harness's tests",
        example_spec: "a 5\nb 3\n",
        parse,
        report,
        plot: |_| Ok(0),
        headline,
        show: |dir, options| summary_table(dir, "toy", &LAYOUT, options),
        compare: |first, second| compare_counts(first, second, &LAYOUT),
        tables: &["summary.csv"],
        set_of: None,
    }],
    default: "toy",
    default_spec: "a 5\nb 3\n",
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::{Compression, RunEnd, RunRequest, Shard, merge, run};

    const SPEC: &str = "a 5\nb 0\nc 7\n";

    fn request(out: &Path, threads: usize, shard: Shard) -> RunRequest {
        let study = REGISTRY.parse_spec(SPEC, &Overrides::default()).unwrap();
        RunRequest {
            plan: Plan::new(study, shard),
            registry: &REGISTRY,
            spec_source: "toy".to_string(),
            spec_text: SPEC.to_string(),
            overrides: Overrides::default(),
            out: out.to_path_buf(),
            threads,
            resume: false,
            force: false,
            quiet: true,
            compression: Compression::None,
            reproduce_with: None,
        }
    }

    fn draws(out: &Path) -> String {
        std::fs::read_to_string(out.join("draws.csv")).unwrap()
    }

    #[test]
    fn the_harness_runs_a_study_the_same_at_any_thread_count_and_merged_from_shards() {
        let dir = tempfile::tempdir().unwrap();
        let one = dir.path().join("one");
        assert_eq!(
            run(&request(&one, 1, Shard::WHOLE)).unwrap(),
            RunEnd::Complete { draws: 12 }
        );
        let study = ToyStudy::new(&[("a", 5), ("b", 0), ("c", 7)]);
        let mut expected = String::from(HEADER);
        for (series, label, count) in [(0, "a", 5), (2, "c", 7)] {
            for index in 0..count {
                expected += &format!("{label},{index},{}\n", study.value(series, index));
            }
        }
        assert_eq!(draws(&one), expected);
        assert!(
            std::fs::read_to_string(one.join("summary.csv"))
                .unwrap()
                .starts_with("series,draws,odd,odd_share,odd_low,odd_high,sum\na,5,")
        );
        let two = dir.path().join("two");
        run(&request(&two, 2, Shard::WHOLE)).unwrap();
        assert_eq!(draws(&two), expected);
        let shards: Vec<std::path::PathBuf> = (1..=3)
            .map(|index| {
                let out = dir.path().join(format!("shard{index}"));
                run(&request(&out, 2, Shard { index, count: 3 })).unwrap();
                out
            })
            .collect();
        let merged = dir.path().join("merged");
        assert_eq!(merge(&merged, &shards, false, &REGISTRY).unwrap(), 12);
        assert_eq!(draws(&merged), expected);
    }

    #[test]
    fn a_finished_folder_is_not_run_again_and_resume_finds_nothing_left() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        run(&request(&out, 1, Shard::WHOLE)).unwrap();
        let error = run(&request(&out, 1, Shard::WHOLE))
            .unwrap_err()
            .to_string();
        assert!(error.contains("already holds a finished run"), "{error}");
        let mut again = request(&out, 1, Shard::WHOLE);
        again.resume = true;
        assert_eq!(run(&again).unwrap(), RunEnd::AlreadyComplete);
    }

    #[test]
    fn show_and_compare_read_any_study_through_its_layout() {
        use crate::experiment::inspect::{ShowOptions, same_data};
        let dir = tempfile::tempdir().unwrap();
        let seeded = |name: &str, seed: u64| {
            let out = dir.path().join(name);
            let overrides = Overrides {
                seed: Some(seed),
                draws: Some(400),
                ..Overrides::default()
            };
            let mut request = request(&out, 1, Shard::WHOLE);
            request.plan = Plan::new(REGISTRY.parse_spec(SPEC, &overrides).unwrap(), Shard::WHOLE);
            request.overrides = overrides;
            run(&request).unwrap();
            out
        };
        let (one, again, other) = (seeded("one", 1), seeded("again", 1), seeded("other", 2));
        let puzzle = &REGISTRY.puzzles[0];

        let options = ShowOptions {
            series: vec!["c".to_string()],
            top: None,
            width: 100,
        };
        let shown = (puzzle.show)(&one, &options).unwrap();
        let lines: Vec<&str> = shown.lines().collect();
        assert!(
            lines[0].ends_with("toy, 3 summary rows (1 kept by --series)"),
            "{shown}"
        );
        assert_eq!(
            lines[1].split_whitespace().collect::<Vec<_>>(),
            ["series", "draws", "odd", "odd_share", "sum"]
        );
        assert!(lines[2].starts_with("c ") && lines.len() == 3, "{shown}");

        assert!(same_data(&one, &again).unwrap().is_some());
        assert!(same_data(&one, &other).unwrap().is_none());
        // Another seed: other values, the same distribution of parities.
        let comparison = (puzzle.compare)(&one, &other).unwrap();
        assert_eq!(comparison.rows.len(), 3);
        assert!(comparison.agree(0.01), "{comparison:?}");
    }

    #[test]
    fn compare_finds_a_shifted_share_and_a_series_in_only_one_folder() {
        let dir = tempfile::tempdir().unwrap();
        let folder = |name: &str, rows: &str| {
            let path = dir.path().join(name);
            std::fs::create_dir_all(&path).unwrap();
            let header = "series,draws,odd,odd_share,odd_low,odd_high,sum\n";
            std::fs::write(path.join("summary.csv"), format!("{header}{rows}")).unwrap();
            path
        };
        let first = folder(
            "first",
            "a,100,10,0.1,0.05,0.17,0\nb,100,50,0.5,0.4,0.6,0\n",
        );
        let second = folder(
            "second",
            "a,100,90,0.9,0.83,0.95,0\nb,100,52,0.52,0.42,0.62,0\nz,1,1,1,0.2,1,0\n",
        );
        let comparison = (REGISTRY.puzzles[0].compare)(&first, &second).unwrap();
        // a: 10/100 against 90/100 differs; b: 50 against 52 does not.
        assert_eq!(comparison.differing(0.01), 1);
        assert!(comparison.rows[0].holm_p < 1e-20 && comparison.rows[1].holm_p > 0.5);
        assert_eq!(comparison.only_second, ["z"]);
        assert!(!comparison.agree(0.01));
        let text = comparison.render(&first, &second, 0.01, 100);
        assert!(
            text.contains("differ: 1 of 2 common series differ"),
            "{text}"
        );
        assert!(text.contains("z  only in"), "{text}");
    }
}
