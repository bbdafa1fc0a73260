//! Repeated timing for every `bench`, the way benchmark tools time a command: `warmup` runs
//! whose results are thrown away (they fault in memory, fill the caches and let the CPU's
//! clock settle), then `runs` timed runs, summarised by the mean ± standard deviation, the
//! median, the minimum and the maximum of the time per run and of the rate (what a run counts
//! per second). The summary goes into each bench's JSON line ([`Series::report_keys`]), to
//! people on standard error ([`describe`]), and into files in hyperfine's JSON, CSV and
//! Markdown formats ([`export`]).
//!
//! A bench plugs in from above with a closure that does one run and returns what it counted
//! and the wall seconds of its measured work, by its own clock: a bench may leave set-up or
//! validation out of the time. Nothing here knows what is measured.

pub mod export;

use super::measure::process_user_system_seconds;
use crate::output::numbers::{fixed, thousands};
use serde_json::{Map, Value, json};

/// How many times a bench runs its work: `warmup` untimed runs, then `runs` timed ones (at
/// least one is always timed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repeats {
    pub warmup: u32,
    pub runs: u32,
}

/// What one run of a bench's work reports: the bench's own result, what the run counted
/// (draws, squares, games, nodes) and the wall seconds of its measured work.
#[derive(Clone, Debug, PartialEq)]
pub struct Timed<T> {
    pub result: T,
    pub count: u64,
    pub seconds: f64,
}

/// The time of one timed run: its count and measured seconds (from [`Timed`]), and the user
/// and system CPU seconds the whole process spent during the run (set-up and checks included,
/// as hyperfine's `user` and `system` are a whole command's); `None` where the platform does
/// not say.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunTime {
    pub count: u64,
    pub seconds: f64,
    pub user: Option<f64>,
    pub system: Option<f64>,
}

impl RunTime {
    /// Count per second of this run.
    pub fn rate(&self) -> f64 {
        self.count as f64 / self.seconds.max(1e-12)
    }
}

/// One timed run: the bench's result and its time.
#[derive(Clone, Debug, PartialEq)]
pub struct Run<T> {
    pub result: T,
    pub time: RunTime,
}

/// Runs `workloads` workloads, `once(k)` doing workload k once: `warmup` rounds whose results
/// are dropped, then `runs` timed rounds (at least one). Each round runs every workload once,
/// in order, so that workloads compared in one sitting share the machine's slow and fast
/// moments. Returns each workload's timed runs in the order they ran; the first failed run
/// stops everything.
pub fn repeat<T, E>(
    repeats: Repeats,
    workloads: usize,
    mut once: impl FnMut(usize) -> Result<Timed<T>, E>,
) -> Result<Vec<Vec<Run<T>>>, E> {
    for _ in 0..repeats.warmup {
        for workload in 0..workloads {
            once(workload)?;
        }
    }
    let mut all: Vec<Vec<Run<T>>> = (0..workloads).map(|_| Vec::new()).collect();
    for _ in 0..repeats.runs.max(1) {
        for (workload, runs) in all.iter_mut().enumerate() {
            let before = process_user_system_seconds();
            let timed = once(workload)?;
            let after = process_user_system_seconds();
            let spent = after.zip(before).map(|(a, b)| (a.0 - b.0, a.1 - b.1));
            runs.push(Run {
                result: timed.result,
                time: RunTime {
                    count: timed.count,
                    seconds: timed.seconds,
                    user: spent.map(|s| s.0),
                    system: spent.map(|s| s.1),
                },
            });
        }
    }
    Ok(all)
}

/// [`repeat`] of a single workload.
pub fn repeat_one<T, E>(
    repeats: Repeats,
    mut once: impl FnMut() -> Result<Timed<T>, E>,
) -> Result<Vec<Run<T>>, E> {
    let mut all = repeat(repeats, 1, |_| once())?;
    Ok(all.pop().unwrap_or_default())
}

/// The run of median time, the one whose figures (counters, CPU time) a bench prints beside
/// the summary: for an even count, the slower of the two middle runs. `None` for no runs.
pub fn median_run<T>(runs: &[Run<T>]) -> Option<&Run<T>> {
    let mut order: Vec<&Run<T>> = runs.iter().collect();
    order.sort_by(|a, b| a.time.seconds.total_cmp(&b.time.seconds));
    order.get(order.len() / 2).copied()
}

