//! The independent validator: is a sequence of squares a knight's tour of a W×H board?
//!
//! Written apart from the searches (it uses none of their tables): a tour is a permutation of
//! all W·H squares in which consecutive squares differ by (1, 2) or (2, 1) in (columns, rows);
//! a closed tour also has its last square a knight's move from its first. Every tour any
//! algorithm of this crate reports goes through [`validate_tour`] or [`validate_closed_tour`];
//! dead-end paths go through [`validate_path`].
//!
//! [`IndexValidator`] makes the same checks on a path as the fast searches record it, one
//! number per square in the bordered numbering `(y + 2)·(W + 4) + x + 2` (a board inside a
//! frame two squares wide), for `knights-tour bench`, which checks millions of walks. It takes
//! nothing from the walk but those numbers: its own table says which numbers are squares and
//! which were visited, and the knight's moves are the index steps it derives from (1, 2) and
//! (2, 1). It names a fault exactly as [`TourValidator`] does.

use super::Square;

/// Why a sequence of squares is not a tour, with the position (0-based) where it fails.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TourError {
    #[error("a {width}x{height} board has {expected} squares but the tour has {found}")]
    WrongLength {
        width: u32,
        height: u32,
        expected: u64,
        found: usize,
    },
    #[error("square {square} at position {position} is off the {width}x{height} board")]
    OffBoard {
        position: usize,
        square: Square,
        width: u32,
        height: u32,
    },
    #[error("square {square} at position {position} was already visited at {first}")]
    Repeated {
        position: usize,
        square: Square,
        first: usize,
    },
    #[error("{from} to {to} (positions {} and {position}) is not a knight's move", position - 1)]
    NotAKnightMove {
        position: usize,
        from: Square,
        to: Square,
    },
    #[error("the tour is not closed: its end {last} is not a knight's move from its start {first}")]
    NotClosed { first: Square, last: Square },
    #[error(
        "number {index} at position {position} is no square of the {width}x{height} board in \
         the bordered numbering (it is in the frame or past it)"
    )]
    NotASquare {
        position: usize,
        index: u32,
        width: u32,
        height: u32,
    },
    #[error("the walk stops on {last}, but {free} is a knight's move away and not yet visited")]
    NotADeadEnd { last: Square, free: Square },
    #[error(
        "the tour was reported open, but its end {last} is a knight's move from its start {first}"
    )]
    Closes { first: Square, last: Square },
}

fn knight_step(a: Square, b: Square) -> bool {
    let dx = (a.x as i64 - b.x as i64).abs();
    let dy = (a.y as i64 - b.y as i64).abs();
    dx * dy == 2
}

/// Checks that `path` visits distinct on-board squares by knight's moves (a tour or a prefix
/// of one, such as a dead end).
pub fn validate_path(width: u32, height: u32, path: &[Square]) -> Result<(), TourError> {
    TourValidator::new(width, height).check_path(path)
}

/// Checks that `path` is an open knight's tour of the `width`×`height` board.
pub fn validate_tour(width: u32, height: u32, path: &[Square]) -> Result<(), TourError> {
    TourValidator::new(width, height).check_tour(path)
}

/// Checks that `path` is a closed knight's tour (its end a knight's move from its start).
pub fn validate_closed_tour(width: u32, height: u32, path: &[Square]) -> Result<(), TourError> {
    TourValidator::new(width, height).check_closed_tour(path)
}

/// The checks of [`validate_path`], [`validate_tour`] and [`validate_closed_tour`] for many
/// paths on one board: the table of visited squares is kept between calls (each entry
/// tagged with the call that wrote it), so checking a path allocates nothing.
#[derive(Debug, Clone)]
pub struct TourValidator {
    width: u32,
    height: u32,
    /// Per square, `call << 32 | position` of its last visit.
    visits: Vec<u64>,
    call: u64,
}

impl TourValidator {
    pub fn new(width: u32, height: u32) -> TourValidator {
        TourValidator {
            width,
            height,
            visits: vec![0; width as usize * height as usize],
            call: 0,
        }
    }

