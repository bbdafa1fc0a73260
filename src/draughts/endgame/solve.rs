//! Values, the tables of solved classes, and the database that holds them.
//!
//! A database stores one class of each mirror pair ([`Material::is_stored`]); a position of
//! the other class is answered by its mirror image ([`Board::mirrored`]), which has the same
//! value. It is solved in memory ([`Database::solve_up_to`], by the retrograde solver of
//! [`super::retrograde`]) or opened from the files a build wrote ([`Database::open`], format in
//! [`super::file`]).

use super::file::PackedValues;
use super::material::Material;
use super::retrograde::solve_class;
use crate::draughts::board::{Board, Color};
use crate::draughts::rules::Rules;
use std::path::Path;

/// The exact value of a position for the side to move, with the number of plies to the end
/// of the game under best play (the winner hastening, the loser delaying).
///
/// A win's distance is always odd and a loss's even (the winner makes the last move), which
/// the stored form relies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Win(u16),
    Loss(u16),
    Draw,
}

impl Value {
    /// The stored form: 0 for a draw, the distance plus one for a win or a loss (so even for a
    /// win, odd for a loss).
    pub fn stored(self) -> u16 {
        match self {
            Value::Draw => 0,
            Value::Win(d) | Value::Loss(d) => {
                debug_assert_eq!(d % 2 == 1, matches!(self, Value::Win(_)));
                d + 1
            }
        }
    }

    /// The value of a stored form (the inverse of [`Value::stored`]).
    pub fn from_stored(stored: u16) -> Value {
        match stored {
            0 => Value::Draw,
            s if s % 2 == 0 => Value::Win(s - 1),
            s => Value::Loss(s - 1),
        }
    }

    /// The solver's working code: 0 while undecided, else the stored form plus one.
    pub(crate) fn code(self) -> u16 {
        self.stored() + 1
    }

    pub(crate) fn from_code(code: u16) -> Value {
        Value::from_stored(code - 1)
    }

    /// The distance of a win or a loss.
    pub fn distance(self) -> Option<u16> {
        match self {
            Value::Win(d) | Value::Loss(d) => Some(d),
            Value::Draw => None,
        }
    }
}

/// The values of every position of one class, both sides to move.
#[derive(Clone, Debug)]
pub struct Table {
    pub material: Material,
    values: Values,
}

/// A table's values in their stored form ([`Value::stored`]), slot by slot.
#[derive(Clone, Debug)]
pub(crate) enum Values {
    /// One byte a slot, every value below 256.
    Narrow(Vec<u8>),
    /// Two bytes a slot.
    Wide(Vec<u16>),
    /// As a file keeps them: compressed blocks, one decoded per probe.
    Packed(PackedValues),
}

impl Table {
    /// A table from the stored values of its slots (one byte each where they all fit).
    pub(crate) fn from_stored(material: Material, stored: Vec<u16>) -> Table {
        let values = if stored.iter().all(|&v| v <= u16::from(u8::MAX)) {
            Values::Narrow(stored.into_iter().map(|v| v as u8).collect())
        } else {
            Values::Wide(stored)
        };
        Table { material, values }
    }

    pub(crate) fn from_values(material: Material, values: Values) -> Table {
        Table { material, values }
    }

    /// The value of `board` (which must be of this table's class) for its side to move.
    pub fn value(&self, board: &Board) -> Value {
        self.value_at(slot(self.material.index(board), board.side))
    }

    /// The value of slot `slot`: position `i` with White to move at `2i`, with Black to move
    /// at `2i + 1`.
    pub fn value_at(&self, slot: usize) -> Value {
        Value::from_stored(match &self.values {
            Values::Narrow(bytes) => u16::from(bytes[slot]),
            Values::Wide(words) => words[slot],
            Values::Packed(packed) => packed.stored_at(slot),
        })
    }

    /// The number of slots: twice the class's size.
    pub fn slots(&self) -> usize {
        2 * self.material.size() as usize
    }

    /// Every stored value, slot by slot, read block by block from a packed table.
    pub fn stored_values(&self) -> Box<dyn Iterator<Item = u16> + '_> {
        match &self.values {
            Values::Narrow(bytes) => Box::new(bytes.iter().map(|&b| u16::from(b))),
            Values::Wide(words) => Box::new(words.iter().copied()),
            Values::Packed(packed) => Box::new(packed.stored_values()),
        }
    }
}

/// The slot of the position with placement `index` and `side` to move.
pub(crate) fn slot(index: u64, side: Color) -> usize {
    2 * index as usize + usize::from(side == Color::Black)
}

/// The position in slot `slot` of `material`.
pub(crate) fn board_of_slot(material: &Material, slot: usize) -> Board {
    let side = if slot.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    material.board((slot / 2) as u64, side)
}

/// Classes are looked up in a flat array by their four counts, three bits each.
const CLASS_KEYS: usize = 1 << 12;

fn class_key(material: &Material) -> Option<usize> {
    let counts = [
        material.white_men,
        material.white_kings,
        material.black_men,
        material.black_kings,
    ];
    counts.iter().try_fold(0, |key, &count| {
        (count < 8).then_some(key << 3 | usize::from(count))
    })
}

/// Solved classes under one rules variant: every stored class of up to
/// [`Database::max_pieces`] pieces, and through them their mirrors.
#[derive(Debug)]
pub struct Database {
    pub rules: Rules,
    tables: Vec<Option<Table>>,
    max_pieces: u8,
}

impl Database {
    /// An empty database.
    pub fn new(rules: Rules) -> Database {
        Database {
            rules,
            tables: vec![None; CLASS_KEYS],
            max_pieces: 0,
        }
    }

    /// Solves every class of up to `max_pieces` pieces in memory, in
    /// [`Material::solving_order`], on the current rayon thread pool.
    pub fn solve_up_to(rules: Rules, max_pieces: u8) -> Database {
        let mut database = Database::new(rules);
        for material in Material::stored_classes(max_pieces) {
            let table = solve_class(material, &database);
            database.insert(table);
        }
        database.max_pieces = max_pieces;
        database
    }

    /// Opens the database files that `boardlab draughts endgame build` wrote under `dir` for
    /// `rules` (in `dir/<rules>/`), checking every header and checksum; see [`super::file`].
    pub fn open(dir: &Path, rules: Rules) -> Result<Database, String> {
        super::file::open_database(dir, rules).map_err(|error| error.to_string())
    }

    /// Every class of up to this many pieces is in the database.
    pub fn max_pieces(&self) -> u8 {
        self.max_pieces
    }

    pub(crate) fn set_max_pieces(&mut self, max_pieces: u8) {
        self.max_pieces = max_pieces;
    }

    /// Adds a solved or loaded table (of a stored class).
    pub(crate) fn insert(&mut self, table: Table) {
        debug_assert!(table.material.is_stored());
        let key = class_key(&table.material).expect("classes of fewer than eight of a kind");
        self.tables[key] = Some(table);
    }

    /// The table of a stored class ([`Material::is_stored`]), if solved; a mirrored class has
    /// none of its own.
    pub fn table(&self, material: &Material) -> Option<&Table> {
        class_key(material).and_then(|key| self.tables[key].as_ref())
    }

    /// The value of `board`, if its class (or its mirror) is solved.
    pub fn value(&self, board: &Board) -> Option<Value> {
        let material = Material::of(board);
        if material.is_stored() {
            self.table(&material).map(|t| t.value(board))
        } else {
            let mirrored = board.mirrored();
            self.table(&material.mirrored()).map(|t| t.value(&mirrored))
        }
    }
}
