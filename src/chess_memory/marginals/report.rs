//! A marginals study's description, REPORT.md and charts.

use super::{FeatureRow, KindRow, UniformRow};
use crate::output::charts::{IntervalChart, IntervalRow, Layers, Look};
use crate::output::document::{Align, Document, Table};

/// Significance level of the study's verdicts (after Holm's adjustment).
const ALPHA: f64 = 0.05;

/// What a study drew: written beside its tables as `marginals.json`, so that its report and
/// charts can be made again from the files.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MarginalsStudy {
    /// The instance in words.
    pub instance: String,
    pub seed: u64,
    /// Draws per generator, and the iteration cap of each draw.
    pub draws: u64,
    pub cap: Option<u64>,
    /// Proposals of the uniform reference, those that made a board, and their effective
    /// sample size.
    pub proposals: u64,
    pub reference_boards: u64,
    pub effective_size: f64,
    /// The command that made the study.
    pub command: String,
}

/// Writes REPORT.md and the charts `kinds` (each generator's kind-per-square distance beside
/// what noise alone gives) and `pairs` (each generator's largest standardised difference in
/// the pair features, with its 95% interval) into `dir`.
pub fn write_report(
    dir: &std::path::Path,
    study: &MarginalsStudy,
    uniform: &[UniformRow],
    pairs: &[FeatureRow],
    kinds: &[KindRow],
) -> crate::output::error::Result<()> {
    let board = study.instance.split(',').next().unwrap_or_default();
    let by_distance = sorted_by_distance(kinds);
    let kind_chart = IntervalChart {
        title: format!(
            "Kind per square against uniform boards, {board} (generators with enough boards)"
        ),
        axis: "total variation distance of the kinds, averaged over the squares".into(),
        interval: "0 .. what sampling noise alone gives a uniform generator".into(),
        estimate: "the generator's distance".into(),
        hidden: None,
        open: String::new(),
        rows: by_distance
            .iter()
            .filter(|r| r.tested)
            .map(|r| IntervalRow::new(r.generator.clone(), r.distance, 0.0, r.noise_distance))
            .collect(),
        reference: None,
        row_axis: None,
        layers: Layers::default(),
        look: Look::DISTANCES,
    };
    let largest = largest_effects(pairs);
    let pair_chart = IntervalChart {
        title: format!("Pair shapes and edge pairs against uniform boards, {board}"),
        axis: "largest standardised difference from uniform (Cohen's d)".into(),
        interval: "95% interval".into(),
        estimate: "the generator's largest |d|, signed, over its pair features".into(),
        hidden: None,
        open: String::new(),
        reference: None,
        row_axis: None,
        layers: Layers::default(),
        look: Look::DISTANCES,
        rows: largest
            .iter()
            .map(|r| {
                let spread = r.difference / r.effect_size;
                let half = 1.96 * r.error / spread;
                IntervalRow::new(
                    format!("{} ({})", r.generator, r.feature),
                    r.effect_size,
                    r.effect_size - half,
                    r.effect_size + half,
                )
            })
            .collect(),
    };
    crate::output::charts::render(&kind_chart, dir, "kinds")?;
    crate::output::charts::render(&pair_chart, dir, "pairs")?;
    let text = report(study, uniform, pairs, kinds);
    crate::output::atomic::write_atomic(&dir.join("REPORT.md"), text.as_bytes())
}

/// The generators with enough boards to test, farthest from uniform first, then the others.
fn sorted_by_distance(kinds: &[KindRow]) -> Vec<&KindRow> {
    let mut sorted: Vec<&KindRow> = kinds.iter().collect();
    sorted
        .sort_by(|a, b| (b.tested.cmp(&a.tested)).then_with(|| b.distance.total_cmp(&a.distance)));
    sorted
}

/// Each tested generator's pair feature with the largest |effect size| (and a nonzero one),
/// largest first.
fn largest_effects(pairs: &[FeatureRow]) -> Vec<&FeatureRow> {
    let mut largest: Vec<&FeatureRow> = Vec::new();
    for row in pairs.iter().filter(|r| r.tested && r.effect_size != 0.0) {
        match largest.iter_mut().find(|r| r.generator == row.generator) {
            Some(kept) if kept.effect_size.abs() < row.effect_size.abs() => *kept = row,
            Some(_) => {}
            None => largest.push(row),
        }
    }
    largest.sort_by(|a, b| b.effect_size.abs().total_cmp(&a.effect_size.abs()));
    largest
}