    /// See [`validate_path`].
    pub fn check_path(&mut self, path: &[Square]) -> Result<(), TourError> {
        let (width, height) = (self.width, self.height);
        self.call += 1;
        if self.call >= 1 << 32 {
            self.visits.fill(0);
            self.call = 1;
        }
        let tag = self.call << 32;
        for (position, &square) in path.iter().enumerate() {
            if square.x >= width || square.y >= height {
                return Err(TourError::OffBoard {
                    position,
                    square,
                    width,
                    height,
                });
            }
            let slot = &mut self.visits[square.y as usize * width as usize + square.x as usize];
            if *slot >> 32 == self.call {
                return Err(TourError::Repeated {
                    position,
                    square,
                    first: (*slot & u64::from(u32::MAX)) as usize,
                });
            }
            *slot = tag | position as u64;
            if position > 0 && !knight_step(path[position - 1], square) {
                return Err(TourError::NotAKnightMove {
                    position,
                    from: path[position - 1],
                    to: square,
                });
            }
        }
        Ok(())
    }

    /// See [`validate_tour`].
    pub fn check_tour(&mut self, path: &[Square]) -> Result<(), TourError> {
        check_length(self.width, self.height, path.len())?;
        self.check_path(path)
    }

    /// See [`validate_closed_tour`].
    pub fn check_closed_tour(&mut self, path: &[Square]) -> Result<(), TourError> {
        self.check_tour(path)?;
        let (first, last) = (path[0], path[path.len() - 1]);
        if !knight_step(first, last) {
            return Err(TourError::NotClosed { first, last });
        }
        Ok(())
    }
}

/// A frame entry of [`IndexValidator`]'s table: never a stamp, and not below any stamp.
const FRAME: u8 = u8::MAX;

/// The checks of [`TourValidator`] on paths recorded in the bordered numbering (module docs),
/// fast enough to run on every walk of a benchmark.
///
/// Each number of the path must be in the table and not a frame entry (an on-board square),
/// not stamped by this call (not visited before), and differ from the number before it by one
/// of the four knight's steps `2·(W + 4) ± 1` and `(W + 4) ± 2`. Between two on-board squares
/// those differences are knight's moves and nothing else: the frame is two squares wide, so a
/// step of at most two columns cannot wrap into another row. The checks run in two
/// branch-free passes that only note whether anything failed; a path that fails is checked
/// again square by square ([`TourValidator`]) to name its first fault.
///
/// Besides [`TourValidator`]'s checks it can check a walk's reported ending:
/// [`IndexValidator::check_dead_end`] (no unvisited square a knight's move from the last) and
/// [`IndexValidator::check_open_tour`] (a tour whose end is no knight's move from its start).
#[derive(Debug, Clone)]
pub struct IndexValidator {
    width: u32,
    height: u32,
    /// `W + 4`, the length of a bordered row.
    stride: u32,
    /// Per number of the bordered board: [`FRAME`], or the stamp of the last call that
    /// visited the square (0 for none yet).
    stamps: Vec<u8>,
    /// This call's stamp, 1 to `FRAME - 1`; when it would reach [`FRAME`] the squares are
    /// wiped and it starts again at 1, so a check allocates nothing.
    stamp: u8,
    /// The absolute index differences of the knight's moves.
    knight_steps: [u32; 4],
}

impl IndexValidator {
    pub fn new(width: u32, height: u32) -> IndexValidator {
        let stride = width + 4;
        let knight_steps = [(1, 2), (-1, 2), (2, 1), (-2, 1)]
            .map(|(dx, dy): (i64, i64)| (dy * i64::from(stride) + dx).unsigned_abs() as u32);
        let mut validator = IndexValidator {
            width,
            height,
            stride,
            stamps: vec![FRAME; stride as usize * (height as usize + 4)],
            stamp: 0,
            knight_steps,
        };
        validator.wipe();
        validator
    }

    /// The bordered number of `square` (which must be on the board).
    pub fn index(&self, square: Square) -> u32 {
        (square.y + 2) * self.stride + square.x + 2
    }

