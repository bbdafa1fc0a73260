//! A person against a bot in the terminal under any rule set, played by the loop of
//! [`crate::game::console`]. The board is drawn at its size from the person's side; every
//! empty dark square shows its number where the rule set's players number the squares (and
//! a dot where they use letters, with files and ranks around the board), the last move's
//! squares are in brackets. Moves are typed as the players write them (`32-28`, `19x28`, any
//! landing squares between to choose among captures with the same ends).

use super::game::{VariantGame, VariantPosition, side};
use super::notation::Squares;
use super::{Notation, Position, VariantMove};
use crate::draughts::board::Color;
use crate::draughts::game::{Ending, seat_of};
use crate::draughts::terminal::{Style, side_name, sign};
use crate::game::console::Screen;
use crate::game::{Forfeit, Game, GameResult, Seat, Session};

/// The board of `board` as text, seen from `bottom`'s side, the squares of `last` marked.
pub fn render(
    game: &VariantGame,
    board: &Position,
    last: Option<&VariantMove>,
    bottom: Color,
    style: Style,
) -> String {
    let rules = game.rules();
    let squares = Squares::new(*rules);
    let n = rules.size as u32;
    let marked: u128 = last.map_or(0, |mv| {
        mv.landings()
            .iter()
            .fold(1u128 << mv.from(), |set, &square| set | 1u128 << square)
    });
    let algebraic = rules.notation == Notation::Algebraic;
    let (files, ranks): (Vec<u32>, Vec<u32>) = match bottom {
        Color::White => ((0..n).collect(), (0..n).rev().collect()),
        Color::Black => ((0..n).rev().collect(), (0..n).collect()),
    };
    let letters: String = files
        .iter()
        .map(|&f| format!("  {} ", (b'a' + f as u8) as char))
        .collect();
    let mut text = String::new();
    if algebraic {
        text.push_str(&format!("    {letters}\n"));
    }
    for &rank in &ranks {
        text.push_str(&if algebraic {
            format!("{:>3} ", rank + 1)
        } else {
            "    ".to_string()
        });
        for &file in &files {
            let Some(index) = squares.at(rank, file) else {
                text.push_str("    ");
                continue;
            };
            let bit = 1u128 << index;
            let piece = if board.white & bit != 0 {
                Some(Color::White)
            } else if board.black & bit != 0 {
                Some(Color::Black)
            } else {
                None
            };
            let cell = match piece {
                Some(color) => sign((color, board.kings & bit != 0), style).to_string(),
                None if algebraic => if style == Style::Ascii { "." } else { "·" }.to_string(),
                None => squares.number(index).to_string(),
            };
            if marked & bit != 0 {
                text.push_str(&format!("[{cell:>2}]"));
            } else {
                text.push_str(&format!(" {cell:>2} "));
            }
        }
        if algebraic {
            text.push_str(&format!(" {}", rank + 1));
        }
        text.push('\n');
    }
    if algebraic {
        text.push_str(&format!("    {letters}\n"));
    }
    text
}

/// What a national game shows at the terminal: the board from the person's side, and the
/// choice of `alphabeta:6` as the hint.
pub struct VariantScreen {
    /// The side the person plays, drawn at the bottom.
    pub person: Color,
    pub style: Style,
}

impl VariantScreen {
    fn bot(&self, session: &Session<VariantGame>) -> String {
        let seat = seat_of(self.person.other());
        session.seats()[seat.index()].name().to_string()
    }
}

impl Screen<VariantGame> for VariantScreen {
    fn intro(&self, session: &Session<VariantGame>) -> String {
        format!(
            "You play {} against {} ({} rules). Type help for the commands.",
            side_name(self.person),
            self.bot(session),
            session.game().variant()
        )
    }

    fn draw(&self, session: &Session<VariantGame>) -> String {
        let board = &session.position().board;
        let last = session.moves().last();
        format!(
            "\n{}",
            render(session.game(), board, last, self.person, self.style)
        )
    }

    fn prompt(&self, session: &Session<VariantGame>) -> String {
        format!("{} to move (you): ", side_name(side(session.position())))
    }

    fn bot_played(&self, session: &Session<VariantGame>, mv: &VariantMove) -> String {
        format!("{} plays {mv}", self.bot(session))
    }

    fn verdict(&self, session: &Session<VariantGame>, result: GameResult) -> String {
        let position = session.position();
        match session.game().ending(position) {
            Some((_, ending)) => ending_text(result, ending, position),
            None => format!("{result:?}"),
        }
    }

    fn resigned(&self, _session: &Session<VariantGame>, seat: Seat) -> String {
        let color = match seat {
            Seat::First => Color::White,
            Seat::Second => Color::Black,
        };
        format!(
            "{} resigns; {} wins.",
            side_name(color),
            side_name(color.other())
        )
    }

    fn forfeited(&self, session: &Session<VariantGame>, seat: Seat, forfeit: &Forfeit) -> String {
        let (loser, winner) = match seat {
            Seat::First => (Color::White, Color::Black),
            Seat::Second => (Color::Black, Color::White),
        };
        format!(
            "{} ({}) loses by {forfeit}; {} wins.",
            side_name(loser),
            session.seats()[seat.index()].name(),
            side_name(winner)
        )
    }

    fn hint(&self, session: &Session<VariantGame>) -> String {
        use crate::draughts::bots::alphabeta::AlphaBeta;
        let game = session.game();
        let position = session.position();
        let mut rng = crate::rng::stream(0, "draughts-variants/hint", position.plies as u64);
        let (mv, score) = AlphaBeta::new(6).best_move(&position.board, game.engine, &mut rng);
        format!(
            "alphabeta:6 plays {} (score {score})",
            game.move_text(position, &mv)
        )
    }

    fn help(&self) -> String {
        "Type a move: 32-28 for a step, 19x28 for a capture (add landing squares between, \
         19x30x28, when two captures share both ends). Or: moves (the legal moves), hint (the \
         choice of alphabeta:6), undo (take back your last move), resign, help."
            .into()
    }

    fn record(&self, session: &Session<VariantGame>) -> String {
        crate::draughts::moves::numbered_record(
            side(session.start()),
            session.moves().iter().map(VariantMove::to_string),
        )
    }
}

/// Why a finished game ended, in words.
pub fn ending_text(result: GameResult, ending: Ending, position: &VariantPosition) -> String {
    let board = &position.board;
    match (result, ending) {
        (GameResult::Win(_), _) => format!(
            "{} wins: {} has no legal move.",
            side_name(board.side.other()),
            side_name(board.side)
        ),
        (GameResult::Draw, Ending::Repetition) => {
            "Draw: the same position with the same side to move, repeated.".into()
        }
        (GameResult::Draw, Ending::QuietPlies) => {
            "Draw: too many moves without a capture or a man's move.".into()
        }
        (GameResult::Draw, _) => "Draw: the game reached its ply cap.".into(),
    }
}
