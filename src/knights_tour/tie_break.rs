//! Warnsdorff's tie-breaking rules: which of several candidates with the same smallest
//! degree the knight takes.
//!
//! - `seed`: the seed program's move table, first candidate wins (the ordering `76548123`);
//! - `order:DDDDDDDD`: a fixed move-ordering in the literature's numbering (Squirrel & Cull
//!   1996), the move listed first wins;
//! - `random`: uniformly among the tied candidates, from the draw's random stream;
//! - `pohl`: Pohl's (1967) second level: the tied candidate whose unvisited neighbours have the
//!   smallest sum of degrees. Degrees are read before the move, so the candidate still counts
//!   for its neighbours; moving there first would lower the sum by the candidate's own degree,
//!   which all tied candidates share, so both readings choose the same square;
//! - `roth`: Roth's rule: the tied candidate farthest (Euclidean) from the board's centre;
//! - `squirrel`: Squirrel's algorithm, fixed orderings switched at given squares
//!   ([`super::squirrel`]).
//!
//! Ties left by `pohl` and `roth` go to the first candidate in the order `12345678`.

use super::{KnightsError, MoveOrder};
use std::fmt;
use std::str::FromStr;

/// A tie-break rule (module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rule {
    Seed,
    Order(MoveOrder),
    Random,
    Pohl,
    Roth,
    Squirrel,
}

impl Rule {
    /// The order in which candidates are scanned; the first minimum wins unless the rule
    /// says otherwise.
    pub fn scan_order(&self) -> MoveOrder {
        match self {
            Rule::Seed => MoveOrder::SEED,
            Rule::Order(order) => *order,
            Rule::Random | Rule::Pohl | Rule::Roth | Rule::Squirrel => MoveOrder::NATURAL,
        }
    }

    /// Does the rule read the random stream?
    pub fn is_random(&self) -> bool {
        matches!(self, Rule::Random)
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::Seed => write!(f, "seed"),
            Rule::Order(order) => write!(f, "order:{order}"),
            Rule::Random => write!(f, "random"),
            Rule::Pohl => write!(f, "pohl"),
            Rule::Roth => write!(f, "roth"),
            Rule::Squirrel => write!(f, "squirrel"),
        }
    }
}

impl FromStr for Rule {
    type Err = KnightsError;

    fn from_str(text: &str) -> Result<Rule, KnightsError> {
        if let Some(order) = text.strip_prefix("order:") {
            return Ok(Rule::Order(order.parse()?));
        }
        match text {
            "seed" => Ok(Rule::Seed),
            "random" => Ok(Rule::Random),
            "pohl" => Ok(Rule::Pohl),
            "roth" => Ok(Rule::Roth),
            "squirrel" => Ok(Rule::Squirrel),
            _ => Err(KnightsError::UnknownRule(text.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_round_trip_through_their_names() {
        for name in [
            "seed",
            "order:36875124",
            "random",
            "pohl",
            "roth",
            "squirrel",
        ] {
            assert_eq!(name.parse::<Rule>().unwrap().to_string(), name);
        }
        assert_eq!(
            "warnsdorff".parse::<Rule>(),
            Err(KnightsError::UnknownRule("warnsdorff".into()))
        );
        assert_eq!(
            "order:1234".parse::<Rule>(),
            Err(KnightsError::MalformedOrdering("1234".into()))
        );
    }
}
