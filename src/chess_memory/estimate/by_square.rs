//! Estimating the number of boards square by square: sequential importance sampling that
//! covers the board in a fixed order and counts the last squares exactly.
//!
//! **The tree.** A partial board is covered in one canonical order: the lowest square not yet
//! decided is decided next, either left empty (when the instance leaves squares empty) or
//! given a symbol together with its partner, a later free square that the symbol's kind
//! attacks and that no piece of that symbol placed so far attacks. Every board is reached by
//! exactly one path, since the board itself says what the lowest open square holds and where
//! its partner stands.
//!
//! **Forward checking.** A child is kept only if every open square can still be covered: each
//! symbol with `k` pairs left has at least `2k` open squares that it may take and that have a
//! partner it may take, and the open squares that no symbol can take are no more than the
//! empty squares left. This never removes a child that has a completion, so the tree's leaves
//! are exactly the valid boards.
//!
//! **A probe** (Knuth, "Estimating the efficiency of backtrack programs", Math. Comp. 29,
//! 1975; with a non-uniform proposal as in Chen, Diaconis, Holmes and Liu, "Sequential Monte
//! Carlo methods for statistical analysis of tables", JASA 100, 2005) walks down from the
//! empty board to one child at a time and multiplies its weight by one over the probability of
//! that choice. The child is chosen in two steps: first what goes on the lowest open square, a
//! class or "empty", with probability proportional to the squares it has still to take (its
//! pieces left, or the empty squares left) among those with a child; then one of that group's
//! children uniformly. Uniform choice among all children would favour the kinds with many
//! partners (queens) and, with empty squares, almost never leave a square empty early, and is
//! far more often off by a large factor. Once at most `tail` squares are open the probe counts
//! the completions of the partial board exactly, by a depth-first search over the same tree
//! whose counts are remembered per open position (the open squares, each unfinished class's
//! squares still allowed, the pairs left), and multiplies. The expected value of a probe is the
//! number of leaves, the number of boards, whatever `tail` is; with `tail` at least the
//! board's squares one probe is the exact count.
//!
//! The same tree covers a board with pairs of one shape and no other rule ([`PairShape`]):
//! one class of pieces whose pairs need not avoid each other, which checks the method against
//! the published numbers of domino tilings and knight's-move pairings.

use crate::chess_memory::board::{Board, BoardSize, Square, square_bit, squares_of};
use crate::chess_memory::counting::PairShape;
use crate::chess_memory::pieces::{Kind, Symbol};
use crate::chess_memory::rules::AttackTables;
use crate::chess_memory::sat::Instance;
use crate::rng::{self, below};
use std::collections::HashMap;

/// The most classes of pieces a cover holds: one per symbol.
const CLASSES: usize = Symbol::COUNT;
/// The group of a child that leaves its square empty (the classes are `0..CLASSES`).
const EMPTY: usize = CLASSES;

/// What covers the board: classes of pieces placed in linked pairs, and empty squares.
#[derive(Clone, Debug)]
pub struct CoverProblem {
    size: BoardSize,
    classes: Vec<PairClass>,
    /// Squares left empty on every board.
    empty: u32,
}

/// One class of pieces: `pairs` pairs, each two squares linked in `links`.
#[derive(Clone, Debug)]
struct PairClass {
    links: [u64; 64],
    pairs: u32,
    /// Whether no square of the class may be linked to any but its partner (the pairing rule
    /// of a symbol); false for plain pairings of the board.
    exclusive: bool,
    /// The symbol the class stands for, if it is one.
    symbol: Option<Symbol>,
}

impl CoverProblem {
    /// The boards of `instance`: one class per symbol with pairs, linked by its kind's attacks.
    pub fn of_instance(instance: &Instance) -> CoverProblem {
        let size = instance.size();
        let tables = AttackTables::for_size(size);
        let classes: Vec<PairClass> = Symbol::ALL
            .into_iter()
            .filter(|&symbol| instance.pieces(symbol) > 0)
            .map(|symbol| PairClass {
                links: *tables.of_kind(symbol.kind()),
                pairs: instance.pieces(symbol) / 2,
                exclusive: true,
                symbol: Some(symbol),
            })
            .collect();
        let pieces: u32 = instance.piece_counts().iter().sum();
        CoverProblem {
            size,
            classes,
            empty: size.squares() as u32 - pieces,
        }
    }

