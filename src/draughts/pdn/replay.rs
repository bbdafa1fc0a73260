//! Replaying PDN records under the rules: every move is checked against the legal moves of
//! its position, and the first that is not legal stops the file with a one-line error naming
//! the game, the move's number and side (`game 1, move 2, white (19-14)`) and the legal moves.
//!
//! The rules come from `--rules`, else from the `Variant` tag where it names a boardlab rule
//! set, else from `GameType`; a record without either (such as the page's "Copy moves" text)
//! needs `--rules`. A record without a `GameType` tag is read in boardlab's own squares with
//! White first; with one, in the squares and start of its game type ([`super::gametype`]).
//! A move names its start, its end, and any squares between that its route passes (landing
//! squares, or the turning points and squares behind the pieces of PDN 3.0): `19x30x39` and
//! `19x39` alike. Squares between are matched against the moves' landing squares first, and
//! against the squares their paths pass only where no move lands on them. A short capture
//! that two legal captures fit is an error asking for the squares between, unless both leave
//! the same position.

use super::gametype::{GameType, SquareNames};
use super::reader::Record;
use super::recordable::Recordable;
use super::writer::MoveWriter;
use crate::draughts::board::Color;
use crate::draughts::game::{Draughts, Ending};
use crate::draughts::variant::game::VariantGame;
use crate::draughts::variant::notation::{self, Squares};
use crate::draughts::variant::{RuleSet, RulesChoice};
use crate::game::GameResult;

/// A game read and replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// The game's number in its file, from 1.
    pub game: usize,
    pub rules: RulesChoice,
    pub tags: Vec<(String, String)>,
    /// The moves in boardlab's notation of the rule set, one a ply.
    pub moves: Vec<String>,
    /// The numbered moves they make, as the record numbers them (a number and its pair of
    /// plies): 33 for a game of 65 plies.
    pub numbered: usize,
    /// The start and final positions in boardlab's FEN.
    pub start: String,
    pub end: String,
    /// The result the record gives, if any.
    pub result: Option<String>,
    /// The rules' verdict on the final position, if the game is over there.
    pub verdict: Option<GameResult>,
}

/// Replays `record`, game `game` of its file, under `forced` rules or those its tags name.
pub fn replay(
    record: &Record,
    game: usize,
    forced: Option<RulesChoice>,
) -> Result<Replayed, String> {
    let at = |e: String| format!("game {game}: {e}");
    let (rules, game_type) = rules_of(record, forced).map_err(at)?;
    let max = crate::draughts::game::DEFAULT_MAX_PLIES.max(record.moves.len() as u32 + 1);
    // Czech, English and Damebot's rules on the 8×8 generator, whose notation the commands
    // of these rules print.
    match rules.board_rules() {
        Some(board_rules) => {
            let mut board_game = Draughts::new(board_rules);
            board_game.max_plies = max;
            replay_with(&board_game, record, game, game_type)
        }
        None => {
            let variant = rules.variant().expect("a national game");
            replay_with(&VariantGame::new(variant, max), record, game, game_type)
        }
    }
}

/// The rules and game type of a record.
fn rules_of(
    record: &Record,
    forced: Option<RulesChoice>,
) -> Result<(RulesChoice, Option<GameType>), String> {
    let game_type = record.tag("GameType").map(GameType::parse).transpose()?;
    let named = record
        .tag("Variant")
        .and_then(|v| v.trim().to_ascii_lowercase().parse::<RulesChoice>().ok());
    let rules = match (forced, named, &game_type) {
        (Some(rules), ..) => rules,
        (None, Some(rules), _) => rules,
        (None, None, Some(game_type)) => game_type.rules()?[0],
        (None, None, None) => {
            return Err(
                "no GameType tag says which rules; give --rules (e.g. --rules czech)".into(),
            );
        }
    };
    // A game type of other rules says nothing about these rules' squares.
    let game_type = game_type.filter(|t| {
        let standard = GameType::standard(rules);
        t.number == standard.number || t.size == standard.size
    });
    Ok((rules, game_type))
}

