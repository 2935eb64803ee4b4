//! The `chessgraph` command line on 3 Man Chess: `moves` after a few moves, `show` after an
//! elimination (whose turn, who is in check, who is out), `moves`/`perft` on finished games.

use crate::helpers::cli::{run as chessgraph, stderr, stdout};

use crate::helpers::three_man_chess::*;

#[test]
fn moves_after_one_move_each() {
    let o = chessgraph(&["moves", STRICT, "--moves", "e2-e4 m2-m4 u2-u4"]);
    assert!(o.success(), "{}", stderr(&o));
    // Counted by hand: 14 pawn moves on a..h but e, e4-e5, Ke1-e2, the queen d1 round its loop
    // e2 f3 g4 h5 i6 | w6 x5 a4 b3 (9), the bishop f1 round its loop e2 d3 c4 b5 a6 | k6 j5 i4 h3
    // (9), knights b1-a3 b1-c3 g1-e2 g1-f3 g1-h3 (5): 39.
    assert_eq!(stderr(&o), "white to move: 39 legal move(s)\n");
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 39);
    for m in ["d1-w6", "d1-b3", "f1-k6", "f1-h3", "g1-e2", "e1-e2"] {
        assert!(out.lines().any(|l| l == m), "{m} missing:\n{out}");
    }
    insta::assert_snapshot!("moves_after_e4_m4_u4", out);
}

/// White mates Gray with Qj5-j2 and checks Black along ring 2 in the same move.
fn mate_fen() -> String {
    fen(
        &[
            ("e1", "wK"),
            ("j5", "wQ"),
            ("j6", "wR"),
            ("i1", "gK"),
            ("u2", "bK"),
            ("x1", "bR"),
        ],
        "w - - 0 1",
    )
}

#[test]
fn show_after_an_elimination() {
    let fen = mate_fen();
    let o = chessgraph(&["show", STRICT, "--fen", &fen, "--moves", "j5-j2"]);
    assert!(o.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("to move: black (b)\n"), "{out}");
    assert!(out.contains("in check: black\n"), "{out}");
    assert!(out.contains("eliminated: gray\n"), "{out}");
    assert!(!out.contains("game over"), "{out}");
    insta::assert_snapshot!("show_after_gray_is_mated", out);
}

#[test]
fn moves_and_perft_after_an_elimination() {
    let fen = mate_fen();
    let o = chessgraph(&["moves", STRICT, "--fen", &fen, "--moves", "j5-j2"]);
    assert!(o.success(), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.starts_with("black to move: "), "{err}");
    assert!(err.ends_with(", in check\n"), "{err}");
    let n = stdout(&o).lines().count();
    let o = chessgraph(&["perft", STRICT, "1", "--fen", &fen, "--moves", "j5-j2"]);
    assert!(o.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("Nodes searched: {n}\n"));
}

#[test]
fn a_finished_game_has_no_moves() {
    // Only White is left.
    let fen = fen(
        &[("e1", "wK"), ("m1", "gK"), ("u1", "bK")],
        "w - - 0 1 out:g,b",
    );
    let o = chessgraph(&["moves", STRICT, "--fen", &fen]);
    assert!(o.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    assert_eq!(stderr(&o), "game over: white wins\n");
    let o = chessgraph(&["perft", STRICT, "2", "--fen", &fen]);
    assert_eq!(stdout(&o), "Nodes searched: 0\n");
    let o = chessgraph(&["show", STRICT, "--fen", &fen]);
    let out = stdout(&o);
    assert!(out.contains("eliminated: gray, black\n"), "{out}");
    assert!(
        out.contains("game over: white wins: the last player standing\n"),
        "{out}"
    );
}

#[test]
fn show_marks_a_pawn_that_crossed_the_center() {
    let o = chessgraph(&[
        "show",
        STRICT,
        "--fen",
        "24/4wP19/24/24/24/wK3gK3bK15 w - - 0 1",
        "--moves",
        "e5-e6 e1-e2 i1-i2 e6-q6",
    ]);
    assert!(o.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let ring6 = out.lines().next().expect("a first row");
    assert!(ring6.starts_with("6 |"), "{out}");
    // Straight across the void from e6 to q6, and turned round: it now moves outward.
    assert_eq!(ring6.split_whitespace().nth(18), Some("wP'"), "{out}");
    assert!(out.contains("(' marks a piece turned round"), "{out}");
    assert!(out.contains("fen: 16wP[crossed]7/"), "{out}");
    // Before crossing, no mark.
    let before = stdout(&chessgraph(&[
        "show",
        STRICT,
        "--fen",
        "24/4wP19/24/24/24/wK3gK3bK15 w - - 0 1",
    ]));
    assert!(!before.contains('\''), "{before}");
}
