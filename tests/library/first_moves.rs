//! Rights a piece holds until it first moves (`[[first_move]]`, patterns with `first-move` and
//! `not-in-check`), and a royal in check that may only take its checker
//! (`checked_royal_takes_checker`): Cambodian chess, Kar Ouk and makpong as pyffish 0.0.90 plays
//! them (the perft trees and random games are in tests/perft and tests/games).

use std::sync::Arc;

use chessgraph::notation::{parse_move, play_line};
use chessgraph::{Outcome, Position, Rules};

fn rules(name: &str) -> Arc<Rules> {
    crate::helpers::load(format!("variants/{name}.toml"))
}

/// The moves of the piece on `from` after `line` from `fen`, as sorted text.
fn moves_from(rules: &Arc<Rules>, fen: &str, line: &str, from: &str) -> Vec<String> {
    let mut pos = Position::from_fen(rules, fen).expect("reads");
    play_line(&mut pos, line).expect("legal line");
    let board = rules.board();
    let mut v: Vec<String> = (pos.legal_moves().iter())
        .filter(|m| m.from().map(|f| board.node_name(f)) == Some(from))
        .map(|m| board.node_name(m.to()).to_string())
        .collect();
    v.sort();
    v
}

/// The castling field of the position text after `line` from `fen`.
fn rights_after(rules: &Arc<Rules>, fen: &str, line: &str) -> String {
    let mut pos = Position::from_fen(rules, fen).expect("reads");
    play_line(&mut pos, line).expect("legal line");
    let text = pos.to_fen();
    text.split_whitespace().nth(2).expect("a field").to_string()
}

const START: &str = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1";

#[test]
fn the_king_and_the_met_leap_only_on_their_first_move() {
    let r = rules("cambodian");
    assert_eq!(
        moves_from(&r, START, "", "d1"),
        ["b2", "c2", "d2", "e2", "f2"]
    );
    // The met leaps two squares forward over whatever stands between, onto an empty square.
    let fen = "rnsmksnr/8/pppppppp/8/8/PPPP1PPP/8/RNSKMSNR w DEde - 0 1";
    assert_eq!(moves_from(&r, fen, "", "e1"), ["d2", "e3", "f2"]);
    // Once moved (and back), the leap is gone, and so is the right in position text.
    assert_eq!(rights_after(&r, START, "d1c2 d6d5 c2d1 d5d4"), "Ede");
    assert_eq!(
        moves_from(&r, START, "d1c2 d6d5 c2d1 d5d4", "d1"),
        ["c2", "d2", "e2"]
    );
    assert_eq!(rights_after(&r, START, "e1d2"), "Dde");
}

#[test]
fn a_king_in_check_does_not_leap_and_a_rook_on_its_lines_takes_the_leap() {
    let r = rules("cambodian");
    // A black knight on c3 checks the white king on d1: it steps to c2 or d2 (pyffish 0.0.90's
    // list), it does not leap to b2 or f2, free as they are.
    let fen = "rnsmksnr/8/pppppppp/8/8/PPnPPPPP/8/RNSKMSNR w DEde - 0 1";
    assert_eq!(moves_from(&r, fen, "", "d1"), ["c2", "d2"]);
    // pyffish 0.0.90: a rook moving onto the enemy king's file or rank takes its leap away,
    // whatever stands between; elsewhere it does not.
    let fen = "r2mk3/1p6/8/8/8/8/1P6/R2KM2R w DEde - 0 1";
    assert_eq!(rights_after(&r, fen, "h1h8"), "DEd");
    assert_eq!(rights_after(&r, fen, "h1h5"), "DEde");
    assert_eq!(rights_after(&r, fen, "h1g1 a8a1"), "Ede");
    assert_eq!(rights_after(&r, fen, "h1g1 a8a2"), "DEde");
}

#[test]
fn rights_read_back_and_unknown_ones_are_refused() {
    let r = rules("cambodian");
    for fen in [
        START,
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR b Ed - 0 1",
    ] {
        assert_eq!(Position::from_fen(&r, fen).expect("reads").to_fen(), fen);
    }
    let err = Position::from_fen(
        &r,
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEdx - 0 1",
    )
    .expect_err("x is no right");
    assert!(err.to_string().contains("D E d e"), "{err}");
}

#[test]
fn karouk_ends_at_the_first_check() {
    let r = rules("karouk");
    let mut pos = Position::start(&r);
    // The black king leaps to c7; a white pawn promotes on b6 to a met that checks it: pyffish
    // 0.0.90 ends the game there, the checker's player winning.
    play_line(&mut pos, "h3h4 e8c7 a3a4 g6g5 a4a5 g8e7 a5b6=M").expect("legal");
    match pos.outcome() {
        Some(Outcome::WonBy(w, _)) => assert_eq!(r.player(w).name, "white"),
        other => panic!("the first check has won, not {other:?}"),
    }
}

#[test]
fn a_makpong_king_in_check_moves_only_to_take_its_checker() {
    let r = rules("makpong");
    let fen = "7k/8/8/3r4/3K4/8/8/R7 w - - 0 1";
    assert_eq!(moves_from(&r, fen, "", "d4"), ["d5"]);
    // Out of check the king steps freely.
    assert_eq!(
        moves_from(&r, "7k/8/8/8/3K4/8/8/R7 w - - 0 1", "", "d4").len(),
        8
    );
    let pos = Position::from_fen(&r, fen).expect("reads");
    let err = parse_move(&pos, "d4c4").expect_err("refused");
    assert_eq!(
        err.to_string(),
        "d4-c4: a royal in check may only move to take the one piece that checks it"
    );
}
