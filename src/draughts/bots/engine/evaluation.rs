//! The engine's static evaluation, in hundredths of a man, for the side to move. It reads a
//! board as three sets of the padded layout that every rule set shares (square (rank r, file
//! f), both from White's first row and the a-file, has index ((N+1)·r + f)/2; see
//! [`crate::draughts::variant::layout`]), so one evaluation serves every board size. Each
//! term is computed for White and for Black (Black's board turned round) and the difference
//! is taken:
//!
//! - **material** (`man`, `king`): a man is the unit, 100;
//! - **tempo and development** (`advance`, `one-row-to-go`, `two-rows-to-go`): the rows each
//!   man has advanced, and the men on the last two rows before promotion;
//! - **centre** (`centre`): each man's files from the edge, at most two;
//! - **back row** (`back-row`): men still on their first row while the opponent has men that
//!   could crown (they keep its men from crowning);
//! - **flank balance** (`flank-imbalance`): the difference between the men on the left and
//!   the right half of the board;
//! - **formations** (`support`): men with a piece of their own diagonally behind them (an
//!   outpost held, a chain);
//! - **runaway men** (`runaway-1` to `runaway-3`): men one, two or three rows from crowning
//!   with no opposing piece anywhere in the cone of squares ahead, against an opponent
//!   without kings: they will crown;
//! - **king mobility** (`king-mobility`): the empty squares diagonally next to each king.
//!
//! The evaluation is linear in its weights, so they can be fitted to game results by logistic
//! regression ([`crate::draughts::tune`]); the engine plays with the rules of thumb of
//! [`Weights::for_rules`].

/// A man's worth, the unit the other weights are measured in (never tuned).
pub const MAN: i32 = 100;

/// The evaluation's terms, in the order of [`Weights::terms`]: each is a count (or a sum)
/// for White less the same for Black, and the evaluation is their weighted sum.
pub const TERMS: [&str; 13] = [
    "man",
    "king",
    "advance",
    "one-row-to-go",
    "two-rows-to-go",
    "centre",
    "back-row",
    "flank-imbalance",
    "support",
    "runaway-1",
    "runaway-2",
    "runaway-3",
    "king-mobility",
];

/// The evaluation's weights for one rule set, one per term of [`TERMS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    pub terms: [i32; 13],
}

impl Weights {
    /// The weights for a rule set where kings fly (`flying`) or step, set by hand from the
    /// rules of thumb of the draughts literature: a king is worth three men where it flies and
    /// one and a half where it steps, a runaway man on its last rows most of a king. (Weights
    /// fitted to the engine's games by `boardlab draughts tune` have so far played worse;
    /// `docs/engine.md` has the figures.)
    pub fn for_rules(flying: bool) -> Weights {
        let king = if flying { 300 } else { 150 };
        let runaway = |eighths: i32| eighths * (king - MAN) / 8;
        Weights {
            terms: [
                MAN,
                king,
                4,
                12,
                4,
                3,
                4,
                -3,
                3,
                runaway(6),
                runaway(4),
                runaway(2),
                if flying { 4 } else { 2 },
            ],
        }
    }

    /// The weighted sum of `terms`.
    pub fn apply(&self, terms: &[i32; 13]) -> i32 {
        self.terms.iter().zip(terms).map(|(w, t)| w * t).sum()
    }
}

/// The squares of one board size and the sets the evaluation looks at, made once per engine.
#[derive(Clone, Debug)]
pub struct Geometry {
    size: u32,
    /// Every playable square.
    squares: u128,
    /// The squares of the left half (files a to the middle), for the flank balance.
    left: u128,
    /// For each colour (White 0, Black 1) and square: the rows a man there has advanced from
    /// its first row, and its files from the edge (at most two).
    advance: [[u8; 128]; 2],
    centre: [[u8; 128]; 2],
    /// For each colour, its own first row.
    back_row: [u128; 2],
    /// For each colour and square: the rows a man there still has to go to crown.
    rows_to_go: [[u8; 128]; 2],
    /// For each colour and square: the cone of squares ahead of a man there.
    cone: Box<[[u128; 128]; 2]>,
}

