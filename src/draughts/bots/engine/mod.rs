//! `engine`: boardlab's own draughts engine, for every rule set, searched by nodes or by time
//! as engines are: `engine:N-nodes` (a node limit a move: the same game replays move for
//! move, the form for experiments) or `engine:Ts` (seconds a move, e.g. `engine:0.1s`, for
//! play). Its search is [`search`], its evaluation [`evaluation`].
//!
//! Each search feature and the evaluation's knowledge can be switched off by a flag after
//! the limit, `engine:N-nodes:-FLAG…`, so that a match measures what the feature is worth:
//!
//! | flag | without it |
//! |---|---|
//! | `-pvs` | every move searched with the full window (plain alpha-beta) |
//! | `-tt` | no transposition table (and no table move to order by) |
//! | `-quiescence` | the horizon is evaluated even where a capture is pending |
//! | `-killers` | no killer moves in the ordering |
//! | `-history` | no history heuristic in the ordering |
//! | `-lmr` | no reductions of late quiet moves |
//! | `-knowledge` | material and advancement alone (the evaluation of `alphabeta:D`) |
//!
//! `:weights=W1/…/W13` plays with other weights of the evaluation's terms, in the order of
//! [`evaluation::TERMS`] (the man's first, 100), such as `boardlab draughts tune` fits.

pub mod evaluation;
pub mod search;

use super::board_rules::BoardRules;
use crate::draughts::game::{Draughts, GamePosition};
use crate::draughts::moves::Move;
use crate::draughts::rules::Rules;
use crate::draughts::variant::game::{VariantGame, VariantPosition};
use crate::draughts::variant::{Engine, VariantMove};
use crate::game::Player;
use rand_core::Rng;
use search::Search;
use std::fmt;

/// How long the engine searches a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    /// At most this many nodes.
    Nodes(u64),
    /// At most this many milliseconds.
    Time { millis: u32 },
}

/// The most nodes a move, and the most seconds.
pub const MAX_NODES: u64 = 1_000_000_000;
pub const MAX_SECONDS: f64 = 3600.0;

/// A feature of the engine that a flag switches off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feature {
    Pvs,
    Table,
    Quiescence,
    Killers,
    History,
    Reductions,
    Knowledge,
}

impl Feature {
    pub const ALL: [Feature; 7] = [
        Feature::Pvs,
        Feature::Table,
        Feature::Quiescence,
        Feature::Killers,
        Feature::History,
        Feature::Reductions,
        Feature::Knowledge,
    ];

    /// The feature's flag, as written after `-`.
    pub fn flag(self) -> &'static str {
        match self {
            Feature::Pvs => "pvs",
            Feature::Table => "tt",
            Feature::Quiescence => "quiescence",
            Feature::Killers => "killers",
            Feature::History => "history",
            Feature::Reductions => "lmr",
            Feature::Knowledge => "knowledge",
        }
    }

    fn bit(self) -> u8 {
        1 << Feature::ALL
            .iter()
            .position(|&f| f == self)
            .expect("listed")
    }
}

/// The features an engine plays with: all of them, less those switched off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Features {
    without: u8,
}

impl Features {
    pub const ALL: Features = Features { without: 0 };

    pub fn without(self, feature: Feature) -> Features {
        Features {
            without: self.without | feature.bit(),
        }
    }

    pub fn has(self, feature: Feature) -> bool {
        self.without & feature.bit() == 0
    }
}

/// The engine as written in specs and on the command line: its limit and its features.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EngineSpec {
    pub limit: Limit,
    pub features: Features,
    /// The evaluation's weights where they are not its own.
    pub weights: Option<[i32; 13]>,
}

