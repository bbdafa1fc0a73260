//! Histograms of log iterations for a few orderings (the seed's and the best), overlaid,
//! with the draws censored at the cap as their own bar.

use super::style::{self, BLUE, GREEN, GREY, ORANGE, VERMILION};
use super::{Chart, plot_error};
use plotters::coord::Shift;
use plotters::prelude::*;

/// One bar: a range of iterations and the share of the ordering's draws in it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HistogramBar {
    pub lower: f64,
    pub upper: f64,
    pub share: f64,
}

/// One ordering's histogram on logarithmic bins.
#[derive(Clone, Debug, PartialEq)]
pub struct LogHistogram {
    pub label: String,
    pub bars: Vec<HistogramBar>,
    /// Share of draws censored at the cap.
    pub censored: f64,
}

pub struct LogHistogramChart {
    pub title: String,
    pub histograms: Vec<LogHistogram>,
    pub cap: Option<f64>,
}

const COLOURS: [RGBColor; 3] = [BLUE, ORANGE, GREEN];

impl Chart for LogHistogramChart {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let bars = self.histograms.iter().flat_map(|h| h.bars.iter());
        let smallest = bars.clone().map(|b| b.lower).fold(f64::MAX, f64::min);
        let largest = bars
            .clone()
            .map(|b| b.upper)
            .fold(self.cap.unwrap_or(0.0) * 2.0, f64::max);
        let tallest = bars
            .map(|b| b.share)
            .chain(self.histograms.iter().map(|h| h.censored))
            .fold(0.0, f64::max);
        let (x_low, x_high) = style::decade_bounds(smallest, largest);
        let mut chart = ChartBuilder::on(root)
            .caption(&self.title, style::title(26))
            .margin(20)
            .x_label_area_size(60)
            .y_label_area_size(80)
            .build_cartesian_2d(style::log_axis(x_low, x_high), 0.0..tallest * 100.0 * 1.15)
            .map_err(plot_error)?;
        chart
            .configure_mesh()
            .x_desc("iterations per draw (log scale; bins of equal width in log10)")
            .y_desc("share of draws in the bin (%)")
            .x_label_formatter(&style::power_label)
            .y_label_formatter(&|v| format!("{v:.1}"))
            .light_line_style(WHITE)
            .label_style(style::text(17))
            .axis_desc_style(style::text(19))
            .draw()
            .map_err(plot_error)?;
        for (number, (histogram, colour)) in self.histograms.iter().zip(COLOURS).enumerate() {
            let fill = colour.mix(0.35).filled();
            chart
                .draw_series(
                    histogram.bars.iter().map(|b| {
                        Rectangle::new([(b.lower, 0.0), (b.upper, b.share * 100.0)], fill)
                    }),
                )
                .map_err(plot_error)?
                .label(format!(
                    "{} ({:.1}% censored)",
                    histogram.label,
                    100.0 * histogram.censored
                ))
                .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 20, y + 6)], fill));
            chart
                .draw_series(histogram.bars.iter().map(|b| {
                    PathElement::new(
                        [(b.lower, b.share * 100.0), (b.upper, b.share * 100.0)],
                        colour.stroke_width(2),
                    )
                }))
                .map_err(plot_error)?;
            if let Some(cap) = self.cap.filter(|_| histogram.censored > 0.0) {
                let (left, right) = (
                    cap * 1.3f64.powi(number as i32),
                    cap * 1.3f64.powi(number as i32 + 1),
                );
                let height = (histogram.censored * 100.0).min(tallest * 100.0 * 1.1);
                chart
                    .draw_series([Rectangle::new(
                        [(left, 0.0), (right, height)],
                        colour.mix(0.7).filled(),
                    )])
                    .map_err(plot_error)?;
                if histogram.censored > tallest * 1.1 {
                    chart
                        .draw_series([EmptyElement::at((left, height))
                            + Text::new(
                                format!("{:.0}%", histogram.censored * 100.0),
                                (0, -20),
                                style::text(15),
                            )])
                        .map_err(plot_error)?;
                }
            }
        }
        if let Some(cap) = self.cap {
            chart
                .draw_series(DashedLineSeries::new(
                    [(cap, 0.0), (cap, tallest * 115.0)],
                    6,
                    4,
                    VERMILION.stroke_width(2),
                ))
                .map_err(plot_error)?
                .label(format!(
                    "cap ({}); bars right of it: censored draws",
                    style::thousands(cap)
                ))
                .legend(|(x, y)| {
                    PathElement::new([(x, y), (x + 20, y)], VERMILION.stroke_width(2))
                });
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.9))
            .border_style(GREY)
            .label_font(style::text(16))
            .draw()
            .map_err(plot_error)?;
        Ok(())
    }
}
