//! Draughts matches in the experiment harness, end to end: a small spec runs to a complete
//! folder with the draughts report section, its `draws.csv` is the same at 1 and 2 threads,
//! every game in it replays legally through the simple oracle generator of
//! `common/draughts_oracle.rs` and ends as its row says, games 2k and 2k+1 share their
//! random opening, and bad bot names are one-line errors. A spec's `rules` and `max-plies`
//! choose the game its bots, referee and report play (the games `draughts games` plays with
//! the same options), and left at their defaults they keep the committed folder's identity.

use crate::common::draughts_oracle as oracle;

use crate::common::boardlab;
use crate::common::same_bytes::same_bytes_at_any_thread_count_and_after_a_merge;
use boardlab::experiment::spec::Overrides;
use boardlab::puzzles::REGISTRY;
use oracle::OracleBoard;
use std::path::Path;

const SPEC: &str = r#"
puzzle = "draughts"
name = "draughts-small"
seed = 7
games = 6
players = ["random", "damebot", "alphabeta:2", "mcts:20", "damebot:-edge", "damebot:article"]
opening-plies = 2
"#;

const START: &str = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";

fn run(spec: &Path, out: &Path, threads: &str) -> Vec<u8> {
    boardlab()
        .arg("run")
        .arg(spec)
        .args(["--threads", threads, "-q", "--out"])
        .arg(out)
        .assert()
        .success();
    std::fs::read(out.join("draws.csv")).unwrap()
}

/// Replays one row's moves through the oracle under Czech rules; returns the moves.
fn replay_row(line: &str) -> Vec<String> {
    replay_row_under(line, false)
}

/// Replays one row's moves through the oracle, under English rules when `english`; returns
/// the moves.
fn replay_row_under(line: &str, english: bool) -> Vec<String> {
    let fields: Vec<&str> = line.splitn(7, ',').collect();
    let [_, game, _, _, result, plies, moves] = fields[..] else {
        panic!("not a game row: {line}");
    };
    let moves: Vec<String> = moves.split(' ').map(String::from).collect();
    assert_eq!(moves.len().to_string(), plies, "{line}");
    let mut board = OracleBoard::from_fen(START);
    for text in &moves {
        let listed = board.moves(english);
        let mv = listed
            .iter()
            .find(|m| &m.text() == text)
            .unwrap_or_else(|| panic!("game {game}: {text} is illegal in {}", board.to_fen()));
        board = board.play(mv);
    }
    let stuck = board.moves(english).is_empty();
    match result {
        // The side to move at the end has lost: White moves at even plies.
        "1-0" => assert!(stuck && !board.white_to_move, "game {game}: {line}"),
        "0-1" => assert!(stuck && board.white_to_move, "game {game}: {line}"),
        "1/2" => assert!(!stuck, "game {game}: a draw where a side cannot move"),
        other => panic!("game {game}: result {other}"),
    }
    moves
}

#[test]
fn a_small_match_runs_the_same_at_one_and_two_threads_and_every_game_is_legal() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("small.toml");
    std::fs::write(&spec, SPEC).unwrap();
    let one = run(&spec, &dir.path().join("one"), "1");
    let two = run(&spec, &dir.path().join("two"), "2");
    assert_eq!(one, two, "draws.csv differs between 1 and 2 threads");
    let text = String::from_utf8(one).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("pairing,game,first,second,result,plies,moves")
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 15 * 6, "fifteen pairings of six games");
    let games: Vec<Vec<String>> = rows.iter().map(|line| replay_row(line)).collect();
    for pair in games.chunks(2) {
        assert_eq!(
            pair[0][..2],
            pair[1][..2],
            "games 2k, 2k+1 share the opening"
        );
    }
    let report = std::fs::read_to_string(dir.path().join("one/REPORT.md")).unwrap();
    assert!(report.contains("### How strong is Damebot"), "{report}");
    assert!(
        report.contains("### What each of Damebot's flags is worth"),
        "{report}"
    );
    assert!(report.contains("| `edge` | 4 | "), "{report}");
    assert!(
        report.contains("### What reading the article's prose missed"),
        "{report}"
    );
    let lengths = std::fs::read_to_string(dir.path().join("one/lengths.csv")).unwrap();
    assert!(
        lengths.lines().last().unwrap().starts_with("all,90,"),
        "{lengths}"
    );
}

#[test]
fn a_bad_bot_name_is_a_one_line_error() {
    let dir = tempfile::tempdir().unwrap();
    for (bad, named) in [
        ("minimax:3", "minimax:3"),
        ("alphabeta:0", "alphabeta:0"),
        ("mcts:x", "mcts:x"),
    ] {
        let spec = dir.path().join("bad.toml");
        std::fs::write(&spec, SPEC.replace("\"mcts:20\"", &format!("\"{bad}\""))).unwrap();
        let output = boardlab()
            .arg("run")
            .arg(&spec)
            .args(["-q", "--out"])
            .arg(dir.path().join("out"))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains("players") && stderr.contains(named),
            "{stderr}"
        );
    }
}