/// Mean, standard deviation, median, minimum and maximum of some values, as hyperfine gives
/// them: the standard deviation is the sample's (divided by n − 1), absent for one value; the
/// median of an even count is the mean of the two middle values.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Summary {
    pub mean: f64,
    pub stddev: Option<f64>,
    pub median: f64,
    pub min: f64,
    pub max: f64,
}

impl Summary {
    /// The summary of `values`; `None` when there are none.
    pub fn of(values: &[f64]) -> Option<Summary> {
        let n = values.len();
        if n == 0 {
            return None;
        }
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        let mean = values.iter().sum::<f64>() / n as f64;
        let stddev = (n > 1).then(|| {
            let squares: f64 = values.iter().map(|v| (v - mean) * (v - mean)).sum();
            (squares / (n - 1) as f64).sqrt()
        });
        let median = match n % 2 {
            1 => sorted[n / 2],
            _ => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
        };
        Some(Summary {
            mean,
            stddev,
            median,
            min: sorted[0],
            max: sorted[n - 1],
        })
    }
}

/// The timed runs of one workload under its name: `command` is the command line that runs the
/// workload once (the exports' `command`), `unit` the unit of its rate (`draws/s`).
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub command: String,
    pub unit: String,
    pub times: Vec<RunTime>,
}

impl Series {
    /// The series of `runs` (at least one, as [`repeat`] makes).
    pub fn new<T>(command: impl Into<String>, unit: &str, runs: &[Run<T>]) -> Series {
        Series {
            command: command.into(),
            unit: unit.to_string(),
            times: runs.iter().map(|run| run.time).collect(),
        }
    }

    /// The measured seconds of each run, in order.
    pub fn seconds_per_run(&self) -> Vec<f64> {
        self.times.iter().map(|t| t.seconds).collect()
    }

    /// The rate of each run, in order.
    pub fn rates(&self) -> Vec<f64> {
        self.times.iter().map(RunTime::rate).collect()
    }

    /// The summary of the seconds per run.
    pub fn seconds(&self) -> Summary {
        Summary::of(&self.seconds_per_run()).expect("a series holds at least one run")
    }

    /// The summary of the rates.
    pub fn rate(&self) -> Summary {
        Summary::of(&self.rates()).expect("a series holds at least one run")
    }

    /// The keys a bench adds to its JSON line: `warmup` and `runs` (the counts), and
    /// `run_seconds` and `run_rate`, each the [`Summary`] of the timed runs with the runs'
    /// own `values` in order.
    pub fn report_keys(&self, repeats: Repeats) -> Map<String, Value> {
        let summary = |summary: Summary, values: Vec<f64>| {
            let mut object = json!(summary);
            object["values"] = json!(values);
            object
        };
        let keys = json!({
            "warmup": repeats.warmup,
            "runs": self.times.len(),
            "run_seconds": summary(self.seconds(), self.seconds_per_run()),
            "run_rate": summary(self.rate(), self.rates()),
        });
        keys.as_object().expect("an object").clone()
    }
}

/// `report` (a JSON object) with `series`' [`Series::report_keys`] added.
pub fn with_report_keys(mut report: Value, series: &Series, repeats: Repeats) -> Value {
    if let Some(map) = report.as_object_mut() {
        map.extend(series.report_keys(repeats));
    }
    report
}

