//! `boardlab serve`: its options, handed to the server of [`crate::serve`].

use crate::serve::{DEFAULT_BUDGET_MIB, DEFAULT_CAPACITY, NamedEngine, Settings, named_engine};
use clap::Args;
use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 stopped by Ctrl-C, 130 a second Ctrl-C before the stop \
ended, 2 bad options or an error (one line on standard error).

The first line on standard output is `listening on http://ADDRESS:PORT/`; open that address in \
a browser. The JSON API the page uses is described in docs/serve.md.

Examples:
  boardlab serve
  boardlab serve --port 0 --results results/fifteen --results results/draughts
  boardlab serve --engine 'bl4=boardlab draughts hub --bot alphabeta:4'"
)]
pub struct ServeArgs {
    /// The TCP port, 0 to 65535 (0: any free port, printed on the first line).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,

    /// The address to listen on. The default, 127.0.0.1, is reachable from this machine only;
    /// another address (e.g. 0.0.0.0) opens the server to the network.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub host: IpAddr,

    /// Results folders whose REPORT.md files and charts the page shows, read-only (repeat the
    /// option for several; default: `results` when there is one). Nothing outside them is
    /// served.
    #[arg(long, value_name = "DIR", num_args = 1..)]
    pub results: Option<Vec<PathBuf>>,

    /// Games kept per kind of game (1 to 100,000); starting one more forgets the least
    /// recently used.
    #[arg(long, default_value_t = DEFAULT_CAPACITY, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub max_games: u64,

    /// Mebibytes all games together may hold (1 to 65,536); a request that takes them past
    /// it forgets the least recently used games. A game holds a few dozen bytes a ply.
    #[arg(long, value_name = "MIB", default_value_t = DEFAULT_BUDGET_MIB, value_parser = clap::value_parser!(u64).range(1..=65_536))]
    pub max_game_memory: u64,

    /// A Hub engine (Scan, say) offered as the player NAME for the national rule sets, beside
    /// the bots (repeat the option for several). COMMAND starts it, split as a POSIX shell
    /// splits words (no shell runs); it thinks one second a move and forfeits the game when it
    /// crashes, hangs past ten seconds, answers nonsense or names an illegal move.
    /// `NAME=dxp:COMMAND` offers a DXP engine for international draughts, COMMAND holding
    /// `{port}` where it is told the port on 127.0.0.1 to connect to.
    #[arg(long, value_name = "NAME=COMMAND", value_parser = named_engine)]
    pub engine: Vec<NamedEngine>,
}

/// Runs the server with the options given.
pub fn run(args: &ServeArgs) -> anyhow::Result<ExitCode> {
    crate::serve::run(&Settings {
        host: args.host,
        port: args.port,
        results: args.results.clone(),
        max_games: args.max_games,
        max_game_memory: args.max_game_memory,
        engines: args.engine.clone(),
    })
}
