//! PDN at the command line: what `draughts games --pdn`, `draughts play --pdn` and
//! `draughts pdn RESULTS` write is read back by `draughts replay`, with the tags and results a
//! player's other programs expect; and the notation `draughts moves` reads.

use crate::common::boardlab;
use predicates::prelude::*;

/// The value of tag `name` in `pdn` (its first game).
fn tag<'a>(pdn: &'a str, name: &str) -> Option<&'a str> {
    let prefix = format!("[{name} \"");
    pdn.lines()
        .find_map(|line| line.strip_prefix(&prefix)?.strip_suffix("\"]"))
}

/// `draughts replay -` of `text`: its standard output, after checking it succeeded.
fn replay(text: &str) -> String {
    let output = boardlab()
        .args(["draughts", "replay", "-"])
        .write_stdin(text)
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(output.status.success(), "{stderr}\n{text}");
    stdout
}

/// Today's date as PDN writes it, from the `date` the tests see (UTC).
fn today() -> String {
    let output = std::process::Command::new("date")
        .args(["-u", "+%Y.%m.%d"])
        .output()
        .unwrap();
    String::from_utf8(output.stdout).unwrap().trim().to_string()
}

/// A king's capture written with its route, as `draughts games --pdn` writes a capture that
/// another capture joins to the same squares: the squares between are its landing squares,
/// though other captures of the king pass them too.
#[test]
fn a_long_king_capture_written_with_its_route_replays() {
    let text = "[GameType \"20\"]\n[SetUp \"1\"]\n\
        [FEN \"B:W21,27,30,32,37,40,43,46,48,49:B1,2,3,5,6,8,16,24,K42\"]\n\n\
        1... 42x31x18x45 *\n";
    let report = replay(text);
    assert!(report.contains("1 move (1 ply), result *"), "{report}");
    // The king took 37, 27 and 40 on its way to 45 (landing on 31, then 18).
    let end = report
        .lines()
        .find_map(|l| l.strip_prefix("  end "))
        .unwrap();
    assert_eq!(
        end, "W:W21,30,32,43,46,48,49:B1,2,3,5,6,8,16,24,K45",
        "{report}"
    );
}

#[test]
fn an_illegal_move_is_named_by_its_number_and_side_as_the_record_numbers_it() {
    // English checkers: Black begins, so 19-15 (onto Black's man) is White's second move.
    boardlab()
        .args(["draughts", "replay", "-"])
        .write_stdin("[GameType \"21\"]\n1. 11-15 23-19 2. 8-11 19-15 *\n")
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "error: game 1, move 2, white (19-15): not legal here; legal: ",
        ));
    // International draughts from a position with Black to move.
    boardlab()
        .args(["draughts", "replay", "-"])
        .write_stdin(
            "[GameType \"20\"]\n[FEN \"B:W31-50:B1-20\"]\n1... 18-23 2. 31-27 12-18 3. 27-26 *\n",
        )
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "error: game 1, move 3, white (27-26): not legal here; legal: ",
        ));
}

/// `draughts play --rules RULES --pdn FILE` with the person resigning at once as White: the
/// file's text.
fn resigned_game(rules: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.pdn");
    boardlab()
        .args(["draughts", "play", "--ascii", "--rules", rules])
        .args(["--against", "random", "--pdn"])
        .arg(&path)
        .write_stdin("resign\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("resign").and(predicate::str::contains("Black")));
    std::fs::read_to_string(&path).unwrap()
}

#[test]
fn a_resigned_game_is_written_as_the_other_side_s_win() {
    for (rules, result) in [("czech", "0-1"), ("international", "0-2")] {
        let pdn = resigned_game(rules);
        assert_eq!(tag(&pdn, "Result"), Some(result), "{rules}:\n{pdn}");
        assert!(pdn.trim_end().ends_with(result), "{rules}:\n{pdn}");
        assert_eq!(tag(&pdn, "Site"), Some("boardlab"), "{pdn}");
        assert_eq!(tag(&pdn, "Date"), Some(today().as_str()), "{pdn}");
        assert!(replay(&pdn).contains(&format!("result {result}")), "{pdn}");
    }
}

#[test]
fn games_pdn_writes_the_site_and_the_day_it_was_played() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.pdn");
    boardlab()
        .args(["draughts", "games", "random", "random", "--games", "1"])
        .args(["--rules", "international", "--pdn"])
        .arg(&path)
        .assert()
        .success();
    let pdn = std::fs::read_to_string(&path).unwrap();
    assert_eq!(tag(&pdn, "Site"), Some("boardlab"), "{pdn}");
    assert_eq!(tag(&pdn, "Date"), Some(today().as_str()), "{pdn}");
}

