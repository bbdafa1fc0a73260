//! Orderings sorted by median: for each, the median with its 95% confidence interval, the
//! p10–p90 range, the p99, and the share of censored draws, on a logarithmic axis.

use crate::output::charts::style::{self, BLUE, DARK, GREY, LegendMark, VERMILION};
use crate::output::charts::{Chart, plot_error};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Room for the longest row label at the label font and the axis description beside it.
fn label_area_width(labels: &[String]) -> u32 {
    let longest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u32;
    (45 + 10 * longest).max(90)
}

fn centre_left() -> Pos {
    Pos::new(HPos::Left, VPos::Center)
}

/// One ordering's interval summary, in iterations. Quantiles at or above the cap mean "at
/// least the cap" and are drawn up to it.
#[derive(Clone, Debug, PartialEq)]
pub struct OrderingInterval {
    pub label: String,
    pub median: f64,
    pub median_ci: (f64, f64),
    pub p10: f64,
    pub p90: f64,
    pub p99: f64,
    /// Share of draws censored at the cap, 0..=1.
    pub censored: f64,
}

/// The ranking chart; orderings are drawn in the given order, first on top.
pub struct OrderingsChart {
    pub title: String,
    pub orderings: Vec<OrderingInterval>,
    /// The iteration cap of every draw, drawn as a dashed line.
    pub cap: Option<f64>,
    /// The label to emphasise (the seed's order).
    pub highlight: Option<String>,
    /// What a row is, for the axis description: `type order`, `series`.
    pub row_noun: String,
}

impl OrderingsChart {
    /// The x axis: every interval, the cap, and room right of the cap for the censored
    /// shares.
    pub fn x_range(&self) -> (f64, f64) {
        let values = self
            .orderings
            .iter()
            .flat_map(|o| [o.p10, o.median_ci.0, o.median, o.median_ci.1, o.p90, o.p99]);
        let largest = self
            .cap
            .into_iter()
            .chain(values.clone())
            .fold(0.0, f64::max);
        style::log_range(values.chain(self.cap).chain([largest * 2.2]))
    }
}

impl Chart for OrderingsChart {
    fn size(&self) -> (u32, u32) {
        (1200, 240 + 30 * self.orderings.len().max(8) as u32)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> crate::output::error::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let n = self.orderings.len();
        if n == 0 {
            return style::no_data(root, &self.title);
        }
        let (low, high) = self.x_range();
        let labels: Vec<String> = self.orderings.iter().map(|o| o.label.clone()).collect();
        let (_, height) = root.dim_in_pixel();
        let (plot_area, legend_area) = root.split_vertically(height - 50);
        let y_of = |i: usize| SegmentValue::CenterOf((n - 1 - i) as i32);
        let mut chart = ChartBuilder::on(&plot_area)
            .caption(
                &self.title,
                style::fitted_title(&plot_area, &self.title, 26),
            )
            .margin(20)
            .x_label_area_size(60)
            .y_label_area_size(label_area_width(&labels))
            .build_cartesian_2d(
                style::log_axis(low, high),
                (0..n as i32 - 1).into_segmented(),
            )
            .map_err(plot_error)?;
        chart
            .configure_mesh()
            .x_desc("iterations per draw (log scale)")
            .y_desc(format!("{}, best median on top", self.row_noun))
            .x_label_formatter(&style::power_label)
            .y_labels(n)
            .y_label_formatter(&|y| style::top_down_label(&labels, y))
            .label_style(style::text(17))
            .axis_desc_style(style::text(19))
            .light_line_style(WHITE)
            .draw()
            .map_err(plot_error)?;

        if let Some(cap) = self.cap {
            chart
                .draw_series(DashedLineSeries::new(
                    [(cap, SegmentValue::Exact(0)), (cap, SegmentValue::Last)],
                    6,
                    4,
                    VERMILION.stroke_width(2),
                ))
                .map_err(plot_error)?;
        }
        let range_style = |o: &OrderingInterval| {
            let colour = if Some(&o.label) == self.highlight.as_ref() {
                BLUE.mix(0.45)
            } else {
                GREY.mix(0.6)
            };
            colour.stroke_width(12)
        };
        chart
            .draw_series(self.orderings.iter().enumerate().map(|(i, o)| {
                PathElement::new([(o.p10, y_of(i)), (o.p90, y_of(i))], range_style(o))
            }))
            .map_err(plot_error)?;
        chart
            .draw_series(self.orderings.iter().enumerate().map(|(i, o)| {
                PathElement::new(
                    [(o.median_ci.0, y_of(i)), (o.median_ci.1, y_of(i))],
                    DARK.stroke_width(3),
                )
            }))
            .map_err(plot_error)?;
        chart
            .draw_series(
                self.orderings
                    .iter()
                    .enumerate()
                    .map(|(i, o)| Circle::new((o.median, y_of(i)), 5, DARK.filled())),
            )
            .map_err(plot_error)?;
        chart
            .draw_series(
                self.orderings
                    .iter()
                    .enumerate()
                    .map(|(i, o)| TriangleMarker::new((o.p99, y_of(i)), 7, VERMILION.filled())),
            )
            .map_err(plot_error)?;
        if let Some(cap) = self.cap {
            chart
                .draw_series(self.orderings.iter().enumerate().map(|(i, o)| {
                    Text::new(
                        format!("{:.1}%", 100.0 * o.censored),
                        (cap * 1.25, y_of(i)),
                        style::text(15).pos(centre_left()),
                    )
                }))
                .map_err(plot_error)?;
        }
        let mut legend = vec![
            (
                LegendMark::Dot(DARK),
                "median and its 95% confidence interval".to_string(),
            ),
            (LegendMark::Bar(GREY.mix(0.6)), "p10 to p90".to_string()),
            (LegendMark::Triangle(VERMILION), "p99".to_string()),
        ];
        if let Some(cap) = self.cap {
            legend.push((
                LegendMark::Dashed(VERMILION),
                format!("iteration cap ({})", style::thousands(cap)),
            ));
        }
        if self.cap.is_some() {
            legend.push((
                LegendMark::Note,
                "numbers right of the cap: share of draws censored".to_string(),
            ));
        }
        if let Some(highlight) = &self.highlight {
            legend.push((
                LegendMark::Bar(BLUE.mix(0.45)),
                format!("{highlight}: the seed's order"),
            ));
        }
        style::legend_strip(&legend_area, &legend)
    }
}
