//! The layering of the source, read from the code itself: each top module's references to
//! the others (`crate::name`, outside comments). The harness and the game interface name no
//! puzzle and not the command line, no puzzle reaches into another, and the top modules sort
//! into layers with every reference pointing down:
//!
//! cli → puzzles (the registry) → the four systems → game → experiment → output, sat →
//! stats → rng, names.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Top modules, top layer first; modules of one layer may not refer to each other.
const LAYERS: [&[&str]; 8] = [
    &["cli"],
    &["puzzles"],
    &["chess_memory", "knights_tour", "fifteen", "draughts"],
    &["game"],
    &["experiment"],
    &["output", "sat"],
    &["stats"],
    &["rng", "names"],
];

/// The top modules each top module refers to, by reading every source file under `src/`.
fn references() -> BTreeMap<String, BTreeSet<String>> {
    let known: BTreeSet<&str> = LAYERS
        .iter()
        .flat_map(|layer| layer.iter().copied())
        .collect();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(&root).unwrap();
            let first = relative.iter().next().unwrap().to_string_lossy();
            let top = first.trim_end_matches(".rs").to_string();
            if top == "lib" || top == "main" {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let targets = graph.entry(top.clone()).or_default();
            for line in text.lines() {
                let code = line.split("//").next().unwrap();
                for (at, _) in code.match_indices("crate::") {
                    let rest = &code[at + "crate::".len()..];
                    let names: Vec<&str> = match rest.strip_prefix('{') {
                        Some(group) => group.split([',', '}']).collect(),
                        None => vec![rest],
                    };
                    for name in names {
                        let name: String = name
                            .trim()
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_')
                            .collect();
                        if name != top && known.contains(name.as_str()) {
                            targets.insert(name);
                        }
                    }
                }
            }
        }
    }
    graph
}

fn layer_of(module: &str) -> usize {
    LAYERS
        .iter()
        .position(|layer| layer.contains(&module))
        .unwrap_or_else(|| panic!("top module `{module}` is in no layer of this test"))
}

#[test]
fn every_reference_between_top_modules_points_down_a_layer() {
    let graph = references();
    assert!(graph.len() >= 11, "only {} top modules found", graph.len());
    let mut upward = Vec::new();
    for (module, targets) in &graph {
        for target in targets {
            if layer_of(target) <= layer_of(module) {
                upward.push(format!("{module} → {target}"));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "references that do not point down: {upward:?}"
    );
}

/// The library's source files outside `src/cli/` (and `main.rs`) whose code mentions `what`.
fn library_files_using(what: &str) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut stack = vec![root.clone()];
    let mut found = Vec::new();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let inside_cli = path.strip_prefix(&root).unwrap().starts_with("cli");
            if path.is_dir() {
                if !inside_cli {
                    stack.push(path);
                }
            } else if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("main.rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                if text
                    .lines()
                    .any(|l| l.split("//").next().unwrap().contains(what))
                {
                    found.push(path.display().to_string());
                }
            }
        }
    }
    found
}

#[test]
fn the_library_uses_no_argument_parser() {
    let found = library_files_using("clap::");
    assert!(found.is_empty(), "clap outside src/cli: {found:?}");
}

#[test]
fn the_library_returns_typed_errors_and_only_the_command_line_uses_anyhow() {
    let found = library_files_using("anyhow");
    assert!(
        found.is_empty(),
        "anyhow outside src/cli and main.rs: {found:?}"
    );
}

#[test]
fn the_harness_names_no_puzzle_and_not_the_command_line() {
    let graph = references();
    let forbidden = [
        "cli",
        "puzzles",
        "chess_memory",
        "knights_tour",
        "fifteen",
        "draughts",
    ];
    for harness in [
        "game",
        "experiment",
        "output",
        "sat",
        "stats",
        "rng",
        "names",
    ] {
        let named: Vec<&String> = graph
            .get(harness)
            .into_iter()
            .flatten()
            .filter(|t| forbidden.contains(&t.as_str()))
            .collect();
        assert!(named.is_empty(), "{harness} names {named:?}");
    }
}
