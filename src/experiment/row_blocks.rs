//! Reading `draws.csv` in blocks of whole rows on every core, for
//! [`super::plan::Plan::fold_rows`].
//!
//! The file after its header is cut into byte ranges of one fixed size, and a row belongs to
//! the range it starts in. A first pass, on every core, counts the rows that start in each
//! range and finds where the first of them starts; the counts give each block the position of
//! its first row. The blocks' rows are then read again, on every core, each block from its
//! first row's start to the next block's. Nothing is read on one thread alone, so the reading
//! keeps up with any number of cores, and the blocks do not depend on the thread count.

use super::error::{IoContext, Result, check};
use rayon::prelude::*;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// The bytes of one range: enough rows to be worth a task of their own.
pub(super) const BLOCK_SIZE: usize = 4 << 20;

/// The rows of one block: the bytes `[start, end)` of the file, holding `rows` whole rows
/// (each with its line break, but the file's last row may lack it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct RowBlock {
    pub start: u64,
    pub end: u64,
    pub rows: u64,
}

/// `draws.csv` with its header checked, ready to be read in blocks of whole rows.
pub(super) struct RowFile {
    path: PathBuf,
    shown: String,
    /// The first byte after the header.
    data_start: u64,
    length: u64,
}

impl RowFile {
    /// Opens `path` and checks that it starts with `header` (which ends with its line break).
    pub fn open(path: &Path, header: &[u8]) -> Result<RowFile> {
        let shown = path.display().to_string();
        let mut file = std::fs::File::open(path).io(|| format!("cannot read {shown}"))?;
        let length = file.metadata().io(|| format!("cannot read {shown}"))?.len();
        let mut start = Vec::with_capacity(header.len());
        (&mut file)
            .take(header.len() as u64)
            .read_to_end(&mut start)
            .io(|| format!("cannot read {shown}"))?;
        // The header ends with its line break, so equal bytes are an equal first line.
        check!(
            start == header && header.ends_with(b"\n"),
            Data,
            "{shown} does not start with the header {:?}",
            String::from_utf8_lossy(header).trim_end()
        );
        Ok(RowFile {
            path: path.to_path_buf(),
            shown,
            data_start: header.len() as u64,
            length,
        })
    }

    /// The file's rows in blocks, one per range of `size` bytes that some row starts in, in
    /// file order.
    pub fn blocks(&self, size: usize) -> Result<Vec<RowBlock>> {
        let size = size.max(1) as u64;
        let ranges = (self.length - self.data_start).div_ceil(size);
        // Each range's row starts: the bytes after a line break, from the header's own.
        let starts: Vec<(u64, Option<u64>)> = (0..ranges)
            .into_par_iter()
            .map(|k| {
                let from = self.data_start + k * size;
                let to = (from + size).min(self.length);
                let bytes = self.read(from - 1, to - 1)?;
                let first = bytes.iter().position(|&b| b == b'\n');
                Ok((count_breaks(&bytes), first.map(|at| from + at as u64)))
            })
            .collect::<Result<_>>()?;
        let mut blocks: Vec<RowBlock> = Vec::new();
        for (rows, first) in starts {
            let Some(start) = first else { continue };
            if let Some(last) = blocks.last_mut() {
                last.end = start;
            }
            blocks.push(RowBlock {
                start,
                end: self.length,
                rows,
            });
        }
        Ok(blocks)
    }

    /// The bytes `[from, to)` of the file.
    pub fn read(&self, from: u64, to: u64) -> Result<Vec<u8>> {
        read_range(&self.path, &self.shown, from, to)
    }
}

/// The bytes `[from, to)` of the file at `path` (named `shown` in errors), read on a handle of
/// their own so that many threads read one file at once.
pub(super) fn read_range(path: &Path, shown: &str, from: u64, to: u64) -> Result<Vec<u8>> {
    let mut file = std::fs::File::open(path).io(|| format!("cannot read {shown}"))?;
    file.seek(SeekFrom::Start(from))
        .io(|| format!("cannot read {shown}"))?;
    let mut bytes = Vec::with_capacity((to - from) as usize);
    file.take(to - from)
        .read_to_end(&mut bytes)
        .io(|| format!("cannot read {shown}"))?;
    check!(
        bytes.len() as u64 == to - from,
        Data,
        "{shown} changed while it was read; is another program writing it?"
    );
    Ok(bytes)
}

/// The line breaks in `bytes`, found by vector compares.
fn count_breaks(bytes: &[u8]) -> u64 {
    memchr::memchr_iter(b'\n', bytes).count() as u64
}

/// The rows of `bytes`, each with its line break (the last may lack it), as
/// `split_inclusive` gives them but with each line break found by vector compares.
pub fn lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut start = 0;
    let mut breaks = memchr::memchr_iter(b'\n', bytes);
    std::iter::from_fn(move || {
        let end = breaks.next().map_or(bytes.len(), |at| at + 1);
        (start < end).then(|| {
            let line = &bytes[start..end];
            start = end;
            line
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blocks_of(text: &str, size: usize) -> Vec<(String, u64)> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("draws.csv");
        std::fs::write(&path, format!("h\n{text}")).unwrap();
        let file = RowFile::open(&path, b"h\n").unwrap();
        file.blocks(size)
            .unwrap()
            .into_iter()
            .map(|b| {
                let bytes = file.read(b.start, b.end).unwrap();
                (String::from_utf8(bytes).unwrap(), b.rows)
            })
            .collect()
    }

    #[test]
    fn every_row_is_in_the_block_of_the_range_it_starts_in() {
        let text = "ab\ncdefgh\ni\n\njk";
        for size in 1..=text.len() + 1 {
            let blocks = blocks_of(text, size);
            let joined: String = blocks.iter().map(|(b, _)| b.as_str()).collect();
            assert_eq!(joined, text, "ranges of {size}");
            for (block, rows) in &blocks {
                let expected: Vec<&[u8]> =
                    block.as_bytes().split_inclusive(|&b| b == b'\n').collect();
                assert_eq!(lines(block.as_bytes()).collect::<Vec<_>>(), expected);
                assert_eq!(expected.len() as u64, *rows, "{block:?}");
            }
        }
        // Rows start at bytes 0, 3 (range 0), 10 (range 2), 12 and 13 (range 3).
        let expected = [("ab\ncdefgh\n", 2), ("i\n", 1), ("\njk", 2)];
        assert_eq!(
            blocks_of(text, 4),
            expected.map(|(block, rows)| (block.to_string(), rows))
        );
        assert!(blocks_of("", 4).is_empty());
    }
}