    /// The square a bordered number stands for, `None` for the frame and beyond.
    pub fn square(&self, index: u32) -> Option<Square> {
        let (column, row) = (index % self.stride, index / self.stride);
        let on_board = (2..self.width + 2).contains(&column) && (2..self.height + 2).contains(&row);
        on_board.then(|| Square::new(column - 2, row - 2))
    }

    /// Frame entries to [`FRAME`], every square to "not visited", the next stamp 1.
    fn wipe(&mut self) {
        self.stamps.fill(FRAME);
        for row in 2..self.height as usize + 2 {
            let start = row * self.stride as usize + 2;
            self.stamps[start..start + self.width as usize].fill(0);
        }
        self.stamp = 0;
    }

    /// See [`validate_path`].
    pub fn check_path(&mut self, path: &[u32]) -> Result<(), TourError> {
        if self.scan(path) {
            return Ok(());
        }
        // The scan stamped whatever it met, frame entries included: start afresh.
        self.wipe();
        Err(self.first_fault(path))
    }

    /// See [`validate_tour`].
    pub fn check_tour(&mut self, path: &[u32]) -> Result<(), TourError> {
        check_length(self.width, self.height, path.len())?;
        self.check_path(path)
    }

    /// See [`validate_closed_tour`].
    pub fn check_closed_tour(&mut self, path: &[u32]) -> Result<(), TourError> {
        self.check_tour(path)?;
        let (first, last) = (path[0], path[path.len() - 1]);
        if !self.is_knight_step(first, last) {
            let square = |index| self.square(index).expect("checked on the board");
            return Err(TourError::NotClosed {
                first: square(first),
                last: square(last),
            });
        }
        Ok(())
    }

    /// [`Self::check_path`], and that the walk could go no further: every knight's move from
    /// its last square leads off the board or to a square it visited. (The one path a greedy
    /// walk reports short of a tour is such a dead end.)
    pub fn check_dead_end(&mut self, path: &[u32]) -> Result<(), TourError> {
        self.check_path(path)?;
        let Some(&last) = path.last() else {
            return Ok(());
        };
        // The passed scan left this path's squares stamped with `self.stamp`; a knight's move
        // from a square stays inside the two-square frame, so inside the table.
        let free = self
            .knight_moves(last)
            .filter(|&i| self.stamps[i as usize] < self.stamp);
        let square = |index| self.square(index).expect("checked on the board");
        match free.map(square).min() {
            Some(free) => Err(TourError::NotADeadEnd {
                last: square(last),
                free,
            }),
            None => Ok(()),
        }
    }

    /// [`Self::check_tour`], and that the tour is not closed (a closed draw that the walk
    /// reports as not closed).
    pub fn check_open_tour(&mut self, path: &[u32]) -> Result<(), TourError> {
        self.check_tour(path)?;
        let (first, last) = (path[0], path[path.len() - 1]);
        if self.is_knight_step(first, last) {
            let square = |index| self.square(index).expect("checked on the board");
            return Err(TourError::Closes {
                first: square(first),
                last: square(last),
            });
        }
        Ok(())
    }

