//! The database files: one file a stored class, `DIR/<rules>/<class>.egdb` (the class named
//! as in [`Material::file_stem`], e.g. `czech/2m1k-1m0k.egdb`). `docs/endgames.md` describes
//! the format for readers in other languages.
//!
//! A 64-byte header (little-endian numbers) names what the file holds and how:
//!
//! ```text
//! offset size
//!      0    8  magic "BLABEGDB"
//!      8    4  format version (1)
//!     12   16  rules name, ASCII, zero-padded ("czech", "english")
//!     28    4  the class: White's men, White's kings, Black's men, Black's kings
//!     32    4  index scheme version (1: the index of `index.rs`)
//!     36    8  slots (twice the class's size: each position with White, then Black, to move)
//!     44    1  value width: 1 or 2 bytes a slot (0 a draw, else the distance plus one)
//!     45    3  zero
//!     48    4  slots a block (4096)
//!     52    4  blocks
//!     56    8  checksum: XXH3-64 of header bytes 0..56 followed by everything after the header
//! ```
//!
//! Then the block index, `blocks + 1` offsets (u64) into the packed data, and the packed data:
//! each block's values, little-endian, coded by PackBits ([`super::packbits`]). A probe
//! decodes one block. Files are written to a temporary name and renamed into place, so a
//! file that exists is complete; a killed build leaves at most a temporary file.

use super::material::Material;
use super::packbits::{pack, unpack};
use super::solve::{Database, Table, Values};
use crate::draughts::rules::Rules;
use std::io::Write;
use std::path::{Path, PathBuf};
use thiserror::Error;
use xxhash_rust::xxh3::Xxh3;

const MAGIC: &[u8; 8] = b"BLABEGDB";
pub const FORMAT_VERSION: u32 = 1;
pub const INDEX_VERSION: u32 = 1;
const HEADER_BYTES: usize = 64;
const CHECKSUM_AT: usize = 56;
/// Slots in one block: a probe decodes at most this many values.
pub const BLOCK_SLOTS: usize = 4096;
/// The most pieces a database may have (classes are keyed by counts below eight).
pub const MAX_PIECES: u8 = 7;

/// A database file that cannot be used, each naming the file and what to do.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum FileError {
    #[error("{dir}: no {rules} endgame database there; build it with `{build}`")]
    NoDatabase {
        dir: String,
        rules: String,
        build: String,
    },
    #[error("{path}: missing; build it with `{build}`")]
    Missing { path: String, build: String },
    #[error("{path}: truncated ({detail}); run `{build}` again to rewrite it")]
    Truncated {
        path: String,
        detail: String,
        build: String,
    },
    #[error("{path}: not an endgame database file (no BLABEGDB magic); move it out of the folder")]
    NotDatabase { path: String },
    #[error(
        "{path}: format version {found} (this boardlab reads version {FORMAT_VERSION}, index scheme {INDEX_VERSION}); run `{build}` with this boardlab to rewrite it"
    )]
    Version {
        path: String,
        found: String,
        build: String,
    },
    #[error(
        "{path}: a database of {found} rules, not {expected}; open it with --rules {found}, or move it to a `{found}` folder"
    )]
    OtherRules {
        path: String,
        found: String,
        expected: String,
    },
    #[error("{path}: {detail}; run `{build}` again to rewrite it")]
    Damaged {
        path: String,
        detail: String,
        build: String,
    },
    #[error("{path}: {error}")]
    Io { path: String, error: String },
}

/// The command that builds a database with `pieces` pieces into `dir`.
pub fn build_command(dir: &Path, rules: Rules, pieces: u8) -> String {
    format!(
        "boardlab draughts endgame build --rules {} --pieces {pieces} --out {}",
        rules.name(),
        dir.display()
    )
}

/// The file of `material` under `dir` for `rules`.
pub fn class_path(dir: &Path, rules: Rules, material: &Material) -> PathBuf {
    dir.join(rules.name())
        .join(format!("{}.egdb", material.file_stem()))
}

