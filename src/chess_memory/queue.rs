//! Placement queues: the order in which a generator places pairs, one symbol per pair.
//!
//! A queue is written as one letter per pair (`QQQQqqqqNNNN…`, or the seed's Polish
//! `HHHHhhhhSSSS…`). A *type order* is the four kinds written once in upper case, such as
//! `QNBR`; it stands for the seed-style queue that places all white pairs of a kind, then all
//! black pairs of it, kind by kind. On an n×n board each symbol then gets ⌊n²/16⌋ pairs
//! (4 on 8×8, so `QNBR` = `QQQQqqqqNNNNnnnnBBBBbbbbRRRRrrrr`), leaving squares empty where
//! n² is not a multiple of 16.
//!
//! A four-letter text is read as a type order when its letters are the four kinds in upper
//! case; any other text is read as a queue. [`parse_order`] reads an order as a person gives
//! one (`--order`, the page's order field): a type order, a queue that fills the board, or
//! `queue:` and any shorter queue.

use crate::chess_memory::board::BoardSize;
use crate::chess_memory::pieces::{ACCEPTED_LETTERS, Color, Kind, Symbol};
use std::fmt;

/// The seed article's type order: queens, knights, bishops, rooks.
pub const SEED_TYPE_ORDER: &str = "QNBR";

/// The prefix that asks for a queue read letter by letter, of any length ([`parse_order`]).
pub const QUEUE_PREFIX: &str = "queue:";

/// A checked placement queue for one board size.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Queue {
    size: BoardSize,
    symbols: Vec<Symbol>,
    type_order: Option<[Kind; 4]>,
    /// The symbols' letters, kept because every draw's random stream is derived from them.
    letters: String,
    /// Pieces per symbol, kept because every draw's board is checked against them.
    piece_counts: [u32; Symbol::COUNT],
}

/// Why a text is not a queue for the board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QueueError {
    #[error(
        "the order is empty; give a type order such as QNBR or a queue with one letter per pair such as QQqqNNnn"
    )]
    Empty,
    #[error(
        "order '{}' has unknown character '{found}' at position {position}; use {ACCEPTED_LETTERS}",
        crate::names::quoted(.text)
    )]
    UnknownLetter {
        text: String,
        found: char,
        position: usize,
    },
    #[error(
        "order '{}' has {pairs} pairs ({pieces} pieces) but a {size} board has {squares} squares; use at most {max} letters",
        crate::names::quoted(.text)
    )]
    TooManyPieces {
        text: String,
        pairs: usize,
        pieces: usize,
        size: BoardSize,
        squares: usize,
        max: usize,
    },
    #[error(
        "'{0}' is not a type order (Q, N, B and R once each, in upper case, e.g. QNBR or \
RBNQ); for a queue of 4 pairs write {QUEUE_PREFIX}{0}",
        crate::names::quoted(.text)
    )]
    NotATypeOrder { text: String },
    #[error(
        "'{0}' has {pairs} pairs but a full {size} board takes {full}; for a queue that leaves \
squares empty write {QUEUE_PREFIX}{0}",
        crate::names::quoted(.text)
    )]
    ShortQueue {
        text: String,
        pairs: usize,
        size: BoardSize,
        full: usize,
    },
}

/// Reads an order as a person gives one: a type order, a queue that fills the board, or
/// [`QUEUE_PREFIX`] and any queue. Anything else is refused with a hint, so that a mistyped
/// type order (`QQBR`, `qnbr`) does not silently become a short queue.
pub fn parse_order(text: &str, size: BoardSize) -> Result<Queue, QueueError> {
    let text = text.trim();
    if let Some(letters) = text.strip_prefix(QUEUE_PREFIX) {
        return Queue::parse_queue(letters, size);
    }
    let queue = Queue::parse(text, size)?;
    let full = size.squares() / 2;
    if queue.type_order().is_some() || queue.len() == full {
        return Ok(queue);
    }
    let text = text.to_string();
    if queue.len() == 4 {
        return Err(QueueError::NotATypeOrder { text });
    }
    Err(QueueError::ShortQueue {
        text,
        pairs: queue.len(),
        size,
        full,
    })
}

impl Queue {
    /// Reads a type order or a queue (see the module docs) for a board of `size`.
    pub fn parse(text: &str, size: BoardSize) -> Result<Queue, QueueError> {
        let queue = Queue::parse_queue(text, size)?;
        match as_type_order(&queue.symbols) {
            Some(kinds) => Ok(Queue::from_type_order(kinds, size)),
            None => Ok(queue),
        }
    }

