//! Writing games as PDN: the tag pairs in the standard's order, then the moves numbered in
//! pairs and wrapped at 80 columns, then the result.
//!
//! Tags: the seven of the PDN standard's roster that boardlab knows (`Event`, `Site`, `Date`,
//! `Round`, `White`, `Black`, `Result`), then `GameType` ([`super::gametype`]), a `Variant`
//! tag where the type number alone does not name the rules (killer, Damebot's), and `SetUp`
//! with `FEN` where the game does not start from its game type's start. Moves are written as
//! the standard asks (github `wiegerw/pdn`, `doc/grammar.rst`, "PDN 3.0 restrictions"): the
//! start and end squares, `-` for a step and the game type's capture separator (`x`; `:` in
//! Russian draughts, `-` in Thai), with the landing squares between only where another legal
//! capture joins the same two squares. Results follow the game type's result style:
//! `2-0`, `1-1`, `0-2` for international and Canadian draughts, `1-0`, `1/2-1/2`, `0-1`
//! otherwise (`doc/pdntags.rst`), `*` for a game not finished.

use super::gametype::{GameType, ResultStyle, SquareNames};
use super::recordable::Recordable;
use crate::draughts::board::Color;
use crate::draughts::variant::{RulesChoice, notation};
use crate::game::matches::MatchGame;
use crate::game::{GameResult, Seat, Session, Sitter};

/// The `Site` tag of every game boardlab writes, from the command line, the page or a study.
pub const SITE: &str = "boardlab";

/// Today's date (UTC) as the `Date` tag writes it, `YYYY.MM.DD`: the day a game of the
/// terminal, the page or `draughts games` is written. A study's games carry the day its run
/// started instead.
pub fn today() -> String {
    pdn_date(&humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string())
}

/// The `YYYY.MM.DD` of an RFC 3339 time (`2026-12-02T04:13:12Z`); empty if it has none.
pub fn pdn_date(time: &str) -> String {
    time.get(..10).unwrap_or_default().replace('-', ".")
}

/// The tags a writer fills in; empty ones are written as the standard's unknown value `?`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags {
    pub event: String,
    pub site: String,
    /// `YYYY.MM.DD`.
    pub date: String,
    pub round: String,
    pub white: String,
    pub black: String,
}

/// How one game type writes squares and moves.
#[derive(Clone, Debug)]
pub struct MoveWriter {
    pub game_type: GameType,
    pub names: SquareNames,
    pub separator: char,
}

impl MoveWriter {
    /// The writer of `game`'s records, as boardlab writes them.
    pub fn of<G: Recordable>(game: &G) -> MoveWriter {
        let rules = game.rule_set();
        let game_type = GameType::written(game.choice(), &rules);
        MoveWriter::new(&rules, game_type)
    }

    pub fn new(rules: &crate::draughts::variant::RuleSet, game_type: GameType) -> MoveWriter {
        MoveWriter {
            names: SquareNames::new(rules, &game_type),
            separator: capture_separator(game_type.number),
            game_type,
        }
    }

    /// A move's text among the `legal` routes of its position.
    pub fn text(&self, route: &(u32, Vec<u32>, bool), legal: &[(u32, Vec<u32>, bool)]) -> String {
        let (from, landings, capture) = route;
        let to = *landings.last().expect("a move lands");
        if !capture {
            return format!("{}-{}", self.names.name(*from), self.names.name(to));
        }
        let twins = legal
            .iter()
            .filter(|(f, l, c)| *c && f == from && l.last() == Some(&to))
            .count();
        let mut squares = vec![*from];
        if twins > 1 {
            squares.extend(landings);
        } else {
            squares.push(to);
        }
        let names: Vec<String> = squares.iter().map(|&i| self.names.name(i)).collect();
        names.join(&self.separator.to_string())
    }

