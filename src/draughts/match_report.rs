//! The draughts section of a match folder's `REPORT.md`: how strong the original Damebot is,
//! which search depth first beats it reliably, what each of its evaluation flags is worth
//! (players `damebot:-FLAG` against it), what the earlier reading of the article's prose
//! (`damebot:article`) missed, how long games last and how they end.
//!
//! Game lengths and endings come from `lengths.csv`, one row per pairing and one for all
//! games: plies (quartiles, definition 1 of Hyndman and Fan as in [`crate::stats::quantile`])
//! and how many games ended by each rule. It is written from `draws.csv`, replaying every
//! game, whenever the report is made beside it, and read back otherwise, so a folder whose
//! large `draws.csv` is not kept still reports.

use super::game::{Draughts, QUIET_PLY_LIMIT};
use super::moves::MoveText;
use super::referee::Ending;
use crate::experiment::Describe;
use crate::experiment::StudyError;
use crate::game::Game;
use crate::game::matches::report::{Tables, percent, with_interval};
use crate::game::matches::row::GameRow;
use crate::game::matches::tally::SeatRecord;
use crate::output::atomic::write_atomic_with;
use crate::output::document::{Document, Table};
use crate::output::numbers::{count, signed};
use crate::stats::proportion::{Z95, wilson};
use crate::stats::quantile::quantile_rank;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

/// Results of this module: a puzzle's error ([`StudyError`]) unless another is named.
type Result<T, E = StudyError> = std::result::Result<T, E>;

/// The table's file name in a match folder.
pub const LENGTHS_FILE: &str = "lengths.csv";

/// Win rate above which (lower end of its 95% Wilson interval) a bot beats Damebot
/// "reliably".
pub const RELIABLE_WIN_RATE: f64 = 0.9;

/// One row of `lengths.csv`: a pairing's (or, as `all`, every game's) length and endings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LengthRow {
    pub pairing: String,
    pub games: u64,
    pub plies_min: u32,
    pub plies_q1: u32,
    pub plies_median: u32,
    pub plies_q3: u32,
    pub plies_max: u32,
    pub no_move: u64,
    pub repetition: u64,
    pub quiet_plies: u64,
    pub ply_cap: u64,
}

impl LengthRow {
    fn new(pairing: &str, plies: &mut [u32], endings: &[u64; 4]) -> LengthRow {
        plies.sort_unstable();
        let n = plies.len() as u64;
        let at = |p: f64| plies[quantile_rank(n, p).expect("p is in [0, 1]") as usize - 1];
        LengthRow {
            pairing: pairing.to_string(),
            games: n,
            plies_min: plies[0],
            plies_q1: at(0.25),
            plies_median: at(0.5),
            plies_q3: at(0.75),
            plies_max: plies[plies.len() - 1],
            no_move: endings[0],
            repetition: endings[1],
            quiet_plies: endings[2],
            ply_cap: endings[3],
        }
    }

    /// Drawn games.
    pub fn draws(&self) -> u64 {
        self.repetition + self.quiet_plies + self.ply_cap
    }
}

/// How a game of `moves` (texts, legal as the referee found them) ends under `game`.
pub fn ending_of(game: &Draughts, moves: &[&str]) -> Result<Ending> {
    let mut position = game.start();
    let mut legal = Vec::new();
    for text in moves {
        game.legal_moves(&position, &mut legal);
        let mv = MoveText::parse(text)?.resolve(&legal, text)?;
        game.advance(&mut position, &mv);
    }
    match game.ending(&position) {
        None => Err(format!("the game {} is not over", moves.join(" ")).into()),
        Some((_, ending)) => Ok(ending),
    }
}

/// A game row's pairing, plies and ending (`place` names the row in errors).
fn game_of_row<'a>(
    game: &Draughts,
    line: &'a str,
    place: &dyn Fn() -> String,
) -> Result<(&'a str, u32, Ending)> {
    let row = GameRow::parse(line).ok_or_else(|| format!("{}: not a game row", place()))?;
    let plies =
        u32::try_from(row.plies).describe(|| format!("{}: plies {}", place(), row.plies))?;
    let texts: Vec<&str> = row.moves.split(' ').filter(|m| !m.is_empty()).collect();
    let ending = ending_of(game, &texts).describe(place)?;
    Ok((row.pairing, plies, ending))
}

