//! What the move generation tests share: loading a shipped variant and choosing moves of seeded
//! pseudo-random games.

use std::sync::Arc;

use crate::rules::Rules;

/// The shipped variant `variants/FILE.toml`.
pub(super) fn load(file: &str) -> Arc<Rules> {
    let path = format!("{}/variants/{file}.toml", env!("CARGO_MANIFEST_DIR"));
    Arc::new(Rules::load(&path).expect("shipped variant loads"))
}

/// The next of a seeded xorshift sequence, taken modulo `n` (a move index among `n`).
pub(super) fn pick(seed: &mut u64, n: usize) -> usize {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    (*seed % n as u64) as usize
}
