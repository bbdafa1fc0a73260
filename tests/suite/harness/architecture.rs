//! The layering of the source, read from the code itself: each top module's references to
//! the others (`crate::name`, outside comments). The harness and the game interface name no
//! puzzle and not the command line, no puzzle reaches into another, and the top modules sort
//! into layers with every reference pointing down:
//!
//! cli → serve (the web server) → puzzles (the registry) → the four systems → game →
//! experiment → output, sat → stats → rng, names.
//!
//! The command line itself holds only argument handling and calls into the library, by the
//! rules of [`cli_rules`]; the web server is HTTP glue by a looser form of them.

mod cli_rules;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Top modules, top layer first; modules of one layer may not refer to each other.
const LAYERS: [&[&str]; 9] = [
    &["cli"],
    &["serve"],
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

/// The library's source files outside the top folders `apart` (and `main.rs`) whose code
/// mentions `what`.
fn library_files_using(what: &str, apart: &[&str]) -> Vec<String> {
    library_files(apart)
        .into_iter()
        .filter(|(path, _)| !path.ends_with("main.rs"))
        .filter(|(_, text)| {
            text.lines()
                .any(|l| l.split("//").next().unwrap().contains(what))
        })
        .map(|(path, _)| Path::new("src").join(path).display().to_string())
        .collect()
}

/// The Rust files under `src/` outside the top folders `apart`, relative to `src/`, with
/// their text.
fn library_files(apart: &[&str]) -> Vec<(PathBuf, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    files_under(&src)
        .into_iter()
        .filter(|(path, _)| !apart.iter().any(|top| path.starts_with(top)))
        .collect()
}

#[test]
fn the_library_uses_no_argument_parser() {
    let found = library_files_using("clap::", &["cli"]);
    assert!(found.is_empty(), "clap outside src/cli: {found:?}");
}

#[test]
fn the_library_returns_typed_errors_and_only_the_command_line_and_server_use_anyhow() {
    let found = library_files_using("anyhow", &["cli", "serve"]);
    assert!(
        found.is_empty(),
        "anyhow outside src/cli, src/serve and main.rs: {found:?}"
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

/// The command line's source files under the rules of [`cli_rules`], with their text, the
/// web server's (`src/serve`, named `serve/...`) included.
fn command_line_files() -> Vec<(PathBuf, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    for (top, name) in [("cli", ""), ("serve", "serve")] {
        for (path, text) in files_under(&src.join(top)) {
            files.push((Path::new(name).join(path), text));
        }
    }
    files.sort();
    files
}

/// The Rust files under `root`, relative to it, with their text.
fn files_under(root: &Path) -> Vec<(PathBuf, String)> {
    let mut stack = vec![root.to_path_buf()];
    let mut files = Vec::new();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                files.push((path.strip_prefix(root).unwrap().to_path_buf(), text));
            }
        }
    }
    files
}

#[test]
fn the_command_line_holds_only_argument_handling_and_calls_into_the_library() {
    let files = command_line_files();
    assert!(files.len() >= 15, "only {} files in src/cli", files.len());
    let traits: BTreeSet<String> = files
        .iter()
        .flat_map(|(_, text)| cli_rules::declared_traits(&cli_rules::code_only(text)))
        .collect();
    let library = &library_traits();
    let found: Vec<String> = files
        .iter()
        .flat_map(|(path, text)| {
            let findings = cli_rules::findings(&path.display().to_string(), text, &traits);
            let server = path.starts_with("serve");
            findings
                .into_iter()
                .filter(move |finding| !server || server_breaks(finding, library))
        })
        .collect();
    assert!(found.is_empty(), "src/cli:\n{}", found.join("\n"));
}

/// The traits the library declares (everything under `src/` but the command line and the
/// web server).
fn library_traits() -> BTreeSet<String> {
    library_files(&["cli", "serve"])
        .iter()
        .flat_map(|(_, text)| cli_rules::declared_traits(&cli_rules::code_only(text)))
        .collect()
}

/// Whether a finding in the web server breaks the server's rules. The server is HTTP glue:
/// its request and answer shapes, its connections and stores are its own types (rule 1 does
/// not apply), and it implements HTTP's traits (axum's `IntoResponse`, hyper's `Body`). But
/// it implements none of the library's own traits (rule 2 for those) and walks no domain:
/// no loop inside a loop, no long function (rules 3 and 4).
fn server_breaks(finding: &str, library: &BTreeSet<String>) -> bool {
    if finding.contains("(rule 1)") {
        return false;
    }
    match finding.split_once("impl of the library trait ") {
        Some((_, rest)) => library.contains(rest.split(' ').next().unwrap_or_default()),
        None => true,
    }
}

