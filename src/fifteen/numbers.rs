//! The numbers 1..9 as bits, the eight triples that sum to 15, and the 3×3 magic square whose
//! rows are the article's array `numbers = [8,1,6, 3,5,7, 4,9,2]`: its lines are exactly the
//! triples, so the game is tic-tac-toe on that square, and the square's 8 symmetries (rotations
//! and reflections) map triples to triples.
//!
//! A set of numbers is a 9-bit mask, number n at bit n − 1.

/// The article's array: the magic square read row by row, and its order for tie-breaks.
pub const ARTICLE_ORDER: [u8; 9] = [8, 1, 6, 3, 5, 7, 4, 9, 2];

/// All nine numbers.
pub const ALL: u16 = 0x1FF;

/// The mask of the single number `n` (1..=9).
#[inline(always)]
pub const fn bit(n: u8) -> u16 {
    1 << (n - 1)
}

/// The numbers of `mask`, ascending.
#[inline]
pub fn numbers(mask: u16) -> impl Iterator<Item = u8> {
    let mut rest = mask & ALL;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let n = rest.trailing_zeros() as u8 + 1;
            rest &= rest - 1;
            n
        })
    })
}

/// `SELECT[mask][k]`: the k-th smallest number of `mask` (0 past the end).
static SELECT: [[u8; 9]; 512] = {
    let mut table = [[0u8; 9]; 512];
    let mut mask = 0;
    while mask < 512 {
        let (mut k, mut n) = (0, 1);
        while n <= 9 {
            if mask >> (n - 1) & 1 == 1 {
                table[mask][k] = n as u8;
                k += 1;
            }
            n += 1;
        }
        mask += 1;
    }
    table
};

/// The `k`-th smallest number (from 0) of `mask`; `k` is below `mask.count_ones()`.
#[inline(always)]
pub fn nth(mask: u16, k: u32) -> u8 {
    SELECT[(mask & ALL) as usize][k as usize]
}

/// The numbers of `mask` as text, ascending and separated by spaces (`-` when empty).
pub fn list(mask: u16) -> String {
    let text: Vec<String> = numbers(mask).map(|n| n.to_string()).collect();
    if text.is_empty() {
        "-".into()
    } else {
        text.join(" ")
    }
}

/// The 8 triples of distinct numbers 1..9 summing to 15, found by enumeration.
pub const LINES: [u16; 8] = {
    let mut lines = [0u16; 8];
    let mut count = 0;
    let mut a = 1;
    while a <= 9 {
        let mut b = a + 1;
        while b <= 9 {
            let c = 15i32 - a as i32 - b as i32;
            if c > b as i32 && c <= 9 {
                let c = c as u8;
                lines[count] = bit(a) | bit(b) | bit(c);
                count += 1;
            }
            b += 1;
        }
        a += 1;
    }
    assert!(count == 8);
    lines
};

/// `HAS_LINE[mask]`: whether `mask` holds a whole triple.
static HAS_LINE: [bool; 512] = {
    let mut table = [false; 512];
    let mut mask = 0;
    while mask < 512 {
        let mut i = 0;
        while i < 8 {
            if mask & LINES[i] as usize == LINES[i] as usize {
                table[mask] = true;
            }
            i += 1;
        }
        mask += 1;
    }
    table
};

/// Whether `mask` holds three numbers summing to 15.
#[inline(always)]
pub fn has_line(mask: u16) -> bool {
    HAS_LINE[mask as usize]
}

/// The free numbers that would complete a triple of which `mine` already holds two.
#[inline]
pub fn completions(mine: u16, free: u16) -> u16 {
    LINES.iter().fold(0, |found, &line| {
        let missing = line & !mine;
        if missing.count_ones() == 1 && missing & free != 0 {
            found | missing
        } else {
            found
        }
    })
}

/// How many of the triples in the set `lines` (bit i for `LINES[i]`, as from [`live_lines`])
/// hold the number `n`.
#[inline]
pub fn lines_through(n: u8, lines: u16) -> u32 {
    // `lines` is a set of line indexes (bit i for LINES[i]).
    (0..8)
        .filter(|&i| lines >> i & 1 != 0 && LINES[i] & bit(n) != 0)
        .count() as u32
}

