//! Fuzzing of every reader of outside input: the PDN reader, the FEN readers, the Hub message
//! reader, the spec reader and the endgame file reader. Each target takes a seed of its
//! corpus (`tests/data/fuzz/`, the PDN of `tests/data/pdn/`, the example specs, a database
//! built here) and damages it: bytes inserted from the characters its syntax gives meaning
//! to, removed, replaced or repeated. The reader must answer every case, with a value or a
//! one-line error, within two seconds: a panic, a hang or a multi-line error fails the case,
//! which proptest keeps in `proptest-regressions/fuzz.txt` and tries first ever after. About
//! ten seconds in all on a shared 2-core machine.

use boardlab::draughts::variant::{RuleSet, Variant};
use proptest::prelude::*;
use proptest::test_runner::{Config as ProptestConfig, FileFailurePersistence};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

/// Cases run for each text reader, and for the endgame file reader (whose cases open a file).
const TEXT_CASES: u32 = 4000;
const ENDGAME_CASES: u32 = 1000;

#[test]
fn the_readme_and_the_server_guide_give_the_cases_run() {
    let thousands = |n: u32| format!("{},{:03}", n / 1000, n % 1000);
    for guide in ["README.md", "docs/serve.md"] {
        let text = std::fs::read_to_string(root().join(guide)).unwrap();
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for figure in [
            format!("{} cases each for the PDN", thousands(TEXT_CASES)),
            format!("{} for the endgame file reader", thousands(ENDGAME_CASES)),
            format!("at most {} characters", thousands(MAX_ERROR as u32)),
        ] {
            assert!(text.contains(&figure), "{guide} says {figure:?}");
        }
    }
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/fuzz.txt",
        ))),
        ..ProptestConfig::default()
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The characters that PDN, FEN, Hub messages and TOML give a meaning to, which damage is
/// most often made of; any other byte comes too.
const SYNTAX: &[u8] = b"[]{}()\"'\\;%$/.-x:X*,=#+! \t\n\r0123456789WBKwbkeabcdefghPp\x00\xff";

/// One way to damage a text: at a share of its length, insert, remove, replace or repeat.
#[derive(Clone, Debug)]
enum Damage {
    Insert(f64, u8),
    Remove(f64, usize),
    Replace(f64, u8),
    Repeat(f64, usize, usize),
}

fn damage() -> impl Strategy<Value = Damage> {
    let byte = prop_oneof![
        4 => prop::sample::select(SYNTAX.to_vec()),
        1 => any::<u8>(),
    ];
    let at = 0.0..1.0f64;
    prop_oneof![
        (at.clone(), byte.clone()).prop_map(|(at, b)| Damage::Insert(at, b)),
        (at.clone(), 1..40usize).prop_map(|(at, n)| Damage::Remove(at, n)),
        (at.clone(), byte).prop_map(|(at, b)| Damage::Replace(at, b)),
        (at, 1..20usize, 1..200usize).prop_map(|(at, n, times)| Damage::Repeat(at, n, times)),
    ]
}

/// `seed` with every damage of `damages` done, in order.
fn damaged(seed: &[u8], damages: &[Damage]) -> Vec<u8> {
    let mut bytes = seed.to_vec();
    for d in damages {
        let place = |share: f64, len: usize| ((share * len as f64) as usize).min(len);
        match *d {
            Damage::Insert(at, b) => {
                let i = place(at, bytes.len());
                bytes.insert(i, b);
            }
            Damage::Remove(at, n) => {
                let i = place(at, bytes.len());
                let end = (i + n).min(bytes.len());
                bytes.drain(i..end);
            }
            Damage::Replace(at, b) => {
                if !bytes.is_empty() {
                    let i = place(at, bytes.len() - 1);
                    bytes[i] = b;
                }
            }
            Damage::Repeat(at, n, times) => {
                let i = place(at, bytes.len());
                let piece = bytes[i..(i + n).min(bytes.len())].to_vec();
                let tail = bytes.split_off(i);
                for _ in 0..times {
                    bytes.extend_from_slice(&piece);
                }
                bytes.extend(tail);
            }
        }
    }
    bytes
}

