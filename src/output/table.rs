//! Aligned text tables for the terminal that fit a given width: the first column (a label)
//! left-aligned, the others right-aligned, two spaces between columns. When the table is too
//! wide the last columns are left out, with a closing line that names them; a label is never
//! shortened, since two shortened labels can read the same. A label and one column wider
//! than the width are printed whole.

/// The table of `header` and `rows` in at most `width` characters a line.
pub fn fit(header: &[String], rows: &[Vec<String>], width: usize) -> String {
    let columns = header.len();
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let total =
        |widths: &[usize]| widths.iter().sum::<usize>() + 2 * widths.len().saturating_sub(1);
    let mut shown = columns;
    while shown > columns.min(2) && total(&widths[..shown]) > width {
        shown -= 1;
    }
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths[..shown])
            .enumerate()
            .map(|(i, (cell, &w))| {
                if i == 0 {
                    format!("{cell:<w$}")
                } else {
                    format!("{cell:>w$}")
                }
            })
            .collect();
        padded.join("  ").trim_end().to_string() + "\n"
    };
    let mut out = line(&header[..shown]);
    for row in rows {
        out += &line(&row[..shown.min(row.len())]);
    }
    if shown < columns {
        out += &format!("(not shown for width: {})\n", header[shown..].join(", "));
    }
    out
}

/// `text` broken between words into lines of at most `width` characters, each ending in a
/// newline. A phrase of `whole` (a command, a path with spaces) is never broken, and a word
/// or phrase longer than the width keeps a line of its own.
pub fn wrap(text: &str, width: usize, whole: &[&str]) -> String {
    // The spaces inside a whole phrase are held as a control character while splitting.
    const HELD: char = '\u{1}';
    let mut held = text.to_string();
    for phrase in whole.iter().filter(|p| !p.is_empty()) {
        held = held.replace(phrase, &phrase.replace(' ', &HELD.to_string()));
    }
    let mut out = String::new();
    let mut line = String::new();
    for word in held.split([' ', '\n']).filter(|w| !w.is_empty()) {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            out += &line;
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += word;
    }
    if !line.is_empty() {
        out += &line;
        out.push('\n');
    }
    out.replace(HELD, " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(cells: &[&str]) -> Vec<String> {
        cells.iter().map(|c| c.to_string()).collect()
    }

    #[test]
    fn a_narrow_table_is_aligned_as_it_is() {
        let text = fit(
            &strings(&["series", "n"]),
            &[strings(&["a", "10"]), strings(&["bbb", "2"])],
            100,
        );
        assert_eq!(text, "series   n\na       10\nbbb      2\n");
    }

    #[test]
    fn wrapping_breaks_between_words_and_never_inside_a_whole_phrase() {
        assert_eq!(wrap("aa bb cc dd", 5, &[]), "aa bb\ncc dd\n");
        assert_eq!(wrap("a verylongword b", 4, &[]), "a\nverylongword\nb\n");
        assert_eq!(wrap("", 10, &[]), "");
        // Without the phrase kept whole the command would break after `show`.
        let text = "one two; boardlab show results/x for all";
        assert_eq!(
            wrap(text, 22, &[]),
            "one two; boardlab show\nresults/x for all\n"
        );
        assert_eq!(
            wrap(text, 22, &["boardlab show results/x"]),
            "one two;\nboardlab show results/x\nfor all\n"
        );
    }

    #[test]
    fn a_wide_table_leaves_out_columns_it_names_and_keeps_its_labels_whole() {
        let long = "x".repeat(40);
        let header = strings(&["label", "first", "second", "third"]);
        let rows = vec![
            vec![
                long.clone() + "a",
                "1".repeat(10),
                "2".repeat(10),
                "3".repeat(10),
            ],
            vec![
                long.clone() + "b",
                "1".repeat(10),
                "2".repeat(10),
                "3".repeat(10),
            ],
        ];
        let text = fit(&header, &rows, 60);
        for line in text.lines() {
            assert!(line.chars().count() <= 60, "{line}");
        }
        // Both labels whole, so that they still differ; the columns that do not fit named.
        assert!(text.contains(&(long.clone() + "a")) && text.contains(&(long.clone() + "b")));
        assert!(!text.contains('…'), "{text}");
        assert!(text.contains("first"), "{text}");
        assert!(
            text.ends_with("(not shown for width: second, third)\n"),
            "{text}"
        );
        // Wide enough: nothing left out.
        let text = fit(&header, &rows, 200);
        assert!(text.contains("third") && !text.contains("not shown"));
        // Too narrow even for a label and one column: both printed whole.
        let text = fit(&header, &rows, 10);
        assert!(
            text.contains(&(long + "a")) && text.contains("first"),
            "{text}"
        );
    }
}
