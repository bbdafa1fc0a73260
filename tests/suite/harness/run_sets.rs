//! A spec that lists several rule sets is a set of runs: one member folder per rule set with
//! the bytes that rule set's own spec makes, and a set report whose figures are counted here
//! again from the members' games. Also the report of a player against itself alone, and the
//! set's errors: a shard, a folder of a single run, another set.

use crate::common::same_bytes::run_ok;
use crate::common::{boardlab, csv_rows};
use boardlab::experiment::run_set::RunSet;
use boardlab::puzzles::REGISTRY;
use boardlab::stats::proportion::wilson95;
use std::path::{Path, PathBuf};

const SET: &str = "puzzle = \"draughts-variants\"\nname = \"pair\"\n\
    description = \"two rule sets\"\nrules = [\"czech\", \"thai\"]\nseed = 11\ngames = 8\n\
    opening-plies = 2\nplayers = [\"alphabeta:1\"]\npairings = [[\"alphabeta:1\", \"alphabeta:1\"]]\n";

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn run(spec: &Path, out: &Path, extra: &[&str]) -> std::process::Output {
    boardlab()
        .arg("run")
        .arg(spec)
        .arg("--out")
        .arg(out)
        .arg("--quiet")
        .args(extra)
        .output()
        .unwrap()
}