/// The study's REPORT.md.
pub fn report(
    study: &MarginalsStudy,
    uniform: &[UniformRow],
    pairs: &[FeatureRow],
    kinds: &[KindRow],
) -> String {
    let MarginalsStudy {
        instance,
        seed,
        draws,
        cap,
        proposals,
        reference_boards,
        effective_size,
        command,
    } = study;
    let cap = cap.map_or("no iteration cap".to_string(), |c| {
        format!("at most {c} iterations each (a draw that reaches it gives no board)")
    });
    let mut text = Document::new();
    write!(
        text,
        "# How each generator's boards differ from uniform ones\n\n\
{instance}. Each generator made {draws} draws from master seed {seed}, {cap}, as `chess-memory \
draw --seed {seed} --index I` makes them. The uniform reference is {proposals} weighted \
proposals of the symbol-by-symbol estimator ({reference_boards} boards, effective sample size \
{effective_size:.0}), whose weighted means estimate the means over uniformly drawn boards \
(docs/chess-memory.md). Every board passed the validator.\n\n```sh\n{command}\n```\n\n\
## Summary\n\n"
    );
    let detected = |generator: &str| {
        kinds
            .iter()
            .any(|r| r.generator == generator && r.p_holm < ALPHA)
            || pairs
                .iter()
                .any(|r| r.generator == generator && r.p_holm < ALPHA)
    };
    summary(&mut text, uniform, pairs, kinds, &detected);
    search_table(&mut text, kinds, &detected);
    kind_table(&mut text, kinds);
    pair_table(&mut text, pairs, kinds);
    text.push_str(
        "\n![kind per square](kinds.svg)\n\n![pair shapes and edge pairs](pairs.svg)\n\n\
Files: `kinds.csv`, `pairs.csv` (one row per generator and feature), `uniform.csv` (every \
feature's mean over uniform boards), `marginals.json` (what was drawn).\n",
    );
    text.into()
}

/// The summary's points: how many generators are detectably non-uniform, the farthest, the
/// untested, the largest pair effect and what a uniform board has on average.
fn summary(
    text: &mut Document,
    uniform: &[UniformRow],
    pairs: &[FeatureRow],
    kinds: &[KindRow],
    detected: &dyn Fn(&str) -> bool,
) {
    let tested: Vec<&str> = (kinds.iter().filter(|r| r.tested))
        .map(|r| r.generator.as_str())
        .collect();
    let (unfair, fair): (Vec<&str>, Vec<&str>) = tested.iter().partition(|g| detected(g));
    let listed = crate::chess_memory::fairness::listed_verdicts(&unfair, &fair);
    writeln!(
        text,
        "- **Detectably non-uniform** (any test, Holm-adjusted p < {ALPHA}): {} of the {} \
generators with enough boards to test{listed}.",
        unfair.len(),
        tested.len()
    );
    if let Some(far) = sorted_by_distance(kinds).into_iter().find(|r| r.tested) {
        writeln!(
            text,
            "- **Farthest kind per square**: {}, distance {:.4} averaged over the squares \
(noise alone: {:.4}); its farthest cell {} by {:+.4} ({:+.1} standard errors).",
            far.generator,
            far.distance,
            far.noise_distance,
            far.farthest_cell,
            far.farthest_difference,
            far.farthest_z
        );
    }
    untested_and_effects(text, pairs, kinds);
    let on_uniform: Vec<String> = uniform
        .iter()
        .filter(|r| r.family != "kind per square" && r.spread > 0.0)
        .map(|r| format!("{} {:.4} ± {:.4}", r.feature, r.mean, r.error))
        .collect();
    writeln!(
        text,
        "- **A uniform board** has on average (± standard error): {}.",
        on_uniform.join(", ")
    );
}

/// The summary's lines on the generators too short to test and the largest pair effect.
fn untested_and_effects(text: &mut Document, pairs: &[FeatureRow], kinds: &[KindRow]) {
    let untested: Vec<&str> = (kinds.iter().filter(|r| !r.tested))
        .map(|r| r.generator.as_str())
        .collect();
    if !untested.is_empty() {
        writeln!(
            text,
            "- **Too few boards to test** (under {}): {}.",
            super::MIN_BOARDS,
            untested.join(", ")
        );
    }
    if let Some(top) = largest_effects(pairs).first() {
        writeln!(
            text,
            "- **Largest pair effect**: {}, {} {:.3} per board against {:.3} on uniform \
boards (d = {:+.3}, Holm p = {:.2e}).",
            top.generator, top.feature, top.mean, top.uniform_mean, top.effect_size, top.p_holm
        );
    }
}

