//! Knight's-tour experiment specs (`puzzle = "knights-tour"`), checked once into a [`Spec`].
//!
//! A spec crosses tie-break rules, board sizes and start modes into series, one series per
//! (rule, size, start mode), labelled `seed/n=8/corner`. A size is a side n (an n×n board)
//! or a rectangle `"WxH"` (W columns, H rows), labelled `seed/n=5x6/corner`; the data files'
//! `n` column holds the size as the label writes it ([`BoardSize`]), so a square board's
//! rows read as they did before rectangles were allowed. Start modes: `corner` (the square
//! (1,1)), `random` (uniform, from the draw's random stream) and `every` (every square once:
//! draw i starts on square i, row-major, so the series has W·H draws). A deterministic rule from the corner gives the same draw every time, so such a
//! series has one draw. Every key is documented in `experiments/README.md`; unknown keys
//! and bad values are one-line errors naming the key.

use super::warnsdorff::{Plan, check_closed};
use super::{Board, Rule};
use crate::experiment::spec::{
    MAX_SERIES, Overrides, SpecError, SpecHeader, bad, check_size, read_toml,
};
use crate::experiment::study::{SeriesPlan, check_label};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;

/// The largest side a spec may ask for: a 10,000×10,000 board has the 10⁸ squares that
/// [`Board`] allows.
pub const MAX_SIDE: u64 = 10_000;

/// Where the draws of a series start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StartMode {
    /// The top-left square, (1,1).
    Corner,
    /// A uniformly random square, from the draw's random stream.
    Random,
    /// Every square once: draw i starts on square i (row-major).
    Every,
}

impl fmt::Display for StartMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StartMode::Corner => "corner",
            StartMode::Random => "random",
            StartMode::Every => "every",
        })
    }
}

impl std::str::FromStr for StartMode {
    type Err = String;

    fn from_str(text: &str) -> Result<StartMode, String> {
        match text {
            "corner" => Ok(StartMode::Corner),
            "random" => Ok(StartMode::Random),
            "every" => Ok(StartMode::Every),
            _ => Err(format!(
                "unknown start mode {text:?}; use \"corner\", \"random\" or \"every\""
            )),
        }
    }
}

/// A board size as specs, labels and the data files' `n` column write it: the side `n` of
/// a square board (`8`), or `WxH` for a rectangle of W columns and H rows (`5x6`). A spec's
/// record in the manifest writes a square's side as a number, a rectangle as a string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize {
    pub width: u32,
    pub height: u32,
}

impl BoardSize {
    /// The n×n board.
    pub fn square(n: u32) -> BoardSize {
        BoardSize {
            width: n,
            height: n,
        }
    }

    pub fn is_square(self) -> bool {
        self.width == self.height
    }

    /// Squares of the board, W·H.
    pub fn squares(self) -> u64 {
        self.width as u64 * self.height as u64
    }

    /// The checked board; a size from a checked spec or data file is one.
    pub fn board(self) -> Result<Board, super::KnightsError> {
        Board::new(self.width as u64, self.height as u64)
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_square() {
            write!(f, "{}", self.width)
        } else {
            write!(f, "{}x{}", self.width, self.height)
        }
    }
}

impl std::str::FromStr for BoardSize {
    type Err = String;

    /// `N` or `WxH` (`5x5` is the square 5), each side from 1 to [`MAX_SIDE`].
    fn from_str(text: &str) -> Result<BoardSize, String> {
        let side = |part: &str| -> Result<u32, String> {
            match part.trim().parse::<u32>() {
                Ok(v) if (1..=MAX_SIDE as u32).contains(&v) => Ok(v),
                _ => Err(format!(
                    "{text:?} is not a side from 1 to {MAX_SIDE} nor a board \"WxH\" of such sides"
                )),
            }
        };
        match text.split_once(['x', 'X', '×']) {
            Some((width, height)) => Ok(BoardSize {
                width: side(width)?,
                height: side(height)?,
            }),
            None => side(text).map(BoardSize::square),
        }
    }
}

impl Serialize for BoardSize {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.is_square() {
            serializer.serialize_u32(self.width)
        } else {
            serializer.collect_str(self)
        }
    }
}

/// One series: a rule on one board size from one start mode.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// `rule/n=SIZE/start`, e.g. `order:12345678/n=8/every` or `seed/n=5x6/corner`.
    pub label: String,
    pub rule: Rule,
    pub size: BoardSize,
    pub start: StartMode,
    pub draws: u64,
}

