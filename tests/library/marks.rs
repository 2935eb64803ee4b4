//! Marks as the second part of a move (`[blocker] stays`): amazons' arrows, isolation's removed
//! squares. Each move places a new neutral piece that stays; where it may go is data (`reach`:
//! where an amazon on the landing square could move; `zone`: never the start squares). Move
//! text in both forms, the marks in position text and the hash, the end of a player without a
//! move, and the refusals with their reasons.

use chessgraph::notation::{legal_move_texts, parse_move, play_line};
use chessgraph::testing::{Gating, GatingInternals, MoveInternals};
use chessgraph::{Move, Outcome, PlayError, PlayerId, Position};

use crate::helpers::load;

const AMAZONS: &str = "variants/amazons.toml";
const ISOLATION: &str = "variants/isolation.toml";

/// The text of the move a text reads as, or the error.
fn read(pos: &Position, text: &str) -> Result<String, String> {
    parse_move(pos, text)
        .map(|m| chessgraph::notation::move_text(pos, m))
        .map_err(|e| e.to_string())
}

fn after(variant: &str, moves: &str) -> Position {
    let rules = load(variant);
    let mut p = Position::start(&rules);
    play_line(&mut p, moves).unwrap();
    p
}

#[test]
fn an_arrow_flies_like_a_queen_from_where_the_amazon_landed_and_stays() {
    let rules = load(AMAZONS);
    let start = Position::start(&rules);
    assert_eq!(start.legal_moves().len(), 2176);
    // The arrow may go back over the square the amazon left (d1).
    let p = after(AMAZONS, "d1d7,d7d1");
    assert_eq!(
        p.to_fen(),
        "3q2q3/10/10/q2Q5q/10/10/Q8Q/10/10/3*2Q3 b - - 1 1"
    );
    // Arrows stay: a second one beside the first, both in position text.
    let q = after(AMAZONS, "d1d7,d7d1 g10g2,g2h1");
    assert_eq!(
        q.to_fen(),
        "3q6/10/10/q2Q5q/10/10/Q8Q/10/6q3/3*2Q*2 w - - 2 2"
    );
    let again = Position::from_fen(&rules, &q.to_fen()).unwrap();
    assert_eq!(again.hash(), q.hash());
    // The same amazons with an arrow elsewhere: another position, another hash.
    let other = after(AMAZONS, "d1d7,d7d1 g10g2,g2h2");
    assert_ne!(other.hash(), q.hash());
    // An arrow blocks amazons: from g1 nothing passes h1.
    assert!(!legal_move_texts(&q).iter().any(|t| t.starts_with("g1-i1")));
    // Perft, with the second parts counted once per arrow square.
    assert_eq!(chessgraph::perft::perft(&mut start.clone(), 2), 4_307_152);
}

#[test]
fn both_forms_of_an_arrow_move_read_as_one_move_and_every_move_reads_back() {
    let rules = load(AMAZONS);
    let pos = Position::start(&rules);
    for text in [
        "d1d7,d7g7",
        "d1-d7,*@g7",
        "d1d7,*@g7",
        "d1-d7,d7-g7",
        "d1d7,g7",
    ] {
        assert_eq!(read(&pos, text).as_deref(), Ok("d1-d7,*@g7"), "{text}");
    }
    let p = after(AMAZONS, "d1d7,d7d1 g10g2,g2h1");
    for text in legal_move_texts(&p) {
        assert_eq!(read(&p, &text).as_deref(), Ok(text.as_str()));
    }
}

#[test]
fn refused_arrows_say_why() {
    let rules = load(AMAZONS);
    let pos = Position::start(&rules);
    assert_eq!(
        read(&pos, "d1d7").unwrap_err(),
        "d1-d7 needs its second part: the arrow must be placed too (e.g. d1-d7,*@d1)"
    );
    // Not on a queen's line from d7.
    assert_eq!(
        read(&pos, "d1d7,d7e1").unwrap_err(),
        "cannot put the arrow on e1: it is out of reach of the amazon on d7"
    );
    // On a line, but a7 holds Black's amazon.
    assert_eq!(
        read(&pos, "d1d7,d7a7").unwrap_err(),
        "cannot put the arrow on a7: it is not empty"
    );
    // On a line, but behind the arrow on d8: out of reach.
    let p = after(AMAZONS, "d1d7,d7d8");
    assert_eq!(
        read(&p, "d10d9,d9d6").unwrap_err(),
        "cannot put the arrow on d6: it is out of reach of the amazon on d9"
    );
    // An amazon never captures, and never passes an arrow.
    assert_eq!(
        read(&p, "d10d7,*@d10").unwrap_err(),
        "the amazon on d10 cannot move to d7: d8 is in the way"
    );
    // `play` with a move value gives the same reasons.
    let b = rules.board();
    let (d1, d7, e1, a7) = (
        b.node("d1").unwrap(),
        b.node("d7").unwrap(),
        b.node("e1").unwrap(),
        b.node("a7").unwrap(),
    );
    let plain = Move::Normal {
        from: d1,
        to: d7,
        promotion: None,
        gating: None,
    };
    let onto = |sq| plain.with_gating(Gating::blocker(sq));
    assert!(matches!(
        pos.clone().play(&plain),
        Err(PlayError::BlockerMissing { .. })
    ));
    assert!(matches!(
        pos.clone().play(&onto(e1)),
        Err(PlayError::BlockerOutOfReach { .. })
    ));
    assert!(matches!(
        pos.clone().play(&onto(a7)),
        Err(PlayError::BlockerOnPiece { .. })
    ));
    assert!(pos.clone().play(&onto(d1)).is_ok());
}

