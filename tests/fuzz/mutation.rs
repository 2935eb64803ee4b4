//! Structure-aware mutations of TOML text: byte ranges deleted, lines duplicated, dropped or
//! swapped, bytes swapped, words exchanged, TOML punctuation inserted, the contents of two strings
//! exchanged (valid TOML, broken meaning).

use proptest::prelude::*;

/// Bytes that make TOML (and our schema) interesting when they appear in the wrong place.
pub const NOISE: &[u8] = b"[]{}=,\"'#\n .-0123456789_\\x";

#[derive(Clone, Debug)]
pub enum Mutation {
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

pub fn mutation() -> impl Strategy<Value = Mutation> {
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

pub fn apply(text: &mut Vec<u8>, m: &Mutation) {
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
