//! `boardlab completions` and `boardlab man`: shell completion scripts (clap_complete) and
//! manual pages (clap_mangen), both generated from the clap definitions of this module's
//! parent, so they list exactly the options the binary accepts.

use super::Cli;
use anyhow::Context;
use clap::{Args, CommandFactory};
use clap_complete::Shell;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 the script was printed, 2 it could not be written.

Examples:
  boardlab completions bash --out ~/.local/share/bash-completion/completions
  boardlab completions zsh --out ~/.zfunc           (with fpath+=~/.zfunc before compinit)
  boardlab completions fish --out ~/.config/fish/completions
  boardlab completions bash > boardlab.bash         print the script instead"
)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: Shell,
    /// Write the script into this folder, created if missing, under the name the shell looks
    /// for (`boardlab` for bash, `_boardlab` for zsh, `boardlab.fish` for fish), instead of
    /// printing it to standard output.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

#[derive(Debug, Args)]
#[command(after_help = "Exit status: 0 the page was written, 2 it could not be.

Examples:
  boardlab man | man -l -                        read the manual now
  boardlab man --out /usr/local/share/man/man1   install boardlab.1 and a page per command")]
pub struct ManArgs {
    /// Write boardlab.1 and one page per command (boardlab-run.1, boardlab-sat-count.1, …)
    /// into this folder instead of printing boardlab.1 to standard output.
    #[arg(long, alias = "output", value_name = "DIR")]
    pub out: Option<PathBuf>,
}

pub fn completions(args: &CompletionsArgs) -> anyhow::Result<ExitCode> {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "boardlab", &mut script);
    match &args.out {
        Some(dir) => {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
            let path = dir.join(script_name(args.shell));
            std::fs::write(&path, &script)
                .with_context(|| format!("writing {}", path.display()))?;
        }
        None => write_stdout(&script)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The file name under which each shell looks up the completions of `boardlab`.
fn script_name(shell: Shell) -> &'static str {
    match shell {
        // bash-completion loads `completions/<command>` on first use of the command.
        Shell::Bash => "boardlab",
        Shell::Zsh => "_boardlab",
        Shell::Fish => "boardlab.fish",
        Shell::Elvish => "boardlab.elv",
        Shell::PowerShell => "_boardlab.ps1",
        _ => "boardlab.completions",
    }
}

pub fn man(args: &ManArgs) -> anyhow::Result<ExitCode> {
    let command = Cli::command();
    match &args.out {
        Some(dir) => {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
            clap_mangen::generate_to(command, dir)
                .with_context(|| format!("writing manual pages to {}", dir.display()))?;
        }
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(command)
                .render(&mut page)
                .context("rendering the manual page")?;
            write_stdout(&page)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes `bytes` to standard output; a reader that stops early (`| head`) is not an error.
fn write_stdout(bytes: &[u8]) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other.context("writing standard output"),
    }
}