/// The longest error a reader gives (a replay's list of the legal moves is the longest).
const MAX_ERROR: usize = 2000;

/// Runs `read` on another thread: `Err` with a reason when it panics, takes longer than two
/// seconds, or answers an error of more than one line, with a control character, or longer
/// than [`MAX_ERROR`] characters.
fn answers<T: Send + 'static>(
    read: impl FnOnce() -> Result<T, String> + Send + 'static,
) -> Result<(), String> {
    let (sender, answer) = mpsc::channel();
    std::thread::spawn(move || {
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(read));
        let _ = sender.send(outcome.map(|r| r.err()));
    });
    match answer.recv_timeout(Duration::from_secs(2)) {
        Err(_) => Err("no answer within 2 s (a hang)".to_string()),
        Ok(Err(_)) => Err("a panic".to_string()),
        Ok(Ok(Some(error))) if error.trim_end().contains('\n') => {
            Err(format!("an error of several lines: {error}"))
        }
        // A terminal escape or any other control character of the input, echoed raw.
        Ok(Ok(Some(error))) if error.trim_end().chars().any(char::is_control) => {
            Err(format!("an error with a control character: {error:?}"))
        }
        // The input quoted whole rather than cut short.
        Ok(Ok(Some(error))) if error.chars().count() > MAX_ERROR => Err(format!(
            "an error of {} characters: {}…",
            error.chars().count(),
            error.chars().take(200).collect::<String>()
        )),
        Ok(Ok(_)) => Ok(()),
    }
}

