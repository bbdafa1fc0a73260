//! Progress of a long command on stderr: on a terminal one line, redrawn in place, that fits
//! 80 columns; elsewhere (CI logs, `nohup`) the same line about every ten seconds; nothing
//! with `--quiet`.
//!
//! The line reads `name  done/total  p%  rate draws/s  ETA t` (a match says games, not
//! draws). The rate is a whole number with its unit (per minute below one per second) and is
//! smoothed exponentially over about half a minute, so the ETA does not jump with every slow
//! or fast chunk. On Ctrl-C (the runner's stop flag) the line is cleared and replaced by one
//! saying what happens next.
//!
//! Draws of different series can differ in cost by orders of magnitude (a knight's tour on
//! 1000×1000 visits 15,000 times the squares of one on 8×8), and a run does its series in
//! order. The ETA therefore counts down expected cost, not draws: a [`CostSchedule`] gives
//! each series' draws a relative cost, the rate of cost done is measured, and the time left
//! is the cost left divided by that rate ([`Eta`]).

use crate::output::numbers::{count, thousands};
use std::io::{IsTerminal, Write};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

const PLAIN_INTERVAL: Duration = Duration::from_secs(10);
const REDRAW_INTERVAL: Duration = Duration::from_millis(200);
const SAMPLE_INTERVAL: Duration = Duration::from_secs(1);
/// Time constant of the rate's exponential smoothing.
const SMOOTHING: Duration = Duration::from_secs(30);
/// Widest line drawn, so that it never wraps on an 80-column terminal.
pub const MAX_WIDTH: usize = 79;
const NAME_WIDTH: usize = 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Off,
    Terminal,
    Plain,
}

pub struct Progress {
    name: String,
    total: u64,
    /// What is counted, in the plural: `draws`, `games`.
    unit: &'static str,
    mode: Mode,
    rate: RateEstimate,
    eta: Eta,
    last_shown: Instant,
    line_on_screen: bool,
}

impl Progress {
    /// Progress over `total` draws of equal cost, `done` of them already done.
    pub fn new(name: &str, total: u64, done: u64, quiet: bool) -> Progress {
        Progress::with_schedule(name, CostSchedule::uniform(total), done, quiet, "draws")
    }

    /// Progress over the draws of `schedule`, `done` of them already done, counted as `unit`
    /// (plural) on the line.
    pub fn with_schedule(
        name: &str,
        schedule: CostSchedule,
        done: u64,
        quiet: bool,
        unit: &'static str,
    ) -> Progress {
        let mode = match (quiet, std::io::stderr().is_terminal()) {
            (true, _) => Mode::Off,
            (false, true) => Mode::Terminal,
            (false, false) => Mode::Plain,
        };
        let now = Instant::now();
        Progress {
            name: name.to_string(),
            total: schedule.draws(),
            unit,
            mode,
            rate: RateEstimate::new(now, done as f64),
            eta: Eta::new(schedule, now, done),
            last_shown: now,
            line_on_screen: false,
        }
    }

    pub fn update(&mut self, done: u64) {
        if self.mode == Mode::Off {
            return;
        }
        if super::runner::STOP.load(Ordering::Relaxed) {
            self.clear();
            eprintln!(
                "interrupted: finishing the {} in flight (Ctrl-C again quits at once)",
                self.unit
            );
            self.mode = Mode::Off;
            return;
        }
        let now = Instant::now();
        self.rate.sample(now, done as f64);
        self.eta.sample(now, done);
        let interval = match self.mode {
            Mode::Terminal => REDRAW_INTERVAL,
            _ => PLAIN_INTERVAL,
        };
        if now.duration_since(self.last_shown) < interval {
            return;
        }
        self.last_shown = now;
        let text = line(
            &self.name,
            (done, self.total),
            self.unit,
            self.rate.per_second(),
            self.eta.seconds_left(done),
        );
        let mut err = std::io::stderr().lock();
        if self.mode == Mode::Terminal {
            let _ = write!(err, "\r\x1b[2K{text}");
            self.line_on_screen = true;
        } else {
            let _ = writeln!(err, "{text}");
        }
        let _ = err.flush();
    }

    pub fn finish(&mut self, _done: u64) {
        self.clear();
    }

    fn clear(&mut self) {
        if self.line_on_screen {
            eprint!("\r\x1b[2K");
            self.line_on_screen = false;
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.clear();
    }
}

/// The expected cost of a run's draws, series by series in the order they are run: series
/// `s` has `draws` draws of `cost` each (any unit: only ratios matter). The ETA counts it
/// down.
#[derive(Clone, Debug, PartialEq)]
pub struct CostSchedule {
    /// Per series: the position after its last draw, its cost per draw, and the cost of all
    /// draws before it.
    series: Vec<(u64, f64, f64)>,
}

impl CostSchedule {
    /// Series of (draws, cost per draw), in the order they are run.
    pub fn new(series: impl IntoIterator<Item = (u64, f64)>) -> CostSchedule {
        let (mut end, mut before) = (0u64, 0.0);
        let series = series
            .into_iter()
            .map(|(draws, cost)| {
                let entry = (end + draws, cost, before);
                end += draws;
                before += draws as f64 * cost;
                entry
            })
            .collect();
        CostSchedule { series }
    }

