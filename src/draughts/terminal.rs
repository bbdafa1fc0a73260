//! A person against a bot in the terminal: the board is drawn after every move, the person
//! types moves in the notation of [`super::moves`] (any other spelling of the same capture,
//! its two ends, or its first landing squares when only one legal move begins so), and a few
//! words: `moves`, `hint`, `undo`, `resign`, `help`. An illegal move is refused with the list
//! of legal ones; the end of input leaves the game unfinished.
//!
//! The board is drawn from the person's side (White at the bottom when the person plays
//! White), with files and ranks around it and the last move's squares in brackets; pieces are
//! the Unicode draughts signs ⛀ ⛁ (White's man and king) and ⛂ ⛃ (Black's), or with
//! [`Style::Ascii`] the letters `w W b B`. Dark empty squares show a dot.

use super::board::{Board, Color};
use super::bots::BotSpec;
use super::game::{Draughts, Ending, GamePosition};
use super::moves::{Move, MoveText};
use crate::game::{Console, Game, GameResult, Player};
use rand_core::Rng;
use std::io;

/// The bot whose choice `hint` shows: the strongest in `results/draughts`.
pub const HINT_BOT: BotSpec = BotSpec::AlphaBeta { depth: 6 };

/// How pieces are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Unicode,
    Ascii,
}

/// How a terminal game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Played out: the result and the rule that ended it.
    Finished(GameResult, Ending),
    /// The person resigned.
    Resigned(Color),
    /// The input ended before the game did.
    Left,
}

/// The board of `board` as text, seen from `bottom`'s side, the squares of `last` marked.
pub fn render(board: &Board, last: Option<&Move>, bottom: Color, style: Style) -> String {
    let marked: u64 = last.map_or(0, |mv| {
        mv.landings()
            .iter()
            .fold(mv.from().bit(), |set, square| set | square.bit())
    });
    let files: Vec<u8> = match bottom {
        Color::White => (0..8).collect(),
        Color::Black => (0..8).rev().collect(),
    };
    let ranks: Vec<u8> = match bottom {
        Color::White => (0..8).rev().collect(),
        Color::Black => (0..8).collect(),
    };
    let letters: String = files
        .iter()
        .map(|&f| format!(" {} ", (b'a' + f) as char))
        .collect();
    let mut text = format!("   {letters}\n");
    for &rank in &ranks {
        text.push_str(&format!(" {} ", rank + 1));
        for &file in &files {
            let Some(square) = super::Square::from_coords(rank, file) else {
                text.push_str("   ");
                continue;
            };
            let sign = match board.piece_at(square) {
                None => '·',
                Some(piece) => sign(piece, style),
            };
            let sign = if sign == '·' && style == Style::Ascii {
                '.'
            } else {
                sign
            };
            if marked & square.bit() != 0 {
                text.push_str(&format!("[{sign}]"));
            } else {
                text.push_str(&format!(" {sign} "));
            }
        }
        text.push_str(&format!(" {}\n", rank + 1));
    }
    text.push_str(&format!("   {letters}\n"));
    text
}

fn sign((color, king): (Color, bool), style: Style) -> char {
    match (style, color, king) {
        (Style::Unicode, Color::White, false) => '⛀',
        (Style::Unicode, Color::White, true) => '⛁',
        (Style::Unicode, Color::Black, false) => '⛂',
        (Style::Unicode, Color::Black, true) => '⛃',
        (Style::Ascii, Color::White, false) => 'w',
        (Style::Ascii, Color::White, true) => 'W',
        (Style::Ascii, Color::Black, false) => 'b',
        (Style::Ascii, Color::Black, true) => 'B',
    }
}

fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Why a finished game ended, in words.
pub fn ending_text(result: GameResult, ending: Ending, board: &Board) -> String {
    match (result, ending) {
        (GameResult::Win(_), _) => format!(
            "{} wins: {} has no legal move.",
            side_name(board.side.other()),
            side_name(board.side)
        ),
        (GameResult::Draw, Ending::Repetition) => {
            "Draw: the same position with the same side to move for the third time.".into()
        }
        (GameResult::Draw, Ending::QuietPlies) => format!(
            "Draw: {} plies without a capture or a man move.",
            super::game::QUIET_PLY_LIMIT
        ),
        (GameResult::Draw, _) => "Draw: the game reached its ply cap.".into(),
    }
}

const HELP: &str = "Type a move: c3-d4 for a step, c3:e5:c7 for a capture (its first squares, \
or its start and end, are enough when only one legal move fits). Or: moves (the legal moves), \
hint (the choice of alphabeta:6), undo (take back your last move), resign, help.";

/// A game between the person, playing `person`, and `bot` (drawing from `rng`), from `start`.
pub struct Session<'a> {
    pub game: Draughts,
    pub bot: &'a mut dyn Player<Draughts>,
    pub person: Color,
    pub style: Style,
    /// The seed of the hint bot's stream.
    pub seed: u64,
}

