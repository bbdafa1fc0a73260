//! The lock of a results folder: a process that changes a folder (`run`, `run --resume`,
//! `report`, `merge` for its OUT) holds an exclusive OS advisory lock (`File::try_lock`) on
//! the folder itself, and `merge` holds shared locks on the shard folders it reads, so that
//! nobody writes a folder while another process writes or reads it. Locking a folder opens
//! it for reading only, so a reader needs no write permission and leaves no trace; a writer
//! also writes its pid, host and command into `boardlab.lock`, and a second process is
//! refused at once with that description. The OS releases the locks when their holder
//! exits, however it exits; the file is removed on a normal release.
//!
//! Locks on folders (`flock` on a directory) are what Linux and the BSDs offer; the writer
//! also locks `boardlab.lock` itself, as boardlab versions that locked only the file did.

use super::error::{HarnessError, IoContext, Result, fail};
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

/// The lock file's name in a results folder.
pub const LOCK_FILE: &str = "boardlab.lock";

/// A held lock; released when dropped.
#[derive(Debug)]
pub struct FolderLock {
    /// The folder, open for reading; its lock excludes writers from readers.
    _folder: File,
    /// A writer's `boardlab.lock`, which names it; removed on release.
    holder: Option<(PathBuf, File)>,
}

impl FolderLock {
    /// Locks `dir` (which must exist) for writing, or says who holds it.
    pub fn exclusive(dir: &Path) -> Result<FolderLock> {
        let folder = lock_folder(dir, true)?;
        let holder = lock_holder_file(dir)?;
        Ok(FolderLock {
            _folder: folder,
            holder: Some(holder),
        })
    }

    /// Locks `dir` for reading: other readers may hold it too, writers may not. Nothing in
    /// the folder is created or changed.
    pub fn shared(dir: &Path) -> Result<FolderLock> {
        Ok(FolderLock {
            _folder: lock_folder(dir, false)?,
            holder: None,
        })
    }
}

impl Drop for FolderLock {
    fn drop(&mut self) {
        // The file goes while the folder is still locked, so that no writer that comes
        // after finds a stale description; the folder's lock goes when its file closes.
        if let Some((path, file)) = &self.holder {
            let _ = std::fs::remove_file(path);
            let _ = file.unlock();
        }
    }
}

/// Opens the folder `dir` for reading and locks it, exclusively or shared.
fn lock_folder(dir: &Path, exclusive: bool) -> Result<File> {
    let folder = File::open(dir).io_at("cannot open the folder", dir)?;
    let locked = if exclusive {
        folder.try_lock()
    } else {
        folder.try_lock_shared()
    };
    match locked {
        Ok(()) => Ok(folder),
        Err(TryLockError::WouldBlock) => {
            // Readers write no lock file: a writer refused without one is refused by them.
            let reader = "a boardlab merge that reads it";
            match File::open(dir.join(LOCK_FILE)) {
                Ok(file) => refuse(dir, &mut Some(file), "another boardlab process"),
                Err(_) if exclusive => refuse(dir, &mut None, reader),
                Err(_) => refuse(dir, &mut None, "another boardlab process"),
            }
        }
        Err(TryLockError::Error(error)) => Err(HarnessError::Io {
            message: format!("cannot lock the folder {}", dir.display()),
            source: error,
        }),
    }
}

/// The refusal of a folder another process holds, naming the holder that `file` (its lock
/// file, if any) describes, or else as `unnamed`.
fn refuse<T>(dir: &Path, file: &mut Option<File>, unnamed: &str) -> Result<T> {
    let mut holder = String::new();
    if let Some(file) = file {
        let _ = file.read_to_string(&mut holder);
    }
    let holder = holder.trim();
    let holder = if holder.is_empty() {
        unnamed.to_string()
    } else {
        holder.to_string()
    };
    fail!(
        Locked,
        "{} is in use by {holder}; wait for it to finish or stop it",
        dir.display()
    )
}

/// Creates, locks and fills in `dir/boardlab.lock` (the folder is already locked).
fn lock_holder_file(dir: &Path) -> Result<(PathBuf, File)> {
    let path = dir.join(LOCK_FILE);
    // A releasing holder of an older version removes the file: retry until the locked
    // file is the one that the path names.
    for _ in 0..100 {
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(|error| cannot_create(dir, &path, error))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                return refuse(dir, &mut Some(file), "another boardlab process");
            }
            Err(TryLockError::Error(error)) => {
                return Err(HarnessError::Io {
                    message: format!("cannot lock {}", path.display()),
                    source: error,
                });
            }
        }
        if !same_file(&file, &path) {
            continue;
        }
        let _ = file.set_len(0);
        let _ = file.rewind();
        let _ = writeln!(file, "{}", holder_description());
        return Ok((path, file));
    }
    fail!(
        Locked,
        "cannot lock {}: its lock file keeps changing",
        path.display()
    )
}

/// The error of a lock file that cannot be created: a folder the process may not write in
/// (read-only for this user, or on a read-only file system) is named as such.
fn cannot_create(dir: &Path, path: &Path, error: std::io::Error) -> HarnessError {
    use std::io::ErrorKind;
    match error.kind() {
        ErrorKind::PermissionDenied | ErrorKind::ReadOnlyFilesystem => {
            HarnessError::Folder(format!(
                "{} is read-only: boardlab cannot write in it ({error}); make it writable, or use another folder",
                dir.display()
            ))
        }
        _ => HarnessError::Io {
            message: format!("cannot create the lock file {}", path.display()),
            source: error,
        },
    }
}

/// Whether the open `file` is the file at `path` now.
#[cfg(unix)]
fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(open), Ok(named)) => open.dev() == named.dev() && open.ino() == named.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_file: &File, path: &Path) -> bool {
    path.exists()
}

/// "pid P on host H: COMMAND", written into the lock file by its holder.
fn holder_description() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "an unknown host".to_string());
    format!(
        "pid {} on host {host}: {}",
        std::process::id(),
        super::manifest::command_line()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_exclusive_lock_is_refused_with_the_holder() {
        let dir = tempfile::tempdir().unwrap();
        let held = FolderLock::exclusive(dir.path()).unwrap();
        let error = FolderLock::exclusive(dir.path()).unwrap_err().to_string();
        assert!(
            error.contains(&format!("in use by pid {}", std::process::id())),
            "{error}"
        );
        assert!(FolderLock::shared(dir.path()).is_err());
        drop(held);
        assert!(!dir.path().join(LOCK_FILE).exists());
        let (a, b) = (
            FolderLock::shared(dir.path()).unwrap(),
            FolderLock::shared(dir.path()).unwrap(),
        );
        assert!(
            !dir.path().join(LOCK_FILE).exists(),
            "readers write nothing"
        );
        let error = FolderLock::exclusive(dir.path()).unwrap_err().to_string();
        assert!(error.contains("a boardlab merge that reads it"), "{error}");
        drop((a, b));
        FolderLock::exclusive(dir.path()).unwrap();
    }

    #[test]
    fn a_folder_that_cannot_be_written_is_named_read_only() {
        let dir = Path::new("results/x");
        let path = dir.join(LOCK_FILE);
        // EACCES (a folder this user may not write) and EROFS (a read-only file system).
        for code in [13, 30] {
            let error = std::io::Error::from_raw_os_error(code);
            let message = cannot_create(dir, &path, error).to_string();
            assert!(message.starts_with("results/x is read-only"), "{message}");
            assert!(!message.contains("in use"), "{message}");
        }
        let other = cannot_create(dir, &path, std::io::Error::from_raw_os_error(28));
        assert!(other.to_string().contains("cannot create the lock file"));
    }
}
