//! A small forward DRUP checker for the DRAT proofs in the tests: every added clause must
//! follow from the clauses so far by unit propagation (reverse unit propagation), and the
//! proof must end in the empty clause, which may be left implicit when unit propagation on the
//! clauses so far already conflicts (a formula refuted at loading gets an empty proof, as
//! drat-trim and rate accept). Deletions are ignored, which is sound: it only keeps more
//! implied clauses. Quadratic and naive, for formulas of a few thousand clauses.

/// Parses DIMACS clauses (comment and header lines skipped).
pub fn parse_clauses(text: &str) -> Vec<Vec<i32>> {
    let mut clauses = Vec::new();
    let mut current = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('c') || line.starts_with('p') {
            continue;
        }
        for token in line.split_whitespace() {
            let lit: i32 = token.parse().expect("a literal");
            if lit == 0 {
                clauses.push(std::mem::take(&mut current));
            } else {
                current.push(lit);
            }
        }
    }
    clauses
}

/// Whether unit propagation on `clauses` plus the negation of `lemma` reaches a conflict.
fn is_rup(clauses: &[Vec<i32>], lemma: &[i32], vars: usize) -> bool {
    // 0 unassigned, 1 true, -1 false, by variable.
    let mut value = vec![0i8; vars + 1];
    let lit_value =
        |value: &[i8], lit: i32| value[lit.unsigned_abs() as usize] * lit.signum() as i8;
    for &lit in lemma {
        match lit_value(&value, -lit) {
            -1 => return true,
            0 => value[lit.unsigned_abs() as usize] = -lit.signum() as i8,
            _ => {}
        }
    }
    loop {
        let mut changed = false;
        for clause in clauses {
            let mut unassigned = None;
            let mut open = 0;
            let mut satisfied = false;
            for &lit in clause {
                match lit_value(&value, lit) {
                    1 => {
                        satisfied = true;
                        break;
                    }
                    0 => {
                        open += 1;
                        unassigned = Some(lit);
                    }
                    _ => {}
                }
            }
            if satisfied {
                continue;
            }
            match (open, unassigned) {
                (0, _) => return true,
                (1, Some(lit)) => {
                    value[lit.unsigned_abs() as usize] = lit.signum() as i8;
                    changed = true;
                }
                _ => {}
            }
        }
        if !changed {
            return false;
        }
    }
}

/// Checks a DRAT `proof` (text) against `formula` (DIMACS text): Ok when it is a valid DRUP
/// refutation, else the reason.
pub fn check_refutation(formula: &str, proof: &str) -> Result<(), String> {
    let mut clauses = parse_clauses(formula);
    let vars = clauses
        .iter()
        .flatten()
        .map(|l| l.unsigned_abs() as usize)
        .max()
        .unwrap_or(0);
    for (number, line) in proof.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('d') {
            continue;
        }
        let lemma: Vec<i32> = line
            .split_whitespace()
            .map(|t| t.parse().expect("a literal"))
            .take_while(|&l| l != 0)
            .collect();
        if lemma.iter().any(|l| l.unsigned_abs() as usize > vars) {
            return Err(format!("proof line {}: unknown variable", number + 1));
        }
        if !is_rup(&clauses, &lemma, vars) {
            return Err(format!("proof line {} is not RUP: {line}", number + 1));
        }
        if lemma.is_empty() {
            return Ok(());
        }
        clauses.push(lemma);
    }
    if is_rup(&clauses, &[], vars) {
        return Ok(());
    }
    Err("the proof never derives the empty clause".into())
}
