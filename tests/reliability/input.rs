//! Text typed or pasted by users: move text, position text, `play` input.

use super::runner::{run, run_with_input};

#[test]
fn a_move_with_non_ascii_characters_is_refused_not_a_crash() {
    for text in [
        "e2e4é",
        "é",
        "e2é4",
        "e2-e4é",
        "e7e8é",
        "ß",
        "e2\u{301}e4",
        "🙂🙂",
    ] {
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

/// `show --fen TEXT`, expected to be refused with every one of `parts` in the message.
fn refused_fen(text: &str, parts: &[&str]) {
    run(&["show", "variants/chess.toml", "--fen", text]).assert_error(parts);
}

#[test]
fn an_en_passant_entry_must_name_a_piece_that_just_passed_its_square() {
    // `@e8` names the king: an en passant capture would remove it.
    refused_fen(
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6@e8 0 1",
        &[
            "en passant `d6`",
            "the king on e8 cannot just have passed d6",
        ],
    );
    refused_fen(
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6@d4 0 1",
        &["black has no piece on d4"],
    );
    // The right pawn, named or derived, is accepted, and the capture removes that pawn.
    for fen in [
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6@d5 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
    ] {
        let r = run(&[
            "show",
            "variants/chess.toml",
            "--fen",
            fen,
            "--moves",
            "e5d6",
        ]);
        r.assert_ok();
        assert!(
            r.stdout.contains("fen: 4k3/8/3P4/8/8/8/8/4K3 b - - 0 1"),
            "{}",
            r.stdout
        );
    }
}

#[test]
fn empty_square_counts_never_wrap_round() {
    // 2^64 + 8 used to read as 8.
    refused_fen(
        "18446744073709551624/8/8/8/8/8/8/4K2k w - - 0 1",
        &[
            "row 1",
            "18446744073709551624 empty squares, more than the row's 8 squares",
        ],
    );
    refused_fen("9/8/8/8/8/8/8/4K2k w - - 0 1", &["9 empty squares"]);
    refused_fen("4k4/8/8/8/8/8/8/4K3 w - - 0 1", &["row 1"]);
}

#[test]
fn repeated_or_too_many_en_passant_entries_are_refused() {
    let ten = ["d6"; 10].join(",");
    refused_fen(
        &format!("4k3/8/8/3pP3/8/8/8/4K3 w - {ten} 0 1"),
        &["10 en passant entries: a position keeps at most 8"],
    );
    refused_fen(
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6,d6 0 1",
        &["en passant `d6` is given twice"],
    );
    refused_fen(
        "4k3/8/8/8/8/8/8/4K3 w KK - 0 1",
        &["castling right `K` is given twice"],
    );
    refused_fen(
        "4k3/8/8/8/8/8/8/4K3 w - - 99999999999 1",
        &["halfmove clock `99999999999` is not a number"],
    );
}

#[test]
fn accepted_position_text_prints_back_to_itself() {
    for (variant, fen) in [
        ("variants/chess.toml", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"),
        ("variants/chess.toml", "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 7 40"),
        (
            "variants/three_man_chess.toml",
            "24/24/24/24/wPwPwPwPwPwPwPwPgPgPgPgPgPgPgPgPbPbPbPbPbPbPbPbP/wRwNwBwQwKwBwNwRgRgNgBgQgKgBgNgRbRbNbBbQbKbBbNbR g wKwQgKgQbKbQ - 0 1",
        ),
    ] {
        let r = run(&["show", variant, "--fen", fen]);
        r.assert_ok();
        assert!(r.stdout.contains(&format!("fen: {fen}\n")), "{}", r.stdout);
    }
}

#[test]
fn play_refuses_bad_lines_and_extra_words_and_goes_on() {
    let mut input = b"moves e2 extra\nundo x y\nquit now\nfen x\n\xff\xfe\n".to_vec();
    input.extend(b"e2e4\nquit\n");
    let r = run_with_input(&["play", "variants/chess.toml"], &input);
    r.assert_ok();
    for expected in [
        "usage: moves [SQUARE]",
        "usage: undo (type `help`",
        "usage: quit (type `help`",
        "usage: fen (type `help`",
        "line refused: not UTF-8 text (byte 1 of the line)",
        "last move: white e2-e4",
        "game abandoned",
    ] {
        assert!(r.stdout.contains(expected), "{expected}:\n{}", r.stdout);
    }
}

#[test]
fn play_refuses_a_line_over_the_limit_in_bounded_time() {
    // 10 MB on one line, then a move: the line is refused whole and the game goes on.
    let mut input = vec![b'e'; 10 * 1024 * 1024];
    input.extend(b"\ne2e4\nquit\n");
    let r = run_with_input(&["play", "variants/chess.toml"], &input);
    r.assert_ok();
    assert!(
        r.stdout.contains("line refused: longer than 65536 bytes"),
        "{}",
        &r.stdout[..r.stdout.len().min(2000)]
    );
    assert!(r.stdout.contains("last move: white e2-e4"));
    // At the limit, the line is read (and refused as a move, not as a line).
    let mut input = vec![b'e'; 65_536];
    input.extend(b"\nquit\n");
    let r = run_with_input(&["play", "variants/chess.toml"], &input);
    assert!(!r.stdout.contains("line refused"));
    assert!(r.stdout.contains("too long for a move"));
}

/// Characters that must never reach a terminal raw: control characters and bidirectional
/// formatting characters.
const UNPRINTABLE: [char; 6] = [
    '\u{1b}', '\u{7}', '\u{9b}', '\u{202e}', '\u{2066}', '\u{200f}',
];

fn assert_nothing_raw(r: &super::runner::Run) {
    for c in UNPRINTABLE {
        assert!(
            !r.stdout.contains(c) && !r.stderr.contains(c),
            "{c:?} raw:\n{}\n{}",
            r.stdout,
            r.stderr
        );
    }
}

#[test]
fn control_and_bidi_characters_typed_on_the_command_line_are_escaped_in_errors() {
    for (args, expected) in [
        (
            vec!["moves", "variants/chess.toml", "--moves", "e2e4\u{1b}[31m"],
            "cannot read move `e2e4\\u{1b}[31m`",
        ),
        (
            vec!["moves", "variants/chess.toml", "--moves", "e2\u{202e}e4"],
            "move 1 `e2\\u{202e}e4`",
        ),
        (
            vec![
                "show",
                "variants/chess.toml",
                "--fen",
                "8/8/8/8/8/8/8/8 \u{1b}]0;x\u{7} - - 0 1",
            ],
            "unknown side to move `\\u{1b}]0;x\\u{7}`",
        ),
        (
            vec![
                "show",
                "variants/chess.toml",
                "--fen",
                "4k3/8/8/8/8/8/8/4K3 w - - 0 1 out:\u{2066}b",
            ],
            "unknown eliminated player `\\u{2066}b`",
        ),
        (
            vec!["links", "boards/chess.toml", "a\u{9b}1"],
            "has no node `a\\u{9b}1`",
        ),
        (
            vec!["render", "variants/chess.toml", "--from", "e\u{200f}2"],
            "--from: the board has no node `e\\u{200f}2`",
        ),
    ] {
        let r = run(&args);
        r.assert_error(&[expected]);
        assert_nothing_raw(&r);
    }
}

#[test]
fn play_refuses_lines_with_control_or_bidi_characters_and_goes_on() {
    let dir = crate::helpers::temp_dir();
    let variant = concat!(env!("CARGO_MANIFEST_DIR"), "/variants/chess.toml");
    let input = "e2e4\u{1b}[31m\ne2\u{202e}e4\nmoves e\u{7}2\nsvg a\"b.svg\nsvg it's.svg\nsvg ok.svg\ne2e4\nquit\n";
    let r = super::runner::run_in(Some(dir.path()), &["play", variant], input.as_bytes());
    r.assert_ok();
    assert_nothing_raw(&r);
    for expected in [
        "line refused: a control character (U+001B, character 5 of the line)",
        "line refused: a bidirectional formatting character (U+202E, character 3 of the line)",
        "line refused: a control character (U+0007, character 8 of the line)",
        "wrote ok.svg",
        "last move: white e2-e4",
    ] {
        assert!(r.stdout.contains(expected), "{expected}:\n{}", r.stdout);
    }
    assert_eq!(
        r.stdout.matches("usage: svg FILE").count(),
        2,
        "{}",
        r.stdout
    );
    let written: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(written, ["ok.svg"]);
}

#[test]
fn position_text_floods_are_capped_and_quoted_text_is_bounded() {
    let zz = vec!["zz"; 12_000].join(",");
    let r = run(&[
        "show",
        "variants/chess.toml",
        "--fen",
        &format!("4k3/8/8/8/8/8/8/4K3 w - - 0 1 out:{zz}"),
    ]);
    r.assert_error(&[
        "unknown eliminated player `zz` (expected one of: w b)",
        "; and 11980 more problem(s)",
    ]);
    assert_eq!(r.stderr.matches("unknown eliminated player").count(), 20);
    assert!(r.stderr.len() < 2_000, "{} bytes", r.stderr.len());
    // One huge field: quoted cut after 100 characters.
    let huge = "x".repeat(100_000);
    let r = run(&[
        "show",
        "variants/chess.toml",
        "--fen",
        &format!("4k3/8/8/8/8/8/8/4K3 w - - 0 1 {huge}"),
    ]);
    r.assert_error(&[&format!(
        "unknown field `{}…` after the move number",
        "x".repeat(100)
    )]);
    assert!(r.stderr.len() < 300, "{} bytes", r.stderr.len());
    // A player's full name is not its token.
    refused_fen(
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 out:black",
        &["unknown eliminated player `black` (expected one of: w b)"],
    );
}

#[test]
fn empty_square_counts_with_leading_zeros_are_refused_like_zero() {
    for (count, row) in [("00008", "00008"), ("08", "08"), ("04", "4k04")] {
        let fen = format!("{row}/8/8/8/8/8/8/4K2k w - - 0 1");
        refused_fen(
            &fen,
            &[&format!(
                "row 1 (`{row}`): the empty-square count `{count}` begins with 0"
            )],
        );
    }
    refused_fen(
        "0/8/8/8/8/8/8/4K2k w - - 0 1",
        &["an empty-square count of 0"],
    );
    run(&[
        "show",
        "variants/chess.toml",
        "--fen",
        "8/8/8/8/8/8/8/4K2k w - - 0 1",
    ])
    .assert_ok();
}

#[test]
fn file_names_with_control_characters_are_escaped_where_they_are_printed() {
    let dir = crate::helpers::temp_dir();
    let broken = dir.path().join("a\u{1b}]0;x\u{7}b.toml");
    std::fs::write(&broken, "[board]\nname = 1\n").unwrap();
    let broken = broken.to_str().unwrap();
    for args in [vec!["check", broken], vec!["check", "--short", broken]] {
        let r = run(&args);
        r.assert_error(&[
            "a\\u{1b}]0;x\\u{7}b.toml:2:8",
            "a\\u{1b}]0;x\\u{7}b.toml: invalid",
        ]);
        assert_nothing_raw(&r);
    }
    let board = dir.path().join("c\u{202e}d.toml");
    std::fs::copy("boards/chess.toml", &board).unwrap();
    let r = run(&["check", board.to_str().unwrap()]);
    r.assert_ok();
    assert!(r.stdout.contains("c\\u{202e}d.toml: ok"), "{}", r.stdout);
    assert_nothing_raw(&r);
}

#[test]
fn a_field_after_the_clocks_is_given_once_and_names_each_thing_once() {
    const CHESS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for (variant, tail, says) in [
        (
            "3check",
            "checks:3+3 checks:1+1",
            "the field `checks:` is given twice",
        ),
        (
            "3check",
            "checks:1+1 checks:1+1",
            "the field `checks:` is given twice",
        ),
        ("chess", "out:b out:b", "the field `out:` is given twice"),
        ("chess", "out:b,b", "`out:` names player `b` twice"),
    ] {
        let r = run(&[
            "show",
            &format!("variants/{variant}.toml"),
            "--fen",
            &format!("{CHESS} {tail}"),
        ]);
        r.assert_error(&[says]);
    }
    const RITHMOMACHIA: &str =
        "8/8/s{361}s{225}4s{121}s{49}/8/8/8/8/8/8/8/8/8/8/S{25}S{81}4S{169}S{289}/8/8 w - - 0 1";
    for (tail, says) in [
        ("captured:w=1/2,w=3/4", "player `w` is given twice"),
        (
            "captured:w=1/2 captured:b=1/2",
            "the field `captured:` is given twice",
        ),
        (
            "hello:1",
            "(expected `out:...`, `open:...`, `checks:...` or `captured:...`)",
        ),
    ] {
        run(&[
            "show",
            "variants/rithmomachia.toml",
            "--fen",
            &format!("{RITHMOMACHIA} {tail}"),
        ])
        .assert_error(&[says]);
    }
    const THREE: &str = "24/24/24/24/wPwPwPwPwPwPwPwPgPgPgPgPgPgPgPgPbPbPbPbPbPbPbPbP/wRwNwBwQwKwBwNwRgRgNgBgQgKgBgNgRbRbNbBbQbKbBbNbR w wKwQgKgQbKbQ - 0 1";
    for (tail, says) in [
        (
            "open:white-gray,white-gray",
            "`open:` names gate `white-gray` twice",
        ),
        (
            "open:white-gray open:gray-black",
            "the field `open:` is given twice",
        ),
    ] {
        run(&[
            "show",
            "variants/three_man_chess.toml",
            "--fen",
            &format!("{THREE} {tail}"),
        ])
        .assert_error(&[says]);
    }
    // Once each is fine.
    run(&[
        "show",
        "variants/rithmomachia.toml",
        "--fen",
        &format!("{RITHMOMACHIA} captured:w=1/2,b=3/4"),
    ])
    .assert_ok();
}

#[test]
fn a_stack_holds_its_owners_men_only() {
    let fen = |white_stack: &str, black_stack: &str| {
        format!(
            "8/8/s{{361}}s{{225}}{black_stack}3s{{121}}s{{49}}/8/8/8/8/8/8/8/8/8/8/S{{25}}S{{81}}{white_stack}3S{{169}}S{{289}}/8/8 w - - 0 1"
        )
    };
    run(&[
        "show",
        "variants/rithmomachia.toml",
        "--fen",
        &fen("P(s{36}.S{25})", "p(s{36}.s{25})"),
    ])
    .assert_error(&[
        "a stack part `s` in another player's case: the stack's owner's parts are written `S`",
    ]);
    run(&[
        "show",
        "variants/rithmomachia.toml",
        "--fen",
        &fen("P(S{36}.S{25})", "p(s{36}.S{25})"),
    ])
    .assert_error(&[
        "a stack part `S` in another player's case: the stack's owner's parts are written `s`",
    ]);
    let ok = run(&[
        "show",
        "variants/rithmomachia.toml",
        "--fen",
        &fen("P(S{36}.S{25})", "p(s{36}.s{25})"),
    ]);
    ok.assert_ok();
    assert!(ok.stdout.contains("P(S{36}.S{25})"), "{}", ok.stdout);
}

#[test]
fn captured_material_past_its_limit_is_refused_naming_the_limit() {
    const R: &str =
        "8/8/s{361}s{225}4s{121}s{49}/8/8/8/8/8/8/8/8/8/8/S{25}S{81}4S{169}S{289}/8/8 w - - 0 1";
    let show = |tail: &str| {
        run(&[
            "show",
            "variants/rithmomachia.toml",
            "--fen",
            &format!("{R} {tail}"),
        ])
    };
    show("captured:w=4294967295/1").assert_error(&[
        "white's captured material (4294967295 men, value 1) is past the limit of 1000000 men and value 1000000000000",
    ]);
    show("captured:b=1/18446744073709551615")
        .assert_error(&["black's captured material", "past the limit"]);
    let at_limit = show("captured:w=1000000/1000000000000");
    at_limit.assert_ok();
    assert!(
        at_limit.stdout.contains("captured:w=1000000/1000000000000"),
        "{}",
        at_limit.stdout
    );
}
