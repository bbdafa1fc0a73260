//! Writing files so that a crash or an error never leaves a half-written one under the final
//! name: write a temporary file beside the target (`name.tmp`), then rename it over the target.

use anyhow::Context;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// The temporary name used while `path` is being written.
pub fn temporary_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".tmp");
    path.with_file_name(name)
}

/// A file written under its temporary name and renamed into place by [`AtomicFile::commit`];
/// dropped or [`AtomicFile::discard`]ed unfinished, it leaves the final name untouched.
pub struct AtomicFile {
    path: PathBuf,
    temporary: PathBuf,
    writer: BufWriter<File>,
}

impl AtomicFile {
    /// Starts writing `path`.
    pub fn create(path: &Path) -> anyhow::Result<AtomicFile> {
        let temporary = temporary_path(path);
        let file = File::create(&temporary)
            .with_context(|| format!("cannot create {}", temporary.display()))?;
        Ok(AtomicFile {
            path: path.to_path_buf(),
            temporary,
            writer: BufWriter::new(file),
        })
    }

    pub fn writer(&mut self) -> &mut BufWriter<File> {
        &mut self.writer
    }

    /// Flushes, syncs and renames the file to its final name.
    pub fn commit(self) -> anyhow::Result<()> {
        let shown = self.temporary.display().to_string();
        self.writer
            .into_inner()
            .map_err(|e| e.into_error())
            .and_then(|file| file.sync_all())
            .with_context(|| format!("writing {shown}"))?;
        std::fs::rename(&self.temporary, &self.path)
            .with_context(|| format!("renaming {shown} to {}", self.path.display()))
    }

    /// Removes the unfinished file.
    pub fn discard(self) {
        let _ = std::fs::remove_file(&self.temporary);
    }
}

/// Writes `contents` to `path` atomically.
pub fn write_atomic(path: &Path, contents: &[u8]) -> anyhow::Result<()> {
    write_atomic_with(path, |file| file.write_all(contents).map_err(Into::into))
}

/// Creates `path` atomically from what `fill` writes into a buffered file.
pub fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut BufWriter<File>) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let mut file = AtomicFile::create(path)?;
    match fill(file.writer()) {
        Ok(()) => file.commit(),
        Err(error) => {
            file.discard();
            Err(error.context(format!("writing {}", path.display())))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_write_leaves_neither_the_file_nor_a_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.csv");
        let result = write_atomic_with(&path, |file| {
            file.write_all(b"half")?;
            anyhow::bail!("stopped")
        });
        assert!(result.is_err());
        assert!(!path.exists() && !temporary_path(&path).exists());
        write_atomic(&path, b"whole").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"whole");
        assert!(!temporary_path(&path).exists());
    }
}
