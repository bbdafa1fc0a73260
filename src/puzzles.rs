//! The composition root: every puzzle and game boardlab studies, listed once for the harness
//! and the command line. The harness (`experiment`, `output`, `stats`, `rng`) and the game
//! interface (`game`) name no puzzle; each puzzle plugs in here through its
//! [`Puzzle`](crate::experiment::Puzzle) entry.

use crate::experiment::Registry;
use crate::game::matches::match_puzzle;

/// boardlab's puzzles, ChessMemory (the default) first.
pub static REGISTRY: Registry = Registry {
    puzzles: &[
        crate::chess_memory::PUZZLE,
        crate::knights_tour::study::PUZZLE,
        match_puzzle::<crate::fifteen::Fifteen>(),
        match_puzzle::<crate::fifteen::Fifteen<crate::fifteen::OddEven>>(),
        match_puzzle::<crate::draughts::game::Draughts>(),
        match_puzzle::<crate::draughts::variant::game::VariantGame>(),
    ],
    default: "chess-memory",
    default_spec: crate::chess_memory::DEFAULT_SPEC,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spec_without_puzzle_is_chess_memory_and_an_unknown_one_is_refused() {
        assert_eq!(
            REGISTRY.of_spec("name = \"x\"").unwrap().name,
            "chess-memory"
        );
        let error = REGISTRY.of_spec("puzzle = \"sudoku\"").err().unwrap();
        assert!(
            error.to_string().contains("unknown puzzle \"sudoku\""),
            "{error}"
        );
        assert!(REGISTRY.of_spec("puzzle = 3").is_err());
    }

    #[test]
    fn puzzle_names_are_unique_and_the_default_is_listed() {
        let names: Vec<&str> = REGISTRY.puzzles.iter().map(|p| p.name).collect();
        for (i, name) in names.iter().enumerate() {
            assert!(!names[..i].contains(name), "{name} twice");
        }
        assert_eq!(names[0], REGISTRY.default);
    }
}
