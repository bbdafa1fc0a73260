//! The twelve rule sets as data: each national game is a board size and a handful of flags
//! that steer the one generator of [`super::generate`].
//!
//! The flags and their values follow the reference library dctl (Rein Halbersma,
//! `include/dctl/core/rules/*.hpp`), whose headers cite the federations' rule books article by
//! article; `docs/draughts-variants.md` tabulates them with their sources.

use crate::draughts::game::QUIET_PLY_LIMIT;

/// A national game of draughts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    Czech,
    English,
    Russian,
    Brazilian,
    Pool,
    Spanish,
    Italian,
    Thai,
    International,
    Frisian,
    Killer,
    Canadian,
}

crate::names::named_enum!(Variant, "rules", {
    Czech => "czech",
    English => "english",
    Russian => "russian",
    Brazilian => "brazilian",
    Pool => "pool",
    Spanish => "spanish",
    Italian => "italian",
    Thai => "thai",
    International => "international",
    Frisian => "frisian",
    Killer => "killer",
    Canadian => "canadian",
});

/// Which of several legal captures a player may choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precedence {
    /// Any capture (English, Russian, pool, Thai).
    Free,
    /// A king's capture, when there is one, before a man's (Czech).
    KingFirst,
    /// The most pieces (international, Brazilian, killer, Canadian).
    Most,
    /// The most pieces, then the most kings (Spanish).
    MostThenKings,
    /// The most pieces, then a capture by a king, then the most kings, then the capture that
    /// takes a king earliest (Italian).
    Italian,
    /// The highest value, a king worth just under two men, then a capture by a king
    /// (Frisian).
    Frisian,
}

/// How the moves are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// Squares named by file and rank (`c3`), as Czech and Russian players write them.
    Algebraic,
    /// Squares numbered 1, 2, … row by row from the top left as White sees the board (PDN).
    Numeric,
}

/// A rule set: the board and the flags of the move generator and the draw rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleSet {
    pub variant: Variant,
    /// Squares along a side: 8, 10 or 12.
    pub size: u8,
    /// The board turned so that the lower left corner is light (Spanish, Italian).
    pub mirrored: bool,
    /// Rows of men each side starts with.
    pub rows_of_men: u8,
    /// Kings move and capture along a whole line.
    pub flying_kings: bool,
    /// Men capture backwards too.
    pub men_capture_backward: bool,
    /// Men may capture kings (not in Italian draughts).
    pub men_capture_kings: bool,
    /// A man reaching the far row during a capture is crowned there and goes on capturing as a
    /// king (Russian).
    pub crowned_mid_capture: bool,
    /// Captured pieces leave the board as they are taken, not when the move ends (Thai).
    pub removed_at_once: bool,
    /// A capturing king lands on the square right behind the piece it takes (Thai).
    pub lands_behind_piece: bool,
    /// A king whose capture ends on taking a king stops right behind it (killer).
    pub halts_behind_king: bool,
    /// Men and kings also capture along rows and files (Frisian).
    pub orthogonal_captures: bool,
    pub precedence: Precedence,
    pub notation: Notation,
    /// The capture separator in move text: `x`, `:` or `-`.
    pub capture_separator: char,
    /// The same position this often with the same side to move is a draw.
    pub repetitions_for_draw: u32,
    /// Plies in a row without a capture or a man's move that draw the game.
    pub quiet_plies_for_draw: u32,
    /// FMJD's endgame counts draw a lone king against three or fewer pieces with a king
    /// (international draughts and the games built on its rules: killer, Canadian).
    pub endgame_counts: bool,
    /// The most non-capturing moves in a row with one king while its side also has men
    /// (Frisian: 3), 0 for no limit.
    pub same_king_moves: u32,
}

