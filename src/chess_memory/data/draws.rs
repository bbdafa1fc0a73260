//! `draws.csv`: one row per draw, in the spec's order (series by series, draw index
//! ascending).
//!
//! Columns: `ordering` (the series label), `draw` (the draw index), `outcome`
//! (`solved|censored|exhausted`), `iterations`, `step_backs`, `retries`; then `restarts`
//! when any series of the spec restarts; and with `--boards` a last column `board` holding
//! the final board in FEN. Counters of a draw with restarts are sums over its runs.

use crate::chess_memory::board::{BoardFormat, format_board};
use crate::chess_memory::search::{Draw, Outcome};
use anyhow::{Context, bail};
use std::path::Path;

/// The header without the optional board column.
pub const COLUMNS: [&str; 6] = [
    "ordering",
    "draw",
    "outcome",
    "iterations",
    "step_backs",
    "retries",
];

/// One row of `draws.csv`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawRow {
    pub ordering: String,
    pub draw: u64,
    pub outcome: Outcome,
    pub iterations: u64,
    pub step_backs: u64,
    pub retries: u64,
    pub restarts: Option<u64>,
    pub board: Option<String>,
}

impl DrawRow {
    /// The row of draw `index` of series `label`.
    pub fn new(
        label: &str,
        index: u64,
        draw: &Draw,
        with_board: bool,
        with_restarts: bool,
    ) -> DrawRow {
        DrawRow {
            ordering: label.to_string(),
            draw: index,
            outcome: draw.outcome,
            iterations: draw.counters.iterations,
            step_backs: draw.counters.step_backs,
            retries: draw.counters.retries,
            restarts: with_restarts.then_some(draw.counters.restarts),
            board: with_board.then(|| format_board(&draw.board, BoardFormat::Fen)),
        }
    }
}

/// The header line (with its newline) for a file with or without restarts and boards.
pub fn header(with_boards: bool, with_restarts: bool) -> Vec<u8> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let mut columns: Vec<&str> = COLUMNS.to_vec();
    if with_restarts {
        columns.push("restarts");
    }
    if with_boards {
        columns.push("board");
    }
    writer.write_record(&columns).expect("writing to memory");
    writer.into_inner().expect("writing to memory")
}

/// The CSV text of `rows`, without a header.
pub fn encode(rows: &[DrawRow]) -> Vec<u8> {
    let mut writer = csv::Writer::from_writer(Vec::with_capacity(rows.len() * 48));
    for row in rows {
        let restarts = row.restarts.unwrap_or(0);
        let numbers = [
            row.draw,
            row.iterations,
            row.step_backs,
            row.retries,
            restarts,
        ]
        .map(|n| n.to_string());
        let mut record = vec![
            row.ordering.as_str(),
            numbers[0].as_str(),
            row.outcome.as_str(),
            numbers[1].as_str(),
            numbers[2].as_str(),
            numbers[3].as_str(),
        ];
        if row.restarts.is_some() {
            record.push(&numbers[4]);
        }
        if let Some(board) = &row.board {
            record.push(board);
        }
        writer.write_record(&record).expect("writing to memory");
    }
    writer.into_inner().expect("writing to memory")
}

/// Reads the rows of a `draws.csv` file (or its partial form) in file order, calling
/// `visit` for each. Stops at the first malformed row with an error naming the line.
pub fn read(
    path: &Path,
    mut visit: impl FnMut(DrawRow) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    for row in rows(path)? {
        visit(row?)?;
    }
    Ok(())
}

/// The rows of a `draws.csv` file as an iterator; errors name the file and line.
pub fn rows(path: &Path) -> anyhow::Result<impl Iterator<Item = anyhow::Result<DrawRow>> + use<>> {
    let mut reader = csv::ReaderBuilder::new()
        .flexible(false)
        .from_path(path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let headers = reader
        .headers()
        .with_context(|| format!("cannot read {}", path.display()))?
        .clone();
    let extra: Vec<&str> = headers.iter().skip(COLUMNS.len()).collect();
    let with_restarts = extra.first() == Some(&"restarts");
    let with_boards = extra.last() == Some(&"board");
    let known = extra.len() == usize::from(with_restarts) + usize::from(with_boards);
    if headers.iter().take(COLUMNS.len()).ne(COLUMNS) || !known {
        bail!(
            "{} does not have the draws.csv header {}[,restarts][,board]",
            path.display(),
            COLUMNS.join(",")
        );
    }
    let shown = path.display().to_string();
    Ok(reader.into_records().map(move |record| {
        let record = record.with_context(|| format!("reading {shown}"))?;
        let line = record.position().map_or(0, |p| p.line());
        parse_record(&record, with_restarts, with_boards)
            .with_context(|| format!("{shown} line {line}"))
    }))
}

fn parse_record(
    record: &csv::StringRecord,
    with_restarts: bool,
    with_boards: bool,
) -> anyhow::Result<DrawRow> {
    let number = |i: usize| -> anyhow::Result<u64> {
        record[i]
            .parse()
            .with_context(|| format!("column {} is not a count: '{}'", i + 1, &record[i]))
    };
    let outcome =
        Outcome::parse(&record[2]).with_context(|| format!("unknown outcome '{}'", &record[2]))?;
    Ok(DrawRow {
        ordering: record[0].to_string(),
        draw: number(1)?,
        outcome,
        iterations: number(3)?,
        step_backs: number(4)?,
        retries: number(5)?,
        restarts: if with_restarts {
            Some(number(6)?)
        } else {
            None
        },
        board: with_boards.then(|| record[record.len() - 1].to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_round_trip_through_a_file() {
        let rows = vec![
            DrawRow {
                ordering: "QNBR".into(),
                draw: 0,
                outcome: Outcome::Solved,
                iterations: 40,
                step_backs: 3,
                retries: 2,
                restarts: Some(0),
                board: Some("QQ6/8/8/8/8/8/8/8".into()),
            },
            DrawRow {
                ordering: "QNBR".into(),
                draw: 1,
                outcome: Outcome::Censored,
                iterations: 100,
                step_backs: 30,
                retries: 20,
                restarts: Some(3),
                board: Some("8/8/8/8/8/8/8/8".into()),
            },
        ];
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("draws.csv");
        let mut bytes = header(true, true);
        bytes.extend(encode(&rows));
        std::fs::write(&path, &bytes).unwrap();
        let text = String::from_utf8(bytes).unwrap();
        assert!(text.starts_with(
            "ordering,draw,outcome,iterations,step_backs,retries,restarts,board\nQNBR,0,solved,40,3,2,0,QQ6/8/8/8/8/8/8/8\n"
        ));
        let mut read_back = Vec::new();
        read(&path, |row| {
            read_back.push(row);
            Ok(())
        })
        .unwrap();
        assert_eq!(read_back, rows);
    }

    #[test]
    fn a_malformed_row_is_reported_with_its_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("draws.csv");
        std::fs::write(
            &path,
            "ordering,draw,outcome,iterations,step_backs,retries\nQNBR,0,solved,x,1,1\n",
        )
        .unwrap();
        let error = read(&path, |_| Ok(())).unwrap_err();
        assert!(format!("{error:#}").contains("line 2"), "{error:#}");
    }
}
