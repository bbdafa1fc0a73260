//! The games of every kind, by number, bounded twice: at most `capacity` games of each kind,
//! and at most `budget` bytes for all of them together. Starting a game past the first bound,
//! or any request that leaves the games' sizes summed past the second, forgets the games least
//! recently used, so memory stays bounded however many games are started and however long
//! they grow.
//!
//! A game's size is what it says it holds ([`Weighed`]), measured after every request that
//! may change it.

use super::ApiError;
use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::Mutex;

/// Games kept per kind unless `--max-games` says otherwise.
pub const DEFAULT_CAPACITY: u64 = 1000;

/// Mebibytes all the games together may hold unless `--max-game-memory` says otherwise.
pub const DEFAULT_BUDGET_MIB: u64 = 256;

/// A value that can say how many bytes it holds.
pub trait Weighed {
    fn bytes(&self) -> usize;
}

pub struct Store {
    capacity: usize,
    budget: usize,
    inner: Mutex<Inner>,
}

struct Entry {
    value: Box<dyn Any + Send>,
    kind: TypeId,
    bytes: usize,
    /// The store's clock at its last use.
    used: u64,
}

struct Inner {
    entries: HashMap<u64, Entry>,
    /// The next game number, so that a number names one game of any kind.
    next_id: u64,
    /// Bumped on every use.
    clock: u64,
    /// The entries' bytes summed.
    total: usize,
}

impl Inner {
    /// Forgets the least recently used entry that `keep` allows; false when none is.
    fn forget_oldest(&mut self, keep: impl Fn(u64, &Entry) -> bool) -> bool {
        let oldest = self
            .entries
            .iter()
            .filter(|(id, entry)| !keep(**id, entry))
            .min_by_key(|(_, entry)| entry.used)
            .map(|(&id, _)| id);
        let Some(id) = oldest else {
            return false;
        };
        let entry = self.entries.remove(&id).expect("found above");
        self.total -= entry.bytes;
        true
    }

    /// Forgets the least recently used entries other than `id` until the total is within
    /// `budget` (a single game larger than the budget is kept alone).
    fn fit(&mut self, budget: usize, id: u64) {
        while self.total > budget && self.forget_oldest(|other, _| other == id) {}
    }

    fn tick(&mut self) -> u64 {
        self.clock += 1;
        self.clock
    }
}

impl Store {
    /// A store of at most `capacity` games of each kind and `budget` bytes in all.
    pub fn new(capacity: usize, budget: usize) -> Store {
        Store {
            capacity: capacity.max(1),
            budget,
            inner: Mutex::new(Inner {
                entries: HashMap::new(),
                next_id: 1,
                clock: 0,
                total: 0,
            }),
        }
    }

