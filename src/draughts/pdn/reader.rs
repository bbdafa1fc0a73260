//! Reading PDN text into game records: tag pairs and the moves of the main line, nothing of
//! the rules yet.
//!
//! Read as the PDN 3.0 standard's reading grammar allows (github `wiegerw/pdn`,
//! `doc/grammar.rst`): tag pairs `[Name "value"]` (`\"` inside a value), comments `{...}`,
//! `;` comments to the end of the line and `%` lines, variations `(...)` nested to any depth,
//! NAGs `$12`, move strengths `!`, `?!`, move numbers `12.` and `12...` (also glued to the
//! move, `12.32-28`), the ellipsis `...`, and results `1-0`, `0-1`, `1/2-1/2`, `2-0`, `0-2`,
//! `1-1`, `0-0` and `*`, each ending a game. A game also ends where a tag follows its moves.
//! A move with a space after its separator (`1- 7`, in old files) is read as one move.
//!
//! The text is read from its source a chunk at a time and a game at a time ([`Records`]), so
//! that a file of any size is read in bounded memory: a few chunks of text and one game's
//! record, itself bounded (words, tag values, tags and moves have limits no real game
//! reaches). Bytes that are not UTF-8 are read as U+FFFD, as a lossy conversion reads them.

use crate::output::document::Document;
use std::io::Read;

/// One game of a PDN file, as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The moves of the main line as written (move strengths removed), each with its line.
    pub moves: Vec<(String, usize)>,
    /// The result token that ended the game, if one did.
    pub result: Option<String>,
    /// The number of the first move, and whether it was Black's (`12...`), if numbered.
    pub first_number: Option<(u32, bool)>,
    /// The line where the game starts.
    pub line: usize,
}

impl Record {
    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.moves.is_empty() && self.result.is_none()
    }
}

/// The longest word of movetext read, in bytes (a move of a 12×12 game's longest capture is
/// under 200): a longer one is refused, not held.
const MAX_WORD: usize = 1000;

/// The longest tag value read, in bytes.
const MAX_TAG_VALUE: usize = 1 << 16;

/// The most tag pairs of one game read.
const MAX_TAGS: usize = 1000;

/// The most moves of one game's main line read: more than the longest game any rule set
/// allows (its draw rules end a game after at most 80 plies without a capture or a man's
/// move, and a 12×12 board has room for under 800 of those).
const MAX_MOVES: usize = 100_000;

/// The bytes read from the source at once.
const CHUNK: usize = 1 << 16;

/// The bytes kept before the reading point when more text is read: a word may be put back
/// (a move number's move, glued to it), and a `%` comment needs the byte before it.
const KEEP: usize = 2 * MAX_WORD + 16;

const RESULTS: [&str; 8] = ["1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*"];

/// The games of `text`, or a one-line error naming the line and what is wrong there (a
/// comment, variation, tag or string left open is a truncated file).
pub fn read(text: &str) -> Result<Vec<Record>, String> {
    Records::new(text).collect()
}

/// The games of a PDN text one at a time, each read only when asked for, so that a file of
/// many games is replayed holding one game's record; after an error, nothing more.
pub struct Records<R> {
    reader: Reader<R>,
    /// The game being read, and a token that already belongs to the next one.
    game: Record,
    held: Option<Token>,
    failed: bool,
}

impl<'a> Records<&'a [u8]> {
    /// The games of a text in memory.
    pub fn new(text: &'a str) -> Self {
        Records::from_reader(text.as_bytes())
    }
}

impl<R: Read> Records<R> {
    /// The games of a file or stream, read from it as they are asked for.
    pub fn from_reader(source: R) -> Self {
        Records {
            reader: Reader {
                source,
                text: String::new(),
                at: 0,
                line: 1,
                partial: Vec::new(),
                chunk: Vec::new(),
                ended: false,
                failed_read: None,
            },
            game: Record {
                line: 1,
                ..Record::default()
            },
            held: None,
            failed: false,
        }
    }

    /// The next token: the one held back, or one read. A source that fails to read ends
    /// the text with its error, whatever the text read so far says.
    fn token(&mut self) -> Result<Option<Token>, String> {
        let token = match self.held.take() {
            Some(token) => Ok(Some(token)),
            None => self.reader.next_token(),
        };
        match self.reader.failed_read.take() {
            Some(error) => Err(error),
            None => token,
        }
    }
}

