//! The one chart of ranked estimates with their intervals: a row per item, top-down in the
//! order given, a dot for the estimate and a line for its interval, with an optional
//! reference line. Every study that ranks things by an interval draws it: the first
//! player's score and the draw rate by rule set (in percent, a line at 50%), the players'
//! ratings (an open end, a player who won or lost every game, runs to the edge in an
//! arrow), and how far each board generator is from uniform (a noise bar and the measured
//! distance), and the type orders by their median number of iterations (on a logarithmic
//! axis, with [`Layers`] of quantiles, the iteration cap and the share censored beside each
//! row). [`Look`] holds what differs between them: sizes, scale, tick labels and margins.

use super::style::{self, BLUE, DARK, GREY, LegendMark, VERMILION};
use super::{Chart, plot_error};
use plotters::coord::Shift;
use plotters::coord::ranged1d::{AsRangedCoord, SegmentedCoord, ValueFormatter};
use plotters::coord::types::RangedCoordi32;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One row: its label, the estimate and the ends of its interval, in the axis's units. An
/// end may be infinite (no bound on that side); the estimate is finite. The row's parts of
/// the chart's [`Layers`] are here too, `None` where the chart draws none.
#[derive(Clone, Debug, PartialEq)]
pub struct IntervalRow {
    pub label: String,
    pub value: f64,
    pub low: f64,
    pub high: f64,
    /// A wide bar behind the interval: the spread of the row's data (p10 to p90).
    pub bar: Option<(f64, f64)>,
    /// A triangle: a far quantile (the p99).
    pub mark: Option<f64>,
    /// Text written right of the chart's limit (the share of draws censored).
    pub note: Option<String>,
}

impl IntervalRow {
    /// A row of an estimate and its interval alone.
    pub fn new(label: impl Into<String>, value: f64, low: f64, high: f64) -> Self {
        IntervalRow {
            label: label.into(),
            value,
            low,
            high,
            bar: None,
            mark: None,
            note: None,
        }
    }
}

/// What a chart of distributions adds to its rows' intervals, with the legend's words for
/// each part: the rows' bars, marks and notes ([`IntervalRow`]), a dashed limit line, and
/// one row whose bar is drawn in blue.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Layers {
    pub bar: Option<String>,
    pub mark: Option<String>,
    /// The limit's value (the iteration cap) and its words; the rows' notes are written
    /// right of it.
    pub limit: Option<(f64, String)>,
    pub note: Option<String>,
    /// The label of the emphasised row (the seed's order) and the words for it.
    pub emphasis: Option<(String, String)>,
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
    /// Powers of ten and their 2× and 5× ticks: `10⁴`, `2×10⁴`; for a logarithmic axis.
    Powers,
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
    /// Whether the axis is logarithmic; its margins are then [`style::log_range`]'s.
    pub log: bool,
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
        log: false,
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
        log: false,
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
        log: false,
    };

    /// Iterations per draw on a logarithmic axis, up to 24 type orders.
    pub const ITERATIONS: Look = Look {
        base_height: 240,
        row_height: 30,
        least_rows: 8,
        label_size: 17,
        dot: 5,
        line: 3,
        ticks: Ticks::Powers,
        margin: 0.0,
        open_margin: 0.0,
        least_margin: 0.0,
        from_zero: false,
        interval_first: false,
        log: true,
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
    /// What a row is, beside the rows' labels (`type order, best median on top`); `None`
    /// writes nothing there.
    pub row_axis: Option<String>,
    /// A vertical line at this value, with the legend's words for it.
    pub reference: Option<(f64, String)>,
    pub layers: Layers,
    pub look: Look,
}

impl IntervalChart {
    /// How many rows have an open end.
    fn open_rows(&self) -> usize {
        (self.rows.iter())
            .filter(|r| r.low.is_infinite() || r.high.is_infinite())
            .count()
    }

    /// The axis: every estimate, every finite end, every layer's value and the reference
    /// line inside it, with a margin so that no dot or end lies on the frame, and room
    /// right of the limit for the rows' notes.
    pub fn x_range(&self) -> (f64, f64) {
        let ends = (self.rows.iter())
            .flat_map(|r| {
                let bar = r.bar.map_or([None, None], |(l, h)| [Some(l), Some(h)]);
                [Some(r.value), Some(r.low), Some(r.high), r.mark]
                    .into_iter()
                    .chain(bar)
                    .flatten()
            })
            .chain(self.reference.as_ref().map(|r| r.0))
            .chain(self.layers.limit.as_ref().map(|l| l.0))
            .filter(|x| x.is_finite());
        if self.look.log {
            let notes = self.rows.iter().any(|r| r.note.is_some());
            let largest = ends.clone().fold(0.0, f64::max);
            let room = match (notes, &self.layers.limit) {
                (true, Some((limit, _))) => Some(limit.max(largest) * 2.2),
                _ => None,
            };
            return style::log_range(ends.chain(room));
        }
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
        if self.rows.is_empty() {
            return style::no_data(root, &self.title);
        }
        let (low, high) = self.x_range();
        match self.look.log {
            true => self.draw_on(root, style::log_axis(low, high), (low, high)),
            false => self.draw_on(root, low..high, (low, high)),
        }
    }
}

