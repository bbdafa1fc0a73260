//! The match study end to end: small "15" matches run through `boardlab run`, every game in
//! `draws.csv` replayed by a referee written here, the measured rates against the exact ones,
//! the same bytes at 1 and 2 threads and after shards are merged, the ratings on games with a
//! known answer, and spec errors as one line naming the key.

use crate::common::same_bytes;

use boardlab::fifteen::exact;
use boardlab::fifteen::{Bot, Classic, Fifteen, Variant};
use boardlab::game::Seat;
use boardlab::game::matches::ratings::{Cell, fit, fit_with_intervals};
use boardlab::game::matches::study::result_text;
use boardlab::game::pairing::PairingGame;
use predicates::prelude::*;
use std::path::{Path, PathBuf};

use same_bytes::{boardlab, run_ok, same_bytes_at_any_thread_count_and_after_a_merge};

fn write_spec(dir: &Path, body: &str) -> PathBuf {
    let path = dir.join("match.toml");
    std::fs::write(
        &path,
        format!("puzzle = \"fifteen\"\nname = \"small\"\nseed = 3\n{body}"),
    )
    .unwrap();
    path
}

/// The result of a written "15" game from the first seat (`1-0`, `0-1`, `1/2`), by plain
/// rules: numbers 1..9, each once; three of one player's numbers summing to 15 win at once;
/// nine numbers without that are a draw. Panics on an illegal game.
fn referee(moves: &str) -> &'static str {
    let numbers: Vec<u32> = moves.split(' ').map(|m| m.parse().unwrap()).collect();
    let mut mine: [Vec<u32>; 2] = [vec![], vec![]];
    for (ply, &n) in numbers.iter().enumerate() {
        assert!((1..=9).contains(&n), "{moves}: {n} is not 1..9");
        assert!(
            !mine[0].contains(&n) && !mine[1].contains(&n),
            "{moves}: {n} twice"
        );
        mine[ply % 2].push(n);
        let held = &mine[ply % 2];
        let triple = held.iter().any(|&a| {
            held.iter()
                .any(|&b| held.iter().any(|&c| a < b && b < c && a + b + c == 15))
        });
        if triple {
            assert_eq!(ply + 1, numbers.len(), "{moves}: play after a win");
            return if ply % 2 == 0 { "1-0" } else { "0-1" };
        }
    }
    assert_eq!(numbers.len(), 9, "{moves}: stops early");
    "1/2"
}

struct Row {
    pairing: String,
    game: u64,
    first: String,
    second: String,
    result: String,
    plies: usize,
    moves: String,
}

fn rows(out: &Path) -> Vec<Row> {
    let text = std::fs::read_to_string(out.join("draws.csv")).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("pairing,game,first,second,result,plies,moves")
    );
    lines
        .map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            assert_eq!(f.len(), 7, "{line}");
            Row {
                pairing: f[0].into(),
                game: f[1].parse().unwrap(),
                first: f[2].into(),
                second: f[3].into(),
                result: f[4].into(),
                plies: f[5].parse().unwrap(),
                moves: f[6].into(),
            }
        })
        .collect()
}

#[test]
fn every_game_of_a_match_is_legal_and_seats_alternate() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write_spec(
        dir.path(),
        "games = 60\nplayers = [\"random\", \"article:own\", \"mcts:20\", \"newell-simon\"]\n\
         [player-games]\n\"mcts:20\" = 10\n",
    );
    let out = dir.path().join("out");
    run_ok(&spec, &out, &["--threads", "2"]);
    let rows = rows(&out);
    // 6 pairings: the 3 with mcts play 10 games, the others 60.
    assert_eq!(rows.len(), 3 * 60 + 3 * 10);
    for row in &rows {
        assert_eq!(referee(&row.moves), row.result, "{}", row.moves);
        assert_eq!(row.moves.split(' ').count(), row.plies);
        let (a, b) = row.pairing.split_once("-vs-").unwrap();
        let seats = if row.game % 2 == 0 { (a, b) } else { (b, a) };
        assert_eq!((row.first.as_str(), row.second.as_str()), seats);
    }
    // Player names are canonical: `article:own` is the `:first` tie-break.
    assert!(
        rows.iter()
            .any(|r| r.pairing == "random-vs-article:own:first")
    );
    let ratings = std::fs::read_to_string(out.join("ratings.csv")).unwrap();
    assert!(ratings.starts_with("player,rating,rating_low,rating_high,games,score\n"));
    assert_eq!(ratings.lines().count(), 5);
    let report = std::fs::read_to_string(out.join("REPORT.md")).unwrap();
    for heading in [
        "## Ratings",
        "## Measured against exact",
        "## The article's heuristic",
    ] {
        assert!(report.contains(heading), "{heading}");
    }
    for chart in ["results", "matrix", "ratings"] {
        assert!(out.join("charts").join(format!("{chart}.svg")).is_file());
    }
}

