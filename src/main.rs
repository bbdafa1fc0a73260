//! The `boardlab` command: parse the arguments, run the command, turn errors into one line.
//!
//! A reader that stops early (`boardlab show results/fifteen | head -1`) closes the pipe
//! under a command that is still printing. That is not an error of the command: it ends
//! quietly with status 0, whether the write that failed returned its error up to here or was
//! a `println!` that panicked on it. This is the only place that knows.
//!
//! A file size limit (`ulimit -f`) is the other process-wide event of the kind: by default
//! the kernel kills a process that writes past it (SIGXFSZ), silently and part way through a
//! file. Ignoring that signal turns the write into an ordinary error (EFBIG), which the
//! command reports on one line like any other failed write, its files left whole.

use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    // Before any thread starts: Ctrl-C waits until the command can answer it.
    boardlab::interrupts::hold();
    quiet_on_closed_pipe();
    errors_past_the_file_size_limit();
    match boardlab::cli::run() {
        Ok(code) => code,
        Err(error) if is_closed_pipe(&error) => ExitCode::SUCCESS,
        Err(error) if is_past_file_size_limit(&error) => {
            eprintln!(
                "error: {error:#}; the file size limit (ulimit -f) stops it: raise the limit, then run the same command again (with --resume for a run)"
            );
            ExitCode::from(2)
        }
        Err(error) => {
            eprintln!(
                "error: {}",
                boardlab::names::one_line(&boardlab::names::quotes_shown(&format!("{error:#}")))
            );
            ExitCode::from(2)
        }
    }
}

/// Makes a write past the file size limit fail with EFBIG instead of killing the process.
fn errors_past_the_file_size_limit() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to "ignore" before any other thread starts
    // installs no handler and touches no memory of this program.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// Whether an error, or any error it wraps, is a write past the file size limit (EFBIG).
fn is_past_file_size_limit(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::FileTooLarge)
    })
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
