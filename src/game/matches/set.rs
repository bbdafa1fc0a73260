//! The folder of a set of match runs ([`crate::experiment::run_set`]): the same match under
//! each value of the game's list key (draughts: each rule set), one member folder per value.
//! What a set of a player against itself measures is the game under each value: the first
//! player's score, the draws and the game length, compared across the members in
//! `summary.csv`, two charts and `REPORT.md`. Pairings of different players are in each
//! member's own report; the set's report quotes each member's finding.

use super::report::{Tables, finding, with_interval};
use super::self_play::{self, FirstSeat, first_seats};
use super::{ListKey, MatchGame};
use crate::experiment::StudyError;
use crate::experiment::inspect::{ShowOptions, SummaryLayout, summary_table};
use crate::experiment::run_set::{RunSet, SetReport};
use crate::output::atomic::write_atomic;
use crate::output::charts::{self, IntervalChart, IntervalRow, Layers, Look};
use crate::output::document::{Align, Document, Table};
use crate::output::error::IoContext;
use crate::output::numbers::{count, fixed};
use crate::output::table::wrap;
use std::path::Path;

/// One member's first seat: the member's value and the record.
#[derive(Clone, Debug)]
pub struct MemberFirstSeat {
    pub value: String,
    pub first: FirstSeat,
}

/// What the set's report is made from: each member's tables, in the spec's order.
pub struct SetTables {
    pub set: RunSet,
    pub members: Vec<(String, Tables)>,
    /// The first seat of every pairing of a player against itself, member by member.
    pub first_seats: Vec<MemberFirstSeat>,
}

impl SetTables {
    /// Reads every member's folder; a member that is missing or not complete is an error
    /// that says how to finish it.
    pub fn read(dir: &Path, set: &RunSet) -> Result<SetTables, StudyError> {
        let mut members = Vec::new();
        for value in &set.values {
            let member = RunSet::member_dir(dir, value);
            let tables = Tables::read(&member).map_err(|e| {
                format!(
                    "{} = {value}: {} is not a finished member of the set ({e}); finish it with boardlab run SPEC --out {} --resume",
                    set.key,
                    member.display(),
                    dir.display()
                )
            })?;
            members.push((value.clone(), tables));
        }
        let first_seats = members
            .iter()
            .flat_map(|(value, tables)| {
                first_seats(&tables.records)
                    .into_iter()
                    .map(|first| MemberFirstSeat {
                        value: value.clone(),
                        first,
                    })
            })
            .collect();
        Ok(SetTables {
            set: set.clone(),
            members,
            first_seats,
        })
    }

    /// The players who play themselves, in order of first appearance.
    fn self_players(&self) -> Vec<String> {
        let mut players: Vec<String> = Vec::new();
        for m in &self.first_seats {
            if !players.contains(&m.first.player) {
                players.push(m.first.player.clone());
            }
        }
        players
    }

    /// Whether a member has a pairing of two different players.
    fn has_matches(&self) -> bool {
        self.members
            .iter()
            .any(|(_, t)| t.records.iter().any(|r| r.a != r.b))
    }
}