/// The 99.9% Wilson interval of k out of n, computed here.
fn wilson(k: u64, n: u64) -> (f64, f64) {
    let z = 3.290_526_731_491_926;
    let (n, p) = (n as f64, k as f64 / n as f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (centre - half, centre + half)
}

#[test]
fn measured_rates_agree_with_the_exact_probabilities() {
    let dir = tempfile::tempdir().unwrap();
    let players = ["random", "article:deny+wb:random", "perfect"];
    let spec = write_spec(
        dir.path(),
        "games = 4000\nplayers = [\"random\", \"article:deny+wb:random\", \"perfect\"]\n",
    );
    let out = dir.path().join("out");
    run_ok(&spec, &out, &[]);
    let rows = rows(&out);
    let bot = |name: &str| Bot::parse(name, Variant::Classic).unwrap();
    for (i, a) in players.iter().enumerate() {
        for b in &players[i + 1..] {
            let label = format!("{a}-vs-{b}");
            for (seat, parity) in [(Seat::First, 0), (Seat::Second, 1)] {
                let games: Vec<&Row> = rows
                    .iter()
                    .filter(|r| r.pairing == label && r.game % 2 == parity)
                    .collect();
                let n = games.len() as u64;
                assert_eq!(n, 2000);
                // a's wins, draws and losses.
                let (a_wins, a_loses) = if seat == Seat::First {
                    ("1-0", "0-1")
                } else {
                    ("0-1", "1-0")
                };
                let count = |result: &str| games.iter().filter(|r| r.result == result).count();
                let measured = [count(a_wins), count("1/2"), count(a_loses)];
                let (ba, bb) = (bot(a), bot(b));
                let bots = if seat == Seat::First {
                    [&ba, &bb]
                } else {
                    [&bb, &ba]
                };
                let odds = exact::odds(&Fifteen(Classic), bots).unwrap().for_seat(seat);
                for (k, numerator) in measured.into_iter().zip(odds) {
                    let p = exact::probability(numerator);
                    let (low, high) = wilson(k as u64, n);
                    assert!(
                        low <= p && p <= high,
                        "{label} {seat:?}: {k} of {n} against exact {p}"
                    );
                }
            }
        }
    }
    // summary.csv holds the same counts.
    let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    let line = summary
        .lines()
        .find(|l| l.starts_with("random-vs-perfect,random,perfect,both,"))
        .unwrap();
    let losses = rows
        .iter()
        .filter(|r| r.pairing == "random-vs-perfect")
        .filter(|r| (r.result == "0-1") == (r.first == "random") && r.result != "1/2")
        .count();
    assert_eq!(line.split(',').nth(7).unwrap(), losses.to_string());
}

#[test]
fn threads_and_shards_give_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write_spec(
        dir.path(),
        "games = 700\nplayers = [\"random\", \"article:both+wb:random\", \"mcts:10\"]\n\
         pairings = [[\"random\", \"article:both+wb:random\"], \
         { players = [\"mcts:10\", \"random\"], games = 40 }]\n",
    );
    let one = same_bytes_at_any_thread_count_and_after_a_merge(
        &spec,
        dir.path(),
        &["draws.csv", "summary.csv", "ratings.csv", "REPORT.md"],
    );
    assert_eq!(rows(&one).len(), 740);
    // --draws replaces every pairing's count, explicit ones included.
    let small = dir.path().join("small");
    run_ok(&spec, &small, &["--draws", "6"]);
    assert_eq!(rows(&small).len(), 12);
}

