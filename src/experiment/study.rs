//! What a puzzle or a game gives the shared harness: a [`Study`].
//!
//! The harness (plan, runner, resume, shards, merge, manifest, progress, lock) knows a run
//! only as series of numbered draws whose rows are CSV lines. Everything else is the study's:
//! how its spec reads, what one draw computes and the columns of its row, what is derived
//! from `draws.csv` (the summary and any other tables), and the charts and the report.
//!
//! A spec names its study with `puzzle = "…"`; each study lives in its puzzle's folder and is
//! listed once in the program's [`Registry`](super::registry::Registry), which the harness is
//! given rather than knowing the puzzles itself.
//!
//! The contract every study keeps, on which resume, sharding and merge rest:
//! - draw `index` of series `s` depends only on the spec, `s` and `index` (its random
//!   stream comes from the master seed, the series and the index), never on the thread or
//!   on the draws computed before it;
//! - each row is one line of `draws.csv` that starts with `label,index,` (a label holds no
//!   comma, quote or line break; see [`check_label`]) and holds no line break;
//! - everything derived from `draws.csv` depends only on its bytes.
//!
//! A study whose draws take long (a game between slow bots) checks
//! [`stop_requested`](super::stop_requested) between its steps and, once a stop is asked
//! for, returns [`Interrupted`]: the chunk in flight is dropped, not written, and `--resume`
//! computes it again from the start, so the data are the same bytes as a run never stopped.

use super::error::StudyError;
use super::folder::ResultsFolder;
use super::plan::Plan;
use super::spec::SpecHeader;

/// A study's answer when it stops part way through its draws because a stop was asked for
/// ([`super::stop_requested`]): the harness drops the chunk, which a resumed run computes
/// again.
#[derive(Debug, thiserror::Error)]
#[error("stopped part way because a stop was asked for")]
pub struct Interrupted;

/// One series as the harness sees it: its label in every data file and its draw count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeriesPlan {
    pub label: String,
    pub draws: u64,
}

/// Rows computed for a run of consecutive draws of one series.
#[derive(Debug, Default)]
pub struct Computed {
    /// The rows as CSV text, one line each, in draw-index order.
    pub bytes: Vec<u8>,
    /// The rows computed.
    pub rows: u64,
    /// The study's unit of work summed over the rows (iterations, squares, plies), for the
    /// throughput in the manifest.
    pub work: u64,
}

