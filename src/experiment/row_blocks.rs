//! Reading `draws.csv` in blocks of whole rows, for [`super::plan::Plan::fold_rows`], and
//! merging what is made of each block in the blocks' order.

use super::error::{IoContext, Result, check};
use std::io::Read;

/// Accumulators of blocks merged in the blocks' order, whatever order they come in.
pub(super) struct InOrder<A> {
    pub total: A,
    /// The blocks merged so far (the next to merge is block `merged`).
    pub merged: u64,
    pub waiting: std::collections::BTreeMap<u64, Result<A>>,
}

impl<A> InOrder<A> {
    pub fn take(
        &mut self,
        index: u64,
        result: Result<A>,
        merge: &impl Fn(&mut A, A),
    ) -> Result<()> {
        self.waiting.insert(index, result);
        while let Some(result) = self.waiting.remove(&self.merged) {
            merge(&mut self.total, result?);
            self.merged += 1;
        }
        Ok(())
    }
}

/// `draws.csv` after its header, in blocks of whole rows of about `size` bytes each.
pub(super) struct RowBlocks {
    file: std::fs::File,
    shown: String,
    /// The start of a row read with the previous block.
    carry: Vec<u8>,
    ended: bool,
    /// Bytes read at a time.
    size: usize,
}

impl RowBlocks {
    /// The bytes of a block: enough rows to be worth a task of their own.
    pub const SIZE: usize = 4 << 20;

    /// Opens `path` and checks that it starts with `header`.
    pub fn open(path: &std::path::Path, header: &[u8], size: usize) -> Result<RowBlocks> {
        let shown = path.display().to_string();
        let file = std::fs::File::open(path).io(|| format!("cannot read {shown}"))?;
        let mut blocks = RowBlocks {
            file,
            shown,
            carry: Vec::new(),
            ended: false,
            size,
        };
        let mut start = vec![0; header.len()];
        let read = blocks.fill(&mut start)?;
        // The header ends with its line break, so equal bytes are an equal first line.
        check!(
            start[..read] == *header && header.ends_with(b"\n"),
            Data,
            "{} does not start with the header {:?}",
            blocks.shown,
            String::from_utf8_lossy(header).trim_end()
        );
        Ok(blocks)
    }

    /// Reads into all of `buffer` unless the file ends first; the bytes read.
    fn fill(&mut self, buffer: &mut [u8]) -> Result<usize> {
        let mut read = 0;
        while read < buffer.len() {
            let n = self
                .file
                .read(&mut buffer[read..])
                .io(|| format!("cannot read {}", self.shown))?;
            if n == 0 {
                self.ended = true;
                break;
            }
            read += n;
        }
        Ok(read)
    }

    /// The next rows, each ending with its line break (the file's last row may lack it).
    pub fn next_block(&mut self) -> Result<Option<Vec<u8>>> {
        if self.ended {
            return Ok((!self.carry.is_empty()).then(|| std::mem::take(&mut self.carry)));
        }
        let mut block = std::mem::take(&mut self.carry);
        let kept = block.len();
        block.resize(kept + self.size, 0);
        let read = self.fill(&mut block[kept..])?;
        block.truncate(kept + read);
        if !self.ended {
            match block.iter().rposition(|&b| b == b'\n') {
                Some(last) => self.carry = block.split_off(last + 1),
                // A row longer than a block: read on until it ends.
                None => {
                    self.carry = block;
                    return self.next_block();
                }
            }
        }
        Ok((!block.is_empty()).then_some(block))
    }
}