impl EngineSpec {
    /// Reads the text after `engine:`: `N-nodes` or `Ts`, then `:-FLAG` for each feature
    /// switched off.
    pub fn parse(argument: &str) -> Result<EngineSpec, String> {
        let mut parts = argument.split(':');
        let limit_text = parts.next().unwrap_or_default();
        let limit = if let Some(nodes) = limit_text.strip_suffix("-nodes") {
            let nodes: u64 = nodes
                .parse()
                .map_err(|_| format!("`{}` is not a number of nodes", shown(nodes)))?;
            if !(1..=MAX_NODES).contains(&nodes) {
                return Err(format!("{nodes} nodes is out of range"));
            }
            Limit::Nodes(nodes)
        } else if let Some(seconds) = limit_text.strip_suffix('s') {
            let value: f64 = seconds
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| format!("`{}` is not a number of seconds", shown(seconds)))?;
            let millis = (value * 1000.0).round();
            if !(1.0..=MAX_SECONDS * 1000.0).contains(&millis) {
                return Err(format!("{} seconds is out of range", shown(seconds)));
            }
            Limit::Time {
                millis: millis as u32,
            }
        } else {
            return Err(format!(
                "`{}` is no limit: give N-nodes or a time in seconds, Ts",
                shown(limit_text)
            ));
        };
        let mut features = Features::ALL;
        let mut weights = None;
        for flag in parts {
            if let Some(list) = flag.strip_prefix("weights=") {
                if weights.is_some() {
                    return Err("`weights=` is given twice".into());
                }
                weights = Some(parse_weights(list)?);
                continue;
            }
            let name = flag
                .strip_prefix('-')
                .ok_or_else(|| format!("`{}` is not a flag: write -FLAG", shown(flag)))?;
            let feature = Feature::ALL
                .into_iter()
                .find(|f| f.flag() == name)
                .ok_or_else(|| format!("`{}` is not a feature of the engine", shown(name)))?;
            if !features.has(feature) {
                return Err(format!("`-{name}` is given twice"));
            }
            features = features.without(feature);
        }
        Ok(EngineSpec {
            limit,
            features,
            weights,
        })
    }
}

/// A part of the user's text as an error names it: at most 40 characters, since the whole
/// text is named beside it.
fn shown(part: &str) -> String {
    match part.char_indices().nth(40) {
        Some((end, _)) => format!("{}…", &part[..end]),
        None => part.to_string(),
    }
}

/// Reads `W1/…/W13`, the evaluation's weights in the order of [`evaluation::TERMS`].
fn parse_weights(list: &str) -> Result<[i32; 13], String> {
    let values: Vec<i32> = list
        .split('/')
        .map(|w| {
            w.parse()
                .ok()
                .filter(|w: &i32| w.abs() <= 100_000)
                .ok_or_else(|| {
                    format!(
                        "weights: `{}` is not a whole number of -100000 to 100000",
                        shown(w)
                    )
                })
        })
        .collect::<Result<_, _>>()?;
    values.try_into().map_err(|values: Vec<i32>| {
        format!(
            "weights: {} numbers; give 13, one for each term ({})",
            values.len(),
            evaluation::TERMS.join(", ")
        )
    })
}

impl fmt::Display for EngineSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.limit {
            Limit::Nodes(nodes) => write!(f, "engine:{nodes}-nodes")?,
            Limit::Time { millis } => write!(f, "engine:{}s", millis as f64 / 1000.0)?,
        }
        for feature in Feature::ALL {
            if !self.features.has(feature) {
                write!(f, ":-{}", feature.flag())?;
            }
        }
        if let Some(weights) = self.weights {
            let list: Vec<String> = weights.iter().map(i32::to_string).collect();
            write!(f, ":weights={}", list.join("/"))?;
        }
        Ok(())
    }
}

/// The engine playing one game: its search, whose table and history live for the game.
pub struct PvsEngine<R: BoardRules> {
    spec: EngineSpec,
    search: Search<R>,
}

impl<R: BoardRules> PvsEngine<R> {
    pub fn new(spec: EngineSpec, rules: R) -> PvsEngine<R> {
        PvsEngine {
            spec,
            search: Search::new(rules, spec.features, spec.weights),
        }
    }

    /// The move the engine plays in `board` and what its search found.
    pub fn think(&mut self, board: &R::Board, rng: &mut dyn Rng) -> search::Found<R::Move> {
        self.search.best_move(board, self.spec.limit, rng)
    }
}

impl Player<Draughts> for PvsEngine<Rules> {
    fn name(&self) -> String {
        self.spec.to_string()
    }

    fn choose(&mut self, game: &Draughts, position: &GamePosition, rng: &mut dyn Rng) -> Move {
        if let Some(only) = crate::draughts::bots::only_move(game, position) {
            return only;
        }
        self.think(&position.board, rng).best
    }
}

impl Player<VariantGame> for PvsEngine<Engine> {
    fn name(&self) -> String {
        self.spec.to_string()
    }