/// Compressed values of one class as a file keeps them.
#[derive(Clone, Debug)]
pub struct PackedValues {
    width: usize,
    slots: usize,
    /// Block `b` is `data[offsets[b]..offsets[b + 1]]`.
    offsets: Vec<u64>,
    data: Vec<u8>,
}

impl PackedValues {
    /// Packs stored values, `width` bytes each.
    fn pack(values: &[u16], width: usize) -> PackedValues {
        let mut offsets = vec![0];
        let mut data = Vec::new();
        let mut bytes = Vec::with_capacity(BLOCK_SLOTS * width);
        for block in values.chunks(BLOCK_SLOTS) {
            bytes.clear();
            for &v in block {
                bytes.extend_from_slice(&v.to_le_bytes()[..width]);
            }
            pack(&bytes, &mut data);
            offsets.push(data.len() as u64);
        }
        PackedValues {
            width,
            slots: values.len(),
            offsets,
            data,
        }
    }

    /// The stored values of block `block`.
    fn block(&self, block: usize) -> Vec<u16> {
        let packed = &self.data[self.offsets[block] as usize..self.offsets[block + 1] as usize];
        let mut bytes = Vec::with_capacity(BLOCK_SLOTS * self.width);
        unpack(packed, &mut bytes).expect("blocks are checked when the file is opened");
        bytes
            .chunks(self.width)
            .map(|b| u16::from_le_bytes([b[0], b.get(1).copied().unwrap_or(0)]))
            .collect()
    }

    /// The stored value of slot `slot`, decoding its block.
    pub fn stored_at(&self, slot: usize) -> u16 {
        self.block(slot / BLOCK_SLOTS)[slot % BLOCK_SLOTS]
    }

    /// Every stored value, block by block.
    pub fn stored_values(&self) -> impl Iterator<Item = u16> + '_ {
        (0..self.offsets.len() - 1).flat_map(|b| self.block(b))
    }

    /// Bytes of packed data and index.
    pub fn packed_bytes(&self) -> usize {
        self.data.len() + 8 * self.offsets.len()
    }
}

/// The header of `material`'s file, checksum still zero.
fn header(rules: Rules, material: &Material, packed: &PackedValues) -> [u8; HEADER_BYTES] {
    let mut header = [0u8; HEADER_BYTES];
    header[..8].copy_from_slice(MAGIC);
    header[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
    header[12..12 + rules.name().len()].copy_from_slice(rules.name().as_bytes());
    header[28..32].copy_from_slice(&[
        material.white_men,
        material.white_kings,
        material.black_men,
        material.black_kings,
    ]);
    header[32..36].copy_from_slice(&INDEX_VERSION.to_le_bytes());
    header[36..44].copy_from_slice(&(packed.slots as u64).to_le_bytes());
    header[44] = packed.width as u8;
    header[48..52].copy_from_slice(&(BLOCK_SLOTS as u32).to_le_bytes());
    header[52..56].copy_from_slice(&((packed.offsets.len() - 1) as u32).to_le_bytes());
    header
}

fn checksum(header: &[u8], body: &[u8]) -> u64 {
    let mut hasher = Xxh3::new();
    hasher.update(&header[..CHECKSUM_AT]);
    hasher.update(body);
    hasher.digest()
}

/// The bytes of `table`'s file under `rules`.
pub fn file_bytes(rules: Rules, table: &Table) -> Vec<u8> {
    let stored: Vec<u16> = table.stored_values().collect();
    let width = if stored.iter().all(|&v| v <= 0xFF) {
        1
    } else {
        2
    };
    let packed = PackedValues::pack(&stored, width);
    let mut header = header(rules, &table.material, &packed);
    let mut body = Vec::with_capacity(packed.packed_bytes());
    for offset in &packed.offsets {
        body.extend_from_slice(&offset.to_le_bytes());
    }
    body.extend_from_slice(&packed.data);
    let sum = checksum(&header, &body);
    header[CHECKSUM_AT..].copy_from_slice(&sum.to_le_bytes());
    let mut bytes = header.to_vec();
    bytes.extend_from_slice(&body);
    bytes
}

/// Writes `table`'s file under `dir` atomically (a temporary file renamed into place).
pub fn write_table(dir: &Path, rules: Rules, table: &Table) -> Result<PathBuf, FileError> {
    let path = class_path(dir, rules, &table.material);
    let io = |error: std::io::Error| FileError::Io {
        path: path.display().to_string(),
        error: error.to_string(),
    };
    let folder = path.parent().expect("a class file is in a rules folder");
    std::fs::create_dir_all(folder).map_err(io)?;
    // Readable by all (less the umask), as results files are: a database is built once and
    // read by every user and service of the machine.
    let mut temporary =
        crate::output::atomic::temporary_in(folder, ".", ".egdb.tmp").map_err(io)?;
    temporary.write_all(&file_bytes(rules, table)).map_err(io)?;
    temporary.as_file().sync_all().map_err(io)?;
    temporary.persist(&path).map_err(|e| io(e.error))?;
    Ok(path)
}

/// Reads and checks `material`'s file under `dir`; `pieces` names the build in messages.
pub fn read_table(
    dir: &Path,
    rules: Rules,
    material: &Material,
    pieces: u8,
) -> Result<Table, FileError> {
    let path = class_path(dir, rules, material);
    let name = path.display().to_string();
    let build = build_command(dir, rules, pieces);
    let bytes = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            return Err(FileError::Missing { path: name, build });
        }
        Err(error) => {
            return Err(FileError::Io {
                path: name,
                error: error.to_string(),
            });
        }
    };
    let packed =
        parse(&bytes, rules, material).map_err(|problem| problem.error(name, build, rules))?;
    Ok(Table::from_values(*material, Values::Packed(packed)))
}

