//! What a puzzle or a game gives the shared harness: a [`Study`].
//!
//! The harness (plan, runner, resume, shards, merge, manifest, progress, lock) knows a run
//! only as series of numbered draws whose rows are CSV lines. Everything else is the study's:
//! how its spec reads, what one draw computes and the columns of its row, what is derived
//! from `draws.csv` (the summary and any other tables), and the charts and the report.
//!
//! A spec names its study with `puzzle = "…"`; without the key it is ChessMemory, so the
//! specs written before there were other puzzles mean what they meant. Each study lives in
//! its puzzle's folder (`src/knights_tour/study.rs`, …) and is listed once, in [`PUZZLES`].
//!
//! The contract every study keeps, on which resume, sharding and merge rest:
//! - draw `index` of series `s` depends only on the spec, `s` and `index` (its random
//!   stream comes from the master seed, the series and the index), never on the thread or
//!   on the draws computed before it;
//! - each row is one line of `draws.csv` that starts with `label,index,` (a label holds no
//!   comma, quote or line break; see [`check_label`]) and holds no line break;
//! - everything derived from `draws.csv` depends only on its bytes.

use super::folder::ResultsFolder;
use super::plan::Plan;
use super::spec::Overrides;
use std::path::Path;
use std::sync::Arc;

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
    /// The experiment's name (the default results folder is `results/NAME`).
    fn name(&self) -> &str;
    /// The master seed.
    fn seed(&self) -> u64;
    /// The series in the order the data files list them.
    fn series(&self) -> &[SeriesPlan];
    /// The checked spec as the manifest records it; a resume, a merge or a rebuilt spec
    /// must give the same value. Overridable values are the keys `draws`, `cap` and `seed`.
    fn identity(&self) -> serde_json::Value;
    /// Draws of series `series` per chunk, the unit of work handed to a thread and written
    /// at once: small enough that the last chunks of a run end together, large enough that
    /// handing them out costs nothing next to the draws. The data never depend on it.
    fn chunk_draws(&self, _series: usize) -> u64 {
        DEFAULT_CHUNK_DRAWS
    }
    /// Whether `--boards` (the final position in each row) is supported.
    fn supports_boards(&self) -> bool {
        false
    }
    /// The header line of `draws.csv`, with its line break.
    fn header(&self, boards: bool) -> Vec<u8>;
    /// Computes draws `indices` (ascending) of series `series` into rows. Every result is
    /// checked by the puzzle's independent validator before it is written; a failed check
    /// is an error that stops the run.
    fn run_draws(&self, series: usize, indices: &[u64], boards: bool) -> anyhow::Result<Computed>;
    /// Checks what the spec refers to outside itself (another results folder, say).
    fn check_references(&self) -> anyhow::Result<()> {
        Ok(())
    }
    /// Reads `draws.csv` (checking each row's key with [`Plan::check_key`]) and writes the
    /// summary and the other tables derived from it.
    fn derive(&self, folder: &ResultsFolder, plan: &Plan) -> anyhow::Result<()>;
}

/// Draws per chunk unless a study says otherwise: on the default ChessMemory experiment at
/// 16 threads, `scripts/chunk-schedule.py` finds that chunks of 256 draws leave 1.5% of the
/// threads' time idle at the end of a run, chunks of 64 draws 0.4%.
pub const DEFAULT_CHUNK_DRAWS: u64 = 64;

/// A puzzle the harness knows: how its spec reads and how its folders are reported.
pub struct Puzzle {
    /// The spec's `puzzle` value.
    pub name: &'static str,
    /// What it is, for help text.
    pub about: &'static str,
    /// Reads a spec of this puzzle with command-line overrides applied.
    pub parse: fn(&str, &Overrides) -> anyhow::Result<Arc<dyn Study>>,
    /// Writes the charts and `REPORT.md` of a results folder from its small files.
    pub report: fn(&Path) -> anyhow::Result<()>,
    /// One line for the terminal after a run: the best series or the headline figure.
    pub headline: fn(&Path) -> anyhow::Result<String>,
    /// The files besides `REPORT.md` and `charts/` made from the data: those that
    /// [`Study::derive`] writes, and any the report writes beside them.
    pub tables: &'static [&'static str],
}

