//! Pairs of games, as engine testers count them: games 2k and 2k+1 of a pairing open alike
//! with the seats swapped ([`crate::game::pairing`]), so each pair scores `a` 0, ½, 1, 1½ or
//! 2 points (the pentanomial model). From those five counts come `pairs.csv`'s Elo difference
//! with its 95% interval, the likelihood of superiority, and the verdict of the spec's SPRT
//! where it has one ([`crate::stats::elo`]). A pair counts once both its games are played: a
//! pairing with an odd number of games leaves its last game out of this table (not out of
//! `summary.csv`).

use super::spec::MatchSpec;
use super::tally::round6;
use crate::stats::elo::{Outcomes, Sprt, SprtVerdict, elo_estimate};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The table's file name.
pub const FILE: &str = "pairs.csv";

/// The columns of `pairs.csv`, in file order.
pub const COLUMNS: [&str; 18] = [
    "pairing",
    "a",
    "b",
    "pairs",
    "ll",
    "ld",
    "dd_wl",
    "wd",
    "ww",
    "a_score",
    "elo",
    "elo_low",
    "elo_high",
    "elo_margin",
    "los",
    "sprt",
    "sprt_llr",
    "sprt_verdict",
];

/// The pairs of games of every pairing, counted as the rows come (in any order of blocks).
#[derive(Clone, Debug, Default)]
pub struct PairTally {
    /// `counts[pairing][points]`: pairs where `a` scored `points` half-points (0 to 4).
    pub counts: Vec<[u64; 5]>,
    /// The last game read, while its partner has not come: rows come in game order, so its
    /// partner is nearly always the next row.
    last: Option<((usize, u64), u8)>,
    /// Earlier games whose partner has not come yet: (pairing, pair number) → `a`'s
    /// half-points.
    halves: BTreeMap<(usize, u64), u8>,
}

impl PairTally {
    pub fn new(pairings: usize) -> PairTally {
        PairTally {
            counts: vec![[0; 5]; pairings],
            last: None,
            halves: BTreeMap::new(),
        }
    }

    /// Game `game` of pairing `series`, in which `a` scored `half_points` (0, 1 or 2).
    pub fn add_game(&mut self, series: usize, game: u64, half_points: u8) {
        let key = (series, game / 2);
        if let Some((waiting, other)) = self.last.take() {
            if waiting == key {
                self.counts[series][usize::from(other + half_points)] += 1;
                return;
            }
            // Its partner was looked for when it came, so it waits in the map.
            self.halves.insert(waiting, other);
        }
        match self.halves.remove(&key) {
            Some(other) => self.counts[series][usize::from(other + half_points)] += 1,
            None => self.last = Some((key, half_points)),
        }
    }

    /// Adds the pairs and halves counted elsewhere (another block of rows).
    pub fn merge(&mut self, other: PairTally) {
        for (mine, theirs) in self.counts.iter_mut().zip(&other.counts) {
            for (m, t) in mine.iter_mut().zip(theirs) {
                *m += t;
            }
        }
        for ((series, pair), half_points) in other.halves.into_iter().chain(other.last) {
            self.add_game(series, 2 * pair, half_points);
        }
    }
}

/// One row of `pairs.csv`: the pairs of pairing `a-vs-b` from `a`'s side. `sprt` is the
/// spec's rule and `sprt_llr`, `sprt_verdict` where it has one, empty otherwise.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairRecord {
    pub pairing: String,
    pub a: String,
    pub b: String,
    pub pairs: u64,
    pub ll: u64,
    pub ld: u64,
    pub dd_wl: u64,
    pub wd: u64,
    pub ww: u64,
    pub a_score: f64,
    pub elo: f64,
    pub elo_low: f64,
    pub elo_high: f64,
    pub elo_margin: f64,
    pub los: f64,
    pub sprt: String,
    pub sprt_llr: Option<f64>,
    pub sprt_verdict: String,
}

impl PairRecord {
    /// The record of `pairing` with these counts; `None` without a single pair.
    pub fn new(pairing: &super::Pairing, counts: &[u64; 5], stop: Option<&Sprt>) -> Option<Self> {
        let pairs = counts.iter().sum::<u64>();
        if pairs == 0 {
            return None;
        }
        let estimate = elo_estimate(Outcomes::Pairs(counts));
        let verdict = stop.map(|sprt| sprt.verdict(Outcomes::Pairs(counts)));
        let [ll, ld, dd_wl, wd, ww] = *counts;
        Some(PairRecord {
            pairing: pairing.label.clone(),
            a: pairing.a.clone(),
            b: pairing.b.clone(),
            pairs,
            ll,
            ld,
            dd_wl,
            wd,
            ww,
            a_score: round6(estimate.score),
            elo: round6(estimate.elo),
            elo_low: round6(estimate.low),
            elo_high: round6(estimate.high),
            elo_margin: round6(estimate.margin),
            los: round6(estimate.los),
            sprt: stop.map_or(String::new(), Sprt::text),
            sprt_llr: verdict.map(|(llr, _)| round6(llr)),
            sprt_verdict: verdict.map_or(String::new(), |(_, v)| v.name().to_string()),
        })
    }

