//! Hashed perft (`perft --hash MB`): the same counts as plain perft, with the table in use.
//! - every entry of `tests/perft/*.perft` (chess, crazyhouse, shogi, xiangqi, Rithmomachia, the
//!   ring boards, ...) counts the same through a tiny table, where every bucket is fought over,
//!   and through a roomy one;
//! - at chess depth 5 the table is hit, on one thread and on two sharing it;
//! - the second key tells positions apart exactly as their text (without the clocks) does.

use std::collections::HashMap;

use chessgraph::Position;
use chessgraph::perft::{
    PerftTable, TableError, divide_hashed, divide_parallel_hashed, perft, perft_hashed,
};
use chessgraph::testing::{PerftTableInternals, second_key};

use super::position_hash::text_without_clocks;
use crate::helpers::{load, playout_positions, swept_variant_files};

/// Depths counted per entry: up to this many leaves (the dev profile is slow).
const NODE_LIMIT: u64 = 300_000;

#[test]
fn hashed_perft_equals_every_listed_count() {
    let mut ran = 0;
    for e in super::perft::entries() {
        let rules = load(&e.variant);
        let roomy = PerftTable::new(2).expect("2 MiB");
        let start = Position::from_fen(&rules, &e.read.fen).expect("perft position");
        for (depth, count) in e.counts().into_iter().filter(|c| c.1 <= NODE_LIMIT) {
            // A fresh tiny table per count: 4 buckets, so lookups meet other positions all the time.
            let tiny = PerftTable::with_buckets(4).expect("a tiny table");
            for (table, what) in [(&tiny, "tiny"), (&roomy, "roomy")] {
                let mut pos = start.clone();
                let (got, stats) = perft_hashed(&mut pos, depth, table).expect("one variant");
                assert_eq!(
                    got, count,
                    "{} ({}): hashed perft {depth}, {what} table",
                    e.at, e.read.name
                );
                assert_eq!(pos, start, "{}: the position is left as found", e.at);
                assert!(stats.hits <= stats.probes && stats.stores <= stats.probes);
            }
            ran += 1;
        }
    }
    assert!(ran >= 100, "only {ran} counts ran");
}

#[test]
fn the_table_is_hit_at_chess_depth_5() {
    let rules = load("variants/chess.toml");
    let table = PerftTable::new(16).expect("16 MiB");
    let mut pos = Position::start(&rules);
    let (count, stats) = perft_hashed(&mut pos, 5, &table).expect("one variant");
    assert_eq!(count, 4_865_609);
    assert!(stats.hits > 0, "{stats:?}");
    assert!(stats.stores > 0 && stats.probes > stats.hits, "{stats:?}");
    // A second count through the same table finds the root itself.
    let (again, stats) = perft_hashed(&mut pos, 5, &table).expect("one variant");
    assert_eq!(again, count);
    assert_eq!((stats.probes, stats.hits), (1, 1), "{stats:?}");
}

#[test]
fn threads_share_one_table() {
    let rules = load("variants/chess.toml");
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let pos = Position::from_fen(&rules, kiwipete).expect("kiwipete");
    let table = PerftTable::new(16).expect("16 MiB");
    let (split, total, stats) =
        divide_parallel_hashed(&pos, 4, 2, Some(&table), None).expect("one variant");
    assert_eq!(total, 4_085_603);
    assert!(stats.hits > 0, "{stats:?}");
    let (serial, serial_total, _) = divide_hashed(&mut pos.clone(), 4, None).expect("no table");
    assert_eq!((split, total), (serial, serial_total));
    // Kiwipete has transpositions within 4 plies; start chess too, at 5 on two threads.
    let start = Position::start(&rules);
    let table = PerftTable::new(16).expect("16 MiB");
    let (_, total, stats) =
        divide_parallel_hashed(&start, 5, 2, Some(&table), None).expect("one variant");
    assert_eq!(total, 4_865_609);
    assert!(stats.hits > 0, "{stats:?}");
}

#[test]
fn deeper_variants_count_the_same_hashed() {
    // Three players, drops, numbers: depths with transpositions below the root.
    for (file, depth) in [
        ("variants/three_man_chess.toml", 3),
        ("variants/crazyhouse.toml", 4),
        ("variants/shogi.toml", 3),
        ("variants/xiangqi.toml", 3),
        ("variants/rithmomachia.toml", 2),
        ("variants/3check.toml", 4),
    ] {
        let rules = load(file);
        let mut pos = Position::start(&rules);
        let plain = perft(&mut pos, depth);
        let table = PerftTable::with_buckets(1 << 12).expect("table");
        let (hashed, _) = perft_hashed(&mut pos, depth, &table).expect("one variant");
        assert_eq!(hashed, plain, "{file} perft {depth}");
        let (_, threaded, _) =
            divide_parallel_hashed(&pos, depth, 2, Some(&table), None).expect("one variant");
        assert_eq!(
            threaded, plain,
            "{file} perft {depth} on two threads, table reused"
        );
    }
}

#[test]
fn the_second_key_tells_positions_apart_as_their_text_does() {
    for path in swept_variant_files() {
        let rules = load(&path);
        let mut by_key: HashMap<u64, String> = HashMap::new();
        let mut by_text: HashMap<String, u64> = HashMap::new();
        for pos in playout_positions(&rules, 0x5ec0, 40, 60) {
            let text = text_without_clocks(&pos);
            let key = second_key(&pos);
            let what = path.display();
            if let Some(other) = by_key.insert(key, text.clone()) {
                assert_eq!(other, text, "{what}: two positions share the second key");
            }
            if let Some(other) = by_text.insert(text.clone(), key) {
                assert_eq!(other, key, "{what}: one position, two second keys: {text}");
            }
        }
    }
}

#[test]
fn table_sizes_past_the_limits_are_refused() {
    assert_eq!(
        PerftTable::new(0).unwrap_err(),
        TableError::Size { megabytes: 0 }
    );
    let past = chessgraph::limits::MAX_HASH_MB + 1;
    let e = PerftTable::new(past).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("a hash table of {past} MiB: the size must be 1 to 1048576 MiB")
    );
    let table = PerftTable::new(1).expect("1 MiB");
    assert_eq!(table.entries(), 2 * (1 << 20) / 48);
}

#[test]
fn a_table_serves_one_variant() {
    let chess = load("variants/chess.toml");
    let antichess = load("variants/antichess.toml");
    let table = PerftTable::new(1).expect("1 MiB");
    let mut pos = Position::start(&chess);
    perft_hashed(&mut pos, 3, &table).expect("the first variant binds the table");
    // The same start position, other rules: the table's counts would be wrong for it.
    let mut other = Position::start(&antichess);
    assert_eq!(
        perft_hashed(&mut other, 3, &table).unwrap_err(),
        TableError::OtherVariant
    );
    assert!(divide_hashed(&mut other, 3, Some(&table)).is_err());
}
