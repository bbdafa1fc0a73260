//! The endgame yardstick: how often a bot's move changes the exact value of a position it
//! meets in its own games, once the position is small enough for the database to know it.
//!
//! Each game of a match is replayed from its moves. Wherever the side to move has a choice
//! (two or more legal moves) in a position the database holds, the position's value for the
//! mover is compared with the value its chosen move leads to. A move that keeps the value is
//! fine even if it is slower; an **error** turns a win into a draw or a loss, or a draw into a
//! loss. The rates are errors per position of that value, with Wilson intervals.
//!
//! The values are game-theoretic: play goes on for ever, a repetition is no draw by itself.
//! The matches' draw rules (threefold repetition, 60 plies without a capture or a man move,
//! the ply cap) may end a game before a won position is converted, so "won games converted"
//! counts, separately, the games in which a bot stood on a won database position and went on
//! to win.

use super::Value;
use super::probe::{self, Source, mover_value};
use crate::draughts::board::Board;
use crate::draughts::game::{Draughts, GamePosition, seat_of};
use crate::draughts::pdn::study::StudyGame;
use crate::experiment::{Registry, read_finished_rows};
use crate::game::matches::report::with_interval;
use crate::game::matches::row::GameRow;
use crate::game::matches::tally::round6;
use crate::game::{Game, GameResult, Seat};
use crate::output::numbers::count;
use crate::stats::proportion::wilson95;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::path::Path;

/// The database's answer for a position: its value for the side to move, `None` outside it.
pub type Probe<'a> = &'a (dyn Fn(&Board) -> Option<Value> + Sync);

/// What a move did to the mover's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The result stayed (a win may have become slower, a loss faster).
    Kept,
    WinToDraw,
    WinToLoss,
    DrawToLoss,
}

/// Judges a move from the mover's value `before` it and `after` it.
pub fn judge(before: Value, after: Value) -> Verdict {
    match (before, after) {
        (Value::Win(_), Value::Draw) => Verdict::WinToDraw,
        (Value::Win(_), Value::Loss(_)) => Verdict::WinToLoss,
        (Value::Draw, Value::Loss(_)) => Verdict::DrawToLoss,
        _ => Verdict::Kept,
    }
}

/// One bot's moves in database positions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BotTally {
    /// Moves made with a choice in won, drawn and lost database positions.
    pub won: u64,
    pub drawn: u64,
    pub lost: u64,
    pub win_to_draw: u64,
    pub win_to_loss: u64,
    pub draw_to_loss: u64,
    /// Games in which the bot had a won database position on its move, and how many of
    /// those it won.
    pub won_games: u64,
    pub won_games_won: u64,
}

impl BotTally {
    fn add(&mut self, other: &BotTally) {
        self.won += other.won;
        self.drawn += other.drawn;
        self.lost += other.lost;
        self.win_to_draw += other.win_to_draw;
        self.win_to_loss += other.win_to_loss;
        self.draw_to_loss += other.draw_to_loss;
        self.won_games += other.won_games;
        self.won_games_won += other.won_games_won;
    }

    /// Errors in won positions (to a draw or a loss).
    pub fn wins_thrown(&self) -> u64 {
        self.win_to_draw + self.win_to_loss
    }
}

/// The tallies of every bot, by name, over the games added.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Yardstick {
    pub bots: BTreeMap<String, BotTally>,
    /// Games replayed, and those that reached a database position.
    pub games: u64,
    pub games_reaching: u64,
}

impl Yardstick {
    /// Replays the game of one `draws.csv` row from the start position under `game`'s rules
    /// and tallies each move in a database position.
    pub fn add_row(&mut self, game: &Draughts, probe: Probe, row: &GameRow) -> Result<(), String> {
        let result = row.outcome()?;
        let players = [row.first, row.second];
        let tallies = replay(game, game.start(), probe, row.played(), result)?;
        self.games += 1;
        self.games_reaching += u64::from(tallies.iter().any(|t| *t != BotTally::default()));
        for (name, tally) in players.into_iter().zip(&tallies) {
            self.bots.entry(name.to_string()).or_default().add(tally);
        }
        Ok(())
    }

