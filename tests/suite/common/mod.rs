//! Helpers shared by the test modules: the binary as a command, independent checkers and
//! oracles, and tools for running the binary in the background.
//!
//! The SAT checkers use nothing of `boardlab::chess_memory::sat`: the brute-force counter
//! (`brute`) shares only the validator with the SAT path, and the DRAT checker (`rup`)
//! shares nothing.

#![allow(dead_code)]

pub mod background_run;
pub mod brute;
pub mod committed;
pub mod draughts_oracle;
pub mod golden;
pub mod processes;
pub mod rup;
pub mod same_bytes;
pub mod variant_oracle;

/// The `boardlab` binary of this build, as a command to run.
pub fn boardlab() -> assert_cmd::Command {
    assert_cmd::Command::cargo_bin("boardlab").unwrap()
}

/// Builds the three-piece Czech endgame database under `out` (in `out/czech/`), a second or
/// so: the database the tests that read or damage one start from.
pub fn build_czech_endgames(out: &std::path::Path) {
    boardlab()
        .args([
            "draughts", "endgame", "build", "--rules", "czech", "--pieces", "3",
        ])
        .arg("--out")
        .arg(out)
        .assert()
        .success();
}

/// The rows of a CSV file as maps from column to value.
pub fn csv_rows(path: &std::path::Path) -> Vec<std::collections::HashMap<String, String>> {
    csv_rows_of(std::fs::File::open(path).unwrap())
}

/// The rows of CSV text with a header, read from `text`, as maps from column to value.
pub fn csv_rows_of(text: impl std::io::Read) -> Vec<std::collections::HashMap<String, String>> {
    let mut reader = csv::Reader::from_reader(text);
    let headers = reader.headers().unwrap().clone();
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            headers
                .iter()
                .zip(r.iter())
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}
