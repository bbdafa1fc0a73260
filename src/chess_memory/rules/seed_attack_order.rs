//! The order in which the seed program lists the squares a piece attacks.
//!
//! The original JavaScript picks a partner as `list[floor(random() * list.length)]` from the
//! attack list of its generated file `bicia.js`; to replay it exactly, the partner candidates
//! must be enumerated in that file's order, which is not a simple geometric order. The table
//! is embedded from `seed_attack_order.csv`, recorded from the original program (where the
//! project's reference copy is present, a test checks that the two are identical; another
//! checks that every list is, as a set, the attack table of
//! [`AttackTables`](super::AttackTables)).
//! It exists for 8×8 only, as did the original program.

use crate::chess_memory::board::{BoardSize, Square};
use crate::chess_memory::pieces::Kind;
use std::sync::OnceLock;

/// The embedded reference table (`piece,square,attacks_in_order`, Polish piece letters).
pub const SEED_ATTACK_ORDER_CSV: &str = include_str!("seed_attack_order.csv");

/// Most squares a piece attacks on 8×8 (a queen in the centre).
const MAX_ATTACKS: usize = 27;

/// Attack lists of the seed program for every kind and square of the 8×8 board.
#[derive(Debug)]
pub struct SeedAttackOrder {
    lists: [[[u8; MAX_ATTACKS]; 64]; 4],
    lengths: [[u8; 64]; 4],
}

impl SeedAttackOrder {
    /// The squares `kind` on `square` attacks, in the seed program's order.
    #[inline]
    pub fn list(&self, kind: Kind, square: Square) -> &[u8] {
        let length = self.lengths[kind.index()][square.index()] as usize;
        &self.lists[kind.index()][square.index()][..length]
    }

    fn parse(csv: &str) -> SeedAttackOrder {
        let size = BoardSize::STANDARD;
        let mut table = SeedAttackOrder {
            lists: [[[0; MAX_ATTACKS]; 64]; 4],
            lengths: [[0; 64]; 4],
        };
        let square = |name: &str| {
            size.parse_square(name)
                .unwrap_or_else(|| panic!("embedded seed attack order: bad square {name:?}"))
        };
        for line in csv.lines().skip(1).filter(|l| !l.trim().is_empty()) {
            let fields: Vec<&str> = line.trim().splitn(3, ',').collect();
            let [piece, from, targets] = fields[..] else {
                panic!("embedded seed attack order: bad line {line:?}")
            };
            let kind = piece
                .chars()
                .next()
                .and_then(Kind::from_letter)
                .unwrap_or_else(|| panic!("embedded seed attack order: bad piece {piece:?}"));
            let from = square(from);
            let slot = &mut table.lists[kind.index()][from.index()];
            let mut length = 0;
            for target in targets.split_whitespace() {
                slot[length] = square(target).0;
                length += 1;
            }
            table.lengths[kind.index()][from.index()] = length as u8;
        }
        table
    }
}

/// The seed program's attack lists, parsed from the embedded table on first use.
pub fn seed_attack_order() -> &'static SeedAttackOrder {
    static TABLE: OnceLock<SeedAttackOrder> = OnceLock::new();
    TABLE.get_or_init(|| SeedAttackOrder::parse(SEED_ATTACK_ORDER_CSV))
}
