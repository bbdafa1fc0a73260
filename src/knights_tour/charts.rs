//! The charts of a knight's-tour results folder, drawn from plain numbers that
//! [`super::report`] reads from the folder's small files: success rate against the board
//! side with 95% Wilson bands, which deterministic rules complete a tour from the corner,
//! maps of the start squares that give a tour, and time per draw against board squares.

use crate::output::charts::style::{self, BLUE, DARK, GREEN, GREY, LegendMark, ORANGE, VERMILION};
use crate::output::charts::{Chart, plot_error};
use plotters::coord::Shift;
use plotters::prelude::*;

/// One colour per rule, in the order the spec lists them (Okabe–Ito, then grey).
pub const PALETTE: [RGBColor; 8] = [
    BLUE,
    ORANGE,
    GREEN,
    VERMILION,
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    DARK,
    GREY,
];

/// One point of a success curve: a board side and its success rate with the interval.
#[derive(Clone, Debug, PartialEq)]
pub struct RatePoint {
    pub n: f64,
    pub rate: f64,
    pub low: f64,
    pub high: f64,
}

/// One rule's success rate against n: a marker on every side measured, joined by a line
/// within each segment and by nothing across the gap between segments (sides not run).
#[derive(Clone, Debug, PartialEq)]
pub struct RateCurve {
    pub label: String,
    pub colour: RGBColor,
    /// Drawn dashed with open markers, and left out of the legend (one entry stands for all).
    pub dashed: bool,
    pub segments: Vec<Vec<RatePoint>>,
}

impl RateCurve {
    fn points(&self) -> impl Iterator<Item = &RatePoint> {
        self.segments.iter().flatten()
    }
}

/// Success rate against the side n (log scale), a line per rule with its 95% band, and
/// published figures as triangles: those within the sides run, the others left out (see
/// [`SuccessChart::published_outside`]) rather than drawn on the chart's edge.
pub struct SuccessChart {
    pub title: String,
    pub curves: Vec<RateCurve>,
    /// (n, rate, label) of published figures.
    pub published: Vec<(f64, f64, String)>,
}

impl SuccessChart {
    /// The smallest and largest side measured.
    fn sides_run(&self) -> Option<(f64, f64)> {
        self.curves
            .iter()
            .flat_map(|c| c.points().map(|p| p.n))
            .fold(None, |range, n| match range {
                None => Some((n, n)),
                Some((low, high)) => Some((n.min(low), n.max(high))),
            })
    }

    /// The published figures drawn: those whose side lies within the sides run.
    fn published_inside(&self) -> impl Iterator<Item = &(f64, f64, String)> {
        let range = self.sides_run();
        self.published
            .iter()
            .filter(move |p| range.is_some_and(|(low, high)| (low..=high).contains(&p.0)))
    }

    /// The sides of the published figures left out because no side near them was run: the
    /// caption lists them.
    pub fn published_outside(&self) -> Vec<f64> {
        let inside: Vec<f64> = self.published_inside().map(|p| p.0).collect();
        self.published
            .iter()
            .map(|p| p.0)
            .filter(|n| !inside.contains(n))
            .collect()
    }
}

fn n_range<'a>(ns: impl Iterator<Item = &'a f64>) -> (f64, f64) {
    let (low, high) = ns.fold((f64::MAX, 0f64), |(l, h), &n| (l.min(n), h.max(n)));
    if high <= 0.0 {
        return (1.0, 10.0);
    }
    (low / 1.1, high * 1.1)
}

/// The most sides that each get a tick of their own on the side axis.
const MAX_SIDE_TICKS: usize = 16;

/// Where the side axis (logarithmic) puts its labelled ticks: on every side run when there
/// are few of them, else at the powers of ten and their 2× and 5× multiples
/// ([`style::log_ticks`]), and where fewer than three of those fall among the sides (a short
/// range such as 20 to 40), on every k-th side run, k chosen for at most
/// [`MAX_SIDE_TICKS`] ticks. A reader can so read off the side of every point on a short
/// range, and the axis is never left without labels.
pub fn side_ticks(sides: &[f64]) -> Vec<f64> {
    let mut sides: Vec<f64> = sides.iter().copied().filter(|n| *n > 0.0).collect();
    sides.sort_by(f64::total_cmp);
    sides.dedup();
    if sides.len() <= MAX_SIDE_TICKS {
        return sides;
    }
    let (low, high) = n_range(sides.iter());
    let ticks = style::log_ticks(low, high);
    if ticks.len() >= 3 {
        return ticks;
    }
    let step = sides.len().div_ceil(MAX_SIDE_TICKS);
    sides.into_iter().step_by(step).collect()
}

