//! Hub engines on the page: `boardlab serve --engine NAME=COMMAND` offers the engine that
//! COMMAND starts (Scan, say) as the player NAME in the seats' menus of the national rule
//! sets, beside boardlab's bots. Only the server's own command line names a program to run: a
//! request names an engine by its NAME, never by a command.
//!
//! A DXP engine (`--engine NAME=dxp:COMMAND`, COMMAND holding `{port}`) is offered the same
//! way for international draughts ([`crate::draughts::dxp::player`]), each move a game
//! request of the position.
//!
//! An engine seat is the Hub player `hub:COMMAND` ([`crate::draughts::hub::player`]) with its
//! default limits: one second a move (`level move-time=1`) and ten seconds for each answer
//! before it forfeits. The page starts the engine for each move it asks (within the server's
//! few engine permits, [`super::limits::Engine`]) rather than keep one running for each game,
//! since a page game may be left at any time and the server keeps up to `--max-games` of them:
//! a running engine per game would let clients hold that many processes. A fault (a crash, a
//! hang, garbage, an illegal move, a rule set the engine lacks) ends the game as the engine's
//! loss, the reason shown in the game's state.

use crate::draughts::bots::BotSpec;
use crate::draughts::dxp::DxpSpec;
use crate::draughts::hub::HubSpec;

/// The longest NAME.
const MAX_NAME: usize = 32;

/// One `--engine NAME=COMMAND`.
#[derive(Clone, Debug)]
pub struct NamedEngine {
    /// The label a request and the page's menus use.
    pub name: String,
    /// The player that runs it: `hub:COMMAND`, or `dxp:COMMAND` for a DXP engine.
    pub player: String,
    /// The program and its arguments.
    pub argv: Vec<String>,
}

/// Reads `NAME=COMMAND`: NAME a short label that is no bot's name, COMMAND the engine's
/// command line (split as a POSIX shell splits words), its program found; or
/// `NAME=dxp:COMMAND` for a DXP engine of international draughts ([`DxpSpec`]).
pub fn named_engine(text: &str) -> Result<NamedEngine, String> {
    let (name, command) = text
        .split_once('=')
        .map(|(name, command)| (name.trim(), command.trim()))
        .ok_or_else(|| format!("`{text}`: expected NAME=COMMAND, e.g. scan='scan hub'"))?;
    let label_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    if name.is_empty() || name.len() > MAX_NAME || !name.chars().all(label_char) {
        return Err(format!(
            "`{name}`: an engine's NAME is 1 to {MAX_NAME} letters, digits, `-`, `_` or `.`"
        ));
    }
    if name == "person" || name.parse::<BotSpec>().is_ok() {
        return Err(format!(
            "`{name}` is a player's name already; give the engine another NAME"
        ));
    }
    if DxpSpec::is_dxp(command) {
        let spec = DxpSpec::parse(command)?;
        spec.check_program()?;
        return Ok(NamedEngine {
            name: name.to_string(),
            player: spec.text,
            argv: spec.argv,
        });
    }
    let spec = HubSpec::parse(&format!(
        "{}:{command}",
        crate::draughts::hub::player::PREFIX
    ))?;
    spec.check_program()?;
    Ok(NamedEngine {
        name: name.to_string(),
        player: spec.text,
        argv: spec.argv,
    })
}

/// The engines the server offers.
#[derive(Debug, Default)]
pub struct Engines {
    list: Vec<NamedEngine>,
}

impl Engines {
    /// The engines of the command line; an error names a NAME given twice, or a COMMAND
    /// given twice (a game's seat keeps the command, which must name one engine).
    pub fn new(list: Vec<NamedEngine>) -> Result<Engines, String> {
        for (at, engine) in list.iter().enumerate() {
            let earlier = &list[..at];
            if earlier.iter().any(|e| e.name == engine.name) {
                return Err(format!(
                    "--engine {}: the NAME is given twice; give each engine its own",
                    engine.name
                ));
            }
            if let Some(same) = earlier.iter().find(|e| e.argv == engine.argv) {
                return Err(format!(
                    "--engine {}: the same COMMAND as --engine {}; give each COMMAND one NAME",
                    engine.name, same.name
                ));
            }
        }
        Ok(Engines { list })
    }

    /// The NAMEs, in the order given.
    pub fn names(&self) -> Vec<String> {
        self.list.iter().map(|e| e.name.clone()).collect()
    }

    /// The player name (`hub:COMMAND`) of the engine called `name`.
    pub fn player(&self, name: &str) -> Option<&str> {
        (self.list.iter())
            .find(|e| e.name == name)
            .map(|e| e.player.as_str())
    }

    /// A seat's name as the page shows it: an engine's NAME for its player name, any other
    /// name as it is.
    pub fn label<'a>(&'a self, player: &'a str) -> &'a str {
        (self.list.iter())
            .find(|e| e.player == player)
            .map_or(player, |e| e.name.as_str())
    }
}
