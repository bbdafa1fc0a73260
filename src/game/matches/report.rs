//! `REPORT.md` and the charts of a match folder, from its small files (`manifest.json`,
//! `summary.csv`, `ratings.csv`): the ratings, the score matrix and every pairing's results,
//! then the game's own section ([`super::MatchGame::report_section`]).

use super::charts::{MAX_MATRIX_PLAYERS, MAX_RATED_PLAYERS};
use super::charts::{MatrixChart, ResultsChart, ratings_chart};
use super::pairs::{self, PairRecord};
use super::ratings::{self, Cell, RatingRow};
use super::self_play::{self, FirstSeat};
use super::tally::{self, SeatRecord};
use super::{MatchGame, ratings::PRIOR_GAMES};
use crate::experiment::StudyError;
use crate::experiment::{Manifest, ResultsFolder, Shard};
use crate::output::atomic::{write_atomic, write_atomic_with};
use crate::output::charts;
use crate::output::document::{Document, Table};
use crate::output::error::IoContext;
use crate::output::numbers::{count, fixed, percent_cell, signed};
use crate::stats::elo::{Sprt, elo_of_score};
use std::path::Path;

/// What a report is made from.
#[derive(Clone, Debug)]
pub struct Tables {
    pub name: String,
    pub description: String,
    pub seed: u64,
    /// Players in the spec's order.
    pub players: Vec<String>,
    /// `summary.csv`.
    pub records: Vec<SeatRecord>,
    /// `ratings.csv`, best first.
    pub ratings: Vec<RatingRow>,
    /// `pairs.csv`; empty for a folder made before the table existed.
    pub pairs: Vec<PairRecord>,
    /// The shard of a sharded run that the folder holds; `None` for a whole run.
    pub shard: Option<Shard>,
    /// The size in bytes and the checksum of `draws.csv` (its name and value), as the
    /// manifest records them.
    pub data: Option<(u64, String)>,
    /// The data file's name: `draws.csv`, or `draws.csv.zst` where the run compressed it.
    pub data_file: &'static str,
    /// The spec as the manifest records it, the game's settings among its keys.
    pub spec: serde_json::Value,
}

impl Tables {
    /// Reads the tables of the match folder `dir`.
    pub fn read(dir: &Path) -> Result<Tables, StudyError> {
        let folder = ResultsFolder::new(dir);
        let manifest = Manifest::read(&folder.manifest())?;
        let spec = &manifest.spec;
        let text = |key: &str| spec[key].as_str().unwrap_or_default().to_string();
        let players = spec["players"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|p| p.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default();
        Ok(Tables {
            name: text("name"),
            description: text("description"),
            seed: spec["seed"].as_u64().unwrap_or_default(),
            players,
            records: tally::read(&dir.join("summary.csv"))?,
            ratings: ratings::read(&dir.join("ratings.csv"))?,
            pairs: read_pairs(&dir.join(pairs::FILE))?,
            shard: manifest.shard,
            data: manifest.data.map(|data| (data.bytes, data.describe())),
            data_file: manifest.compression.file_name(),
            spec: spec.clone(),
        })
    }

    /// The summary rows with `a` in `seat` (`first`, `second`, `both`).
    pub fn in_seat<'a>(&'a self, seat: &'a str) -> impl Iterator<Item = &'a SeatRecord> + 'a {
        self.records.iter().filter(move |r| r.a_seat == seat)
    }

    /// `scores[row][column]`: the row player's score against the column player.
    pub fn score_matrix(&self) -> Vec<Vec<Option<f64>>> {
        let n = self.players.len();
        let index = |name: &str| self.players.iter().position(|p| p == name);
        let mut scores = vec![vec![None; n]; n];
        for r in self.in_seat("both") {
            if let (Some(a), Some(b)) = (index(&r.a), index(&r.b)) {
                if a != b {
                    scores[a][b] = Some(r.a_score);
                    scores[b][a] = Some(1.0 - r.a_score);
                } else {
                    scores[a][a] = Some(r.a_score);
                }
            }
        }
        scores
    }

