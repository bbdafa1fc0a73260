//! The "15" game's section of a match report: the measured rates of every pairing with
//! `random` or `perfect` beside the exact probabilities of [`super::exact`], and the answers to
//! the questions of `docs/fifteen-contract.md` about the article's heuristic: which
//! reading plays best, whether any loses as the first player, and how often each bot loses to
//! `perfect` and to `random`.

use super::exact;
use super::players::{Bot, Variant};
use super::{Classic, Fifteen, OddEven};
use crate::game::Seat;
use crate::game::matches::SeatRecord;
use crate::game::matches::report::{Tables, percent, with_interval};
use crate::output::document::{Document, Table};
use crate::output::numbers::signed;

/// Exact (win, draw, loss) probabilities of `a` in `seat` against `b`, when both bots have a
/// move distribution.
pub fn exact_rates(variant: Variant, a: &str, b: &str, seat: Seat) -> Option<[f64; 3]> {
    let (a, b) = (Bot::parse(a, variant).ok()?, Bot::parse(b, variant).ok()?);
    let bots = match seat {
        Seat::First => [&a, &b],
        Seat::Second => [&b, &a],
    };
    let odds = match variant {
        Variant::Classic => exact::odds(&Fifteen(Classic), bots)?,
        Variant::OddEven => exact::odds(&Fifteen(OddEven), bots)?,
    };
    Some(odds.for_seat(seat).map(exact::probability))
}

/// One measured seat beside its exact probabilities.
struct Compared<'a> {
    record: &'a SeatRecord,
    exact: [f64; 3],
    /// Whether each exact value lies in the measured rate's 95% interval.
    inside: [bool; 3],
}

fn compare(variant: Variant, record: &SeatRecord) -> Option<Compared<'_>> {
    let seat = match record.a_seat.as_str() {
        "first" => Seat::First,
        "second" => Seat::Second,
        _ => return None,
    };
    let exact = exact_rates(variant, &record.a, &record.b, seat)?;
    let bounds = [
        (record.a_win_low, record.a_win_high),
        (record.draw_low, record.draw_high),
        (record.a_loss_low, record.a_loss_high),
    ];
    // The committed bounds have six decimals; allow for their rounding.
    let inside =
        std::array::from_fn(|i| bounds[i].0 - 1e-6 <= exact[i] && exact[i] <= bounds[i].1 + 1e-6);
    Some(Compared {
        record,
        exact,
        inside,
    })
}

fn triple(values: [f64; 3]) -> String {
    values.map(percent).join(" / ")
}

/// The section: Markdown from a `##` heading; empty when nothing in the folder has an exact
/// counterpart.
pub fn section(variant: Variant, tables: &Tables) -> String {
    let mut out = Document::new();
    exact_section(&mut out, variant, tables);
    if variant == Variant::Classic {
        heuristic_section(&mut out, tables);
    }
    out.into()
}

fn exact_section(out: &mut Document, variant: Variant, tables: &Tables) {
    let involved = |r: &&SeatRecord| {
        ["random", "perfect"].contains(&r.a.as_str())
            || ["random", "perfect"].contains(&r.b.as_str())
    };
    let compared: Vec<Compared> = tables
        .records
        .iter()
        .filter(involved)
        .filter_map(|r| compare(variant, r))
        .collect();
    if compared.is_empty() {
        return;
    }
    let inside: usize = compared
        .iter()
        .map(|c| c.inside.iter().filter(|&&x| x).count())
        .sum();
    writeln!(
        out,
        "## Measured against exact\n\n\
         Every pairing with `random` or `perfect` whose two bots have an exact move \
         distribution (all but `mcts`): the exact win / draw / loss probabilities of `a` in \
         each seat, from walking the game tree with every move's probability (integers over \
         2520⁹, `boardlab fifteen analyze`), beside the measured rates with their 95% Wilson \
         intervals. {inside} of the {} exact values lie inside their interval ({}; about 95% \
         are expected, and an exact 0 or 1 always lies inside).\n",
        3 * compared.len(),
        percent(inside as f64 / (3 * compared.len()) as f64)
    );
    exact_table(out, &compared);
}

