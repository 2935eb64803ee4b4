//! No input panics the loader: mutated versions of the shipped boards (byte ranges deleted, lines
//! duplicated, dropped or swapped, characters swapped, words exchanged, TOML punctuation inserted)
//! go through `Board::from_toml`, which must return `Ok` or `Err`, and whatever it returns must
//! render. Every diagnostic must point inside the text it is about.

use std::cell::RefCell;
use std::collections::BTreeMap;

use chessgraph::board::Board;
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, TestRunner};

const BOARDS: [(&str, &str); 4] = [
    ("chess.toml", include_str!("../boards/chess.toml")),
    ("circular.toml", include_str!("../boards/circular.toml")),
    ("cylinder.toml", include_str!("../boards/cylinder.toml")),
    (
        "three_man_chess.toml",
        include_str!("../boards/three_man_chess.toml"),
    ),
];

/// Bytes that make TOML (and our schema) interesting when they appear in the wrong place.
const NOISE: &[u8] = b"[]{}=,\"'#\n .-0123456789_\\x";

#[derive(Clone, Debug)]
enum Mutation {
    /// Delete `len` bytes at `at` (both scaled to the text).
    Delete { at: usize, len: usize },
    /// Duplicate line `line`.
    DuplicateLine { line: usize },
    /// Delete line `line`.
    DeleteLine { line: usize },
    /// Swap two lines.
    SwapLines { a: usize, b: usize },
    /// Swap two bytes.
    SwapBytes { a: usize, b: usize },
    /// Exchange two whitespace-separated words.
    SwapWords { a: usize, b: usize },
    /// Insert a byte of TOML punctuation.
    Insert { at: usize, byte: u8 },
    /// Exchange the contents of two `"..."` strings: the TOML stays valid, the meaning breaks.
    SwapStrings { a: usize, b: usize },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let pair = || (any::<usize>(), any::<usize>());
    prop_oneof![
        1 => (any::<usize>(), 1usize..200).prop_map(|(at, len)| Mutation::Delete { at, len }),
        2 => any::<usize>().prop_map(|line| Mutation::DuplicateLine { line }),
        2 => any::<usize>().prop_map(|line| Mutation::DeleteLine { line }),
        2 => pair().prop_map(|(a, b)| Mutation::SwapLines { a, b }),
        1 => pair().prop_map(|(a, b)| Mutation::SwapBytes { a, b }),
        2 => pair().prop_map(|(a, b)| Mutation::SwapWords { a, b }),
        1 => (any::<usize>(), proptest::sample::select(NOISE))
            .prop_map(|(at, byte)| Mutation::Insert { at, byte }),
        4 => pair().prop_map(|(a, b)| Mutation::SwapStrings { a, b }),
    ]
}

fn apply(text: &mut Vec<u8>, m: &Mutation) {
    if text.is_empty() {
        return;
    }
    let n = text.len();
    match *m {
        Mutation::Delete { at, len } => {
            let at = at % n;
            text.drain(at..(at + len).min(n));
        }
        Mutation::DuplicateLine { line } | Mutation::DeleteLine { line } => {
            let mut lines: Vec<Vec<u8>> = text.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
            let i = line % lines.len();
            if matches!(m, Mutation::DuplicateLine { .. }) {
                let copy = lines[i].clone();
                lines.insert(i, copy);
            } else {
                lines.remove(i);
            }
            *text = lines.join(&b'\n');
        }
        Mutation::SwapLines { a, b } => {
            let mut lines: Vec<Vec<u8>> = text.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
            let k = lines.len();
            lines.swap(a % k, b % k);
            *text = lines.join(&b'\n');
        }
        Mutation::SwapBytes { a, b } => text.swap(a % n, b % n),
        Mutation::SwapWords { a, b } => {
            let mut words: Vec<Vec<u8>> = text.split(|&b| b == b' ').map(<[u8]>::to_vec).collect();
            let k = words.len();
            words.swap(a % k, b % k);
            *text = words.join(&b' ');
        }
        Mutation::Insert { at, byte } => text.insert(at % (n + 1), byte),
        Mutation::SwapStrings { a, b } => {
            // Contents of the `"..."` strings on each line, as byte ranges.
            let mut strings = Vec::new();
            let mut open = None;
            for (i, &c) in text.iter().enumerate() {
                match (c, open) {
                    (b'"', None) => open = Some(i + 1),
                    (b'"', Some(start)) => {
                        strings.push(start..i);
                        open = None;
                    }
                    (b'\n', _) => open = None,
                    _ => {}
                }
            }
            if strings.len() < 2 {
                return;
            }
            let (mut x, mut y) = (
                strings[a % strings.len()].clone(),
                strings[b % strings.len()].clone(),
            );
            if x.start > y.start {
                std::mem::swap(&mut x, &mut y);
            }
            if x == y {
                return;
            }
            let (first, second) = (text[x.clone()].to_vec(), text[y.clone()].to_vec());
            text.splice(y, first);
            text.splice(x, second);
        }
    }
}

/// Loads a mutant and renders the outcome; returns `ok` or the code of the first diagnostic.
fn load_and_render(name: &str, text: &str) -> String {
    match Board::from_toml(name, text) {
        Ok(board) => {
            // Everything a valid board offers must work too.
            let _ = board.summary();
            let _ = board.listing();
            let _ = board.to_dot();
            for n in board.node_ids() {
                let _ = board.node_links(n);
            }
            "ok".to_string()
        }
        Err(e) => {
            let report = e.0;
            assert!(report.has_errors());
            for d in &report.diagnostics {
                assert!(
                    d.span.start <= d.span.end && d.span.end <= text.len(),
                    "span {:?} of {} outside a text of {} bytes: {}",
                    d.span,
                    d.code,
                    text.len(),
                    d.message
                );
            }
            let _ = report.render_short();
            let _ = report.render(false, 100);
            report.diagnostics[0].code.to_string()
        }
    }
}

#[test]
fn the_shipped_boards_are_ascii() {
    // The mutations work on bytes; with ASCII input every result is valid UTF-8.
    for (name, text) in BOARDS {
        assert!(text.is_ascii(), "{name}");
    }
}

#[test]
fn mutated_boards_never_panic() {
    let config = Config {
        cases: 4000,
        failure_persistence: Some(Box::new(FileFailurePersistence::Off)),
        ..Config::default()
    };
    let outcomes = RefCell::new(BTreeMap::<String, usize>::new());
    let strategy = (0..BOARDS.len(), proptest::collection::vec(mutation(), 1..4));
    TestRunner::new(config)
        .run(&strategy, |(board, mutations)| {
            let (name, text) = BOARDS[board];
            let mut bytes = text.as_bytes().to_vec();
            for m in &mutations {
                apply(&mut bytes, m);
            }
            let text = String::from_utf8(bytes).expect("ASCII stays UTF-8");
            let outcome = load_and_render(name, &text);
            *outcomes.borrow_mut().entry(outcome).or_default() += 1;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    // The mutants must reach every stage, not only the TOML parser.
    let outcomes = outcomes.into_inner();
    let seen = |key: &str| outcomes.get(key).copied().unwrap_or(0);
    for key in [
        "ok",
        "toml::syntax",
        "board::unknown-node",
        "board::unknown-direction",
    ] {
        assert!(seen(key) > 0, "no mutant gave `{key}`: {outcomes:?}");
    }
}
