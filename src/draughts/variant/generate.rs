//! The move generator of every rule set: one search, steered by the flags of a [`RuleSet`],
//! on the bitboards of any [`Layout`].
//!
//! Order of work: captures first (compulsory), by kings and then by men, each capture route
//! followed square by square, depth first; only if there is none, the quiet moves. Where the
//! rules rank captures ([`Precedence`]), every route gets a key and only the routes of the
//! highest key are kept.
//!
//! A capture goes on while the piece can capture again. Captured pieces stay on the board
//! (blocking lines, never jumped twice) until the move ends, except where the rules remove
//! them at once (Thai); the capturing piece's start square counts as empty. A flying king
//! that has jumped may land on any empty square beyond the captured piece, but if a further
//! capture is possible from any of them it must land on one that allows it. One move per
//! capture route: a king that takes two pieces on one line is followed straight on only from
//! the last of its landing squares (the canonical spelling of `super::super::moves`).
//!
//! On Czech and English rules the generator lists the same moves in the same order as the
//! 8×8 generator of [`crate::draughts::movegen`] (a test checks it on random positions).

use super::layout::{DIAGONALS, Layout, Popcount, Set, SoftwarePopcount, reverse};
use super::rules::{Precedence, RuleSet, Variant};
use crate::draughts::board::Color;

/// Runs `$body` with `$d` bound to each direction of a man's capture in turn, as a literal
/// constant (so that each step's shift is a constant after inlining): forward first, then
/// backward where men capture backward, then along the rows and files where they do (ahead,
/// right, left, then behind). The order is the 8×8 generator's.
macro_rules! for_man_directions {
    ($side:expr, $backward:expr, $orthogonal:expr, |$d:ident| $body:expr) => {{
        if $side == 0 {
            {
                let $d: usize = 0;
                $body;
            }
            {
                let $d: usize = 1;
                $body;
            }
            if $backward {
                {
                    let $d: usize = 2;
                    $body;
                }
                {
                    let $d: usize = 3;
                    $body;
                }
            }
            if $orthogonal {
                {
                    let $d: usize = 4;
                    $body;
                }
                {
                    let $d: usize = 5;
                    $body;
                }
                {
                    let $d: usize = 7;
                    $body;
                }
                if $backward {
                    let $d: usize = 6;
                    $body;
                }
            }
        } else {
            {
                let $d: usize = 2;
                $body;
            }
            {
                let $d: usize = 3;
                $body;
            }
            if $backward {
                {
                    let $d: usize = 0;
                    $body;
                }
                {
                    let $d: usize = 1;
                    $body;
                }
            }
            if $orthogonal {
                {
                    let $d: usize = 6;
                    $body;
                }
                {
                    let $d: usize = 5;
                    $body;
                }
                {
                    let $d: usize = 7;
                    $body;
                }
                if $backward {
                    let $d: usize = 4;
                    $body;
                }
            }
        }
    }};
}

/// Runs `$body` with `$d` bound to each direction of a king's capture in turn, as a literal
/// constant: the diagonals, then the rows and files where kings capture along them.
macro_rules! for_king_directions {
    ($orthogonal:expr, |$d:ident| $body:expr) => {{
        {
            let $d: usize = 0;
            $body;
        }
        {
            let $d: usize = 1;
            $body;
        }
        {
            let $d: usize = 2;
            $body;
        }
        {
            let $d: usize = 3;
            $body;
        }
        if $orthogonal {
            {
                let $d: usize = 4;
                $body;
            }
            {
                let $d: usize = 5;
                $body;
            }
            {
                let $d: usize = 6;
                $body;
            }
            {
                let $d: usize = 7;
                $body;
            }
        }
    }};
}

/// The most landing squares one capture can have: one per captured piece.
pub const MAX_LANDINGS: usize = 32;

/// A position on an N×N board: the pieces of each side, the kings among them, the side to
/// move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pieces<S> {
    pub white: S,
    pub black: S,
    pub kings: S,
    pub side: Color,
}

impl<S: Set> Pieces<S> {
    #[inline(always)]
    pub fn own_and_opponent(&self) -> (S, S) {
        match self.side {
            Color::White => (self.white, self.black),
            Color::Black => (self.black, self.white),
        }
    }

    /// The position after the move from `from` to `to` taking `captured`, crowning the piece
    /// if `crowned`.
    #[inline(always)]
    pub fn play(&self, from: u32, to: u32, captured: S, crowned: bool) -> Pieces<S> {
        let from = S::bit(from);
        let to = S::bit(to);
        let (own, opponent) = self.own_and_opponent();
        let own = (own & !from) | to;
        let opponent = opponent & !captured;
        let mut kings = self.kings & !captured;
        if kings & from != S::ZERO || crowned {
            kings = (kings & !from) | to;
        }
        let (white, black) = match self.side {
            Color::White => (own, opponent),
            Color::Black => (opponent, own),
        };
        Pieces {
            white,
            black,
            kings,
            side: self.side.other(),
        }
    }
}