/// The summary for people, a block per series:
///
/// ```text
/// boardlab fifteen bench --a random --b random --games 1000 --seed 1 --variant classic
///   Time (mean ± σ):  1.234 ms ± 0.050 ms   median 1.220 ms   range 1.180 ms … 1.330 ms   [3 runs, 1 warm-up]
///   Rate (mean ± σ):  810,700 games/s ± 31,400 games/s   median 819,700 games/s   range 751,900 … 847,500 games/s
/// ```
///
/// With one run there is no σ, and the label reads `(mean)`.
pub fn describe(series: &[Series], repeats: Repeats) -> String {
    let mut out = String::new();
    for one in series {
        let (time, rate) = (one.seconds(), one.rate());
        let unit = one.unit.as_str();
        let plural = |n: usize, word: &str| match n {
            1 => format!("1 {word}"),
            _ => format!("{n} {word}s"),
        };
        let runs = format!(
            "[{}, {}]",
            plural(one.times.len(), "run"),
            plural(repeats.warmup as usize, "warm-up")
        );
        let label = if time.stddev.is_some() {
            "(mean ± σ)"
        } else {
            "(mean)"
        };
        // Every figure of a line in the unit its mean reads best in, as hyperfine writes them.
        let seconds = |value: f64| duration_in(value, time.mean);
        let rate_of = |value: f64| rate_text(value, rate.mean);
        out.push_str(&format!(
            "{}\n  Time {label}:  {}   median {}   range {} … {}   {runs}\n  Rate {label}:  {}   \
             median {} {unit}   range {} … {} {unit}\n",
            one.command,
            with_spread(time, seconds),
            seconds(time.median),
            seconds(time.min),
            seconds(time.max),
            with_spread(rate, |r| format!("{} {unit}", rate_of(r))),
            rate_of(rate.median),
            rate_of(rate.min),
            rate_of(rate.max),
        ));
    }
    out
}

/// `mean ± σ` (or the mean alone) of a summary, each written by `text`.
fn with_spread(summary: Summary, text: impl Fn(f64) -> String) -> String {
    match summary.stddev {
        Some(stddev) => format!("{} ± {}", text(summary.mean), text(stddev)),
        None => text(summary.mean),
    }
}

/// Seconds for people with three decimals, in the unit (s, ms or µs) that suits `scale`:
/// `duration_in(0.0123, 0.0123)` is `12.300 ms`, `duration_in(0.0004, 0.0123)` is `0.400 ms`.
fn duration_in(seconds: f64, scale: f64) -> String {
    if scale >= 1.0 {
        format!("{} s", fixed(seconds, 3))
    } else if scale >= 1e-3 {
        format!("{} ms", fixed(seconds * 1e3, 3))
    } else {
        format!("{} µs", fixed(seconds * 1e6, 3))
    }
}

