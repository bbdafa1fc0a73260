//! Counting a match's games: wins, draws and losses of each pairing's player `a`, in each
//! seat and over both, with 95% Wilson intervals (`summary.csv`), the ratings derived from
//! the same counts (`ratings.csv`, see [`super::ratings`]), and the pairs of games with their
//! Elo difference and SPRT (`pairs.csv`, see [`super::pairs`]).

use super::pairs::{self, PairTally};
use super::ratings::{self, Cell};
use super::row::GameRow;
use super::spec::MatchSpec;
use crate::experiment::StudyError;
use crate::experiment::{Plan, ResultsFolder};
use crate::output::atomic::write_atomic_with;
use crate::stats::proportion::{Z95, wilson};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The columns of `summary.csv`, in file order.
pub const COLUMNS: [&str; 19] = [
    "pairing",
    "a",
    "b",
    "a_seat",
    "games",
    "a_wins",
    "draws",
    "a_losses",
    "a_win",
    "a_win_low",
    "a_win_high",
    "draw",
    "draw_low",
    "draw_high",
    "a_loss",
    "a_loss_low",
    "a_loss_high",
    "a_score",
    "mean_plies",
];

/// Counts of one pairing with `a` in one seat: wins, draws and losses of `a`, and plies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub wdl: [u64; 3],
    pub plies: u64,
}

impl Counts {
    pub fn games(&self) -> u64 {
        self.wdl.iter().sum()
    }

    fn add(&mut self, other: &Counts) {
        for (mine, theirs) in self.wdl.iter_mut().zip(other.wdl) {
            *mine += theirs;
        }
        self.plies += other.plies;
    }
}

/// One row of `summary.csv`: pairing `a-vs-b` with `a` in `a_seat` (`first`, `second` or
/// `both`); rates are shares of the games, each with its 95% Wilson interval; `a_score` is
/// (wins + draws/2) / games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatRecord {
    pub pairing: String,
    pub a: String,
    pub b: String,
    pub a_seat: String,
    pub games: u64,
    pub a_wins: u64,
    pub draws: u64,
    pub a_losses: u64,
    pub a_win: f64,
    pub a_win_low: f64,
    pub a_win_high: f64,
    pub draw: f64,
    pub draw_low: f64,
    pub draw_high: f64,
    pub a_loss: f64,
    pub a_loss_low: f64,
    pub a_loss_high: f64,
    pub a_score: f64,
    pub mean_plies: f64,
}

impl SeatRecord {
    pub fn new(pairing: &super::Pairing, seat: &str, counts: &Counts) -> SeatRecord {
        let n = counts.games();
        let share = |k: u64| round6(k as f64 / n.max(1) as f64);
        let interval = |k: u64| {
            let (low, high) = wilson(k, n, Z95);
            (round6(low), round6(high))
        };
        let [w, d, l] = counts.wdl;
        let (win_low, win_high) = interval(w);
        let (draw_low, draw_high) = interval(d);
        let (loss_low, loss_high) = interval(l);
        SeatRecord {
            pairing: pairing.label.clone(),
            a: pairing.a.clone(),
            b: pairing.b.clone(),
            a_seat: seat.to_string(),
            games: n,
            a_wins: w,
            draws: d,
            a_losses: l,
            a_win: share(w),
            a_win_low: win_low,
            a_win_high: win_high,
            draw: share(d),
            draw_low,
            draw_high,
            a_loss: share(l),
            a_loss_low: loss_low,
            a_loss_high: loss_high,
            a_score: round6((w as f64 + d as f64 / 2.0) / n.max(1) as f64),
            mean_plies: round6(counts.plies as f64 / n.max(1) as f64),
        }
    }

    /// The record with its shares, intervals and score computed again from its counts at
    /// full precision: what reports and charts use, so that a printed figure is rounded once
    /// (`summary.csv` keeps six decimals, and a second rounding of those can move a digit).
    pub fn exact(self) -> SeatRecord {
        let n = self.games.max(1) as f64;
        let share = |k: u64| k as f64 / n;
        let interval = |k: u64| wilson(k, self.games, Z95);
        let (a_win_low, a_win_high) = interval(self.a_wins);
        let (draw_low, draw_high) = interval(self.draws);
        let (a_loss_low, a_loss_high) = interval(self.a_losses);
        SeatRecord {
            a_win: share(self.a_wins),
            a_win_low,
            a_win_high,
            draw: share(self.draws),
            draw_low,
            draw_high,
            a_loss: share(self.a_losses),
            a_loss_low,
            a_loss_high,
            a_score: (self.a_wins as f64 + self.draws as f64 / 2.0) / n,
            ..self
        }
    }

    /// The W/D/L counts of `a`.
    pub fn wdl(&self) -> [u64; 3] {
        [self.a_wins, self.draws, self.a_losses]
    }
}

/// Six decimals: enough for any rate, and the same bytes on every platform.
pub fn round6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// Reads `draws.csv`, checks every row's key and contents against the plan, and writes
/// `summary.csv` and `ratings.csv`.
pub fn derive(spec: &MatchSpec, folder: &ResultsFolder, plan: &Plan) -> Result<(), StudyError> {
    let shown = folder.draws().display().to_string();
    let (counts, pair_tally) = count(spec, folder, plan)?;
    let records = records(spec, &counts);
    write_table(&folder.root().join("summary.csv"), &records, &COLUMNS)
        .map_err(|e| format!("writing the summary of {shown}: {e}"))?;
    let cells = cells(spec, &counts);
    let rows = ratings::fit_with_intervals(&spec.players, &cells, spec.header.seed);
    write_atomic_with(&folder.root().join("ratings.csv"), |file| {
        Ok(ratings::write(file, &rows)?)
    })?;
    let pair_records = pairs::records(spec, &pair_tally);
    write_table(
        &folder.root().join(pairs::FILE),
        &pair_records,
        &pairs::COLUMNS,
    )
    .map_err(|e| format!("writing the pairs of {shown}: {e}"))?;
    Ok(())
}