/// [`TERMS`]'s indices.
const MEN: usize = 0;
const KINGS: usize = 1;
const ADVANCE: usize = 2;
const ONE_ROW: usize = 3;
const CENTRE: usize = 5;
const BACK_ROW: usize = 6;
const IMBALANCE: usize = 7;
const SUPPORT: usize = 8;
const RUNAWAY: usize = 9;
const KING_MOBILITY: usize = 12;

impl Geometry {
    pub fn new(size: u32) -> Geometry {
        let n = size;
        let index = |rank: u32, file: u32| ((n + 1) * rank + file) / 2;
        let mut squares = 0u128;
        let mut left = 0u128;
        let mut advance = [[0; 128]; 2];
        let mut centre = [[0; 128]; 2];
        let mut back_row = [0u128; 2];
        let mut rows_to_go = [[0; 128]; 2];
        let mut cone = Box::new([[0u128; 128]; 2]);
        for rank in 0..n {
            for file in (0..n).filter(|file| (rank + file) % 2 == 0) {
                let square = index(rank, file) as usize;
                squares |= 1 << square;
                if file < n / 2 {
                    left |= 1 << square;
                }
                for colour in 0..2 {
                    // The square as its own side sees it: Black's board turned round.
                    let (own_rank, own_file) = match colour {
                        0 => (rank, file),
                        _ => (n - 1 - rank, n - 1 - file),
                    };
                    let to_go = n - 1 - own_rank;
                    advance[colour][square] = own_rank as u8;
                    centre[colour][square] = own_file.min(n - 1 - own_file).min(2) as u8;
                    rows_to_go[colour][square] = to_go as u8;
                    if own_rank == 0 {
                        back_row[colour] |= 1 << square;
                    }
                    let ahead = |r: u32, f: u32| {
                        let (r, f) = (r as i32, f as i32);
                        let (own_r, own_f) = (own_rank as i32, own_file as i32);
                        let (r, f) = match colour {
                            0 => (r, f),
                            _ => (n as i32 - 1 - r, n as i32 - 1 - f),
                        };
                        r > own_r && (f - own_f).abs() <= r - own_r
                    };
                    for r in 0..n {
                        for f in (0..n).filter(|f| (r + f) % 2 == 0) {
                            if ahead(r, f) {
                                cone[colour][square] |= 1 << index(r, f);
                            }
                        }
                    }
                }
            }
        }
        Geometry {
            size,
            squares,
            left,
            advance,
            centre,
            back_row,
            rows_to_go,
            cone,
        }
    }

    /// The diagonal neighbours of `set` in the direction of `colour`'s men (forward) or
    /// against it.
    fn step(&self, set: u128, up: bool) -> [u128; 2] {
        let half = self.size / 2;
        let moved = if up {
            [set << half, set << (half + 1)]
        } else {
            [set >> half, set >> (half + 1)]
        };
        [moved[0] & self.squares, moved[1] & self.squares]
    }

    /// One side's terms, added to `terms` with `sign`: `own` and `other` are the two sides'
    /// pieces, `colour` 0 for White.
    fn side(
        &self,
        own: u128,
        other: u128,
        kings: u128,
        colour: usize,
        terms: &mut [i32; 13],
        sign: i32,
    ) {
        let men = own & !kings;
        let own_kings = own & kings;
        let other_men = other & !kings;
        let mut add = |term: usize, value: i32| terms[term] += sign * value;
        add(MEN, men.count_ones() as i32);
        add(KINGS, own_kings.count_ones() as i32);
        let runaway_possible = other & kings == 0;
        let (mut advance, mut centre) = (0, 0);
        let mut rest = men;
        while rest != 0 {
            let square = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            advance += self.advance[colour][square] as i32;
            centre += self.centre[colour][square] as i32;
            let to_go = self.rows_to_go[colour][square] as usize;
            if (1..=2).contains(&to_go) {
                add(ONE_ROW + to_go - 1, 1);
            }
            if runaway_possible
                && (1..=3).contains(&to_go)
                && self.cone[colour][square] & other == 0
            {
                add(RUNAWAY + to_go - 1, 1);
            }
        }
        add(ADVANCE, advance);
        add(CENTRE, centre);
        if other_men != 0 {
            add(BACK_ROW, (men & self.back_row[colour]).count_ones() as i32);
        }
        let left = (men & self.left).count_ones() as i32;
        let right = men.count_ones() as i32 - left;
        add(IMBALANCE, (left - right).abs());
        // A man is supported when a piece of its own stands diagonally behind it: the
        // squares ahead of own pieces, as seen from the men.
        let [a, b] = self.step(own, colour == 0);
        add(SUPPORT, (men & (a | b)).count_ones() as i32);
        if own_kings != 0 {
            let empty = self.squares & !(own | other);
            let mut mobility = 0;
            for up in [true, false] {
                for next in self.step(own_kings, up) {
                    mobility += (next & empty).count_ones() as i32;
                }
            }
            add(KING_MOBILITY, mobility);
        }
    }

