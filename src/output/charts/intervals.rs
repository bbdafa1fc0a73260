//! The one chart of ranked estimates with their intervals: a row per item, top-down in the
//! order given, a dot for the estimate and a line for its interval, with an optional
//! reference line. Every study that ranks things by an interval draws it: the first
//! player's score and the draw rate by rule set (in percent, a line at 50%), the players'
//! ratings (an open end, a player who won or lost every game, runs to the edge in an
//! arrow), and how far each board generator is from uniform (a noise bar and the measured
//! distance). [`Look`] holds what differs between them: sizes, tick labels and margins.

use super::style::{self, BLUE, DARK, GREY, LegendMark};
use super::{Chart, plot_error};
use plotters::coord::Shift;
use plotters::prelude::*;

/// One row: its label, the estimate and the ends of its interval, in the axis's units. An
/// end may be infinite (no bound on that side); the estimate is finite.
#[derive(Clone, Debug, PartialEq)]
pub struct IntervalRow {
    pub label: String,
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

/// How the axis labels its ticks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ticks {
    /// plotters' own labels.
    Plain,
    /// Whole numbers: `48`.
    Whole,
    /// Whole numbers with their sign: `+120`.
    Signed,
}

/// The sizes and rules that differ between the charts of ranked intervals.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Look {
    /// The height is `base_height + row_height × max(rows, least_rows)`.
    pub base_height: u32,
    pub row_height: u32,
    pub least_rows: usize,
    pub label_size: u32,
    pub dot: i32,
    pub line: u32,
    pub ticks: Ticks,
    /// The axis's margin beyond the ends, as a share of their span, at least `least_margin`;
    /// `open_margin` replaces `margin` when an interval has an open end.
    pub margin: f64,
    pub open_margin: f64,
    pub least_margin: f64,
    /// Whether the axis always holds 0.
    pub from_zero: bool,
    /// Whether the legend names the interval before the estimate.
    pub interval_first: bool,
}

impl Look {
    /// Shares drawn in percent, a few rows (rule sets).
    pub const PERCENT: Look = Look {
        base_height: 230,
        row_height: 40,
        least_rows: 4,
        label_size: 19,
        dot: 6,
        line: 4,
        ticks: Ticks::Whole,
        margin: 0.06,
        open_margin: 0.06,
        least_margin: 0.5,
        from_zero: false,
        interval_first: false,
    };

    /// Ratings on the Elo scale, up to 150 players.
    pub const RATINGS: Look = Look {
        base_height: 220,
        row_height: 36,
        least_rows: 6,
        label_size: 19,
        dot: 5,
        line: 4,
        ticks: Ticks::Signed,
        margin: 0.05,
        open_margin: 0.12,
        least_margin: 10.0,
        from_zero: false,
        interval_first: false,
    };

    /// Distances from uniform (0 and up, or signed effects), many generators.
    pub const DISTANCES: Look = Look {
        base_height: 220,
        row_height: 26,
        least_rows: 6,
        label_size: 17,
        dot: 4,
        line: 6,
        ticks: Ticks::Plain,
        margin: 0.05,
        open_margin: 0.05,
        least_margin: 1e-6,
        from_zero: true,
        interval_first: true,
    };
}

/// Rows of estimates with their intervals on one axis.
pub struct IntervalChart {
    pub title: String,
    /// What the axis measures, e.g. `first player's score, %`.
    pub axis: String,
    /// What a dot is, for the legend: `score (a win 1, a draw ½)`.
    pub estimate: String,
    /// What a line is, for the legend: `95% score interval`.
    pub interval: String,
    /// Where intervals narrower than their dot are counted in the legend, the words that the
    /// count follows (`95% interval`); `None` counts nothing.
    pub hidden: Option<String>,
    /// Why an interval can be open, for the legend of its arrow: `every game won or lost`.
    pub open: String,
    pub rows: Vec<IntervalRow>,
    /// A vertical line at this value, with the legend's words for it.
    pub reference: Option<(f64, String)>,
    pub look: Look,
}

impl IntervalChart {
    /// How many rows have an open end.
    fn open_rows(&self) -> usize {
        (self.rows.iter())
            .filter(|r| r.low.is_infinite() || r.high.is_infinite())
            .count()
    }

