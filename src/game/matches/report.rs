//! `REPORT.md` and the charts of a match folder, from its small files (`manifest.json`,
//! `summary.csv`, `ratings.csv`): the ratings, the score matrix and every pairing's results,
//! then the game's own section ([`super::MatchGame::report_section`]).

use super::charts::{MatrixChart, RatingsChart, ResultsChart};
use super::ratings::{self, RatingRow};
use super::tally::{self, SeatRecord};
use super::{MatchGame, ratings::PRIOR_GAMES};
use crate::experiment::StudyError;
use crate::experiment::{Manifest, ResultsFolder};
use crate::output::atomic::write_atomic;
use crate::output::charts;
use crate::output::error::IoContext;
use crate::output::numbers::thousands;
use std::fmt::Write;
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

    /// Games over all pairings.
    pub fn games(&self) -> u64 {
        self.in_seat("both").map(|r| r.games).sum()
    }
}

/// Writes the charts and `REPORT.md` of the match folder `dir` of game `G`.
pub fn report<G: MatchGame>(dir: &Path) -> Result<(), StudyError> {
    let tables = Tables::read(dir)?;
    write_charts(dir, &tables)?;
    let mut out = generic_sections::<G>(&tables);
    let game: G = super::spec::recorded_game(&tables.spec)?;
    let section = game.report_section(dir, &tables)?;
    if !section.is_empty() {
        out.push('\n');
        out.push_str(&section);
    }
    Ok(write_atomic(&dir.join("REPORT.md"), out.as_bytes())?)
}

/// Redraws the charts of the match folder `dir` (REPORT.md is left as it is).
pub fn plot(dir: &Path) -> Result<usize, StudyError> {
    write_charts(dir, &Tables::read(dir)?)
}

/// The three charts of a match folder: results per pairing, the score matrix, the ratings.
fn write_charts(dir: &Path, tables: &Tables) -> Result<usize, StudyError> {
    let chart_dir = dir.join("charts");
    std::fs::create_dir_all(&chart_dir).io(|| format!("cannot create {}", chart_dir.display()))?;
    let name = &tables.name;
    let seats: Vec<SeatRecord> = tables
        .records
        .iter()
        .filter(|r| r.a_seat != "both")
        .cloned()
        .collect();
    charts::render(
        &ResultsChart {
            title: format!("{name}: results per pairing and seat"),
            rows: seats,
        },
        &chart_dir,
        "results",
    )?;
    charts::render(
        &MatrixChart {
            title: format!("{name}: scores between players"),
            players: tables.players.clone(),
            scores: tables.score_matrix(),
        },
        &chart_dir,
        "matrix",
    )?;
    charts::render(
        &RatingsChart {
            title: format!("{name}: Bradley–Terry ratings"),
            rows: tables.ratings.clone(),
        },
        &chart_dir,
        "ratings",
    )?;
    Ok(3)
}

/// Shares in the report's tables: in percent with two decimals, with or without an interval.
pub use crate::output::numbers::{percent_cell as percent, with_interval};

fn rating_text(row: &RatingRow) -> String {
    match (row.rating, row.rating_low, row.rating_high) {
        (Some(r), Some(low), Some(high)) => format!("{r:+.1} [{low:+.1}, {high:+.1}]"),
        _ => "—".to_string(),
    }
}

