//! Position text, move text and `play` input, generated and mutated: never a panic; position
//! text that is accepted prints back to itself; move text is either a legal move or a reason.

use std::sync::Arc;

use crate::helpers::session::{PlayOptions, play};
use chessgraph::Position;
use chessgraph::Rules;
use chessgraph::notation::parse_move;
use proptest::prelude::*;
use proptest::test_runner::TestRunner;

use super::budget;
use crate::helpers::{Rng, load, playout};

const VARIANTS: [&str; 3] = [
    "variants/chess.toml",
    "variants/three_man_chess.toml",
    "variants/circular_chess.toml",
];

fn rules() -> Vec<Arc<Rules>> {
    VARIANTS.iter().map(load).collect()
}

/// A position after `plies` pseudo-random legal moves chosen by `seed`.
fn played(rules: &Arc<Rules>, seed: u64, plies: usize) -> Position {
    playout(
        Position::start(rules),
        &mut Rng::new(seed),
        plies,
        |_, _, _| {},
    )
}

/// Characters that matter to position and move text, and some that should not be there.
const ALPHABET: &[char] = &[
    '/', ' ', '-', '[', ']', ':', ',', '@', '=', '0', '1', '8', '9', 'p', 'P', 'k', 'K', 'q', 'w',
    'b', 'g', 'x', 'é', '🙂', '\u{301}', '\u{1b}',
];

#[derive(Clone, Debug)]
enum Edit {
    Insert(usize, char),
    Delete(usize),
    Replace(usize, char),
    Digits(usize, u64),
    DropField(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let ch = proptest::sample::select(ALPHABET);
    prop_oneof![
        (any::<usize>(), ch.clone()).prop_map(|(i, c)| Edit::Insert(i, c)),
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), ch).prop_map(|(i, c)| Edit::Replace(i, c)),
        (any::<usize>(), any::<u64>()).prop_map(|(i, n)| Edit::Digits(i, n)),
        any::<usize>().prop_map(Edit::DropField),
    ]
}

fn apply(text: &str, e: &Edit) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let n = chars.len().max(1);
    match *e {
        Edit::Insert(i, c) => chars.insert(i % (chars.len() + 1), c),
        Edit::Delete(i) if !chars.is_empty() => {
            chars.remove(i % n);
        }
        Edit::Replace(i, c) if !chars.is_empty() => chars[i % n] = c,
        Edit::Digits(i, d) => {
            let at = i % (chars.len() + 1);
            chars.splice(at..at, d.to_string().chars());
        }
        Edit::DropField(i) => {
            let fields: Vec<&str> = text.split(' ').collect();
            let k = i % fields.len();
            return fields
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != k)
                .map(|(_, f)| *f)
                .collect::<Vec<_>>()
                .join(" ");
        }
        _ => {}
    }
    chars.into_iter().collect()
}

#[test]
fn mutated_position_text_never_panics_and_what_is_accepted_reads_back() {
    let all = rules();
    let accepted = std::cell::Cell::new(0usize);
    let strategy = (
        0..all.len(),
        any::<u64>(),
        0usize..40,
        proptest::collection::vec(edit(), 1..4),
    );
    TestRunner::new(budget::config(600))
        .run(&strategy, |(v, seed, plies, edits)| {
            let rules = &all[v];
            let mut text = played(rules, seed, plies).to_fen();
            for e in &edits {
                text = apply(&text, e);
            }
            if let Ok(pos) = Position::from_fen(rules, &text) {
                accepted.set(accepted.get() + 1);
                let written = pos.to_fen();
                let again = Position::from_fen(rules, &written).unwrap_or_else(|e| {
                    panic!("`{written}` (from `{text}`) does not read back: {e}")
                });
                prop_assert_eq!(&again.to_fen(), &written);
                prop_assert!(again == pos, "`{}` reads back to another position", written);
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(accepted.get() > 0, "no mutant was a position");
}

#[test]
fn move_text_is_a_legal_move_or_a_reason() {
    let all = rules();
    let strategy = (
        0..all.len(),
        any::<u64>(),
        0usize..30,
        proptest::collection::vec((any::<u16>(), proptest::sample::select(ALPHABET)), 1..5),
    );
    TestRunner::new(budget::config(800))
        .run(&strategy, |(v, seed, plies, parts)| {
            let rules = &all[v];
            let pos = played(rules, seed, plies);
            let board = rules.board();
            // Node names glued with marks: `e2-e4`, `e7e8=Q`, `a1b2é`, ...
            let mut text = String::new();
            for (n, c) in parts {
                let node = board
                    .node_ids()
                    .nth(n as usize % board.node_count())
                    .unwrap();
                text.push_str(board.node_name(node));
                text.push(c);
            }
            for t in [
                text.as_str(),
                text.trim_end_matches(|c: char| !c.is_ascii_alphanumeric()),
            ] {
                if let Ok(m) = parse_move(&pos, t) {
                    prop_assert!(
                        pos.legal_moves().contains(&m),
                        "`{}` gave an illegal move",
                        t
                    );
                    let mut after = pos.clone();
                    let before = after.clone();
                    let undo = after.play(&m).expect("a legal move plays");
                    after.unmake(undo);
                    prop_assert!(after == before);
                }
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn play_input_of_any_bytes_never_ends_the_program_badly() {
    let all = rules();
    let line = prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..40),
        Just(b"moves".to_vec()),
        Just(b"undo".to_vec()),
        Just(b"moves e2 x".to_vec()),
        Just(b"e2e4".to_vec()),
        Just(b"d7d5".to_vec()),
        Just(vec![b'x'; 70_000]),
    ];
    let strategy = (0..all.len(), proptest::collection::vec(line, 0..12));
    TestRunner::new(budget::config(150))
        .run(&strategy, |(v, lines)| {
            let mut input = Vec::new();
            for l in lines {
                input.extend(l.into_iter().filter(|&b| b != b'\n'));
                input.push(b'\n');
            }
            let mut out = Vec::new();
            let start = Position::start(&all[v]);
            let end = play(
                start,
                &input[..],
                &mut out,
                &PlayOptions {
                    echo: true,
                    ..PlayOptions::default()
                },
            );
            prop_assert!(end.is_ok(), "{:?}", end);
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}