    /// `draws` draws of equal cost.
    pub fn uniform(draws: u64) -> CostSchedule {
        CostSchedule::new([(draws, 1.0)])
    }

    /// All draws.
    pub fn draws(&self) -> u64 {
        self.series.last().map_or(0, |s| s.0)
    }

    /// The expected cost of the first `done` draws.
    pub fn cost_of_first(&self, done: u64) -> f64 {
        let index = self.series.partition_point(|s| s.0 <= done);
        match self.series.get(index) {
            Some(&(end, cost, before)) => {
                let start = index.checked_sub(1).map_or(0, |i| self.series[i].0);
                before + (done.min(end) - start) as f64 * cost
            }
            None => self.total_cost(),
        }
    }

    /// The expected cost of all draws.
    pub fn total_cost(&self) -> f64 {
        self.series.last().map_or(0.0, |&(end, cost, before)| {
            let start = self
                .series
                .len()
                .checked_sub(2)
                .map_or(0, |i| self.series[i].0);
            before + (end - start) as f64 * cost
        })
    }
}

/// The time left: the expected cost left divided by the smoothed rate at which cost is done.
#[derive(Clone, Debug)]
pub struct Eta {
    schedule: CostSchedule,
    rate: RateEstimate,
}

impl Eta {
    pub fn new(schedule: CostSchedule, now: Instant, done: u64) -> Eta {
        let rate = RateEstimate::new(now, schedule.cost_of_first(done));
        Eta { schedule, rate }
    }

    /// Takes `done` draws at `now` into the estimate.
    pub fn sample(&mut self, now: Instant, done: u64) {
        self.rate.sample(now, self.schedule.cost_of_first(done));
    }

    /// Seconds left after `done` draws, once the rate is known.
    pub fn seconds_left(&self, done: u64) -> Option<f64> {
        let rate = self.rate.per_second().filter(|&rate| rate > 0.0)?;
        Some((self.schedule.total_cost() - self.schedule.cost_of_first(done)).max(0.0) / rate)
    }
}

/// A rate (draws, or cost, per second), exponentially smoothed over [`SMOOTHING`].
#[derive(Clone, Debug)]
pub struct RateEstimate {
    started: (Instant, f64),
    last: (Instant, f64),
    smoothed: Option<f64>,
}

impl RateEstimate {
    pub fn new(now: Instant, done: f64) -> RateEstimate {
        RateEstimate {
            started: (now, done),
            last: (now, done),
            smoothed: None,
        }
    }

    /// Takes `done` at `now` into the estimate (at most once per [`SAMPLE_INTERVAL`]).
    pub fn sample(&mut self, now: Instant, done: f64) {
        let dt = now.duration_since(self.last.0);
        if dt < SAMPLE_INTERVAL {
            return;
        }
        let seconds = dt.as_secs_f64();
        let recent = (done - self.last.1).max(0.0) / seconds;
        self.smoothed = Some(match self.smoothed {
            // The first estimate: the mean rate since the start.
            None => {
                let elapsed = now.duration_since(self.started.0).as_secs_f64();
                (done - self.started.1).max(0.0) / elapsed
            }
            Some(rate) => {
                let weight = 1.0 - (-seconds / SMOOTHING.as_secs_f64()).exp();
                rate + weight * (recent - rate)
            }
        });
        self.last = (now, done);
    }

