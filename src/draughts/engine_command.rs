//! An outside engine's player name, as the Hub and DXP players read it: `PREFIX:COMMAND` or
//! `PREFIX[KEY=VALUE;...]:COMMAND`.
//!
//! COMMAND is split into the program and its arguments as a POSIX shell splits words (quotes
//! and backslashes; no variables, globs or pipes: nothing runs a shell). The settings say how
//! long the engine searches and how long it may take to answer: `move-time=S` seconds a move,
//! or `depth=N`, or `nodes=N` (where the protocol has them); `timeout=S`, the longest wait
//! for each answer before the engine forfeits (default 10, more than `move-time`).

use std::time::Duration;

/// What the engine is asked to search for each move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Level {
    MoveTime(f64),
    Depth(u32),
    Nodes(u64),
}

/// The default `timeout`, in seconds.
const DEFAULT_TIMEOUT: f64 = 10.0;

/// The default `move-time`, in seconds (when the timeout allows it).
const DEFAULT_MOVE_TIME: f64 = 1.0;

/// A player name of an outside engine, split.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineCommand {
    /// The prefix: `hub`, `dxp`.
    pub prefix: &'static str,
    /// The name as written, trimmed.
    pub text: String,
    /// The program and its arguments.
    pub argv: Vec<String>,
    /// The text between `[` and `]:`, empty without settings.
    settings: String,
}

impl EngineCommand {
    /// Whether `name` is one of `prefix`'s (it may still be a bad one).
    pub fn names(prefix: &str, name: &str) -> bool {
        name.strip_prefix(prefix)
            .is_some_and(|rest| rest.starts_with(':') || rest.starts_with('['))
    }

    /// Reads `PREFIX:COMMAND` or `PREFIX[...]:COMMAND`; the error is one line naming what is
    /// wrong and what to write.
    pub fn parse(prefix: &'static str, name: &str) -> Result<EngineCommand, String> {
        let text = name.trim();
        let fail = |why: String| format!("{prefix} player `{text}`: {why}");
        let rest = text.strip_prefix(prefix).ok_or_else(|| {
            fail(format!(
                "expected `{prefix}:COMMAND` or `{prefix}[KEY=VALUE;...]:COMMAND`"
            ))
        })?;
        let (settings, command) = match rest.strip_prefix('[') {
            Some(inner) => inner
                .split_once("]:")
                .ok_or_else(|| fail("settings `[...]` must be followed by `:COMMAND`".into()))?,
            None => (
                "",
                rest.strip_prefix(':')
                    .ok_or_else(|| fail(format!("expected `:` after `{prefix}`")))?,
            ),
        };
        if let Some(c) = command
            .chars()
            .find(|c| matches!(c, ',' | '"' | '\n' | '\r'))
        {
            return Err(fail(format!(
                "the command holds {c:?}, which the data files cannot hold; quote with ' or put the command in a script"
            )));
        }
        let argv = shlex::split(command)
            .filter(|argv| !argv.is_empty())
            .ok_or_else(|| fail("the command is empty or its quotes are not closed".into()))?;
        Ok(EngineCommand {
            prefix,
            text: text.to_string(),
            argv,
            settings: settings.to_string(),
        })
    }

    /// The level and the timeout of the settings, of the keys in `allowed` only.
    pub fn settings(&self, allowed: &[&str]) -> Result<(Level, Duration), String> {
        read_settings(&self.settings, allowed)
            .map_err(|why| format!("{} player `{}`: {why}", self.prefix, self.text))
    }
}

/// The `[...]` settings: the level and the timeout.
fn read_settings(settings: &str, allowed: &[&str]) -> Result<(Level, Duration), String> {
    let mut level = None;
    let mut timeout = DEFAULT_TIMEOUT;
    let seconds = |key: &str, value: &str| -> Result<f64, String> {
        value
            .parse::<f64>()
            .ok()
            .filter(|s| s.is_finite() && *s > 0.0 && *s <= 86_400.0)
            .ok_or_else(|| format!("{key}={value}: use seconds above 0, up to 86400"))
    };
    for setting in settings.split(';').filter(|s| !s.trim().is_empty()) {
        let (key, value) = setting
            .split_once('=')
            .map(|(k, v)| (k.trim(), v.trim()))
            .ok_or_else(|| format!("setting `{setting}` is not KEY=VALUE"))?;
        let count = |low: u64, high: u64| {
            value
                .parse::<u64>()
                .ok()
                .filter(|n| (low..=high).contains(n))
                .ok_or_else(|| format!("{key}={value}: use a whole number {low}-{high}"))
        };
        if !allowed.contains(&key) {
            let (last, others) = allowed.split_last().expect("a protocol allows settings");
            return Err(format!(
                "unknown setting `{key}`; use {} or {last}",
                others.join(", ")
            ));
        }
        match key {
            "move-time" => level = Some(Level::MoveTime(seconds(key, value)?)),
            "depth" => level = Some(Level::Depth(count(1, 1000)? as u32)),
            "nodes" => level = Some(Level::Nodes(count(1, u64::MAX)?)),
            _ => timeout = seconds(key, value)?,
        }
    }
    let level = level.unwrap_or(Level::MoveTime(DEFAULT_MOVE_TIME.min(timeout / 2.0)));
    if let Level::MoveTime(move_time) = level
        && move_time >= timeout
    {
        return Err(format!(
            "move-time={move_time} is not below timeout={timeout}; the engine needs time to answer"
        ));
    }
    Ok((level, Duration::from_secs_f64(timeout)))
}

/// Checks that `program` can be found (a path, or a name on `PATH`) and run, so that a typo
/// is one error before a match rather than a crash in every game; `player` names the
/// player in the message.
pub fn check_program(player: &str, program: &str) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    let path = std::path::Path::new(program);
    let runnable = |path: &std::path::Path| {
        path.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if path.components().count() > 1 {
        if runnable(path) {
            return Ok(());
        }
        if path.is_file() {
            return Err(format!(
                "{player}: `{program}` is not executable; make it so (chmod +x) or name the program that runs it"
            ));
        }
    } else if std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| runnable(&dir.join(path))))
    {
        return Ok(());
    }
    Err(format!(
        "{player}: program `{program}` is not found; give its path or put it on PATH"
    ))
}