/// What is wrong with a file's bytes, before the file's name is added.
enum Problem {
    Truncated(String),
    NotDatabase,
    Version(String),
    OtherRules(String),
    Damaged(String),
}

impl Problem {
    fn error(self, path: String, build: String, rules: Rules) -> FileError {
        match self {
            Problem::Truncated(detail) => FileError::Truncated {
                path,
                detail,
                build,
            },
            Problem::NotDatabase => FileError::NotDatabase { path },
            Problem::Version(found) => FileError::Version { path, found, build },
            Problem::OtherRules(found) => FileError::OtherRules {
                path,
                found,
                expected: rules.name().to_string(),
            },
            Problem::Damaged(detail) => FileError::Damaged {
                path,
                detail,
                build,
            },
        }
    }
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("four bytes"))
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("eight bytes"))
}

/// Checks a file's bytes against what it should hold and returns its values.
fn parse(bytes: &[u8], rules: Rules, material: &Material) -> Result<PackedValues, Problem> {
    if bytes.len() < HEADER_BYTES {
        let detail = format!("{} bytes, a header has {HEADER_BYTES}", bytes.len());
        return Err(Problem::Truncated(detail));
    }
    if &bytes[..8] != MAGIC {
        return Err(Problem::NotDatabase);
    }
    let (version, index) = (u32_at(bytes, 8), u32_at(bytes, 32));
    if version != FORMAT_VERSION || index != INDEX_VERSION {
        return Err(Problem::Version(format!("{version}, index scheme {index}")));
    }
    let name = &bytes[12..28];
    let name = String::from_utf8_lossy(&name[..name.iter().position(|&b| b == 0).unwrap_or(16)]);
    if name != rules.name() {
        return Err(Problem::OtherRules(crate::names::shown(&name)));
    }
    let expected = header_fields(material, bytes);
    let blocks = u32_at(bytes, 52) as usize;
    let body = &bytes[HEADER_BYTES..];
    let index_bytes = 8 * (blocks + 1);
    if body.len() < index_bytes {
        return Err(Problem::Truncated(format!(
            "{} bytes, its block index alone has {}",
            bytes.len(),
            HEADER_BYTES + index_bytes
        )));
    }
    let offsets: Vec<u64> = (0..=blocks).map(|b| u64_at(body, 8 * b)).collect();
    let data = &body[index_bytes..];
    let end = offsets[blocks] as usize;
    if data.len() < end {
        let detail = format!(
            "{} bytes, its index says {}",
            bytes.len(),
            bytes.len() - data.len() + end
        );
        return Err(Problem::Truncated(detail));
    }
    if checksum(bytes, body) != u64_at(bytes, CHECKSUM_AT) || data.len() != end {
        return Err(Problem::Damaged(
            "checksum mismatch, the file is damaged".into(),
        ));
    }
    expected?;
    let packed = PackedValues {
        width: usize::from(bytes[44]),
        slots: u64_at(bytes, 36) as usize,
        offsets,
        data: data.to_vec(),
    };
    check_blocks(&packed)?;
    Ok(packed)
}

