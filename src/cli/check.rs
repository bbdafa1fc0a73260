//! `boardlab chess-memory check`: the validator on the command line.

use crate::chess_memory::board::parse_board;
use crate::chess_memory::rules::validate;
use anyhow::Context;
use clap::Args;
use std::io::Read;
use std::process::ExitCode;

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 valid, 1 the pairing rule is broken (violations listed), \
2 the text is not a board.

Examples:
  boardlab chess-memory check 'HWwGsggs_hGsSSsGg_hHGWGSHg_gWswhShw_whHgWSwG_HSwsWhsh_GwWHwWSH_GhSWgHgs'
  boardlab chess-memory draw --format fen | head -1 | boardlab chess-memory check -"
)]
pub struct CheckArgs {
    /// The board: FEN ranks separated by '/', the seed's '_'-separated files, or a grid;
    /// `-` reads it from standard input. The format is detected.
    #[arg(value_name = "BOARD")]
    pub board: String,
}

pub fn run(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let text = if args.board == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("reading the board from standard input")?;
        text
    } else {
        args.board.clone()
    };
    let board = parse_board(&text)?;
    let violations = validate(&board);
    if violations.is_empty() {
        println!("valid");
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "invalid: {} pieces break the pairing rule",
        violations.len()
    );
    for violation in &violations {
        println!("  {violation}");
    }
    Ok(ExitCode::from(1))
}
