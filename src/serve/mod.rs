//! The four systems in the browser (`boardlab serve`). A local HTTP server (axum on tokio)
//! answers a small JSON API (`docs/serve.md`) and serves one page, whose HTML, CSS and
//! JavaScript are built into the binary ([`assets`]), so nothing is installed or fetched.
//!
//! The engines are the library's, called as the command line calls them, with the same seeds:
//! a draughts or "15" game here is the library's [`crate::game::Session`], the one the
//! terminal games play, so a game played here with seed S is the game `boardlab draughts
//! games` or `boardlab draughts play` plays with seed S. The game endpoints are written once
//! ([`games`]); each game adds its request, its view and its bots' limits ([`draughts`],
//! [`draughts_variants`], [`fifteen`]). Engine work runs on tokio's blocking threads, a few at a time, and stops when
//! its client goes away ([`limits::Engine`]); bots are capped in depth and playouts
//! ([`limits`]); games live in one store bounded in games per kind and in bytes, which
//! forgets the least recently used ([`store`]), so memory stays bounded however many games
//! are started and however long they grow. [`app`] builds the
//! whole server as one router, which the tests drive in process. The server listens on
//! 127.0.0.1 unless `--host` names another address.
//!
//! No client can take it down: connections, their time and their size are bounded
//! ([`connection`]), every request passes the Host, Origin and body checks of [`guard`], and
//! files are streamed, never read whole ([`results`]). Ctrl-C stops engine work at once and
//! the server within a second; a second Ctrl-C exits at once.

mod api_error;
mod assets;
mod connection;
mod draughts;
mod draughts_pdn;
mod draughts_values;
mod draughts_variants;
mod engines;
mod fifteen;
mod file_stream;
mod games;
mod guard;
mod knights_tour;
pub mod limits;
mod memory;
mod regular_file;
mod results;
mod store;
#[cfg(test)]
mod tests;

pub use engines::{NamedEngine, named_engine};
pub use store::{DEFAULT_BUDGET_MIB, DEFAULT_CAPACITY};

/// A request's seat when it names none: a person at the page.
fn person() -> String {
    "person".into()
}

/// A request's master seed when it names none, as the command line's `--seed` default.
fn first_seed() -> u64 {
    1
}

use crate::draughts::game::Draughts;
use crate::draughts::variant::game::VariantGame;
use crate::fifteen::{Classic, Fifteen, OddEven};
use anyhow::Context;
use api_error::ApiError;
use axum::Router;
use axum::routing::get;
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

/// How the server runs: where it listens, what it shows and how much it holds.
#[derive(Debug)]
pub struct Settings {
    pub host: IpAddr,
    /// The TCP port (0: any free port, printed on the first line).
    pub port: u16,
    /// Results folders whose REPORT.md files and charts the page shows (`None`: `results`
    /// when there is one).
    pub results: Option<Vec<PathBuf>>,
    /// Games kept per kind of game.
    pub max_games: u64,
    /// Mebibytes all games together may hold.
    pub max_game_memory: u64,
    /// Outside engines offered as players, by name.
    pub engines: Vec<NamedEngine>,
}

/// What every request handler outside the games shares.
pub struct App {
    results: results::Roots,
    /// The Hub engines of `--engine`.
    engines: Arc<engines::Engines>,
    /// Engine work (a bot's move, a board, a tour): a few at once, stopped when not wanted.
    engine: Arc<limits::Engine>,
}

impl App {
    /// Runs `work` on a blocking thread once an engine permit is free (see [`limits::Engine`]).
    async fn compute<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        self.engine.run(work).await
    }
}

pub fn run(args: &Settings) -> anyhow::Result<ExitCode> {
    let results = results::Roots::open(&args.results)?;
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let engine = Arc::new(limits::Engine::new(threads.max(2)));
    let hosts = Arc::new(guard::Hosts::for_address(args.host));
    let store = Arc::new(store::Store::new(
        args.max_games as usize,
        (args.max_game_memory as usize) << 20,
    ));
    let engines = engines::Engines::new(args.engines.clone()).map_err(anyhow::Error::msg)?;
    let router = app(results, store, engine.clone(), hosts, Arc::new(engines));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_io()
        .enable_time()
        .build()
        .context("starting the server's runtime")?;
    let served = runtime.block_on(serve(router, engine, SocketAddr::new(args.host, args.port)));
    // Engine work has been told to stop; no thread is waited for past this.
    runtime.shutdown_timeout(Duration::from_millis(200));
    // An engine started since Ctrl-C, by a request that was in flight.
    crate::interrupts::kill_groups();
    served?;
    Ok(ExitCode::SUCCESS)
}

