//! Shared look: the embedded font, colours, and logarithmic axes labelled in powers of ten.

use plotters::coord::combinators::{LogCoord, WithKeyPoints};
use plotters::prelude::*;
use plotters::style::FontStyle;
use std::sync::Once;

/// The font family every chart uses; registered from the embedded DejaVu Sans.
pub const FONT: &str = "sans-serif";

/// Registers the embedded fonts with plotters (once per process).
pub fn register_fonts() {
    static REGISTER: Once = Once::new();
    REGISTER.call_once(|| {
        plotters::style::register_font(FONT, FontStyle::Normal, dejavu::sans::regular())
            .unwrap_or_else(|_| panic!("the embedded DejaVu Sans is a valid font"));
        plotters::style::register_font(FONT, FontStyle::Bold, dejavu::sans::bold())
            .unwrap_or_else(|_| panic!("the embedded DejaVu Sans Bold is a valid font"));
    });
}

pub fn text(size: u32) -> TextStyle<'static> {
    (FONT, size).into_font().into()
}

pub fn title(size: u32) -> TextStyle<'static> {
    (FONT, size, FontStyle::Bold).into_font().into()
}

/// The narrowest a title's font becomes to fit its chart.
const SMALLEST_TITLE: u32 = 9;

/// The title style of `size` points, made smaller until `title` fits the width of `area`
/// less a margin of 20 pixels each side: a long title is never cut at the canvas's edges.
pub fn fitted_title<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    title: &str,
    size: u32,
) -> TextStyle<'static> {
    let room = area.dim_in_pixel().0.saturating_sub(40);
    let mut size = size;
    while size > SMALLEST_TITLE
        && area
            .estimate_text_size(title, &self::title(size))
            .is_ok_and(|(width, _)| width > room)
    {
        size -= 1;
    }
    self::title(size)
}

/// Highlight colours, readable by colour-blind readers (Okabe–Ito).
pub const BLUE: RGBColor = RGBColor(0, 114, 178);
pub const ORANGE: RGBColor = RGBColor(230, 159, 0);
pub const GREEN: RGBColor = RGBColor(0, 158, 115);
pub const VERMILION: RGBColor = RGBColor(213, 94, 0);
pub const GREY: RGBColor = RGBColor(170, 170, 170);
pub const DARK: RGBColor = RGBColor(40, 40, 40);

/// The widest axis a chart draws, in decades: beyond it the data are not plotted sensibly.
const MAX_DECADES: f64 = 30.0;

/// The range of a logarithmic axis that holds every value of `values` in (10⁻³⁰⁰, 10³⁰⁰), with
/// a margin of about a tenth of a decade on each side, at least one decade wide, and at
/// most [`MAX_DECADES`] wide (kept at its upper end). With no such value it is 1 to 10, so
/// an empty or fully censored chart still gets a sane, small axis.
pub fn log_range(values: impl IntoIterator<Item = f64>) -> (f64, f64) {
    let Some((low, high)) = values
        .into_iter()
        .filter(|v| *v > 1e-300 && *v < 1e300)
        .fold(None, |range: Option<(f64, f64)>, v| match range {
            None => Some((v, v)),
            Some((low, high)) => Some((low.min(v), high.max(v))),
        })
    else {
        return (1.0, 10.0);
    };
    let (mut low, mut high) = (low.log10() - 0.1, high.log10() + 0.1);
    if high - low < 1.0 {
        let centre = (low + high) / 2.0;
        (low, high) = (centre - 0.5, centre + 0.5);
    }
    low = low.max(high - MAX_DECADES);
    (10f64.powf(low), 10f64.powf(high))
}

