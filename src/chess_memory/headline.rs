//! The one line `boardlab run` prints when a ChessMemory run is done: the folder's finding
//! ([`super::finding`]), the same sentence its report opens with, and where to see the rest.

use super::analysis::Analysis;
use super::finding::Finding;
use crate::experiment::StudyError;
use std::path::Path;

/// The headline of the ChessMemory folder `dir` (module docs).
pub fn headline(dir: &Path) -> Result<String, StudyError> {
    let analysis = Analysis::load(dir)?;
    let finding = Finding::of(&analysis).sentence(&analysis);
    Ok(format!(
        "{finding} (of {} series; boardlab show {} for all)",
        analysis.orderings.len(),
        dir.display()
    ))
}