    /// `games[row][column]`: the games the row player played against the column player,
    /// both seats together (0 where they did not meet).
    pub fn games_matrix(&self) -> Vec<Vec<u64>> {
        let n = self.players.len();
        let index = |name: &str| self.players.iter().position(|p| p == name);
        let mut games = vec![vec![0; n]; n];
        for r in self.in_seat("both") {
            if let (Some(a), Some(b)) = (index(&r.a), index(&r.b)) {
                games[a][b] = r.games;
                games[b][a] = r.games;
            }
        }
        games
    }

    /// The summary rows of each pairing in each seat (not both seats together).
    pub fn seat_records(&self) -> impl Iterator<Item = &SeatRecord> {
        self.records.iter().filter(|r| r.a_seat != "both")
    }

    /// Whether every pairing has each of its players first in as many games, within one, so
    /// that the first-move advantage cancels in the scores and ratings. It does in a whole
    /// run; a shard of N holds the games i with i mod N = K-1, all of one parity (one seat)
    /// when N is even.
    pub fn seats_balanced(&self) -> bool {
        let mut first: std::collections::BTreeMap<&str, i128> = Default::default();
        for r in self.seat_records() {
            let sign = if r.a_seat == "first" { 1 } else { -1 };
            *first.entry(r.pairing.as_str()).or_default() += sign * r.games as i128;
        }
        first.values().all(|difference| difference.abs() <= 1)
    }

    /// Games over all pairings.
    pub fn games(&self) -> u64 {
        self.in_seat("both").map(|r| r.games).sum()
    }
}

/// Writes the charts and `REPORT.md` of the match folder `dir` of game `G`.
pub fn report<G: MatchGame>(dir: &Path) -> Result<(), StudyError> {
    let mut tables = Tables::read(dir)?;
    refit_ratings(dir, &mut tables)?;
    write_charts(dir, &tables)?;
    let mut out = generic_sections(&tables);
    let game: G = super::spec::recorded_game(&tables.spec)?;
    let section = game.report_section(dir, &tables)?;
    if !section.is_empty() {
        out.push('\n');
        out.push_str(&section);
    }
    Ok(write_atomic(&dir.join("REPORT.md"), out.as_bytes())?)
}

/// Fits `ratings.csv` again from the counts of `summary.csv`, cell by cell in the order
/// the run fitted them (pairings in the spec's order, the first seat before the second), so
/// that a folder's ratings always follow from its summary and seed by the current method.
fn refit_ratings(dir: &Path, tables: &mut Tables) -> Result<(), StudyError> {
    let index = |name: &str| tables.players.iter().position(|p| p == name);
    let cells: Vec<Cell> = tables
        .seat_records()
        .filter_map(|r| {
            Some(Cell {
                a: index(&r.a)?,
                b: index(&r.b)?,
                wdl: r.wdl(),
            })
        })
        .filter(|cell| cell.a != cell.b && cell.wdl.iter().sum::<u64>() > 0)
        .collect();
    let rows = ratings::fit_with_intervals(&tables.players, &cells, tables.seed);
    let path = dir.join("ratings.csv");
    write_atomic_with(&path, |file| Ok(ratings::write(file, &rows)?))?;
    tables.ratings = ratings::read(&path)?;
    Ok(())
}

/// Redraws the charts of the match folder `dir` (REPORT.md is left as it is).
pub fn plot(dir: &Path) -> Result<usize, StudyError> {
    write_charts(dir, &Tables::read(dir)?)
}

/// Which charts a folder gets: each only while it is within its limit (see
/// [`super::charts`]); the report's tables hold everything in any case.
#[derive(Clone, Copy, Debug)]
struct Drawn {
    results: bool,
    matrix: bool,
    ratings: bool,
}

impl Drawn {
    /// A folder of a player against itself alone gets none: it has no ratings and no matrix,
    /// and its self-play section's table holds its few figures.
    fn of(tables: &Tables) -> Drawn {
        let rated = !self_play::only_self_play(&tables.records);
        Drawn {
            results: rated && tables.players.len() <= MAX_MATRIX_PLAYERS,
            matrix: rated && tables.players.len() <= MAX_MATRIX_PLAYERS,
            ratings: rated && tables.ratings.len() <= MAX_RATED_PLAYERS,
        }
    }
}