fn stderr_of(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn each_member_holds_the_bytes_of_its_own_spec_and_the_set_counts_them() {
    let dir = tempfile::tempdir().unwrap();
    let set = write(dir.path(), "set.toml", SET);
    let out = dir.path().join("set");
    let headline = run_ok(&set, &out, &["--threads", "2"]);
    for rules in ["czech", "thai"] {
        let alone = write(
            dir.path(),
            &format!("{rules}.toml"),
            &SET.replace("name = \"pair\"", &format!("name = \"pair-{rules}\""))
                .replace("[\"czech\", \"thai\"]", &format!("\"{rules}\"")),
        );
        let own = dir.path().join(rules);
        run_ok(&alone, &own, &["--threads", "1"]);
        for file in ["draws.csv", "summary.csv"] {
            assert_eq!(
                std::fs::read(out.join(rules).join(file)).unwrap(),
                std::fs::read(own.join(file)).unwrap(),
                "{rules}/{file}: the member and its own spec differ"
            );
        }
    }
    // The set's summary, counted again from each member's games: the first seat's result.
    let summary = csv_rows(&out.join("summary.csv"));
    assert_eq!(summary.len(), 2);
    for row in &summary {
        let games = csv_rows(&out.join(&row["rules"]).join("draws.csv"));
        let of = |result: &str| games.iter().filter(|g| g["result"] == result).count() as u64;
        let (wins, draws, losses) = (of("1-0"), of("1/2"), of("0-1"));
        assert_eq!(wins + draws + losses, 8);
        assert_eq!(row["first_wins"], wins.to_string(), "{row:?}");
        assert_eq!(row["draws"], draws.to_string(), "{row:?}");
        assert_eq!(row["first_losses"], losses.to_string(), "{row:?}");
        let score = (wins as f64 + draws as f64 / 2.0) / 8.0;
        assert_eq!(row["first_score"], format!("{score:.6}"));
        let (low, high) = wilson95(draws, 8);
        assert_eq!(row["draw_low"], format!("{low:.6}"));
        assert_eq!(row["draw_high"], format!("{high:.6}"));
        let plies: f64 = games
            .iter()
            .map(|g| g["plies"].parse::<f64>().unwrap())
            .sum();
        assert_eq!(row["mean_plies"], format!("{:.6}", plies / 8.0));
    }
    // The report and the headline say the same finding; charts are drawn; report and plot
    // remake the folder's files byte for byte.
    let report = std::fs::read_to_string(out.join("REPORT.md")).unwrap();
    let finding = report
        .lines()
        .find_map(|l| l.strip_prefix("**Finding:** "))
        .unwrap()
        .trim_end_matches('.');
    assert!(headline.starts_with(finding), "{headline} / {finding}");
    assert!(headline.contains("(2 rule sets;"), "{headline}");
    assert!(report.contains("[`czech/`](czech/REPORT.md)"), "{report}");
    for chart in ["first-player.svg", "draws.svg"] {
        assert!(out.join("charts").join(chart).is_file(), "{chart}");
    }
    let before = std::fs::read(out.join("REPORT.md")).unwrap();
    std::fs::remove_file(out.join("REPORT.md")).unwrap();
    boardlab()
        .arg("report")
        .arg(&out)
        .arg("--quiet")
        .assert()
        .success();
    assert_eq!(std::fs::read(out.join("REPORT.md")).unwrap(), before);
    boardlab()
        .arg("plot")
        .arg(&out)
        .arg("--quiet")
        .assert()
        .success();
    let shown = boardlab().arg("show").arg(&out).output().unwrap();
    let shown = String::from_utf8(shown.stdout).unwrap();
    for rules in ["czech", "thai"] {
        let line = shown.lines().find(|l| l.starts_with(rules));
        assert!(line.is_some_and(|l| l.contains("alphabeta:1")), "{shown}");
    }
    // A finished set resumes to nothing new, and says its finding again.
    assert_eq!(run_ok(&set, &out, &["--resume"]), headline);
}

#[test]
fn a_member_of_a_player_against_itself_reports_the_first_seat_without_ratings() {
    let dir = tempfile::tempdir().unwrap();
    let set = write(dir.path(), "set.toml", SET);
    let out = dir.path().join("set");
    run_ok(&set, &out, &[]);
    let member = out.join("czech");
    let report = std::fs::read_to_string(member.join("REPORT.md")).unwrap();
    for absent in ["## Ratings", "## Scores between players", "charts/"] {
        assert!(!report.contains(absent), "{absent} in {report}");
    }
    assert!(!member.join("charts").join("ratings.svg").exists());
    // The section's first-seat wins, counted from the games.
    let games = csv_rows(&member.join("draws.csv"));
    let wins = games.iter().filter(|g| g["result"] == "1-0").count() as u64;
    let (low, high) = wilson95(wins, 8);
    let cell = format!(
        "{:.2}% [{:.2}, {:.2}]",
        100.0 * wins as f64 / 8.0,
        100.0 * low,
        100.0 * high
    );
    let row = report
        .lines()
        .find(|l| l.starts_with("| `alphabeta:1` | 8 |"))
        .unwrap_or_else(|| panic!("no first-seat row in {report}"));
    assert_eq!(row.split(" | ").nth(3), Some(cell.as_str()), "{row}");
}

#[test]
fn a_set_refuses_a_shard_a_folder_of_one_run_and_another_set() {
    let dir = tempfile::tempdir().unwrap();
    let set = write(dir.path(), "set.toml", SET);
    let out = dir.path().join("set");
    let sharded = run(&set, &out, &["--shard", "1/2"]);
    assert_eq!(sharded.status.code(), Some(2));
    assert!(stderr_of(&sharded).contains("shard a spec of one value"));
    assert!(!out.exists(), "a refused set writes nothing");

    let single = write(
        dir.path(),
        "single.toml",
        &SET.replace("[\"czech\", \"thai\"]", "\"czech\""),
    );
    let one = dir.path().join("one");
    run_ok(&single, &one, &[]);
    let onto = run(&set, &one, &[]);
    assert_eq!(onto.status.code(), Some(2));
    assert!(
        stderr_of(&onto).contains("holds a single run"),
        "{}",
        stderr_of(&onto)
    );

    run_ok(&set, &out, &[]);
    let other = write(
        dir.path(),
        "other.toml",
        &SET.replace("[\"czech\", \"thai\"]", "[\"czech\", \"pool\"]"),
    );
    let refused = run(&other, &out, &[]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr_of(&refused).contains("holds another set of runs (rules = czech, thai)"),
        "{}",
        stderr_of(&refused)
    );
    let bad = write(
        dir.path(),
        "bad.toml",
        &SET.replace("\"thai\"]", "\"chekers\"]"),
    );
    let refused = run(&bad, &dir.path().join("bad"), &[]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr_of(&refused).contains("rules = chekers"),
        "{}",
        stderr_of(&refused)
    );
    assert!(
        !dir.path().join("bad").join("czech").exists(),
        "nothing runs before every member is read"
    );
}

#[test]
fn a_match_with_a_player_against_itself_rates_the_others_and_reports_its_first_seat() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write(
        dir.path(),
        "mixed.toml",
        "puzzle = \"fifteen\"\nname = \"mixed\"\nseed = 4\ngames = 40\n\
         players = [\"random\", \"perfect\"]\n\
         pairings = [[\"random\", \"random\"], [\"random\", \"perfect\"]]\n",
    );
    let out = dir.path().join("mixed");
    run_ok(&spec, &out, &[]);
    let report = std::fs::read_to_string(out.join("REPORT.md")).unwrap();
    assert!(report.contains("## Ratings"), "{report}");
    assert!(report.contains("## The first player, in games of a player against itself"));
    assert!(out.join("charts").join("ratings.svg").is_file());
    // The first seat's record of random against itself, counted from its games.
    let games: Vec<_> = csv_rows(&out.join("draws.csv"))
        .into_iter()
        .filter(|g| g["pairing"] == "random-vs-random")
        .collect();
    assert_eq!(games.len(), 40);
    let of = |result: &str| games.iter().filter(|g| g["result"] == result).count() as u64;
    let (low, high) = wilson95(of("1/2"), 40);
    let draws = format!(
        "{:.2}% [{:.2}, {:.2}]",
        100.0 * of("1/2") as f64 / 40.0,
        100.0 * low,
        100.0 * high
    );
    let row = report
        .lines()
        .find(|l| l.starts_with("| `random` | 40 |"))
        .unwrap_or_else(|| panic!("no first-seat row in {report}"));
    assert_eq!(row.split(" | ").nth(4), Some(draws.as_str()), "{row}");
}

