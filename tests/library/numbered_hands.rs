//! Numbered pieces in hand (issue 38, item 4): in a variant whose captures go to hand, a captured
//! man keeps his number in the capturer's hand (a pyramid's captured parts each as their own
//! shape and number), a drop names the number it puts back (`T{9}@e5`), and make/unmake, the
//! hash and position text keep the numbers in hand.

use chessgraph::notation::{legal_move_texts, parse_move};
use chessgraph::testing::hash_from_scratch;
use chessgraph::{Material, Position};

use crate::helpers::load;
use crate::rithmomachia::{play, position_with};

const HANDS: &str = "tests/fixtures/rule_variants/rithmomachia_hands.toml";

/// The hand group of a position's text: `[T{9}]`.
fn hand_group(pos: &Position) -> String {
    let fen = pos.to_fen();
    let rows = fen.split(' ').next().expect("rows");
    rows[rows.rfind('[').expect("a hand group")..].to_string()
}

fn node(pos: &Position, name: &str) -> chessgraph::NodeId {
    pos.rules().board().node(name).expect("node")
}

/// Every legal move of `pos` played and taken back: the hash kept move by move is the hash
/// computed afresh, the position text reads back to the same position, and unmake restores the
/// position and its hash exactly; `depth` plies deep.
fn walk(pos: &mut Position, depth: u32) -> u64 {
    let mut moves = Vec::new();
    if pos.resolve(&mut moves).0.is_some() {
        return 0;
    }
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for m in moves {
        let before = pos.clone();
        let undo = pos.make(m);
        assert_eq!(pos.hash(), hash_from_scratch(pos), "{:?}", m.mv());
        let again = Position::from_fen(pos.rules(), &pos.to_fen()).expect("reads back");
        assert!(again == *pos, "{:?}: {}", m.mv(), pos.to_fen());
        assert_eq!(again.hash(), pos.hash());
        nodes += walk(pos, depth - 1);
        pos.unmake(undo);
        assert!(*pos == before, "{:?}", m.mv());
        assert_eq!(pos.hash(), before.hash());
    }
    nodes
}

#[test]
fn a_captured_man_keeps_his_number_in_hand_and_a_drop_puts_it_back() {
    // W: C9 c3; B: T9 e5, C3 h16: c3-d4 takes T9 by equality; it joins White's hand as T{9}.
    let mut pos = position_with(
        HANDS,
        &[("C9", "c3")],
        &[("T9", "e5"), ("C3", "h16")],
        false,
        [Material::default(); 2],
    );
    assert_eq!(hand_group(&pos), "[]");
    assert_eq!(play(&mut pos, "c3-d4"), ["T9@e5"]);
    assert_eq!(hand_group(&pos), "[T{9}]");
    let white = pos.rules().player_id(0).expect("white");
    assert_eq!(pos.captured(white).value, 9, "still counted as captured");
    play(&mut pos, "h16-g15");
    // One drop per empty square, each naming the number; with one number in hand the short
    // form names it too.
    let texts = legal_move_texts(&pos);
    let drops: Vec<&String> = texts.iter().filter(|t| t.contains('@')).collect();
    assert_eq!(drops.len(), 128 - 2, "{drops:?}");
    assert!(drops.iter().all(|t| t.starts_with("T{9}@")), "{drops:?}");
    let short = parse_move(&pos, "T@a1").expect("one number in hand");
    assert_eq!(short, parse_move(&pos, "T{9}@a1").expect("named"));
    play(&mut pos, "T{9}@a1");
    assert_eq!(pos.value_at(node(&pos, "a1")), Some(9));
    assert_eq!(hand_group(&pos), "[]");
    // The default game keeps no hand: the same capture puts nothing anywhere.
    let mut pos = position_with(
        "variants/rithmomachia.toml",
        &[("C9", "c3")],
        &[("T9", "e5"), ("C3", "h16")],
        false,
        [Material::default(); 2],
    );
    play(&mut pos, "c3-d4");
    assert!(!pos.to_fen().contains('['), "{}", pos.to_fen());
}

