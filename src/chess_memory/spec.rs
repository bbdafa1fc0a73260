//! ChessMemory experiment specs (`puzzle = "chess-memory"`, the default), checked once into
//! a [`Spec`].
//!
//! A spec names what to run (orderings and algorithm on a board size), how much (draws per
//! ordering, iteration cap per draw) and from which master seed. Every field is documented in
//! `experiments/README.md`. Unknown keys and bad values are errors that name the key.
//!
//! Its settings (`boardlab run --set KEY=VALUE`): `cap` (replaces the spec's iteration cap;
//! `--cap N` is the same) and `boards` (`true`: `draws.csv` also holds each draw's final board
//! in FEN; `--boards` is the same).

use crate::chess_memory::board::BoardSize;
use crate::chess_memory::pieces::Symbol;
use crate::chess_memory::queue::{Queue, all_type_orders};
use crate::chess_memory::search::{Algorithm, RestartPolicy, SearchConfig};
use crate::experiment::spec::{
    MAX_DRAWS, MAX_SERIES, Overrides, SpecError, SpecHeader, bad, one_line_toml_error,
};
use crate::rng;
use serde::{Deserialize, Serialize};

/// One series of draws: an ordering run by a search. Its label names it in every data file;
/// each draw's random stream is fixed by the master seed, the queue and the draw index.
///
/// Fields at their defaults (the seed's search, no restarts, the spec's draw count) are left
/// out of the manifest, so specs written before they existed describe the same run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Series {
    /// `QNBR` for the seed's search without restarts, else `search/QNBR` (e.g.
    /// `seed+luby:512/QNBR`, `fc/QNBR`); a full queue stands where no type order does.
    pub label: String,
    /// The full queue in English letters.
    #[serde(rename = "queue")]
    pub queue_letters: String,
    #[serde(skip)]
    pub queue: Queue,
    #[serde(skip)]
    pub search: SearchConfig,
    #[serde(rename = "algorithm", skip_serializing_if = "is_seed")]
    pub algorithm_name: Algorithm,
    /// The restart policy as text, empty for none.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub restart: String,
    /// Draws of this series when it differs from the spec's `draws`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draws: Option<u64>,
}

fn is_seed(algorithm: &Algorithm) -> bool {
    *algorithm == Algorithm::Seed
}

impl Series {
    /// Draws of this series.
    pub fn draws(&self, spec_draws: u64) -> u64 {
        self.draws.unwrap_or(spec_draws)
    }
}

/// The settings a ChessMemory spec takes from `--set KEY=VALUE`.
pub const SETTINGS: [&str; 2] = ["cap", "boards"];

/// A checked experiment spec, with any command-line overrides applied.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Spec {
    #[serde(flatten)]
    pub header: SpecHeader,
    pub board_size: usize,
    /// The top-level `orderings` value as written in the spec (absent with `[[series]]`).
    #[serde(skip_serializing_if = "serde_json::Value::is_null")]
    pub orderings: serde_json::Value,
    /// The top-level algorithm, the default of every series.
    pub algorithm: Algorithm,
    /// The top-level restart policy, the default of every series ("" for none).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub restart: String,
    pub draws: u64,
    pub cap: Option<u64>,
    /// `draws.csv` holds each draw's final board (the setting `boards`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub boards: bool,
    /// A results folder of the seed's search without restarts, against which the report
    /// checks the restart analysis's predictions (relative to the working directory).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub baseline: Option<String>,
    /// The orderings expanded into series, in the order the data files list them.
    pub series: Vec<Series>,
}

/// The file layout; see `experiments/README.md`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct SpecFile {
    /// Checked by the harness, which chose this reader by it.
    #[allow(dead_code)]
    puzzle: Option<String>,
    name: String,
    #[serde(default)]
    description: String,
    #[serde(default = "default_board_size")]
    board_size: usize,
    orderings: Option<toml::Value>,
    #[serde(default = "default_algorithm")]
    algorithm: String,
    #[serde(default = "default_restart")]
    restart: String,
    draws: u64,
    cap: Option<u64>,
    seed: u64,
    baseline: Option<String>,
    #[serde(default)]
    series: Vec<GroupFile>,
}