    /// The axis: every estimate, every finite end and the reference line inside it, with a
    /// margin so that no dot or end lies on the frame.
    pub fn x_range(&self) -> (f64, f64) {
        let ends = (self.rows.iter())
            .flat_map(|r| [r.value, r.low, r.high])
            .chain(self.reference.as_ref().map(|r| r.0))
            .filter(|x| x.is_finite());
        let start = match self.look.from_zero {
            true => (0.0, 0.0),
            false => (f64::INFINITY, f64::NEG_INFINITY),
        };
        let (low, high) = ends.fold(start, |(lo, hi), x| (lo.min(x), hi.max(x)));
        let share = match self.open_rows() {
            0 => self.look.margin,
            _ => self.look.open_margin,
        };
        let margin = ((high - low) * share).max(self.look.least_margin);
        (low - margin, high + margin)
    }

    /// The legend's words for the intervals, with how many hide behind their dot.
    fn interval_words(&self, hidden: usize) -> String {
        let n = self.rows.len();
        match (&self.hidden, hidden) {
            (None, _) | (Some(_), 0) => self.interval.clone(),
            (Some(words), h) if h == n => format!("{words} (every one narrower than its dot)"),
            (Some(words), h) => format!("{words} ({h} of {n} narrower than their dot)"),
        }
    }
}