/// Tick positions for a logarithmic axis over `[low, high]`: the powers of ten within it,
/// with 2× and 5× multiples added when fewer than three powers fall inside. Empty for a
/// range that is not finite and positive; never more than a few dozen ticks.
pub fn log_ticks(low: f64, high: f64) -> Vec<f64> {
    if !(low.is_finite() && high.is_finite() && low > 0.0 && low <= high) {
        return Vec::new();
    }
    let first = (low.log10().ceil() as i32).max(high.log10().floor() as i32 - MAX_DECADES as i32);
    let last = high.log10().floor() as i32;
    let powers: Vec<f64> = (first..=last).map(|e| 10f64.powi(e)).collect();
    if powers.len() >= 3 {
        return powers;
    }
    let mut ticks: Vec<f64> = (first - 1..=last)
        .flat_map(|e| [1.0, 2.0, 5.0].map(|m| m * 10f64.powi(e)))
        .filter(|t| (low..=high).contains(t))
        .collect();
    ticks.sort_by(f64::total_cmp);
    ticks
}

/// A logarithmic axis with its ticks at [`log_ticks`].
pub type LogAxis = WithKeyPoints<LogCoord<f64>>;

/// The logarithmic axis from `low` to `high` (see [`log_range`] and [`log_ticks`]).
pub fn log_axis(low: f64, high: f64) -> LogAxis {
    (low..high)
        .log_scale()
        .with_key_points(log_ticks(low, high))
}

/// A chart on `area` with logarithmic axes over `x` and `y`, its mesh labelled in powers of
/// ten and described by `x_desc` and `y_desc`.
pub fn log_log_chart<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, plotters::coord::Shift>,
    title: &str,
    (x, y): ((f64, f64), (f64, f64)),
    (x_desc, y_desc): (&str, &str),
) -> crate::output::error::Result<ChartContext<'a, DB, Cartesian2d<LogAxis, LogAxis>>>
where
    DB::ErrorType: 'static,
{
    let mut chart = ChartBuilder::on(area)
        .caption(title, fitted_title(area, title, 26))
        .margin(20)
        .x_label_area_size(60)
        .y_label_area_size(80)
        .build_cartesian_2d(log_axis(x.0, x.1), log_axis(y.0, y.1))
        .map_err(super::plot_error)?;
    chart
        .configure_mesh()
        .x_desc(x_desc)
        .y_desc(y_desc)
        .x_label_formatter(&power_label)
        .y_label_formatter(&power_label)
        .label_style(text(17))
        .axis_desc_style(text(19))
        .draw()
        .map_err(super::plot_error)?;
    Ok(chart)
}

/// Draws only `title` and a line saying that there is nothing to plot: the chart of a
/// folder without draws (an empty shard), or without the values a chart needs.
pub fn no_data<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    title: &str,
) -> crate::output::error::Result<()>
where
    DB::ErrorType: 'static,
{
    let (width, height) = root.dim_in_pixel();
    let centred = plotters::style::text_anchor::Pos::new(
        plotters::style::text_anchor::HPos::Center,
        plotters::style::text_anchor::VPos::Center,
    );
    root.draw(&Text::new(
        title.to_string(),
        (width as i32 / 2, 40),
        fitted_title(root, title, 26).pos(centred),
    ))
    .and_then(|_| {
        root.draw(&Text::new(
            "no data to plot",
            (width as i32 / 2, height as i32 / 2),
            text(22).pos(centred),
        ))
    })
    .map_err(super::plot_error)
}

/// Labels a power of ten as `10³`; other values as plain numbers.
/// The label of a row of a chart whose `labels.len()` rows run top-down on a segmented
/// axis `(0..n).into_segmented()`: segment `row` (counted from the bottom) shows
/// `labels[n - 1 - row]`; anything else shows nothing.
pub fn top_down_label(labels: &[impl AsRef<str>], value: &SegmentValue<i32>) -> String {
    match value {
        SegmentValue::CenterOf(row) => usize::try_from(*row)
            .ok()
            .and_then(|row| labels.len().checked_sub(1)?.checked_sub(row))
            .and_then(|i| labels.get(i))
            .map(|label| label.as_ref().to_string())
            .unwrap_or_default(),
        _ => String::new(),
    }
}

