//! The match charts: win/draw/loss bars per pairing and seat with their intervals, the
//! matrix of scores between players, and the ratings with their intervals.
//!
//! Each grows with the players or pairings, so each is drawn only up to a limit that keeps it
//! readable and its picture small (a 140-player matrix would be 7,600 px square, its results
//! chart 430,000 px tall and 1.8 GB in memory); past it, the report's table is all there is.

use super::ratings::RatingRow;
use super::tally::SeatRecord;
use crate::output::charts::style::{self, BLUE, DARK, GREEN, GREY, LegendMark, VERMILION};
use crate::output::charts::{Chart, plot_error};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The most players whose score matrix is drawn (54 px a cell: at most 1,800 px a side).
pub const MAX_MATRIX_PLAYERS: usize = 30;

/// The most bars (pairings in each seat) of the results chart: 240 bars are 5,480 px tall.
pub const MAX_RESULT_BARS: usize = 240;

/// The most players of the ratings chart: 150 rows are 4,700 px tall.
pub const MAX_RATED_PLAYERS: usize = 150;

/// Width of a label area that holds the longest of `labels` at the label font.
fn label_width(labels: impl Iterator<Item = usize>) -> u32 {
    (30 + 9 * labels.max().unwrap_or(0) as u32).max(90)
}

/// Stacked bars of `a`'s wins, draws and losses in each pairing and seat, first row on top,
/// with the 95% interval of the win share (at the win bar's end) and of the loss share (at
/// the loss bar's start).
pub struct ResultsChart {
    pub title: String,
    pub rows: Vec<SeatRecord>,
}

impl ResultsChart {
    fn label(record: &SeatRecord) -> String {
        format!(
            "{} ({} first)",
            record.pairing,
            match record.a_seat.as_str() {
                "first" => &record.a,
                _ => &record.b,
            }
        )
    }
}

impl Chart for ResultsChart {
    fn size(&self) -> (u32, u32) {
        (1400, 200 + 22 * self.rows.len().max(8) as u32)
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
        let labels: Vec<String> = self.rows.iter().map(Self::label).collect();
        let (_, height) = root.dim_in_pixel();
        let (plot_area, legend_area) = root.split_vertically(height - 50);
        let y_of = |i: usize| SegmentValue::CenterOf((n - 1 - i) as i32);
        let mut chart = ChartBuilder::on(&plot_area)
            .caption(&self.title, style::title(24))
            .margin(20)
            .x_label_area_size(50)
            .y_label_area_size(label_width(labels.iter().map(|l| l.chars().count())))
            .build_cartesian_2d(0f64..1f64, (0..n as i32 - 1).into_segmented())
            .map_err(plot_error)?;
        chart
            .configure_mesh()
            .x_desc("share of the games, for the pairing's first-named player")
            .x_label_formatter(&|x| format!("{:.0}%", 100.0 * x))
            .y_labels(n)
            .y_label_formatter(&|y| style::top_down_label(&labels, y))
            .label_style(style::text(14))
            .axis_desc_style(style::text(17))
            .light_line_style(WHITE)
            .draw()
            .map_err(plot_error)?;
        let bar = |i: usize, from: f64, to: f64, colour: RGBColor| {
            PathElement::new(
                [(from, y_of(i)), (to, y_of(i))],
                colour.mix(0.8).stroke_width(14),
            )
        };
        for (i, r) in self.rows.iter().enumerate() {
            let win_end = r.a_win;
            let draw_end = r.a_win + r.draw;
            chart
                .draw_series([
                    bar(i, 0.0, win_end, GREEN),
                    bar(i, win_end, draw_end, GREY),
                    bar(i, draw_end, 1.0, VERMILION),
                ])
                .map_err(plot_error)?;
            chart
                .draw_series([
                    PathElement::new(
                        [(r.a_win_low, y_of(i)), (r.a_win_high, y_of(i))],
                        DARK.stroke_width(2),
                    ),
                    PathElement::new(
                        [
                            (1.0 - r.a_loss_high, y_of(i)),
                            (1.0 - r.a_loss_low, y_of(i)),
                        ],
                        DARK.stroke_width(2),
                    ),
                ])
                .map_err(plot_error)?;
        }
        let legend = [
            (LegendMark::Bar(GREEN.mix(0.8)), "wins".to_string()),
            (LegendMark::Bar(GREY.mix(0.8)), "draws".to_string()),
            (LegendMark::Bar(VERMILION.mix(0.8)), "losses".to_string()),
            (
                LegendMark::Line(DARK, 2),
                "95% Wilson intervals of the win and loss shares".to_string(),
            ),
        ];
        style::legend_strip(&legend_area, &legend)
    }
}

/// The score (wins plus half the draws, as a share of the games) of each row player against
/// each column player, over both seats; blank where they did not meet.
pub struct MatrixChart {
    pub title: String,
    pub players: Vec<String>,
    /// `scores[row][column]`.
    pub scores: Vec<Vec<Option<f64>>>,
}

/// Vermilion for 0, white for ½, blue for 1.
fn score_colour(score: f64) -> RGBColor {
    let (target, t) = if score < 0.5 {
        (VERMILION, 1.0 - 2.0 * score)
    } else {
        (BLUE, 2.0 * score - 1.0)
    };
    let mix = |c: u8| (255.0 + (c as f64 - 255.0) * t.clamp(0.0, 1.0)).round() as u8;
    RGBColor(mix(target.0), mix(target.1), mix(target.2))
}

const CELL: i32 = 54;