    /// The result token of `result` (`*` for none).
    pub fn result(&self, result: Option<GameResult>) -> &'static str {
        let international = self.game_type.result_style() == ResultStyle::International;
        match (result, international) {
            (None, _) => "*",
            (Some(GameResult::Draw), false) => "1/2-1/2",
            (Some(GameResult::Draw), true) => "1-1",
            (Some(GameResult::Win(Seat::First)), false) => "1-0",
            (Some(GameResult::Win(Seat::First)), true) => "2-0",
            (Some(GameResult::Win(Seat::Second)), false) => "0-1",
            (Some(GameResult::Win(Seat::Second)), true) => "0-2",
        }
    }
}

/// The capture separator of a game type, as the standard's table gives it.
fn capture_separator(number: u32) -> char {
    match number {
        25 | 41 => ':',
        31 => '-',
        _ => 'x',
    }
}

/// The PDN text of one game of `game` from `start`: its tags, `moves` and `result` (of the
/// first seat, White).
pub fn write_game<G: Recordable>(
    game: &G,
    start: &G::Position,
    moves: &[G::Move],
    tags: &Tags,
    result: Option<GameResult>,
) -> String {
    let writer = MoveWriter::of(game);
    let rules = game.rule_set();
    let board = game.board(start);
    let first = board.side;
    let mut texts = Vec::with_capacity(moves.len());
    let mut position = start.clone();
    let mut legal = Vec::new();
    for mv in moves {
        game.legal_moves(&position, &mut legal);
        let routes: Vec<_> = legal.iter().map(|m| game.route(m)).collect();
        texts.push(writer.text(&game.route(mv), &routes));
        position = game.play(&position, mv);
    }
    let result_token = writer.result(result);
    let mut text = String::new();
    let mut tag = |name: &str, value: &str| {
        let value = match (value.is_empty(), name) {
            (true, "Date") => "????.??.??",
            (true, _) => "?",
            (false, _) => value,
        };
        let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
        text.push_str(&format!("[{name} \"{escaped}\"]\n"));
    };
    tag("Event", &tags.event);
    tag("Site", &tags.site);
    tag("Date", &tags.date);
    tag("Round", &tags.round);
    tag("White", &tags.white);
    tag("Black", &tags.black);
    tag("Result", result_token);
    tag("GameType", &writer.game_type.tag());
    let choice = game.choice();
    if matches!(choice, RulesChoice::Killer | RulesChoice::Damebot) {
        tag("Variant", choice.name());
    }
    let default_start = game.board(&game.start());
    let default_start = crate::draughts::variant::Position {
        side: writer.game_type.first,
        ..default_start
    };
    if board != default_start {
        tag("SetUp", "1");
        tag("FEN", &fen(&writer, &rules, &board));
    }
    text.push('\n');
    text.push_str(&movetext(first, &texts, result_token));
    text.push('\n');
    text
}

/// The PDN text of the game of `session` as it stands: `event`, [`SITE`], today's date, its
/// seats named by `name`
/// (a person and a bot), its moves from its start and `result` (`None`, written `*`, while
/// it goes on; the session's own result, or a resignation's, which the session does not
/// know). The terminal's `draughts play --pdn` and the page's "Copy PDN" both write with it.
pub fn write_session<G: Recordable + MatchGame + Clone>(
    session: &Session<G>,
    event: &str,
    name: impl Fn(&Sitter) -> String,
    result: Option<GameResult>,
) -> String {
    let [white, black] = session.seats();
    let tags = Tags {
        event: event.into(),
        site: SITE.into(),
        date: today(),
        white: name(white),
        black: name(black),
        ..Tags::default()
    };
    write_game(
        session.game(),
        session.start(),
        session.moves(),
        &tags,
        result,
    )
}

