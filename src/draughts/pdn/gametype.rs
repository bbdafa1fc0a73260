//! PDN's `GameType` tag: which game a record holds, and how its squares are numbered.
//!
//! The table is the PDN 3.0 standard's (FMJD, `pdn.fmjd.org/gametype.html`; its source is
//! github `wiegerw/pdn`, `doc/gametype.rst`): a type number, then optionally the colour that
//! starts, the board's width and height, the notation (`A` algebraic, `N` numeric) with the
//! corner of square 1 *as the starting player sees the board* (0 bottom left, 1 bottom right,
//! 2 top left, 3 top right; numbering runs along the rows) and an invert flag (1: the bottom
//! left corner is not a playing square). `[GameType "20"]` stands for the full
//! `"20,W,10,10,N2,0"` of the table, and so on.
//!
//! boardlab's own squares ([`crate::draughts::variant::notation`]) are numbered from the top
//! left as White sees the board, White moves first in every rule set, and Czech and Russian
//! write letters. Where a rule set's standard entry says otherwise (English and pool checkers
//! let Black begin; Spanish numbers from White's bottom right; Brazilian writes letters),
//! boardlab writes the full tag describing its own squares, and a FEN tag where its game does
//! not start from the standard's start. Killer draughts has no number: its games are written
//! as type 20 with a `Variant` tag, as Damebot's own rules are written as type 29 (Czech).

use crate::draughts::board::Color;
use crate::draughts::variant::notation::Squares;
use crate::draughts::variant::{Notation, RuleSet, RulesChoice};

/// How the result of a game is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultStyle {
    /// `1-0`, `1/2-1/2`, `0-1`.
    Default,
    /// `2-0`, `1-1`, `0-2` (international and Canadian draughts).
    International,
}

/// A game type: the number and its attributes, as the tag spells them out in full.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameType {
    pub number: u32,
    pub first: Color,
    pub size: u32,
    pub notation: Notation,
    /// Square 1's corner as the starting player sees the board (0-3, see the module docs).
    pub corner: u8,
    /// The bottom left corner is not a playing square.
    pub invert: bool,
}

/// The standard entries boardlab plays: (number, rules, full details, result style).
const TABLE: [(u32, RulesChoice, &str, ResultStyle); 12] = [
    (
        20,
        RulesChoice::International,
        "20,W,10,10,N2,0",
        ResultStyle::International,
    ),
    (
        21,
        RulesChoice::English,
        "21,B,8,8,N1,0",
        ResultStyle::Default,
    ),
    (
        22,
        RulesChoice::Italian,
        "22,W,8,8,N2,1",
        ResultStyle::Default,
    ),
    (23, RulesChoice::Pool, "23,B,8,8,N1,0", ResultStyle::Default),
    (
        24,
        RulesChoice::Spanish,
        "24,W,8,8,N1,1",
        ResultStyle::Default,
    ),
    (
        25,
        RulesChoice::Russian,
        "25,W,8,8,A0,0",
        ResultStyle::Default,
    ),
    (
        26,
        RulesChoice::Brazilian,
        "26,W,8,8,A0,0",
        ResultStyle::Default,
    ),
    (
        27,
        RulesChoice::Canadian,
        "27,W,12,12,N2,0",
        ResultStyle::International,
    ),
    (
        29,
        RulesChoice::Czech,
        "29,W,8,8,A0,0",
        ResultStyle::Default,
    ),
    (31, RulesChoice::Thai, "31,B,8,8,N2,0", ResultStyle::Default),
    (
        40,
        RulesChoice::Frisian,
        "40,W,10,10,N2,0",
        ResultStyle::Default,
    ),
    // Killer draughts is international draughts with one rule more; it has no number.
    (
        20,
        RulesChoice::Killer,
        "20,W,10,10,N2,0",
        ResultStyle::International,
    ),
];

impl GameType {
    /// Reads a tag value: a number of the table, or a number with all its attributes.
    pub fn parse(text: &str) -> Result<GameType, String> {
        let fields: Vec<&str> = text.split(',').map(str::trim).collect();
        let shown = super::shown(text);
        let text = shown.as_str();
        let number: u32 = fields[0].parse().map_err(|_| {
            format!("GameType `{text}`: expected a number such as 20, or `20,W,10,10,N2,0`")
        })?;
        if fields.len() == 1 {
            let (_, _, full, _) = TABLE
                .iter()
                .find(|(n, ..)| *n == number)
                .ok_or_else(|| unknown(number))?;
            return GameType::parse(full);
        }
        let bad = || format!("GameType `{text}`: expected NUMBER,W|B,WIDTH,HEIGHT,A|N0-3[,0|1]");
        if !(5..=6).contains(&fields.len()) {
            return Err(bad());
        }
        let first = match fields[1] {
            "W" => Color::White,
            "B" => Color::Black,
            _ => return Err(bad()),
        };
        let size: u32 = fields[2].parse().map_err(|_| bad())?;
        if fields[3] != fields[2] {
            return Err(format!(
                "GameType `{text}`: boardlab plays square boards only"
            ));
        }
        let mut chars = fields[4].chars();
        let notation = match chars.next() {
            Some('A') => Notation::Algebraic,
            Some('N') => Notation::Numeric,
            _ => return Err(bad()),
        };
        let corner = match chars.as_str() {
            "0" => 0,
            "1" => 1,
            "2" => 2,
            "3" => 3,
            _ => return Err(bad()),
        };
        let invert = match fields.get(5) {
            None | Some(&"0") => false,
            Some(&"1") => true,
            _ => return Err(bad()),
        };
        Ok(GameType {
            number,
            first,
            size,
            notation,
            corner,
            invert,
        })
    }