    /// The counts, worst pair for `a` first.
    pub fn counts(&self) -> [u64; 5] {
        [self.ll, self.ld, self.dd_wl, self.wd, self.ww]
    }
}

/// The rows of `pairs.csv` for the counted pairs of every pairing of `spec`.
pub fn records(spec: &MatchSpec, tally: &PairTally) -> Vec<PairRecord> {
    spec.pairings
        .iter()
        .zip(&tally.counts)
        .filter_map(|(pairing, counts)| PairRecord::new(pairing, counts, spec.stop.as_ref()))
        .collect()
}

/// The SPRT of one pairing as its games come in draw order: the stop rule a spec's `stop`
/// gives every pairing ([`crate::experiment::StopRule`]). It decides only when a pair is
/// complete, so every run, resumed or merged, stops a pairing after the same game.
#[derive(Debug)]
pub struct SprtStop {
    pub sprt: Sprt,
    counts: [u64; 5],
    first_half: Option<u8>,
}

impl SprtStop {
    pub fn new(sprt: Sprt) -> SprtStop {
        SprtStop {
            sprt,
            counts: [0; 5],
            first_half: None,
        }
    }

    /// Takes the next game (`a`'s half-points in it); true when the test has decided.
    pub fn ends_after(&mut self, half_points: u8) -> bool {
        match self.first_half.take() {
            None => {
                self.first_half = Some(half_points);
                false
            }
            Some(first) => {
                self.counts[usize::from(first + half_points)] += 1;
                let (_, verdict) = self.sprt.verdict(Outcomes::Pairs(&self.counts));
                verdict != SprtVerdict::Continue
            }
        }
    }
}

/// A pairing's SPRT as the harness's stop rule of its series: reads each game row for `a`'s
/// result and feeds it to the test.
#[derive(Debug)]
pub struct PairingStop {
    pub pairing: super::Pairing,
    pub test: SprtStop,
}

impl crate::experiment::StopRule for PairingStop {
    fn ends_after(&mut self, row: &str) -> Result<bool, crate::experiment::StudyError> {
        let (_, outcome, _) = super::tally::a_outcome(&self.pairing, row)?;
        Ok(self.test.ends_after(2 - outcome as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_meet_in_any_order_of_blocks() {
        // Games (a's half-points) 0:2 1:1 | 2:0 3:0 4:2 | 5:2, split into three blocks.
        let games = [(0, 2), (1, 1), (2, 0), (3, 0), (4, 2), (5, 2)];
        let mut whole = PairTally::new(1);
        for &(game, points) in &games {
            whole.add_game(0, game, points);
        }
        assert_eq!(whole.counts[0], [1, 0, 0, 1, 1]);
        for cut in [(1, 4), (2, 5), (3, 3)] {
            let mut parts = [PairTally::new(1), PairTally::new(1), PairTally::new(1)];
            for (i, &(game, points)) in games.iter().enumerate() {
                let part = usize::from(i >= cut.0) + usize::from(i >= cut.1);
                parts[part].add_game(0, game, points);
            }
            let [mut first, second, third] = parts;
            first.merge(third);
            first.merge(second);
            assert_eq!(first.counts, whole.counts, "{cut:?}");
            assert!(first.halves.is_empty() && first.last.is_none());
        }
        // Games of two pairings interleaved and out of order, as a shard's rows come.
        let mut mixed = PairTally::new(2);
        for &(game, points) in games.iter().rev() {
            mixed.add_game(1, game, points);
            mixed.add_game(0, game, points);
        }
        assert_eq!(mixed.counts, vec![whole.counts[0]; 2]);
        // An odd game out waits, in either place.
        let mut odd = PairTally::new(1);
        odd.add_game(0, 6, 1);
        odd.add_game(0, 2, 0);
        odd.add_game(0, 3, 2);
        assert_eq!(odd.counts[0], [0, 0, 1, 0, 0]);
        assert_eq!(odd.halves.len() + usize::from(odd.last.is_some()), 1);
    }

    #[test]
    fn the_stop_decides_only_on_whole_pairs() {
        let sprt = Sprt::parse("sprt elo0=0 elo1=100 alpha=0.1 beta=0.1").unwrap();
        let mut stop = SprtStop::new(sprt);
        // `a` wins every game: the test needs a few pairs and never stops on a first half.
        let ended: Vec<bool> = (0..40).map(|_| stop.ends_after(2)).collect();
        let first = ended.iter().position(|&e| e).expect("the test decides");
        assert_eq!(first % 2, 1, "stops after the second game of a pair");
        assert!(first > 1);
    }
}
