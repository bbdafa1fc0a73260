//! The instance the SAT encoding describes: a board size and a composition (how many pieces of
//! each symbol). A queue gives one through its piece counts; the order of its letters does not
//! matter to the solver.

use crate::chess_memory::board::BoardSize;
use crate::chess_memory::pieces::Symbol;
use crate::chess_memory::queue::Queue;
use std::fmt;

/// A board size and the number of pieces of each symbol (twice its pairs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Instance {
    size: BoardSize,
    pieces: [u32; Symbol::COUNT],
}

/// A composition that no board of the size can hold.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InstanceError {
    #[error("{count} pieces {symbol} cannot form pairs; give an even number of pieces per symbol")]
    OddCount { symbol: Symbol, count: u32 },
    #[error("{pieces} pieces do not fit the {squares} squares of a {size} board; use fewer pairs")]
    TooManyPieces {
        pieces: u32,
        squares: usize,
        size: BoardSize,
    },
}

impl Instance {
    /// An instance with `pieces[s]` pieces of symbol `s` on an n×n board.
    pub fn new(size: BoardSize, pieces: [u32; Symbol::COUNT]) -> Result<Instance, InstanceError> {
        if let Some(symbol) = Symbol::ALL.into_iter().find(|s| pieces[s.index()] % 2 == 1) {
            let count = pieces[symbol.index()];
            return Err(InstanceError::OddCount { symbol, count });
        }
        let total: u32 = pieces.iter().sum();
        if total as usize > size.squares() {
            return Err(InstanceError::TooManyPieces {
                pieces: total,
                squares: size.squares(),
                size,
            });
        }
        Ok(Instance { size, pieces })
    }

    /// The board size and composition of a queue (its letter order is irrelevant here).
    pub fn from_queue(queue: &Queue) -> Instance {
        Instance::new(queue.size(), queue.piece_counts()).expect("a checked queue fits its board")
    }

    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Pieces of `symbol` (twice its pairs).
    pub fn pieces(&self, symbol: Symbol) -> u32 {
        self.pieces[symbol.index()]
    }

    /// Pieces of every symbol, indexed by [`Symbol::index`].
    pub fn piece_counts(&self) -> [u32; Symbol::COUNT] {
        self.pieces
    }

    /// Whether the pieces fill every square (then each square takes exactly one symbol).
    pub fn is_full(&self) -> bool {
        self.pieces.iter().sum::<u32>() as usize == self.size.squares()
    }
}

impl fmt::Display for Instance {
    /// For example `8×8, pairs Q4 N4 B4 R4 q4 n4 b4 r4 (full board)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, pairs", self.size)?;
        for symbol in Symbol::ALL {
            let pairs = self.pieces(symbol) / 2;
            if pairs > 0 {
                write!(f, " {symbol}{pairs}")?;
            }
        }
        let fill = if self.is_full() {
            "full board"
        } else {
            "empty squares allowed"
        };
        write!(f, " ({fill})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queue_gives_its_composition() {
        let queue = Queue::seed(BoardSize::STANDARD);
        let instance = Instance::from_queue(&queue);
        assert!(instance.is_full());
        assert_eq!(
            instance.to_string(),
            "8×8, pairs Q4 N4 B4 R4 q4 n4 b4 r4 (full board)"
        );
    }

    #[test]
    fn odd_and_oversized_compositions_are_refused() {
        let size = BoardSize::new(4).unwrap();
        let mut pieces = [0; 8];
        pieces[2] = 3;
        let message = Instance::new(size, pieces).unwrap_err().to_string();
        assert!(
            message.contains("3 pieces B cannot form pairs"),
            "{message}"
        );
        let message = Instance::new(size, [4; 8]).unwrap_err().to_string();
        assert!(
            message.contains("32 pieces do not fit the 16 squares"),
            "{message}"
        );
    }
}
