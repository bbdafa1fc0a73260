//! One line of the Hub protocol: `<command> <arg>=<val> <arg>=<val> ...`.
//!
//! The syntax is that of the protocol's definition (`protocol.txt` of Scan 3.1, section
//! "general syntax") as Scan's own scanner reads it (`src/hub.cpp`): a name is a run of
//! characters that are not control characters, blanks, `=` or `"`; a value is a name or a
//! double-quoted string (which may hold anything but `"`, and must be quoted when it holds a
//! special character or is empty); an argument without `=value` is a flag. Blanks between the
//! parts have no meaning.

use crate::names::shown;
use std::fmt;

/// A parsed line: the command and its arguments in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub command: String,
    /// Each argument's name and value; `None` for a flag (`go think`).
    pub args: Vec<(String, Option<String>)>,
}

impl Message {
    /// A message without arguments.
    pub fn new(command: &str) -> Message {
        Message {
            command: command.to_string(),
            args: Vec::new(),
        }
    }

    /// This message with `name=value` added.
    pub fn with(mut self, name: &str, value: impl ToString) -> Message {
        self.args.push((name.to_string(), Some(value.to_string())));
        self
    }

    /// This message with the flag `name` added.
    pub fn flag(mut self, name: &str) -> Message {
        self.args.push((name.to_string(), None));
        self
    }

    /// The value of the first argument `name` (the empty string for a flag).
    pub fn get(&self, name: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, value)| value.as_deref().unwrap_or(""))
    }

    /// Whether the message has the argument or flag `name`.
    pub fn has(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// Reads one line (without its line break); the error says what is wrong in it.
    pub fn parse(line: &str) -> Result<Message, String> {
        let mut scan = Scanner {
            chars: line.trim_end_matches(['\r', '\n']).chars().peekable(),
        };
        if scan.at_end() {
            return Err("missing command".to_string());
        }
        let command = scan.name().ok_or("the line starts with no command name")?;
        let mut args = Vec::new();
        while !scan.at_end() {
            let name = scan
                .name()
                .ok_or_else(|| format!("`{}`: an argument has no name", shown(&command)))?;
            scan.skip_blanks();
            let value = if scan.chars.peek() == Some(&'=') {
                scan.chars.next();
                Some(
                    scan.value()
                        .map_err(|e| format!("`{} {}`: {e}", shown(&command), shown(&name)))?,
                )
            } else {
                None
            };
            args.push((name, value));
        }
        Ok(Message { command, args })
    }
}

impl fmt::Display for Message {
    /// The line, values quoted where the protocol requires it (as Scan writes them).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.command)?;
        for (name, value) in &self.args {
            match value {
                None => write!(f, " {name}")?,
                Some(value) if is_name(value) => write!(f, " {name}={value}")?,
                Some(value) => write!(f, " {name}=\"{value}\"")?,
            }
        }
        Ok(())
    }
}

/// A character that may be part of a name or unquoted value.
fn is_id(c: char) -> bool {
    !c.is_control() && !c.is_whitespace() && c != '=' && c != '"'
}

/// Whether `text` may be written unquoted.
fn is_name(text: &str) -> bool {
    !text.is_empty() && text.chars().all(is_id)
}

struct Scanner<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
}

impl Scanner<'_> {
    fn skip_blanks(&mut self) {
        while self.chars.peek().is_some_and(|c| c.is_whitespace()) {
            self.chars.next();
        }
    }

    fn at_end(&mut self) -> bool {
        self.skip_blanks();
        self.chars.peek().is_none()
    }

    fn name(&mut self) -> Option<String> {
        self.skip_blanks();
        let mut name = String::new();
        while let Some(&c) = self.chars.peek().filter(|&&c| is_id(c)) {
            name.push(c);
            self.chars.next();
        }
        (!name.is_empty()).then_some(name)
    }

    fn value(&mut self) -> Result<String, String> {
        self.skip_blanks();
        if self.chars.peek() != Some(&'"') {
            return self
                .name()
                .ok_or_else(|| "`=` is followed by no value".into());
        }
        self.chars.next();
        let mut value = String::new();
        loop {
            match self.chars.next() {
                Some('"') => return Ok(value),
                Some(c) => value.push(c),
                None => return Err("a quoted value has no closing `\"`".into()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Example lines of `protocol.txt` (Scan 3.1, Hub protocol version 2), quoted verbatim.
    const PROTOCOL_EXAMPLES: [&str; 8] = [
        r#"id name=Scan version=3.1 author="Fabien Letouzey" country=France"#,
        r#"param name=variant value=normal type=enum values="normal killer bt frisian losing""#,
        "set-param name=variant value=frisian",
        "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww",
        "level move-time=1",
        "go think",
        r#"pos pos=BeeeWWeeeeeeeeeeeeeeeeeeeweeeeeeeeewweBeeeeeeeeeBee moves="38-15 5-41 48-26""#,
        "done move=32-28 ponder=17-22",
    ];

    #[test]
    fn the_protocol_examples_parse_and_are_written_back_as_they_stand() {
        for line in PROTOCOL_EXAMPLES {
            let message = Message::parse(line).unwrap();
            assert_eq!(message.to_string(), line);
        }
        let id = Message::parse(PROTOCOL_EXAMPLES[0]).unwrap();
        assert_eq!(id.command, "id");
        assert_eq!(id.get("author"), Some("Fabien Letouzey"));
        assert_eq!(id.get("country"), Some("France"));
        let param = Message::parse(PROTOCOL_EXAMPLES[1]).unwrap();
        assert_eq!(param.get("values"), Some("normal killer bt frisian losing"));
        let go = Message::parse("go think").unwrap();
        assert_eq!(go.args, [("think".to_string(), None)]);
        assert!(go.has("think") && !go.has("ponder"));
        let pos = Message::parse(PROTOCOL_EXAMPLES[6]).unwrap();
        assert_eq!(pos.get("moves"), Some("38-15 5-41 48-26"));
        assert_eq!(pos.get("pos").unwrap().len(), 51);
        let done = Message::parse(PROTOCOL_EXAMPLES[7]).unwrap();
        assert_eq!(
            (done.get("move"), done.get("ponder")),
            (Some("32-28"), Some("17-22"))
        );
    }

    #[test]
    fn blanks_are_free_and_values_are_quoted_when_they_must_be() {
        let message = Message::parse("  level   moves = 9\ttime=291.587  ").unwrap();
        assert_eq!(message.to_string(), "level moves=9 time=291.587");
        let built = Message::new("error")
            .with("message", "bad position: a=b")
            .with("empty", "")
            .flag("now");
        assert_eq!(
            built.to_string(),
            r#"error message="bad position: a=b" empty="" now"#
        );
        assert_eq!(Message::parse(&built.to_string()).unwrap(), built);
    }

    #[test]
    fn lines_that_are_no_message_are_refused_with_the_reason() {
        for (line, reason) in [
            ("", "missing command"),
            ("   ", "missing command"),
            ("=done", "no command name"),
            ("\"done\"", "no command name"),
            (r#"done move="32-28"#, "no closing"),
            ("done move=", "no value"),
            ("done =32-28", "no name"),
        ] {
            let error = Message::parse(line).unwrap_err();
            assert!(error.contains(reason), "{line:?}: {error}");
        }
    }
}