/// The bytes of `draws.csv` read at a time; their whole rows are replayed on every core.
const READ_SIZE: u64 = 8 << 20;

/// The length table of a `draws.csv`: one row per pairing in file order, then `all`.
pub fn lengths(game: &Draughts, draws: &Path) -> Result<Vec<LengthRow>> {
    lengths_read_by(game, draws, READ_SIZE)
}

/// [`lengths`], reading `read_size` bytes at a time (the table does not depend on it).
fn lengths_read_by(game: &Draughts, draws: &Path, read_size: u64) -> Result<Vec<LengthRow>> {
    let shown = draws.display();
    let mut file = crate::experiment::data_file::open_text(draws)?;
    let mut order: Vec<String> = Vec::new();
    let mut by_pairing: BTreeMap<String, (Vec<u32>, [u64; 4])> = BTreeMap::new();
    // Each game is replayed to find how it ended: the rows read so far on every core, tallied
    // in file order. Only the reading and the splitting into lines run on one thread.
    let mut bytes = Vec::new();
    let mut lines_before = 0;
    loop {
        let kept = bytes.len();
        let read = (&mut file)
            .take(read_size)
            .read_to_end(&mut bytes)
            .describe(|| format!("cannot read {shown}"))?;
        let end = match memchr::memrchr(b'\n', &bytes[kept..]) {
            _ if read == 0 => bytes.len(),
            Some(at) => kept + at + 1,
            None => continue,
        };
        let lines = lines_of(&bytes[..end]);
        let games: Vec<(&str, u32, Ending)> = lines
            .par_iter()
            .enumerate()
            .filter(|(i, _)| lines_before + i > 0)
            .map(|(i, line)| {
                let place = || format!("{shown}, line {}", lines_before + i + 1);
                let line = std::str::from_utf8(line)
                    .describe(|| format!("{}: not UTF-8 text", place()))?;
                game_of_row(game, line, &place)
            })
            .collect::<Result<_>>()?;
        for (pairing, plies, ending) in games {
            if !by_pairing.contains_key(pairing) {
                order.push(pairing.to_string());
            }
            let entry = by_pairing.entry(pairing.to_string()).or_default();
            entry.0.push(plies);
            entry.1[Ending::ALL.iter().position(|e| *e == ending).unwrap()] += 1;
        }
        lines_before += lines.len();
        bytes.drain(..end);
        if read == 0 {
            break;
        }
    }
    Ok(length_rows(&order, &mut by_pairing))
}

/// A row per pairing in `order`, then one of all pairings together.
fn length_rows(
    order: &[String],
    by_pairing: &mut BTreeMap<String, (Vec<u32>, [u64; 4])>,
) -> Vec<LengthRow> {
    let mut rows = Vec::new();
    let mut all_plies = Vec::new();
    let mut all_endings = [0u64; 4];
    for pairing in order {
        let (plies, endings) = by_pairing.get_mut(pairing).expect("listed pairings");
        all_plies.extend_from_slice(plies);
        for (total, count) in all_endings.iter_mut().zip(endings.iter()) {
            *total += count;
        }
        rows.push(LengthRow::new(pairing, plies, endings));
    }
    if !all_plies.is_empty() {
        rows.push(LengthRow::new("all", &mut all_plies, &all_endings));
    }
    rows
}

/// The lines of `bytes` without their line breaks (`\n` or `\r\n`; a last line without one
/// is kept whole), as `BufRead::lines` gives them.
fn lines_of(bytes: &[u8]) -> Vec<&[u8]> {
    crate::experiment::lines(bytes)
        .map(|line| match line.strip_suffix(b"\n") {
            Some(line) => line.strip_suffix(b"\r").unwrap_or(line),
            None => line,
        })
        .collect()
}

