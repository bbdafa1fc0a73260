//! Reading a finished results folder back: its summary as a table for the terminal (`show`)
//! and whether two folders agree (`compare`). Each puzzle says which of its summary's columns
//! to show and which counts to compare ([`SummaryLayout`]); a puzzle with a finer test of its
//! own (ChessMemory's rank test of iteration counts) plugs in its own functions instead.
//!
//! Two folders **agree** when their data are the same (equal rows and hash of the draws file
//! in both manifests, and both draws files read and found to have that hash), or when no series present in both differs: per series, Pearson's
//! χ² test of its outcome counts ([`crate::stats::proportion::homogeneity_p`]), with Holm's
//! correction over the series, at the chosen level. A series found in only one folder makes
//! them differ.

use super::checksum;
use super::error::{Describe, StudyError};
use super::folder::ResultsFolder;
use super::manifest::Manifest;
use crate::output::document::Document;
use crate::output::numbers::{fixed, p_value, percent_cell};
use crate::stats::proportion::homogeneity_p;
use crate::stats::rank_test::holm;
use std::collections::BTreeMap;
use std::path::Path;

type Result<T, E = StudyError> = std::result::Result<T, E>;

/// What `show` keeps of a summary.
#[derive(Debug, Clone, Default)]
pub struct ShowOptions {
    /// Only series whose label contains one of these (all when empty).
    pub series: Vec<String>,
    /// Only the first this many series (after the filter).
    pub top: Option<usize>,
    /// Characters a line may take.
    pub width: usize,
}

impl ShowOptions {
    /// The error of a filter that keeps no series of the folder `dir`.
    pub fn nothing_kept(&self, dir: &Path) -> StudyError {
        format!(
            "no series of {} matches --series {}; `boardlab show {}` lists them",
            dir.display(),
            self.series.join(", "),
            dir.display()
        )
        .into()
    }

    /// Whether the series `label` passes the filter.
    pub fn keeps(&self, label: &str) -> bool {
        self.series.is_empty() || self.series.iter().any(|s| label.contains(s.as_str()))
    }
}

/// A puzzle's `summary.csv` as `show` and `compare` read it.
pub struct SummaryLayout {
    /// The columns that name a series (joined by a space into its label).
    pub key: &'static [&'static str],
    /// The columns `show` prints after the label.
    pub shown: &'static [&'static str],
    /// The outcome counts `compare` tests, two or three of them; each name is a column, or
    /// `a-b` for the difference of two columns (failures as draws minus tours).
    pub counts: &'static [&'static str],
    /// The column with a series' share and its interval, `compare` prints them.
    pub share: (&'static str, &'static str, &'static str),
    /// The shown columns that hold shares (0 to 1): `show` prints them in percent, each with
    /// its `%`, and the share of [`SummaryLayout::share`] with its interval in brackets in one
    /// column where both bounds are shown, as the puzzle's report does.
    pub percents: &'static [&'static str],
    /// Decimals of a percentage, as the puzzle's report prints them.
    pub decimals: usize,
    /// Shown columns that are not shares but printed with a fixed number of decimals, as the
    /// report prints them (a mean length: `7.45` and `7.70`, not `7.45` and `7.7`).
    pub fixed: &'static [(&'static str, usize)],
}

