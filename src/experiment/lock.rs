//! The lock of a results folder: `run`, `run --resume`, `merge` and `report` hold an
//! exclusive OS advisory lock (`File::try_lock`) on `boardlab.lock` in the folder while they
//! change it, and `merge` holds shared locks on the folders it reads, so that two processes
//! never write one folder at once. A second process is refused at once, with the pid, host
//! and command that the holder wrote into the lock file. The OS releases the lock when its
//! holder exits, however it exits; the file is removed on a normal release.

use super::error::{HarnessError, IoContext, Result, fail};
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

/// The lock file's name in a results folder.
pub const LOCK_FILE: &str = "boardlab.lock";

/// A held lock; released when dropped.
#[derive(Debug)]
pub struct FolderLock {
    path: PathBuf,
    file: File,
    exclusive: bool,
}

impl FolderLock {
    /// Locks `dir` (which must exist) for writing, or says who holds it.
    pub fn exclusive(dir: &Path) -> Result<FolderLock> {
        FolderLock::acquire(dir, true)
    }

    /// Locks `dir` for reading: other readers may hold it too, writers may not.
    pub fn shared(dir: &Path) -> Result<FolderLock> {
        FolderLock::acquire(dir, false)
    }

    fn acquire(dir: &Path, exclusive: bool) -> Result<FolderLock> {
        let path = dir.join(LOCK_FILE);
        // A releasing holder removes the file: retry until the locked file is the one
        // that the path names.
        for _ in 0..100 {
            let mut file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
                .io_at("cannot create the lock file", &path)?;
            let locked = if exclusive {
                file.try_lock()
            } else {
                file.try_lock_shared()
            };
            match locked {
                Ok(()) => {}
                Err(TryLockError::WouldBlock) => {
                    let mut holder = String::new();
                    let _ = file.read_to_string(&mut holder);
                    let holder = holder.trim();
                    let holder = if holder.is_empty() {
                        "another boardlab process".to_string()
                    } else {
                        holder.to_string()
                    };
                    fail!(
                        Locked,
                        "{} is in use by {holder}; wait for it to finish or stop it",
                        dir.display()
                    );
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
            if exclusive {
                let _ = file.set_len(0);
                let _ = file.rewind();
                let _ = writeln!(file, "{}", holder_description());
            }
            return Ok(FolderLock {
                path,
                file,
                exclusive,
            });
        }
        fail!(
            Locked,
            "cannot lock {}: its lock file keeps changing",
            path.display()
        )
    }
}

impl Drop for FolderLock {
    fn drop(&mut self) {
        // A reader removes the file too when it is the last holder (it can then lock it
        // exclusively), so that reading a folder leaves nothing behind.
        if self.exclusive || self.file.try_lock().is_ok() {
            let _ = std::fs::remove_file(&self.path);
        }
        let _ = self.file.unlock();
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
        assert!(FolderLock::exclusive(dir.path()).is_err());
        drop((a, b));
        FolderLock::exclusive(dir.path()).unwrap();
    }
}
