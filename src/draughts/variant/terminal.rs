//! A person against a bot in the terminal under any rule set, played by the loop of
//! [`crate::game::console`]. The board is drawn at its size from the person's side; every
//! empty dark square shows its number where the rule set's players number the squares (and
//! a dot where they use letters, with files and ranks around the board), the last move's
//! squares are in brackets. Moves are typed as the players write them (`32-28`, `19x28`, any
//! landing squares between to choose among captures with the same ends).

use super::game::{VariantGame, VariantPosition, side};
use super::notation::Squares;
use super::{Notation, Position, RuleSet, VariantMove};
use crate::draughts::board::Color;
use crate::draughts::game::{Ending, seat_of};
use crate::draughts::terminal::{
    HINT_BOT, Style, bot_move_line, ending_line, hint_line, resigned_line, side_name, sign,
};
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
    let (files, ranks): (Vec<u32>, Vec<u32>) = match bottom {
        Color::White => ((0..n).collect(), (0..n).rev().collect()),
        Color::Black => ((0..n).rev().collect(), (0..n).collect()),
    };
    let piece_at = |index: u32| {
        let bit = 1u128 << index;
        let color = if board.white & bit != 0 {
            Color::White
        } else if board.black & bit != 0 {
            Color::Black
        } else {
            return if style == Style::Ascii { '.' } else { '·' };
        };
        sign((color, board.kings & bit != 0), style)
    };
    let rows = ranks.iter().map(|&rank| {
        files
            .iter()
            .map(|&file| squares.at(rank, file))
            .collect::<Vec<_>>()
    });
    if rules.notation == Notation::Algebraic {
        algebraic_board(rows, &files, &ranks, piece_at, marked)
    } else {
        numbered_board(rows, &squares, piece_at, marked, style)
    }
}

/// A board whose players name squares a1-h8: a sign on each dark square, files and ranks
/// around it.
fn algebraic_board(
    rows: impl Iterator<Item = Vec<Option<u32>>>,
    files: &[u32],
    ranks: &[u32],
    piece_at: impl Fn(u32) -> char,
    marked: u128,
) -> String {
    let letters: String = files
        .iter()
        .map(|&f| format!("  {} ", (b'a' + f as u8) as char))
        .collect();
    let mut text = format!("    {letters}\n");
    for (row, rank) in rows.zip(ranks) {
        text.push_str(&format!("{:>3} ", rank + 1));
        for square in row {
            text.push_str(&match square {
                None => "    ".to_string(),
                Some(index) if marked >> index & 1 != 0 => format!("[{:>2}]", piece_at(index)),
                Some(index) => format!(" {:>2} ", piece_at(index)),
            });
        }
        text.push_str(&format!(" {}\n", rank + 1));
    }
    text.push_str(&format!("    {letters}\n"));
    text
}

