//! Looking positions up in the endgame database: where the database comes from, each legal
//! move's exact value for the side that plays it, and the moves a perfect player picks from.
//!
//! **Where it comes from** ([`Source`]): a folder of database files, or `memory:N`, every class
//! of up to N pieces (N ≤ [`MAX_MEMORY_PIECES`]) solved in memory when first asked for. The
//! command line's `--endgames` names it; without it the environment variable
//! [`ENDGAMES_ENV`] does, else the folder [`DEFAULT_FOLDER`] in the current folder.
//! [`open`] is the one place a database is obtained; [`shared`] keeps one per source and
//! rules for the whole process, so that a player asked for a move, game after game, opens it
//! once.
//!
//! **A move's value** is seen from the side that plays it: the position after the move is
//! the opponent's, so the opponent's loss in `d` plies is the mover's win in `d + 1`, the
//! opponent's win in `d` the mover's loss in `d + 1`, and a draw stays a draw.
//!
//! The database knows boards, not the game's draw rules (threefold repetition, 60 quiet
//! plies, the ply cap): a "win in 70 plies" may be a draw in a game that counts quiet plies.

use super::{Database, Value};
use crate::draughts::board::Board;
use crate::draughts::movegen::legal_moves;
use crate::draughts::moves::Move;
use crate::draughts::rules::Rules;
use std::collections::HashMap;
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::{Mutex, OnceLock};

/// The environment variable that names the database when the command line does not.
pub const ENDGAMES_ENV: &str = "BOARDLAB_ENDGAMES";

/// The folder looked in when neither the command line nor [`ENDGAMES_ENV`] names one.
pub const DEFAULT_FOLDER: &str = "endgames";

/// The most pieces `memory:N` solves (four pieces take about a minute in a debug build).
pub const MAX_MEMORY_PIECES: u8 = 4;

/// Where the database comes from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// Every class of up to this many pieces, solved in memory.
    Memory(u8),
    /// A folder of database files.
    Folder(PathBuf),
}

impl FromStr for Source {
    type Err = String;

    /// `memory:N` with N from 1 to [`MAX_MEMORY_PIECES`], or any other text as a folder.
    fn from_str(text: &str) -> Result<Source, String> {
        let Some(pieces) = text.strip_prefix("memory:") else {
            if text.is_empty() {
                return Err("an empty endgame database location: name a folder or memory:N".into());
            }
            return Ok(Source::Folder(PathBuf::from(text)));
        };
        match pieces.parse::<u8>() {
            Ok(n) if (1..=MAX_MEMORY_PIECES).contains(&n) => Ok(Source::Memory(n)),
            _ => Err(format!(
                "endgames `{text}`: memory:N takes N from 1 to {MAX_MEMORY_PIECES} pieces"
            )),
        }
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Memory(n) => write!(f, "memory:{n}"),
            Source::Folder(path) => write!(f, "{}", path.display()),
        }
    }
}

impl Source {
    /// The source `option` names (the command line's `--endgames`), else the one
    /// [`ENDGAMES_ENV`] names, else the folder [`DEFAULT_FOLDER`].
    pub fn chosen(option: Option<&str>) -> Result<Source, String> {
        match option {
            Some(text) => text.parse(),
            None => match std::env::var(ENDGAMES_ENV) {
                Ok(text) => text.parse().map_err(|e| format!("{ENDGAMES_ENV}: {e}")),
                Err(_) => Ok(Source::Folder(PathBuf::from(DEFAULT_FOLDER))),
            },
        }
    }
}

/// The rules a database is solved for: Czech draughts and English checkers.
pub fn check_rules(rules: Rules) -> Result<(), String> {
    match rules {
        Rules::Czech | Rules::English => Ok(()),
        Rules::Damebot => Err(format!(
            "the endgame database is solved for czech and english rules, not {}; use --rules czech or --rules english",
            rules.name()
        )),
    }
}

/// The database of `rules` from `source`: the one function that obtains one.
pub fn open(source: &Source, rules: Rules) -> Result<Database, String> {
    check_rules(rules)?;
    match source {
        Source::Memory(pieces) => Ok(Database::solve_up_to(rules, *pieces)),
        Source::Folder(folder) => Database::open(folder, rules).map_err(|e| {
            if folder.join(rules.name()).is_dir() {
                return e;
            }
            format!("{e}, or solve one in memory with --endgames memory:N (or {ENDGAMES_ENV}=memory:N), N up to {MAX_MEMORY_PIECES}")
        }),
    }
}

