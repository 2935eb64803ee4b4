//! Explosions (`[[capture]] rule = "explosion"`): atomic chess and atomic chess without check on
//! hand-made positions, through the public pipeline: what a capture removes, which moves the
//! blast makes illegal, kings side by side, and the end of the game when a king blows up.

use std::sync::Arc;

use chessgraph::notation::{legal_move_texts, parse_move};
use chessgraph::testing::hash_from_scratch;
use chessgraph::{Outcome, PlayerId, Position, Rules};

const WHITE: PlayerId = PlayerId::seat(0);

fn rules(name: &str) -> Arc<Rules> {
    crate::helpers::load(format!("variants/{name}.toml"))
}

fn at(rules: &Arc<Rules>, fen: &str) -> Position {
    Position::from_fen(rules, fen).unwrap_or_else(|e| panic!("`{fen}`: {e}"))
}

fn moves(rules: &Arc<Rules>, fen: &str) -> Vec<String> {
    let mut m = legal_move_texts(&at(rules, fen));
    m.sort();
    m
}

#[test]
fn a_capture_removes_the_capturer_and_its_neighbours_but_pawns_and_unmake_restores_them() {
    let r = rules("atomic");
    let fen = "2q1k3/2pbp3/8/1N6/3R4/8/8/4K3 w - - 0 1";
    let mut pos = at(&r, fen);
    let before = pos.clone();
    // A quiet move removes nothing.
    let m = parse_move(&pos, "d4-d6").expect("reads");
    pos.play(&m).expect("a quiet rook move");
    assert_eq!(pos.to_fen(), "2q1k3/2pbp3/3R4/1N6/8/8/8/4K3 b - - 1 1");
    let mut pos = before.clone();
    let m = parse_move(&pos, "d4-d7").expect("reads");
    // The rook's capture next to the black king blows the king up with the bishop, the queen
    // and the rook itself; the pawns on c7 and e7 stay. White wins at once.
    let undo = pos.play(&m).expect("legal");
    // Black is out: the turn comes back to White, and the text says so.
    assert_eq!(pos.to_fen(), "8/2p1p3/8/1N6/8/8/8/4K3 w - - 0 2 out:b");
    assert_eq!(pos.outcome(), Some(Outcome::Winner(WHITE)));
    assert_eq!(pos.hash(), hash_from_scratch(&pos));
    pos.unmake(undo);
    assert!(pos == before, "unmake puts every piece back");
    assert_eq!(pos.to_fen(), fen);
}

#[test]
fn en_passant_explodes_around_the_square_the_pawn_moves_to() {
    let r = rules("atomic");
    let mut pos = at(&r, "4k3/2n5/8/1pP5/8/8/8/4K3 w - b6 0 1");
    let m = parse_move(&pos, "c5-b6").expect("en passant");
    let undo = pos.play(&m).expect("legal");
    // The pawn taken on b5, the capturer on b6 and the knight on c7 beside b6 are gone.
    assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    pos.unmake(undo);
    assert_eq!(pos.to_fen(), "4k3/2n5/8/1pP5/8/8/8/4K3 w - b6 0 1");
}

#[test]
fn a_king_never_captures_and_no_move_blows_up_its_own_king() {
    let r = rules("atomic");
    // The pawn on e2 checks e1's neighbour d1 and f1: the king may not take it (it would blow
    // up), nor may the queen (the blast reaches e1); d1 is attacked.
    let m = moves(&r, "4k3/8/8/8/8/8/4p3/4KQ2 w - - 0 1");
    for refused in ["e1-e2", "f1-e2", "e1-d1"] {
        assert!(!m.contains(&refused.to_string()), "{refused} in {m:?}");
    }
    assert!(m.contains(&"e1-d2".to_string()), "{m:?}");
    // Without check (the king no royal), the same moves are legal: a king's capture kills it.
    let r = rules("nocheckatomic");
    let m = moves(&r, "4k3/8/8/8/8/8/4p3/4KQ2 w - - 0 1");
    for allowed in ["e1-e2", "f1-e2", "e1-d1"] {
        assert!(m.contains(&allowed.to_string()), "{allowed} not in {m:?}");
    }
}

