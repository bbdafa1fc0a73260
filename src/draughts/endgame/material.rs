//! Material classes: how many men and kings each side has. A database is solved class by
//! class, each after the classes its moves can reach.

use crate::draughts::board::Board;
use std::fmt;

/// The pieces on the board, by kind: one class of the database (with either side to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    pub white_men: u8,
    pub white_kings: u8,
    pub black_men: u8,
    pub black_kings: u8,
}

impl Material {
    /// The class of `board`.
    pub fn of(board: &Board) -> Material {
        let count = |set: u64| set.count_ones() as u8;
        Material {
            white_men: count(board.white & !board.kings),
            white_kings: count(board.white & board.kings),
            black_men: count(board.black & !board.kings),
            black_kings: count(board.black & board.kings),
        }
    }

    pub fn pieces(&self) -> u8 {
        self.white_men + self.white_kings + self.black_men + self.black_kings
    }

    pub fn men(&self) -> u8 {
        self.white_men + self.black_men
    }

    /// Every class with one to `max_pieces` pieces (one side may have none: such positions
    /// follow the capture of a side's last piece), in the order they must be solved.
    ///
    /// A move either keeps the class (a quiet move that crowns nothing), captures (fewer
    /// pieces), or crowns a man without capturing (as many pieces, one man fewer). So sorting
    /// by (pieces, men) puts every class a move can leave for before the class itself; the
    /// solver refuses to look up a class that is not solved yet, and the tests solve every
    /// class in this order.
    pub fn solving_order(max_pieces: u8) -> Vec<Material> {
        let mut classes = Vec::new();
        for white_men in 0..=max_pieces {
            for white_kings in 0..=max_pieces - white_men {
                let white = white_men + white_kings;
                for black_men in 0..=max_pieces - white {
                    for black_kings in 0..=max_pieces - white - black_men {
                        let class = Material {
                            white_men,
                            white_kings,
                            black_men,
                            black_kings,
                        };
                        if class.pieces() > 0 {
                            classes.push(class);
                        }
                    }
                }
            }
        }
        classes.sort_by_key(|class| (class.pieces(), class.men(), *class));
        classes
    }

    /// The class with the colours swapped: its positions are this class's positions rotated
    /// by 180° with the colours (and the side to move) swapped ([`Board::mirrored`]), which
    /// have the same values.
    pub fn mirrored(&self) -> Material {
        Material {
            white_men: self.black_men,
            white_kings: self.black_kings,
            black_men: self.white_men,
            black_kings: self.white_kings,
        }
    }

    /// Whether this class is the one of its mirror pair that databases store: the larger of
    /// the two in the order (White's men, White's kings, Black's men, Black's kings). A class
    /// equal to its mirror is stored.
    pub fn is_stored(&self) -> bool {
        *self >= self.mirrored()
    }

    /// The stored classes of [`Material::solving_order`]: every class of up to `max_pieces`
    /// pieces is one of them or the mirror of one.
    pub fn stored_classes(max_pieces: u8) -> Vec<Material> {
        let mut classes = Material::solving_order(max_pieces);
        classes.retain(Material::is_stored);
        classes
    }

    /// The class's name in file names: White's men and kings, then Black's, e.g. `2m1k-1m0k`
    /// for two White men and a White king against one Black man.
    pub fn file_stem(&self) -> String {
        format!(
            "{}m{}k-{}m{}k",
            self.white_men, self.white_kings, self.black_men, self.black_kings
        )
    }
}

impl fmt::Display for Material {
    /// As in endgame database names: White's then Black's kings and men, e.g. `Kk` is a king
    /// each, `KKm` two White kings against a Black man.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let repeat = |letter: &str, count: u8| letter.repeat(usize::from(count));
        write!(
            f,
            "{}{}{}{}",
            repeat("K", self.white_kings),
            repeat("M", self.white_men),
            repeat("k", self.black_kings),
            repeat("m", self.black_men)
        )
    }
}
