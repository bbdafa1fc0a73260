//! Charts that hold their data, read from the SVG files as a reader sees them: every text
//! lies inside the canvas (measured with the embedded font, as plotters lays it out), and no
//! point, line or bar is pressed against the frame of its plot, which is where plotters
//! puts what falls outside the axis range (a dot on the right edge, a curve along the top,
//! a bar cut at the top). Checked on every committed chart and on every chart of a fresh,
//! small run of each example spec.

use crate::common::{boardlab, committed};
use plotters::style::{FontDesc, FontFamily, FontStyle};
use std::path::{Path, PathBuf};

/// How close to a frame's edge, in pixels, a mark counts as pressed against it.
const EDGE: f64 = 1.5;

/// plotters' SVG backend writes a font of `size` points as `font-size = size / 1.24`.
const SVG_FONT_SCALE: f64 = 1.24;

/// The value of the attribute `name` in the element `line`.
fn attribute<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let start = line.find(&format!(" {name}=\""))? + name.len() + 3;
    let end = line[start..].find('"')? + start;
    Some(&line[start..end])
}

fn number(line: &str, name: &str) -> f64 {
    attribute(line, name)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no number {name} in {line}"))
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// A plot's frame: where the mesh lines of one panel begin and end.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Frame {
    left: f64,
    right: f64,
    top: f64,
    bottom: f64,
}

impl Frame {
    fn holds(&self, (x, y): (f64, f64)) -> bool {
        x >= self.left - EDGE
            && x <= self.right + EDGE
            && y >= self.top - EDGE
            && y <= self.bottom + EDGE
    }

    /// The edge of the frame that `point` is pressed against, if any.
    fn edge_of(&self, (x, y): (f64, f64)) -> Option<&'static str> {
        if !self.holds((x, y)) {
            return None;
        }
        if (x - self.left).abs() <= EDGE {
            Some("left")
        } else if (x - self.right).abs() <= EDGE {
            Some("right")
        } else if (y - self.top).abs() <= EDGE {
            Some("top")
        } else if (y - self.bottom).abs() <= EDGE {
            Some("bottom")
        } else {
            None
        }
    }
}

/// The text's width in pixels as plotters measures it with the embedded font.
fn text_width(text: &str, svg_size: f64, bold: bool) -> f64 {
    boardlab::output::charts::register_fonts();
    let style = if bold {
        FontStyle::Bold
    } else {
        FontStyle::Normal
    };
    let font = FontDesc::new(
        FontFamily::Name("sans-serif"),
        svg_size * SVG_FONT_SCALE,
        style,
    );
    font.box_size(text)
        .unwrap_or_else(|e| panic!("measuring {text:?}: {e:?}"))
        .0 as f64
}