/// One `[[series]]` table: orderings run by one search.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct GroupFile {
    orderings: toml::Value,
    algorithm: Option<String>,
    restart: Option<String>,
    draws: Option<u64>,
}

fn default_restart() -> String {
    "none".to_string()
}

fn default_board_size() -> usize {
    8
}

fn default_algorithm() -> String {
    "seed".to_string()
}

impl Spec {
    /// Parses and checks a spec's TOML text, then applies `overrides`.
    pub fn parse(text: &str, overrides: &Overrides) -> Result<Spec, SpecError> {
        let file: SpecFile =
            toml::from_str(text).map_err(|e| SpecError::Toml(one_line_toml_error(&e, text)))?;
        let header = SpecHeader::new(file.name, file.description, file.seed, overrides)?;
        overrides.settings.only(&SETTINGS, "chess-memory")?;
        let size = BoardSize::new(file.board_size).map_err(|e| bad("board-size", e.to_string()))?;
        let algorithm: Algorithm = file
            .algorithm
            .parse()
            .map_err(|e: String| bad("algorithm", e))?;
        let restart: RestartPolicy = file
            .restart
            .parse()
            .map_err(|e: String| bad("restart", e))?;
        let draws = overrides.draws.unwrap_or(file.draws);
        if draws == 0 {
            return Err(bad("draws", "must be at least 1"));
        }
        let cap = overrides.settings.get("cap")?.or(file.cap);
        let boards = overrides.settings.get("boards")?.unwrap_or(false);
        if cap == Some(0) {
            return Err(bad(
                "cap",
                "must be at least 1 iteration (leave it out for no cap)",
            ));
        }
        let seed = header.seed;
        let default_search = SearchConfig { algorithm, restart };
        let groups = match (&file.orderings, file.series.is_empty()) {
            (Some(orderings), true) => vec![(orderings, default_search, None)],
            (None, false) => file
                .series
                .iter()
                .map(|group| group_search(group, default_search, overrides))
                .collect::<Result<_, _>>()?,
            (Some(_), false) => {
                return Err(bad(
                    "orderings",
                    "give either a top-level `orderings` or `[[series]]` tables, not both",
                ));
            }
            (None, true) => {
                return Err(bad(
                    "orderings",
                    format!("missing; {ORDERINGS_HELP}, or add [[series]] tables"),
                ));
            }
        };
        let mut series: Vec<Series> = Vec::new();
        for (orderings, search, group_draws) in groups {
            for queue in expand_orderings(orderings, size, seed)? {
                if series.len() == MAX_SERIES {
                    return Err(bad(
                        "orderings",
                        format!("more than the {MAX_SERIES} series a spec may have"),
                    ));
                }
                let label = series_label(&queue, &search);
                search.algorithm.supports(&queue).map_err(|e| {
                    bad(
                        "algorithm",
                        format!("series '{}': {e}", crate::names::quoted(&label)),
                    )
                })?;
                if series.iter().any(|s| s.label == label) {
                    return Err(bad(
                        "orderings",
                        format!("'{}' is listed twice", crate::names::quoted(&label)),
                    ));
                }
                series.push(Series {
                    label,
                    queue_letters: queue.letters().to_string(),
                    queue,
                    search,
                    algorithm_name: search.algorithm,
                    restart: restart_text(&search.restart),
                    draws: group_draws.filter(|&d| d != draws),
                });
            }
        }
        check_size(&series, draws)?;
        Ok(Spec {
            header,
            board_size: file.board_size,
            orderings: file
                .orderings
                .as_ref()
                .map_or(serde_json::Value::Null, |o| {
                    serde_json::to_value(o).expect("TOML values are JSON values")
                }),
            algorithm,
            restart: restart_text(&restart),
            draws,
            cap,
            boards,
            baseline: file.baseline,
            series,
        })
    }

    /// Total number of draws over all series (at most [`MAX_DRAWS`], checked by `parse`).
    pub fn total_draws(&self) -> u64 {
        self.series.iter().map(|s| s.draws(self.draws)).sum()
    }

