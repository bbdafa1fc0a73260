//! The pair-set counts of `results/sat/pair-sets.csv` (sets of 2k squares on which k pairs
//! of one kind satisfy the pairing rule), checked two ways: by the library's enumerator,
//! and on small boards by a brute force over every subset of 2k squares that shares
//! nothing with it (its own attack rule from coordinates, Gosper's subset walk).

use boardlab::chess_memory::board::BoardSize;
use boardlab::chess_memory::pieces::Kind;
use boardlab::chess_memory::search::pair_sets::{QUEEN_SETS, count_pair_sets, queen_sets};

/// Whether a `kind` on (f1, r1) attacks (f2, r2) on an empty board, from coordinates.
fn attacks(kind: Kind, (f1, r1): (i32, i32), (f2, r2): (i32, i32)) -> bool {
    let (df, dr) = ((f1 - f2).abs(), (r1 - r2).abs());
    let (line, diagonal) = ((df == 0) != (dr == 0), df == dr && df > 0);
    match kind {
        Kind::Queen => line || diagonal,
        Kind::Rook => line,
        Kind::Bishop => diagonal,
        Kind::Knight => (df == 1 && dr == 2) || (df == 2 && dr == 1),
    }
}

/// Subsets of 2k squares of the n×n board whose attack graph is a perfect matching.
fn brute_force(n: usize, kind: Kind, pairs: usize) -> u64 {
    let squares = n * n;
    let coordinates = |s: usize| ((s / n) as i32, (s % n) as i32);
    let neighbours: Vec<u64> = (0..squares)
        .map(|a| {
            (0..squares)
                .filter(|&b| a != b && attacks(kind, coordinates(a), coordinates(b)))
                .fold(0, |set, b| set | 1 << b)
        })
        .collect();
    let size = 2 * pairs;
    let limit = 1u64 << squares;
    let mut subset = (1u64 << size) - 1;
    let mut count = 0;
    while subset < limit {
        let mut rest = subset;
        let mut matching = true;
        while rest != 0 && matching {
            let a = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            matching = (neighbours[a] & subset).count_ones() == 1;
        }
        count += u64::from(matching);
        // Gosper's hack: the next larger number with the same number of set bits.
        let low = subset & subset.wrapping_neg();
        let ripple = subset + low;
        subset = (((ripple ^ subset) >> 2) / low) | ripple;
    }
    count
}

fn kind_of(letter: &str) -> Kind {
    Kind::from_letter(letter.chars().next().unwrap()).unwrap()
}

#[test]
fn the_brute_force_can_fail() {
    // Two rooks on a 4×4 board: 16·6/2 attacking pairs; two queens see more.
    assert_eq!(brute_force(4, Kind::Rook, 1), 48);
    assert_eq!(brute_force(4, Kind::Knight, 1), 24);
    assert!(brute_force(4, Kind::Queen, 1) > 48);
}

#[test]
fn committed_pair_set_counts_agree_two_ways() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/results/sat/pair-sets.csv");
    let csv = std::fs::read_to_string(path).unwrap();
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("size,kind,pairs,sets"));
    let (mut brute, mut enumerated) = (0, 0);
    for line in lines {
        let fields: Vec<&str> = line.split(',').collect();
        let (n, kind, pairs) = (
            fields[0].parse::<usize>().unwrap(),
            kind_of(fields[1]),
            fields[2].parse::<usize>().unwrap(),
        );
        let sets: u64 = fields[3].parse().unwrap();
        // The enumerator wherever it is quick in the test profile (up to 6×6, and the queens).
        if n <= 6 || kind == Kind::Queen {
            let size = BoardSize::new(n).unwrap();
            assert_eq!(count_pair_sets(size, kind, pairs), sets, "{line}");
            enumerated += 1;
        }
        // Brute force up to about two million subsets.
        if n * n <= 25 || (n == 6 && pairs <= 3) {
            assert_eq!(brute_force(n, kind, pairs), sets, "brute force: {line}");
            brute += 1;
        }
    }
    assert!(brute >= 24 && enumerated >= 30, "{brute} {enumerated}");
}

#[test]
fn the_queen_table_is_the_counted_sets() {
    assert_eq!(queen_sets().len(), QUEEN_SETS);
    assert_eq!(
        count_pair_sets(BoardSize::STANDARD, Kind::Queen, 4),
        QUEEN_SETS as u64
    );
}
