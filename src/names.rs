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
                        format!("unknown {} '{text}'; use one of: {}", $what, names.join(", "))
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
