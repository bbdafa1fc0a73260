//! Stopping a long search from outside: a flag that a caller raises and the searches poll.
//!
//! A search (the UCT search of [`super::mcts`], a game's own deep search) asks
//! [`requested`] every few hundred nodes and, when it says yes, returns the best it has so
//! far. The flag is the one installed on the search's thread by [`CancelFlag::run`], so
//! nothing between the caller and the search (players, sessions, the `Player` trait) has to
//! carry it. Without an installed flag, [`requested`] is always false and a search runs to
//! the end, as on the command line.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A flag shared by the code that may stop a search and the thread that runs it.
#[derive(Clone, Debug, Default)]
pub struct CancelFlag(Arc<AtomicBool>);

thread_local! {
    /// The flag of the work this thread runs, if any.
    static CURRENT: RefCell<Option<CancelFlag>> = const { RefCell::new(None) };
}

impl CancelFlag {
    pub fn new() -> CancelFlag {
        CancelFlag::default()
    }

    /// Asks the work under this flag to stop (it stops at its next poll).
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Runs `work` on this thread with this flag as the one [`requested`] reads.
    pub fn run<T>(&self, work: impl FnOnce() -> T) -> T {
        /// Puts the thread's previous flag back, even if `work` panics.
        struct Restore(Option<CancelFlag>);
        impl Drop for Restore {
            fn drop(&mut self) {
                CURRENT.with(|current| *current.borrow_mut() = self.0.take());
            }
        }
        let previous = CURRENT.with(|current| current.borrow_mut().replace(self.clone()));
        let _restore = Restore(previous);
        work()
    }
}

/// Whether the work this thread runs has been asked to stop.
pub fn requested() -> bool {
    CURRENT.with(|current| {
        current
            .borrow()
            .as_ref()
            .is_some_and(CancelFlag::is_cancelled)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_installed_flag_is_seen_and_only_while_its_work_runs() {
        let flag = CancelFlag::new();
        let other = CancelFlag::new();
        other.cancel();
        assert!(!requested());
        flag.run(|| {
            assert!(!requested());
            flag.cancel();
            assert!(requested());
            other.run(|| assert!(requested()));
            CancelFlag::new().run(|| assert!(!requested()));
            assert!(requested());
        });
        assert!(!requested(), "the flag is removed when its work ends");
    }
}