    /// The terms of a board, White's less Black's.
    pub fn terms(&self, white: u128, black: u128, kings: u128) -> [i32; 13] {
        let mut terms = [0; 13];
        self.side(white, black, kings, 0, &mut terms, 1);
        self.side(black, white, kings, 1, &mut terms, -1);
        terms
    }

    /// The evaluation of a board by `weights` for the side to move (`white_to_move`).
    pub fn evaluate(
        &self,
        weights: &Weights,
        white: u128,
        black: u128,
        kings: u128,
        white_to_move: bool,
    ) -> i32 {
        let score = weights.apply(&self.terms(white, black, kings));
        if white_to_move { score } else { -score }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::variant::{Engine, Variant};

    fn international() -> (Engine, Geometry) {
        (
            Engine::new(Variant::International.rules()),
            Geometry::new(10),
        )
    }

    #[test]
    fn the_start_is_level_and_the_board_has_its_squares() {
        for (size, squares) in [(8, 32), (10, 50), (12, 72)] {
            let geometry = Geometry::new(size);
            assert_eq!(geometry.squares.count_ones(), squares);
            assert_eq!(geometry.left.count_ones(), squares / 2);
        }
        let (engine, geometry) = international();
        let start = engine.start();
        assert_eq!(
            geometry.evaluate(
                &Weights::for_rules(true),
                start.white,
                start.black,
                start.kings,
                true
            ),
            0
        );
    }

    #[test]
    fn the_evaluation_is_the_same_for_a_board_turned_round_with_colours_swapped() {
        // A seeded random walk from the start: each board and its mirror image (colours and
        // the side to move swapped, the board turned by 180 degrees) score the same.
        let (engine, geometry) = international();
        let turn = |set: u128| {
            let mut turned = 0u128;
            let mut rest = set;
            while rest != 0 {
                let square = rest.trailing_zeros();
                rest &= rest - 1;
                let (rank, file) = (2 * square / 11, 2 * square % 11);
                turned |= 1 << ((11 * (9 - rank) + (9 - file)) / 2);
            }
            turned
        };
        let mut position = engine.start();
        let mut rng = crate::rng::stream(5, "walk", 0);
        let mut moves = Vec::new();
        for _ in 0..120 {
            engine.legal_moves(&position, &mut moves);
            if moves.is_empty() {
                break;
            }
            let white_view = geometry.evaluate(
                &Weights::for_rules(true),
                position.white,
                position.black,
                position.kings,
                position.side == crate::draughts::board::Color::White,
            );
            let mirrored = geometry.evaluate(
                &Weights::for_rules(true),
                turn(position.black),
                turn(position.white),
                turn(position.kings),
                position.side == crate::draughts::board::Color::Black,
            );
            assert_eq!(white_view, mirrored);
            let mv = moves[crate::rng::below(&mut rng, moves.len() as u64) as usize];
            position = engine.play(&position, &mv);
        }
    }

    #[test]
    fn a_runaway_man_is_worth_more_than_a_blocked_one() {
        let geometry = Geometry::new(10);
        let index = |rank: u32, file: u32| 1u128 << ((11 * rank + file) / 2);
        // A white man on rank 8 (two rows to go) and a black man far away on rank 9's
        // corner, or right ahead of it.
        let white = index(7, 3);
        let far = index(9, 9) | index(6, 8);
        let ahead = index(9, 5) | index(6, 8);
        let free = geometry.evaluate(&Weights::for_rules(true), white, far, 0, true);
        let blocked = geometry.evaluate(&Weights::for_rules(true), white, ahead, 0, true);
        assert!(free > blocked + 50, "{free} against {blocked}");
    }
}
