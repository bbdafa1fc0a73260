//! The exact analysis of one bot, gathered for printing: its result probabilities against
//! `random` and `perfect` in each seat and against itself, what an adversary can do to it, and
//! the positions where it throws away a win or a draw.

use super::exact::{self, Blunder, Odds};
use super::game::{Classic, Fifteen};
use super::numbers::list;
use super::players::{Bot, Variant};
use super::solve;
use crate::game::Seat;
use crate::output::document::Document;
use serde::Serialize;

/// Win, draw and loss probabilities of one side, as floats and exact fractions.
#[derive(Clone, Debug, Serialize)]
pub struct Rates {
    pub win: f64,
    pub draw: f64,
    pub loss: f64,
    /// The same as exact fractions `a/b`.
    pub exact: [String; 3],
}

impl Rates {
    fn new(odds: Odds, seat: Seat) -> Rates {
        let [w, d, l] = odds.for_seat(seat);
        Rates {
            win: exact::probability(w),
            draw: exact::probability(d),
            loss: exact::probability(l),
            exact: [w, d, l].map(exact::fraction),
        }
    }
}

/// A thrown-away win or draw, for printing.
#[derive(Clone, Debug, Serialize)]
pub struct Mistake {
    /// The mover's numbers, the opponent's and the free ones.
    pub mine: String,
    pub theirs: String,
    pub free: String,
    pub played: u8,
    pub right: u8,
    /// `win` or `draw`: what the position was worth before the move.
    pub throws_away: &'static str,
    /// `draw` or `loss`: what it is worth after.
    pub leaves: &'static str,
}

impl Mistake {
    fn new(blunder: &Blunder) -> Mistake {
        let word = |v: i8| match v {
            1 => "win",
            0 => "draw",
            _ => "loss",
        };
        Mistake {
            mine: list(blunder.position.mine()),
            theirs: list(blunder.position.theirs()),
            free: list(blunder.position.free()),
            played: blunder.played,
            right: blunder.right,
            throws_away: word(blunder.before),
            leaves: word(blunder.after),
        }
    }
}

/// The bot in one seat.
#[derive(Clone, Debug, Serialize)]
pub struct SeatSummary {
    pub seat: &'static str,
    pub vs_random: Rates,
    pub vs_perfect: Rates,
    /// `win`, `draw` or `loss`: the result when an adversary also picks the bot's tie-breaks.
    pub worst_case: &'static str,
    /// The bot's least expected score (+1 win, −1 loss) against an adversary.
    pub expected_vs_adversary: f64,
    /// The largest loss probability an adversary can force.
    pub max_loss_probability: f64,
    /// Positions up to symmetry where a possible move of the bot throws away a win or a draw.
    pub mistakes: Vec<Mistake>,
}

/// The whole analysis of one bot.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub player: String,
    pub seats: [SeatSummary; 2],
    /// Against itself, from the first seat's point of view.
    pub self_play: Rates,
}

/// The analysis of `bot`, which must have a move distribution (`mcts` has none).
pub fn summarize(bot: &Bot) -> Option<Summary> {
    let game = Fifteen(Classic);
    let random = Bot::Random;
    let perfect = Bot::parse("perfect", Variant::Classic).expect("a valid name");
    let seat = |seat: Seat| -> Option<SeatSummary> {
        let pair = |other: &Bot| match seat {
            Seat::First => exact::odds(&game, [bot, other]),
            Seat::Second => exact::odds(&game, [other, bot]),
        };
        let adversary = exact::adversary(&game, bot, seat)?;
        let blunders = exact::blunders(&game, solve::fifteen(), bot, seat)?;
        Some(SeatSummary {
            seat: match seat {
                Seat::First => "first",
                Seat::Second => "second",
            },
            vs_random: Rates::new(pair(&random)?, seat),
            vs_perfect: Rates::new(pair(&perfect)?, seat),
            worst_case: ["loss", "draw", "win"][(adversary.worst + 1) as usize],
            expected_vs_adversary: adversary.expected,
            max_loss_probability: adversary.max_loss,
            mistakes: blunders.iter().map(Mistake::new).collect(),
        })
    };
    Some(Summary {
        player: bot.to_string(),
        seats: [seat(Seat::First)?, seat(Seat::Second)?],
        self_play: Rates::new(exact::odds(&game, [bot, bot])?, Seat::First),
    })
}