    /// Adds the tallies of `other` (games counted apart, e.g. on another thread).
    pub fn merge(&mut self, other: &Yardstick) {
        self.games += other.games;
        self.games_reaching += other.games_reaching;
        for (name, tally) in &other.bots {
            self.bots.entry(name.clone()).or_default().add(tally);
        }
    }

    /// The tallies as a table for the terminal or a report: per bot, the won and drawn
    /// database positions it moved in, the share of its moves there that were errors with
    /// 95% intervals, and the share of the games with a won database position it went on to
    /// win (the counts are in [`Yardstick::csv`]).
    pub fn table(&self) -> (Vec<String>, Vec<Vec<String>>) {
        let header = [
            "bot",
            "won",
            "wins thrown away",
            "drawn",
            "draws thrown away",
            "won games won",
        ];
        let rate = |errors: u64, n: u64| {
            if n == 0 {
                return "-".to_string();
            }
            let (low, high) = wilson95(errors, n);
            with_interval(errors as f64 / n as f64, low, high)
        };
        let rows = self
            .bots
            .iter()
            .map(|(bot, t)| {
                vec![
                    bot.clone(),
                    count(t.won),
                    rate(t.wins_thrown(), t.won),
                    count(t.drawn),
                    rate(t.draw_to_loss, t.drawn),
                    rate(t.won_games_won, t.won_games),
                ]
            })
            .collect();
        (header.map(String::from).to_vec(), rows)
    }

    /// The table `endgame-errors.csv`: one row per bot, by name.
    pub fn csv(&self) -> String {
        let mut out = String::from(CSV_HEADER);
        for (bot, t) in &self.bots {
            // A rate of no positions is undefined: its three cells are empty, as the
            // terminal table prints `-`.
            let rate = |errors: u64, n: u64| {
                if n == 0 {
                    return ",,".to_string();
                }
                let (low, high) = wilson95(errors, n);
                let share = errors as f64 / n as f64;
                format!("{},{},{}", round6(share), round6(low), round6(high))
            };
            out += &format!(
                "{bot},{},{},{},{},{},{},{},{},{},{},{}\n",
                t.won,
                t.win_to_draw,
                t.win_to_loss,
                rate(t.wins_thrown(), t.won),
                t.drawn,
                t.draw_to_loss,
                rate(t.draw_to_loss, t.drawn),
                t.lost,
                t.won_games,
                t.won_games_won,
                rate(t.won_games_won, t.won_games),
            );
        }
        out
    }
}

/// The yardstick over every game of the finished match folder `dir` (its puzzle one of
/// `registry`'s), a Czech or English draughts study whose `draws.csv` is kept, with the database from `source`. The games are
/// replayed on every core, a batch at a time; the sums do not depend on the order.
pub fn measure_folder(
    dir: &Path,
    registry: &Registry,
    source: &Source,
) -> Result<Yardstick, String> {
    let manifest = dir.join("manifest.json");
    let text = std::fs::read_to_string(&manifest).map_err(|e| {
        format!(
            "cannot read {}: {e}; give the results folder of a draughts match study",
            manifest.display()
        )
    })?;
    let study = StudyGame::of_manifest(&text)?;
    let rules = study.rules.board_rules().ok_or_else(|| {
        format!(
            "{} holds {} games; the endgame database is solved for czech and english rules",
            dir.display(),
            study.rules
        )
    })?;
    probe::check_rules(rules)?;
    let database = probe::shared(source, rules)?;
    let game = Draughts::new(rules);
    let look = |board: &Board| database.value(board);
    let mut total = Yardstick::default();
    let mut batch = Vec::new();
    read_finished_rows(dir, registry, |row| {
        batch.push(row.text.to_string());
        if batch.len() == BATCH {
            total.merge(&measure_batch(&game, &look, &batch)?);
            batch.clear();
        }
        Ok(())
    })
    .map_err(|e| e.to_string())?;
    total.merge(&measure_batch(&game, &look, &batch)?);
    Ok(total)
}