/// A puzzle or game as an experiment: see the module docs for the contract.
pub trait Study: Send + Sync + std::fmt::Debug {
    /// The spec's `puzzle` value.
    fn puzzle(&self) -> &'static str;
    /// The spec's header: its name, description and master seed.
    fn header(&self) -> &SpecHeader;
    /// The experiment's name (the default results folder is `results/NAME`).
    fn name(&self) -> &str {
        &self.header().name
    }
    /// The master seed.
    fn seed(&self) -> u64 {
        self.header().seed
    }
    /// The series in the order the data files list them.
    fn series(&self) -> &[SeriesPlan];
    /// The checked spec as the manifest records it; a resume, a merge or a rebuilt spec
    /// must give the same value. The command line may replace `draws` and `seed`, and the
    /// puzzle's settings (`--set KEY=VALUE`) replace keys of the same name.
    fn identity(&self) -> serde_json::Value;
    /// Draws of series `series` per chunk, the unit of work handed to a thread and written
    /// at once: small enough that the last chunks of a run end together, large enough that
    /// handing them out costs nothing next to the draws. The data never depend on it.
    fn chunk_draws(&self, _series: usize) -> u64 {
        DEFAULT_CHUNK_DRAWS
    }
    /// The expected cost of one draw of series `series`, relative to the other series' (any
    /// unit: squares, plies). The progress line's ETA counts the cost left down, so that a
    /// run whose series differ in cost by orders of magnitude is not promised to end early.
    /// Equal for every series unless a study says otherwise.
    fn draw_cost(&self, _series: usize) -> f64 {
        1.0
    }
    /// What a draw is called in the progress line and the messages of a run, in the plural:
    /// `draws`, or `games` for a match.
    fn draw_noun(&self) -> &'static str {
        "draws"
    }
    /// The header line of `draws.csv`, with its line break.
    fn draws_header(&self) -> Vec<u8>;
    /// Computes draws `indices` (ascending) of series `series` into rows. Every result is
    /// checked by the puzzle's independent validator before it is written; a failed check
    /// is an error that stops the run.
    fn run_draws(&self, series: usize, indices: &[u64]) -> Result<Computed, StudyError>;
    /// What the person who starts a run must be told before it begins, one line each: values
    /// of the spec or the command line that some series do not use, say. The runner prints
    /// each on standard error as `warning: …` (even with `--quiet`) and keeps them in the
    /// manifest's `warnings`.
    fn warnings(&self) -> Vec<String> {
        Vec::new()
    }
    /// The rule that ends series `series` before its last draw once the rows say so (a
    /// match's SPRT), or `None`: every draw is run (see [`super::stops`]). A fresh rule each
    /// call.
    fn stop_rule(&self, _series: usize) -> Option<Box<dyn super::stops::StopRule>> {
        None
    }
    /// Checks what the spec refers to outside itself (another results folder, say).
    fn check_references(&self) -> Result<(), StudyError> {
        Ok(())
    }
    /// Reads `draws.csv` (through [`Plan::for_each_row`], which checks the header and each
    /// row's key) and writes the summary and the other tables derived from it.
    fn derive(&self, folder: &ResultsFolder, plan: &Plan) -> Result<(), StudyError>;
}

/// Draws per chunk unless a study says otherwise: on the default ChessMemory experiment at
/// 16 threads, `scripts/chunk-schedule.py` finds that chunks of 256 draws leave 1.5% of the
/// threads' time idle at the end of a run, chunks of 64 draws 0.4%.
pub const DEFAULT_CHUNK_DRAWS: u64 = 64;

/// Refuses a series label the data files cannot carry as their first column.
pub fn check_label(label: &str) -> Result<(), String> {
    if label.is_empty() {
        return Err("a series label is empty".to_string());
    }
    match label.chars().find(|c| matches!(c, ',' | '"' | '\n' | '\r')) {
        Some(c) => Err(format!(
            "series label {label:?} holds {c:?}; labels are written unquoted in the data files, so leave it out"
        )),
        None => Ok(()),
    }
}

/// The key of a data row: its series label and draw index, read from the line's first two
/// fields.
pub fn row_key(line: &[u8]) -> Option<(&str, u64)> {
    text_key(std::str::from_utf8(line).ok()?)
}

/// [`row_key`] of a row already read as text.
pub fn text_key(text: &str) -> Option<(&str, u64)> {
    // Only a row of two fields can have its line break in the index.
    let (label, index) = match crate::output::fields::commas::<2>(text.as_bytes()) {
        Some([first, second]) => (&text[..first], &text[first + 1..second]),
        None => {
            let (label, rest) = text.split_once(',')?;
            (label, rest.trim_end_matches(['\n', '\r']))
        }
    };
    let index = index.parse().ok()?;
    Some((label, index))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_key_is_its_first_two_fields() {
        assert_eq!(row_key(b"QNBR,17,solved,3\n"), Some(("QNBR", 17)));
        assert_eq!(row_key(b"seed/n=8,4\n"), Some(("seed/n=8", 4)));
        assert_eq!(row_key(b"seed/n=8,4\r\n"), Some(("seed/n=8", 4)));
        assert_eq!(row_key(b"QNBR,x,solved\n"), None);
        assert_eq!(row_key(b"QNBR\n"), None);
    }

    #[test]
    fn labels_with_csv_syntax_are_refused() {
        assert!(check_label("seed/n=8/corner").is_ok());
        for bad in ["", "a,b", "a\"b", "a\nb"] {
            assert!(check_label(bad).is_err(), "{bad:?}");
        }
    }
}
