//! What one request may ask of the server: bots no deeper than a move in a few seconds,
//! boards no larger than a page can take. Past these the API answers 400 naming the limit;
//! the command line has none of them. [`Engine`] bounds the engine work that runs at once and
//! stops it when its client goes away or the server stops.

use super::ApiError;
use crate::game::cancel::CancelFlag;
use std::sync::Arc;
use tokio::sync::{Semaphore, watch};

/// The deepest `alphabeta:D` a draughts game may use.
pub const MAX_ALPHABETA_DEPTH: u32 = 8;

/// The most playouts an `mcts:N` bot may use, in either game.
pub const MAX_PLAYOUTS: u32 = 20_000;

/// The most nodes and seconds a move the draughts engine may think, `engine:N-nodes` and
/// `engine:Ts`.
pub const MAX_ENGINE_NODES: u64 = 10_000_000;
pub const MAX_ENGINE_SECONDS: u32 = 10;

/// The largest knight's-tour board the server walks, in squares (1000×1000).
pub const MAX_TOUR_SQUARES: u64 = 1_000_000;

/// The largest knight's-tour board whose path is sent to be drawn, in squares (200×200);
/// a larger board's tour is summarised.
pub const MAX_DRAWN_SQUARES: u64 = 40_000;

/// Iterations a ChessMemory board may take before the server gives up on it.
pub const MAX_BOARD_ITERATIONS: u64 = 5_000_000;

/// The largest seed or draw index a request may give (JavaScript numbers are exact to 2⁵³).
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// A draughts game's ply cap, 10 to 10,000 plies, or a 400 naming the field.
pub fn checked_max_plies(max_plies: u32) -> Result<u32, ApiError> {
    if (10..=10_000).contains(&max_plies) {
        Ok(max_plies)
    } else {
        Err(ApiError::bad_request(format!(
            "max_plies: {max_plies} is out of range; use 10 to 10000"
        )))
    }
}

/// The engine's permits: at most this many pieces of engine work (a bot's move, a board, a
/// tour) run at once, so that a burst of requests queues instead of starting a thread each.
///
/// A permit is held by the worker thread, not by the request: a request whose client goes
/// away (its future dropped) or that the server's stop ends raises the work's
/// [`CancelFlag`], and its permit comes back only once the work has seen the flag and
/// returned. So abandoned requests never run more searches at once than the limit.
pub struct Engine {
    permits: Arc<Semaphore>,
    stopping: watch::Sender<bool>,
}

impl Engine {
    pub fn new(permits: usize) -> Engine {
        Engine {
            permits: Arc::new(Semaphore::new(permits)),
            stopping: watch::Sender::new(false),
        }
    }

    /// Stops every piece of engine work, running or waiting, and refuses new work.
    pub fn stop(&self) {
        self.stopping.send_replace(true);
        self.permits.close();
    }

    /// Runs `work` on a blocking thread once a permit is free; its searches see a
    /// [`CancelFlag`] raised when this future is dropped or the engine stopped.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let stopped = || ApiError::unavailable("the server is stopping; start it again");
        let mut stopping = self.stopping.subscribe();
        let flag = CancelFlag::new();
        let _cancel_when_dropped = CancelOnDrop(flag.clone());
        let permit = tokio::select! {
            permit = self.permits.clone().acquire_owned() => permit.map_err(|_| stopped())?,
            _ = stopping.wait_for(|stop| *stop) => return Err(stopped()),
        };
        let worker_flag = flag.clone();
        let worker = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            worker_flag.run(work)
        });
        tokio::select! {
            done = worker => done.map_err(|e| ApiError::internal(format!("the engine stopped: {e}"))),
            _ = stopping.wait_for(|stop| *stop) => Err(stopped()),
        }
    }
}

/// Raises its flag when dropped: when a request's future ends, finished or abandoned.
struct CancelOnDrop(CancelFlag);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}