    /// The standard entry of boardlab's rules (Czech's for Damebot's own).
    pub fn standard(rules: RulesChoice) -> GameType {
        let rules = if rules == RulesChoice::Damebot {
            RulesChoice::Czech
        } else {
            rules
        };
        let (_, _, full, _) = TABLE
            .iter()
            .find(|(_, r, ..)| *r == rules)
            .expect("every rule set has an entry");
        GameType::parse(full).expect("the table parses")
    }

    /// The entry describing boardlab's own squares for `rules`: White first, numbers from the
    /// top left or letters from the bottom left.
    pub fn of_boardlab(rules: &RuleSet, number: u32) -> GameType {
        GameType {
            number,
            first: Color::White,
            size: rules.size as u32,
            notation: rules.notation,
            corner: match rules.notation {
                Notation::Numeric => 2,
                Notation::Algebraic => 0,
            },
            invert: rules.mirrored,
        }
    }

    /// The entry boardlab writes for `rules`: the standard one where its squares are named
    /// as boardlab names them, else one describing boardlab's squares under the same number.
    pub fn written(choice: RulesChoice, rules: &RuleSet) -> GameType {
        let standard = GameType::standard(choice);
        if standard.names_like_boardlab(rules) {
            standard
        } else {
            GameType::of_boardlab(rules, standard.number)
        }
    }

    /// The rule sets this number names, the first being the one read when no `Variant` tag
    /// says otherwise.
    pub fn rules(&self) -> Result<Vec<RulesChoice>, String> {
        let found: Vec<RulesChoice> = TABLE
            .iter()
            .filter(|(n, ..)| *n == self.number)
            .map(|(_, r, ..)| *r)
            .collect();
        if found.is_empty() {
            return Err(unknown(self.number));
        }
        Ok(found)
    }

    pub fn result_style(&self) -> ResultStyle {
        TABLE
            .iter()
            .find(|(n, ..)| *n == self.number)
            .map_or(ResultStyle::Default, |(.., style)| *style)
    }

    /// Square 1's corner as White sees the board: the starting player's corner, turned
    /// half round when Black starts.
    fn corner_from_white(&self) -> u8 {
        match self.first {
            Color::White => self.corner,
            Color::Black => 3 - self.corner,
        }
    }

    /// Whether squares are named as boardlab names them for `rules`.
    pub fn names_like_boardlab(&self, rules: &RuleSet) -> bool {
        let own = GameType::of_boardlab(rules, self.number);
        self.notation == own.notation
            && (self.notation == Notation::Algebraic
                || self.corner_from_white() == own.corner_from_white())
    }

    /// The tag's value: the number alone where the standard entry says the same, else in
    /// full.
    pub fn tag(&self) -> String {
        let short = TABLE
            .iter()
            .any(|(n, _, full, _)| *n == self.number && GameType::parse(full).ok() == Some(*self));
        if short {
            return self.number.to_string();
        }
        let letter = match self.notation {
            Notation::Algebraic => 'A',
            Notation::Numeric => 'N',
        };
        format!(
            "{},{},{},{},{letter}{},{}",
            self.number,
            self.first.letter(),
            self.size,
            self.size,
            self.corner,
            u8::from(self.invert)
        )
    }

    /// The layout index of each square number (index 0 unused) on `rules`' board.
    pub fn numbering(&self, rules: &RuleSet) -> Vec<u32> {
        let squares = Squares::new(*rules);
        let n = rules.size as u32;
        let corner = self.corner_from_white();
        let from_top = corner >= 2;
        let from_left = corner == 0 || corner == 2;
        let mut table = vec![0];
        for row in 0..n {
            let rank = if from_top { n - 1 - row } else { row };
            let mut files: Vec<u32> = (0..n).filter(|&f| squares.at(rank, f).is_some()).collect();
            if !from_left {
                files.reverse();
            }
            table.extend(files.iter().map(|&f| squares.at(rank, f).expect("dark")));
        }
        table
    }
}