impl Series {
    pub fn board(&self) -> Board {
        self.size.board().expect("a checked spec has valid sizes")
    }
}

/// One group of series as checked: every rule × side × start mode.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Group {
    pub rules: Vec<String>,
    pub sizes: Vec<BoardSize>,
    pub starts: Vec<StartMode>,
    /// Draws per series (`every` series have W·H, deterministic rules from the corner 1).
    pub draws: u64,
}

/// A checked knight's-tour spec with overrides applied. Serialized, it is the identity the
/// manifest records.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Spec {
    pub puzzle: &'static str,
    #[serde(flatten)]
    pub header: SpecHeader,
    pub draws: u64,
    pub closed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub backtrack: Option<u64>,
    pub groups: Vec<Group>,
    #[serde(skip)]
    pub series: Vec<Series>,
    /// What the run must say before it starts: a `--draws` that some series do not use.
    #[serde(skip)]
    pub warnings: Vec<String>,
}

/// The file layout; see `experiments/README.md`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SpecFile {
    /// Checked by the harness, which chose this reader by it.
    #[allow(dead_code)]
    puzzle: Option<String>,
    name: String,
    #[serde(default)]
    description: String,
    seed: u64,
    draws: u64,
    rules: Option<Vec<String>>,
    sizes: Option<toml::Value>,
    starts: Option<Vec<String>>,
    #[serde(default)]
    closed: bool,
    backtrack: Option<u64>,
    #[serde(default)]
    series: Vec<GroupFile>,
}

/// One `[[series]]` table; a missing `rules`, `starts` or `draws` takes the top-level value
/// (`sizes` has none: a top-level `sizes` beside `[[series]]` is refused).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GroupFile {
    rules: Option<Vec<String>>,
    sizes: Option<toml::Value>,
    starts: Option<Vec<String>>,
    draws: Option<u64>,
}

impl Spec {
    /// Parses and checks a spec's TOML text, then applies `overrides` (`--draws` replaces
    /// the draws of every group; there are no settings, and no iteration cap: the
    /// `backtrack` key bounds a search).
    pub fn parse(text: &str, overrides: &Overrides) -> Result<Spec, SpecError> {
        let file: SpecFile = read_toml(text)?;
        let header = SpecHeader::new(file.name, file.description, file.seed, overrides)?;
        if overrides.settings.iter().any(|(key, _)| key == "cap") {
            return Err(bad(
                "cap",
                "knight's-tour specs have no iteration cap; set `backtrack` in the spec",
            ));
        }
        overrides.settings.only(&[], "knights-tour")?;
        let draws = overrides.draws.unwrap_or(file.draws);
        if draws == 0 {
            return Err(bad("draws", "must be at least 1"));
        }
        if file.backtrack == Some(0) {
            return Err(bad(
                "backtrack",
                "must be at least 1 backtrack (leave it out for the greedy rule)",
            ));
        }
        if file.sizes.is_some() && !file.series.is_empty() {
            return Err(bad(
                "sizes",
                "a top-level `sizes` with [[series]] tables would make a group that never runs; \
move it into a [[series]] table of its own (top-level `rules` and `starts` stay the tables' defaults)",
            ));
        }
        let top = GroupFile {
            rules: file.rules,
            sizes: file.sizes,
            starts: file.starts,
            draws: None,
        };
        let files = if file.series.is_empty() {
            vec![GroupFile { draws: None, ..top }]
        } else {
            file.series
                .into_iter()
                .map(|g| GroupFile {
                    rules: g.rules.or_else(|| top.rules.clone()),
                    sizes: g.sizes,
                    starts: g.starts.or_else(|| top.starts.clone()),
                    draws: g.draws,
                })
                .collect()
        };
        let groups = files
            .into_iter()
            .map(|g| check_group(g, draws, overrides.draws.is_some()))
            .collect::<Result<Vec<_>, _>>()?;
        let mut spec = Spec {
            puzzle: "knights-tour",
            header,
            draws,
            closed: file.closed,
            backtrack: file.backtrack,
            groups,
            series: Vec::new(),
            warnings: Vec::new(),
        };
        spec.series = spec.expand()?;
        spec.warnings = overrides
            .draws
            .and_then(|draws| unused_draws_warning(&spec.series, draws))
            .into_iter()
            .collect();
        Ok(spec)
    }

