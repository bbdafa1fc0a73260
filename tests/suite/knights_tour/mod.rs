//! The knight's tour: the seed's replay, Warnsdorff's tie-breaks, exact counts, the experiment.

mod cli;
mod count;
mod replay;
mod study;
mod tours;
mod validator;
