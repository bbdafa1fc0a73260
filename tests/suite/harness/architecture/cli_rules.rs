//! What a file of the command line may hold: argument handling and calls into the library,
//! nothing else. Read from the source text with comments and literals blanked out, the rules
//! are:
//!
//! 1. Types: every `struct` and `enum` derives a clap trait (`Parser`, `Args`, `Subcommand`,
//!    `ValueEnum`: an argument definition) or serde's `Serialize` (the shape of printed JSON).
//!    A type of any other kind holds state of the domain, and belongs in the library.
//! 2. Traits: an `impl Trait for Type` names a trait that the command line itself declares
//!    (its glue, such as `Offered`). Implementing a library trait (`Game`, `Player`, `Study`)
//!    is the library's work.
//! 3. Loops: no loop inside another loop. Reading arguments and printing results take one
//!    loop at a time; loops within loops walk the domain (games, boards, draws).
//! 4. Size: at most [`MAX_FUNCTION_LINES`] lines in a function and [`MAX_CODE_LINES`] lines
//!    of code in functions per file (clap definitions, comments and blank lines not counted).

use std::collections::BTreeSet;

/// The longest function the command line may hold, in lines from `fn` to its closing brace.
pub const MAX_FUNCTION_LINES: usize = 60;

/// The most lines of code in functions that one file of the command line may hold.
pub const MAX_CODE_LINES: usize = 250;

/// The derives that make a type a clap definition or a printed shape (rule 1).
const ALLOWED_DERIVES: [&str; 5] = ["Parser", "Args", "Subcommand", "ValueEnum", "Serialize"];

