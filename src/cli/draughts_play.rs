//! `boardlab draughts play`: a game against a bot at the terminal, under Czech, English or
//! Damebot's rules here and under the national rule sets in [`super::variants`], with the
//! person's moves read from standard input.

use super::draughts::{Colour, PlayArgs};
use crate::draughts::Color;
use crate::draughts::bots::BotSpec;
use crate::draughts::game::{Draughts, GamePosition, PLAY_STREAM};
use crate::draughts::terminal::{DraughtsScreen, Style};
use crate::draughts::variant::RulesChoice;
use crate::game::console::{self, Console};
use crate::game::matches::MatchGame;
use crate::game::{Game, Session, Sitter};
use anyhow::Context;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

pub(super) fn play(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    let Some(rules) = args.rules.board_rules().filter(|_| !numbered_english(args)) else {
        return super::variants::play(args);
    };
    let game = Draughts {
        rules,
        max_plies: args.max_plies,
    };
    let start = match &args.fen {
        Some(text) => {
            GamePosition::new(super::draughts_moves::board_of(rules, text).context("--fen")?)
        }
        None => game.start(),
    };
    let person = match args.colour {
        Colour::White => Color::White,
        Colour::Black => Color::Black,
    };
    if let Err(e) = game.player(&args.opponent()) {
        anyhow::bail!("--against {e}");
    }
    let mut seats = [Sitter::Person, Sitter::Bot(args.opponent())];
    if person == Color::Black {
        seats.reverse();
    }
    let session = Session::new(game, start, seats, args.seed, PLAY_STREAM);
    let style = style_of(args);
    let (session, outcome) = play_at_the_terminal(session, &DraughtsScreen { person, style })?;
    if let Some(path) = &args.pdn {
        super::draughts_pdn::save_session(path, &session, outcome)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// English checkers is played in the squares its players number 1-32, on the national games'
/// generator (which lists the same moves in the same order as the 8×8 one), against every
/// opponent but `perfect:D`, whose database is the 8×8 engine's.
fn numbered_english(args: &PlayArgs) -> bool {
    args.rules == RulesChoice::English
        && !matches!(args.opponent().parse(), Ok(BotSpec::Perfect { .. }))
}

/// How `draughts play` draws pieces.
pub(super) fn style_of(args: &PlayArgs) -> Style {
    if args.ascii {
        Style::Ascii
    } else {
        Style::Unicode
    }
}

/// Plays `session` with the person at this terminal (standard input and output); returns
/// it as it ended, and how it ended.
pub(super) fn play_at_the_terminal<G: MatchGame + Clone>(
    mut session: Session<G>,
    screen: &impl console::Screen<G>,
) -> anyhow::Result<(Session<G>, console::Outcome)> {
    let stdin = std::io::stdin();
    let echo = !stdin.is_terminal();
    let mut input = stdin.lock();
    let mut output = std::io::stdout().lock();
    let mut console = Console {
        input: &mut input,
        output: &mut output,
        echo,
    };
    let outcome =
        console::play(&mut session, screen, &mut console).context("playing in the terminal")?;
    output.flush().context("writing to the terminal")?;
    Ok((session, outcome))
}
