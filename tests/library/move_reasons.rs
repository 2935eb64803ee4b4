//! A move that cannot be played is rejected with the reason: every kind of reason, on chess and on
//! 3 Man Chess.

use chessgraph::Position;
use chessgraph::notation::{MoveError, parse_move, play_line};

fn reason(variant: &str, fen: Option<&str>, line: &str, mv: &str) -> String {
    let rules = crate::helpers::load(variant);
    let mut pos = match fen {
        Some(f) => Position::from_fen(&rules, f).expect("fen"),
        None => Position::start(&rules),
    };
    play_line(&mut pos, line).expect("the line is legal");
    match parse_move(&pos, mv) {
        Ok(m) => panic!("{mv} was accepted as {m:?}"),
        Err(e) => e.to_string(),
    }
}

const CHESS: &str = "variants/chess.toml";
const TMC: &str = "variants/three_man_chess.toml";

#[test]
fn text_that_names_no_square_or_frame_says_which() {
    // Compact text: the part that is no square is named.
    assert_eq!(
        reason(CHESS, None, "", "i2i4"),
        "cannot read move `i2i4`: the board has no square `i2`"
    );
    assert_eq!(
        reason(CHESS, None, "", "e2e9"),
        "cannot read move `e2e9`: the board has no square `e9`"
    );
    // A frame in position text: the variant's frames are listed.
    let rules = crate::helpers::load(TMC);
    let start = Position::start(&rules).to_fen();
    let bad = start.replacen('P', "P[flipped]", 1);
    let err = Position::from_fen(&rules, &bad).expect_err("no frame `flipped`");
    assert!(
        err.to_string()
            .contains("unknown frame `flipped`: the frames of this variant are `"),
        "{err}"
    );
}

#[test]
fn chess_reasons() {
    assert_eq!(
        reason(CHESS, None, "", "a1a3"),
        "the rook on a1 cannot move to a3: a2 is in the way"
    );
    assert_eq!(
        reason(CHESS, None, "", "b1d2"),
        "the knight on b1 cannot move to d2: d2 holds a piece of its own side"
    );
    assert_eq!(
        reason(CHESS, None, "", "e2d3"),
        "the pawn on e2 cannot move to d3: that move only captures, and nothing stands there"
    );
    assert_eq!(
        reason(CHESS, None, "", "e2e5"),
        "the pawn on e2 cannot move to e5"
    );
    assert_eq!(reason(CHESS, None, "", "e3e4"), "there is no piece on e3");
    assert_eq!(
        reason(CHESS, None, "", "e7e5"),
        "the pawn on e7 belongs to black; it is white's turn"
    );
    assert_eq!(
        reason(CHESS, None, "e2e4 d7d5 e4e5 f7f5", "e5d6"),
        "the pawn on e5 cannot move to d6: that move only captures, and nothing stands there"
    );
    assert_eq!(
        reason(CHESS, None, "e2e4 e7e5 g1e2 f8b4", "d2d3"),
        "d2-d3 would leave white's king attacked"
    );
    assert_eq!(
        reason(CHESS, None, "", "e1g1"),
        "cannot castle e1-g1: f1 is not empty"
    );
    assert_eq!(
        reason(CHESS, Some("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"), "", "a7a8"),
        "the pawn must promote on a8: write one of a7-a8=Q, a7-a8=R, a7-a8=B, a7-a8=N"
    );
    assert!(matches!(
        parse_move(&Position::start(&crate::helpers::load(CHESS)), "e2-e9"),
        Err(MoveError::Malformed { .. })
    ));
}

#[test]
fn three_man_chess_reasons() {
    // The knight's ring-first leg order crosses the closed moat h|i.
    assert_eq!(
        reason(TMC, None, "", "g1i2"),
        "the knight on g1 cannot move to i2: the way crosses `white-gray`, which is closed"
    );
    // Both of the queen's loops lead to h5, and both are blocked.
    assert_eq!(
        reason(TMC, None, "", "d1h5"),
        "the queen on d1 cannot move to h5: e2 is in the way; c2 is in the way"
    );
    // Gray's back rank is empty, so h|i is bridged: the knight may cross it, but not to capture.
    let fen = "24/24/24/4wK7gK11/8gP15/6wN13bK3 w - - 0 1";
    assert_eq!(
        reason(TMC, Some(fen), "", "g1i2"),
        "the knight on g1 cannot move to i2: no capture across `white-gray`"
    );
}

#[test]
fn sho_shogis_last_royal_may_not_be_left_attacked_and_a_second_frees_both() {
    const SHO: &str = "variants/shoshogi.toml";
    // The elephant shields the lone king from the rook on e9: it may not step aside, not even to
    // promote into a crown prince (royalty is judged before the move).
    let pinned = "k3r4/9/9/4E4/9/9/9/9/4K4 w - - 0 1";
    for mv in ["e6d7", "e6d7+"] {
        let why = reason(SHO, Some(pinned), "", mv);
        assert!(
            why.contains("would leave sente's king attacked"),
            "{mv}: {why}"
        );
    }
    // With the crown prince beside him the king may step onto the rook's file.
    let rules = crate::helpers::load(SHO);
    let both = "4k4/4r4/9/9/9/9/9/3+E5/4K4 w - - 0 1";
    let pos = Position::from_fen(&rules, both).expect("fen");
    assert!(
        parse_move(&pos, "e1e2").is_ok(),
        "two royals: either may be left attacked"
    );
}