/// Rows replayed together on every core.
const BATCH: usize = 4096;

fn measure_batch(game: &Draughts, probe: Probe, rows: &[String]) -> Result<Yardstick, String> {
    rows.par_iter()
        .map(|text| {
            let row = GameRow::parse(text).ok_or_else(|| format!("not a game row: {text}"))?;
            let mut one = Yardstick::default();
            one.add_row(game, probe, &row)
                .map_err(|e| format!("game {} of {}: {e}", row.game, row.pairing))?;
            Ok(one)
        })
        .try_reduce(Yardstick::default, |mut a, b| {
            a.merge(&b);
            Ok(a)
        })
}

/// The columns of `endgame-errors.csv`.
pub const CSV_HEADER: &str = "bot,won_positions,win_to_draw,win_to_loss,win_error_rate,win_error_low,win_error_high,drawn_positions,draw_to_loss,draw_error_rate,draw_error_low,draw_error_high,lost_positions,won_games,won_games_won,converted_rate,converted_low,converted_high\n";

/// Replays `moves` from `start` and tallies each seat's moves in database positions
/// (first seat at index 0).
pub fn replay<'a>(
    game: &Draughts,
    start: GamePosition,
    probe: Probe,
    moves: impl Iterator<Item = &'a str>,
    result: GameResult,
) -> Result<[BotTally; 2], String> {
    let mut tallies = [BotTally::default(), BotTally::default()];
    let mut stood_on_win = [false; 2];
    let mut position = start;
    let mut legal = Vec::new();
    for (ply, text) in moves.enumerate() {
        let mv = game
            .parse_move(&position, text)
            .map_err(|e| format!("ply {}: {e}", ply + 1))?;
        let seat = usize::from(seat_of(position.board.side) == Seat::Second);
        game.legal_moves(&position, &mut legal);
        let next = game.play(&position, &mv);
        if legal.len() >= 2
            && let Some(before) = probe(&position.board)
        {
            let after = probe(&next.board)
                .map(mover_value)
                .ok_or_else(|| format!("ply {}: a move left the database", ply + 1))?;
            let tally = &mut tallies[seat];
            match before {
                Value::Win(_) => {
                    tally.won += 1;
                    stood_on_win[seat] = true;
                }
                Value::Draw => tally.drawn += 1,
                Value::Loss(_) => tally.lost += 1,
            }
            match judge(before, after) {
                Verdict::Kept => {}
                Verdict::WinToDraw => tally.win_to_draw += 1,
                Verdict::WinToLoss => tally.win_to_loss += 1,
                Verdict::DrawToLoss => tally.draw_to_loss += 1,
            }
        }
        position = next;
    }
    for (seat, tally) in tallies.iter_mut().enumerate() {
        if stood_on_win[seat] {
            tally.won_games += 1;
            let me = if seat == 0 { Seat::First } else { Seat::Second };
            tally.won_games_won += u64::from(result == GameResult::Win(me));
        }
    }
    Ok(tallies)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::endgame::Database;
    use crate::draughts::fen::parse_fen;
    use crate::draughts::rules::Rules;

    #[test]
    fn a_move_is_judged_by_the_result_it_keeps_not_by_its_speed() {
        assert_eq!(judge(Value::Win(3), Value::Win(9)), Verdict::Kept);
        assert_eq!(judge(Value::Win(3), Value::Draw), Verdict::WinToDraw);
        assert_eq!(judge(Value::Win(3), Value::Loss(2)), Verdict::WinToLoss);
        assert_eq!(judge(Value::Draw, Value::Loss(2)), Verdict::DrawToLoss);
        assert_eq!(judge(Value::Loss(2), Value::Loss(8)), Verdict::Kept);
    }

    /// Two White kings against one Black king (Czech): some White moves hand a king to the
    /// lone king, which must capture, and king against king is a draw. Every move from a won
    /// position is replayed as a one-move game, and the tallies must count exactly the moves
    /// after which Black's capture is forced and leaves king against king.
    #[test]
    fn a_king_left_en_prise_throws_the_win_away_and_is_counted() {
        let rules = Rules::Czech;
        let database = Database::solve_up_to(rules, 3);
        let probe = |board: &Board| database.value(board);
        let game = Draughts::new(rules);
        let board = parse_fen("W:WKa1,Kc1:BKh8").unwrap();
        assert!(matches!(database.value(&board), Some(Value::Win(_))));
        let start = GamePosition::new(board);
        let mut legal = Vec::new();
        game.legal_moves(&start, &mut legal);
        let (mut thrown, mut replies) = (0, Vec::new());
        for mv in &legal {
            let after = board.play(mv);
            crate::draughts::movegen::legal_moves(&after, rules, &mut replies);
            // Written apart from the database: Black must capture, and what is left is one
            // king each.
            let forced_swap = !replies.is_empty()
                && replies.iter().all(|r| r.is_capture())
                && replies
                    .iter()
                    .all(|r| after.play(r).white.count_ones() == 1);
            thrown += u64::from(forced_swap);
            let text = mv.to_string();
            let tallies = replay(
                &game,
                start.clone(),
                &probe,
                std::iter::once(text.as_str()),
                GameResult::Draw,
            )
            .unwrap();
            assert_eq!(tallies[0].won, 1);
            assert_eq!(tallies[0].won_games, 1);
            assert_eq!(tallies[0].won_games_won, 0);
            assert_eq!(tallies[0].win_to_draw, u64::from(forced_swap), "{text}");
            assert_eq!(tallies[0].win_to_loss, 0);
            assert_eq!(tallies[1], BotTally::default());
        }
        assert!(thrown > 0, "the test position offers a king en prise");
    }

    #[test]
    fn rows_outside_the_database_count_nothing_and_bad_moves_are_refused() {
        let database = Database::solve_up_to(Rules::Czech, 2);
        let probe = |board: &Board| database.value(board);
        let game = Draughts::new(Rules::Czech);
        let row = GameRow::parse("a-vs-b,0,a,b,1/2,2,c3-d4 f6-e5").unwrap();
        let mut yardstick = Yardstick::default();
        yardstick.add_row(&game, &probe, &row).unwrap();
        assert_eq!((yardstick.games, yardstick.games_reaching), (1, 0));
        assert_eq!(yardstick.bots["a"], BotTally::default());
        let csv = yardstick.csv();
        assert!(csv.starts_with("bot,won_positions,"));
        assert_eq!(csv.lines().count(), 3);
        let bad = GameRow::parse("a-vs-b,0,a,b,1/2,1,c3-c4").unwrap();
        let error = yardstick.add_row(&game, &probe, &bad).unwrap_err();
        assert!(error.starts_with("ply 1:"), "{error}");
    }

    #[test]
    fn an_undefined_rate_is_written_as_empty_cells_as_the_table_prints_a_dash() {
        let mut yardstick = Yardstick::default();
        yardstick.bots.insert(
            "never-won".to_string(),
            BotTally {
                drawn: 4,
                draw_to_loss: 1,
                ..BotTally::default()
            },
        );
        let csv = yardstick.csv();
        let row = csv.lines().nth(1).unwrap();
        // No won positions: the rate of wins thrown away has no value and no interval.
        assert!(row.starts_with("never-won,0,0,0,,,,4,1,0.25,"), "{row}");
        assert!(row.ends_with(",0,0,,,"), "{row}");
        let (_, rows) = yardstick.table();
        assert_eq!(rows[0][2], "-");
        assert_eq!(rows[0][5], "-");
    }
}
