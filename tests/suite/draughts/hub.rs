//! The Hub protocol both ways, with boardlab's own `draughts hub` as the engine: a match of a
//! Hub engine against a bot; the same deterministic bot answering the same moves over the
//! protocol as in this process; and a deliberately broken engine (`--fault`, a hidden test
//! mode) for each fault, whose game is refereed as its loss while the match goes on.

use crate::common::boardlab;
use boardlab::draughts::hub::engine::engine_stream;
use boardlab::draughts::hub::{HubPlayer, HubSpec};
use boardlab::draughts::variant::game::VariantGame;
use boardlab::draughts::variant::{Variant, matches};
use boardlab::game::{Game, GameBuffers, GameResult, Player, play_game_with};

/// The `hub:` player name of this build's engine with `engine_args`, timeout `timeout` s.
fn hub_name(timeout: f64, engine_args: &str) -> String {
    let binary = env!("CARGO_BIN_EXE_boardlab");
    let quoted = shlex::try_quote(binary).unwrap();
    format!("hub[timeout={timeout}]:{quoted} draughts hub {engine_args}")
}

/// The rows of `draughts games` as fields, after the header.
fn games(args: &[&str]) -> Vec<Vec<String>> {
    let output = boardlab()
        .args(["draughts", "games"])
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let mut lines = stdout.lines();
    assert_eq!(
        lines.next(),
        Some("pairing,game,first,second,result,plies,moves")
    );
    lines
        .map(|line| line.split(',').map(str::to_string).collect())
        .collect()
}

#[test]
fn a_hub_engine_plays_a_short_match_against_a_bot() {
    let hub = hub_name(10.0, "--bot alphabeta:2");
    let rows = games(&[
        &hub,
        "random",
        "--rules",
        "international",
        "--games",
        "2",
        "--max-plies",
        "30",
    ]);
    assert_eq!(rows.len(), 2);
    for (index, row) in rows.iter().enumerate() {
        assert_eq!(row[1], index.to_string());
        let hub_seat = if index == 0 { 2 } else { 3 };
        assert_eq!(row[hub_seat], hub);
        assert!(!row[6].contains("forfeit"), "{row:?}");
        assert_eq!(row[6].split(' ').count().to_string(), row[5]);
    }
}

/// Plays one game of `variant`, of `max_plies` at most, between two players whose streams
/// are the engine streams of `seeds`, returning the result, the moves as text and the
/// forfeit's fault, if any. The DXP tests play with it too.
pub(super) fn play(
    variant: Variant,
    max_plies: u32,
    players: [&mut dyn Player<VariantGame>; 2],
    seeds: [u64; 2],
) -> (GameResult, Vec<String>, Option<String>) {
    let game = VariantGame::new(variant, max_plies);
    let [mut first, mut second] = seeds.map(engine_stream);
    let mut buffers = GameBuffers::default();
    let result = play_game_with(
        &game,
        &[],
        players,
        [&mut first, &mut second],
        &mut buffers,
        &|| false,
    )
    .unwrap()
    .unwrap();
    let moves = buffers.moves.iter().map(|m| m.to_string()).collect();
    let fault = buffers.forfeit.map(|(_, f)| f.to_string());
    (result, moves, fault)
}

#[test]
fn a_deterministic_bot_answers_the_same_moves_over_the_protocol_as_in_process() {
    for variant in [Variant::International, Variant::Russian] {
        let hub = |seed: u64| {
            let name = hub_name(10.0, &format!("--bot alphabeta:2 --seed {seed}"));
            HubPlayer::new(HubSpec::parse(&name).unwrap())
        };
        let (mut white, mut black) = (hub(5), hub(6));
        let over_hub = play(variant, 24, [&mut white, &mut black], [0, 0]);
        let bot = || matches::player(&Default::default(), "alphabeta:2".parse().unwrap()).unwrap();
        let (mut white, mut black) = (bot(), bot());
        let direct = play(variant, 24, [white.as_mut(), black.as_mut()], [5, 6]);
        assert_eq!(over_hub.2, None, "{variant}");
        assert_eq!(over_hub, direct, "{variant}");
        assert_eq!(direct.1.len(), 24, "{variant}: the game runs to its cap");
    }
}

#[test]
fn a_broken_engine_loses_each_game_by_its_fault_and_the_match_goes_on() {
    for (breakage, fault) in [
        ("illegal", "illegal"),
        ("crash", "crash"),
        ("hang", "timeout"),
        ("garbage", "garbage"),
    ] {
        let hub = hub_name(
            1.0,
            &format!("--bot random --fault {breakage} --fault-after 1"),
        );
        let rows = games(&[&hub, "random", "--rules", "international", "--games", "2"]);
        assert_eq!(rows.len(), 2, "{breakage}: both games are played");
        for (index, row) in rows.iter().enumerate() {
            let moves: Vec<&str> = row[6].split(' ').collect();
            assert_eq!(
                moves.last(),
                Some(&format!("forfeit:{fault}").as_str()),
                "{row:?}"
            );
            // The engine answered its first search, then broke at its second move.
            let (hub_first, expected_plies, result) = match index {
                0 => (true, 2, "0-1"),
                _ => (false, 3, "1-0"),
            };
            assert_eq!(row[5], expected_plies.to_string(), "{breakage} {row:?}");
            assert_eq!(
                row[4], result,
                "{breakage}: the engine's seat lost ({hub_first})"
            );
        }
    }
}