    /// Whether any series restarts (then `draws.csv` has a `restarts` column).
    pub fn has_restarts(&self) -> bool {
        self.series.iter().any(|s| !s.search.restart.is_never())
    }
}

fn restart_text(policy: &RestartPolicy) -> String {
    if policy.is_never() {
        String::new()
    } else {
        policy.to_string()
    }
}

/// `QNBR` for the seed's search without restarts (as in specs without `[[series]]`), else
/// `search/QNBR`.
fn series_label(queue: &Queue, search: &SearchConfig) -> String {
    if *search == SearchConfig::SEED {
        queue.name()
    } else {
        format!("{}/{}", search.name(), queue.name())
    }
}

type Group<'a> = (&'a toml::Value, SearchConfig, Option<u64>);

fn group_search<'a>(
    group: &'a GroupFile,
    default: SearchConfig,
    overrides: &Overrides,
) -> Result<Group<'a>, SpecError> {
    let algorithm = match &group.algorithm {
        Some(text) => text
            .parse()
            .map_err(|e: String| bad("series.algorithm", e))?,
        None => default.algorithm,
    };
    let restart = match &group.restart {
        Some(text) => text.parse().map_err(|e: String| bad("series.restart", e))?,
        None => default.restart,
    };
    if group.draws == Some(0) {
        return Err(bad("series.draws", "must be at least 1"));
    }
    let draws = overrides.draws.or(group.draws);
    Ok((&group.orderings, SearchConfig { algorithm, restart }, draws))
}

/// Refuses a spec whose series or draws exceed what one run can hold, with checked sums.
fn check_size(series: &[Series], draws: u64) -> Result<(), SpecError> {
    let total = series
        .iter()
        .try_fold(0u64, |sum, s| sum.checked_add(s.draws(draws)))
        .filter(|&total| total <= MAX_DRAWS);
    match total {
        Some(_) => Ok(()),
        None => Err(bad(
            "draws",
            format!(
                "{} series of {draws} draws make more than the {MAX_DRAWS} draws one run can hold; use fewer draws",
                series.len()
            ),
        )),
    }
}

const ORDERINGS_HELP: &str =
    "use \"all-type-orders\", a list such as [\"QNBR\", \"RBNQ\"], or { random-queues = K }";

fn expand_orderings(
    value: &toml::Value,
    size: BoardSize,
    seed: u64,
) -> Result<Vec<Queue>, SpecError> {
    let queues: Vec<Queue> = match value {
        toml::Value::String(s) if s == "all-type-orders" => all_type_orders()
            .into_iter()
            .map(|order| Queue::from_type_order(order, size))
            .collect(),
        toml::Value::String(s) => {
            return Err(bad(
                "orderings",
                format!(
                    "unknown value \"{}\"; {ORDERINGS_HELP}",
                    crate::names::quoted(s)
                ),
            ));
        }
        toml::Value::Array(items) => items
            .iter()
            .map(|item| {
                let text = item.as_str().ok_or_else(|| {
                    bad(
                        "orderings",
                        format!("list item {item} is not a string; {ORDERINGS_HELP}"),
                    )
                })?;
                Queue::parse(text, size).map_err(|e| bad("orderings", e.to_string()))
            })
            .collect::<Result<_, _>>()?,
        toml::Value::Table(table) => random_queues(table, size, seed)?,
        other => {
            return Err(bad(
                "orderings",
                format!("{other} is not an ordering; {ORDERINGS_HELP}"),
            ));
        }
    };
    if queues.is_empty() {
        return Err(bad(
            "orderings",
            format!("no orderings given; {ORDERINGS_HELP}"),
        ));
    }
    Ok(queues)
}

