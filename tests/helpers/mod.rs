//! Helpers shared by the integration tests, one per job: the shipped variants, loading a variant,
//! positions built from a list of pieces, seeded random playouts, the legal moves of one piece,
//! temporary folders, pyffish's move lists along random games, and the coordinate-arithmetic
//! oracle for Circular and Cylindrical Chess.

#![allow(dead_code)] // each test file uses a different part of this module

/// The coordinate-arithmetic oracle for Raumschach, Toroidal Chess and Möbius Chess.
pub mod box_oracle;
/// The one runner of the `chessgraph` binary for black-box tests.
pub mod cli;
/// The coordinate-arithmetic oracle for four-player chess.
pub mod four_player;
/// Gliński's, McCooey's and Shafran's hexagonal games as the hex oracle knows them.
pub mod hex_games;
/// The picture-coordinate oracle for Gliński's, McCooey's and Shafran's hexagonal chess.
pub mod hex_oracle;
/// What the oracles share: the `Oracle` trait, perft and sorted move texts.
pub mod oracle;
/// pyffish's legal move lists along random games (`tests/import/`, `tests/games/`), read and compared.
pub mod oracle_games;
/// The coordinate-arithmetic oracle for Circular and Cylindrical Chess.
pub mod ring_oracle;
/// A small seeded random number generator for the oracle's playouts.
pub mod splitmix;
pub mod three_man_chess;

// The command line's modules the tests call directly (its games, `play`'s session, perft suites,
// snapshots): they are the binary's, not the library's, so the tests compile them too.
#[allow(unused_imports)]
#[path = "../../src/cli/game.rs"]
pub mod game;
#[allow(dead_code)]
#[path = "../../src/cli/interrupt.rs"]
pub mod interrupt;
#[allow(unused_imports)]
#[path = "../../src/cli/output_file.rs"]
pub mod output_file;

#[allow(unused_imports)]
#[path = "../../src/cli/perft_suite/mod.rs"]
pub mod perft_suite;
#[allow(unused_imports)]
#[path = "../../src/cli/session.rs"]
pub mod session;
#[allow(unused_imports)]
#[path = "../../src/cli/snapshot/mod.rs"]
pub mod snapshot;
#[allow(unused_imports)]
#[path = "../../src/cli/text_error.rs"]
pub mod text_error;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use chessgraph::NodeId;
use chessgraph::Planned;
use chessgraph::notation::legal_move_texts;
use chessgraph::{KindId, PlayerId, Rules};
use chessgraph::{Piece, Position, TEXT_WAIVERS};
use chessgraph::{Setup, SetupErrors, SetupPiece};

/// The files of a directory with this extension (`perft`), sorted, as paths relative to the crate
/// root.
pub fn files_with_extension(dir: &str, extension: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == extension))
        .collect();
    files.sort();
    files
}

/// The `.toml` files of a directory, sorted, as paths relative to the crate root.
fn toml_files(dir: &str) -> Vec<PathBuf> {
    let files = files_with_extension(dir, "toml");
    assert!(!files.is_empty(), "no variant files in {dir}");
    files
}

/// Every shipped variant file (`variants/*.toml`), sorted.
pub fn variant_files() -> Vec<PathBuf> {
    toml_files("variants")
}

/// The shipped boards, `boards/*.toml`, sorted.
pub fn board_files() -> Vec<PathBuf> {
    toml_files("boards")
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
    match chessgraph::load(path.as_ref()) {
        Ok(r) => r,
        Err(e) => {
            let text: String = e.0.iter().map(|r| r.render(false, 100)).collect();
            panic!("{} does not load:\n{text}", path.as_ref().display())
        }
    }
}

