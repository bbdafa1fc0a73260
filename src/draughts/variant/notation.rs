//! Squares, positions and moves as the players of each rule set write them.
//!
//! **Squares.** Numbered (PDN): 1 is the leftmost dark square of the top row as White sees the
//! board, numbering goes left to right and row by row downwards (on 10×10, 1 = b10, 46 = a1,
//! 50 = i1; White starts on 31–50). Algebraic: file letter and rank, a1 at White's lower
//! left (Czech and Russian). A mirrored board (Spanish, Italian) is the normal one seen in a
//! mirror: its dark squares are those with a light a1, and the generator's layout file f is
//! shown as file N−1−f, so that numbers and letters are the players' own.
//!
//! **Positions** in PDN's FEN: `W:W31-50:B1-20` — the side to move, then each side's squares,
//! `K` before a king, ranges `a-b` of numbers allowed. Written with the rule set's squares,
//! one by one in ascending number (or layout) order, so that a written position has one text.
//!
//! **Moves**: `32-28` for a step, `19x28` for a capture (Czech and Russian `c3:e5`, Thai
//! `13-22`), the landing squares in between written where two captures share start and end.

use super::layout::{Board8, Board10, Board12, Layout};
use super::{Engine, Notation, Position, RuleSet, VariantMove};
use crate::draughts::board::Color;

/// The (rank, file) of layout index `index` on a board of side `n`, as the generator lays it.
fn coords(n: u32, index: u32) -> (u32, u32) {
    match n {
        8 => Board8::coords(index),
        10 => Board10::coords(index),
        _ => Board12::coords(index),
    }
}

fn index(n: u32, rank: u32, file: u32) -> u32 {
    match n {
        8 => Board8::index(rank, file),
        10 => Board10::index(rank, file),
        _ => Board12::index(rank, file),
    }
}

/// The squares of a rule set's board, with their names.
#[derive(Clone, Copy, Debug)]
pub struct Squares {
    rules: RuleSet,
}

impl Squares {
    pub fn new(rules: RuleSet) -> Squares {
        Squares { rules }
    }

    fn n(&self) -> u32 {
        self.rules.size as u32
    }

    /// The file a player sees for the layout's `file`.
    fn shown_file(&self, file: u32) -> u32 {
        if self.rules.mirrored {
            self.n() - 1 - file
        } else {
            file
        }
    }

    /// The (rank, file) a player sees, 0-based, of a layout index.
    pub fn shown(&self, index: u32) -> (u32, u32) {
        let (rank, file) = coords(self.n(), index);
        (rank, self.shown_file(file))
    }

    /// The layout index of the square a player sees at (rank, file), if it is dark.
    pub fn at(&self, rank: u32, file: u32) -> Option<u32> {
        let n = self.n();
        if rank >= n || file >= n {
            return None;
        }
        let file = self.shown_file(file);
        (rank + file)
            .is_multiple_of(2)
            .then(|| index(n, rank, file))
    }

    /// The square's PDN number.
    pub fn number(&self, index: u32) -> u32 {
        let (rank, file) = self.shown(index);
        (self.n() - 1 - rank) * (self.n() / 2) + file / 2 + 1
    }

    /// Hands `each` the squares of `set` (layout indices) in the order of their numbers:
    /// rank by rank from the top, each rank's squares in the order a player sees them. A
    /// rank's dark squares are consecutive indices in the layout, leftmost first (rightmost
    /// on a mirrored board).
    pub fn for_each_in_number_order(&self, set: u128, mut each: impl FnMut(u32)) {
        let n = self.n();
        let per_rank = n / 2;
        for rank in (0..n).rev() {
            let first = index(n, rank, rank % 2);
            let mut row = (set >> first) & ((1u128 << per_rank) - 1);
            while row != 0 {
                let offset = if self.rules.mirrored {
                    127 - row.leading_zeros()
                } else {
                    row.trailing_zeros()
                };
                row &= !(1u128 << offset);
                each(first + offset);
            }
        }
    }

