//! Writing files so that a crash, a kill or an error never leaves a half-written one under the
//! final name, nor a temporary file behind on an error: every file is written to a temporary
//! file with a unique name beside the target (`.NAME.XXXXXX.tmp`, from the `tempfile` crate),
//! synced, and renamed over the target; the folder is synced after the rename. A temporary
//! file is removed when the write fails; only a kill can leave one, and the results folder
//! recognises and removes such leftovers.

use super::error::{FillError, IoContext, OutputError, Result};
use super::faults;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use tempfile::NamedTempFile;

/// Whether `name` is a temporary file of this writer (a leftover after a kill).
pub fn is_temporary_name(name: &str) -> bool {
    name.starts_with('.') && (name.ends_with(".tmp") || name.contains(".tmp."))
}

/// A file written under a temporary name and renamed into place by [`AtomicFile::commit`];
/// dropped or [`AtomicFile::discard`]ed unfinished, it leaves the final name untouched and
/// removes the temporary file.
pub struct AtomicFile {
    path: PathBuf,
    writer: BufWriter<NamedTempFile>,
}

impl AtomicFile {
    /// Starts writing `path`.
    pub fn create(path: &Path) -> Result<AtomicFile> {
        let dir = parent_of(path);
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let prefix = format!(".{name}.");
        let file = temporary_in(dir, &prefix, ".tmp")
            .io(|| format!("cannot create a temporary file to write {}", path.display()))?;
        Ok(AtomicFile {
            path: path.to_path_buf(),
            writer: BufWriter::new(file),
        })
    }

    pub fn writer(&mut self) -> &mut BufWriter<NamedTempFile> {
        &mut self.writer
    }

    /// Flushes, syncs and renames the file to its final name; on an error the temporary
    /// file is removed and the error names the final file.
    pub fn commit(self) -> Result<()> {
        let shown = self.path.display().to_string();
        let file = self
            .writer
            .into_inner()
            .map_err(|e| e.into_error())
            .and_then(|file| {
                faults::check_space()?;
                file.as_file().sync_all()?;
                Ok(file)
            })
            .io(|| format!("writing {shown}"))?;
        file.persist(&self.path)
            .map_err(|e| e.error)
            .io(|| format!("renaming the temporary file of {shown} into place"))?;
        sync_folder(parent_of(&self.path));
        Ok(())
    }

    /// Removes the unfinished file.
    pub fn discard(self) {
        drop(self);
    }
}

/// A new temporary file `PREFIX<random>SUFFIX` in `dir`, created with the permissions of an
/// ordinary file (read-write for all, less the umask) rather than the owner-only default of
/// temporary files, since it becomes a result file.
pub fn temporary_in(dir: &Path, prefix: &str, suffix: &str) -> std::io::Result<NamedTempFile> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(prefix).suffix(suffix);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(dir)
}

/// The folder holding `path` (`.` for a bare name).
fn parent_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// Makes renames and creations in `dir` durable (best effort: not every platform can).
pub fn sync_folder(dir: &Path) {
    if let Ok(folder) = File::open(dir) {
        let _ = folder.sync_all();
    }
}

/// Writes `contents` to `path` atomically.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<()> {
    write_atomic_with(path, |file| file.write_all(contents).map_err(Into::into))
}

/// Creates `path` atomically from what `fill` writes into a buffered file.
pub fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut BufWriter<NamedTempFile>) -> std::result::Result<(), FillError>,
) -> Result<()> {
    let mut file = AtomicFile::create(path)?;
    match fill(file.writer()) {
        Ok(()) => file.commit(),
        Err(source) => {
            file.discard();
            Err(OutputError::Fill {
                message: format!("writing {}", path.display()),
                source,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_failed_write_leaves_neither_the_file_nor_a_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.csv");
        let result = write_atomic_with(&path, |file| {
            file.write_all(b"half")?;
            Err("stopped".into())
        });
        assert!(result.is_err());
        assert!(entries(dir.path()).is_empty());
        write_atomic(&path, b"whole").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"whole");
        assert_eq!(entries(dir.path()), ["out.csv"]);
    }

    #[test]
    fn temporary_names_are_unique_and_recognised() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("REPORT.md");
        let (first, second) = (
            AtomicFile::create(&path).unwrap(),
            AtomicFile::create(&path).unwrap(),
        );
        let names = entries(dir.path());
        assert_eq!(names.len(), 2);
        assert_ne!(names[0], names[1]);
        assert!(names.iter().all(|n| is_temporary_name(n)), "{names:?}");
        assert!(!is_temporary_name("REPORT.md") && !is_temporary_name(".hidden"));
        first.commit().unwrap();
        second.discard();
        assert_eq!(entries(dir.path()), ["REPORT.md"]);
    }
}
