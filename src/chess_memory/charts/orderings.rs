//! Orderings sorted by median: for each, the median with its 95% confidence interval, the
//! p10–p90 range, the p99, and the share of censored draws, on a logarithmic axis. Drawn as
//! the shared chart of ranked intervals ([`IntervalChart`]) with its layers.

use crate::output::charts::style;
use crate::output::charts::{IntervalChart, IntervalRow, Layers, Look};

/// One ordering's interval summary, in iterations. Quantiles at or above the cap mean "at
/// least the cap" and are drawn up to it.
#[derive(Clone, Debug, PartialEq)]
pub struct OrderingInterval {
    pub label: String,
    pub median: f64,
    pub median_ci: (f64, f64),
    pub p10: f64,
    pub p90: f64,
    pub p99: f64,
    /// Share of draws censored at the cap, 0..=1.
    pub censored: f64,
}

/// The ranking chart; orderings are drawn in the given order, first on top.
pub struct OrderingsChart {
    pub title: String,
    pub orderings: Vec<OrderingInterval>,
    /// The iteration cap of every draw, drawn as a dashed line.
    pub cap: Option<f64>,
    /// The label to emphasise (the seed's order).
    pub highlight: Option<String>,
    /// What a row is, for the axis description: `type order`, `series`.
    pub row_noun: String,
}

impl OrderingsChart {
    /// The chart of ranked intervals that draws it.
    pub fn intervals(&self) -> IntervalChart {
        let rows = (self.orderings.iter())
            .map(|o| IntervalRow {
                bar: Some((o.p10, o.p90)),
                mark: Some(o.p99),
                note: self.cap.map(|_| format!("{:.1}%", 100.0 * o.censored)),
                ..IntervalRow::new(&o.label, o.median, o.median_ci.0, o.median_ci.1)
            })
            .collect();
        IntervalChart {
            title: self.title.clone(),
            axis: "iterations per draw (log scale)".to_string(),
            estimate: "median".to_string(),
            interval: "95% confidence interval of the median".to_string(),
            hidden: Some("95% confidence interval of the median".to_string()),
            open: String::new(),
            rows,
            row_axis: Some(format!("{}, best median on top", self.row_noun)),
            reference: None,
            layers: Layers {
                bar: Some("p10 to p90".to_string()),
                mark: Some("p99".to_string()),
                limit: (self.cap)
                    .map(|cap| (cap, format!("iteration cap ({})", style::thousands(cap)))),
                note: Some("numbers right of the cap: share of draws censored".to_string()),
                emphasis: (self.highlight.clone())
                    .map(|label| (label.clone(), format!("{label}: the seed's order"))),
            },
            look: Look::ITERATIONS,
        }
    }

    /// The x axis: every interval, the cap, and room right of the cap for the censored
    /// shares.
    pub fn x_range(&self) -> (f64, f64) {
        self.intervals().x_range()
    }
}