impl SummaryLayout {
    /// The columns `show` prints after the label: the shown columns, with an interval's
    /// bounds folded into the column of its share.
    fn printed(&self) -> Vec<&'static str> {
        let (share, low, high) = self.share;
        let folded = self.with_interval();
        self.shown
            .iter()
            .copied()
            .filter(|c| !(folded && (*c == low || *c == high)) || *c == share)
            .collect()
    }

    /// Whether the share and both bounds of its interval are shown (and so printed as one).
    fn with_interval(&self) -> bool {
        let (share, low, high) = self.share;
        [share, low, high].iter().all(|c| self.shown.contains(c))
    }

    /// The header of a printed column.
    fn header(&self, column: &str) -> String {
        match column == self.share.0 && self.with_interval() {
            true => format!("{column} [95% CI]"),
            false => column.to_string(),
        }
    }

    /// The cell of a printed `column` of a summary row: a share in percent (with its
    /// interval where folded), anything else as the file has it.
    fn cell(&self, column: &str, value: impl Fn(&str) -> Result<String>) -> Result<String> {
        let raw = value(column)?;
        if let Some(&(_, decimals)) = self.fixed.iter().find(|(name, _)| *name == column) {
            return Ok(raw
                .parse::<f64>()
                .map_or(raw.clone(), |v| fixed(v, decimals)));
        }
        if !self.percents.contains(&column) {
            return Ok(raw);
        }
        let percent = |text: &str| {
            text.parse::<f64>()
                .map_or_else(|_| text.to_string(), |v| fixed(100.0 * v, self.decimals))
        };
        let (share, low, high) = self.share;
        Ok(match column == share && self.with_interval() {
            true => format!(
                "{}% [{}, {}]",
                percent(&raw),
                percent(&value(low)?),
                percent(&value(high)?)
            ),
            false => format!("{}%", percent(&raw)),
        })
    }
}

/// One series of two folders compared.
#[derive(Debug, Clone, PartialEq)]
pub struct SeriesVerdict {
    pub series: String,
    /// The first folder's figure, as printed.
    pub first: String,
    /// The second folder's figure.
    pub second: String,
    /// The test's p-value after Holm's correction over the series.
    pub holm_p: f64,
}

/// Two folders of one puzzle compared series by series.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// What each series' figures are and how they are tested.
    pub method: String,
    pub rows: Vec<SeriesVerdict>,
    /// Series only the first folder has.
    pub only_first: Vec<String>,
    /// Series only the second folder has.
    pub only_second: Vec<String>,
}

impl Comparison {
    /// The series that differ at level `alpha`.
    pub fn differing(&self, alpha: f64) -> usize {
        self.rows.iter().filter(|r| r.holm_p < alpha).count()
    }

    /// Whether the folders agree at level `alpha`.
    pub fn agree(&self, alpha: f64) -> bool {
        self.differing(alpha) == 0 && self.only_first.is_empty() && self.only_second.is_empty()
    }