/// The database of `rules` from `source`, opened once per process and kept.
pub fn shared(source: &Source, rules: Rules) -> Result<&'static Database, String> {
    type Opened = HashMap<(Source, Rules), &'static Database>;
    static OPENED: OnceLock<Mutex<Opened>> = OnceLock::new();
    let mut opened = OPENED
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let key = (source.clone(), rules);
    if let Some(database) = opened.get(&key) {
        return Ok(database);
    }
    let database: &'static Database = Box::leak(Box::new(open(source, rules)?));
    opened.insert(key, database);
    Ok(database)
}

/// The mover's value of a move, from `after`, the value of the position it leads to for the
/// opponent, who moves there.
pub fn mover_value(after: Value) -> Value {
    match after {
        Value::Loss(d) => Value::Win(d + 1),
        Value::Win(d) => Value::Loss(d + 1),
        Value::Draw => Value::Draw,
    }
}

/// Each legal move of `board` with its value for the side that plays it, `None` where the
/// position after it is outside the database.
pub fn move_values(database: &Database, board: &Board) -> Vec<(Move, Option<Value>)> {
    let mut moves = Vec::new();
    legal_moves(board, database.rules, &mut moves);
    moves
        .into_iter()
        .map(|mv| (mv, database.value(&board.play(&mv)).map(mover_value)))
        .collect()
}

/// A position's value and its moves', as `draughts moves --values` and the page show them.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionValues {
    /// The value for the side to move; `None` outside the database.
    pub value: Option<Value>,
    /// Each legal move with its value for the side that plays it ([`move_values`]).
    pub moves: Vec<(Move, Option<Value>)>,
}

impl PositionValues {
    pub fn of(database: &Database, board: &Board) -> PositionValues {
        PositionValues {
            value: database.value(board),
            moves: move_values(database, board),
        }
    }

    /// The value of `mv` for the side that plays it; `None` for a move outside the database
    /// or not legal here.
    pub fn of_move(&self, mv: &Move) -> Option<Value> {
        self.moves
            .iter()
            .find(|(m, _)| m == mv)
            .and_then(|(_, v)| *v)
    }
}

/// How good a value is for its side: a higher rank is better. A win beats a draw beats a
/// loss; a faster win and a slower loss are better.
pub fn rank(value: Value) -> i32 {
    match value {
        Value::Win(d) => 100_000 - i32::from(d),
        Value::Draw => 0,
        Value::Loss(d) => -100_000 + i32::from(d),
    }
}

/// The moves a perfect player picks from in `board`: those of the best value (the fastest
/// win, else a draw, else the slowest loss), in the move generator's order; `None` when
/// the board, or a position after one of its moves, is outside the database. A board
/// without a legal move has none.
pub fn best_moves(database: &Database, board: &Board) -> Option<Vec<Move>> {
    database.value(board)?;
    let values = move_values(database, board);
    let ranked: Vec<(Move, i32)> = values
        .iter()
        .map(|(mv, value)| value.map(|v| (*mv, rank(v))))
        .collect::<Option<_>>()?;
    let Some(best) = ranked.iter().map(|(_, r)| *r).max() else {
        return Some(Vec::new());
    };
    Some(
        ranked
            .into_iter()
            .filter(|(_, r)| *r == best)
            .map(|(mv, _)| mv)
            .collect(),
    )
}

/// `win`, `loss` or `draw`.
pub fn value_word(value: Value) -> &'static str {
    match value {
        Value::Win(_) => "win",
        Value::Loss(_) => "loss",
        Value::Draw => "draw",
    }
}

/// The plies to the end under best play; `None` for a draw.
pub fn value_plies(value: Value) -> Option<u16> {
    match value {
        Value::Win(d) | Value::Loss(d) => Some(d),
        Value::Draw => None,
    }
}

