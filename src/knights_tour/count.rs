//! Exact counts of knight's tours on small boards, by exhaustive search with pruning.
//!
//! **What is counted.** *Directed* tours are sequences of squares: every start and both
//! directions count, as in OEIS A165134 (1,728 open tours on 5×5). *Undirected* tours are
//! sets of moves: an open tour and its reverse are one (directed / 2), and a closed tour is
//! one cycle whatever its start and direction (OEIS A001230: 9,862 on 6×6; A070030: 16 on
//! 3×10); so a closed tour is `2·W·H` directed ones.
//!
//! **Search.** Squares are bits of a `u64` (boards up to [`MAX_COUNT_SQUARES`]). A path is
//! extended square by square; for each unvisited square `f` the search keeps `links(f)`, its
//! neighbours among the unvisited squares and the path's current end (and, for closed tours,
//! the start, where the cycle returns). Every unvisited square must still be entered and, but
//! for the last, left, so a branch is cut when
//! - some `links(f)` is 0 (no way in), or
//! - open tours: two squares have `links = 1` (each could only be the last square), or a
//!   square entered with `links = 1` is not the last;
//! - closed tours: some `links(f)` is 1.
//!
//! Moving the end from `c` to `t` lowers `links` by one exactly for `c`'s unvisited
//! neighbours, so the bookkeeping is eight updates a move. Open tours are counted from one
//! start of each orbit under the board's symmetries (8 on a square, 4 on a rectangle) times
//! the orbit's size. Closed tours are counted through the corner, whose two neighbours every
//! cycle uses: fixing the first move to one of them counts each cycle once.

use super::{Board, KnightsError, Square};

/// The largest board counted (squares).
pub const MAX_COUNT_SQUARES: u64 = 36;

/// The exact number of tours of one kind on one board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct TourCount {
    pub closed: bool,
    pub directed: bool,
    pub count: u64,
}

struct Counter {
    neighbours: Vec<u64>,
    links: Vec<u8>,
    /// Squares with `links = 1` (open tours).
    ends: u32,
    closed: bool,
    start: usize,
}

impl Counter {
    fn new(board: &Board, start: usize, closed: bool) -> Counter {
        let neighbours: Vec<u64> = (0..board.squares())
            .map(|i| {
                board
                    .neighbours(board.square_at(i))
                    .fold(0u64, |bits, s| bits | 1 << board.index(s))
            })
            .collect();
        // With the end on `start`, every square's links are its full degree (the start is
        // the end, and for closed tours also the return square, counted once).
        let links: Vec<u8> = neighbours.iter().map(|b| b.count_ones() as u8).collect();
        let ends = (0..links.len())
            .filter(|&i| i != start && links[i] == 1)
            .count() as u32;
        Counter {
            neighbours,
            links,
            ends,
            closed,
            start,
        }
    }

    /// Tours completing the path that ends at `end` with `free` unvisited.
    fn extend(&mut self, end: usize, free: u64) -> u64 {
        if free == 0 {
            let returns = self.neighbours[end] >> self.start & 1 == 1;
            return u64::from(!self.closed || returns);
        }
        let mut total = 0;
        let mut moves = self.neighbours[end] & free;
        while moves != 0 {
            let target = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            total += self.step(end, target, free);
        }
        total
    }

    /// Moves the end from `end` to `target`, counts the completions, and undoes the move.
    fn step(&mut self, end: usize, target: usize, free: u64) -> u64 {
        let rest = free & !(1 << target);
        let target_was_end = self.links[target] == 1;
        if rest != 0 && target_was_end {
            // Its only link is `end`: entered now, it cannot be left.
            return 0;
        }
        // For closed tours the start stays linked as the return square.
        let touched = if self.closed && end == self.start {
            0
        } else {
            self.neighbours[end] & rest
        };
        let floor = if self.closed { 2 } else { 1 };
        let mut feasible = true;
        let mut bits = touched;
        while bits != 0 {
            let f = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            self.links[f] -= 1;
            feasible &= self.links[f] >= floor;
            self.ends += u32::from(self.links[f] == 1);
        }
        let ends = self.ends - u32::from(target_was_end);
        let count = if feasible && ends <= 1 {
            let saved = self.ends;
            self.ends = ends;
            let count = self.extend(target, rest);
            self.ends = saved;
            count
        } else {
            0
        };
        let mut bits = touched;
        while bits != 0 {
            let f = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            self.ends -= u32::from(self.links[f] == 1);
            self.links[f] += 1;
        }
        count
    }
}