impl IntervalChart {
    /// Draws the chart on `root` with the x axis `axis`, linear or logarithmic, over the
    /// ends of [`IntervalChart::x_range`].
    fn draw_on<DB, X>(
        &self,
        root: &DrawingArea<DB, Shift>,
        axis: X,
        (axis_low, axis_high): (f64, f64),
    ) -> crate::output::error::Result<()>
    where
        DB: DrawingBackend,
        DB::ErrorType: 'static,
        X: AsRangedCoord<Value = f64>,
        X::CoordDescType: ValueFormatter<f64>,
    {
        let n = self.rows.len();
        let look = &self.look;
        let labels: Vec<&str> = self.rows.iter().map(|r| r.label.as_str()).collect();
        // An open end runs to the edge of the axis.
        let spans: Vec<(f64, f64)> = (self.rows.iter())
            .map(|r| (r.low.max(axis_low), r.high.min(axis_high)))
            .collect();
        let (_, height) = root.dim_in_pixel();
        let (plot_area, legend_area) = root.split_vertically(height - 70);
        let y_of = |i: usize| SegmentValue::CenterOf((n - 1 - i) as i32);
        let widest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u32;
        let row_axis = match self.row_axis {
            Some(_) => 25,
            None => 0,
        };
        let label_area = (30 + 11 * widest).max(100) + row_axis;
        // The axis's words are centred under the plot, whose width the labels take from: a
        // smaller font where long labels leave them too little.
        let (width, _) = root.dim_in_pixel();
        let room = width.saturating_sub(40 + label_area);
        let mut desc_size = 22;
        while desc_size > 10
            && (plot_area.estimate_text_size(&self.axis, &style::text(desc_size)))
                .is_ok_and(|(w, _)| w > room)
        {
            desc_size -= 1;
        }
        let mut chart = ChartBuilder::on(&plot_area)
            .caption(
                &self.title,
                style::fitted_title(&plot_area, &self.title, 28),
            )
            .margin(20)
            .x_label_area_size(70)
            .y_label_area_size(label_area)
            .build_cartesian_2d(axis, (0..n as i32 - 1).into_segmented())
            .map_err(plot_error)?;
        let whole = |x: &f64| format!("{x:.0}");
        let signed = |x: &f64| format!("{x:+.0}");
        let top_down = |y: &SegmentValue<i32>| style::top_down_label(&labels, y);
        let mut mesh = chart.configure_mesh();
        mesh.x_desc(self.axis.as_str());
        if let Some(words) = &self.row_axis {
            mesh.y_desc(words.as_str());
        }
        match look.ticks {
            Ticks::Plain => &mut mesh,
            Ticks::Whole => mesh.x_label_formatter(&whole),
            Ticks::Signed => mesh.x_label_formatter(&signed),
            Ticks::Powers => mesh.x_label_formatter(&style::power_label),
        }
        .y_labels(n)
        .y_label_formatter(&top_down)
        .label_style(style::text(look.label_size))
        .axis_desc_style(style::text(desc_size))
        .light_line_style(WHITE)
        .draw()
        .map_err(plot_error)?;
        self.draw_rows(&mut chart, &spans, (axis_low, axis_high))?;
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
        style::legend_strip(&legend_area, &self.legend(hidden, self.open_rows()))
    }

