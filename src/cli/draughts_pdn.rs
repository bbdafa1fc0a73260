//! `boardlab draughts replay` and `boardlab draughts pdn`: game records in PDN read and
//! checked against the rules, and a match study's games written as PDN; and the `--pdn FILE`
//! of `draughts games` and `draughts play`.

use crate::draughts::pdn::study::{KeepRows, RowFilter, StudyGame, row_to_pdn, rows_to_pdn};
use crate::draughts::pdn::{Recordable, Replayed, replay_each, write_session};
use crate::draughts::variant::RulesChoice;
use crate::game::console::Outcome;
use crate::game::{GameResult, Session, Sitter};
use crate::names::counted;
use anyhow::Context;
use clap::Args;
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 every move of every game is legal; 2 a file that does not \
read, or the first illegal move (one line: game N, move M, SIDE (text): not legal here; legal: \
...).

Examples (README.md, \"Game records (PDN)\"):
  boardlab draughts games random alphabeta:1 --games 2 --pdn games.pdn && boardlab draughts replay games.pdn
  printf '1. g3-f4 b6-a5 2. f4-g5' | boardlab draughts replay - --rules czech"
)]
pub struct ReplayArgs {
    /// The PDN file (`-` for standard input): one game or many, with tags, comments and
    /// variations, or just moves as the page's "Copy moves" gives them.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Rules of every game (default: each game's `Variant` or `GameType` tag).
    #[arg(long, value_parser = crate::cli::offered::<RulesChoice>())]
    pub rules: Option<RulesChoice>,
}

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 success, 2 a folder that is no draughts study, a row \
that does not replay, or another error (one line).

The folder's draws.csv is read, never changed; the games go to standard output. README.md, \
\"Game records (PDN)\", shows a run and its games as PDN."
)]
pub struct PdnArgs {
    /// The results folder of a draughts match study (`boardlab run`).
    #[arg(value_name = "RESULTS")]
    pub results: PathBuf,

    /// Only the games of this pairing, e.g. `random-vs-damebot`.
    #[arg(long, value_name = "A-vs-B")]
    pub pairing: Option<String>,

    /// Only these game indices, e.g. `0-9,12`.
    #[arg(long, value_name = "LIST")]
    pub games: Option<String>,
}

pub(super) fn replay(args: &ReplayArgs) -> anyhow::Result<ExitCode> {
    let source: Box<dyn Read> = if args.file == Path::new("-") {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(
            std::fs::File::open(&args.file)
                .with_context(|| format!("reading {}", args.file.display()))?,
        )
    };
    // Each game is replayed and dropped as soon as its lines are written; the lines are shown
    // once every game has replayed, so that a bad game leaves no partial listing. Past a
    // mebibyte they wait in a temporary file, so memory stays bounded however long the file.
    let mut listing = tempfile::SpooledTempFile::new(LISTING_IN_MEMORY);
    let mut lines = crate::output::document::Document::new();
    let mut failed_write = None;
    let games = replay_each(source, args.rules, |game| {
        write_summary(&mut lines, &game);
        if let Err(e) = listing.write_all(lines.as_bytes()) {
            failed_write = Some(e);
            return Err("cannot keep the listing".into());
        }
        lines = crate::output::document::Document::new();
        Ok(())
    });
    if let Some(e) = failed_write {
        return Err(anyhow::Error::new(e).context("keeping the listing in a temporary file"));
    }
    let games = games.map_err(anyhow::Error::msg)?;
    listing.seek(std::io::SeekFrom::Start(0))?;
    let mut out = std::io::stdout().lock();
    std::io::copy(&mut listing, &mut out)?;
    writeln!(out, "{}, every move legal", counted(games, "game", "games"))?;
    Ok(ExitCode::SUCCESS)
}

/// The bytes of a replay's listing held in memory before it moves to a temporary file.
const LISTING_IN_MEMORY: usize = 1 << 20;

/// A replayed game's two lines: who played, the rules, its length and result, and its end.
fn write_summary(out: &mut crate::output::document::Document, game: &Replayed) {
    let tag = |name: &str| {
        let value = game
            .tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str());
        value.filter(|v| !v.is_empty()).unwrap_or("?").to_string()
    };
    writeln!(
        out,
        "game {}: {} - {} ({}, {}), {} rules, {} ({}), result {}",
        game.game,
        tag("White"),
        tag("Black"),
        tag("Event"),
        tag("Date"),
        game.rules,
        counted(game.numbered, "move", "moves"),
        counted(game.moves.len(), "ply", "plies"),
        // PDN's word for a result not given, whether the record writes it or not.
        game.result.as_deref().unwrap_or("*"),
    );
    writeln!(out, "  end {}", game.end);
}

pub(super) fn pdn(args: &PdnArgs) -> anyhow::Result<ExitCode> {
    let manifest = args.results.join("manifest.json");
    let manifest = std::fs::read_to_string(&manifest).with_context(|| {
        format!(
            "reading {}: give the results folder of a draughts study",
            manifest.display()
        )
    })?;
    let study = StudyGame::of_manifest(&manifest).map_err(anyhow::Error::msg)?;
    let filter = RowFilter {
        pairing: args.pairing.clone(),
        games: match &args.games {
            Some(list) => RowFilter::parse_games(list).map_err(anyhow::Error::msg)?,
            None => Vec::new(),
        },
    };
    let mut out = std::io::stdout().lock();
    let mut written = 0;
    crate::experiment::read_finished_rows(&args.results, &crate::puzzles::REGISTRY, |row| {
        let kept = row_to_pdn(&study, row.text, &filter, written == 0, &mut out)
            .map_err(|e| format!("draws.csv line {}: {e}", row.position + 2))?;
        written += usize::from(kept);
        Ok(())
    })?;
    if written == 0 {
        anyhow::bail!(
            "no game of {} matches --pairing and --games",
            args.results.join("draws.csv").display()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Standard output that also keeps the rows, for `draughts games --pdn`.
pub(super) fn keep_rows<W: Write>(out: W) -> KeepRows<W> {
    KeepRows {
        out,
        rows: Vec::new(),
    }
}

/// Writes the rows kept by `draughts games` to `path` as PDN.
pub(super) fn save_rows(path: &Path, rules: RulesChoice, rows: &[u8]) -> anyhow::Result<()> {
    let study = StudyGame {
        rules,
        // `draughts games` plays Czech and English on the 8×8 generator, as `draughts` does.
        national: rules.board_rules().is_none(),
        event: "boardlab draughts games".into(),
        date: crate::draughts::pdn::writer::today(),
    };
    let mut file = Vec::new();
    rows_to_pdn(
        &study,
        &String::from_utf8_lossy(rows),
        &RowFilter::default(),
        &mut file,
    )
    .map_err(anyhow::Error::msg)?;
    std::fs::write(path, file).with_context(|| format!("writing {}", path.display()))
}

/// Writes the game of `session`, ended by `outcome`, to `path` as PDN: a resignation is the
/// other seat's win, a game left unfinished has the result `*`.
pub(super) fn save_session<G: Recordable + crate::game::matches::MatchGame + Clone>(
    path: &Path,
    session: &Session<G>,
    outcome: Outcome,
) -> anyhow::Result<()> {
    let name = |sitter: &Sitter| match sitter {
        Sitter::Person => "you".to_string(),
        Sitter::Bot(bot) => bot.clone(),
    };
    let result = match outcome {
        Outcome::Finished(result) => Some(result),
        Outcome::Resigned(seat) => Some(GameResult::Win(seat.other())),
        Outcome::Left => None,
    };
    let text = write_session(session, "boardlab draughts play", name, result);
    std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))
}