impl<R: Read> Iterator for Records<R> {
    type Item = Result<Record, String>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        loop {
            let token = match self.token() {
                Ok(Some(token)) => token,
                Ok(None) => {
                    let game = std::mem::take(&mut self.game);
                    return (!game.is_empty()).then_some(Ok(game));
                }
                Err(e) => {
                    self.failed = true;
                    return Some(Err(e));
                }
            };
            let game = &mut self.game;
            if matches!(token, Token::Tag(..)) && !game.moves.is_empty() {
                // A tag after moves starts the next game.
                self.held = Some(token);
                return Some(Ok(std::mem::take(game)));
            }
            if game.is_empty() {
                game.line = self.reader.line;
            }
            let full = match token {
                Token::Tag(..) => game.tags.len() >= MAX_TAGS,
                Token::Move(_) => game.moves.len() >= MAX_MOVES,
                _ => false,
            };
            if full {
                self.failed = true;
                return Some(Err(format!(
                    "line {}: a game of more than {MAX_TAGS} tags or {MAX_MOVES} moves, more than any game has: is a result or the next game's tags missing?",
                    self.reader.line
                )));
            }
            match token {
                Token::Tag(name, value) => game.tags.push((name, value)),
                Token::Number(number, black) => {
                    if game.moves.is_empty() && game.first_number.is_none() {
                        game.first_number = Some((number, black));
                    }
                }
                Token::Move(text) => game.moves.push((text, self.reader.line)),
                Token::Result(result) => {
                    game.result = Some(result);
                    return Some(Ok(std::mem::take(game)));
                }
            }
        }
    }
}

enum Token {
    Tag(String, String),
    Number(u32, bool),
    Move(String),
    Result(String),
}

/// The text being read from `source`: the part of it read and not yet dropped, `at` a byte
/// offset into that part.
struct Reader<R> {
    source: R,
    text: String,
    at: usize,
    line: usize,
    /// Bytes read that end part way through a character, kept for the next read.
    partial: Vec<u8>,
    /// The buffer each read fills.
    chunk: Vec<u8>,
    /// Whether the source has no more to give.
    ended: bool,
    /// The source's error, if a read failed (the text then ends there).
    failed_read: Option<String>,
}

impl<R: Read> Reader<R> {
    fn peek(&mut self) -> Option<char> {
        if self.at == self.text.len() && !self.fill() {
            return None;
        }
        self.text[self.at..].chars().next()
    }

    /// Reads more of the source, dropping what lies more than [`KEEP`] bytes before the
    /// reading point; whether there is now text past it.
    fn fill(&mut self) -> bool {
        let mut dropped = self.at.saturating_sub(KEEP);
        while !self.text.is_char_boundary(dropped) {
            dropped -= 1;
        }
        self.text.drain(..dropped);
        self.at -= dropped;
        self.chunk.resize(CHUNK, 0);
        while !self.ended && self.at == self.text.len() {
            match self.source.read(&mut self.chunk) {
                Ok(0) => {
                    self.ended = true;
                    // A character cut short by the end of the file.
                    self.text
                        .push_str(&String::from_utf8_lossy(&std::mem::take(&mut self.partial)));
                }
                Ok(read) => {
                    self.partial.extend_from_slice(&self.chunk[..read]);
                    self.decode();
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.ended = true;
                    self.failed_read =
                        Some(format!("reading the PDN after line {}: {e}", self.line));
                }
            }
        }
        self.at < self.text.len()
    }