fn check_countable(board: &Board) -> Result<(), KnightsError> {
    if board.squares() as u64 > MAX_COUNT_SQUARES {
        return Err(KnightsError::TooLargeFor {
            what: "counting tours",
            width: board.width(),
            height: board.height(),
            max: MAX_COUNT_SQUARES,
        });
    }
    Ok(())
}

/// Directed open tours starting at `start`.
pub fn open_tours_from(board: &Board, start: Square) -> Result<u64, KnightsError> {
    check_countable(board)?;
    let start = board.index(start);
    let all = if board.squares() == 64 {
        u64::MAX
    } else {
        (1u64 << board.squares()) - 1
    };
    let mut counter = Counter::new(board, start, false);
    Ok(counter.extend(start, all & !(1 << start)))
}

/// The board's symmetries that map it onto itself, as maps of squares.
fn symmetries(board: &Board) -> Vec<Box<dyn Fn(Square) -> Square>> {
    let (w, h) = (board.width() - 1, board.height() - 1);
    let mut maps: Vec<Box<dyn Fn(Square) -> Square>> = vec![
        Box::new(|s| s),
        Box::new(move |s: Square| Square::new(w - s.x, s.y)),
        Box::new(move |s: Square| Square::new(s.x, h - s.y)),
        Box::new(move |s: Square| Square::new(w - s.x, h - s.y)),
    ];
    if w == h {
        maps.push(Box::new(|s: Square| Square::new(s.y, s.x)));
        maps.push(Box::new(move |s: Square| Square::new(w - s.y, s.x)));
        maps.push(Box::new(move |s: Square| Square::new(s.y, h - s.x)));
        maps.push(Box::new(move |s: Square| Square::new(w - s.y, h - s.x)));
    }
    maps
}

/// All directed open tours: the sum over starts, one start per symmetry orbit.
pub fn open_tours(board: &Board) -> Result<u64, KnightsError> {
    check_countable(board)?;
    let maps = symmetries(board);
    let mut total = 0;
    for index in 0..board.squares() {
        let square = board.square_at(index);
        let mut orbit: Vec<usize> = maps.iter().map(|m| board.index(m(square))).collect();
        orbit.sort_unstable();
        orbit.dedup();
        if orbit[0] == index {
            total += open_tours_from(board, square)? * orbit.len() as u64;
        }
    }
    Ok(total)
}

/// Undirected closed tours (cycles).
pub fn closed_tours(board: &Board) -> Result<u64, KnightsError> {
    check_countable(board)?;
    if board.squares() % 2 == 1 || board.squares() < 4 {
        return Ok(0);
    }
    let corner = 0;
    let mut counter = Counter::new(board, corner, true);
    let first = counter.neighbours[corner];
    if first.count_ones() < 2 {
        return Ok(0);
    }
    let all = (1u64 << board.squares()) - 1;
    let target = first.trailing_zeros() as usize;
    Ok(counter.step(corner, target, all & !1))
}

/// Counts tours of the kind asked (module docs for directed and undirected).
pub fn count(board: &Board, closed: bool, directed: bool) -> Result<TourCount, KnightsError> {
    let count = if closed {
        let cycles = closed_tours(board)?;
        if directed {
            cycles * 2 * board.squares() as u64
        } else {
            cycles
        }
    } else {
        let paths = open_tours(board)?;
        if directed || board.squares() == 1 {
            paths
        } else {
            paths / 2
        }
    };
    Ok(TourCount {
        closed,
        directed,
        count,
    })
}