async fn serve(
    router: Router,
    engine: Arc<limits::Engine>,
    address: SocketAddr,
) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .with_context(|| format!("listening on {address} (is the port taken? try --port 0)"))?;
    let bound = listener.local_addr()?;
    let (stop, stopped) = tokio::sync::watch::channel(false);
    // Registered here, before the signals `main` holds are let through, so that a Ctrl-C
    // however early shuts the server down like any other.
    let mut signals = EndingSignals::register()?;
    crate::interrupts::release();
    tokio::spawn(async move {
        signals.next().await;
        engine.stop();
        stop.send_replace(true);
        // Hub engines lead process groups of their own, out of the terminal's reach.
        crate::interrupts::kill_groups();
        signals.next().await;
        crate::interrupts::kill_groups();
        std::process::exit(130);
    });
    let mut out = std::io::stdout().lock();
    writeln!(out, "listening on http://{bound}/")?;
    out.flush()?;
    drop(out);
    let limit = connection::connection_limit();
    connection::serve(listener, router, limit, stopped).await;
    Ok(())
}

/// Ctrl-C (SIGINT) and SIGTERM, which end the server: the first shuts it down, the second
/// exits at once.
struct EndingSignals {
    interrupt: tokio::signal::unix::Signal,
    terminate: tokio::signal::unix::Signal,
}

impl EndingSignals {
    fn register() -> anyhow::Result<EndingSignals> {
        use tokio::signal::unix::{SignalKind, signal};
        let listen = |kind| signal(kind).context("listening for Ctrl-C");
        Ok(EndingSignals {
            interrupt: listen(SignalKind::interrupt())?,
            terminate: listen(SignalKind::terminate())?,
        })
    }

    async fn next(&mut self) {
        tokio::select! {
            _ = self.interrupt.recv() => {}
            _ = self.terminate.recv() => {}
        }
    }
}

/// The whole server: the page and its assets, then the API by system, with its games kept in
/// `games` and `engine` running the engine work; then the checks and headers of [`guard`]
/// around them all.
fn app(
    results: results::Roots,
    games: Arc<store::Store>,
    engine: Arc<limits::Engine>,
    hosts: Arc<guard::Hosts>,
    engines: Arc<engines::Engines>,
) -> Router {
    let app = Arc::new(App {
        results,
        engines: engines.clone(),
        engine: engine.clone(),
    });
    Router::new()
        .route("/", get(assets::index))
        .route("/assets/{name}", get(assets::asset))
        .route("/api/info", get(info))
        .merge(games::routes::<Draughts, _>(
            games.clone(),
            engine.clone(),
            engines.clone(),
        ))
        .merge(games::routes::<VariantGame, _>(
            games.clone(),
            engine.clone(),
            engines.clone(),
        ))
        .merge(games::routes::<Fifteen<Classic>, _>(
            games.clone(),
            engine.clone(),
            engines.clone(),
        ))
        .merge(games::routes::<Fifteen<OddEven>, _>(games, engine, engines))
        .route("/api/chess-memory/board", get(memory::board))
        .route("/api/knights-tour/tour", get(knights_tour::tour))
        .route("/api/results", get(results::list))
        .route("/api/results/report", get(results::report))
        .route("/results/{root}/{*path}", get(results::file))
        .fallback(not_found)
        .layer(axum::middleware::map_response(api_error::json_errors))
        .layer(axum::middleware::from_fn_with_state(
            hosts,
            guard::check_request,
        ))
        .layer(axum::middleware::from_fn(guard::secure_answer))
        .with_state(app)
}

async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::not_found(format!(
        "no page or endpoint at {}; the API is described in docs/serve.md",
        uri.path()
    ))
}

/// The answer of `GET /api/info`: what the page offers in its menus.
#[derive(serde::Serialize)]
struct Info {
    version: &'static str,
    draughts: draughts::Info,
    draughts_variants: draughts_variants::Info,
    fifteen: fifteen::Info,
    chess_memory: serde_json::Value,
    knights_tour: serde_json::Value,
    results: Vec<String>,
}

/// `GET /api/info`.
async fn info(axum::extract::State(app): axum::extract::State<Arc<App>>) -> axum::Json<Info> {
    axum::Json(Info {
        version: crate::VERSION,
        draughts: draughts::info(),
        draughts_variants: draughts_variants::info(&app.engines),
        fifteen: fifteen::info(),
        chess_memory: memory::info(),
        knights_tour: knights_tour::info(),
        results: app.results.names().into_iter().map(String::from).collect(),
    })
}