/// The bots the analysis covers by default: random, perfect, every reading of the article's
/// heuristic and Newell–Simon.
pub fn default_bots() -> Vec<Bot> {
    let mut bots = vec![
        Bot::Random,
        Bot::parse("perfect", Variant::Classic).expect("a valid name"),
    ];
    bots.extend(super::article::Reading::all().into_iter().map(Bot::Article));
    bots.push(Bot::NewellSimon);
    bots
}

fn percent(rates: &Rates) -> String {
    format!(
        "{:5.1} {:5.1} {:5.1}",
        100.0 * rates.win,
        100.0 * rates.draw,
        100.0 * rates.loss
    )
}

/// A table with one line per bot and seat (percentages of win, draw, loss).
pub fn table(summaries: &[Summary]) -> String {
    let mut text = Document::new();
    writeln!(
        text,
        "{:<24} {:<6}  {:^17}  {:^17}  {:^17}  {:<5} {:>7} {:>6}  {:>5} {:>5}",
        "player",
        "seat",
        "vs random W D L %",
        "vs perfect W D L %",
        "self-play W D L %",
        "worst",
        "E[adv]",
        "P(L)",
        "-wins",
        "-draws"
    );
    for summary in summaries {
        for (i, seat) in summary.seats.iter().enumerate() {
            let thrown = |what: &str| {
                seat.mistakes
                    .iter()
                    .filter(|m| m.throws_away == what)
                    .count()
            };
            let self_play = if i == 0 {
                percent(&summary.self_play)
            } else {
                String::new()
            };
            writeln!(
                text,
                "{:<24} {:<6}  {}  {}  {:17}  {:<5} {:>7.3} {:>6.3}  {:>5} {:>5}",
                summary.player,
                seat.seat,
                percent(&seat.vs_random),
                percent(&seat.vs_perfect),
                self_play,
                seat.worst_case,
                seat.expected_vs_adversary,
                seat.max_loss_probability,
                thrown("win"),
                thrown("draw"),
            );
        }
    }
    text.into()
}

/// One bot in detail: exact fractions and every thrown-away win or draw.
pub fn details(summary: &Summary) -> String {
    let mut text = Document::new();
    writeln!(text, "{}", summary.player);
    let line = |text: &mut Document, what: &str, r: &Rates| {
        writeln!(
            text,
            "  {what:<12} win {:.6} ({})  draw {:.6} ({})  loss {:.6} ({})",
            r.win, r.exact[0], r.draw, r.exact[1], r.loss, r.exact[2]
        );
    };
    line(&mut text, "self-play", &summary.self_play);
    for seat in &summary.seats {
        writeln!(text, " as the {} player:", seat.seat);
        line(&mut text, "vs random", &seat.vs_random);
        line(&mut text, "vs perfect", &seat.vs_perfect);
        writeln!(
            text,
            "  adversary: worst case {}, expected score {:.4}, largest loss probability {:.4}",
            seat.worst_case, seat.expected_vs_adversary, seat.max_loss_probability
        );
        writeln!(
            text,
            "  {} moves in positions (up to symmetry) where it can throw away a win or a draw \
             (a position listed twice with `:first` is reached in two images that the \
             order-based tie-break treats differently):",
            seat.mistakes.len()
        );
        for m in &seat.mistakes {
            writeln!(
                text,
                "    mine {{{}}} theirs {{{}}} free {{{}}}: plays {} ({} → {}), right: {}",
                m.mine, m.theirs, m.free, m.played, m.throws_away, m.leaves, m.right
            );
        }
    }
    text.into()
}
