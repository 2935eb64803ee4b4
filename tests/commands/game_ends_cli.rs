//! The end rules and draw rules through the command line: `show` names how a game ended and
//! applies the variant's draw rules unless told not to; `moves` and `perft` never apply them.

use crate::helpers::cli::{run, stdout};

const SHATRANJ: &str = "variants/shatranj.toml";
const KINGS_AND_ROOK: &str = "3k4/8/8/8/8/2p5/8/R2K4 w - - 0 1";
const REPEATED: &str = "a1a2 d8e8 a2a1 e8d8 a1a2 d8e8 a2a1 e8d8";

#[test]
fn show_names_a_win_by_a_bare_king() {
    let r = run(&["show", SHATRANJ, "--fen", "3k4/8/8/8/8/8/8/R2K4 w - - 0 1"]);
    r.assert_ok();
    assert!(
        stdout(&r).contains(
            "game over: white wins: a player is left with royal pieces only (bare royal)"
        ),
        "{}",
        stdout(&r)
    );
}

#[test]
fn show_applies_the_draw_rules_along_the_moves() {
    let r = run(&[
        "show",
        SHATRANJ,
        "--fen",
        KINGS_AND_ROOK,
        "--moves",
        REPEATED,
    ]);
    r.assert_ok();
    assert!(
        stdout(&r).contains("game over: draw: the same position occurred 3 times"),
        "{}",
        stdout(&r)
    );
    let r = run(&[
        "show",
        SHATRANJ,
        "--fen",
        KINGS_AND_ROOK,
        "--moves",
        REPEATED,
        "--no-draw-rules",
    ]);
    r.assert_ok();
    assert!(!stdout(&r).contains("game over"), "{}", stdout(&r));
    // The move list and perft ignore the draw rules.
    let r = run(&[
        "perft",
        SHATRANJ,
        "1",
        "--fen",
        KINGS_AND_ROOK,
        "--moves",
        REPEATED,
    ]);
    r.assert_ok();
    assert!(
        stdout(&r).ends_with("Nodes searched: 13\n"),
        "{}",
        stdout(&r)
    );
}
