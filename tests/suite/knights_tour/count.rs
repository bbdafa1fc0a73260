//! Exact tour counts against the published ones (OEIS), and a brute force written here for
//! the smallest boards.

use boardlab::knights_tour::Board;
use boardlab::knights_tour::count::count;

fn board(w: u64, h: u64) -> Board {
    Board::new(w, h).unwrap()
}

#[test]
fn directed_open_tours_of_5x5_are_1728() {
    // OEIS A165134.
    assert_eq!(count(&board(5, 5), false, true).unwrap().count, 1728);
    assert_eq!(count(&board(5, 5), false, false).unwrap().count, 864);
}

#[test]
fn directed_open_tours_of_6x6_are_6637920() {
    // OEIS A165134; about one second of CPU in the dev profile.
    assert_eq!(count(&board(6, 6), false, true).unwrap().count, 6_637_920);
}

#[test]
fn undirected_closed_tours_of_6x6_are_9862_and_of_3x10_are_16() {
    // OEIS A001230 and A070030.
    assert_eq!(count(&board(6, 6), true, false).unwrap().count, 9862);
    assert_eq!(count(&board(3, 10), true, false).unwrap().count, 16);
    assert_eq!(count(&board(10, 3), true, false).unwrap().count, 16);
    assert_eq!(count(&board(5, 5), true, false).unwrap().count, 0);
    assert_eq!(count(&board(3, 10), true, true).unwrap().count, 16 * 2 * 30);
}

/// Directed open tours by plain depth-first search, no pruning (the oracle).
fn brute_force(w: i64, h: i64) -> u64 {
    fn extend(w: i64, h: i64, path: &mut Vec<(i64, i64)>) -> u64 {
        if path.len() as i64 == w * h {
            return 1;
        }
        let (x, y) = *path.last().unwrap();
        let mut total = 0;
        for (dx, dy) in [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ] {
            let next = (x + dx, y + dy);
            if next.0 >= 0 && next.0 < w && next.1 >= 0 && next.1 < h && !path.contains(&next) {
                path.push(next);
                total += extend(w, h, path);
                path.pop();
            }
        }
        total
    }
    let mut total = 0;
    for y in 0..h {
        for x in 0..w {
            total += extend(w, h, &mut vec![(x, y)]);
        }
    }
    total
}

#[test]
fn small_boards_agree_with_a_brute_force() {
    for (w, h) in [
        (1, 1),
        (1, 2),
        (2, 3),
        (3, 3),
        (3, 4),
        (4, 3),
        (3, 5),
        (4, 4),
    ] {
        assert_eq!(
            count(&board(w, h), false, true).unwrap().count,
            brute_force(w as i64, h as i64),
            "{w}x{h}"
        );
    }
}

#[test]
fn boards_too_large_to_count_are_refused_before_work() {
    let error = count(&board(7, 7), false, true).unwrap_err();
    assert!(error.to_string().contains("at most 36 squares"), "{error}");
}
