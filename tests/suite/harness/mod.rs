//! The harness and the command line, with no puzzle of their own: architecture, options, runs, resume, shards and merge, show and compare, statistics, Slurm, the match study.

mod architecture;
mod bench_runs;
mod command_line;
mod conformance;
mod documentation;
mod documented_examples;
mod experiment;
mod fresh_checkout;
mod golden_reports;
mod inspect;
mod matches;
mod merge_inputs;
mod one_line_errors;
mod options;
mod referee;
mod report_counts;
mod report_figures;
mod reports_of_any_spec;
mod run_edges;
mod run_messages;
mod run_safety;
mod scripts;
mod seeds;
mod slurm;
mod statistics;
mod trust;