impl Chart for IntervalChart {
    fn size(&self) -> (u32, u32) {
        let rows = self.rows.len().max(self.look.least_rows) as u32;
        (1200, self.look.base_height + self.look.row_height * rows)
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
        let look = &self.look;
        let labels: Vec<&str> = self.rows.iter().map(|r| r.label.as_str()).collect();
        let (axis_low, axis_high) = self.x_range();
        // An open end runs to the edge of the axis.
        let spans: Vec<(f64, f64)> = (self.rows.iter())
            .map(|r| (r.low.max(axis_low), r.high.min(axis_high)))
            .collect();
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
        let whole = |x: &f64| format!("{x:.0}");
        let signed = |x: &f64| format!("{x:+.0}");
        let top_down = |y: &SegmentValue<i32>| style::top_down_label(&labels, y);
        let mut mesh = chart.configure_mesh();
        mesh.x_desc(self.axis.as_str());
        match look.ticks {
            Ticks::Plain => &mut mesh,
            Ticks::Whole => mesh.x_label_formatter(&whole),
            Ticks::Signed => mesh.x_label_formatter(&signed),
        }
        .y_labels(n)
        .y_label_formatter(&top_down)
        .label_style(style::text(look.label_size))
        .axis_desc_style(style::text(22))
        .light_line_style(WHITE)
        .draw()
        .map_err(plot_error)?;
        if let Some((x, _)) = &self.reference {
            chart
                .draw_series([PathElement::new(
                    [(*x, SegmentValue::Exact(0)), (*x, SegmentValue::Last)],
                    GREY.stroke_width(2),
                )])
                .map_err(plot_error)?;
        }
        chart
            .draw_series(spans.iter().enumerate().map(|(i, &(low, high))| {
                PathElement::new(
                    [(low, y_of(i)), (high, y_of(i))],
                    BLUE.stroke_width(look.line),
                )
            }))
            .map_err(plot_error)?;
        chart
            .draw_series(
                (self.rows.iter().enumerate())
                    .map(|(i, r)| Circle::new((r.value, y_of(i)), look.dot, DARK.filled())),
            )
            .map_err(plot_error)?;
        let open = self.open_rows();
        if open > 0 {
            let arrows = spans.iter().enumerate().flat_map(|(i, &(low, high))| {
                let ends = [(low <= axis_low, low, -1), (high >= axis_high, high, 1)];
                ends.into_iter()
                    .filter(|end| end.0)
                    .map(move |(_, x, side)| (x, y_of(i), side))
            });
            chart
                .draw_series(arrows.map(|(x, y, side)| {
                    EmptyElement::at((x, y))
                        + Polygon::new(vec![(0, -9), (0, 9), (14 * side, 0)], BLUE.filled())
                }))
                .map_err(plot_error)?;
        }
        // An interval narrower than its dot is hidden behind it: the legend says how many.
        let hidden = match self.hidden {
            None => 0,
            Some(_) => (spans.iter())
                .filter(|&&(low, high)| {
                    let (low, _) = chart.backend_coord(&(low, y_of(0)));
                    let (high, _) = chart.backend_coord(&(high, y_of(0)));
                    high - low < 2 * look.dot
                })
                .count(),
        };
        let dot = (LegendMark::Dot(DARK), self.estimate.clone());
        let line = (
            LegendMark::Line(BLUE, look.line),
            self.interval_words(hidden),
        );
        let mut legend = match look.interval_first {
            true => vec![line, dot],
            false => vec![dot, line],
        };
        if let Some((_, words)) = &self.reference {
            legend.push((LegendMark::Line(GREY, 2), words.clone()));
        }
        if open > 0 {
            legend.push((
                LegendMark::Triangle(BLUE),
                format!("no bound on that side ({open} of {n}: {})", self.open),
            ));
        }
        style::legend_strip(&legend_area, &legend)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart(look: Look, rows: &[(f64, f64, f64)]) -> IntervalChart {
        IntervalChart {
            title: String::new(),
            axis: String::new(),
            estimate: String::new(),
            interval: String::new(),
            hidden: None,
            open: String::new(),
            rows: (rows.iter())
                .map(|&(value, low, high)| IntervalRow {
                    label: "g".into(),
                    value,
                    low,
                    high,
                })
                .collect(),
            reference: None,
            look,
        }
    }

    #[test]
    fn the_axis_holds_points_beyond_their_bars() {
        // Distances of 0.021 to 0.049 beside noise bars that end near 0.008: every point
        // must lie strictly inside the axis, not on its right edge.
        let distances = [(0.049, 0.0, 0.008), (0.021, 0.0, 0.007)];
        let (low, high) = chart(Look::DISTANCES, &distances).x_range();
        assert!(low < 0.0, "{low}");
        assert!(high > 0.049, "{high}");
        // A point at 0 (an exact sampler) is kept off the left edge.
        let (low, _) = chart(Look::DISTANCES, &[(0.0, 0.0, 0.008)]).x_range();
        assert!(low < 0.0, "{low}");
        // Intervals below zero (signed effect sizes) keep a margin on the left too.
        let effects = [(-0.1, -0.3, 0.1), (0.4, 0.2, 0.6)];
        let (low, high) = chart(Look::DISTANCES, &effects).x_range();
        assert!(low < -0.3 && high > 0.6, "{low} {high}");
    }

    #[test]
    fn an_open_end_leaves_the_axis_finite_and_wider() {
        let closed = chart(
            Look::RATINGS,
            &[(100.0, 50.0, 150.0), (-100.0, -150.0, -50.0)],
        );
        let open = chart(
            Look::RATINGS,
            &[(100.0, 50.0, 150.0), (-100.0, f64::NEG_INFINITY, -50.0)],
        );
        // Closed: the ends −150 to 150 and 5% of their span beyond.
        let (closed_low, closed_high) = closed.x_range();
        assert!((closed_low + 165.0).abs() < 1e-9 && (closed_high - 165.0).abs() < 1e-9);
        // Open: the finite ends −100 to 150 and 12% of their span beyond, so that the arrow
        // of the open end has room.
        let (open_low, open_high) = open.x_range();
        assert!((open_low + 130.0).abs() < 1e-9, "{open_low}");
        assert!((open_high - 180.0).abs() < 1e-9, "{open_high}");
        assert_eq!((closed.open_rows(), open.open_rows()), (0, 1));
    }

    #[test]
    fn the_legend_counts_hidden_intervals_only_where_asked() {
        let mut shares = chart(Look::PERCENT, &[(50.0, 49.0, 51.0), (40.0, 30.0, 50.0)]);
        shares.interval = "95% score interval".into();
        assert_eq!(shares.interval_words(1), "95% score interval");
        shares.hidden = Some("95% score interval".into());
        assert_eq!(
            shares.interval_words(1),
            "95% score interval (1 of 2 narrower than their dot)"
        );
        assert_eq!(
            shares.interval_words(2),
            "95% score interval (every one narrower than its dot)"
        );
        assert_eq!(shares.interval_words(0), "95% score interval");
    }
}
