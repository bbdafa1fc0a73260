//! The national games of draughts on the command line (`boardlab draughts ... --rules
//! international` and the other rule sets of `docs/draughts-variants.md`): perft, the legal
//! moves of a position, and a game at the terminal. Czech, English and Damebot's rules are
//! handled in [`super::draughts`].

use super::draughts::{Colour, MovesArgs, PerftArgs, PlayArgs};
use super::draughts_play::{play_at_the_terminal, style_of};
use crate::draughts::board::Color;
use crate::draughts::moves::record_moves;
use crate::draughts::variant::game::{VariantGame, VariantPosition};
use crate::draughts::variant::terminal::VariantScreen;
use crate::draughts::variant::{self, Engine, VariantMove, notation};
use crate::game::matches::MatchGame;
use crate::game::{Game, Session, Sitter};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

/// `draughts perft` under a rule set of the national games' generator.
pub(super) fn perft(args: &PerftArgs) -> anyhow::Result<ExitCode> {
    let variant = args
        .position
        .rules
        .variant()
        .expect("only Damebot's rules have no variant");
    if args.hash > 0 {
        anyhow::bail!(
            "--hash is offered for czech, english and damebot only; leave it out for {variant}"
        );
    }
    let rules = variant.rules();
    let position = match &args.position.fen {
        Some(text) => notation::parse_fen(&rules, text).map_err(anyhow::Error::msg)?,
        None => Engine::new(rules).start(),
    };
    let start = Instant::now();
    let nodes = if args.divide && args.depth > 0 {
        let parts = variant::perft::divide(&rules, &position, args.depth, args.captures);
        let moves: Vec<VariantMove> = parts.iter().map(|(mv, _)| *mv).collect();
        for (mv, count) in &parts {
            println!("{} {count}", notation::move_text(&rules, mv, &moves));
        }
        parts.iter().map(|(_, count)| count).sum()
    } else {
        variant::perft::perft(&rules, &position, args.depth, args.captures)
    };
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "perft({}) = {nodes}  rules {variant} captures {}  {seconds:.3} s  {:.0} nodes/s",
        args.depth,
        args.captures.name(),
        nodes as f64 / seconds.max(1e-9)
    );
    Ok(ExitCode::SUCCESS)
}

/// `draughts moves` under a rule set of the national games' generator.
pub(super) fn moves(args: &MovesArgs) -> anyhow::Result<ExitCode> {
    let variant = args
        .rules
        .variant()
        .expect("only Damebot's rules have no variant");
    if let Some(bot) = args.bot {
        anyhow::bail!(
            "--bot {bot}: a bot's view is offered for czech, english and damebot; leave --bot out for {variant}"
        );
    }
    let rules = variant.rules();
    let engine = Engine::new(rules);
    let start = notation::parse_fen(&rules, &args.fen).map_err(anyhow::Error::msg)?;
    let texts: Vec<&str> = args
        .play
        .iter()
        .flat_map(|text| record_moves(text))
        .collect();
    let position = notation::play_moves(&engine, &start, &texts).map_err(anyhow::Error::msg)?;
    let listed = notation::listing(&engine, &position);
    let fen = notation::to_fen(&rules, &position);
    let mut out = std::io::stdout().lock();
    if args.json {
        let moves: Vec<_> = listed
            .iter()
            .map(|(text, taken)| serde_json::json!({ "move": text, "captured": taken }))
            .collect();
        let report =
            serde_json::json!({ "position": fen, "rules": variant.name(), "moves": moves });
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(out, "position {fen}")?;
    writeln!(
        out,
        "{} ({variant} rules)",
        crate::names::counted(listed.len(), "legal move", "legal moves")
    )?;
    for (text, taken) in &listed {
        if taken.is_empty() {
            writeln!(out, "{text}")?;
        } else {
            writeln!(out, "{text}  takes {}", taken.join(","))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `draughts play` under a rule set of the national games' generator.
pub(super) fn play(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    let variant = args.rules.variant().expect("a national game");
    let game = VariantGame::new(variant, args.max_plies);
    let start = match &args.fen {
        Some(text) => VariantPosition::new(
            notation::parse_fen(game.rules(), text).map_err(|e| anyhow::anyhow!("--fen: {e}"))?,
        ),
        None => game.start(),
    };
    if let Err(e) = game.player(&args.opponent()) {
        anyhow::bail!("--against {e}");
    }
    let person = match args.colour {
        Colour::White => Color::White,
        Colour::Black => Color::Black,
    };
    let mut seats = [Sitter::Person, Sitter::Bot(args.opponent())];
    if person == Color::Black {
        seats.reverse();
    }
    let session = Session::new(game, start, seats, args.seed, "draughts-variants/play");
    let style = style_of(args);
    let (session, outcome) = play_at_the_terminal(session, &VariantScreen { person, style })?;
    if let Some(path) = &args.pdn {
        super::draughts_pdn::save_session(path, &session, outcome)?;
    }
    Ok(ExitCode::SUCCESS)
}
