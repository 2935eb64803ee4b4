//! Position and move text in the grammar every variant shares: tokens of two characters (`+P`),
//! and the marks a variant cannot use yet (`~`, `{value}`, `(stack)`) refused by name.

use chessgraph::Position;
use chessgraph::notation::{move_text, parse_move, play_line};

use crate::helpers::legal_moves_from;
use crate::helpers::load;

const FILE: &str = "tests/fixtures/rule_variants/promoted_faces.toml";

#[test]
fn promoted_faces_are_written_read_and_played_as_plus_tokens() {
    let rules = load(FILE);
    let mut pos = Position::from_fen(&rules, "4k3/P7/8/8/8/8/7p/4K3 w - - 0 1").expect("position");
    let m = parse_move(&pos, "a7-a8=+P").expect("promotion to the promoted face");
    // A promotion to the piece's own face is written with the suffix `+`, long and compact.
    assert_eq!(move_text(&pos, m), "a7-a8+");
    assert_eq!(parse_move(&pos, "a7-a8+"), Ok(m));
    assert_eq!(parse_move(&pos, "a7a8+"), Ok(m));
    play_line(&mut pos, "a7-a8+ h2h1+").expect("both promote");
    let text = pos.to_fen();
    assert_eq!(text, "+P3k3/8/8/8/8/8/8/4K2+p w - - 0 2");
    let back = Position::from_fen(&rules, &text).expect("reads back");
    assert!(back == pos, "the text reads back to the same position");
    // The promoted face moves as its own kind: one step any way.
    assert_eq!(legal_moves_from(&pos, "a8"), ["a8-a7", "a8-b7", "a8-b8"]);
}

#[test]
fn marks_the_variant_cannot_use_are_refused_by_name() {
    let rules = load(FILE);
    let cases = [
        (
            "4k3/8/8/8/8/8/8/P~3K3 w - - 0 1",
            "a demoting piece (`~`) on a1: this variant has no promoted pieces that turn back when captured",
        ),
        (
            "4k3/8/8/8/8/8/8/P{16}3K3 w - - 0 1",
            "a value on a1: this variant has no pieces that carry one",
        ),
        (
            "4k3/8/8/8/8/8/8/P{0}3K3 w - - 0 1",
            "a piece's value is a number from 1 to 65535",
        ),
        (
            "4k3/8/8/8/8/8/8/P{65536}3K3 w - - 0 1",
            "a piece's value is a number from 1 to 65535",
        ),
        ("4k3/8/8/8/8/8/8/P{16 w - - 0 1", "unclosed `{`"),
        (
            "4k3/8/8/8/8/8/8/P(P.K{7})3K3 w - - 0 1",
            "a stack on a1: this variant has no stacks",
        ),
        (
            "4k3/8/8/8/8/8/8/P(P.Z)3K3 w - - 0 1",
            "a stack part `Z` is no piece's token",
        ),
        (
            "4k3/8/8/8/8/8/8/P(P3K3 w - - 0 1",
            "expected `.` or `)` after a stack part",
        ),
        ("4k3/8/8/8/8/8/8/P(P.3K3 w - - 0 1", "is no piece's token"),
        (
            "4k3/8/8/8/8/8/8/P(P.P)3K3 w - - 0 1",
            "a stack on a1: this variant has no stacks",
        ),
        (
            "4k3/8/8/8/8/8/8/+Q3K3 w - - 0 1",
            "no piece has the letter `+Q`",
        ),
        (
            "4k3/8/8/8/8/8/8/+ w - - 0 1",
            "`+` is neither a piece nor a count",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2+ w - - 0 1",
            "`+` is neither a piece nor a count",
        ),
    ];
    for (text, why) in cases {
        let err = Position::from_fen(&rules, text)
            .expect_err(text)
            .to_string();
        assert!(err.contains(why), "{text}: {err}");
    }
    let pos = Position::start(&rules);
    let err = parse_move(&pos, "a2-a3=+Q")
        .expect_err("no such token")
        .to_string();
    assert!(err.contains("no piece has the token `+Q`"), "{err}");
}

#[test]
fn a_setup_with_state_the_variant_has_no_place_for_is_refused_naming_it() {
    let rules = load(FILE);
    let text = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let mut setup = Position::read_setup(&rules, text).expect("reads");
    let (white, pawn) = (
        rules.player_id(0).expect("white"),
        rules.kind_by_letter('P').expect("pawn"),
    );
    setup.hands.insert((white, pawn), 2);
    setup.captured.insert(
        white,
        chessgraph::Material {
            men: 1,
            value: 1,
            digits: 0,
        },
    );
    let err = Position::from_setup(&rules, setup, Default::default())
        .expect_err("no hands, no captured material")
        .to_string();
    assert!(
        err.contains("pieces in hand: this variant has no hands"),
        "{err}"
    );
    assert!(
        err.contains("captured material: this variant has no count of captured material"),
        "{err}"
    );
    // Empty hands are no state at all.
    let mut setup = Position::read_setup(&rules, text).expect("reads");
    setup.hands.insert((white, pawn), 0);
    assert!(Position::from_setup(&rules, setup, Default::default()).is_ok());
}