/// Writes `records` as the CSV table at `path`, atomically; a table without records still
/// gets its header row, `columns`.
fn write_table<R: Serialize>(
    path: &Path,
    records: &[R],
    columns: &[&str],
) -> crate::output::error::Result<()> {
    write_atomic_with(path, |file| {
        let mut writer = csv::Writer::from_writer(file);
        for record in records {
            writer.serialize(record)?;
        }
        if records.is_empty() {
            writer.write_record(columns)?;
        }
        writer.flush()?;
        Ok(())
    })
}

/// A game row read against its pairing: its game index and the outcome for `a` (0 a win,
/// 1 a draw, 2 a loss), after checking its seats and its plies against the moves.
pub fn a_outcome(pairing: &super::Pairing, text: &str) -> Result<(u64, usize, u64), StudyError> {
    let bad = || StudyError::from(format!("not a game row: {text}"));
    let game = GameRow::parse(text).ok_or_else(bad)?;
    let a_first = game.game.is_multiple_of(2);
    let expected = if a_first {
        (&pairing.a, &pairing.b)
    } else {
        (&pairing.b, &pairing.a)
    };
    // Moves are separated by single spaces (the row writer refuses a move with one); a
    // forfeited game's last token is its fault, not a ply.
    let (moves, _) = game.count_moves();
    if (game.first, game.second) != (expected.0.as_str(), expected.1.as_str())
        || moves != game.plies
    {
        return Err(format!("seats or plies do not match the spec: {text}").into());
    }
    let first_score = match game.result {
        "1-0" => 0,
        "1/2" => 1,
        "0-1" => 2,
        _ => return Err(bad()),
    };
    // From a's point of view: a win of the first seat is a's win when a is first.
    let outcome = if a_first {
        first_score
    } else {
        2 - first_score
    };
    Ok((game.game, outcome, game.plies))
}

/// `counts[pairing][s]`: the games of each pairing with `a` in the first seat (`s` = 0) and
/// in the second (`s` = 1); and the pairs of games of each pairing.
fn count(
    spec: &MatchSpec,
    folder: &ResultsFolder,
    plan: &Plan,
) -> Result<(Vec<[Counts; 2]>, PairTally), StudyError> {
    let pairings = spec.pairings.len();
    let empty = || {
        (
            vec![[Counts::default(); 2]; pairings],
            PairTally::new(pairings),
        )
    };
    let add = |total: &mut (Vec<[Counts; 2]>, PairTally), part: (Vec<[Counts; 2]>, PairTally)| {
        for (mine, theirs) in total.0.iter_mut().zip(&part.0) {
            mine[0].add(&theirs[0]);
            mine[1].add(&theirs[1]);
        }
        total.1.merge(part.1);
    };
    // Sums of whole numbers: the rows are counted on every core, in any order.
    let counts = plan.fold_rows(
        folder,
        empty,
        |(counts, pairs), row| {
            let (game, outcome, plies) = a_outcome(&spec.pairings[row.series], row.text)?;
            let cell = &mut counts[row.series][usize::from(!game.is_multiple_of(2))];
            cell.wdl[outcome] += 1;
            cell.plies += plies;
            pairs.add_game(row.series, game, 2 - outcome as u8);
            Ok(())
        },
        add,
    )?;
    Ok(counts)
}

/// Three summary rows per pairing that has games: `a` first, second, and both.
fn records(spec: &MatchSpec, counts: &[[Counts; 2]]) -> Vec<SeatRecord> {
    let mut records = Vec::new();
    for (pairing, [first, second]) in spec.pairings.iter().zip(counts) {
        let mut both = *first;
        both.add(second);
        if both.games() == 0 {
            continue;
        }
        records.push(SeatRecord::new(pairing, "first", first));
        records.push(SeatRecord::new(pairing, "second", second));
        records.push(SeatRecord::new(pairing, "both", &both));
    }
    records
}

/// The rating model's input: each pairing's counts in each seat, by player index.
fn cells(spec: &MatchSpec, counts: &[[Counts; 2]]) -> Vec<Cell> {
    let index = |name: &str| {
        spec.players
            .iter()
            .position(|p| p == name)
            .expect("pairings name listed players")
    };
    spec.pairings
        .iter()
        .zip(counts)
        .flat_map(|(pairing, seats)| {
            seats.iter().map(|c| Cell {
                a: index(&pairing.a),
                b: index(&pairing.b),
                wdl: c.wdl,
            })
        })
        .filter(|cell| cell.a != cell.b && cell.wdl.iter().sum::<u64>() > 0)
        .collect()
}

/// Reads a `summary.csv`, each record made [`SeatRecord::exact`].
pub fn read(path: &Path) -> crate::output::error::Result<Vec<SeatRecord>> {
    let records: Vec<SeatRecord> = crate::output::read_csv(path)?;
    Ok(records.into_iter().map(SeatRecord::exact).collect())
}