/// The charts of a match folder that are within their limits: results per pairing, the
/// score matrix, the ratings. A chart past its limit is removed if an earlier report drew
/// it. Returns the number drawn.
fn write_charts(dir: &Path, tables: &Tables) -> Result<usize, StudyError> {
    let chart_dir = dir.join("charts");
    let name = &tables.name;
    let drawn = Drawn::of(tables);
    if drawn.results || drawn.matrix || drawn.ratings {
        std::fs::create_dir_all(&chart_dir)
            .io(|| format!("cannot create {}", chart_dir.display()))?;
    }
    remove_undrawn(&chart_dir, &drawn)?;
    if drawn.results {
        charts::render(
            &ResultsChart {
                title: format!("{name}: results per pairing and seat"),
                rows: tables.seat_records().cloned().collect(),
            },
            &chart_dir,
            "results",
        )?;
    }
    if drawn.matrix {
        charts::render(&matrix_chart(tables), &chart_dir, "matrix")?;
    }
    if drawn.ratings {
        charts::render(&ratings_chart(name, &tables.ratings), &chart_dir, "ratings")?;
    }
    Ok([drawn.results, drawn.matrix, drawn.ratings]
        .iter()
        .filter(|&&d| d)
        .count())
}

/// Removes the charts of an earlier report that this one does not draw.
fn remove_undrawn(chart_dir: &Path, drawn: &Drawn) -> Result<(), StudyError> {
    for (stem, draw) in [
        ("results", drawn.results),
        ("matrix", drawn.matrix),
        ("ratings", drawn.ratings),
    ] {
        if !draw {
            for extension in ["svg", "png"] {
                let path = chart_dir.join(format!("{stem}.{extension}"));
                if path.exists() {
                    std::fs::remove_file(&path)
                        .io(|| format!("cannot remove {}", path.display()))?;
                }
            }
        }
    }
    Ok(())
}

/// The players' scores against each other, with the games behind each.
fn matrix_chart(tables: &Tables) -> MatrixChart {
    MatrixChart {
        title: format!("{}: scores between players", tables.name),
        players: tables.players.clone(),
        scores: tables
            .score_matrix()
            .into_iter()
            .zip(tables.games_matrix())
            .map(|(scores, games)| {
                scores
                    .into_iter()
                    .zip(games)
                    .map(|(score, games)| score.map(|s| (s, games)))
                    .collect()
            })
            .collect(),
    }
}

/// The Markdown that shows chart `stem`, or says why there is none.
fn chart_or_why(drawn: bool, stem: &str, why: impl FnOnce() -> String) -> String {
    if drawn {
        format!("\n![{stem}](charts/{stem}.svg)\n")
    } else {
        format!("\nNo chart: {}; the table above has them all.\n", why())
    }
}

/// A share as the match reports print it: in percent with two decimals and its sign,
/// 0.863 → `86.30%`.
pub fn percent(share: f64) -> String {
    format!("{}%", percent_cell(share))
}

/// A share and its 95% interval as the match reports print them, the interval in the
/// share's unit: `86.30% [86.10, 86.50]`.
pub fn with_interval(share: f64, low: f64, high: f64) -> String {
    format!(
        "{}% [{}, {}]",
        percent_cell(share),
        percent_cell(low),
        percent_cell(high)
    )
}

fn rating_text(row: &RatingRow) -> String {
    match (row.rating, row.rating_low, row.rating_high) {
        (Some(r), Some(low), Some(high)) => {
            format!("{} [{}, {}]", signed(r, 1), signed(low, 1), signed(high, 1))
        }
        _ => "—".to_string(),
    }
}

/// Where `draws.csv` is not kept with the folder (a results folder commits its tables, not
/// gigabytes of games), its size and checksum say what `reproduce` must remake.
fn data_note(data: Option<&(u64, String)>) -> String {
    data.map_or(String::new(), |(bytes, hash)| {
        format!(
            "; {} bytes, {} as `manifest.json` records: where the file is not kept, \
             the manifest's `reproduce` command remakes it byte for byte",
            count(*bytes),
            hash
        )
    })
}

fn generic_sections(t: &Tables) -> String {
    let mut out = Document::new();
    opening(&mut out, t);
    if self_play::only_self_play(&t.records) {
        out.push_str(&self_play::section(&t.records));
        return out.into();
    }
    let drawn = Drawn::of(t);
    ratings_section(&mut out, t, drawn.ratings);
    matrix_section(&mut out, t, drawn.matrix);
    pairings_section(&mut out, t, drawn.results);
    let own = self_play::section(&t.records);
    if !own.is_empty() {
        out.push('\n');
        out.push_str(&own);
    }
    pairs_section(&mut out, t);
    out.into()
}

