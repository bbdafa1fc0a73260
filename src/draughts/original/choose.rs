//! Damebot's choice among its evaluated moves (`choose_move` in `player.ts`).
//!
//! The moves come in generation order. The set of best moves starts empty with best flags 0
//! and best weight 0; a move whose flags **or** weight is higher than the best replaces the set
//! and both bests become its own (so one of them may fall); a move equal in both joins the
//! set; any other is passed over. The bot plays one move of the final set, uniformly at random.

use super::generate::ScoredMove;

/// The positions in `moves` of Damebot's best set, in generation order. Flags in `ignored`
/// count as if the original did not have them (a bot without them, for ablations).
pub fn best_set(moves: &[ScoredMove], ignored: u8) -> Vec<usize> {
    let mut chosen = Vec::new();
    let (mut best_flags, mut best_weight) = (0, 0);
    for (i, scored) in moves.iter().enumerate() {
        let flags = scored.flags & !ignored;
        if flags > best_flags || scored.weight > best_weight {
            best_flags = flags;
            best_weight = scored.weight;
            chosen.clear();
            chosen.push(i);
        } else if flags == best_flags && scored.weight == best_weight {
            chosen.push(i);
        }
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::moves::Move;
    use crate::draughts::square::Square;

    fn scored(flags: u8, weight: u32) -> ScoredMove {
        let a1: Square = "a1".parse().unwrap();
        let b2: Square = "b2".parse().unwrap();
        ScoredMove {
            mv: Move::quiet(a1, b2),
            flags,
            weight,
        }
    }

    #[test]
    fn a_higher_flag_or_weight_replaces_the_set_and_the_order_matters() {
        // (16, 1) then (2, 3): the weight is higher, so (2, 3) replaces the set although
        // its flags are lower; the other way round the flags replace it.
        assert_eq!(best_set(&[scored(16, 1), scored(2, 3)], 0), [1]);
        assert_eq!(best_set(&[scored(2, 3), scored(16, 1)], 0), [1]);
        assert_eq!(
            best_set(&[scored(2, 0), scored(4, 0), scored(4, 0), scored(2, 0)], 0),
            [1, 2]
        );
        // A move of (0, 0) joins the empty set's bests.
        assert_eq!(best_set(&[scored(0, 0), scored(0, 0)], 0), [0, 1]);
    }

    #[test]
    fn ignored_flags_count_as_zero() {
        assert_eq!(best_set(&[scored(4, 0), scored(2, 0)], 4), [1]);
    }
}
