//! A bench's timed runs in the export formats of hyperfine, the command-line benchmarking
//! tool, so that what reads hyperfine's files (its plotting scripts, a spreadsheet, a page
//! of Markdown) reads ours. One row per workload, times in seconds per run:
//!
//! - JSON: `{"results": [{"command", "mean", "stddev", "median", "user", "system", "min",
//!   "max", "times", "exit_codes"}]}`; `stddev` is null for a single run, `user` and `system`
//!   are the means over the runs of the process's CPU seconds, `exit_codes` are all 0 (a
//!   failed run stops the bench).
//! - CSV: the columns `command,mean,stddev,median,user,system,min,max`, full precision.
//! - Markdown: a table `| Command | Mean [s] | Min [s] | Max [s] | Relative |`, the mean
//!   with ± its standard deviation, and Relative the mean over the fastest row's mean, with
//!   the standard deviation of that ratio for the other rows (the two taken as independent).
//!   Hyperfine writes three decimals of seconds; short runs get more here, enough for three
//!   significant digits of the fastest run.
//!
//! Each file is written atomically ([`crate::output::atomic`]): its temporary file is made
//! beside the target when the bench starts ([`Exports::prepare`]), so that a path that cannot
//! be written fails before the runs rather than after, and it replaces the target only once
//! it is whole.

use super::{Series, Summary};
use crate::output::atomic::AtomicFile;
use crate::output::document::{Align, Table};
use crate::output::error::{IoContext, OutputError};
use serde_json::json;
use std::io::Write;
use std::path::{Path, PathBuf};

/// One of hyperfine's export formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Json,
    Csv,
    Markdown,
}

/// Why an export cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("{0} is a folder: an export needs a file name")]
    Folder(String),
    #[error(transparent)]
    Output(#[from] OutputError),
}

/// The export files a bench writes when its runs are done, their temporary files already
/// open.
pub struct Exports {
    files: Vec<(Format, PathBuf, AtomicFile)>,
}

impl Exports {
    /// Opens a temporary file beside each requested path (none: nothing is written).
    pub fn prepare(requests: &[(Format, &Path)]) -> Result<Exports, ExportError> {
        let mut exports = Exports { files: Vec::new() };
        for &(format, path) in requests {
            exports.add(format, path)?;
        }
        Ok(exports)
    }

    /// Adds a file to write in `format`, its temporary file opened beside `path` now.
    pub fn add(&mut self, format: Format, path: &Path) -> Result<(), ExportError> {
        if path.is_dir() {
            return Err(ExportError::Folder(path.display().to_string()));
        }
        let file = AtomicFile::create(path)?;
        self.files.push((format, path.to_path_buf(), file));
        Ok(())
    }

    /// Writes every requested file from `series` and moves it into place.
    pub fn write(self, series: &[Series]) -> Result<(), ExportError> {
        for (format, path, mut file) in self.files {
            file.writer()
                .write_all(render(format, series).as_bytes())
                .io(|| format!("writing {}", path.display()))?;
            file.commit()?;
        }
        Ok(())
    }
}

/// The text of `series` in `format`.
pub fn render(format: Format, series: &[Series]) -> String {
    match format {
        Format::Json => json_text(series),
        Format::Csv => csv_text(series),
        Format::Markdown => markdown_text(series),
    }
}

/// The mean of the runs' user and system seconds, when every run has them.
fn cpu_means(series: &Series) -> (Option<f64>, Option<f64>) {
    let mean = |values: Option<Vec<f64>>| values.and_then(|v| Summary::of(&v)).map(|s| s.mean);
    (
        mean(series.times.iter().map(|t| t.user).collect()),
        mean(series.times.iter().map(|t| t.system).collect()),
    )
}

/// One row of hyperfine's JSON, its keys in hyperfine's order.
#[derive(serde::Serialize)]
struct JsonResult<'a> {
    command: &'a str,
    mean: f64,
    stddev: Option<f64>,
    median: f64,
    user: Option<f64>,
    system: Option<f64>,
    min: f64,
    max: f64,
    times: Vec<f64>,
    exit_codes: Vec<i32>,
}

fn json_text(series: &[Series]) -> String {
    let results: Vec<JsonResult> = series
        .iter()
        .map(|one| {
            let time = one.seconds();
            let (user, system) = cpu_means(one);
            JsonResult {
                command: &one.command,
                mean: time.mean,
                stddev: time.stddev,
                median: time.median,
                user,
                system,
                min: time.min,
                max: time.max,
                times: one.seconds_per_run(),
                exit_codes: vec![0; one.times.len()],
            }
        })
        .collect();
    let text = serde_json::to_string_pretty(&json!({ "results": results }));
    text.expect("plain numbers and strings serialise") + "\n"
}