/// A value in words: `win in 7 plies`, `loss in 1 ply`, `draw`.
pub fn describe(value: Value) -> String {
    match value_plies(value) {
        Some(1) => format!("{} in 1 ply", value_word(value)),
        Some(d) => format!("{} in {d} plies", value_word(value)),
        None => "draw".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::fen::parse_fen;

    fn czech() -> &'static Database {
        shared(&Source::Memory(3), Rules::Czech).unwrap()
    }

    fn values_of(database: &Database, fen: &str) -> Vec<(String, Option<Value>)> {
        let board = parse_fen(fen).unwrap();
        move_values(database, &board)
            .into_iter()
            .map(|(mv, value)| (mv.to_string(), value))
            .collect()
    }

    #[test]
    fn sources_read_and_print_back() {
        assert_eq!("memory:3".parse(), Ok(Source::Memory(3)));
        assert_eq!(
            "db/czech".parse(),
            Ok(Source::Folder(PathBuf::from("db/czech")))
        );
        for text in ["memory:0", "memory:5", "memory:x", "memory:"] {
            let error = text.parse::<Source>().unwrap_err();
            assert!(error.contains(text) && error.contains("1 to 4"), "{error}");
        }
        assert!("".parse::<Source>().is_err());
        for text in ["memory:1", "memory:4", "some/folder"] {
            assert_eq!(text.parse::<Source>().unwrap().to_string(), text);
        }
        assert_eq!(
            Source::chosen(Some("memory:2")),
            Ok(Source::Memory(2)),
            "the option wins over the environment"
        );
    }

    #[test]
    fn a_folder_without_files_and_damebot_rules_are_refused_in_one_line() {
        let error = open(&Source::Folder("nowhere".into()), Rules::Czech).unwrap_err();
        assert!(error.starts_with("nowhere: "), "{error}");
        assert!(error.contains("endgame build") && error.contains("memory:N"));
        let error = open(&Source::Memory(2), Rules::Damebot).unwrap_err();
        assert!(error.contains("czech and english"), "{error}");
        assert!(!error.contains('\n'));
    }

    #[test]
    fn the_shared_database_is_opened_once() {
        let first = shared(&Source::Memory(2), Rules::English).unwrap();
        let second = shared(&Source::Memory(2), Rules::English).unwrap();
        assert!(std::ptr::eq(first, second));
        let other = shared(&Source::Memory(2), Rules::Czech).unwrap();
        assert!(!std::ptr::eq(first, other));
    }

    /// A flying king takes the last piece, landing on any square beyond it: every landing
    /// wins at once (Black is left without a piece, so without a move).
    #[test]
    fn taking_the_last_piece_is_a_win_in_one_ply() {
        let values = values_of(czech(), "W:WKa1:Bc3");
        assert_eq!(values.len(), 5, "{values:?}");
        for (mv, value) in &values {
            assert!(mv.starts_with("a1:"), "{mv}");
            assert_eq!(*value, Some(Value::Win(1)), "{mv}");
        }
        let board = parse_fen("W:WKa1:Bc3").unwrap();
        assert_eq!(czech().value(&board), Some(Value::Win(1)));
    }

    /// In checkers a king jumps one square: a1 over b2 to c3.
    #[test]
    fn a_short_king_takes_the_last_piece_too() {
        let database = shared(&Source::Memory(3), Rules::English).unwrap();
        assert_eq!(
            values_of(database, "W:WKa1:Bb2"),
            vec![("a1:c3".to_string(), Some(Value::Win(1)))]
        );
    }

    /// White's man on a1 is blocked by b2, and c3 stops the capture: no legal move, lost now.
    #[test]
    fn a_side_without_a_move_has_lost_in_zero_plies() {
        let board = parse_fen("W:Wa1:Bb2,c3").unwrap();
        assert_eq!(czech().value(&board), Some(Value::Loss(0)));
        assert!(move_values(czech(), &board).is_empty());
        assert_eq!(best_moves(czech(), &board), Some(vec![]));
    }

    /// Every move's value is the opponent's value after it, turned round, and the position's
    /// own value is the best of them: the solver's own equation, checked through this module.
    #[test]
    fn the_position_s_value_is_its_best_move_s() {
        for fen in [
            "W:WKa1:Bc3",
            "B:WKd2,Kb4:BKb2",
            "W:Wc3:Bf6",
            "W:WKe1:Bd6,Kh8",
        ] {
            let board = parse_fen(fen).unwrap();
            let values = move_values(czech(), &board);
            let best = values.iter().map(|(_, v)| rank(v.unwrap())).max();
            assert_eq!(best, czech().value(&board).map(rank), "{fen}");
            let picks = best_moves(czech(), &board).unwrap();
            assert!(!picks.is_empty(), "{fen}");
            for mv in picks {
                let value = values.iter().find(|(m, _)| *m == mv).unwrap().1;
                assert_eq!(value.map(rank), best, "{fen} {mv}");
            }
        }
    }

    #[test]
    fn values_are_told_in_words() {
        assert_eq!(describe(Value::Win(7)), "win in 7 plies");
        assert_eq!(describe(Value::Loss(1)), "loss in 1 ply");
        assert_eq!(describe(Value::Draw), "draw");
        assert_eq!(mover_value(Value::Loss(0)), Value::Win(1));
        assert_eq!(mover_value(Value::Win(4)), Value::Loss(5));
        assert!(rank(Value::Win(3)) > rank(Value::Win(5)));
        assert!(rank(Value::Loss(9)) > rank(Value::Loss(2)));
        assert!(rank(Value::Win(900)) > rank(Value::Draw));
        assert!(rank(Value::Draw) > rank(Value::Loss(900)));
    }

    #[test]
    fn a_board_outside_the_database_has_no_best_moves() {
        let board = Board::start();
        assert_eq!(czech().value(&board), None);
        assert_eq!(best_moves(czech(), &board), None);
        assert!(
            move_values(czech(), &board)
                .iter()
                .all(|(_, v)| v.is_none())
        );
    }
}
