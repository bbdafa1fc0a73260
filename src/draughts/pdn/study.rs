//! A match study's games as PDN: the rows of a results folder's `draws.csv` (or of
//! `boardlab draughts games`, which writes the same rows) turned into game records, without
//! touching the folder. Each row's moves are replayed under the study's rules before they are
//! written, so a record holds only legal games.
//!
//! Tags: `Event` the study's name, `Site` `boardlab`, `Date` the day the run started (from
//! `manifest.json`), `Round` the game's index in its pairing, `White` and `Black` the bots of
//! the first and second seat, and the result of the row.

use super::recordable::Recordable;
use super::writer::{Tags, write_game};
use crate::draughts::game::Draughts;
use crate::draughts::variant::RulesChoice;
use crate::draughts::variant::game::VariantGame;
use crate::game::matches::row::GameRow;
use std::io::Write;

/// Which rows to convert.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RowFilter {
    /// Only this pairing (`A-vs-B`), if given.
    pub pairing: Option<String>,
    /// Only these game indices (inclusive ranges), if given.
    pub games: Vec<(u64, u64)>,
}

impl RowFilter {
    /// Reads a list of game indices and ranges, e.g. `0-9,12`.
    pub fn parse_games(text: &str) -> Result<Vec<(u64, u64)>, String> {
        text.split(',')
            .map(|part| {
                let bad = || format!("--games `{part}`: write indices and ranges, e.g. 0-9,12");
                let (low, high) = part.split_once('-').unwrap_or((part, part));
                let low: u64 = low.trim().parse().map_err(|_| bad())?;
                let high: u64 = high.trim().parse().map_err(|_| bad())?;
                if low > high {
                    return Err(bad());
                }
                Ok((low, high))
            })
            .collect()
    }

    fn keeps(&self, pairing: &str, game: u64) -> bool {
        self.pairing.as_deref().is_none_or(|p| p == pairing)
            && (self.games.is_empty() || self.games.iter().any(|(l, h)| (*l..=*h).contains(&game)))
    }
}

/// What the rows' game is: the study's puzzle and rules, its name and the date of its run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StudyGame {
    pub rules: RulesChoice,
    /// The rows are the national games' (`puzzle = "draughts-variants"`, whose moves are
    /// written with every landing square and English squares numbered 1-32), not the 8×8
    /// generator's of `puzzle = "draughts"` (Czech, English and Damebot's rules).
    pub national: bool,
    pub event: String,
    pub date: String,
}

impl StudyGame {
    /// Reads a results folder's `manifest.json` text.
    pub fn of_manifest(text: &str) -> Result<StudyGame, String> {
        let manifest: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("manifest.json: {e}"))?;
        let spec = &manifest["spec"];
        let puzzle = spec["puzzle"].as_str().unwrap_or_default();
        if puzzle != "draughts" && puzzle != "draughts-variants" {
            return Err(format!(
                "the study is of `{puzzle}`, not of draughts; give the results folder of a draughts study"
            ));
        }
        // A spec's rules are left out of its manifest where they are the puzzle's default.
        let national = puzzle == "draughts-variants";
        let default = if national { "international" } else { "czech" };
        let rules = spec["rules"].as_str().unwrap_or(default);
        let rules = rules.parse().map_err(|e| format!("manifest.json: {e}"))?;
        let date = manifest["start"].as_str().unwrap_or_default();
        Ok(StudyGame {
            rules,
            national,
            event: spec["name"].as_str().unwrap_or_default().to_string(),
            date: super::writer::pdn_date(date),
        })
    }
}

/// Writes the kept rows of `rows` (a `draws.csv`, header first) as PDN to `out`; returns the
/// number of games written. A row that does not replay is an error naming its line.
pub fn rows_to_pdn(
    study: &StudyGame,
    rows: &str,
    filter: &RowFilter,
    out: &mut impl Write,
) -> Result<usize, String> {
    let mut written = 0;
    for (line, row) in rows.lines().enumerate().skip(1) {
        let kept = row_to_pdn(study, row, filter, written == 0, out)
            .map_err(|e| format!("draws.csv line {}: {e}", line + 1))?;
        written += usize::from(kept);
    }
    Ok(written)
}

/// Writes the game of one row as PDN to `out` if `filter` keeps it (with a blank line before
/// it unless it is the `first` written); returns whether it did. A row that does not replay
/// under the study's rules is an error.
pub fn row_to_pdn(
    study: &StudyGame,
    row: &str,
    filter: &RowFilter,
    first: bool,
    out: &mut impl Write,
) -> Result<bool, String> {
    match study.rules.board_rules().filter(|_| !study.national) {
        Some(rules) => convert(&Draughts::new(rules), study, row, filter, first, out),
        None => {
            let variant = study
                .rules
                .variant()
                .ok_or("Damebot's rules are not a national game")?;
            let game = VariantGame::new(variant, u32::MAX);
            convert(&game, study, row, filter, first, out)
        }
    }
}

fn convert<G: Recordable>(
    game: &G,
    study: &StudyGame,
    row: &str,
    filter: &RowFilter,
    first: bool,
    out: &mut impl Write,
) -> Result<bool, String> {
    let row = GameRow::parse(row).ok_or(
        "expected pairing,game,first,second,result,plies,moves with numbers for game and plies",
    )?;
    if !filter.keeps(row.pairing, row.game) {
        return Ok(false);
    }
    let result = row.outcome()?;
    let start = game.start();
    let mut position = start.clone();
    let mut played = Vec::new();
    for text in row.played() {
        let mv = game.parse_move(&position, text)?;
        position = game.play(&position, &mv);
        played.push(mv);
    }
    let tags = Tags {
        event: study.event.clone(),
        site: super::writer::SITE.into(),
        date: study.date.clone(),
        round: row.game.to_string(),
        white: row.first.to_string(),
        black: row.second.to_string(),
    };
    if !first {
        writeln!(out).map_err(|e| e.to_string())?;
    }
    out.write_all(write_game(game, &start, &played, &tags, Some(result)).as_bytes())
        .map_err(|e| e.to_string())?;
    Ok(true)
}

/// A writer that passes everything on to `out` and keeps a copy: the rows that
/// `boardlab draughts games` prints, kept to be written as PDN when the batch ends.
#[derive(Debug)]
pub struct KeepRows<W: Write> {
    pub out: W,
    pub rows: Vec<u8>,
}

impl<W: Write> Write for KeepRows<W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let written = self.out.write(bytes)?;
        self.rows.extend_from_slice(&bytes[..written]);
        Ok(written)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}
