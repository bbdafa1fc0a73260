//! ChessMemory's [`Study`]: one draw is one run of a search on a queue; its row holds the
//! outcome and the search's counters (`draws.csv`), and the summary and the histogram of
//! iterations are derived from the rows.

use super::spec::Spec;
use crate::chess_memory::data::draws::{self, DrawRow};
use crate::chess_memory::data::histogram::{self, Histogram};
use crate::chess_memory::data::summary::{self, SeriesTally, SummaryRow};
use crate::chess_memory::search;
use crate::experiment::spec::{Overrides, SpecHeader};
use crate::experiment::study::{Computed, SeriesPlan, Study};
use crate::experiment::{Plan, ResultsFolder};
use crate::experiment::{Puzzle, StudyError};
use crate::output::atomic::write_atomic_with;
use std::sync::Arc;

/// Results of this module: a puzzle's error ([`StudyError`]) unless another is named.
type Result<T, E = StudyError> = std::result::Result<T, E>;

/// ChessMemory in the list of puzzles.
pub const PUZZLE: Puzzle = Puzzle {
    name: "chess-memory",
    about: "32 pairs of chess pieces on 8×8, each attacking exactly its partner",
    example_spec: include_str!("../../experiments/examples/chess-memory.toml"),
    parse,
    report: crate::chess_memory::report::report,
    plot: |dir| Ok(crate::chess_memory::report::plot(dir)?.len()),
    headline: crate::chess_memory::headline::headline,
    show: crate::chess_memory::show::show,
    compare: crate::chess_memory::compare::compare,
    tables: &["summary.csv", "histogram.csv"],
    set_of: None,
};

fn parse(text: &str, overrides: &Overrides) -> Result<Arc<dyn Study>> {
    Ok(Arc::new(ChessMemoryStudy::new(Spec::parse(
        text, overrides,
    )?)))
}

/// A checked ChessMemory spec as a study.
#[derive(Clone, Debug)]
pub struct ChessMemoryStudy {
    pub spec: Spec,
    series: Vec<SeriesPlan>,
}

impl ChessMemoryStudy {
    pub fn new(spec: Spec) -> ChessMemoryStudy {
        let series = spec
            .series
            .iter()
            .map(|s| SeriesPlan {
                label: s.label.clone(),
                draws: s.draws(spec.draws),
            })
            .collect();
        ChessMemoryStudy { spec, series }
    }
}

impl Study for ChessMemoryStudy {
    fn puzzle(&self) -> &'static str {
        PUZZLE.name
    }

    fn header(&self) -> &SpecHeader {
        &self.spec.header
    }

    fn series(&self) -> &[SeriesPlan] {
        &self.series
    }

    fn identity(&self) -> serde_json::Value {
        serde_json::to_value(&self.spec).expect("a spec serializes")
    }

    fn draws_header(&self) -> Vec<u8> {
        draws::header(self.spec.boards, self.spec.has_restarts())
    }

    fn run_draws(&self, series: usize, indices: &[u64]) -> Result<Computed, StudyError> {
        let series = &self.spec.series[series];
        let rows: Vec<DrawRow> = indices
            .iter()
            .map(|&index| {
                let draw = search::draw(
                    &series.queue,
                    &series.search,
                    self.spec.header.seed,
                    index,
                    self.spec.cap,
                )?;
                Ok(DrawRow::new(
                    &series.label,
                    index,
                    &draw,
                    self.spec.boards,
                    self.spec.has_restarts(),
                ))
            })
            .collect::<Result<_>>()?;
        Ok(Computed {
            bytes: draws::encode(&rows),
            rows: rows.len() as u64,
            work: rows.iter().map(|r| r.iterations).sum(),
        })
    }

    fn check_references(&self) -> Result<(), StudyError> {
        let Some(baseline) = &self.spec.baseline else {
            return Ok(());
        };
        let folder = ResultsFolder::new(baseline);
        let usable = crate::experiment::Manifest::read(&folder.manifest()).map(|_| {
            folder.root().join("summary.csv").is_file()
                && folder.root().join("histogram.csv").is_file()
        });
        match usable {
            Ok(true) => Ok(()),
            Ok(false) => Err(format!(
                "the spec's baseline {baseline} has no summary.csv and histogram.csv; finish it first"
            )
            .into()),
            Err(error) => Err(format!(
                "the spec's baseline {baseline} is not a results folder ({error}); run boardlab from the folder it is relative to"
            )
            .into()),
        }
    }

    /// Reads `draws.csv`, checks that it holds exactly the plan's rows in order, and writes
    /// `summary.csv` and `histogram.csv`.
    fn derive(&self, folder: &ResultsFolder, plan: &Plan) -> Result<(), StudyError> {
        let (boards, restarts) = (self.spec.boards, self.spec.has_restarts());
        // Counts and lists appended in file order: read on every core, the same tables.
        let mut tallies = plan.fold_rows(
            folder,
            || vec![SeriesTally::default(); self.spec.series.len()],
            |tallies, row| {
                let draw = draws::parse_row(row.text, restarts, boards)?;
                tallies[row.series].add(draw.iterations, draw.outcome);
                Ok(())
            },
            |tallies, later| {
                for (tally, later) in tallies.iter_mut().zip(later) {
                    tally.append(later);
                }
            },
        )?;
        let mut summaries: Vec<SummaryRow> = Vec::new();
        let mut histograms: Vec<(&str, &Histogram)> = Vec::new();
        for (series, tally) in self.spec.series.iter().zip(tallies.iter_mut()) {
            if !tally.is_empty() {
                summaries.push(tally.summary(
                    &series.label,
                    &series.queue_letters,
                    &series.search,
                    self.spec.cap,
                ));
            }
        }
        for (series, tally) in self.spec.series.iter().zip(&tallies) {
            histograms.push((&series.label, &tally.histogram));
        }
        write_atomic_with(&folder.root().join("summary.csv"), |file| {
            summary::write(file, &summaries)
        })?;
        write_atomic_with(&folder.root().join("histogram.csv"), |file| {
            let mut writer = csv::Writer::from_writer(file);
            writer.write_record(histogram::COLUMNS)?;
            for (label, histogram) in &histograms {
                histogram::write_rows(&mut writer, label, histogram)?;
            }
            writer.flush()?;
            Ok(())
        })?;
        Ok(())
    }
}
