//! The data file of a results folder, as text or compressed: `draws.csv`, or `draws.csv.zst`
//! where the run was asked to compress it (`boardlab run --compress`).
//!
//! A compressed file is a sequence of Zstandard frames: the header in a frame of its own,
//! then one frame per chunk of draws, compressed by the worker that computed the chunk. The
//! chunks are the plan's, whatever the thread count, so the compressed bytes are the same for
//! any thread count, interruption or sharding, like the text's. Concatenated frames are one
//! valid Zstandard stream: `zstd -d`, pandas, polars and DuckDB read the file as the CSV it
//! holds. Each frame records its content size and a checksum of its content, so that the
//! file can be read in parallel, frame by frame, and a damaged frame is found.

use super::error::{IoContext, Result, check, fail};
use super::row_blocks::read_range;
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Read};
use std::path::{Path, PathBuf};

/// How a run's data file is stored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Compression {
    /// `draws.csv`, plain text.
    #[default]
    None,
    /// `draws.csv.zst`: one Zstandard frame per chunk.
    Zstd,
}

/// Zstandard's fastest regular level: the "15" game's rows compress about tenfold at some
/// 600 MB a second per core; level 3 made a 300 MB sample of them only 2% smaller.
const LEVEL: i32 = 1;

/// The magic number that starts a Zstandard frame.
const FRAME_MAGIC: u32 = 0xFD2F_B528;

impl Compression {
    /// The finished data file's name.
    pub fn file_name(self) -> &'static str {
        match self {
            Compression::None => "draws.csv",
            Compression::Zstd => "draws.csv.zst",
        }
    }

    /// The data file's name while the run is unfinished.
    pub fn partial_name(self) -> &'static str {
        match self {
            Compression::None => "draws.csv.partial",
            Compression::Zstd => "draws.csv.zst.partial",
        }
    }

    pub fn is_none(&self) -> bool {
        *self == Compression::None
    }

    /// The compression of a data file, by its name.
    pub fn of_path(path: &Path) -> Compression {
        let name = path.file_name().map(|n| n.to_string_lossy());
        match name.as_deref() {
            Some(name) if name.ends_with(".zst") || name.ends_with(".zst.partial") => {
                Compression::Zstd
            }
            _ => Compression::None,
        }
    }

    /// `text` as it is stored: unchanged, or as one frame (nothing for no text, so that a
    /// chunk without rows adds no bytes).
    pub fn encode(self, text: &[u8]) -> Vec<u8> {
        match self {
            Compression::None => text.to_vec(),
            Compression::Zstd if text.is_empty() => Vec::new(),
            Compression::Zstd => {
                let mut compressor =
                    zstd::bulk::Compressor::new(LEVEL).expect("the compression level is valid");
                compressor
                    .include_checksum(true)
                    .and_then(|()| compressor.include_contentsize(true))
                    .and_then(|()| compressor.compress(text))
                    .expect("compressing into memory cannot fail")
            }
        }
    }

    /// The text of `stored`, bytes of a data file of this compression (whole frames).
    pub fn decode(self, stored: &[u8], shown: &str) -> Result<Vec<u8>> {
        match self {
            Compression::None => Ok(stored.to_vec()),
            Compression::Zstd => zstd::stream::decode_all(stored).map_err(|e| damaged(shown, e)),
        }
    }
}

fn damaged(shown: &str, error: impl std::fmt::Display) -> super::HarnessError {
    super::HarnessError::Data(format!(
        "{shown} is not readable Zstandard data ({error}); make it again with the manifest's reproduce command"
    ))
}

/// The text of the data file at `path`, read as a stream of lines (decompressed where the
/// name ends in `.zst`).
pub fn open_text(path: &Path) -> Result<Box<dyn BufRead + Send>> {
    let shown = path.display().to_string();
    let file = std::fs::File::open(path).io(|| format!("cannot read {shown}"))?;
    let reader = std::io::BufReader::with_capacity(1 << 20, file);
    Ok(match Compression::of_path(path) {
        Compression::None => Box::new(reader),
        Compression::Zstd => {
            let decoder = zstd::stream::read::Decoder::with_buffer(reader)
                .io(|| format!("cannot read {shown}"))?;
            Box::new(std::io::BufReader::with_capacity(1 << 20, decoder))
        }
    })
}

/// One frame of a compressed data file: where it lies and how much text it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Frame {
    pub start: u64,
    pub end: u64,
    pub text: u64,
}

