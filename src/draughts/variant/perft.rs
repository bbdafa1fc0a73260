//! Perft of every rule set: the number of move sequences of a given depth, counted under
//! either capture convention (every route, or routes with the same start, end and captured
//! set once), on the board's own bitboards.

use super::generate::{
    AnyRules, FixedRules, Flags, Generator, MAX_LANDINGS, Pieces, Routes, ranks_among_best,
};
use super::layout::{
    Board8, Board10, Board12, Layout, PopcntInstruction, Popcount, Set, SoftwarePopcount,
};
use super::moves::{Count, CountDistinct, VariantMove};
use super::{Position, RuleSet, Variant};
use crate::draughts::perft::Captures;

/// perft(`depth`) of `position` under `rules`, captures counted by `convention`.
pub fn perft(rules: &RuleSet, position: &Position, depth: u32, convention: Captures) -> u64 {
    match PopcntInstruction::detect() {
        Some(popcnt) if *rules == rules.variant.rules() => {
            perft_of_fixed_rules(rules.variant, position, depth, convention, popcnt)
        }
        Some(popcnt) => perft_by(AnyRules(*rules), position, depth, convention, popcnt),
        None => perft_by(
            AnyRules(*rules),
            position,
            depth,
            convention,
            SoftwarePopcount,
        ),
    }
}

/// Runs `$body` with `$flags` bound to the compiled rules of `$variant` (a [`FixedRules`]).
macro_rules! with_fixed_rules {
    ($variant:expr, |$flags:ident| $body:expr) => {
        with_fixed_rules!(@ $variant, $flags, $body, Czech, English, Russian, Brazilian, Pool,
            Spanish, Italian, Thai, International, Frisian, Killer, Canadian)
    };
    (@ $variant:expr, $flags:ident, $body:expr, $($name:ident),+) => {
        match $variant {
            $(Variant::$name => {
                let $flags = FixedRules::<{ Variant::$name as usize }>;
                $body
            })+
        }
    };
}

/// perft under a national game's own rules, compiled for them: each flag a constant.
fn perft_of_fixed_rules<P: Popcount>(
    variant: Variant,
    position: &Position,
    depth: u32,
    convention: Captures,
    popcount: P,
) -> u64 {
    with_fixed_rules!(variant, |flags| perft_by(
        flags, position, depth, convention, popcount
    ))
}

fn perft_by<F: Flags, P: Popcount>(
    flags: F,
    position: &Position,
    depth: u32,
    convention: Captures,
    popcount: P,
) -> u64 {
    match flags.rules().size {
        8 => Perft::<Board8, P, F>::new(flags, convention, popcount).count(position, depth),
        10 => Perft::<Board10, P, F>::new(flags, convention, popcount).count(position, depth),
        12 => Perft::<Board12, P, F>::new(flags, convention, popcount).count(position, depth),
        size => unreachable!("no {size}x{size} rule set"),
    }
}

/// perft(`depth` − 1) after each legal move of `position`, in the generator's order.
pub fn divide(
    rules: &RuleSet,
    position: &Position,
    depth: u32,
    convention: Captures,
) -> Vec<(VariantMove, u64)> {
    let engine = super::Engine::new(*rules);
    let mut moves = Vec::new();
    engine.legal_moves(position, &mut moves);
    if convention == Captures::Moves {
        merge_duplicates(&mut moves);
    }
    moves
        .iter()
        .map(|mv| {
            let next = super::play(position, mv);
            (
                *mv,
                perft(rules, &next, depth.saturating_sub(1), convention),
            )
        })
        .collect()
}

/// Keeps one move of each (start, end, captured set), in a canonical order.
fn merge_duplicates(moves: &mut Vec<VariantMove>) {
    if moves.len() > 1 && moves[0].is_capture() {
        moves.sort_unstable_by_key(|mv| mv.merge_key());
        moves.dedup_by_key(|mv| mv.merge_key());
    }
}

/// A capture as perft plays it: its start and end, the pieces it takes, whether it crowns.
#[derive(Clone, Copy, Debug)]
struct Capture<S> {
    captured: S,
    from: u8,
    to: u8,
    crowned: bool,
}

impl<S: Set> Capture<S> {
    /// What the moves convention counts once: start, end and captured set.
    fn merge_key(&self) -> (u8, u8, u128) {
        (self.from, self.to, self.captured.to_u128())
    }
}

/// Collects the capture routes of the highest key as perft's [`Capture`]s.
struct CaptureList<'a, S> {
    moves: &'a mut Vec<Capture<S>>,
    best: u64,
}

impl<S: Set> Routes<S> for CaptureList<'_, S> {
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
        self.moves.push(Capture {
            captured,
            from: from as u8,
            to: landings[len - 1],
            crowned,
        });
    }

    fn best(&self) -> u64 {
        if self.moves.is_empty() { 0 } else { self.best }
    }
}

struct Perft<L: Layout, P: Popcount, F: Flags> {
    generator: Generator<L, P, F>,
    merge: bool,
    buffers: Vec<Vec<Capture<L::S>>>,
    /// The routes seen by the moves convention's count at the leaves.
    distinct: Vec<(u8, u8, u128)>,
}

impl<L: Layout, P: Popcount, F: Flags> Perft<L, P, F> {
    fn new(flags: F, convention: Captures, popcount: P) -> Perft<L, P, F> {
        Perft {
            generator: Generator::with_flags(flags, popcount),
            merge: convention == Captures::Moves,
            buffers: Vec::new(),
            distinct: Vec::new(),
        }
    }