    /// The comparison as text of at most `width` columns, ending in the verdict line.
    pub fn render(&self, first: &Path, second: &Path, alpha: f64, width: usize) -> String {
        let mut out = Document::new();
        writeln!(out, "{}", self.method);
        let header: Vec<String> = ["series", "folder 1", "folder 2", "Holm p", "verdict"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let rows: Vec<Vec<String>> = self
            .rows
            .iter()
            .map(|r| {
                let verdict = if r.holm_p < alpha { "differ" } else { "agree" };
                vec![
                    r.series.clone(),
                    r.first.clone(),
                    r.second.clone(),
                    p_value(r.holm_p),
                    verdict.to_string(),
                ]
            })
            .collect();
        out += &crate::output::table::fit(&header, &rows, width);
        for (label, dir) in self
            .only_first
            .iter()
            .map(|l| (l, first))
            .chain(self.only_second.iter().map(|l| (l, second)))
        {
            writeln!(out, "{label}  only in {}", dir.display());
        }
        let missing = self.only_first.len() + self.only_second.len();
        if self.agree(alpha) {
            writeln!(
                out,
                "agree: no series differs at α = {alpha} after Holm's correction ({} series)",
                self.rows.len()
            );
        } else {
            writeln!(
                out,
                "differ: {} of {} common series differ at α = {alpha} after Holm's correction; {missing} series in only one folder",
                self.differing(alpha),
                self.rows.len(),
            );
        }
        out.into()
    }
}

/// `Some(description)` when both folders' manifests record the same complete data (the same
/// rows and hash of the draws file) and both data files, read and hashed, are the data their
/// manifests record. A data file that is not is an error naming it: its folder's summary
/// cannot be trusted either. A data file that is not there (a published folder without its
/// data) cannot be read: the description says that its manifest is trusted.
pub fn same_data(first: &Path, second: &Path) -> Result<Option<String>> {
    let (Some(a), Some(b)) = (Manifest::in_folder(first)?, Manifest::in_folder(second)?) else {
        return Ok(None);
    };
    Ok(match (&a.data, &b.data) {
        (Some(x), Some(y)) if x == y && a.draws == x.rows && b.draws == y.rows => {
            let mut absent = Vec::new();
            for (dir, manifest) in [(first, &a), (second, &b)] {
                let path = ResultsFolder::new(dir).draws_for(manifest.compression);
                if path.symlink_metadata().is_err() {
                    absent.push(path.display().to_string());
                    continue;
                }
                let length = std::fs::metadata(&path)
                    .describe(|| format!("cannot read {}", path.display()))?
                    .len();
                if length != x.bytes || !checksum::matches(&path, x)? {
                    return Err(format!(
                        "{} is not the data its manifest records ({} bytes, {}): edited or damaged, so the folders do not hold the same data; run its experiment again with --force",
                        path.display(),
                        x.bytes,
                        x.describe()
                    )
                    .into());
                }
            }
            let checked = match absent.as_slice() {
                [] => "in both manifests and both data files".to_string(),
                [one] => format!("in both manifests, trusted since {one} is not there to read"),
                _ => format!(
                    "in both manifests, trusted since {} are not there to read",
                    absent.join(" and ")
                ),
            };
            Some(format!(
                "the same data: {} rows, {} bytes, {} {checked}",
                x.rows,
                x.bytes,
                x.describe()
            ))
        }
        _ => None,
    })
}

/// A `summary.csv` read by column name: the header and its rows.
struct Summary {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Summary {
    fn read(dir: &Path) -> Result<Summary> {
        let path = dir.join("summary.csv");
        let mut reader = csv::Reader::from_path(&path)
            .describe(|| format!("cannot read {}: is it a results folder?", path.display()))?;
        let header = reader
            .headers()
            .describe(|| format!("cannot read {}", path.display()))?
            .iter()
            .map(String::from)
            .collect();
        let mut rows = Vec::new();
        for record in reader.records() {
            let record = record.describe(|| format!("cannot read {}", path.display()))?;
            rows.push(record.iter().map(String::from).collect());
        }
        Ok(Summary { header, rows })
    }

    fn column(&self, name: &str) -> Result<usize> {
        self.header
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| format!("summary.csv has no column {name:?}").into())
    }

    /// The positions of the named columns.
    fn columns(&self, names: &[&str]) -> Result<Vec<usize>> {
        names.iter().map(|name| self.column(name)).collect()
    }

    /// A row's series label: its key cells (at `keys`) joined by a space.
    fn label(row: &[String], keys: &[usize]) -> String {
        let parts: Vec<&str> = keys.iter().map(|&k| row[k].as_str()).collect();
        parts.join(" ")
    }

    /// The positions of a layout's count, `whole` or `whole-part` (module docs).
    fn count_columns(&self, name: &str) -> Result<(usize, Option<usize>)> {
        Ok(match name.split_once('-') {
            Some((whole, part)) => (self.column(whole)?, Some(self.column(part)?)),
            None => (self.column(name)?, None),
        })
    }

