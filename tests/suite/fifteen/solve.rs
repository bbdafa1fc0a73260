//! The solver's counts against the contract's figures (docs/fifteen-contract.md) and against
//! independent enumerators written here: plain tic-tac-toe on a 3×3 grid, mapped through the
//! article's magic square, and a brute force of the odd/even variant that checks sums of pairs.

use boardlab::fifteen::numbers::{ARTICLE_ORDER, bit};
use boardlab::fifteen::solve::{self, count_games, facts};
use boardlab::fifteen::{Classic, Fifteen, OddEven};
use std::collections::HashSet;

/// Tic-tac-toe on a grid of cells 0..9 (row-major), 0 empty, 1 X, 2 O.
struct Grid {
    games: [u64; 3],
    positions: HashSet<[u8; 9]>,
    terminal: HashSet<[u8; 9]>,
}

const GRID_LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

fn grid_winner(cells: &[u8; 9]) -> u8 {
    for [a, b, c] in GRID_LINES {
        if cells[a] != 0 && cells[a] == cells[b] && cells[b] == cells[c] {
            return cells[a];
        }
    }
    0
}

fn enumerate(grid: &mut Grid, cells: &mut [u8; 9], mover: u8) {
    grid.positions.insert(*cells);
    let winner = grid_winner(cells);
    let full = cells.iter().all(|&c| c != 0);
    if winner != 0 || full {
        grid.terminal.insert(*cells);
        grid.games[winner as usize] += 1; // index 0 counts draws
        return;
    }
    for cell in 0..9 {
        if cells[cell] == 0 {
            cells[cell] = mover;
            enumerate(grid, cells, 3 - mover);
            cells[cell] = 0;
        }
    }
}

fn grid() -> Grid {
    let mut grid = Grid {
        games: [0; 3],
        positions: HashSet::new(),
        terminal: HashSet::new(),
    };
    enumerate(&mut grid, &mut [0; 9], 1);
    grid
}

/// The grid's symmetry class: the smallest of its 8 images under rotation and reflection.
fn grid_class(cells: &[u8; 9]) -> [u8; 9] {
    let rotate = |c: &[u8; 9]| std::array::from_fn(|i| c[6 - 3 * (i % 3) + i / 3]);
    let mirror = |c: &[u8; 9]| std::array::from_fn(|i| c[3 * (i / 3) + 2 - i % 3]);
    let mut images = Vec::new();
    let mut current = *cells;
    for _ in 0..4 {
        images.push(current);
        images.push(mirror(&current));
        current = rotate(&current);
    }
    images.into_iter().min().unwrap()
}

/// The grid position as the two players' number masks, through the magic square.
fn to_numbers(cells: &[u8; 9]) -> [u16; 2] {
    let mut taken = [0u16; 2];
    for (cell, &owner) in cells.iter().enumerate() {
        if owner != 0 {
            taken[owner as usize - 1] |= bit(ARTICLE_ORDER[cell]);
        }
    }
    taken
}