    /// The layout index of square number `number` (1-based), if there is one.
    pub fn of_number(&self, number: u32) -> Option<u32> {
        if number == 0 || number > self.rules.squares() {
            return None;
        }
        let per_row = self.n() / 2;
        let rank = self.n() - 1 - (number - 1) / per_row;
        let column = (number - 1) % per_row;
        // In a row the dark squares shown are the even files or the odd ones.
        (0..2)
            .map(|offset| 2 * column + offset)
            .find_map(|file| self.at(rank, file))
    }

    /// The square's algebraic name, e.g. `c3`.
    pub fn algebraic(&self, index: u32) -> String {
        let mut name = String::with_capacity(3);
        self.push_algebraic(index, &mut name);
        name
    }

    /// Appends the square's algebraic name to `out`.
    fn push_algebraic(&self, index: u32, out: &mut String) {
        let (rank, file) = self.shown(index);
        out.push(char::from(b'a' + file as u8));
        push_number(out, rank + 1);
    }

    /// The square's name in the rule set's notation.
    pub fn name(&self, index: u32) -> String {
        let mut name = String::with_capacity(3);
        self.push_name(index, &mut name);
        name
    }

    /// Appends the square's name in the rule set's notation to `out` (no allocation of its
    /// own: positions are written square by square on every ply of a replay).
    pub fn push_name(&self, index: u32, out: &mut String) {
        match self.rules.notation {
            Notation::Algebraic => self.push_algebraic(index, out),
            Notation::Numeric => push_number(out, self.number(index)),
        }
    }

    /// The square `text` names: a number 1..=N²/2 or an algebraic name of a dark square.
    pub fn parse(&self, text: &str) -> Result<u32, String> {
        let text = text.trim();
        let squares = self.rules.squares();
        let last_file = (b'a' + self.rules.size - 1) as char;
        if let Ok(number) = text.parse::<u32>() {
            return self.of_number(number).ok_or_else(|| {
                format!(
                    "square {number} is not on the {} board (squares are 1-{squares})",
                    self.rules.variant
                )
            });
        }
        let mut chars = text.chars();
        let file = chars.next().map(|c| c.to_ascii_lowercase());
        let rank: Option<u32> = chars.as_str().parse().ok();
        match (file, rank) {
            (Some(file @ 'a'..='z'), Some(rank))
                if file <= last_file && (1..=self.n()).contains(&rank) =>
            {
                self.at(rank - 1, file as u32 - 'a' as u32).ok_or_else(|| {
                    format!("`{text}` is a light square; draughts is played on the dark squares")
                })
            }
            _ => Err(format!(
                "`{}` is not a square of the {} board (a number 1-{squares} or a1-{last_file}{})",
                crate::names::shown(text),
                self.rules.variant,
                self.rules.size
            )),
        }
    }

    /// Every layout index of the board, in ascending square number.
    pub fn all(&self) -> Vec<u32> {
        (1..=self.rules.squares())
            .map(|number| self.of_number(number).expect("every number names a square"))
            .collect()
    }
}

/// Appends the decimal digits of `n` to `out`: the text of `n.to_string()`, digit by digit
/// for the one- and two-digit numbers of every square name.
fn push_number(out: &mut String, n: u32) {
    match n {
        0..10 => out.push(char::from(b'0' + n as u8)),
        10..100 => {
            out.push(char::from(b'0' + (n / 10) as u8));
            out.push(char::from(b'0' + (n % 10) as u8));
        }
        _ => {
            use std::fmt::Write;
            write!(out, "{n}").expect("a String takes any text");
        }
    }
}