    /// Draws the rows on the chart's mesh, back to front: the reference and limit lines, the
    /// bars, the intervals (`spans`, cut to `axis`), the dots, the marks, the notes and the
    /// arrows of open ends.
    fn draw_rows<DB, X>(
        &self,
        chart: &mut ChartContext<'_, DB, Cartesian2d<X, SegmentedCoord<RangedCoordi32>>>,
        spans: &[(f64, f64)],
        (axis_low, axis_high): (f64, f64),
    ) -> crate::output::error::Result<()>
    where
        DB: DrawingBackend,
        DB::ErrorType: 'static,
        X: Ranged<ValueType = f64>,
    {
        let n = self.rows.len();
        let look = &self.look;
        let y_of = |i: usize| SegmentValue::CenterOf((n - 1 - i) as i32);
        let vertical = |x: f64| [(x, SegmentValue::Exact(0)), (x, SegmentValue::Last)];
        if let Some((x, _)) = &self.reference {
            chart
                .draw_series([PathElement::new(vertical(*x), GREY.stroke_width(2))])
                .map_err(plot_error)?;
        }
        if let Some((x, _)) = &self.layers.limit {
            chart
                .draw_series(DashedLineSeries::new(
                    vertical(*x),
                    6,
                    4,
                    VERMILION.stroke_width(2),
                ))
                .map_err(plot_error)?;
        }
        let emphasised = |label: &str| {
            (self.layers.emphasis.as_ref()).is_some_and(|(emphasis, _)| emphasis == label)
        };
        let bars = (self.rows.iter().enumerate()).filter_map(|(i, r)| {
            let (low, high) = r.bar?;
            let colour = match emphasised(&r.label) {
                true => BLUE.mix(0.45),
                false => GREY.mix(0.6),
            };
            Some(PathElement::new(
                [(low, y_of(i)), (high, y_of(i))],
                colour.stroke_width(12),
            ))
        });
        chart.draw_series(bars).map_err(plot_error)?;
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
        let marks = (self.rows.iter().enumerate()).filter_map(|(i, r)| {
            Some(TriangleMarker::new(
                (r.mark?, y_of(i)),
                7,
                VERMILION.filled(),
            ))
        });
        chart.draw_series(marks).map_err(plot_error)?;
        if let Some((limit, _)) = &self.layers.limit {
            let notes = (self.rows.iter().enumerate()).filter_map(|(i, r)| {
                Some(Text::new(
                    r.note.clone()?,
                    (limit * 1.25, y_of(i)),
                    style::text(15).pos(Pos::new(HPos::Left, VPos::Center)),
                ))
            });
            chart.draw_series(notes).map_err(plot_error)?;
        }
        if self.open_rows() > 0 {
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
        Ok(())
    }

    /// The legend's entries: the estimate and its interval, then each layer drawn.
    fn legend(&self, hidden: usize, open: usize) -> Vec<(LegendMark, String)> {
        let n = self.rows.len();
        let dot = (LegendMark::Dot(DARK), self.estimate.clone());
        let line = (
            LegendMark::Line(BLUE, self.look.line),
            self.interval_words(hidden),
        );
        let mut legend = match self.look.interval_first {
            true => vec![line, dot],
            false => vec![dot, line],
        };
        let layers = &self.layers;
        let drawn = |words: &Option<String>, part: fn(&IntervalRow) -> bool| {
            (words.clone()).filter(|_| self.rows.iter().any(part))
        };
        if let Some(words) = drawn(&layers.bar, |r| r.bar.is_some()) {
            legend.push((LegendMark::Bar(GREY.mix(0.6)), words));
        }
        if let Some(words) = drawn(&layers.mark, |r| r.mark.is_some()) {
            legend.push((LegendMark::Triangle(VERMILION), words));
        }
        if let Some((_, words)) = &self.reference {
            legend.push((LegendMark::Line(GREY, 2), words.clone()));
        }
        if let Some((_, words)) = &layers.limit {
            legend.push((LegendMark::Dashed(VERMILION), words.clone()));
            if let Some(words) = drawn(&layers.note, |r| r.note.is_some()) {
                legend.push((LegendMark::Note, words));
            }
        }
        if let Some((label, words)) = &layers.emphasis {
            let row = self.rows.iter().find(|r| &r.label == label);
            if row.is_some_and(|r| r.bar.is_some()) {
                legend.push((LegendMark::Bar(BLUE.mix(0.45)), words.clone()));
            }
        }
        if open > 0 {
            legend.push((
                LegendMark::Triangle(BLUE),
                format!("no bound on that side ({open} of {n}: {})", self.open),
            ));
        }
        legend
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
                .map(|&(value, low, high)| IntervalRow::new("g", value, low, high))
                .collect(),
            row_axis: None,
            reference: None,
            layers: Layers::default(),
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
    fn a_log_axis_holds_every_layer_and_room_for_the_notes_right_of_the_limit() {
        let mut ranked = chart(Look::ITERATIONS, &[(25_000.0, 24_000.0, 26_000.0)]);
        ranked.rows[0].bar = Some((3_000.0, 100_000.0));
        ranked.rows[0].mark = Some(300_000.0);
        let (low, high) = ranked.x_range();
        assert!(low < 3_000.0 && high > 300_000.0, "{low} {high}");
        ranked.layers.limit = Some((500_000.0, "cap".into()));
        let (_, high) = ranked.x_range();
        assert!(high > 500_000.0 && high < 1_000_000.0, "{high}");
        ranked.rows[0].note = Some("0.3%".into());
        let (_, high) = ranked.x_range();
        assert!(high >= 500_000.0 * 2.2, "{high}");
        // A layer's words are in the legend only where a row draws it.
        ranked.layers.bar = Some("p10 to p90".into());
        ranked.layers.emphasis = Some(("g".into(), "g: the seed's order".into()));
        let words = |c: &IntervalChart| -> Vec<String> {
            c.legend(0, 0).into_iter().map(|(_, w)| w).collect()
        };
        assert!(words(&ranked).contains(&"p10 to p90".to_string()));
        assert!(words(&ranked).contains(&"g: the seed's order".to_string()));
        ranked.rows[0].bar = None;
        assert!(!words(&ranked).contains(&"p10 to p90".to_string()));
        assert!(!words(&ranked).contains(&"g: the seed's order".to_string()));
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