fn csv_text(series: &[Series]) -> String {
    let number = |value: Option<f64>| value.map_or(String::new(), |v| v.to_string());
    let mut writer = csv::Writer::from_writer(Vec::new());
    let header = [
        "command", "mean", "stddev", "median", "user", "system", "min", "max",
    ];
    let mut rows = vec![header.map(String::from).to_vec()];
    for one in series {
        let time = one.seconds();
        let (user, system) = cpu_means(one);
        let figures = [
            Some(time.mean),
            time.stddev,
            Some(time.median),
            user,
            system,
            Some(time.min),
            Some(time.max),
        ];
        let mut row = vec![one.command.clone()];
        row.extend(figures.map(number));
        rows.push(row);
    }
    for row in rows {
        writer.write_record(&row).expect("writing to memory");
    }
    let bytes = writer.into_inner().expect("writing to memory");
    String::from_utf8(bytes).expect("the fields are UTF-8")
}

fn markdown_text(series: &[Series]) -> String {
    let times: Vec<Summary> = series.iter().map(Series::seconds).collect();
    let smallest = times.iter().map(|t| t.min).fold(f64::INFINITY, f64::min);
    let decimals = decimals_for(smallest);
    let fastest = times
        .iter()
        .copied()
        .min_by(|a, b| a.mean.total_cmp(&b.mean));
    let seconds = |value: f64| format!("{value:.decimals$}");
    let mut table = Table::aligned(&[
        ("Command", Align::Left),
        ("Mean [s]", Align::Right),
        ("Min [s]", Align::Right),
        ("Max [s]", Align::Right),
        ("Relative", Align::Right),
    ]);
    for (one, time) in series.iter().zip(&times) {
        let spread = time
            .stddev
            .map_or(String::new(), |s| format!(" ± {}", seconds(s)));
        table.row([
            format!("`{}`", one.command),
            format!("{}{spread}", seconds(time.mean)),
            seconds(time.min),
            seconds(time.max),
            relative(*time, fastest.expect("a row")),
        ]);
    }
    table.to_string()
}

/// Decimals of seconds for a table whose smallest value is `smallest`: three, as hyperfine
/// writes, or more for three significant digits of a shorter time (at most nine).
fn decimals_for(smallest: f64) -> usize {
    if smallest.is_nan() || smallest <= 0.0 || smallest >= 0.1 {
        return 3;
    }
    let first_digit = -smallest.log10().floor() as usize;
    (first_digit + 2).clamp(3, 9)
}

/// A row's Relative cell: its mean over the fastest mean, `1.00` for the fastest itself,
/// `N/A` when the fastest took no measurable time.
fn relative(time: Summary, fastest: Summary) -> String {
    if fastest.mean <= 0.0 {
        return "N/A".to_string();
    }
    let ratio = time.mean / fastest.mean;
    if time == fastest {
        return format!("{ratio:.2}");
    }
    match (time.stddev, fastest.stddev) {
        (Some(a), Some(b)) => {
            let spread = ratio * ((a / time.mean).powi(2) + (b / fastest.mean).powi(2)).sqrt();
            format!("{ratio:.2} ± {spread:.2}")
        }
        _ => format!("{ratio:.2}"),
    }
}

#[cfg(test)]
mod tests {
    use super::super::RunTime;
    use super::*;

    fn series(command: &str, seconds: &[f64]) -> Series {
        Series {
            command: command.to_string(),
            unit: "draws/s".to_string(),
            times: seconds
                .iter()
                .map(|&seconds| RunTime {
                    count: 10,
                    seconds,
                    user: Some(seconds * 0.5),
                    system: Some(0.25),
                })
                .collect(),
        }
    }

    /// hyperfine's own Markdown test: 0.1057 ± 0.0016 s against 2.0050 ± 0.0020 s.
    fn hyperfine_example() -> Vec<Series> {
        // Three runs with mean 2.005 and sample σ 0.002, and three with mean 0.1057 and
        // σ 0.0016.
        vec![
            series("sleep 2", &[2.003, 2.005, 2.007]),
            series("sleep 0.1", &[0.1041, 0.1057, 0.1073]),
        ]
    }

