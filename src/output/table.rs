//! Aligned text tables for the terminal that fit a given width: the first column (a label)
//! left-aligned, the others right-aligned, two spaces between columns. When the table is too
//! wide the label column is shortened with `…` (down to [`MIN_LABEL`] characters) and then
//! the last columns are left out, with a closing line that names them.

/// The narrowest a shortened label column becomes before columns are left out.
pub const MIN_LABEL: usize = 16;

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
    // First shorten the label, then leave out columns from the right.
    if total(&widths) > width && columns > 0 {
        let excess = total(&widths) - width;
        widths[0] = widths[0]
            .saturating_sub(excess)
            .max(MIN_LABEL.min(widths[0]));
    }
    let mut shown = columns;
    while shown > 1 && total(&widths[..shown]) > width {
        shown -= 1;
    }
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths[..shown])
            .enumerate()
            .map(|(i, (cell, &w))| {
                let cell = shorten(cell, w);
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

/// `text` broken between words into lines of at most `width` characters (a longer word
/// keeps a line of its own), each ending in a newline.
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
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
    out
}

/// `text` in at most `width` characters, its end replaced by `…` when cut.
fn shorten(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        text.to_string()
    } else {
        let kept: String = text.chars().take(width.saturating_sub(1)).collect();
        kept + "…"
    }
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
    fn wrapping_breaks_between_words_within_the_width() {
        assert_eq!(wrap("aa bb cc dd", 5), "aa bb\ncc dd\n");
        assert_eq!(wrap("a verylongword b", 4), "a\nverylongword\nb\n");
        assert_eq!(wrap("", 10), "");
    }

    #[test]
    fn a_wide_table_shortens_its_label_then_leaves_out_columns_it_names() {
        let long = "x".repeat(60);
        let header = strings(&["label", "first", "second", "third"]);
        let rows = vec![vec![
            long.clone(),
            "1".repeat(20),
            "2".repeat(20),
            "3".repeat(20),
        ]];
        let text = fit(&header, &rows, 70);
        for line in text.lines() {
            assert!(line.chars().count() <= 70, "{line}");
        }
        assert!(text.contains('…'), "{text}");
        assert!(text.contains("first"), "{text}");
        assert!(text.ends_with("(not shown for width: third)\n"), "{text}");
        // Wide enough: nothing shortened, nothing left out.
        let text = fit(&header, &rows, 200);
        assert!(text.contains(&long) && text.contains("third") && !text.contains('…'));
    }
}