fn replay_with<G: Recordable>(
    game: &G,
    record: &Record,
    number: usize,
    game_type: Option<GameType>,
) -> Result<Replayed, String> {
    let rules = game.rule_set();
    let written = game_type.unwrap_or_else(|| GameType::written(game.choice(), &rules));
    let names = SquareNames::new(&rules, &written);
    let at = |e: String| format!("game {number}: {e}");
    let start = start_position(game, record, &written, &names).map_err(at)?;
    let writer = MoveWriter::new(&rules, written);
    // Moves are named as the record numbers them: a number and its pair of moves, the first
    // of the pair by the game type's first player (Black in English checkers), unless the
    // record begins with the second (`12...`).
    let first_side = game.board(&start).side;
    let (first_number, second_first) = record
        .first_number
        .unwrap_or((1, first_side != written.first));
    let mut position = start.clone();
    let mut moves = Vec::with_capacity(record.moves.len());
    let mut legal = Vec::new();
    for (ply, (text, _line)) in record.moves.iter().enumerate() {
        let half = ply + usize::from(second_first);
        let side = match game.board(&position).side {
            Color::White => "white",
            Color::Black => "black",
        };
        let label = format!(
            "game {number}, move {}, {side} ({})",
            first_number as usize + half / 2,
            super::shown(text)
        );
        // The referee plays no move after the game's end, and neither does a record.
        if let Some(ending) = game.ending(&position).filter(|e| *e != Ending::NoMove) {
            return Err(format!(
                "{label}: the game is over before this move ({}); a record ends where the rules end the game",
                ended_by(ending)
            ));
        }
        game.legal_moves(&position, &mut legal);
        let mv = resolve(game, &position, &legal, text, &names, &writer)
            .map_err(|e| format!("{label}: {e}"))?;
        moves.push(game.move_text(&position, &mv));
        position = game.play(&position, &mv);
    }
    Ok(Replayed {
        game: number,
        rules: game.choice(),
        tags: record.tags.clone(),
        numbered: (moves.len() + usize::from(second_first)).div_ceil(2),
        moves,
        start: notation::to_fen(&rules, &game.board(&start)),
        end: notation::to_fen(&rules, &game.board(&position)),
        result: record.result.clone(),
        verdict: game.result(&position),
    })
}

/// How a drawn game ended, as a message says it.
fn ended_by(ending: Ending) -> &'static str {
    match ending {
        Ending::NoMove => "the side to move has no legal move",
        Ending::Repetition => "drawn by repetition of the position",
        Ending::QuietPlies => {
            "drawn by the plies without a capture or a man's move, or by an endgame count"
        }
        Ending::PlyCap => "drawn at the ply cap",
    }
}

/// The start: the FEN tag's position, else the rule set's start with the game type's first
/// player to move.
fn start_position<G: Recordable>(
    game: &G,
    record: &Record,
    game_type: &GameType,
    names: &SquareNames,
) -> Result<G::Position, String> {
    let rules = game.rule_set();
    match record.tag("FEN") {
        Some(fen) => {
            let at = |e: String| format!("FEN `{}`: {e}", super::shown(fen));
            let text = renamed_fen(fen, names, &rules).map_err(at)?;
            let board = notation::parse_fen(&rules, &text).map_err(at)?;
            Ok(game.setup(&board))
        }
        None => {
            let mut board = game.board(&game.start());
            if board.side == game_type.first {
                return Ok(game.start());
            }
            board.side = game_type.first;
            Ok(game.setup(&board))
        }
    }
}

/// A FEN in the record's square names rewritten in boardlab's numbers, so that the rule
/// set's FEN reader checks it. (Numbers, not letters: on 12×12 a `k` file would read as a
/// king.)
fn renamed_fen(fen: &str, names: &SquareNames, rules: &RuleSet) -> Result<String, String> {
    let squares = Squares::new(*rules);
    let body = fen.trim().trim_end_matches('.');
    let mut fields = body.split(':');
    let side = fields.next().unwrap_or_default().trim().to_string();
    let mut out = vec![side];
    for field in fields {
        let field = field.trim();
        let (colour, list) = field.split_at(field.chars().next().map_or(0, char::len_utf8));
        let mut items = Vec::new();
        for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (king, name) = match item.strip_prefix('K') {
                Some(rest) => ("K", rest),
                None => ("", item),
            };
            let indices = match name.split_once('-') {
                Some((low, high)) => {
                    let (low, high): (usize, usize) = (
                        low.trim().parse().map_err(|_| no_range(item))?,
                        high.trim().parse().map_err(|_| no_range(item))?,
                    );
                    if low > high {
                        return Err(format!(
                            "range `{}` runs backwards; write {high}-{low}",
                            super::shown(item)
                        ));
                    }
                    (low..=high)
                        .map(|n| names.parse(&n.to_string()))
                        .collect::<Result<Vec<_>, _>>()?
                }
                None => vec![square(names, name)?],
            };
            items.extend(
                indices
                    .iter()
                    .map(|&i| format!("{king}{}", squares.number(i))),
            );
        }
        out.push(format!("{colour}{}", items.join(",")));
    }
    Ok(out.join(":"))
}

fn no_range(item: &str) -> String {
    format!("`{}` is no range of numbers", super::shown(item))
}

