//! Restart policies: run a randomized search for a limited number of iterations, and if it
//! has not finished, start again from an empty board with the same random stream continuing.
//!
//! - `none`: one run, as long as the cap allows;
//! - `fixed:C`: every run gets C iterations;
//! - `luby:U`: run k gets U · luby(k) iterations, luby = 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, … (Luby,
//!   Sinclair and Zuckerman 1993), within a log factor of the best fixed cutoff for any
//!   distribution;
//! - `geometric:U,F`: run k gets round(U · F^k) iterations (F > 1), computed by repeated
//!   multiplication so that every platform gets the same lengths.
//!
//! Counters sum over all runs; the iteration cap bounds the total.

use std::fmt;
use std::str::FromStr;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RestartPolicy {
    Never,
    Fixed(u64),
    Luby(u64),
    Geometric { base: u64, factor: f64 },
}

/// The k-th term (from 1) of the Luby sequence: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, …
pub fn luby(mut k: u64) -> u64 {
    assert!(k >= 1, "the Luby sequence starts at 1");
    loop {
        // The smallest e with 2^e - 1 >= k.
        let e = 64 - k.leading_zeros() as u64;
        if k == (1u64 << e) - 1 {
            return 1 << (e - 1);
        }
        k -= (1u64 << (e - 1)) - 1;
    }
}

impl RestartPolicy {
    /// The iteration budget of run `k` (from 0); `None` is unlimited.
    pub fn run_length(&self, k: u64) -> Option<u64> {
        match *self {
            RestartPolicy::Never => None,
            RestartPolicy::Fixed(length) => Some(length),
            RestartPolicy::Luby(unit) => Some(unit.saturating_mul(luby(k + 1))),
            RestartPolicy::Geometric { base, factor } => {
                let mut length = base as f64;
                for _ in 0..k.min(4096) {
                    length *= factor;
                }
                Some(length.round().min(u64::MAX as f64) as u64)
            }
        }
    }

    pub fn is_never(&self) -> bool {
        *self == RestartPolicy::Never
    }
}

impl fmt::Display for RestartPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RestartPolicy::Never => write!(f, "none"),
            RestartPolicy::Fixed(length) => write!(f, "fixed:{length}"),
            RestartPolicy::Luby(unit) => write!(f, "luby:{unit}"),
            RestartPolicy::Geometric { base, factor } => write!(f, "geometric:{base},{factor}"),
        }
    }
}

/// The accepted forms, for error messages.
pub const RESTART_FORMS: &str =
    "none, fixed:C, luby:U or geometric:U,F (C, U ≥ 1 iterations, F > 1)";

impl FromStr for RestartPolicy {
    type Err = String;

    fn from_str(text: &str) -> Result<RestartPolicy, String> {
        let bad = || {
            format!(
                "'{}' is not a restart policy; use {RESTART_FORMS}",
                crate::names::quoted(text)
            )
        };
        let count = |t: &str| {
            t.trim()
                .parse::<u64>()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(bad)
        };
        let text = text.trim();
        if text == "none" {
            return Ok(RestartPolicy::Never);
        }
        let (name, argument) = text.split_once(':').ok_or_else(bad)?;
        match name.trim() {
            "fixed" => Ok(RestartPolicy::Fixed(count(argument)?)),
            "luby" => Ok(RestartPolicy::Luby(count(argument)?)),
            "geometric" => {
                let (base, factor) = argument.split_once(',').ok_or_else(bad)?;
                let factor: f64 = factor.trim().parse().map_err(|_| bad())?;
                if !(factor > 1.0 && factor.is_finite()) {
                    return Err(bad());
                }
                Ok(RestartPolicy::Geometric {
                    base: count(base)?,
                    factor,
                })
            }
            _ => Err(bad()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_sequence_matches_its_definition() {
        // Luby et al. 1993: 1,1,2,1,1,2,4,1,1,2,1,1,2,4,8,...
        let first: Vec<u64> = (1..=16).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1]);
        assert_eq!(luby(31), 16);
        assert_eq!(luby(63), 32);
    }

    #[test]
    fn run_lengths() {
        assert_eq!(RestartPolicy::Never.run_length(5), None);
        assert_eq!(RestartPolicy::Fixed(7).run_length(9), Some(7));
        assert_eq!(RestartPolicy::Luby(100).run_length(6), Some(400));
        let geometric = RestartPolicy::Geometric {
            base: 100,
            factor: 1.5,
        };
        let lengths: Vec<u64> = (0..4).map(|k| geometric.run_length(k).unwrap()).collect();
        assert_eq!(lengths, [100, 150, 225, 338]);
    }

    #[test]
    fn policies_parse_and_print_back() {
        for text in ["none", "fixed:500", "luby:256", "geometric:100,1.5"] {
            let policy: RestartPolicy = text.parse().unwrap();
            assert_eq!(policy.to_string(), text);
        }
        for bad in [
            "",
            "luby",
            "luby:0",
            "fixed:x",
            "geometric:100",
            "geometric:100,1",
            "sometimes:3",
        ] {
            let message = bad.parse::<RestartPolicy>().unwrap_err();
            assert!(message.contains("not a restart policy"), "{bad}: {message}");
        }
    }
}