/// The title, the finding and what the folder holds; a shard says that it is one.
fn opening(out: &mut Document, t: &Tables) {
    let pairings = t.in_seat("both").count();
    writeln!(out, "# Results: {}\n", t.name);
    if !t.description.is_empty() {
        writeln!(out, "{}\n", t.description);
    }
    writeln!(out, "**Finding:** {}.\n", finding(&t.ratings, &t.records));
    writeln!(
        out,
        "{}, {pairings} pairing{}, {} games {}, master seed {}. Game i of a pairing \
         `a-vs-b` has `a` in the first seat when i is even; every game was replayed by the \
         game's referee before it counted. How the folder was made: `manifest.json`; the games \
         themselves: `{}` (one row each, with its moves{}).\n",
        players_text(t.players.len()),
        if pairings == 1 { "" } else { "s" },
        count(t.games()),
        if t.shard.is_some() {
            "in this shard"
        } else {
            "in all"
        },
        t.seed,
        t.data_file,
        data_note(t.data.as_ref())
    );
    if let Some(shard) = t.shard {
        writeln!(
            out,
            "**This folder is shard {shard} of a sharded run: it holds only the games whose index \
             i has i mod {} = {}, and everything below describes this shard alone, not the whole \
             match.** Merge the finished shards with `boardlab merge` for the full results.\n",
            shard.count,
            shard.index - 1
        );
    }
}

/// Every player's rating with its interval, ranked, and how the ratings were fitted.
fn ratings_section(out: &mut Document, t: &Tables, drawn: bool) {
    out.push_str("## Ratings\n\n");
    writeln!(
        out,
        "Bradley–Terry strengths with a draw as half a win for each side, fitted by maximum \
         likelihood over all games between different players and shown on the Elo scale \
         (mean 0; +400 means 10 to 1 odds in points); {PRIOR_GAMES} virtual drawn game per \
         pairing keeps unbeaten and winless players finite. Intervals: 95% percentile \
         bootstrap over games, stratified by pairing and seat ({} replicates, seeded), \
         widened to every rating that a score test of the player's own games does not reject \
         (the others held at their ratings), so that few games give wide intervals and a \
         player who won (lost) every game has no upper (lower) end, written ∞. {}\n",
        ratings::REPLICATES,
        seat_sentence(t)
    );
    let mut table = Table::new(["rank", "player", "rating [95% interval]", "games", "score"]);
    for (i, row) in t.ratings.iter().enumerate() {
        table.row([
            (i + 1).to_string(),
            format!("`{}`", row.player),
            rating_text(row),
            count(row.games),
            percent(row.score),
        ]);
    }
    out.table(&table);
    out.push_str(&chart_or_why(drawn, "ratings", || {
        format!(
            "{} rated players are more than the chart shows ({MAX_RATED_PLAYERS})",
            t.ratings.len()
        )
    }));
    out.push('\n');
}

/// The row player's score against the column player, every pair of players.
fn matrix_section(out: &mut Document, t: &Tables, drawn: bool) {
    out.push_str("## Scores between players\n\n");
    out.push_str(
        "The row player's score against the column player (wins + draws/2 over both seats); \
         see `summary.csv` for the counts.\n\n",
    );
    let numbers = (1..=t.players.len()).map(|i| i.to_string());
    let mut table = Table::new(std::iter::once("player".to_string()).chain(numbers));
    for (i, (player, row)) in t.players.iter().zip(t.score_matrix()).enumerate() {
        let cells = row
            .iter()
            .map(|s| s.map_or(String::new(), |s| format!("{}%", fixed(100.0 * s, 1))));
        table.row(std::iter::once(format!("{}. `{player}`", i + 1)).chain(cells));
    }
    out.table(&table);
    out.push_str(&chart_or_why(drawn, "matrix", || {
        format!(
            "{} players are more than the chart shows ({MAX_MATRIX_PLAYERS})",
            t.players.len()
        )
    }));
    out.push('\n');
}

