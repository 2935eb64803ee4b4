//! How many cases each fuzz test runs.

#![allow(dead_code)] // each fuzz module uses a different part

use proptest::test_runner::{Config, FileFailurePersistence};

/// Cases per test: `CHESSGRAPH_FUZZ_CASES` when set (long runs), else `default` (the bounded
/// number `cargo test` runs).
pub fn cases(default: u32) -> u32 {
    std::env::var("CHESSGRAPH_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A proptest configuration with [`cases`] cases, no failure-persistence files, and shrinking
/// bounded so a failure is reported quickly.
pub fn config(default: u32) -> Config {
    Config {
        cases: cases(default),
        failure_persistence: Some(Box::new(FileFailurePersistence::Off)),
        max_shrink_iters: 200,
        ..Config::default()
    }
}
