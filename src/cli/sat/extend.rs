//! `boardlab chess-memory sat extend`: can a partial board be completed?

use crate::chess_memory::board::{BoardFormat, format_board, parse_board};
use crate::chess_memory::sat::{Extension, Instance, extend, extend_with_proof};
use crate::cli::PuzzleArgs;
use crate::output::atomic::AtomicFile;
use anyhow::Context;
use clap::Args;
use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 a completion was found (printed), 1 no completion exists, \
2 bad input.

With --proof, the partial board's pieces become unit clauses and varisat writes a DRAT proof of \
the \"no\"; check it against the same formula:
  boardlab chess-memory sat cnf --board-size 4 --order queue:RR --partial '4/4/4/RRR1' --out f.cnf
  boardlab chess-memory sat extend --board-size 4 --order queue:RR '4/4/4/RRR1' --proof f.drat
  rate f.cnf f.drat                                (or drat-trim f.cnf f.drat)

Examples:
  boardlab chess-memory sat extend '8/8/8/8/8/8/8/QQ6'          can the seed's instance start like this?
  boardlab chess-memory draw --cap 50 --format fen | head -1 | boardlab chess-memory sat extend -"
)]
pub struct ExtendArgs {
    /// The partial board in any format (empty squares as '.', '0' or FEN digits); `-` reads
    /// it from standard input.
    #[arg(value_name = "PARTIAL")]
    pub partial: String,

    #[command(flatten)]
    pub puzzle: PuzzleArgs,

    /// Write a DRAT refutation to this file when no completion exists (solves without
    /// assumptions; no file is written when a completion exists).
    #[arg(long, value_name = "FILE")]
    pub proof: Option<PathBuf>,

    /// Board format of the completion.
    #[arg(long, value_parser = crate::cli::offered::<BoardFormat>(), default_value_t = BoardFormat::Grid)]
    pub format: BoardFormat,

    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &ExtendArgs) -> anyhow::Result<ExitCode> {
    let queue = args.puzzle.queue()?;
    let instance = Instance::from_queue(&queue);
    let partial = parse_board(&read_board(&args.partial)?).context("PARTIAL")?;
    let answer = match &args.proof {
        None => extend(&instance, &partial)?,
        Some(path) => {
            let mut file = AtomicFile::create(path)?;
            match extend_with_proof(&instance, &partial, file.writer()) {
                Ok(Extension::Impossible) => {
                    file.commit()?;
                    Extension::Impossible
                }
                Ok(completion) => {
                    file.discard();
                    completion
                }
                Err(error) => {
                    file.discard();
                    return Err(error.into());
                }
            }
        }
    };
    report(args, &instance, &answer);
    Ok(match answer {
        Extension::Completion(_) => ExitCode::SUCCESS,
        Extension::Impossible => ExitCode::from(1),
    })
}

fn read_board(argument: &str) -> anyhow::Result<String> {
    if argument != "-" {
        return Ok(argument.to_string());
    }
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .context("reading the partial board from standard input")?;
    Ok(text)
}

fn report(args: &ExtendArgs, instance: &Instance, answer: &Extension) {
    let proof = args.proof.as_ref().map(|p| p.display().to_string());
    match answer {
        Extension::Completion(board) => {
            let board = format_board(board, args.format);
            if args.json {
                let json = serde_json::json!({
                    "instance": instance.to_string(), "completable": true,
                    "completion": board, "proof": null,
                });
                println!("{json}");
            } else {
                println!("yes: a completion ({instance})");
                print!("{board}{}", if board.ends_with('\n') { "" } else { "\n" });
                if proof.is_some() {
                    println!("no proof written: there is nothing to refute");
                }
            }
        }
        Extension::Impossible => {
            if args.json {
                let json = serde_json::json!({
                    "instance": instance.to_string(), "completable": false,
                    "completion": null, "proof": proof,
                });
                println!("{json}");
            } else {
                println!("no: no valid board of {instance} contains this partial board");
                if let Some(path) = proof {
                    println!("DRAT refutation written to {path}");
                }
            }
        }
    }
}
