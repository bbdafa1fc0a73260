//! ChessMemory: the seed's search reproduced exactly, the faster searches, the reports, the SAT facts.

mod algorithms;
mod cli;
mod counting;
mod cover;
mod distribution;
mod draw_identity;
mod estimate;
mod fairness;
mod marginals;
mod pair_sets;
mod pinned;
mod reference;
mod report;
mod sat_cli;
mod sat_facts;
mod sat_props;
