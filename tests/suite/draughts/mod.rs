//! Draughts: perft against published counts and an oracle, the original Damebot's vectors, games,
//! matches and game records (PDN), the Hub and DXP engine protocols.

mod cli;
mod damebot_vectors;
mod dxp;
mod endgame;
mod endgame_values;
mod engine;
mod frozen_moves;
mod games;
mod hostile;
mod hub;
mod matches;
mod mobydam_script;
mod oracle;
mod pdn;
mod perft;
mod scan_script;
mod variant_oracle_rules;
mod variants;
