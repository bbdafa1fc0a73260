//! Enums with a fixed set of names, as specs, data files and the command line write them:
//! [`named_enum!`] gives a fieldless enum its list of values (`ALL`), each value's name, and
//! `Display` and `FromStr` by that name, so the library needs no argument parser to be read
//! from text (the command line offers the same names, with their help, in `cli`). And
//! [`counted`], a count with its noun in the right number, and [`shown`], outside input as an
//! error quotes it.

/// Implements `ALL`, `name()`, `Display` and `FromStr` (an error listing the names) for a
/// fieldless enum: `named_enum!(Rules, "rules", { Czech => "czech", English => "english" });`.
macro_rules! named_enum {
    ($type:ident, $what:literal, { $($variant:ident => $name:literal),+ $(,)? }) => {
        impl $type {
            /// Every value, in the order the names are listed.
            pub const ALL: &'static [$type] = &[$($type::$variant),+];

            /// The value's name in specs, data files and on the command line.
            pub fn name(self) -> &'static str {
                match self {
                    $($type::$variant => $name),+
                }
            }
        }

        impl std::fmt::Display for $type {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl std::str::FromStr for $type {
            type Err = String;

            fn from_str(text: &str) -> Result<$type, String> {
                $type::ALL
                    .iter()
                    .copied()
                    .find(|value| value.name() == text.trim())
                    .ok_or_else(|| {
                        let names: Vec<&str> = $type::ALL.iter().map(|v| v.name()).collect();
                        format!(
                            "unknown {} '{}'; use one of: {}",
                            $what,
                            $crate::names::quoted(text),
                            names.join(", ")
                        )
                    })
            }
        }
    };
}

pub(crate) use named_enum;

/// A count with its noun in the right number: `1 move`, `2 moves`, `0 moves`.
pub fn counted(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// The longest part of the input an error quotes, in characters.
const SHOWN_CHARS: usize = 40;

/// Input as an error quotes it: control characters and the characters that reorder text
/// written out as escapes (`\u{1b}`, `\u{a}`), so that a file cannot write terminal commands
/// or line breaks into the one-line message, and cut to its first 40 characters with `…`,
/// so that a huge word is not quoted whole.
pub fn shown(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == SHOWN_CHARS {
            out.push('…');
            break;
        }
        push_escaped(&mut out, c);
    }
    out
}

/// The longest quote [`quotes_shown`] keeps whole: longer than any a message writes itself (a
/// command, a list of names), shorter than input pasted whole.
const QUOTE_CHARS: usize = 200;

/// `message` with each part between a pair of backticks (the way boardlab's messages and
/// toml's quote input) escaped as [`shown`] escapes it, and cut short past [`QUOTE_CHARS`]
/// characters: a message that quotes a huge piece of input stays short.
pub fn quotes_shown(message: &str) -> String {
    let parts: Vec<&str> = message.split('`').collect();
    let mut out = String::with_capacity(message.len());
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            out.push('`');
        }
        // An odd part is quoted when a backtick closes it.
        if i % 2 == 1 && i + 1 < parts.len() {
            out.push_str(&quoted(part));
        } else {
            out.push_str(part);
        }
    }
    out
}

/// A piece of input as a message quotes it: escaped as [`shown`] escapes it, whole up to
/// [`QUOTE_CHARS`] characters (a long queue or path is kept), cut short past them.
pub fn quoted(text: &str) -> String {
    let mut out = String::new();
    for (n, c) in text.chars().enumerate() {
        if n == QUOTE_CHARS {
            out.push('…');
            break;
        }
        push_escaped(&mut out, c);
    }
    out
}

/// `text` with every word (a run of characters without white space) longer than
/// [`QUOTE_CHARS`] cut short with `…`: for messages about a spec or a message of another
/// program, which quote their input in many ways, none of whose own words is so long.
pub fn long_words_cut(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(4 * QUOTE_CHARS));
    let mut word = 0;
    for c in text.chars() {
        word = if c.is_whitespace() { 0 } else { word + 1 };
        if word <= QUOTE_CHARS {
            out.push(c);
        } else if word == QUOTE_CHARS + 1 {
            out.push('…');
        }
    }
    out
}

/// A message as one line of plain text: [`shown`]'s escapes, nothing cut. The last guard
/// of every error the command prints, whatever input a message quotes.
pub fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.trim_end().chars() {
        push_escaped(&mut out, c);
    }
    out
}

fn push_escaped(out: &mut String, c: char) {
    let reorders =
        matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    if c.is_control() || reorders {
        out.extend(c.escape_unicode());
    } else {
        out.push(c);
    }
}

#[cfg(test)]
mod quote_tests {
    use super::*;

    #[test]
    fn long_quotes_are_cut_and_the_words_around_them_kept() {
        let long = "ab".repeat(500);
        let message = format!("unknown field `{long}`, expected `name` or `seed`");
        let shown = quotes_shown(&message);
        assert_eq!(
            shown,
            format!(
                "unknown field `{}…`, expected `name` or `seed`",
                &long[..QUOTE_CHARS]
            )
        );
        let words = format!("unknown puzzle \"{}\"; use chess-memory", "k".repeat(300));
        let cut = long_words_cut(&words);
        assert_eq!(
            cut,
            format!("unknown puzzle \"{}… use chess-memory", "k".repeat(199)),
            "the rest of a long word is dropped, the words after it kept"
        );
        let command = format!("run `boardlab run {}`", "x".repeat(150));
        assert_eq!(quotes_shown(&command), command, "a command is kept whole");
        // A backtick that nothing closes quotes nothing.
        assert_eq!(quotes_shown("a `b` c `d"), "a `b` c `d");
    }
}

#[cfg(test)]
mod tests {
    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Shape {
        Round,
        Square,
    }
    named_enum!(Shape, "shape", { Round => "round", Square => "square" });

    #[test]
    fn a_count_takes_the_singular_only_for_one() {
        assert_eq!(
            super::counted(1, "legal move", "legal moves"),
            "1 legal move"
        );
        assert_eq!(super::counted(0, "ply", "plies"), "0 plies");
        assert_eq!(super::counted(65, "ply", "plies"), "65 plies");
    }

    #[test]
    fn names_print_and_read_back_and_unknown_ones_list_the_names() {
        for &shape in Shape::ALL {
            assert_eq!(shape.to_string().parse::<Shape>(), Ok(shape));
        }
        assert_eq!(
            "oval".parse::<Shape>(),
            Err("unknown shape 'oval'; use one of: round, square".to_string())
        );
    }
}