/// Where the capture search puts each route it finds.
pub trait Routes<S> {
    /// A route from `from` over the first `len` squares of `landings` (the rest are 0)
    /// taking `captured`; `crowned` if the piece ends as a new king; `key` its rank under the
    /// capture precedence (higher first).
    fn route(
        &mut self,
        from: u32,
        landings: &[u8; MAX_LANDINGS],
        len: usize,
        captured: S,
        crowned: bool,
        key: u64,
    );
    /// The best key so far (routes below it may be skipped).
    fn best(&self) -> u64;
    /// Whether routes are only counted: then the search hands the men's captures of one jump
    /// (and of two, where the rules allow) to [`Routes::routes_counted`], by number, instead
    /// of one by one to [`Routes::route`].
    const COUNTS_ONLY: bool = false;
    /// `count` men's routes, all of rank `key`, each with a start, end and captured set of its
    /// own (no other route has all three), counted by number (only if `COUNTS_ONLY`).
    fn routes_counted(&mut self, _count: u64, _key: u64) {
        unreachable!("a sink that lists routes gets them one by one");
    }
}

/// Where the generator reads its rule flags from: a rule set chosen when the program runs
/// ([`AnyRules`]), or one fixed when it is compiled ([`FixedRules`]), so that every flag is a
/// constant and the branches on the flags vanish from the search (perft uses these).
pub trait Flags: Copy + std::fmt::Debug {
    fn rules(&self) -> &RuleSet;
}

/// Any rule set, its flags read as the search runs.
#[derive(Clone, Copy, Debug)]
pub struct AnyRules(pub RuleSet);

impl Flags for AnyRules {
    #[inline(always)]
    fn rules(&self) -> &RuleSet {
        &self.0
    }
}

/// The rule set of `Variant::ALL[V]`, its flags constants of the compiled search.
#[derive(Clone, Copy, Debug, Default)]
pub struct FixedRules<const V: usize>;

impl<const V: usize> FixedRules<V> {
    const RULES: RuleSet = Variant::ALL[V].rules();
}

impl<const V: usize> Flags for FixedRules<V> {
    #[inline(always)]
    fn rules(&self) -> &RuleSet {
        &Self::RULES
    }
}

/// Ranks a route of rank `key` against `best`, the highest rank so far, for a sink that keeps
/// the routes of the highest rank only: false if it ranks below (drop it); if it ranks above,
/// `best` becomes its rank and `forget` drops what was kept of the lower rank.
#[inline(always)]
pub fn ranks_among_best(best: &mut u64, key: u64, forget: impl FnOnce()) -> bool {
    if key < *best {
        return false;
    }
    if key > *best {
        forget();
        *best = key;
    }
    true
}

/// The generator's view of one rule set on one layout, with its masks worked out.
#[derive(Clone, Copy, Debug)]
pub struct Generator<L: Layout, P: Popcount = SoftwarePopcount, F: Flags = AnyRules> {
    flags: F,
    /// Each side's far row.
    promotion: [L::S; 2],
    /// How squares are counted.
    popcount: P,
    _layout: std::marker::PhantomData<L>,
}

/// Forward directions of each side's men: up-left and up-right for White, down-right and
/// down-left for Black (the order of the 8×8 generator).
const FORWARD: [[usize; 2]; 2] = [[0, 1], [2, 3]];

