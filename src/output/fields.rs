//! The first fields of a data row, found eight bytes at a time. A row of `draws.csv` is read
//! once per table it makes; its leading fields (a label, an index, a few short values) are a
//! few bytes each, too short for a string search's setup to pay and long enough that a byte
//! loop, which takes a branch per byte, is most of the reading.

/// The byte offsets of the first `N` commas of `line`, or `None` where it has fewer.
pub fn commas<const N: usize>(line: &[u8]) -> Option<[usize; N]> {
    let mut found = [0; N];
    let mut count = 0;
    let mut words = line.chunks_exact(8);
    let mut base = 0;
    for word in &mut words {
        let word = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        let mut marks = zero_bytes(word ^ u64::from_ne_bytes([b','; 8]));
        while marks != 0 {
            found[count] = base + (marks.trailing_zeros() / 8) as usize;
            count += 1;
            if count == N {
                return Some(found);
            }
            marks &= marks - 1;
        }
        base += 8;
    }
    for (offset, &byte) in words.remainder().iter().enumerate() {
        if byte == b',' {
            found[count] = base + offset;
            count += 1;
            if count == N {
                return Some(found);
            }
        }
    }
    None
}

/// The high bit of each byte of `word` that is zero, and no other bit (the exact form of the
/// test, without the borrow between bytes that the shorter form lets through).
fn zero_bytes(word: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    !(((word & LOW7).wrapping_add(LOW7)) | word | LOW7)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same, one byte at a time.
    fn commas_by_bytes<const N: usize>(line: &[u8]) -> Option<[usize; N]> {
        let positions: Vec<usize> = line
            .iter()
            .enumerate()
            .filter(|&(_, &b)| b == b',')
            .map(|(i, _)| i)
            .take(N)
            .collect();
        positions.try_into().ok()
    }

    #[test]
    fn commas_are_found_as_a_byte_loop_finds_them() {
        // Bytes next to a comma that the borrow of the short zero-byte test would mark:
        // '-' is ',' + 1, and 0xac has ','s low seven bits.
        let alphabet = b",-+\xac\x00a1\n ";
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for length in 0..40 {
            for _ in 0..200 {
                let line: Vec<u8> = (0..length)
                    .map(|_| {
                        state = state
                            .wrapping_mul(6_364_136_223_846_793_005)
                            .wrapping_add(1_442_695_040_888_963_407);
                        alphabet[(state >> 33) as usize % alphabet.len()]
                    })
                    .collect();
                assert_eq!(commas::<2>(&line), commas_by_bytes::<2>(&line), "{line:?}");
                assert_eq!(commas::<6>(&line), commas_by_bytes::<6>(&line), "{line:?}");
            }
        }
        assert_eq!(commas::<2>(b"QNBR,17,solved"), Some([4, 7]));
        assert_eq!(commas::<3>(b"a,b"), None);
    }
}
