//! DIMACS CNF output with comment lines that map every variable back to the board, so that any
//! solver (kissat, CaDiCaL, PySAT, …) can solve the instance and its model can be read back.
//!
//! ```text
//! c boardlab chess-memory sat cnf
//! c instance 8×8, pairs Q4 N4 B4 R4 q4 n4 b4 r4 (full board)
//! c clauses squares 1856 absent-symbols 0 cardinality 16696 pairing 50280 partial 0
//! c var 1 Q A1                 piece variable: DIMACS number, symbol, square
//! …
//! c reg 513 Q 2 1              counter register: number, symbol, prefix, at least
//! …
//! p cnf 4824 68832
//! ```
//!
//! A true piece variable puts its symbol on its square; a register `c reg v s p k` is true when
//! at least `k` pieces `s` stand on the squares with file-major index below `p` (the first `p`
//! squares A1, A2, …).
//!
//! Only the comment lines are this puzzle's: the problem line and the clauses come from the
//! writer every encoding shares ([`crate::sat::dimacs`]).

use super::encoding::{Encoding, Meaning};
use crate::sat::Cnf;
use std::io::{self, Write};
use varisat::Var;

/// Writes `cnf` (the encoding's clauses, possibly followed by `extra` unit clauses of a
/// partial board) in DIMACS with the variable map of `encoding`, through the shared writer
/// ([`crate::sat::write_dimacs`]).
pub fn write_dimacs(
    out: &mut impl Write,
    encoding: &Encoding,
    cnf: &Cnf,
    extra: usize,
) -> io::Result<()> {
    let counts = encoding.clause_counts();
    let header = [
        "boardlab chess-memory sat cnf".to_string(),
        format!("instance {}", encoding.instance()),
        format!(
            "clauses squares {} absent-symbols {} cardinality {} pairing {} partial {extra}",
            counts.squares, counts.absent_symbols, counts.cardinality, counts.pairing
        ),
    ];
    let size = encoding.size();
    let variables = (0..cnf.var_count()).map(|index| {
        let var = Var::from_index(index);
        let number = var.to_dimacs();
        match encoding.meaning(var) {
            Meaning::Piece(symbol, square) => {
                format!("var {number} {symbol} {}", size.square_name(square))
            }
            Meaning::Register(symbol, register) => format!(
                "reg {number} {symbol} {} {}",
                register.prefix, register.at_least
            ),
        }
    });
    crate::sat::write_dimacs(out, header.into_iter().chain(variables), cnf)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess_memory::board::BoardSize;
    use crate::chess_memory::queue::Queue;
    use crate::chess_memory::sat::Instance;
    use varisat::dimacs::DimacsParser;

    #[test]
    fn varisat_reads_back_the_same_clauses() {
        let queue = Queue::parse("QNbr", BoardSize::new(5).unwrap()).unwrap();
        let encoding = Encoding::new(&Instance::from_queue(&queue));
        let mut text = Vec::new();
        write_dimacs(&mut text, &encoding, encoding.cnf(), 0).unwrap();
        let formula = DimacsParser::parse(&text[..]).unwrap();
        assert_eq!(formula.var_count(), encoding.cnf().var_count());
        let read: Vec<Vec<_>> = formula.iter().map(|c| c.to_vec()).collect();
        assert_eq!(read, encoding.cnf().clauses());
        let text = String::from_utf8(text).unwrap();
        assert!(text.contains("\nc var 1 Q A1\n"), "{}", &text[..300]);
        assert!(text.contains("\nc var 26 N A1\n"));
    }
}
