//! Petrification (`[[capture]] rule = "petrify"`, petrified chess) and neutral pieces: a capturer
//! that is not immune turns to a stone that never moves and is never taken, written `*`; a king
//! never captures and gives no check. The positions and move lists are pyffish 0.0.90's for its
//! built-in `petrified`; the trees are compared in tests/perft/petrified.perft.

use std::sync::Arc;

use chessgraph::notation::{legal_move_texts, parse_move};
use chessgraph::{Position, Rules};

fn rules() -> Arc<Rules> {
    crate::helpers::load("variants/petrified.toml")
}

fn at(rules: &Arc<Rules>, fen: &str) -> Position {
    Position::from_fen(rules, fen).unwrap_or_else(|e| panic!("`{fen}`: {e}"))
}

#[test]
fn a_capturing_queen_turns_to_stone_and_a_pawn_does_not() {
    let r = rules();
    let mut pos = Position::start(&r);
    for m in ["e2e4", "d7d5", "e4d5", "d8d5"] {
        let mv = parse_move(&pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        let undo = pos.play(&mv).unwrap_or_else(|e| panic!("{m}: {e}"));
        drop(undo);
    }
    // The pawn that took on d5 was taken in turn by the queen, which is now a stone there.
    let text = "rnb1kbnr/ppp1pppp/8/3*4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3";
    assert_eq!(pos.to_fen(), text);
    assert_eq!(
        at(&r, text),
        pos,
        "the stone reads back as the same position"
    );
    assert_eq!(at(&r, text).hash(), pos.hash());
    // Nothing takes the stone, and it blocks the queen's file.
    let moves = legal_move_texts(&at(&r, "4k3/8/8/3*4/8/8/8/3QK3 w - - 0 1"));
    assert!(moves.contains(&"d1-d4".to_string()));
    assert!(!moves.iter().any(|m| m.ends_with("d5") || m.ends_with("d6")));
    // Unmake puts the queen back where it came from and the pawn on d5.
    let mut pos = at(&r, "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1");
    let before = pos.clone();
    let mv = parse_move(&pos, "d1d5").expect("a capture");
    let undo = pos.play(&mv).expect("legal");
    assert_eq!(pos.to_fen(), "4k3/8/8/3*4/8/8/8/4K3 b - - 0 1");
    pos.unmake(undo);
    assert_eq!(pos, before);
}

#[test]
fn kings_never_capture_and_give_no_check() {
    let r = rules();
    // pyffish: the king may not take the queen on d2 (it would turn to stone), only flee.
    assert_eq!(
        legal_move_texts(&at(&r, "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1")),
        ["e1-f1"]
    );
    let refused = parse_move(&at(&r, "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1"), "e1d2")
        .expect_err("a king never captures")
        .to_string();
    assert!(
        refused.contains("would take white's own king off the board"),
        "{refused}"
    );
    // The black king on d2 gives no check: every square beside it is open to the white king.
    assert_eq!(
        legal_move_texts(&at(&r, "8/8/8/8/8/8/3k4/4K3 w - - 0 1")),
        ["e1-d1", "e1-e2", "e1-f1", "e1-f2"]
    );
    // A stone on f1 bars the castling on that side only.
    let moves = legal_move_texts(&at(&r, "4k3/8/8/8/8/8/8/R3K*1R w KQ - 0 1"));
    assert!(moves.contains(&"e1-c1".to_string()) && !moves.contains(&"e1-g1".to_string()));
}
