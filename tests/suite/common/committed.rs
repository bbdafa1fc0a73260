//! The committed tree: the files that `git ls-files` lists, and nothing a user made beside
//! them.
//!
//! A user who follows the README and the guides leaves folders of their own in the checkout
//! (`results/default/` from the main job, `results/my-*/` from the walk-throughs, regenerated
//! `draws.csv` files). Tests that read the documentation, the results folders or the specs
//! read them through this module, so that what a user made never changes what the suite
//! checks: a fresh clone and a well-used checkout give the same tests.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The repository this test build was made from.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The committed files of the repository at `root`, as paths relative to it, that exist in
/// the working tree (a file deleted but not yet committed is left out).
///
/// Outside a git checkout (an unpacked source archive) every file under `root` counts as
/// committed, less `target/`, since there is nothing else to tell them apart by.
pub fn files_of(root: &Path) -> BTreeSet<PathBuf> {
    let listed = std::process::Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root)
        .output();
    match listed {
        Ok(output) if output.status.success() => String::from_utf8_lossy(&output.stdout)
            .split('\0')
            .filter(|name| !name.is_empty())
            .map(PathBuf::from)
            .filter(|path| root.join(path).is_file())
            .collect(),
        _ => {
            eprintln!(
                "{} is not a git checkout: every file in it counts as committed",
                root.display()
            );
            let mut found = BTreeSet::new();
            walk(root, root, &mut found);
            found
        }
    }
}

fn walk(root: &Path, dir: &Path, found: &mut BTreeSet<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let relative = path.strip_prefix(root).unwrap().to_path_buf();
        if relative == Path::new("target") || relative == Path::new(".git") {
            continue;
        }
        if path.is_dir() {
            walk(root, &path, found);
        } else {
            found.insert(relative);
        }
    }
}

/// The committed files of this repository (listed once per test run).
pub fn files() -> &'static BTreeSet<PathBuf> {
    static FILES: OnceLock<BTreeSet<PathBuf>> = OnceLock::new();
    FILES.get_or_init(|| files_of(root()))
}

/// The folders directly under `folder` (relative to the root) that hold a committed file,
/// sorted, as paths relative to the root.
pub fn subfolders_in(files: &BTreeSet<PathBuf>, folder: &str) -> Vec<PathBuf> {
    let folder = Path::new(folder);
    let found: BTreeSet<PathBuf> = files
        .iter()
        .filter_map(|path| {
            let rest = path.strip_prefix(folder).ok()?;
            let mut parts = rest.iter();
            let first = parts.next()?;
            parts.next()?;
            Some(folder.join(first))
        })
        .collect();
    found.into_iter().collect()
}

/// The committed folders directly under `folder` of this repository, e.g. the results
/// folders under `results`.
pub fn subfolders(folder: &str) -> Vec<PathBuf> {
    subfolders_in(files(), folder)
}

/// The files of `files` directly in `folder`, sorted, relative to the root.
pub fn files_in_of(files: &BTreeSet<PathBuf>, folder: &str) -> Vec<PathBuf> {
    let folder = Path::new(folder);
    files
        .iter()
        .filter(|path| path.parent() == Some(folder))
        .cloned()
        .collect()
}

/// The committed files directly in `folder` of this repository, sorted, relative to the root.
pub fn files_in(folder: &str) -> Vec<PathBuf> {
    files_in_of(files(), folder)
}

/// Copies the committed files under `folder` (relative to the root) of `from` into `to`,
/// keeping their paths below `folder`; creates `to` even when nothing is committed there.
pub fn copy_from(from: &Path, files: &BTreeSet<PathBuf>, folder: &str, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    let folder = Path::new(folder);
    for path in files {
        let Ok(rest) = path.strip_prefix(folder) else {
            continue;
        };
        let target = to.join(rest);
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::fs::copy(from.join(path), &target)
            .unwrap_or_else(|e| panic!("copying {}: {e}", path.display()));
    }
}

/// Copies this repository's committed files under `folder` into `to`.
pub fn copy(folder: &str, to: &Path) {
    copy_from(root(), files(), folder, to);
}

/// Copies the committed files directly in `folder` of this repository (not its subfolders,
/// such as `charts/`) into `to`, and returns their names. A results folder's tables and
/// manifest come this way, without a `draws.csv` that a user regenerated beside them.
pub fn copy_files_in(folder: &str, to: &Path) -> Vec<String> {
    std::fs::create_dir_all(to).unwrap();
    files_in(folder)
        .into_iter()
        .map(|path| {
            let name = path.file_name().unwrap();
            std::fs::copy(root().join(&path), to.join(name))
                .unwrap_or_else(|e| panic!("copying {}: {e}", path.display()));
            name.to_string_lossy().into_owned()
        })
        .collect()
}
