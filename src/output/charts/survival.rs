//! Survival curves P(iterations > x) for every ordering on log-log axes: the seed's order
//! highlighted, the best and the worst labelled, the others in grey.

use super::style::{self, BLUE, GREEN, GREY, LegendMark, VERMILION};
use super::{Chart, plot_error};
use plotters::coord::Shift;
use plotters::prelude::*;

/// How a curve is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CurveRole {
    Other,
    Seed,
    Best,
    Worst,
}

/// One ordering's survival function as steps: `(x, P(T > x))` with x increasing.
#[derive(Clone, Debug, PartialEq)]
pub struct SurvivalCurve {
    pub label: String,
    pub points: Vec<(f64, f64)>,
    pub role: CurveRole,
}

pub struct SurvivalChart {
    pub title: String,
    pub curves: Vec<SurvivalCurve>,
    /// The smallest probability shown (about 1/draws).
    pub floor: f64,
    pub cap: Option<f64>,
    /// Legend of the grey curves: `the other type orders`, `the other series`.
    pub others: String,
}

/// Colour, line width and legend text of a role.
fn role_style(role: CurveRole) -> (RGBColor, u32, &'static str) {
    match role {
        CurveRole::Other => (GREY, 1, "the others"),
        CurveRole::Seed => (BLUE, 2, "the seed's order"),
        CurveRole::Best => (GREEN, 6, "best median"),
        CurveRole::Worst => (VERMILION, 4, "worst median"),
    }
}

impl Chart for SurvivalChart {
    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> crate::output::error::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let (x_low, x_high) = self.x_range();
        let (y_low, y_high) = self.y_range();
        let (_, height) = root.dim_in_pixel();
        let (plot_area, legend_area) = root.split_vertically(height - 50);
        let mut chart = style::log_log_chart(
            &plot_area,
            &self.title,
            ((x_low, x_high), (y_low, y_high)),
            (
                "iterations x (log scale)",
                "P(iterations > x), share of draws still unsolved (log scale)",
            ),
        )?;
        // The seed's order last, thinner, on top of the wide best curve: both stay visible
        // where they coincide.
        let mut ordered: Vec<&SurvivalCurve> = self.curves.iter().collect();
        ordered.sort_by_key(|c| draw_rank(c.role));
        let mut legend = Vec::new();
        for curve in ordered {
            let (colour, width, role_name) = role_style(curve.role);
            let steps = steps_above(&curve.points, y_low);
            let line = colour
                .mix(if curve.role == CurveRole::Other {
                    0.7
                } else {
                    1.0
                })
                .stroke_width(width);
            chart
                .draw_series(LineSeries::new(steps, line))
                .map_err(plot_error)?;
            let text = match curve.role {
                CurveRole::Other => self.others.clone(),
                _ => format!("{}: {role_name}", curve.label),
            };
            if !legend.iter().any(|(_, t)| *t == text) {
                legend.push((LegendMark::Line(colour, width), text));
            }
        }
        if let Some(cap) = self.cap {
            chart
                .draw_series(DashedLineSeries::new(
                    [(cap, y_low), (cap, y_high)],
                    6,
                    4,
                    VERMILION.mix(0.6).stroke_width(2),
                ))
                .map_err(plot_error)?;
            legend.push((
                LegendMark::Dashed(VERMILION),
                format!("cap ({})", style::thousands(cap)),
            ));
        }
        legend.sort_by_key(|(mark, _)| matches!(mark, LegendMark::Line(GREY, _)));
        style::legend_strip(&legend_area, &legend)?;
        Ok(())
    }
}

/// Drawing order: the grey curves first, the seed's order last (on top).
fn draw_rank(role: CurveRole) -> u8 {
    match role {
        CurveRole::Other => 0,
        CurveRole::Best => 1,
        CurveRole::Worst => 2,
        CurveRole::Seed => 3,
    }
}

impl SurvivalChart {
    /// The x axis: from the first step to the last step or the cap, a little margin each side.
    pub fn x_range(&self) -> (f64, f64) {
        let xs = self
            .curves
            .iter()
            .flat_map(|c| c.points.iter().map(|p| p.0));
        style::log_range(xs.chain(self.cap))
    }

    /// The y axis: from just below the smallest share drawn (at least `floor`) to a tenth
    /// of a decade above 1, so that a curve that stays at 1 (an order that solves almost
    /// nothing) is drawn inside the plot, not along its border.
    pub fn y_range(&self) -> (f64, f64) {
        let shares = self
            .curves
            .iter()
            .flat_map(|c| c.points.iter().map(|p| p.1))
            .filter(|&p| p >= self.floor && p > 0.0);
        let (low, high) = style::log_range(shares.chain([1.0]));
        (low.min(0.1), high.max(10f64.powf(0.1)))
    }
}

/// The step curve through `points`, stopping where it falls below the plotted floor.
fn steps_above(points: &[(f64, f64)], floor: f64) -> Vec<(f64, f64)> {
    let mut steps = Vec::with_capacity(points.len() * 2);
    for window in points.windows(2) {
        let ((x0, p0), (x1, _)) = (window[0], window[1]);
        if p0 < floor {
            break;
        }
        steps.push((x0, p0));
        steps.push((x1, p0));
    }
    if let Some(&(x, p)) = points.last()
        && p >= floor
    {
        steps.push((x, p));
    }
    steps
}
