//! perft's speed from the start position on this thread (`boardlab draughts bench`): every
//! depth below the asked one counted once (the `depths` ladder of the JSON line), then the
//! asked depth timed, after the warm-up runs, as many times as asked.

use super::Board;
use super::perft::{Captures, Perft};
use super::variant::{self, Engine, RulesChoice};
use crate::experiment::bench::{Repeats, Run, Timed, repeat_one};
use crate::experiment::measure::thread_cpu_seconds;
use std::time::Instant;

/// One count of perft: its depth, the nodes (leaves, bulk counted), its wall and CPU time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DepthTime {
    pub depth: u32,
    pub nodes: u64,
    pub seconds: f64,
    /// CPU time of this thread; `None` where the platform does not say.
    pub cpu_seconds: Option<f64>,
}

/// What to count: the rule set and the capture convention.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftBench {
    pub rules: RulesChoice,
    pub captures: Captures,
}

impl PerftBench {
    /// perft of `depth` from the start position, by the national games' generator (the 8×8
    /// generator for Damebot's rules), timed.
    pub fn time(&self, depth: u32) -> DepthTime {
        let cpu_start = thread_cpu_seconds();
        let start = Instant::now();
        let nodes = match self.rules.variant() {
            Some(national) => {
                let rules = national.rules();
                let position = Engine::new(rules).start();
                variant::perft::perft(&rules, &position, depth, self.captures)
            }
            None => {
                let rules = self.rules.board_rules().expect("Damebot's rules are 8×8");
                Perft::new(rules, self.captures).count(&Board::start(), depth)
            }
        };
        let seconds = start.elapsed().as_secs_f64();
        let cpu_seconds = thread_cpu_seconds()
            .zip(cpu_start)
            .map(|(end, start)| end - start);
        DepthTime {
            depth,
            nodes,
            seconds,
            cpu_seconds,
        }
    }

    /// Each depth from 1 to `below` − 1, counted once.
    pub fn ladder(&self, below: u32) -> Vec<DepthTime> {
        (1..below).map(|depth| self.time(depth)).collect()
    }

    /// perft of `depth` run `repeats` times after the warm-up runs; the rate counts nodes.
    pub fn timed_runs(&self, depth: u32, repeats: Repeats) -> Vec<Run<DepthTime>> {
        let runs = repeat_one(repeats, || {
            let time = self.time(depth);
            Ok::<_, std::convert::Infallible>(Timed {
                count: time.nodes,
                seconds: time.seconds,
                result: time,
            })
        });
        match runs {
            Ok(runs) => runs,
            Err(never) => match never {},
        }
    }

    /// The command line that runs this bench at `depth` once: the name of its timed runs in
    /// the exports.
    pub fn command(&self, depth: u32) -> String {
        format!(
            "boardlab draughts bench --depth {depth} --rules {} --captures {}",
            self.rules.name(),
            self.captures.name()
        )
    }
}