fn generic_sections<G: MatchGame>(t: &Tables) -> String {
    let mut out = String::new();
    let pairings = t.in_seat("both").count();
    let _ = writeln!(out, "# {}: matches between bots of {}\n", t.name, G::PUZZLE);
    if !t.description.is_empty() {
        let _ = writeln!(out, "{}\n", t.description);
    }
    let _ = writeln!(
        out,
        "{} players, {pairings} pairing{}, {} games in all, master seed {}. Game i of a pairing \
         `a-vs-b` has `a` in the first seat when i is even; every game was replayed by the \
         game's referee before it counted. How the folder was made: `manifest.json`; the games \
         themselves: `draws.csv` (one row each, with its moves).\n",
        t.players.len(),
        if pairings == 1 { "" } else { "s" },
        thousands(t.games() as f64),
        t.seed
    );
    out.push_str("## Ratings\n\n");
    let _ = writeln!(
        out,
        "Bradley–Terry strengths with a draw as half a win for each side, fitted by maximum \
         likelihood over all games between different players and shown on the Elo scale \
         (mean 0; +400 means 10 to 1 odds in points); {PRIOR_GAMES} virtual drawn game per \
         pairing keeps unbeaten and winless players finite. Intervals: 95% percentile \
         bootstrap over games, stratified by pairing and seat ({} replicates, seeded). Every \
         pairing plays as many games in each seat, within one, so the first-move advantage \
         cancels.\n",
        ratings::REPLICATES
    );
    out.push_str(
        "| rank | player | rating [95% interval] | games | score |\n|---|---|---|---|---|\n",
    );
    for (i, row) in t.ratings.iter().enumerate() {
        let _ = writeln!(
            out,
            "| {} | `{}` | {} | {} | {}% |",
            i + 1,
            row.player,
            rating_text(row),
            thousands(row.games as f64),
            percent(row.score)
        );
    }
    out.push_str("\n![ratings](charts/ratings.svg)\n\n");
    out.push_str("## Scores between players\n\n");
    out.push_str(
        "The row player's score against the column player in percent (wins + draws/2 over \
         both seats); see `summary.csv` for the counts.\n\n",
    );
    let numbers: Vec<String> = (1..=t.players.len()).map(|i| i.to_string()).collect();
    let _ = writeln!(out, "| player | {} |", numbers.join(" | "));
    let _ = writeln!(out, "|---|{}", "---|".repeat(t.players.len()));
    for (i, (player, row)) in t.players.iter().zip(t.score_matrix()).enumerate() {
        let cells: Vec<String> = row
            .iter()
            .map(|s| s.map_or(String::new(), |s| format!("{:.1}", 100.0 * s)))
            .collect();
        let _ = writeln!(out, "| {}. `{player}` | {} |", i + 1, cells.join(" | "));
    }
    out.push_str("\n![matrix](charts/matrix.svg)\n\n");
    out.push_str("## Results per pairing\n\n");
    out.push_str(
        "Wins, draws and losses of the pairing's first-named player `a` in percent, with 95% \
         Wilson intervals, in each seat.\n\n\
         | pairing | `a` seat | games | `a` wins | draws | `a` losses | mean plies |\n\
         |---|---|---|---|---|---|---|\n",
    );
    for r in t.records.iter().filter(|r| r.a_seat != "both") {
        let _ = writeln!(
            out,
            "| `{}` | {} | {} | {} | {} | {} | {:.2} |",
            r.pairing,
            r.a_seat,
            thousands(r.games as f64),
            with_interval(r.a_win, r.a_win_low, r.a_win_high),
            with_interval(r.draw, r.draw_low, r.draw_high),
            with_interval(r.a_loss, r.a_loss_low, r.a_loss_high),
            r.mean_plies
        );
    }
    out.push_str("\n![results](charts/results.svg)\n");
    out
}

/// `best: perfect, rating +412.3 [+410.1, +414.8] (of 16 players; DIR/REPORT.md has all)`.
pub fn headline(dir: &Path) -> Result<String, StudyError> {
    let rows = ratings::read(&dir.join("ratings.csv"))?;
    let Some(best) = rows.first().filter(|r| r.rating.is_some()) else {
        return Ok(
            "no ratings (no games between different players, or pairings that leave some unconnected)"
                .to_string(),
        );
    };
    Ok(format!(
        "best: {}, rating {} (of {} players; {} has all)",
        best.player,
        rating_text(best),
        rows.len(),
        dir.join("REPORT.md").display()
    ))
}
