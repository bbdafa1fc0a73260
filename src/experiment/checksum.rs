//! Checksums of the data files: FNV-1a 64 (Fowler, Noll and Vo; offset basis
//! 0xcbf29ce484222325, prime 0x100000001b3) over the bytes of a file, kept as a running hash
//! while the file is written. The manifest records the hash of the file's first `bytes`
//! bytes with their row count, so `--resume` and `merge` can tell an intact file from an
//! edited or damaged one.

use super::error::{IoContext, Result, fail};
use serde::{Deserialize, Serialize};
use std::io::Read;
use std::path::Path;

/// A running FNV-1a 64 hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fnv1a64(u64);

impl Default for Fnv1a64 {
    fn default() -> Fnv1a64 {
        Fnv1a64(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv1a64 {
    pub fn update(&mut self, bytes: &[u8]) {
        let mut hash = self.0;
        for &byte in bytes {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
        self.0 = hash;
    }

    /// As written in the manifest: 16 lower-case hex digits.
    pub fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}

/// A checked prefix of a data file: its first `bytes` bytes hold `rows` rows (after the
/// header) and hash to `fnv1a64`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DataMark {
    pub rows: u64,
    pub bytes: u64,
    pub fnv1a64: String,
}

impl DataMark {
    pub fn new(rows: u64, bytes: u64, hash: &Fnv1a64) -> DataMark {
        DataMark {
            rows,
            bytes,
            fnv1a64: hash.hex(),
        }
    }
}

/// The running hash of the first `bytes` bytes of `path`, or `None` if it is shorter.
pub fn hash_prefix(path: &Path, bytes: u64) -> Result<Option<Fnv1a64>> {
    let file = std::fs::File::open(path).io_at("cannot read", path)?;
    let mut reader = std::io::BufReader::with_capacity(1 << 16, file.take(bytes));
    let mut hash = Fnv1a64::default();
    let mut read = 0u64;
    loop {
        let buffer = std::io::BufRead::fill_buf(&mut reader).io_at("cannot read", path)?;
        if buffer.is_empty() {
            break;
        }
        hash.update(buffer);
        read += buffer.len() as u64;
        let consumed = buffer.len();
        std::io::BufRead::consume(&mut reader, consumed);
    }
    Ok((read == bytes).then_some(hash))
}

/// The hash of a whole file, as hex.
pub fn hash_file(path: &Path) -> Result<String> {
    let length = std::fs::metadata(path).io_at("cannot read", path)?.len();
    match hash_prefix(path, length)? {
        Some(hash) => Ok(hash.hex()),
        None => fail!(Data, "{} changed while read", path.display()),
    }
}

/// Whether the first `mark.bytes` bytes of `path` are the ones `mark` recorded.
pub fn matches(path: &Path, mark: &DataMark) -> Result<bool> {
    Ok(hash_prefix(path, mark.bytes)?.is_some_and(|hash| hash.hex() == mark.fnv1a64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn published_fnv1a64_vectors() {
        // From the reference test vectors of Fowler, Noll and Vo.
        for (text, expected) in [
            ("", 0xcbf29ce484222325u64),
            ("a", 0xaf63dc4c8601ec8c),
            ("foobar", 0x85944171f73967e8),
        ] {
            let mut hash = Fnv1a64::default();
            hash.update(text.as_bytes());
            assert_eq!(hash, Fnv1a64(expected), "{text:?}");
        }
    }

    #[test]
    fn a_prefix_hash_continues_to_the_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        std::fs::write(&path, b"foobar").unwrap();
        let mut hash = hash_prefix(&path, 3).unwrap().unwrap();
        hash.update(b"bar");
        assert_eq!(hash.hex(), hash_file(&path).unwrap());
        assert_eq!(hash_prefix(&path, 7).unwrap(), None);
    }
}
