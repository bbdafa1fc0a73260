//! The distance of each generator's boards from uniform: one row per generator, the 95%
//! bracket of its total variation distance as a bar ([`crate::chess_memory::fairness`]).

use crate::output::charts::style::{self, BLUE, DARK, LegendMark};
use crate::output::charts::{Chart, plot_error};
use plotters::coord::Shift;
use plotters::prelude::*;

/// One generator's bracket and the distance of its farthest symbol.
pub struct FairnessBracket {
    pub label: String,
    pub tv_low: f64,
    pub tv_high: f64,
    pub symbol_tv: f64,
}

/// Every generator's bracket, farthest from uniform on top.
pub struct FairnessChart {
    pub title: String,
    pub rows: Vec<FairnessBracket>,
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
        let high = self.rows.iter().map(|r| r.tv_high).fold(0.0, f64::max);
        let longest = names.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        let (_, height) = root.dim_in_pixel();
        let (plot_area, legend_area) = root.split_vertically(height - 70);
        let y_of = |i: usize| SegmentValue::CenterOf((n - 1 - i) as i32);
        let mut chart = ChartBuilder::on(&plot_area)
            .caption(&self.title, style::title(28))
            .margin(20)
            .x_label_area_size(70)
            .y_label_area_size((30 + 11 * longest as u32).max(100))
            .build_cartesian_2d(
                0.0..(high * 1.05).max(0.01),
                (0..n as i32 - 1).into_segmented(),
            )
            .map_err(plot_error)?;
        chart
            .configure_mesh()
            .x_desc("total variation distance from uniform drawing (0: fair, 1: disjoint)")
            .y_labels(n)
            .y_label_formatter(&|y| style::top_down_label(&names, y))
            .label_style(style::text(17))
            .axis_desc_style(style::text(22))
            .light_line_style(WHITE)
            .draw()
            .map_err(plot_error)?;
        chart
            .draw_series(self.rows.iter().enumerate().map(|(i, r)| {
                PathElement::new(
                    [(r.tv_low, y_of(i)), (r.tv_high, y_of(i))],
                    BLUE.stroke_width(6),
                )
            }))
            .map_err(plot_error)?;
        chart
            .draw_series(
                self.rows
                    .iter()
                    .enumerate()
                    .map(|(i, r)| Circle::new((r.symbol_tv, y_of(i)), 4, DARK.filled())),
            )
            .map_err(plot_error)?;
        let legend = [
            (
                LegendMark::Line(BLUE, 6),
                "95% bracket: a symbol's distance less its error .. ½√(chi-square divergence)"
                    .to_string(),
            ),
            (
                LegendMark::Dot(DARK),
                "distance of the farthest symbol's pair set".to_string(),
            ),
        ];
        style::legend_strip(&legend_area, &legend)
    }
}
