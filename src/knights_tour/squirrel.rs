//! Squirrel's algorithm (Squirrel & Cull 1996; Ganzfried 2004): Warnsdorff's rule with a
//! fixed move-ordering that switches to the next ordering of a list when the knight stands
//! on given squares, the list depending on n mod 8 (n mod 16 when n ≡ 5 mod 8). The knight
//! starts in the corner (row 1, column 1).
//!
//! The table is Squirrel's own implementation, `config.py` of the public repository
//! `douglassquirrel/warnsdorff` (commit d5aa9ae), copied entry for entry. There squares are
//! `(row, column)`, 1-based, and a switch square off the board (small n) is never reached.
//! As in `tour.py`, before each move the knight checks whether it stands on the current
//! ordering's switch square and, if so, takes the next ordering (at most one switch a move).
//!
//! From the corner it completes for every n from 5 to 200 except n = 74, where it dead-ends
//! after 5432 squares exactly as Squirrel's own code does; Ganzfried (2004) reports the same
//! single failure below 112 (Squirrel claimed the algorithm for n ≥ 112 only).

use super::{Board, KnightsError, MoveOrder, Square};

/// One stage of the schedule: an ordering, and the square where the next stage begins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stage {
    pub order: MoveOrder,
    pub switch_at: Option<Square>,
}

/// `(ordering, switch square (row, column) as functions of n)` for each residue class.
type Row = (&'static str, Option<fn(i64) -> (i64, i64)>);

fn table(n: i64) -> &'static [Row] {
    match n % 8 {
        0 => &[
            ("34261578", Some(|m| (m - 1, m - 2))),
            ("87642135", Some(|_| (2, 2))),
            ("51867342", Some(|m| (m - 8, 1))),
            ("51342678", Some(|m| (7, m - 3))),
            ("21435678", None),
        ],
        1 => &[
            ("34261578", Some(|m| (m - 1, m - 2))),
            ("87642135", Some(|_| (2, 2))),
            ("51324678", Some(|m| (m - 6, (m + 9) / 2))),
            ("32481765", None),
        ],
        2 => &[
            ("34261578", Some(|_| (6, 1))),
            ("87642135", Some(|_| (3, 1))),
            ("54132678", Some(|m| (m - 15, 4))),
            ("52431678", Some(|m| (10, m - 2))),
            ("85647123", Some(|m| (5, (m - 6) / 2))),
            ("15746823", None),
        ],
        3 => &[
            ("34625718", Some(|m| (m - 1, m - 2))),
            ("42681357", Some(|m| (m - 6, m))),
            ("86512347", Some(|_| (2, 5))),
            ("51867342", Some(|m| (m - 10, 3))),
            ("61825437", Some(|m| ((m + 1) / 2, m - 2))),
            ("71642538", None),
        ],
        4 => &[
            ("34261578", Some(|m| (m - 1, m - 2))),
            ("87642135", Some(|_| (2, 2))),
            ("51867342", Some(|m| (m - 8, 1))),
            ("51342678", Some(|m| (10, m - 5))),
            ("86753421", Some(|m| (13, (m + 2) / 2))),
            ("78563421", None),
        ],
        5 if n % 16 == 5 => &[
            ("34261578", Some(|m| (m - 1, m - 2))),
            ("87642135", Some(|_| (2, 2))),
            ("51324678", Some(|m| (m - 2, (m - 5) / 2))),
            ("15234678", None),
        ],
        5 => &[
            ("34261578", Some(|m| (m - 1, m - 2))),
            ("87642135", Some(|_| (2, 2))),
            ("51324678", Some(|m| (m - 2, (m - 13) / 2))),
            ("15234678", None),
        ],
        6 => &[
            ("34261578", Some(|_| (6, 1))),
            ("87642135", Some(|_| (3, 1))),
            ("54132678", Some(|m| (m - 10, 1))),
            ("52431678", Some(|m| (10, m - 2))),
            ("85647123", Some(|m| (3, (m + 8) / 2))),
            ("12453678", None),
        ],
        _ => &[
            ("34625718", Some(|m| (m - 1, m - 2))),
            ("42681357", Some(|m| (m - 6, m))),
            ("86512347", Some(|_| (2, 5))),
            ("51867342", Some(|m| (m - 6, 3))),
            ("61825437", Some(|m| ((m + 1) / 2, m - 2))),
            ("61357284", None),
        ],
    }
}

/// Squirrel's schedule for an n×n board (errors on a board that is not square).
pub fn schedule(board: &Board) -> Result<Vec<Stage>, KnightsError> {
    if board.width() != board.height() {
        return Err(KnightsError::SquirrelNeedsSquare {
            width: board.width(),
            height: board.height(),
        });
    }
    let n = board.width() as i64;
    Ok(table(n)
        .iter()
        .map(|&(order, switch)| Stage {
            order: order
                .parse()
                .expect("the table's orderings are permutations"),
            switch_at: switch.and_then(|at| {
                let (row, column) = at(n);
                board
                    .contains(column - 1, row - 1)
                    .then(|| Square::new(column as u32 - 1, row as u32 - 1))
            }),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eight_by_eight_schedule_matches_the_repository() {
        let stages = schedule(&Board::square(8).unwrap()).unwrap();
        let orders: Vec<String> = stages.iter().map(|s| s.order.to_string()).collect();
        assert_eq!(
            orders,
            ["34261578", "87642135", "51867342", "51342678", "21435678"]
        );
        // (row 7, column 6), (2, 2), (0, 1): off the board, (7, 5), none.
        let switches: Vec<_> = stages.iter().map(|s| s.switch_at).collect();
        assert_eq!(
            switches,
            [
                Some(Square::new(5, 6)),
                Some(Square::new(1, 1)),
                None,
                Some(Square::new(4, 6)),
                None
            ]
        );
    }

    #[test]
    fn non_square_boards_are_refused() {
        assert!(schedule(&Board::new(8, 9).unwrap()).is_err());
    }
}
