//! Perft does not depend on the thread count, and make/unmake restores the position, at random
//! positions of every shipped variant.

use std::sync::Arc;

use chessgraph::Position;
use chessgraph::Rules;
use chessgraph::perft::{divide, divide_parallel, perft};
use proptest::prelude::*;
use proptest::test_runner::TestRunner;

use super::budget;

fn shipped() -> Vec<Arc<Rules>> {
    let mut files: Vec<_> = std::fs::read_dir("variants")
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files.iter().map(crate::helpers::load).collect()
}

#[test]
fn perft_is_the_same_on_any_number_of_threads_and_make_unmake_restores() {
    let all = shipped();
    let strategy = (0..all.len(), any::<u64>(), 0usize..30, 1u32..3);
    TestRunner::new(budget::config(60))
        .run(&strategy, |(v, seed, plies, depth)| {
            let rules = &all[v];
            let mut pos = Position::start(rules);
            let mut moves = Vec::new();
            let mut x = seed;
            for _ in 0..plies {
                let (outcome, _) = pos.resolve(&mut moves);
                if outcome.is_some() || moves.is_empty() {
                    break;
                }
                x = chessgraph::testing::mix(x);
                let m = moves[(x % moves.len() as u64) as usize];
                let (before, text) = (pos.clone(), pos.to_fen());
                let undo = pos.make(m);
                let mut back = pos.clone();
                back.unmake(undo);
                prop_assert!(back == before, "make/unmake of {:?} in `{}`", m, text);
                prop_assert_eq!(back.to_fen(), text);
            }
            let serial = perft(&mut pos.clone(), depth);
            let (lines, total) = divide(&mut pos.clone(), depth);
            prop_assert_eq!(total, serial);
            for threads in 1..=3 {
                let (par_lines, par_total) = divide_parallel(&pos, depth, threads, None);
                prop_assert_eq!(
                    par_total,
                    serial,
                    "{} threads at `{}`",
                    threads,
                    pos.to_fen()
                );
                let mut a = lines.clone();
                let mut b = par_lines;
                a.sort();
                b.sort();
                prop_assert_eq!(a, b);
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}
