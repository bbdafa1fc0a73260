//! The text of a report being written: a [`Document`] that `write!` and `writeln!` append
//! to without a `Result` to discard (writing to memory cannot fail), and the one Markdown
//! [`Table`] every report uses, so that a header, its alignment row and its rows cannot
//! disagree in width.

use std::fmt;

/// A report's text as it is written. `writeln!(doc, "…")` appends and returns nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Document {
    text: String,
}

impl Document {
    /// An empty document.
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends formatted text; what `write!` and `writeln!` call.
    pub fn write_fmt(&mut self, args: fmt::Arguments) {
        match args.as_str() {
            Some(text) => self.text.push_str(text),
            None => fmt::Write::write_fmt(&mut self.text, args)
                .expect("formatting into a String does not fail"),
        }
    }

    /// Appends `text` as it is.
    pub fn push_str(&mut self, text: &str) {
        self.text.push_str(text);
    }

    /// Appends one character.
    pub fn push(&mut self, c: char) {
        self.text.push(c);
    }

    /// Appends `table` in Markdown, ending in a newline.
    pub fn table(&mut self, table: &Table) {
        table.render_into(&mut self.text);
    }

    pub fn as_str(&self) -> &str {
        &self.text
    }

    pub fn into_string(self) -> String {
        self.text
    }

    pub fn into_bytes(self) -> Vec<u8> {
        self.text.into_bytes()
    }
}

/// A document reads as the text it holds: `doc.contains(…)`, `doc.lines()`.
impl std::ops::Deref for Document {
    type Target = str;

    fn deref(&self) -> &str {
        &self.text
    }
}

impl AsRef<str> for Document {
    fn as_ref(&self) -> &str {
        &self.text
    }
}

impl AsRef<[u8]> for Document {
    fn as_ref(&self) -> &[u8] {
        self.text.as_bytes()
    }
}

impl fmt::Display for Document {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl From<Document> for String {
    fn from(doc: Document) -> String {
        doc.text
    }
}

impl From<String> for Document {
    fn from(text: String) -> Self {
        Self { text }
    }
}

impl From<&str> for Document {
    fn from(text: &str) -> Self {
        Self {
            text: text.to_string(),
        }
    }
}

impl std::ops::AddAssign<&str> for Document {
    fn add_assign(&mut self, text: &str) {
        self.text.push_str(text);
    }
}

/// How a Markdown column is aligned: its cell in the rule under the header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// `---`: the reader's default (left).
    Plain,
    /// `:---`
    Left,
    /// `---:`, for numbers.
    Right,
    /// `:---:`
    Center,
}

impl Align {
    fn rule(self) -> &'static str {
        match self {
            Align::Plain => "---",
            Align::Left => ":---",
            Align::Right => "---:",
            Align::Center => ":---:",
        }
    }
}

/// A Markdown table: a header, the alignment of each column and rows of the header's width.
/// A `|` inside a cell is written `\|`, so that a name holding one keeps its column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    header: Vec<String>,
    align: Vec<Align>,
    rows: Vec<Vec<String>>,
}

impl Table {
    /// A table of these column names, every column [`Align::Plain`].
    pub fn new<S: Into<String>>(header: impl IntoIterator<Item = S>) -> Self {
        let header: Vec<String> = header.into_iter().map(Into::into).collect();
        let align = vec![Align::Plain; header.len()];
        Self {
            header,
            align,
            rows: Vec::new(),
        }
    }

    /// A table of these column names, each with its alignment.
    pub fn aligned(columns: &[(&str, Align)]) -> Self {
        Self {
            header: columns.iter().map(|(name, _)| name.to_string()).collect(),
            align: columns.iter().map(|&(_, align)| align).collect(),
            rows: Vec::new(),
        }
    }

    /// The same table with column `column` (from 0) aligned as `align`.
    pub fn align(mut self, column: usize, align: Align) -> Self {
        self.align[column] = align;
        self
    }

    /// Adds a row. Panics when its width is not the header's: a table is built by code
    /// whose columns are fixed, so a mismatch is a bug in that code.
    pub fn row<S: Into<String>>(&mut self, cells: impl IntoIterator<Item = S>) {
        let cells: Vec<String> = cells.into_iter().map(Into::into).collect();
        assert_eq!(
            cells.len(),
            self.header.len(),
            "a table row has as many cells as the header"
        );
        self.rows.push(cells);
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    fn render_into(&self, out: &mut String) {
        let line = |out: &mut String, cells: &[String]| {
            out.push('|');
            for cell in cells {
                out.push(' ');
                out.push_str(&cell.replace('|', "\\|"));
                out.push_str(" |");
            }
            out.push('\n');
        };
        line(out, &self.header);
        out.push('|');
        for align in &self.align {
            out.push_str(align.rule());
            out.push('|');
        }
        out.push('\n');
        for row in &self.rows {
            line(out, row);
        }
    }
}

impl fmt::Display for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = String::new();
        self.render_into(&mut text);
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_append_formatted_and_plain_text() {
        let mut doc = Document::new();
        writeln!(doc, "# Title");
        let noun = "five";
        write!(doc, "{} of {noun}", 3);
        doc.push('\n');
        doc += "end";
        assert_eq!(doc.as_str(), "# Title\n3 of five\nend");
        assert_eq!(String::from(doc), "# Title\n3 of five\nend");
    }

    #[test]
    fn a_table_renders_header_rule_and_rows() {
        let mut table = Table::new(["order", "median"]).align(1, Align::Right);
        table.row(["QNBR", "23,605"]);
        table.row(vec!["RBNQ".to_string(), "cap".to_string()]);
        let mut doc = Document::new();
        doc.table(&table);
        assert_eq!(
            doc.as_str(),
            "| order | median |\n|---|---:|\n| QNBR | 23,605 |\n| RBNQ | cap |\n"
        );
        assert_eq!(table.to_string(), doc.as_str());
    }

    #[test]
    fn every_alignment_has_its_rule() {
        let table = Table::aligned(&[
            ("a", Align::Plain),
            ("b", Align::Left),
            ("c", Align::Right),
            ("d", Align::Center),
        ]);
        assert_eq!(
            table.to_string(),
            "| a | b | c | d |\n|---|:---|---:|:---:|\n"
        );
        assert!(table.is_empty());
    }

    #[test]
    fn a_pipe_in_a_cell_is_escaped() {
        let mut table = Table::new(["command"]);
        table.row(["`a | b`"]);
        assert_eq!(table.to_string(), "| command |\n|---|\n| `a \\| b` |\n");
    }

    #[test]
    #[should_panic(expected = "as many cells as the header")]
    fn a_row_of_the_wrong_width_is_refused() {
        Table::new(["a", "b"]).row(["only one"]);
    }
}
