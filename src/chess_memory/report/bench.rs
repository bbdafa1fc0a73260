//! Speed findings from `bench.csv`, the output of `scripts/bench-algorithms.sh`: each search
//! timed alone on one thread by `boardlab chess-memory bench --threads 1`, several runs each.
//!
//! Only these measurements support a statement about speed. The wall-clock times of an
//! experiment run come from series that share the machine's threads with each other, so
//! the same data can show a different "fastest" series on every run; the report does not
//! use them. A folder without `bench.csv` gets no speed finding.

use crate::stats::quantile::quantile_rank;
use serde::Deserialize;
use std::path::Path;

/// The file a results folder holds its one-thread benchmarks in.
pub const BENCH_FILE: &str = "bench.csv";

/// One row of `bench.csv`: one timed run of one search on one order.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct BenchRun {
    pub order: String,
    pub algorithm: String,
    pub restart: String,
    pub run: u32,
    pub draws: u64,
    pub solved: u64,
    pub seconds: f64,
    pub boards_per_sec: f64,
}

/// One search on one order: the median over its runs.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchSpeed {
    pub order: String,
    pub algorithm: String,
    pub restart: String,
    /// Number of runs the median is taken over.
    pub runs: usize,
    /// Median boards (solved draws) per second over the runs (the lower middle run for an
    /// even count, as every median of the crate).
    pub boards_per_sec: f64,
}

impl BenchSpeed {
    /// `fc+fixed:300/QNBR`, the series naming of the reports (`seed/QNBR` without restarts).
    pub fn label(&self) -> String {
        match self.restart.as_str() {
            "none" => format!("{}/{}", self.algorithm, self.order),
            restart => format!("{}+{restart}/{}", self.algorithm, self.order),
        }
    }
}

/// Reads `dir/bench.csv` if the folder has one.
pub fn read(dir: &Path) -> Result<Option<Vec<BenchRun>>, crate::experiment::StudyError> {
    let path = dir.join(BENCH_FILE);
    if !path.exists() {
        return Ok(None);
    }
    Ok(Some(crate::output::read_csv(&path)?))
}

/// The median speed of each (search, restart, order), fastest first (equal speeds in file
/// order).
pub fn speeds(runs: &[BenchRun]) -> Vec<BenchSpeed> {
    let mut groups: Vec<(&BenchRun, Vec<f64>)> = Vec::new();
    for run in runs {
        let same = |r: &&BenchRun| {
            (&r.order, &r.algorithm, &r.restart) == (&run.order, &run.algorithm, &run.restart)
        };
        match groups.iter_mut().find(|(first, _)| same(first)) {
            Some((_, rates)) => rates.push(run.boards_per_sec),
            None => groups.push((run, vec![run.boards_per_sec])),
        }
    }
    let mut speeds: Vec<BenchSpeed> = groups
        .into_iter()
        .map(|(first, mut rates)| {
            rates.sort_by(f64::total_cmp);
            let rank = quantile_rank(rates.len() as u64, 0.5).expect("0.5 is a probability");
            BenchSpeed {
                order: first.order.clone(),
                algorithm: first.algorithm.clone(),
                restart: first.restart.clone(),
                runs: rates.len(),
                boards_per_sec: rates[rank as usize - 1],
            }
        })
        .collect();
    speeds.sort_by(|a, b| b.boards_per_sec.total_cmp(&a.boards_per_sec));
    speeds
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(order: &str, algorithm: &str, restart: &str, rate: f64) -> BenchRun {
        BenchRun {
            order: order.into(),
            algorithm: algorithm.into(),
            restart: restart.into(),
            run: 1,
            draws: 10,
            solved: 10,
            seconds: 1.0,
            boards_per_sec: rate,
        }
    }

    #[test]
    fn medians_per_search_fastest_first() {
        let runs = [
            run("QNBR", "seed", "none", 3000.0),
            run("QNBR", "fc", "fixed:300", 6100.0),
            run("QNBR", "seed", "none", 3200.0),
            run("QNBR", "fc", "fixed:300", 6300.0),
            run("QNBR", "seed", "none", 3100.0),
            run("QNBR", "fc", "fixed:300", 6200.0),
        ];
        let speeds = speeds(&runs);
        assert_eq!(speeds.len(), 2);
        assert_eq!(
            (speeds[0].label(), speeds[0].boards_per_sec, speeds[0].runs),
            ("fc+fixed:300/QNBR".to_string(), 6200.0, 3)
        );
        assert_eq!(
            (speeds[1].label(), speeds[1].boards_per_sec),
            ("seed/QNBR".to_string(), 3100.0)
        );
        // Two runs: the lower middle one.
        let two = [run("A", "dfs", "none", 2.0), run("A", "dfs", "none", 1.0)];
        assert_eq!(super::speeds(&two)[0].boards_per_sec, 1.0);
        assert!(super::speeds(&[]).is_empty());
    }
}
