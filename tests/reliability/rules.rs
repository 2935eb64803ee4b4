//! Rules that used to pass `check` and then corrupt positions: castling and promotion entries.

use super::runner::run;

const DIR: &str = "tests/fixtures/reliability";

fn fixture(name: &str) -> String {
    format!("{DIR}/{name}")
}

#[test]
fn inconsistent_castling_entries_are_refused_with_their_location() {
    for (file, at, code, message) in [
        (
            "castling_same_destination.toml",
            ":11:8",
            "bad-castling",
            "end on the same square",
        ),
        (
            "castling_three_king_squares.toml",
            ":10:8",
            "bad-castling",
            "needs two squares",
        ),
        (
            "castling_null.toml",
            ":11:8",
            "bad-castling",
            "moves neither the king nor the rook",
        ),
        (
            "castling_king_stays.toml",
            ":10:8",
            "bad-castling",
            "the king does not move: castling is the king's move",
        ),
        (
            "castling_prefix_tokens.toml",
            ":16:9",
            "duplicate-name",
            "`K` and `KQ` begin alike",
        ),
    ] {
        let path = fixture(file);
        run(&["check", "--short", &path]).assert_error(&[&format!("{path}{at}"), message]);
        // Every command that loads the file refuses it.
        run(&["perft", &path, "1"]).assert_error(&[code, "is not a valid variant file"]);
    }
}

#[test]
fn castling_never_lands_on_a_piece_even_without_an_empty_list() {
    let file = fixture("castling_without_empty.toml");
    // The start position keeps every piece: no castling is possible through f1 and g1.
    let show = run(&["show", &file]);
    show.assert_ok();
    assert!(show.stdout.contains("R N B Q K B N R"), "{}", show.stdout);
    let moves = run(&["moves", &file]);
    assert!(!moves.stdout.contains("e1-g1"), "{}", moves.stdout);
    // Once f1 and g1 are clear, castling works as in orthodox chess.
    let line = "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6";
    let moves = run(&["moves", &file, "--moves", line]);
    assert!(moves.stdout.contains("e1-g1"), "{}", moves.stdout);
    let castled = run(&["show", &file, "--moves", &format!("{line} e1g1")]);
    assert!(
        castled.stdout.contains("R N B Q . R K ."),
        "{}",
        castled.stdout
    );
    // The same counts as orthodox chess, whatever the thread count.
    for depth in ["3", "4"] {
        let mut counts = Vec::new();
        for (variant, threads) in [
            ("variants/chess.toml", "1"),
            (file.as_str(), "1"),
            (file.as_str(), "2"),
        ] {
            let r = run(&[
                "perft",
                variant,
                depth,
                "--threads",
                threads,
                "--moves",
                line,
            ]);
            r.assert_ok();
            counts.push(r.stdout);
        }
        assert!(counts.windows(2).all(|w| w[0] == w[1]), "{counts:?}");
    }
}

#[test]
fn promotion_choices_repeated_or_naming_the_piece_itself_are_refused() {
    let dup = fixture("promotion_duplicate.toml");
    let r = run(&["check", "--short", &dup]);
    r.assert_error(&[
        &format!(
            "{dup}:8:51: error[variant::duplicate-name]: piece `pawn` lists the promotion `Q` twice"
        ),
        &format!("{dup}:8:56:"),
    ]);
    let itself = fixture("promotion_itself.toml");
    run(&["check", "--short", &itself]).assert_error(&[&format!(
        "{itself}:8:46: error[schema::invalid-value]: piece `pawn` promotes to itself"
    )]);
}
