//! Histograms of log iterations for a few orderings (the seed's and the best), overlaid,
//! with the draws censored at the cap as their own bar.

use super::style::{self, BLUE, GREEN, GREY, ORANGE, VERMILION};
use super::{Chart, plot_error};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

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

/// Where the censored bar of the `number`-th histogram stands, right of the cap.
fn censored_bar(cap: f64, number: usize) -> (f64, f64) {
    (
        cap * 1.3f64.powi(number as i32),
        cap * 1.3f64.powi(number as i32 + 1),
    )
}

/// The outline of adjacent bars as one step line (down to 0 across gaps).
fn outline(bars: &[HistogramBar]) -> Vec<(f64, f64)> {
    let mut points: Vec<(f64, f64)> = Vec::with_capacity(bars.len() * 4);
    for bar in bars {
        let height = bar.share * 100.0;
        match points.last() {
            Some(&(x, _)) if x == bar.lower => {}
            Some(&(x, _)) => points.extend([(x, 0.0), (bar.lower, 0.0)]),
            None => points.push((bar.lower, 0.0)),
        }
        points.extend([(bar.lower, height), (bar.upper, height)]);
    }
    if let Some(&(x, _)) = points.last() {
        points.push((x, 0.0));
    }
    points
}

impl LogHistogramChart {
    /// The x axis: the bars, the cap and the censored bars right of it, a little margin.
    pub fn x_range(&self) -> (f64, f64) {
        let bars = self.histograms.iter().flat_map(|h| h.bars.iter());
        let censored = self.cap.into_iter().flat_map(|cap| {
            self.histograms
                .iter()
                .enumerate()
                .filter(|(_, h)| h.censored > 0.0)
                .flat_map(move |(i, _)| {
                    let (left, right) = censored_bar(cap, i);
                    [left, right]
                })
        });
        style::log_range(
            bars.flat_map(|b| [b.lower, b.upper])
                .chain(self.cap)
                .chain(censored),
        )
    }

    /// The height the y axis must show, as a share of draws: the tallest bar, the bars of
    /// censored draws included, so that no bar is cut.
    pub fn tallest(&self) -> f64 {
        self.histograms
            .iter()
            .flat_map(|h| h.bars.iter().map(|b| b.share).chain([h.censored]))
            .filter(|v| v.is_finite())
            .fold(0.0, f64::max)
    }
}

/// How many stripes mark a bar of censored draws.
const STRIPES: usize = 4;

/// The x positions of the stripes inside the censored bar from `left` to `right` (evenly
/// spaced on the logarithmic axis).
fn stripes(left: f64, right: f64) -> impl Iterator<Item = f64> {
    let ratio = right / left;
    (1..=STRIPES).map(move |i| left * ratio.powf(i as f64 / (STRIPES + 1) as f64))
}

impl Chart for LogHistogramChart {
    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> crate::output::error::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let (x_low, x_high) = self.x_range();
        let tallest = self.tallest().max(1e-3);
        let mut chart = ChartBuilder::on(root)
            .caption(&self.title, style::fitted_title(root, &self.title, 26))
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
            // Light fills with a strong outline: where bars overlap, both outlines show, and
            // the legend draws the same mark.
            // Only the first histogram is filled; the others are outlines, so that where
            // they overlap the fill keeps its colour and every outline shows.
            let fill = if number == 0 {
                colour.mix(0.25).filled()
            } else {
                TRANSPARENT.filled()
            };
            let line = colour.stroke_width(if number == 0 { 2 } else { 3 });
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
                .legend(move |(x, y)| {
                    EmptyElement::at((x, y))
                        + Rectangle::new([(0, -6), (20, 6)], fill)
                        + Rectangle::new([(0, -6), (20, 6)], line)
                });
            chart
                .draw_series(LineSeries::new(outline(&histogram.bars), line))
                .map_err(plot_error)?;
            if let Some(cap) = self.cap.filter(|_| histogram.censored > 0.0) {
                // A censored bar is striped, so that it never reads as a bin of solved
                // draws, and labelled with its share above it.
                let (left, right) = censored_bar(cap, number);
                let height = histogram.censored * 100.0;
                chart
                    .draw_series([
                        Rectangle::new([(left, 0.0), (right, height)], fill),
                        Rectangle::new([(left, 0.0), (right, height)], line),
                    ])
                    .map_err(plot_error)?;
                chart
                    .draw_series(
                        stripes(left, right).map(|x| {
                            PathElement::new([(x, 0.0), (x, height)], colour.stroke_width(1))
                        }),
                    )
                    .map_err(plot_error)?;
                chart
                    .draw_series([EmptyElement::at(((left * right).sqrt(), height))
                        + Text::new(
                            format!("{:.1}%", histogram.censored * 100.0),
                            (0, -6),
                            style::text(15).pos(Pos::new(HPos::Center, VPos::Bottom)),
                        )])
                    .map_err(plot_error)?;
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
                    "cap ({}); striped bars right of it: censored draws, share written above",
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