/// Writes `lengths.csv` from `draws.csv` when it is there, and reads `lengths.csv` back
/// (`None` when neither is there).
fn lengths_table(game: &Draughts, folder: &Path) -> Result<Option<Vec<LengthRow>>> {
    let path = folder.join(LENGTHS_FILE);
    let draws = crate::experiment::ResultsFolder::new(folder).draws();
    if draws.is_file() {
        let rows = lengths(game, &draws)?;
        write_atomic_with(&path, |file| {
            let mut writer = csv::Writer::from_writer(file);
            for row in &rows {
                writer.serialize(row)?;
            }
            writer.flush()?;
            Ok(())
        })?;
    }
    if !path.is_file() {
        return Ok(None);
    }
    Ok(Some(crate::output::read_csv(&path)?))
}

/// `record` (over both seats) from the point of view of `player`: its wins, draws, losses
/// and the opponent.
fn from_side<'a>(record: &'a SeatRecord, player: &str) -> Option<(&'a str, [u64; 3])> {
    if record.a == player && record.b != player {
        Some((&record.b, [record.a_wins, record.draws, record.a_losses]))
    } else if record.b == player && record.a != player {
        Some((&record.a, [record.a_losses, record.draws, record.a_wins]))
    } else {
        None
    }
}

/// A row's games, wins, draws and losses with their intervals, and its score.
fn wdl_cells(wdl: [u64; 3]) -> [String; 5] {
    let n: u64 = wdl.iter().sum();
    let cell = |k: u64| {
        let (low, high) = wilson(k, n, Z95);
        with_interval(k as f64 / n.max(1) as f64, low, high)
    };
    [
        count(n),
        cell(wdl[0]),
        cell(wdl[1]),
        cell(wdl[2]),
        percent((wdl[0] as f64 + wdl[1] as f64 / 2.0) / n.max(1) as f64),
    ]
}

/// A table of a row name and the columns of [`wdl_cells`].
fn wdl_table(name: &str, wins: &str, score: &str) -> Table {
    Table::new([
        name,
        "games",
        wins,
        "draws",
        &wins.replace("wins", "losses"),
        score,
    ])
}

/// The report's draughts section.
pub fn section(game: &Draughts, folder: &Path, tables: &Tables) -> Result<String> {
    let mut out = Document::from("## Draughts: Damebot, search depth, its flags, game lengths\n\n");
    writeln!(
        out,
        "{} rules (`docs/draughts-contract.md`). Draws, the project's convention for automated \
         play: threefold repetition of a position with the same side to move, {QUIET_PLY_LIMIT} \
         consecutive plies without a capture or a man move, or the cap of {} plies. Bots: \
         `random`; `damebot`, the original Damebot as its author's TypeScript chooses (ported \
         exactly and checked against the original); `damebot:-FLAG`, the same without one of \
         its evaluation flags (that flag counts zero); `damebot:article`, an earlier reading \
         of the article's prose; `alphabeta:D`, negamax to depth D on material and \
         advancement; `mcts:N`, UCT with N random playouts a move. Each game's moves are in \
         `draws.csv` when it is kept.\n",
        match game.rules {
            super::Rules::Czech => "Czech draughts under the Czech",
            super::Rules::English => "English checkers under the English",
            super::Rules::Damebot => "Draughts under the original Damebot's",
        },
        game.max_plies
    );
    damebot_part(&mut out, tables);
    depth_part(&mut out, tables);
    flags_part(&mut out, tables);
    article_part(&mut out, tables);
    match lengths_table(game, folder)? {
        Some(rows) => lengths_part(&mut out, &rows),
        None => out.push_str(
            "### Game lengths\n\nNeither `draws.csv` nor `lengths.csv` is in this folder.\n",
        ),
    }
    Ok(out.into())
}

/// `player`'s wins, draws and losses against `opponent`, both seats together.
fn results_between(tables: &Tables, player: &str, opponent: &str) -> Option<[u64; 3]> {
    tables.in_seat("both").find_map(|record| {
        from_side(record, player)
            .filter(|(other, _)| *other == opponent)
            .map(|(_, wdl)| wdl)
    })
}

