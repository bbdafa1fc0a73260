//! The match charts: win/draw/loss bars per pairing and seat with their intervals, the
//! matrix of scores between players, and the ratings with their intervals.
//!
//! Each grows with the players or pairings, so each is drawn only up to a limit that keeps it
//! readable and its picture small (a 140-player matrix would be 7,600 px square, its results
//! chart 430,000 px tall and 1.8 GB in memory); past it, the report's table is all there is.

use super::ratings::RatingRow;
use super::tally::SeatRecord;
use crate::output::charts::style::{self, BLUE, DARK, GREEN, GREY, LegendMark, VERMILION};
use crate::output::charts::{Chart, IntervalChart, IntervalRow, Layers, Look, plot_error};
use crate::output::numbers::count;
use crate::output::numbers::fixed;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The most players whose score matrix and results matrix are drawn (54 px a cell: at most
/// 1,800 px a side).
pub const MAX_MATRIX_PLAYERS: usize = 30;

/// The most players of the ratings chart: 150 rows are 4,700 px tall.
pub const MAX_RATED_PLAYERS: usize = 150;

/// Width of a label area that holds the longest of `labels` (in characters) at the label
/// font.
fn label_width(labels: impl Iterator<Item = usize>) -> u32 {
    (30 + 11 * labels.max().unwrap_or(0) as u32).max(100)
}

/// Every pairing's results by seat as one matrix, compact at any number of players: the
/// cell in row i and column j holds the games with player i in the first seat and player j
/// in the second, as a bar split into the first player's wins, the draws and the first
/// player's losses (each seat of a pairing is one cell, so a pairing is two cells mirrored
/// across the diagonal). The intervals are in the report's table.
pub struct ResultsChart {
    pub title: String,
    pub rows: Vec<SeatRecord>,
}

/// The first seat's wins, draws and losses in one seat record.
fn first_seat_shares(record: &SeatRecord) -> (&str, &str, [f64; 3]) {
    match record.a_seat.as_str() {
        "first" => (
            &record.a,
            &record.b,
            [record.a_win, record.draw, record.a_loss],
        ),
        _ => (
            &record.b,
            &record.a,
            [record.a_loss, record.draw, record.a_win],
        ),
    }
}

impl ResultsChart {
    /// Players in the order they first appear in the records.
    fn players(&self) -> Vec<&str> {
        let mut players: Vec<&str> = Vec::new();
        for record in &self.rows {
            for name in [record.a.as_str(), record.b.as_str()] {
                if !players.contains(&name) {
                    players.push(name);
                }
            }
        }
        players
    }
}

impl Chart for ResultsChart {
    fn size(&self) -> (u32, u32) {
        let players: Vec<String> = self.players().iter().map(|p| p.to_string()).collect();
        let layout = MatrixLayout::new(&players, RESULTS_CELL_HEIGHT);
        let (width, height) = layout.size();
        (width, height + 50)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> crate::output::error::Result<()>
    where
        DB::ErrorType: 'static,
    {
        if self.rows.is_empty() {
            return style::no_data(root, &self.title);
        }
        let players: Vec<String> = self.players().iter().map(|p| p.to_string()).collect();
        let layout = MatrixLayout::new(&players, RESULTS_CELL_HEIGHT);
        let (_, height) = root.dim_in_pixel();
        let (matrix_area, legend_area) = root.split_vertically(height - 60);
        layout.frame(
            &matrix_area,
            &self.title,
            "row player in the first seat against the column player in the second: \
             the first player's results, score (wins + draws/2) and games",
        )?;
        let cell_width = layout.cell.0;
        let index = |name: &str| players.iter().position(|p| p == name);
        for record in &self.rows {
            let (first, second, shares) = first_seat_shares(record);
            let (Some(r), Some(c)) = (index(first), index(second)) else {
                continue;
            };
            // The bar, inset from the cell's sides so that neighbouring cells stay apart.
            let (x, y) = layout.cell(r, c);
            let (start, end) = (x + 5, x + cell_width - 5);
            let mut from = start;
            for (i, (share, colour)) in shares.iter().zip([GREEN, GREY, VERMILION]).enumerate() {
                let to = if i == 2 {
                    end
                } else {
                    (from + (share * (end - start) as f64).round() as i32).min(end)
                };
                if to > from {
                    matrix_area
                        .draw(&Rectangle::new(
                            [(from, y + 6), (to, y + 34)],
                            colour.mix(0.85).filled(),
                        ))
                        .map_err(plot_error)?;
                }
                from = to;
            }
            let score = shares[0] + shares[1] / 2.0;
            layout.write(
                &matrix_area,
                (x, y + 34),
                &[(score_label(score), 17), (count(record.games), 14)],
                &DARK,
                RESULTS_CELL_HEIGHT - 34,
            )?;
        }
        let legend = [
            (
                LegendMark::Bar(GREEN.mix(0.85)),
                "first player wins".to_string(),
            ),
            (LegendMark::Bar(GREY.mix(0.85)), "draws".to_string()),
            (
                LegendMark::Bar(VERMILION.mix(0.85)),
                "first player loses".to_string(),
            ),
            (
                LegendMark::Bar(NOT_PLAYED.to_rgba()),
                "not played".to_string(),
            ),
        ];
        style::legend_strip(&legend_area, &legend)
    }
}

/// The fill of a cell whose players did not meet (or a player against itself).
const NOT_PLAYED: RGBColor = RGBColor(240, 240, 240);

/// The grid the two matrix charts share: numbered rows named on the left, columns named
/// above (their names turned upright when a cell is too narrow for them), a title and a
/// line saying what a cell holds. The cells share out the chart's width: a match of two or
/// three players gets wide cells rather than a small grid in a corner.
struct MatrixLayout {
    left: i32,
    top: i32,
    players: usize,
    numbered: Vec<String>,
    /// Cell width and height in pixels.
    cell: (i32, i32),
    /// Whether the column names are written upright (turned a quarter).
    upright: bool,
}

/// The narrowest cell: room for a score and a count of games up to `1,500,000`.
const MIN_CELL: i32 = 84;
/// A cell's height in the score matrix: a score and a count of games.
const MATRIX_CELL_HEIGHT: i32 = 64;
/// A cell's height in the results chart: a bar, a score and a count of games.
const RESULTS_CELL_HEIGHT: i32 = 88;
/// The narrowest chart, wide enough for its title and subtitle.
const MIN_WIDTH: i32 = 1200;
/// Height of the title and subtitle above the column names.
const HEADING: i32 = 100;

impl MatrixLayout {
    fn new(players: &[String], cell_height: i32) -> MatrixLayout {
        let numbered: Vec<String> = players
            .iter()
            .enumerate()
            .map(|(i, name)| format!("{}. {name}", i + 1))
            .collect();
        let longest = numbered.iter().map(|l| l.chars().count()).max();
        let left = label_width(longest.into_iter()) as i32;
        let n = players.len().max(2) as i32;
        let width = (left + n * MIN_CELL + 40).max(MIN_WIDTH);
        let cell = ((width - left - 40) / n, cell_height);
        // A name is written across its column when it fits there, upright otherwise.
        let name_width = label_width(longest.into_iter()) as i32 - 30;
        let upright = name_width + 10 > cell.0;
        let names_height = if upright { name_width + 20 } else { 40 };
        MatrixLayout {
            left,
            top: HEADING + names_height,
            players: players.len(),
            numbered,
            cell,
            upright,
        }
    }

    fn size(&self) -> (u32, u32) {
        let n = self.players.max(2) as i32;
        (
            (self.left + n * self.cell.0 + 40) as u32,
            (self.top + n * self.cell.1 + 30) as u32,
        )
    }

    /// The top-left corner of the cell in `row` and `column`.
    fn cell(&self, row: usize, column: usize) -> (i32, i32) {
        (
            self.left + column as i32 * self.cell.0,
            self.top + row as i32 * self.cell.1,
        )
    }

    /// Draws the title, the subtitle, the labels and every cell empty ([`NOT_PLAYED`]).
    fn frame<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        title: &str,
        subtitle: &str,
    ) -> crate::output::error::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let (width, _) = area.dim_in_pixel();
        let centre = Pos::new(HPos::Center, VPos::Center);
        area.draw(&Text::new(
            title.to_string(),
            (width as i32 / 2, 30),
            style::fitted_title(area, title, 28).pos(centre),
        ))
        .and_then(|_| {
            area.draw(&Text::new(
                subtitle.to_string(),
                (width as i32 / 2, 70),
                style::text(20).pos(centre),
            ))
        })
        .map_err(plot_error)?;
        let (cell_width, cell_height) = self.cell;
        for (i, label) in self.numbered.iter().enumerate() {
            let (x, y) = self.cell(i, i);
            area.draw(&Text::new(
                label.clone(),
                (self.left - 10, y + cell_height / 2),
                style::text(LABEL_SIZE).pos(Pos::new(HPos::Right, VPos::Center)),
            ))
            .map_err(plot_error)?;
            let column = if self.upright {
                // Turned a quarter anticlockwise, reading upwards from just above the grid.
                Text::new(
                    label.clone(),
                    (x + cell_width / 2 - LABEL_SIZE as i32 / 2, self.top - 10),
                    style::text(LABEL_SIZE).transform(FontTransform::Rotate270),
                )
            } else {
                Text::new(
                    label.clone(),
                    (x + cell_width / 2, self.top - 20),
                    style::text(LABEL_SIZE).pos(centre),
                )
            };
            area.draw(&column).map_err(plot_error)?;
        }
        for row in 0..self.players {
            for column in 0..self.players {
                let (x, y) = self.cell(row, column);
                area.draw(&Rectangle::new(
                    [(x, y), (x + cell_width, y + cell_height)],
                    NOT_PLAYED.filled(),
                ))
                .and_then(|_| {
                    area.draw(&Rectangle::new(
                        [(x, y), (x + cell_width, y + cell_height)],
                        WHITE.stroke_width(1),
                    ))
                })
                .map_err(plot_error)?;
            }
        }
        Ok(())
    }

    /// Writes `lines` (text and size) one under another, centred across the cell whose
    /// corner is at `x` and down the `room` pixels from `y`.
    fn write<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        (x, y): (i32, i32),
        lines: &[(String, u32)],
        colour: &RGBColor,
        room: i32,
    ) -> crate::output::error::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let centre = Pos::new(HPos::Center, VPos::Center);
        let height: i32 = lines.iter().map(|(_, size)| *size as i32 + 2).sum();
        let mut at = y + (room - height) / 2;
        for (text, size) in lines {
            let middle = at + *size as i32 / 2 + 1;
            area.draw(&Text::new(
                text.clone(),
                (x + self.cell.0 / 2, middle),
                style::text(*size).pos(centre).color(colour),
            ))
            .map_err(plot_error)?;
            at += *size as i32 + 2;
        }
        Ok(())
    }
}