    #[test]
    fn json_has_hyperfine_s_keys_and_the_runs() {
        let text = render(
            Format::Json,
            &[series("boardlab x bench", &[1.0, 2.0, 6.0])],
        );
        let parsed: serde_json::Value = serde_json::from_str(&text).unwrap();
        let result = &parsed["results"][0];
        let keys: Vec<&String> = result.as_object().unwrap().keys().collect();
        for key in [
            "command", "mean", "stddev", "median", "user", "system", "min", "max", "times",
        ] {
            assert!(keys.iter().any(|k| *k == key), "{key}: {text}");
        }
        assert_eq!(result["command"], "boardlab x bench");
        assert_eq!(result["mean"], 3.0);
        assert_eq!(result["stddev"], 7.0f64.sqrt());
        assert_eq!(result["median"], 2.0);
        assert_eq!(result["user"], 1.5);
        assert_eq!(result["system"], 0.25);
        assert_eq!(result["times"], json!([1.0, 2.0, 6.0]));
        assert_eq!(result["exit_codes"], json!([0, 0, 0]));
        let one = render(Format::Json, &[series("a", &[1.0])]);
        let one: serde_json::Value = serde_json::from_str(&one).unwrap();
        assert!(one["results"][0]["stddev"].is_null());
    }

    #[test]
    fn csv_has_hyperfine_s_columns_and_reads_back() {
        let text = render(Format::Csv, &hyperfine_example());
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
        assert_eq!(
            header,
            [
                "command", "mean", "stddev", "median", "user", "system", "min", "max"
            ]
        );
        let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        assert_eq!(rows.len(), 2);
        assert_eq!(&rows[1][0], "sleep 0.1");
        let field = |row: usize, column: usize| rows[row][column].parse::<f64>().unwrap();
        assert!((field(0, 1) - 2.005).abs() < 1e-12);
        assert!((field(0, 2) - 0.002).abs() < 1e-12);
        assert_eq!((field(0, 6), field(0, 7)), (2.003, 2.007));
        assert!((field(1, 3) - 0.1057).abs() < 1e-12);
        // One run: no standard deviation, an empty field.
        let one = render(Format::Csv, &[series("a,b", &[1.5])]);
        assert_eq!(
            one.lines().nth(1),
            Some("\"a,b\",1.5,,1.5,0.75,0.25,1.5,1.5")
        );
    }

    #[test]
    fn markdown_is_hyperfine_s_table_with_the_relative_speed() {
        let text = render(Format::Markdown, &hyperfine_example());
        assert_eq!(
            text,
            "| Command | Mean [s] | Min [s] | Max [s] | Relative |\n\
             |:---|---:|---:|---:|---:|\n\
             | `sleep 2` | 2.005 ± 0.002 | 2.003 | 2.007 | 18.97 ± 0.29 |\n\
             | `sleep 0.1` | 0.106 ± 0.002 | 0.104 | 0.107 | 1.00 |\n"
        );
    }

    #[test]
    fn short_runs_get_more_decimals_and_pipes_are_escaped() {
        let text = render(Format::Markdown, &[series("a | b", &[0.000_234])]);
        assert_eq!(
            text.lines().nth(2),
            Some("| `a \\| b` | 0.000234 | 0.000234 | 0.000234 | 1.00 |")
        );
        assert_eq!(decimals_for(2.0), 3);
        assert_eq!(decimals_for(0.1), 3);
        assert_eq!(decimals_for(0.05), 4);
        assert_eq!(decimals_for(0.005), 5);
        assert_eq!(decimals_for(1e-12), 9);
    }

    #[test]
    fn files_are_written_whole_and_a_bad_path_fails_before_the_runs() {
        let dir = tempfile::tempdir().unwrap();
        let json_path = dir.path().join("runs.json");
        let csv_path = dir.path().join("runs.csv");
        let exports =
            Exports::prepare(&[(Format::Json, &json_path), (Format::Csv, &csv_path)]).unwrap();
        assert!(!json_path.exists(), "written before the runs");
        exports.write(&[series("a", &[1.0, 2.0])]).unwrap();
        let written = std::fs::read_to_string(&json_path).unwrap();
        assert_eq!(written, render(Format::Json, &[series("a", &[1.0, 2.0])]));
        assert!(
            std::fs::read_to_string(&csv_path)
                .unwrap()
                .starts_with("command,")
        );
        let names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names.len(), 2, "temporary files left: {names:?}");

        let missing = dir.path().join("no/such/folder/runs.md");
        let error = Exports::prepare(&[(Format::Markdown, &missing)])
            .err()
            .unwrap()
            .to_string();
        assert!(error.contains("no/such/folder/runs.md"), "{error}");
        let error = Exports::prepare(&[(Format::Csv, dir.path())])
            .err()
            .unwrap()
            .to_string();
        assert!(
            error.ends_with("is a folder: an export needs a file name"),
            "{error}"
        );
    }
}
