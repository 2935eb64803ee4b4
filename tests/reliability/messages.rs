//! Messages that name what is expected: user text quoted at most 100 characters, a number's
//! range, a missing default board, `captured:` where it does not apply; and a `.snap` file
//! with a byte-order mark is read.

use std::path::Path;

use super::runner::{run, run_in};

#[test]
fn long_user_text_is_quoted_cut_after_100_characters() {
    let long = "z".repeat(300);
    let cases: Vec<Vec<&str>> = vec![
        vec!["links", "variants/chess.toml", &long],
        vec!["render", "variants/chess.toml", "--from", &long, "-o", "-"],
        vec!["dot", "boards/chess.toml", "--links", &long],
        vec!["show", "variants/chess.toml", "--moves", &long],
        vec!["moves", "variants/chess.toml", "--moves", &long],
        vec!["new", "board", &long],
        vec!["betza", &long],
    ];
    for args in cases {
        let r = run(&args);
        r.assert_error(&["…"]);
        // (A diagnostic's snippet shows its source, the argument itself, as a file's line.)
        let message = r.stderr.lines().find(|l| l.starts_with("error:")).unwrap();
        assert!(
            !message.contains(&long[..101]),
            "{args:?} quotes more than 100 characters:\n{}",
            r.stderr
        );
    }
}

#[test]
fn a_number_past_its_range_names_the_range() {
    let dir = crate::helpers::temp_dir();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let board = std::fs::read_to_string(root.join("boards/chess.toml")).unwrap();
    let board = board.replace("ranks = 8", "ranks = 9999999999");
    std::fs::write(dir.path().join("b.toml"), board).unwrap();
    run_in(Some(dir.path()), &["check", "--short", "b.toml"], b"")
        .assert_error(&["9999999999", "from 0 to 4294967295"]);
    // An offset past its range (2^63 - 1) names the range too, not only "a whole number".
    let chess = std::fs::read_to_string(root.join("boards/chess.toml")).unwrap();
    let far = chess.replacen("\nn = [0, 1]", "\nn = [0, 9223372036854775807]", 1);
    assert_ne!(far, chess);
    std::fs::write(dir.path().join("o.toml"), far).unwrap();
    run_in(Some(dir.path()), &["check", "--short", "o.toml"], b"")
        .assert_error(&["9223372036854775807", "from -2147483648 to 2147483647"]);
}

#[test]
fn betza_without_its_default_board_says_so_and_names_the_flag() {
    let dir = crate::helpers::temp_dir();
    run_in(Some(dir.path()), &["betza", "N"], b"")
        .assert_error(&["there is no board file boards/chess.toml", "--board FILE"]);
}

#[test]
fn captured_material_in_a_variant_that_keeps_none_says_why() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 captured:w=1/2";
    run(&["show", "variants/chess.toml", "--fen", fen])
        .assert_error(&["`captured:`", "numbered or stack pieces"]);
}

#[test]
fn a_snap_file_with_a_byte_order_mark_is_read() {
    let dir = crate::helpers::temp_dir();
    let variant = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/chess.toml");
    let variant = variant.to_str().unwrap();
    let check = ["snapshot", variant, "--depth", "1", "--check", "c.snap"];
    let update = [&check[..], &["--update"]].concat();
    run_in(Some(dir.path()), &update, b"").assert_ok();
    let snap = dir.path().join("c.snap");
    let text = std::fs::read_to_string(&snap).unwrap();
    std::fs::write(&snap, format!("\u{feff}{text}")).unwrap();
    run_in(Some(dir.path()), &check, b"").assert_ok();
}
