//! The uniform sampler and the fairness study: the sampler's boards against a brute-force
//! enumeration, each symbol's exact distribution against the same enumeration, and the
//! `fairness` command on a small run (a fair and an unfair generator told apart, the data
//! independent of the thread count, bad input refused in one line).

use crate::common::{boardlab, brute, csv_rows};
use boardlab::chess_memory::board::{Board, BoardSize};
use boardlab::chess_memory::counting::pair_set_marginals;
use boardlab::chess_memory::pieces::Symbol;
use boardlab::chess_memory::queue::Queue;
use boardlab::chess_memory::sat::Instance;
use boardlab::chess_memory::search::{Algorithm, Outcome, RestartPolicy, SearchConfig, draw};
use std::collections::{HashMap, HashSet};

fn all_boards(size: usize, order: &str) -> (Queue, Vec<Board>) {
    let board_size = BoardSize::new(size).unwrap();
    let queue = Queue::parse(order, board_size).unwrap();
    let mut found = Vec::new();
    brute::for_each_board(
        board_size,
        queue.piece_counts(),
        &Board::empty(board_size),
        &mut |b| {
            found.push(b.clone());
            true
        },
    );
    (queue, found)
}

#[test]
fn each_symbol_s_exact_distribution_agrees_with_brute_force() {
    for (size, order) in [(4, "QqN"), (4, "RBNq"), (5, "QNB")] {
        let (queue, boards) = all_boards(size, order);
        let mut tally: HashMap<(Symbol, u64), u128> = HashMap::new();
        for board in &boards {
            for symbol in Symbol::ALL {
                if board.pieces(symbol) != 0 {
                    *tally.entry((symbol, board.pieces(symbol))).or_default() += 1;
                }
            }
        }
        let marginals = pair_set_marginals(&Instance::from_queue(&queue), 1 << 20).unwrap();
        let mut computed: HashMap<(Symbol, u64), u128> = HashMap::new();
        for (symbol, sets) in marginals {
            for (set, with) in sets {
                if with > 0 {
                    computed.insert((symbol, set), with);
                }
            }
        }
        assert_eq!(computed, tally, "{size}x{size} {order}");
    }
}

#[test]
fn the_uniform_search_draws_every_board_and_nothing_else() {
    let (queue, boards) = all_boards(4, "QqN");
    let every: HashSet<Board> = boards.into_iter().collect();
    let config = SearchConfig {
        algorithm: Algorithm::Uniform,
        restart: RestartPolicy::Never,
    };
    let draws = 20 * every.len() as u64;
    let mut seen: HashMap<Board, u64> = HashMap::new();
    for index in 0..draws {
        // `draw` runs the validator on the board.
        let made = draw(&queue, &config, 5, index, None).unwrap();
        assert_eq!(made.outcome, Outcome::Solved);
        assert!(every.contains(&made.board), "{:?}", made.board);
        *seen.entry(made.board).or_default() += 1;
    }
    assert_eq!(seen.len(), every.len(), "every board is drawn");
    // Pearson's statistic against equal frequencies: mean dof, sd sqrt(2 dof).
    let expected = draws as f64 / every.len() as f64;
    let chi2: f64 = seen
        .values()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum();
    let dof = (every.len() - 1) as f64;
    assert!(
        chi2 < dof + 5.0 * (2.0 * dof).sqrt(),
        "chi2 {chi2}, dof {dof}"
    );
}

#[test]
fn uniform_drawing_of_a_full_8x8_board_is_refused_in_one_line() {
    let output = boardlab()
        .args(["chess-memory", "draw", "--algorithm", "uniform"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("4×4 and 5×5"), "{stderr}");
}

fn fairness(out: &std::path::Path, threads: &str) -> std::process::Output {
    boardlab()
        .args([
            "chess-memory",
            "fairness",
            "--board-size",
            "4",
            "--draws",
            "200000",
        ])
        .args([
            "--algorithms",
            "seed,uniform",
            "--orders",
            "QNBR,RBNQ",
            "--quiet",
        ])
        .args(["--threads", threads, "--out"])
        .arg(out)
        .output()
        .unwrap()
}

#[test]
fn the_study_tells_the_seed_from_the_uniform_sampler_at_any_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two) = (dir.path().join("one"), dir.path().join("two"));
    for (out, threads) in [(&one, "1"), (&two, "2")] {
        let output = fairness(out, threads);
        assert!(output.status.success(), "{output:?}");
    }
    let table = |dir: &std::path::Path| std::fs::read_to_string(dir.join("fairness.csv")).unwrap();
    assert_eq!(
        table(&one),
        table(&two),
        "the data do not depend on the threads"
    );
    for file in [
        "REPORT.md",
        "fairness.json",
        "fairness.svg",
        "divergence.png",
    ] {
        assert!(one.join(file).is_file(), "{file}");
    }
    // The report is made again from the files alone.
    let report = std::fs::read_to_string(one.join("REPORT.md")).unwrap();
    assert!(report.contains("2 of 3, all but uniform/QNBR"), "{report}");
    std::fs::remove_file(one.join("REPORT.md")).unwrap();
    let replot = boardlab()
        .args(["chess-memory", "fairness", "--replot", "--out"])
        .arg(&one)
        .output()
        .unwrap();
    assert!(replot.status.success(), "{replot:?}");
    assert_eq!(
        std::fs::read_to_string(one.join("REPORT.md")).unwrap(),
        report
    );
    let rows = csv_rows(&one.join("fairness.csv"));
    let generators: Vec<&str> = rows.iter().map(|r| r["generator"].as_str()).collect();
    assert_eq!(generators, ["seed/QNBR", "seed/RBNQ", "uniform/QNBR"]);
    let number = |row: &HashMap<String, String>, column: &str| row[column].parse::<f64>().unwrap();
    for row in &rows {
        assert_eq!(row["solved"], "200000", "{row:?}");
        assert!(number(row, "tv_low") <= number(row, "tv_high"), "{row:?}");
        let fair = row["algorithm"] == "uniform";
        // The seed's 4×4 boards are far from uniform (chi-square divergence near 1 at
        // 200,000 draws, thousands of excess collisions); the sampler's are not.
        assert_eq!(number(row, "p_holm") > 0.01, fair, "{row:?}");
        assert_eq!(number(row, "chi2_low") <= 0.0, fair, "{row:?}");
    }
    // A second study into the same folder is refused, and the first one is kept.
    let again = fairness(&one, "1");
    assert_eq!(again.status.code(), Some(2));
    let stderr = String::from_utf8(again.stderr).unwrap();
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("already holds"), "{stderr}");
    assert_eq!(table(&one), table(&two));
}
