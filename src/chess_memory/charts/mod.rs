//! ChessMemory's own charts, drawn on the shared chart machinery of [`crate::output::charts`]:
//! the ranking of type orders with their intervals ([`orderings`]), the kind × position heat
//! map ([`heatmap`]) and the SAT mistakes' first failing steps ([`mistakes`]).

mod heatmap;
mod mistakes;
mod orderings;

pub use heatmap::KindPositionHeatmap;
pub use mistakes::{MistakeRow, MistakeStepsChart};
pub use orderings::{OrderingInterval, OrderingsChart};
