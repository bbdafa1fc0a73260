//! The clauses of an instance (see the module docs of [`crate::chess_memory::sat`] for the encoding), the
//! meaning of every variable, and the translations between boards and assignments.

use super::instance::Instance;
use crate::chess_memory::board::{Board, BoardSize, Square, squares_of};
use crate::chess_memory::pieces::Symbol;
use crate::chess_memory::rules::AttackTables;
use crate::sat::Cnf;
use crate::sat::cardinality::{self, Register};
use varisat::{Lit, Var};

/// What a variable of the encoding stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Meaning {
    /// True when `symbol` stands on `square`.
    Piece(Symbol, Square),
    /// A counter register of `symbol`: at least `at_least` of its pieces stand on the squares
    /// with index below `prefix`.
    Register(Symbol, Register),
}

/// How many clauses each part of the encoding has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct ClauseCounts {
    /// At most one symbol per square (pairwise), plus at least one on a full board.
    pub squares: usize,
    /// Unit clauses for the symbols with no pieces.
    pub absent_symbols: usize,
    /// The sequential counters: exactly 2k pieces of a symbol with k pairs.
    pub cardinality: usize,
    /// The pairing rule: a piece implies exactly one same-symbol piece among its attacks.
    pub pairing: usize,
}

/// The CNF of an instance with the meaning of its variables.
#[derive(Clone, Debug)]
pub struct Encoding {
    instance: Instance,
    cnf: Cnf,
    registers: Vec<(Symbol, Register)>,
    counts: ClauseCounts,
}

impl Encoding {
    /// Encodes `instance`. Variables `s·n² + q` (0-based) are the pieces, counter registers
    /// follow.
    pub fn new(instance: &Instance) -> Encoding {
        let size = instance.size();
        let mut encoding = Encoding {
            instance: *instance,
            cnf: Cnf::with_vars(Symbol::COUNT * size.squares()),
            registers: Vec::new(),
            counts: ClauseCounts::default(),
        };
        encoding.counts.squares = encoding.add_square_clauses();
        encoding.counts.absent_symbols = encoding.add_absent_symbols();
        encoding.counts.cardinality = encoding.add_counters();
        encoding.counts.pairing = encoding.add_pairing_rule();
        encoding
    }

    pub fn instance(&self) -> &Instance {
        &self.instance
    }

    pub fn size(&self) -> BoardSize {
        self.instance.size()
    }

    pub fn cnf(&self) -> &Cnf {
        &self.cnf
    }

    pub fn clause_counts(&self) -> ClauseCounts {
        self.counts
    }

    /// Number of piece variables, 8·n² (they come first).
    pub fn piece_var_count(&self) -> usize {
        Symbol::COUNT * self.size().squares()
    }

    /// The variable "`symbol` stands on `square`".
    pub fn piece_var(&self, symbol: Symbol, square: Square) -> Var {
        Var::from_index(symbol.index() * self.size().squares() + square.index())
    }

    /// What variable `var` stands for.
    pub fn meaning(&self, var: Var) -> Meaning {
        let squares = self.size().squares();
        match var.index().checked_sub(self.piece_var_count()) {
            None => Meaning::Piece(
                Symbol::from_index(var.index() / squares),
                Square((var.index() % squares) as u8),
            ),
            Some(register) => {
                let (symbol, register) = self.registers[register];
                Meaning::Register(symbol, register)
            }
        }
    }

    /// The board an assignment (one value per variable) describes.
    pub fn decode(&self, assignment: &[bool]) -> Board {
        let mut board = Board::empty(self.size());
        for symbol in Symbol::ALL {
            for square in squares_of(self.size().all_squares()) {
                if assignment[self.piece_var(symbol, square).index()] {
                    board.set(square, Some(symbol));
                }
            }
        }
        board
    }

    /// The assignment that describes `board`: piece variables from the board, each register
    /// from its meaning (by counting pieces, not from the clauses).
    pub fn assignment(&self, board: &Board) -> Vec<bool> {
        let mut assignment = vec![false; self.cnf.var_count()];
        for square in squares_of(board.occupied()) {
            let symbol = board.get(square).expect("occupied");
            assignment[self.piece_var(symbol, square).index()] = true;
        }
        for (offset, &(symbol, register)) in self.registers.iter().enumerate() {
            let below = u64::MAX
                .checked_shr(64 - register.prefix as u32)
                .unwrap_or(0);
            let count = (board.pieces(symbol) & below).count_ones() as usize;
            assignment[self.piece_var_count() + offset] = count >= register.at_least;
        }
        assignment
    }

