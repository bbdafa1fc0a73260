//! `run --compress`: the data file stored as Zstandard frames (`draws.csv.zst`). Its bytes are
//! the same at any thread count, after shards are merged and after a killed run is resumed;
//! decompressed by the Zstandard library's own stream decoder it is, byte for byte, the plain
//! run's `draws.csv`, and every table, chart and report made from it is the plain run's.

use crate::common::boardlab;
use crate::common::same_bytes::{run_ok, same_bytes_with_options};
use predicates::prelude::*;
use std::path::Path;

/// Three pairings of 9,000 games: three frames of 4,096 games each, the last one shorter.
const SPEC: &str = r#"puzzle = "fifteen"
name = "compressed"
seed = 5
games = 9000
players = ["random", "perfect", "article:both+wb:random"]
"#;

/// Pairings that end early by their SPRT: the writer cuts a chunk at the end and compresses
/// what it keeps, and the merge frames the rows as the run did.
const STOPPING_SPEC: &str = r#"puzzle = "fifteen"
name = "compressed-stops"
seed = 5
games = 9000
players = ["random", "perfect", "article:both+wb:random"]
stop = "sprt elo0=0 elo1=20"
"#;

/// `n` with a comma between each three digits, as the reports write counts.
fn with_commas(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

fn decompressed(path: &Path) -> Vec<u8> {
    zstd::stream::decode_all(std::fs::File::open(path).unwrap()).unwrap()
}

/// The tables a compressed run shares with a plain one.
const TABLES: [&str; 3] = ["summary.csv", "ratings.csv", "pairs.csv"];

fn compressed_equals_plain(spec_text: &str) {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("spec.toml");
    std::fs::write(&spec, spec_text).unwrap();
    let plain = dir.path().join("plain");
    run_ok(&spec, &plain, &[]);
    let compressed = same_bytes_with_options(
        &spec,
        &dir.path().join("zst"),
        &["draws.csv.zst", "summary.csv", "pairs.csv"],
        &["--compress"],
    );
    assert!(!compressed.join("draws.csv").exists());
    let text = std::fs::read(plain.join("draws.csv")).unwrap();
    let stored = std::fs::read(compressed.join("draws.csv.zst")).unwrap();
    assert!(decompressed(&compressed.join("draws.csv.zst")) == text);
    assert!(
        stored.len() * 3 < text.len(),
        "{} of {}",
        stored.len(),
        text.len()
    );
    for file in TABLES {
        let read = |dir: &Path| std::fs::read(dir.join(file)).unwrap();
        assert!(read(&plain) == read(&compressed), "{file}");
    }
    // The report names the folder's data file, its size and its checksum.
    let report = std::fs::read_to_string(compressed.join("REPORT.md")).unwrap();
    let size = with_commas(stored.len());
    assert!(
        report.contains(&format!(
            "`draws.csv.zst` (one row each, with its moves; {size} bytes"
        )),
        "{report}"
    );
    let manifest = std::fs::read_to_string(compressed.join("manifest.json")).unwrap();
    assert!(manifest.contains(r#""compression": "zstd""#), "{manifest}");
    assert!(manifest.contains("--compress --out"), "{manifest}");
}

#[test]
fn compressed_data_are_the_plain_rows_in_frames_the_same_at_any_thread_count_or_sharding() {
    compressed_equals_plain(SPEC);
}

#[test]
fn compressed_data_of_series_that_stop_early_are_framed_the_same_by_a_merge() {
    compressed_equals_plain(STOPPING_SPEC);
}

#[test]
fn a_killed_compressed_run_resumes_to_the_same_bytes_and_only_with_compress() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("spec.toml");
    std::fs::write(&spec, SPEC).unwrap();
    let straight = dir.path().join("straight");
    run_ok(&spec, &straight, &["--compress"]);
    let expected = std::fs::read(straight.join("draws.csv.zst")).unwrap();
    for point in ["partial-created", "chunk-written", "checkpoint", "renamed"] {
        let out = dir.path().join(point);
        boardlab()
            .args(["run", "--quiet", "--compress", "--threads", "1", "--out"])
            .arg(&out)
            .arg(&spec)
            .env("BOARDLAB_TEST_ABORT_AT", point)
            .assert()
            .failure()
            .stderr(predicate::str::contains(format!("aborting at {point}")));
        boardlab()
            .args(["run", "--quiet", "--resume", "--out"])
            .arg(&out)
            .arg(&spec)
            .assert()
            .failure()
            .stderr(predicate::str::contains("--compress"));
        run_ok(&spec, &out, &["--resume", "--compress"]);
        assert!(
            std::fs::read(out.join("draws.csv.zst")).unwrap() == expected,
            "{point}"
        );
    }
}

#[test]
fn commands_that_read_a_run_read_its_compressed_data() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("spec.toml");
    std::fs::write(&spec, SPEC).unwrap();
    let out = dir.path().join("out");
    run_ok(&spec, &out, &["--compress", "--draws", "300"]);
    std::fs::remove_file(out.join("summary.csv")).unwrap();
    boardlab().arg("report").arg(&out).assert().success();
    assert!(out.join("summary.csv").exists());
    // A damaged frame is found by the checksum before any table is made from it.
    let path = out.join("draws.csv.zst");
    let mut stored = std::fs::read(&path).unwrap();
    let at = stored.len() / 2;
    stored[at] ^= 0x40;
    std::fs::write(&path, stored).unwrap();
    boardlab()
        .arg("report")
        .arg(&out)
        .assert()
        .failure()
        .stderr(
            predicate::str::contains("draws.csv.zst").and(predicate::str::contains("checksum")),
        );
}
