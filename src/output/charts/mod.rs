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

use anyhow::{Context, anyhow};
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
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static;
}

/// Writes `chart` to `dir/stem.svg` and `dir/stem.png`; returns both paths.
pub fn render(chart: &impl Chart, dir: &Path, stem: &str) -> anyhow::Result<[PathBuf; 2]> {
    style::register_fonts();
    let size = chart.size();
    let svg = dir.join(format!("{stem}.svg"));
    let png = dir.join(format!("{stem}.png"));
    // Drawn into temporary files (named with the extension plotters reads the format
    // from) and renamed into place, so that a kill never leaves half a chart.
    let temporary = |stem: &str, extension: &str| {
        crate::output::atomic::temporary_in(dir, &format!(".{stem}."), &format!(".tmp.{extension}"))
            .with_context(|| format!("cannot create a temporary file in {}", dir.display()))
    };
    let (svg_file, png_file) = (temporary(stem, "svg")?, temporary(stem, "png")?);
    {
        let root = SVGBackend::new(svg_file.path(), size).into_drawing_area();
        root.fill(&WHITE).map_err(plot_error)?;
        chart
            .draw(&root)
            .with_context(|| format!("drawing {}", svg.display()))?;
        root.present()
            .map_err(plot_error)
            .with_context(|| format!("writing {}", svg.display()))?;
    }
    {
        let root = BitMapBackend::new(png_file.path(), size).into_drawing_area();
        root.fill(&WHITE).map_err(plot_error)?;
        chart
            .draw(&root)
            .with_context(|| format!("drawing {}", png.display()))?;
        root.present()
            .map_err(plot_error)
            .with_context(|| format!("writing {}", png.display()))?;
    }
    for (file, path) in [(svg_file, &svg), (png_file, &png)] {
        file.persist(path)
            .map_err(|e| e.error)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    Ok([svg, png])
}

/// plotters' errors carry the backend's error type; keep their text.
pub fn plot_error<E: std::fmt::Debug>(error: E) -> anyhow::Error {
    anyhow!("plotting failed: {error:?}")
}
