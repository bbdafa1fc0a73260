//! Seeds of every puzzle's spec: the whole range the specs document, 0 to 2⁶⁴ − 1, is
//! accepted, and a seed out of that range is refused by a message that names the key
//! `seed`, whatever the puzzle. Checked on every puzzle of the registry, from its example
//! spec, so that a puzzle added later is covered without editing this file.

use boardlab::experiment::Overrides;
use boardlab::puzzles::REGISTRY;

/// The puzzle's example spec with its `seed = …` line replaced by `seed = VALUE`.
fn with_seed(example: &str, value: &str) -> String {
    let lines: Vec<String> = example
        .lines()
        .map(|line| {
            if line.trim_start().starts_with("seed =") {
                format!("seed = {value}")
            } else {
                line.to_string()
            }
        })
        .collect();
    assert!(
        lines.iter().any(|l| l == &format!("seed = {value}")),
        "the example spec has no seed line:\n{example}"
    );
    lines.join("\n") + "\n"
}

#[test]
fn every_puzzle_takes_every_seed_up_to_two_to_the_sixty_four_minus_one() {
    for puzzle in REGISTRY.puzzles {
        for seed in [0, 1 << 63, u64::MAX - 1, u64::MAX] {
            let text = with_seed(puzzle.example_spec, &seed.to_string());
            let study = REGISTRY
                .parse_spec(&text, &Overrides::default())
                .unwrap_or_else(|e| panic!("{}: seed {seed} refused: {e:#}", puzzle.name));
            assert_eq!(study.puzzle(), puzzle.name, "seed {seed}");
            assert_eq!(study.seed(), seed, "{}", puzzle.name);
        }
    }
}

#[test]
fn a_seed_out_of_range_is_named_by_its_key_whatever_the_puzzle() {
    // 2⁶⁴ (one past the last seed), a negative one, a fraction and text.
    for value in ["18446744073709551616", "-1", "1.5", "\"one\""] {
        for puzzle in REGISTRY.puzzles {
            let text = with_seed(puzzle.example_spec, value);
            let error = match REGISTRY.parse_spec(&text, &Overrides::default()) {
                Ok(_) => panic!("{}: seed = {value} was accepted", puzzle.name),
                Err(error) => format!("{error:#}"),
            };
            assert!(
                error.contains("`seed`") && !error.contains("unknown field"),
                "{}: seed = {value}: {error}",
                puzzle.name
            );
            assert!(!error.contains('\n'), "{}: {error}", puzzle.name);
        }
    }
}
