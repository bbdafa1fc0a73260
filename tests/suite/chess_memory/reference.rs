//! Checks against the project's reference material: the original program's attack lists and
//! its recorded boards and counters. The repository holds copies (so that a clone stands
//! alone) whose hashes are checked here, and compared byte for byte with the originals in
//! `../shared/reference/` where that folder exists.

use boardlab::chess_memory::board::{BoardFormat, BoardSize, format_board, squares_of};
use boardlab::chess_memory::pieces::Kind;
use boardlab::chess_memory::queue::Queue;
use boardlab::chess_memory::rules::{AttackTables, seed_attack_order};
use boardlab::chess_memory::search::{Outcome, SeedReplayPicker, seed_backtrack};

/// The seed's replay vectors, from the copy in `tests/data/` so that a clone of the
/// repository alone runs these tests. The attack order is embedded in the crate
/// (`src/chess_memory/rules/seed_attack_order.csv`). Both copies are checked against recorded hashes and
/// against `../shared/reference/` where it exists.
fn replay_vectors() -> String {
    let path = format!(
        "{}/tests/data/seed-replay-vectors.csv",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"))
}

/// FNV-1a hashes of the reference files as the project received them in
/// `../shared/reference/`, so that a clone without that folder still checks its copies.
const REFERENCE_HASHES: [(&str, u64); 2] = [
    ("seed-attack-order.csv", 0x2231_9b64_c3fc_7344),
    ("seed-replay-vectors.csv", 0x53f1_797a_41d2_179d),
];

fn repository_copy(name: &str) -> String {
    match name {
        "seed-attack-order.csv" => boardlab::chess_memory::rules::SEED_ATTACK_ORDER_CSV.to_string(),
        _ => replay_vectors(),
    }
}

#[test]
fn the_copies_in_the_repository_are_the_reference_files() {
    for (name, hash) in REFERENCE_HASHES {
        assert_eq!(
            boardlab::rng::fnv1a64(repository_copy(name).as_bytes()),
            hash,
            "the repository's copy of {name} is not the reference file"
        );
    }
}

#[test]
fn the_copies_in_the_repository_are_the_shared_reference_files_where_they_are_here() {
    let shared = format!("{}/../shared/reference", env!("CARGO_MANIFEST_DIR"));
    if !std::path::Path::new(&shared).is_dir() {
        // Not a failure: a standalone clone has no ../shared; the hashes above still check
        // the copies.
        eprintln!(
            "note: {shared} is absent; the copies were checked against their recorded hashes only"
        );
        return;
    }
    for (name, _) in REFERENCE_HASHES {
        let original = std::fs::read_to_string(format!("{shared}/{name}")).unwrap();
        assert_eq!(
            repository_copy(name),
            original,
            "the repository's copy differs from {shared}/{name}"
        );
    }
}

#[test]
fn attack_tables_equal_the_reference_attack_lists_as_sets() {
    let size = BoardSize::STANDARD;
    let tables = AttackTables::for_size(size);
    let csv = boardlab::chess_memory::rules::SEED_ATTACK_ORDER_CSV.to_string();
    let mut rows = 0;
    for line in csv.lines().skip(1) {
        let fields: Vec<&str> = line.splitn(3, ',').collect();
        let kind = Kind::from_letter(fields[0].chars().next().unwrap()).unwrap();
        let from = size.parse_square(fields[1]).unwrap();
        let mut expected: Vec<&str> = fields[2].split_whitespace().collect();
        expected.sort();
        let mut ours: Vec<String> = squares_of(tables.attacks(kind, from))
            .map(|s| size.square_name(s))
            .collect();
        ours.sort();
        assert_eq!(ours, expected, "{kind:?} on {}", fields[1]);
        // The embedded order table lists the same squares in the file's order.
        let ordered: Vec<String> = seed_attack_order()
            .list(kind, from)
            .iter()
            .map(|&s| size.square_name(boardlab::chess_memory::board::Square(s)))
            .collect();
        assert_eq!(ordered.join(" "), fields[2]);
        rows += 1;
    }
    assert_eq!(rows, 4 * 64);
}

#[test]
fn replay_reproduces_every_reference_vector() {
    let csv = replay_vectors();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next().unwrap(),
        "queue_seed_letters,queue,rng_seed,board_seed_format,iterations,step_backs,retries,random_calls"
    );
    let mut rows = 0;
    for line in lines.filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = line.split(',').collect();
        let number = |i: usize| f[i].parse::<u64>().unwrap();
        // The Polish and English spellings of the queue must be the same queue.
        let queue = Queue::parse(f[0], BoardSize::STANDARD).unwrap();
        assert_eq!(
            queue.letters(),
            Queue::parse(f[1], BoardSize::STANDARD).unwrap().letters()
        );
        let mut picker = SeedReplayPicker::new(number(2) as u32);
        let draw = seed_backtrack(&queue, &mut picker, None)
            .verified(&queue)
            .unwrap();
        let c = draw.counters;
        assert_eq!(draw.outcome, Outcome::Solved, "{line}");
        assert_eq!(
            format_board(&draw.board, BoardFormat::Seed),
            f[3],
            "board of {line}"
        );
        assert_eq!(
            [c.iterations, c.step_backs, c.retries, c.random_calls],
            [number(4), number(5), number(6), number(7)],
            "counters of {line}"
        );
        rows += 1;
    }
    assert_eq!(rows, 25, "every vector row is replayed");
}