/// Everything wrong with the chart `svg` (the text of a file plotters wrote), one line each.
fn problems(svg: &str) -> Vec<String> {
    let lines: Vec<&str> = svg.lines().collect();
    let Some(head) = lines.first().filter(|l| l.starts_with("<svg")) else {
        return vec!["not an SVG written by plotters".to_string()];
    };
    let (width, height) = (number(head, "width"), number(head, "height"));
    let mut problems = Vec::new();
    // The mesh: vertical lines give a panel's top and bottom, horizontal ones its sides.
    let mut vertical: Vec<(f64, f64, f64)> = Vec::new();
    let mut horizontal: Vec<(f64, f64, f64)> = Vec::new();
    for line in lines.iter().filter(|l| l.starts_with("<line")) {
        let mesh = attribute(line, "stroke") == Some("#FFFFFF")
            || (attribute(line, "stroke") == Some("#000000")
                && attribute(line, "opacity") != Some("1"));
        if !mesh {
            continue;
        }
        let (x1, y1, x2, y2) = (
            number(line, "x1"),
            number(line, "y1"),
            number(line, "x2"),
            number(line, "y2"),
        );
        if x1 == x2 {
            vertical.push((x1, y1.min(y2), y1.max(y2)));
        } else if y1 == y2 {
            horizontal.push((y1, x1.min(x2), x1.max(x2)));
        }
    }
    let mut frames: Vec<Frame> = Vec::new();
    for &(x, top, bottom) in &vertical {
        for &(y, left, right) in &horizontal {
            let frame = Frame {
                left,
                right,
                top,
                bottom,
            };
            if (left..=right).contains(&x)
                && (top..=bottom).contains(&y)
                && !frames.contains(&frame)
            {
                frames.push(frame);
            }
        }
    }
    let pressed = |what: &str, point: (f64, f64), edges: &[&str], problems: &mut Vec<String>| {
        for frame in &frames {
            if let Some(edge) = frame.edge_of(point).filter(|e| edges.contains(e)) {
                problems.push(format!(
                    "{what} at ({}, {}) lies on the {edge} edge of the plot {frame:?}",
                    point.0, point.1
                ));
            }
        }
    };
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line.starts_with("<text") {
            let content = unescape(lines.get(i + 1).copied().unwrap_or(""));
            let size = number(line, "font-size");
            let bold = attribute(line, "font-weight") == Some("bold");
            let text_width = text_width(&content, size, bold);
            let (x, y) = (number(line, "x"), number(line, "y"));
            let (before, after) = match attribute(line, "text-anchor") {
                Some("middle") => (text_width / 2.0, text_width / 2.0),
                Some("end") => (text_width, 0.0),
                _ => (0.0, text_width),
            };
            let rotated = attribute(line, "transform").is_some_and(|t| t.starts_with("rotate(270"));
            // A text turned a quarter left runs upwards from its anchor.
            let (low, high, limit, axis) = if rotated {
                (y - after, y + before, height, "height")
            } else {
                (x - before, x + after, width, "width")
            };
            if low < -1.0 || high > limit + 1.0 {
                problems.push(format!(
                    "the text {content:?} spans {low:.0} to {high:.0}, outside the canvas {axis} {limit}"
                ));
            }
            i += 2;
            continue;
        }
        if line.starts_with("<circle") {
            let centre = (number(line, "cx"), number(line, "cy"));
            pressed(
                "a point",
                centre,
                &["left", "right", "top", "bottom"],
                &mut problems,
            );
        } else if line.starts_with("<polyline") && attribute(line, "stroke") != Some("#000000") {
            let points: Vec<(f64, f64)> = attribute(line, "points")
                .unwrap_or("")
                .split_whitespace()
                .filter_map(|p| {
                    let (x, y) = p.split_once(',')?;
                    Some((x.parse().ok()?, y.parse().ok()?))
                })
                .collect();
            // A line along the left, right or top edge is drawn under the frame; one along
            // the bottom is a histogram's baseline at zero.
            for pair in points.windows(2) {
                let (a, b) = (pair[0], pair[1]);
                let long = (a.0 - b.0).abs() + (a.1 - b.1).abs() > 3.0;
                for frame in frames.iter().filter(|f| long && f.holds(a) && f.holds(b)) {
                    let near = |p: f64, edge: f64| (p - edge).abs() <= EDGE;
                    let along = if near(a.1, frame.top) && near(b.1, frame.top) {
                        Some("top")
                    } else if near(a.0, frame.left) && near(b.0, frame.left) {
                        Some("left")
                    } else if near(a.0, frame.right) && near(b.0, frame.right) {
                        Some("right")
                    } else {
                        None
                    };
                    if let Some(edge) = along {
                        problems.push(format!(
                            "a line from ({}, {}) to ({}, {}) runs along the {edge} edge of the plot {frame:?}",
                            a.0, a.1, b.0, b.1
                        ));
                    }
                }
            }
        } else if line.starts_with("<rect") && attribute(line, "fill") != Some("#FFFFFF") {
            let (x, y, w) = (number(line, "x"), number(line, "y"), number(line, "width"));
            for frame in &frames {
                let inside = x >= frame.left - EDGE && x + w <= frame.right + EDGE;
                if inside && frame.holds((x, y)) && (y - frame.top).abs() <= EDGE {
                    problems.push(format!(
                        "a bar at x = {x} is cut at the top of the plot {frame:?}"
                    ));
                }
            }
        }
        i += 1;
    }
    problems
}

/// The problems of every SVG chart under `dir`, each line naming its file.
fn problems_under(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    let mut charts: Vec<PathBuf> = Vec::new();
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "svg") {
                charts.push(path);
            }
        }
    }
    assert!(!charts.is_empty(), "no chart under {}", dir.display());
    for chart in charts {
        let text = std::fs::read_to_string(&chart).unwrap();
        found.extend(
            problems(&text)
                .into_iter()
                .map(|p| format!("{}: {p}", chart.display())),
        );
    }
    found
}

