//! One row of a match study's `draws.csv`, as [`super::study`] writes it:
//! `pairing,game,first,second,result,plies,moves`, the result from the first seat (`1-0`,
//! `0-1`, `1/2`) and the moves in the game's notation, separated by spaces, a forfeited
//! game's ending with a `forfeit:FAULT` token ([`crate::game::forfeit`]). Every reader of the
//! rows (the tables, the game records, the analyses of the games) splits them here.

use crate::game::forfeit::TOKEN_PREFIX;
use crate::game::{GameResult, Seat};

/// The fields of one row; each a slice of the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRow<'a> {
    pub pairing: &'a str,
    pub game: u64,
    pub first: &'a str,
    pub second: &'a str,
    /// `1-0`, `0-1` or `1/2` (checked by [`GameRow::outcome`], not by the split).
    pub result: &'a str,
    pub plies: u64,
    /// The whole last field: the moves, and a forfeit token where a player forfeited.
    pub moves: &'a str,
}

impl<'a> GameRow<'a> {
    /// Splits `line` (without its line break) into its seven fields; `None` where it has
    /// fewer or its game or plies is not a number. The moves, the last field, take the rest.
    pub fn parse(line: &'a str) -> Option<GameRow<'a>> {
        let [c1, c2, c3, c4, c5, c6] = crate::output::fields::commas::<6>(line.as_bytes())?;
        // Commas are ASCII, so each field is a str slice.
        Some(GameRow {
            pairing: &line[..c1],
            game: line[c1 + 1..c2].parse().ok()?,
            first: &line[c2 + 1..c3],
            second: &line[c3 + 1..c4],
            result: &line[c4 + 1..c5],
            plies: line[c5 + 1..c6].parse().ok()?,
            moves: &line[c6 + 1..],
        })
    }

    /// The result, or an error naming the field.
    pub fn outcome(&self) -> Result<GameResult, String> {
        match self.result {
            "1-0" => Ok(GameResult::Win(Seat::First)),
            "0-1" => Ok(GameResult::Win(Seat::Second)),
            "1/2" => Ok(GameResult::Draw),
            other => Err(format!("result `{other}` is not 1-0, 0-1 or 1/2")),
        }
    }

    /// The moves played, in order (a forfeit token is no move and is left out).
    pub fn played(&self) -> impl Iterator<Item = &'a str> + use<'a> {
        self.moves
            .split_whitespace()
            .filter(|token| !token.starts_with(TOKEN_PREFIX))
    }

    /// How many moves were played (the tokens of the last field, less a forfeit token, which
    /// only ends a row; moves are separated by single spaces, as the row writer keeps them)
    /// and whether the game ended by a forfeit. One pass over the bytes: the tables read
    /// every row of a run through it.
    pub fn count_moves(&self) -> (u64, bool) {
        let (mut spaces, mut last_token) = (0, 0);
        for (at, &byte) in self.moves.as_bytes().iter().enumerate() {
            if byte == b' ' {
                spaces += 1;
                last_token = at + 1;
            }
        }
        let tokens = if self.moves.is_empty() { 0 } else { spaces + 1 };
        let forfeited = self.moves[last_token..].starts_with(TOKEN_PREFIX);
        (tokens - u64::from(forfeited), forfeited)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_splits_into_its_seven_fields_and_the_moves_keep_their_spaces() {
        let row = GameRow::parse("a-vs-b,3,a,b,0-1,2,c3-d4 f6-e5").unwrap();
        assert_eq!(
            row,
            GameRow {
                pairing: "a-vs-b",
                game: 3,
                first: "a",
                second: "b",
                result: "0-1",
                plies: 2,
                moves: "c3-d4 f6-e5",
            }
        );
        assert_eq!(row.outcome(), Ok(GameResult::Win(Seat::Second)));
        assert_eq!(row.played().collect::<Vec<_>>(), ["c3-d4", "f6-e5"]);
        assert_eq!(row.count_moves(), (2, false));
    }

    #[test]
    fn a_forfeit_token_is_no_move_and_bad_rows_are_refused() {
        let row = GameRow::parse("a-vs-b,0,a,b,1-0,1,32-28 forfeit:timeout").unwrap();
        assert_eq!(row.played().collect::<Vec<_>>(), ["32-28"]);
        assert_eq!(row.count_moves(), (1, true));
        for moves in ["", "7", "7 6 1", "forfeit:timeout", "7 forfeit:x"] {
            let line = format!("p,0,a,b,1/2,0,{moves}");
            let row = GameRow::parse(&line).unwrap();
            let by_tokens = moves
                .split_whitespace()
                .last()
                .is_some_and(|last| last.starts_with(TOKEN_PREFIX));
            assert_eq!(
                row.count_moves(),
                (row.played().count() as u64, by_tokens),
                "{moves:?}"
            );
        }
        assert_eq!(GameRow::parse("a-vs-b,0,a,b,1-0"), None);
        assert_eq!(GameRow::parse("a-vs-b,x,a,b,1-0,1,c3-d4"), None);
        let draw = GameRow::parse("p,0,a,b,1/3,0,").unwrap();
        assert!(draw.outcome().unwrap_err().contains("1/3"));
    }
}