#[test]
fn the_server_rules_pass_http_glue_and_catch_the_library_s_traits_and_loops() {
    let library: BTreeSet<String> = ["Game".to_string()].into();
    let sample = "use axum::response::IntoResponse;\n\n\
        struct Answer {\n    text: String,\n}\n\n\
        impl IntoResponse for Answer {\n    fn into_response(self) {}\n}\n\n\
        impl Game for Answer {\n    fn start(&self) {}\n}\n\n\
        fn walk(n: u64) {\n    for a in 0..n {\n        for b in 0..n {\n        }\n    }\n}\n";
    let traits = cli_rules::declared_traits(&cli_rules::code_only(sample));
    let kept: Vec<String> = cli_rules::findings("serve/sample.rs", sample, &traits)
        .into_iter()
        .filter(|finding| server_breaks(finding, &library))
        .collect();
    assert_eq!(kept.len(), 2, "{kept:#?}");
    assert!(kept.iter().any(|f| f.contains("trait Game")), "{kept:#?}");
    assert!(kept.iter().any(|f| f.contains("(rule 3)")), "{kept:#?}");
}

/// A command-line file that breaks every rule once, and one that keeps them.
const BAD_SAMPLE: &str = r#"
use crate::game::Game;

/// Holds a tally: domain state.
#[derive(Debug, Default)]
struct Tally {
    wins: u64,
}

impl Game for Tally {
    type Move = u8;
}

#[derive(Debug, clap::Args)]
pub struct GoodArgs {
    /// A loop word in a doc comment: for each loop { }.
    #[arg(long, default_value = "for x in y {")]
    pub games: u64,
}

pub fn run(args: &GoodArgs) -> u64 {
    let mut sum = 0;
    for game in 0..args.games {
        let text = "} while true {";
        while sum < game {
            sum += 1;
        }
    }
    sum
}
"#;

#[test]
fn the_command_line_rules_catch_each_break_and_pass_what_keeps_them() {
    let traits = BTreeSet::from(["Offered".to_string()]);
    let found = cli_rules::findings("bad.rs", BAD_SAMPLE, &traits);
    let rules: Vec<&str> = found
        .iter()
        .map(|f| &f[f.find("(rule").unwrap()..][..7])
        .collect();
    assert_eq!(rules, ["(rule 1", "(rule 2", "(rule 3"], "{found:#?}");
    assert!(
        found[0].starts_with("bad.rs:6: struct Tally "),
        "{}",
        found[0]
    );
    assert!(found[1].contains("library trait Game"), "{}", found[1]);
    assert!(
        found[2].starts_with("bad.rs:25: a loop inside a loop"),
        "{}",
        found[2]
    );

    // Rule 4: a function of 61 lines, and a file with more code than the cap.
    let body = "    let x = 1;\n".repeat(cli_rules::MAX_FUNCTION_LINES - 2);
    let long = format!("fn long() {{\n{body}}}\n");
    assert!(cli_rules::findings("long.rs", &long, &traits).is_empty());
    let longer = format!("fn long() {{\n{body}    x;\n}}\n");
    let found = cli_rules::findings("long.rs", &longer, &traits);
    assert!(
        found[0].starts_with("long.rs:1: fn long has 61 lines"),
        "{found:?}"
    );
    let many = "fn short() {\n    let x = 1;\n}\n".repeat(cli_rules::MAX_CODE_LINES / 3 + 1);
    let found = cli_rules::findings("many.rs", &many, &traits);
    assert!(
        found[0].starts_with("many.rs: 252 lines of code"),
        "{found:?}"
    );

    // What keeps the rules: clap and printed types, the command line's own trait, single
    // loops, a test module (not read), literals that look like code.
    let good = r##"
#[derive(Debug, Args)]
#[command(
    after_help = "struct X; impl Game for X"
)]
pub struct RunArgs {
    pub n: u64,
}

#[derive(serde::Serialize)]
struct Printed<'a> {
    name: &'a str,
}

impl Offered for crate::draughts::Rules {}

impl<T> Offered for Vec<T> {}

pub fn run(args: &RunArgs) {
    let brace = '{';
    let raw = r#"for x in y { while z {"#;
    for line in ["a", "b"] {
        println!("{line} {brace} {raw}");
    }
    for n in 0..args.n {
        println!("{n}");
    }
}

#[cfg(test)]
mod tests {
    struct Fixture;
    fn nested() {
        for a in 0..2 {
            for b in 0..2 {}
        }
    }
}
"##;
    let found = cli_rules::findings("good.rs", good, &traits);
    assert!(found.is_empty(), "{found:#?}");
}
