//! Progress of a long run on stderr: a bar with rate and ETA on a terminal; elsewhere (CI
//! logs, `nohup`) a plain line about every ten seconds; nothing with `--quiet`.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

const PLAIN_INTERVAL: Duration = Duration::from_secs(10);

pub struct Progress {
    name: String,
    total: u64,
    start_done: u64,
    started: Instant,
    bar: Option<ProgressBar>,
    /// When the last plain line was printed; `None` when plain lines are off.
    last_line: Option<Instant>,
}

impl Progress {
    pub fn new(name: &str, total: u64, done: u64, quiet: bool) -> Progress {
        let terminal = std::io::stderr().is_terminal();
        let bar = (!quiet && terminal).then(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template(
                    "{prefix} [{bar:30}] {human_pos}/{human_len} draws  {per_sec}  ETA {eta}",
                )
                .expect("a valid template")
                .progress_chars("=> "),
            );
            bar.set_prefix(name.to_string());
            bar.set_position(done);
            bar.reset_eta();
            bar
        });
        Progress {
            name: name.to_string(),
            total,
            start_done: done,
            started: Instant::now(),
            bar,
            last_line: (!quiet && !terminal).then(Instant::now),
        }
    }

    pub fn update(&mut self, done: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(done);
        }
        if let Some(last) = self.last_line
            && last.elapsed() >= PLAIN_INTERVAL
        {
            eprintln!("{}", self.line(done));
            self.last_line = Some(Instant::now());
        }
    }

    pub fn finish(&mut self, done: u64) {
        if let Some(bar) = self.bar.take() {
            bar.set_position(done);
            bar.finish_and_clear();
        }
    }

    /// `name: done/total draws (p%), r draws/s, about m min left`
    fn line(&self, done: u64) -> String {
        let seconds = self.started.elapsed().as_secs_f64().max(1e-9);
        let rate = (done - self.start_done) as f64 / seconds;
        let percent = 100.0 * done as f64 / self.total.max(1) as f64;
        let left = if rate > 0.0 {
            let minutes = (self.total - done) as f64 / rate / 60.0;
            format!(", about {minutes:.0} min left")
        } else {
            String::new()
        };
        format!(
            "{}: {done}/{} draws ({percent:.1}%), {rate:.0} draws/s{left}",
            self.name, self.total
        )
    }
}
