//! "Exactly k of these literals are true" in CNF, by a sequential counter.
//!
//! The counter follows Sinz, *Towards an Optimal CNF Encoding of Boolean Cardinality
//! Constraints* (CP 2005): a register `r(i, j)` for the first `i` inputs and `1 ≤ j ≤ k+1`
//! means "at least `j` of `x1..xi` are true". Sinz's at-most-k counter only needs the
//! implication from the inputs to the registers; here each register is *defined* by the
//! equivalence
//!
//! ```text
//! r(i, j)  ⇔  r(i-1, j)  ∨  (x_i ∧ r(i-1, j-1))        r(i, 0) = true, r(0, j≥1) = false
//! ```
//!
//! (four clauses: `¬r(i-1,j) ∨ r`, `¬x_i ∨ ¬r(i-1,j-1) ∨ r`, `¬r ∨ r(i-1,j) ∨ x_i`,
//! `¬r ∨ r(i-1,j) ∨ r(i-1,j-1)`), so one counter gives both bounds with the two units
//! `r(m, k)` and `¬r(m, k+1)`. Registers that are constant (`j > i`, `j = 0`) or equal to an
//! input are folded away instead of getting a variable. For m inputs that leaves at most
//! `m·(k+1)` register variables and `4·m·(k+1) + 2` clauses; for exactly 8 of 64 inputs
//! (m = 64, k = 8) it is 539 variables and 2,087 clauses. Every register's meaning is returned
//! ([`Register`]), so a caller can compute the value of each auxiliary variable from the inputs
//! by counting, independently of the clauses, and so check its encoding against answers it
//! knows; the tests here do that on every assignment of small counters.
//!
//! The alternative, the totalizer of the `rustsat` crate, was not taken: at these sizes the
//! counter is as small, and it adds no dependency.

use super::cnf::Cnf;
use varisat::{Lit, Var};

/// What a register variable means: at least `at_least` of the first `prefix` inputs are true.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Register {
    pub prefix: usize,
    pub at_least: usize,
}

/// A register value while the counter is built: a constant or a literal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Term {
    True,
    False,
    Lit(Lit),
}

impl std::ops::Not for Term {
    type Output = Term;
    fn not(self) -> Term {
        match self {
            Term::True => Term::False,
            Term::False => Term::True,
            Term::Lit(lit) => Term::Lit(!lit),
        }
    }
}

/// Adds the clause of `terms` to `cnf`: skipped when a term is true, false terms dropped.
fn add(cnf: &mut Cnf, terms: &[Term]) {
    let mut clause = Vec::with_capacity(terms.len());
    for &term in terms {
        match term {
            Term::True => return,
            Term::False => {}
            Term::Lit(lit) => clause.push(lit),
        }
    }
    cnf.add_clause(clause);
}

/// Adds clauses saying that exactly `k` of `inputs` are true, with fresh register variables
/// from `cnf`; returns each register variable with its meaning.
pub fn exactly(cnf: &mut Cnf, inputs: &[Lit], k: usize) -> Vec<(Var, Register)> {
    let mut registers = Vec::new();
    // row[j] = r(i, j) for the inputs seen so far, j = 0..=k+1.
    let mut row: Vec<Term> = (0..=k + 1)
        .map(|j| if j == 0 { Term::True } else { Term::False })
        .collect();
    for (i, &x) in inputs.iter().enumerate() {
        let mut next = row.clone();
        for at_least in 1..=k + 1 {
            let meaning = Register {
                prefix: i + 1,
                at_least,
            };
            let (above, below) = (row[at_least], row[at_least - 1]);
            next[at_least] = register(cnf, above, below, x, meaning, &mut registers);
        }
        row = next;
    }
    add(cnf, &[row[k]]);
    add(cnf, &[!row[k + 1]]);
    registers
}

/// `r = above ∨ (x ∧ below)`, folded when constant, else a new variable with its four clauses.
fn register(
    cnf: &mut Cnf,
    above: Term,
    below: Term,
    x: Lit,
    meaning: Register,
    registers: &mut Vec<(Var, Register)>,
) -> Term {
    match (above, below) {
        (Term::True, _) => Term::True,
        (_, Term::False) => above,
        (Term::False, Term::True) => Term::Lit(x),
        _ => {
            let var = cnf.new_var();
            registers.push((var, meaning));
            let (r, x) = (Term::Lit(var.positive()), Term::Lit(x));
            add(cnf, &[!above, r]);
            add(cnf, &[!x, !below, r]);
            add(cnf, &[!r, above, x]);
            add(cnf, &[!r, above, below]);
            r
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks on every assignment of `m` inputs that the counter (with its registers set by
    /// their meaning) is satisfied exactly when k inputs are true, and that no other register
    /// values satisfy it (so the encoding neither loses nor invents models).
    fn check_exhaustively(m: usize, k: usize) {
        let mut cnf = Cnf::with_vars(m);
        let inputs: Vec<Lit> = (0..m).map(|i| Var::from_index(i).positive()).collect();
        let registers = exactly(&mut cnf, &inputs, k);
        let aux = cnf.var_count() - m;
        assert_eq!(aux, registers.len());
        for bits in 0u32..1 << m {
            let x: Vec<bool> = (0..m).map(|i| bits >> i & 1 == 1).collect();
            let mut assignment = x.clone();
            for (var, meaning) in &registers {
                let count = x[..meaning.prefix].iter().filter(|&&b| b).count();
                assert_eq!(var.index(), assignment.len());
                assignment.push(count >= meaning.at_least);
            }
            let expected = bits.count_ones() as usize == k;
            assert_eq!(
                cnf.first_falsified(&assignment).is_none(),
                expected,
                "{m} {k} {bits:b}"
            );
            // Where it can be enumerated: no other register values satisfy the clauses.
            if aux <= 12 {
                for aux_bits in 0u32..1 << aux {
                    let mut other = x.clone();
                    other.extend((0..aux).map(|a| aux_bits >> a & 1 == 1));
                    if cnf.first_falsified(&other).is_none() {
                        assert_eq!(other, assignment, "registers follow from the inputs");
                    }
                }
            }
        }
    }

    #[test]
    fn counter_accepts_exactly_k_true_inputs() {
        for m in 0..=6 {
            for k in 0..=m + 1 {
                check_exhaustively(m, k);
            }
        }
    }

    #[test]
    fn documented_size_for_eight_of_sixty_four() {
        let mut cnf = Cnf::with_vars(64);
        let inputs: Vec<Lit> = (0..64).map(|i| Var::from_index(i).positive()).collect();
        let registers = exactly(&mut cnf, &inputs, 8);
        // Registers r(i, j) for 2 ≤ i ≤ 64, 1 ≤ j ≤ min(i, 9): 44 + 55·9 = 539; four clauses
        // each, less one for the 63 with j = 1 and the 8 with j = i, plus two units.
        assert_eq!((registers.len(), cnf.len()), (539, 4 * 539 - 63 - 8 + 2));
    }
}
