//! A person against a bot in the terminal, played by the loop of [`crate::game::console`]:
//! the board is drawn after every move, the person types moves in the notation of
//! [`super::moves`] (any other spelling of the same capture, its two ends, or its first
//! landing squares when only one legal move begins so), and a few words: `moves`, `hint`,
//! `undo`, `resign`, `help`. An illegal move is refused with the list of legal ones; the end
//! of input leaves the game unfinished; the moves are written as a numbered record that
//! `boardlab draughts moves --play` reads back.
//!
//! The board is drawn from the person's side (White at the bottom when the person plays
//! White), with files and ranks around it and the last move's squares in brackets; pieces are
//! the Unicode draughts signs ⛀ ⛁ (White's man and king) and ⛂ ⛃ (Black's), or with
//! [`Style::Ascii`] the letters `w W b B`. Dark empty squares show a dot.

use super::board::{Board, Color};
use super::bots::BotSpec;
use super::game::{Draughts, Ending};
use super::moves::{Move, record};
use crate::game::console::Screen;
use crate::game::{GameResult, Seat, Session};

/// The bot whose choice `hint` shows: the strongest in `results/draughts`.
pub const HINT_BOT: BotSpec = BotSpec::AlphaBeta { depth: 6 };

/// How pieces are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Unicode,
    Ascii,
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

/// The sign of a piece: a Unicode draughts sign or, with [`Style::Ascii`], a letter.
pub(crate) fn sign((color, king): (Color, bool), style: Style) -> char {
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

/// `White` or `Black`.
pub(crate) fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Why a finished game ended, in words.
pub fn ending_text(result: GameResult, ending: Ending, board: &Board) -> String {
    use super::game::{QUIET_PLY_LIMIT, REPETITIONS_FOR_DRAW};
    ending_line(
        result,
        ending,
        board.side,
        REPETITIONS_FOR_DRAW,
        QUIET_PLY_LIMIT,
    )
}

/// Why a finished game ended, in the same words under every rule set: `side` is to move in
/// the last position, `repetitions` and `quiet_plies` are the rule set's draw limits.
pub(crate) fn ending_line(
    result: GameResult,
    ending: Ending,
    side: Color,
    repetitions: u32,
    quiet_plies: u32,
) -> String {
    match (result, ending) {
        (GameResult::Win(_), _) => format!(
            "{} wins: {} has no legal move.",
            side_name(side.other()),
            side_name(side)
        ),
        (GameResult::Draw, Ending::Repetition) => format!(
            "Draw: the same position with the same side to move for the {} time.",
            ordinal(repetitions)
        ),
        (GameResult::Draw, Ending::QuietPlies) => {
            format!("Draw: {quiet_plies} plies without a capture or a man move.")
        }
        (GameResult::Draw, _) => "Draw: the game reached its ply cap.".into(),
    }
}

/// `third`, `fourth`: the repetition that draws.
fn ordinal(count: u32) -> String {
    match count {
        2 => "second".into(),
        3 => "third".into(),
        4 => "fourth".into(),
        5 => "fifth".into(),
        n => format!("{n}th"),
    }
}

/// The line announcing a bot's move, in every rule set: `Black (alphabeta:4) plays 17-22.`
pub(crate) fn bot_move_line(side: Color, bot: &str, mv: impl std::fmt::Display) -> String {
    format!("{} ({bot}) plays {mv}.", side_name(side))
}

/// The answer to `hint`, in every rule set: `Hint: 32-28 (alphabeta:6's choice).`
pub(crate) fn hint_line(mv: impl std::fmt::Display) -> String {
    format!("Hint: {mv} ({HINT_BOT}'s choice).")
}

/// The last line when the person resigns, in every rule set.
pub(crate) fn resigned_line(person: Color, bot: &str) -> String {
    format!("You resign: {} ({bot}) wins.", side_name(person.other()))
}

const HELP: &str = "Type a move: c3-d4 for a step, c3:e5:c7 for a capture (its first squares, \
or its start and end, are enough when only one legal move fits). Or: moves (the legal moves), \
hint (the choice of alphabeta:6), undo (take back your last move), resign, help.";

/// What the draughts game shows at the terminal ([`crate::game::console`]): the board from
/// the person's side, the sides by colour, and the choice of [`HINT_BOT`] as the hint.
pub struct DraughtsScreen {
    /// The side the person plays, drawn at the bottom.
    pub person: Color,
    pub style: Style,
}

impl DraughtsScreen {
    /// The bot's name, from the seat that is not the person's.
    fn bot(&self, session: &Session<Draughts>) -> String {
        let seat = super::game::seat_of(self.person.other());
        session.seats()[seat.index()].name().to_string()
    }
}

impl Screen<Draughts> for DraughtsScreen {
    fn intro(&self, session: &Session<Draughts>) -> String {
        format!(
            "You play {} against {} ({} rules). Type help for the commands.",
            side_name(self.person),
            self.bot(session),
            session.game().rules
        )
    }

    fn draw(&self, session: &Session<Draughts>) -> String {
        let board = &session.position().board;
        let last = session.moves().last();
        format!("\n{}", render(board, last, self.person, self.style))
    }

    fn prompt(&self, session: &Session<Draughts>) -> String {
        format!(
            "{} to move (you): ",
            side_name(session.position().board.side)
        )
    }

    fn bot_played(&self, session: &Session<Draughts>, mv: &Move) -> String {
        let side = session.position().board.side.other();
        bot_move_line(side, &self.bot(session), mv)
    }

    fn verdict(&self, session: &Session<Draughts>, _: GameResult) -> String {
        let position = session.position();
        match session.game().ending(position) {
            Some((result, ending)) => ending_text(result, ending, &position.board),
            None => String::new(),
        }
    }

    fn resigned(&self, session: &Session<Draughts>, _: Seat) -> String {
        resigned_line(self.person, &self.bot(session))
    }

    fn hint(&self, session: &Session<Draughts>) -> String {
        let position = session.position();
        let mut hint_bot = HINT_BOT
            .player(session.game().rules)
            .expect("alphabeta needs no database");
        let label = format!("draughts/hint/{}", position.plies);
        let mut stream = crate::rng::stream(session.seed(), &label, 0);
        let mv = hint_bot.choose(session.game(), position, &mut stream);
        hint_line(mv)
    }

    fn help(&self) -> String {
        HELP.to_string()
    }

    fn record(&self, session: &Session<Draughts>) -> String {
        record(session.position_at(0).board.side, session.moves())
    }
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