/// A compressed data file, indexed by frame without decompressing it.
pub(super) struct FrameFile {
    path: PathBuf,
    shown: String,
    pub frames: Vec<Frame>,
}

impl FrameFile {
    /// Reads where each frame of `path` starts and ends, from the frames' headers and their
    /// blocks' headers.
    pub fn open(path: &Path) -> Result<FrameFile> {
        let shown = path.display().to_string();
        let file = std::fs::File::open(path).io(|| format!("cannot read {shown}"))?;
        let length = file.metadata().io(|| format!("cannot read {shown}"))?.len();
        let mut reader = std::io::BufReader::with_capacity(1 << 16, file);
        let mut frames = Vec::new();
        let mut at = 0u64;
        while at < length {
            let frame = read_frame(&mut reader, at)
                .map_err(|e| damaged(&shown, format!("frame at byte {at}: {e}")))?;
            check!(
                frame.end <= length,
                Data,
                "{shown} ends in the middle of a frame; make it again with the manifest's reproduce command"
            );
            at = frame.end;
            frames.push(frame);
        }
        Ok(FrameFile {
            path: path.to_path_buf(),
            shown,
            frames,
        })
    }

    /// The text of frames `frames`, which must be consecutive.
    pub fn decode(&self, frames: &[Frame]) -> Result<Vec<u8>> {
        let (Some(first), Some(last)) = (frames.first(), frames.last()) else {
            return Ok(Vec::new());
        };
        let stored = read_range(&self.path, &self.shown, first.start, last.end)?;
        // Each frame straight into its place: its header gave its size.
        let expected: u64 = frames.iter().map(|f| f.text).sum();
        let mut text = vec![0u8; expected as usize];
        let mut decompressor =
            zstd::bulk::Decompressor::new().io(|| format!("cannot read {}", self.shown))?;
        let mut at = 0usize;
        for frame in frames {
            let from = (frame.start - first.start) as usize;
            let source = &stored[from..from + (frame.end - frame.start) as usize];
            let target = &mut text[at..at + frame.text as usize];
            let written = decompressor
                .decompress_to_buffer(source, target)
                .map_err(|e| damaged(&self.shown, format!("frame at byte {}: {e}", frame.start)))?;
            check!(
                written as u64 == frame.text,
                Data,
                "{} changed while it was read; is another program writing it?",
                self.shown
            );
            at += written;
        }
        Ok(text)
    }
}

/// Reads the frame that starts at byte `at` (where `reader` stands) up to its end, reading
/// only its headers and seeking past its blocks.
fn read_frame(reader: &mut std::io::BufReader<std::fs::File>, at: u64) -> std::io::Result<Frame> {
    let invalid = |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what);
    let mut header = [0u8; 5];
    reader.read_exact(&mut header)?;
    if u32::from_le_bytes(header[..4].try_into().expect("four bytes")) != FRAME_MAGIC {
        return Err(invalid("not a Zstandard frame"));
    }
    let descriptor = header[4];
    let single_segment = descriptor & 0x20 != 0;
    let has_checksum = descriptor & 0x04 != 0;
    let dictionary_bytes = [0, 1, 2, 4][usize::from(descriptor & 3)];
    let size_bytes = match descriptor >> 6 {
        0 if single_segment => 1,
        0 => return Err(invalid("a frame without its content size")),
        1 => 2,
        2 => 4,
        _ => 8,
    };
    let window_bytes = if single_segment { 0 } else { 1 };
    skip(reader, window_bytes + dictionary_bytes)?;
    let mut size = [0u8; 8];
    reader.read_exact(&mut size[..size_bytes])?;
    let mut text = u64::from_le_bytes(size);
    if size_bytes == 2 {
        text += 256;
    }
    let mut length = 5 + window_bytes + dictionary_bytes + size_bytes as u64;
    loop {
        let mut block = [0u8; 4];
        reader.read_exact(&mut block[..3])?;
        let block = u32::from_le_bytes(block);
        let (last, kind, size) = (block & 1 == 1, (block >> 1) & 3, u64::from(block >> 3));
        let stored = match kind {
            1 => 1, // a byte repeated `size` times
            3 => return Err(invalid("a reserved block type")),
            _ => size,
        };
        skip(reader, stored)?;
        length += 3 + stored;
        if last {
            break;
        }
    }
    if has_checksum {
        skip(reader, 4)?;
        length += 4;
    }
    Ok(Frame {
        start: at,
        end: at + length,
        text,
    })
}

