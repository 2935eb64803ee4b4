//! Text typed or pasted by users: move text, position text, `play` input.

use super::runner::{run, run_with_input};

#[test]
fn a_move_with_non_ascii_characters_is_refused_not_a_crash() {
    for text in ["e2e4é", "é", "e2é4", "e2-e4é", "e7e8é", "ß", "e2\u{301}e4", "🙂🙂"] {
        run(&["moves", "variants/chess.toml", "--moves", text])
            .assert_error(&["--moves: move 1", "cannot read move"]);
    }
    // Multi-byte node names and letters on a board with non-ASCII names are a move's business
    // too: the 3 Man Chess board has long names, and any cut of the text is tried safely.
    run(&["moves", "variants/three_man_chess.toml", "--moves", "a2a4é"])
        .assert_error(&["cannot read move"]);
}

#[test]
fn a_move_text_far_too_long_is_refused_at_once() {
    let long = "e2".repeat(20_000);
    run(&["moves", "variants/chess.toml", "--moves", &long]).assert_error(&["too long for a move"]);
}

#[test]
fn a_typo_in_play_does_not_end_the_game() {
    let r = run_with_input(
        &["play", "variants/chess.toml"],
        "e2e4é\ne2e4\nquit\n".as_bytes(),
    );
    r.assert_ok();
    assert!(r.stdout.contains("cannot read move"), "{}", r.stdout);
    assert!(r.stdout.contains("last move: white e2-e4"), "{}", r.stdout);
}
