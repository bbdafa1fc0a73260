//! Checksums of the data files, kept as a running hash while a file is written. The manifest
//! records the hash of the file's first `bytes` bytes with their row count, so `--resume` and
//! `merge` can tell an intact file from an edited or damaged one.
//!
//! Data files are hashed with XXH3-64 (Collet's xxHash, 64-bit, seed 0), which keeps up with
//! many cores writing rows. Manifests written before it record FNV-1a 64 (Fowler, Noll and Vo;
//! offset basis 0xcbf29ce484222325, prime 0x100000001b3), which is still read, and a resumed
//! run goes on with the hash its manifest names. The outputs (tables, charts, reports) keep
//! FNV-1a 64: they are small.

use super::error::{IoContext, Result, fail};
use serde::{Deserialize, Serialize};
use std::io::Read;
use std::path::Path;
use xxhash_rust::xxh3::Xxh3Default;

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

/// The hash a data mark uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HashKind {
    Fnv1a64,
    Xxh3,
}

/// A running hash of a data file, of either kind.
#[derive(Clone)]
pub enum DataHash {
    Fnv1a64(Fnv1a64),
    Xxh3(Box<Xxh3Default>),
}

impl std::fmt::Debug for DataHash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}({})", self.kind(), self.hex())
    }
}

impl Default for DataHash {
    /// The hash of new data files.
    fn default() -> DataHash {
        DataHash::new(HashKind::Xxh3)
    }
}

impl DataHash {
    pub fn new(kind: HashKind) -> DataHash {
        match kind {
            HashKind::Fnv1a64 => DataHash::Fnv1a64(Fnv1a64::default()),
            HashKind::Xxh3 => DataHash::Xxh3(Box::default()),
        }
    }

    pub fn kind(&self) -> HashKind {
        match self {
            DataHash::Fnv1a64(_) => HashKind::Fnv1a64,
            DataHash::Xxh3(_) => HashKind::Xxh3,
        }
    }

    pub fn update(&mut self, bytes: &[u8]) {
        match self {
            DataHash::Fnv1a64(hash) => hash.update(bytes),
            DataHash::Xxh3(hash) => hash.update(bytes),
        }
    }

    /// As written in the manifest: 16 lower-case hex digits.
    pub fn hex(&self) -> String {
        match self {
            DataHash::Fnv1a64(hash) => hash.hex(),
            DataHash::Xxh3(hash) => format!("{:016x}", hash.digest()),
        }
    }
}

/// A checked prefix of a data file: its first `bytes` bytes hold `rows` rows (after the
/// header) and hash to `xxh3_64` (or, in a manifest written before that hash, `fnv1a64`;
/// exactly one of the two is set). `positions` is how many of the plan's draws those rows
/// stand for, recorded only where it is not `rows`: where series ended early
/// ([`super::stops`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DataMark {
    pub rows: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub positions: Option<u64>,
    pub bytes: u64,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub fnv1a64: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub xxh3_64: String,
}

impl DataMark {
    pub fn new(rows: u64, bytes: u64, hash: &DataHash) -> DataMark {
        let (mut fnv1a64, mut xxh3_64) = (String::new(), String::new());
        match hash.kind() {
            HashKind::Fnv1a64 => fnv1a64 = hash.hex(),
            HashKind::Xxh3 => xxh3_64 = hash.hex(),
        }
        DataMark {
            rows,
            positions: None,
            bytes,
            fnv1a64,
            xxh3_64,
        }
    }

    /// The mark with the plan's draws it stands for (recorded only where they are not its
    /// rows).
    pub fn at_positions(mut self, positions: u64) -> DataMark {
        self.positions = (positions != self.rows).then_some(positions);
        self
    }

    /// How many of the plan's draws the rows stand for.
    pub fn positions(&self) -> u64 {
        self.positions.unwrap_or(self.rows)
    }

    /// The hash this mark records.
    pub fn kind(&self) -> HashKind {
        if self.fnv1a64.is_empty() {
            HashKind::Xxh3
        } else {
            HashKind::Fnv1a64
        }
    }

