//! The integration tests, one module per area, built as one test binary so that the suite
//! links once and its tests run in parallel across areas. Run one area with
//! `cargo test --test suite <module>::`, for example `cargo test --test suite cover::`.

mod common;

mod algorithms;
mod architecture;
mod chess_memory_pinned;
mod cli;
mod cli_options;
mod command_line;
mod cover;
mod damebot_vectors;
mod distribution;
mod draughts_cli;
mod draughts_games;
mod draughts_matches;
mod draughts_oracle;
mod draughts_perft;
mod draw_identity;
mod experiment;
mod fifteen_cli;
mod fifteen_players;
mod fifteen_solve;
mod knights_cli;
mod knights_count;
mod knights_replay;
mod knights_study;
mod knights_tours;
mod matches;
mod pair_sets;
mod reference;
mod report;
mod run_safety;
mod sat_cli;
mod sat_facts;
mod sat_props;
mod show_any_puzzle;
mod slurm;
mod statistics;