#[test]
fn an_amazon_player_without_a_move_loses() {
    let rules = load(AMAZONS);
    let fen = "10/10/10/10/10/10/10/10/**6**/Q1*5*q w - - 0 1";
    let mut p = Position::from_fen(&rules, fen).unwrap();
    assert_eq!(p.legal_moves().len(), 9);
    play_line(&mut p, "a1b1,b1a1").unwrap();
    assert!(p.legal_moves().is_empty());
    let (outcome, _) = p.resolve(&mut Vec::new());
    assert!(
        matches!(outcome, Some(Outcome::Winner(w)) if w == PlayerId::seat(0)),
        "{outcome:?}"
    );
}

#[test]
fn isolation_removes_any_empty_square_but_the_start_squares() {
    let rules = load(ISOLATION);
    let start = Position::start(&rules);
    // 5 steps, each with 45 squares: 46 empty once the step is made, but c1 (a start square).
    assert_eq!(start.legal_moves().len(), 225);
    let p = after(ISOLATION, "c1b1,b1a1");
    assert_eq!(p.to_fen(), "3p2/6/6/6/6/6/6/*P4 b - - 1 1");
    assert_eq!(
        read(&start, "c1b1,b1c1").unwrap_err(),
        "cannot put the hole on c1: it never goes there"
    );
    assert_eq!(
        read(&p, "d8c7,c7a1").unwrap_err(),
        "cannot put the hole on a1: it is not empty"
    );
    // A token neither enters a removed square nor takes the other.
    assert_eq!(read(&p, "d8d7,*@a2").as_deref(), Ok("d8-d7,*@a2"));
    let boxed = Position::from_fen(&rules, "6/6/6/6/6/6/**4/P*4 w - - 0 1").unwrap();
    assert!(boxed.legal_moves().is_empty());
    let (outcome, _) = boxed.clone().resolve(&mut Vec::new());
    assert!(
        matches!(outcome, Some(Outcome::Winner(w)) if w == PlayerId::seat(1)),
        "{outcome:?}"
    );
    for text in legal_move_texts(&p) {
        assert_eq!(read(&p, &text).as_deref(), Ok(text.as_str()));
    }
}

#[test]
fn pictures_draw_arrows_as_markers_and_removed_squares_as_holes() {
    use chessgraph::render::{RenderOptions, render_svg};
    let amazons = after(AMAZONS, "d1d7,d7d1");
    let svg = render_svg(
        amazons.rules().board(),
        Some(&amazons),
        &RenderOptions::default(),
    );
    // The arrow on d1: a dark disc with a light cross, titled as the piece.
    assert_eq!(svg.matches("fill=\"#5a1e1e\"").count(), 1, "{svg}");
    assert!(svg.contains("M36 36L64 64M64 36L36 64"), "{svg}");
    let isolation = after(ISOLATION, "c1b1,b1a1 d8c7,c7f8");
    let svg = render_svg(
        isolation.rules().board(),
        Some(&isolation),
        &RenderOptions::default(),
    );
    // Two holes (a1, f8), each covering its cell; no arrow.
    assert_eq!(svg.matches("fill=\"#141414\"").count(), 2, "{svg}");
    assert!(!svg.contains("#5a1e1e"));
}

#[test]
fn joust_and_snailtrail_remove_the_square_the_piece_left() {
    let joust = after("variants/joust.toml", "");
    assert_eq!(joust.legal_moves().len(), 8);
    assert_eq!(read(&joust, "d4c2,c2d4").as_deref(), Ok("d4-c2,*@d4"));
    assert_eq!(
        read(&joust, "d4c2,c2a1").unwrap_err(),
        "the hole goes on the square the piece left, d4, not on a1"
    );
    let p = after("variants/joust.toml", "d4c2,c2d4");
    assert_eq!(p.to_fen(), "8/8/8/4n3/3*4/8/2N5/8 b - - 1 1");
    // The knight leaps over the hole but never lands on it.
    assert!(read(&p, "e5d3,d3e5").is_ok());
    let q = after("variants/joust.toml", "d4c2,c2d4 e5c6,c6e5 c2e3,e3c2");
    assert_eq!(
        read(&q, "c6d4,d4c6").unwrap_err(),
        "the knight on c6 cannot move to d4: d4 holds the hole, which no piece may take"
    );
    let snail = after("variants/snailtrail.toml", "a1b2,b2a1 g7f6,f6g7");
    assert_eq!(snail.to_fen(), "6*/5p1/7/7/7/1P5/*6 w - - 2 2");
    // The trail closes in: from b2 every step but onto a1.
    assert_eq!(snail.legal_moves().len(), 7);
    for text in legal_move_texts(&snail) {
        assert_eq!(read(&snail, &text).as_deref(), Ok(text.as_str()));
    }
}
