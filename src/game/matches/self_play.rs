//! A player against itself measures the game, not the player: how often the side that moves
//! first wins, draws and loses. This module turns the `summary.csv` rows of such a pairing
//! (its player `a` is first in even games and second in odd ones) into the first seat's
//! record, and writes the report section that shows it.

use super::report::with_interval;
use super::tally::SeatRecord;
use crate::output::document::{Document, Table};
use crate::output::numbers::{count, fixed, percent_cell};
use crate::stats::proportion::wilson95;
use crate::stats::score_interval::{games_record, score_interval95};

/// What the first seat did in a pairing of a player against itself, over both seats of `a`.
#[derive(Clone, Debug, PartialEq)]
pub struct FirstSeat {
    pub pairing: String,
    pub player: String,
    /// Wins, draws and losses of whichever copy moved first.
    pub wdl: [u64; 3],
    /// Mean game length in plies, over all the pairing's games.
    pub mean_plies: f64,
}

impl FirstSeat {
    pub fn games(&self) -> u64 {
        self.wdl.iter().sum()
    }

    /// The first player's score: a win 1, a draw ½, over the games.
    pub fn score(&self) -> f64 {
        let [w, d, _] = self.wdl;
        (w as f64 + d as f64 / 2.0) / self.games().max(1) as f64
    }

    /// The 95% score interval of [`FirstSeat::score`] ([`crate::stats::score_interval`]).
    pub fn score_interval(&self) -> (f64, f64) {
        let [w, d, l] = self.wdl;
        score_interval95(&games_record(w, d, l))
    }

    /// The share of outcome `k` (0 wins, 1 draws, 2 losses) with its 95% Wilson interval.
    pub fn share(&self, k: usize) -> (f64, f64, f64) {
        let n = self.games();
        let (low, high) = wilson95(self.wdl[k], n);
        (self.wdl[k] as f64 / n.max(1) as f64, low, high)
    }

    /// The report's cells: the score, the wins, the draws and the losses, each with its
    /// 95% interval (`49.82% [48.40, 51.23]`).
    pub fn cells(&self) -> [String; 4] {
        let (low, high) = self.score_interval();
        let share = |k| {
            let (share, low, high) = self.share(k);
            with_interval(share, low, high)
        };
        [
            with_interval(self.score(), low, high),
            share(0),
            share(1),
            share(2),
        ]
    }

    /// The finding's words: `alphabeta:4 against itself: the first player scores 49.82%
    /// [48.40, 51.23] over 3,000 games, 38.90% of them drawn`.
    pub fn finding(&self) -> String {
        let (low, high) = self.score_interval();
        format!(
            "{} against itself: the first player scores {} over {} games, {}% of them drawn",
            self.player,
            with_interval(self.score(), low, high),
            count(self.games()),
            percent_cell(self.share(1).0)
        )
    }
}

/// The first seat's record of each pairing of a player against itself, in the order of
/// `records`; other pairings are left out.
pub fn first_seats(records: &[SeatRecord]) -> Vec<FirstSeat> {
    let mut firsts: Vec<FirstSeat> = Vec::new();
    for r in records.iter().filter(|r| r.a == r.b) {
        let index = match firsts.iter().position(|f| f.pairing == r.pairing) {
            Some(index) => index,
            None => {
                firsts.push(FirstSeat {
                    pairing: r.pairing.clone(),
                    player: r.a.clone(),
                    wdl: [0; 3],
                    mean_plies: 0.0,
                });
                firsts.len() - 1
            }
        };
        let first = &mut firsts[index];
        // With `a` second, the first player's wins are `a`'s losses.
        let wdl = match r.a_seat.as_str() {
            "first" => r.wdl(),
            "second" => [r.a_losses, r.draws, r.a_wins],
            _ => {
                first.mean_plies = r.mean_plies;
                continue;
            }
        };
        for (total, k) in first.wdl.iter_mut().zip(wdl) {
            *total += k;
        }
    }
    firsts
}

/// Whether every pairing of the records is a player against itself (and there is one).
pub fn only_self_play(records: &[SeatRecord]) -> bool {
    !records.is_empty() && records.iter().all(|r| r.a == r.b)
}

/// The columns of a first player's table after the player's name: [`FirstSeat::cells`]
/// between the games and the mean length.
pub const COLUMNS: [&str; 6] = [
    "games",
    "first player's score",
    "first player's wins",
    "draws",
    "first player's losses",
    "mean plies",
];

/// The report section of the pairings of a player against itself; empty where there are none.
pub fn section(records: &[SeatRecord]) -> String {
    let firsts = first_seats(records);
    if firsts.is_empty() {
        return String::new();
    }
    let mut out = Document::from("## The first player, in games of a player against itself\n\n");
    out.push_str(
        "A player against itself measures the game, not the player: how the side that moves \
         first fares. Its score counts a win 1 and a draw ½, with its 95% score interval; its \
         wins, the draws and its losses are shares of the games with 95% Wilson intervals. \
         The intervals treat games as independent, although games 2k and 2k+1 share an \
         opening with the seats swapped. A player is not rated against itself, so these games \
         are in no rating or score matrix.\n\n",
    );
    let mut table = Table::new(std::iter::once("player").chain(COLUMNS));
    for first in &firsts {
        table.row(
            [format!("`{}`", first.player), count(first.games())]
                .into_iter()
                .chain(first.cells())
                .chain([fixed(first.mean_plies, 2)]),
        );
    }
    out.table(&table);
    out.into()
}
