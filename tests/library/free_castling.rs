//! Chess960 castling (`[[free_castling]]`) on hand-made positions: the king and rook from any
//! start files, a king that castles without moving, the rights by rook file, what takes them
//! away, UCI's king-takes-rook text, and the refusals.

use std::sync::Arc;

use chessgraph::Position;
use chessgraph::Rules;
use chessgraph::notation::{MoveError, legal_move_texts, parse_move};

use crate::helpers::load;

fn pos(rules: &Arc<Rules>, text: &str) -> Position {
    Position::from_fen(rules, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The castlings among the legal moves (their text names the rook: `g1-g1/h1`).
fn castlings(p: &Position) -> Vec<String> {
    let mut out: Vec<String> = legal_move_texts(p)
        .into_iter()
        .filter(|t| t.contains('/'))
        .collect();
    out.sort();
    out
}

/// Plays `text` and returns the position text after it.
fn after(p: &Position, text: &str) -> String {
    let m = parse_move(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut q = p.clone();
    q.play(&m).unwrap();
    q.to_fen()
}

#[test]
fn king_and_rooks_castle_from_any_start_files_to_the_usual_squares() {
    let rules = load("variants/fischerandom.toml");
    // King on g1 between rooks on b1 and h1: short castling leaves the king where it stands.
    let p = pos(&rules, "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1");
    assert_eq!(castlings(&p), ["g1-c1/b1", "g1-g1/h1"]);
    assert_eq!(after(&p, "g1h1"), "1r4kr/8/8/8/8/8/8/1R3RK1 b hb - 1 1");
    assert_eq!(after(&p, "g1-g1/h1"), after(&p, "g1h1"));
    // Long castling: the king passes f1..c1, the rook b1 lands on d1.
    assert_eq!(after(&p, "g1b1"), "1r4kr/8/8/8/8/8/8/2KR3R b hb - 1 1");
    // The king on b1 with the rook on a1: the king's one step to c1 and the castling differ.
    let p = pos(&rules, "4k3/8/8/8/8/8/8/RK6 w A - 0 1");
    assert_eq!(castlings(&p), ["b1-c1/a1"]);
    assert_eq!(after(&p, "b1a1"), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    assert_eq!(after(&p, "b1c1"), "4k3/8/8/8/8/8/8/R1K5 b - - 1 1");
}

#[test]
fn rights_go_with_the_rook_files_and_any_king_move() {
    let rules = load("variants/fischerandom.toml");
    let p = pos(&rules, "rk4r1/8/8/8/8/8/8/RK4R1 w GAga - 0 1");
    // A rook leaving its file takes that right; a king move takes both.
    assert_eq!(after(&p, "g1g2"), "rk4r1/8/8/8/8/8/6R1/RK6 b Aga - 1 1");
    assert_eq!(after(&p, "b1b2"), "rk4r1/8/8/8/8/8/1K6/R5R1 b ga - 1 1");
    // A piece that merely passes the king's start square takes nothing.
    let p = pos(&rules, "rk4r1/8/8/8/8/8/8/R1K3R1 w GAga - 0 1");
    assert_eq!(after(&p, "a1b1"), "rk4r1/8/8/8/8/8/8/1RK3R1 b Gga - 1 1");
    // Position text writes the rook files (Shredder-FEN), White's first, in the row's order.
    assert_eq!(
        Position::start(&rules).to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    );
    let err = Position::from_fen(&rules, "rk4r1/8/8/8/8/8/8/RK4R1 w KQkq - 0 1").unwrap_err();
    assert!(err.to_string().contains("unknown castling right"), "{err}");
}

#[test]
fn a_castling_through_an_attack_or_onto_an_x_ray_is_refused_with_the_reason() {
    let rules = load("variants/fischerandom.toml");
    // The black rook on a8 sees down to a1..., here c8 attacks c1: long castling passes c1.
    let p = pos(&rules, "2r1k3/8/8/8/8/8/8/1R2K3 w B - 0 1");
    assert!(castlings(&p).is_empty());
    match parse_move(&p, "e1b1") {
        Err(MoveError::Illegal(e)) => assert!(e.to_string().contains("attacked"), "{e}"),
        other => panic!("{other:?}"),
    }
    // The castling rook on b1 shields c1 from a1 until it moves: the king would land in check.
    let p = pos(&rules, "4k3/8/8/8/8/8/8/rR2K3 w B - 0 1");
    assert!(castlings(&p).is_empty(), "{:?}", castlings(&p));
}