/// The position as PDN FEN in the rule set's notation, e.g. `W:W31,32,K45:B1,2`: the
/// squares of each side in the order of their numbers, kings marked `K`.
pub fn to_fen(rules: &RuleSet, position: &Position) -> String {
    let squares = Squares::new(*rules);
    let pieces = (position.white | position.black).count_ones() as usize;
    let mut fen = String::with_capacity(16 + 4 * pieces);
    fen.push(position.side.letter());
    for (label, set) in [(":W", position.white), (":B", position.black)] {
        fen.push_str(label);
        let mut first = true;
        squares.for_each_in_number_order(set, |at| {
            if !first {
                fen.push(',');
            }
            first = false;
            if position.kings >> at & 1 == 1 {
                fen.push('K');
            }
            squares.push_name(at, &mut fen);
        });
    }
    fen
}

/// Reads a position in PDN FEN (`W:W31-50:B1-20`, `B:WK4,18:B12`; numbers, ranges of
/// numbers, or algebraic squares; an optional final `.`). Refuses, in one line, text that is
/// no position, squares off this board, a square given twice, a man on the row where it would
/// have been crowned, and more pieces than a side starts with.
pub fn parse_fen(rules: &RuleSet, text: &str) -> Result<Position, String> {
    let body = text.trim();
    let body = body.strip_suffix('.').unwrap_or(body);
    let fields: Vec<&str> = body.split(':').collect();
    if fields.len() != 3 {
        return Err(format!(
            "position `{}`: expected three fields `SIDE:Wsquares:Bsquares`, e.g. `W:W31-50:B1-20`",
            crate::names::shown(body)
        ));
    }
    let side = match fields[0].trim() {
        "W" | "w" => Color::White,
        "B" | "b" => Color::Black,
        other => {
            return Err(format!(
                "position: side to move `{}` is not W or B",
                crate::names::shown(other)
            ));
        }
    };
    let squares = Squares::new(*rules);
    let mut position = Position::new(0, 0, 0, side);
    let mut seen = [false; 2];
    for field in &fields[1..] {
        let field = field.trim();
        let color = match field.chars().next() {
            Some('W' | 'w') => Color::White,
            Some('B' | 'b') => Color::Black,
            _ => {
                return Err(format!(
                    "position: piece list `{}` must start with W or B",
                    crate::names::shown(field)
                ));
            }
        };
        if std::mem::replace(&mut seen[color as usize], true) {
            return Err(format!("position: two lists for {color:?}"));
        }
        for item in field[1..]
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            let (king, name) = match item.strip_prefix(['K', 'k']) {
                Some(rest) => (true, rest),
                None => (false, item),
            };
            for_each_in_range(&squares, name, |at| {
                let bit = 1u128 << at;
                if (position.white | position.black) & bit != 0 {
                    return Err(format!(
                        "position: square {} is given twice",
                        squares.name(at)
                    ));
                }
                match color {
                    Color::White => position.white |= bit,
                    Color::Black => position.black |= bit,
                }
                if king {
                    position.kings |= bit;
                }
                Ok(())
            })?;
        }
    }
    check_possible(rules, &position)?;
    Ok(position)
}

/// Hands `each` the squares of one list item in order: a square, or a range `a-b` of
/// numbers; stops at the first error.
fn for_each_in_range(
    squares: &Squares,
    name: &str,
    mut each: impl FnMut(u32) -> Result<(), String>,
) -> Result<(), String> {
    match name.split_once('-') {
        Some((low, high)) => {
            let number = |text: &str| -> Result<u32, String> {
                let at = squares.parse(text)?;
                Ok(squares.number(at))
            };
            let (low, high) = (number(low)?, number(high)?);
            if low > high {
                return Err(format!(
                    "position: range {} runs backwards; write {high}-{low}",
                    crate::names::shown(name)
                ));
            }
            (low..=high).try_for_each(|n| each(squares.of_number(n).expect("in range")))
        }
        None => each(squares.parse(name)?),
    }
}