/// Square names as a record writes them: numbers (in its game type's numbering) or letters.
#[derive(Clone, Debug)]
pub struct SquareNames {
    squares: Squares,
    /// The layout index of each number (index 0 unused).
    numbers: Vec<u32>,
    numeric: bool,
}

impl SquareNames {
    /// The names of `game_type` on `rules`' board. Numbers in a game written with letters
    /// (a FEN tag of a Russian game) are boardlab's, numbered from White's top left.
    pub fn new(rules: &RuleSet, game_type: &GameType) -> SquareNames {
        let numeric = game_type.notation == Notation::Numeric;
        let numbering = if numeric {
            *game_type
        } else {
            GameType {
                notation: Notation::Numeric,
                corner: 2,
                first: Color::White,
                ..*game_type
            }
        };
        SquareNames {
            squares: Squares::new(*rules),
            numbers: numbering.numbering(rules),
            numeric,
        }
    }

    /// The name of layout index `index`.
    pub fn name(&self, index: u32) -> String {
        if self.numeric {
            let at = self.numbers[1..].iter().position(|&i| i == index);
            (at.expect("a square of the board") + 1).to_string()
        } else {
            self.squares.algebraic(index)
        }
    }

    /// The layout index `text` names: a number, or a letter and a rank.
    pub fn parse(&self, text: &str) -> Result<u32, String> {
        match text.parse::<usize>() {
            Ok(number) => self
                .numbers
                .get(number)
                .filter(|_| number > 0)
                .copied()
                .ok_or_else(|| {
                    format!(
                        "square {number} is not on the board (squares are 1-{})",
                        self.numbers.len() - 1
                    )
                }),
            Err(_) => self.squares.parse(&text.to_ascii_lowercase()),
        }
    }
}

fn unknown(number: u32) -> String {
    let known: Vec<String> = TABLE.iter().map(|(n, r, ..)| format!("{n} {r}")).collect();
    format!(
        "GameType {number} is not a game boardlab plays; known: {} (or give --rules)",
        known.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::variant::Variant;

    #[test]
    fn short_tags_expand_to_the_standard_entries_and_unknown_numbers_are_refused() {
        let english = GameType::parse("21").unwrap();
        assert_eq!(english, GameType::parse("21,B,8,8,N1,0").unwrap());
        assert_eq!(english.rules().unwrap(), [RulesChoice::English]);
        assert_eq!(
            GameType::parse("20").unwrap().rules().unwrap(),
            [RulesChoice::International, RulesChoice::Killer]
        );
        let error = GameType::parse("28").unwrap_err();
        assert!(
            error.contains("GameType 28 is not a game") && error.contains("--rules"),
            "{error}"
        );
        assert!(GameType::parse("twenty").is_err());
        assert!(GameType::parse("20,W,10,8,N2,0").is_err());
    }

    #[test]
    fn boardlab_writes_the_short_tag_only_where_its_squares_are_the_standards() {
        let tag = |rules: RulesChoice| {
            let variant = rules.variant().unwrap();
            GameType::written(rules, &variant.rules()).tag()
        };
        assert_eq!(tag(RulesChoice::International), "20");
        assert_eq!(tag(RulesChoice::Czech), "29");
        assert_eq!(tag(RulesChoice::Russian), "25");
        assert_eq!(tag(RulesChoice::Italian), "22");
        assert_eq!(tag(RulesChoice::Frisian), "40");
        assert_eq!(tag(RulesChoice::Canadian), "27");
        assert_eq!(tag(RulesChoice::Brazilian), "26,W,8,8,N2,0");
        assert_eq!(tag(RulesChoice::Spanish), "24,W,8,8,N2,1");
        assert_eq!(tag(RulesChoice::English), "21");
        assert_eq!(tag(RulesChoice::Thai), "31,W,8,8,N2,0");
    }

    #[test]
    fn english_square_one_is_b8_where_black_starts_and_spanish_square_one_is_whites_bottom_right() {
        let english = Variant::English.rules();
        let standard = GameType::parse("21").unwrap();
        assert!(standard.names_like_boardlab(&english));
        let squares = Squares::new(english);
        let table = standard.numbering(&english);
        assert_eq!(squares.algebraic(table[1]), "b8");
        assert_eq!(squares.algebraic(table[32]), "g1");
        let spanish = Variant::Spanish.rules();
        let standard = GameType::parse("24").unwrap();
        assert!(!standard.names_like_boardlab(&spanish));
        let table = standard.numbering(&spanish);
        // A light a1: White's bottom right, h1, is dark and square 1.
        assert_eq!(Squares::new(spanish).algebraic(table[1]), "h1");
        assert_eq!(Squares::new(spanish).number(table[1]), 32);
    }
}