/// The font size of row and column labels.
const LABEL_SIZE: u32 = 19;

/// The score (wins plus half the draws, as a share of the games) of each row player against
/// each column player, over both seats; blank where they did not meet.
pub struct MatrixChart {
    pub title: String,
    pub players: Vec<String>,
    /// `scores[row][column]`: the score and the games played, both seats together.
    pub scores: Vec<Vec<Option<(f64, u64)>>>,
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

/// A score as the charts print it, in percent: whole numbers, except that a score which is
/// not exactly 0 or 1 never reads `0%` or `100%` (99.79% is `99.8%`, 99.97% is `>99.9%`).
pub fn score_label(score: f64) -> String {
    let percent = 100.0 * score;
    let whole = fixed(percent, 0);
    let shown = match whole.as_str() {
        "100" if score < 1.0 => match fixed(percent, 1).as_str() {
            "100.0" => ">99.9".to_string(),
            one => one.to_string(),
        },
        "0" if score > 0.0 => match fixed(percent, 1).as_str() {
            "0.0" => "<0.1".to_string(),
            one => one.to_string(),
        },
        _ => whole,
    };
    format!("{shown}%")
}

impl Chart for MatrixChart {
    fn size(&self) -> (u32, u32) {
        MatrixLayout::new(&self.players, MATRIX_CELL_HEIGHT).size()
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> crate::output::error::Result<()>
    where
        DB::ErrorType: 'static,
    {
        if self.players.is_empty() {
            return style::no_data(root, &self.title);
        }
        let layout = MatrixLayout::new(&self.players, MATRIX_CELL_HEIGHT);
        layout.frame(
            root,
            &self.title,
            "row player's score against the column player (wins + draws/2, both seats) and \
             the games they played; grey: not played",
        )?;
        let (width, height) = layout.cell;
        for (r, row) in self.scores.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                let Some((score, games)) = *cell else {
                    continue;
                };
                let (x, y) = layout.cell(r, c);
                root.draw(&Rectangle::new(
                    [(x, y), (x + width, y + height)],
                    score_colour(score).filled(),
                ))
                .and_then(|_| {
                    root.draw(&Rectangle::new(
                        [(x, y), (x + width, y + height)],
                        WHITE.stroke_width(1),
                    ))
                })
                .map_err(plot_error)?;
                let colour = if (score - 0.5).abs() > 0.3 {
                    WHITE
                } else {
                    DARK
                };
                layout.write(
                    root,
                    (x, y),
                    &[(score_label(score), 19), (count(games), 14)],
                    &colour,
                    height,
                )?;
            }
        }
        Ok(())
    }
}

