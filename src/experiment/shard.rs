//! Shards: disjoint parts of an experiment for running on several machines.
//!
//! Shard K of N runs, in every series, the draws whose index i has `i % N == K - 1`, so
//! each shard gets the same mix of fast and slow orderings. `boardlab merge` interleaves the
//! shards' rows back into the single-machine order.

use std::fmt;
use std::str::FromStr;

/// The K-th of N parts (1 ≤ K ≤ N); `1/1` is the whole experiment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

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
        let (k, n) = text.split_once('/').ok_or_else(usage)?;
        let index: u64 = k.trim().parse().map_err(|_| usage())?;
        let count: u64 = n.trim().parse().map_err(|_| usage())?;
        if index == 0 || count == 0 || index > count {
            return Err(usage());
        }
        Ok(Shard { index, count })
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
    }
}
