//! The `boardlab` command: parse the arguments, run the command, turn errors into one line.

use std::process::ExitCode;

fn main() -> ExitCode {
    match boardlab::cli::run() {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}