    /// The positive literals of the pieces on `board` (a partial board as assumptions).
    pub fn piece_literals(&self, board: &Board) -> Vec<Lit> {
        squares_of(board.occupied())
            .map(|square| {
                let symbol = board.get(square).expect("occupied");
                self.piece_var(symbol, square).positive()
            })
            .collect()
    }

    /// Symbols that have pieces in the instance.
    fn present(&self) -> impl Iterator<Item = Symbol> + use<> {
        let instance = self.instance;
        Symbol::ALL
            .into_iter()
            .filter(move |&s| instance.pieces(s) > 0)
    }

    fn add_square_clauses(&mut self) -> usize {
        let before = self.cnf.len();
        let present: Vec<Symbol> = self.present().collect();
        for square in squares_of(self.size().all_squares()) {
            let lits: Vec<Lit> = present
                .iter()
                .map(|&s| self.piece_var(s, square).positive())
                .collect();
            for (i, &a) in lits.iter().enumerate() {
                for &b in &lits[i + 1..] {
                    self.cnf.add_clause(vec![!a, !b]);
                }
            }
            if self.instance.is_full() {
                self.cnf.add_clause(lits);
            }
        }
        self.cnf.len() - before
    }

    fn add_absent_symbols(&mut self) -> usize {
        let before = self.cnf.len();
        for symbol in Symbol::ALL {
            if self.instance.pieces(symbol) == 0 {
                for square in squares_of(self.size().all_squares()) {
                    let var = self.piece_var(symbol, square);
                    self.cnf.add_clause(vec![var.negative()]);
                }
            }
        }
        self.cnf.len() - before
    }

    fn add_counters(&mut self) -> usize {
        let before = self.cnf.len();
        for symbol in self.present() {
            let inputs: Vec<Lit> = squares_of(self.size().all_squares())
                .map(|square| self.piece_var(symbol, square).positive())
                .collect();
            let k = self.instance.pieces(symbol) as usize;
            for (var, register) in cardinality::exactly(&mut self.cnf, &inputs, k) {
                debug_assert_eq!(var.index(), self.piece_var_count() + self.registers.len());
                self.registers.push((symbol, register));
            }
        }
        self.cnf.len() - before
    }

    fn add_pairing_rule(&mut self) -> usize {
        let before = self.cnf.len();
        let tables = AttackTables::for_size(self.size());
        for symbol in self.present() {
            for square in squares_of(self.size().all_squares()) {
                let piece = self.piece_var(symbol, square).positive();
                let attacked: Vec<Lit> = squares_of(tables.attacks(symbol.kind(), square))
                    .map(|target| self.piece_var(symbol, target).positive())
                    .collect();
                // At least one partner: ¬piece ∨ a1 ∨ a2 ∨ …
                let mut clause = vec![!piece];
                clause.extend(&attacked);
                self.cnf.add_clause(clause);
                // At most one partner: ¬piece ∨ ¬ai ∨ ¬aj for every two attacked squares.
                for (i, &a) in attacked.iter().enumerate() {
                    for &b in &attacked[i + 1..] {
                        self.cnf.add_clause(vec![!piece, !a, !b]);
                    }
                }
            }
        }
        self.cnf.len() - before
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess_memory::board::parse_board;

    fn instance(order: &str, n: usize) -> Instance {
        let queue =
            crate::chess_memory::queue::Queue::parse(order, BoardSize::new(n).unwrap()).unwrap();
        Instance::from_queue(&queue)
    }

    #[test]
    fn a_valid_board_satisfies_the_clauses_and_a_broken_one_does_not() {
        let encoding = Encoding::new(&instance("Rr", 4));
        let valid = parse_board("R3/R3/r3/r3").unwrap();
        let assignment = encoding.assignment(&valid);
        assert_eq!(encoding.cnf().first_falsified(&assignment), None);
        assert_eq!(encoding.decode(&assignment), valid);
        // Three R pieces: the counter and the pairing rule both fail.
        let broken = parse_board("R3/R3/R3/r2r").unwrap();
        assert!(
            encoding
                .cnf()
                .first_falsified(&encoding.assignment(&broken))
                .is_some()
        );
    }

    #[test]
    fn variables_name_their_piece_or_register() {
        let encoding = Encoding::new(&instance("QQ", 4));
        let q = Symbol::from_letter('Q').unwrap();
        let c3 = BoardSize::new(4).unwrap().parse_square("C3").unwrap();
        let var = encoding.piece_var(q, c3);
        assert_eq!(encoding.meaning(var), Meaning::Piece(q, c3));
        let first_register = Var::from_index(encoding.piece_var_count());
        assert!(matches!(
            encoding.meaning(first_register),
            Meaning::Register(symbol, _) if symbol == q
        ));
    }
}