    /// Reads `text` as a queue, one letter per pair, even when it spells a type order.
    pub fn parse_queue(text: &str, size: BoardSize) -> Result<Queue, QueueError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(QueueError::Empty);
        }
        let mut symbols = Vec::with_capacity(text.len());
        for (position, found) in text.chars().enumerate() {
            let symbol = Symbol::from_letter(found).ok_or_else(|| QueueError::UnknownLetter {
                text: text.to_string(),
                found,
                position: position + 1,
            })?;
            symbols.push(symbol);
        }
        let max = size.squares() / 2;
        if symbols.len() > max {
            return Err(QueueError::TooManyPieces {
                text: text.to_string(),
                pairs: symbols.len(),
                pieces: 2 * symbols.len(),
                size,
                squares: size.squares(),
                max,
            });
        }
        Ok(Queue::new(size, symbols, None))
    }

    /// The seed-style queue of a type order: for each kind in turn, ⌊n²/16⌋ white pairs then as
    /// many black pairs.
    pub fn from_type_order(kinds: [Kind; 4], size: BoardSize) -> Queue {
        let per_symbol = size.squares() / 16;
        let symbols = kinds
            .iter()
            .flat_map(|&kind| {
                [Color::White, Color::Black]
                    .into_iter()
                    .flat_map(move |color| {
                        std::iter::repeat_n(Symbol::new(kind, color), per_symbol)
                    })
            })
            .collect();
        Queue::new(size, symbols, Some(kinds))
    }

    fn new(size: BoardSize, symbols: Vec<Symbol>, type_order: Option<[Kind; 4]>) -> Queue {
        let letters = symbols.iter().map(|s| s.letter()).collect();
        let mut piece_counts = [0; Symbol::COUNT];
        for symbol in &symbols {
            piece_counts[symbol.index()] += 2;
        }
        Queue {
            size,
            symbols,
            type_order,
            letters,
            piece_counts,
        }
    }

    /// The seed's queue `QQQQqqqqNNNNnnnnBBBBbbbbRRRRrrrr` for `size`.
    pub fn seed(size: BoardSize) -> Queue {
        Queue::parse(SEED_TYPE_ORDER, size).expect("the seed type order is valid")
    }

    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The symbol of each pair, in placement order.
    pub fn symbols(&self) -> &[Symbol] {
        &self.symbols
    }

    /// Number of pairs.
    pub fn len(&self) -> usize {
        self.symbols.len()
    }

    pub fn is_empty(&self) -> bool {
        self.symbols.is_empty()
    }

    /// The type order this queue was expanded from, if any.
    pub fn type_order(&self) -> Option<[Kind; 4]> {
        self.type_order
    }

    /// The short name: the type order (`QNBR`) if there is one, else the full queue.
    pub fn name(&self) -> String {
        match self.type_order {
            Some(kinds) => kinds.iter().map(|k| k.letter()).collect(),
            None => self.letters.clone(),
        }
    }

    /// The full queue in English letters, one per pair.
    pub fn letters(&self) -> &str {
        &self.letters
    }

    /// How many pieces (twice the pairs) of each symbol the queue places.
    pub fn piece_counts(&self) -> [u32; Symbol::COUNT] {
        self.piece_counts
    }
}

impl fmt::Display for Queue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// The four kinds, if `symbols` is exactly a type order: four white symbols of distinct kinds.
fn as_type_order(symbols: &[Symbol]) -> Option<[Kind; 4]> {
    let kinds: [Kind; 4] = symbols
        .iter()
        .map(|s| (s.color() == Color::White).then(|| s.kind()))
        .collect::<Option<Vec<Kind>>>()?
        .try_into()
        .ok()?;
    let distinct = Kind::ALL.iter().all(|kind| kinds.contains(kind));
    distinct.then_some(kinds)
}