/// The logarithmic side axis over `sides` (a margin of a tenth on each side) with its ticks
/// at [`side_ticks`].
fn side_axis(sides: &[f64]) -> style::LogAxis {
    let (low, high) = n_range(sides.iter());
    (low..high).log_scale().with_key_points(side_ticks(sides))
}

impl Chart for SuccessChart {
    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> crate::output::error::Result<()>
    where
        DB::ErrorType: 'static,
    {
        if self.curves.iter().all(|c| c.points().next().is_none()) {
            return style::no_data(root, &self.title);
        }
        let sides: Vec<f64> = self
            .curves
            .iter()
            .flat_map(|c| c.points().map(|p| p.n))
            .collect();
        let (_, height) = root.dim_in_pixel();
        let (plot_area, legend_area) = root.split_vertically(height - 90);
        let mut chart = ChartBuilder::on(&plot_area)
            .caption(
                &self.title,
                style::fitted_title(&plot_area, &self.title, 28),
            )
            .margin(20)
            .x_label_area_size(70)
            .y_label_area_size(100)
            .build_cartesian_2d(side_axis(&sides), -0.02f64..1.02)
            .map_err(plot_error)?;
        chart
            .configure_mesh()
            .x_desc("board side n (n×n board, log scale)")
            .y_desc("share of draws that complete a tour")
            .x_label_formatter(&|v| format!("{v}"))
            .y_label_formatter(&|v| format!("{:.0}%", 100.0 * v))
            .label_style(style::text(22))
            .axis_desc_style(style::text(24))
            .light_line_style(WHITE)
            .draw()
            .map_err(plot_error)?;
        for curve in &self.curves {
            for segment in curve.segments.iter().filter(|s| s.len() > 1) {
                let band: Vec<(f64, f64)> = segment
                    .iter()
                    .map(|p| (p.n, p.low))
                    .chain(segment.iter().rev().map(|p| (p.n, p.high)))
                    .collect();
                chart
                    .draw_series(std::iter::once(Polygon::new(
                        band,
                        curve.colour.mix(0.18).filled(),
                    )))
                    .map_err(plot_error)?;
            }
        }
        for curve in &self.curves {
            for segment in &curve.segments {
                let points = segment.iter().map(|p| (p.n, p.rate));
                if curve.dashed {
                    chart
                        .draw_series(DashedLineSeries::new(
                            points,
                            7,
                            4,
                            curve.colour.stroke_width(2),
                        ))
                        .map_err(plot_error)?;
                } else {
                    chart
                        .draw_series(LineSeries::new(points, curve.colour.stroke_width(2)))
                        .map_err(plot_error)?;
                }
            }
            // A marker on every side measured: filled on solid lines, open on dashed ones.
            let marker = if curve.dashed {
                WHITE.filled()
            } else {
                curve.colour.filled()
            };
            chart
                .draw_series(curve.points().map(|p| {
                    EmptyElement::at((p.n, p.rate))
                        + Circle::new((0, 0), 3, marker)
                        + Circle::new((0, 0), 3, curve.colour.stroke_width(1))
                }))
                .map_err(plot_error)?;
        }
        chart
            .draw_series(
                self.published_inside()
                    .map(|(n, rate, _)| TriangleMarker::new((*n, *rate), 10, DARK.filled())),
            )
            .map_err(plot_error)?;
        let mut legend: Vec<(LegendMark, String)> = self
            .curves
            .iter()
            .filter(|c| !c.dashed)
            .map(|c| (LegendMark::Line(c.colour, 3), c.label.clone()))
            .collect();
        if self.curves.iter().any(|c| c.dashed) {
            legend.push((
                LegendMark::Dashed(DARK),
                "odd n (dashed, open dots)".to_string(),
            ));
        }
        legend.push((LegendMark::Dot(DARK), "a side run".to_string()));
        legend.push((
            LegendMark::Bar(GREY.mix(0.4)),
            "95% Wilson interval".to_string(),
        ));
        if self.published_inside().next().is_some() {
            legend.push((
                LegendMark::Triangle(DARK),
                "published (Ganzfried 2004)".to_string(),
            ));
        }
        style::legend_strip(&legend_area, &legend)
    }
}

