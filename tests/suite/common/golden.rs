//! Golden files under `tests/golden/`: a text the tests make is compared byte for byte with
//! the committed file. With `BOARDLAB_BLESS` set (`BOARDLAB_BLESS=1 cargo test …`) the file
//! is rewritten from the text instead; without it a missing golden file is a failure, never a
//! skip.

use std::path::{Path, PathBuf};

/// The path of the golden file `name`.
pub fn path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

/// Whether the tests rewrite the golden files (`BOARDLAB_BLESS` is set).
pub fn blessing() -> bool {
    std::env::var_os("BOARDLAB_BLESS").is_some()
}

/// Compares `actual` with the golden file `name` (rewrites the file when blessing); on a
/// difference panics with `what`, the file, the first line that differs and the whole text.
pub fn check(name: &str, what: &str, actual: &str) {
    let golden = path(name);
    if blessing() {
        std::fs::write(&golden, actual)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", golden.display()));
        return;
    }
    let expected = std::fs::read_to_string(&golden).unwrap_or_else(|e| {
        panic!(
            "{what}: the golden file {} is missing or unreadable ({e}); create it with \
             BOARDLAB_BLESS=1",
            golden.display()
        )
    });
    if actual == expected {
        return;
    }
    let (mut actual_lines, mut expected_lines) = (actual.lines(), expected.lines());
    let mut line = 1;
    let first_difference = loop {
        match (actual_lines.next(), expected_lines.next()) {
            (Some(a), Some(e)) if a == e => line += 1,
            (a, e) => break (a.unwrap_or("(end of text)"), e.unwrap_or("(end of file)")),
        }
    };
    panic!(
        "{what} differs from {} from line {line} on (rewrite the golden files with \
         BOARDLAB_BLESS=1 if the change is meant):\n  golden: {}\n  now:    {}\nthe whole text:\n{actual}",
        golden.display(),
        first_difference.1,
        first_difference.0,
    );
}
