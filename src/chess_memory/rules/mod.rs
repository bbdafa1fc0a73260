//! The rules of the ChessMemory puzzle: which squares each kind attacks on an empty board,
//! the order in which the seed program lists those attacks, and the validator that checks
//! the pairing rule on a finished board.

mod attacks;
mod seed_attack_order;
mod validator;

pub use attacks::AttackTables;
pub(crate) use attacks::KNIGHT_STEPS;
pub use seed_attack_order::{SEED_ATTACK_ORDER_CSV, SeedAttackOrder, seed_attack_order};
pub use validator::{CompositionMismatch, Violation, check_composition, validate};
