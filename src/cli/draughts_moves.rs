//! `boardlab draughts moves`: the legal moves of a position under Czech, English or Damebot's
//! rules (the national rule sets' in [`super::variants`]), with a bot's view of them
//! (`--bot`) and the endgame database's exact values (`--values`), as text or JSON.

use super::draughts::MovesArgs;
use crate::draughts::board::Board;
use crate::draughts::bots::view::{BotView, MoveScore, ViewError, bot_view};
use crate::draughts::endgame::probe::{self, PositionValues, Source};
use crate::draughts::endgame::{Database, Value};
use crate::draughts::fen::FenError;
use crate::draughts::game::{Draughts, GamePosition};
use crate::draughts::moves::record_moves;
use crate::draughts::square::Square;
use crate::draughts::variant::notation::{self, Squares};
use crate::draughts::variant::{RulesChoice, Variant};
use crate::draughts::{MoveText, Rules, parse_fen, to_fen};
use crate::game::Game;
use anyhow::Context;
use serde::Serialize;
use std::io::Write;
use std::process::ExitCode;

pub(super) fn moves(args: &MovesArgs) -> anyhow::Result<ExitCode> {
    let database = endgames(args)?;
    // English checkers is listed in the squares its players number 1-32, by the national
    // games' generator (the same moves in the same order as the 8×8 one); a bot's view and
    // the endgame values are the 8×8 engine's, in letters.
    let numbered_english =
        args.rules == RulesChoice::English && args.bot.is_none() && database.is_none();
    let Some(board_rules) = args.rules.board_rules().filter(|_| !numbered_english) else {
        return super::variants::moves(args);
    };
    let game = Draughts::new(board_rules);
    let mut position = GamePosition::new(board_of(board_rules, &args.fen)?);
    let mut legal = Vec::new();
    for text in args.play.iter().flat_map(|text| record_moves(text)) {
        game.legal_moves(&position, &mut legal);
        let text = &move_of(board_rules, text)?;
        let mv = MoveText::parse(text)?
            .resolve(&legal, text)
            .with_context(|| format!("in {}", to_fen(&position.board)))?;
        position = game.play(&position, &mv);
    }
    let view = match args.bot {
        Some(bot) => bot_view(&game, &position, bot, args.seed).map_err(|e| match e {
            ViewError::NoScores(_) | ViewError::Database(_) => anyhow::anyhow!("--bot {e}"),
            ViewError::GameOver => e.into(),
        })?,
        None => {
            game.legal_moves(&position, &mut legal);
            BotView {
                moves: legal.iter().map(|&mv| (mv, None)).collect(),
                best: Vec::new(),
            }
        }
    };
    let values = database
        .as_ref()
        .map(|(_, database)| PositionValues::of(database, &position.board));
    let mut out = std::io::stdout().lock();
    if args.json {
        let report = moves_report(args, &position, &view, values.as_ref());
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    print_moves(&mut out, args, &position, &view, values.as_ref())?;
    if let (Some((source, _)), Some(values)) = (database, &values) {
        let value = words(values.value);
        writeln!(
            out,
            "value for the side to move: {value} (endgame database {source})"
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The position `text` names under `rules`: squares a1-h8, and under English rules also the
/// numbers 1-32 its players write (the numbering of its PDN, `draughts replay` and Hub).
pub(super) fn board_of(rules: Rules, text: &str) -> anyhow::Result<Board> {
    match parse_fen(text) {
        Err(FenError::Numbered { .. }) if rules == Rules::English => {
            let position =
                notation::parse_fen(&Variant::English.rules(), text).map_err(anyhow::Error::msg)?;
            // The 8×8 generator's squares are the 8×8 layout's indices.
            Ok(Board {
                white: position.white as u64,
                black: position.black as u64,
                kings: position.kings as u64,
                side: position.side,
            })
        }
        other => Ok(other?),
    }
}

/// A move as the 8×8 generator reads it (`c3-d4`, `c3:e5`): under English rules a move in
/// numbers (`22-18`, `25x18x11`) has its squares renamed, other moves are left as written.
fn move_of(rules: Rules, text: &str) -> anyhow::Result<String> {
    if rules != Rules::English || !text.starts_with(|c: char| c.is_ascii_digit()) {
        return Ok(text.to_string());
    }
    let squares = Squares::new(Variant::English.rules());
    let mut out = String::with_capacity(text.len());
    for part in text.split_inclusive(['-', 'x', 'X', ':']) {
        let (number, separator) = match part.strip_suffix(['-', 'x', 'X', ':']) {
            Some(number) => (number, &part[number.len()..]),
            None => (part, ""),
        };
        let index = squares
            .parse(number)
            .map_err(|e| anyhow::anyhow!("move `{text}`: {e}"))?;
        let square = Square::from_index(index as u8).expect("an 8×8 layout index");
        out.push_str(&format!("{square}{separator}"));
    }
    Ok(out)
}

/// The database `--values` reads, with where it came from; `None` without `--values`.
fn endgames(args: &MovesArgs) -> anyhow::Result<Option<(Source, &'static Database)>> {
    if !args.values {
        return Ok(None);
    }
    let Some(rules) = args.rules.board_rules() else {
        anyhow::bail!(
            "--values: the endgame database is solved for czech and english rules, not {}; use --rules czech or --rules english",
            args.rules
        );
    };
    let source =
        Source::chosen(args.endgames.as_deref()).map_err(|e| anyhow::anyhow!("--endgames: {e}"))?;
    let database = probe::shared(&source, rules).map_err(|e| anyhow::anyhow!("--values: {e}"))?;
    Ok(Some((source, database)))
}

/// A value in words (`win in 7 plies`), or `outside the database`.
fn words(value: Option<Value>) -> String {
    value.map_or_else(|| "outside the database".into(), probe::describe)
}

/// The text listing: one line per move with its captures, the bot's score and pick, and its
/// value.
fn print_moves(
    out: &mut impl Write,
    args: &MovesArgs,
    position: &GamePosition,
    view: &BotView,
    values: Option<&PositionValues>,
) -> anyhow::Result<()> {
    writeln!(out, "position {}", to_fen(&position.board))?;
    writeln!(
        out,
        "{} ({} rules)",
        crate::names::counted(view.moves.len(), "legal move", "legal moves"),
        args.rules
    )?;
    for (mv, score) in &view.moves {
        let mut line = mv.to_string();
        let jumps: Vec<String> = mv.jumps().iter().map(|s| s.to_string()).collect();
        if !jumps.is_empty() {
            line.push_str(&format!("  takes {}", jumps.join(",")));
        }
        if let Some(score) = score {
            line.push_str(&format!("  score {}", serde_json::to_value(score)?));
        }
        if let Some(values) = values {
            line.push_str(&format!("  {}", words(values.of_move(mv))));
        }
        if view.best.contains(mv) {
            line.push_str("  *");
        }
        writeln!(out, "{line}")?;
    }
    if let Some(bot) = args.bot {
        let best: Vec<String> = view.best.iter().map(|m| m.to_string()).collect();
        writeln!(out, "{bot} picks from (*): {}", best.join(", "))?;
    }
    Ok(())
}

/// What `draughts moves --json` prints.
fn moves_report(
    args: &MovesArgs,
    position: &GamePosition,
    view: &BotView,
    values: Option<&PositionValues>,
) -> MovesReport {
    MovesReport {
        position: to_fen(&position.board),
        rules: args.rules.name(),
        bot: args.bot.map(|b| b.to_string()),
        moves: view
            .moves
            .iter()
            .map(|(mv, score)| MoveReport {
                notation: mv.to_string(),
                captured: mv.jumps().iter().map(|s| s.to_string()).collect(),
                score: *score,
                endgame: values.map(|v| EndgameReport::of(v.of_move(mv))),
            })
            .collect(),
        best: args
            .bot
            .map(|_| view.best.iter().map(|m| m.to_string()).collect()),
        endgame: values.map(|v| EndgameReport::of(v.value)),
    }
}

/// `draughts moves --json`.
#[derive(Serialize)]
struct MovesReport {
    position: String,
    rules: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    bot: Option<String>,
    moves: Vec<MoveReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    best: Option<Vec<String>>,
    /// The position's value for the side to move, with `--values`.
    #[serde(skip_serializing_if = "Option::is_none")]
    endgame: Option<EndgameReport>,
}

#[derive(Serialize)]
struct MoveReport {
    #[serde(rename = "move")]
    notation: String,
    /// The captured squares in the order they are jumped.
    captured: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<MoveScore>,
    /// The move's value for the side that plays it, with `--values`.
    #[serde(skip_serializing_if = "Option::is_none")]
    endgame: Option<EndgameReport>,
}

/// A value from the database: `win`, `loss`, `draw` or `outside`, and the plies to the end
/// for a win or a loss.
#[derive(Serialize)]
struct EndgameReport {
    value: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    plies: Option<u16>,
}

impl EndgameReport {
    fn of(value: Option<Value>) -> EndgameReport {
        EndgameReport {
            value: value.map_or("outside", probe::value_word),
            plies: value.and_then(probe::value_plies),
        }
    }
}