/// A `draughts-variants` study of `rules` (or the puzzle's default, international, where
/// `None`), run, then written as PDN by `draughts pdn`: the PDN, the run's date and the
/// number of games in its `draws.csv`.
fn study_as_pdn(rules: Option<&str>) -> (String, String, usize) {
    let dir = tempfile::tempdir().unwrap();
    let rules = rules.map_or(String::new(), |r| format!("rules = \"{r}\"\n"));
    let spec = format!(
        "puzzle = \"draughts-variants\"\nname = \"pdn\"\n{rules}seed = 5\ngames = 2\n\
         opening-plies = 2\nplayers = [\"random\", \"alphabeta:1\"]\n"
    );
    std::fs::write(dir.path().join("spec.toml"), spec).unwrap();
    boardlab()
        .current_dir(dir.path())
        .args(["run", "spec.toml", "--out", "out", "--quiet"])
        .assert()
        .success();
    let manifest = std::fs::read_to_string(dir.path().join("out/manifest.json")).unwrap();
    let manifest: serde_json::Value = serde_json::from_str(&manifest).unwrap();
    let date = manifest["start"].as_str().unwrap()[..10].replace('-', ".");
    let draws = std::fs::read_to_string(dir.path().join("out/draws.csv")).unwrap();
    let output = boardlab()
        .current_dir(dir.path())
        .args(["draughts", "pdn", "out"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(output.status.success(), "{stderr}");
    let games = draws.lines().count() - 1;
    (String::from_utf8(output.stdout).unwrap(), date, games)
}

#[test]
fn draughts_pdn_reads_national_studies_of_the_default_rules_and_of_english() {
    for (rules, game_type) in [(None, "20"), (Some("english"), "21"), (Some("czech"), "29")] {
        let (pdn, date, games) = study_as_pdn(rules);
        assert!(games >= 2, "{rules:?}");
        assert_eq!(tag(&pdn, "GameType"), Some(game_type), "{rules:?}:\n{pdn}");
        assert_eq!(tag(&pdn, "Site"), Some("boardlab"), "{pdn}");
        assert_eq!(tag(&pdn, "Date"), Some(date.as_str()), "{pdn}");
        let report = replay(&pdn);
        assert!(
            report.ends_with(&format!("\n{games} games, every move legal\n")),
            "{rules:?}: {report}"
        );
    }
}

#[test]
fn a_numbered_position_without_rules_names_the_rules_that_read_it() {
    let output = boardlab()
        .args(["draughts", "moves", "W:W31-50:B1-20"])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("`31-50` is a numbered square"), "{stderr}");
    assert!(stderr.contains("--rules international"), "{stderr}");
    let output = boardlab()
        .args(["draughts", "moves", "W:W21-32:B1-12"])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("--rules english"), "{stderr}");
}

#[test]
fn polish_draughts_is_international_draughts() {
    boardlab()
        .args(["draughts", "moves", "W:W31-50:B1-20", "--rules", "polish"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "9 legal moves (international rules)",
        ));
}

#[test]
fn english_moves_read_and_write_squares_numbered_one_to_thirty_two() {
    let listing = |fen: &str, play: &[&str]| {
        let output = boardlab()
            .args(["draughts", "moves", fen, "--rules", "english", "--play"])
            .args(play)
            .output()
            .unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(output.status.success(), "{stderr}");
        String::from_utf8(output.stdout).unwrap()
    };
    // The start in numbers (White on 21-32, as boardlab's English FEN has it) and letters,
    // then a move each way: squares 22 and 18 are c3 and d4, 11 and 15 are f6 and e5.
    let numbered = listing("W:W21-32:B1-12", &["22-18", "11-15"]);
    let lettered = listing(
        "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
        &["c3-d4", "f6-e5"],
    );
    assert_eq!(numbered, lettered);
    // And written as its players write them: the position and the one capture in numbers.
    assert!(
        numbered.starts_with(
            "position W:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15\n"
        ),
        "{numbered}"
    );
    assert!(numbered.contains("\n18x11  takes 15"), "{numbered}");
    boardlab()
        .args(["draughts", "moves", "W:W21-32:B1-12", "--rules", "english"])
        .args(["--play", "22-40"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "square 40 is not on the english board",
        ));
}