/// The legal move `text` names among `legal` (see the module docs).
fn resolve<G: Recordable>(
    game: &G,
    position: &G::Position,
    legal: &[G::Move],
    text: &str,
    names: &SquareNames,
    writer: &MoveWriter,
) -> Result<G::Move, String> {
    let named = squares_of(text, names)?;
    let routes: Vec<_> = legal.iter().map(|m| game.route(m)).collect();
    let rules = game.rule_set();
    let between = &named[1..named.len() - 1];
    let ends = |i: usize| {
        let (from, landings, _) = &routes[i];
        named[0] == *from && named.last() == landings.last()
    };
    // The squares between, where given, are read as a route first: every landing square
    // (PDN's long form, `42x31x18x45`), then some of them, and only where no move lands on them all as squares
    // the path passes (the turning points and squares behind the pieces of PDN 3.0). A king's
    // long capture passes many squares, so another capture may pass the landings of one.
    let tests: [&dyn Fn(usize) -> bool; 3] = [
        &|i| !between.is_empty() && routes[i].1[..routes[i].1.len() - 1] == *between,
        &|i| is_subsequence(between, &routes[i].1),
        &|i| is_subsequence(between, &passed(&rules, routes[i].0, &routes[i].1)),
    ];
    let fits: Vec<usize> = tests
        .iter()
        .map(|test| (0..legal.len()).filter(|&i| ends(i) && test(i)).collect())
        .find(|fits: &Vec<usize>| !fits.is_empty())
        .unwrap_or_default();
    let texts = |which: &[usize], long: bool| -> String {
        let mut shown: Vec<String> = which
            .iter()
            .map(|&i| {
                if long {
                    let (from, landings, _) = &routes[i];
                    let mut squares = vec![names.name(*from)];
                    squares.extend(landings.iter().map(|&l| names.name(l)));
                    squares.join(&writer.separator.to_string())
                } else {
                    writer.text(&routes[i], &routes)
                }
            })
            .collect();
        shown.dedup();
        shown.join(", ")
    };
    match fits.as_slice() {
        [] => Err(format!(
            "not legal here; legal: {}",
            if legal.is_empty() {
                "none (the game is over)".to_string()
            } else {
                texts(&(0..legal.len()).collect::<Vec<_>>(), false)
            }
        )),
        [one] => Ok(legal[*one].clone()),
        [first, rest @ ..] => {
            let after = game.board(&game.play(position, &legal[*first]));
            if rest
                .iter()
                .all(|&i| game.board(&game.play(position, &legal[i])) == after)
            {
                Ok(legal[*first].clone())
            } else {
                Err(format!(
                    "ambiguous: {} captures fit; write the squares between: {}",
                    fits.len(),
                    texts(&fits, true)
                ))
            }
        }
    }
}

/// The squares a move text names, in order.
fn squares_of(text: &str, names: &SquareNames) -> Result<Vec<u32>, String> {
    let mut parts: Vec<&str> = text.split(['-', 'x', 'X', ':']).collect();
    // Letters without a separator: `a3b4`.
    if parts.len() == 1 && text.len() == 4 && text.starts_with(|c: char| c.is_ascii_alphabetic()) {
        parts = vec![&text[..2], &text[2..]];
    }
    if parts.len() < 2 || parts.iter().any(|p| p.is_empty()) {
        return Err("not a move: write the start and end squares, e.g. 32-28 or c3-d4".into());
    }
    parts.iter().map(|p| square(names, p)).collect()
}

/// The square `text` names; a long text (a square's name is a few characters) is quoted cut
/// short.
fn square(names: &SquareNames, text: &str) -> Result<u32, String> {
    names.parse(text).map_err(|e| {
        if text.chars().count() > 8 {
            format!("`{}` is not a square", super::shown(text))
        } else {
            e
        }
    })
}

/// Every square a move passes or lands on after its start, in order.
fn passed(rules: &RuleSet, from: u32, landings: &[u32]) -> Vec<u32> {
    let squares = Squares::new(*rules);
    let mut path = Vec::new();
    let mut at = from;
    for &to in landings {
        let (r0, f0) = squares.shown(at);
        let (r1, f1) = squares.shown(to);
        let (dr, df) = (r1 as i32 - r0 as i32, f1 as i32 - f0 as i32);
        let step = match (dr.signum(), df.signum()) {
            (0, s) => (0, 2 * s),
            (s, 0) => (2 * s, 0),
            (r, f) if dr.abs() == df.abs() => (r, f),
            _ => (dr, df),
        };
        let (mut r, mut f) = (r0 as i32, f0 as i32);
        while (r, f) != (r1 as i32, f1 as i32) {
            r += step.0;
            f += step.1;
            match squares.at(r as u32, f as u32) {
                Some(index) => path.push(index),
                None => break,
            }
        }
        if path.last() != Some(&to) {
            path.push(to);
        }
        at = to;
    }
    path
}

fn is_subsequence(needles: &[u32], haystack: &[u32]) -> bool {
    let mut rest = haystack.iter();
    needles.iter().all(|n| rest.any(|h| h == n))
}