pub fn power_label(value: &f64) -> String {
    const SUPERSCRIPTS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let exponent = value.log10().round();
    if (10f64.powf(exponent) - value).abs() > value * 1e-9 {
        // A 2× or 5× tick: `2×10⁵` beside the powers, short enough for the label area.
        let below = value.log10().floor();
        let mantissa = value / 10f64.powf(below);
        return if *value >= 10_000.0 && (mantissa - mantissa.round()).abs() < 1e-9 {
            format!("{}×{}", mantissa.round(), power_label(&10f64.powf(below)))
        } else if *value >= 1000.0 {
            thousands(*value)
        } else {
            format!("{value}")
        };
    }
    let digits: String = (exponent.abs() as u32)
        .to_string()
        .chars()
        .map(|c| SUPERSCRIPTS[c.to_digit(10).unwrap_or(0) as usize])
        .collect();
    let sign = if exponent < 0.0 { "⁻" } else { "" };
    format!("10{sign}{digits}")
}

pub use crate::output::numbers::thousands;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_labelled_from_the_top() {
        let labels = ["first", "second", "third"];
        let label = |value| top_down_label(&labels, &value);
        assert_eq!(label(SegmentValue::CenterOf(2)), "first");
        assert_eq!(label(SegmentValue::CenterOf(0)), "third");
        assert_eq!(label(SegmentValue::CenterOf(3)), "");
        assert_eq!(label(SegmentValue::CenterOf(-1)), "");
        assert_eq!(label(SegmentValue::Exact(1)), "");
        assert_eq!(
            top_down_label(&[] as &[&str], &SegmentValue::CenterOf(0)),
            ""
        );
    }

    #[test]
    fn powers_of_ten_are_labelled_with_superscripts() {
        assert_eq!(power_label(&1000.0), "10³");
        assert_eq!(power_label(&1e-4), "10⁻⁴");
        assert_eq!(power_label(&1.0), "10⁰");
        assert_eq!(power_label(&1e12), "10¹²");
        assert_eq!(power_label(&250.0), "250");
        assert_eq!(
            log_ticks(30.0, 500_000.0),
            [100.0, 1000.0, 10000.0, 100000.0]
        );
        assert_eq!(log_ticks(150.0, 900.0), [200.0, 500.0]);
        assert_eq!(power_label(&2000.0), "2,000");
        assert_eq!(power_label(&200_000.0), "2×10⁵");
        assert_eq!(power_label(&123_456.0), "123,456");
    }

    #[test]
    fn log_ranges_end_near_the_data_and_survive_no_data() {
        // A tenth of a decade past each end.
        let (low, high) = log_range([1000.0, 500_000.0, f64::NAN, 0.0, -3.0]);
        assert!((low - 1000.0 / 10f64.powf(0.1)).abs() < 1e-6, "{low}");
        assert!((high - 500_000.0 * 10f64.powf(0.1)).abs() < 1e-3, "{high}");
        assert_eq!(log_range([]), (1.0, 10.0));
        assert_eq!(log_range([f64::MAX * 2.0, 0.0]), (1.0, 10.0));
        // One value: a decade centred on it.
        let (low, high) = log_range([100.0]);
        assert!((low * high - 1e4).abs() < 1e-6 && (high / low - 10.0).abs() < 1e-9);
        // Ticks of nonsense ranges are empty, of huge ranges bounded.
        assert!(log_ticks(0.0, 10.0).is_empty());
        assert!(log_ticks(f64::MIN_POSITIVE, f64::MAX).len() <= 31);
    }
}

/// A mark in a legend drawn outside the plotting area.
#[derive(Clone, Copy, Debug)]
pub enum LegendMark {
    Line(RGBColor, u32),
    Dashed(RGBColor),
    Bar(RGBAColor),
    Dot(RGBColor),
    /// A dot in a ring: a marked optimum.
    DotRing(RGBColor),
    Triangle(RGBColor),
    /// An outlined triangle.
    OpenTriangle(RGBColor),
    /// A cross (×) in the colour the chart draws it.
    Cross(RGBColor),
    /// No mark: a line of the legend that explains text drawn on the chart.
    Note,
}

