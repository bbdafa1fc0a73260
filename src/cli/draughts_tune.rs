//! `boardlab draughts tune`: fits the engine's evaluation weights to the results of games
//! ([`crate::draughts::tune`]) and prints them beside the weights the engine plays with.

use crate::draughts::bots::engine::evaluation::Weights;
use crate::draughts::tune::{self, Samples};
use crate::draughts::variant::RulesChoice;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 success, 2 a file that is not a draughts match study's \
draws.csv, a move that is not legal, or no quiet position to fit (one line naming it).

Each game is replayed under --rules; a game ended by a forfeit is left out. Every position \
after --skip-plies where the side to move has no capture is a sample: the evaluation's terms \
(docs/engine.md) and the game's result for White. The scale of the logistic model is fitted \
first for the weights the engine plays with, then every weight but the man's (100, the unit) \
by --steps steps of gradient descent on the mean squared error, full batch: the same files \
give the same weights. The weights are printed as a table and as the engine's switch \
`weights=W1/…/W13`, which plays them (engine:N-nodes:weights=…). docs/engine.md shows a run from games to weights."
)]
pub struct TuneArgs {
    /// Results folders of match studies (their draws.csv is read) or draws.csv files.
    #[arg(required = true, value_name = "FOLDER|FILE")]
    pub files: Vec<PathBuf>,

    /// The rule set the games were played under: one of the national games.
    #[arg(long, default_value_t = RulesChoice::International, value_parser = crate::cli::offered::<RulesChoice>())]
    pub rules: RulesChoice,

    /// Plies at the start of each game that give no sample (the opening).
    #[arg(long, default_value_t = 10)]
    pub skip_plies: u32,

    /// Steps of gradient descent, 1 to 100,000.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub steps: u32,
}

pub(super) fn tune(args: &TuneArgs) -> anyhow::Result<ExitCode> {
    let Some(variant) = args.rules.variant() else {
        anyhow::bail!(
            "--rules damebot: the engine's evaluation is fitted for the national games; give one of them, e.g. --rules czech"
        );
    };
    let mut samples = Samples::default();
    for file in &args.files {
        let path = if file.is_dir() {
            file.join("draws.csv")
        } else {
            file.clone()
        };
        if !path.is_file() {
            anyhow::bail!(
                "{}: no such file; give a results folder with its draws.csv or the file itself",
                path.display()
            );
        }
        tune::read_games(&path, variant, args.skip_plies, &mut samples)
            .map_err(anyhow::Error::msg)?;
    }
    if samples.samples.is_empty() {
        anyhow::bail!(
            "no quiet position after ply {} in {} games: give more games or a smaller --skip-plies",
            args.skip_plies,
            samples.games
        );
    }
    let start = Weights::for_rules(variant.rules().flying_kings);
    let fit = tune::fit(&samples.samples, start, args.steps);
    println!(
        "{} games ({} left out for a forfeit), {} quiet positions after ply {}; scale {:.2}; mean squared error {:.5} before, {:.5} fitted",
        samples.games,
        samples.forfeits,
        samples.samples.len(),
        args.skip_plies,
        fit.scale,
        fit.error_before,
        fit.error_after
    );
    println!();
    print!("{}", tune::table(&start, &fit));
    println!();
    let list: Vec<String> = fit.weights.terms.iter().map(i32::to_string).collect();
    println!("as an engine's switch: weights={}", list.join("/"));
    Ok(ExitCode::SUCCESS)
}