#[test]
fn a_hub_engine_is_told_the_rule_set_of_the_game() {
    let hub = hub_name(5.0, "--bot random");
    let mut player = HubPlayer::new(HubSpec::parse(&hub).unwrap());
    let game = VariantGame::new(Variant::Thai, 40);
    let mv = player
        .try_choose(&game, &game.start(), &mut engine_stream(1))
        .unwrap();
    let mut legal = Vec::new();
    game.legal_moves(&game.start(), &mut legal);
    assert!(
        legal.contains(&mv),
        "the engine was told the rule set: thai"
    );
}

#[test]
fn a_match_study_with_a_forfeiting_engine_runs_to_its_tables() {
    let dir = tempfile::tempdir().unwrap();
    let hub = hub_name(1.0, "--bot random --fault crash --fault-after 1");
    let spec = format!(
        "puzzle = \"draughts-variants\"\nname = \"hub\"\nseed = 3\ngames = 2\nmax-plies = 20\n\
         players = [{hub:?}, \"random\"]\n"
    );
    std::fs::write(dir.path().join("spec.toml"), spec).unwrap();
    boardlab()
        .current_dir(dir.path())
        .args(["run", "spec.toml", "--out", "out", "--quiet"])
        .assert()
        .success();
    let draws = std::fs::read_to_string(dir.path().join("out/draws.csv")).unwrap();
    assert_eq!(draws.matches(" forfeit:crash\n").count(), 2, "{draws}");
    let summary = crate::common::csv_rows(&dir.path().join("out/summary.csv"));
    for seat in ["first", "second"] {
        let row = summary.iter().find(|row| row["a_seat"] == seat).unwrap();
        assert_eq!(row["a"], hub);
        assert_eq!(row["a_losses"], "1", "the engine lost as {seat}: {row:?}");
    }
}

/// `draughts play --rules international` against `against`, the person's moves `input`: the
/// exit status and standard output.
fn play_at_the_terminal(against: &str, colour: &str, input: &str) -> (Option<i32>, String) {
    let output = boardlab()
        .args(["draughts", "play", "--rules", "international", "--ascii"])
        .args(["--colour", colour, "--against", against])
        .write_stdin(input)
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
    )
}

#[test]
fn draughts_play_keeps_one_engine_process_for_the_whole_game() {
    let dir = tempfile::tempdir().unwrap();
    // The engine, through a script that counts its starts.
    let script = dir.path().join("engine.sh");
    let binary = shlex::try_quote(env!("CARGO_BIN_EXE_boardlab")).unwrap();
    std::fs::write(
        &script,
        format!("#!/bin/sh\necho start >> \"$(dirname \"$0\")/starts\"\nexec {binary} draughts hub --bot random\n"),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let against = format!(
        "hub[timeout=10]:{}",
        shlex::try_quote(script.to_str().unwrap()).unwrap()
    );
    // White's quiet moves on the left wing; the engine's seeded replies let the first two be
    // played (a later one may meet a capture that must be taken, and is then refused).
    let (status, stdout) = play_at_the_terminal(&against, "white", "31-26\n36-31\n41-36\n");
    assert_eq!(status, Some(0), "{stdout}");
    let replies = stdout.matches(" plays ").count();
    assert!(replies >= 2, "{stdout}");
    let starts = std::fs::read_to_string(dir.path().join("starts")).unwrap();
    assert_eq!(
        starts.lines().count(),
        1,
        "one engine for the game's {replies} moves"
    );
}

#[test]
fn draughts_play_ends_the_game_when_the_engine_forfeits() {
    for (breakage, fault) in [
        ("illegal", "illegal"),
        ("crash", "crash"),
        ("hang", "timeout"),
        ("garbage", "garbage"),
    ] {
        // The engine answers its first search, then breaks at its second move, as Black.
        let hub = hub_name(
            1.0,
            &format!("--bot random --fault {breakage} --fault-after 1"),
        );
        let (status, stdout) = play_at_the_terminal(&hub, "white", "31-26\n36-31\n41-36\n");
        assert_eq!(status, Some(0), "{breakage}: a finished game\n{stdout}");
        let last = stdout.lines().last().unwrap();
        assert!(
            last.starts_with("Black (hub[")
                && last.contains(&format!("loses by forfeit ({fault}): "))
                && last.ends_with("; White wins."),
            "{breakage}: {last}"
        );
        assert_eq!(stdout.matches(" plays ").count(), 1, "{stdout}");
        assert!(!stdout.contains("Input ended"), "{stdout}");
    }
}