/// Each player's rating with its 95% interval, best on top (`rows` are best first); a
/// player without a rating is left out.
pub fn ratings_chart(name: &str, rows: &[RatingRow]) -> IntervalChart {
    IntervalChart {
        title: format!("{name}: Bradley–Terry ratings"),
        axis: "rating (Elo scale, mean 0; +400 = 10:1 odds in points)".to_string(),
        estimate: "maximum-likelihood rating".to_string(),
        interval: "95% interval (bootstrap, widened to the score interval)".to_string(),
        hidden: Some("95% interval".to_string()),
        open: "every game won or lost".to_string(),
        rows: (rows.iter())
            .filter_map(|r| {
                Some(IntervalRow::new(
                    r.player.clone(),
                    r.rating?,
                    r.rating_low?,
                    r.rating_high?,
                ))
            })
            .collect(),
        reference: None,
        row_axis: None,
        layers: Layers::default(),
        look: Look::RATINGS,
    }
}

#[cfg(test)]
mod tests {
    use super::score_label;

    #[test]
    fn a_score_reads_0_or_100_only_when_it_is_exactly_that() {
        assert_eq!(score_label(0.9979), "99.8%");
        assert_eq!(score_label(0.99979), ">99.9%");
        assert_eq!(score_label(1.0), "100%");
        assert_eq!(score_label(0.002), "0.2%");
        assert_eq!(score_label(0.0001), "<0.1%");
        assert_eq!(score_label(0.0), "0%");
        assert_eq!(score_label(0.505), "51%");
        assert_eq!(score_label(0.994), "99%");
    }
}
