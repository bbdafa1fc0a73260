//! The independent validator: is a sequence of squares a knight's tour of a W×H board?
//!
//! Written apart from the searches (it uses none of their tables or layouts): a tour is a
//! permutation of all W·H squares in which consecutive squares differ by (1, 2) or (2, 1) in
//! (columns, rows); a closed tour also has its last square a knight's move from its first.
//! Every tour any algorithm of this crate reports goes through [`validate_tour`] or
//! [`validate_closed_tour`]; dead-end paths go through [`validate_path`].

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
        let (width, height) = (self.width, self.height);
        let expected = width as u64 * height as u64;
        if path.len() as u64 != expected {
            return Err(TourError::WrongLength {
                width,
                height,
                expected,
                found: path.len(),
            });
        }
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

    #[test]
    fn the_one_square_board_has_a_tour() {
        assert_eq!(validate_tour(1, 1, &[Square::new(0, 0)]), Ok(()));
    }
}
