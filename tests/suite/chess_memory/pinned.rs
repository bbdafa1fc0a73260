//! ChessMemory's data files are pinned byte for byte: a small run of the embedded default
//! experiment must give exactly these files, whatever the thread count. A change to the
//! harness that moves one byte of them fails here; only a deliberate, documented format change
//! may update the hashes (and then the column tables of `docs/experiments.md` and the committed results change
//! with it).

use assert_cmd::Command;
use sha2::{Digest, Sha256};
use std::path::Path;

/// sha256 of each data file of `boardlab run --draws 40 --cap 20000` (the default spec:
/// all 24 type orders, master seed 20261121). `summary.csv` was re-pinned once, when it
/// gained the `search`, `restart`, `order`, `queue` and `cap` columns (same numbers).
const PINNED: [(&str, &str); 3] = [
    (
        "draws.csv",
        "aba0a9a78d90399a979bcce2164c2e520294c0c8fe247bd5facc51b1d6e6c0f4",
    ),
    (
        "summary.csv",
        "54b956539bd96ed6ae509a7b9656ec53912b7eb327392cfa89bc30d75d0231ec",
    ),
    (
        "histogram.csv",
        "67031b15a3c3df2fb8edbb6be84cc85dea3812679fb2d94a9a5f53ec699c6a2f",
    ),
];

fn sha256_hex(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Sha256::digest(&bytes)
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

fn run_default(out: &Path, threads: &str) {
    Command::cargo_bin("boardlab")
        .unwrap()
        .args([
            "run",
            "--draws",
            "40",
            "--cap",
            "20000",
            "--quiet",
            "--threads",
            threads,
        ])
        .arg("--out")
        .arg(out)
        .assert()
        .success();
}

#[test]
fn default_experiment_data_files_are_pinned_for_one_and_two_threads() {
    let dir = tempfile::tempdir().unwrap();
    for threads in ["1", "2"] {
        let out = dir.path().join(format!("t{threads}"));
        run_default(&out, threads);
        for (file, expected) in PINNED {
            assert_eq!(
                sha256_hex(&out.join(file)),
                expected,
                "{file} of the default experiment changed ({threads} threads)"
            );
        }
    }
}
