//! A walk too large to draw square by square, summarised as a small image: the board cut into
//! blocks of `block`×`block` squares, each block given the mean visit order of the squares the
//! walk reached in it. Drawn with a colour per value, the image shows how the walk swept the
//! board (Warnsdorff's rule runs round the edge first, then works inwards) at any size.

use super::geometry::{Board, Square};
use serde::Serialize;

/// The image of one walk: `width`×`height` cells, row by row from the top (row 1 of the
/// board), each the mean visit order of its block scaled to 0 (the first step) ..= 255 (the
/// last square of the board), or `None` where the walk reached none of the block's squares.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Density {
    /// The side of a block, in squares; the last column and row of blocks may be cut short.
    pub block: u32,
    pub width: u32,
    pub height: u32,
    pub cells: Vec<Option<u8>>,
}

/// `path` (step 0 first) on `board`, in blocks small enough that neither side of the image
/// passes `max_side` cells (1 or more).
pub fn density(board: Board, path: &[Square], max_side: u32) -> Density {
    let longest = board.width().max(board.height());
    let block = longest.div_ceil(max_side.max(1));
    let width = board.width().div_ceil(block);
    let height = board.height().div_ceil(block);
    let mut sums = vec![(0u64, 0u64); (width * height) as usize];
    for (step, square) in path.iter().enumerate() {
        let cell = (square.y / block) * width + square.x / block;
        let (sum, count) = &mut sums[cell as usize];
        *sum += step as u64;
        *count += 1;
    }
    let last = (board.squares() as u64).saturating_sub(1).max(1);
    let cells = sums
        .into_iter()
        .map(|(sum, count)| {
            // The mean step sum/count, scaled by 255/last and rounded, in integers.
            (count > 0).then(|| ((2 * 255 * sum + count * last) / (2 * count * last)) as u8)
        })
        .collect();
    Density {
        block,
        width,
        height,
        cells,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knights_tour::{Rule, draw};

    /// The same image computed the slow, obvious way: for each block, look up every square of
    /// it in the path, average the steps found in floating point.
    fn by_blocks(board: Board, path: &[Square], block: u32) -> Vec<Option<u8>> {
        let last = (board.squares() - 1) as f64;
        let mut cells = Vec::new();
        for top in (0..board.height()).step_by(block as usize) {
            for left in (0..board.width()).step_by(block as usize) {
                let mut steps = Vec::new();
                for y in top..(top + block).min(board.height()) {
                    for x in left..(left + block).min(board.width()) {
                        if let Some(step) = path.iter().position(|s| *s == Square::new(x, y)) {
                            steps.push(step as f64);
                        }
                    }
                }
                // One correctly rounded division of exact integers, so an exact half stays one.
                cells.push((!steps.is_empty()).then(|| {
                    let sum: f64 = steps.iter().sum();
                    (sum * 255.0 / (steps.len() as f64 * last)).round() as u8
                }));
            }
        }
        cells
    }

    fn walk(width: u64, height: u64, start: Square) -> (Board, Vec<Square>) {
        let board = Board::new(width, height).unwrap();
        let rule: Rule = "seed".parse().unwrap();
        let mut rng = crate::rng::stream(1, "density test", 0);
        (
            board,
            draw(board, start, &rule, false, &mut rng).unwrap().path,
        )
    }

    #[test]
    fn agrees_with_the_block_by_block_average() {
        for (width, height, max_side) in [(10, 7, 4), (12, 12, 5), (9, 9, 9), (31, 17, 6)] {
            let (board, path) = walk(width, height, Square::new(0, 0));
            let image = density(board, &path, max_side);
            assert!(image.width <= max_side && image.height <= max_side);
            assert_eq!(image.cells, by_blocks(board, &path, image.block), "{board}");
        }
    }

    #[test]
    fn a_walk_that_stops_short_leaves_its_unreached_blocks_empty() {
        // 5x5 from (2,1) is a dead end for Warnsdorff's rule (docs/serve.md's example).
        let (board, path) = walk(5, 5, Square::new(1, 0));
        assert!(path.len() < 25);
        let image = density(board, &path, 5);
        assert_eq!(image.block, 1);
        let empty = image.cells.iter().filter(|cell| cell.is_none()).count();
        assert_eq!(empty, 25 - path.len());
        assert_eq!(image.cells, by_blocks(board, &path, 1));
    }

    #[test]
    fn one_square_per_cell_is_the_visit_order_itself() {
        let (board, path) = walk(8, 8, Square::new(0, 0));
        let image = density(board, &path, 8);
        for (step, square) in path.iter().enumerate() {
            let cell = image.cells[(square.y * 8 + square.x) as usize].unwrap();
            assert_eq!(cell, (step as f64 * 255.0 / 63.0).round() as u8);
        }
    }
}
