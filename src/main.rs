//! The `boardlab` command: parse the arguments, run the command, turn errors into one line.
//!
//! A reader that stops early (`boardlab show results/fifteen | head -1`) closes the pipe
//! under a command that is still printing. That is not an error of the command: it ends
//! quietly with status 0, whether the write that failed returned its error up to here or was
//! a `println!` that panicked on it. This is the only place that knows.

use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    match boardlab::cli::run() {
        Ok(code) => code,
        Err(error) if is_closed_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}

/// Whether an error, or any error it wraps, is a write to a closed pipe.
fn is_closed_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// `println!` panics when standard output is a closed pipe; such a panic exits with status 0
/// and says nothing. Every other panic keeps the standard report.
fn quiet_on_closed_pipe() {
    let standard = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or_default();
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(0);
        }
        standard(info);
    }));
}