impl Variant {
    /// The rule set of this game.
    pub const fn rules(self) -> RuleSet {
        let base = RuleSet {
            variant: self,
            size: 8,
            mirrored: false,
            rows_of_men: 3,
            flying_kings: true,
            men_capture_backward: false,
            men_capture_kings: true,
            crowned_mid_capture: false,
            removed_at_once: false,
            lands_behind_piece: false,
            halts_behind_king: false,
            orthogonal_captures: false,
            precedence: Precedence::Free,
            notation: Notation::Numeric,
            capture_separator: 'x',
            repetitions_for_draw: 3,
            quiet_plies_for_draw: QUIET_PLY_LIMIT,
            endgame_counts: false,
            same_king_moves: 0,
        };
        let international = RuleSet {
            size: 10,
            rows_of_men: 4,
            men_capture_backward: true,
            precedence: Precedence::Most,
            quiet_plies_for_draw: 50,
            endgame_counts: true,
            ..base
        };
        match self {
            Variant::Czech => RuleSet {
                precedence: Precedence::KingFirst,
                notation: Notation::Algebraic,
                capture_separator: ':',
                ..base
            },
            Variant::English => RuleSet {
                flying_kings: false,
                quiet_plies_for_draw: 80,
                ..base
            },
            Variant::Russian => RuleSet {
                men_capture_backward: true,
                crowned_mid_capture: true,
                quiet_plies_for_draw: 30,
                notation: Notation::Algebraic,
                capture_separator: ':',
                ..base
            },
            Variant::Brazilian => RuleSet {
                size: 8,
                rows_of_men: 3,
                quiet_plies_for_draw: 40,
                endgame_counts: false,
                ..international
            },
            Variant::Pool => RuleSet {
                men_capture_backward: true,
                quiet_plies_for_draw: 30,
                ..base
            },
            Variant::Spanish => RuleSet {
                mirrored: true,
                precedence: Precedence::MostThenKings,
                ..base
            },
            Variant::Italian => RuleSet {
                mirrored: true,
                flying_kings: false,
                men_capture_kings: false,
                precedence: Precedence::Italian,
                repetitions_for_draw: 4,
                quiet_plies_for_draw: 80,
                ..base
            },
            Variant::Thai => RuleSet {
                rows_of_men: 2,
                removed_at_once: true,
                lands_behind_piece: true,
                capture_separator: '-',
                ..base
            },
            Variant::International => international,
            Variant::Frisian => RuleSet {
                orthogonal_captures: true,
                endgame_counts: false,
                precedence: Precedence::Frisian,
                same_king_moves: 3,
                ..international
            },
            Variant::Killer => RuleSet {
                halts_behind_king: true,
                ..international
            },
            Variant::Canadian => RuleSet {
                size: 12,
                rows_of_men: 5,
                ..international
            },
        }
    }
}

impl RuleSet {
    /// Dark squares on the board.
    pub fn squares(&self) -> u32 {
        let n = self.size as u32;
        n * n / 2
    }

    /// Men each side starts with.
    pub fn men_each(&self) -> u32 {
        self.rows_of_men as u32 * self.size as u32 / 2
    }
}

/// A rule set as users name it (`--rules`, a spec's `rules`): the twelve national games, and
/// `damebot`, the original program's own 8×8 rules. Czech draughts, English checkers and
/// Damebot's rules are played by the 8×8 generator of [`crate::draughts::movegen`] (whose
/// bots, data and figures predate the other rule sets); the others by
/// [`super::generate`], which also knows Czech and English and is tested against it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RulesChoice {
    Czech,
    English,
    Damebot,
    Russian,
    Brazilian,
    Pool,
    Spanish,
    Italian,
    Thai,
    International,
    Frisian,
    Killer,
    Canadian,
}

crate::names::named_enum!(RulesChoice, "rules", {
    Czech => "czech",
    English => "english",
    Damebot => "damebot",
    Russian => "russian",
    Brazilian => "brazilian",
    Pool => "pool",
    Spanish => "spanish",
    Italian => "italian",
    Thai => "thai",
    International => "international",
    Frisian => "frisian",
    Killer => "killer",
    Canadian => "canadian",
});

impl RulesChoice {
    /// The 8×8 generator's rules, for Czech, English and Damebot's.
    pub fn board_rules(self) -> Option<crate::draughts::Rules> {
        use crate::draughts::Rules;
        match self {
            RulesChoice::Czech => Some(Rules::Czech),
            RulesChoice::English => Some(Rules::English),
            RulesChoice::Damebot => Some(Rules::Damebot),
            _ => None,
        }
    }

    /// The national game, for all but Damebot's rules.
    pub fn variant(self) -> Option<Variant> {
        match self {
            RulesChoice::Damebot => None,
            other => Some(other.name().parse().expect("the names agree")),
        }
    }
}

impl From<crate::draughts::Rules> for RulesChoice {
    fn from(rules: crate::draughts::Rules) -> RulesChoice {
        rules.name().parse().expect("the names agree")
    }
}