/// Which rules complete a tour from one fixed start: a row per rule, a mark per side.
pub struct StripChart {
    pub title: String,
    /// (rule, [(n, tour)]).
    pub rows: Vec<(String, Vec<(f64, bool)>)>,
}

impl Chart for StripChart {
    fn size(&self) -> (u32, u32) {
        (1200, 260 + 50 * self.rows.len().max(3) as u32)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> crate::output::error::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let count = self.rows.len();
        if count == 0 {
            return style::no_data(root, &self.title);
        }
        let sides: Vec<f64> = self
            .rows
            .iter()
            .flat_map(|(_, marks)| marks.iter().map(|m| m.0))
            .collect();
        let (_, height) = root.dim_in_pixel();
        let (plot_area, legend_area) = root.split_vertically(height - 50);
        let labels: Vec<String> = self.rows.iter().map(|(rule, _)| rule.clone()).collect();
        let longest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(4) as u32;
        let mut chart = ChartBuilder::on(&plot_area)
            .caption(
                &self.title,
                style::fitted_title(&plot_area, &self.title, 28),
            )
            .margin(20)
            .x_label_area_size(70)
            .y_label_area_size(40 + 13 * longest)
            .build_cartesian_2d(side_axis(&sides), -0.5f64..count as f64 - 0.5)
            .map_err(plot_error)?;
        chart
            .configure_mesh()
            .x_desc("board side n (log scale)")
            .x_label_formatter(&|v| format!("{v}"))
            .y_labels(count)
            .y_label_formatter(&|v| {
                let row = v.round();
                if (v - row).abs() > 1e-6 || row < 0.0 {
                    return String::new();
                }
                labels
                    .get(count.wrapping_sub(1 + row as usize))
                    .cloned()
                    .unwrap_or_default()
            })
            .label_style(style::text(22))
            .axis_desc_style(style::text(24))
            .light_line_style(WHITE)
            .draw()
            .map_err(plot_error)?;
        for (i, (_, marks)) in self.rows.iter().enumerate() {
            let y = (count - 1 - i) as f64;
            chart
                .draw_series(
                    marks
                        .iter()
                        .filter(|m| m.1)
                        .map(|&(n, _)| Circle::new((n, y), 5, GREEN.filled())),
                )
                .map_err(plot_error)?;
            chart
                .draw_series(
                    marks
                        .iter()
                        .filter(|m| !m.1)
                        .map(|&(n, _)| Cross::new((n, y), 6, VERMILION.stroke_width(2))),
                )
                .map_err(plot_error)?;
        }
        style::legend_strip(
            &legend_area,
            &[
                (LegendMark::Dot(GREEN), "a tour".to_string()),
                (
                    LegendMark::Cross(VERMILION),
                    "stuck before the last square".to_string(),
                ),
            ],
        )
    }
}

/// One board's map of start squares: `tours[y][x]`, row 1 first. On an odd board only the
/// squares of the corners' colour can start an open tour (a knight alternates colours, and
/// that colour has one square more); the others are drawn apart, in grey.
#[derive(Clone, Debug, PartialEq)]
pub struct StartMap {
    pub caption: String,
    pub tours: Vec<Vec<bool>>,
}

/// Whether an open tour can start on square (x, y) (0-based) of an n×n board at all.
pub fn can_start(n: usize, x: usize, y: usize) -> bool {
    n.is_multiple_of(2) || (x + y).is_multiple_of(2)
}

/// Start-square maps side by side.
pub struct StartMapsChart {
    pub title: String,
    pub maps: Vec<StartMap>,
}

