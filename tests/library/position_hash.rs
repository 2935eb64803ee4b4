//! The incremental position hash, in every shipped variant and geometry test bed:
//! - along random games it equals the hash computed from scratch, after every move and after
//!   every take-back;
//! - among at least 10,000 positions of random games per variant, two positions with the same
//!   hash are the same position (compared by their text without the clocks, which the hash
//!   leaves out on purpose).

use std::collections::HashMap;

use crate::helpers::{Rng, load, playout, swept_variant_files};
use chessgraph::position::Position;

/// The position text without the two clock fields (halfmove, fullmove).
pub(super) fn text_without_clocks(pos: &Position) -> String {
    let fen = pos.to_fen();
    fen.split_whitespace()
        .enumerate()
        .filter(|(i, _)| *i != 4 && *i != 5)
        .map(|(_, f)| f)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_incremental_hash_equals_the_hash_from_scratch_along_random_games() {
    for path in swept_variant_files() {
        let rules = load(&path);
        let mut rng = Rng::new(0x4a5b);
        for game in 0..12 {
            let mut ply = 0;
            playout(
                Position::start(&rules),
                &mut rng,
                80,
                |pos, moves, chosen| {
                    if chosen.is_none() {
                        return;
                    }
                    let what =
                        format!("{} game {game} ply {ply}: {}", path.display(), pos.to_fen());
                    ply += 1;
                    assert_eq!(pos.hash(), pos.hash_from_scratch(), "{what}");
                    // Every legal move and its take-back keep the hash exact.
                    let before = pos.hash();
                    for &m in moves {
                        let undo = pos.make(m);
                        assert_eq!(pos.hash(), pos.hash_from_scratch(), "{what}: after {m:?}");
                        pos.unmake(undo);
                        assert_eq!(pos.hash(), before, "{what}: after taking back {m:?}");
                    }
                },
            );
        }
    }
}

#[test]
fn distinct_positions_of_random_games_have_distinct_hashes() {
    for path in swept_variant_files() {
        let rules = load(&path);
        let mut rng = Rng::new(0x9e37);
        let mut seen: HashMap<u64, String> = HashMap::new();
        let mut games = 0;
        while seen.len() < 10_000 {
            games += 1;
            assert!(
                games < 2_000,
                "{}: too few distinct positions",
                path.display()
            );
            playout(Position::start(&rules), &mut rng, 120, |pos, _, chosen| {
                if chosen.is_none() {
                    return;
                }
                let text = text_without_clocks(pos);
                if let Some(other) = seen.insert(pos.hash(), text.clone()) {
                    assert_eq!(
                        other,
                        text,
                        "{}: two positions share the hash {:#x}",
                        path.display(),
                        pos.hash()
                    );
                }
            });
        }
    }
}
