//! The seed article's Go program (`Warnsdorff` and `count_moves`), reproduced exactly.
//!
//! The board is n×n, the start `(x, y)` 1-based with `x` the column; the program writes step
//! `t` on the current square, stops when `t = n²`, and otherwise scans its move table
//! (`Xmoveset`/`Ymoveset`, in that index order) for the on-board empty target with the
//! strictly smallest number of on-board empty targets of its own, the first such winning.
//!
//! Its quirk is kept: the chosen target lives in the globals `NextXmove`/`NextYMove`, which
//! are not reset between steps. At a dead end they still hold the current square, so the
//! program stays there and overwrites its number with each later step up to n²: the printed
//! board lacks the numbers after the dead end and its last square shows n². At step 1 the
//! globals are (0, 0): a start with no move (any square of 2×2, the centre of 3×3) makes the
//! next write index `plansza[-1]` and the Go program panics. Here that is
//! [`ReplayOutcome::Panic`], with no board, as the Go program prints none.

use super::KnightsError;
use super::geometry::MAX_SQUARES;

/// The Go program's move table (`Xmoveset`, `Ymoveset`).
const X_MOVESET: [i64; 8] = [-2, -2, -1, 1, -1, 1, 2, 2];
const Y_MOVESET: [i64; 8] = [-1, 1, 2, 2, -2, -2, -1, 1];

/// How the Go program ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum ReplayOutcome {
    /// The printed board is a tour.
    Tour,
    /// At `step` (the number of squares visited) no target was empty; the board is printed
    /// with the overwriting described in the module docs.
    DeadEnd { step: u64 },
    /// The start has no move: the program panics at step 2 and prints no board.
    Panic { step: u64 },
}

/// The replay of one run: its outcome and, unless it panicked, the printed board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    pub n: u32,
    pub outcome: ReplayOutcome,
    /// Row-major `board[y-1][x-1]`, n² numbers; empty after a panic.
    pub board: Vec<u32>,
}

impl Replay {
    /// The printed rows (none after a panic).
    pub fn rows(&self) -> usize {
        if self.board.is_empty() {
            0
        } else {
            self.n as usize
        }
    }

    /// Row `y` (0-based) of the printed board.
    pub fn row(&self, y: usize) -> &[u32] {
        let n = self.n as usize;
        &self.board[y * n..(y + 1) * n]
    }
}

/// Runs the Go program on an n×n board from column `x`, row `y` (1-based).
pub fn replay(n: u64, x: u64, y: u64) -> Result<Replay, KnightsError> {
    if n == 0 {
        return Err(KnightsError::EmptyBoard {
            width: n,
            height: n,
        });
    }
    if n.saturating_mul(n) > MAX_SQUARES {
        return Err(KnightsError::BoardTooLarge {
            width: n,
            height: n,
        });
    }
    if x == 0 || y == 0 || x > n || y > n {
        return Err(KnightsError::StartOffBoard {
            x,
            y,
            width: n as u32,
            height: n as u32,
        });
    }
    let n = n as i64;
    let mut plansza = vec![0u32; (n * n) as usize];
    let cell = |x: i64, y: i64| ((y - 1) * n + (x - 1)) as usize;
    let on_board = |x: i64, y: i64| x <= n && x >= 1 && y <= n && y >= 1;
    let count_moves = |plansza: &[u32], x: i64, y: i64| {
        (0..8)
            .filter(|&i| {
                let (nx, ny) = (x + X_MOVESET[i], y + Y_MOVESET[i]);
                on_board(nx, ny) && plansza[cell(nx, ny)] == 0
            })
            .count()
    };
    // The Go globals NextXmove and NextYMove.
    let (mut next_x, mut next_y) = (0i64, 0i64);
    let (mut x, mut y) = (x as i64, y as i64);
    let mut dead_end = None;
    let mut tura: i64 = 1;
    loop {
        if !on_board(x, y) {
            return Ok(Replay {
                n: n as u32,
                outcome: ReplayOutcome::Panic { step: tura as u64 },
                board: Vec::new(),
            });
        }
        plansza[cell(x, y)] = tura as u32;
        if tura == n * n {
            break;
        }
        let mut min_counter = usize::MAX;
        let mut moved = false;
        for i in 0..8 {
            let (temp_x, temp_y) = (x + X_MOVESET[i], y + Y_MOVESET[i]);
            let count = count_moves(&plansza, temp_x, temp_y);
            if on_board(temp_x, temp_y) && plansza[cell(temp_x, temp_y)] == 0 && count < min_counter
            {
                min_counter = count;
                (next_x, next_y) = (temp_x, temp_y);
                moved = true;
            }
        }
        if !moved && dead_end.is_none() {
            dead_end = Some(tura as u64);
        }
        (x, y) = (next_x, next_y);
        tura += 1;
    }
    let outcome = match dead_end {
        None => ReplayOutcome::Tour,
        Some(step) => ReplayOutcome::DeadEnd { step },
    };
    Ok(Replay {
        n: n as u32,
        outcome,
        board: plansza,
    })
}

/// The board as `docs/knights-tour-contract.md` prints it: numbers right-aligned to the width of n², one space
/// apart, one row per line.
pub fn format_grid(replay: &Replay) -> String {
    let width = (replay.n as u64 * replay.n as u64).to_string().len();
    (0..replay.rows())
        .map(|y| {
            let cells: Vec<String> = replay
                .row(y)
                .iter()
                .map(|v| format!("{v:>width$}"))
                .collect();
            cells.join(" ") + "\n"
        })
        .collect()
}

/// The board as the Go program prints it: `fmt.Println(row)` of each `[]int`, `[2 31 16]`.
pub fn format_go(replay: &Replay) -> String {
    (0..replay.rows())
        .map(|y| {
            let cells: Vec<String> = replay.row(y).iter().map(u32::to_string).collect();
            format!("[{}]\n", cells.join(" "))
        })
        .collect()
}
