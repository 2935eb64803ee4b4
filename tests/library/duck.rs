//! Duck chess (`[blocker]`): every move has a second part that moves the neutral duck to an
//! empty square. Move text in both forms (chessgraph's `e2-e4,*@d5`, Fairy-Stockfish's
//! `e2e4,e4d5`), the duck in position text and the hash, the count of duck moves, the end by a
//! king taken and by stalemate, and the refusals with their reasons.

use chessgraph::notation::{legal_move_texts, parse_move, play_line};
use chessgraph::testing::{Gating, GatingInternals, MoveInternals};
use chessgraph::{EndRule, Move, Outcome, PlayError, PlayerId, Position};

use crate::helpers::load;

const DUCK: &str = "variants/duck.toml";

/// The text of the move a text reads as, or the error.
fn read(pos: &Position, text: &str) -> Result<String, String> {
    parse_move(pos, text)
        .map(|m| chessgraph::notation::move_text(pos, m))
        .map_err(|e| e.to_string())
}

fn after(moves: &str) -> Position {
    let rules = load(DUCK);
    let mut p = Position::start(&rules);
    play_line(&mut p, moves).unwrap();
    p
}

#[test]
fn a_duck_move_is_one_move_per_first_part_and_empty_square() {
    let rules = load(DUCK);
    let start = Position::start(&rules);
    // 20 first parts, each with the 32 empty squares once it is made (the one left included).
    assert_eq!(start.legal_moves().len(), 640);
    let pos = after("e2e4,e4e2");
    // The duck must move: 20 first parts, 31 squares each (32 empty but the duck's own).
    assert_eq!(pos.legal_moves().len(), 20 * 31);
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP*PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(chessgraph::perft::perft(&mut start.clone(), 2), 379_440);
}

#[test]
fn both_forms_of_a_duck_move_read_as_one_move_and_every_move_reads_back() {
    let rules = load(DUCK);
    let pos = Position::start(&rules);
    for text in [
        "e2e4,e4d5",
        "e2-e4,*@d5",
        "e2e4,*@d5",
        "e2-e4,e4-d5",
        "e2e4,d5",
    ] {
        assert_eq!(read(&pos, text).as_deref(), Ok("e2-e4,*@d5"), "{text}");
    }
    let fen = "r3k2r/1P6/8/3pP3/2*5/8/8/R3K2R w KQkq d6 0 1";
    let pos = Position::from_fen(&rules, fen).unwrap();
    for (text, canonical) in [
        ("e1g1,g1e1", "e1-g1,*@e1"),
        ("b7a8q,a8b7", "b7-a8=Q,*@b7"),
        ("e5d6,d6d5", "e5-d6,*@d5"),
    ] {
        assert_eq!(read(&pos, text).as_deref(), Ok(canonical), "{text}");
    }
    for text in legal_move_texts(&pos) {
        assert_eq!(read(&pos, &text).as_deref(), Ok(text.as_str()));
    }
}

