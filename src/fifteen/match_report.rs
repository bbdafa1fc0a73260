//! The "15" game's section of a match report.

use super::players::Variant;
use crate::game::matches::report::Tables;

/// The section (Markdown, from a `##` heading).
pub fn section(_variant: Variant, _tables: &Tables) -> String {
    String::new()
}