/// All 24 type orders, in lexicographic order of `Q N B R` (`QNBR`, `QNRB`, `QBNR`, …).
pub fn all_type_orders() -> Vec<[Kind; 4]> {
    let mut orders = Vec::with_capacity(24);
    for a in Kind::ALL {
        for b in Kind::ALL.into_iter().filter(|&k| k != a) {
            for c in Kind::ALL.into_iter().filter(|&k| k != a && k != b) {
                let d = Kind::ALL.into_iter().find(|&k| k != a && k != b && k != c);
                orders.push([a, b, c, d.expect("four distinct kinds")]);
            }
        }
    }
    orders
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(n: usize) -> BoardSize {
        BoardSize::new(n).unwrap()
    }

    #[test]
    fn type_order_expands_to_the_seed_queue() {
        let queue = Queue::parse("QNBR", BoardSize::STANDARD).unwrap();
        assert_eq!(queue.letters(), "QQQQqqqqNNNNnnnnBBBBbbbbRRRRrrrr");
        assert_eq!(queue.name(), "QNBR");
        let polish = Queue::parse("HSGW", BoardSize::STANDARD).unwrap();
        assert_eq!(polish, queue);
        assert_eq!(Queue::parse("RBNQ", size(4)).unwrap().letters(), "RrBbNnQq");
        assert_eq!(Queue::parse("QNBR", size(7)).unwrap().len(), 24);
    }

    #[test]
    fn polish_queue_equals_english_queue() {
        let english = Queue::parse("QQQQqqqqNNNNnnnnBBBBbbbbRRRRrrrr", BoardSize::STANDARD);
        let polish = Queue::parse("HHHHhhhhSSSSssssGGGGggggWWWWwwww", BoardSize::STANDARD);
        assert_eq!(english.unwrap().symbols(), polish.unwrap().symbols());
    }

    #[test]
    fn short_queues_and_non_type_orders_are_queues() {
        let queue = Queue::parse("QqNn", BoardSize::STANDARD).unwrap();
        assert_eq!(queue.type_order(), None);
        assert_eq!(queue.len(), 4);
        assert_eq!(queue.piece_counts()[0], 2);
        // Repeated kinds in upper case are a queue, not a type order.
        assert_eq!(Queue::parse("QQNB", BoardSize::STANDARD).unwrap().len(), 4);
    }

    #[test]
    fn bad_orders_name_the_problem() {
        let cases = [
            ("", "empty"),
            ("  ", "empty"),
            ("QNBK", "unknown character 'K' at position 4"),
            ("QQ qq", "unknown character ' ' at position 3"),
            (
                &"Q".repeat(33),
                "33 pairs (66 pieces) but a 8×8 board has 64 squares",
            ),
        ];
        for (text, expected) in cases {
            let message = Queue::parse(text, BoardSize::STANDARD)
                .unwrap_err()
                .to_string();
            assert!(message.contains(expected), "{text:?}: {message}");
        }
        let message = Queue::parse("QQQQQQQQQ", size(4)).unwrap_err().to_string();
        assert!(message.contains("use at most 8 letters"), "{message}");
    }

    #[test]
    fn an_order_is_a_type_order_a_full_queue_or_a_marked_short_one() {
        for kinds in all_type_orders() {
            let name = Queue::from_type_order(kinds, BoardSize::STANDARD).name();
            let queue = parse_order(&name, BoardSize::STANDARD).unwrap();
            assert_eq!(queue.type_order(), Some(kinds), "{name}");
        }
        let full = "QQQQqqqqNNNNnnnnBBBBbbbbRRRRrrrr";
        assert_eq!(parse_order(full, BoardSize::STANDARD).unwrap().len(), 32);
        let short = parse_order("queue:QQBR", BoardSize::STANDARD).unwrap();
        assert_eq!((short.letters(), short.type_order()), ("QQBR", None));
        let err = |text: &str| parse_order(text, BoardSize::STANDARD).unwrap_err();
        assert_eq!(
            err("QQBR"),
            QueueError::NotATypeOrder {
                text: "QQBR".into()
            }
        );
        assert!(err("qnbr").to_string().ends_with("write queue:qnbr"));
        assert_eq!(
            err("RRrr R"),
            QueueError::UnknownLetter {
                text: "RRrr R".into(),
                found: ' ',
                position: 5
            }
        );
        let message = err("RRrrRR").to_string();
        assert!(
            message.contains("has 6 pairs but a full 8×8 board takes 32"),
            "{message}"
        );
    }

    #[test]
    fn there_are_24_distinct_type_orders() {
        let orders = all_type_orders();
        assert_eq!(orders.len(), 24);
        let names: std::collections::BTreeSet<String> = orders
            .iter()
            .map(|&o| Queue::from_type_order(o, BoardSize::STANDARD).name())
            .collect();
        assert_eq!(names.len(), 24);
        assert_eq!(
            Queue::from_type_order(orders[0], BoardSize::STANDARD).name(),
            "QNBR"
        );
    }
}