/// A hand-made position, built as a [`Setup`] (plain data, no text): exactly `pieces` on the
/// board, each in its frame, `to_move` to move, no castling rights, no en passant, and every
/// player not in `alive` eliminated; checked as position text is (any material allowed).
pub fn position_with(
    rules: &Arc<Rules>,
    pieces: &[(NodeId, Piece)],
    to_move: PlayerId,
    alive: &[PlayerId],
) -> Result<Position, SetupErrors> {
    let mut setup = Setup::new(to_move);
    for &(n, pc) in pieces {
        let mut piece = SetupPiece::new(pc.owner, pc.kind).in_frame(pc.frame);
        let kind = rules.kind(pc.kind);
        // Numbered kinds carry 1; a stack holds one part of every kind that can be a part.
        if kind.stack {
            let parts = rules
                .kind_ids()
                .filter(|&k| !rules.kind(k).stack)
                .take(chessgraph::testing::MAX_STACK_PARTS)
                .map(|k| chessgraph::StackPart {
                    kind: k,
                    value: rules.kind(k).numbered.then_some(1),
                })
                .collect();
            setup.stacks.insert(n, parts);
        } else if kind.numbered {
            piece.value = Some(1);
        }
        setup.place(n, piece);
    }
    for p in rules.player_ids().filter(|p| !alive.contains(p)) {
        setup.out.insert(p);
    }
    Position::from_setup(rules, setup, TEXT_WAIVERS)
}

/// The first royal piece kind of the variant, if it has any.
pub fn royal_kind(rules: &Rules) -> Option<KindId> {
    rules.kind_ids().find(|&k| rules.kind(k).royal)
}

/// SplitMix64 (the one generator of the tests), so that failures reproduce from the seed.
pub use splitmix::SplitMix as Rng;

/// One seeded random game from `pos`, of at most `plies` moves: before each move the eliminations
/// that are due are settled, and `visit` sees the position, its legal moves and the one `rng`
/// chose, which is then played. At the game's end `visit` sees the last position once more, with
/// no moves and no choice. `visit` may make and unmake moves but must leave the position as it
/// found it. Returns the position reached.
pub fn playout(
    mut pos: Position,
    rng: &mut Rng,
    plies: usize,
    mut visit: impl FnMut(&mut Position, &[Planned], Option<Planned>),
) -> Position {
    let mut moves = Vec::new();
    for _ in 0..plies {
        let (outcome, _) = pos.resolve(&mut moves);
        if outcome.is_some() || moves.is_empty() {
            visit(&mut pos, &[], None);
            break;
        }
        let m = moves[rng.below(moves.len())];
        visit(&mut pos, &moves, Some(m));
        pos.make(m);
    }
    pos
}

/// Positions met on random games from the start: `games` [`playout`]s of at most `plies` plies
/// each, every position along the way (the start included once per game).
pub fn playout_positions(
    rules: &Arc<Rules>,
    seed: u64,
    games: usize,
    plies: usize,
) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        playout(Position::start(rules), &mut rng, plies, |pos, _, _| {
            out.push(pos.clone())
        });
    }
    out
}

/// Panics, naming the moves only one side has, when an oracle's sorted move texts (`mine`) are
/// not the engine's (`theirs`); `at` says where (file, position text).
pub fn assert_same_moves(mine: &[String], theirs: &[String], at: &str) {
    if mine != theirs {
        let only_engine: Vec<&String> = theirs.iter().filter(|t| !mine.contains(t)).collect();
        let only_oracle: Vec<&String> = mine.iter().filter(|t| !theirs.contains(t)).collect();
        panic!(
            "move sets differ at {at}\n  engine only: {only_engine:?}\n  oracle only: {only_oracle:?}"
        );
    }
}

/// The legal moves of the side to move that start on `square`, as sorted move text.
pub fn legal_moves_from(pos: &Position, square: &str) -> Vec<String> {
    let prefix = format!("{square}-");
    legal_move_texts(pos)
        .into_iter()
        .filter(|t| t.starts_with(&prefix))
        .collect()
}

/// A fresh temporary folder for one test's files, removed with everything in it when the value
/// is dropped.
pub fn temp_dir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("chessgraph-test-")
        .tempdir()
        .expect("a temporary folder")
}
