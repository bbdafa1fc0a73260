//! Can a partial board be completed? A completion keeps every piece of the partial board and
//! adds pieces on empty squares until the board is a valid board of the instance.
//!
//! Two ways to ask: with the partial board's pieces as *assumptions* on one solver (fast, and
//! the solver can be reused for many partial boards, see [`CompletionOracle`]), or with the
//! pieces as *unit clauses* and a DRAT proof of the "no" written while solving (varisat writes
//! DRAT only without assumptions). The formula of the second way is
//! [`formula_with_partial`], which `boardlab chess-memory sat cnf --partial` prints, so the proof can be
//! checked by any DRAT checker against it.

use super::SatError;
use super::encoding::Encoding;
use super::instance::Instance;
use super::solve::checked_board;
use crate::chess_memory::board::{Board, squares_of};
use crate::sat::Cnf;
use crate::sat::proof::BudgetMeter;
use crate::sat::solve::{load, model_assignment};
use std::io::Write;
use varisat::solver::SolverError;
use varisat::{ProofFormat, Solver};

/// The answer to "can this partial board be completed?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Extension {
    /// A valid board of the instance that contains the partial board (checked).
    Completion(Board),
    /// No valid board of the instance contains the partial board.
    Impossible,
}

/// One solver with an instance's clauses, asked about many partial boards by assumptions.
///
/// **Effort budget.** varisat cannot be interrupted, but it stops when writing its proof
/// fails. With a budget, the oracle has the solver write its native proof into a
/// [`BudgetWriter`](crate::sat::proof::BudgetWriter), which fails once a question has
/// produced more than `budget` bytes of proof (about 10 to 20 bytes per learned clause); the
/// question is then undecided and the oracle continues with a fresh solver. The budget is
/// deterministic, unlike a time limit.
pub struct CompletionOracle {
    encoding: Encoding,
    solver: Solver<'static>,
    budget: Option<u64>,
    meter: BudgetMeter,
    calls: u64,
    undecided: u64,
}

impl CompletionOracle {
    /// An oracle that answers every question, however long it takes.
    pub fn new(instance: &Instance) -> CompletionOracle {
        CompletionOracle::with_budget(instance, None)
    }

    /// An oracle that gives up on a question after `budget` bytes of proof (none: never).
    pub fn with_budget(instance: &Instance, budget: Option<u64>) -> CompletionOracle {
        let encoding = Encoding::new(instance);
        let meter = BudgetMeter::default();
        let solver = fresh_solver(&encoding, budget, &meter);
        CompletionOracle {
            encoding,
            solver,
            budget,
            meter,
            calls: 0,
            undecided: 0,
        }
    }

    pub fn encoding(&self) -> &Encoding {
        &self.encoding
    }

    /// Solver calls made so far.
    pub fn calls(&self) -> u64 {
        self.calls
    }

    /// Questions given up because of the budget.
    pub fn undecided(&self) -> u64 {
        self.undecided
    }

    /// A checked completion of `partial`, [`Extension::Impossible`], or `None` when the
    /// question went over the budget.
    pub fn ask(&mut self, partial: &Board) -> Result<Option<Extension>, SatError> {
        check_size(&self.encoding, partial)?;
        self.calls += 1;
        self.meter.start_question();
        self.solver.assume(&self.encoding.piece_literals(partial));
        let satisfiable = match self.solver.solve() {
            Ok(satisfiable) => satisfiable,
            Err(SolverError::ProofIoError { .. }) if self.meter.tripped() => {
                self.undecided += 1;
                self.solver = fresh_solver(&self.encoding, self.budget, &self.meter);
                return Ok(None);
            }
            Err(error) => return Err(error.into()),
        };
        if !satisfiable {
            return Ok(Some(Extension::Impossible));
        }
        let assignment = model_assignment(&self.solver, self.encoding.cnf().var_count())?;
        checked_completion(&self.encoding, &assignment, partial).map(Some)
    }

    /// Like [`CompletionOracle::ask`] for an oracle without a budget.
    pub fn extend(&mut self, partial: &Board) -> Result<Extension, SatError> {
        self.ask(partial)?.ok_or(SatError::BudgetSpent)
    }
}

fn fresh_solver(encoding: &Encoding, budget: Option<u64>, meter: &BudgetMeter) -> Solver<'static> {
    let mut solver = Solver::new();
    meter.reset();
    if let Some(budget) = budget {
        solver.write_proof(meter.writer(budget), ProofFormat::Varisat);
    }
    load(&mut solver, encoding.cnf());
    solver
}

