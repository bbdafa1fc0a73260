//! Making the derived files of a finished run: `summary.csv` and `histogram.csv` are
//! computed from `draws.csv` alone, by one code path for a single run, a resumed run and a
//! merge, so their bytes depend only on the draws.

use super::folder::ResultsFolder;
use super::plan::Plan;
use crate::output::atomic::write_atomic_with;
use crate::output::draws;
use crate::output::histogram::{self, Histogram};
use crate::output::summary::{SeriesTally, SummaryRow};

/// Reads `draws.csv`, checks that it holds exactly the plan's rows in order, and writes
/// `summary.csv` and `histogram.csv`.
pub fn derive_files(folder: &ResultsFolder, plan: &Plan) -> anyhow::Result<()> {
    let path = folder.draws();
    let shown = path.display().to_string();
    let mut tallies: Vec<SeriesTally> = vec![SeriesTally::default(); plan.spec.series.len()];
    let mut rows = 0u64;
    draws::read(&path, |row| {
        plan.check_row(rows, &row, &shown)?;
        tallies[plan.locate(rows).0].add(row.iterations, row.outcome);
        rows += 1;
        Ok(())
    })?;
    anyhow::ensure!(
        rows == plan.total(),
        "{shown} has {rows} rows but the spec makes {}",
        plan.total()
    );
    let mut summaries: Vec<SummaryRow> = Vec::new();
    let mut histograms: Vec<(&str, &Histogram)> = Vec::new();
    for (series, tally) in plan.spec.series.iter().zip(tallies.iter_mut()) {
        if !tally.is_empty() {
            summaries.push(tally.summary(
                &series.label,
                &series.queue_letters,
                &series.search,
                plan.spec.cap,
            ));
        }
    }
    for (series, tally) in plan.spec.series.iter().zip(&tallies) {
        histograms.push((&series.label, &tally.histogram));
    }
    write_atomic_with(&folder.summary(), |file| {
        crate::output::summary::write(file, &summaries)
    })?;
    write_atomic_with(&folder.histogram(), |file| {
        let mut writer = csv::Writer::from_writer(file);
        writer.write_record(histogram::COLUMNS)?;
        for (label, histogram) in &histograms {
            histogram::write_rows(&mut writer, label, histogram)?;
        }
        writer.flush()?;
        Ok(())
    })
}
