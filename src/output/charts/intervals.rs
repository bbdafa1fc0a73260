//! One estimate per row with its 95% interval, rows top-down in the order given: a share in
//! percent (the first player's score under each rule set, the draw rate), with an optional
//! reference line (50%, where neither seat is favoured).

use super::style::{self, BLUE, DARK, GREY, LegendMark};
use super::{Chart, plot_error};
use plotters::coord::Shift;
use plotters::prelude::*;

/// One row: its label, the estimate and the ends of its 95% interval, all shares (0 to 1).
#[derive(Clone, Debug, PartialEq)]
pub struct IntervalRow {
    pub label: String,
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

/// Rows of shares with their intervals, drawn on an axis in percent.
pub struct IntervalChart {
    pub title: String,
    /// What the axis measures, e.g. `first player's score, %`.
    pub axis: String,
    /// What a dot is, for the legend: `score (a win 1, a draw ½)`.
    pub estimate: String,
    /// What a line is, for the legend: `95% score interval`.
    pub interval: String,
    pub rows: Vec<IntervalRow>,
    /// A vertical line at this share, with the legend's words for it.
    pub reference: Option<(f64, String)>,
}

const DOT: i32 = 6;
const LINE: u32 = 4;

impl IntervalChart {
    /// The axis in percent: every end and the reference line inside it, with a margin so
    /// that no dot or end lies on the frame.
    pub fn x_range(&self) -> (f64, f64) {
        let ends = self
            .rows
            .iter()
            .flat_map(|r| [r.value, r.low, r.high])
            .chain(self.reference.as_ref().map(|r| r.0))
            .map(|x| 100.0 * x);
        let (low, high) = ends.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
            (lo.min(x), hi.max(x))
        });
        let margin = ((high - low) * 0.06).max(0.5);
        (low - margin, high + margin)
    }
}

impl Chart for IntervalChart {
    fn size(&self) -> (u32, u32) {
        (1200, 230 + 40 * self.rows.len().max(4) as u32)
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
        let labels: Vec<&str> = self.rows.iter().map(|r| r.label.as_str()).collect();
        let (axis_low, axis_high) = self.x_range();
        let (_, height) = root.dim_in_pixel();
        let (plot_area, legend_area) = root.split_vertically(height - 70);
        let y_of = |i: usize| SegmentValue::CenterOf((n - 1 - i) as i32);
        let widest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u32;
        let mut chart = ChartBuilder::on(&plot_area)
            .caption(
                &self.title,
                style::fitted_title(&plot_area, &self.title, 28),
            )
            .margin(20)
            .x_label_area_size(70)
            .y_label_area_size((30 + 11 * widest).max(100))
            .build_cartesian_2d(axis_low..axis_high, (0..n as i32 - 1).into_segmented())
            .map_err(plot_error)?;
        chart
            .configure_mesh()
            .x_desc(self.axis.as_str())
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_labels(n)
            .y_label_formatter(&|y| style::top_down_label(&labels, y))
            .label_style(style::text(19))
            .axis_desc_style(style::text(22))
            .light_line_style(WHITE)
            .draw()
            .map_err(plot_error)?;
        if let Some((share, _)) = &self.reference {
            let x = 100.0 * share;
            chart
                .draw_series([PathElement::new(
                    [(x, SegmentValue::Exact(0)), (x, SegmentValue::Last)],
                    GREY.stroke_width(2),
                )])
                .map_err(plot_error)?;
        }
        chart
            .draw_series(self.rows.iter().enumerate().map(|(i, r)| {
                PathElement::new(
                    [(100.0 * r.low, y_of(i)), (100.0 * r.high, y_of(i))],
                    BLUE.stroke_width(LINE),
                )
            }))
            .map_err(plot_error)?;
        chart
            .draw_series(
                self.rows
                    .iter()
                    .enumerate()
                    .map(|(i, r)| Circle::new((100.0 * r.value, y_of(i)), DOT, DARK.filled())),
            )
            .map_err(plot_error)?;
        // An interval narrower than its dot is hidden behind it: the legend says how many.
        let hidden = self
            .rows
            .iter()
            .filter(|r| {
                let (low, _) = chart.backend_coord(&(100.0 * r.low, y_of(0)));
                let (high, _) = chart.backend_coord(&(100.0 * r.high, y_of(0)));
                high - low < 2 * DOT
            })
            .count();
        let interval = match hidden {
            0 => self.interval.clone(),
            h if h == n => format!("{} (every one narrower than its dot)", self.interval),
            h => format!("{} ({h} of {n} narrower than their dot)", self.interval),
        };
        let mut legend = vec![
            (LegendMark::Dot(DARK), self.estimate.clone()),
            (LegendMark::Line(BLUE, LINE), interval),
        ];
        if let Some((_, words)) = &self.reference {
            legend.push((LegendMark::Line(GREY, 2), words.clone()));
        }
        style::legend_strip(&legend_area, &legend)
    }
}