/// Refuses positions no game can reach: a man on its far row, or more pieces than a side
/// starts with on this board.
fn check_possible(rules: &RuleSet, position: &Position) -> Result<(), String> {
    let squares = Squares::new(*rules);
    let n = rules.size as u32;
    for color in [Color::White, Color::Black] {
        let pieces = position.pieces(color);
        let far = match color {
            Color::White => n - 1,
            Color::Black => 0,
        };
        let far_row = (0..n)
            .filter_map(|file| squares.at(far, file))
            .fold(0u128, |row, at| row | 1 << at);
        // The first man there in the order of the numbers is named.
        let mut crowned = None;
        squares.for_each_in_number_order(pieces & !position.kings & far_row, |at| {
            crowned.get_or_insert(at);
        });
        if let Some(at) = crowned {
            return Err(format!(
                "position: a {color:?} man on {}, its far row, would have been crowned; write K{}",
                squares.name(at),
                squares.name(at)
            ));
        }
        // The most men a side has at the start of a game on this board (Thai's two rows
        // aside: its published perft counts start from the usual three).
        let most = (n / 2) * (n / 2 - 1);
        let count = pieces.count_ones();
        if count > most {
            return Err(format!(
                "position: {count} {color:?} pieces; a side has at most {most} on the {n}x{n} board"
            ));
        }
    }
    Ok(())
}

/// The move as its players write it: start and end (`32-28`, `19x28`), with every landing
/// square where another legal move (of `legal`) shares its start and end.
pub fn move_text(rules: &RuleSet, mv: &VariantMove, legal: &[VariantMove]) -> String {
    let squares = Squares::new(*rules);
    if !mv.is_capture() {
        return format!("{}-{}", squares.name(mv.from()), squares.name(mv.to()));
    }
    let separator = rules.capture_separator.to_string();
    let twins = legal
        .iter()
        .filter(|other| other.is_capture() && other.from() == mv.from() && other.to() == mv.to())
        .count();
    let mut names = vec![squares.name(mv.from())];
    if twins > 1 {
        names.extend(mv.landings().iter().map(|&i| squares.name(i as u32)));
    } else {
        names.push(squares.name(mv.to()));
    }
    names.join(&separator)
}