/// A position as PDN FEN in `writer`'s square names: `W:W31,32,K45:B1,2`.
pub fn fen(
    writer: &MoveWriter,
    rules: &crate::draughts::variant::RuleSet,
    board: &crate::draughts::variant::Position,
) -> String {
    let order = notation::Squares::new(*rules).all();
    let list = |set: u128| -> String {
        let mut squares: Vec<(u32, String)> = order
            .iter()
            .filter(|&&i| set >> i & 1 == 1)
            .map(|&i| {
                let king = if board.kings >> i & 1 == 1 { "K" } else { "" };
                let name = writer.names.name(i);
                (name.parse().unwrap_or(0), format!("{king}{name}"))
            })
            .collect();
        squares.sort_by_key(|(number, _)| *number);
        let names: Vec<String> = squares.into_iter().map(|(_, name)| name).collect();
        names.join(",")
    };
    format!(
        "{}:W{}:B{}",
        board.side.letter(),
        list(board.white),
        list(board.black)
    )
}

/// Moves numbered in pairs (`1. 32-28 19-23 2. ...`, `1... 19-23` when Black begins), then
/// the result, wrapped at 80 columns. A move number and its move are one word to the
/// wrapping, so no line ends with a number whose move is on the next.
pub fn movetext(first: Color, moves: &[String], result: &str) -> String {
    let offset = usize::from(first == Color::Black);
    let mut words = Vec::with_capacity(moves.len() + 1);
    for (i, mv) in moves.iter().enumerate() {
        let ply = i + offset;
        if ply % 2 == 0 {
            words.push(format!("{}. {mv}", ply / 2 + 1));
        } else if i == 0 {
            words.push(format!("{}... {mv}", ply / 2 + 1));
        } else {
            words.push(mv.clone());
        }
    }
    words.push(result.to_string());
    wrap(&words, 80)
}

/// Words joined by spaces into lines of at most `width` characters (a longer word alone).
fn wrap(words: &[String], width: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movetext_numbers_pairs_wraps_at_eighty_columns_and_ends_with_the_result() {
        let moves: Vec<String> = (0..40)
            .map(|i| format!("{}-{}", 31 + i % 20, 26 + i % 20))
            .collect();
        let text = movetext(Color::White, &moves, "2-0");
        assert!(text.starts_with("1. 31-26 32-27 2. 33-28"), "{text}");
        assert_eq!(text.split_whitespace().last(), Some("2-0"), "{text}");
        assert!(text.lines().count() > 2);
        assert!(text.lines().all(|l| l.len() <= 80), "{text}");
        let joined = text.replace('\n', " ");
        assert_eq!(joined.split(' ').count(), 40 + 20 + 1);
        assert_eq!(
            movetext(Color::Black, &["19-23".into(), "32-28".into()], "*"),
            "1... 19-23 2. 32-28 *"
        );
        assert_eq!(movetext(Color::White, &[], "*"), "*");
    }

    /// A line never ends with a move number whose move went to the next line: for moves of
    /// every length from 3 to 14 characters (a step to a capture through many squares), at
    /// every offset, each number is followed by its move on the same line.
    #[test]
    fn a_move_number_stays_on_the_line_of_its_move() {
        for first in [Color::White, Color::Black] {
            for length in 3..=14 {
                for count in 1..60 {
                    let moves: Vec<String> = (0..count)
                        .map(|i| "x".repeat(3 + (length + i) % 12))
                        .collect();
                    let text = movetext(first, &moves, "1/2-1/2");
                    for line in text.lines() {
                        assert!(line.len() <= 80, "{text}");
                        let last = line.rsplit(' ').next().unwrap();
                        assert!(!last.ends_with('.'), "a number ends the line:\n{text}");
                    }
                    let joined = text.replace('\n', " ");
                    assert_eq!(joined, movetext_unwrapped(first, &moves, "1/2-1/2"));
                }
            }
        }
    }

    /// The same words on one line, written the simplest way.
    fn movetext_unwrapped(first: Color, moves: &[String], result: &str) -> String {
        let mut out = Vec::new();
        for (i, mv) in moves.iter().enumerate() {
            let ply = i + usize::from(first == Color::Black);
            if ply % 2 == 0 {
                out.push(format!("{}.", ply / 2 + 1));
            } else if i == 0 {
                out.push(format!("{}...", ply / 2 + 1));
            }
            out.push(mv.clone());
        }
        out.push(result.to_string());
        out.join(" ")
    }
}