    /// The ways to cover the whole board with pairs of `shape` and no other rule (an even
    /// number of squares; an odd one has no cover).
    pub fn pairing(size: BoardSize, shape: PairShape) -> CoverProblem {
        let links = match shape {
            PairShape::Knight => *AttackTables::for_size(size).of_kind(Kind::Knight),
            PairShape::Adjacent => step_links(size, &[(1, 0), (-1, 0), (0, 1), (0, -1)]),
            PairShape::Diagonal => step_links(size, &[(1, 1), (1, -1), (-1, 1), (-1, -1)]),
        };
        let squares = size.squares() as u32;
        CoverProblem {
            size,
            classes: vec![PairClass {
                links,
                pairs: squares / 2,
                exclusive: false,
                symbol: None,
            }],
            empty: 0,
        }
    }

    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The empty board, the root of the tree.
    fn root(&self) -> Cover {
        let open = self.size.all_squares();
        let (mut left, mut allowed) = ([0; CLASSES], [0; CLASSES]);
        for (c, class) in self.classes.iter().enumerate() {
            left[c] = class.pairs;
            allowed[c] = if class.pairs > 0 { open } else { 0 };
        }
        Cover {
            open,
            allowed,
            left,
            empty_left: self.empty,
            placed: [0; CLASSES],
        }
    }

    /// The board a cover has placed (symbols only; a pairing's class has none).
    fn board(&self, cover: &Cover) -> Board {
        let mut board = Board::empty(self.size);
        for (c, class) in self.classes.iter().enumerate() {
            if let Some(symbol) = class.symbol {
                board.put(symbol, cover.placed[c]);
            }
        }
        board
    }
}

/// The squares one of `steps` (file, rank) away from each square.
fn step_links(size: BoardSize, steps: &[(i32, i32)]) -> [u64; 64] {
    let side = size.side() as i32;
    let mut links = [0; 64];
    for (square, link) in links.iter_mut().enumerate().take(size.squares()) {
        let (file, rank) = size.coordinates(Square(square as u8));
        for &(files, ranks) in steps {
            let (f, r) = (file as i32 + files, rank as i32 + ranks);
            if (0..side).contains(&f) && (0..side).contains(&r) {
                *link |= square_bit(size.square(f as usize, r as usize));
            }
        }
    }
    links
}

/// A node of the tree: a partial board.
#[derive(Clone, Copy, Debug)]
struct Cover {
    /// Squares not yet decided.
    open: u64,
    /// For each class, the open squares a new piece of it may take.
    allowed: [u64; CLASSES],
    /// For each class, pairs still to place.
    left: [u32; CLASSES],
    /// Squares still to leave empty.
    empty_left: u32,
    /// For each class, the squares it holds (not part of what the completions depend on).
    placed: [u64; CLASSES],
}

/// What the completions of a cover depend on: everything but the squares already placed.
type Position = (u64, [u64; CLASSES], [u32; CLASSES], u32);

impl Cover {
    fn position(&self) -> Position {
        (self.open, self.allowed, self.left, self.empty_left)
    }

    /// The children that pass forward checking (module docs), each with its group: the class
    /// whose pair it places, or [`EMPTY`] for the lowest open square left empty. In a fixed
    /// order: empty first, then by class and partner square.
    fn children(&self, problem: &CoverProblem) -> Vec<(usize, Cover)> {
        let first = self.open.trailing_zeros() as usize;
        let rest = self.open & !(1u64 << first);
        let mut children = Vec::new();
        if self.empty_left > 0 {
            let mut child = *self;
            child.open = rest;
            child.empty_left -= 1;
            child.allowed = child.allowed.map(|allowed| allowed & rest);
            children.push((EMPTY, child));
        }
        for (c, class) in problem.classes.iter().enumerate() {
            if self.left[c] == 0 || self.allowed[c] >> first & 1 == 0 {
                continue;
            }
            for partner in squares_of(class.links[first] & self.allowed[c] & rest) {
                children.push((c, self.with_pair(problem, c, first, partner.index())));
            }
        }
        children.retain(|(_, child)| child.can_be_completed(problem));
        children
    }

    /// The squares group `group` still has to take: its pieces left, or the empty squares.
    fn share(&self, group: usize) -> u64 {
        if group == EMPTY {
            u64::from(self.empty_left)
        } else {
            u64::from(2 * self.left[group])
        }
    }

    /// One of `children` at random, and one over the probability of that choice: a group with
    /// probability proportional to its [`Self::share`] among the groups that have children
    /// (the chance that a board chosen at random holds that group on the lowest open square,
    /// were the pieces spread evenly), then one of the group's children uniformly.
    fn choose(&self, children: &[(usize, Cover)], stream: &mut rng::DefaultRng) -> (Cover, f64) {
        let mut counts = [0u64; EMPTY + 1];
        for &(group, _) in children {
            counts[group] += 1;
        }
        let present = (0..=EMPTY).filter(|&g| counts[g] > 0);
        let total: u64 = present.clone().map(|g| self.share(g)).sum();
        let mut ticket = below(stream, total);
        let group = present
            .into_iter()
            .find(|&g| {
                let share = self.share(g);
                ticket
                    .checked_sub(share)
                    .map(|rest| ticket = rest)
                    .is_none()
            })
            .expect("the ticket is below the total share");
        let pick = below(stream, counts[group]) as usize;
        let (_, child) = children
            .iter()
            .filter(|(g, _)| *g == group)
            .nth(pick)
            .expect("pick is below the group's children");
        let inverse = total as f64 / self.share(group) as f64 * counts[group] as f64;
        (*child, inverse)
    }