#[test]
fn the_duck_is_in_position_text_and_the_hash() {
    let rules = load(DUCK);
    let a = after("e2e4,e4d5 e7e5,e5d4");
    assert_eq!(
        a.to_fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/3*P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    let again = Position::from_fen(&rules, &a.to_fen()).unwrap();
    assert_eq!(again.to_fen(), a.to_fen());
    assert_eq!(again.hash(), a.hash());
    // The same pieces with the duck elsewhere: another position, another hash.
    let b = after("e2e4,e4d5 e7e5,e5d3");
    assert_ne!(a.hash(), b.hash());
    // Two ducks are refused with the reason.
    let err = Position::from_fen(&rules, "4k3/8/8/8/8/8/8/**2K3 w - - 0 1").unwrap_err();
    assert!(err.to_string().contains("the duck on"), "{err}");
}

#[test]
fn a_taken_king_loses_and_a_stalemated_player_wins() {
    let rules = load(DUCK);
    // No check: the rook takes the king, and Black, without a king, has lost.
    let mut p = Position::from_fen(&rules, "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1").unwrap();
    play_line(&mut p, "e1e8,e8e1").unwrap();
    assert!(p.legal_moves().is_empty());
    let (outcome, _) = p.resolve(&mut Vec::new());
    assert!(
        matches!(outcome, Some(Outcome::WonBy(w, _)) if w == PlayerId::seat(0)),
        "{outcome:?}"
    );
    // Black's king, bishop and pawns boxed in by the duck on b8: no legal move, Black wins.
    let mut s = Position::from_fen(&rules, "k7/bp6/1p6/1P6/8/8/8/4K2* w - - 0 1").unwrap();
    play_line(&mut s, "e1e2,*@b8").unwrap();
    assert_eq!(s.to_fen(), "k*6/bp6/1p6/1P6/8/8/4K3/8 b - - 1 1");
    let (outcome, _) = s.resolve(&mut Vec::new());
    assert!(
        matches!(outcome, Some(Outcome::WonBy(w, EndRule::Stalemate)) if w == PlayerId::seat(1)),
        "{outcome:?}"
    );
}

#[test]
fn refused_duck_moves_say_why() {
    let rules = load(DUCK);
    let pos = after("e2e4,e4d5");
    assert_eq!(
        read(&pos, "e7e5").unwrap_err(),
        "e7-e5 needs its second part: the duck must be placed too (e.g. e7-e5,*@e2)"
    );
    assert_eq!(
        read(&pos, "e7e5,e5e8").unwrap_err(),
        "cannot put the duck on e8: it is not empty"
    );
    assert_eq!(
        read(&pos, "e7e5,*@d5").unwrap_err(),
        "the duck must move: it stands on d5 already"
    );
    assert_eq!(
        read(&pos, "e7e5,e4d6").unwrap_err(),
        "cannot read move `e7e5,e4d6`: the duck's part starts where the move ends (e5), not on e4"
    );
    assert_eq!(
        read(&pos, "e7e5,Q@d6").unwrap_err(),
        "cannot read move `e7e5,Q@d6`: write where the duck goes after a comma: `*@` and the square (e.g. `e2-e4,*@d5`), or Fairy-Stockfish's `e2e4,e4d5`"
    );
    // The first part is judged as any move is.
    assert_eq!(
        read(&pos, "e7e4,*@a3").unwrap_err(),
        "the pawn on e7 cannot move to e4"
    );
    // The duck blocks: no pawn steps onto it, no slider passes it.
    assert_eq!(
        read(&pos, "d7d5,*@a3").unwrap_err(),
        "the pawn on d7 cannot move to d5: d5 holds the duck, which no piece may take"
    );
    // `play` with a move value gives the same reasons.
    let b = rules.board();
    let (e7, e5, e8, d5) = (
        b.node("e7").unwrap(),
        b.node("e5").unwrap(),
        b.node("e8").unwrap(),
        b.node("d5").unwrap(),
    );
    let plain = Move::Normal {
        from: e7,
        to: e5,
        promotion: None,
        gating: None,
    };
    assert!(matches!(
        pos.clone().play(&plain),
        Err(PlayError::BlockerMissing { .. })
    ));
    let onto = |sq| plain.with_gating(Gating::blocker(sq));
    assert!(matches!(
        pos.clone().play(&onto(e8)),
        Err(PlayError::BlockerOnPiece { .. })
    ));
    assert!(matches!(
        pos.clone().play(&onto(d5)),
        Err(PlayError::BlockerMustMove { .. })
    ));
    assert!(pos.clone().play(&onto(e7)).is_ok());
    // A duck's part in a variant without a blocker is refused as such.
    let chess = load("variants/chess.toml");
    assert_eq!(
        read(&Position::start(&chess), "e2e4,e4d5").unwrap_err(),
        "cannot read move `e2e4,e4d5`: write a gating move's second part as the piece placed, `@` and the square the move leaves, e.g. `b1-c3,H@b1`"
    );
}
