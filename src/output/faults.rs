//! Fault injection for the tests of the runner and the writers: a testing aid, inert unless
//! one of the variables below is set. It is compiled into every build, so that the tests run
//! on the same release build as the main job (one build for both of the README's set-up
//! commands); a release binary pays one load of an already-read flag per bot move for it.
//!
//! - `BOARDLAB_TEST_ABORT_AT=<point>` aborts the process (as `kill -9` would: no cleanup, no
//!   destructors) when it reaches the named point, so that the tests can leave a results
//!   folder in the state of a kill at every phase boundary of a run or a merge.
//! - `BOARDLAB_TEST_DISK_FULL=1` makes every write of data from the first chunk of draws on
//!   fail with "No space left on device" (ENOSPC), as a full disk would.
//! - `BOARDLAB_TEST_MOVE_DELAY_MS=<ms>` makes every bot wait that long before each move of a
//!   game, as a slow bot would, without changing a move.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set once the simulated disk has filled up.
static DISK_FULL: AtomicBool = AtomicBool::new(false);

/// The value of a fault variable.
fn variable(name: &str) -> Option<String> {
    std::env::var(name).ok()
}

/// Aborts the process if `BOARDLAB_TEST_ABORT_AT` names `point`.
pub fn abort_point(point: &str) {
    if variable("BOARDLAB_TEST_ABORT_AT").as_deref() == Some(point) {
        eprintln!("aborting at {point} (BOARDLAB_TEST_ABORT_AT)");
        std::process::abort();
    }
}

/// Called before a chunk of draws is written: fills the simulated disk if asked to.
pub fn before_data_write() -> std::io::Result<()> {
    if variable("BOARDLAB_TEST_DISK_FULL").is_some() {
        DISK_FULL.store(true, Ordering::SeqCst);
    }
    check_space()
}

/// Fails as a full disk would once the simulated disk is full.
pub fn check_space() -> std::io::Result<()> {
    if DISK_FULL.load(Ordering::SeqCst) {
        // ENOSPC on Linux and the BSDs.
        Err(std::io::Error::from_raw_os_error(28))
    } else {
        Ok(())
    }
}

/// Called before a bot chooses a move: waits as a slow bot would if asked to (the variable
/// is read once, not at every move).
pub fn before_bot_move() {
    // Called at every move of millions of games: the variable is read once, then each call is
    // one load of the cached answer.
    static DELAY: std::sync::OnceLock<Option<u64>> = std::sync::OnceLock::new();
    let delay = DELAY
        .get_or_init(|| variable("BOARDLAB_TEST_MOVE_DELAY_MS").and_then(|ms| ms.parse().ok()));
    if let Some(ms) = *delay {
        std::thread::sleep(std::time::Duration::from_millis(ms));
    }
}
