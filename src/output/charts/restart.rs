//! Expected total iterations against the restart cutoff for a few orderings, with each
//! ordering's optimum marked: the restart analysis of the report as a picture.

use super::style::{self, BLUE, DARK, GREEN, LegendMark, ORANGE, VERMILION};
use super::{Chart, plot_error};
use plotters::coord::Shift;
use plotters::prelude::*;

/// Expected cost E[min(T,t)] / P(T ≤ t) at cutoffs t, and the best cutoff.
#[derive(Clone, Debug, PartialEq)]
pub struct RestartCurve {
    pub label: String,
    /// `(t, expected total iterations)` with t increasing.
    pub points: Vec<(f64, f64)>,
    pub best: (f64, f64),
}

pub struct RestartChart {
    pub title: String,
    pub curves: Vec<RestartCurve>,
}

const COLOURS: [RGBColor; 5] = [BLUE, GREEN, ORANGE, VERMILION, DARK];

impl RestartChart {
    /// The axes: every cutoff; costs from the cheapest optimum to three decades above it
    /// (the curves rise steeply at short cutoffs), with room for every optimum.
    pub fn ranges(&self) -> ((f64, f64), (f64, f64)) {
        let cutoffs = self
            .curves
            .iter()
            .flat_map(|c| c.points.iter().map(|p| p.0));
        let optima = self.curves.iter().map(|c| c.best.1);
        let lowest = optima
            .clone()
            .filter(|v| v.is_finite())
            .fold(f64::MAX, f64::min);
        let highest = optima.filter(|v| v.is_finite()).fold(0.0, f64::max);
        let top = self
            .curves
            .iter()
            .flat_map(|c| c.points.iter().map(|p| p.1))
            .filter(|v| v.is_finite())
            .fold(0.0, f64::max)
            .min(lowest * 1000.0)
            .max(highest * 3.0);
        (style::log_range(cutoffs), style::log_range([lowest, top]))
    }
}

impl Chart for RestartChart {
    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> crate::output::error::Result<()>
    where
        DB::ErrorType: 'static,
    {
        if self.curves.is_empty() {
            return style::no_data(root, &self.title);
        }
        let ((x_low, x_high), (y_low, y_high)) = self.ranges();
        let (_, height) = root.dim_in_pixel();
        let (plot_area, legend_area) = root.split_vertically(height - 80);
        let mut chart = style::log_log_chart(
            &plot_area,
            &self.title,
            ((x_low, x_high), (y_low, y_high)),
            (
                "restart cutoff t: iterations before starting again (log scale)",
                "expected total iterations per board (log scale)",
            ),
        )?;
        let mut legend = Vec::new();
        for (curve, colour) in self.curves.iter().zip(COLOURS) {
            let visible = curve.points.iter().copied().filter(|p| p.1 <= y_high);
            let best = curve.best;
            chart
                .draw_series(LineSeries::new(visible, colour.stroke_width(3)))
                .map_err(plot_error)?;
            chart
                .draw_series([
                    Circle::new(best, 8, colour.filled()),
                    Circle::new(best, 11, DARK.stroke_width(2)),
                ])
                .map_err(plot_error)?;
            legend.push((
                LegendMark::Line(colour, 3),
                format!(
                    "{}: best t = {}, cost {}",
                    curve.label,
                    style::thousands(best.0),
                    style::thousands(best.1)
                ),
            ));
        }
        legend.push((LegendMark::DotRing(DARK), "optimum".to_string()));
        style::legend_strip(&legend_area, &legend)?;
        Ok(())
    }
}
