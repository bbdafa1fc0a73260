//! `merge` and its inputs: the shard folders are only read (a read-only folder merges, and
//! nothing in one is created or changed), shard numbers are bounded where they are read (on
//! the command line and in a shard's manifest) so that no merge aborts on them, and a merge
//! that is refused leaves behind no folder it created.

use crate::common::boardlab;
use predicates::prelude::*;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Writes `dir/match.toml`: a small "15" match that runs in a moment.
fn write_spec(dir: &Path) -> PathBuf {
    let path = dir.join("match.toml");
    std::fs::write(
        &path,
        "puzzle = \"fifteen\"\nname = \"small\"\nseed = 3\ngames = 6\nplayers = [\"random\", \"perfect\"]\n",
    )
    .unwrap();
    path
}

/// Runs shards 1/2 and 2/2 of `spec` into `dir/p1` and `dir/p2`.
fn two_shards(dir: &Path, spec: &Path) -> [PathBuf; 2] {
    let shards = [dir.join("p1"), dir.join("p2")];
    for (i, out) in shards.iter().enumerate() {
        boardlab()
            .arg("run")
            .arg(spec)
            .arg("--out")
            .arg(out)
            .args(["--quiet", "--shard", &format!("{}/2", i + 1)])
            .assert()
            .success();
    }
    shards
}

fn merge(out: &Path, inputs: &[PathBuf]) -> assert_cmd::Command {
    let mut command = boardlab();
    command.arg("merge").arg(out).args(inputs).arg("--quiet");
    command
}

/// Every entry under `dir` (the folder itself included) with its length and times of last
/// change: a file created and removed again changes its folder's.
fn snapshot(dir: &Path) -> Vec<(PathBuf, u64, SystemTime)> {
    let metadata = std::fs::metadata(dir).unwrap();
    let mut entries = vec![(
        dir.to_path_buf(),
        metadata.len(),
        metadata.modified().unwrap(),
    )];
    if metadata.is_dir() {
        let mut names: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        names.sort();
        for name in names {
            entries.extend(snapshot(&name));
        }
    }
    entries
}

#[cfg(unix)]
fn set_mode(dir: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(mode)).unwrap();
}

#[cfg(unix)]
#[test]
fn merge_reads_shard_folders_without_writing_to_them() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write_spec(dir.path());
    let shards = two_shards(dir.path(), &spec);
    for shard in &shards {
        set_mode(shard, 0o555);
    }
    // As root, a read-only mode stops no write: then what must hold is that nothing in the
    // inputs changes, not even their folders' times.
    let probe = shards[0].join("probe");
    if std::fs::write(&probe, "").is_ok() {
        std::fs::remove_file(&probe).unwrap();
    }
    let before: Vec<_> = shards.iter().map(|s| snapshot(s)).collect();
    std::thread::sleep(std::time::Duration::from_millis(50));
    let out = dir.path().join("merged");
    let result = merge(&out, &shards).assert();
    for shard in &shards {
        set_mode(shard, 0o755);
    }
    result.success();
    let after: Vec<_> = shards.iter().map(|s| snapshot(s)).collect();
    assert_eq!(before, after, "merge changed a shard folder");
    assert!(out.join("REPORT.md").is_file());
}

/// Sets the shard a folder's manifest records, as a run of a version without bounds wrote it.
fn record_shard(dir: &Path, index: u64, count: u64) {
    let path = dir.join("manifest.json");
    let mut manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    manifest["shard"] = serde_json::json!({ "index": index, "count": count });
    std::fs::write(&path, serde_json::to_string_pretty(&manifest).unwrap()).unwrap();
}

#[test]
fn shard_numbers_are_bounded_on_the_command_line_and_in_manifests() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write_spec(dir.path());
    let out = dir.path().join("huge");
    for shard in [
        "1/1000000000000",
        "18446744073709551615/18446744073709551615",
    ] {
        boardlab()
            .arg("run")
            .arg(&spec)
            .arg("--out")
            .arg(&out)
            .args(["--quiet", "--shard", shard])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("use at most 100000"))
            .stderr(predicate::str::contains("\n").count(1));
        assert!(!out.exists(), "{shard}");
    }
    let shards = two_shards(dir.path(), &spec);
    for (index, count) in [(1, 1_000_000_000_000), (u64::MAX, u64::MAX), (0, 2)] {
        record_shard(&shards[0], index, count);
        let merged = dir.path().join("merged");
        merge(&merged, &shards)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "is shard {index}/{count}, which no run may be"
            )))
            .stderr(predicate::str::contains("\n").count(1));
        assert!(!merged.exists());
    }
}

#[test]
fn a_refused_merge_leaves_no_folder_it_created() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write_spec(dir.path());
    let shards = two_shards(dir.path(), &spec);
    let draws = shards[1].join("draws.csv");
    let mut text = std::fs::read_to_string(&draws).unwrap().into_bytes();
    let last_move = text.len() - 2;
    text[last_move] = if text[last_move] == b'1' { b'2' } else { b'1' };
    std::fs::write(&draws, text).unwrap();
    let new = dir.path().join("new");
    merge(&new.join("deeper/out"), &shards)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("does not match the checksum"));
    assert!(!new.exists(), "the refused merge left {}", new.display());
    // An OUT that was there before stays.
    let kept = dir.path().join("kept");
    std::fs::create_dir(&kept).unwrap();
    merge(&kept, &shards).assert().code(2);
    assert!(kept.is_dir());
    assert_eq!(std::fs::read_dir(&kept).unwrap().count(), 0);
}
