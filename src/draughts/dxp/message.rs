//! One DamExchange message: its fields, how it is written and read, and how messages are
//! framed on the connection.
//!
//! A message is ASCII text ended by a NUL byte; its first character names it and fixed-width
//! decimal fields follow (DamExchange protocol version 1, as Moby Dam's `main/dxp.c` and the
//! DXP tournament programs write it):
//!
//! | header | message | fields |
//! |---|---|---|
//! | `R` | game request | version `01`, initiator's name (32 characters), the colour the follower plays (`W` or `Z`), thinking time in minutes (3 digits), moves in that time (3), `A` (the start) or `B` and a position |
//! | `A` | game accept | follower's name (32), acceptance code (1: 0 accepted, else refused) |
//! | `M` | move | seconds used (4), from (2), to (2), captured count (2), captured squares (2 each) |
//! | `E` | game end | reason (1: 0 unknown, 1 I lose, 2 draw, 3 I win), stop code (1: 1 no more games) |
//! | `C` | chat | free text |
//! | `B` | take-back request | move number (3), colour (`W` or `Z`) |
//! | `K` | take-back accept | acceptance code (1) |
//!
//! A position is the side to move (`W` or `Z`) and 50 squares in PDN order, each `e`, `w`,
//! `z`, `W` or `Z` (empty, white man, black man, white king, black king). Squares are
//! international draughts' 1–50: DXP plays that game only.

use crate::draughts::board::Color;
use std::io::{self, BufRead, Read};

/// The longest message read, its NUL excluded: a move that captures every piece on the
/// board is 11 + 2 × 20 characters, a game request with a position 94; chat is cut to this.
pub const MAX_MESSAGE: usize = 1024;

/// The width of a name in a game request or accept.
const NAME_WIDTH: usize = 32;

/// The squares of a position: international draughts' 50.
pub const SQUARES: usize = 50;

/// A position as a game request carries it: the side to move and each square's piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub side: Color,
    /// Square 1 first: `e`, `w`, `z`, `W` or `Z`.
    pub squares: String,
}

/// A DamExchange message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    GameRequest {
        name: String,
        /// The colour the follower (the engine asked) plays.
        follower: Color,
        minutes: u32,
        moves: u32,
        /// `None`: the start position, white to move.
        setup: Option<Setup>,
    },
    GameAccept {
        name: String,
        code: u8,
    },
    Move {
        seconds: u32,
        from: u32,
        to: u32,
        captured: Vec<u32>,
    },
    GameEnd {
        reason: u8,
        stop: u8,
    },
    Chat(String),
    BackRequest {
        move_number: u32,
        side: Color,
    },
    BackAccept {
        code: u8,
    },
}

fn colour_char(colour: Color) -> char {
    match colour {
        Color::White => 'W',
        Color::Black => 'Z',
    }
}

fn colour_of(c: char, what: &str) -> Result<Color, String> {
    match c {
        'W' => Ok(Color::White),
        'Z' => Ok(Color::Black),
        other => Err(format!(
            "{what} `{}` is not W or Z",
            crate::names::shown(&other.to_string())
        )),
    }
}

/// `value` in `width` digits, zero-padded; the largest that fits where it is larger.
fn digits(value: u32, width: usize) -> String {
    let largest = 10u32.saturating_pow(width as u32).saturating_sub(1);
    format!("{:0width$}", value.min(largest))
}

/// A name padded with blanks to the field's width, or cut to it.
fn padded(name: &str) -> String {
    let name: String = name
        .chars()
        .filter(|c| c.is_ascii_graphic() || *c == ' ')
        .take(NAME_WIDTH)
        .collect();
    format!("{name:NAME_WIDTH$}")
}

impl Message {
    /// The message's text, without its NUL.
    pub fn encode(&self) -> String {
        match self {
            Message::GameRequest {
                name,
                follower,
                minutes,
                moves,
                setup,
            } => {
                let start = match setup {
                    None => "A".to_string(),
                    Some(setup) => format!("B{}{}", colour_char(setup.side), setup.squares),
                };
                format!(
                    "R01{}{}{}{}{start}",
                    padded(name),
                    colour_char(*follower),
                    digits(*minutes, 3),
                    digits(*moves, 3)
                )
            }
            Message::GameAccept { name, code } => format!("A{}{}", padded(name), code % 10),
            Message::Move {
                seconds,
                from,
                to,
                captured,
            } => {
                let mut text = format!(
                    "M{}{}{}{}",
                    digits(*seconds, 4),
                    digits(*from, 2),
                    digits(*to, 2),
                    digits(captured.len() as u32, 2)
                );
                for square in captured {
                    text.push_str(&digits(*square, 2));
                }
                text
            }
            Message::GameEnd { reason, stop } => format!("E{}{}", reason % 10, stop % 10),
            Message::Chat(text) => {
                let text: String = text.chars().filter(|&c| c != '\0').collect();
                format!("C{text}")
            }
            Message::BackRequest { move_number, side } => {
                format!("B{}{}", digits(*move_number, 3), colour_char(*side))
            }
            Message::BackAccept { code } => format!("K{}", code % 10),
        }
    }