    /// The groups crossed into series, in file order, each label once.
    fn expand(&self) -> Result<Vec<Series>, SpecError> {
        let mut series: Vec<Series> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for group in &self.groups {
            for rule_text in &group.rules {
                let rule: Rule = rule_text
                    .parse()
                    .map_err(|e| bad("rules", format!("{e}")))?;
                for &size in &group.sizes {
                    let board = size.board().map_err(|e| bad("sizes", e.to_string()))?;
                    Plan::new(&board, &rule).map_err(|e| bad("rules", e.to_string()))?;
                    check_closed(&board, self.closed)
                        .map_err(|e| bad("closed", format!("{e}; leave boards of odd area out")))?;
                    for &start in &group.starts {
                        let label = format!("{rule}/n={size}/{start}");
                        check_label(&label).map_err(|e| bad("rules", e))?;
                        if !seen.insert(label.clone()) {
                            return Err(bad(
                                "series",
                                format!(
                                    "series {label} is listed twice; each rule, size and start once"
                                ),
                            ));
                        }
                        if series.len() == MAX_SERIES {
                            return Err(bad(
                                "sizes",
                                format!("more than the {MAX_SERIES} series a spec may have"),
                            ));
                        }
                        let draws = match start {
                            StartMode::Every => size.squares(),
                            StartMode::Corner if !rule.is_random() => 1,
                            _ => group.draws,
                        };
                        series.push(Series {
                            label,
                            rule,
                            size,
                            start,
                            draws,
                        });
                    }
                }
            }
        }
        check_size(&self.plans_of(&series))?;
        Ok(series)
    }

    fn plans_of(&self, series: &[Series]) -> Vec<SeriesPlan> {
        series
            .iter()
            .map(|s| SeriesPlan {
                label: s.label.clone(),
                draws: s.draws,
            })
            .collect()
    }

    /// The series as the harness sees them.
    pub fn series_plans(&self) -> Vec<SeriesPlan> {
        self.plans_of(&self.series)
    }
}

/// The warning for a `--draws` that series with a fixed number of draws do not use: those
/// from every start square (n² draws) and deterministic rules from the corner (one draw).
fn unused_draws_warning(series: &[Series], draws: u64) -> Option<String> {
    let every = series
        .iter()
        .filter(|s| s.start == StartMode::Every)
        .count();
    let corner = series
        .iter()
        .filter(|s| s.start == StartMode::Corner && !s.rule.is_random())
        .count();
    let mut fixed = Vec::new();
    if every > 0 {
        fixed.push(format!(
            "the {every} series from every start square (one draw per square of the board)"
        ));
    }
    if corner > 0 {
        fixed.push(format!(
            "the {corner} series of deterministic rules from the corner (one draw each: they always make the same tour)"
        ));
    }
    (!fixed.is_empty()).then(|| format!("--draws {draws} does not change {}", fixed.join(" nor ")))
}

fn check_group(file: GroupFile, draws: u64, overridden: bool) -> Result<Group, SpecError> {
    let rules = file.rules.ok_or_else(|| {
        bad(
            "rules",
            "missing; list tie-break rules, e.g. [\"seed\", \"random\"]",
        )
    })?;
    if rules.is_empty() {
        return Err(bad("rules", "is empty; list at least one tie-break rule"));
    }
    let sizes = file.sizes.ok_or_else(|| {
        bad(
            "sizes",
            "missing; e.g. [5, 8], { from = 5, to = 64 } or [\"5x6\"]",
        )
    })?;
    let sizes = expand_sizes(&sizes)?;
    let starts = file
        .starts
        .unwrap_or_else(|| vec!["corner".to_string()])
        .iter()
        .map(|s| s.parse().map_err(|e: String| bad("starts", e)))
        .collect::<Result<Vec<StartMode>, _>>()?;
    if starts.is_empty() {
        return Err(bad(
            "starts",
            "is empty; use \"corner\", \"random\" or \"every\"",
        ));
    }
    let draws = match file.draws {
        Some(_) if overridden => draws,
        Some(0) => return Err(bad("draws", "must be at least 1 (in [[series]])")),
        Some(d) => d,
        None => draws,
    };
    Ok(Group {
        rules,
        sizes,
        starts,
        draws,
    })
}

