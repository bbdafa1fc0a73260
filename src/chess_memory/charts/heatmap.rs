//! Which kinds should be placed early: a heat map of kind × position in the type order,
//! each cell the mean, over the six type orders that put that kind there, of log10 of the
//! order's median iterations (shown with the median it corresponds to, 10^mean).

use crate::chess_memory::pieces::Kind;
use crate::output::charts::style::{self, DARK};
use crate::output::charts::{Chart, plot_error};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::colors::colormaps::{ColorMap, ViridisRGB};

pub struct KindPositionHeatmap {
    pub title: String,
    /// `values[kind][position]`: mean log10 of the median iterations.
    pub values: [[f64; 4]; 4],
    /// `capped[kind][position]`: some order of the cell has a censored median (counted at
    /// the cap), so the cell is a lower bound and reads `≥`.
    pub capped: [[bool; 4]; 4],
}

/// The colour bar's range: the cells' range, or a unit around their value when all are
/// equal (a bar of zero height has no scale).
pub fn bar_range(low: f64, high: f64) -> (f64, f64) {
    if high - low < 1e-6 {
        (low - 0.5, high + 0.5)
    } else {
        (low, high)
    }
}

/// Decimals for colour-bar labels over `[low, high]` so that about five ticks all differ.
pub fn bar_decimals(low: f64, high: f64) -> usize {
    let step = (high - low) / 5.0;
    (-step.log10()).ceil().clamp(1.0, 6.0) as usize
}

const POSITIONS: [&str; 4] = ["placed 1st", "placed 2nd", "placed 3rd", "placed 4th"];

impl Chart for KindPositionHeatmap {
    fn size(&self) -> (u32, u32) {
        (1100, 800)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> crate::output::error::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let all = self.values.iter().flatten().copied();
        let (low, high) = (
            all.clone().fold(f64::MAX, f64::min),
            all.fold(f64::MIN, f64::max),
        );
        let (bar_low, bar_high) = bar_range(low, high);
        let spread = bar_high - bar_low;
        let colour_of = |v: f64| ViridisRGB.get_color_normalized(v, bar_low, bar_high);
        let (main, legend) = root.split_horizontally(900);
        let mut chart = ChartBuilder::on(&main)
            .caption(&self.title, style::fitted_title(&main, &self.title, 24))
            .margin(20)
            .x_label_area_size(50)
            .y_label_area_size(90)
            .build_cartesian_2d((0..3).into_segmented(), (0..3).into_segmented())
            .map_err(plot_error)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc("position of the kind in the type order")
            .y_desc("kind")
            .x_labels(4)
            .y_labels(4)
            .x_label_formatter(&|x| cell_label(x, |i| POSITIONS[i].to_string()))
            .y_label_formatter(&|y| cell_label(y, |i| Kind::ALL[3 - i].name().to_string()))
            .label_style(style::text(18))
            .axis_desc_style(style::text(19))
            .draw()
            .map_err(plot_error)?;
        for (kind, row) in self.values.iter().enumerate() {
            let y = 3 - kind as i32;
            for (position, &value) in row.iter().enumerate() {
                let x = position as i32;
                let corners = [
                    (SegmentValue::Exact(x), SegmentValue::Exact(y)),
                    (SegmentValue::Exact(x + 1), SegmentValue::Exact(y + 1)),
                ];
                chart
                    .draw_series([Rectangle::new(corners, colour_of(value).filled())])
                    .map_err(plot_error)?;
                let text_colour = if (value - bar_low) / spread > 0.6 {
                    DARK
                } else {
                    WHITE
                };
                let centre = (SegmentValue::CenterOf(x), SegmentValue::CenterOf(y));
                let big = style::text(24).color(&text_colour).pos(text_anchor());
                let small = style::text(16).color(&text_colour).pos(text_anchor());
                let at_least = if self.capped[kind][position] {
                    "≥ "
                } else {
                    ""
                };
                let iterations = format!("{at_least}{}", style::thousands(10f64.powf(value)));
                chart
                    .draw_series([
                        EmptyElement::at(centre.clone()) + Text::new(iterations, (0, -12), big),
                        EmptyElement::at(centre)
                            + Text::new(format!("log10 = {value:.2}"), (0, 16), small),
                    ])
                    .map_err(plot_error)?;
            }
        }
        draw_colour_bar(&legend, bar_low, bar_high, colour_of)
    }
}

fn text_anchor() -> plotters::style::text_anchor::Pos {
    use plotters::style::text_anchor::{HPos, Pos, VPos};
    Pos::new(HPos::Center, VPos::Center)
}

/// Names the cell whose centre carries the label.
fn cell_label(value: &SegmentValue<i32>, name: impl Fn(usize) -> String) -> String {
    match value {
        SegmentValue::CenterOf(cell) if (0..4).contains(cell) => name(*cell as usize),
        _ => String::new(),
    }
}

fn draw_colour_bar<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    low: f64,
    high: f64,
    colour_of: impl Fn(f64) -> RGBColor,
) -> crate::output::error::Result<()>
where
    DB::ErrorType: 'static,
{
    let mut bar = ChartBuilder::on(area)
        .margin_top(90)
        .margin_bottom(70)
        .margin_right(20)
        .y_label_area_size(70)
        .build_cartesian_2d(0.0..1.0, low..high)
        .map_err(plot_error)?;
    bar.configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_desc("log10 of the median iterations")
        .y_labels(6)
        .y_label_formatter(&|v| format!("{v:.*}", bar_decimals(low, high)))
        .label_style(style::text(16))
        .axis_desc_style(style::text(17))
        .draw()
        .map_err(plot_error)?;
    let steps = 100;
    let step = (high - low) / steps as f64;
    bar.draw_series((0..steps).map(|i| {
        let v = low + step * i as f64;
        Rectangle::new(
            [(0.0, v), (1.0, v + step)],
            colour_of(v + step / 2.0).filled(),
        )
    }))
    .map_err(plot_error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_bar_labels_differ_and_equal_cells_get_a_scale() {
        assert_eq!(bar_range(5.0, 5.0), (4.5, 5.5));
        assert_eq!(bar_range(4.47, 5.70), (4.47, 5.70));
        // Five steps of 0.246: one decimal; of 0.02: two.
        assert_eq!(bar_decimals(4.47, 5.70), 1);
        assert_eq!(bar_decimals(4.40, 4.50), 2);
        let labels: Vec<String> = (0..=5)
            .map(|i| format!("{:.*}", bar_decimals(4.40, 4.50), 4.40 + 0.02 * i as f64))
            .collect();
        assert!(labels.windows(2).all(|w| w[0] != w[1]), "{labels:?}");
    }
}
