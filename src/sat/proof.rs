//! Effort read from varisat's proof stream, and an effort budget enforced through it.
//!
//! varisat has no statistics interface and cannot be interrupted, but it can write a proof while
//! it solves ([`varisat::Solver::write_proof`], called before any clause is added), and it
//! stops with [`varisat::solver::SolverError::ProofIoError`] as soon as writing the proof fails.
//! Two writers here use that; neither keeps the text:
//!
//! - [`DratCounter`] counts the lines of a proof in DRAT, the format of Wetzler, Heule and
//!   Hunt (*DRAT-trim: Efficient Checking and Trimming Using Expressive Clausal Proofs*, SAT
//!   2014). Each added line is a *lemma*: a clause the solver learned from a conflict or a
//!   clause it shortened while simplifying (a unit it fixed counts too). Each line that starts
//!   with `d` is a deletion, a clause-database reduction. The counts are exact and
//!   deterministic for a given input, which a time is not.
//! - [`BudgetWriter`] counts the bytes of a proof in any format and fails once they pass a
//!   budget, which stops the solver: an effort limit that, unlike a time limit, gives the same
//!   answer on every machine. varisat's own format ([`varisat::ProofFormat::Varisat`]) writes
//!   about 10 to 20 bytes per learned clause. The writer's [`BudgetMeter`] tells afterwards
//!   whether the budget, rather than some other I/O failure, stopped the solver.
//!
//! Both writers share their counts through reference-counted cells, because the solver takes
//! the writer and gives it back only when it is dropped.

use std::cell::Cell;
use std::io;
use std::rc::Rc;

/// Counts the lemma and deletion lines of a DRAT proof written into it.
#[derive(Debug, Default)]
pub struct DratCounter {
    lemmas: Rc<Cell<u64>>,
    deletions: Rc<Cell<u64>>,
    at_line_start: bool,
}

/// Shared view of a [`DratCounter`]'s counts, readable after the solver took the counter.
#[derive(Clone, Debug, Default)]
pub struct DratCounts {
    lemmas: Rc<Cell<u64>>,
    deletions: Rc<Cell<u64>>,
}

impl DratCounter {
    pub fn new() -> (DratCounter, DratCounts) {
        let counter = DratCounter {
            at_line_start: true,
            ..DratCounter::default()
        };
        let counts = DratCounts {
            lemmas: Rc::clone(&counter.lemmas),
            deletions: Rc::clone(&counter.deletions),
        };
        (counter, counts)
    }
}

impl DratCounts {
    /// Clauses added by the proof (learned or shortened clauses).
    pub fn lemmas(&self) -> u64 {
        self.lemmas.get()
    }

    /// Clauses deleted by the proof.
    pub fn deletions(&self) -> u64 {
        self.deletions.get()
    }
}

impl io::Write for DratCounter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        for &byte in buf {
            if self.at_line_start {
                let count = if byte == b'd' {
                    &self.deletions
                } else {
                    &self.lemmas
                };
                count.set(count.get() + 1);
            }
            self.at_line_start = byte == b'\n';
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The proof bytes of the current question, and whether the budget stopped it; shared between
/// its owner and the [`BudgetWriter`]s it makes.
#[derive(Clone, Debug, Default)]
pub struct BudgetMeter {
    used: Rc<Cell<u64>>,
    tripped: Rc<Cell<bool>>,
}

impl BudgetMeter {
    /// A writer that fails once this meter has counted more than `budget` bytes.
    pub fn writer(&self, budget: u64) -> BudgetWriter {
        BudgetWriter {
            meter: self.clone(),
            budget,
        }
    }

    /// Starts counting the bytes of a new question on the same solver. Whether the budget
    /// tripped is kept: a solver whose proof writer failed stays failed (even while it loads
    /// its clauses, before any question).
    pub fn start_question(&self) {
        self.used.set(0);
    }

    /// Starts afresh, for a new solver: no bytes used, not tripped.
    pub fn reset(&self) {
        self.used.set(0);
        self.tripped.set(false);
    }

    /// Whether a write went over the budget since the last [`BudgetMeter::reset`].
    pub fn tripped(&self) -> bool {
        self.tripped.get()
    }
}

/// Counts proof bytes and fails once they pass the budget (module docs).
#[derive(Debug)]
pub struct BudgetWriter {
    meter: BudgetMeter,
    budget: u64,
}

impl io::Write for BudgetWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let used = self.meter.used.get() + buf.len() as u64;
        self.meter.used.set(used);
        if used > self.budget {
            self.meter.tripped.set(true);
            return Err(io::Error::other("the question's effort budget is spent"));
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sat::Cnf;
    use crate::sat::solve::load;
    use std::io::Write;
    use varisat::solver::SolverError;
    use varisat::{Lit, ProofFormat, Solver};

    #[test]
    fn the_counter_tells_lemmas_from_deletions() {
        let (mut counter, counts) = DratCounter::new();
        counter.write_all(b"1 -2 0\nd 1 2 ").unwrap();
        counter.write_all(b"3 0\n-4 0\n0\n").unwrap();
        assert_eq!((counts.lemmas(), counts.deletions()), (3, 1));
    }

    #[test]
    fn the_budget_writer_fails_past_its_budget_of_each_question() {
        let meter = BudgetMeter::default();
        let mut writer = meter.writer(10);
        writer.write_all(b"12345").unwrap();
        writer.write_all(b"67890").unwrap();
        assert!(!meter.tripped(), "exactly the budget is allowed");
        meter.start_question();
        writer.write_all(b"1234567890").unwrap();
        assert!(writer.write_all(b"x").is_err());
        assert!(meter.tripped());
        meter.start_question();
        assert!(meter.tripped(), "a tripped solver stays tripped");
        meter.reset();
        assert!(!meter.tripped());
        writer.write_all(b"1234567890").unwrap();
    }

    /// The pigeonhole formula: `holes + 1` pigeons, each in a hole, no two in one hole.
    fn pigeonhole(holes: usize) -> Cnf {
        let pigeons = holes + 1;
        let var = |p: usize, h: usize| Lit::from_index(p * holes + h, true);
        let mut cnf = Cnf::with_vars(pigeons * holes);
        for p in 0..pigeons {
            cnf.add_clause((0..holes).map(|h| var(p, h)).collect());
        }
        for h in 0..holes {
            for p in 0..pigeons {
                for q in p + 1..pigeons {
                    cnf.add_clause(vec![!var(p, h), !var(q, h)]);
                }
            }
        }
        cnf
    }

    #[test]
    fn a_refutation_is_counted_and_a_small_budget_stops_it() {
        let cnf = pigeonhole(5);
        let (counter, counts) = DratCounter::new();
        let mut solver = Solver::new();
        solver.write_proof(counter, ProofFormat::Drat);
        load(&mut solver, &cnf);
        assert!(!solver.solve().unwrap());
        solver.close_proof().unwrap();
        assert!(counts.lemmas() > 0, "a refutation derives the empty clause");

        let meter = BudgetMeter::default();
        let mut starved = Solver::new();
        starved.write_proof(meter.writer(1), ProofFormat::Varisat);
        load(&mut starved, &cnf);
        let error = starved.solve().unwrap_err();
        assert!(matches!(error, SolverError::ProofIoError { .. }), "{error}");
        assert!(meter.tripped());
    }
}
