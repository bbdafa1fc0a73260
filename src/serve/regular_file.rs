//! A file of a results folder opened as the server may read it: without waiting (a FIFO's
//! open does not block), without following a final link, and read only when the opened file
//! is a regular file, at most a bounded number of bytes of it. A FIFO or a device (a link to
//! `/dev/zero`) has no end to read to.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// Why a file was not read.
pub enum Refused {
    /// A FIFO, a device, a folder or a socket.
    NotRegular,
    /// Its size, over the bound.
    TooLarge(u64),
    Io(io::Error),
}

/// `path` opened for reading without blocking on a FIFO or following a final link.
pub fn open(path: &Path) -> io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW);
    }
    options.open(path)
}

/// The bytes of the regular file at `path`, at most `limit` of them; the opened file itself
/// is checked, so what is read is what was checked.
pub fn read_bounded(path: &Path, limit: u64) -> Result<Vec<u8>, Refused> {
    let file = open(path).map_err(Refused::Io)?;
    let metadata = file.metadata().map_err(Refused::Io)?;
    if !metadata.is_file() {
        return Err(Refused::NotRegular);
    }
    if metadata.len() > limit {
        return Err(Refused::TooLarge(metadata.len()));
    }
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(Refused::Io)?;
    match bytes.len() as u64 {
        // It grew after it was measured.
        read if read > limit => Err(Refused::TooLarge(read)),
        _ => Ok(bytes),
    }
}