/// Whether `partial` can be completed, by assumptions on a fresh solver.
pub fn extend(instance: &Instance, partial: &Board) -> Result<Extension, SatError> {
    CompletionOracle::new(instance).extend(partial)
}

/// The instance's clauses followed by one unit clause per piece of `partial`.
pub fn formula_with_partial(encoding: &Encoding, partial: &Board) -> Result<Cnf, SatError> {
    check_size(encoding, partial)?;
    let mut cnf = encoding.cnf().clone();
    for lit in encoding.piece_literals(partial) {
        cnf.add_clause(vec![lit]);
    }
    Ok(cnf)
}

/// Like [`extend`], but the pieces are unit clauses and the solver writes a DRAT proof to
/// `proof` (a refutation of [`formula_with_partial`] when the answer is no).
pub fn extend_with_proof(
    instance: &Instance,
    partial: &Board,
    proof: impl Write,
) -> Result<Extension, SatError> {
    let encoding = Encoding::new(instance);
    let cnf = formula_with_partial(&encoding, partial)?;
    let mut solver = Solver::new();
    solver.write_proof(proof, ProofFormat::Drat);
    load(&mut solver, &cnf);
    let answer = if solver.solve()? {
        let assignment = model_assignment(&solver, cnf.var_count())?;
        checked_completion(&encoding, &assignment, partial)?
    } else {
        Extension::Impossible
    };
    solver.close_proof()?;
    Ok(answer)
}

fn check_size(encoding: &Encoding, partial: &Board) -> Result<(), SatError> {
    if partial.size() != encoding.size() {
        return Err(SatError::SizeMismatch {
            board: partial.size(),
            instance: encoding.size(),
        });
    }
    Ok(())
}

fn checked_completion(
    encoding: &Encoding,
    assignment: &[bool],
    partial: &Board,
) -> Result<Extension, SatError> {
    let board = checked_board(encoding, assignment)?;
    if let Some(square) =
        squares_of(partial.occupied()).find(|&square| board.get(square) != partial.get(square))
    {
        let name = partial.size().square_name(square);
        return Err(SatError::InvalidAnswer(format!(
            "a completion changed the piece on {name}"
        )));
    }
    Ok(Extension::Completion(board))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess_memory::board::{BoardSize, parse_board};
    use crate::chess_memory::queue::Queue;

    fn instance(order: &str, n: usize) -> Instance {
        Instance::from_queue(&Queue::parse(order, BoardSize::new(n).unwrap()).unwrap())
    }

    #[test]
    fn a_lone_rook_is_completed_and_a_blocked_one_is_not() {
        let rr = instance("RR", 4);
        let partial = parse_board("4/4/4/R3").unwrap();
        let Extension::Completion(board) = extend(&rr, &partial).unwrap() else {
            panic!("one rook can get a partner");
        };
        let a1 = BoardSize::new(4).unwrap().parse_square("A1").unwrap();
        assert_eq!(board.get(a1), partial.get(a1));
        // Three rooks on one rank: each attacks two, and nothing can be removed.
        let blocked = parse_board("4/4/4/RRR1").unwrap();
        assert_eq!(extend(&rr, &blocked).unwrap(), Extension::Impossible);
        let mut proof = Vec::new();
        let answer = extend_with_proof(&rr, &blocked, &mut proof).unwrap();
        assert_eq!(answer, Extension::Impossible);
        assert!(String::from_utf8(proof).unwrap().ends_with("0\n"));
    }

    #[test]
    fn a_spent_budget_leaves_the_question_open_and_the_oracle_usable() {
        let queue = Queue::parse("QNBR", BoardSize::STANDARD).unwrap();
        let instance = Instance::from_queue(&queue);
        let empty = Board::empty(BoardSize::STANDARD);
        let mut starved = CompletionOracle::with_budget(&instance, Some(1));
        assert_eq!(starved.ask(&empty).unwrap(), None);
        assert_eq!(starved.ask(&empty).unwrap(), None);
        assert_eq!(starved.undecided(), 2);
        assert!(matches!(starved.extend(&empty), Err(SatError::BudgetSpent)));
        let mut ample = CompletionOracle::with_budget(&instance, Some(100_000_000));
        assert!(matches!(
            ample.ask(&empty).unwrap(),
            Some(Extension::Completion(_))
        ));
        assert_eq!(ample.undecided(), 0);
    }

    #[test]
    fn a_board_of_another_size_is_refused() {
        let partial = parse_board("5/5/5/5/5").unwrap();
        let error = extend(&instance("RR", 4), &partial).unwrap_err();
        assert!(error.to_string().contains("5×5"), "{error}");
    }
}
