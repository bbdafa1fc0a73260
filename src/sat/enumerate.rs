//! Enumerating the models of a formula with blocking clauses: solve, check the model, add
//! clauses that exclude it, and repeat until the formula is unsatisfiable.
//!
//! Every blocking clause goes into the same incremental varisat solver, which keeps what it
//! has learned between calls, so the cost is one solver call and a few clauses per answer
//! (plus the last call, which answers "no more"). That is fine for thousands of answers and
//! hopeless for millions; callers stop the loop early by returning an error.
//!
//! What an answer is, and which clauses block it, is the caller's: [`for_each_model`] hands each
//! model (already through the model check, [`Cnf::check_model`]) to a visitor, which returns the
//! clauses to add. A formula often has auxiliary variables whose values follow from the others;
//! blocking with [`not_all`] of the literals that identify the answer, rather than of every
//! variable, excludes the answer once whatever the auxiliaries are. Blocking several clauses at
//! once excludes several answers per call (for instance every image of an answer under the
//! symmetries the caller counts as one).

use super::cnf::Cnf;
use super::solve::{SolveError, load, model_assignment};
use varisat::{ExtendFormula, Lit, Solver};

/// Calls `visit` with every model of `cnf` that has passed the model check, adding the
/// blocking clauses it returns before the next solver call, until no model is left; returns
/// the number of solver calls. An error from `visit` stops the enumeration.
pub fn for_each_model<E: From<SolveError>>(
    cnf: &Cnf,
    mut visit: impl FnMut(&[bool]) -> Result<Vec<Vec<Lit>>, E>,
) -> Result<u64, E> {
    let mut solver = Solver::new();
    load(&mut solver, cnf);
    let mut calls = 0;
    loop {
        calls += 1;
        if !solver.solve().map_err(SolveError::from)? {
            return Ok(calls);
        }
        let assignment = model_assignment(&solver, cnf.var_count())?;
        cnf.check_model(&assignment)?;
        for clause in visit(&assignment)? {
            solver.add_clause(&clause);
        }
    }
}

/// "Not all of `lits`": the clause of their negations, false exactly when every one holds.
pub fn not_all(lits: &[Lit]) -> Vec<Lit> {
    lits.iter().map(|&lit| !lit).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sat::cardinality::exactly;
    use varisat::Var;

    /// Exactly `k` of `m` inputs, with the counter's registers as auxiliary variables.
    fn k_of_m(k: usize, m: usize) -> (Cnf, Vec<Lit>) {
        let mut cnf = Cnf::with_vars(m);
        let inputs: Vec<Lit> = (0..m).map(|i| Var::from_index(i).positive()).collect();
        exactly(&mut cnf, &inputs, k);
        (cnf, inputs)
    }

    /// The true inputs of a model.
    fn chosen(assignment: &[bool], inputs: &[Lit]) -> Vec<Lit> {
        let true_inputs = inputs.iter().filter(|lit| assignment[lit.index()]);
        true_inputs.copied().collect()
    }

    #[test]
    fn every_subset_of_the_right_size_is_found_once() {
        let (cnf, inputs) = k_of_m(2, 5);
        let mut found = Vec::new();
        let calls = for_each_model::<SolveError>(&cnf, |assignment| {
            let answer = chosen(assignment, &inputs);
            found.push(answer.iter().map(|lit| lit.index()).collect::<Vec<_>>());
            Ok(vec![not_all(&answer)])
        })
        .unwrap();
        found.sort();
        let expected: Vec<Vec<usize>> = (0..5)
            .flat_map(|a| (a + 1..5).map(move |b| vec![a, b]))
            .collect();
        assert_eq!(found, expected, "the ten pairs of five, each once");
        assert_eq!(calls, 11, "one call per model and the last one");
    }

    #[test]
    fn blocking_several_answers_at_once_and_stopping_early() {
        // A pair and its mirror image i ↦ 4 - i are one class: 6 classes of the 10 pairs.
        let (cnf, inputs) = k_of_m(2, 5);
        let mirror = |lit: &Lit| inputs[4 - lit.index()];
        let mut classes = 0;
        let calls = for_each_model::<SolveError>(&cnf, |assignment| {
            classes += 1;
            let answer = chosen(assignment, &inputs);
            let image: Vec<Lit> = answer.iter().map(mirror).collect();
            Ok(vec![not_all(&answer), not_all(&image)])
        })
        .unwrap();
        assert_eq!((classes, calls), (6, 7));

        #[derive(Debug)]
        enum Stop {
            Enough,
            Solve,
        }
        impl From<SolveError> for Stop {
            fn from(_: SolveError) -> Stop {
                Stop::Solve
            }
        }
        let mut seen = 0;
        let stopped = for_each_model(&cnf, |assignment| {
            seen += 1;
            if seen == 3 {
                return Err(Stop::Enough);
            }
            Ok(vec![not_all(&chosen(assignment, &inputs))])
        });
        assert!(matches!(stopped, Err(Stop::Enough)), "{stopped:?}");
        assert_eq!(seen, 3);
    }
}