#[inline(always)]
fn side_index(side: Color) -> usize {
    match side {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl<L: Layout> Generator<L> {
    pub fn new(rules: RuleSet) -> Generator<L> {
        Generator::with_popcount(rules, SoftwarePopcount)
    }
}

impl<L: Layout, P: Popcount> Generator<L, P> {
    /// The generator counting squares with `popcount`.
    pub fn with_popcount(rules: RuleSet, popcount: P) -> Generator<L, P> {
        Generator::with_flags(AnyRules(rules), popcount)
    }
}

impl<L: Layout, P: Popcount, F: Flags> Generator<L, P, F> {
    /// The generator of the rules `flags` give, counting squares with `popcount`.
    pub fn with_flags(flags: F, popcount: P) -> Generator<L, P, F> {
        debug_assert_eq!(flags.rules().size as u32, L::N);
        Generator {
            flags,
            promotion: [L::S::from_u128(L::TOP), L::S::from_u128(L::BOTTOM)],
            popcount,
            _layout: std::marker::PhantomData,
        }
    }

    /// The rule set.
    #[inline(always)]
    pub fn rules(&self) -> &RuleSet {
        self.flags.rules()
    }

    #[inline(always)]
    fn empty(&self, pieces: &Pieces<L::S>) -> L::S {
        L::S::from_u128(L::SQUARES) & !(pieces.white | pieces.black)
    }

    /// The capture routes of `pieces` into `routes` (none if the side to move cannot capture).
    pub fn captures<R: Routes<L::S>>(&self, pieces: &Pieces<L::S>, routes: &mut R) {
        let (own, opponent) = pieces.own_and_opponent();
        let empty = self.empty(pieces);
        let side = side_index(pieces.side);
        let mut search = Search::<L, R, P, F> {
            generator: self,
            opponent,
            opponent_kings: opponent & pieces.kings,
            empty,
            from: 0,
            with_king: true,
            crowned: false,
            side,
            path: [0; MAX_LANDINGS],
            routes,
        };
        let kings = own & pieces.kings;
        if kings != L::S::ZERO && self.kings_can_capture(kings, opponent, empty) {
            let mut rest = kings;
            while rest != L::S::ZERO {
                let at = rest.first();
                rest = rest.without_first();
                search.from = at;
                search.empty = empty | L::S::bit(at);
                search.king(at, L::S::ZERO, Jumps::default(), None, true);
            }
            if self.rules().precedence == Precedence::KingFirst && search.routes.best() > 0 {
                return;
            }
        }
        search.empty = empty;
        search.with_king = false;
        let men = own & !pieces.kings;
        if R::COUNTS_ONLY {
            search.men_counted(men);
            return;
        }
        let jumpers = self.men_jumpers(men, opponent, pieces.kings, empty, side);
        let mut rest = jumpers;
        while rest != L::S::ZERO {
            let at = rest.first();
            rest = rest.without_first();
            search.from = at;
            search.empty = empty | L::S::bit(at);
            search.man(at, L::S::ZERO, Jumps::default());
        }
    }

    /// The men of `men` that can make a first jump.
    #[inline(always)]
    fn men_jumpers(
        &self,
        men: L::S,
        opponent: L::S,
        kings: L::S,
        empty: L::S,
        side: usize,
    ) -> L::S {
        let targets = if self.rules().men_capture_kings {
            opponent
        } else {
            opponent & !kings
        };
        let rules = self.rules();
        let mut jumpers = L::S::ZERO;
        for_man_directions!(
            side,
            rules.men_capture_backward,
            rules.orthogonal_captures,
            |d| jumpers |= men & L::shift(L::shift(empty, reverse(d)) & targets, reverse(d))
        );
        jumpers
    }

    /// Whether some king of `kings` can capture: on some line, the first piece it meets is an
    /// opponent with an empty square behind it.
    #[inline(always)]
    fn kings_can_capture(&self, kings: L::S, opponent: L::S, empty: L::S) -> bool {
        if kings == L::S::ZERO {
            return false;
        }
        let can = |d: usize| {
            let mut front = L::shift(kings, d);
            if self.rules().flying_kings {
                let mut met = front & !empty;
                while front & empty != L::S::ZERO {
                    front = L::shift(front & empty, d);
                    met |= front & !empty;
                }
                front = met;
            }
            L::shift(front & opponent, d) & empty != L::S::ZERO
        };
        let mut any = false;
        for_king_directions!(self.rules().orthogonal_captures, |d| any = any || can(d));
        any
    }

    /// Whether the side to move has a capture.
    pub fn has_capture(&self, pieces: &Pieces<L::S>) -> bool {
        let (own, opponent) = pieces.own_and_opponent();
        let empty = self.empty(pieces);
        let side = side_index(pieces.side);
        self.men_jumpers(own & !pieces.kings, opponent, pieces.kings, empty, side) != L::S::ZERO
            || self.kings_can_capture(own & pieces.kings, opponent, empty)
    }

    /// The quiet moves (legal when there is no capture), as (from, to, crowned).
    #[inline(always)]
    pub fn quiet_moves(&self, pieces: &Pieces<L::S>, push: impl FnMut(u32, u32, bool)) {
        match pieces.side {
            Color::White => self.quiet_moves_of::<0>(pieces, push),
            Color::Black => self.quiet_moves_of::<1>(pieces, push),
        }
    }

    /// The quiet moves of side `SIDE` (0 White, 1 Black), each step a constant shift.
    #[inline(always)]
    fn quiet_moves_of<const SIDE: usize>(
        &self,
        pieces: &Pieces<L::S>,
        mut push: impl FnMut(u32, u32, bool),
    ) {
        let (own, _) = pieces.own_and_opponent();
        let empty = self.empty(pieces);
        let men = own & !pieces.kings;
        for d in FORWARD[SIDE] {
            let delta = L::DELTAS[d];
            let mut to = L::shift(men, d) & empty;
            while to != L::S::ZERO {
                let at = to.first();
                to = to.without_first();
                let crowned = self.promotion[SIDE] & L::S::bit(at) != L::S::ZERO;
                push((at as i32 - delta) as u32, at, crowned);
            }
        }
        self.king_quiet_moves(own & pieces.kings, empty, push);
    }

    /// The quiet moves of `kings`, as (from, to, false).
    #[inline(always)]
    fn king_quiet_moves(&self, mut kings: L::S, empty: L::S, mut push: impl FnMut(u32, u32, bool)) {
        while kings != L::S::ZERO {
            let king = kings.first();
            kings = kings.without_first();
            for d in DIAGONALS {
                let mut to = L::shift(L::S::bit(king), d) & empty;
                while to != L::S::ZERO {
                    push(king, to.first(), false);
                    to = if self.rules().flying_kings {
                        L::shift(to, d) & empty
                    } else {
                        L::S::ZERO
                    };
                }
            }
        }
    }

    /// perft(2) of a position whose side to move has no capture, counted in bulk where the
    /// replies allow it; the moves it cannot count so go to `one_by_one` (from, to, crowned),
    /// whose replies the caller counts. Returns the replies counted here.
    ///
    /// When the opponent has men only and no capture now, a man's step from f to t gives it a
    /// capture only if t is a piece it could then take or f a square it could then land on
    /// (behind a piece its men may take: not a king where men cannot take kings, as in
    /// Italian draughts); every other step leaves it its quiet moves, which differ from those
    /// it has now only at f (now empty) and t (now taken). Those steps' replies are counted
    /// for all of a direction's steps at once. Where its men capture forward only, the steps
    /// that give it a capture of one jump are counted here too, one by one.
    #[inline(always)]
    pub fn count_replies(
        &self,
        pieces: &Pieces<L::S>,
        one_by_one: impl FnMut(u32, u32, bool),
    ) -> u64 {
        match pieces.side {
            Color::White => self.count_replies_of::<0>(pieces, one_by_one),
            Color::Black => self.count_replies_of::<1>(pieces, one_by_one),
        }
    }

    #[inline(always)]
    fn count_replies_of<const SIDE: usize>(
        &self,
        pieces: &Pieces<L::S>,
        mut one_by_one: impl FnMut(u32, u32, bool),
    ) -> u64 {
        let rules = self.rules();
        let (own, opponent) = pieces.own_and_opponent();
        let empty = self.empty(pieces);
        let their_men = opponent & !pieces.kings;
        let their_side = 1 - SIDE;
        if opponent & pieces.kings != L::S::ZERO
            || self.men_jumpers(their_men, own, pieces.kings, empty, their_side) != L::S::ZERO
        {
            self.quiet_moves_of::<SIDE>(pieces, one_by_one);
            return 0;
        }
        // Squares where one of our pieces could be taken (a man of theirs before it, an empty
        // square behind), and squares that, emptied, a man of theirs could land on (behind a
        // piece it may take: a man where men cannot take kings).
        let their_targets = if rules.men_capture_kings {
            own
        } else {
            own & !pieces.kings
        };
        let mut takeable = L::S::ZERO;
        let mut landable = L::S::ZERO;
        for_man_directions!(
            their_side,
            rules.men_capture_backward,
            rules.orthogonal_captures,
            |e| {
                let next = L::shift(their_men, e);
                takeable |= next & L::shift(empty, reverse(e));
                landable |= L::shift(next & their_targets, e);
            }
        );
        let mut their_steps = [L::S::ZERO; 2];
        for_man_directions!(their_side, false, false, |e| their_steps[e & 1] =
            L::shift(their_men, e));
        let count = |set: L::S| set.count_by(self.popcount) as u64;
        let now = count(their_steps[0] & empty) + count(their_steps[1] & empty);
        let men = own & !pieces.kings;
        let mut total = 0;
        // Each forward direction a literal constant, so that its shifts are constants.
        for_man_directions!(SIDE, false, false, |d| {
            let to = L::shift(men, d) & empty;
            // A step that ends right in front of a man of theirs lets it jump back over t to
            // f: that jump goes the way their men move, so every rule set allows it.
            let mut bad = to & (takeable | L::shift(their_men, reverse(d)));
            bad |= L::shift(L::shift(to, reverse(d)) & landable, d);
            let good = to & !bad;
            let from = L::shift(good, reverse(d));
            total += count(good) * now;
            for steps in their_steps {
                total += count(from & steps);
                total -= count(good & steps);
            }
            let delta = L::DELTAS[d];
            let mut rest = bad;
            while rest != L::S::ZERO {
                let at = rest.first();
                rest = rest.without_first();
                let crowned = self.promotion[SIDE] & L::S::bit(at) != L::S::ZERO;
                let from = (at as i32 - delta) as u32;
                match self.replies_after_step::<SIDE>(pieces, their_men, from, at, crowned) {
                    Some(replies) => total += replies,
                    None => one_by_one(from, at, crowned),
                }
            }
        });
        self.king_quiet_moves(own & pieces.kings, empty, one_by_one);
        total
    }

    /// The replies to our man's step from `from` to `to` (crowned if `crowned`) where the
    /// opponent has `their_men` and no kings, and no capture before the step; `None` where
    /// one of its captures might take more than one piece (the caller searches those).
    ///
    /// Every capture the step gives the opponent jumps over t or lands on f: any other jump
    /// takes a piece that was there before onto a square that was empty before, so it was a
    /// capture already. So its first jumps are found from those two squares alone. Whether a
    /// man can jump on from a landing is read off the board after the step: the only squares
    /// that differ during the capture are the jumper's start (now empty) and the piece it
    /// took (not to be taken twice), and the one jump that would use either goes back over
    /// that piece onto that start. When none can go on, each capture is one move, and those
    /// that take a king rank first where the precedence counts kings.
    #[inline(always)]
    fn replies_after_step<const SIDE: usize>(
        &self,
        pieces: &Pieces<L::S>,
        their_men: L::S,
        from: u32,
        to: u32,
        crowned: bool,
    ) -> Option<u64> {
        let rules = self.rules();
        // Where men capture backward too, the four directions' tests cost more than the
        // search they would save (measured on international perft), so those are left to it.
        if rules.men_capture_backward || rules.orthogonal_captures || rules.removed_at_once {
            return None;
        }
        let next = pieces.play(from, to, L::S::ZERO, crowned);
        let (f, t) = (L::S::bit(from), L::S::bit(to));
        let ours = if SIDE == 0 { next.white } else { next.black };
        let empty = self.empty(&next);
        let targets = if rules.men_capture_kings {
            ours
        } else {
            ours & !next.kings
        };
        let their_side = 1 - SIDE;
        // Squares a man of theirs could jump on from, and may be crowned on and go on.
        let mut again = if rules.crowned_mid_capture {
            self.promotion[their_side]
        } else {
            L::S::ZERO
        };
        let (mut jumps, mut over_kings, mut landings) = (0u64, 0u64, L::S::ZERO);
        let t_taken = t & targets;
        let t_king = (t_taken & next.kings != L::S::ZERO) as u64;
        for_man_directions!(their_side, rules.men_capture_backward, false, |e| {
            again |= L::shift(L::shift(empty, reverse(e)) & targets, reverse(e));
            // Over t: a man of theirs right before it, an empty square right behind it.
            let landing = L::shift(t_taken, e) & empty;
            if landing != L::S::ZERO && L::shift(t_taken, reverse(e)) & their_men != L::S::ZERO {
                jumps += 1;
                over_kings += t_king;
                landings |= landing;
            }
            // Onto f: a piece it may take right before f (not t: that jump is the one above),
            // and a man of theirs right before that.
            let victim = L::shift(f, reverse(e)) & targets & !t;
            if L::shift(victim, reverse(e)) & their_men != L::S::ZERO {
                jumps += 1;
                over_kings += (victim & next.kings != L::S::ZERO) as u64;
                landings |= f;
            }
        });
        if landings & again != L::S::ZERO {
            return None;
        }
        if jumps == 0 {
            return Some(self.count_quiet_moves(&next));
        }
        let kings_rank_first = !matches!(
            rules.precedence,
            Precedence::Free | Precedence::KingFirst | Precedence::Most
        );
        Some(if kings_rank_first && over_kings > 0 {
            over_kings
        } else {
            jumps
        })
    }

    /// The number of quiet moves, counted with whole-board shifts.
    pub fn count_quiet_moves(&self, pieces: &Pieces<L::S>) -> u64 {
        let (own, _) = pieces.own_and_opponent();
        let empty = self.empty(pieces);
        let men = own & !pieces.kings;
        let kings = own & pieces.kings;
        let mut count = 0;
        let steps = |d: usize| (L::shift(men, d) & empty).count_by(self.popcount) as u64;
        count += match pieces.side {
            Color::White => steps(FORWARD[0][0]) + steps(FORWARD[0][1]),
            Color::Black => steps(FORWARD[1][0]) + steps(FORWARD[1][1]),
        };
        if kings != L::S::ZERO {
            for d in DIAGONALS {
                let mut front = L::shift(kings, d) & empty;
                while front != L::S::ZERO {
                    count += front.count_by(self.popcount) as u64;
                    front = if self.rules().flying_kings {
                        L::shift(front, d) & empty
                    } else {
                        L::S::ZERO
                    };
                }
            }
        }
        count
    }
}

/// What a capture has taken so far, for the precedence key.
#[derive(Clone, Copy, Debug, Default)]
struct Jumps {
    depth: usize,
    kings: u32,
    /// Bit 31 − k set when the k-th piece taken was a king.
    king_order: u32,
}

impl Jumps {
    /// What has been taken after one more jump; the order of the kings is kept only where
    /// the precedence reads it (`by_order`).
    #[inline(always)]
    fn after(self, took_king: bool, by_order: bool) -> Jumps {
        let king_order = if by_order {
            self.king_order | ((took_king as u32) << (31 - self.depth.min(31)))
        } else {
            0
        };
        Jumps {
            depth: self.depth + 1,
            kings: self.kings + took_king as u32,
            king_order,
        }
    }
}

/// Where a capture stands before its next jump: the piece's square, what it has taken, the
/// direction it came from, what it may jump and the squares open to it.
struct Step<S> {
    here: S,
    captured: S,
    jumps: Jumps,
    came: Option<usize>,
    targets: S,
    open: S,
}

/// Depth-first search of the capture routes of one piece.
struct Search<'a, L: Layout, R, P: Popcount, F: Flags> {
    generator: &'a Generator<L, P, F>,
    opponent: L::S,
    opponent_kings: L::S,
    /// Empty squares, the moving piece's start square included.
    empty: L::S,
    from: u32,
    /// The moving piece started as a king.
    with_king: bool,
    /// The moving man was crowned on the way and goes on as a king (Russian).
    crowned: bool,
    side: usize,
    /// The landing squares so far; those past the route's depth are 0.
    path: [u8; MAX_LANDINGS],
    routes: &'a mut R,
}

impl<L: Layout, R: Routes<L::S>, P: Popcount, F: Flags> Search<'_, L, R, P, F> {
    #[inline(always)]
    fn key(&self, captured: L::S, jumps: Jumps) -> u64 {
        let count = captured.count_by(self.generator.popcount) as u64;
        let kings = jumps.kings as u64;
        let with_king = self.with_king as u64;
        match self.generator.rules().precedence {
            Precedence::Free => 0,
            Precedence::KingFirst => with_king,
            Precedence::Most => count,
            Precedence::MostThenKings => count << 8 | kings,
            Precedence::Italian => {
                count << 48 | with_king << 47 | kings << 40 | jumps.king_order as u64
            }
            Precedence::Frisian => ((count + kings) * 128 - kings) << 1 | with_king,
        }
    }

    /// Whether the precedence reads the order in which kings were taken (Italian).
    #[inline(always)]
    fn by_king_order(&self) -> bool {
        self.generator.rules().precedence == Precedence::Italian
    }

    #[inline(always)]
    fn emit(&mut self, captured: L::S, jumps: Jumps, crowned: bool) {
        let key = self.key(captured, jumps);
        self.routes.route(
            self.from,
            &self.path,
            jumps.depth,
            captured,
            crowned || self.crowned,
            key,
        );
    }

    /// Empty squares for the capture's lines: where captured pieces leave at once, their
    /// squares too.
    #[inline(always)]
    fn open(&self, captured: L::S) -> L::S {
        if self.generator.rules().removed_at_once {
            self.empty | captured
        } else {
            self.empty
        }
    }

    /// The captures of all `men` for a sink that only counts: the jumps in each direction are
    /// found for all men at once, those that end after one jump (or two, see
    /// [`Self::second_jumps_by_number`]) are counted by number, and the search goes on square
    /// by square only from landings where the man can jump again (or may be crowned and go
    /// on as a king). The count equals that of the search from
    /// every man in turn: a man's second jump can never go back over the piece it has just
    /// taken, and only the square behind that piece, its start, changes from full to empty.
    fn men_counted(&mut self, men: L::S) {
        let generator = self.generator;
        let rules = generator.rules();
        let mut targets = self.opponent;
        if !rules.men_capture_kings {
            targets &= !self.opponent_kings;
        }
        let empty = self.empty;
        // Squares from which a man could jump in each direction, and the landings of a first
        // jump in each direction.
        let mut can_jump = [L::S::ZERO; 8];
        let mut landings = [L::S::ZERO; 8];
        let mut any_landing = L::S::ZERO;
        for_man_directions!(
            self.side,
            rules.men_capture_backward,
            rules.orthogonal_captures,
            |d| {
                can_jump[d] = L::shift(L::shift(empty, reverse(d)) & targets, reverse(d));
                landings[d] = L::shift(L::shift(men, d) & targets, d) & empty;
                any_landing |= landings[d];
            }
        );
        if any_landing == L::S::ZERO {
            return;
        }
        let may_crown = if rules.crowned_mid_capture {
            generator.promotion[self.side]
        } else {
            L::S::ZERO
        };
        let victim = L::S::bit(0);
        let by_order = self.by_king_order();
        let keys = [
            self.key(victim, Jumps::default().after(false, by_order)),
            self.key(victim, Jumps::default().after(true, by_order)),
        ];
        for_man_directions!(
            self.side,
            rules.men_capture_backward,
            rules.orthogonal_captures,
            |d| if landings[d] != L::S::ZERO {
                let again = may_crown | self.jumps_on_after(d, &can_jump);
                self.men_single_jumps_in(d, landings[d] & !again, keys);
                let on = landings[d] & again;
                if on != L::S::ZERO {
                    if self.second_jumps_by_number() {
                        self.men_second_jumps(d, on, &can_jump);
                    } else {
                        self.men_jumps_on(d, on, targets);
                    }
                }
            }
        );
    }

    /// The squares from which a man that has just jumped in direction `d` can jump on, from
    /// `can_jump` (the squares from which a jump in each direction is open): any direction
    /// but back.
    #[inline(always)]
    fn jumps_on_after(&self, d: usize, can_jump: &[L::S; 8]) -> L::S {
        let mut again = L::S::ZERO;
        for (e, &set) in can_jump.iter().enumerate() {
            if e != reverse(d) {
                again |= set;
            }
        }
        again
    }

    /// Whether the men's captures of two jumps are counted by number: where men move on
    /// diagonals only, are not crowned on the way, captured pieces stay until the move ends
    /// and the precedence does not ask which pieces were kings. There a man's second jump
    /// sees the board it started from: it cannot go back over its first victim (the way it
    /// came) nor land on its start (two diagonal steps from the first landing never lead
    /// back there), and whether a third jump follows is read off that board as well (its
    /// victim cannot be the first one, and three diagonal jumps never return to the start).
    /// No two such routes share start, end and captured set: two from one start to one end
    /// take the same two directions in opposite orders, over different pieces.
    #[inline(always)]
    fn second_jumps_by_number(&self) -> bool {
        let rules = self.generator.rules();
        !rules.crowned_mid_capture
            && !rules.orthogonal_captures
            && !rules.removed_at_once
            && matches!(
                rules.precedence,
                Precedence::Free | Precedence::Most | Precedence::KingFirst
            )
    }

    /// The second jumps of the men whose first jump, in direction `d`, landed on `landed`
    /// (squares from which they jump on): in each direction but back, those that end there
    /// are counted by number, and the search goes on square by square from the others.
    #[inline(always)]
    fn men_second_jumps(&mut self, d: usize, landed: L::S, can_jump: &[L::S; 8]) {
        let by_order = self.by_king_order();
        let key = self.key(
            L::S::bit(0) | L::S::bit(1),
            Jumps::default()
                .after(false, by_order)
                .after(false, by_order),
        );
        let popcount = self.generator.popcount;
        let empty = self.empty;
        let backward = self.generator.rules().men_capture_backward;
        for_man_directions!(self.side, backward, false, |e| if e != reverse(d) {
            let second = L::shift(L::shift(landed & can_jump[e], e), e);
            let again = self.jumps_on_after(e, can_jump);
            let ended = second & !again;
            if ended != L::S::ZERO {
                self.routes
                    .routes_counted(ended.count_by(popcount) as u64, key);
            }
            let mut rest = second & again;
            while rest != L::S::ZERO {
                let landing = L::S::bit(rest.first());
                rest = rest.without_first();
                let second_victim = L::shift(landing, reverse(e));
                let first_landing = L::shift(second_victim, reverse(e));
                let first_victim = L::shift(first_landing, reverse(d));
                let start = L::shift(first_victim, reverse(d));
                self.from = start.first();
                self.empty = empty | start;
                self.path[0] = first_landing.first() as u8;
                self.path[1] = landing.first() as u8;
                let kings = self.opponent_kings;
                let jumps = Jumps::default()
                    .after(first_victim & kings != L::S::ZERO, by_order)
                    .after(second_victim & kings != L::S::ZERO, by_order);
                self.man(landing.first(), first_victim | second_victim, jumps);
                self.path[0] = 0;
                self.path[1] = 0;
            }
        });
        self.empty = empty;
    }

    /// The men's first jumps in direction `d` that end on `single` (no jump goes on from
    /// there), counted by number under `keys` (over a man, over a king).
    #[inline(always)]
    fn men_single_jumps_in(&mut self, d: usize, single: L::S, keys: [u64; 2]) {
        let popcount = self.generator.popcount;
        let over_kings = single & L::shift(self.opponent_kings, d);
        let over_men = single & !over_kings;
        if over_men != L::S::ZERO {
            self.routes
                .routes_counted(over_men.count_by(popcount) as u64, keys[0]);
        }
        if over_kings != L::S::ZERO {
            self.routes
                .routes_counted(over_kings.count_by(popcount) as u64, keys[1]);
        }
    }

    /// The men's first jumps in direction `d` that land on `landings`, each followed jump by
    /// jump from there.
    #[inline(always)]
    fn men_jumps_on(&mut self, d: usize, landings: L::S, targets: L::S) {
        let empty = self.empty;
        let mut rest = landings;
        while rest != L::S::ZERO {
            let landing = L::S::bit(rest.first());
            rest = rest.without_first();
            let start = L::shift(L::shift(landing, reverse(d)), reverse(d));
            self.from = start.first();
            self.empty = empty | start;
            let step = Step {
                here: start,
                captured: L::S::ZERO,
                jumps: Jumps::default(),
                came: None,
                targets,
                open: self.open(L::S::ZERO),
            };
            self.man_step(d, &step);
        }
        self.empty = empty;
    }

    /// A man on `at` that has taken `captured`. It needs no record of the way it came: the
    /// piece it jumped last is taken, so no jump goes back over it.
    fn man(&mut self, at: u32, captured: L::S, jumps: Jumps) {
        let generator = self.generator;
        let rules = generator.rules();
        let open = self.open(captured);
        let mut targets = self.opponent & !captured;
        if !rules.men_capture_kings {
            targets &= !self.opponent_kings;
        }
        let here = L::S::bit(at);
        let mut jumped = false;
        let step = Step {
            here,
            captured,
            jumps,
            came: None,
            targets,
            open,
        };
        for_man_directions!(
            self.side,
            rules.men_capture_backward,
            rules.orthogonal_captures,
            |d| jumped |= self.man_step(d, &step)
        );
        if !jumped && jumps.depth > 0 {
            let crowned = here & generator.promotion[self.side] != L::S::ZERO;
            self.emit(captured, jumps, crowned);
        }
    }

    /// A man's jump in direction `d` from where `step` stands, and the routes on from it;
    /// whether there was one.
    #[inline(always)]
    fn man_step(&mut self, d: usize, step: &Step<L::S>) -> bool {
        let victim = L::shift(step.here, d) & step.targets;
        let landing = L::shift(victim, d) & step.open;
        if landing == L::S::ZERO {
            return false;
        }
        let generator = self.generator;
        let to = landing.first();
        self.path[step.jumps.depth] = to as u8;
        let took_king = victim & self.opponent_kings != L::S::ZERO;
        let taken = step.captured | victim;
        let next = step.jumps.after(took_king, self.by_king_order());
        if generator.rules().crowned_mid_capture
            && landing & generator.promotion[self.side] != L::S::ZERO
        {
            self.crowned = true;
            if !self.king(to, taken, next, Some(d), true) {
                self.emit(taken, next, true);
            }
            self.crowned = false;
        } else {
            self.man(to, taken, next);
        }
        self.path[step.jumps.depth] = 0;
        true
    }

    /// The piece a king on `at` would take in direction `d` and the square right behind it,
    /// if there is such a capture.
    #[inline(always)]
    fn victim(&self, at: L::S, d: usize, captured: L::S, open: L::S) -> Option<(L::S, L::S)> {
        let mut square = L::shift(at, d);
        if self.generator.rules().flying_kings {
            while square & open != L::S::ZERO {
                square = L::shift(square, d);
            }
        }
        let victim = square & self.opponent & !captured;
        let behind = L::shift(victim, d) & open;
        (behind != L::S::ZERO).then_some((victim, behind))
    }

    fn king_can_capture(&self, at: L::S, captured: L::S) -> bool {
        let open = self.open(captured);
        let mut any = false;
        for_king_directions!(self.generator.rules().orthogonal_captures, |d| any =
            any || self.victim(at, d, captured, open).is_some());
        any
    }

    /// A king on `at` that has taken `captured`, having come in direction `came` (`None` at the
    /// start). It does not go back the way it came (that piece is taken), unless taken pieces
    /// leave at once; it goes on straight only if `straight` (from the last landing square of
    /// a line: the others leave that route to it). Returns whether it could capture.
    fn king(
        &mut self,
        at: u32,
        captured: L::S,
        jumps: Jumps,
        came: Option<usize>,
        straight: bool,
    ) -> bool {
        let generator = self.generator;
        let rules = generator.rules();
        let here = L::S::bit(at);
        let open = self.open(captured);
        let mut any = false;
        let step = Step {
            here,
            captured,
            jumps,
            came,
            targets: L::S::ZERO,
            open,
        };
        for_king_directions!(rules.orthogonal_captures, |d| any |=
            self.king_step(d, &step, straight));
        any
    }

    /// A king's capture in direction `d` from where `step` stands, and the routes on from it;
    /// whether there was one.
    #[inline(always)]
    fn king_step(&mut self, d: usize, step: &Step<L::S>, straight: bool) -> bool {
        let rules = self.generator.rules();
        if let Some(came) = step.came
            && ((d == reverse(came) && !rules.removed_at_once) || (d == came && !straight))
        {
            return false;
        }
        let Some((victim, behind)) = self.victim(step.here, d, step.captured, step.open) else {
            return false;
        };
        if !rules.flying_kings || rules.lands_behind_piece {
            let took_king = victim & self.opponent_kings != L::S::ZERO;
            let taken = step.captured | victim;
            let next = step.jumps.after(took_king, self.by_king_order());
            let to = behind.first();
            self.path[step.jumps.depth] = to as u8;
            if !self.king(to, taken, next, Some(d), true) {
                self.emit(taken, next, false);
            }
            self.path[step.jumps.depth] = 0;
        } else {
            self.king_line(d, victim, behind, step.captured, step.jumps);
        }
        true
    }

    /// The landings of a flying king taking `victim` in direction `d` (the square right behind
    /// it being `behind`), and the routes on from them: if a further capture is possible from
    /// any landing square, only those squares; else each ends the move (only the first, where
    /// the king halts behind a king it took).
    fn king_line(&mut self, d: usize, victim: L::S, behind: L::S, captured: L::S, jumps: Jumps) {
        let took_king = victim & self.opponent_kings != L::S::ZERO;
        let taken = captured | victim;
        let next = jumps.after(took_king, self.by_king_order());
        let open = self.open(taken);
        let mut landings = [0u32; 16];
        let mut count = 0;
        let mut continuing = 0u32;
        let mut landing = behind;
        while landing != L::S::ZERO {
            if self.king_can_capture(landing, taken) {
                continuing |= 1 << count;
            }
            landings[count] = landing.first();
            count += 1;
            landing = L::shift(landing, d) & open;
        }
        if continuing == 0 && self.generator.rules().halts_behind_king && took_king {
            count = 1;
        }
        for (i, &to) in landings[..count].iter().enumerate() {
            self.path[jumps.depth] = to as u8;
            if continuing == 0 {
                self.emit(taken, next, false);
            } else if continuing >> i & 1 == 1 {
                self.king(to, taken, next, Some(d), i + 1 == count);
            }
        }
        self.path[jumps.depth] = 0;
    }
}