/// `sizes`: a side, a board `"WxH"`, a range of sides `{ from = A, to = B }` (optionally
/// `step = S`), or a list of these, expanded in the order written; a size may appear once
/// (`"5x5"` is the side 5; `"5x6"` and `"6x5"` are two boards).
pub fn expand_sizes(value: &toml::Value) -> Result<Vec<BoardSize>, SpecError> {
    let mut sizes: Vec<BoardSize> = Vec::new();
    match value {
        toml::Value::Array(items) => {
            for item in items {
                expand_item(item, &mut sizes)?;
            }
        }
        item => expand_item(item, &mut sizes)?,
    }
    if sizes.is_empty() {
        return Err(bad("sizes", "is empty; give at least one side"));
    }
    let mut seen = std::collections::HashSet::new();
    if let Some(twice) = sizes.iter().find(|size| !seen.insert(**size)) {
        let what = if twice.is_square() { "side" } else { "board" };
        return Err(bad("sizes", format!("{what} {twice} is listed twice")));
    }
    Ok(sizes)
}

fn expand_item(item: &toml::Value, sizes: &mut Vec<BoardSize>) -> Result<(), SpecError> {
    let side = |value: &toml::Value, what: &str| -> Result<u64, SpecError> {
        match value.as_integer() {
            Some(v) if (1..=MAX_SIDE as i64).contains(&v) => Ok(v as u64),
            _ => Err(bad(
                "sizes",
                format!("{what} {value} is not a side from 1 to {MAX_SIDE}"),
            )),
        }
    };
    match item {
        toml::Value::Integer(_) => sizes.push(BoardSize::square(side(item, "side")? as u32)),
        toml::Value::String(text) => sizes.push(text.parse().map_err(|e| bad("sizes", e))?),
        toml::Value::Table(table) => {
            if let Some(key) = table
                .keys()
                .find(|k| !["from", "to", "step"].contains(&k.as_str()))
            {
                return Err(bad(
                    "sizes",
                    format!("unknown key `{key}` in a range; use from, to and step"),
                ));
            }
            let get = |key: &str| {
                table.get(key).ok_or_else(|| {
                    bad(
                        "sizes",
                        format!("a range needs `{key}`, e.g. {{ from = 5, to = 64 }}"),
                    )
                })
            };
            let (from, to) = (side(get("from")?, "from")?, side(get("to")?, "to")?);
            let step = match table.get("step") {
                Some(step) => side(step, "step")?,
                None => 1,
            };
            if from > to {
                return Err(bad("sizes", format!("range from {from} to {to} is empty")));
            }
            sizes.extend(
                (from..=to)
                    .step_by(step as usize)
                    .map(|n| BoardSize::square(n as u32)),
            );
        }
        other => {
            return Err(bad(
                "sizes",
                format!(
                    "{other} is neither a side, a board \"WxH\" nor a range {{ from = A, to = B }}"
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Spec, SpecError> {
        Spec::parse(text, &Overrides::default())
    }

    const BASE: &str = "puzzle = \"knights-tour\"\nname = \"t\"\nseed = 1\ndraws = 10\n";

    #[test]
    fn rules_sizes_and_starts_cross_into_series() {
        let spec = parse(&format!(
            "{BASE}rules = [\"seed\", \"random\"]\nsizes = [{{ from = 5, to = 6 }}, 8]\nstarts = [\"corner\", \"every\"]\n"
        ))
        .unwrap();
        let labels: Vec<(&str, u64)> = spec
            .series
            .iter()
            .map(|s| (s.label.as_str(), s.draws))
            .collect();
        assert_eq!(
            labels,
            [
                ("seed/n=5/corner", 1),
                ("seed/n=5/every", 25),
                ("seed/n=6/corner", 1),
                ("seed/n=6/every", 36),
                ("seed/n=8/corner", 1),
                ("seed/n=8/every", 64),
                ("random/n=5/corner", 10),
                ("random/n=5/every", 25),
                ("random/n=6/corner", 10),
                ("random/n=6/every", 36),
                ("random/n=8/corner", 10),
                ("random/n=8/every", 64),
            ]
        );
    }

    #[test]
    fn sizes_take_rectangles_beside_sides_and_record_squares_as_numbers() {
        let spec = parse(&format!(
            "{BASE}rules = [\"seed\"]\nsizes = [\"5x6\", 4, \"7X4\", \"6x6\"]\nstarts = [\"every\"]\n"
        ))
        .unwrap();
        let labels: Vec<(&str, u64)> = spec
            .series
            .iter()
            .map(|s| (s.label.as_str(), s.draws))
            .collect();
        assert_eq!(
            labels,
            [
                ("seed/n=5x6/every", 30),
                ("seed/n=4/every", 16),
                ("seed/n=7x4/every", 28),
                ("seed/n=6/every", 36),
            ]
        );
        assert_eq!(
            (
                spec.series[0].board().width(),
                spec.series[0].board().height()
            ),
            (5, 6)
        );
        assert_eq!(
            serde_json::to_value(&spec.groups[0].sizes).unwrap(),
            serde_json::json!(["5x6", 4, "7x4", 6])
        );
        for text in ["8", "5x6", "10000x1"] {
            assert_eq!(text.parse::<BoardSize>().unwrap().to_string(), text);
        }
        for text in ["0", "5x0", "5x", "x5", "5x6x7", "10001x2", "five"] {
            assert!(text.parse::<BoardSize>().is_err(), "{text}");
        }
    }

    #[test]
    fn series_tables_take_their_own_draws_and_the_top_level_defaults() {
        let spec = parse(&format!(
            "{BASE}rules = [\"random\"]\nstarts = [\"random\"]\n[[series]]\nsizes = [5]\n[[series]]\nsizes = [{{ from = 10, to = 30, step = 10 }}]\ndraws = 3\n"
        ))
        .unwrap();
        let draws: Vec<(u32, u64)> = spec
            .series
            .iter()
            .map(|s| (s.size.width, s.draws))
            .collect();
        assert_eq!(draws, [(5, 10), (10, 3), (20, 3), (30, 3)]);
        let overridden = Spec::parse(
            &format!("{BASE}rules = [\"random\"]\n[[series]]\nsizes = [5]\ndraws = 3\n"),
            &Overrides {
                draws: Some(7),
                ..Overrides::default()
            },
        )
        .unwrap();
        assert_eq!(overridden.series[0].draws, 7);
    }

    #[test]
    fn a_top_level_group_beside_series_tables_is_refused_not_dropped() {
        let error = parse(&format!(
            "{BASE}rules = [\"seed\", \"random\"]\nsizes = [5, 6]\nstarts = [\"corner\"]\n\
             [[series]]\nrules = [\"seed\"]\nsizes = [8]\n"
        ))
        .unwrap_err()
        .to_string();
        assert!(error.contains("key `sizes`"), "{error}");
        assert!(error.contains("[[series]] table of its own"), "{error}");
        assert!(!error.contains('\n'), "{error}");
    }

    #[test]
    fn bad_values_are_one_line_errors_naming_the_key() {
        let cases = [
            ("rules = [\"fastest\"]\nsizes = [8]", "key `rules`"),
            ("rules = []\nsizes = [8]", "key `rules`"),
            ("sizes = [8]", "key `rules`"),
            ("rules = [\"seed\"]", "key `sizes`"),
            ("rules = [\"seed\"]\nsizes = [0]", "key `sizes`"),
            ("rules = [\"seed\"]\nsizes = [8, 8]", "key `sizes`"),
            (
                "rules = [\"seed\"]\nsizes = { from = 9, to = 5 }",
                "key `sizes`",
            ),
            ("rules = [\"seed\"]\nsizes = { from = 5 }", "key `sizes`"),
            ("rules = [\"seed\"]\nsizes = [\"big\"]", "key `sizes`"),
            (
                "rules = [\"seed\"]\nsizes = [8]\nstarts = [\"edge\"]",
                "key `starts`",
            ),
            (
                "rules = [\"seed\"]\nsizes = [5]\nclosed = true",
                "key `closed`",
            ),
            (
                "rules = [\"seed\"]\nsizes = [8]\nbacktrack = 0",
                "key `backtrack`",
            ),
            ("rules = [\"order:1234\"]\nsizes = [8]", "key `rules`"),
            (
                "rules = [\"seed\"]\nsizes = [8]\ncolour = 1",
                "unknown field `colour`",
            ),
            ("rules = [\"seed\", \"seed\"]\nsizes = [8]", "listed twice"),
        ];
        for (body, expected) in cases {
            let error = parse(&format!("{BASE}{body}\n")).unwrap_err().to_string();
            assert!(error.contains(expected), "{body}: {error}");
            assert!(!error.contains('\n'), "{body}: {error}");
        }
        let error = parse("puzzle = \"knights-tour\"\nname = \"t\"\nseed = 1\ndraws = 0\nrules = [\"seed\"]\nsizes = [8]\n")
            .unwrap_err()
            .to_string();
        assert!(error.contains("key `draws`"), "{error}");
    }
}
