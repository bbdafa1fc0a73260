//! DamExchange (DXP) both ways, with boardlab's own `draughts dxp` as the engine: a match of
//! a DXP engine against a bot; the same deterministic bot answering the same moves over DXP,
//! over the Hub protocol and in this process; the wire format spoken by a client written here
//! from Moby Dam's offsets, not from boardlab's message code; and a deliberately broken engine
//! for each fault, refereed as its loss, with no process of the engine left after any game.

use super::hub::play;
use crate::common::boardlab;
use crate::common::processes::{engine_with_a_child, left_running};
use boardlab::draughts::dxp::{DxpPlayer, DxpSpec};
use boardlab::draughts::hub::{HubPlayer, HubSpec};
use boardlab::draughts::variant::{Variant, matches};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

fn binary() -> String {
    shlex::try_quote(env!("CARGO_BIN_EXE_boardlab"))
        .unwrap()
        .into_owned()
}

/// The `dxp:` player name of this build's engine with `engine_args`, timeout `timeout` s.
fn dxp_name(timeout: f64, engine_args: &str) -> String {
    format!(
        "dxp[timeout={timeout}]:{} draughts dxp {engine_args} --connect 127.0.0.1:{{port}}",
        binary()
    )
}

/// The rows of `draughts games` as fields, after the header.
fn games(args: &[&str]) -> Vec<Vec<String>> {
    let output = boardlab()
        .args(["draughts", "games"])
        .args(args)
        .timeout(Duration::from_secs(120))
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
fn a_dxp_engine_plays_a_short_match_against_a_bot() {
    let dxp = dxp_name(10.0, "--bot alphabeta:2");
    let rows = games(&[&dxp, "random", "--rules", "international", "--games", "4"]);
    assert_eq!(rows.len(), 4);
    for (index, row) in rows.iter().enumerate() {
        assert_eq!(row[1], index.to_string());
        assert!(!row[6].contains("forfeit"), "{row:?}");
        assert_eq!(row[6].split(' ').count().to_string(), row[5]);
        // alphabeta:2 beats random: a game to its end, won by the engine's seat.
        let expected = if index % 2 == 0 { "1-0" } else { "0-1" };
        assert_eq!(row[4], expected, "{row:?}");
    }
}

#[test]
fn a_deterministic_bot_answers_the_same_moves_over_dxp_as_over_hub_and_in_process() {
    let dxp = DxpSpec::parse(&dxp_name(10.0, "--bot alphabeta:2 --seed 5")).unwrap();
    let hub = format!(
        "hub[timeout=10]:{} draughts hub --bot alphabeta:2 --seed 6",
        binary()
    );
    let (mut white, mut black) = (
        DxpPlayer::new(dxp),
        HubPlayer::new(HubSpec::parse(&hub).unwrap()),
    );
    let engines = play(Variant::International, 40, [&mut white, &mut black], [0, 0]);
    let bot = || matches::player(&Default::default(), "alphabeta:2".parse().unwrap()).unwrap();
    let (mut white, mut black) = (bot(), bot());
    let direct = play(
        Variant::International,
        40,
        [white.as_mut(), black.as_mut()],
        [5, 6],
    );
    assert_eq!(engines.2, None);
    assert_eq!(engines, direct);
    assert_eq!(direct.1.len(), 40, "the game runs to its cap");
}

/// A message as DXP frames it.
fn send(stream: &mut TcpStream, text: &str) {
    stream.write_all(text.as_bytes()).unwrap();
    stream.write_all(b"\0").unwrap();
}

/// The next message, its NUL removed.
fn receive(reader: &mut impl BufRead) -> String {
    let mut bytes = Vec::new();
    reader.read_until(0, &mut bytes).unwrap();
    assert_eq!(bytes.pop(), Some(0), "a message ends with NUL: {bytes:?}");
    String::from_utf8(bytes).unwrap()
}

#[test]
fn the_engine_speaks_the_wire_format_at_moby_dams_offsets() {
    let mut engine = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args(["draughts", "dxp", "--bot", "alphabeta:2", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(engine.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let address = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap()
        .to_string();
    assert!(address.starts_with("127.0.0.1:"), "{line}");
    let mut stream = TcpStream::connect(&address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    // A game request as Moby Dam reads one: version at 1, name at 3 (32 wide), the
    // follower's colour at 35 (Z: the engine plays black), 3 digits of minutes at 36, 3 of
    // moves at 39, A (the start) at 42.
    let request = format!("R01{:<32}Z005075A", "test referee");
    send(&mut stream, &request);
    let accept = receive(&mut reader);
    assert_eq!(accept.len(), 34, "{accept:?}");
    assert_eq!(&accept[..1], "A");
    assert_eq!(accept[1..33].trim_end(), "boardlab alphabeta:2");
    assert_eq!(&accept[33..], "0", "accepted");
    // White's 32-28: 4 digits of seconds, from, to, no captures.
    send(&mut stream, "M0000322800");
    let answer = receive(&mut reader);
    assert_eq!(answer.len(), 11, "{answer:?}");
    assert_eq!(&answer[..1], "M");
    let (from, to) = (&answer[5..7], &answer[7..9]);
    assert_eq!(&answer[9..11], "00", "no capture is possible");
    let black_steps = [
        ("16", "21"),
        ("17", "21"),
        ("17", "22"),
        ("18", "22"),
        ("18", "23"),
        ("19", "23"),
        ("19", "24"),
        ("20", "24"),
        ("20", "25"),
    ];
    assert!(black_steps.contains(&(from, to)), "{answer:?}");
    // A second request while the game is on is refused with a code other than 0.
    send(&mut stream, &request);
    let mut refusal = receive(&mut reader);
    while refusal.starts_with('C') {
        refusal = receive(&mut reader);
    }
    assert!(
        refusal.starts_with('A') && !refusal.ends_with('0'),
        "{refusal:?}"
    );
    // A game end with stop code 1 is answered with one, and the engine exits.
    send(&mut stream, "E01");
    assert_eq!(receive(&mut reader), "E01");
    let status = engine.wait().unwrap();
    assert!(status.success(), "{status}");
    let mut rest = Vec::new();
    reader.read_to_end(&mut rest).unwrap();
    assert!(rest.is_empty(), "{rest:?}");
}

/// A script engine that starts a child (`sleep 1000 &`), records its and its own process ids
/// in `dir/pids`, then runs this build's DXP engine with `engine_args`; its `dxp:` name.
fn engine_with_children(dir: &Path, timeout: f64, engine_args: &str) -> String {
    let arguments = format!("draughts dxp {engine_args} --connect 127.0.0.1:$1");
    let script = engine_with_a_child(dir, &arguments);
    format!("dxp[timeout={timeout}]:{script} {{port}}")
}

#[test]
fn a_broken_engine_loses_each_game_by_its_fault_and_leaves_no_process() {
    for (breakage, fault) in [
        ("illegal", "illegal"),
        ("crash", "crash"),
        ("hang", "timeout"),
        ("garbage", "garbage"),
        ("drop", "crash"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let dxp = engine_with_children(
            dir.path(),
            1.0,
            &format!("--bot random --fault {breakage} --fault-after 1"),
        );
        let rows = games(&[&dxp, "random", "--rules", "international", "--games", "2"]);
        assert_eq!(rows.len(), 2, "{breakage}: both games are played");
        for (index, row) in rows.iter().enumerate() {
            let moves: Vec<&str> = row[6].split(' ').collect();
            assert_eq!(
                moves.last(),
                Some(&format!("forfeit:{fault}").as_str()),
                "{breakage} {row:?}"
            );
            // The engine answered its first search, then broke at its second move.
            let (plies, result) = match index {
                0 => (2, "0-1"),
                _ => (3, "1-0"),
            };
            assert_eq!(row[5], plies.to_string(), "{breakage} {row:?}");
            assert_eq!(row[4], result, "{breakage}: the engine's seat lost");
        }
        let pids = std::fs::read_to_string(dir.path().join("pids")).unwrap();
        assert_eq!(
            pids.lines().count(),
            4,
            "two games, an engine and a child each"
        );
        let left = left_running(&dir.path().join("pids"));
        assert!(left.is_empty(), "{breakage}: left running: {left:?}");
    }
}

#[test]
fn a_dxp_name_without_its_port_or_under_other_rules_is_refused_in_one_line() {
    for (args, expected) in [
        (
            vec![
                "dxp:mobydam -c 127.0.0.1",
                "random",
                "--rules",
                "international",
            ],
            "has no `{port}`",
        ),
        (
            vec!["dxp:sh {port}", "random", "--rules", "czech"],
            "DXP engines play international draughts only",
        ),
        (
            vec!["dxp:sh {port}", "random", "--rules", "russian"],
            "DXP engines play international draughts only",
        ),
        (
            vec![
                "dxp:/no/such/engine {port}",
                "random",
                "--rules",
                "international",
            ],
            "is not found",
        ),
    ] {
        let output = boardlab()
            .args(["draughts", "games"])
            .args(&args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
    // Nothing listens where the engine is told to connect: one line, exit 2.
    let output = boardlab()
        .args(["draughts", "dxp", "--connect", "127.0.0.1:1"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("is a referee listening there?"), "{stderr}");
}

#[test]
fn an_engine_can_be_played_from_its_first_move_or_a_position_reached() {
    // Opening plies put the engine into a game already started: its game request carries
    // the position.
    let dxp = dxp_name(10.0, "--bot alphabeta:2");
    let rows = games(&[
        &dxp,
        "alphabeta:1",
        "--rules",
        "international",
        "--games",
        "2",
        "--opening-plies",
        "3",
        "--max-plies",
        "30",
    ]);
    assert_eq!(rows.len(), 2);
    for row in &rows {
        assert!(!row[6].contains("forfeit"), "{row:?}");
        assert_eq!(row[5], "30", "{row:?}");
    }
}
