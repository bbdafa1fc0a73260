//! A match that stops each pairing by its SPRT: the stops are where the test first decides on
//! whole pairs of games, found again here from `draws.csv` with the library's own SPRT (itself
//! checked against fishtest's and cutechess-cli's numbers), and the data are the same bytes at
//! 1 and 2 threads, after shards are merged and after a run killed part way is resumed.

use crate::common::same_bytes::{
    boardlab, run_ok, same_bytes_at_any_thread_count_and_after_a_merge,
};
use boardlab::stats::elo::{Outcomes, Sprt, SprtVerdict};
use std::collections::BTreeMap;
use std::path::Path;

const SPEC: &str = r#"puzzle = "draughts"
name = "sprt-stops"
seed = 11
games = 400
players = ["random", "alphabeta:1", "damebot"]
opening-plies = 4
stop = "sprt elo0=0 elo1=20"
"#;

/// `a`'s half-points in each game of each pairing, in draw order, read from `draws.csv`.
fn half_points(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let text = std::fs::read_to_string(dir.join("draws.csv")).unwrap();
    let mut games: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    for line in text.lines().skip(1) {
        let fields: Vec<&str> = line.splitn(7, ',').collect();
        let (pairing, game, result) = (fields[0], fields[1].parse::<usize>().unwrap(), fields[4]);
        let first = match result {
            "1-0" => 2,
            "1/2" => 1,
            "0-1" => 0,
            other => panic!("result {other}"),
        };
        let list = games.entry(pairing.to_string()).or_default();
        assert_eq!(list.len(), game, "{pairing}: games in draw order from 0");
        // `a` is first in the even games.
        list.push(if game % 2 == 0 { first } else { 2 - first });
    }
    games
}

#[test]
fn pairings_stop_where_their_sprt_first_decides() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("sprt.toml");
    std::fs::write(&spec, SPEC).unwrap();
    let one = same_bytes_at_any_thread_count_and_after_a_merge(
        &spec,
        dir.path(),
        &["draws.csv", "summary.csv", "pairs.csv"],
    );
    let sprt = Sprt::parse("sprt elo0=0 elo1=20").unwrap();
    let games = half_points(&one);
    assert_eq!(games.len(), 3, "every pairing played");
    for (pairing, points) in &games {
        assert!(points.len() < 400, "{pairing} stopped early");
        assert_eq!(points.len() % 2, 0, "{pairing} stops after a whole pair");
        let mut counts = [0u64; 5];
        for (pair, games) in points.chunks(2).enumerate() {
            counts[usize::from(games[0] + games[1])] += 1;
            let (_, verdict) = sprt.verdict(Outcomes::Pairs(&counts));
            let last = pair + 1 == points.len() / 2;
            assert_eq!(
                verdict != SprtVerdict::Continue,
                last,
                "{pairing}: decided at pair {pair} of {}",
                points.len() / 2
            );
        }
    }
    let pairs = std::fs::read_to_string(one.join("pairs.csv")).unwrap();
    assert_eq!(pairs.matches("accepted").count(), 3, "{pairs}");
    let report = std::fs::read_to_string(one.join("REPORT.md")).unwrap();
    assert!(report.contains("SPRT"), "{report}");
}

#[test]
fn a_run_killed_inside_a_pairing_resumes_to_the_same_stop() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("sprt.toml");
    std::fs::write(&spec, SPEC).unwrap();
    let whole = dir.path().join("whole");
    run_ok(&spec, &whole, &["--threads", "1"]);
    // One thread writes the first chunk of 64 games, records it and is killed: the first
    // pairing, which stops later, must be continued from its rule's state.
    let killed = dir.path().join("killed");
    boardlab()
        .args(["run", "--quiet", "--threads", "1", "--out"])
        .arg(&killed)
        .arg(&spec)
        .env("BOARDLAB_TEST_ABORT_AT", "checkpoint")
        .assert()
        .failure();
    let manifest = std::fs::read_to_string(killed.join("manifest.json")).unwrap();
    assert!(manifest.contains("\"rows\": 64"), "{manifest}");
    run_ok(&spec, &killed, &["--resume", "--threads", "2"]);
    for file in ["draws.csv", "pairs.csv"] {
        assert_eq!(
            std::fs::read(killed.join(file)).unwrap(),
            std::fs::read(whole.join(file)).unwrap(),
            "{file}"
        );
    }
}

#[test]
fn a_bad_stopping_rule_is_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("bad.toml");
    std::fs::write(&spec, SPEC.replace("elo1=20", "elo1=-5")).unwrap();
    boardlab()
        .arg("run")
        .arg(&spec)
        .arg("--out")
        .arg(dir.path().join("out"))
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "key `stop`: an SPRT needs elo0 < elo1",
        ));
}

#[test]
fn the_documented_sprt_spec_runs() {
    let guide = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("experiments/README.md"),
    )
    .unwrap();
    let block = guide
        .split("```toml\n")
        .filter_map(|part| part.split("```").next())
        .find(|block| block.contains("damebot-sprt"))
        .expect("the guide shows an SPRT spec");
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("sprt.toml");
    std::fs::write(&spec, block).unwrap();
    let out = dir.path().join("out");
    run_ok(&spec, &out, &["--games", "8"]);
    let pairs = std::fs::read_to_string(out.join("pairs.csv")).unwrap();
    assert!(pairs.contains("sprt elo0=0 elo1=50"), "{pairs}");
}
