//! The incremental position hash, in every shipped variant and geometry test bed:
//! - along random games it equals the hash computed from scratch, after every move and after
//!   every take-back;
//! - among at least 10,000 positions of random games per variant, two positions with the same
//!   hash are the same position (compared by their text without the clocks, which the hash
//!   leaves out on purpose);
//! - a position equals its own text read back.

use std::collections::HashMap;

use crate::helpers::{Rng, load, playout, swept_variant_files};
use chessgraph::Position;
use chessgraph::testing::hash_from_scratch;

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
                    assert_eq!(pos.hash(), hash_from_scratch(pos), "{what}");
                    // Every legal move and its take-back keep the hash exact.
                    let before = pos.hash();
                    for &m in moves {
                        let undo = pos.make(m);
                        assert_eq!(pos.hash(), hash_from_scratch(pos), "{what}: after {m:?}");
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

/// Regression: the en passant list derived its equality over its fixed slots, so two positions with
/// the same entries in different slots were unequal. After e4 c5 (pawns on d5 and f4 taking part)
/// Black's entry sat in slot 1, White's being still in slot 0 when it was pushed, while reading the
/// same position text put it in slot 0: the position did not equal its own text read back. The
/// list now keeps its entries packed at the front, in order (`EpList::retain`).
#[test]
fn a_position_equals_its_text_read_back_with_an_en_passant_square() {
    let rules = load("variants/chess.toml");
    // Pawns on d5 and f4, so that both double steps leave an entry someone could take.
    let mut pos = Position::from_fen(
        &rules,
        "rnbqkbnr/ppppp1pp/8/3P4/5p2/8/PPP1PPPP/RNBQKBNR w KQkq - 0 1",
    )
    .expect("reads");
    chessgraph::notation::play_line(&mut pos, "e2e4 c7c5").expect("legal moves");
    let fen = pos.to_fen();
    assert_eq!(
        fen,
        "rnbqkbnr/pp1pp1pp/8/2pP4/4Pp2/8/PPP2PPP/RNBQKBNR w KQkq c6 0 2"
    );
    let reread = Position::from_fen(&rules, &fen).expect("reads back");
    assert_eq!(reread.to_fen(), fen);
    assert!(
        reread == pos,
        "the position read back from `{fen}` is not equal to it"
    );
}
