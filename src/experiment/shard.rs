//! Shards: disjoint parts of an experiment for running on several machines.
//!
//! Shard K of N runs, in every series, the draws whose index i has `i % N == K - 1`, so
//! each shard gets the same mix of fast and slow orderings. `boardlab merge` interleaves the
//! shards' rows back into the single-machine order. A run has at most [`MAX_SHARDS`] shards.

use std::fmt;
use std::str::FromStr;

/// The K-th of N parts (1 ≤ K ≤ N); `1/1` is the whole experiment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

/// The most shards a run may be cut into: far more machines than any run uses, and few
/// enough that `merge` keeps a flag per shard and its index arithmetic cannot overflow.
pub const MAX_SHARDS: u64 = 100_000;

impl Shard {
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Shard `index` of `count`, or a one-line reason why there is none
    /// (1 ≤ index ≤ count ≤ [`MAX_SHARDS`]).
    pub fn new(index: u64, count: u64) -> Result<Shard, String> {
        if count > MAX_SHARDS {
            return Err(format!(
                "{index}/{count} has more shards than a run may have; use at most {MAX_SHARDS}"
            ));
        }
        if index == 0 || count == 0 || index > count {
            return Err(format!(
                "{index}/{count} is not a shard; write K/N with 1 ≤ K ≤ N, e.g. 3/8"
            ));
        }
        Ok(Shard { index, count })
    }

    /// How many of the draw indices `0..draws` belong to this shard.
    pub fn draws_of(&self, draws: u64) -> u64 {
        let offset = self.index - 1;
        if draws > offset {
            (draws - offset).div_ceil(self.count)
        } else {
            0
        }
    }

    /// The draw index of this shard's `local`-th draw of a series.
    pub fn draw_index(&self, local: u64) -> u64 {
        local * self.count + (self.index - 1)
    }

    /// The shard that runs draw `index`.
    pub fn owner_of(count: u64, index: u64) -> u64 {
        index % count + 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        let usage = || format!("'{text}' is not a shard; write K/N with 1 ≤ K ≤ N, e.g. 3/8");
        let too_many =
            || format!("'{text}' has more shards than a run may have; use at most {MAX_SHARDS}");
        let (k, n) = text.split_once('/').ok_or_else(usage)?;
        let (k, n) = (k.trim(), n.trim());
        let index: u64 = k.parse().map_err(|_| usage())?;
        let count: u64 = n.parse().map_err(|_| {
            let digits = !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit());
            if digits { too_many() } else { usage() }
        })?;
        if count > MAX_SHARDS {
            return Err(too_many());
        }
        Shard::new(index, count).map_err(|_| usage())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_draw_indices() {
        let draws = 10;
        for count in 1..5 {
            let mut seen = vec![0; draws as usize];
            for index in 1..=count {
                let shard = Shard { index, count };
                for local in 0..shard.draws_of(draws) {
                    let i = shard.draw_index(local);
                    assert_eq!(Shard::owner_of(count, i), index);
                    seen[i as usize] += 1;
                }
            }
            assert!(seen.iter().all(|&n| n == 1), "{count}: {seen:?}");
        }
        assert_eq!(Shard { index: 5, count: 8 }.draws_of(3), 0);
    }

    #[test]
    fn parsing_accepts_k_of_n_only() {
        assert_eq!("2/3".parse(), Ok(Shard { index: 2, count: 3 }));
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", ""] {
            assert!(bad.parse::<Shard>().unwrap_err().contains("K/N"), "{bad}");
        }
        let most = format!("{MAX_SHARDS}/{MAX_SHARDS}");
        assert_eq!(most.parse::<Shard>().map(|s| s.count), Ok(MAX_SHARDS));
        for bad in [
            "1/100001".to_string(),
            "1/1000000000000".to_string(),
            format!("{0}/{0}", u64::MAX),
            "1/99999999999999999999999".to_string(),
        ] {
            let error = bad.parse::<Shard>().unwrap_err();
            assert!(error.contains("at most 100000"), "{bad}: {error}");
        }
    }
}
