//! A ladder: one outside engine held at fixed depths, as a yardstick. Players written
//! `PROTOCOL[settings]:COMMAND` (`dxp[depth=4;timeout=60]:mobydam-dxp {port}`) that differ only
//! in their `depth=N` setting are the rungs of one ladder; where a study has at least
//! [`MIN_RUNGS`] of them, its finding places every other player between two rungs by its
//! rating ([`finding`]).

use super::ratings::RatingRow;

/// The fewest rungs that make a ladder.
pub const MIN_RUNGS: usize = 3;

/// A player's name read as an engine at settings: the protocol, the settings other than
/// the depth, the depth, and the command.
fn engine_at_depth(name: &str) -> Option<(String, u32, &str)> {
    let (head, command) = name.split_once("]:")?;
    let (protocol, settings) = head.split_once('[')?;
    if protocol.is_empty() || !protocol.chars().all(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    let mut depth = None;
    let mut others = Vec::new();
    for setting in settings.split(';') {
        match setting.strip_prefix("depth=") {
            Some(value) => depth = Some(value.parse().ok()?),
            None => others.push(setting),
        }
    }
    Some((
        format!("{protocol}[{}]:{command}", others.join(";")),
        depth?,
        command,
    ))
}

/// One engine's levels: its name less the depth, its command, and its rungs.
type Ladder<'a> = (String, &'a str, Vec<(u32, &'a RatingRow)>);

/// The rungs of the study's ladder, lowest depth first, and the engine's command; none where
/// no engine has [`MIN_RUNGS`] rated depths. Of several ladders, the one with the most rungs.
pub fn rungs(rows: &[RatingRow]) -> Option<(Vec<(u32, &RatingRow)>, &str)> {
    let mut ladders: Vec<Ladder> = Vec::new();
    for row in rows.iter().filter(|r| r.rating.is_some()) {
        let Some((engine, depth, command)) = engine_at_depth(&row.player) else {
            continue;
        };
        match ladders.iter_mut().find(|(e, _, _)| *e == engine) {
            Some((_, _, rungs)) => rungs.push((depth, row)),
            None => ladders.push((engine, command, vec![(depth, row)])),
        }
    }
    let (_, command, mut rungs) = ladders
        .into_iter()
        .filter(|(_, _, rungs)| rungs.len() >= MIN_RUNGS)
        .max_by_key(|(_, _, rungs)| rungs.len())?;
    rungs.sort_by_key(|(depth, _)| *depth);
    Some((rungs, command))
}

/// Where each player off the ladder stands on it, as one sentence: `on the ladder of
/// COMMAND at depths 1–8: P R [L, H] between depth 3 (R3) and depth 4 (R4); …` (the ladder's
/// engine at other settings named `the engine at SETTINGS`), players in
/// the order of `rows` (best first); `rating` writes a rating with its interval and `signed`
/// a rung's rating alone. None where the study has no ladder or no player off it.
pub fn finding(
    rows: &[RatingRow],
    rating: impl Fn(&RatingRow) -> String,
    signed: impl Fn(f64) -> String,
) -> Option<String> {
    let (rungs, command) = rungs(rows)?;
    let on_ladder = |row: &RatingRow| rungs.iter().any(|(_, r)| r.player == row.player);
    let rung = |(depth, row): &(u32, &RatingRow)| {
        format!("depth {depth} ({})", signed(row.rating.expect("rated")))
    };
    let places: Vec<String> = rows
        .iter()
        .filter(|row| !on_ladder(row))
        .filter_map(|row| {
            let value = row.rating?;
            let below = rungs.iter().rev().find(|(_, r)| r.rating < Some(value));
            let above = rungs.iter().find(|(_, r)| r.rating >= Some(value));
            let place = match (below, above) {
                (Some(b), Some(a)) => format!("between {} and {}", rung(b), rung(a)),
                (None, Some(a)) => format!("below {}", rung(a)),
                (Some(b), None) => format!("above {}", rung(b)),
                (None, None) => return None,
            };
            // The ladder's own engine at other settings is named by them alone.
            let name = match row
                .player
                .strip_suffix(command)
                .and_then(|h| h.strip_suffix("]:"))
            {
                Some(head) => format!(
                    "the engine at {}",
                    head.split_once('[').map_or(head, |(_, s)| s)
                ),
                None => row.player.clone(),
            };
            Some(format!("{name} {} {place}", rating(row)))
        })
        .collect();
    if places.is_empty() {
        return None;
    }
    let (first, last) = (rungs[0].0, rungs[rungs.len() - 1].0);
    Some(format!(
        "on the ladder of `{command}` at fixed depths {first}–{last}: {}",
        places.join("; ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(player: &str, rating: f64) -> RatingRow {
        RatingRow {
            player: player.to_string(),
            rating: Some(rating),
            rating_low: Some(rating - 10.0),
            rating_high: Some(rating + 10.0),
            games: 10,
            score: 0.5,
        }
    }

    #[test]
    fn each_player_off_the_ladder_is_placed_between_its_rungs() {
        let rows = vec![
            row("dxp[move-time=0.1;timeout=60]:engine {port}", 500.0),
            row("dxp[depth=3;timeout=60]:engine {port}", 300.0),
            row("alphabeta:6", 150.0),
            row("dxp[depth=2;timeout=60]:engine {port}", 100.0),
            row("dxp[depth=1;timeout=60]:engine {port}", -100.0),
            row("random", -400.0),
        ];
        let text = finding(
            &rows,
            |r| format!("{}", r.rating.unwrap()),
            |v| format!("{v}"),
        )
        .unwrap();
        assert_eq!(
            text,
            "on the ladder of `engine {port}` at fixed depths 1–3: \
             the engine at move-time=0.1;timeout=60 500 above depth 3 (300); \
             alphabeta:6 150 between depth 2 (100) and depth 3 (300); \
             random -400 below depth 1 (-100)"
        );
    }

    #[test]
    fn two_depths_or_names_without_settings_are_no_ladder() {
        let rows = vec![
            row("dxp[depth=2]:engine", 100.0),
            row("dxp[depth=1]:engine", 0.0),
            row("alphabeta:6", 50.0),
            row("hub[depth=1]:other", 10.0),
        ];
        assert!(finding(&rows, |_| String::new(), |_| String::new()).is_none());
        assert_eq!(engine_at_depth("alphabeta:6"), None);
        assert_eq!(engine_at_depth("dxp[depth=x]:e"), None);
        assert_eq!(
            engine_at_depth("hub[timeout=5;depth=7]:scan hub"),
            Some(("hub[timeout=5]:scan hub".to_string(), 7, "scan hub"))
        );
    }
}
