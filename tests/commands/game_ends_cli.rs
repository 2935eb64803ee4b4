//! The end rules and draw rules through the command line: `show` names how a game ended and
//! applies the variant's draw rules unless told not to; `moves` and `perft` never apply them.

use crate::helpers::cli::{run, run_with_input, stdout};

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

/// Chess with `[outcome] stalemate = "eliminate"` and `stalemate_score = SCORE` in `dir`.
fn scored_stalemate(dir: &std::path::Path, stalemate: &str, score: &str) -> String {
    let chess = format!("{}/variants/chess.toml", env!("CARGO_MANIFEST_DIR"));
    let path = dir.join(format!("{stalemate}-{score}.toml"));
    let text = format!(
        "extends = \"{chess}\"\n\n[variant]\nname = \"scored stalemate\"\n\n[outcome]\nstalemate = \"{stalemate}\"\nstalemate_score = {score}\n"
    );
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn a_scored_stalemate_says_the_scores_and_a_mate_does_not() {
    let dir = crate::helpers::temp_dir();
    let v = scored_stalemate(dir.path(), "eliminate", "0.25");
    let r = run(&["show", &v, "--fen", "k7/8/1QK5/8/8/8/8/8 b - - 0 1"]);
    r.assert_ok();
    assert!(
        r.stdout.contains(
            "game over: white wins: black has no legal move and is not in check (stalemate), scored 0.75 to 0.25\n"
        ),
        "{}",
        r.stdout
    );
    let r = run(&["show", &v, "--fen", "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1"]);
    assert!(
        r.stdout.contains("is in check (checkmate)\n"),
        "a mate is not scored: {}",
        r.stdout
    );
    // Only a lost stalemate has a score, and a score is from 0 to 1.
    run(&["check", &scored_stalemate(dir.path(), "draw", "0.25")])
        .assert_error(&["`stalemate` is not \"eliminate\""]);
    run(&["check", &scored_stalemate(dir.path(), "eliminate", "1.5")])
        .assert_error(&["a score from 0 to 1, not 1.5"]);
}

/// King and rook against a bare king in makruk, two plies before the count runs out.
const MAKRUK_COUNT: &str = "8/4k3/8/8/8/8/R7/3K4 w - 32 31 2";

#[test]
fn play_and_show_end_a_makruk_game_by_counting_and_write_the_count() {
    let r = run_with_input(
        &["play", "variants/makruk.toml", "--fen", MAKRUK_COUNT],
        b"fen\na2a3\ne7e6\n",
    );
    assert!(r.success(), "{}", r.stderr);
    let out = r.stdout.clone();
    assert!(out.contains("8/4k3/8/8/8/8/R7/3K4 w - 32 31 2"), "{out}");
    assert!(
        out.ends_with("result: draw: the count ran out before a mate (`[draws] counting`)\n"),
        "{out}"
    );
    // `show` writes the count as Fairy-Stockfish does; `--no-draw-rules` plays on.
    let r = run(&[
        "show",
        "variants/makruk.toml",
        "--fen",
        MAKRUK_COUNT,
        "--moves",
        "a2a3",
    ]);
    r.assert_ok();
    assert!(
        stdout(&r).contains("fen: 8/4k3/8/8/8/R7/8/3K4 b - 32 32 2"),
        "{}",
        stdout(&r)
    );
    assert!(!stdout(&r).contains("game over"), "{}", stdout(&r));
    let args = [
        "show",
        "variants/makruk.toml",
        "--fen",
        MAKRUK_COUNT,
        "--moves",
        "a2a3 e7e6",
    ];
    let r = run(&args);
    assert!(
        stdout(&r).contains("game over: draw: the count ran out"),
        "{}",
        stdout(&r)
    );
    let r = run(&[&args[..], &["--no-draw-rules"]].concat());
    assert!(!stdout(&r).contains("game over"), "{}", stdout(&r));
    // The count changes no move: perft from past the limit still counts the moves.
    let r = run(&[
        "perft",
        "variants/makruk.toml",
        "1",
        "--fen",
        "8/4k3/8/8/8/8/R7/3K4 w - 32 40 2",
    ]);
    r.assert_ok();
    assert!(
        !stdout(&r).ends_with("Nodes searched: 0\n"),
        "{}",
        stdout(&r)
    );
}
