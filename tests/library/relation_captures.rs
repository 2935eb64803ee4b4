//! Captures after a move (`[[capture]]`): one move removes several pieces through the public
//! pipeline, and unmake restores the position and its hash.

use chessgraph::Position;
use chessgraph::notation::parse_move;
use chessgraph::perft::perft;
use chessgraph::testing::hash_from_scratch;

use crate::helpers::load;

const FILE: &str = "tests/fixtures/rule_variants/custodian.toml";

/// White's rook comes down to e4 between c4/g4/e2 (White) and d4/f4/e3 (Black).
const THREE_CAUGHT: &str = "7k/4R3/8/8/2Rr1rR1/4r3/4R3/K7 w - - 0 1";

#[test]
fn one_move_removes_three_pieces_and_unmake_restores_them() {
    let rules = load(FILE);
    let mut pos = Position::from_fen(&rules, THREE_CAUGHT).expect("position");
    let before = pos.clone();
    let m = parse_move(&pos, "e7-e4").expect("a legal move");
    let undo = pos.play(&m).expect("it plays");
    let mut removed: Vec<&str> = undo
        .removed()
        .iter()
        .map(|(n, _)| rules.board().node_name(*n))
        .collect();
    removed.sort();
    assert_eq!(removed, ["d4", "e3", "f4"]);
    assert_eq!(pos.to_fen(), "7k/8/8/8/2R1R1R1/8/4R3/K7 b - - 0 1");
    assert_eq!(
        pos.hash(),
        hash_from_scratch(&pos),
        "the hash follows every removal"
    );
    assert_ne!(pos.hash(), before.hash());
    pos.unmake(undo);
    assert!(pos == before, "unmake puts all three back");
    assert_eq!(pos.hash(), before.hash());
    assert_eq!(pos.to_fen(), THREE_CAUGHT);
}

#[test]
fn a_piece_between_two_enemies_is_safe_when_it_moves_there_itself() {
    // Custodian capture is judged for the mover only: Black's rook stepping between two White
    // rooks stays, and the White rooks beside it stay too.
    let rules = load(FILE);
    let mut pos =
        Position::from_fen(&rules, "7k/3r4/8/8/2R1R3/8/8/K7 b - - 0 1").expect("position");
    let m = parse_move(&pos, "d7-d4").expect("a legal move");
    let undo = pos.play(&m).expect("it plays");
    assert!(undo.removed().is_empty());
    assert_eq!(pos.to_fen(), "7k/8/8/8/2RrR3/8/8/K7 w - - 1 2");
}

#[test]
fn perft_with_captures_after_moves_is_the_same_on_every_path() {
    // Legality is judged by playing every move (pins cannot see the removals): perft through
    // `divide` and through the move list agree. 43 counted by hand: king 3, e7 rook 12, c4 rook
    // 10, g4 rook 9, e2 rook 9.
    let rules = load(FILE);
    let mut pos = Position::from_fen(&rules, THREE_CAUGHT).expect("position");
    let (split, total) = chessgraph::perft::divide(&mut pos, 3);
    assert_eq!(total, perft(&mut pos, 3));
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), total);
    assert_eq!(perft(&mut pos, 1), 43);
    assert_eq!(pos.legal_moves().len(), 43);
}