/// A rate for people, written as `scale` reads best: whole numbers with thousands separators
/// for a scale from 100 up, two decimals below.
fn rate_text(rate: f64, scale: f64) -> String {
    if scale >= 100.0 {
        thousands(rate)
    } else {
        fixed(rate, 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12 * b.abs().max(1.0)
    }

    #[test]
    fn the_summary_of_a_known_list_is_its_hand_computed_figures() {
        // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, squares about the mean 32, sample variance 32/7.
        let s = Summary::of(&[9.0, 2.0, 5.0, 4.0, 4.0, 7.0, 4.0, 5.0]).unwrap();
        assert!(close(s.mean, 5.0), "{s:?}");
        assert!(close(s.stddev.unwrap(), (32.0f64 / 7.0).sqrt()), "{s:?}");
        assert!(close(s.median, 4.5), "{s:?}");
        assert_eq!((s.min, s.max), (2.0, 9.0));
        // An odd count's median is its middle value; hyperfine's CSV test: 7, 8, 12.
        let s = Summary::of(&[7.0, 8.0, 12.0]).unwrap();
        assert!(close(s.mean, 9.0) && close(s.median, 8.0), "{s:?}");
        assert!(close(s.stddev.unwrap(), 7.0f64.sqrt()), "{s:?}");
    }

    #[test]
    fn one_value_has_no_spread_and_none_has_no_summary() {
        let s = Summary::of(&[0.25]).unwrap();
        assert_eq!(
            s,
            Summary {
                mean: 0.25,
                stddev: None,
                median: 0.25,
                min: 0.25,
                max: 0.25
            }
        );
        assert_eq!(Summary::of(&[]), None);
    }

    #[test]
    fn warm_up_runs_are_run_and_dropped_and_rounds_alternate() {
        let mut calls = Vec::new();
        let repeats = Repeats { warmup: 2, runs: 3 };
        let runs = repeat(repeats, 2, |k| {
            calls.push(k);
            Ok::<_, ()>(Timed {
                result: calls.len(),
                count: 10,
                seconds: 0.5,
            })
        })
        .unwrap();
        assert_eq!(calls, [0, 1, 0, 1, 0, 1, 0, 1, 0, 1]);
        assert_eq!(runs.len(), 2);
        let results: Vec<Vec<usize>> = runs
            .iter()
            .map(|r| r.iter().map(|run| run.result).collect())
            .collect();
        assert_eq!(results, [vec![5, 7, 9], vec![6, 8, 10]]);
        assert_eq!(runs[0][0].time.rate(), 20.0);
    }

    #[test]
    fn a_failed_run_stops_the_repeats() {
        let mut calls = 0;
        let repeats = Repeats { warmup: 1, runs: 5 };
        let failed = repeat_one(repeats, || {
            calls += 1;
            if calls == 3 {
                Err("third")
            } else {
                Ok(Timed {
                    result: (),
                    count: 1,
                    seconds: 1.0,
                })
            }
        });
        assert_eq!(failed, Err("third"));
        assert_eq!(calls, 3);
    }

    #[test]
    fn the_median_run_is_the_slower_middle_one() {
        let runs: Vec<Run<usize>> = [0.3, 0.1, 0.4, 0.2]
            .iter()
            .enumerate()
            .map(|(i, &seconds)| Run {
                result: i,
                time: RunTime {
                    count: 1,
                    seconds,
                    user: None,
                    system: None,
                },
            })
            .collect();
        assert_eq!(median_run(&runs).unwrap().result, 0);
        assert_eq!(median_run(&runs[..3]).unwrap().result, 0);
        assert!(median_run::<usize>(&[]).is_none());
    }

    fn series(seconds: &[f64]) -> Series {
        Series {
            command: "boardlab x bench --n 4".to_string(),
            unit: "things/s".to_string(),
            times: seconds
                .iter()
                .map(|&seconds| RunTime {
                    count: 100,
                    seconds,
                    user: Some(seconds),
                    system: Some(0.0),
                })
                .collect(),
        }
    }

    #[test]
    fn the_report_keys_hold_both_summaries_and_the_runs() {
        let keys = series(&[1.0, 2.0, 4.0]).report_keys(Repeats { warmup: 1, runs: 3 });
        assert_eq!(keys["warmup"], 1);
        assert_eq!(keys["runs"], 3);
        assert_eq!(keys["run_seconds"]["values"], json!([1.0, 2.0, 4.0]));
        assert_eq!(keys["run_seconds"]["median"], 2.0);
        assert_eq!(keys["run_seconds"]["min"], 1.0);
        assert_eq!(keys["run_rate"]["values"], json!([100.0, 50.0, 25.0]));
        assert_eq!(keys["run_rate"]["max"], 100.0);
        assert!(close(
            keys["run_rate"]["mean"].as_f64().unwrap(),
            175.0 / 3.0
        ));
        let one = series(&[1.0]).report_keys(Repeats { warmup: 0, runs: 1 });
        assert_eq!(one["run_seconds"]["stddev"], Value::Null);
    }

    #[test]
    fn the_summary_for_people_names_the_command_the_runs_and_both_figures() {
        let text = describe(&[series(&[0.002, 0.004])], Repeats { warmup: 1, runs: 2 });
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "boardlab x bench --n 4");
        assert_eq!(
            lines[1],
            "  Time (mean ± σ):  3.000 ms ± 1.414 ms   median 3.000 ms   range 2.000 ms … \
             4.000 ms   [2 runs, 1 warm-up]"
        );
        assert_eq!(
            lines[2],
            "  Rate (mean ± σ):  37,500 things/s ± 17,678 things/s   median 37,500 things/s   \
             range 25,000 … 50,000 things/s"
        );
        let one = describe(&[series(&[2.5])], Repeats { warmup: 0, runs: 1 });
        assert!(
            one.contains("Time (mean):  2.500 s   median 2.500 s"),
            "{one}"
        );
        assert!(one.contains("[1 run, 0 warm-ups]"), "{one}");
        // A line keeps its mean's unit: a spread of 0.6 ms about 8.7 ms reads in ms.
        let mixed = describe(&[series(&[0.0081, 0.0093])], Repeats { warmup: 1, runs: 2 });
        assert!(mixed.contains("8.700 ms ± 0.849 ms"), "{mixed}");
        assert!(mixed.contains("± 1,126 things/s"), "{mixed}");
    }
}
