//! A move of any rule set and the sinks that collect or count the generator's routes.

use super::Variant;
use super::generate::{MAX_LANDINGS, Routes, ranks_among_best};
use super::layout::Set;
use super::notation::Squares;
use std::fmt;

/// A legal move: start square, landing squares (one for a step), captured pieces, and whether
/// the piece is crowned. Squares are indices of the board's padded layout; the move knows its
/// rule set, to be written in its notation (`32-28`, `19x28x37`: every landing square).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VariantMove {
    variant: Variant,
    from: u8,
    len: u8,
    crowned: bool,
    path: [u8; MAX_LANDINGS],
    captured: u128,
}

impl VariantMove {
    /// A step or glide without capture.
    pub fn quiet(variant: Variant, from: u32, to: u32, crowned: bool) -> VariantMove {
        let mut path = [0; MAX_LANDINGS];
        path[0] = to as u8;
        VariantMove {
            variant,
            from: from as u8,
            len: 1,
            crowned,
            path,
            captured: 0,
        }
    }

    /// A capture landing on `landings` in turn and taking `captured`.
    pub fn capture(
        variant: Variant,
        from: u32,
        landings: &[u8],
        captured: u128,
        crowned: bool,
    ) -> VariantMove {
        debug_assert!(!landings.is_empty() && landings.len() <= MAX_LANDINGS);
        let mut path = [0; MAX_LANDINGS];
        path[..landings.len()].copy_from_slice(landings);
        VariantMove::capture_of_path(variant, from, &path, landings.len(), captured, crowned)
    }

    /// A capture landing on the first `len` squares of `path` (the rest being 0), copied
    /// whole: the generator's hot path.
    #[inline(always)]
    fn capture_of_path(
        variant: Variant,
        from: u32,
        path: &[u8; MAX_LANDINGS],
        len: usize,
        captured: u128,
        crowned: bool,
    ) -> VariantMove {
        debug_assert!(len > 0 && path[len..].iter().all(|&s| s == 0));
        VariantMove {
            variant,
            from: from as u8,
            len: len as u8,
            crowned,
            path: *path,
            captured,
        }
    }

    pub fn from(&self) -> u32 {
        self.from as u32
    }

    pub fn to(&self) -> u32 {
        self.path[self.len as usize - 1] as u32
    }

    /// The squares the piece lands on, the last being its destination.
    pub fn landings(&self) -> &[u8] {
        &self.path[..self.len as usize]
    }

    /// The captured pieces as a set of squares (0 for a quiet move).
    pub fn captured(&self) -> u128 {
        self.captured
    }

    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// The piece becomes a king with this move.
    pub fn crowned(&self) -> bool {
        self.crowned
    }

    /// The key under which moves with the same start, end and captured set count once.
    pub fn merge_key(&self) -> (u8, u8, u128) {
        (self.from, self.to() as u8, self.captured)
    }
}

impl fmt::Display for VariantMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rules = self.variant.rules();
        let squares = Squares::new(rules);
        let separator = if self.is_capture() {
            rules.capture_separator
        } else {
            '-'
        };
        write!(f, "{}", squares.name(self.from()))?;
        for &landing in self.landings() {
            write!(f, "{separator}{}", squares.name(landing as u32))?;
        }
        Ok(())
    }
}

/// Collects the routes of the highest key.
pub(crate) struct Collect<'a> {
    pub variant: Variant,
    pub moves: &'a mut Vec<VariantMove>,
    pub best: u64,
}

impl<S: Set> Routes<S> for Collect<'_> {
    #[inline(always)]
    fn route(
        &mut self,
        from: u32,
        landings: &[u8; MAX_LANDINGS],
        len: usize,
        captured: S,
        crowned: bool,
        key: u64,
    ) {
        if !ranks_among_best(&mut self.best, key, || self.moves.clear()) {
            return;
        }
        self.moves.push(VariantMove::capture_of_path(
            self.variant,
            from,
            landings,
            len,
            captured.to_u128(),
            crowned,
        ));
    }

    fn best(&self) -> u64 {
        if self.moves.is_empty() { 0 } else { self.best }
    }
}

/// Counts the routes of the highest key.
#[derive(Default)]
pub(crate) struct Count {
    pub count: u64,
    pub best: u64,
}

impl<S: Set> Routes<S> for Count {
    #[inline(always)]
    fn route(
        &mut self,
        _from: u32,
        _landings: &[u8; MAX_LANDINGS],
        _len: usize,
        _captured: S,
        _crowned: bool,
        key: u64,
    ) {
        if ranks_among_best(&mut self.best, key, || self.count = 0) {
            self.count += 1;
        }
    }

    fn best(&self) -> u64 {
        if self.count == 0 { 0 } else { self.best }
    }

    const COUNTS_ONLY: bool = true;
    #[inline(always)]
    fn routes_counted(&mut self, count: u64, key: u64) {
        if ranks_among_best(&mut self.best, key, || self.count = 0) {
            self.count += count;
        }
    }
}

/// Counts the routes of the highest key with distinct (start, end, captured set): the moves
/// convention's count, without a move list.
#[derive(Default)]
pub(crate) struct CountDistinct {
    /// The routes kept: start and end squares, and the captured set.
    pub seen: Vec<(u8, u8, u128)>,
    /// Men's routes counted by number: each has its own start, end and captured set.
    pub routes_counted: u64,
    pub best: u64,
}

impl CountDistinct {
    /// The number of distinct routes of the highest key.
    pub fn count(&self) -> u64 {
        self.seen.len() as u64 + self.routes_counted
    }
}

impl<S: Set> Routes<S> for CountDistinct {
    #[inline(always)]
    fn route(
        &mut self,
        from: u32,
        landings: &[u8; MAX_LANDINGS],
        len: usize,
        captured: S,
        _crowned: bool,
        key: u64,
    ) {
        let forget = || {
            self.seen.clear();
            self.routes_counted = 0;
        };
        if !ranks_among_best(&mut self.best, key, forget) {
            return;
        }
        let route = (from as u8, landings[len - 1], captured.to_u128());
        if !self.seen.contains(&route) {
            self.seen.push(route);
        }
    }

    fn best(&self) -> u64 {
        if self.count() == 0 { 0 } else { self.best }
    }

    const COUNTS_ONLY: bool = true;
    #[inline(always)]
    fn routes_counted(&mut self, count: u64, key: u64) {
        let forget = || {
            self.seen.clear();
            self.routes_counted = 0;
        };
        if ranks_among_best(&mut self.best, key, forget) {
            self.routes_counted += count;
        }
    }
}
