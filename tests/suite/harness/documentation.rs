//! The documentation's shape: a short README, a README in every results folder naming the
//! command that made it, and links that lead somewhere. (That every command shown runs is
//! `documented_examples`.)

use crate::common::committed;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The Markdown files written for the repository at `root`, as committed there: the README,
/// `experiments/README.md`, `docs/` (less the seed articles, copied unchanged from their
/// sources) and the results folders' READMEs.
fn documents(root: &Path, files: &BTreeSet<PathBuf>) -> Vec<PathBuf> {
    let mut found = vec![
        PathBuf::from("README.md"),
        PathBuf::from("experiments/README.md"),
    ];
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy();
        if path.parent() == Some(Path::new("docs"))
            && name.ends_with(".md")
            && !name.starts_with("seed-article")
        {
            found.push(path.clone());
        }
    }
    for folder in committed::subfolders_in(files, "results") {
        found.push(folder.join("README.md"));
    }
    found.sort();
    found.into_iter().map(|path| root.join(path)).collect()
}

/// The results folders committed in the repository at `root`.
fn results_folders(root: &Path, files: &BTreeSet<PathBuf>) -> Vec<PathBuf> {
    committed::subfolders_in(files, "results")
        .into_iter()
        .map(|folder| root.join(folder))
        .collect()
}

/// The anchors of a Markdown file's headings, as GitHub makes them: lower case, punctuation
/// dropped, spaces as hyphens.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        let Some(heading) = line.strip_prefix('#') else {
            continue;
        };
        if in_code {
            continue;
        }
        let heading = heading.trim_start_matches('#').trim().to_lowercase();
        let slug: String = heading
            .chars()
            .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        found.insert(slug);
    }
    found
}

/// The targets of a Markdown text's inline links, `[text](target)`.
fn link_targets(text: &str) -> Vec<String> {
    text.match_indices("](")
        .filter_map(|(i, _)| {
            let rest = &text[i + 2..];
            let end = rest.find(|c: char| c == ')' || c.is_whitespace())?;
            Some(rest[..end].to_string())
        })
        .collect()
}

/// Results folders without a README that shows the command that made them.
pub(crate) fn folders_without_their_command(root: &Path, files: &BTreeSet<PathBuf>) -> Vec<String> {
    let mut missing = Vec::new();
    for folder in results_folders(root, files) {
        let Ok(readme) = std::fs::read_to_string(folder.join("README.md")) else {
            missing.push(format!("{} has no README.md", folder.display()));
            continue;
        };
        let Ok(manifest) = std::fs::read_to_string(folder.join("manifest.json")) else {
            continue;
        };
        let manifest: serde_json::Value = serde_json::from_str(&manifest).unwrap();
        let command = manifest["command"].as_str().unwrap();
        // The recorded program path differs from machine to machine; the arguments do not.
        let arguments = &command[command.find(" run ").expect("a run command") + 1..];
        if !readme.contains(arguments) {
            missing.push(format!(
                "{}/README.md does not show the command that made it: `{arguments}`",
                folder.display()
            ));
        }
    }
    missing
}

/// Links of the documentation that lead to no file or to no heading.
pub(crate) fn broken_links(root: &Path, files: &BTreeSet<PathBuf>) -> Vec<String> {
    let mut broken = Vec::new();
    for document in documents(root, files) {
        let text = std::fs::read_to_string(&document)
            .unwrap_or_else(|e| panic!("reading {}: {e}", document.display()));
        for target in link_targets(&text) {
            if target.starts_with("http") || target.starts_with("mailto:") {
                continue;
            }
            let (path, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let file = if path.is_empty() {
                document.clone()
            } else {
                document.parent().unwrap().join(path)
            };
            if !file.exists() {
                broken.push(format!("{}: {target} (no such file)", document.display()));
            } else if !anchor.is_empty()
                && file.extension().is_some_and(|e| e == "md")
                && !anchors(&std::fs::read_to_string(&file).unwrap()).contains(anchor)
            {
                broken.push(format!(
                    "{}: {target} (no such heading)",
                    document.display()
                ));
            }
        }
    }
    broken
}

#[test]
fn the_readme_is_under_300_lines() {
    let readme = std::fs::read_to_string(committed::root().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(
        lines < 300,
        "README.md has {lines} lines; move detail into docs/"
    );
}

#[test]
fn every_results_folder_has_a_readme_with_the_command_that_made_it() {
    let missing = folders_without_their_command(committed::root(), committed::files());
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn every_link_of_the_documentation_leads_to_a_file_and_heading_that_exist() {
    let broken = broken_links(committed::root(), committed::files());
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn a_heading_anchor_is_made_as_github_makes_it() {
    let text = "# Fields (ChessMemory)\n## Matches between bots: `puzzle = \"fifteen\"` and other games\n```sh\n# not a heading\n```\n";
    let found = anchors(text);
    assert!(found.contains("fields-chessmemory"), "{found:?}");
    assert!(
        found.contains("matches-between-bots-puzzle--fifteen-and-other-games"),
        "{found:?}"
    );
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(
        link_targets("see [a](docs/a.md#b) and [c](c.png)."),
        ["docs/a.md#b", "c.png"]
    );
}