/// The lines of a corpus file, each a seed.
fn lines_of(path: &str) -> Vec<String> {
    std::fs::read_to_string(root().join(path))
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// The first 4 KB of each tournament PDN file (whole games and a cut one).
fn pdn_seeds() -> Vec<Vec<u8>> {
    let mut seeds: Vec<Vec<u8>> = std::fs::read_dir(root().join("tests/data/pdn"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdn"))
        .map(|p| {
            let bytes = std::fs::read(p).unwrap();
            bytes[..bytes.len().min(4096)].to_vec()
        })
        .collect();
    seeds.sort();
    assert!(seeds.len() >= 4, "the PDN corpus is there");
    seeds
}

fn spec_seeds() -> Vec<String> {
    let mut seeds: Vec<String> = std::fs::read_dir(root().join("experiments/examples"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    seeds.sort();
    assert!(seeds.len() >= 5, "the example specs are there");
    seeds
}

const RULE_SETS: [&str; 4] = ["international", "czech", "english", "frisian"];

fn rule_set(name: &str) -> RuleSet {
    name.parse::<Variant>().unwrap().rules()
}

proptest! {
    #![proptest_config(config(TEXT_CASES))]

    /// Damaged PDN is read and replayed game by game, or refused in one line.
    #[test]
    fn pdn_reader_answers_damaged_records(
        seed in 0usize..4,
        damages in prop::collection::vec(damage(), 1..6),
    ) {
        let seeds = pdn_seeds();
        // Raw bytes, as a file gives them: the reader decodes them itself.
        let bytes = damaged(&seeds[seed % seeds.len()], &damages);
        let outcome = answers(move || {
            boardlab::draughts::pdn::replay_each(&bytes[..], None, |_| Ok(())).map(|_| ())
        });
        prop_assert!(outcome.is_ok(), "{:?}", outcome);
    }

    /// A damaged FEN is read as a position of each rule set, or refused in one line.
    #[test]
    fn fen_readers_answer_damaged_positions(
        seed in 0usize..8,
        rules in 0usize..4,
        damages in prop::collection::vec(damage(), 1..4),
    ) {
        let seeds = lines_of("tests/data/fuzz/fen.txt");
        let text = String::from_utf8_lossy(&damaged(seeds[seed % seeds.len()].as_bytes(), &damages)).into_owned();
        let national = text.clone();
        let outcome = answers(move || {
            boardlab::draughts::variant::notation::parse_fen(&rule_set(RULE_SETS[rules]), &national)
                .map(|_| ())
        });
        prop_assert!(outcome.is_ok(), "{:?}", outcome);
        let outcome = answers(move || boardlab::draughts::parse_fen(&text).map(|_| ()).map_err(|e| e.to_string()));
        prop_assert!(outcome.is_ok(), "{:?}", outcome);
    }

    /// A damaged Hub message is read, or refused in one line.
    #[test]
    fn hub_message_reader_answers_damaged_lines(
        seed in 0usize..13,
        damages in prop::collection::vec(damage(), 1..5),
    ) {
        let seeds = lines_of("tests/data/fuzz/hub.txt");
        let text = String::from_utf8_lossy(&damaged(seeds[seed % seeds.len()].as_bytes(), &damages)).into_owned();
        let outcome = answers(move || {
            boardlab::draughts::hub::message::Message::parse(&text).map(|m| m.to_string())
        });
        prop_assert!(outcome.is_ok(), "{:?}", outcome);
    }

    /// A damaged DamExchange message is framed, read and its position set up, or refused in
    /// one line.
    #[test]
    fn dxp_message_reader_answers_damaged_messages(
        seed in 0usize..13,
        damages in prop::collection::vec(damage(), 1..5),
    ) {
        use boardlab::draughts::dxp::message::{Incoming, Message, read_message};
        let seeds = lines_of("tests/data/fuzz/dxp.txt");
        let mut bytes = seeds[seed % seeds.len()].as_bytes().to_vec();
        bytes.push(0);
        let bytes = damaged(&bytes, &damages);
        let outcome = answers(move || {
            let mut input = &bytes[..];
            while let Incoming::Text(text) = read_message(&mut input).map_err(|e| e.to_string())? {
                if let Message::GameRequest { setup: Some(setup), .. } = Message::parse(&text)? {
                    let rules = rule_set("international");
                    boardlab::draughts::dxp::position::position_of(&rules, &setup)?;
                }
            }
            Ok(())
        });
        prop_assert!(outcome.is_ok(), "{:?}", outcome);
    }

    /// A damaged spec is read as a study, or refused in one line.
    #[test]
    fn spec_reader_answers_damaged_specs(
        seed in 0usize..6,
        damages in prop::collection::vec(damage(), 1..5),
    ) {
        let seeds = spec_seeds();
        let text = String::from_utf8_lossy(&damaged(seeds[seed % seeds.len()].as_bytes(), &damages)).into_owned();
        let outcome = answers(move || {
            boardlab::puzzles::REGISTRY
                .parse_spec(&text, &Default::default())
                .map(|_| ())
                .map_err(|e| e.to_string())
        });
        prop_assert!(outcome.is_ok(), "{:?}", outcome);
    }
}

/// A three-piece Czech database, built once for the endgame target.
fn endgame_folder() -> &'static Path {
    static FOLDER: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    FOLDER
        .get_or_init(|| {
            let dir = tempfile::tempdir().unwrap();
            crate::common::build_czech_endgames(dir.path());
            dir
        })
        .path()
}

proptest! {
    #![proptest_config(config(ENDGAME_CASES))]

    /// A damaged endgame file is refused in one line naming it, or (where the damage left
    /// it whole) read; never a panic or a hang.
    #[test]
    fn endgame_file_reader_answers_damaged_files(
        file in 0usize..18,
        damages in prop::collection::vec(damage(), 1..4),
    ) {
        let folder = endgame_folder().join("czech");
        let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "egdb"))
            .collect();
        files.sort();
        let path = files[file % files.len()].clone();
        let kept = std::fs::read(&path).unwrap();
        let bytes = damaged(&kept, &damages);
        std::fs::write(&path, &bytes).unwrap();
        let dir = endgame_folder().to_path_buf();
        let outcome = answers(move || {
            boardlab::draughts::endgame::file::open_database(&dir, boardlab::draughts::Rules::Czech)
                .map(|_| ())
                .map_err(|e| e.to_string())
        });
        std::fs::write(&path, &kept).unwrap();
        prop_assert!(outcome.is_ok(), "{:?}", outcome);
    }
}
