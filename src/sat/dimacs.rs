//! DIMACS CNF output: the one writer through which every encoding leaves the program.
//!
//! The format is the CNF format of the DIMACS challenge (*Satisfiability Suggested Format*,
//! DIMACS, 1993), which the SAT competitions and every common solver (kissat, CaDiCaL, the
//! solvers of PySAT) read:
//!
//! ```text
//! c first the comment lines, each after "c "
//! p cnf 3 2            the problem line: variables, clauses
//! 1 -2 0               one clause per line: signed variable numbers, then 0
//! 2 3 0
//! ```
//!
//! The problem line and the clauses are written by varisat's own writer
//! ([`write_dimacs_header`], [`write_dimacs_clauses`]), so what is written is what varisat's
//! parser reads back, which the tests check. The comment lines are the caller's: an encoding
//! uses them to say what each variable means, so that a model from any solver can be decoded.

use super::cnf::Cnf;
use std::fmt::Display;
use std::io::{self, Write};
use varisat::dimacs::{DimacsHeader, write_dimacs_clauses, write_dimacs_header};

/// Writes `cnf` in DIMACS CNF after one `c` line per item of `comments` (each item is one line
/// of text, without the `c `).
pub fn write_dimacs(
    out: &mut impl Write,
    comments: impl IntoIterator<Item = impl Display>,
    cnf: &Cnf,
) -> io::Result<()> {
    for comment in comments {
        writeln!(out, "c {comment}")?;
    }
    let header = DimacsHeader {
        var_count: cnf.var_count(),
        clause_count: cnf.len(),
    };
    write_dimacs_header(out, header)?;
    write_dimacs_clauses(out, cnf.clauses())
}

#[cfg(test)]
mod tests {
    use super::*;
    use varisat::Lit;
    use varisat::dimacs::DimacsParser;

    /// Four variables (the last in no clause), a unit, a clause of three and an empty clause.
    fn small() -> Cnf {
        Cnf::from_dimacs(4, &[&[1, -2], &[-3], &[2, 3, -1], &[]])
    }

    #[test]
    fn the_bytes_are_the_documented_format() {
        let mut text = Vec::new();
        write_dimacs(&mut text, ["a formula", "of four variables"], &small()).unwrap();
        assert_eq!(
            String::from_utf8(text).unwrap(),
            "c a formula\nc of four variables\np cnf 4 4\n1 -2 0\n-3 0\n2 3 -1 0\n0\n"
        );
        let mut bare = Vec::new();
        write_dimacs(&mut bare, Vec::<String>::new(), &Cnf::with_vars(2)).unwrap();
        assert_eq!(bare, b"p cnf 2 0\n");
    }

    #[test]
    fn varisat_reads_back_the_same_formula() {
        let cnf = small();
        let mut text = Vec::new();
        let comments = (1..=4).map(|v| format!("var {v} stands for something"));
        write_dimacs(&mut text, comments, &cnf).unwrap();
        let formula = DimacsParser::parse(&text[..]).unwrap();
        assert_eq!(formula.var_count(), cnf.var_count());
        let read: Vec<Vec<Lit>> = formula.iter().map(|clause| clause.to_vec()).collect();
        assert_eq!(read, cnf.clauses());
    }
}
