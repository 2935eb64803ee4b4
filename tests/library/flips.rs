//! Pieces that turn over (`flip`) and faces dropped from the hand (`drop.face`): Kyoto shogi's
//! turn after every move, micro shogi's after every capture, the move text of both ways, the
//! drops of either face, and the refusals with their reasons.

use chessgraph::Position;
use chessgraph::notation::{legal_move_texts, parse_move, play_line};

const KYOTO: &str = "variants/kyotoshogi.toml";
const MICRO: &str = "variants/micro.toml";

fn after(variant: &str, fen: Option<&str>, line: &str) -> Position {
    let rules = crate::helpers::load(variant);
    let mut pos = match fen {
        Some(f) => Position::from_fen(&rules, f).expect("fen"),
        None => Position::start(&rules),
    };
    play_line(&mut pos, line).expect("the line is legal");
    pos
}

fn refusal(pos: &Position, mv: &str) -> String {
    match parse_move(pos, mv) {
        Ok(m) => panic!("{mv} was accepted as {m:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn kyoto_pieces_turn_over_after_every_move_and_the_king_never() {
    // The silver lands as a bishop, the tokin as a lance; gote's bishop turns back into a
    // silver facing gote's way: it steps to b2, c2 and d2, and back to b4 and d4.
    let line = "b1b2+ d5d4+ a1a2- d4c3-";
    let pos = after(KYOTO, None, line);
    assert_eq!(pos.to_fen(), "p+nk1+l/5/2s2/L+S3/2K+NP[] w - - 4 3");
    let pos = after(KYOTO, None, &format!("{line} c1b1"));
    let silver: Vec<String> = legal_move_texts(&pos)
        .into_iter()
        .filter(|m| m.starts_with("c3-"))
        .collect();
    assert_eq!(silver, ["c3-b2+", "c3-b4+", "c3-c2+", "c3-d2+", "c3-d4+"]);
    // The king moves as itself.
    assert!(legal_move_texts(&after(KYOTO, None, "")).contains(&"c1-c2".to_string()));
}

#[test]
fn a_move_without_its_mark_is_refused_with_the_rule() {
    let start = after(KYOTO, None, "");
    assert_eq!(
        refusal(&start, "b1a2"),
        "the silver turns into +S after every move: write b1-a2+"
    );
    assert_eq!(
        refusal(&start, "a1a2"),
        "the tokin turns into L after every move: write a1-a2-"
    );
    // The compact and long forms read the same move.
    assert_eq!(parse_move(&start, "a1a2-"), parse_move(&start, "a1-a2-"));
    // In a variant where nothing turns back, the suffix `-` is refused as such.
    let shogi = after("variants/minishogi.toml", None, "");
    assert!(refusal(&shogi, "a2a3-").contains("no piece of this variant turns back"));
}

#[test]
fn a_piece_in_hand_is_dropped_as_either_face_and_leaves_the_hand() {
    let fen = "p+nk1+l/5/5/5/+LSK+NP[S] w - - 0 1";
    let plain = after(KYOTO, Some(fen), "S@c3");
    assert_eq!(plain.to_fen(), "p+nk1+l/5/2S2/5/+LSK+NP[] b - - 0 1");
    let face = after(KYOTO, Some(fen), "+S@c3");
    assert_eq!(face.to_fen(), "p+nk1+l/5/2+S2/5/+LSK+NP[] b - - 0 1");
    // Gote has no silver in hand, and shogi drops no promoted face.
    let gote = after(KYOTO, Some(fen), "c1c2");
    assert_eq!(refusal(&gote, "+S@c3"), "gote has no `S` in hand");
    let shogi = after(
        "variants/minishogi.toml",
        Some("rbsgk/4p/5/5/KGSBR[P] w - - 0 1"),
        "",
    );
    assert_eq!(
        refusal(&shogi, "+P@c3"),
        "`+P` is not dropped: a captured one joins the hand as `P`, and a `P` in hand is dropped as itself (`P@...`)"
    );
}

#[test]
fn micro_pieces_turn_over_only_when_they_capture() {
    // The bishop's quiet move leaves it a bishop; the pawn that takes it lands as a knight.
    let pos = after(MICRO, None, "c1a3 a4a3+");
    assert_eq!(pos.to_fen(), "kb+r+l/4/+p3/3P/+L+R1K[b] w - - 0 2");
    // A gold that takes turns back into the rook it was; the king's capture is plain.
    let pos = after(MICRO, None, "c1a3 b5c4 a3b4");
    assert_eq!(legal_move_texts(&pos), ["a5-b4", "a5-b5", "c5-b4-"]);
    let pos = after(MICRO, None, "c1a3 b5c4 a3b4 c5b4-");
    assert_eq!(pos.to_fen(), "k2+l/prb1/4/3P/+L+R1K[b] w - - 0 3");
}