    /// Reads a message's text (its NUL removed); the error names the field that is wrong.
    pub fn parse(text: &str) -> Result<Message, String> {
        if !text.is_ascii() {
            return Err("a message that is not ASCII text".to_string());
        }
        let field = |from: usize, width: usize, what: &str| -> Result<&str, String> {
            text.get(from..from + width).ok_or_else(|| {
                format!(
                    "`{}` is too short for its {what}",
                    crate::names::quoted(text)
                )
            })
        };
        let number = |from: usize, width: usize, what: &str| -> Result<u32, String> {
            let digits = field(from, width, what)?;
            let trimmed = digits.trim();
            if trimmed.is_empty() || !trimmed.bytes().all(|b| b.is_ascii_digit()) {
                return Err(format!(
                    "`{}`: the {what} `{}` is not a number",
                    crate::names::quoted(text),
                    crate::names::shown(digits)
                ));
            }
            Ok(trimmed.parse().expect("digits only"))
        };
        let char_at = |at: usize, what: &str| -> Result<char, String> {
            field(at, 1, what).map(|c| c.as_bytes()[0] as char)
        };
        match text.as_bytes().first() {
            Some(b'R') => {
                let follower = colour_of(char_at(35, "colour")?, "the follower's colour")?;
                let setup = match char_at(42, "start")? {
                    'A' => None,
                    'B' => {
                        let side = colour_of(char_at(43, "side to move")?, "the side to move")?;
                        let squares = field(44, SQUARES, "position")?;
                        if let Some(bad) = squares.chars().find(|c| !"ewzWZ".contains(*c)) {
                            return Err(format!(
                                "game request: a square holds `{}`; use e, w, z, W or Z",
                                crate::names::shown(&bad.to_string())
                            ));
                        }
                        Some(Setup {
                            side,
                            squares: squares.to_string(),
                        })
                    }
                    other => {
                        return Err(format!(
                            "game request: the start `{}` is not A or B",
                            crate::names::shown(&other.to_string())
                        ));
                    }
                };
                Ok(Message::GameRequest {
                    name: field(3, NAME_WIDTH, "name")?.trim_end().to_string(),
                    follower,
                    minutes: number(36, 3, "thinking time")?,
                    moves: number(39, 3, "number of moves")?,
                    setup,
                })
            }
            Some(b'A') => Ok(Message::GameAccept {
                name: field(1, NAME_WIDTH, "name")?.trim_end().to_string(),
                code: number(33, 1, "acceptance code")? as u8,
            }),
            Some(b'M') => {
                let seconds = number(1, 4, "time")?;
                let from = number(5, 2, "from square")?;
                let to = number(7, 2, "to square")?;
                let count = number(9, 2, "number of captures")? as usize;
                let captured = (0..count)
                    .map(|i| number(11 + 2 * i, 2, "captured square"))
                    .collect::<Result<Vec<u32>, String>>()?;
                Ok(Message::Move {
                    seconds,
                    from,
                    to,
                    captured,
                })
            }
            Some(b'E') => Ok(Message::GameEnd {
                reason: number(1, 1, "reason")? as u8,
                stop: number(2, 1, "stop code")? as u8,
            }),
            Some(b'C') => Ok(Message::Chat(text[1..].to_string())),
            Some(b'B') => Ok(Message::BackRequest {
                move_number: number(1, 3, "move number")?,
                side: colour_of(char_at(4, "colour")?, "the colour")?,
            }),
            Some(b'K') => Ok(Message::BackAccept {
                code: number(1, 1, "acceptance code")? as u8,
            }),
            Some(_) => Err(format!(
                "`{}` is no DXP message (R, A, M, E, C, B or K)",
                crate::names::quoted(text)
            )),
            None => Err("an empty message".to_string()),
        }
    }
}

/// What [`read_message`] read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Incoming {
    /// A message's text, its NUL removed.
    Text(String),
    /// A message longer than [`MAX_MESSAGE`] or not ASCII: garbage.
    Garbage(&'static str),
    /// The connection was closed.
    Closed,
}

/// Reads one NUL-ended message from `input`, a byte at a time from its buffer; what is
/// longer than [`MAX_MESSAGE`] is garbage (read no further).
pub fn read_message(input: &mut impl io::BufRead) -> io::Result<Incoming> {
    let mut bytes = Vec::new();
    let read = (&mut *input)
        .take(MAX_MESSAGE as u64 + 1)
        .read_until(0, &mut bytes)?;
    if read == 0 {
        return Ok(Incoming::Closed);
    }
    if bytes.last() != Some(&0) {
        return Ok(match bytes.len() > MAX_MESSAGE {
            true => Incoming::Garbage("a message longer than 1,024 bytes"),
            false => Incoming::Closed,
        });
    }
    bytes.pop();
    match String::from_utf8(bytes) {
        Ok(text) if text.is_ascii() => Ok(Incoming::Text(text)),
        _ => Ok(Incoming::Garbage("a message that is not ASCII text")),
    }
}

