//! Charts for the write-up, drawn with plotters and written as SVG and PNG.
//!
//! Text uses DejaVu Sans embedded in the binary (the `dejavu` crate, through plotters'
//! `ab_glyph` backend), so charts render the same on a machine without system fonts. Every
//! chart takes plain numbers prepared by the analysis, draws itself on any plotters backend,
//! and is written by [`render`] to `<stem>.svg` and `<stem>.png`.

mod histograms;
mod intervals;
mod restart;
pub mod style;
mod survival;

pub use histograms::{HistogramBar, LogHistogram, LogHistogramChart};
pub use intervals::{IntervalChart, IntervalRow, Layers, Look, Ticks};
pub use restart::{RestartChart, RestartCurve};
pub use style::register_fonts;
pub use survival::{CurveRole, SurvivalChart, SurvivalCurve};

use super::error::{IoContext, OutputError, Result};
use plotters::coord::Shift;
use plotters::drawing::DrawingAreaErrorKind;
use plotters::prelude::*;
use plotters_backend::DrawingErrorKind;
use std::path::{Path, PathBuf};

/// A chart that can draw itself on any plotters backend.
pub trait Chart {
    /// Width and height in pixels (of the PNG; the SVG has the same user units).
    fn size(&self) -> (u32, u32) {
        (1200, 800)
    }

    /// Draws the chart on `root`, which is already filled white.
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static;
}

/// Writes `chart` to `dir/stem.svg` and `dir/stem.png`; returns both paths.
pub fn render(chart: &impl Chart, dir: &Path, stem: &str) -> Result<[PathBuf; 2]> {
    style::register_fonts();
    let size = chart.size();
    let svg = dir.join(format!("{stem}.svg"));
    let png = dir.join(format!("{stem}.png"));
    // Drawn into temporary files (named with the extension plotters reads the format
    // from) and renamed into place, so that a kill never leaves half a chart.
    let temporary = |stem: &str, extension: &str| {
        crate::output::atomic::temporary_in(dir, &format!(".{stem}."), &format!(".tmp.{extension}"))
            .io(|| format!("cannot create a temporary file in {}", dir.display()))
    };
    let (svg_file, png_file) = (temporary(stem, "svg")?, temporary(stem, "png")?);
    {
        let root = SVGBackend::new(svg_file.path(), size).into_drawing_area();
        root.fill(&WHITE).map_err(plot_error)?;
        chart.draw(&root).map_err(|e| drawing(e, &svg))?;
        root.present().map_err(|e| drawing(plot_error(e), &svg))?;
    }
    {
        let root = BitMapBackend::new(png_file.path(), size).into_drawing_area();
        root.fill(&WHITE).map_err(plot_error)?;
        chart.draw(&root).map_err(|e| drawing(e, &png))?;
        root.present().map_err(|e| drawing(plot_error(e), &png))?;
    }
    for (file, path) in [(svg_file, &svg), (png_file, &png)] {
        file.persist(path)
            .map_err(|e| e.error)
            .io(|| format!("writing {}", path.display()))?;
    }
    Ok([svg, png])
}

/// A chart's failure, named by the file it was drawing.
fn drawing(error: OutputError, path: &Path) -> OutputError {
    OutputError::Fill {
        message: format!("drawing {}", path.display()),
        source: Box::new(error),
    }
}

/// A plotters error as one line of plain text. plotters' own text of a bitmap error is its
/// Rust debug form (`IOError(Os { code: 28, … })`); the text of the error inside is used
/// instead.
pub fn plot_error<E>(error: DrawingAreaErrorKind<E>) -> OutputError
where
    E: std::error::Error + Send + Sync + 'static,
{
    OutputError::Chart(match error {
        DrawingAreaErrorKind::BackendError(DrawingErrorKind::DrawingError(error)) => {
            backend_error_text(&error)
        }
        DrawingAreaErrorKind::BackendError(DrawingErrorKind::FontError(error)) => {
            format!("the chart font cannot be used: {error}")
        }
        DrawingAreaErrorKind::SharingError => "the chart is being drawn twice at once".to_string(),
        DrawingAreaErrorKind::LayoutError => "the chart's parts do not fit its size".to_string(),
    })
}

/// The bitmap backend's error type, which plotters does not name.
type BitMapError = <BitMapBackend<'static> as DrawingBackend>::ErrorType;

/// The text of a backend's error, the bitmap backend's by its parts.
fn backend_error_text<E: std::error::Error + 'static>(error: &E) -> String {
    match (error as &dyn std::any::Any).downcast_ref::<BitMapError>() {
        Some(BitMapError::IOError(error)) => error.to_string(),
        Some(BitMapError::ImageError(error)) => error.to_string(),
        Some(BitMapError::InvalidBuffer) => "the picture's buffer has the wrong size".to_string(),
        None => error.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_backend_error_is_one_line_of_plain_text() {
        let full = std::io::Error::from_raw_os_error(28);
        let expected = full.to_string();
        let bitmap: DrawingAreaErrorKind<BitMapError> = DrawingAreaErrorKind::BackendError(
            DrawingErrorKind::DrawingError(BitMapError::IOError(full)),
        );
        let svg: DrawingAreaErrorKind<std::io::Error> = DrawingAreaErrorKind::BackendError(
            DrawingErrorKind::DrawingError(std::io::Error::from_raw_os_error(28)),
        );
        for text in [plot_error(bitmap).to_string(), plot_error(svg).to_string()] {
            assert_eq!(text, format!("plotting failed: {expected}"));
        }
    }
}