/// Moves `reader` on by `bytes` (past the end of the file too: the caller checks where the
/// frame ends).
fn skip(reader: &mut std::io::BufReader<std::fs::File>, bytes: u64) -> std::io::Result<()> {
    reader.seek_relative(bytes as i64)
}

/// Consecutive frames of `frames` holding about `size` bytes of text each, for reading on
/// every core.
pub(super) fn groups(frames: &[Frame], size: u64) -> Vec<&[Frame]> {
    let mut groups = Vec::new();
    let (mut start, mut text) = (0, 0);
    for (i, frame) in frames.iter().enumerate() {
        text += frame.text;
        if text >= size {
            groups.push(&frames[start..=i]);
            (start, text) = (i + 1, 0);
        }
    }
    if start < frames.len() {
        groups.push(&frames[start..]);
    }
    groups
}

/// Checks that a data file's first frame holds exactly `header`.
pub(super) fn check_header(file: &FrameFile, header: &[u8]) -> Result<()> {
    let text = match file.frames.first() {
        Some(first) => file.decode(std::slice::from_ref(first))?,
        None => Vec::new(),
    };
    if text != header {
        fail!(
            Data,
            "{} does not start with the header {:?}",
            file.shown,
            String::from_utf8_lossy(header).trim_end()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The whole text of the data file at `path`, through [`open_text`].
    fn read_text(path: &Path) -> std::io::Result<String> {
        let mut text = String::new();
        open_text(path)
            .map_err(std::io::Error::other)?
            .read_to_string(&mut text)?;
        Ok(text)
    }

    fn frames_of(texts: &[&str]) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("draws.csv.zst");
        let stored: Vec<u8> = texts
            .iter()
            .flat_map(|t| Compression::Zstd.encode(t.as_bytes()))
            .collect();
        std::fs::write(&path, stored).unwrap();
        (dir, path)
    }

    #[test]
    fn frames_are_found_from_their_headers_and_decode_to_their_texts() {
        let long = "series,draw,x\n".repeat(20_000);
        let texts = ["h\n", "a,0\nb,1\n", "", &long, "c,2\n"];
        let (_dir, path) = frames_of(&texts);
        let file = FrameFile::open(&path).unwrap();
        // The empty text adds no frame.
        assert_eq!(file.frames.len(), 4);
        let non_empty: Vec<&str> = texts.iter().copied().filter(|t| !t.is_empty()).collect();
        for (frame, text) in file.frames.iter().zip(&non_empty) {
            assert_eq!(frame.text, text.len() as u64);
            assert_eq!(
                file.decode(std::slice::from_ref(frame)).unwrap(),
                text.as_bytes()
            );
        }
        assert_eq!(
            file.frames.last().unwrap().end,
            std::fs::metadata(&path).unwrap().len()
        );
        assert_eq!(read_text(&path).unwrap(), texts.concat());
        check_header(&file, b"h\n").unwrap();
        assert!(check_header(&file, b"g\n").is_err());
    }

    #[test]
    fn groups_cover_every_frame_in_order() {
        let frame = |text| Frame {
            start: 0,
            end: 0,
            text,
        };
        let frames: Vec<Frame> = [3, 1, 1, 5, 2, 2].map(frame).to_vec();
        let sizes: Vec<Vec<u64>> = groups(&frames, 4)
            .iter()
            .map(|g| g.iter().map(|f| f.text).collect())
            .collect();
        assert_eq!(sizes, vec![vec![3, 1], vec![1, 5], vec![2, 2]]);
        assert!(groups(&[], 4).is_empty());
    }

    #[test]
    fn a_cut_or_damaged_file_is_an_error_not_a_panic() {
        let (_dir, path) = frames_of(&["h\n", &"a,0,123456789\n".repeat(1000)]);
        let stored = std::fs::read(&path).unwrap();
        std::fs::write(&path, &stored[..stored.len() - 7]).unwrap();
        let error = FrameFile::open(&path).err().unwrap().to_string();
        assert!(
            error.contains("middle of a frame") || error.contains("not readable"),
            "{error}"
        );
        let mut flipped = stored.clone();
        let at = flipped.len() - 20;
        flipped[at] ^= 0x55;
        std::fs::write(&path, &flipped).unwrap();
        let file = FrameFile::open(&path).unwrap();
        assert!(file.decode(&file.frames).is_err());
        std::fs::write(&path, b"not zstd at all").unwrap();
        assert!(FrameFile::open(&path).is_err());
        assert!(read_text(&path).is_err());
    }
}