    /// Moves the whole characters of `partial` to the text, each byte sequence that is not
    /// UTF-8 as one U+FFFD, keeping a character the read cut short.
    fn decode(&mut self) {
        let mut from = 0;
        loop {
            match std::str::from_utf8(&self.partial[from..]) {
                Ok(valid) => {
                    self.text.push_str(valid);
                    from = self.partial.len();
                    break;
                }
                Err(error) => {
                    let valid = error.valid_up_to();
                    let text = std::str::from_utf8(&self.partial[from..from + valid])
                        .expect("valid up to there");
                    self.text.push_str(text);
                    from += valid;
                    match error.error_len() {
                        Some(bad) => {
                            self.text.push(char::REPLACEMENT_CHARACTER);
                            from += bad;
                        }
                        None => break,
                    }
                }
            }
        }
        self.partial.drain(..from);
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    /// Skips to the end of the line.
    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    /// Skips a `{...}` comment whose `{` was read.
    fn skip_comment(&mut self, opened: usize) -> Result<(), String> {
        loop {
            match self.bump() {
                Some('}') => return Ok(()),
                Some(_) => {}
                None => return Err(truncated("the comment `{`", opened)),
            }
        }
    }

    /// Skips a variation whose `(` was read, with the variations, comments and strings in it.
    fn skip_variation(&mut self, opened: usize) -> Result<(), String> {
        let mut depth = 1;
        while depth > 0 {
            let line = self.line;
            match self.bump() {
                Some('(') => depth += 1,
                Some(')') => depth -= 1,
                Some('{') => self.skip_comment(line)?,
                Some(';') => self.skip_line(),
                Some('"') => {
                    self.string(line)?;
                }
                Some(_) => {}
                None => return Err(truncated("the variation `(`", opened)),
            }
        }
        Ok(())
    }

    /// A string whose `"` was read, `\"` standing for a quote.
    fn string(&mut self, opened: usize) -> Result<String, String> {
        let mut value = String::new();
        loop {
            let c = self.bump();
            let escaped = c == Some('\\') && matches!(self.peek(), Some('"' | '\\'));
            match c {
                Some(_) if escaped => {
                    value.push(self.bump().expect("peeked"));
                }
                Some('"') => return Ok(value),
                Some(_) if value.len() >= MAX_TAG_VALUE => {
                    return Err(format!(
                        "line {opened}: a string of more than {} KiB; a tag's value is short",
                        MAX_TAG_VALUE >> 10
                    ));
                }
                Some(c) => value.push(c),
                None => return Err(truncated("the string `\"`", opened)),
            }
        }
    }

    /// A tag pair whose `[` was read.
    fn tag(&mut self, opened: usize) -> Result<Token, String> {
        let mut name = String::new();
        while let Some(c) =
            (self.peek()).filter(|c| (c.is_alphanumeric() || *c == '_') && name.len() <= MAX_WORD)
        {
            name.push(c);
            self.bump();
        }
        self.skip_spaces();
        if name.is_empty() || self.bump() != Some('"') {
            return Err(format!(
                "line {opened}: a tag pair is written `[Name \"value\"]`"
            ));
        }
        let value = self.string(opened)?;
        self.skip_spaces();
        match self.bump() {
            Some(']') => Ok(Token::Tag(name, value)),
            None => Err(truncated("the tag `[`", opened)),
            Some(_) => Err(format!(
                "line {opened}: tag {} does not end with `]`",
                super::shown(&name)
            )),
        }
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
    }

    /// A word: everything up to white space or a character that opens something else, at
    /// most one character past [`MAX_WORD`] bytes.
    fn word(&mut self) -> String {
        let mut word = String::new();
        while let Some(c) = self.peek() {
            if c.is_whitespace() || "{}()[];\"$".contains(c) || word.len() > MAX_WORD {
                break;
            }
            word.push(c);
            self.bump();
        }
        word
    }

    fn next_token(&mut self) -> Result<Option<Token>, String> {
        loop {
            let at_line_start = self.at == 0 || self.text.as_bytes()[self.at - 1] == b'\n';
            let line = self.line;
            let Some(c) = self.peek() else {
                return Ok(None);
            };
            match c {
                c if c.is_whitespace() || c == '\u{feff}' => {
                    self.bump();
                }
                '%' if at_line_start => self.skip_line(),
                ';' => self.skip_line(),
                '{' => {
                    self.bump();
                    self.skip_comment(line)?;
                }
                '(' => {
                    self.bump();
                    self.skip_variation(line)?;
                }
                ')' | '}' | ']' => return Err(format!("line {line}: `{c}` closes nothing")),
                '"' => {
                    return Err(format!(
                        "line {line}: a string `\"` outside a tag pair; strings belong in tags, `[Name \"value\"]`, and comments in `{{...}}`"
                    ));
                }
                '[' => {
                    self.bump();
                    return self.tag(line).map(Some);
                }
                '$' => {
                    self.bump();
                    self.word();
                }
                '/' => {
                    return Err(format!(
                        "line {line}: setup commands `/FEN .../` inside a game are not read; start a new game with a FEN tag instead"
                    ));
                }
                _ => {
                    if let Some(token) = self.movetext_word(line)? {
                        return Ok(Some(token));
                    }
                }
            }
        }
    }

    /// A move number, move, result or ellipsis (`None` for the last).
    fn movetext_word(&mut self, line: usize) -> Result<Option<Token>, String> {
        let mut word = self.word();
        if word.is_empty() {
            // Every character that ends a word has a branch in `next_token`; a word that
            // reads nothing would read nothing for ever.
            let c = self.peek().unwrap_or(' ');
            return Err(format!(
                "line {line}: `{}` is out of place here",
                super::shown(&c.to_string())
            ));
        }
        if word.len() > MAX_WORD {
            return Err(format!(
                "line {line}: a word of more than {MAX_WORD} characters; moves, numbers and \
                 results are short words between spaces"
            ));
        }
        // A move number glued to its move: `12.32-28`, `12...19-23`.
        let digits = word.chars().take_while(char::is_ascii_digit).count();
        if digits > 0 && word[digits..].starts_with('.') {
            let dots = word[digits..].chars().take_while(|&c| c == '.').count();
            let number = word[..digits].parse().map_err(|_| {
                format!(
                    "line {line}: move number `{}` is too large",
                    super::shown(&word)
                )
            })?;
            let rest = word[digits + dots..].to_string();
            if !rest.is_empty() {
                // Put the move back to be read next.
                self.at -= rest.len();
            }
            return Ok(Some(Token::Number(number, dots >= 3)));
        }
        if word.chars().all(|c| c == '.') {
            return Ok(None);
        }
        if RESULTS.contains(&word.as_str()) {
            return Ok(Some(Token::Result(word)));
        }
        // `1- 7`: the separator ends the word, the square follows after a space.
        if word.ends_with(['-', 'x', ':']) {
            self.skip_spaces();
            word.push_str(&self.word());
        }
        let mv = word.trim_end_matches(['!', '?']);
        let plausible = mv.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
            && mv
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-x:X".contains(c));
        if !plausible {
            let mut message = Document::new();
            write!(
                message,
                "line {line}: `{}` is not a move, move number, result, comment or tag",
                super::shown(&word)
            );
            return Err(message.into());
        }
        Ok(Some(Token::Move(mv.to_string())))
    }
}

fn truncated(what: &str, line: usize) -> String {
    format!(
        "{what} opened on line {line} never closes: the file is cut short or the bracket is missing"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_come_one_at_a_time_and_an_error_ends_them() {
        let text =
            "[Event \"a\"]\n1. 32-28 *\n[Event \"b\"]\n1. 33-29 ]\n[Event \"c\"]\n1. 31-27 *\n";
        let mut games = Records::new(text);
        let first = games.next().unwrap().unwrap();
        assert_eq!(first.tag("Event"), Some("a"));
        assert_eq!(first.moves.len(), 1);
        let error = games.next().unwrap().unwrap_err();
        assert!(error.contains("line 4"), "{error}");
        assert!(games.next().is_none(), "nothing after an error");
        // A game without a result ends where the next game's tags begin.
        let games = read("[Event \"a\"]\n1. 32-28\n[Event \"b\"]\n1. 33-29 *").unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!((games[0].line, games[1].line), (1, 3));
    }

    #[test]
    fn a_word_or_tag_without_end_is_refused_not_held() {
        let long_move = format!("1. {} *", "3".repeat(5000));
        let error = read(&long_move).unwrap_err();
        assert!(error.contains("more than 1000 characters"), "{error}");
        let long_tag = format!("[Event \"{}\"]\n1. 32-28 *", "e".repeat(100_000));
        let error = read(&long_tag).unwrap_err();
        assert!(error.contains("more than 64 KiB"), "{error}");
        let long_name = format!("[{} \"x\"]\n1. 32-28 *", "E".repeat(5000));
        assert!(read(&long_name).is_err());
        // Words of several characters beyond the ASCII range are read by byte offsets.
        let games = read("[Event \"é ü\"]\n{ commentaire é }\n1. 32-28 *").unwrap();
        assert_eq!(games[0].tag("Event"), Some("é ü"));
        assert_eq!(games[0].moves[0].0, "32-28");
    }

    /// A source that gives at most `step` bytes a read, then fails if told to.
    struct Trickle<'a> {
        bytes: &'a [u8],
        step: usize,
        fail_at_end: bool,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.bytes.is_empty() && self.fail_at_end {
                return Err(std::io::Error::other("the disk went away"));
            }
            let n = self.step.min(buf.len()).min(self.bytes.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    #[test]
    fn a_stream_read_a_few_bytes_at_a_time_reads_as_the_whole_text() {
        // Characters of two to four bytes, a glued move number, a `%` line, and enough text
        // that reads go past the kept window many times.
        let game =
            "[Event \"Ünïcödé €𝄞\"]\n% a comment line\n{ é 𝄞 }\n1.32-28 19-23 2. 28x19 14x23 *\n";
        let text = game.repeat(200) + "{" + &"ü".repeat(3 * CHUNK) + "}\n1. 31-27 *";
        let whole = read(&text).unwrap();
        assert_eq!(whole.len(), 201);
        for step in [1, 2, 3, 7, CHUNK - 1, CHUNK + 5] {
            let source = Trickle {
                bytes: text.as_bytes(),
                step,
                fail_at_end: false,
            };
            let streamed: Vec<Record> = Records::from_reader(source)
                .collect::<Result<_, _>>()
                .unwrap();
            assert_eq!(streamed, whole, "{step} bytes a read");
        }
    }

    #[test]
    fn bytes_that_are_not_utf8_read_as_replacement_characters_and_a_failed_read_is_named() {
        let bytes = b"[Event \"a\xffb\xe2\x82\"]\n1. 32-28 *\n[Event \"\xe2\x82\xac\"]\n1. 33-29 *";
        let lossy = String::from_utf8_lossy(bytes);
        let source = Trickle {
            bytes,
            step: 1,
            fail_at_end: false,
        };
        let streamed: Vec<Record> = Records::from_reader(source)
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(streamed, read(&lossy).unwrap());
        assert_eq!(streamed[1].tag("Event"), Some("€"));
        let failing = Trickle {
            bytes: b"[Event \"a\"]\n1. 32-28 *\n[Event \"b\"]\n1. 33-29",
            step: 4,
            fail_at_end: true,
        };
        let mut games = Records::from_reader(failing);
        assert!(games.next().unwrap().is_ok());
        let error = games.next().unwrap().unwrap_err();
        assert!(
            error.contains("reading the PDN after line 4: the disk went away"),
            "{error}"
        );
        assert!(games.next().is_none());
    }

    #[test]
    fn a_game_of_more_moves_or_tags_than_any_game_has_is_refused() {
        let moves = "32-28 28-32 ".repeat(MAX_MOVES / 2 + 1);
        let error = read(&moves).unwrap_err();
        assert!(
            error.contains("more than 1000 tags or 100000 moves"),
            "{error}"
        );
        let tags = "[Event \"x\"]\n".repeat(MAX_TAGS + 1);
        assert!(read(&tags).is_err());
        let longest = "32-28 28-32 ".repeat(MAX_MOVES / 2) + "*";
        assert_eq!(read(&longest).unwrap()[0].moves.len(), MAX_MOVES);
    }

    #[test]
    fn tags_comments_variations_nags_and_numbers_are_read_around_the_main_line() {
        let text = "% a line comment\n[Event \"Say \\\"hi\\\"\"]\n[GameType \"20\"]\n\n\
            1. 32-28 {a comment (with a bracket} 19-23! 2.28x19 (2. 33-29 (2. 34-30 $4) 23x34) \
            14x23?! $1 ; to the end of the line\n3... 40-35 1- 7 2-0\n[Event \"two\"]\n1. c3-d4 *";
        let games = read(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("Event"), Some("Say \"hi\""));
        let moves: Vec<&str> = games[0].moves.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(moves, ["32-28", "19-23", "28x19", "14x23", "40-35", "1-7"]);
        assert_eq!(games[0].result.as_deref(), Some("2-0"));
        assert_eq!(games[0].first_number, Some((1, false)));
        assert_eq!(games[0].moves[4].1, 6);
        assert_eq!(games[1].moves[0].0, "c3-d4");
        assert_eq!(games[1].result.as_deref(), Some("*"));
    }

    #[test]
    fn a_new_tag_section_after_moves_starts_a_game_and_a_bare_movetext_is_one_game() {
        let games = read("[White \"a\"]\n1. 32-28\n[White \"b\"]\n1. 33-29 18-23").unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].moves.len(), 2);
        assert_eq!(games[1].result, None);
        let games = read("1. g3-f4 b6-a5 2. f4-g5").unwrap();
        assert_eq!(games.len(), 1);
        assert!(games[0].tags.is_empty());
        assert_eq!(read("  \n").unwrap(), []);
    }

    #[test]
    fn open_brackets_and_stray_words_are_one_line_errors_naming_the_line() {
        for (text, expected) in [
            (
                "[Event \"x\"]\n1. 32-28 {cut",
                "comment `{` opened on line 2 never closes",
            ),
            (
                "1. 32-28 (19-23 (",
                "variation `(` opened on line 1 never closes",
            ),
            ("[Event \"cut", "string `\"` opened on line 1 never closes"),
            ("1. 32-28 ) 19-23", "line 1: `)` closes nothing"),
            ("\n1. 32-28 #x", "line 2: `#x` is not a move"),
            ("1. 32-28 /W:W1:B2/", "setup commands"),
        ] {
            let error = read(text).unwrap_err();
            assert!(error.contains(expected), "{text}: {error}");
            assert!(!error.contains('\n'));
        }
    }
}