/// A score (wins plus half the draws, per game) in percent with its 95% interval, the normal
/// interval of a mean from the games' own spread (each game scores 1, ½ or 0); "–" without
/// games.
fn score_cell(wdl: Option<[u64; 3]>) -> String {
    let Some([wins, draws, losses]) = wdl.filter(|wdl| wdl.iter().sum::<u64>() > 0) else {
        return "–".to_string();
    };
    let games = (wins + draws + losses) as f64;
    let mean = (wins as f64 + draws as f64 / 2.0) / games;
    let variance = (wins as f64 + draws as f64 / 4.0) / games - mean * mean;
    let half_width = Z95 * (variance.max(0.0) / games).sqrt();
    with_interval(
        mean,
        (mean - half_width).max(0.0),
        (mean + half_width).min(1.0),
    )
}

fn rating_of(tables: &Tables, player: &str) -> Option<f64> {
    tables
        .ratings
        .iter()
        .find(|r| r.player == player)
        .and_then(|r| r.rating)
}

fn flags_part(out: &mut Document, tables: &Tables) {
    let variants: Vec<(&str, u8, String)> = crate::draughts::original::evaluate::flag::NAMES
        .iter()
        .map(|&(name, value)| (name, value, format!("damebot:-{name}")))
        .filter(|(_, _, player)| tables.players.contains(player))
        .collect();
    if variants.is_empty() {
        return;
    }
    out.push_str("### What each of Damebot's flags is worth\n\n");
    out.push_str(
        "Damebot without one flag (it counts zero; everything else as the original), against \
         Damebot itself, `random` and `alphabeta:1`: the variant's score (wins and half the \
         draws) in percent with a 95% interval, and its rating less Damebot's. A score below \
         50% against Damebot means the flag helps. A flag counting zero leaves the moves it \
         marks at 0, the evaluation's other branches unchanged: without `safe` a safe move \
         ranks below a man's step into danger (1), and without `edge` an edge square below a \
         safe one, so these rows measure the flag's place in the ordering as well as its \
         value.\n\n",
    );
    let mut table = Table::new([
        "without",
        "value",
        "vs `damebot`",
        "vs `random`",
        "vs `alphabeta:1`",
        "rating − Damebot's",
    ]);
    let damebot_rating = rating_of(tables, "damebot");
    let mut costs: Vec<(f64, &str)> = Vec::new();
    for (name, value, player) in &variants {
        let against = |opponent: &str| score_cell(results_between(tables, player, opponent));
        let difference = match (rating_of(tables, player), damebot_rating) {
            (Some(r), Some(d)) => signed(r - d, 0),
            _ => "–".to_string(),
        };
        if let Some([w, d, l]) = results_between(tables, player, "damebot") {
            costs.push(((2 * w + d) as f64 / (2 * (w + d + l)).max(1) as f64, name));
        }
        table.row([
            format!("`{name}`"),
            value.to_string(),
            against("damebot"),
            against("random"),
            against("alphabeta:1"),
            difference,
        ]);
    }
    out.table(&table);
    costs.sort_by(|a, b| a.0.total_cmp(&b.0));
    if let (Some((worst, name)), Some((best, other))) = (costs.first(), costs.last()) {
        writeln!(
            out,
            "\nRemoving `{name}` costs most: without it Damebot scores {} against the \
             original; removing `{other}` costs least ({}).\n",
            percent(*worst),
            percent(*best)
        );
    }
}

fn article_part(out: &mut Document, tables: &Tables) {
    let player = "damebot:article";
    if !tables.players.iter().any(|p| p == player) {
        return;
    }
    out.push_str("### What reading the article's prose missed\n\n");
    let difference = match (rating_of(tables, player), rating_of(tables, "damebot")) {
        (Some(r), Some(d)) => signed(r - d, 0),
        _ => "not defined".to_string(),
    };
    writeln!(
        out,
        "`damebot:article` is the project's reading of the article before the original's \
         source was read (a capture scores its weight; a step scores minus the moved piece's \
         weight if it will be threatened, plus 1 if it crowns). It answers how much of \
         Damebot's play the prose leaves out. Its score against Damebot: {}; against \
         `random`: {}; against `alphabeta:1`: {}; its rating less Damebot's: {difference}.\n",
        score_cell(results_between(tables, player, "damebot")),
        score_cell(results_between(tables, player, "random")),
        score_cell(results_between(tables, player, "alphabeta:1")),
    );
}

