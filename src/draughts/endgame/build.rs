//! Building a database into files, class by class, so that a stopped build resumes: a class
//! whose file exists and passes its checks is read instead of solved again, and each solved
//! class is written (atomically, see [`super::file`]) as soon as it is done.

use super::Value;
use super::file::{FileError, MAX_PIECES, read_table, write_table};
use super::material::Material;
use super::retrograde::solve_class;
use super::solve::{Database, Table, board_of_slot};
use crate::draughts::fen::to_fen;
use crate::draughts::rules::Rules;
use std::path::Path;
use std::time::Instant;

/// What happened to one class of a build.
#[derive(Clone, Debug)]
pub struct ClassDone {
    /// 1-based position of the class in the build, of `classes`.
    pub number: usize,
    pub classes: usize,
    pub material: Material,
    /// Positions of the class (slots: both sides to move).
    pub positions: u64,
    /// Positions of the classes still to do after this one.
    pub positions_left: u64,
    pub how: Done,
    pub seconds: f64,
}

/// How a class was done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Done {
    /// Its file was there and passed its checks.
    Kept,
    /// Solved and written.
    Solved,
    /// Its file failed its checks (the message says why); solved and written again.
    Replaced(String),
}

/// A build's totals.
#[derive(Clone, Debug, Default)]
pub struct BuildSummary {
    pub classes: usize,
    pub solved: usize,
    pub positions: u64,
    pub positions_solved: u64,
    pub seconds: f64,
}

/// Builds every stored class of up to `max_pieces` pieces under `dir` (in `dir/<rules>/`),
/// calling `done` after each class. Solving runs on the current rayon thread pool.
pub fn build(
    dir: &Path,
    rules: Rules,
    max_pieces: u8,
    mut done: impl FnMut(&ClassDone),
) -> Result<BuildSummary, FileError> {
    assert!((1..=MAX_PIECES).contains(&max_pieces) && rules != Rules::Damebot);
    let classes = Material::stored_classes(max_pieces);
    let mut positions_left: u64 = classes.iter().map(|m| 2 * m.size()).sum();
    let mut database = Database::new(rules);
    let mut summary = BuildSummary {
        classes: classes.len(),
        ..BuildSummary::default()
    };
    let started = Instant::now();
    for (i, &material) in classes.iter().enumerate() {
        let start = Instant::now();
        let (table, how) = match read_table(dir, rules, &material, max_pieces) {
            Ok(table) => (unpacked(&table), Done::Kept),
            Err(error) => {
                let table = solve_class(material, &database);
                write_table(dir, rules, &table)?;
                let how = match error {
                    FileError::Missing { .. } => Done::Solved,
                    other => Done::Replaced(other.to_string()),
                };
                (table, how)
            }
        };
        let positions = table.slots() as u64;
        positions_left -= positions;
        summary.positions += positions;
        if how != Done::Kept {
            summary.solved += 1;
            summary.positions_solved += positions;
        }
        database.insert(table);
        done(&ClassDone {
            number: i + 1,
            classes: classes.len(),
            material,
            positions,
            positions_left,
            how,
            seconds: start.elapsed().as_secs_f64(),
        });
    }
    summary.seconds = started.elapsed().as_secs_f64();
    Ok(summary)
}

/// A table read from a file, its values decoded for fast lookups while solving.
fn unpacked(table: &Table) -> Table {
    Table::from_stored(table.material, table.stored_values().collect())
}

/// Solving speed so far, for the estimate of the time left.
#[derive(Default)]
pub struct Progress {
    solved: u64,
    seconds: f64,
}

impl Progress {
    /// The progress line of a class done: its positions, time and speed, and the time left
    /// at the speed of the classes solved so far.
    pub fn line(&mut self, done: &ClassDone) -> String {
        let head = format!(
            "class {}/{} {}: {} positions",
            done.number,
            done.classes,
            done.material.file_stem(),
            done.positions
        );
        if done.how == Done::Kept {
            return format!("{head} kept (its file checks)");
        }
        self.solved += done.positions;
        self.seconds += done.seconds;
        let rate = self.solved as f64 / self.seconds.max(1e-9);
        let again = match &done.how {
            Done::Replaced(problem) => format!(" again ({problem})"),
            _ => String::new(),
        };
        format!(
            "{head} solved{again} in {:.2} s, {:.0}/s; {} left, about {:.0} s",
            done.seconds,
            done.positions as f64 / done.seconds.max(1e-9),
            done.positions_left,
            done.positions_left as f64 / rate
        )
    }
}

/// One class's values counted: what `boardlab draughts endgame stats` prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassStats {
    pub material: Material,
    /// Positions, both sides to move.
    pub positions: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// The longest win's distance and the first position (FEN) that needs it.
    pub longest_win: Option<(u16, String)>,
}

/// The counts of every stored class of `database`, in solving order.
pub fn class_stats(database: &Database) -> Vec<ClassStats> {
    Material::stored_classes(database.max_pieces())
        .iter()
        .filter_map(|m| database.table(m))
        .map(table_stats)
        .collect()
}

fn table_stats(table: &Table) -> ClassStats {
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let mut longest: Option<(u16, usize)> = None;
    for (slot, stored) in table.stored_values().enumerate() {
        match Value::from_stored(stored) {
            Value::Win(d) => {
                wins += 1;
                if longest.is_none_or(|(e, _)| d > e) {
                    longest = Some((d, slot));
                }
            }
            Value::Draw => draws += 1,
            Value::Loss(_) => losses += 1,
        }
    }
    ClassStats {
        material: table.material,
        positions: table.slots() as u64,
        wins,
        draws,
        losses,
        longest_win: longest.map(|(d, slot)| (d, to_fen(&board_of_slot(&table.material, slot)))),
    }
}
