//! Gating (`[[gating]]`, Seirawan chess and S-house): the second part of a move in move text
//! (chessgraph's `b1-c3,H@b1` and Fairy-Stockfish's `b1c3h`, `e1g1h`, `h1e1h`), the rights in
//! position text, who may gate what, and the reasons a refused gating move is refused.

use chessgraph::notation::{legal_move_texts, parse_move};
use chessgraph::testing::{Gating, GatingInternals};
use chessgraph::{Move, PlayError, Position};

use crate::helpers::load;

const SEIRAWAN: &str = "variants/seirawan.toml";
const SHOUSE: &str = "variants/shouse.toml";

/// The text of the move a text reads as, or the error.
fn read(pos: &Position, text: &str) -> Result<String, String> {
    parse_move(pos, text)
        .map(|m| chessgraph::notation::move_text(pos, m))
        .map_err(|e| e.to_string())
}

#[test]
fn a_move_stays_small_with_its_second_part() {
    // One byte of second part (a gated kind, or the blocker's square: duck chess) keeps a move
    // at eight bytes, as without it; a generated move stays twenty.
    assert_eq!(std::mem::size_of::<Move>(), 8);
    assert_eq!(std::mem::size_of::<Option<Gating>>(), 1);
    assert_eq!(std::mem::size_of::<chessgraph::Planned>(), 20);
}

#[test]
fn both_forms_of_a_gating_move_read_as_one_move() {
    let rules = load(SEIRAWAN);
    let pos = Position::start(&rules);
    for text in ["b1c3h", "b1-c3,H@b1", "b1c3,H@b1"] {
        assert_eq!(read(&pos, text).as_deref(), Ok("b1-c3,H@b1"), "{text}");
    }
    assert_eq!(read(&pos, "b1c3").as_deref(), Ok("b1-c3"));
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R[EHeh] w KQkq - 0 1";
    let pos = Position::from_fen(&rules, fen).unwrap();
    for (text, canonical) in [
        ("e1g1", "e1-g1"),
        ("e1g1h", "e1-g1,H@e1"),
        ("h1e1h", "e1-g1,H@h1"),
        ("e1-g1,E@h1", "e1-g1,E@h1"),
        ("a1e1e", "e1-c1,E@a1"),
        ("e1c1h", "e1-c1,H@e1"),
    ] {
        assert_eq!(read(&pos, text).as_deref(), Ok(canonical), "{text}");
    }
    // Every legal move prints and reads back to itself.
    for text in legal_move_texts(&pos) {
        assert_eq!(read(&pos, &text).as_deref(), Ok(text.as_str()));
    }
}

#[test]
fn gating_moves_are_the_legal_moves_from_squares_with_rights_times_the_pieces_in_hand() {
    let rules = load(SEIRAWAN);
    let start = legal_move_texts(&Position::start(&rules));
    assert_eq!(start.len(), 28);
    let gated: Vec<&String> = start.iter().filter(|t| t.contains(',')).collect();
    assert_eq!(gated.len(), 8, "{gated:?}");
    // A knight pinned to its king on the first rank may not move, gating or not (as
    // Fairy-Stockfish plays it).
    let pinned = Position::from_fen(&rules, "4k3/8/8/8/8/8/8/r2NK3[EHeh] w DEe - 0 1").unwrap();
    let texts = legal_move_texts(&pinned);
    assert!(texts.iter().all(|t| !t.starts_with("d1")), "{texts:?}");
    assert!(texts.contains(&"e1-e2,E@e1".to_string()), "{texts:?}");
}

