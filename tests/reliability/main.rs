//! Reliability: no crash, no hang, no silent corruption, no lost file, on any input.
//!
//! Every test here is a black-box run of the `chessgraph` binary, so it survives any change of the
//! library inside. A command may fail, but with a located message and exit status 1 or 2: never 101
//! (a panic) or 134 (an abort), never by hanging, never by writing over one of its inputs.

mod cli;
mod files;
mod format;
mod input;
mod messages;
mod rules;
mod serve;
mod writes;

#[path = "../helpers/mod.rs"]
mod helpers;
use helpers::cli as runner;
