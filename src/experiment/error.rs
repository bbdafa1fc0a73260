//! What can go wrong in the harness, as one typed error: a spec that cannot run, a folder
//! another process holds, a folder in a state the command cannot use, shards that do not make
//! one run, a data row out of place, data that do not match their record, a file that cannot
//! be read or written, a bad option, or a failure inside a puzzle's study. Each message names
//! the folder or file and says what to do; the command line adds context and prints it on
//! one line.

use super::spec::SpecError;
use crate::output::error::OutputError;
use std::path::Path;

/// A failure inside a puzzle's study (reading its spec, computing or deriving its data,
/// reporting), in the puzzle's own error type.
pub type StudyError = Box<dyn std::error::Error + Send + Sync>;

/// The harness's result.
pub type Result<T> = std::result::Result<T, HarnessError>;

#[derive(Debug, thiserror::Error)]
pub enum HarnessError {
    /// A spec that cannot be run.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// Another process holds the folder.
    #[error("{0}")]
    Locked(String),
    /// The folder is not in a state the command can use.
    #[error("{0}")]
    Folder(String),
    /// The folders given to merge do not make one run.
    #[error("{0}")]
    Merge(String),
    /// A row of `draws.csv` that is not the one the spec puts there.
    #[error("{file} row {row} is {found} where the spec puts {expected}")]
    RowKey {
        file: String,
        row: u64,
        found: String,
        expected: String,
    },
    /// Data that do not match their header, their checksum or the spec.
    #[error("{0}")]
    Data(String),
    /// A file or folder that cannot be read or written; the message names it.
    #[error("{message}")]
    Io {
        message: String,
        #[source]
        source: std::io::Error,
    },
    /// A file of the folder that cannot be written or read.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// A manifest that is not one.
    #[error("{path} is not a boardlab manifest")]
    Manifest {
        path: String,
        #[source]
        source: serde_json::Error,
    },
    /// A command-line value the harness cannot use.
    #[error("{0}")]
    Usage(String),
    /// A failure inside the puzzle's study, with what the harness was doing.
    #[error("{context}")]
    Study {
        context: String,
        #[source]
        source: StudyError,
    },
}

impl HarnessError {
    /// A study's failure while doing `context`.
    pub fn study(context: impl Into<String>, source: impl Into<StudyError>) -> HarnessError {
        HarnessError::Study {
            context: context.into(),
            source: source.into(),
        }
    }
}

/// A puzzle's error together with what was being done when it happened; shown as
/// "what: the error".
#[derive(Debug, thiserror::Error)]
#[error("{what}")]
pub struct Described {
    what: String,
    #[source]
    source: StudyError,
}

/// Says what was being done when a puzzle's operation failed:
/// `read(path).describe(|| format!("reading {}", path.display()))`.
pub trait Describe<T> {
    fn describe(self, what: impl FnOnce() -> String) -> std::result::Result<T, StudyError>;
}

impl<T, E: Into<StudyError>> Describe<T> for std::result::Result<T, E> {
    // Inlined, with the error built out of line: rows of data files are parsed through it,
    // a field at a time.
    #[inline]
    fn describe(self, what: impl FnOnce() -> String) -> std::result::Result<T, StudyError> {
        match self {
            Ok(value) => Ok(value),
            Err(source) => Err(described(what(), source.into())),
        }
    }
}

#[cold]
fn described(what: String, source: StudyError) -> StudyError {
    Box::new(Described { what, source })
}

/// Names the file of an I/O failure: `.io(|| format!("cannot read {}", path.display()))`.
pub trait IoContext<T> {
    fn io(self, message: impl FnOnce() -> String) -> Result<T>;

    /// "`what` `path`", the common case.
    fn io_at(self, what: &str, path: &Path) -> Result<T>
    where
        Self: Sized,
    {
        self.io(|| format!("{what} {}", path.display()))
    }
}

impl<T> IoContext<T> for std::io::Result<T> {
    fn io(self, message: impl FnOnce() -> String) -> Result<T> {
        self.map_err(|source| HarnessError::Io {
            message: message(),
            source,
        })
    }
}

/// `return Err(HarnessError::Variant(format!(…)))`.
macro_rules! fail {
    ($variant:ident, $($argument:tt)*) => {
        return Err($crate::experiment::error::HarnessError::$variant(format!($($argument)*)))
    };
}

/// Fails with `HarnessError::Variant(format!(…))` unless the condition holds.
macro_rules! check {
    ($condition:expr, $variant:ident, $($argument:tt)*) => {
        if !$condition {
            $crate::experiment::error::fail!($variant, $($argument)*);
        }
    };
}

pub(crate) use {check, fail};