fn damebot_part(out: &mut Document, tables: &Tables) {
    out.push_str("### How strong is Damebot\n\n");
    let Some(rank) = tables.ratings.iter().position(|r| r.player == "damebot") else {
        out.push_str("Damebot does not play in this match.\n\n");
        return;
    };
    let row = &tables.ratings[rank];
    let rating = match (row.rating, row.rating_low, row.rating_high) {
        (Some(r), Some(low), Some(high)) => {
            format!("{} [{}, {}]", signed(r, 1), signed(low, 1), signed(high, 1))
        }
        _ => "not defined".to_string(),
    };
    writeln!(
        out,
        "Damebot's rating is {rating} (rank {} of {}, score {} over {} games). Its results \
         against each bot, both seats together, in percent with 95% Wilson intervals:\n",
        rank + 1,
        tables.ratings.len(),
        percent(row.score),
        count(row.games)
    );
    let mut table = wdl_table("opponent", "Damebot wins", "Damebot's score");
    for record in tables.in_seat("both") {
        if let Some((opponent, wdl)) = from_side(record, "damebot") {
            table.row(std::iter::once(format!("`{opponent}`")).chain(wdl_cells(wdl)));
        }
    }
    out.table(&table);
    out.push('\n');
}

fn depth_part(out: &mut Document, tables: &Tables) {
    out.push_str("### Which search depth beats Damebot reliably\n\n");
    let mut depths: Vec<(u32, &str, [u64; 3])> = tables
        .in_seat("both")
        .filter_map(|record| {
            let (opponent, wdl) = from_side(record, "damebot")?;
            let depth = opponent.strip_prefix("alphabeta:")?.parse().ok()?;
            Some((depth, opponent, [wdl[2], wdl[1], wdl[0]]))
        })
        .collect();
    depths.sort();
    if depths.is_empty() {
        out.push_str("No alphabeta bot meets Damebot in this match.\n\n");
        return;
    }
    writeln!(
        out,
        "\"Reliably\": the bot wins more than {} of its games against Damebot, the whole 95% \
         Wilson interval of its win rate above that line.\n",
        percent(RELIABLE_WIN_RATE)
    );
    let mut table = wdl_table("bot", "its wins", "its score");
    // Above the line: the whole interval; below it: the whole interval; the rest straddle it.
    let (mut above, mut straddling, mut below) = (Vec::new(), Vec::new(), Vec::new());
    for (_, name, wdl) in &depths {
        let n: u64 = wdl.iter().sum();
        let (low, high) = wilson(wdl[0], n, Z95);
        let side = if low > RELIABLE_WIN_RATE {
            &mut above
        } else if high < RELIABLE_WIN_RATE {
            &mut below
        } else {
            &mut straddling
        };
        side.push(format!("`{name}`"));
        table.row(std::iter::once(format!("`{name}`")).chain(wdl_cells(*wdl)));
    }
    out.table(&table);
    let groups = [
        ("above the line", &above),
        ("its interval containing the line", &straddling),
        ("below the line", &below),
    ];
    let listed: Vec<String> = groups
        .iter()
        .filter(|(_, names)| !names.is_empty())
        .map(|(what, names)| format!("{what}: {}", names.join(", ")))
        .collect();
    match above.first() {
        Some(first) => {
            write!(
                out,
                "\nThe shallowest search that beats Damebot reliably is {first}"
            );
        }
        None => out.push_str("\nNo alphabeta depth here beats Damebot reliably"),
    }
    write!(out, "; {}.\n\n", listed.join("; "));
}