/// The indexes (bit i for `LINES[i]`) of the triples that hold no number of `blocked`.
#[inline]
pub fn live_lines(blocked: u16) -> u16 {
    (0..8).fold(0, |live, i| {
        if LINES[i] & blocked == 0 {
            live | 1 << i
        } else {
            live
        }
    })
}

/// The 8 symmetries of the square as maps of numbers: `SYMMETRIES[s][n]` is the image of n
/// (index 0 unused). Symmetry 0 is the identity.
pub const SYMMETRIES: [[u8; 10]; 8] = {
    let mut maps = [[0u8; 10]; 8];
    let mut s = 0;
    while s < 8 {
        let mut cell = 0;
        while cell < 9 {
            let (row, col) = (cell / 3, cell % 3);
            // Rotate s % 4 quarter turns, then reflect across the vertical axis when s >= 4.
            let (mut r, mut c) = (row, col);
            let mut turns = 0;
            while turns < s % 4 {
                let (nr, nc) = (c, 2 - r);
                r = nr;
                c = nc;
                turns += 1;
            }
            if s >= 4 {
                c = 2 - c;
            }
            maps[s][ARTICLE_ORDER[cell] as usize] = ARTICLE_ORDER[r * 3 + c];
            cell += 1;
        }
        s += 1;
    }
    maps
};

/// The image of the set `mask` under symmetry `s`.
pub fn transform(mask: u16, s: usize) -> u16 {
    numbers(mask).fold(0, |image, n| image | bit(SYMMETRIES[s][n as usize]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lines_are_the_rows_columns_and_diagonals_of_the_article_square() {
        let cell = |i: usize| bit(ARTICLE_ORDER[i]);
        let mut square: Vec<u16> = Vec::new();
        for k in 0..3 {
            square.push(cell(3 * k) | cell(3 * k + 1) | cell(3 * k + 2));
            square.push(cell(k) | cell(k + 3) | cell(k + 6));
        }
        square.push(cell(0) | cell(4) | cell(8));
        square.push(cell(2) | cell(4) | cell(6));
        let mut lines = LINES.to_vec();
        lines.sort();
        square.sort();
        assert_eq!(lines, square);
    }

    #[test]
    fn symmetries_are_distinct_permutations_that_keep_the_lines() {
        let mut seen = std::collections::HashSet::new();
        for map in SYMMETRIES {
            let mut image: Vec<u8> = map[1..].to_vec();
            image.sort();
            assert_eq!(image, (1..=9).collect::<Vec<u8>>());
            assert!(seen.insert(map));
            for line in LINES {
                let moved = (1..=9u8)
                    .filter(|&n| line & bit(n) != 0)
                    .fold(0, |m, n| m | bit(map[n as usize]));
                assert!(LINES.contains(&moved), "{map:?} breaks {line:#b}");
            }
        }
        assert_eq!(SYMMETRIES[0][1..], [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }

    #[test]
    fn completions_and_live_lines() {
        // 8 and 1 are on the top row 8,1,6; 8 and 5 on the diagonal 8,5,2.
        assert_eq!(
            completions(bit(8) | bit(1) | bit(5), ALL),
            bit(6) | bit(2) | bit(9)
        );
        assert_eq!(completions(bit(8) | bit(1), ALL & !bit(6)), 0);
        assert_eq!(live_lines(0).count_ones(), 8);
        assert_eq!(live_lines(bit(5)).count_ones(), 4);
        assert_eq!(lines_through(5, live_lines(0)), 4);
        assert_eq!(lines_through(8, live_lines(0)), 3);
        assert_eq!(lines_through(1, live_lines(0)), 2);
        assert!(has_line(bit(2) | bit(9) | bit(4)));
        assert!(!has_line(bit(1) | bit(2) | bit(3)));
        assert_eq!(list(bit(3) | bit(9)), "3 9");
        assert_eq!(
            numbers(ALL).collect::<Vec<_>>(),
            (1..=9).collect::<Vec<_>>()
        );
        assert_eq!((nth(bit(2) | bit(7), 0), nth(bit(2) | bit(7), 1)), (2, 7));
    }
}
