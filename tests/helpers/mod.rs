//! Helpers shared by the integration tests: the shipped variants, position text built from a list of
//! pieces, a small deterministic random number generator for playouts, and the coordinate-arithmetic
//! oracle for Circular and Cylindrical Chess.

#![allow(dead_code)] // each test file uses a different part of this module

/// The one runner of the `chessgraph` binary for black-box tests.
pub mod cli;
/// The coordinate-arithmetic oracle for Circular and Cylindrical Chess.
pub mod ring_oracle;
/// A small seeded random number generator for the oracle's playouts.
pub mod splitmix;
pub mod three_man_chess;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use chessgraph::board::NodeId;
use chessgraph::position::{Piece, Position};
use chessgraph::rules::{KindId, PlayerId, Rules};

/// The `.toml` files of a directory, sorted, as paths relative to the crate root.
fn toml_files(dir: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no variant files in {dir}");
    files
}

/// Every shipped variant file (`variants/*.toml`), sorted.
pub fn variant_files() -> Vec<PathBuf> {
    toml_files("variants")
}

/// The shipped variants and the test beds: `tests/fixtures/geometry_variants/*.toml` (twisted,
/// wrapping and three-player boards that no shipped variant may cover yet) and
/// `tests/fixtures/rule_variants/*.toml` (rule capabilities no shipped variant uses yet).
pub fn swept_variant_files() -> Vec<PathBuf> {
    let mut files = variant_files();
    files.extend(toml_files("tests/fixtures/geometry_variants"));
    files.extend(toml_files("tests/fixtures/rule_variants"));
    files
}

/// Loads a variant file, panicking with the rendered diagnostics when it does not load.
pub fn load(path: impl AsRef<Path>) -> Arc<Rules> {
    match Rules::load(path.as_ref()) {
        Ok(r) => Arc::new(r),
        Err(e) => {
            let text: String = e.0.iter().map(|r| r.render(false, 100)).collect();
            panic!("{} does not load:\n{text}", path.as_ref().display())
        }
    }
}

/// The position-text token of a piece: its owner's mark, its token, and its frame in brackets
/// (always written, so the frame is exactly the one asked for).
pub fn piece_token(rules: &Rules, pc: Piece) -> String {
    let mut s = rules.kind(pc.kind).token_for(&rules.player(pc.owner).mark);
    s.push_str(&format!("[{}]", rules.frame_name(pc.frame)));
    s
}

/// Position text with exactly `pieces` on the board, `to_move` to move, no castling rights, no en
/// passant, and every player not in `alive` eliminated.
pub fn fen_with(
    rules: &Rules,
    pieces: &[(NodeId, Piece)],
    to_move: PlayerId,
    alive: &[PlayerId],
) -> String {
    let board = rules.board();
    let covered: usize = board.rows().iter().map(Vec::len).sum();
    assert_eq!(covered, board.node_count(), "the rows cover every node");
    let rows: Vec<String> = board
        .rows()
        .iter()
        .map(|row| {
            let mut s = String::new();
            let mut empty = 0;
            for n in row {
                match pieces.iter().find(|(m, _)| m == n) {
                    None => empty += 1,
                    Some((_, pc)) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push_str(&piece_token(rules, *pc));
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            s
        })
        .collect();
    let out: Vec<&str> = rules
        .player_ids()
        .filter(|p| !alive.contains(p))
        .map(|p| rules.player(p).short.as_str())
        .collect();
    let mut text = format!("{} {} - - 0 1", rows.join("/"), rules.player(to_move).short);
    if !out.is_empty() {
        text.push_str(" out:");
        text.push_str(&out.join(","));
    }
    text
}

/// The first royal piece kind of the variant, if it has any.
pub fn royal_kind(rules: &Rules) -> Option<KindId> {
    rules.kind_ids().find(|&k| rules.kind(k).royal)
}

/// SplitMix64 (the one generator of the tests), so that failures reproduce from the seed.
pub use splitmix::SplitMix as Rng;

/// Positions met on random games from the start: `games` games of at most `plies` plies each,
/// every position along the way (the start included once per game). Eliminations are settled
/// before each move; a game stops when it is over.
pub fn playout_positions(
    rules: &Arc<Rules>,
    seed: u64,
    games: usize,
    plies: usize,
) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut pos = Position::start(rules);
        for _ in 0..plies {
            let (outcome, _) = pos.resolve(&mut moves);
            out.push(pos.clone());
            if outcome.is_some() || moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            pos.make(m);
        }
    }
    out
}