    /// This cover with a pair of class `c` on squares `a` and `b`.
    fn with_pair(&self, problem: &CoverProblem, c: usize, a: usize, b: usize) -> Cover {
        let class = &problem.classes[c];
        let pair = 1u64 << a | 1u64 << b;
        let mut child = *self;
        child.open &= !pair;
        child.allowed = child.allowed.map(|allowed| allowed & child.open);
        if class.exclusive {
            child.allowed[c] &= !(class.links[a] | class.links[b]);
        }
        child.left[c] -= 1;
        if child.left[c] == 0 {
            // A class with every pair placed constrains nothing more: forgetting its squares
            // lets positions that differ only there share their remembered count.
            child.allowed[c] = 0;
        }
        child.placed[c] |= pair;
        child
    }

    /// Forward checking (module docs): false only if no completion exists.
    fn can_be_completed(&self, problem: &CoverProblem) -> bool {
        let mut coverable = 0u64;
        for (c, class) in problem.classes.iter().enumerate() {
            if self.left[c] == 0 {
                continue;
            }
            let room = self.allowed[c];
            let mut with_partner = 0u64;
            for square in squares_of(room) {
                if class.links[square.index()] & room != 0 {
                    with_partner |= square_bit(square);
                }
            }
            if with_partner.count_ones() < 2 * self.left[c] {
                return false;
            }
            coverable |= with_partner;
        }
        (self.open & !coverable).count_ones() <= self.empty_left
    }
}

/// Counts the completions of covers exactly, remembering the count of every open position.
struct ExactCount<'a> {
    problem: &'a CoverProblem,
    known: HashMap<Position, u128>,
}

impl<'a> ExactCount<'a> {
    fn new(problem: &'a CoverProblem) -> ExactCount<'a> {
        ExactCount {
            problem,
            known: HashMap::new(),
        }
    }

    fn completions(&mut self, cover: &Cover) -> u128 {
        if cover.open == 0 {
            return 1;
        }
        if let Some(&count) = self.known.get(&cover.position()) {
            return count;
        }
        let count = cover
            .children(self.problem)
            .iter()
            .map(|(_, child)| self.completions(child))
            .sum();
        self.known.insert(cover.position(), count);
        count
    }
}

/// Every completion of `cover`, one at a time, with their number (no counts remembered).
fn visit_completions(problem: &CoverProblem, cover: &Cover, visit: &mut dyn FnMut(&Board)) -> u128 {
    if cover.open == 0 {
        visit(&problem.board(cover));
        return 1;
    }
    cover
        .children(problem)
        .iter()
        .map(|(_, child)| visit_completions(problem, child, visit))
        .sum()
}

/// The label of the probes' random streams.
pub const STREAM_LABEL: &str = "estimate-by-square";

/// Probe `index` of `seed` (module docs): an unbiased estimate of the number of boards,
/// counting exactly once at most `tail` squares are open.
pub fn probe(problem: &CoverProblem, tail: u32, seed: u64, index: u64) -> f64 {
    probe_with(problem, tail, seed, index, None)
}

/// [`probe`], handing every board its exact count reaches to `visit` (then nothing is
/// remembered, so each board is built): for checking the boards.
pub fn probe_visiting(
    problem: &CoverProblem,
    tail: u32,
    seed: u64,
    index: u64,
    visit: &mut dyn FnMut(&Board),
) -> f64 {
    probe_with(problem, tail, seed, index, Some(visit))
}

fn probe_with(
    problem: &CoverProblem,
    tail: u32,
    seed: u64,
    index: u64,
    visit: Option<&mut dyn FnMut(&Board)>,
) -> f64 {
    let mut stream = rng::stream(seed, STREAM_LABEL, index);
    let mut cover = problem.root();
    if !cover.can_be_completed(problem) {
        return 0.0;
    }
    let mut weight = 1.0;
    while cover.open.count_ones() > tail {
        let children = cover.children(problem);
        if children.is_empty() {
            return 0.0;
        }
        let (child, inverse) = cover.choose(&children, &mut stream);
        weight *= inverse;
        cover = child;
    }
    let completions = match visit {
        Some(visit) => visit_completions(problem, &cover, visit),
        None => ExactCount::new(problem).completions(&cover),
    };
    weight * completions as f64
}

/// The exact number of covers: one probe whose tail is the whole board.
pub fn count_exactly(problem: &CoverProblem) -> u128 {
    let root = problem.root();
    if !root.can_be_completed(problem) {
        return 0;
    }
    ExactCount::new(problem).completions(&root)
}
