//! The count of boards by pair sets (`boardlab chess-memory count`) against counts made
//! without it: the SAT counter's committed counts (`results/sat/counts.csv`, themselves checked
//! by brute force in `sat_facts.rs`), the brute-force enumerator on instances of several
//! symbols, and its own committed figures in `results/counts/`.

use crate::common::{boardlab, brute, csv_rows};
use boardlab::chess_memory::board::{Board, BoardSize};
use boardlab::chess_memory::counting::count_boards;
use boardlab::chess_memory::queue::Queue;
use boardlab::chess_memory::sat::Instance;
use std::collections::HashSet;

fn count(size: usize, order: &str, up_to_symmetry: bool) -> (u128, Option<u128>) {
    let size = BoardSize::new(size).unwrap();
    let queue = Queue::parse(order, size).unwrap();
    let result = count_boards(
        &Instance::from_queue(&queue),
        up_to_symmetry,
        10_000_000,
        &mut |_, _, _| (),
    )
    .unwrap();
    (result.boards, result.classes)
}

#[test]
fn every_count_of_the_sat_counter_is_reproduced_with_its_classes() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/results/sat/counts.csv");
    let mut checked = 0;
    for row in csv_rows(std::path::Path::new(path)) {
        let Ok(boards) = row["boards"].parse::<u128>() else {
            continue; // over the SAT counter's limit
        };
        let classes: u128 = row["classes"].parse().unwrap();
        let got = count(row["size"].parse().unwrap(), &row["order"], true);
        assert_eq!(got, (boards, Some(classes)), "{row:?}");
        checked += 1;
    }
    assert!(checked >= 60, "only {checked} rows had counts");
}

#[test]
fn instances_of_several_symbols_agree_with_brute_force() {
    for (size, order) in [(4, "QqN"), (4, "NnBb"), (4, "RBNq"), (5, "QNB"), (4, "BBn")] {
        let board_size = BoardSize::new(size).unwrap();
        let pieces = Queue::parse(order, board_size).unwrap().piece_counts();
        let mut found = Vec::new();
        brute::for_each_board(board_size, pieces, &Board::empty(board_size), &mut |b| {
            found.push(b.clone());
            true
        });
        let classes: HashSet<_> = found.iter().map(brute::canonical).collect();
        assert_eq!(
            count(size, order, true),
            (found.len() as u128, Some(classes.len() as u128)),
            "{size}x{size} {order}"
        );
    }
}

#[test]
fn the_committed_small_counts_are_reproduced_by_the_command() {
    // The model counter's rows (classes empty) as well as the command's own.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/results/counts/counts.csv");
    let mut checked = 0;
    for row in csv_rows(std::path::Path::new(path)) {
        if row["size"] != "4" {
            continue; // larger ones: the ignored test below
        }
        let output = boardlab()
            .args(["chess-memory", "count", "--up-to-symmetry", "--json"])
            .args(["--board-size", &row["size"], "--order", &row["order"]])
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        let answer: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(answer["boards"], row["boards"].as_str(), "{row:?}");
        if !row["classes"].is_empty() {
            assert_eq!(answer["classes"], row["classes"].as_str(), "{row:?}");
        }
        checked += 1;
    }
    assert!(
        checked >= 2,
        "too few 4x4 rows in results/counts/counts.csv"
    );
}

/// The 5×5 instance: 20 s in a release build.
#[test]
#[ignore = "20 s in a release build; run with --ignored"]
fn the_committed_5x5_count_is_reproduced() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/results/counts/counts.csv");
    let row = csv_rows(std::path::Path::new(path))
        .into_iter()
        .find(|row| row["size"] == "5" && row["method"] == "pair-sets")
        .expect("a 5x5 row");
    let (boards, classes) = count(5, &row["order"], true);
    assert_eq!(boards.to_string(), row["boards"]);
    assert_eq!(classes.unwrap().to_string(), row["classes"]);
}

#[test]
fn an_instance_too_large_for_its_table_is_one_line_exit_2() {
    let output = boardlab()
        .args([
            "chess-memory",
            "count",
            "--board-size",
            "4",
            "--max-table",
            "50",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("--max-table"), "{stderr}");
}

#[test]
fn the_boards_each_symmetry_leaves_unchanged_agree_with_brute_force() {
    use boardlab::chess_memory::counting::count_symmetric;
    // Symmetry i: bit 0 mirrors the files, bit 1 the ranks, bit 2 then swaps files and ranks.
    let image = |board: &Board, symmetry: usize| {
        let size = board.size();
        let last = size.side() - 1;
        let mut mapped = Board::empty(size);
        for file in 0..size.side() {
            for rank in 0..size.side() {
                let (mut f, mut r) = (file, rank);
                if symmetry & 1 != 0 {
                    f = last - f;
                }
                if symmetry & 2 != 0 {
                    r = last - r;
                }
                if symmetry & 4 != 0 {
                    std::mem::swap(&mut f, &mut r);
                }
                mapped.set(size.square(f, r), board.get(size.square(file, rank)));
            }
        }
        mapped
    };
    let mut symmetric_boards = 0;
    for (size, order) in [(4, "RRrr"), (4, "NnBb"), (4, "BBn"), (5, "QNB"), (4, "QqN")] {
        let board_size = BoardSize::new(size).unwrap();
        let queue = Queue::parse(order, board_size).unwrap();
        let mut fixed = vec![0u128; 7];
        brute::for_each_board(
            board_size,
            queue.piece_counts(),
            &Board::empty(board_size),
            &mut |b| {
                for (symmetry, count) in (1..8).zip(fixed.iter_mut()) {
                    *count += u128::from(image(b, symmetry) == *b);
                }
                true
            },
        );
        let counted = count_symmetric(&Instance::from_queue(&queue), 10_000_000).unwrap();
        assert_eq!(counted.fixed, fixed, "{size}x{size} {order}");
        symmetric_boards += fixed.iter().sum::<u128>();
    }
    assert!(symmetric_boards > 0, "some instance has a symmetric board");
}
