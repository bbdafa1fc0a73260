//! `boardlab draughts dxp`: a boardlab bot as a DamExchange engine, connecting to a referee
//! (`--connect`) or listening on 127.0.0.1 for one (`--port`).

use crate::draughts::bots::BotSpec;
use crate::draughts::dxp::engine::{self, Breakage, Ending, EngineOptions};
use anyhow::Context;
use clap::Args;
use std::io::Write;
use std::net::{TcpListener, TcpStream};
use std::process::ExitCode;

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 after the other side closes the connection or ends with stop \
code 1 (no more games); 2 bad options or an error.

The engine is the follower of the protocol: it accepts the game request (international \
draughts, the start or a position), answers each move with the bot's, ends a game it has lost \
(no legal move) with a game end, answers a game end with one, and refuses take-backs. Without \
--connect it listens on --host (127.0.0.1) at --port, prints `listening on HOST:PORT`, and \
serves one connection after another until a game end with stop code 1. With --connect it \
connects to a referee that listens, as `draughts games` and `run` do for a `dxp:COMMAND` \
player, whose `{port}` is the port to connect to.

Examples:
  boardlab draughts games 'dxp:boardlab draughts dxp --bot alphabeta:2 --connect 127.0.0.1:{port}' random --rules international --games 2
  boardlab draughts games 'dxp[depth=4]:boardlab draughts dxp --bot mcts:50 --seed 3 --connect 127.0.0.1:{port}' alphabeta:1 --rules international --games 2"
)]
pub struct DxpArgs {
    /// The bot that chooses the moves: random, alphabeta:D or mcts:N.
    #[arg(long, default_value = "alphabeta:4", value_name = "BOT")]
    pub bot: BotSpec,

    /// Seed of the bot's random stream, drawn anew at each game request.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Connect to a referee listening at HOST:PORT instead of listening.
    #[arg(long, value_name = "HOST:PORT", conflicts_with_all = ["host", "port"])]
    pub connect: Option<String>,

    /// The address to listen on; another than 127.0.0.1 opens the engine to the network.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,

    /// The port to listen on (DXP's usual 27531; 0: one the system chooses).
    #[arg(long, default_value_t = 27531)]
    pub port: u16,

    /// Test mode: break from the search --fault-after on (a broken engine for tests).
    #[arg(long, hide = true, value_parser = crate::cli::offered::<Breakage>())]
    pub fault: Option<Breakage>,

    /// Test mode: searches answered well before --fault breaks.
    #[arg(long, hide = true, default_value_t = 0)]
    pub fault_after: u32,
}

/// Exit status of an engine that crashes on purpose (`--fault crash`).
const CRASH_STATUS: u8 = 3;

pub(super) fn run(args: &DxpArgs) -> anyhow::Result<ExitCode> {
    crate::draughts::variant::matches::player(&Default::default(), args.bot)
        .map_err(anyhow::Error::msg)
        .context("--bot")?;
    let options = EngineOptions {
        bot: args.bot,
        seed: args.seed,
        breakage: args.fault,
        broken_after: args.fault_after,
    };
    let served = |stream: TcpStream| -> anyhow::Result<Ending> {
        engine::serve(options, stream).context("the DXP connection failed")
    };
    let ending = match &args.connect {
        Some(address) => {
            let stream = TcpStream::connect(address.as_str()).with_context(|| {
                format!("cannot connect to {address}; is a referee listening there?")
            })?;
            served(stream)?
        }
        None => {
            let listener =
                TcpListener::bind((args.host.as_str(), args.port)).with_context(|| {
                    format!(
                        "cannot listen on {}:{}; choose another --port (0: any free one)",
                        args.host, args.port
                    )
                })?;
            let address = listener.local_addr().context("the listening address")?;
            println!("listening on {address}");
            std::io::stdout().flush().ok();
            loop {
                let (stream, _) = listener.accept().context("cannot accept a connection")?;
                match served(stream)? {
                    Ending::Closed => continue,
                    ending => break ending,
                }
            }
        }
    };
    Ok(match ending {
        Ending::Crash => ExitCode::from(CRASH_STATUS),
        Ending::Closed | Ending::Stopped => ExitCode::SUCCESS,
    })
}
