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
    let mut first_visit = vec![usize::MAX; width as usize * height as usize];
    for (position, &square) in path.iter().enumerate() {
        if square.x >= width || square.y >= height {
            return Err(TourError::OffBoard {
                position,
                square,
                width,
                height,
            });
        }
        let slot = &mut first_visit[square.y as usize * width as usize + square.x as usize];
        if *slot != usize::MAX {
            return Err(TourError::Repeated {
                position,
                square,
                first: *slot,
            });
        }
        *slot = position;
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

/// Checks that `path` is an open knight's tour of the `width`×`height` board.
pub fn validate_tour(width: u32, height: u32, path: &[Square]) -> Result<(), TourError> {
    let expected = width as u64 * height as u64;
    if path.len() as u64 != expected {
        return Err(TourError::WrongLength {
            width,
            height,
            expected,
            found: path.len(),
        });
    }
    validate_path(width, height, path)
}

/// Checks that `path` is a closed knight's tour (its end a knight's move from its start).
pub fn validate_closed_tour(width: u32, height: u32, path: &[Square]) -> Result<(), TourError> {
    validate_tour(width, height, path)?;
    let (first, last) = (path[0], path[path.len() - 1]);
    if !knight_step(first, last) {
        return Err(TourError::NotClosed { first, last });
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

    #[test]
    fn the_one_square_board_has_a_tour() {
        assert_eq!(validate_tour(1, 1, &[Square::new(0, 0)]), Ok(()));
    }
}