    /// The numbers a knight's move from `index` (an on-board square) leads to, on the board
    /// or in the frame.
    fn knight_moves(&self, index: u32) -> impl Iterator<Item = u32> + '_ {
        self.knight_steps
            .iter()
            .flat_map(move |&step| [index - step, index + step])
    }

    fn is_knight_step(&self, from: u32, to: u32) -> bool {
        // Numbers are below 2^31 (at most MAX_SQUARES squares and their frame), so the
        // difference fits an i32.
        let step = (to.wrapping_sub(from) as i32).unsigned_abs();
        let [a, b, c, d] = self.knight_steps;
        (step == a) | (step == b) | (step == c) | (step == d)
    }

    /// The checks of the type docs: `true` when every one passed. The knight's steps are
    /// checked in a pass of their own, which the compiler turns into vector instructions, and
    /// the squares in a second; each pass ors its checks into one flag rather than branching
    /// on each, so neither loop carries a data-dependent branch.
    fn scan(&mut self, path: &[u32]) -> bool {
        if path.is_empty() {
            return true;
        }
        if self.stamp == FRAME - 1 {
            self.wipe();
        }
        self.stamp += 1;
        let knight_steps = path
            .iter()
            .zip(&path[1..])
            .fold(true, |ok, (&from, &to)| ok & self.is_knight_step(from, to));
        let stamp = self.stamp;
        let stamps = &mut self.stamps[..];
        let seen = path
            .iter()
            .fold(false, |seen, &index| seen | visit(stamps, index, stamp));
        knight_steps & !seen
    }

    /// The first fault of a path the scan refused, named as [`TourValidator`] names it: the
    /// squares up to the first number that is no square are checked square by square.
    fn first_fault(&self, path: &[u32]) -> TourError {
        let squares: Vec<Square> = path.iter().map_while(|&i| self.square(i)).collect();
        if let Err(fault) = validate_path(self.width, self.height, &squares) {
            return fault;
        }
        let position = squares.len();
        assert!(
            position < path.len(),
            "the scan refused a path that the square-by-square check passes"
        );
        TourError::NotASquare {
            position,
            index: path[position],
            width: self.width,
            height: self.height,
        }
    }
}

/// Stamps the entry of `index`; `true` if it was a frame entry, past the table, or already
/// stamped by this call.
#[inline(always)]
fn visit(stamps: &mut [u8], index: u32, stamp: u8) -> bool {
    match stamps.get_mut(index as usize) {
        Some(entry) => {
            // Earlier calls' stamps are below this one; FRAME is above every stamp.
            let seen = *entry >= stamp;
            *entry = stamp;
            seen
        }
        None => true,
    }
}