fn lengths_part(out: &mut Document, rows: &[LengthRow]) {
    out.push_str("### How long games last and how they end\n\n");
    if let Some(all) = rows.iter().find(|r| r.pairing == "all") {
        let (low, high) = wilson(all.draws(), all.games, Z95);
        writeln!(
            out,
            "Over all {} games: median {} plies (quartiles {} and {}, range {}–{}); {} drawn \
             ({} by repetition, {} by {QUIET_PLY_LIMIT} quiet plies, {} by the ply cap, of \
             all games).\n",
            count(all.games),
            all.plies_median,
            all.plies_q1,
            all.plies_q3,
            all.plies_min,
            all.plies_max,
            with_interval(all.draws() as f64 / all.games as f64, low, high),
            percent(all.repetition as f64 / all.games as f64),
            percent(all.quiet_plies as f64 / all.games as f64),
            percent(all.ply_cap as f64 / all.games as f64),
        );
    }
    out.push_str(
        "Per pairing (`lengths.csv`): plies as quartiles, and the games drawn, with the rule \
         that drew them.\n\n",
    );
    let mut table = Table::new([
        "pairing",
        "games",
        "plies q1 / median / q3",
        "drawn",
        "repetition",
        "quiet plies",
        "ply cap",
    ]);
    for row in rows.iter().filter(|r| r.pairing != "all") {
        table.row([
            format!("`{}`", row.pairing),
            count(row.games),
            format!("{} / {} / {}", row.plies_q1, row.plies_median, row.plies_q3),
            percent(row.draws() as f64 / row.games.max(1) as f64),
            count(row.repetition),
            count(row.quiet_plies),
            count(row.ply_cap),
        ]);
    }
    out.table(&table);
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::Rules;

    #[test]
    fn quartiles_are_observed_values_and_endings_are_counted() {
        let mut plies = vec![40, 10, 30, 20];
        let row = LengthRow::new("x", &mut plies, &[1, 2, 0, 1]);
        assert_eq!(
            (row.plies_min, row.plies_q1, row.plies_median, row.plies_q3),
            (10, 10, 20, 30)
        );
        assert_eq!((row.plies_max, row.draws(), row.games), (40, 3, 4));
    }

    #[test]
    fn a_score_s_interval_comes_from_the_games_own_spread() {
        assert_eq!(score_cell(None), "–");
        // All draws: every game scores ½, no spread.
        assert_eq!(score_cell(Some([0, 100, 0])), with_interval(0.5, 0.5, 0.5));
        // 60 wins, 40 losses: mean 0.6, sd 0.49, half-width 1.96 · 0.049.
        let half = Z95 * (0.24f64 / 100.0).sqrt();
        assert_eq!(
            score_cell(Some([60, 0, 40])),
            with_interval(0.6, 0.6 - half, 0.6 + half)
        );
    }

    /// A match of Damebot against alpha-beta bots with the given (wins, draws, losses) of
    /// the bot.
    fn depth_tables(bots: &[(&str, [u64; 3])]) -> Tables {
        use crate::game::matches::spec::Pairing;
        use crate::game::matches::tally::Counts;
        let records = bots
            .iter()
            .map(|(bot, [w, d, l])| {
                let pairing = Pairing {
                    label: format!("damebot-vs-{bot}"),
                    a: "damebot".to_string(),
                    b: bot.to_string(),
                    games: None,
                };
                let counts = Counts {
                    wdl: [*l, *d, *w],
                    plies: 0,
                };
                SeatRecord::new(&pairing, "both", &counts)
            })
            .collect();
        Tables {
            name: "depths".to_string(),
            description: String::new(),
            seed: 1,
            players: std::iter::once("damebot")
                .chain(bots.iter().map(|b| b.0))
                .map(String::from)
                .collect(),
            records,
            ratings: Vec::new(),
            pairs: Vec::new(),
            shard: None,
            data: None,
            data_file: "draws.csv",
            spec: serde_json::Value::Null,
        }
    }

    #[test]
    fn a_bot_whose_interval_contains_the_line_is_named_apart_from_those_below_it() {
        // 900 of 1,000 wins: 90.00% [88.00, 91.70] straddles 90%; 980 of 1,000 lies above,
        // 500 of 1,000 below.
        let tables = depth_tables(&[
            ("alphabeta:2", [900, 0, 100]),
            ("alphabeta:4", [980, 0, 20]),
            ("alphabeta:1", [500, 0, 500]),
        ]);
        let mut out = Document::new();
        depth_part(&mut out, &tables);
        assert!(
            out.contains(
                "The shallowest search that beats Damebot reliably is `alphabeta:4`; \
                 above the line: `alphabeta:4`; its interval containing the line: \
                 `alphabeta:2`; below the line: `alphabeta:1`.\n"
            ),
            "{out}"
        );
        let tables = depth_tables(&[("alphabeta:2", [900, 0, 100])]);
        let mut out = Document::new();
        depth_part(&mut out, &tables);
        assert!(
            out.contains(
                "No alphabeta depth here beats Damebot reliably; its interval containing \
                 the line: `alphabeta:2`.\n"
            ),
            "{out}"
        );
    }

    #[test]
    fn lines_are_split_as_bufread_splits_them() {
        for text in [
            "",
            "a",
            "a\n",
            "a\r\nb",
            "a\n\nb\r",
            "\r\n\r\nx\r\n",
            "h\nc3-d4\r\n",
        ] {
            let expected: Vec<String> = std::io::BufRead::lines(text.as_bytes())
                .map(|line| line.unwrap())
                .collect();
            let found: Vec<&[u8]> = lines_of(text.as_bytes());
            let found: Vec<&str> = found
                .iter()
                .map(|l| std::str::from_utf8(l).unwrap())
                .collect();
            assert_eq!(found, expected, "{text:?}");
        }
    }

    #[test]
    fn the_length_table_and_its_errors_do_not_depend_on_the_read_size() {
        let game = Draughts {
            rules: Rules::Czech,
            max_plies: 2,
        };
        let dir = tempfile::tempdir().unwrap();
        let draws = dir.path().join("draws.csv");
        let mut text = Document::from("pairing,game,first,second,result,plies,moves\n");
        for i in 0..60 {
            let (pairing, plies, moves) = match i % 3 {
                0 => ("a-vs-b", 2 + i, "c3-d4 f6-e5"),
                1 => ("c-vs-d", 90 - i, "e3-f4 b6-a5"),
                _ => ("a-vs-b", 7, "a3-b4 h6-g5"),
            };
            let line_break = if i % 4 == 0 { "\r\n" } else { "\n" };
            write!(text, "{pairing},{i},a,b,1/2,{plies},{moves}{line_break}");
        }
        std::fs::write(&draws, &text).unwrap();
        let whole = lengths_read_by(&game, &draws, 1 << 20).unwrap();
        assert_eq!(whole.len(), 3);
        assert_eq!(
            (whole[2].games, whole[2].plies_min, whole[2].plies_max),
            (60, 2, 89)
        );
        let bad = dir.path().join("bad.csv");
        std::fs::write(
            &bad,
            text.replace("38,a,b,1/2,7,a3-b4", "38,a,b,1/2,7,a3-a4"),
        )
        .unwrap();
        for size in [1, 5, 44, 45, 46, 100, 333] {
            let found = lengths_read_by(&game, &draws, size).unwrap();
            assert_eq!(found, whole, "read {size} bytes at a time");
            let error = lengths_read_by(&game, &bad, size).unwrap_err().to_string();
            assert!(error.ends_with("bad.csv, line 40"), "{error}");
        }
    }

    #[test]
    fn a_capped_game_ends_by_the_cap_and_a_lost_one_by_no_move() {
        let game = Draughts {
            rules: Rules::Czech,
            max_plies: 2,
        };
        assert_eq!(
            ending_of(&game, &["c3-d4", "f6-e5"]).unwrap(),
            Ending::PlyCap
        );
        assert!(ending_of(&game, &["c3-d4"]).is_err());
    }
}