    fn count(&self, row: &[String], (whole, part): (usize, Option<usize>)) -> Result<u64> {
        let value = |column: usize| -> Result<u64> {
            let cell = &row[column];
            cell.parse().map_err(|_| {
                let name = &self.header[column];
                format!("summary.csv: {name} is {cell:?}, not a count").into()
            })
        };
        Ok(match part {
            Some(part) => value(whole)?.saturating_sub(value(part)?),
            None => value(whole)?,
        })
    }
}

/// The summary of `dir` as a table: a line naming the folder, then the label and the
/// layout's columns of each series the options keep.
pub fn summary_table(
    dir: &Path,
    title: &str,
    layout: &SummaryLayout,
    options: &ShowOptions,
) -> Result<String> {
    let summary = Summary::read(dir)?;
    summary.columns(layout.shown)?;
    let keys = summary.columns(layout.key)?;
    let printed = layout.printed();
    let mut rows = Vec::new();
    for row in &summary.rows {
        if options.keeps(&Summary::label(row, &keys)) {
            let mut cells: Vec<String> = keys.iter().map(|&c| row[c].clone()).collect();
            let value = |name: &str| Ok(row[summary.column(name)?].clone());
            for column in &printed {
                cells.push(layout.cell(column, value)?);
            }
            rows.push(cells);
        }
    }
    let kept = rows.len();
    if kept == 0 && !options.series.is_empty() {
        return Err(options.nothing_kept(dir));
    }
    rows.truncate(options.top.unwrap_or(usize::MAX));
    let mut header: Vec<String> = layout.key.iter().map(|s| s.to_string()).collect();
    header.extend(printed.iter().map(|c| layout.header(c)));
    let filter = if kept < summary.rows.len() {
        format!(" ({kept} kept by --series)")
    } else {
        String::new()
    };
    let mut out = Document::new();
    writeln!(
        out,
        "{}: {title}, {} summary rows{filter}",
        dir.display(),
        summary.rows.len()
    );
    out += &crate::output::table::fit(&header, &rows, options.width);
    Ok(out.into())
}

/// Two folders compared by the layout's counts, series by series (module docs).
/// One series of a folder as [`compare_counts`] tests it: its outcome counts and its share
/// with the interval, as the table shows it.
struct CountedSeries {
    counts: Vec<u64>,
    figure: String,
}

/// The series of the summary in `dir`, in the file's order and by label.
fn counted_series(
    dir: &Path,
    layout: &SummaryLayout,
) -> Result<(Vec<String>, BTreeMap<String, CountedSeries>)> {
    let summary = Summary::read(dir)?;
    let keys = summary.columns(layout.key)?;
    let (share, low, high) = layout.share;
    let shares = summary.columns(&[share, low, high])?;
    let count_columns = layout
        .counts
        .iter()
        .map(|name| summary.count_columns(name))
        .collect::<Result<Vec<_>>>()?;
    let mut order = Vec::new();
    let mut series = BTreeMap::new();
    for row in &summary.rows {
        let label = Summary::label(row, &keys);
        let counts = count_columns
            .iter()
            .map(|&columns| summary.count(row, columns))
            .collect::<Result<Vec<u64>>>()?;
        // A share and its interval in percent; a cell that is not a number as it is.
        let cell = |i: usize| {
            row[i]
                .parse::<f64>()
                .map_or_else(|_| row[i].clone(), percent_cell)
        };
        let figure = format!(
            "{}% [{}, {}]",
            cell(shares[0]),
            cell(shares[1]),
            cell(shares[2])
        );
        order.push(label.clone());
        series.insert(label, CountedSeries { counts, figure });
    }
    Ok((order, series))
}

pub fn compare_counts(first: &Path, second: &Path, layout: &SummaryLayout) -> Result<Comparison> {
    let (order, a) = counted_series(first, layout)?;
    let (order_second, b) = counted_series(second, layout)?;
    let common: Vec<&String> = order.iter().filter(|l| b.contains_key(*l)).collect();
    let p_values = common
        .iter()
        .map(|l| {
            homogeneity_p(&a[*l].counts, &b[*l].counts)
                .ok_or_else(|| StudyError::from("compare tests two or three outcome counts"))
        })
        .collect::<Result<Vec<f64>>>()?;
    let adjusted = if p_values.is_empty() {
        Vec::new()
    } else {
        holm(&p_values)?
    };
    Ok(Comparison {
        method: format!(
            "{} [95% interval]; Pearson's χ² test of the counts {} per series",
            layout.share.0,
            layout.counts.join(", ")
        ),
        rows: common
            .iter()
            .zip(adjusted)
            .map(|(l, holm_p)| SeriesVerdict {
                series: (*l).clone(),
                first: a[*l].figure.clone(),
                second: b[*l].figure.clone(),
                holm_p,
            })
            .collect(),
        only_first: order
            .iter()
            .filter(|l| !b.contains_key(*l))
            .cloned()
            .collect(),
        only_second: order_second
            .iter()
            .filter(|l| !a.contains_key(*l))
            .cloned()
            .collect(),
    })
}