/// A board whose players number the squares, drawn as a draughts book's diagram: every dark
/// square shows its number, then its piece (a dot when empty), inside a frame.
fn numbered_board(
    rows: impl Iterator<Item = Vec<Option<u32>>>,
    squares: &Squares,
    piece_at: impl Fn(u32) -> char,
    marked: u128,
    style: Style,
) -> String {
    const CELL: usize = 5;
    let [top_left, top_right, bottom_left, bottom_right, across, down] = match style {
        Style::Unicode => ['┌', '┐', '└', '┘', '─', '│'],
        Style::Ascii => ['+', '+', '+', '+', '-', '|'],
    };
    let mut text = String::new();
    let mut width = 0;
    for row in rows {
        width = row.len() * CELL;
        text.push(down);
        for square in row {
            text.push_str(&match square {
                None => " ".repeat(CELL),
                Some(index) => {
                    let (open, close) = if marked >> index & 1 != 0 {
                        ('[', ']')
                    } else {
                        (' ', ' ')
                    };
                    format!(
                        "{open}{:>2}{}{close}",
                        squares.number(index),
                        piece_at(index)
                    )
                }
            });
        }
        text.push(down);
        text.push('\n');
    }
    let line = across.to_string().repeat(width);
    format!("{top_left}{line}{top_right}\n{text}{bottom_left}{line}{bottom_right}\n")
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
        let side = side(session.position()).other();
        bot_move_line(side, &self.bot(session), mv)
    }

    fn verdict(&self, session: &Session<VariantGame>, result: GameResult) -> String {
        let position = session.position();
        match session.game().ending(position) {
            Some((_, ending)) => ending_text(result, ending, position, session.game().rules()),
            None => format!("{result:?}"),
        }
    }

    fn resigned(&self, session: &Session<VariantGame>, _: Seat) -> String {
        resigned_line(self.person, &self.bot(session))
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
        let game = session.game();
        let position = session.position();
        let mut hint_bot =
            super::matches::player(game, HINT_BOT).expect("alphabeta plays every rule set");
        let label = "draughts-variants/hint";
        let mut rng = crate::rng::stream(session.seed(), label, position.plies as u64);
        let mv = hint_bot.choose(game, position, &mut rng);
        hint_line(game.move_text(position, &mv))
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
pub fn ending_text(
    result: GameResult,
    ending: Ending,
    position: &VariantPosition,
    rules: &RuleSet,
) -> String {
    ending_line(
        result,
        ending,
        position.board.side,
        rules.repetitions_for_draw,
        rules.quiet_plies_for_draw,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    /// Every numbered rule set's board shows each square's number once, inside a frame whose
    /// lines are all as wide as its top, with the pieces of the start beside their numbers.
    #[test]
    fn numbered_boards_show_every_square_s_number_inside_a_frame() {
        for &variant in crate::draughts::variant::Variant::ALL {
            let game = VariantGame::new(variant, 300);
            let rules = *game.rules();
            if rules.notation != Notation::Numeric {
                continue;
            }
            for bottom in [Color::White, Color::Black] {
                let start = game.start().board;
                let text = render(&game, &start, None, bottom, Style::Ascii);
                let lines: Vec<&str> = text.lines().collect();
                let n = rules.size as usize;
                assert_eq!(lines.len(), n + 2, "{variant}:\n{text}");
                let width = lines[0].chars().count();
                assert_eq!(width, 5 * n + 2, "{variant}:\n{text}");
                assert!(lines.iter().all(|l| l.chars().count() == width), "{text}");
                assert!(lines[0].starts_with("+-") && lines[n + 1].ends_with("-+"));
                let cells: Vec<&str> = lines[1..=n]
                    .iter()
                    .flat_map(|l| l.trim_matches('|').split_whitespace())
                    .collect();
                let mut numbers: Vec<u32> = cells
                    .iter()
                    .map(|cell| cell[..cell.len() - 1].parse().unwrap())
                    .collect();
                numbers.sort();
                assert_eq!(
                    numbers,
                    (1..=rules.squares()).collect::<Vec<_>>(),
                    "{variant}"
                );
                let men = rules.men_each() as usize;
                for (sign, count) in [
                    ('w', men),
                    ('b', men),
                    ('.', rules.squares() as usize - 2 * men),
                ] {
                    let seen = cells.iter().filter(|c| c.ends_with(sign)).count();
                    assert_eq!(seen, count, "{variant} {sign}:\n{text}");
                }
            }
        }
    }

    /// International draughts from White's side: squares 1-5 on the top row from the left, 46
    /// at the bottom left; from Black's side 50 is on the top row first. The last move's
    /// squares are in brackets.
    #[test]
    fn the_international_board_reads_as_a_diagram_with_the_last_move_marked() {
        let game = VariantGame::new(crate::draughts::variant::Variant::International, 300);
        let start = game.start();
        let mv = game.parse_move(&start, "32-28").unwrap();
        let after = game.play(&start, &mv).board;
        let text = render(&game, &after, Some(&mv), Color::White, Style::Ascii);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[1],
            "|       1b        2b        3b        4b        5b |"
        );
        assert_eq!(
            lines[6],
            "| 26.       27.      [28w]      29.       30.      |"
        );
        assert_eq!(
            lines[7],
            "|      31w      [32.]      33w       34w       35w |"
        );
        assert_eq!(
            lines[10],
            "| 46w       47w       48w       49w       50w      |"
        );
        let flipped = render(&game, &after, None, Color::Black, Style::Unicode);
        let first = flipped.lines().nth(1).unwrap();
        assert!(first.starts_with("│      50⛀"), "{flipped}");
        assert!(flipped.starts_with('┌') && flipped.trim_end().ends_with('┘'));
    }
}
