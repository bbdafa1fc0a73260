//! A formula in conjunctive normal form, and the model check that every answer goes through.
//!
//! A [`Cnf`] is a variable count and a list of clauses over varisat's [`Lit`]: variables
//! `0..var_count` in varisat's numbering, which are DIMACS numbers `1..=var_count`. An encoding
//! builds one, [`super::dimacs`] writes it and [`super::solve()`] hands it to varisat. It keeps no
//! names: what a variable stands for is the encoding's business (and its DIMACS comments).
//!
//! **The model check.** A model counts only after [`Cnf::check_model`] has evaluated every
//! clause under it, independently of the solver that found it. A model that falsifies a clause
//! is a bug (in the solver, in loading the clauses, or in renumbering them) and is reported as
//! [`SolveError::Falsified`], never used. Encodings check the decoded answer against their own
//! rules as well; this check is the part that needs to know nothing but the clauses.

use super::solve::SolveError;
use varisat::{Lit, Var};

/// Clauses over variables `0..var_count` (DIMACS numbers `1..=var_count`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cnf {
    var_count: usize,
    clauses: Vec<Vec<Lit>>,
}

impl Cnf {
    /// A formula with `var_count` variables and no clauses.
    pub fn with_vars(var_count: usize) -> Cnf {
        Cnf {
            var_count,
            clauses: Vec::new(),
        }
    }

    /// A fresh variable.
    pub fn new_var(&mut self) -> Var {
        self.var_count += 1;
        Var::from_index(self.var_count - 1)
    }

    pub fn add_clause(&mut self, clause: Vec<Lit>) {
        debug_assert!(clause.iter().all(|lit| lit.index() < self.var_count));
        self.clauses.push(clause);
    }

    pub fn var_count(&self) -> usize {
        self.var_count
    }

    pub fn clauses(&self) -> &[Vec<Lit>] {
        &self.clauses
    }

    /// Number of clauses.
    pub fn len(&self) -> usize {
        self.clauses.len()
    }

    pub fn is_empty(&self) -> bool {
        self.clauses.is_empty()
    }

    /// The index of the first clause that `assignment` (one value per variable) falsifies.
    pub fn first_falsified(&self, assignment: &[bool]) -> Option<usize> {
        assert_eq!(assignment.len(), self.var_count, "one value per variable");
        self.clauses.iter().position(|clause| {
            !clause
                .iter()
                .any(|lit| assignment[lit.index()] == lit.is_positive())
        })
    }

    /// The model check (module docs): `Ok` when `assignment` satisfies every clause, else the
    /// first clause it falsifies.
    pub fn check_model(&self, assignment: &[bool]) -> Result<(), SolveError> {
        match self.first_falsified(assignment) {
            Some(clause) => Err(SolveError::Falsified(clause)),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
impl Cnf {
    /// A formula from clauses written as DIMACS numbers, for the tests of this module.
    pub(crate) fn from_dimacs(var_count: usize, clauses: &[&[isize]]) -> Cnf {
        let mut cnf = Cnf::with_vars(var_count);
        for clause in clauses {
            cnf.add_clause(
                clause
                    .iter()
                    .map(|&number| Lit::from_dimacs(number))
                    .collect(),
            );
        }
        cnf
    }
}

/// The values of variables `0..var_count` in a model given as literals; variables the solver
/// did not mention are false.
pub fn assignment_of_model(model: &[Lit], var_count: usize) -> Vec<bool> {
    let mut assignment = vec![false; var_count];
    for lit in model {
        if lit.index() < var_count {
            assignment[lit.index()] = lit.is_positive();
        }
    }
    assignment
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluation_finds_the_falsified_clause() {
        // (a ∨ b) ∧ ¬a
        let cnf = Cnf::from_dimacs(2, &[&[1, 2], &[-1]]);
        assert_eq!(cnf.first_falsified(&[false, true]), None);
        assert_eq!(cnf.first_falsified(&[true, true]), Some(1));
        assert_eq!(cnf.first_falsified(&[false, false]), Some(0));
        let model = [Lit::from_dimacs(-1), Lit::from_dimacs(2)];
        assert_eq!(assignment_of_model(&model, 2), [false, true]);
    }

    #[test]
    fn the_model_check_refuses_a_model_that_falsifies_a_clause() {
        // (a ∨ ¬b) ∧ (b ∨ c) ∧ ¬c: the only model is a, b, ¬c.
        let mut cnf = Cnf::from_dimacs(3, &[&[1, -2], &[2, 3], &[-3]]);
        assert!(cnf.check_model(&[true, true, false]).is_ok());
        let error = cnf.check_model(&[false, true, false]).unwrap_err();
        assert!(matches!(error, SolveError::Falsified(0)), "{error}");
        assert!(matches!(
            cnf.check_model(&[true, true, true]),
            Err(SolveError::Falsified(2))
        ));
        // An empty clause is falsified by every assignment.
        cnf.add_clause(Vec::new());
        assert!(matches!(
            cnf.check_model(&[true, true, false]),
            Err(SolveError::Falsified(3))
        ));
    }
}
