//! Records what built this binary, for `--version` and the manifests that describe how
//! results were made: the compiler version and `git describe --always --dirty` of the source
//! tree at build time ("unknown" outside a git checkout). The build script reruns when the
//! checked-out commit, the branch it points to, the index or the sources change, so a binary
//! names the code it was built from, not the checkout it later runs in.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let version = command_output(Command::new(rustc).arg("--version"));
    println!(
        "cargo:rustc-env=BOARDLAB_RUSTC_VERSION={}",
        version.as_deref().unwrap_or("unknown")
    );
    println!("cargo:rerun-if-env-changed=RUSTC");

    let describe = git(&["describe", "--always", "--dirty"]);
    println!(
        "cargo:rustc-env=BOARDLAB_GIT_DESCRIBE={}",
        describe.as_deref().unwrap_or("unknown")
    );
    for path in git_watch_list() {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    for path in ["src", "build.rs", "Cargo.toml"] {
        println!("cargo:rerun-if-changed={path}");
    }
}

/// The trimmed standard output of a command that succeeded.
fn command_output(command: &mut Command) -> Option<String> {
    command
        .output()
        .ok()
        .filter(|output| output.status.success())
        .and_then(|output| String::from_utf8(output.stdout).ok())
        .map(|text| text.trim().to_string())
        .filter(|text| !text.is_empty())
}

fn git(args: &[&str]) -> Option<String> {
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    command_output(Command::new("git").arg("-C").arg(manifest_dir).args(args))
}

/// `HEAD`, the index and the ref HEAD points to (in a linked worktree, HEAD and the index
/// live in the worktree's git directory and the refs in the common one).
fn git_watch_list() -> Vec<PathBuf> {
    let (Some(git_dir), Some(common_dir)) = (
        git(&["rev-parse", "--absolute-git-dir"]),
        git(&["rev-parse", "--path-format=absolute", "--git-common-dir"]),
    ) else {
        return Vec::new();
    };
    let git_dir = Path::new(&git_dir);
    let common_dir = Path::new(&common_dir);
    let mut paths = vec![
        git_dir.join("HEAD"),
        git_dir.join("index"),
        common_dir.join("packed-refs"),
    ];
    if let Some(reference) = git(&["symbolic-ref", "-q", "HEAD"]) {
        paths.push(common_dir.join(reference));
    }
    paths.retain(|path| path.exists());
    paths
}