/// "russian, brazilian and pool"; "czech" alone.
fn listed(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The set's one finding: for each player against itself, where the first player's 95%
/// score interval excludes 50% (above, below) and the range of the draws; without such
/// players, each member's own finding.
pub fn set_finding(t: &SetTables, noun: &str) -> String {
    let players = t.self_players();
    if players.is_empty() {
        let each: Vec<String> = t
            .members
            .iter()
            .map(|(value, tables)| {
                format!("{value}: {}", finding(&tables.ratings, &tables.records))
            })
            .collect();
        return each.join("; ");
    }
    let clauses: Vec<String> = players
        .iter()
        .map(|player| {
            let own: Vec<&MemberFirstSeat> = (t.first_seats.iter())
                .filter(|m| &m.first.player == player)
                .collect();
            format!(
                "{player} against itself: {}; {}",
                first_player_clause(&own, noun),
                draws_clause(&own)
            )
        })
        .collect();
    clauses.join("; ")
}

/// Where one player's first seat scores above or below 50%, by its 95% score interval.
fn first_player_clause(own: &[&MemberFirstSeat], noun: &str) -> String {
    let (mut above, mut below) = (Vec::new(), Vec::new());
    for m in own {
        let (low, high) = m.first.score_interval();
        if low > 0.5 {
            above.push(m.value.as_str());
        } else if high < 0.5 {
            below.push(m.value.as_str());
        }
    }
    match (above.is_empty(), below.is_empty()) {
        (true, true) => format!(
            "the first player's 95% score interval holds 50% under {}",
            if own.len() == 1 {
                own[0].value.clone()
            } else {
                format!("each of the {} {noun}", own.len())
            }
        ),
        (false, true) => format!(
            "the first player's score excludes 50% in {} (above)",
            listed(&above)
        ),
        (true, false) => format!(
            "the first player's score excludes 50% in {} (below)",
            listed(&below)
        ),
        (false, false) => format!(
            "the first player's score excludes 50% in {} (above) and in {} (below)",
            listed(&above),
            listed(&below)
        ),
    }
}

/// The fewest and the most draws of one player's members, with their intervals.
fn draws_clause(own: &[&MemberFirstSeat]) -> String {
    let draws = |m: &MemberFirstSeat| {
        let (share, low, high) = m.first.share(1);
        format!("{} in {}", with_interval(share, low, high), m.value)
    };
    let by_draws = |a: &&&MemberFirstSeat, b: &&&MemberFirstSeat| {
        a.first.share(1).0.total_cmp(&b.first.share(1).0)
    };
    let fewest = own.iter().min_by(by_draws).expect("a player has a member");
    let most = own.iter().max_by(by_draws).expect("a player has a member");
    if own.len() == 1 {
        format!("draws {}", draws(fewest))
    } else {
        format!("draws from {} to {}", draws(fewest), draws(most))
    }
}

/// The columns of the set's `summary.csv` after the key's own (the member's value).
const COLUMNS: [&str; 19] = [
    "pairing",
    "player",
    "games",
    "first_wins",
    "draws",
    "first_losses",
    "first_score",
    "first_score_low",
    "first_score_high",
    "first_win",
    "first_win_low",
    "first_win_high",
    "draw",
    "draw_low",
    "draw_high",
    "first_loss",
    "first_loss_low",
    "first_loss_high",
    "mean_plies",
];

/// `summary.csv` of the set: one row per member and pairing of a player against itself.
fn write_summary(dir: &Path, t: &SetTables) -> Result<(), StudyError> {
    let path = dir.join("summary.csv");
    let mut text = Document::new();
    writeln!(text, "{},{}", t.set.key, COLUMNS.join(","));
    let six = |x: f64| format!("{:.6}", x);
    for m in &t.first_seats {
        let f = &m.first;
        let (low, high) = f.score_interval();
        let mut cells = vec![
            m.value.clone(),
            f.pairing.clone(),
            f.player.clone(),
            f.games().to_string(),
            f.wdl[0].to_string(),
            f.wdl[1].to_string(),
            f.wdl[2].to_string(),
            six(f.score()),
            six(low),
            six(high),
        ];
        for k in 0..3 {
            let (share, low, high) = f.share(k);
            cells.extend([six(share), six(low), six(high)]);
        }
        cells.push(six(f.mean_plies));
        writeln!(text, "{}", cells.join(","));
    }
    Ok(write_atomic(&path, text.as_bytes())?)
}

/// The label of a member's row in a chart: its value, and the player where several play
/// themselves.
fn row_label(m: &MemberFirstSeat, several: bool) -> String {
    if several {
        format!("{}: {}", m.value, m.first.player)
    } else {
        m.value.clone()
    }
}

/// The set's charts: the first player's score and the draws, member by member.
fn write_charts(dir: &Path, t: &SetTables, noun: &str) -> Result<usize, StudyError> {
    let firsts = &t.first_seats;
    if firsts.is_empty() {
        return Ok(0);
    }
    let chart_dir = dir.join("charts");
    std::fs::create_dir_all(&chart_dir).io(|| format!("cannot create {}", chart_dir.display()))?;
    let several = t.self_players().len() > 1;
    let rows = |pick: &dyn Fn(&FirstSeat) -> (f64, f64, f64)| {
        firsts
            .iter()
            .map(|m| {
                let (value, low, high) = pick(&m.first);
                IntervalRow::new(
                    row_label(m, several),
                    100.0 * value,
                    100.0 * low,
                    100.0 * high,
                )
            })
            .collect()
    };
    let name = &t.set.name;
    let first_player = IntervalChart {
        reference: Some((50.0, "50%: neither seat favoured".to_string())),
        ..percent_chart(
            format!("{name}: the first player's score by {}", t.set.key),
            "first player's score, % (a win 1, a draw ½)".to_string(),
            "score over the games",
            "95% score interval",
            rows(&|f| {
                let (low, high) = f.score_interval();
                (f.score(), low, high)
            }),
        )
    };
    charts::render(&first_player, &chart_dir, "first-player")?;
    let draws = percent_chart(
        format!("{name}: drawn games by {}", t.set.key),
        format!("drawn games, % (each of the {noun})"),
        "share of the games drawn",
        "95% Wilson interval",
        rows(&|f| f.share(1)),
    );
    charts::render(&draws, &chart_dir, "draws")?;
    Ok(2)
}

/// A chart of shares in percent by member, its intervals counted where hidden by their dot.
fn percent_chart(
    title: String,
    axis: String,
    estimate: &str,
    interval: &str,
    rows: Vec<IntervalRow>,
) -> IntervalChart {
    IntervalChart {
        title,
        axis,
        estimate: estimate.to_string(),
        interval: interval.to_string(),
        hidden: Some(interval.to_string()),
        open: String::new(),
        rows,
        row_axis: None,
        reference: None,
        layers: Layers::default(),
        look: Look::PERCENT,
    }
}

/// The set's `REPORT.md`.
fn report_text(t: &SetTables, noun: &str) -> String {
    let mut out = Document::new();
    let set = &t.set;
    writeln!(out, "# Results: {}\n", set.name);
    if !set.description.is_empty() {
        writeln!(out, "{}\n", set.description);
    }
    writeln!(out, "**Finding:** {}.\n", set_finding(t, noun));
    let links: Vec<String> = set
        .values
        .iter()
        .map(|v| format!("[`{v}/`]({v}/REPORT.md)"))
        .collect();
    let seeds: Vec<u64> = t.members.iter().map(|(_, m)| m.seed).collect();
    let seed = if seeds.windows(2).all(|w| w[0] == w[1]) {
        format!("master seed {}", seeds[0])
    } else {
        "each member's master seed in its manifest".to_string()
    };
    let games: u64 = t.members.iter().map(|(_, m)| m.games()).sum();
    writeln!(
        out,
        "One spec (`{}`) run once for each of {} {noun}, `{}` = {}: {} games in all, {seed}. \
         Each member is a results folder of its own, with its spec, `manifest.json`, data and \
         REPORT.md: {}. This folder's `summary.csv` and charts are made from the members' \
         `summary.csv` files (`{}` records the set); the first player's wins are `a`'s wins in \
         the first seat and its losses in the second.\n",
        set.spec_source,
        set.values.len(),
        set.key,
        listed(&set.values.iter().map(String::as_str).collect::<Vec<_>>()),
        count(games),
        links.join(", "),
        crate::experiment::run_set::FILE
    );
    first_player_section(&mut out, t);
    if t.has_matches() || t.first_seats.is_empty() {
        member_findings(&mut out, t);
    }
    out.into()
}

/// The first player's score, wins, draws and losses in each member, and the two charts.
fn first_player_section(out: &mut Document, t: &SetTables) {
    let (set, firsts) = (&t.set, &t.first_seats);
    if !firsts.is_empty() {
        writeln!(out, "## The first player, by {}\n", set.key);
        out.push_str(
            "A player against itself measures the game, not the player: how the side that \
             moves first fares. Its score counts a win 1 and a draw ½, with its 95% score \
             interval; its wins, the draws and its losses are shares of the games with 95% \
             Wilson intervals. The intervals treat games as independent, although games 2k and \
             2k+1 of a member share an opening with the seats swapped.\n\n",
        );
        let columns = [set.key.as_str(), "player"]
            .into_iter()
            .chain(self_play::COLUMNS);
        let mut table = Table::new(columns);
        for numeric in 2..2 + self_play::COLUMNS.len() {
            table = table.align(numeric, Align::Right);
        }
        for m in firsts {
            table.row(
                [
                    m.value.clone(),
                    format!("`{}`", m.first.player),
                    count(m.first.games()),
                ]
                .into_iter()
                .chain(m.first.cells())
                .chain([fixed(m.first.mean_plies, 2)]),
            );
        }
        out.table(&table);
        out.push_str("\n![first player's score](charts/first-player.svg)\n");
        out.push_str("\n![drawn games](charts/draws.svg)\n");
    }
}

/// Each member's own finding, linked to its REPORT.md.
fn member_findings(out: &mut Document, t: &SetTables) {
    out.push_str(
        "\n## Each member's finding\n\nThe ratings, score matrix and pairs of each member \
         are in its own REPORT.md.\n\n",
    );
    let mut table = Table::new([t.set.key.as_str(), "finding"]);
    for (value, tables) in &t.members {
        table.row([
            format!("[{value}]({value}/REPORT.md)"),
            finding(&tables.ratings, &tables.records),
        ]);
    }
    out.table(&table);
}

/// The list key of game `G`; only games with one have sets.
fn list_key<G: MatchGame>() -> ListKey {
    G::LIST.expect("a set's game takes a list")
}

/// Writes the set's `summary.csv` and charts from its members, and `REPORT.md` when
/// `with_report` is set; returns the number of charts and the headline.
pub fn report<G: MatchGame>(
    dir: &Path,
    set: &RunSet,
    with_report: bool,
) -> Result<SetReport, StudyError> {
    let noun = list_key::<G>().noun;
    let tables = SetTables::read(dir, set)?;
    write_summary(dir, &tables)?;
    let charts = write_charts(dir, &tables, noun)?;
    if with_report {
        let text = report_text(&tables, noun);
        write_atomic(&dir.join("REPORT.md"), text.as_bytes())?;
    }
    Ok(SetReport {
        charts,
        headline: headline(dir, &tables, noun),
    })
}

/// The set's finding with its size: `… (12 rule sets; DIR/REPORT.md has all)`.
fn headline(dir: &Path, tables: &SetTables, noun: &str) -> String {
    format!(
        "{} ({} {noun}; {} has all)",
        set_finding(tables, noun),
        tables.set.values.len(),
        dir.join("REPORT.md").display()
    )
}

/// The set's `summary.csv` for the terminal, then its headline.
pub fn show<G: MatchGame>(
    dir: &Path,
    set: &RunSet,
    options: &ShowOptions,
) -> Result<String, StudyError> {
    let layout = SummaryLayout {
        key: list_key::<G>().columns,
        shown: &[
            "games",
            "first_score",
            "first_score_low",
            "first_score_high",
            "draw",
            "mean_plies",
        ],
        counts: &["first_wins", "draws", "first_losses"],
        share: ("first_score", "first_score_low", "first_score_high"),
        percents: &["first_score", "draw"],
        decimals: 2,
        fixed: &[("mean_plies", 2)],
    };
    let table = summary_table(dir, &format!("a set of {}", G::PUZZLE), &layout, options)?;
    let headline = headline(dir, &SetTables::read(dir, set)?, list_key::<G>().noun);
    let report = dir.join("REPORT.md").display().to_string();
    Ok(table + &wrap(&headline, options.width, &[&report]))
}