impl Session<'_> {
    /// Plays the game at `console` until it ends, the person resigns or the input ends.
    pub fn play(
        &mut self,
        start: GamePosition,
        rng: &mut dyn Rng,
        console: &mut Console,
    ) -> io::Result<Outcome> {
        writeln!(
            console.output,
            "You play {} against {} ({} rules). Type help for the commands.",
            side_name(self.person),
            self.bot.name(),
            self.game.rules
        )?;
        let mut history: Vec<(GamePosition, Move)> = Vec::new();
        let mut position = start;
        loop {
            let last = history.last().map(|(_, mv)| mv);
            write!(
                console.output,
                "\n{}",
                render(&position.board, last, self.person, self.style)
            )?;
            if let Some((result, ending)) = self.game.ending(&position) {
                writeln!(
                    console.output,
                    "{}",
                    ending_text(result, ending, &position.board)
                )?;
                return Ok(Outcome::Finished(result, ending));
            }
            let side = position.board.side;
            let mv = if side == self.person {
                match self.ask(&position, &mut history, console)? {
                    Turn::Move(mv) => mv,
                    Turn::Again(previous) => {
                        position = previous;
                        continue;
                    }
                    Turn::Resign => {
                        writeln!(
                            console.output,
                            "You resign: {} ({}) wins.",
                            side_name(side.other()),
                            self.bot.name()
                        )?;
                        return Ok(Outcome::Resigned(side));
                    }
                    Turn::Left => {
                        writeln!(console.output, "\nInput ended: game left unfinished.")?;
                        return Ok(Outcome::Left);
                    }
                }
            } else {
                let mv = self.bot.choose(&self.game, &position, rng);
                writeln!(
                    console.output,
                    "{} ({}) plays {mv}.",
                    side_name(side),
                    self.bot.name()
                )?;
                mv
            };
            let next = self.game.play(&position, &mv);
            history.push((position, mv));
            position = next;
        }
    }

    /// Reads the person's input until it is a legal move or a command that leaves the turn.
    fn ask(
        &self,
        position: &GamePosition,
        history: &mut Vec<(GamePosition, Move)>,
        console: &mut Console,
    ) -> io::Result<Turn> {
        let mut legal = Vec::new();
        self.game.legal_moves(position, &mut legal);
        loop {
            let prompt = format!("{} to move (you): ", side_name(position.board.side));
            let Some(text) = console.ask(&prompt)? else {
                return Ok(Turn::Left);
            };
            match text.as_str() {
                "" => {}
                "help" | "?" => writeln!(console.output, "{HELP}")?,
                "moves" => {
                    let mut sorted = legal.clone();
                    sorted.sort_by_key(|m| m.to_string());
                    writeln!(console.output, "Legal moves: {}", names(&sorted))?
                }
                "resign" => return Ok(Turn::Resign),
                "hint" => {
                    let mut hint_bot = HINT_BOT.player();
                    let label = format!("draughts/hint/{}", position.plies);
                    let mut stream = crate::rng::stream(self.seed, &label, 0);
                    let mv = hint_bot.choose(&self.game, position, &mut stream);
                    writeln!(console.output, "Hint: {mv} ({HINT_BOT}'s choice).")?;
                }
                "undo" => {
                    let mine = history
                        .iter()
                        .rposition(|(before, _)| before.board.side == self.person);
                    match mine {
                        None => writeln!(console.output, "Nothing to undo yet.")?,
                        Some(at) => {
                            let before = history[at].0.clone();
                            let undone: Vec<Move> = history.drain(at..).map(|(_, mv)| mv).collect();
                            writeln!(console.output, "Taken back: {}.", names(&undone))?;
                            return Ok(Turn::Again(before));
                        }
                    }
                }
                text => match MoveText::parse(text).and_then(|t| t.resolve(&legal, text)) {
                    Ok(mv) => return Ok(Turn::Move(mv)),
                    Err(error) => writeln!(console.output, "{error}.")?,
                },
            }
        }
    }
}

/// What the person's turn came to.
enum Turn {
    Move(Move),
    /// Back to this position (after `undo`).
    Again(GamePosition),
    Resign,
    Left,
}

/// Moves in notation, in the order given.
fn names(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::parse_fen;

    #[test]
    fn the_board_is_drawn_from_the_person_s_side_with_the_last_move_marked() {
        let board = parse_fen("B:Wd4,Ka1:Bh8").unwrap();
        let mut moves = Vec::new();
        crate::draughts::movegen::legal_moves(
            &parse_fen("W:Wc3,Ka1:Bh8").unwrap(),
            crate::draughts::Rules::Czech,
            &mut moves,
        );
        let last = moves.iter().find(|m| m.to_string() == "c3-d4").unwrap();
        let text = render(&board, Some(last), Color::White, Style::Ascii);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "    a  b  c  d  e  f  g  h ");
        assert_eq!(lines[1], " 8     .     .     .     b  8");
        assert_eq!(lines[5], " 4     .    [w]    .     .  4");
        assert!(lines[6].contains("[.]"), "{}", lines[6]);
        assert_eq!(lines[8], " 1  W     .     .     .     1");
        let flipped = render(&board, None, Color::Black, Style::Unicode);
        assert!(flipped.lines().nth(1).unwrap().starts_with(" 1     ·"));
        assert!(flipped.contains('⛁') && flipped.contains('⛂'));
    }
}
