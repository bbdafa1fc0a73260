//! `draws.csv`: one row per draw, in the spec's order (series by series, draw index
//! ascending).
//!
//! Columns: `ordering` (the series label), `draw` (the draw index), `outcome`
//! (`solved|censored|exhausted`), `iterations`, `step_backs`, `retries`; then `restarts`
//! when any series of the spec restarts; and with `--boards` a last column `board` holding
//! the final board in FEN. Counters of a draw with restarts are sums over its runs.

use crate::chess_memory::board::{BoardFormat, format_board};
use crate::chess_memory::search::{Draw, Outcome};
use crate::experiment::Describe;
use crate::experiment::StudyError;

/// Results of this module: a puzzle's error ([`StudyError`]) unless another is named.
type Result<T, E = StudyError> = std::result::Result<T, E>;

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

/// Reads one row of `draws.csv` (without its line break), in the layout of a file with or
/// without restarts and boards ([`header`]). No field holds a comma or a quote (labels are
/// checked, boards are FEN), so a row is its fields joined by commas.
pub fn parse_row(text: &str, with_restarts: bool, with_boards: bool) -> Result<DrawRow> {
    let columns = COLUMNS.len() + usize::from(with_restarts) + usize::from(with_boards);
    let fields: Vec<&str> = text.split(',').collect();
    if fields.len() != columns {
        return Err(format!("{} fields where the header has {columns}", fields.len()).into());
    }
    let number = |i: usize| -> Result<u64> {
        fields[i]
            .parse()
            .describe(|| format!("column {} is not a count: '{}'", i + 1, fields[i]))
    };
    let outcome =
        Outcome::parse(fields[2]).ok_or_else(|| format!("unknown outcome '{}'", fields[2]))?;
    Ok(DrawRow {
        ordering: fields[0].to_string(),
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
        board: with_boards.then(|| fields[columns - 1].to_string()),
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
        let mut bytes = header(true, true);
        bytes.extend(encode(&rows));
        let text = String::from_utf8(bytes).unwrap();
        assert!(text.starts_with(
            "ordering,draw,outcome,iterations,step_backs,retries,restarts,board\nQNBR,0,solved,40,3,2,0,QQ6/8/8/8/8/8/8/8\n"
        ));
        let read_back: Vec<DrawRow> = text
            .lines()
            .skip(1)
            .map(|line| parse_row(line, true, true).unwrap())
            .collect();
        assert_eq!(read_back, rows);
    }

    #[test]
    fn a_malformed_row_says_what_is_wrong() {
        let error = parse_row("QNBR,0,solved,x,1,1", false, false).unwrap_err();
        assert!(error.to_string().contains("column 4"), "{error:#}");
        let error = parse_row("QNBR,0,solved,1,1", false, false).unwrap_err();
        assert!(error.to_string().contains("5 fields"), "{error:#}");
    }
}
