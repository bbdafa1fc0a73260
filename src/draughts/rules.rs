//! The rules variants that share the move generator.
//!
//! **Czech** (`czech`, česká dáma, the rules of `docs/draughts-contract.md`, after the Czech Draughts
//! Federation): flying kings, and king priority (if a king can capture, the move must be a
//! king's capture).
//! **English** (`english`, checkers): kings move and capture one square at a time, and any
//! capture may be chosen. Everything else is common: men step and capture forward only,
//! capturing is compulsory and continues while possible, there is no rule to take the most
//! pieces, and a man that ends its move on the last rank is crowned. Both start from the same
//! position with White (the side on ranks 1–3) to move; English checkers names that side
//! Black, which changes no count.
//!
//! **Damebot** (`damebot`): the move rules of the original Damebot program, so that a game can
//! be replayed as it plays: flying kings without king priority, a king that may stop after a
//! capture where it cannot go on although another square of the line could, and may jump a
//! piece it has already taken; only the listed pieces of its player objects move (see
//! [`super::original`]).

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rules {
    /// Czech draughts: flying kings, king priority.
    #[default]
    Czech,
    /// English checkers: short kings, free choice among captures.
    English,
    /// The original Damebot program's own rules.
    Damebot,
}

impl Rules {
    /// Kings move and capture at any distance along a diagonal.
    #[inline(always)]
    pub fn flying_kings(self) -> bool {
        matches!(self, Rules::Czech | Rules::Damebot)
    }

    /// A king's capture, when there is one, must be chosen over a man's.
    #[inline(always)]
    pub fn king_priority(self) -> bool {
        matches!(self, Rules::Czech)
    }
}

crate::names::named_enum!(Rules, "rules", {
    Czech => "czech",
    English => "english",
    Damebot => "damebot",
});