/// Each pairing and seat: the exact rates beside the measured ones, and whether each lies
/// inside its interval.
fn exact_table(out: &mut Document, compared: &[Compared]) {
    let mut table = Table::new([
        "pairing",
        "`a` seat",
        "games",
        "exact W / D / L",
        "measured W",
        "measured D",
        "measured L",
        "inside",
    ]);
    for c in compared {
        let r = c.record;
        let misses: Vec<&str> = ["W", "D", "L"]
            .iter()
            .zip(c.inside)
            .filter(|(_, inside)| !inside)
            .map(|(name, _)| *name)
            .collect();
        table.row([
            format!("`{}`", r.pairing),
            r.a_seat.clone(),
            crate::output::numbers::count(r.games),
            triple(c.exact),
            with_interval(r.a_win, r.a_win_low, r.a_win_high),
            with_interval(r.draw, r.draw_low, r.draw_high),
            with_interval(r.a_loss, r.a_loss_low, r.a_loss_high),
            if misses.is_empty() {
                "yes".to_string()
            } else {
                format!("no ({})", misses.join(", "))
            },
        ]);
    }
    out.table(&table);
    out.push('\n');
}

/// A player's W/D/L against `opponent` in `seat`, from whichever side of the pairing it is
/// listed on: (wins, draws, losses, games).
fn against(tables: &Tables, player: &str, opponent: &str, seat: &str) -> Option<[u64; 4]> {
    let other_seat = match seat {
        "first" => "second",
        "second" => "first",
        _ => "both",
    };
    tables.records.iter().find_map(|r| {
        if r.a == player && r.b == opponent && r.a_seat == seat {
            Some([r.a_wins, r.draws, r.a_losses, r.games])
        } else if r.b == player && r.a == opponent && r.a_seat == other_seat {
            Some([r.a_losses, r.draws, r.a_wins, r.games])
        } else {
            None
        }
    })
}

fn heuristic_section(out: &mut Document, tables: &Tables) {
    let readings: Vec<&str> = tables
        .players
        .iter()
        .map(String::as_str)
        .filter(|p| p.starts_with("article:"))
        .collect();
    if readings.is_empty() {
        return;
    }
    out.push_str("## The article's heuristic\n\n");
    best_reading(out, tables, &readings);
    losses_table(out, tables, &readings);
}

/// Which reading of the article rates best, and which scores best against `random` and
/// against `perfect`.
fn best_reading(out: &mut Document, tables: &Tables, readings: &[&str]) {
    let rated: Vec<_> = tables
        .ratings
        .iter()
        .filter(|r| r.player.starts_with("article:") && r.rating.is_some())
        .collect();
    if let Some(best) = rated.first() {
        let second = rated.get(1);
        write!(
            out,
            "**Which reading plays best.** By rating over all games, `{}` ({}, interval \
             [{}, {}])",
            best.player,
            signed(best.rating.unwrap_or_default(), 1),
            signed(best.rating_low.unwrap_or_default(), 1),
            signed(best.rating_high.unwrap_or_default(), 1)
        );
        if let Some(second) = second {
            let apart =
                best.rating_low.unwrap_or_default() > second.rating_high.unwrap_or_default();
            write!(
                out,
                "; the next is `{}` ({} [{}, {}]), {}",
                second.player,
                signed(second.rating.unwrap_or_default(), 1),
                signed(second.rating_low.unwrap_or_default(), 1),
                signed(second.rating_high.unwrap_or_default(), 1),
                if apart {
                    "and the intervals do not overlap"
                } else {
                    "with overlapping intervals"
                }
            );
        }
        out.push('.');
    }
    for opponent in ["random", "perfect"] {
        let best = readings
            .iter()
            .filter_map(|r| {
                let [w, d, _, n] = against(tables, r, opponent, "both")?;
                Some((r, (w as f64 + d as f64 / 2.0) / n.max(1) as f64))
            })
            .max_by(|x, y| x.1.total_cmp(&y.1));
        if let Some((reading, score)) = best {
            write!(
                out,
                " Against `{opponent}` alone the best is `{reading}`, scoring {} over both seats.",
                percent(score)
            );
        }
    }
    out.push_str("\n\n");
}

