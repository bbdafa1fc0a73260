//! Where the seed's backtracker makes its fatal placement: for each order (a row), the share
//! of draws whose first placement without completion was at each step of the queue (a column),
//! from `boardlab chess-memory sat mistakes`. Steps are grouped by the queue's four kinds.

use crate::output::charts::style::{self, DARK};
use crate::output::charts::{Chart, plot_error};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// From a pale to a dark blue as `level` goes from 0 to 1.
fn shade(level: f64) -> RGBColor {
    let (pale, dark) = ((222.0, 235.0, 247.0), (8.0, 48.0, 107.0));
    let mix = |a: f64, b: f64| (a + (b - a) * level.clamp(0.0, 1.0)).round() as u8;
    RGBColor(
        mix(pale.0, dark.0),
        mix(pale.1, dark.1),
        mix(pale.2, dark.2),
    )
}

/// The colour of a cell holding `share` of its order's draws (a square-root scale, so
/// that single draws stay visible).
fn share_colour(share: f64) -> RGBColor {
    shade(0.15 + 0.85 * share.sqrt())
}

/// The shares the colour scale of the legend shows.
const SCALE: [(f64, &str); 5] = [
    (0.03, "3%"),
    (0.1, "10%"),
    (0.25, "25%"),
    (0.5, "50%"),
    (1.0, "100% of the order's draws"),
];

/// One order's first-mistake steps.
#[derive(Clone, Debug, PartialEq)]
pub struct MistakeRow {
    pub order: String,
    /// Draws whose first mistake was at step 1, 2, … of the queue.
    pub by_step: Vec<u64>,
    pub draws: u64,
    /// Draws whose mistake the solver's effort budget left undecided.
    pub unresolved: u64,
}

pub struct MistakeStepsChart {
    pub title: String,
    /// In display order, top first.
    pub rows: Vec<MistakeRow>,
}

impl Chart for MistakeStepsChart {
    fn size(&self) -> (u32, u32) {
        (1200, 230 + 26 * self.rows.len().max(6) as u32)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> crate::output::error::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let n = self.rows.len() as i32;
        let steps = self.rows.iter().map(|r| r.by_step.len()).max().unwrap_or(1) as i32;
        let (_, height) = root.dim_in_pixel();
        let (plot_area, legend_area) = root.split_vertically(height - 60);
        let mut chart = ChartBuilder::on(&plot_area)
            .caption(
                &self.title,
                style::fitted_title(&plot_area, &self.title, 24),
            )
            .margin(20)
            .margin_right(110)
            .x_label_area_size(55)
            .y_label_area_size(80)
            .build_cartesian_2d((0..steps - 1).into_segmented(), (0..n - 1).into_segmented())
            .map_err(plot_error)?;
        let labels: Vec<&str> = self.rows.iter().map(|r| r.order.as_str()).collect();
        chart
            .configure_mesh()
            .disable_mesh()
            .x_labels(steps as usize)
            .y_labels(n as usize)
            .x_desc("step of the queue at which the first placement without completion was made")
            .y_desc("type order")
            .x_label_formatter(&|x| match x {
                SegmentValue::CenterOf(step) if step % 4 == 0 || *step == 0 => {
                    (step + 1).to_string()
                }
                _ => String::new(),
            })
            .y_label_formatter(&|y| style::top_down_label(&labels, y))
            .label_style(style::text(16))
            .axis_desc_style(style::text(18))
            .draw()
            .map_err(plot_error)?;
        for (i, row) in self.rows.iter().enumerate() {
            let y = n - 1 - i as i32;
            let cells = row.by_step.iter().enumerate().map(|(step, &count)| {
                let share = count as f64 / row.draws.max(1) as f64;
                let colour = if count == 0 {
                    WHITE
                } else {
                    share_colour(share)
                };
                let step = step as i32;
                Rectangle::new(
                    [
                        (SegmentValue::Exact(step), SegmentValue::Exact(y)),
                        (SegmentValue::Exact(step + 1), SegmentValue::Exact(y + 1)),
                    ],
                    colour.filled(),
                )
            });
            chart.draw_series(cells).map_err(plot_error)?;
            let kinds: Vec<char> = row.order.chars().collect();
            let block = (row.by_step.len() / kinds.len().max(1)) as i32;
            let letters = kinds.iter().enumerate().map(|(k, letter)| {
                EmptyElement::at((
                    SegmentValue::Exact(k as i32 * block),
                    SegmentValue::CenterOf(y),
                )) + Text::new(
                    letter.to_string(),
                    (3, 0),
                    style::title(15)
                        .color(&DARK)
                        .pos(Pos::new(HPos::Left, VPos::Center)),
                )
            });
            chart.draw_series(letters).map_err(plot_error)?;
            if row.unresolved > 0 {
                let note = EmptyElement::at((SegmentValue::Last, SegmentValue::CenterOf(y)))
                    + Text::new(
                        format!("+{} unresolved", row.unresolved),
                        (8, 0),
                        style::text(13).pos(Pos::new(HPos::Left, VPos::Center)),
                    );
                chart.draw_series([note]).map_err(plot_error)?;
            }
        }
        for boundary in (1..4).map(|k| k * steps / 4) {
            chart
                .draw_series([PathElement::new(
                    [
                        (SegmentValue::Exact(boundary), SegmentValue::Exact(0)),
                        (SegmentValue::Exact(boundary), SegmentValue::Last),
                    ],
                    DARK.stroke_width(2),
                )])
                .map_err(plot_error)?;
        }
        let mut legend: Vec<(style::LegendMark, String)> = SCALE
            .iter()
            .map(|&(share, label)| {
                (
                    style::LegendMark::Bar(share_colour(share).to_rgba()),
                    label.to_string(),
                )
            })
            .collect();
        legend.push((
            style::LegendMark::Line(DARK, 2),
            "kind boundaries; letters: the kind placed in each quarter".to_string(),
        ));
        style::legend_strip(&legend_area, &legend)
    }
}