/// `text` with comments, string literals and character literals blanked (their characters
/// become spaces, newlines kept), so that what is left is code, line for line.
pub fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let before = if i > 0 { chars[i - 1] } else { ' ' };
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
        } else if c == 'r' && !before.is_alphanumeric() && before != '_' && raw_start(&chars, i) {
            let hashes = chars[i + 1..].iter().take_while(|&&c| c == '#').count();
            let close: String = std::iter::once('"')
                .chain("#".repeat(hashes).chars())
                .collect();
            let body = i + 2 + hashes;
            let rest: String = chars[body..].iter().collect();
            let end = rest.find(&close).map_or(chars.len(), |at| {
                body + rest[..at].chars().count() + close.chars().count()
            });
            out.push('"');
            out.extend(chars[i + 1..end].iter().map(|&c| blank(c)));
            i = end;
        } else if c == '"' {
            out.push('"');
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                let step = if chars[i] == '\\' { 2 } else { 1 };
                let end = (i + step).min(chars.len());
                out.extend(chars[i..end].iter().map(|&c| blank(c)));
                i += step;
            }
            out.push('"');
            i += 1;
        } else if c == '\'' && char_literal_end(&chars, i).is_some() {
            let end = char_literal_end(&chars, i).unwrap();
            out.extend(std::iter::repeat_n(' ', end - i));
            i = end;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Whether `r` at `i` opens a raw string: `r"`, `r#"`, `r##"`, …
fn raw_start(chars: &[char], i: usize) -> bool {
    let hashes = chars[i + 1..].iter().take_while(|&&c| c == '#').count();
    chars.get(i + 1 + hashes) == Some(&'"')
}

/// The end (one past the closing quote) of a character literal at `i`, or `None` for a
/// lifetime or a label (`'a`, `'outer:`).
fn char_literal_end(chars: &[char], i: usize) -> Option<usize> {
    match chars.get(i + 1) {
        Some('\\') => (i + 2..chars.len())
            .find(|&k| chars[k] == '\'')
            .map(|k| k + 1),
        Some(_) if chars.get(i + 2) == Some(&'\'') => Some(i + 3),
        _ => None,
    }
}

/// The trait names a file declares (`trait Offered`), from its code.
pub fn declared_traits(code: &str) -> BTreeSet<String> {
    code.lines()
        .filter_map(|line| {
            let rest = without_visibility(line.trim()).strip_prefix("trait ")?;
            Some(identifier(rest))
        })
        .collect()
}

fn without_visibility(line: &str) -> &str {
    for prefix in ["pub(crate) ", "pub(super) ", "pub "] {
        if let Some(rest) = line.strip_prefix(prefix) {
            return rest;
        }
    }
    line
}

fn identifier(text: &str) -> String {
    text.trim_start()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// The trait of `impl<…> Trait<…> for Type`, or `None` for an inherent impl.
fn implemented_trait(header: &str) -> Option<String> {
    let mut rest = header.trim_start().strip_prefix("impl")?;
    if rest.starts_with('<') {
        let mut depth = 0;
        let end = rest.char_indices().find_map(|(at, c)| {
            depth += match c {
                '<' => 1,
                '>' => -1,
                _ => 0,
            };
            (depth == 0).then_some(at + 1)
        })?;
        rest = &rest[end..];
    }
    let (path, _) = rest.split_once(" for ")?;
    let last = path.trim().rsplit("::").next()?;
    Some(identifier(last))
}

/// Whether a line of code opens a loop (`for`, `while`, `loop`, labelled or not).
fn opens_loop(line: &str) -> bool {
    let mut line = line.trim_start();
    if line.starts_with('\'') {
        line = line
            .split_once(':')
            .map_or(line, |(_, rest)| rest.trim_start());
    }
    if let Some((_, value)) = line.strip_prefix("let ").and_then(|l| l.split_once(" = ")) {
        line = value.trim_start();
    }
    line.starts_with("for ") || line.starts_with("while ") || line.starts_with("loop {")
}

/// A function or loop being read: where it starts, the depth of its body, whether its body
/// has opened yet (a long header may put the brace on a later line).
struct Open {
    line: usize,
    body: usize,
    opened: bool,
    name: String,
}

impl Open {
    fn new(line: usize, depth: usize, name: String) -> Open {
        Open {
            line,
            body: depth + 1,
            opened: false,
            name,
        }
    }

    /// Whether the body has closed at the end of a line that reached `peak` and ended at
    /// `depth`, noting when it opens.
    fn closes(&mut self, peak: usize, depth: usize) -> bool {
        self.opened |= peak >= self.body;
        self.opened && depth < self.body
    }
}

/// What the rules find in one file of the command line, named `name`; `traits` are the
/// traits the command line declares. Each finding is one line naming the place and the rule.
pub fn findings(name: &str, text: &str, traits: &BTreeSet<String>) -> Vec<String> {
    let code = code_only(text);
    let mut found = Vec::new();
    let (mut depth, mut code_lines) = (0usize, 0usize);
    let mut preamble = String::new();
    let mut in_tests = false;
    let mut loops: Vec<Open> = Vec::new();
    let mut function: Option<Open> = None;
    for (at, line) in code.lines().enumerate() {
        let number = at + 1;
        let trimmed = line.trim();
        let item = without_visibility(trimmed);
        if !in_tests && depth == 0 {
            if let Some(finding) = item_finding(item, &preamble, traits) {
                found.push(format!("{name}:{number}: {finding}"));
            }
            in_tests = item.starts_with("mod ") && preamble.contains("cfg(test)");
            if trimmed.is_empty() || trimmed.starts_with("#[") || preamble_line(trimmed) {
                preamble.push_str(trimmed);
                preamble.push('\n');
            } else {
                preamble.clear();
            }
        }
        if !in_tests {
            if opens_loop(line) {
                if !loops.is_empty() {
                    found.push(format!(
                        "{name}:{number}: a loop inside a loop (rule 3): walking the domain \
                         belongs in the library"
                    ));
                }
                loops.push(Open::new(number, depth, String::new()));
            }
            if function.is_none() && item.starts_with("fn ") {
                function = Some(Open::new(number, depth, identifier(&item[3..])));
            }
            if function.is_some() && !trimmed.is_empty() {
                code_lines += 1;
            }
        }
        let mut peak = depth;
        for c in line.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
            peak = peak.max(depth);
        }
        loops.retain_mut(|open| !open.closes(peak, depth));
        if let Some(open) = &mut function {
            let declared_only = !open.opened && peak < open.body && trimmed.ends_with(';');
            if open.closes(peak, depth) || declared_only {
                let length = number - open.line + 1;
                if length > MAX_FUNCTION_LINES {
                    found.push(format!(
                        "{name}:{}: fn {} has {length} lines, more than {MAX_FUNCTION_LINES} \
                         (rule 4): move its work into the library",
                        open.line, open.name
                    ));
                }
                function = None;
            }
        }
        if in_tests && depth == 0 && line.contains('}') {
            in_tests = false;
            preamble.clear();
        }
    }
    if code_lines > MAX_CODE_LINES {
        found.push(format!(
            "{name}: {code_lines} lines of code in functions, more than {MAX_CODE_LINES} \
             (rule 4): move the work into the library"
        ));
    }
    found
}

/// What rules 1 and 2 find in an item that starts at `item` (a line at the top level, its
/// visibility left out) after the attributes in `preamble`.
fn item_finding(item: &str, preamble: &str, traits: &BTreeSet<String>) -> Option<String> {
    if item.starts_with("struct ") || item.starts_with("enum ") {
        let derives: Vec<String> = preamble
            .split("derive(")
            .skip(1)
            .flat_map(|d| d.split(')').next().unwrap_or("").split(','))
            .map(|d| identifier(d.rsplit("::").next().unwrap_or(d)))
            .collect();
        if derives
            .iter()
            .any(|d| ALLOWED_DERIVES.contains(&d.as_str()))
        {
            return None;
        }
        let (kind, rest) = item.split_once(' ').unwrap_or((item, ""));
        return Some(format!(
            "{kind} {} is no clap definition nor printed shape (rule 1): a type that holds \
             domain state belongs in the library",
            identifier(rest)
        ));
    }
    let trait_name = implemented_trait(item)?;
    (!traits.contains(&trait_name)).then(|| {
        format!(
            "impl of the library trait {trait_name} (rule 2): the library implements its own \
             traits"
        )
    })
}

/// Lines that continue an item's attributes rather than start an item: a multi-line
/// `#[command(…)]` or `#[arg(…)]` has key = value lines and its closing `)]`.
fn preamble_line(trimmed: &str) -> bool {
    let keyword = [
        "fn ",
        "impl",
        "struct ",
        "enum ",
        "trait ",
        "mod ",
        "use ",
        "const ",
        "static ",
        "type ",
        "macro_rules!",
    ];
    let item = without_visibility(trimmed);
    !keyword.iter().any(|k| item.starts_with(k))
        && !item.ends_with(';')
        && !item.contains('!')
        && !item.starts_with('}')
}
