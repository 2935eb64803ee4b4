//! Spartan chess's two kings: `[moves] check_all_royals` (duple check: in check only when every
//! royal is attacked, so one may be left attacked and taken) and a promotion's `limits` (a
//! hoplite becomes a king only while Black has fewer than two). Each position's answer was read
//! from pyffish 0.0.90's `legal_moves`, `gives_check` and `game_result` for `spartan`.

use chessgraph::notation::{parse_move, play_line};
use chessgraph::{Outcome, Position};

use crate::helpers::{legal_moves_from, load};

fn at(fen: &str) -> Position {
    let rules = load("variants/spartan.toml");
    Position::from_fen(&rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn a_player_with_two_kings_may_leave_one_attacked_and_lose_it() {
    // The rook attacks d1, not h1: no check, and every king move is legal, into the rook's line too.
    let p = at("4K3/8/8/8/8/8/8/R2k3k b - - 0 1");
    assert!(!p.is_check());
    assert_eq!(
        legal_moves_from(&p, "d1"),
        ["d1-c1", "d1-c2", "d1-d2", "d1-e1", "d1-e2"]
    );
    assert_eq!(legal_moves_from(&p, "h1"), ["h1-g1", "h1-g2", "h1-h2"]);
    // The king left attacked is taken; the other is then royal as usual: in check, it must move.
    let mut p = p;
    play_line(&mut p, "h1g1 a1d1").expect("legal");
    assert!(p.is_check());
    assert_eq!(
        chessgraph::notation::legal_move_texts(&p),
        ["g1-f2", "g1-g2", "g1-h2"]
    );
    assert_eq!(p.outcome(), None);
}

#[test]
fn both_kings_attacked_is_check_and_without_a_move_mate() {
    let p = at("k6k/8/8/8/3K4/8/1R4R1/R6R b - - 0 1");
    assert!(p.is_check());
    assert!(chessgraph::notation::legal_move_texts(&p).is_empty());
    let white = p.rules().player_id(0).expect("white");
    assert_eq!(p.outcome(), Some(Outcome::Winner(white)));
    // A move that leaves both attacked is refused, and says so; only a8's steps off the files
    // answer the check once the b-file is open.
    let p = at("k6k/8/8/8/3K4/8/2R3R1/R6R b - - 1 1");
    assert!(p.is_check());
    assert_eq!(
        chessgraph::notation::legal_move_texts(&p),
        ["a8-b7", "a8-b8"]
    );
    let err = parse_move(&p, "a8-a7").expect_err("both kings stay attacked");
    assert_eq!(
        err.to_string(),
        "a8-a7 would leave every king of black attacked"
    );
}

#[test]
fn a_hoplite_becomes_a_king_only_while_black_has_fewer_than_two() {
    let one = at("4K3/8/8/8/8/8/1h6/7k b - - 0 1");
    assert_eq!(
        legal_moves_from(&one, "b2"),
        [
            "b2-a1=C", "b2-a1=G", "b2-a1=K", "b2-a1=L", "b2-a1=W", "b2-c1=C", "b2-c1=G", "b2-c1=K",
            "b2-c1=L", "b2-c1=W"
        ]
    );
    let two = at("4K3/8/8/8/8/8/1h6/k6k b - - 0 1");
    assert_eq!(
        legal_moves_from(&two, "b2"),
        ["b2-c1=C", "b2-c1=G", "b2-c1=L", "b2-c1=W"]
    );
    let err = parse_move(&two, "b2-c1=K").expect_err("a third king");
    assert_eq!(
        err.to_string(),
        "b2-c1=K is refused: a promotion to king is made only while black has fewer than 2 on the board (he has 2)"
    );
}

#[test]
fn a_king_made_by_promotion_answers_a_check_on_the_other() {
    // The rook checks h1 along the h-file; a king made on a1 or c1 stands unattacked.
    let p = at("3K3R/8/8/8/8/8/1h6/7k b - - 0 1");
    assert!(p.is_check());
    assert_eq!(
        chessgraph::notation::legal_move_texts(&p),
        ["b2-a1=K", "b2-c1=K", "h1-g1", "h1-g2"]
    );
    let mut p = p;
    play_line(&mut p, "b2a1k").expect("legal");
    assert!(!p.is_check(), "White does not check a1 and h1 both");
}