/// Writes `message` and its NUL.
pub fn write_message(output: &mut impl io::Write, message: &Message) -> io::Result<()> {
    let mut bytes = message.encode().into_bytes();
    bytes.push(0);
    output.write_all(&bytes)?;
    output.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moby_dams_messages_read_as_its_dxp_c_writes_them() {
        // Moby Dam's accept: its name padded to 32, then the code.
        let accept = format!("A{:32}0", "MobyDam");
        assert_eq!(
            Message::parse(&accept).unwrap(),
            Message::GameAccept {
                name: "MobyDam".into(),
                code: 0
            }
        );
        // A capture of two pieces after 3 seconds: 2 digits a square.
        assert_eq!(
            Message::parse("M00033228021923").unwrap(),
            Message::Move {
                seconds: 3,
                from: 32,
                to: 28,
                captured: vec![19, 23]
            }
        );
        assert_eq!(
            Message::parse("E01").unwrap(),
            Message::GameEnd { reason: 0, stop: 1 }
        );
        assert_eq!(
            Message::parse("Cconsole depth 4").unwrap(),
            Message::Chat("console depth 4".into())
        );
    }

    #[test]
    fn every_message_reads_back_as_written_at_the_offsets_moby_dam_reads() {
        let squares = "z".repeat(20) + &"e".repeat(10) + &"w".repeat(20);
        let request = Message::GameRequest {
            name: "boardlab".into(),
            follower: Color::Black,
            minutes: 5,
            moves: 75,
            setup: Some(Setup {
                side: Color::White,
                squares: squares.clone(),
            }),
        };
        let text = request.encode();
        // The offsets of Moby Dam's `rcv_gamereq`: the colour at 35, the time at 36, the
        // moves at 39, the start at 42, the side at 43, square 1 at 44.
        assert_eq!(text.len(), 94);
        assert_eq!(&text[35..36], "Z");
        assert_eq!(&text[36..39], "005");
        assert_eq!(&text[39..42], "075");
        assert_eq!(&text[42..44], "BW");
        assert_eq!(&text[44..], squares);
        for message in [
            request,
            Message::GameRequest {
                name: "x".into(),
                follower: Color::White,
                minutes: 999,
                moves: 0,
                setup: None,
            },
            Message::GameAccept {
                name: "boardlab alphabeta:4".into(),
                code: 2,
            },
            Message::Move {
                seconds: 12,
                from: 1,
                to: 50,
                captured: vec![],
            },
            Message::GameEnd { reason: 3, stop: 0 },
            Message::Chat("hello".into()),
            Message::BackRequest {
                move_number: 12,
                side: Color::Black,
            },
            Message::BackAccept { code: 1 },
        ] {
            assert_eq!(Message::parse(&message.encode()).unwrap(), message);
        }
    }

    #[test]
    fn a_damaged_message_is_a_one_line_error_naming_its_field() {
        for (text, part) in [
            ("", "empty"),
            ("X", "no DXP message"),
            ("M0003", "too short"),
            ("M00033228", "too short for its number of captures"),
            ("M0003xx28", "from square `xx` is not a number"),
            ("M000332280219", "too short for its captured square"),
            ("E", "too short"),
            ("R01", "too short"),
            (&format!("R01{:32}Q005075A", "g"), "follower's colour `Q`"),
            (&format!("R01{:32}W005075Q", "g"), "start `Q`"),
            (
                &format!("R01{:32}W005075BW{}", "g", "q".repeat(50)),
                "a square holds `q`",
            ),
            ("Cé", "not ASCII"),
        ] {
            let error = Message::parse(text).unwrap_err();
            assert!(error.contains(part), "{text:?}: {error}");
            assert!(!error.contains('\n'));
        }
    }

    #[test]
    fn messages_are_framed_by_nul_and_a_long_one_is_garbage() {
        let mut input: &[u8] = b"E01\0Chi\0E0";
        assert_eq!(
            read_message(&mut input).unwrap(),
            Incoming::Text("E01".into())
        );
        assert_eq!(
            read_message(&mut input).unwrap(),
            Incoming::Text("Chi".into())
        );
        // A message the connection cut short is the end of the connection.
        assert_eq!(read_message(&mut input).unwrap(), Incoming::Closed);
        let long = vec![b'C'; MAX_MESSAGE + 10];
        let mut input: &[u8] = &long;
        assert!(matches!(
            read_message(&mut input).unwrap(),
            Incoming::Garbage(_)
        ));
        let mut input: &[u8] = b"C\xff\0";
        assert!(matches!(
            read_message(&mut input).unwrap(),
            Incoming::Garbage(_)
        ));
        let mut out = Vec::new();
        write_message(&mut out, &Message::GameEnd { reason: 0, stop: 1 }).unwrap();
        assert_eq!(out, b"E01\0");
    }
}