/// English checkers with a short ply cap: every game legal under English rules (the oracle),
/// none longer than the cap, and some cut by it.
const ENGLISH: &str = r#"
puzzle = "draughts"
name = "english-short"
seed = 5
games = 6
players = ["random", "damebot", "alphabeta:1"]
opening-plies = 2
rules = "english"
max-plies = 30
"#;

#[test]
fn a_spec_sets_rules_and_ply_cap_for_bots_referee_report_and_the_command_line_batch() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("english.toml");
    std::fs::write(&spec, ENGLISH).unwrap();
    let out = dir.path().join("out");
    let draws = String::from_utf8(run(&spec, &out, "1")).unwrap();
    let rows: Vec<&str> = draws.lines().skip(1).collect();
    assert_eq!(rows.len(), 3 * 6, "three pairings of six games");
    let mut capped = 0;
    for row in &rows {
        let moves = replay_row_under(row, true);
        assert!(moves.len() <= 30, "longer than the cap: {row}");
        capped += (moves.len() == 30) as usize;
    }
    assert!(capped > 0, "no game reached the cap of 30 plies:\n{draws}");

    // The manifest records the game; the report replays the games under it.
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["spec"]["rules"], "english");
    assert_eq!(manifest["spec"]["max_plies"], 30);
    let report = std::fs::read_to_string(out.join("REPORT.md")).unwrap();
    assert!(
        report.contains("English checkers under the English rules"),
        "{report}"
    );
    assert!(report.contains("the cap of 30 plies"), "{report}");
    let lengths = std::fs::read_to_string(out.join("lengths.csv")).unwrap();
    let all = lengths.lines().last().unwrap();
    assert!(all.starts_with("all,18,"), "{lengths}");
    let ply_cap: usize = all.rsplit(',').next().unwrap().parse().unwrap();
    assert_eq!(ply_cap, capped, "{lengths}");

    // The command line's batch with the same settings plays the same rows.
    let batch = boardlab()
        .args(["draughts", "games", "random", "damebot", "--games", "6"])
        .args(["--seed", "5", "--opening-plies", "2"])
        .args(["--rules", "english", "--max-plies", "30"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let pairing: String = draws
        .lines()
        .take(1)
        .chain(
            rows.iter()
                .copied()
                .filter(|r| r.starts_with("random-vs-damebot,")),
        )
        .map(|line| format!("{line}\n"))
        .collect();
    assert_eq!(String::from_utf8(batch).unwrap(), pairing);
}

#[test]
fn a_spec_with_rules_and_ply_cap_gives_the_same_bytes_at_any_thread_count_and_merged() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("english.toml");
    std::fs::write(&spec, ENGLISH).unwrap();
    let one = same_bytes_at_any_thread_count_and_after_a_merge(
        &spec,
        dir.path(),
        &["draws.csv", "summary.csv", "lengths.csv"],
    );
    assert!(one.join("REPORT.md").is_file());
}

/// The identity a draughts spec records in its manifest.
fn identity(text: &str) -> serde_json::Value {
    let puzzle = REGISTRY.puzzle("draughts").unwrap();
    (puzzle.parse)(text, &Overrides::default())
        .unwrap()
        .identity()
}

#[test]
fn rules_and_ply_cap_at_their_defaults_keep_the_committed_spec_identity() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("results/draughts/manifest.json")).unwrap(),
    )
    .unwrap();
    let text = std::fs::read_to_string(root.join("experiments/draughts.toml")).unwrap();
    assert_eq!(manifest["spec_text"].as_str(), Some(text.as_str()));
    assert_eq!(identity(&text), manifest["spec"]);
    let explicit = format!("rules = \"czech\"\nmax-plies = 400\n{text}");
    assert_eq!(identity(&explicit), manifest["spec"]);
    let english = identity(&format!("rules = \"english\"\n{text}"));
    assert_ne!(english, manifest["spec"]);
    assert_eq!(english["rules"], "english");
    assert!(english.get("max_plies").is_none(), "{english}");
}