/// Each reading's losses in each seat, against `perfect` and `random`, and the worst an
/// adversary can force; then the readings that never lost as the first player.
fn losses_table(out: &mut Document, tables: &Tables, readings: &[&str]) {
    writeln!(
        out,
        "**Losses as the first and the second player, and to `perfect` and `random`.** \
         Measured losses over all games in each seat (against every opponent), the loss rates \
         against `perfect` and `random` in each seat (exact values in brackets where the \
         pairing was played), and the exact worst case: the result an adversary who knows the \
         rule can force, picking the bot's tie-breaks too.\n"
    );
    let mut table = Table::new([
        "reading",
        "rating",
        "lost as first",
        "lost as second",
        "loses to `perfect` first / second",
        "loses to `random` first / second",
        "worst case first / second",
    ]);
    for reading in readings {
        table.row(losses_row(tables, reading));
    }
    out.table(&table);
    never_first(out, tables, readings);
}

/// One reading's row of the losses table.
fn losses_row(tables: &Tables, reading: &str) -> [String; 7] {
    let rating = tables
        .ratings
        .iter()
        .find(|r| r.player == *reading)
        .and_then(|r| r.rating)
        .map_or("—".to_string(), |r| signed(r, 1));
    let lost = |seat: &str| {
        let (mut losses, mut games) = (0u64, 0u64);
        for other in tables.players.iter().filter(|p| p.as_str() != reading) {
            if let Some([_, _, l, n]) = against(tables, reading, other, seat) {
                losses += l;
                games += n;
            }
        }
        format!(
            "{} of {}",
            crate::output::numbers::count(losses),
            crate::output::numbers::count(games)
        )
    };
    let loses_to = |opponent: &str| loss_rates(tables, reading, opponent);
    let worst = worst_against_an_adversary(reading);
    [
        format!("`{reading}`"),
        rating,
        lost("first"),
        lost("second"),
        loses_to("perfect"),
        loses_to("random"),
        worst,
    ]
}

/// The share of games `reading` lost against `opponent` from each seat, each beside the
/// exact rate in parentheses: `12.00% (11.50%) / …`.
fn loss_rates(tables: &Tables, reading: &str, opponent: &str) -> String {
    ["first", "second"]
        .map(|seat| {
            let measured = against(tables, reading, opponent, seat)
                .map(|[_, _, l, n]| percent(l as f64 / n.max(1) as f64));
            let seat_value = if seat == "first" {
                Seat::First
            } else {
                Seat::Second
            };
            let exact =
                exact_rates(Variant::Classic, reading, opponent, seat_value).map(|e| percent(e[2]));
            match (measured, exact) {
                (Some(m), Some(e)) => format!("{m} ({e})"),
                _ => "—".to_string(),
            }
        })
        .join(" / ")
}

/// What `reading` gets from each seat against the adversary that plays best against it.
fn worst_against_an_adversary(reading: &str) -> String {
    [Seat::First, Seat::Second]
        .map(|seat| {
            Bot::parse(reading, Variant::Classic)
                .ok()
                .and_then(|bot| exact::adversary(&Fifteen(Classic), &bot, seat))
                .map_or("—", |a| match a.worst {
                    1 => "win",
                    0 => "draw",
                    _ => "loss",
                })
        })
        .join(" / ")
}

/// The readings that lost no game as the first player.
fn never_first(out: &mut Document, tables: &Tables, readings: &[&str]) {
    let never_first: Vec<&str> = readings
        .iter()
        .copied()
        .filter(|reading| {
            tables.players.iter().filter(|p| p != reading).all(|other| {
                against(tables, reading, other, "first").is_none_or(|[_, _, l, _]| l == 0)
            })
        })
        .collect();
    writeln!(
        out,
        "\nReadings that lost no game as the first player in this match: {}. A measured 0 \
         can hide a rare loss against these opponents; the worst-case column says what an \
         adversary can force.",
        if never_first.is_empty() {
            "none".to_string()
        } else {
            never_first
                .iter()
                .map(|r| format!("`{r}`"))
                .collect::<Vec<_>>()
                .join(", ")
        }
    );
}