    fn choose(
        &mut self,
        game: &VariantGame,
        position: &VariantPosition,
        rng: &mut dyn Rng,
    ) -> VariantMove {
        if let Some(only) = crate::draughts::bots::only_move(game, position) {
            return only;
        }
        self.think(&position.board, rng).best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::variant::Variant;

    #[test]
    fn engine_names_round_trip_and_bad_ones_are_refused() {
        for text in [
            "engine:5000-nodes",
            "engine:0.1s",
            "engine:2s",
            "engine:100-nodes:-pvs:-tt:-quiescence:-killers:-history:-lmr:-knowledge",
            "engine:100-nodes:-lmr",
            "engine:100-nodes:-tt:weights=100/280/-8/87/29/5/23/-6/-4/140/106/70/-29",
        ] {
            let spec = EngineSpec::parse(text.strip_prefix("engine:").unwrap()).unwrap();
            assert_eq!(spec.to_string(), text);
        }
        for (text, words) in [
            ("", "no limit"),
            ("5000", "no limit"),
            ("x-nodes", "not a number of nodes"),
            ("0-nodes", "out of range"),
            ("0s", "out of range"),
            ("infs", "not a number of seconds"),
            ("100-nodes:lmr", "not a flag"),
            ("100-nodes:-speed", "not a feature"),
            ("100-nodes:-lmr:-lmr", "twice"),
            ("100-nodes:weights=1/2", "2 numbers; give 13"),
            ("100-nodes:weights=1/x/3", "`x` is not a whole number"),
        ] {
            let error = EngineSpec::parse(text).unwrap_err();
            assert!(error.contains(words), "{text}: {error}");
        }
    }

    fn international_engine(text: &str) -> PvsEngine<Engine> {
        let spec = EngineSpec::parse(text).unwrap();
        PvsEngine::new(spec, Engine::new(Variant::International.rules()))
    }

    /// At a node limit, two engines with the same stream play the same game move for move,
    /// and never visit more nodes than the limit.
    #[test]
    fn a_game_at_a_node_limit_replays_move_for_move() {
        let play = || {
            let engine = Engine::new(Variant::International.rules());
            let mut players = [
                international_engine("3000-nodes"),
                international_engine("3000-nodes:-lmr"),
            ];
            let mut position = engine.start();
            let mut moves = Vec::new();
            let mut played = Vec::new();
            for ply in 0..40 {
                engine.legal_moves(&position, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let mut rng = crate::rng::stream(3, "engine-test", ply);
                let found = players[ply as usize % 2].think(&position, &mut rng);
                assert!(found.nodes <= 3000, "{}", found.nodes);
                assert!(moves.contains(&found.best));
                played.push(found.best.to_string());
                position = engine.play(&position, &found.best);
            }
            played
        };
        let first = play();
        assert_eq!(first.len(), 40);
        assert_eq!(first, play());
    }

    /// Under every rule set, on its own board and on the 8×8 generator's, the engine plays
    /// one of the generator's legal moves in each position of a seeded game.
    #[test]
    fn the_engine_plays_legal_moves_under_every_rule_set() {
        let spec = EngineSpec::parse("400-nodes").unwrap();
        for &variant in Variant::ALL {
            let engine = Engine::new(variant.rules());
            let mut player = PvsEngine::new(spec, engine);
            let mut position = engine.start();
            let mut moves = Vec::new();
            for ply in 0..60 {
                engine.legal_moves(&position, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let mut rng = crate::rng::stream(4, "engine-test", ply);
                let best = player.think(&position, &mut rng).best;
                assert!(moves.contains(&best), "{variant}, ply {ply}: {best}");
                position = engine.play(&position, &best);
            }
        }
        for rules in [Rules::Czech, Rules::English, Rules::Damebot] {
            let mut player = PvsEngine::new(spec, rules);
            let mut board = rules.start();
            let mut moves = Vec::new();
            for ply in 0..60 {
                rules.legal_moves(&board, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let mut rng = crate::rng::stream(4, "engine-test", ply);
                let best = player.think(&board, &mut rng).best;
                assert!(moves.contains(&best), "{rules:?}, ply {ply}: {best}");
                board = rules.play(&board, &best);
            }
        }
    }

    /// Every switch of features finds the forced win of a small position: White's king on
    /// 46 takes both black men at once, and Black has no piece left.
    #[test]
    fn every_feature_set_finds_a_won_capture() {
        use crate::draughts::variant::notation;
        let rules = Variant::International.rules();
        let engine = Engine::new(rules);
        let position = notation::parse_fen(&rules, "W:WK46,50:B41,23,5").unwrap();
        let mut texts = vec!["20000-nodes".to_string()];
        texts.extend(
            Feature::ALL
                .iter()
                .map(|f| format!("20000-nodes:-{}", f.flag())),
        );
        for text in texts {
            let mut player = PvsEngine::new(EngineSpec::parse(&text).unwrap(), engine);
            let mut rng = crate::rng::stream(1, "engine-test", 0);
            let found = player.think(&position, &mut rng);
            assert!(found.score > 100, "{text}: {}", found.score);
        }
    }
}