impl Chart for StartMapsChart {
    fn size(&self) -> (u32, u32) {
        (500 * self.maps.len().max(1) as u32, 680)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> crate::output::error::Result<()>
    where
        DB::ErrorType: 'static,
    {
        if self.maps.is_empty() {
            return style::no_data(root, &self.title);
        }
        let root = root
            .titled(&self.title, style::fitted_title(root, &self.title, 28))
            .map_err(plot_error)?;
        let (_, height) = root.dim_in_pixel();
        let (maps_area, legend_area) = root.split_vertically(height - 80);
        let panels = maps_area.split_evenly((1, self.maps.len()));
        for (panel, map) in panels.iter().zip(&self.maps) {
            let n = map.tours.len().max(1) as f64;
            let mut chart = ChartBuilder::on(panel)
                .caption(&map.caption, style::text(24))
                .margin(25)
                .build_cartesian_2d(0f64..n, 0f64..n)
                .map_err(plot_error)?;
            // Row 1 at the top: row y (1-based) spans [n - y, n - y + 1).
            let side = map.tours.len();
            chart
                .draw_series(map.tours.iter().enumerate().flat_map(|(y, row)| {
                    row.iter().enumerate().map(move |(x, &tour)| {
                        let colour = match (tour, can_start(side, x, y)) {
                            (true, _) => GREEN.mix(0.75),
                            (false, true) => VERMILION.mix(0.85),
                            (false, false) => IMPOSSIBLE.to_rgba(),
                        };
                        let top = n - y as f64;
                        Rectangle::new(
                            [(x as f64 + 0.04, top - 0.04), (x as f64 + 0.96, top - 0.96)],
                            colour.filled(),
                        )
                    })
                }))
                .map_err(plot_error)?;
        }
        let mut legend = vec![
            (
                LegendMark::Bar(GREEN.mix(0.75)),
                "a start that completes a tour".to_string(),
            ),
            (
                LegendMark::Bar(VERMILION.mix(0.85)),
                "a start that gets stuck".to_string(),
            ),
        ];
        if self.maps.iter().any(|m| m.tours.len() % 2 == 1) {
            legend.push((
                LegendMark::Bar(IMPOSSIBLE.to_rgba()),
                "no open tour can start here (odd board)".to_string(),
            ));
        }
        style::legend_strip(&legend_area, &legend)
    }
}

/// The squares of an odd board from which no open tour can start.
const IMPOSSIBLE: RGBColor = RGBColor(215, 215, 215);

/// One rule's seconds per draw against board squares.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeCurve {
    pub label: String,
    pub colour: RGBColor,
    /// (squares, seconds per draw, seconds per tour if any tour).
    pub points: Vec<(f64, f64, Option<f64>)>,
}

/// Time per draw (a dot per board measured, joined by a line) and per tour (triangles)
/// against squares, log-log.
pub struct TimeChart {
    pub title: String,
    pub curves: Vec<TimeCurve>,
}

impl Chart for TimeChart {
    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> crate::output::error::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let points = || self.curves.iter().flat_map(|c| c.points.iter());
        if points().next().is_none() {
            return style::no_data(root, &self.title);
        }
        let x = style::log_range(points().map(|p| p.0));
        let y = style::log_range(points().flat_map(|p| [Some(p.1), p.2]).flatten());
        let (_, height) = root.dim_in_pixel();
        let (plot_area, legend_area) = root.split_vertically(height - 50);
        let mut chart = style::log_log_chart(
            &plot_area,
            &self.title,
            (x, y),
            (
                "squares on the board (n², log scale)",
                "seconds (log scale)",
            ),
        )?;
        for curve in &self.curves {
            chart
                .draw_series(LineSeries::new(
                    curve.points.iter().map(|p| (p.0, p.1)),
                    curve.colour.stroke_width(2),
                ))
                .map_err(plot_error)?;
            chart
                .draw_series(
                    curve
                        .points
                        .iter()
                        .map(|p| Circle::new((p.0, p.1), 4, curve.colour.filled())),
                )
                .map_err(plot_error)?;
            chart
                .draw_series(curve.points.iter().filter_map(|p| {
                    p.2.map(|t| TriangleMarker::new((p.0, t), 9, curve.colour.stroke_width(2)))
                }))
                .map_err(plot_error)?;
        }
        let mut legend: Vec<(LegendMark, String)> = self
            .curves
            .iter()
            .map(|c| {
                (
                    LegendMark::Line(c.colour, 3),
                    format!("{}: per draw", c.label),
                )
            })
            .collect();
        legend.push((
            LegendMark::OpenTriangle(DARK),
            "per tour (draw time / success rate)".to_string(),
        ));
        style::legend_strip(&legend_area, &legend)
    }
}