#[test]
fn refused_gating_moves_say_why() {
    let rules = load(SEIRAWAN);
    let pos = Position::start(&rules);
    let after = |moves: &str| {
        let mut p = Position::start(&rules);
        chessgraph::notation::play_line(&mut p, moves).unwrap();
        p
    };
    let moved = after("b1c3 e7e5 c3b1 e5e4");
    assert_eq!(
        read(&moved, "b1c3h").unwrap_err(),
        "white has no right to gate on b1: its piece has moved or came there"
    );
    assert_eq!(
        read(&pos, "b1-c3,Q@b1").unwrap_err(),
        "white has no `Q` in hand"
    );
    assert_eq!(
        read(&pos, "H@e4").unwrap_err(),
        "pieces in hand are not dropped in this variant: they enter by gating"
    );
    assert!(
        read(&pos, "b1-c3,H@c3")
            .unwrap_err()
            .contains("places its piece on the square it leaves (b1)")
    );
    // `play` with a move value gives the same reasons.
    let b = rules.board();
    let (b1, c3) = (b.node("b1").unwrap(), b.node("c3").unwrap());
    let queen = rules.kind_by_letter('Q').unwrap();
    let m = Move::Normal {
        from: b1,
        to: c3,
        promotion: None,
        gating: Gating::new(queen),
    };
    assert!(matches!(
        pos.clone().play(&m),
        Err(PlayError::NoneInHand { .. })
    ));
    // In a variant without gating rights, a second part is refused as such.
    let chess = load("variants/chess.toml");
    let cpos = Position::start(&chess);
    assert_eq!(
        read(&cpos, "b1-c3,Q@b1").unwrap_err(),
        "this variant has no gating: a move has no second part"
    );
    // S-house: a pawn in hand is never gated onto the first rank.
    let shouse = load(SHOUSE);
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHPeh] w KQBCDFGkqbcdfg - 0 1";
    let spos = Position::from_fen(&shouse, fen).unwrap();
    assert_eq!(
        read(&spos, "b1c3p").unwrap_err(),
        "`P` cannot be dropped on b1: its kind may not be dropped or gated there"
    );
    assert_eq!(
        read(&spos, "b1c3n").unwrap_err(),
        "white has no `N` in hand"
    );
}

#[test]
fn rights_in_position_text_follow_fairy_stockfish() {
    let rules = load(SEIRAWAN);
    let play = |fen: &str, moves: &str| {
        let mut p = Position::from_fen(&rules, fen).unwrap();
        chessgraph::notation::play_line(&mut p, moves).unwrap();
        p.to_fen()
    };
    let start = Position::start(&rules).to_fen();
    // A castling right stands for the rights of its king's and rook's squares.
    assert_eq!(
        play(&start, "h2h3 a7a6 h1h2"),
        "rnbqkbnr/1ppppppp/p7/8/8/7P/PPPPPPPR/RNBQKBN1[EHeh] b QBCDFGkqbcdfg - 1 2"
    );
    assert_eq!(
        play(&start, "e2e3 a7a6 e1e2"),
        "rnbqkbnr/1ppppppp/p7/8/8/4P3/PPPPKPPP/RNBQ1BNR[EHeh] b ABCDFGHkqbcdfg - 1 2"
    );
    // Seirawan: once a hand is empty its gating rights go (captures never refill it); the
    // castling rights stay.
    assert_eq!(
        play(&start, "b1c3h e7e5 g1f3e"),
        "rnbqkbnr/pppp1ppp/8/4p3/8/2N2N2/PPPPPPPP/RHBQKBER[eh] b KQkqbcdfg - 1 2"
    );
    let empty = Position::from_fen(
        &rules,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[eh] w KQBCDFGkqbcdfg - 0 1",
    );
    assert_eq!(
        empty.unwrap().to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[eh] w KQkqbcdfg - 0 1"
    );
    // S-house keeps them: a capture may bring a piece back.
    let shouse = load(SHOUSE);
    let mut p = Position::start(&shouse);
    chessgraph::notation::play_line(&mut p, "b1c3h e7e5 g1f3e").unwrap();
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/8/2N2N2/PPPPPPPP/RHBQKBER[eh] b KQCDFkqbcdfg - 1 2"
    );
    // A right on a square without its player's piece is refused with the reason.
    let err = Position::from_fen(&rules, "4k3/8/8/8/8/8/8/4K3[EHeh] w B - 0 1").unwrap_err();
    assert!(
        err.to_string()
            .contains("gating right `B` needs a piece of white on b1"),
        "{err}"
    );
}
