//! A bounded store of games by number: when it is full, starting a game forgets the one
//! least recently used, so memory stays bounded however many games are started.

use super::ApiError;
use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Games kept per kind unless `--max-games` says otherwise.
pub const DEFAULT_CAPACITY: u64 = 1000;

/// The next game number, shared by every store so that a number names one game.
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

pub struct Store<T> {
    capacity: usize,
    inner: Mutex<Inner<T>>,
}

struct Inner<T> {
    entries: HashMap<u64, (T, u64)>,
    /// Bumped on every use; an entry's stamp is its last use.
    clock: u64,
}

impl<T> Store<T> {
    pub fn new(capacity: usize) -> Store<T> {
        Store {
            capacity: capacity.max(1),
            inner: Mutex::new(Inner {
                entries: HashMap::new(),
                clock: 0,
            }),
        }
    }

    /// Keeps `value` under a new number, forgetting the least recently used entry if full.
    pub fn insert(&self, value: T) -> u64 {
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        let mut inner = self.lock();
        if inner.entries.len() >= self.capacity {
            let oldest = inner
                .entries
                .iter()
                .min_by_key(|(_, (_, used))| *used)
                .map(|(&id, _)| id);
            if let Some(oldest) = oldest {
                inner.entries.remove(&oldest);
            }
        }
        inner.clock += 1;
        let stamp = inner.clock;
        inner.entries.insert(id, (value, stamp));
        id
    }

    /// Runs `f` on entry `id` (marking it used), or a 404 naming the game.
    pub fn with<R>(&self, id: u64, f: impl FnOnce(&mut T) -> R) -> Result<R, ApiError> {
        let mut inner = self.lock();
        inner.clock += 1;
        let stamp = inner.clock;
        match inner.entries.get_mut(&id) {
            Some((value, used)) => {
                *used = stamp;
                Ok(f(value))
            }
            None => Err(ApiError::not_found(format!(
                "no game {id}: it never existed or was forgotten to make room (start a new one)"
            ))),
        }
    }

    /// How many entries are kept.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.lock().entries.len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner<T>> {
        // A panic while holding the lock leaves whole entries behind: keep serving.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_store_forgets_the_least_recently_used_entry() {
        let store = Store::new(2);
        let a = store.insert("a");
        let b = store.insert("b");
        store.with(a, |_| ()).unwrap();
        let c = store.insert("c");
        assert_eq!(store.len(), 2);
        assert_eq!(store.with(a, |v| *v), Ok("a"));
        assert_eq!(store.with(c, |v| *v), Ok("c"));
        let error = store.with(b, |v| *v).unwrap_err();
        assert_eq!(error.status, axum::http::StatusCode::NOT_FOUND);
        assert!(error.message.starts_with(&format!("no game {b}:")));
    }
}
