//! Independent checkers for the SAT tests. Nothing here uses `boardlab::chess_memory::sat`: the brute-force
//! counter shares only the validator with the SAT path, and the DRAT checker shares nothing.

#![allow(dead_code)]

pub mod brute;
pub mod rup;
