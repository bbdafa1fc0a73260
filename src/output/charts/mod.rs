//! Charts for the write-up, drawn with plotters and written as SVG and PNG.
//!
//! Text uses DejaVu Sans embedded in the binary (the `dejavu` crate, through plotters'
//! `ab_glyph` backend), so charts render the same on a machine without system fonts. Every
//! chart takes plain numbers prepared by the analysis, draws itself on any plotters backend,
//! and is written by [`render`] to `<stem>.svg` and `<stem>.png`.

mod histograms;
mod restart;
pub mod style;
mod survival;

pub use histograms::{HistogramBar, LogHistogram, LogHistogramChart};
pub use restart::{RestartChart, RestartCurve};
pub use style::register_fonts;
pub use survival::{CurveRole, SurvivalChart, SurvivalCurve};

use super::error::{IoContext, OutputError, Result};
use plotters::coord::Shift;
use plotters::prelude::*;
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

/// plotters' errors carry the backend's error type; keep their text.
pub fn plot_error<E: std::fmt::Debug>(error: E) -> OutputError {
    OutputError::Chart(format!("{error:?}"))
}