/// Wins, draws and losses of each pairing in each seat.
fn pairings_section(out: &mut Document, t: &Tables, drawn: bool) {
    out.push_str("## Results per pairing\n\n");
    out.push_str(
        "Wins, draws and losses of the pairing's first-named player `a` in percent, with 95% \
         Wilson intervals, in each seat.\n\n",
    );
    let mut table = Table::new([
        "pairing",
        "`a` seat",
        "games",
        "`a` wins",
        "draws",
        "`a` losses",
        "mean plies",
    ]);
    for r in t.seat_records() {
        table.row([
            format!("`{}`", r.pairing),
            r.a_seat.to_string(),
            count(r.games),
            with_interval(r.a_win, r.a_win_low, r.a_win_high),
            with_interval(r.draw, r.draw_low, r.draw_high),
            with_interval(r.a_loss, r.a_loss_low, r.a_loss_high),
            fixed(r.mean_plies, 2),
        ]);
    }
    out.table(&table);
    out.push_str(&chart_or_why(drawn, "results", || {
        format!(
            "{} players are more than the chart shows ({MAX_MATRIX_PLAYERS})",
            t.players.len()
        )
    }));
}

/// The pairs of games of every pairing, as engine testers judge a match (`pairs.csv`).
fn pairs_section(out: &mut Document, t: &Tables) {
    if t.pairs.is_empty() {
        return;
    }
    let sprt = t.pairs.iter().find(|p| !p.sprt.is_empty());
    out.push_str("\n## Pairs of games: Elo, likelihood of superiority");
    out.push_str(if sprt.is_some() { ", SPRT\n\n" } else { "\n\n" });
    out.push_str(
        "Games 2k and 2k+1 of a pairing open alike with the seats swapped; each such pair \
         scores `a` 0, ½, 1, 1½ or 2 points (LL, LD, DD or WL, WD, WW). From those five \
         counts come the Elo difference of `a` over `b` with its 95% interval and the \
         likelihood of superiority (LOS: the chance that `a` is the stronger), as fishtest \
         computes them (the pentanomial model).",
    );
    if let Some(record) = sprt {
        write!(
            out,
            " Each pairing ran until its SPRT `{}` decided, or until its last game: the \
             generalized log-likelihood ratio (LLR) of H1, `a` is `elo1` logistic Elo \
             stronger, against H0, `elo0`, checked after every pair in game order, accepts H1 \
             at {} and H0 at {}.",
            record.sprt,
            bound(&record.sprt, Sprt::upper_bound),
            bound(&record.sprt, Sprt::lower_bound),
        );
    }
    let edge = elo_of_score(1.0);
    let at_edge = edge - 1e-3;
    if t.pairs
        .iter()
        .any(|p| p.elo_low <= -at_edge || p.elo_high >= at_edge)
    {
        write!(
            out,
            " An Elo of ±{} is the end of the scale: scores are clamped to 0.1%–99.9%, as \
             fishtest clamps them, so pairs that one-sided have no finite estimate.",
            fixed(edge, 1)
        );
    }
    out.push_str("\n\n");
    pairs_table(out, t, sprt.is_some());
}

/// A row per pairing: its pairs' counts, Elo with its interval, LOS and, where the pairings
/// ran an SPRT, its LLR and verdict.
fn pairs_table(out: &mut Document, t: &Tables, sprt: bool) {
    let mut header = vec![
        "pairing",
        "pairs",
        "LL / LD / DD+WL / WD / WW",
        "Elo of `a` [95% interval]",
        "LOS",
    ];
    if sprt {
        header.extend(["SPRT LLR", "verdict"]);
    }
    let mut table = Table::new(header);
    for p in &t.pairs {
        let counts: Vec<String> = p.counts().iter().map(|&c| count(c)).collect();
        let mut cells = vec![
            format!("`{}`", p.pairing),
            count(p.pairs),
            counts.join(" / "),
            format!(
                "{} [{}, {}]",
                signed(p.elo, 1),
                signed(p.elo_low, 1),
                signed(p.elo_high, 1)
            ),
            format!("{}%", fixed(100.0 * p.los, 1)),
        ];
        if sprt {
            cells.push(p.sprt_llr.map_or("—".to_string(), |l| signed(l, 2)));
            cells.push(p.sprt_verdict.clone());
        }
        table.row(cells);
    }
    out.table(&table);
}

