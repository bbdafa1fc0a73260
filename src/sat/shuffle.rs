//! Diversity for a solver without a random seed: the same formula with its variables renumbered
//! and its clauses (and the literals in each) reordered by a seeded permutation.
//!
//! varisat's search is deterministic for a given input, and its choices depend on variable
//! numbers (initial order, ties) and on clause order (watch lists). Renumbering and reordering
//! change neither the set of models nor their meaning, so different seeds give different,
//! equally valid runs. The permutation comes from the project's default random stream
//! ([`crate::rng::stream`]) for (seed, label), and Fisher–Yates shuffles with [`crate::rng::below`].

use super::cnf::Cnf;
use crate::rng::{self, shuffle};
use varisat::{Lit, Var};

/// A formula renumbered by a permutation, and the way back.
#[derive(Clone, Debug)]
pub struct Shuffled {
    pub cnf: Cnf,
    /// `original[v]` is the variable of the input formula that shuffled variable `v` renames.
    original: Vec<Var>,
}

impl Shuffled {
    /// Shuffles `cnf` with the stream of (`seed`, `label`).
    pub fn new(cnf: &Cnf, seed: u64, label: &str) -> Shuffled {
        let mut rng = rng::stream(seed, label, 0);
        let n = cnf.var_count();
        let mut original: Vec<Var> = (0..n).map(Var::from_index).collect();
        shuffle(&mut original, &mut rng);
        let mut renamed = vec![Var::from_index(0); n];
        for (new, old) in original.iter().enumerate() {
            renamed[old.index()] = Var::from_index(new);
        }
        let mut clauses: Vec<Vec<Lit>> = cnf
            .clauses()
            .iter()
            .map(|clause| {
                let mut clause: Vec<Lit> = clause
                    .iter()
                    .map(|lit| lit.map_var(|var| renamed[var.index()]))
                    .collect();
                shuffle(&mut clause, &mut rng);
                clause
            })
            .collect();
        shuffle(&mut clauses, &mut rng);
        let mut shuffled = Cnf::with_vars(n);
        for clause in clauses {
            shuffled.add_clause(clause);
        }
        Shuffled {
            cnf: shuffled,
            original,
        }
    }

    /// The assignment of the input formula's variables from one of the shuffled formula's.
    pub fn unshuffle(&self, assignment: &[bool]) -> Vec<bool> {
        let mut back = vec![false; assignment.len()];
        for (new, old) in self.original.iter().enumerate() {
            back[old.index()] = assignment[new];
        }
        back
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shuffling_keeps_the_models() {
        // (a ∨ b) ∧ (¬a ∨ c) ∧ ¬b: the only model is a, ¬b, c.
        let cnf = Cnf::from_dimacs(3, &[&[1, 2], &[-1, 3], &[-2]]);
        for seed in 0..20 {
            let shuffled = Shuffled::new(&cnf, seed, "test");
            assert_eq!(shuffled.cnf.len(), 3);
            for bits in 0..8u32 {
                let assignment: Vec<bool> = (0..3).map(|i| bits >> i & 1 == 1).collect();
                let back = shuffled.unshuffle(&assignment);
                assert_eq!(
                    shuffled.cnf.first_falsified(&assignment).is_none(),
                    cnf.first_falsified(&back).is_none()
                );
            }
        }
        let a = Shuffled::new(&cnf, 1, "test").cnf;
        let b = Shuffled::new(&cnf, 2, "test").cnf;
        let c = Shuffled::new(&cnf, 3, "test").cnf;
        assert!(a != b || b != c, "seeds give different formulas");
    }
}