    /// The recorded hash as hex.
    pub fn hex(&self) -> &str {
        match self.kind() {
            HashKind::Fnv1a64 => &self.fnv1a64,
            HashKind::Xxh3 => &self.xxh3_64,
        }
    }

    /// The checksum for people: its name and value, as `XXH3-64 `…``.
    pub fn describe(&self) -> String {
        let name = match self.kind() {
            HashKind::Fnv1a64 => "FNV-1a 64",
            HashKind::Xxh3 => "XXH3-64",
        };
        format!("{name} `{}`", self.hex())
    }
}

/// The running hash of kind `kind` of the first `bytes` bytes of `path`, or `None` if it is
/// shorter.
pub fn hash_prefix(path: &Path, bytes: u64, kind: HashKind) -> Result<Option<DataHash>> {
    let file = std::fs::File::open(path).io_at("cannot read", path)?;
    let mut reader = file.take(bytes);
    let mut hash = DataHash::new(kind);
    let mut buffer = vec![0; 1 << 20];
    let mut read = 0u64;
    loop {
        let n = reader.read(&mut buffer).io_at("cannot read", path)?;
        if n == 0 {
            break;
        }
        hash.update(&buffer[..n]);
        read += n as u64;
    }
    Ok((read == bytes).then_some(hash))
}

/// The FNV-1a 64 hash of a whole file, as hex (the outputs' checksum).
pub fn hash_file(path: &Path) -> Result<String> {
    let length = std::fs::metadata(path).io_at("cannot read", path)?.len();
    match hash_prefix(path, length, HashKind::Fnv1a64)? {
        Some(hash) => Ok(hash.hex()),
        None => fail!(Data, "{} changed while read", path.display()),
    }
}

/// Whether the first `mark.bytes` bytes of `path` are the ones `mark` recorded.
pub fn matches(path: &Path, mark: &DataMark) -> Result<bool> {
    Ok(hash_prefix(path, mark.bytes, mark.kind())?.is_some_and(|hash| hash.hex() == mark.hex()))
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
        for kind in [HashKind::Fnv1a64, HashKind::Xxh3] {
            let mut hash = hash_prefix(&path, 3, kind).unwrap().unwrap();
            hash.update(b"bar");
            let whole = hash_prefix(&path, 6, kind).unwrap().unwrap();
            assert_eq!(hash.hex(), whole.hex());
            assert!(hash_prefix(&path, 7, kind).unwrap().is_none());
        }
        let fnv = hash_prefix(&path, 6, HashKind::Fnv1a64).unwrap().unwrap();
        assert_eq!(fnv.hex(), hash_file(&path).unwrap());
    }

    #[test]
    fn published_xxh3_64_vectors() {
        // XXH3_64bits of the empty input and of "a" (seed 0), from xxHash's reference
        // implementation (`xxhsum -H3`).
        for (text, expected) in [("", "2d06800538d394c2"), ("a", "e6c632b61e964e1f")] {
            let mut hash = DataHash::new(HashKind::Xxh3);
            hash.update(text.as_bytes());
            assert_eq!(hash.hex(), expected, "{text:?}");
        }
    }

    #[test]
    fn a_mark_reads_either_hash_and_writes_the_one_it_holds() {
        let old: DataMark =
            serde_json::from_str(r#"{"rows":1,"bytes":2,"fnv1a64":"00000000000000ab"}"#).unwrap();
        assert_eq!(old.kind(), HashKind::Fnv1a64);
        assert_eq!(old.describe(), "FNV-1a 64 `00000000000000ab`");
        assert_eq!(
            serde_json::to_string(&old).unwrap(),
            r#"{"rows":1,"bytes":2,"fnv1a64":"00000000000000ab"}"#
        );
        let new = DataMark::new(1, 2, &DataHash::default());
        assert_eq!(new.kind(), HashKind::Xxh3);
        assert!(serde_json::to_string(&new).unwrap().contains("\"xxh3_64\""));
    }
}