/// A tour visits every square of a `width`×`height` board: `found` squares must be all of them.
fn check_length(width: u32, height: u32, found: usize) -> Result<(), TourError> {
    let expected = u64::from(width) * u64::from(height);
    if found as u64 != expected {
        return Err(TourError::WrongLength {
            width,
            height,
            expected,
            found,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squares(pairs: &[(u32, u32)]) -> Vec<Square> {
        pairs.iter().map(|&(x, y)| Square::new(x, y)).collect()
    }

    // An open tour of 3×4 (which has no closed one), found by a ten-line brute force written
    // outside this crate.
    const OPEN_3X4: [(u32, u32); 12] = [
        (0, 0),
        (1, 2),
        (2, 0),
        (0, 1),
        (1, 3),
        (2, 1),
        (0, 2),
        (2, 3),
        (1, 1),
        (0, 3),
        (2, 2),
        (1, 0),
    ];

    #[test]
    fn an_independently_found_open_tour_passes() {
        assert_eq!(validate_tour(3, 4, &squares(&OPEN_3X4)), Ok(()));
        assert!(matches!(
            validate_closed_tour(3, 4, &squares(&OPEN_3X4)),
            Err(TourError::NotClosed { .. })
        ));
    }

    #[test]
    fn each_kind_of_fault_is_named() {
        let tour = squares(&OPEN_3X4);
        assert!(matches!(
            validate_tour(3, 4, &tour[..11]),
            Err(TourError::WrongLength { found: 11, .. })
        ));
        let mut repeated = tour.clone();
        repeated[11] = repeated[9];
        assert!(matches!(
            validate_tour(3, 4, &repeated),
            Err(TourError::Repeated {
                position: 11,
                first: 9,
                ..
            })
        ));
        let mut swapped = tour.clone();
        swapped.swap(3, 4);
        assert!(matches!(
            validate_tour(3, 4, &swapped),
            Err(TourError::NotAKnightMove { position: 3, .. })
        ));
        let mut off = tour;
        off[0] = Square::new(3, 0);
        assert!(matches!(
            validate_tour(3, 4, &off),
            Err(TourError::OffBoard { position: 0, .. })
        ));
    }

    /// One validator across many calls: a square visited by an earlier path is free again,
    /// and a repeat within a path is still found with its first position.
    #[test]
    fn a_kept_validator_forgets_earlier_paths() {
        let tour = squares(&OPEN_3X4);
        let mut validator = TourValidator::new(3, 4);
        for _ in 0..3 {
            assert_eq!(validator.check_tour(&tour), Ok(()));
        }
        let mut repeated = tour.clone();
        repeated[11] = repeated[9];
        assert!(matches!(
            validator.check_tour(&repeated),
            Err(TourError::Repeated {
                position: 11,
                first: 9,
                ..
            })
        ));
        assert_eq!(validator.check_path(&tour[..5]), Ok(()));
        assert_eq!(validator.check_tour(&tour), Ok(()));
    }

    /// The bordered numbers of `squares` on a `width`×`height` board.
    fn numbers(width: u32, height: u32, squares: &[Square]) -> Vec<u32> {
        let validator = IndexValidator::new(width, height);
        squares.iter().map(|&s| validator.index(s)).collect()
    }

    /// The fast checks against the square-by-square ones, path, tour and closed tour.
    fn agree(validator: &mut IndexValidator, squares: &[Square]) -> Result<(), TourError> {
        let (width, height) = (validator.width, validator.height);
        let path = numbers(width, height, squares);
        let found = validator.check_path(&path);
        assert_eq!(found, validate_path(width, height, squares));
        assert_eq!(
            validator.check_tour(&path),
            validate_tour(width, height, squares)
        );
        let closed = validator.check_closed_tour(&path);
        assert_eq!(closed, validate_closed_tour(width, height, squares));
        found
    }

    #[test]
    fn numbers_name_the_squares_the_searches_number() {
        use crate::knights_tour::geometry::Layout;
        for (width, height) in [(1, 1), (3, 4), (8, 8), (13, 5)] {
            let validator = IndexValidator::new(width, height);
            let layout =
                Layout::new(crate::knights_tour::Board::new(width.into(), height.into()).unwrap());
            for y in 0..height {
                for x in 0..width {
                    let square = Square::new(x, y);
                    let index = validator.index(square);
                    assert_eq!(index as usize, layout.index(square));
                    assert_eq!(validator.square(index), Some(square));
                }
            }
            let frame = (0..validator.stamps.len() as u32 + 3)
                .filter(|&i| validator.square(i).is_none())
                .count();
            assert_eq!(
                frame + (width * height) as usize,
                validator.stamps.len() + 3
            );
        }
    }

    #[test]
    fn the_fast_checks_name_each_fault_as_the_square_checks_do() {
        let tour = squares(&OPEN_3X4);
        let mut validator = IndexValidator::new(3, 4);
        assert_eq!(agree(&mut validator, &tour), Ok(()));
        assert!(matches!(
            validator.check_closed_tour(&numbers(3, 4, &tour)),
            Err(TourError::NotClosed { .. })
        ));
        assert!(matches!(
            validator.check_tour(&numbers(3, 4, &tour[..11])),
            Err(TourError::WrongLength { found: 11, .. })
        ));
        let mut repeated = tour.clone();
        repeated[11] = repeated[9];
        assert!(matches!(
            agree(&mut validator, &repeated),
            Err(TourError::Repeated {
                position: 11,
                first: 9,
                ..
            })
        ));
        let mut swapped = tour.clone();
        swapped.swap(3, 4);
        assert!(matches!(
            agree(&mut validator, &swapped),
            Err(TourError::NotAKnightMove { position: 3, .. })
        ));
        assert_eq!(agree(&mut validator, &tour), Ok(()));
    }

    /// A dead end is a path with no unvisited square a knight's move from its last; a tour
    /// reported open must not close.
    #[test]
    fn reported_endings_are_checked() {
        let tour = squares(&OPEN_3X4);
        let mut validator = IndexValidator::new(3, 4);
        let path = numbers(3, 4, &tour);
        assert_eq!(validator.check_dead_end(&path), Ok(()));
        assert_eq!(validator.check_open_tour(&path), Ok(()));
        // After (0,0) (1,2) the knight could still go on to (2,0).
        assert_eq!(
            validator.check_dead_end(&path[..2]),
            Err(TourError::NotADeadEnd {
                last: Square::new(1, 2),
                free: Square::new(2, 0),
            })
        );
        // A short walk that is stuck: (0,1) (2,0) on 3x2, whose every move is taken.
        let mut small = IndexValidator::new(3, 2);
        let stuck = numbers(3, 2, &squares(&[(0, 1), (2, 0)]));
        assert_eq!(small.check_dead_end(&stuck), Ok(()));
        // A closed 8x8 tour, reported open; rotated it stays closed.
        let board = crate::knights_tour::Board::square(8).unwrap();
        let rule = crate::knights_tour::Rule::Random;
        let cycle = (0..)
            .map(|i| {
                let rng = &mut crate::rng::stream(1, "closed", i);
                crate::knights_tour::draw(board, Square::new(0, 0), &rule, true, rng).unwrap()
            })
            .find(|draw| draw.outcome == crate::knights_tour::Outcome::Tour)
            .unwrap()
            .path;
        let mut closed = IndexValidator::new(8, 8);
        for turn in [0, 5] {
            let mut rotated = cycle.clone();
            rotated.rotate_left(turn);
            assert_eq!(
                closed.check_open_tour(&numbers(8, 8, &rotated)),
                Err(TourError::Closes {
                    first: rotated[0],
                    last: rotated[63],
                })
            );
            assert_eq!(closed.check_closed_tour(&numbers(8, 8, &rotated)), Ok(()));
        }
        assert_eq!(IndexValidator::new(1, 1).check_open_tour(&[12]), Ok(()));
    }

    /// Numbers that are no square: the frame on each side (a step into it can be a knight's
    /// step of the numbering), and numbers past the table.
    #[test]
    fn numbers_off_the_board_are_refused() {
        let mut validator = IndexValidator::new(3, 4);
        let tour = numbers(3, 4, &squares(&OPEN_3X4));
        let stride = 3 + 4;
        // (1,2) then one column right of the board, a knight's step in the numbering.
        let into_frame = [validator.index(Square::new(1, 2)), 3 * stride + 5];
        assert!(validator.is_knight_step(into_frame[0], into_frame[1]));
        let past = validator.stamps.len() as u32;
        for (path, position, index) in [
            (into_frame.to_vec(), 1, into_frame[1]),
            (vec![0], 0, 0),
            (vec![tour[0], past], 1, past),
            (vec![u32::MAX], 0, u32::MAX),
            (vec![2 * stride + 1], 0, 2 * stride + 1),
        ] {
            assert_eq!(
                validator.check_path(&path),
                Err(TourError::NotASquare {
                    position,
                    index,
                    width: 3,
                    height: 4
                }),
                "{path:?}"
            );
            // The refused scan stamped the frame; the table is whole again, so the same
            // numbers are refused again after a tour has passed.
            assert_eq!(validator.check_tour(&tour), Ok(()));
            assert!(matches!(
                validator.check_path(&path),
                Err(TourError::NotASquare { .. })
            ));
        }
    }

    /// Stamps run from 1 to 254 and start again: a square of an earlier path is free in a
    /// later one, and a repeat is still found, across several wraps (no path in between is
    /// refused, as a refusal starts the stamps afresh).
    #[test]
    fn a_kept_fast_validator_forgets_earlier_paths_across_its_stamps() {
        let tour = squares(&OPEN_3X4);
        let mut repeated = tour.clone();
        repeated[11] = repeated[9];
        let mut validator = IndexValidator::new(3, 4);
        let mut wraps = 0;
        for round in 0..1000 {
            let stamp = validator.stamp;
            assert_eq!(agree(&mut validator, &tour[..round % 13]), Ok(()));
            wraps += usize::from(validator.stamp < stamp);
        }
        assert!(wraps >= 3, "{wraps} wraps");
        assert!(agree(&mut validator, &repeated).is_err());
    }

    #[test]
    fn the_one_square_board_has_a_tour() {
        assert_eq!(validate_tour(1, 1, &[Square::new(0, 0)]), Ok(()));
        assert_eq!(
            agree(&mut IndexValidator::new(1, 1), &[Square::new(0, 0)]),
            Ok(())
        );
    }
}