#[test]
fn the_check_finds_a_point_on_the_frame_a_cut_bar_and_a_title_wider_than_the_canvas() {
    let svg = |body: &str| {
        format!(
            "<svg width=\"400\" height=\"300\" viewBox=\"0 0 400 300\" xmlns=\"http://www.w3.org/2000/svg\">\n\
<rect x=\"0\" y=\"0\" width=\"400\" height=\"300\" opacity=\"1\" fill=\"#FFFFFF\" stroke=\"none\"/>\n\
<line opacity=\"0.2\" stroke=\"#000000\" stroke-width=\"1\" x1=\"100\" y1=\"250\" x2=\"100\" y2=\"50\"/>\n\
<line opacity=\"0.2\" stroke=\"#000000\" stroke-width=\"1\" x1=\"50\" y1=\"150\" x2=\"350\" y2=\"150\"/>\n\
{body}</svg>\n"
        )
    };
    let inside = svg(
        "<circle cx=\"200\" cy=\"100\" r=\"4\" opacity=\"1\" fill=\"#282828\" stroke=\"none\" stroke-width=\"1\"/>\n\
<rect x=\"120\" y=\"120\" width=\"20\" height=\"130\" opacity=\"0.25\" fill=\"#0072B2\" stroke=\"none\"/>\n\
<polyline fill=\"none\" opacity=\"1\" stroke=\"#0072B2\" stroke-width=\"2\" points=\"50,100 350,100 \"/>\n\
<text x=\"200\" y=\"10\" dy=\"0.76em\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"16\" opacity=\"1\" fill=\"#000000\">\nA short title\n</text>\n",
    );
    assert_eq!(problems(&inside), Vec::<String>::new());
    let outside = svg(
        "<circle cx=\"351\" cy=\"100\" r=\"4\" opacity=\"1\" fill=\"#282828\" stroke=\"none\" stroke-width=\"1\"/>\n\
<rect x=\"120\" y=\"50\" width=\"20\" height=\"200\" opacity=\"0.25\" fill=\"#0072B2\" stroke=\"none\"/>\n\
<polyline fill=\"none\" opacity=\"1\" stroke=\"#0072B2\" stroke-width=\"2\" points=\"50,50 350,50 \"/>\n\
<text x=\"200\" y=\"10\" dy=\"0.76em\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"16\" opacity=\"1\" fill=\"#000000\">\nA title far too long for a canvas of four hundred pixels &amp; more\n</text>\n",
    );
    let found = problems(&outside).join("\n");
    for expected in [
        "a point at (351, 100) lies on the right edge",
        "a bar at x = 120 is cut at the top",
        "runs along the top edge",
        "outside the canvas width 400",
        "& more",
    ] {
        assert!(found.contains(expected), "{expected:?} not in\n{found}");
    }
}

#[test]
fn every_committed_chart_holds_its_data_and_its_text() {
    let charts: Vec<&PathBuf> = committed::files()
        .iter()
        .filter(|p| p.starts_with("results") && p.extension().is_some_and(|e| e == "svg"))
        .collect();
    assert!(charts.len() >= 40, "{} charts", charts.len());
    let mut found = Vec::new();
    for chart in charts {
        let text = std::fs::read_to_string(committed::root().join(chart)).unwrap();
        found.extend(
            problems(&text)
                .into_iter()
                .map(|p| format!("{}: {p}", chart.display())),
        );
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn every_chart_of_a_small_run_of_each_example_spec_holds_its_data_and_its_text() {
    let scratch = tempfile::tempdir().unwrap();
    // Small enough for the suite; the chess-memory run has censored draws (a low cap) so
    // that its censored bars and shares are drawn.
    let runs: [(&str, &[&str]); 6] = [
        ("chess-memory", &["--draws", "60", "--set", "cap=3000"]),
        ("knights-tour", &["--draws", "20"]),
        ("fifteen", &["--games", "20"]),
        ("fifteen-odd-even", &["--games", "20"]),
        ("draughts", &["--games", "2"]),
        ("draughts-variants", &["--games", "2"]),
    ];
    let mut found = Vec::new();
    for (name, options) in runs {
        let out = scratch.path().join(name);
        let spec = committed::root().join(format!("experiments/examples/{name}.toml"));
        let output = boardlab()
            .args(["run", "--quiet", "--out"])
            .arg(&out)
            .args(options)
            .arg(&spec)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        found.extend(problems_under(&out));
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}