/// A bound of the SPRT written `rule`, with two decimals.
fn bound(rule: &str, which: fn(&Sprt) -> f64) -> String {
    Sprt::parse(rule).map_or("—".to_string(), |sprt| signed(which(&sprt), 2))
}

/// `pairs.csv` of a folder, or nothing where the folder predates it.
fn read_pairs(path: &Path) -> Result<Vec<PairRecord>, StudyError> {
    if !path.is_file() {
        return Ok(Vec::new());
    }
    Ok(crate::output::read_csv(path)?)
}

/// Whether the seats are balanced, in the words of the ratings section.
fn seat_sentence(t: &Tables) -> String {
    match t.shard {
        _ if !t.seats_balanced() => format!(
            "**These ratings are seat-biased{}:** a pairing's games here do not have each \
             player first equally often (game i has `a` first when i is even), so the \
             first-move advantage does not cancel in them or in the scores below{}.",
            t.shard
                .map_or(String::new(), |s| format!(", from shard {s} alone")),
            if t.shard.is_some() {
                "; the merged folder's are not"
            } else {
                ""
            }
        ),
        Some(_) => "In this shard too, every pairing plays as many games in each seat, within \
                    one, so the first-move advantage cancels."
            .to_string(),
        None => "Every pairing plays as many games in each seat, within one, so the first-move \
                 advantage cancels."
            .to_string(),
    }
}

/// The match's one finding, the sentence its report opens with: the best player by
/// rating where its 95% interval clears the runner-up's, otherwise the tie, e.g.
/// `best: perfect, rating +412.3 [+410.1, +414.8], above the runner-up …`; where the players
/// include an engine's ladder of fixed depths, each other player's place on it
/// ([`super::ladder::finding`]).
pub fn finding(rows: &[RatingRow], records: &[SeatRecord]) -> String {
    let Some(best) = rows.first().filter(|r| r.rating.is_some()) else {
        let own: Vec<String> = self_play::first_seats(records)
            .iter()
            .map(FirstSeat::finding)
            .collect();
        if !own.is_empty() {
            return own.join("; ");
        }
        return "no ratings (no games between different players, or pairings that leave some unconnected)"
            .to_string();
    };
    // A yardstick's levels place the others better than a best player does.
    if let Some(text) = super::ladder::finding(rows, rating_text, |value| signed(value, 1)) {
        return text;
    }
    match rows.get(1) {
        None => format!("{} alone, rating {}", best.player, rating_text(best)),
        Some(second) if tied(best, second) => format!(
            "no single best: {} {} and {} {} overlap within their 95% intervals",
            best.player,
            rating_text(best),
            second.player,
            rating_text(second)
        ),
        Some(second) => format!(
            "best: {}, rating {}, above the runner-up {} {} (95% intervals apart)",
            best.player,
            rating_text(best),
            second.player,
            rating_text(second)
        ),
    }
}

/// The finding (see [`finding`]) with the folder's size: `… (of 16 players; DIR/REPORT.md
/// has all)`; a shard's says so, and whether its seats are unbalanced.
pub fn headline(dir: &Path) -> Result<String, StudyError> {
    let rows = ratings::read(&dir.join("ratings.csv"))?;
    let tables = Tables::read(dir).ok();
    let shard = tables
        .as_ref()
        .and_then(|t| t.shard)
        .map_or(String::new(), |s| format!(" in shard {s} alone"));
    let biased = if tables.as_ref().is_some_and(|t| !t.seats_balanced()) {
        ", seat-biased"
    } else {
        ""
    };
    let records = tables.as_ref().map_or(&[][..], |t| &t.records[..]);
    Ok(format!(
        "{} (of {}{shard}{biased}; {} has all)",
        finding(&rows, records),
        players_text(rows.len()),
        dir.join("REPORT.md").display()
    ))
}

/// `1 player`, `16 players`.
fn players_text(n: usize) -> String {
    format!("{n} player{}", if n == 1 { "" } else { "s" })
}

/// Whether the 95% rating intervals of `best` and the runner-up `second` overlap, so that
/// the data do not tell them apart; a player without an interval ties.
fn tied(best: &RatingRow, second: &RatingRow) -> bool {
    match (best.rating_low, second.rating_high) {
        (Some(low), Some(high)) => high >= low,
        _ => true,
    }
}