#[test]
fn a_pyramid_s_captured_parts_join_the_hand_each_with_its_shape_and_number() {
    // W: C16 c8; B: P[S64 S49 T36 T25 C16] e10: c8-d9 takes the C16 part only.
    let pyramid = "P[S64 S49 T36 T25 C16]";
    let mut pos = position_with(
        HANDS,
        &[("C16", "c8")],
        &[(pyramid, "e10"), ("C3", "h16")],
        false,
        [Material::default(); 2],
    );
    play(&mut pos, "c8-d9");
    assert_eq!(hand_group(&pos), "[C{16}]");
    // W: C8 f3; B: the pyramid on h1: f3-g2 takes it whole by siege: five men in hand, by
    // shape in the variant's order, each shape's numbers rising.
    let mut pos = position_with(
        HANDS,
        &[("C8", "f3")],
        &[(pyramid, "h1"), ("C3", "h16")],
        false,
        [Material::default(); 2],
    );
    play(&mut pos, "f3-g2");
    assert_eq!(hand_group(&pos), "[C{16}T{25}T{36}S{49}S{64}]");
    let white = pos.rules().player_id(0).expect("white");
    assert_eq!(pos.captured(white).men, 5);
    // The pyramid itself is never in hand.
    let rules = load(HANDS);
    let err = Position::from_fen(
        &rules,
        "8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/C{2}6c{3}[P] w - - 0 1",
    )
    .expect_err("a stack in hand");
    assert!(
        err.to_string().contains("a stack is never in hand"),
        "{err}"
    );
}

#[test]
fn two_numbers_in_hand_are_two_drops_each_named_by_its_number() {
    let rules = load(HANDS);
    let text = "7c{3}/8/8/8/8/8/8/8/8/8/8/8/8/8/8/C{2}7[T{25}T{9}c{5}] w - - 0 1";
    let pos = Position::from_fen(&rules, text).expect("numbers in hand");
    assert_eq!(
        hand_group(&pos),
        "[T{9}T{25}c{5}]",
        "each kind's numbers rising"
    );
    let again = Position::from_fen(&rules, &pos.to_fen()).expect("reads back");
    assert!(again == pos);
    assert_eq!(again.hash(), pos.hash());
    // A hand with other numbers is another position, with another hash.
    let other = Position::from_fen(&rules, &text.replace("T{9}", "T{8}")).expect("other");
    assert_ne!(other.hash(), pos.hash());
    let texts = legal_move_texts(&pos);
    let drops = texts.iter().filter(|t| t.contains('@')).count();
    assert_eq!(
        drops,
        2 * (128 - 2),
        "T{{9}} and T{{25}} on every empty square"
    );
    assert!(texts.contains(&"T{9}@b1".to_string()) && texts.contains(&"T{25}@b1".to_string()));
    // Black's c{5} is not White's to drop; a drop must name one of the numbers held.
    let e = parse_move(&pos, "T@b1")
        .expect_err("which triangle?")
        .to_string();
    assert!(e.contains("T{9}@b1") && e.contains("T{25}@b1"), "{e}");
    let e = parse_move(&pos, "T{7}@b1").expect_err("no T7").to_string();
    assert!(e.contains("white has no `T{7}` in hand"), "{e}");
    let e = parse_move(&pos, "C@b1").expect_err("no circle").to_string();
    assert!(e.contains("white has no `C` in hand"), "{e}");
    // A numbered man in hand needs his number; the number reads as a whole number.
    let e = Position::from_fen(&rules, &text.replace("T{9}", "T")).expect_err("no number");
    assert!(
        e.to_string()
            .contains("each piece in hand carries its number"),
        "{e}"
    );
    let e = Position::from_fen(&rules, &text.replace("T{9}", "T{x}")).expect_err("bad");
    assert!(
        e.to_string().contains("a piece's number is a whole number"),
        "{e}"
    );
    // In crazyhouse nothing carries a number: `[P{3}]` is refused, `[Pp]` reads as ever.
    let crazyhouse = load("variants/crazyhouse.toml");
    let e = Position::from_fen(&crazyhouse, "4k3/8/8/8/8/8/8/4K3[P{3}] w - - 0 1")
        .expect_err("a numbered pawn");
    assert!(e.to_string().contains("the pawn carries no number"), "{e}");
    let ok = Position::from_fen(&crazyhouse, "4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1").expect("old");
    assert_eq!(ok.to_fen(), "4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1");
}

#[test]
fn make_and_unmake_keep_the_numbers_in_hand_the_hash_and_the_text() {
    // White holds T{25}, Black c{5}; White's C9 c3 can take Black's T9 e5 into his hand. Every
    // move two plies deep is played and taken back (drops, captures into hand, both at once).
    let rules = load(HANDS);
    let text = "7c{3}/8/8/8/8/8/8/8/8/8/8/4t{9}3/8/2C{9}5/8/C{2}7[T{25}c{5}] w - - 0 1";
    let mut pos = Position::from_fen(&rules, text).expect("position");
    let nodes = walk(&mut pos, 2);
    assert!(nodes > 10_000, "{nodes}");
    assert_eq!(pos.to_fen(), text);
}
