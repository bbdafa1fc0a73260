//! Writing files so that a crash never leaves a half-written one: write a temporary file
//! beside the target, then rename it over the target.

use anyhow::Context;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The temporary name used while `path` is being written.
pub fn temporary_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".tmp");
    path.with_file_name(name)
}

/// Writes `contents` to `path` atomically.
pub fn write_atomic(path: &Path, contents: &[u8]) -> anyhow::Result<()> {
    write_atomic_with(path, |file| file.write_all(contents).map_err(Into::into))
}

/// Creates `path` atomically from what `fill` writes into a buffered file.
pub fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut std::io::BufWriter<std::fs::File>) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let temporary = temporary_path(path);
    let file = std::fs::File::create(&temporary)
        .with_context(|| format!("cannot create {}", temporary.display()))?;
    let mut writer = std::io::BufWriter::new(file);
    fill(&mut writer).with_context(|| format!("writing {}", temporary.display()))?;
    writer
        .into_inner()
        .map_err(|e| e.into_error())
        .and_then(|file| file.sync_all())
        .with_context(|| format!("writing {}", temporary.display()))?;
    std::fs::rename(&temporary, path)
        .with_context(|| format!("renaming {} to {}", temporary.display(), path.display()))
}
