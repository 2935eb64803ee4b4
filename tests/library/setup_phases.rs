//! Set-up phases and compulsory drops (`[hands] must_drop`): placement chess's drops before the
//! first move, its bishops on both colours (`drop.opposite_colours`) and the castling rights its
//! drops give (`castling_by_drop`); sittuyin's set-up zones and its promotion by a move of its own
//! (`promotion.standing`); koedem's kings in hand and its count of kings (`material` with
//! `in_hand`); each refusal says why. The trees and random games are checked against pyffish in
//! tests/perft/NAME.perft and tests/games/NAME.games.

use chessgraph::notation::{MoveError, legal_move_texts, parse_move, play_line};
use chessgraph::{EndRule, Outcome, PlayerId, Position};

use crate::helpers::load;

/// The reason a move is refused, as the user reads it.
fn refusal(p: &Position, text: &str) -> String {
    match parse_move(p, text) {
        Ok(m) => panic!("`{text}` was accepted as {m:?}"),
        Err(MoveError::Illegal(e)) => e.to_string(),
        Err(e) => panic!("`{text}` was not read: {e}"),
    }
}

#[test]
fn placement_drops_every_piece_before_the_first_move() {
    let rules = load("variants/placement.toml");
    let mut p = Position::start(&rules);
    let moves = legal_move_texts(&p);
    assert_eq!(moves.len(), 40, "{moves:?}");
    assert!(moves.iter().all(|m| m.contains('@') && m.ends_with('1')));
    let why = refusal(&p, "e2e4");
    assert!(why.contains("must drop"), "{why}");
    assert!(why.contains("white has K Q R B N in hand"), "{why}");
    // Black drops on its own first rank, then White again: the turns alternate.
    play_line(&mut p, "K@e1").expect("a drop");
    assert!(legal_move_texts(&p).iter().all(|m| m.ends_with('8')));
    let why = refusal(&p, "K@e1");
    assert!(why.contains("e1"), "{why}");
}

#[test]
fn placement_bishops_stand_on_both_colours() {
    let rules = load("variants/placement.toml");
    let mut p = Position::start(&rules);
    play_line(&mut p, "B@c1 B@c8").expect("drops");
    // c1 is dark: the second bishop goes on a light square (b1, d1, f1, h1).
    let bishops: Vec<String> = (legal_move_texts(&p).into_iter())
        .filter(|m| m.starts_with("B@"))
        .collect();
    assert_eq!(bishops, ["B@b1", "B@d1", "B@f1", "B@h1"]);
    let why = refusal(&p, "B@e1");
    assert!(why.contains("light and dark squares alike"), "{why}");
    // Both bishops in hand and one dark square left (g1): no other piece may take it.
    let p = Position::from_fen(
        &rules,
        "k1q1r3/pppppppp/8/8/8/8/PPPPPPPP/K1Q1R3[RBBNNrbbnn] w - - 0 4",
    )
    .expect("a placement position");
    let moves = legal_move_texts(&p);
    assert!(moves.contains(&"B@g1".to_string()) && !moves.contains(&"N@g1".to_string()));
    let why = refusal(&p, "N@g1");
    assert!(why.contains("last free square of its colour"), "{why}");
}

#[test]
fn placement_drops_give_castling_rights_once_king_and_rook_stand_on_their_squares() {
    let rules = load("variants/placement.toml");
    let mut p = Position::start(&rules);
    play_line(&mut p, "R@h1 R@h8 K@e1 K@e8").expect("drops");
    assert!(p.to_fen().contains(" Kk "), "{}", p.to_fen());
    play_line(&mut p, "R@a1 R@b8").expect("drops");
    assert!(p.to_fen().contains(" KQk "), "{}", p.to_fen());
    // A king beside its square gives nothing.
    let mut q = Position::start(&rules);
    play_line(&mut q, "R@h1 R@h8 K@d1 K@e8").expect("drops");
    assert!(q.to_fen().contains(" k "), "{}", q.to_fen());
    // The position text reads back to the same position, rights and hands included.
    let back = Position::from_fen(&rules, &p.to_fen()).expect("reads back");
    assert_eq!(back.to_fen(), p.to_fen());
}

#[test]
fn sittuyin_rooks_are_placed_on_the_back_rank_the_rest_on_three_ranks() {
    let rules = load("variants/sittuyin.toml");
    let p = Position::start(&rules);
    let moves = legal_move_texts(&p);
    assert_eq!(moves.len(), 88);
    assert!(moves.contains(&"N@e3".to_string()) && !moves.contains(&"N@a4".to_string()));
    let why = refusal(&p, "R@a2");
    assert!(why.contains("outside the kind's drop zone"), "{why}");
    let why = refusal(&p, "e4d5");
    assert!(why.contains("must drop"), "{why}");
}

#[test]
fn a_sittuyin_pawn_promotes_on_the_long_diagonals_in_place_or_stepping() {
    let rules = load("variants/sittuyin.toml");
    let at = |text: &str| Position::from_fen(&rules, text).expect("a sittuyin position");
    // Two pawns, one on e5 (a promotion square): in place or one step diagonally, never taking.
    let mut p = at("k7/8/8/4P3/8/8/P7/K7[] w - - 3 40");
    let moves = legal_move_texts(&p);
    for m in [
        "e5-e5=F", "e5-d6=F", "e5-f6=F", "e5-d4=F", "e5-f4=F", "e5-e6",
    ] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    assert!(!moves.iter().any(|m| m.starts_with("a2") && m.contains('=')));
    play_line(&mut p, "e5e5f").expect("the promotion in place");
    assert!(p.to_fen().starts_with("k7/8/8/4F3/"), "{}", p.to_fen());
    assert_eq!(p.halfmove(), 0);
    let back = Position::from_fen(&rules, &p.to_fen()).expect("reads back");
    assert_eq!(back.to_fen(), p.to_fen());
    // With a general on the board, no promotion.
    let q = at("k7/8/8/4P3/8/8/P7/KF6[] w - - 0 40");
    assert!(!legal_move_texts(&q).iter().any(|m| m.contains('=')));
    // The last pawn promotes anywhere, but not with check.
    let r = at("8/8/2k5/8/4P3/8/8/K7[] w - - 0 40");
    let moves = legal_move_texts(&r);
    assert!(moves.contains(&"e4-e4=F".to_string()) && !moves.contains(&"e4-d5=F".to_string()));
    let why = refusal(&r, "e4d5f");
    assert!(why.contains("without check or attacking"), "{why}");
}

#[test]
fn a_koedem_king_in_hand_is_dropped_first_and_both_kings_win() {
    let rules = load("variants/koedem.toml");
    let p = Position::from_fen(
        &rules,
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR[KQk] w - - 0 1",
    )
    .expect("a koedem position");
    let moves = legal_move_texts(&p);
    assert!(moves.iter().all(|m| m.starts_with("K@")), "{moves:?}");
    let why = refusal(&p, "Q@e4");
    assert!(why.contains("white has K in hand"), "{why}");
    // Black owns both kings (one in hand), White none: White has lost, whoever is to move.
    for side in ["w", "b"] {
        let text = format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR[k] {side} - - 0 1");
        let over = Position::from_fen(&rules, &text).expect("a koedem position");
        let material = EndRule::Declared {
            key: "material",
            entry: 0,
        };
        assert_eq!(
            over.outcome(),
            Some(Outcome::WonBy(PlayerId::seat(1), material))
        );
    }
    // One king each, or none against one: play goes on.
    let on = Position::from_fen(
        &rules,
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR[k] w - - 0 1",
    )
    .expect("a koedem position");
    assert_eq!(on.outcome(), None);
}