#[test]
fn ratings_recover_known_strengths() {
    // A scores 3/4 against B: strengths 3 to 1, 400·log10(3) apart on the Elo scale.
    let cells = [Cell {
        a: 0,
        b: 1,
        wdl: [600, 0, 200],
    }];
    let r = fit(2, &cells, 0.0, None).unwrap();
    assert!((r[0] - r[1] - 400.0 * 3f64.log10()).abs() < 1e-6, "{r:?}");
    // Over both seats and with draws as half points: 500 wins, 200 draws, 100 losses is
    // also 3/4; the one virtual draw of the prior moves it by less than a rating point.
    let cells = [
        Cell {
            a: 0,
            b: 1,
            wdl: [300, 50, 50],
        },
        Cell {
            a: 0,
            b: 1,
            wdl: [200, 150, 50],
        },
    ];
    let rows = fit_with_intervals(&["A".into(), "B".into()], &cells, 1);
    let gap = rows[0].rating.unwrap() - rows[1].rating.unwrap();
    assert!((gap - 400.0 * 3f64.log10()).abs() < 1.0, "{gap}");
    assert!(rows[0].rating_low.unwrap() < rows[0].rating.unwrap());
    assert_eq!(rows[0].games, 800);
    assert!((rows[0].score - 0.75).abs() < 1e-9);
}

#[test]
fn bad_specs_are_one_line_naming_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, &str); 10] = [
        (
            "games = 5\nplayers = [\"random\", \"greedy\"]\n",
            "key `players`: unknown player `greedy`",
        ),
        (
            "games = 0\nplayers = [\"random\", \"perfect\"]\n",
            "key `games`",
        ),
        ("players = [\"random\", \"perfect\"]\n", "games"),
        (
            "games = 5\nplayers = [\"random\", \"article:own\", \"article:own:first\"]\n",
            "key `players`",
        ),
        ("games = 5\nplayers = [\"random\"]\n", "key `pairings`"),
        (
            "games = 5\nplayers = [\"random\", \"perfect\"]\npairings = \"some\"\n",
            "key `pairings`",
        ),
        (
            "games = 5\nplayers = [\"random\", \"perfect\"]\npairings = [[\"random\", \"newell-simon\"]]\n",
            "key `pairings`: newell-simon is not in `players`",
        ),
        (
            "games = 5\nplayers = [\"random\", \"mcts:0\"]\n",
            "key `players`: bad playout count",
        ),
        (
            "games = 5\nplayers = [\"random\", \"perfect\"]\nrounds = 2\n",
            "unknown field `rounds`",
        ),
        (
            "games = 5\nplayers = [\"random\", \"perfect\"]\nrules = \"english\"\n",
            "unknown field `rules`",
        ),
    ];
    for (body, expected) in cases {
        let spec = write_spec(dir.path(), body);
        let assert = boardlab()
            .arg("run")
            .arg(&spec)
            .arg("--out")
            .arg(dir.path().join("never"))
            .assert()
            .code(2)
            .stderr(predicate::str::contains(expected));
        let stderr = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
        assert_eq!(stderr.trim_end().lines().count(), 1, "{body}: {stderr}");
    }
    let spec = write_spec(
        dir.path(),
        "games = 5\nplayers = [\"random\", \"perfect\"]\n",
    );
    boardlab()
        .arg("run")
        .arg(&spec)
        .args(["--cap", "10", "--out"])
        .arg(dir.path().join("never"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("key `cap`"));
}