    /// Draws per second, once a second has passed.
    pub fn per_second(&self) -> Option<f64> {
        self.smoothed
    }
}

/// `name  done/total  p%  rate  ETA t`, at most [`MAX_WIDTH`] characters: `rate` is `unit`
/// (plural) per second, `seconds_left` the ETA.
pub fn line(
    name: &str,
    (done, total): (u64, u64),
    unit: &str,
    rate: Option<f64>,
    seconds_left: Option<f64>,
) -> String {
    let name: String = name.chars().take(NAME_WIDTH).collect();
    let percent = 100.0 * done as f64 / total.max(1) as f64;
    let rate_text = match rate {
        Some(rate) if rate > 0.0 => format_rate(rate, unit),
        _ => format!("… {unit}/s"),
    };
    let eta = seconds_left.map_or("…".to_string(), format_eta);
    let text = format!(
        "{name}  {}/{}  {percent:.1}%  {rate_text}  ETA {eta}",
        count(done),
        count(total)
    );
    text.chars().take(MAX_WIDTH).collect()
}

/// A whole number with its unit: `2,310 draws/s`, or `40 draws/min` below one per second.
pub fn format_rate(per_second: f64, unit: &str) -> String {
    if per_second >= 1.0 {
        format!("{} {unit}/s", thousands(per_second))
    } else {
        format!("{} {unit}/min", thousands(per_second * 60.0))
    }
}

/// `42 s`, `7 min`, `1 h 33 min`; `> 99 h` past that.
pub fn format_eta(seconds: f64) -> String {
    let seconds = seconds.max(0.0).round() as u64;
    match seconds {
        0..60 => format!("{seconds} s"),
        60..3600 => format!("{} min", seconds.div_ceil(60)),
        3600..360_000 => format!("{} h {} min", seconds / 3600, seconds % 3600 / 60),
        _ => "> 99 h".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_has_whole_rates_with_units_and_fits_80_columns() {
        let text = line(
            "orderings",
            (1_234_567, 4_800_000),
            "draws",
            Some(2310.4),
            Some(1542.3),
        );
        assert_eq!(
            text,
            "orderings  1,234,567/4,800,000  25.7%  2,310 draws/s  ETA 26 min"
        );
        let widest = line(
            "a-very-long-experiment-name-indeed",
            (999_999_999, 1_000_000_000),
            "games",
            Some(123_456.7),
            Some(8.1),
        );
        assert!(widest.chars().count() <= MAX_WIDTH, "{widest}");
        assert!(widest.starts_with("a-very-long-experime  "), "{widest}");
        assert!(widest.contains("123,457 games/s"), "{widest}");
        assert!(line("x", (0, 10), "draws", None, None).ends_with("ETA …"));
    }

    #[test]
    fn slow_rates_are_per_minute_and_etas_read_as_time() {
        assert_eq!(format_rate(0.5, "draws"), "30 draws/min");
        assert_eq!(format_rate(12.6, "games"), "13 games/s");
        assert_eq!(format_eta(42.4), "42 s");
        assert_eq!(format_eta(61.0), "2 min");
        assert_eq!(format_eta(5580.0), "1 h 33 min");
        assert_eq!(format_eta(1e9), "> 99 h");
    }

    #[test]
    fn the_rate_is_smoothed_over_bursts() {
        let start = Instant::now();
        let at = |s: u64| start + Duration::from_secs(s);
        let mut rate = RateEstimate::new(start, 0.0);
        rate.sample(at(1), 100.0);
        assert_eq!(rate.per_second(), Some(100.0));
        // One second at 1,000 draws/s moves the estimate by about 1/30 of the jump only.
        rate.sample(at(2), 1100.0);
        let after = rate.per_second().unwrap();
        assert!((120.0..140.0).contains(&after), "{after}");
        // Samples closer than a second apart are ignored.
        rate.sample(at(2) + Duration::from_millis(10), 5000.0);
        assert_eq!(rate.per_second(), Some(after));
    }

    #[test]
    fn a_cost_schedule_sums_the_cost_of_the_draws_done() {
        let schedule = CostSchedule::new([(10, 1.0), (0, 5.0), (4, 100.0), (2, 3.0)]);
        assert_eq!(schedule.draws(), 16);
        assert_eq!(schedule.total_cost(), 10.0 + 400.0 + 6.0);
        assert_eq!(schedule.cost_of_first(0), 0.0);
        assert_eq!(schedule.cost_of_first(7), 7.0);
        assert_eq!(schedule.cost_of_first(10), 10.0);
        assert_eq!(schedule.cost_of_first(12), 210.0);
        assert_eq!(schedule.cost_of_first(15), 413.0);
        assert_eq!(schedule.cost_of_first(16), 416.0);
        assert_eq!(schedule.cost_of_first(99), 416.0);
        assert_eq!(CostSchedule::uniform(5).total_cost(), 5.0);
    }

    /// A knight's-tour-like run: 100,000 draws on 8×8 (64 squares each) first, then 300
    /// draws on 1000×1000 (10⁶ squares each), by a machine that visits 10⁷ squares a second.
    /// The cheap series is done in 0.64 s. Counting draws, the ETA after a second would be
    /// 297 draws at 100,003 draws/s, 3 ms; the time left is 29.7 s.
    #[test]
    fn the_eta_counts_down_expected_cost_not_draws() {
        let schedule = CostSchedule::new([(100_000, 64.0), (300, 1e6)]);
        let squares_per_second = 1e7;
        let start = Instant::now();
        // Draws finished after `t` seconds of steady work.
        let done_after = |t: f64| -> u64 {
            let squares = t * squares_per_second;
            let cheap = (squares / 64.0).floor().min(100_000.0);
            let dear = ((squares - 100_000.0 * 64.0).max(0.0) / 1e6)
                .floor()
                .min(300.0);
            (cheap + dear) as u64
        };
        assert_eq!(done_after(1.0), 100_003);
        let mut eta = Eta::new(schedule, start, 0);
        for second in 1..=25u64 {
            let done = done_after(second as f64);
            eta.sample(start + Duration::from_secs(second), done);
            let left = eta.seconds_left(done).unwrap();
            // Squares left, counted here and not by the schedule.
            let cheap_left = 100_000u64.saturating_sub(done) as f64 * 64.0;
            let dear_left = (300 - done.saturating_sub(100_000)) as f64 * 1e6;
            let truth = (cheap_left + dear_left) / squares_per_second;
            assert!(
                (left - truth).abs() <= 0.1 * truth + 0.5,
                "after {second} s ({done} draws): ETA {left:.2} s, {truth:.2} s left"
            );
        }
    }
}
