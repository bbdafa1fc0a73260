//! How far each generator's boards are from uniform: one row per generator, an interval as a
//! bar and a point on it ([`crate::chess_memory::fairness`]): the bracket of the total
//! variation distance with the farthest symbol's distance, or the chi-square divergence with
//! its confidence interval.

use crate::output::charts::style::{self, BLUE, DARK, LegendMark};
use crate::output::charts::{Chart, plot_error};
use plotters::coord::Shift;
use plotters::prelude::*;

/// One generator's interval and point.
pub struct FairnessBracket {
    pub label: String,
    pub low: f64,
    pub high: f64,
    pub point: f64,
}

/// Every generator's interval, in the order given (farthest from uniform on top).
pub struct FairnessChart {
    pub title: String,
    /// What the x axis measures.
    pub axis: String,
    /// What the bar and the point are, for the legend.
    pub bar: String,
    pub point: String,
    pub rows: Vec<FairnessBracket>,
}

impl FairnessChart {
    /// The x axis: from a little below 0 (or below the lowest bar end or point under it) to a
    /// little past the farthest bar end or point, so that every bar and every point lies
    /// inside the plot.
    pub fn x_range(&self) -> (f64, f64) {
        let values = || {
            self.rows
                .iter()
                .flat_map(|r| [r.low, r.high, r.point])
                .filter(|v| v.is_finite())
        };
        let high = values().fold(0.0, f64::max);
        let low = values().fold(0.0, f64::min);
        let margin = ((high - low) * 0.05).max(1e-6);
        // A margin on both sides: a point at or near 0 (a fair sampler) is kept off the frame.
        (low - margin, high + margin)
    }
}

impl Chart for FairnessChart {
    fn size(&self) -> (u32, u32) {
        (1200, 220 + 26 * self.rows.len().max(6) as u32)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> crate::output::error::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let n = self.rows.len();
        if n == 0 {
            return style::no_data(root, &self.title);
        }
        let names: Vec<&str> = self.rows.iter().map(|r| r.label.as_str()).collect();
        let (low, high) = self.x_range();
        let longest = names.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        let (_, height) = root.dim_in_pixel();
        let (plot_area, legend_area) = root.split_vertically(height - 70);
        let y_of = |i: usize| SegmentValue::CenterOf((n - 1 - i) as i32);
        let mut chart = ChartBuilder::on(&plot_area)
            .caption(
                &self.title,
                style::fitted_title(&plot_area, &self.title, 28),
            )
            .margin(20)
            .x_label_area_size(70)
            .y_label_area_size((30 + 11 * longest as u32).max(100))
            .build_cartesian_2d(low..high, (0..n as i32 - 1).into_segmented())
            .map_err(plot_error)?;
        chart
            .configure_mesh()
            .x_desc(self.axis.as_str())
            .y_labels(n)
            .y_label_formatter(&|y| style::top_down_label(&names, y))
            .label_style(style::text(17))
            .axis_desc_style(style::text(22))
            .light_line_style(WHITE)
            .draw()
            .map_err(plot_error)?;
        chart
            .draw_series(self.rows.iter().enumerate().map(|(i, r)| {
                PathElement::new([(r.low, y_of(i)), (r.high, y_of(i))], BLUE.stroke_width(6))
            }))
            .map_err(plot_error)?;
        chart
            .draw_series(
                self.rows
                    .iter()
                    .enumerate()
                    .map(|(i, r)| Circle::new((r.point, y_of(i)), 4, DARK.filled())),
            )
            .map_err(plot_error)?;
        let legend = [
            (LegendMark::Line(BLUE, 6), self.bar.clone()),
            (LegendMark::Dot(DARK), self.point.clone()),
        ];
        style::legend_strip(&legend_area, &legend)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart(rows: &[(f64, f64, f64)]) -> FairnessChart {
        FairnessChart {
            title: String::new(),
            axis: String::new(),
            bar: String::new(),
            point: String::new(),
            rows: rows
                .iter()
                .map(|&(low, high, point)| FairnessBracket {
                    label: "g".into(),
                    low,
                    high,
                    point,
                })
                .collect(),
        }
    }

    #[test]
    fn the_axis_holds_points_beyond_their_bars() {
        // Distances of 0.021 to 0.049 beside noise bars that end near 0.008: every point
        // must lie strictly inside the axis, not on its right edge.
        let (low, high) = chart(&[(0.0, 0.008, 0.049), (0.0, 0.007, 0.021)]).x_range();
        assert!(low < 0.0, "{low}");
        assert!(high > 0.049, "{high}");
        // A point at 0 (an exact sampler) is kept off the left edge.
        let (low, _) = chart(&[(0.0, 0.008, 0.0)]).x_range();
        assert!(low < 0.0, "{low}");
        // Intervals below zero (signed effect sizes) keep a margin on the left too.
        let (low, high) = chart(&[(-0.3, 0.1, -0.1), (0.2, 0.6, 0.4)]).x_range();
        assert!(low < -0.3 && high > 0.6, "{low} {high}");
    }
}
