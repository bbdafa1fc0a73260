//! `boardlab draughts hub`: a boardlab bot as an engine of the Hub protocol (Scan 3.1's, the
//! Hub GUI's), on standard input and output; and the player names that `draughts games` and
//! `draughts play` take, Hub engines (`hub:COMMAND`) among them.

use crate::draughts::bots::BotSpec;
use crate::draughts::hub::{Breakage, EngineOptions, HubSpec, engine};
use crate::draughts::variant::RulesChoice;
use anyhow::Context;
use clap::Args;
use std::process::ExitCode;

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 after `quit` or the end of the input; 2 bad options or an error.

The engine reads the GUI's lines on standard input and answers each with one flushed line: \
`hub` (its id and parameters: variant, bot, seed), `init`, `pos`, `level` (ignored: the bots \
are bounded by depth or playouts), `go think` (answered `done move=...`), `new-game`, `ping`, \
`quit`. Positions are 51 characters on 10x10 (33 on 8x8, 73 on 12x12), moves numbered \
(`32-28`, `28x19x23`) under every rule set.

Examples:
  boardlab draughts hub --bot alphabeta:4
  boardlab draughts hub --bot mcts:200 --rules frisian --seed 7
  boardlab draughts games 'hub:boardlab draughts hub --bot alphabeta:2' random --rules international --games 2"
)]
pub struct HubArgs {
    /// The bot that chooses the moves: random, alphabeta:D or mcts:N.
    #[arg(long, default_value = "alphabeta:4", value_name = "BOT")]
    pub bot: BotSpec,

    /// The rule set it plays until the GUI sets another (`set-param name=variant`); Scan's
    /// name for international is `normal`.
    #[arg(long, value_parser = crate::cli::offered::<RulesChoice>(), default_value_t = RulesChoice::International)]
    pub rules: RulesChoice,

    /// Seed of the bot's random stream, drawn anew at each `new-game`.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Test mode: break from the search --fault-after on (a broken engine for tests).
    #[arg(long, hide = true, value_parser = crate::cli::offered::<Breakage>())]
    pub fault: Option<Breakage>,

    /// Test mode: searches answered well before --fault breaks.
    #[arg(long, hide = true, default_value_t = 0)]
    pub fault_after: u32,
}

/// Exit status of an engine that crashes on purpose (`--fault crash`).
const CRASH_STATUS: u8 = 3;

pub(super) fn run(args: &HubArgs) -> anyhow::Result<ExitCode> {
    let variant = args
        .rules
        .variant()
        .context("--rules damebot: the Hub engine plays the national rule sets; use international, czech, ...")?;
    let options = EngineOptions {
        bot: args.bot,
        variant,
        seed: args.seed,
        breakage: args.fault,
        broken_after: args.fault_after,
    };
    let mut input = std::io::stdin().lock();
    let mut output = std::io::stdout().lock();
    match engine::serve(options, &mut input, &mut output).map_err(anyhow::Error::msg)? {
        engine::Ending::Quit => Ok(ExitCode::SUCCESS),
        engine::Ending::Crash => Ok(ExitCode::from(CRASH_STATUS)),
    }
}

/// A player name as `draughts games` and `draughts play` take it: a bot (`alphabeta:4`), a
/// Hub engine (`hub:COMMAND`, `hub[KEY=VALUE;...]:COMMAND`) or a DXP engine (`dxp:COMMAND`).
pub(super) fn player_name(text: &str) -> Result<String, String> {
    // An engine's program is found before any game starts.
    if HubSpec::is_hub(text) {
        HubSpec::parse(text)?.check_program()?;
        return Ok(text.trim().to_string());
    }
    if crate::draughts::dxp::DxpSpec::is_dxp(text) {
        crate::draughts::dxp::DxpSpec::parse(text)?.check_program()?;
        return Ok(text.trim().to_string());
    }
    text.parse::<BotSpec>()
        .map(|bot| bot.to_string())
        .map_err(|e| e.to_string())
}