#[test]
fn a_member_spec_is_the_text_with_one_value_and_its_own_name() {
    let text = "# the same match under two rule sets\npuzzle = \"draughts-variants\"\nname = \"rules\"\nrules = [\"czech\", \"thai\"] # each\nseed = 3\n";
    let (set, members) = RunSet::of_spec(&REGISTRY, "s.toml", text).unwrap().unwrap();
    assert_eq!(set.values, ["czech", "thai"]);
    assert_eq!(set.name, "rules");
    assert_eq!(
        members[1].spec_text,
        "# the same match under two rule sets\npuzzle = \"draughts-variants\"\nname = \"rules-thai\"\nrules = \"thai\" # each\nseed = 3\n"
    );
}

#[test]
fn a_spec_with_one_value_or_a_puzzle_without_lists_is_no_set() {
    let one = "puzzle = \"draughts-variants\"\nname = \"x\"\nrules = \"czech\"\n";
    assert!(RunSet::of_spec(&REGISTRY, "s", one).unwrap().is_none());
    let chess = "name = \"x\"\norders = [\"QNBR\"]\n";
    assert!(RunSet::of_spec(&REGISTRY, "s", chess).unwrap().is_none());
}

#[test]
fn bad_lists_are_refused_with_the_fix() {
    for (rules, expected) in [
        ("[]", "empty list"),
        ("[\"czech\", \"czech\"]", "twice"),
        ("[\"czech\", 3]", "not a name in quotes"),
        ("[\"../x\"]", "cannot name a folder"),
    ] {
        let text = format!("puzzle = \"draughts-variants\"\nname = \"x\"\nrules = {rules}\n");
        let error = RunSet::of_spec(&REGISTRY, "s", &text)
            .unwrap_err()
            .to_string();
        assert!(error.contains(expected), "{rules}: {error}");
    }
    let nameless = "puzzle = \"draughts-variants\"\nrules = [\"czech\", \"thai\"]\n";
    let error = RunSet::of_spec(&REGISTRY, "s", nameless)
        .unwrap_err()
        .to_string();
    assert!(error.contains("needs a `name`"), "{error}");
}