/// `{ random-queues = K }`: K uniformly shuffled queues of the type-order composition
/// (⌊n²/16⌋ pairs of each symbol), shuffled by Fisher–Yates on the stream
/// (master seed, "random-queues", k).
fn random_queues(
    table: &toml::map::Map<String, toml::Value>,
    size: BoardSize,
    seed: u64,
) -> Result<Vec<Queue>, SpecError> {
    if let Some(key) = table.keys().find(|k| *k != "random-queues") {
        return Err(bad(
            "orderings",
            format!(
                "unknown key '{}' in the table; {ORDERINGS_HELP}",
                crate::names::quoted(key)
            ),
        ));
    }
    let count = table
        .get("random-queues")
        .and_then(toml::Value::as_integer)
        .filter(|k| *k > 0)
        .ok_or_else(|| bad("orderings", "random-queues must be a positive integer"))?;
    if count as u64 > MAX_SERIES as u64 {
        return Err(bad(
            "orderings",
            format!("random-queues = {count} is more than the {MAX_SERIES} series a spec may have"),
        ));
    }
    let per_symbol = size.squares() / 16;
    let composition: Vec<char> = Symbol::ALL
        .iter()
        .flat_map(|s| std::iter::repeat_n(s.letter(), per_symbol))
        .collect();
    (0..count as u64)
        .map(|k| {
            let mut letters = composition.clone();
            let mut stream = rng::stream(seed, "random-queues", k);
            rng::shuffle(&mut letters, &mut stream);
            let text: String = letters.into_iter().collect();
            Queue::parse(&text, size).map_err(|e| bad("orderings", e.to_string()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess_memory::DEFAULT_SPEC;

    #[test]
    fn a_search_that_cannot_fill_the_queue_is_refused_when_the_spec_is_read() {
        let text = "name = \"c\"\nboard-size = 6\norderings = [\"QNBR\"]\nalgorithm = \"cover\"\ndraws = 2\nseed = 1\n";
        let error = Spec::parse(text, &Overrides::default())
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("algorithm") && error.contains("QNBR"),
            "{error}"
        );
    }

    const MINIMAL: &str =
        "name = \"t\"\norderings = [\"QNBR\"]\ndraws = 10\ncap = 1000\nseed = 1\n";

    fn parse(text: &str) -> Result<Spec, SpecError> {
        Spec::parse(text, &Overrides::default())
    }

    #[test]
    fn the_embedded_default_is_all_type_orders() {
        let spec = parse(DEFAULT_SPEC).unwrap();
        assert_eq!(spec.series.len(), 24);
        assert_eq!(spec.series[0].label, "QNBR");
        assert_eq!(spec.algorithm, Algorithm::Seed);
    }

    #[test]
    fn overrides_replace_spec_values() {
        let mut overrides = Overrides {
            draws: Some(3),
            seed: Some(9),
            ..Default::default()
        };
        overrides.settings.set("cap", "77");
        overrides.settings.set("boards", "true");
        let spec = Spec::parse(MINIMAL, &overrides).unwrap();
        assert_eq!((spec.draws, spec.cap, spec.header.seed), (3, Some(77), 9));
        assert!(spec.boards);
        assert_eq!(spec.total_draws(), 3);
        overrides.settings.set("caps", "1");
        let error = Spec::parse(MINIMAL, &overrides).unwrap_err().to_string();
        assert!(
            error.contains("--set caps") && error.contains("cap, boards"),
            "{error}"
        );
    }

    #[test]
    fn random_queues_are_seeded_shuffles_of_the_composition() {
        let text = MINIMAL.replace("[\"QNBR\"]", "{ random-queues = 3 }");
        let spec = parse(&text).unwrap();
        assert_eq!(spec.series.len(), 3);
        for series in &spec.series {
            assert_eq!(series.queue.piece_counts(), [8; 8]);
        }
        assert_eq!(
            parse(&text).unwrap().series,
            spec.series,
            "same seed, same queues"
        );
        let reseeded = Spec::parse(
            &text,
            &Overrides {
                seed: Some(2),
                ..Default::default()
            },
        );
        assert_ne!(reseeded.unwrap().series, spec.series);
    }

    #[test]
    fn series_tables_give_each_group_its_search_and_draws() {
        let text = "name = \"a\"\ndraws = 10\ncap = 100\nseed = 1\nrestart = \"luby:64\"\n\
            [[series]]\norderings = [\"QNBR\"]\nalgorithm = \"seed\"\nrestart = \"none\"\n\
            [[series]]\norderings = [\"QNBR\", \"RBNQ\"]\nalgorithm = \"fc\"\ndraws = 3\n";
        let spec = parse(text).unwrap();
        let labels: Vec<&str> = spec.series.iter().map(|s| s.label.as_str()).collect();
        assert_eq!(labels, ["QNBR", "fc+luby:64/QNBR", "fc+luby:64/RBNQ"]);
        assert_eq!(
            spec.series[1].search.algorithm,
            crate::chess_memory::search::Algorithm::Fc
        );
        assert_eq!(spec.total_draws(), 10 + 3 + 3);
        assert!(spec.has_restarts());
        // --draws replaces every series' count.
        let spec = Spec::parse(
            text,
            &Overrides {
                draws: Some(2),
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(spec.total_draws(), 6);
    }

    #[test]
    fn specs_without_series_tables_serialize_as_before() {
        // The manifest of a run must not change when fields are added at their defaults,
        // or a run made by an older build could not be resumed or merged.
        let json = serde_json::to_value(parse(MINIMAL).unwrap()).unwrap();
        let expected = serde_json::json!({
            "name": "t", "description": "", "board_size": 8, "orderings": ["QNBR"],
            "algorithm": "seed", "draws": 10, "cap": 1000, "seed": 1,
            "series": [{"label": "QNBR", "queue": "QQQQqqqqNNNNnnnnBBBBbbbbRRRRrrrr"}]
        });
        assert_eq!(json, expected);
    }

    #[test]
    fn errors_name_the_key() {
        let cases = [
            (
                MINIMAL.replace("seed = 1", "seed = 1\ncolour = 3"),
                "unknown field `colour`",
            ),
            (MINIMAL.replace("draws = 10\n", ""), "missing field `draws`"),
            (
                MINIMAL.replace("draws = 10", "draws = \"many\""),
                "invalid type",
            ),
            (
                MINIMAL.replace("draws = 10", "draws = 0"),
                "key `draws`: must be at least 1",
            ),
            (MINIMAL.replace("cap = 1000", "cap = 0"), "key `cap`"),
            (
                MINIMAL.replace("name = \"t\"", "name = \"a/b\""),
                "key `name`",
            ),
            (
                MINIMAL.replace("[\"QNBR\"]", "[\"QNBX\"]"),
                "key `orderings`: order 'QNBX' has unknown character 'X'",
            ),
            (
                MINIMAL.replace("[\"QNBR\"]", "[\"QNBR\", \"HSGW\"]"),
                "'QNBR' is listed twice",
            ),
            (
                MINIMAL.replace("[\"QNBR\"]", "\"everything\""),
                "unknown value \"everything\"",
            ),
            (
                MINIMAL.replace("[\"QNBR\"]", "{ random-queues = 0 }"),
                "positive integer",
            ),
            (
                MINIMAL.replace("[\"QNBR\"]", "{ random-queues = 1000000000000 }"),
                "is more than the 10000 series",
            ),
            (
                MINIMAL.replace("draws = 10", "draws = 1000000000001"),
                "more than the 1000000000000 draws",
            ),
            (
                MINIMAL
                    .replace("draws = 10", "draws = 9223372036854775807")
                    .replace("[\"QNBR\"]", "\"all-type-orders\""),
                "24 series of 9223372036854775807 draws make more than",
            ),
            (MINIMAL.replace("[\"QNBR\"]", "[]"), "no orderings given"),
            (
                format!("{MINIMAL}algorithm = \"magic\"\n"),
                "key `algorithm`: unknown algorithm 'magic'",
            ),
            (
                format!("{MINIMAL}board-size = 12\n"),
                "key `board-size`: board size 12",
            ),
            ("name = ".to_string(), "line 1, column 8"),
            (
                MINIMAL.replace("seed = 1", "seed = 1\ncolour = 3"),
                "line 6, column 1: unknown field `colour`",
            ),
        ];
        for (text, expected) in cases {
            let message = parse(&text).unwrap_err().to_string();
            assert!(message.contains(expected), "{text:?}\n  gave: {message}");
            assert!(!message.contains('\n'), "one line: {message}");
        }
    }
}
