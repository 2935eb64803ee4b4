//! Frames act on composite directions through their paths: a frame lists plain directions only,
//! and `nne = { path = "n n e" }` turns with them (`docs/format-changes.md`).

use chessgraph::Position;
use chessgraph::testing::RulesInternals;

const VARIANT: &str = "tests/fixtures/variants/composite_knights.toml";

#[test]
fn a_composite_direction_turns_with_the_frame_through_its_path() {
    let rules = crate::helpers::load(VARIANT);
    let board = rules.board();
    let black = rules.frame_by_name("black").expect("black's frame");
    let (nne, ssw) = (
        board.direction("nne").expect("nne"),
        board.direction("ssw").expect("ssw"),
    );
    assert_eq!(rules.frame_dir(black, nne), ssw);
    assert_eq!(rules.frame_dir(black, ssw), nne);
    // White's knight on a1 leaps two up and one right; Black's on e5 two down and one left.
    let pos = Position::start(&rules);
    assert_eq!(crate::helpers::legal_moves_from(&pos, "a1"), ["a1-b3"]);
    let pos = Position::from_fen(&rules, "k3n/5/5/5/N3K b - - 0 1").expect("black to move");
    assert_eq!(crate::helpers::legal_moves_from(&pos, "e5"), ["e5-d3"]);
}

const TWISTED_BOARD: &str = r#"
[board]
name = "Two files with a flipping top"

[grid]
files = "ab"
ranks = 3

[directions]
n = { opposite = "s" }
e = { opposite = "w" }
s = {}
w = {}
nne = { path = "n n e" }
sse = { path = "s s e" }

[map.offsets]
n = [0, 1]
s = [0, -1]
e = [1, 0]
w = [-1, 0]

[twists]
flip = { n = "s", s = "n" }

[[link]]
dir = "n"
chain = ["a3", "b3", "a3"]
twist = "flip"
"#;

const TWISTED_VARIANT: &str = r#"
[variant]
name = "Flipping knights"
board = "board.toml"
start = "2/2/KN w - - 0 1"

[[player]]
name = "white"
short = "w"
mark = "upper"

[pieces.king]
letter = "K"
royal = true
moves = ["leap n s e w"]

[pieces.knight]
letter = "N"
moves = ["leap nne sse"]
"#;

#[test]
fn frames_reached_through_twists_turn_composite_directions_too() {
    let dir = crate::helpers::temp_dir();
    std::fs::write(dir.path().join("board.toml"), TWISTED_BOARD).expect("board");
    let variant = dir.path().join("variant.toml");
    std::fs::write(&variant, TWISTED_VARIANT).expect("variant");
    let rules = crate::helpers::load(&variant);
    let board = rules.board();
    let flipped = rules
        .frame_by_name("identity+flip")
        .expect("the frame a piece has after the twist");
    let (n, s) = (board.direction("n").unwrap(), board.direction("s").unwrap());
    let (nne, sse) = (
        board.direction("nne").unwrap(),
        board.direction("sse").unwrap(),
    );
    assert_eq!(rules.frame_dir(flipped, n), s);
    assert_eq!(rules.frame_dir(flipped, nne), sse);
    assert_eq!(rules.frame_dir(flipped, sse), nne);
}
