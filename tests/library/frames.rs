//! Frames act on composite directions through their paths: a frame lists plain directions only,
//! and `nne = { path = "n n e" }` turns with them (`docs/format-changes.md`).

use std::sync::Arc;

use chessgraph::position::Position;
use chessgraph::rules::Rules;

const VARIANT: &str = "tests/fixtures/variants/composite_knights.toml";

fn moves_of(pos: &Position, from: &str) -> Vec<String> {
    let mut moves: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| chessgraph::notation::move_text(pos, m))
        .filter(|t| t.starts_with(&format!("{from}-")))
        .collect();
    moves.sort();
    moves
}

#[test]
fn a_composite_direction_turns_with_the_frame_through_its_path() {
    let rules = Arc::new(Rules::load(VARIANT).expect("the fixture loads"));
    let board = rules.board();
    let black = rules.frame_by_name("black").expect("black's frame");
    let (nne, ssw) = (
        board.direction("nne").expect("nne"),
        board.direction("ssw").expect("ssw"),
    );
    assert_eq!(rules.frame_dir(black, nne), ssw);
    assert_eq!(rules.frame_dir(black, ssw), nne);
    // White's knight on a1 leaps two up and one right; Black's on e5 two down and one left.
    let pos = Position::start(&rules);
    assert_eq!(moves_of(&pos, "a1"), ["a1-b3"]);
    let pos = Position::from_fen(&rules, "k3n/5/5/5/N3K b - - 0 1").expect("black to move");
    assert_eq!(moves_of(&pos, "e5"), ["e5-d3"]);
}