/// The legal move `text` names: its start, its end, and any landing squares between, in
/// order (`19x28`, `19x37x28`, `c3:e5`); separators `-`, `x` and `:` are all read.
pub fn parse_move(engine: &Engine, position: &Position, text: &str) -> Result<VariantMove, String> {
    let rules = engine.rules();
    let squares = Squares::new(*rules);
    let mut legal = Vec::new();
    engine.legal_moves(position, &mut legal);
    let texts = || -> String {
        legal
            .iter()
            .map(|mv| move_text(rules, mv, &legal))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let named: Vec<u32> = text
        .trim()
        .split(['-', 'x', 'X', ':'])
        .map(|part| {
            squares
                .parse(part)
                .map_err(|e| format!("move `{}`: {e}", text.trim()))
        })
        .collect::<Result<_, _>>()?;
    if named.len() < 2 {
        return Err(format!(
            "move `{}`: write the start and end squares, e.g. {}",
            text.trim(),
            legal
                .first()
                .map(|mv| move_text(rules, mv, &legal))
                .unwrap_or_default()
        ));
    }
    let fits = |mv: &VariantMove| -> bool {
        let landings: Vec<u32> = mv.landings().iter().map(|&i| i as u32).collect();
        if mv.from() != named[0] || mv.to() != *named.last().expect("two squares") {
            return false;
        }
        let mut rest = landings.iter();
        named[1..].iter().all(|square| rest.any(|l| l == square))
    };
    let matching: Vec<&VariantMove> = legal.iter().filter(|mv| fits(mv)).collect();
    match matching.as_slice() {
        [one] => Ok(**one),
        [] => Err(format!(
            "`{}` is not a legal move here; the legal moves are {}",
            text.trim(),
            texts()
        )),
        _ => Err(format!(
            "`{}` names {} captures; add the landing squares between, e.g. {}",
            text.trim(),
            matching.len(),
            move_text(rules, matching[0], &legal)
        )),
    }
}

/// The position after playing `texts` in turn from `start` (each as [`parse_move`] reads it);
/// an illegal move is an error naming it and the position it was tried in.
pub fn play_moves(engine: &Engine, start: &Position, texts: &[&str]) -> Result<Position, String> {
    texts.iter().try_fold(*start, |position, text| {
        let mv = parse_move(engine, &position, text)
            .map_err(|e| format!("{e} (in {})", to_fen(engine.rules(), &position)))?;
        Ok(engine.play(&position, &mv))
    })
}

/// The legal moves of `position` as the players write them, each with the squares it takes
/// (in square order).
pub fn listing(engine: &Engine, position: &Position) -> Vec<(String, Vec<String>)> {
    let rules = engine.rules();
    let squares = Squares::new(*rules);
    let mut legal = Vec::new();
    engine.legal_moves(position, &mut legal);
    legal
        .iter()
        .map(|mv| {
            let taken = squares
                .all()
                .into_iter()
                .filter(|&i| mv.captured() >> i & 1 == 1)
                .map(|i| squares.name(i))
                .collect();
            (move_text(rules, mv, &legal), taken)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::variant::Variant;

    fn set_of(squares: &[u32]) -> u128 {
        squares.iter().fold(0, |set, &at| set | 1 << at)
    }

    fn in_number_order(squares: &Squares, set: u128) -> Vec<u32> {
        let mut seen = Vec::new();
        squares.for_each_in_number_order(set, |at| seen.push(at));
        seen
    }

    #[test]
    fn squares_come_in_the_order_of_their_numbers_on_every_board() {
        for variant in Variant::ALL {
            let squares = Squares::new(variant.rules());
            // `all` goes number by number through `of_number`.
            let all = squares.all();
            assert_eq!(in_number_order(&squares, set_of(&all)), all, "{variant:?}");
            for step in [2, 3, 7] {
                let some: Vec<u32> = all.iter().copied().step_by(step).collect();
                assert_eq!(
                    in_number_order(&squares, set_of(&some)),
                    some,
                    "{variant:?}"
                );
            }
        }
    }

    #[test]
    fn a_fen_lists_each_side_number_by_number_with_its_kings_marked() {
        for variant in Variant::ALL {
            let rules = variant.rules();
            let squares = Squares::new(rules);
            let per_rank = u32::from(rules.size) / 2;
            let mut position = Position::new(0, 0, 0, Color::Black);
            // The plain listing: every number in turn, kings marked. A third of the squares
            // for each side (no more than a side may have), kings on the rows where a man
            // would have been crowned.
            let (mut white, mut black) = (Vec::new(), Vec::new());
            for (number, at) in (1..).zip(squares.all()) {
                let bit = 1u128 << at;
                let (is_white, king) = match number % 6 {
                    1 => (true, number <= per_rank),
                    2 => (false, number > rules.squares() - per_rank),
                    3 => (true, true),
                    4 => (false, true),
                    _ => continue,
                };
                let name = format!("{}{}", if king { "K" } else { "" }, squares.name(at));
                if is_white {
                    position.white |= bit;
                    white.push(name);
                } else {
                    position.black |= bit;
                    black.push(name);
                }
                if king {
                    position.kings |= bit;
                }
            }
            let plain = format!("B:W{}:B{}", white.join(","), black.join(","));
            assert_eq!(to_fen(&rules, &position), plain, "{variant:?}");
            let read = parse_fen(&rules, &plain).map(|p| (p.white, p.black, p.kings));
            let pieces = (position.white, position.black, position.kings);
            assert_eq!(read, Ok(pieces), "{variant:?}");
        }
    }
}
