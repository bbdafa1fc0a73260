//! ChessMemory's data files: `draws.csv` (one row per draw, [`draws`]), and the per-ordering
//! `summary.csv` ([`summary`]) and `histogram.csv` ([`histogram`]) derived from it.
//!
//! Data files have a fixed header and column order, rows in the spec's order, and contain no
//! timings, so that the same spec and master seed give byte-identical files whatever the
//! thread count or sharding. Timings live in `manifest.json` only.

pub mod draws;
pub mod histogram;
pub mod summary;