/// The font size of a legend's labels: about 7 points when a 1200-pixel chart is printed
/// 16 cm wide.
const LEGEND_TEXT: u32 = 19;

/// Draws `entries` left to right in rows, centred vertically in `area`: a legend that
/// cannot cover the data. Rows wrap at the area's width.
pub fn legend_strip<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    entries: &[(LegendMark, String)],
) -> crate::output::error::Result<()>
where
    DB::ErrorType: 'static,
{
    const LEFT: i32 = 110;
    const ROW: i32 = 30;
    let (width, height) = area.dim_in_pixel();
    let mut placed = Vec::with_capacity(entries.len());
    let (mut x, mut row) = (LEFT, 0);
    for (mark, label) in entries {
        let (label_width, _) = area
            .estimate_text_size(label, &text(LEGEND_TEXT))
            .map_err(super::plot_error)?;
        let entry_width = label_indent(*mark) + label_width as i32;
        if x > LEFT && x + entry_width > width as i32 - 20 {
            (x, row) = (LEFT, row + 1);
        }
        placed.push((mark, label, x, row));
        x += entry_width + 28;
    }
    let top = height as i32 / 2 - row * ROW / 2;
    for (mark, label, x, row) in placed {
        let y = top + row * ROW;
        draw_mark(area, *mark, x, y)?;
        let style = text(LEGEND_TEXT).pos(plotters::style::text_anchor::Pos::new(
            plotters::style::text_anchor::HPos::Left,
            plotters::style::text_anchor::VPos::Center,
        ));
        area.draw(&Text::new(
            label.clone(),
            (x + label_indent(*mark), y),
            style,
        ))
        .map_err(super::plot_error)?;
    }
    Ok(())
}

/// How far right of its mark's start a legend entry's label begins: past the mark, or at
/// once for a note, which has none.
fn label_indent(mark: LegendMark) -> i32 {
    match mark {
        LegendMark::Note => 0,
        _ => 36,
    }
}

fn draw_mark<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    mark: LegendMark,
    x: i32,
    y: i32,
) -> crate::output::error::Result<()>
where
    DB::ErrorType: 'static,
{
    let drawn = match mark {
        LegendMark::Line(colour, width) => area.draw(&PathElement::new(
            [(x, y), (x + 28, y)],
            colour.stroke_width(width),
        )),
        LegendMark::Dashed(colour) => area
            .draw(&PathElement::new(
                [(x, y), (x + 9, y)],
                colour.stroke_width(2),
            ))
            .and_then(|_| {
                area.draw(&PathElement::new(
                    [(x + 14, y), (x + 23, y)],
                    colour.stroke_width(2),
                ))
            }),
        LegendMark::Bar(colour) => area.draw(&Rectangle::new(
            [(x, y - 6), (x + 28, y + 6)],
            colour.filled(),
        )),
        LegendMark::Dot(colour) => area.draw(&Circle::new((x + 14, y), 5, colour.filled())),
        LegendMark::DotRing(colour) => area
            .draw(&Circle::new((x + 14, y), 6, colour.filled()))
            .and_then(|_| area.draw(&Circle::new((x + 14, y), 9, DARK.stroke_width(2)))),
        LegendMark::Triangle(colour) => {
            area.draw(&TriangleMarker::new((x + 14, y), 7, colour.filled()))
        }
        LegendMark::OpenTriangle(colour) => {
            area.draw(&TriangleMarker::new((x + 14, y), 8, colour.stroke_width(2)))
        }
        LegendMark::Cross(colour) => area.draw(&Cross::new((x + 14, y), 6, colour.stroke_width(2))),
        LegendMark::Note => Ok(()),
    };
    drawn.map_err(super::plot_error)
}
