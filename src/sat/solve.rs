//! Solving a [`Cnf`] with varisat, and what can go wrong doing so.
//!
//! varisat (version 0.2.2, API as in its documentation on docs.rs) is an incremental CDCL
//! solver: clauses go in through [`ExtendFormula::add_clause`], [`Solver::solve`] answers
//! satisfiable or not, and [`Solver::model`] then lists a literal for every variable the solver
//! has seen. A variable that appears in no clause is missing from that list; it reads as false
//! here.
//!
//! [`solve`] is the whole path for a one-shot question: a fresh solver, the clauses, the
//! answer, and the model only after it has passed the model check against every clause
//! ([`Cnf::check_model`]). Encodings that need more of varisat (assumptions, a proof, a
//! renumbered formula) drive their own solver with [`load`] and [`model_assignment`], and
//! check the model they read back the same way before using it.

use super::cnf::{Cnf, assignment_of_model};
use varisat::solver::SolverError;
use varisat::{ExtendFormula, Solver};

/// What can go wrong between a formula and a checked model. Only the first is expected (an
/// I/O error of a proof writer, say); the others are bugs.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    #[error("the SAT solver failed: {0}")]
    Solver(#[from] SolverError),
    #[error("the solver said SAT but gave no model")]
    NoModel,
    /// The model check failed on this clause (its index in the formula).
    #[error("the solver's model falsifies clause {0} of the formula")]
    Falsified(usize),
}

/// Adds every clause of `cnf` to `solver`.
pub fn load(solver: &mut Solver<'_>, cnf: &Cnf) {
    for clause in cnf.clauses() {
        solver.add_clause(clause);
    }
}

/// The solver's current model as one value per variable of a formula with `var_count`
/// variables (not yet checked against any clause).
pub fn model_assignment(solver: &Solver<'_>, var_count: usize) -> Result<Vec<bool>, SolveError> {
    let model = solver.model().ok_or(SolveError::NoModel)?;
    Ok(assignment_of_model(&model, var_count))
}

/// Solves `cnf` on a fresh solver: a model that satisfies every clause (one value per
/// variable), or `None` when the formula is unsatisfiable.
pub fn solve(cnf: &Cnf) -> Result<Option<Vec<bool>>, SolveError> {
    let mut solver = Solver::new();
    load(&mut solver, cnf);
    if !solver.solve()? {
        return Ok(None);
    }
    let assignment = model_assignment(&solver, cnf.var_count())?;
    cnf.check_model(&assignment)?;
    Ok(Some(assignment))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_satisfiable_formula_gives_its_model_and_unseen_variables_read_false() {
        // (a ∨ b) ∧ (¬a ∨ c) ∧ ¬b ∧ (¬c ∨ ¬d); variable 5 is in no clause and reads false.
        let cnf = Cnf::from_dimacs(5, &[&[1, 2], &[-1, 3], &[-2], &[-3, -4]]);
        let model = solve(&cnf).unwrap().expect("satisfiable");
        assert_eq!(model, [true, false, true, false, false]);
    }

    #[test]
    fn an_unsatisfiable_formula_gives_none() {
        let cnf = Cnf::from_dimacs(2, &[&[1, 2], &[-1, 2], &[1, -2], &[-1, -2]]);
        assert_eq!(solve(&cnf).unwrap(), None);
        assert_eq!(solve(&Cnf::from_dimacs(1, &[&[]])).unwrap(), None);
    }
}