/// Every puzzle, the default first.
pub const PUZZLES: &[Puzzle] = &[
    crate::chess_memory::PUZZLE,
    crate::knights_tour::study::PUZZLE,
    crate::game::matches::match_puzzle::<crate::fifteen::Fifteen>(),
    crate::game::matches::match_puzzle::<crate::fifteen::Fifteen<crate::fifteen::OddEven>>(),
    crate::game::matches::match_puzzle::<crate::draughts::game::Draughts>(),
];

/// The puzzle a spec without `puzzle` runs.
pub const DEFAULT_PUZZLE: &str = "chess-memory";

/// The puzzle named `name`, or an error listing the known ones.
pub fn puzzle(name: &str) -> anyhow::Result<&'static Puzzle> {
    PUZZLES.iter().find(|p| p.name == name).ok_or_else(|| {
        let known: Vec<&str> = PUZZLES.iter().map(|p| p.name).collect();
        anyhow::anyhow!(
            "key `puzzle`: unknown puzzle {name:?}; use one of {}",
            known.join(", ")
        )
    })
}

/// The puzzle a spec text names (ChessMemory when it names none).
pub fn puzzle_of_spec(text: &str) -> anyhow::Result<&'static Puzzle> {
    // A spec that is not TOML at all is reported by the puzzle's own parser, with the line.
    let name = match text.parse::<toml::Table>() {
        Ok(table) => match table.get("puzzle") {
            Some(toml::Value::String(name)) => name.clone(),
            Some(other) => anyhow::bail!(
                "key `puzzle`: expected a puzzle name in quotes, found {other}; use one of {}",
                PUZZLES
                    .iter()
                    .map(|p| p.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            None => DEFAULT_PUZZLE.to_string(),
        },
        Err(_) => DEFAULT_PUZZLE.to_string(),
    };
    puzzle(&name)
}

/// Reads a spec of any puzzle with overrides applied.
pub fn parse_spec(text: &str, overrides: &Overrides) -> anyhow::Result<Arc<dyn Study>> {
    (puzzle_of_spec(text)?.parse)(text, overrides)
}

/// The puzzle of a manifest's recorded spec (ChessMemory when it names none).
pub fn puzzle_of_identity(spec: &serde_json::Value) -> anyhow::Result<&'static Puzzle> {
    puzzle(spec["puzzle"].as_str().unwrap_or(DEFAULT_PUZZLE))
}

/// The puzzle of the results folder `dir`, by its manifest; `None` without a manifest.
pub fn puzzle_of_folder(dir: &Path) -> anyhow::Result<Option<&'static Puzzle>> {
    let path = dir.join("manifest.json");
    if !path.exists() {
        return Ok(None);
    }
    let manifest = super::Manifest::read(&path)?;
    puzzle_of_identity(&manifest.spec).map(Some)
}

/// Refuses a folder of another puzzle than ChessMemory for a command that only reads
/// ChessMemory's tables, saying what to use instead.
pub fn require_chess_memory(dir: &Path, command: &str) -> anyhow::Result<()> {
    match puzzle_of_folder(dir)? {
        Some(puzzle) if puzzle.name != DEFAULT_PUZZLE => anyhow::bail!(
            "{command} reads ChessMemory folders and {} holds a {} experiment; use boardlab show or boardlab report on it",
            dir.display(),
            puzzle.name
        ),
        _ => Ok(()),
    }
}

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
    let text = std::str::from_utf8(line).ok()?;
    let mut fields = text.splitn(3, ',');
    let label = fields.next()?;
    let index = fields.next()?.trim_end_matches(['\n', '\r']).parse().ok()?;
    Some((label, index))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_key_is_its_first_two_fields() {
        assert_eq!(row_key(b"QNBR,17,solved,3\n"), Some(("QNBR", 17)));
        assert_eq!(row_key(b"seed/n=8,4\n"), Some(("seed/n=8", 4)));
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

    #[test]
    fn a_spec_without_puzzle_is_chess_memory_and_an_unknown_one_is_refused() {
        assert_eq!(puzzle_of_spec("name = \"x\"").unwrap().name, DEFAULT_PUZZLE);
        let error = puzzle_of_spec("puzzle = \"sudoku\"").err().unwrap();
        assert!(
            error.to_string().contains("unknown puzzle \"sudoku\""),
            "{error}"
        );
        assert!(puzzle_of_spec("puzzle = 3").is_err());
    }
}