    /// Keeps `value` under a new number, forgetting the least recently used games if a bound
    /// would be passed.
    pub fn insert<T: Weighed + Send + 'static>(&self, value: T) -> u64 {
        let kind = TypeId::of::<T>();
        let bytes = value.bytes();
        let mut inner = self.lock();
        let id = inner.next_id;
        inner.next_id += 1;
        let of_kind = inner.entries.values().filter(|e| e.kind == kind).count();
        if of_kind >= self.capacity {
            inner.forget_oldest(|_, entry| entry.kind != kind);
        }
        let used = inner.tick();
        let value = Box::new(value);
        inner.entries.insert(
            id,
            Entry {
                value,
                kind,
                bytes,
                used,
            },
        );
        inner.total += bytes;
        inner.fit(self.budget, id);
        id
    }

    /// Runs `f` on game `id` of kind `T` (marking it used and measuring it again after), or a
    /// 404 naming the game.
    pub fn with<T: Weighed + Send + 'static, R>(
        &self,
        id: u64,
        f: impl FnOnce(&mut T) -> R,
    ) -> Result<R, ApiError> {
        let mut inner = self.lock();
        let used = inner.tick();
        let found = inner.entries.get_mut(&id).and_then(|entry| {
            let value = entry.value.downcast_mut::<T>()?;
            entry.used = used;
            Some((value, &mut entry.bytes))
        });
        let Some((value, bytes)) = found else {
            return Err(ApiError::not_found(format!(
                "no game {id}: it never existed or was forgotten to make room (start a new one)"
            )));
        };
        let answer = f(value);
        let before = std::mem::replace(bytes, value.bytes());
        let after = *bytes;
        inner.total = inner.total - before + after;
        inner.fit(self.budget, id);
        Ok(answer)
    }

    /// The bytes the kept games hold, summed.
    #[cfg(test)]
    pub fn bytes(&self) -> usize {
        self.lock().total
    }

    /// How many games are kept.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.lock().entries.len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic while holding the lock leaves whole entries behind: keep serving.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::Rng;

    /// Two kinds of game that weigh what they say.
    struct A(usize);
    struct B(usize);
    impl Weighed for A {
        fn bytes(&self) -> usize {
            self.0
        }
    }
    impl Weighed for B {
        fn bytes(&self) -> usize {
            self.0
        }
    }

    #[test]
    fn a_full_kind_forgets_its_least_recently_used_game_and_no_other() {
        let store = Store::new(2, usize::MAX);
        let a = store.insert(A(1));
        let b = store.insert(A(1));
        let other = store.insert(B(1));
        store.with(a, |_: &mut A| ()).unwrap();
        let c = store.insert(A(1));
        assert_eq!(store.len(), 3);
        for kept in [a, c] {
            assert!(store.with(kept, |_: &mut A| ()).is_ok());
        }
        assert!(store.with(other, |_: &mut B| ()).is_ok());
        let error = store.with(b, |_: &mut A| ()).unwrap_err();
        assert_eq!(error.status, axum::http::StatusCode::NOT_FOUND);
        assert!(error.message.starts_with(&format!("no game {b}:")));
        // A game asked for at another kind's address is not found either.
        assert!(store.with(other, |_: &mut A| ()).is_err());
    }

    #[test]
    fn a_game_that_grows_past_the_budget_forgets_the_oldest_others() {
        let store = Store::new(100, 10);
        let old = store.insert(A(4));
        let young = store.insert(B(4));
        store.with(young, |b: &mut B| b.0 = 9).unwrap();
        assert!(store.with(old, |_: &mut A| ()).is_err());
        assert_eq!(store.bytes(), 9);
        // One game over the whole budget is kept, alone.
        store.with(young, |b: &mut B| b.0 = 50).unwrap();
        assert_eq!((store.len(), store.bytes()), (1, 50));
        let next = store.insert(A(1));
        assert!(store.with(young, |_: &mut B| ()).is_err());
        assert_eq!((store.len(), store.bytes()), (1, 1));
        assert!(store.with(next, |_: &mut A| ()).is_ok());
    }

    /// The store against a plain list in order of use, least recent first, through random
    /// inserts and growth of both kinds: the same games kept, the same bytes.
    #[test]
    fn the_store_keeps_what_a_list_in_order_of_use_keeps() {
        let (capacity, budget) = (5, 40);
        let store = Store::new(capacity, budget);
        // (id, is A, bytes)
        let mut model: Vec<(u64, bool, usize)> = Vec::new();
        let mut chance = crate::rng::stream(7, "tests/store", 0);
        let mut roll = |n: u64| chance.next_u64() % n;
        for _ in 0..3000 {
            let bytes = roll(12) as usize;
            if model.is_empty() || roll(3) == 0 {
                let is_a = roll(2) == 0;
                let id = if is_a {
                    store.insert(A(bytes))
                } else {
                    store.insert(B(bytes))
                };
                if model.iter().filter(|e| e.1 == is_a).count() >= capacity {
                    let oldest = model.iter().position(|e| e.1 == is_a).unwrap();
                    model.remove(oldest);
                }
                model.push((id, is_a, bytes));
            } else {
                let at = roll(model.len() as u64) as usize;
                let (id, is_a, _) = model.remove(at);
                if is_a {
                    store.with(id, |a: &mut A| a.0 = bytes).unwrap();
                } else {
                    store.with(id, |b: &mut B| b.0 = bytes).unwrap();
                }
                model.push((id, is_a, bytes));
            }
            while model.iter().map(|e| e.2).sum::<usize>() > budget && model.len() > 1 {
                model.remove(0);
            }
            assert_eq!(store.len(), model.len());
            assert_eq!(store.bytes(), model.iter().map(|e| e.2).sum::<usize>());
        }
    }
}