#[test]
fn fifteen_counts_match_the_contract_and_a_tic_tac_toe_enumerator() {
    let facts = facts(&Fifteen(Classic), solve::fifteen());
    // The contract's figures.
    assert_eq!(facts.value, "draw");
    assert_eq!(
        (facts.games.total, facts.games.first_wins),
        (255_168, 131_184)
    );
    assert_eq!(
        (facts.games.second_wins, facts.games.draws),
        (77_904, 46_080)
    );
    assert_eq!(facts.positions, 5_478);
    assert_eq!(facts.positions_up_to_symmetry, 765);

    // The independent grid enumerator.
    let grid = grid();
    assert_eq!(
        grid.games,
        [
            facts.games.draws,
            facts.games.first_wins,
            facts.games.second_wins
        ]
    );
    assert_eq!(grid.positions.len() as u64, facts.positions);
    let classes: HashSet<_> = grid.positions.iter().map(grid_class).collect();
    assert_eq!(classes.len() as u64, facts.positions_up_to_symmetry);
    assert_eq!(grid.terminal.len() as u64, facts.terminal.total);
    let terminal_classes: HashSet<_> = grid.terminal.iter().map(grid_class).collect();
    assert_eq!(terminal_classes.len() as u64, facts.terminal_up_to_symmetry);
    // Published terminal counts of tic-tac-toe: 958 (626 X, 316 O, 16 drawn), 138 classes.
    assert_eq!(
        (facts.terminal.total, facts.terminal.first_wins),
        (958, 626)
    );
    assert_eq!(
        (facts.terminal.second_wins, facts.terminal.draws),
        (316, 16)
    );
    assert_eq!(facts.terminal_up_to_symmetry, 138);

    // The same positions, not just as many: map every grid position through the square.
    let solved: HashSet<[u16; 2]> = solve::fifteen()
        .reachable()
        .iter()
        .map(|p| p.taken)
        .collect();
    let mapped: HashSet<[u16; 2]> = grid.positions.iter().map(to_numbers).collect();
    assert_eq!(solved, mapped);
}

/// The odd/even variant by brute force over move sequences: a win is any pair of distinct
/// placed numbers adding up to 15 with the new one.
struct Variant {
    games: [u64; 3],
    positions: HashSet<(Vec<u8>, Vec<u8>)>,
}

/// Returns the value for the player to move (+1, 0, −1) by plain negamax on the sequence tree.
fn brute(v: &mut Variant, odds: &mut Vec<u8>, evens: &mut Vec<u8>, placed: &mut Vec<u8>) -> i32 {
    let mut key = (odds.clone(), evens.clone());
    key.0.sort();
    key.1.sort();
    v.positions.insert(key);
    if placed.len() == 9 {
        v.games[0] += 1;
        return 0;
    }
    let odd_to_move = placed.len().is_multiple_of(2);
    let own: Vec<u8> = (1..=9u8)
        .filter(|n| (n % 2 == 1) == odd_to_move && !placed.contains(n))
        .collect();
    let mut best = -1;
    for n in own {
        let wins = placed
            .iter()
            .enumerate()
            .any(|(i, &a)| placed[i + 1..].iter().any(|&b| a + b + n == 15));
        placed.push(n);
        let mover = if odd_to_move { &mut *odds } else { &mut *evens };
        mover.push(n);
        let value = if wins {
            let mut key = (odds.clone(), evens.clone());
            key.0.sort();
            key.1.sort();
            v.positions.insert(key);
            v.games[if odd_to_move { 1 } else { 2 }] += 1;
            1
        } else {
            -brute(v, odds, evens, placed)
        };
        if odd_to_move {
            odds.pop();
        } else {
            evens.pop();
        }
        placed.pop();
        best = best.max(value);
    }
    best
}

#[test]
fn odd_even_counts_match_a_brute_force_over_sequences() {
    let mut v = Variant {
        games: [0; 3],
        positions: HashSet::new(),
    };
    let value = brute(&mut v, &mut Vec::new(), &mut Vec::new(), &mut Vec::new());
    let facts = facts(&Fifteen(OddEven), solve::odd_even());
    assert_eq!(
        [
            facts.games.draws,
            facts.games.first_wins,
            facts.games.second_wins
        ],
        v.games
    );
    assert_eq!(facts.positions, v.positions.len() as u64);
    let expected = match value {
        1 => "first",
        0 => "draw",
        _ => "second",
    };
    assert_eq!(facts.value, expected);
    // What the solver found, pinned: the second (even) player wins; no game reaches nine.
    assert_eq!(facts.value, "second");
    assert_eq!(
        (facts.games.total, facts.games.draws, facts.positions),
        (768, 0, 214)
    );
    assert_eq!(count_games(&Fifteen(OddEven)), facts.games);
}