#[test]
fn bad_rules_and_ply_caps_are_one_line_errors_naming_key_and_valid_values() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "rules = \"chess\"",
            "key `rules`: \"chess\" is no rules variant; use one of: czech, english, damebot",
        ),
        ("rules = 3", "key `rules`: 3 is no rules variant"),
        (
            "max-plies = 5",
            "key `max-plies`: 5 is out of range; use a number of plies from 10 to 10000",
        ),
        (
            "max-plies = 10001",
            "key `max-plies`: 10001 is out of range",
        ),
        ("max-plies = -1", "key `max-plies`: -1 is out of range"),
        (
            "max-plies = \"long\"",
            "key `max-plies`: \"long\" is out of range",
        ),
        (
            "max_plies = 100",
            "unknown field `max_plies`, expected one of `puzzle`, `name`, `description`, `seed`, `games`, `players`, `pairings`, `self-play`, `opening-plies`, `openings`, `player-games`, `stop`, or the game's `rules`, `max-plies`",
        ),
    ];
    for (line, expected) in cases {
        let spec = dir.path().join("bad.toml");
        std::fs::write(&spec, format!("{SPEC}{line}\n")).unwrap();
        let output = boardlab()
            .arg("run")
            .arg(&spec)
            .args(["-q", "--out"])
            .arg(dir.path().join("out"))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{line}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.trim_end().lines().count(), 1, "{line}: {stderr}");
        assert!(stderr.contains(expected), "{line}: {stderr}");
        assert!(
            !dir.path().join("out").exists(),
            "{line}: a folder was made"
        );
    }
}

#[test]
fn the_committed_folder_reports_byte_for_byte_and_resumes_as_the_same_run() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let committed = root.join("results/draughts");
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("draughts");
    // The committed files only: a checkout that has run the experiment keeps its draws.csv
    // beside them (ignored by git), which a fresh clone does not have.
    crate::common::committed::copy_files_in("results/draughts", &copy);
    boardlab().arg("report").arg(&copy).assert().success();
    for file in ["REPORT.md", "lengths.csv", "summary.csv", "ratings.csv"] {
        assert!(
            std::fs::read(copy.join(file)).unwrap() == std::fs::read(committed.join(file)).unwrap(),
            "{file} differs from the committed one"
        );
    }
    // The spec is the same run: resuming gets past the identity check to the missing data
    // (the committed folder does not keep its large draws.csv).
    let resume = |spec: &Path| {
        let output = boardlab()
            .arg("run")
            .arg(spec)
            .args(["--resume", "-q", "--out"])
            .arg(&copy)
            .output()
            .unwrap();
        String::from_utf8(output.stderr).unwrap()
    };
    let stderr = resume(&root.join("experiments/draughts.toml"));
    assert!(stderr.contains("draws.csv is missing"), "{stderr}");
    let english = dir.path().join("english.toml");
    let text = std::fs::read_to_string(root.join("experiments/draughts.toml")).unwrap();
    std::fs::write(&english, format!("rules = \"english\"\n{text}")).unwrap();
    let stderr = resume(&english);
    assert!(stderr.contains("it holds a different run"), "{stderr}");
}

#[test]
fn fixed_openings_are_played_in_turn_each_by_both_seats() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("ballots.toml");
    let openings = ["31-26 16-21", "32-28 19-23", "34-29 20-24"];
    std::fs::write(
        &spec,
        format!(
            "puzzle = \"draughts-variants\"\nname = \"ballots\"\nrules = \"international\"\nseed = 3\n\
             games = 8\nplayers = [\"alphabeta:1\", \"random\"]\nopenings = {openings:?}\n"
        ),
    )
    .unwrap();
    let out = dir.path().join("out");
    let run = boardlab()
        .args([
            "run",
            spec.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--quiet",
        ])
        .output()
        .unwrap();
    assert!(run.status.success(), "{run:?}");
    let draws = std::fs::read_to_string(out.join("draws.csv")).unwrap();
    let rows: Vec<Vec<&str>> = draws
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert_eq!(rows.len(), 8);
    for row in &rows {
        let index: usize = row[1].parse().unwrap();
        // Games 2k and 2k+1 play opening k mod 3, with the seats swapped.
        let opening = openings[index / 2 % openings.len()];
        assert!(row[6].starts_with(&format!("{opening} ")), "{row:?}");
        let first = if index.is_multiple_of(2) {
            "alphabeta:1"
        } else {
            "random"
        };
        assert_eq!(row[2], first, "{row:?}");
    }
    // An opening with an illegal move, or beside random opening plies, is one line.
    for (extra, expected) in [
        (
            "openings = [\"31-26 16-21 26x17\"]\n",
            "opening 0 (`31-26 16-21 26x17`): ply 3",
        ),
        ("openings = [\"31-26\"]\nopening-plies = 2\n", "not both"),
    ] {
        let text = std::fs::read_to_string(&spec).unwrap();
        let text = text
            .lines()
            .filter(|l| !l.starts_with("openings"))
            .collect::<Vec<_>>()
            .join("\n");
        std::fs::write(&spec, format!("{text}\n{extra}")).unwrap();
        let run = boardlab()
            .args([
                "run",
                spec.to_str().unwrap(),
                "--out",
                dir.path().join("bad").to_str().unwrap(),
            ])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(expected), "{stderr}");
    }
}