#[test]
fn kings_side_by_side_give_no_check() {
    let r = rules("atomic");
    // White's king on d1 is checked by the queen on d2; it may step next to Black's king only.
    assert_eq!(
        moves(&r, "8/8/8/8/8/3k4/3q4/3K4 w - - 0 1"),
        ["d1-c2", "d1-e2"]
    );
    // Kings side by side: the rook's attack on White's king does not count.
    let pos = at(&r, "8/8/8/8/8/8/3k4/r2K4 w - - 0 1");
    assert!(!pos.is_check(), "{}", pos.to_fen());
    let pos = at(&r, "8/8/8/8/8/3k4/8/r2K4 w - - 0 1");
    assert!(pos.is_check());
}

#[test]
fn blowing_up_the_enemy_king_wins_even_from_check() {
    let r = rules("atomic");
    // White is in check from a8 (pyffish lists the same five moves): taking d7 does not answer
    // it, but it blows up the king on e8 and is legal.
    let fen = "r3k3/3b4/1N6/8/8/8/8/K7 w - - 0 1";
    assert_eq!(
        moves(&r, fen),
        ["a1-b1", "a1-b2", "b6-a4", "b6-a8", "b6-d7"]
    );
    let mut pos = at(&r, fen);
    let m = parse_move(&pos, "b6-d7").expect("reads");
    pos.play(&m).expect("legal");
    assert_eq!(pos.outcome(), Some(Outcome::Winner(WHITE)));
}

#[test]
fn without_check_the_player_who_blows_up_his_own_king_loses() {
    let r = rules("nocheckatomic");
    let mut pos = at(&r, "4k3/8/8/8/8/8/4p3/4KQ2 w - - 0 1");
    let m = parse_move(&pos, "e1-e2").expect("reads");
    pos.play(&m).expect("legal without check");
    assert!(
        matches!(pos.outcome(), Some(Outcome::WonBy(p, _)) if p != WHITE),
        "{:?}",
        pos.outcome()
    );
}

#[test]
fn atomar_kings_survive_every_blast_and_may_not_take_each_other() {
    let r = rules("atomar");
    // Kings side by side: White's king may take the queen beside it (and survives its own
    // blast), never the black king; the rook's capture on d6 spares the black king on d5.
    let fen = "8/8/3r4/3kKq2/8/8/8/3R4 w - - 0 1";
    let from_e5 = crate::helpers::legal_moves_from(&at(&r, fen), "e5");
    assert!(from_e5.contains(&"e5-f5".to_string()), "{from_e5:?}");
    assert!(!from_e5.contains(&"e5-d5".to_string()), "{from_e5:?}");
    let mut pos = at(&r, fen);
    let m = parse_move(&pos, "e5-f5").expect("reads");
    pos.play(&m).expect("legal");
    assert_eq!(pos.to_fen(), "8/8/3r4/3k1K2/8/8/8/3R4 b - - 0 1");
    let mut pos = at(&r, fen);
    let m = parse_move(&pos, "d1-d5").expect("the rook may take the king");
    pos.play(&m).expect("legal");
    // The rook takes the king (blown up with it: a rook is no king); Black has no king left.
    assert!(
        matches!(pos.outcome(), Some(Outcome::WonBy(p, _)) if p == WHITE),
        "{:?}",
        pos.outcome()
    );
    let mut pos = at(&r, "8/8/3r4/3kKq2/8/8/8/8 b - - 0 1");
    let m = parse_move(&pos, "d6-e6").expect("reads");
    pos.play(&m).expect("a quiet move");
    let m = parse_move(&pos, "e5-e6").expect("the king takes the rook");
    pos.play(&m).expect("legal");
    // The black king on d5 stands beside the blast on e6 and stays; the queen on f5 goes.
    assert_eq!(pos.to_fen(), "8/8/4K3/3k4/8/8/8/8 b - - 0 2");
}
