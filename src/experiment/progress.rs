//! Progress of a long command on stderr: on a terminal one line, redrawn in place, that fits
//! 80 columns; elsewhere (CI logs, `nohup`) the same line about every ten seconds; nothing
//! with `--quiet`.
//!
//! The line reads `name  done/total  p%  rate draws/s  ETA t`. The rate is a whole number
//! with its unit (draws per minute below one per second) and is smoothed exponentially over
//! about half a minute, so the ETA does not jump with every slow or fast chunk. On Ctrl-C
//! (the runner's stop flag) the line is cleared and replaced by one saying what happens next.

use crate::output::numbers::thousands;
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
    mode: Mode,
    rate: RateEstimate,
    last_shown: Instant,
    line_on_screen: bool,
}

impl Progress {
    pub fn new(name: &str, total: u64, done: u64, quiet: bool) -> Progress {
        let mode = match (quiet, std::io::stderr().is_terminal()) {
            (true, _) => Mode::Off,
            (false, true) => Mode::Terminal,
            (false, false) => Mode::Plain,
        };
        let now = Instant::now();
        Progress {
            name: name.to_string(),
            total,
            mode,
            rate: RateEstimate::new(now, done),
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
            eprintln!("interrupted: finishing the draws in flight (Ctrl-C again quits at once)");
            self.mode = Mode::Off;
            return;
        }
        let now = Instant::now();
        self.rate.sample(now, done);
        let interval = match self.mode {
            Mode::Terminal => REDRAW_INTERVAL,
            _ => PLAIN_INTERVAL,
        };
        if now.duration_since(self.last_shown) < interval {
            return;
        }
        self.last_shown = now;
        let text = line(&self.name, done, self.total, self.rate.per_second());
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

/// The draw rate, exponentially smoothed over [`SMOOTHING`].
#[derive(Clone, Debug)]
pub struct RateEstimate {
    started: (Instant, u64),
    last: (Instant, u64),
    smoothed: Option<f64>,
}

impl RateEstimate {
    pub fn new(now: Instant, done: u64) -> RateEstimate {
        RateEstimate {
            started: (now, done),
            last: (now, done),
            smoothed: None,
        }
    }

    /// Takes `done` at `now` into the estimate (at most once per [`SAMPLE_INTERVAL`]).
    pub fn sample(&mut self, now: Instant, done: u64) {
        let dt = now.duration_since(self.last.0);
        if dt < SAMPLE_INTERVAL {
            return;
        }
        let seconds = dt.as_secs_f64();
        let recent = done.saturating_sub(self.last.1) as f64 / seconds;
        self.smoothed = Some(match self.smoothed {
            // The first estimate: the mean rate since the start.
            None => {
                let elapsed = now.duration_since(self.started.0).as_secs_f64();
                done.saturating_sub(self.started.1) as f64 / elapsed
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

/// `name  done/total  p%  rate  ETA t`, at most [`MAX_WIDTH`] characters.
pub fn line(name: &str, done: u64, total: u64, rate: Option<f64>) -> String {
    let name: String = name.chars().take(NAME_WIDTH).collect();
    let percent = 100.0 * done as f64 / total.max(1) as f64;
    let (rate_text, eta) = match rate {
        Some(rate) if rate > 0.0 => (
            format_rate(rate),
            format_eta(total.saturating_sub(done) as f64 / rate),
        ),
        _ => ("… draws/s".to_string(), "…".to_string()),
    };
    let text = format!(
        "{name}  {}/{}  {percent:.1}%  {rate_text}  ETA {eta}",
        thousands(done as f64),
        thousands(total as f64)
    );
    text.chars().take(MAX_WIDTH).collect()
}

/// A whole number with its unit: `2,310 draws/s`, or `40 draws/min` below one per second.
pub fn format_rate(per_second: f64) -> String {
    if per_second >= 1.0 {
        format!("{} draws/s", thousands(per_second))
    } else {
        format!("{} draws/min", thousands(per_second * 60.0))
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
        let text = line("orderings", 1_234_567, 4_800_000, Some(2310.4));
        assert_eq!(
            text,
            "orderings  1,234,567/4,800,000  25.7%  2,310 draws/s  ETA 26 min"
        );
        let widest = line(
            "a-very-long-experiment-name-indeed",
            999_999_999,
            1_000_000_000,
            Some(123_456.7),
        );
        assert!(widest.chars().count() <= MAX_WIDTH, "{widest}");
        assert!(widest.starts_with("a-very-long-experime  "), "{widest}");
        assert!(line("x", 0, 10, None).ends_with("ETA …"));
    }

    #[test]
    fn slow_rates_are_per_minute_and_etas_read_as_time() {
        assert_eq!(format_rate(0.5), "30 draws/min");
        assert_eq!(format_rate(12.6), "13 draws/s");
        assert_eq!(format_eta(42.4), "42 s");
        assert_eq!(format_eta(61.0), "2 min");
        assert_eq!(format_eta(5580.0), "1 h 33 min");
        assert_eq!(format_eta(1e9), "> 99 h");
    }

    #[test]
    fn the_rate_is_smoothed_over_bursts() {
        let start = Instant::now();
        let at = |s: u64| start + Duration::from_secs(s);
        let mut rate = RateEstimate::new(start, 0);
        rate.sample(at(1), 100);
        assert_eq!(rate.per_second(), Some(100.0));
        // One second at 1,000 draws/s moves the estimate by about 1/30 of the jump only.
        rate.sample(at(2), 1100);
        let after = rate.per_second().unwrap();
        assert!((120.0..140.0).contains(&after), "{after}");
        // Samples closer than a second apart are ignored.
        rate.sample(at(2) + Duration::from_millis(10), 5000);
        assert_eq!(rate.per_second(), Some(after));
    }
}
