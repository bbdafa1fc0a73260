//! Log-linear bins for histograms of iteration counts: exact below 128, then 64 equal
//! sub-bins per power of two (the layout of HdrHistogram, Tene 2012, with 6 significant bits).
//!
//! **Rule.** For a value v < 128 the bin is {v}. For v ≥ 128 with most significant bit p
//! (2^p ≤ v < 2^(p+1), p ≥ 7) the bin is the aligned run of width w = 2^(p−6) holding v:
//!
//! ```text
//! lower = v − (v mod w),   upper = lower + w − 1   (inclusive)
//! ```
//!
//! (the rule also holds for 64 ≤ v < 128, where w = 1). A bin is never wider than 1/64 of its
//! lower end, 1.5625%. Bins are numbered in increasing order by [`bin_index`]: index v for
//! v < 128, then 64 per power of two, [`BIN_COUNT`] bins for all of u64.
//!
//! **Representative values.** A histogram turned into a [`super::Sample`] with each bin's
//! `lower` as its value keeps order, so a type-1 quantile of the binned sample is the lower
//! end of the bin that holds the exact quantile: the exact value lies in `bin_of(q)`. The
//! survival function at a bin's `upper` is exact.

/// The number of bins that cover all of u64: 128 exact ones, then 64 for each of the powers
/// 2^7 … 2^63.
pub const BIN_COUNT: usize = 128 + 57 * 64;

/// The bin `(lower, upper)`, both inclusive, that holds `value` (module docs for the rule).
pub fn bin_of(value: u64) -> (u64, u64) {
    if value < 128 {
        return (value, value);
    }
    let msb = 63 - value.leading_zeros();
    let width = 1u64 << (msb - 6);
    let lower = value & !(width - 1);
    (lower, lower + (width - 1))
}

/// The position of `value`'s bin among all bins, in increasing order: v for v < 128,
/// otherwise 128 + 64·(p − 7) + (v ≫ (p − 6)) − 64 with p the most significant bit.
pub fn bin_index(value: u64) -> usize {
    if value < 128 {
        return value as usize;
    }
    let msb = 63 - value.leading_zeros();
    let sub_bin = (value >> (msb - 6)) - 64;
    128 + 64 * (msb as usize - 7) + sub_bin as usize
}

/// The bin `(lower, upper)` of position `index` < [`BIN_COUNT`], the inverse of [`bin_index`].
pub fn bin_bounds(index: usize) -> (u64, u64) {
    assert!(index < BIN_COUNT, "bin {index} is not below {BIN_COUNT}");
    if index < 128 {
        return (index as u64, index as u64);
    }
    let msb = (index - 128) / 64 + 7;
    let sub_bin = ((index - 128) % 64) as u64 + 64;
    bin_of(sub_bin << (msb - 6))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_by_hand() {
        assert_eq!(bin_of(0), (0, 0));
        assert_eq!(bin_of(127), (127, 127));
        // 2^7 ≤ v < 2^8: width 2.
        assert_eq!(bin_of(128), (128, 129));
        assert_eq!(bin_of(129), (128, 129));
        assert_eq!(bin_of(255), (254, 255));
        // 2^14 ≤ v < 2^15: width 2^8 = 256; 25,000 = 97·256 + 168.
        assert_eq!(bin_of(25_000), (24_832, 25_087));
        assert_eq!(bin_of(u64::MAX), (u64::MAX - (1 << 57) + 1, u64::MAX));
        assert_eq!(bin_index(127), 127);
        assert_eq!(bin_index(128), 128);
        assert_eq!(bin_index(256), 128 + 64);
        assert_eq!(bin_index(u64::MAX), BIN_COUNT - 1);
    }

    #[test]
    fn bins_tile_the_line_narrowly_and_in_order() {
        // Every bin starts right after the previous one ends, bin_of agrees with the index,
        // and no bin is wider than 1/64 of its lower end.
        let mut next = 0u64;
        for index in 0..BIN_COUNT {
            let (lower, upper) = bin_bounds(index);
            assert_eq!(lower, next, "bin {index}");
            assert!(lower <= upper);
            assert_eq!(bin_of(lower), (lower, upper));
            assert_eq!(bin_of(upper), (lower, upper));
            assert_eq!((bin_index(lower), bin_index(upper)), (index, index));
            assert!(
                lower < 64 || (upper - lower + 1) * 64 <= lower,
                "bin {index}"
            );
            next = upper.wrapping_add(1);
        }
        assert_eq!(next, 0, "the last bin ends at u64::MAX");
    }
}