impl MatrixChart {
    fn left(&self) -> i32 {
        let longest = self.players.iter().map(|p| p.chars().count()).max();
        label_width(longest.into_iter().map(|l| l + 4)) as i32
    }
}

impl Chart for MatrixChart {
    fn size(&self) -> (u32, u32) {
        let n = self.players.len().max(2) as i32;
        (
            (self.left() + n * CELL + 40).max(700) as u32,
            (150 + n * CELL + 60) as u32,
        )
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> crate::output::error::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let n = self.players.len();
        if n == 0 {
            return style::no_data(root, &self.title);
        }
        let (width, _) = root.dim_in_pixel();
        let centre = Pos::new(HPos::Center, VPos::Center);
        let (left, top) = (self.left(), 130);
        root.draw(&Text::new(
            self.title.clone(),
            (width as i32 / 2, 30),
            style::title(24).pos(centre),
        ))
        .map_err(plot_error)?;
        root.draw(&Text::new(
            "row player's score against the column player (wins + draws/2, both seats), in %",
            (width as i32 / 2, 64),
            style::text(16).pos(centre),
        ))
        .map_err(plot_error)?;
        for (i, name) in self.players.iter().enumerate() {
            let y = top + i as i32 * CELL + CELL / 2;
            root.draw(&Text::new(
                format!("{}. {name}", i + 1),
                (left - 10, y),
                style::text(15).pos(Pos::new(HPos::Right, VPos::Center)),
            ))
            .map_err(plot_error)?;
            let x = left + i as i32 * CELL + CELL / 2;
            root.draw(&Text::new(
                format!("{}", i + 1),
                (x, top - 16),
                style::text(15).pos(centre),
            ))
            .map_err(plot_error)?;
        }
        for (r, row) in self.scores.iter().enumerate() {
            for (c, score) in row.iter().enumerate() {
                let (x, y) = (left + c as i32 * CELL, top + r as i32 * CELL);
                let fill = score.map_or(RGBColor(240, 240, 240), score_colour);
                root.draw(&Rectangle::new(
                    [(x, y), (x + CELL, y + CELL)],
                    fill.filled(),
                ))
                .and_then(|_| {
                    root.draw(&Rectangle::new(
                        [(x, y), (x + CELL, y + CELL)],
                        WHITE.stroke_width(1),
                    ))
                })
                .map_err(plot_error)?;
                if let Some(score) = score {
                    let colour = if (score - 0.5).abs() > 0.3 {
                        WHITE
                    } else {
                        DARK
                    };
                    root.draw(&Text::new(
                        format!("{:.0}", 100.0 * score),
                        (x + CELL / 2, y + CELL / 2),
                        style::text(15).pos(centre).color(&colour),
                    ))
                    .map_err(plot_error)?;
                }
            }
        }
        Ok(())
    }
}

/// Each player's rating with its 95% bootstrap interval, best on top.
pub struct RatingsChart {
    pub title: String,
    /// Players with a rating, best first.
    pub rows: Vec<RatingRow>,
}

impl Chart for RatingsChart {
    fn size(&self) -> (u32, u32) {
        (1200, 200 + 30 * self.rows.len().max(6) as u32)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> crate::output::error::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let rated: Vec<(&str, f64, f64, f64)> = self
            .rows
            .iter()
            .filter_map(|r| Some((r.player.as_str(), r.rating?, r.rating_low?, r.rating_high?)))
            .collect();
        let n = rated.len();
        let names: Vec<&str> = rated.iter().map(|r| r.0).collect();
        if n == 0 {
            return style::no_data(root, &self.title);
        }
        let low = rated.iter().map(|r| r.2).fold(f64::INFINITY, f64::min);
        let high = rated.iter().map(|r| r.3).fold(f64::NEG_INFINITY, f64::max);
        let margin = ((high - low) * 0.05).max(10.0);
        let (_, height) = root.dim_in_pixel();
        let (plot_area, legend_area) = root.split_vertically(height - 50);
        let y_of = |i: usize| SegmentValue::CenterOf((n - 1 - i) as i32);
        let mut chart = ChartBuilder::on(&plot_area)
            .caption(&self.title, style::title(24))
            .margin(20)
            .x_label_area_size(50)
            .y_label_area_size(label_width(rated.iter().map(|r| r.0.chars().count())))
            .build_cartesian_2d(
                (low - margin)..(high + margin),
                (0..n as i32 - 1).into_segmented(),
            )
            .map_err(plot_error)?;
        chart
            .configure_mesh()
            .x_desc("rating (Elo scale, mean 0; +400 = 10:1 odds in points)")
            .x_label_formatter(&|x| format!("{x:+.0}"))
            .y_labels(n)
            .y_label_formatter(&|y| style::top_down_label(&names, y))
            .label_style(style::text(15))
            .axis_desc_style(style::text(17))
            .light_line_style(WHITE)
            .draw()
            .map_err(plot_error)?;
        chart
            .draw_series(rated.iter().enumerate().map(|(i, r)| {
                PathElement::new([(r.2, y_of(i)), (r.3, y_of(i))], BLUE.stroke_width(4))
            }))
            .map_err(plot_error)?;
        chart
            .draw_series(
                rated
                    .iter()
                    .enumerate()
                    .map(|(i, r)| Circle::new((r.1, y_of(i)), 5, DARK.filled())),
            )
            .map_err(plot_error)?;
        let legend = [
            (
                LegendMark::Dot(DARK),
                "maximum-likelihood rating".to_string(),
            ),
            (
                LegendMark::Line(BLUE, 4),
                "95% bootstrap interval over games".to_string(),
            ),
        ];
        style::legend_strip(&legend_area, &legend)
    }
}