#[test]
fn openings_are_shared_by_game_pairs_and_self_play_and_the_variant_work() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write_spec(
        dir.path(),
        "games = 40\nplayers = [\"newell-simon\", \"perfect\"]\nself-play = true\nopening-plies = 2\n",
    );
    let out = dir.path().join("out");
    run_ok(&spec, &out, &[]);
    let games = rows(&out);
    let labels: Vec<&str> = games.iter().map(|r| r.pairing.as_str()).collect();
    assert!(labels.contains(&"newell-simon-vs-newell-simon"));
    assert!(labels.contains(&"perfect-vs-perfect"));
    assert_eq!(games.len(), 3 * 40);
    let opening = |r: &Row| r.moves.split(' ').take(2).collect::<Vec<_>>().join(" ");
    for pair in games.chunks(2) {
        assert_eq!(pair[0].game + 1, pair[1].game);
        assert_eq!(opening(&pair[0]), opening(&pair[1]));
        assert_eq!(referee(&pair[0].moves), pair[0].result);
    }
    let openings: std::collections::HashSet<String> = games.iter().map(opening).collect();
    assert!(openings.len() > 10, "{openings:?}");
    let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    assert_eq!(summary.lines().count(), 1 + 3 * 3);

    // The odd/even variant: the first seat places odd numbers, the second even ones, and any
    // three placed numbers summing to 15 win for the one who placed the last.
    let spec = dir.path().join("variant.toml");
    std::fs::write(
        &spec,
        "puzzle = \"fifteen-odd-even\"\nname = \"variant\"\nseed = 1\ngames = 50\n\
         players = [\"random\", \"perfect\"]\n",
    )
    .unwrap();
    let out = dir.path().join("variant");
    run_ok(&spec, &out, &[]);
    for row in rows(&out) {
        let numbers: Vec<u32> = row.moves.split(' ').map(|m| m.parse().unwrap()).collect();
        for (ply, n) in numbers.iter().enumerate() {
            assert_eq!(n % 2 == 1, ply % 2 == 0, "{}", row.moves);
        }
        let last = numbers.len() - 1;
        let placed = &numbers[..last];
        let wins = placed
            .iter()
            .enumerate()
            .any(|(i, a)| placed[i + 1..].iter().any(|b| a + b + numbers[last] == 15));
        let expected = match (wins, last % 2) {
            (true, 0) => "1-0",
            (true, _) => "0-1",
            (false, _) if numbers.len() == 9 => "1/2",
            (false, _) => panic!("{}: stops without a win", row.moves),
        };
        assert_eq!(row.result, expected, "{}", row.moves);
    }
}

#[test]
fn a_pairing_game_played_directly_is_the_row_of_the_run() {
    // Bots that draw from their streams (mcts, random) and a random opening: any change of
    // seats, streams or opening would change the moves.
    let dir = tempfile::tempdir().unwrap();
    let spec = write_spec(
        dir.path(),
        "games = 12\nplayers = [\"mcts:7\", \"random\"]\nopening-plies = 2\n",
    );
    let out = dir.path().join("out");
    run_ok(&spec, &out, &[]);
    let games = rows(&out);
    assert_eq!(games.len(), 12);
    for row in games {
        let game = PairingGame {
            seed: 3,
            label: &row.pairing,
            index: row.game,
        };
        let (mut a, mut b) = (Bot::Mcts(7), Bot::Random);
        let (result, moves) = game.play(&Fifteen(Classic), 2, [&mut a, &mut b]).unwrap();
        let [first, second] = game.seated(["mcts:7", "random"]);
        assert_eq!((row.first.as_str(), row.second.as_str()), (first, second));
        let moves: Vec<String> = moves.iter().map(u8::to_string).collect();
        assert_eq!(moves.join(" "), row.moves, "game {}", row.game);
        assert_eq!(result_text(result), row.result);
    }
}

/// Width and height of a PNG file, from its header.
fn png_size(path: &Path) -> (u32, u32) {
    let bytes = std::fs::read(path).unwrap();
    let number = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (number(16), number(20))
}

