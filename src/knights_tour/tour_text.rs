//! A walk written as text for a person or a file (`knights-tour tour`, `knights-tour sat
//! solve`): the step number of each square as a grid, or the squares one a line.

use super::{Board, TourDraw};

impl TourDraw {
    /// The step number (from 1) of each square, rows top to bottom, right-aligned one
    /// space apart; `.` marks an unvisited square.
    pub fn grid(&self, board: &Board) -> String {
        let mut steps = vec![0u64; board.squares()];
        for (step, &square) in self.path.iter().enumerate() {
            steps[board.index(square)] = step as u64 + 1;
        }
        let width = board.squares().to_string().len();
        let mut text = String::new();
        for row in steps.chunks(board.width() as usize) {
            let cells: Vec<String> = row
                .iter()
                .map(|&s| match s {
                    0 => format!("{:>width$}", "."),
                    s => format!("{s:>width$}"),
                })
                .collect();
            text.push_str(&cells.join(" "));
            text.push('\n');
        }
        text
    }

    /// One square a line, `x,y` from 1.
    pub fn squares_text(&self) -> String {
        self.path
            .iter()
            .map(|s| format!("{},{}\n", s.x + 1, s.y + 1))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knights_tour::{Outcome, Square};

    #[test]
    fn a_walk_of_three_squares_on_a_3x2_board() {
        let walk = TourDraw {
            outcome: Outcome::DeadEnd,
            squares_reached: 3,
            tie_breaks: 0,
            backtracks: 0,
            path: vec![
                Square { x: 0, y: 0 },
                Square { x: 2, y: 1 },
                Square { x: 1, y: 0 },
            ],
        };
        let board: Board = "3x2".parse().unwrap();
        assert_eq!(walk.grid(&board), "1 3 .\n. . 2\n");
        assert_eq!(walk.squares_text(), "1,1\n3,2\n2,1\n");
    }
}
