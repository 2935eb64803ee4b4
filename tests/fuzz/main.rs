//! Fuzz-style tests on every text input: board and variant files, position text, move text and
//! `play` input, from structure-aware generators (mutations of the shipped files, generated
//! tokens). Each asserts the invariants of the reliability issue: no panic, an error has a
//! location, anything accepted round-trips, perft does not depend on the thread count, make/unmake
//! restores the position.
//!
//! `cargo test` runs a bounded number of cases per test. For a long run:
//!
//! ```sh
//! CHESSGRAPH_FUZZ_CASES=20000 cargo test --release --test fuzz
//! ```

#[path = "../helpers/mod.rs"]
mod helpers;

mod budget;
mod files;
mod import;
mod mutation;
mod perft;
mod text;