#[test]
fn a_match_of_many_players_keeps_its_charts_small_and_its_tables_whole() {
    let dir = tempfile::tempdir().unwrap();
    let mut players = vec!["random".to_string(), "perfect".to_string()];
    players.extend((1..=38).map(|n| format!("mcts:{n}")));
    let quoted: Vec<String> = players.iter().map(|p| format!("\"{p}\"")).collect();
    let spec = write_spec(
        dir.path(),
        &format!("games = 2\nplayers = [{}]\n", quoted.join(", ")),
    );
    let out = dir.path().join("out");
    run_ok(&spec, &out, &[]);
    let mut charts: Vec<String> = std::fs::read_dir(out.join("charts"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    charts.sort();
    assert_eq!(charts, ["ratings.png", "ratings.svg"]);
    let (width, height) = png_size(&out.join("charts/ratings.png"));
    assert!(width <= 2000 && height <= 5000, "{width} × {height}");
    let report = std::fs::read_to_string(out.join("REPORT.md")).unwrap();
    assert!(!report.contains("charts/matrix.svg") && !report.contains("charts/results.svg"));
    // Both the score matrix and the results matrix, one cell per pair of players.
    assert_eq!(
        report
            .matches("No chart: 40 players are more than the chart shows (30)")
            .count(),
        2
    );
    // The tables have every player, every pairing in each seat and its pairs of games.
    assert!(report.contains("| 40. `mcts:38` |"));
    assert_eq!(report.matches("| `mcts:37-vs-mcts:38` |").count(), 3);
}

/// Whether every pairing in `out`'s games has each player first as often, within one,
/// counted from `draws.csv`.
fn seats_balanced_in_the_games(out: &Path) -> bool {
    let mut first_minus_second: std::collections::BTreeMap<String, i64> = Default::default();
    for row in rows(out) {
        let a = row.pairing.split("-vs-").next().unwrap().to_string();
        *first_minus_second.entry(row.pairing).or_default() += if row.first == a { 1 } else { -1 };
    }
    first_minus_second.values().all(|d| d.abs() <= 1)
}

#[test]
fn a_shard_report_says_it_covers_one_shard_and_claims_no_balance_it_lacks() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write_spec(
        dir.path(),
        "games = 12\nplayers = [\"random\", \"perfect\", \"newell-simon\"]\n",
    );
    let out = |name: &str| dir.path().join(name);
    let report = |name: &str| std::fs::read_to_string(out(name).join("REPORT.md")).unwrap();
    run_ok(&spec, &out("whole"), &[]);
    for (name, shard) in [("p1", "1/2"), ("p2", "2/2"), ("t1", "1/3")] {
        run_ok(&spec, &out(name), &["--shard", shard]);
    }

    // Shards of 2: each holds the games of one parity, so one seat; its report says so.
    assert!(!seats_balanced_in_the_games(&out("p1")));
    let p1 = report("p1");
    assert!(p1.contains("**This folder is shard 1/2 of a sharded run: it holds only the games whose index i has i mod 2 = 0"), "{p1}");
    assert!(p1.contains("18 games in this shard"), "{p1}");
    assert!(
        p1.contains("**These ratings are seat-biased, from shard 1/2 alone:**"),
        "{p1}"
    );
    assert!(!p1.contains("cancels"), "{p1}");
    assert!(report("p2").contains("i mod 2 = 1"));
    boardlab()
        .args(["show"])
        .arg(out("p2"))
        .assert()
        .success()
        .stdout(predicate::str::contains("in shard 2/2 alone, seat-biased"));

    // A shard of 3 alternates the seats: it may say they are balanced, as a shard's.
    assert!(seats_balanced_in_the_games(&out("t1")));
    let t1 = report("t1");
    assert!(t1.contains("shard 1/3 of a sharded run"), "{t1}");
    assert!(t1.contains("In this shard too, every pairing plays as many games in each seat"));

    // The merged folder's report is the whole run's.
    boardlab()
        .arg("merge")
        .arg(out("merged"))
        .arg(out("p2"))
        .arg(out("p1"))
        .arg("--quiet")
        .assert()
        .success();
    assert!(seats_balanced_in_the_games(&out("merged")));
    assert_eq!(report("merged"), report("whole"));
    assert!(report("whole").contains("so the first-move advantage cancels"));
    assert!(!report("whole").contains("shard"));
}
