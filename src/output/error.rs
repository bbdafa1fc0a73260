//! What can go wrong writing or reading the files experiments produce: a file that cannot be
//! written or read (the message names it), a CSV file that does not parse, a chart plotters
//! cannot draw, or an error from the code that fills a file.

/// The output layer's result.
pub type Result<T> = std::result::Result<T, OutputError>;

/// Whatever the code filling a file fails with (a CSV writer's error, a formatting error, an
/// error of the puzzle's own).
pub type FillError = Box<dyn std::error::Error + Send + Sync>;

#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// A file or folder that cannot be read or written.
    #[error("{message}")]
    Io {
        message: String,
        #[source]
        source: std::io::Error,
    },
    /// A CSV file that cannot be read.
    #[error("{message}")]
    Csv {
        message: String,
        #[source]
        source: csv::Error,
    },
    /// plotters cannot draw a chart; its backend's error, as text.
    #[error("plotting failed: {0}")]
    Chart(String),
    /// The code that fills a file failed; the message names the file.
    #[error("{message}")]
    Fill {
        message: String,
        #[source]
        source: FillError,
    },
}

/// Names the file of an I/O failure.
pub trait IoContext<T> {
    fn io(self, message: impl FnOnce() -> String) -> Result<T>;
}

impl<T> IoContext<T> for std::io::Result<T> {
    fn io(self, message: impl FnOnce() -> String) -> Result<T> {
        self.map_err(|source| OutputError::Io {
            message: message(),
            source,
        })
    }
}