/// Whether the header's class, slots, width and blocks are those of `material`'s file.
fn header_fields(material: &Material, bytes: &[u8]) -> Result<(), Problem> {
    let class = &bytes[28..32];
    let found = Material {
        white_men: class[0],
        white_kings: class[1],
        black_men: class[2],
        black_kings: class[3],
    };
    if found != *material {
        let detail = format!(
            "holds class {}, not {}",
            found.file_stem(),
            material.file_stem()
        );
        return Err(Problem::Damaged(detail));
    }
    let slots = 2 * material.size();
    let blocks = slots.div_ceil(BLOCK_SLOTS as u64);
    let width = bytes[44];
    let fine = u64_at(bytes, 36) == slots
        && (width == 1 || width == 2)
        && u32_at(bytes, 48) as usize == BLOCK_SLOTS
        && u64::from(u32_at(bytes, 52)) == blocks;
    if fine {
        Ok(())
    } else {
        Err(Problem::Damaged("header does not match its class".into()))
    }
}

/// Whether every block decodes to a full block of values.
fn check_blocks(packed: &PackedValues) -> Result<(), Problem> {
    let blocks = packed.offsets.len() - 1;
    for b in 0..blocks {
        let (start, end) = (packed.offsets[b] as usize, packed.offsets[b + 1] as usize);
        let mut bytes = Vec::new();
        let slots = BLOCK_SLOTS.min(packed.slots - b * BLOCK_SLOTS);
        let decoded = start <= end && unpack(&packed.data[start..end], &mut bytes).is_ok();
        if !decoded || bytes.len() != slots * packed.width {
            return Err(Problem::Damaged(format!("block {b} does not decode")));
        }
    }
    Ok(())
}

/// The stored classes of exactly `pieces` pieces.
fn classes_of(pieces: u8) -> Vec<Material> {
    Material::stored_classes(pieces)
        .into_iter()
        .filter(|m| m.pieces() == pieces)
        .collect()
}

/// Opens the database under `dir` (see [`Database::open`]): every piece count from 1 up to
/// the first of which no file is there. A file missing from a count that has others, or
/// from a count below one that has files, is an error naming it.
pub fn open_database(dir: &Path, rules: Rules) -> Result<Database, FileError> {
    let folder = dir.join(rules.name());
    if !folder.is_dir() {
        return Err(FileError::NoDatabase {
            dir: dir.display().to_string(),
            rules: rules.name().to_string(),
            build: build_command(dir, rules, 4),
        });
    }
    let mut database = Database::new(rules);
    for pieces in 1..=MAX_PIECES {
        let classes = classes_of(pieces);
        let there = |m: &Material| class_path(dir, rules, m).symlink_metadata().is_ok();
        if pieces > 1 && !classes.iter().any(there) {
            // The database ends below `pieces`: no file of this count or above may be there,
            // or one deleted or moved away would shrink it without a word.
            let above = (pieces + 1..=MAX_PIECES).find(|&p| classes_of(p).iter().any(there));
            if let Some(above) = above {
                return Err(FileError::Missing {
                    path: class_path(dir, rules, &classes[0]).display().to_string(),
                    build: build_command(dir, rules, above),
                });
            }
            break;
        }
        // A class file missing among the others of its count, or replaced by something that
        // is not a file, is named by the read.
        for material in &classes {
            let table = read_table(dir, rules, material, pieces)?;
            database.insert(table);
        }
        database.set_max_pieces(pieces);
    }
    Ok(database)
}