/// One row per search: its generators (orders), how many could be tested and how many were
/// detectably non-uniform, and the median kind-per-square distance over the tested ones.
fn search_table(text: &mut Document, kinds: &[KindRow], detected: &dyn Fn(&str) -> bool) {
    text.push_str("\n## By search\n\n");
    let mut table = Table::aligned(&[
        ("search", Align::Plain),
        ("generators", Align::Right),
        ("with enough boards", Align::Right),
        ("detectably non-uniform", Align::Right),
        (
            "median kind-per-square distance (noise alone)",
            Align::Right,
        ),
    ]);
    let mut searches: Vec<&str> = Vec::new();
    for row in kinds {
        let search = search_of(&row.generator);
        if !searches.contains(&search) {
            searches.push(search);
        }
    }
    for search in searches {
        let rows: Vec<&KindRow> = (kinds.iter())
            .filter(|r| search_of(&r.generator) == search)
            .collect();
        let tested: Vec<&&KindRow> = rows.iter().filter(|r| r.tested).collect();
        let unfair = tested.iter().filter(|r| detected(&r.generator)).count();
        let median = |value: &dyn Fn(&KindRow) -> f64| {
            let mut values: Vec<f64> = tested.iter().map(|r| value(r)).collect();
            values.sort_by(f64::total_cmp);
            match values.len() {
                0 => f64::NAN,
                n if n % 2 == 1 => values[n / 2],
                n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
            }
        };
        let distance = if tested.is_empty() {
            "–".to_string()
        } else {
            format!(
                "{:.4} ({:.4})",
                median(&|r| r.distance),
                median(&|r| r.noise_distance)
            )
        };
        table.row([
            search.to_string(),
            rows.len().to_string(),
            tested.len().to_string(),
            unfair.to_string(),
            distance,
        ]);
    }
    text.table(&table);
}

/// The search of a generator's label (`seed/QNBR` → `seed`).
fn search_of(generator: &str) -> &str {
    generator.split('/').next().unwrap_or(generator)
}

fn kind_table(text: &mut Document, kinds: &[KindRow]) {
    text.push_str(
        "\n## Kind per square\n\nThe total variation distance between the generator's and \
uniform drawing's distribution of kinds, averaged over the squares, beside what sampling \
noise alone gives; the cell farthest from uniform in standard errors; the Bonferroni p-value \
over the cells, Holm-adjusted over the study.\n\n",
    );
    let mut table = Table::aligned(&[
        ("generator", Align::Plain),
        ("boards", Align::Right),
        ("distance", Align::Right),
        ("noise alone", Align::Right),
        ("farthest cell", Align::Plain),
        ("difference", Align::Right),
        ("z", Align::Right),
        ("p (Holm)", Align::Right),
    ]);
    for r in sorted_by_distance(kinds) {
        table.row([
            r.generator.clone(),
            r.boards.to_string(),
            format!("{:.4}", r.distance),
            format!("{:.4}", r.noise_distance),
            r.farthest_cell.to_string(),
            format!("{:+.4}", r.farthest_difference),
            format!("{:+.1}", r.farthest_z),
            if r.tested {
                format!("{:.2e}", r.p_holm)
            } else {
                "too few boards".to_string()
            },
        ]);
    }
    text.table(&table);
}

fn pair_table(text: &mut Document, pairs: &[FeatureRow], kinds: &[KindRow]) {
    let mut features: Vec<&str> = Vec::new();
    for row in pairs {
        if !features.contains(&row.feature.as_str()) {
            features.push(&row.feature);
        }
    }
    write!(
        text,
        "\n## Pair shapes and edge pairs\n\nThe generator's mean per board less the uniform \
mean, with Cohen's d in brackets; `*` marks a Holm-adjusted p < {ALPHA}, `?` a generator \
with too few boards to test.\n\n"
    );
    let mut table = Table::new(std::iter::once("generator").chain(features.iter().copied()));
    for column in 1..=features.len() {
        table = table.align(column, Align::Right);
    }
    for kind in sorted_by_distance(kinds) {
        let cells = features.iter().map(|feature| {
            let cell = pairs
                .iter()
                .find(|r| r.generator == kind.generator && r.feature == *feature);
            match cell {
                Some(r) => format!(
                    "{:+.3} ({:+.3}){}",
                    r.difference,
                    r.effect_size,
                    match (r.tested, r.p_holm < ALPHA) {
                        (false, _) => "?",
                        (true, true) => "*",
                        (true, false) => "",
                    }
                ),
                None => "–".to_string(),
            }
        });
        table.row(std::iter::once(kind.generator.clone()).chain(cells));
    }
    text.table(&table);
}