    fn count(&mut self, position: &Position, depth: u32) -> u64 {
        let pieces = Pieces {
            white: L::S::from_u128(position.white),
            black: L::S::from_u128(position.black),
            kings: L::S::from_u128(position.kings),
            side: position.side,
        };
        self.count_at(&pieces, depth)
    }

    fn count_at(&mut self, pieces: &Pieces<L::S>, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return self.count_leaves(pieces);
        }
        let mut moves = self.captures(pieces);
        if moves.is_empty() {
            // Quiet moves are made straight from the generator, without a move list; above
            // the leaves, their count is worked out in the same loop.
            self.buffers.push(moves);
            let generator = self.generator;
            let mut total = 0;
            if depth == 2 {
                let mut one_by_one = 0;
                let bulk = generator.count_replies(pieces, |from, to, crowned| {
                    let next = pieces.play(from, to, L::S::ZERO, crowned);
                    one_by_one += self.count_leaves_likely_capture(&next);
                });
                total = bulk + one_by_one;
            } else {
                generator.quiet_moves(pieces, |from, to, crowned| {
                    total += self.count_at(&pieces.play(from, to, L::S::ZERO, crowned), depth - 1);
                });
            }
            return total;
        }
        let mut total = 0;
        if self.merge && moves.len() > 1 {
            moves.sort_unstable_by_key(Capture::merge_key);
            moves.dedup_by_key(|mv| mv.merge_key());
        }
        for mv in &moves {
            let next = pieces.play(mv.from as u32, mv.to as u32, mv.captured, mv.crowned);
            total += self.count_at(&next, depth - 1);
        }
        self.buffers.push(moves);
        total
    }

    /// The captures the rules allow in `pieces`, in a move list from the pool (give it back
    /// to `buffers`).
    fn captures(&mut self, pieces: &Pieces<L::S>) -> Vec<Capture<L::S>> {
        let mut moves = self.buffers.pop().unwrap_or_default();
        moves.clear();
        self.generator.captures(
            pieces,
            &mut CaptureList {
                moves: &mut moves,
                best: 0,
            },
        );
        moves
    }

    /// perft(1): the quiet moves counted with whole-board shifts where there is no capture.
    #[inline(always)]
    fn count_leaves(&mut self, pieces: &Pieces<L::S>) -> u64 {
        if !self.generator.has_capture(pieces) {
            return self.generator.count_quiet_moves(pieces);
        }
        self.count_capture_leaves(pieces)
    }

    /// perft(1) of a position where a capture is likely (a reply to a step the bulk count
    /// could not take): the capture search is run first, without a separate test for a
    /// capture, and finds none only where the quiet moves are the count.
    #[inline(always)]
    fn count_leaves_likely_capture(&mut self, pieces: &Pieces<L::S>) -> u64 {
        match self.count_capture_leaves(pieces) {
            0 => self.generator.count_quiet_moves(pieces),
            count => count,
        }
    }

    /// perft(1) of a position with a capture: its routes counted without a move list.
    #[inline(never)]
    fn count_capture_leaves(&mut self, pieces: &Pieces<L::S>) -> u64 {
        if self.merge {
            let mut seen = std::mem::take(&mut self.distinct);
            seen.clear();
            let mut distinct = CountDistinct {
                seen,
                routes_counted: 0,
                best: 0,
            };
            self.generator.captures(pieces, &mut distinct);
            let count = distinct.count();
            self.distinct = distinct.seen;
            count
        } else {
            let mut count = Count::default();
            self.generator.captures(pieces, &mut count);
            count.count
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::variant::{Engine, Variant};

    #[test]
    fn each_compiled_rule_set_is_its_games_own() {
        for &variant in Variant::ALL {
            with_fixed_rules!(variant, |flags| assert_eq!(
                *flags.rules(),
                variant.rules(),
                "{variant}"
            ));
        }
    }

    /// The first rows of dctl's tables (tests/data/draughts-variants.perft has them all).
    #[test]
    fn shallow_start_counts_match_the_published_ones_for_every_rule_set() {
        let expected: [(Variant, [u64; 5]); 12] = [
            (Variant::Czech, [7, 49, 302, 1469, 7361]),
            (Variant::English, [7, 49, 302, 1469, 7361]),
            (Variant::Russian, [7, 49, 302, 1469, 7482]),
            (Variant::Brazilian, [7, 49, 302, 1469, 7473]),
            (Variant::Pool, [7, 49, 302, 1469, 7482]),
            (Variant::Spanish, [7, 49, 302, 1469, 7361]),
            (Variant::Italian, [7, 49, 302, 1469, 7361]),
            (Variant::Thai, [7, 49, 302, 1469, 7361]),
            (Variant::International, [9, 81, 658, 4265, 27117]),
            (Variant::Frisian, [9, 81, 658, 3880, 21345]),
            (Variant::Killer, [9, 81, 658, 4265, 27117]),
            (Variant::Canadian, [11, 121, 1222, 10053, 79049]),
        ];
        for (variant, counts) in expected {
            let rules = variant.rules();
            let start = match variant {
                // dctl counts Thai from the 12-men position of the other 8×8 games.
                Variant::Thai => {
                    crate::draughts::variant::notation::parse_fen(&rules, "W:W21-32:B1-12").unwrap()
                }
                _ => Engine::new(rules).start(),
            };
            for (depth, &count) in counts.iter().enumerate() {
                let got = perft(&rules, &start, depth as u32 + 1, Captures::Paths);
                assert_eq!(got, count, "{variant} perft({})", depth + 1);
            }
        }
    }
}
