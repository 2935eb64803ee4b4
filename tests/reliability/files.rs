//! Reading board and variant files: size, kind, encoding, locations, floods, names.

use super::runner::{run, scratch_dir};

#[test]
fn an_error_past_column_65535_is_reported_and_check_goes_on() {
    let dir = scratch_dir("long_line");
    let long = dir.join("long.toml");
    let text = format!(
        "[board]\nname = \"x\"\n[grid]\nfiles = \"ab\"\nranks = 2\n[directions]\nn = {{}}\n{}bogus = 1\n",
        " ".repeat(70_000)
    );
    std::fs::write(&long, text).unwrap();
    let long = long.to_str().unwrap();
    let r = run(&["check", long]);
    r.assert_error(&["long.toml:8:70009", "the line is too long to show"]);
    let r = run(&["check", "boards/chess.toml", long, "boards/cylinder.toml"]);
    r.assert_error(&["long.toml: invalid"]);
    assert!(
        r.stdout.contains("boards/cylinder.toml: ok"),
        "{}",
        r.stdout
    );
    run(&["check", "--short", long]).assert_error(&["long.toml:8:70009: error"]);
}

/// A variant file in `dir` that names `board` and extends nothing; returns its path.
fn variant_with_board(dir: &std::path::Path, name: &str, board: &str) -> String {
    let chess = std::fs::read_to_string("variants/chess.toml").unwrap();
    let text = chess.replace(
        "board = \"../boards/chess.toml\"",
        &format!("board = {board:?}"),
    );
    assert_ne!(text, chess, "the board line was replaced");
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// A variant file in `dir` that extends `parent`; returns its path.
fn variant_extending(dir: &std::path::Path, name: &str, parent: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, format!("extends = {parent:?}\n")).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn devices_fifos_and_directories_are_refused_never_read() {
    let dir = scratch_dir("special_files");
    let fifo = dir.join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let fifo = fifo.to_str().unwrap();
    let a_directory = concat!(env!("CARGO_MANIFEST_DIR"), "/tests");
    for special in ["/dev/zero", "/dev/urandom", fifo, a_directory] {
        run(&["check", special]).assert_error(&["file::unreadable", "cannot read the file: it is"]);
        run(&["perft", special, "1"]).assert_error(&["cannot read the file"]);
        let v = variant_with_board(&dir, "uses_special_board.toml", special);
        run(&["check", "--short", &v]).assert_error(&[
            &format!("{v}:12:9: error[variant::bad-board]"),
            "cannot read the file: it is",
        ]);
        let v = variant_extending(&dir, "extends_special.toml", special);
        run(&["check", "--short", &v]).assert_error(&[
            &format!("{v}:1:11: error[variant::bad-extends]"),
            &format!("cannot read `{special}`: it is"),
        ]);
    }
}

#[test]
fn files_over_the_size_limit_are_refused() {
    let dir = scratch_dir("big_files");
    let limit = 4 * 1024 * 1024;
    let at_limit = dir.join("at_limit.toml");
    let mut text = std::fs::read_to_string("boards/chess.toml").unwrap();
    text.push_str(&"#".repeat(limit - text.len() - 1));
    text.push('\n');
    assert_eq!(text.len(), limit);
    std::fs::write(&at_limit, &text).unwrap();
    run(&["check", at_limit.to_str().unwrap()]).assert_ok();
    let past = dir.join("past_limit.toml");
    text.push('\n');
    std::fs::write(&past, &text).unwrap();
    run(&["check", "--short", past.to_str().unwrap()]).assert_error(&[
        "the file has 4194305 bytes or more; files may have at most 4194304 bytes",
    ]);
}

#[test]
fn a_bad_utf8_byte_is_reported_where_it_is() {
    let dir = scratch_dir("bad_utf8");
    let path = dir.join("board.toml");
    let mut bytes = std::fs::read("boards/chess.toml").unwrap();
    let line_50_or_last = bytes.iter().filter(|&&b| b == b'\n').count().min(49);
    let mut at = 0;
    for _ in 0..line_50_or_last {
        at += bytes[at..].iter().position(|&b| b == b'\n').unwrap() + 1;
    }
    bytes.splice(at..at, *b"# caf\xff\n");
    std::fs::write(&path, bytes).unwrap();
    let path = path.to_str().unwrap();
    run(&["check", "--short", path]).assert_error(&[&format!(
        "{path}:{}:6: error[file::unreadable]: the file is not UTF-8 text: byte 0xff",
        line_50_or_last + 1
    )]);
}

#[test]
fn an_extends_chain_past_the_limit_is_too_long_not_a_cycle() {
    let dir = scratch_dir("extends_chain");
    std::fs::write(
        dir.join("v0.toml"),
        std::fs::read_to_string("variants/chess.toml")
            .unwrap()
            .replace("../boards/chess.toml", "../../../../boards/chess.toml"),
    )
    .unwrap();
    for i in 1..9 {
        variant_extending(&dir, &format!("v{i}.toml"), &format!("v{}.toml", i - 1));
    }
    // Eight files: the limit.
    let v7 = dir.join("v7.toml");
    run(&["perft", v7.to_str().unwrap(), "2"]).assert_ok();
    let v8 = dir.join("v8.toml");
    let r = run(&["check", "--short", v8.to_str().unwrap()]);
    r.assert_error(&["the `extends` chain is too long: a variant and at most 7 files it extends"]);
    assert!(!r.stderr.contains("loops back"), "{}", r.stderr);
    // A real cycle is still a cycle.
    variant_extending(&dir, "a.toml", "b.toml");
    variant_extending(&dir, "b.toml", "a.toml");
    run(&["check", dir.join("a.toml").to_str().unwrap()]).assert_error(&["loops back"]);
}

#[test]
fn a_board_or_parent_that_is_no_such_file_is_not_echoed() {
    let dir = scratch_dir("foreign_files");
    let secret = dir.join("secret.txt");
    std::fs::write(&secret, "password = hunter2 [[[\nnot toml at all\n").unwrap();
    let secret = secret.to_str().unwrap();
    for v in [
        variant_with_board(&dir, "board_is_text.toml", secret),
        variant_extending(&dir, "extends_text.toml", secret),
        variant_with_board(
            &dir,
            "board_is_a_variant.toml",
            "../../../../variants/chess.toml",
        ),
    ] {
        let r = run(&["check", "--short", &v]);
        assert!(
            r.stderr.contains("is not TOML") || r.stderr.contains("has no `[board]` table"),
            "{}",
            r.stderr
        );
        r.assert_error(&[]);
        assert!(!r.stderr.contains("hunter2"), "{}", r.stderr);
        assert!(!r.stderr.contains("[variant]\nname"), "{}", r.stderr);
    }
    let v = variant_with_board(
        &dir,
        "board_is_a_variant2.toml",
        "../../../../variants/chess.toml",
    );
    run(&["check", "--short", &v]).assert_error(&["does not load: it has no `[board]` table"]);
}

#[test]
fn control_characters_in_names_are_refused_and_never_printed_raw() {
    let dir = scratch_dir("control_characters");
    // Escaped in TOML strings: names of a player, a piece, a zone key.
    let chess = std::fs::read_to_string("variants/chess.toml")
        .unwrap()
        .replace("../boards/chess.toml", "../../../../boards/chess.toml");
    for (what, from, to) in [
        ("player", "name = \"white\"", "name = \"wh\\u001b[31mite\""),
        ("piece", "[pieces.knight]", "[pieces.\"kn\\u0007ight\"]"),
        ("nul", "name = \"black\"", "name = \"bl\\u0000ack\""),
        ("c1", "name = \"black\"", "name = \"bl\\u009back\""),
    ] {
        let text = chess.replacen(from, to, 1);
        assert_ne!(text, chess, "{what}");
        let path = dir.join(format!("{what}.toml"));
        std::fs::write(&path, text).unwrap();
        let path = path.to_str().unwrap();
        for args in [
            vec!["check", path],
            vec!["render", path],
            vec!["play", path],
        ] {
            let r = run(&args);
            r.assert_error(&["toml::control-character"]);
            for raw in ['\u{1b}', '\u{7}', '\u{0}', '\u{9b}'] {
                assert!(
                    !r.stderr.contains(raw) && !r.stdout.contains(raw),
                    "{what} {args:?}"
                );
            }
        }
    }
    // Raw in the file: refused at the byte, shown as `?`.
    let raw = dir.join("raw.toml");
    std::fs::write(&raw, "[board]\nname = \"x\u{1b}[31m\"\n").unwrap();
    let r = run(&["check", raw.to_str().unwrap()]);
    r.assert_error(&[
        "raw.toml:2:10",
        "control character (U+001B)",
        "name = \"x?[31m\"",
    ]);
    assert!(!r.stderr.contains('\u{1b}'));
}

#[test]
fn floods_of_one_mistake_are_capped_and_load_in_linear_time() {
    let dir = scratch_dir("floods");
    // 16,000 nodes: one error for the first node past the limit.
    let mut text =
        String::from("[board]\nname = \"big\"\nlayout = \"grid\"\n[directions]\ne = {}\n");
    for i in 0..16_000 {
        text.push_str(&format!("[[node]]\nname = \"n{i}\"\nx = {i}\ny = 0\n"));
    }
    let nodes = dir.join("nodes.toml");
    std::fs::write(&nodes, text).unwrap();
    let r = run(&["check", "--short", nodes.to_str().unwrap()]);
    r.assert_error(&["the board has more than 256 nodes", "invalid (1 error(s))"]);
    // 100,000 duplicate links: the first 20, a count of the rest, and every one counted in the summary.
    let mut text = String::from(
        "[board]\nname = \"dups\"\n[grid]\nfiles = \"ab\"\nranks = 2\n[directions]\nn = { opposite = \"s\" }\ns = {}\n",
    );
    for _ in 0..100_000 {
        text.push_str("[[link]]\ndir = \"n\"\nchain = [\"a1\", \"a2\"]\n");
    }
    let dups = dir.join("dups.toml");
    std::fs::write(&dups, text).unwrap();
    let r = run(&["check", "--short", dups.to_str().unwrap()]);
    r.assert_error(&[
        "and 99979 more `board::duplicate-link` problem(s)",
        "invalid (99999 error(s))",
    ]);
    // A grid of 100,000 files: one error.
    let files: Vec<String> = (0..100_000).map(|i| format!("\"f{i}\"")).collect();
    let wide = dir.join("wide.toml");
    std::fs::write(
        &wide,
        format!(
            "[board]\nname = \"wide\"\n[grid]\nfiles = [{}]\nranks = 1\n[directions]\ne = {{}}\n",
            files.join(", ")
        ),
    )
    .unwrap();
    run(&["check", "--short", wide.to_str().unwrap()]).assert_error(&[
        "100000 files x 1 ranks = 100000 nodes",
        "invalid (1 error(s))",
    ]);
}

#[test]
fn ten_thousand_move_patterns_load_and_a_repeated_one_is_named() {
    let dir = scratch_dir("many_patterns");
    let dirs = ["n", "s", "e", "w", "ne", "nw", "se", "sw"];
    let patterns: Vec<String> = (0..10_000usize)
        .map(|i| {
            let path: Vec<&str> = (0..5).map(|k| dirs[(i >> (3 * k)) & 7]).collect();
            format!("\"leap {}\"", path.join(" "))
        })
        .collect();
    let chess = std::fs::read_to_string("variants/chess.toml")
        .unwrap()
        .replace("../boards/chess.toml", "../../../../boards/chess.toml");
    let wizard = format!(
        "[pieces.wizard]\nletter = \"W\"\nmoves = [{}]\n\n[pieces.pawn]",
        patterns.join(", ")
    );
    let path = dir.join("wizard.toml");
    std::fs::write(&path, chess.replacen("[pieces.pawn]", &wizard, 1)).unwrap();
    run(&["perft", path.to_str().unwrap(), "2"]).assert_ok();
    let twice =
        "[pieces.wizard]\nletter = \"W\"\nmoves = [\"leap n e\", \"leap  n e\"]\n\n[pieces.pawn]";
    let path = dir.join("twice.toml");
    std::fs::write(&path, chess.replacen("[pieces.pawn]", twice, 1)).unwrap();
    run(&["check", "--short", path.to_str().unwrap()])
        .assert_error(&["piece `wizard` lists the move `leap  n e` twice"]);
}

#[test]
fn empty_twist_and_frame_names_are_refused() {
    let dir = scratch_dir("empty_names");
    let board = std::fs::read_to_string("boards/three_man_chess.toml").unwrap();
    let path = dir.join("board.toml");
    std::fs::write(
        &path,
        board.replacen(
            "\n[twists]\n",
            "\n[twists]\n\"\" = { in = \"out\", out = \"in\" }\n",
            1,
        ),
    )
    .unwrap();
    run(&["check", "--short", path.to_str().unwrap()])
        .assert_error(&["error[board::bad-node-name]: `` cannot be a twist name"]);
    let chess = std::fs::read_to_string("variants/chess.toml")
        .unwrap()
        .replace("../boards/chess.toml", "../../../../boards/chess.toml")
        .replacen(
            "[frames]\n",
            "[frames]\n\"\" = { n = \"s\", s = \"n\" }\n",
            1,
        );
    let path = dir.join("variant.toml");
    std::fs::write(&path, chess).unwrap();
    run(&["check", "--short", path.to_str().unwrap()])
        .assert_error(&[":16:1: error[variant::bad-mark]: `` cannot be a frame name"]);
}

/// Writes `text` with its first `from` replaced by `to` (which must occur) as `dir/name`;
/// returns the path.
fn write_edited(dir: &std::path::Path, name: &str, text: &str, from: &str, to: &str) -> String {
    let edited = text.replacen(from, to, 1);
    assert_ne!(edited, text, "{name}: `{from}` is in the text");
    let path = dir.join(name);
    std::fs::write(&path, edited).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn empty_player_piece_and_zone_names_are_refused_where_they_are_written() {
    let dir = crate::helpers::temp_dir();
    let chess = super::runner::chess_variant_text();
    for (what, from, to, at) in [
        ("player", "name = \"white\"", "name = \"\"", ":20:8:"),
        ("piece", "[pieces.knight]", "[pieces.\"\"]", ":44:9:"),
        (
            "zone",
            "zones = { pawn_start = \"rank_2\",",
            "zones = { \"\" = \"rank_3\", pawn_start = \"rank_2\",",
            ":24:16:",
        ),
    ] {
        let path = write_edited(dir.path(), &format!("{what}.toml"), &chess, from, to);
        run(&["check", "--short", &path]).assert_error(&[&format!(
            "{path}{at} error[schema::invalid-value]: `` cannot be a {what} name"
        )]);
        run(&["perft", &path, "1"]).assert_error(&["is not a valid variant file"]);
    }
    let board = std::fs::read_to_string("boards/chess.toml").unwrap();
    let path = write_edited(
        dir.path(),
        "board.toml",
        &board,
        "\n[zones]\n",
        "\n[zones]\n\"\" = [\"a1\"]\n",
    );
    run(&["check", "--short", &path])
        .assert_error(&[":59:1: error[schema::invalid-value]: `` cannot be a zone name"]);
}

#[test]
fn bidi_formatting_characters_in_names_are_refused_and_never_printed_raw() {
    let dir = crate::helpers::temp_dir();
    let chess = super::runner::chess_variant_text();
    for (name, escaped) in [
        ("rlo", "\\u202e"),
        ("lri", "\\u2066"),
        ("rlm", "\\u200F"),
        ("alm", "\\u061c"),
    ] {
        let renamed = format!("name = \"bl{escaped}ack\"");
        let file = format!("{name}.toml");
        let path = write_edited(dir.path(), &file, &chess, "name = \"black\"", &renamed);
        for args in [vec!["check", "--short", &path], vec!["play", &path]] {
            let r = run(&args);
            r.assert_error(&["toml::control-character", "a bidirectional formatting"]);
            assert!(
                !r.stderr
                    .chars()
                    .any(|c| matches!(c, '\u{202e}' | '\u{2066}' | '\u{200f}' | '\u{61c}'))
            );
        }
    }
    // Raw in the file: refused at the character, shown as `?`.
    let path = dir.path().join("raw.toml");
    std::fs::write(
        &path,
        "# a comment \u{202e}gnp.exe\n[board]\nname = \"x\"\n",
    )
    .unwrap();
    let r = run(&["check", path.to_str().unwrap()]);
    r.assert_error(&["raw.toml:1:13", "# a comment ???gnp.exe"]);
    assert!(!r.stderr.contains('\u{202e}'));
    run(&["check", "--short", path.to_str().unwrap()]).assert_error(&[
        "raw.toml:1:13: error[file::unreadable]: the file holds a raw bidirectional formatting character (U+202E), shown as `?`",
    ]);
}

#[test]
fn a_jump_with_twenty_thousand_leg_orders_loads_in_linear_time() {
    // Each leg order used to copy all the others for every node and frame: 1,000 took seconds,
    // 3,000 minutes. The other leg orders of `n n e` (all reaching the same square) change nothing.
    let dir = crate::helpers::temp_dir();
    let orders = ["e n n", "n e n", "n n e"];
    let legs: Vec<&str> = (0..20_000).map(|i| orders[i % 3]).collect();
    let knight = format!(
        "moves = [\"leap (n n e | {}) nnw nee nww sse ssw see sww\"]",
        legs.join(" | ")
    );
    let from = "moves = [\"leap nne nnw nee nww sse ssw see sww\"]";
    let chess = super::runner::chess_variant_text();
    let path = write_edited(dir.path(), "legs.toml", &chess, from, &knight);
    let r = run(&["perft", &path, "3"]);
    r.assert_ok();
    assert!(r.stdout.ends_with("Nodes searched: 8902\n"), "{}", r.stdout);
}

#[test]
fn a_pattern_of_more_paths_than_the_limit_is_refused_and_one_at_the_limit_loads() {
    // 256 paths load (each is compiled for every node and frame); 257 are refused where the
    // first path past the limit is written, instead of eating memory and time.
    let dir = crate::helpers::temp_dir();
    let chess = super::runner::chess_variant_text();
    let knight = "moves = [\"leap nne nnw nee nww sse ssw see sww\"]";
    let paths = |n: usize| vec!["nne"; n].join(" ");
    let at_limit = write_edited(
        dir.path(),
        "at.toml",
        &chess,
        knight,
        &format!(
            "moves = [\"leap {}\"]",
            paths(chessgraph::testing::MAX_PATHS_PER_PATTERN)
        ),
    );
    run(&["check", "--short", &at_limit]).assert_ok();
    let past = write_edited(
        dir.path(),
        "past.toml",
        &chess,
        knight,
        &format!(
            "moves = [\"leap {}\"]",
            paths(chessgraph::testing::MAX_PATHS_PER_PATTERN + 1)
        ),
    );
    run(&["check", "--short", &past])
        .assert_error(&["error[variant::too-large]: more than 256 paths in one pattern"]);
}

#[test]
fn a_capture_rule_without_directions_is_refused() {
    let dir = crate::helpers::temp_dir();
    let text = std::fs::read_to_string("tests/fixtures/rule_variants/custodian.toml")
        .unwrap()
        .replace(
            "../../../boards/chess.toml",
            &format!("{}/boards/chess.toml", env!("CARGO_MANIFEST_DIR")),
        );
    let path = write_edited(
        dir.path(),
        "none.toml",
        &text,
        "directions = [\"n\", \"e\", \"s\", \"w\"]",
        "directions = []",
    );
    run(&["check", "--short", &path]).assert_error(&[
        "error[schema::invalid-value]: a capture rule with no direction never captures",
    ]);
}

/// Found by the board fuzzer: a direction name with a line break (a TOML `\n` escape) came out
/// raw in the one-line report, splitting it.
#[test]
fn unknown_direction_and_node_names_are_escaped_in_messages() {
    let dir = scratch_dir("escaped_names");
    let path = dir.join("board.toml");
    std::fs::write(
        &path,
        "[board]\nname = \"x\"\nlayout = \"grid\"\n\n[grid]\nfiles = \"ab\"\nranks = 2\n\n\
         [directions]\nn = {}\n\n[map]\n[map.offsets]\nn = [0, 1]\n\n\
         [[link]]\ndir = \"i\\n_cw\"\nchain = [\"a1\", \"a\\n2\"]\n",
    )
    .unwrap();
    let path = path.to_str().unwrap();
    let r = run(&["check", "--short", path]);
    r.assert_error(&["names direction `i\\u{a}_cw`, which is not declared"]);
    r.assert_error(&["names node `a\\u{a}2`, which the board does not declare"]);
}

/// A ring of `n` nodes with 64 directions (`d{k}`: `k + 1` nodes on) and a rider on all of them:
/// its rides pass nearly every node from every node in every direction.
fn ring_of_riders(dir: &std::path::Path, n: usize) -> String {
    let dirs: Vec<String> = (0..64).map(|k| format!("d{k}")).collect();
    let mut board = String::from("[board]\nname = \"ring\"\n[directions]\n");
    for d in &dirs {
        board.push_str(&format!("{d} = {{}}\n"));
    }
    for i in 0..n {
        board.push_str(&format!("[[node]]\nname = \"n{i}\"\nx = {i}\ny = 0\n"));
    }
    for (k, d) in dirs.iter().enumerate() {
        for i in 0..n {
            let to = (i + k + 1) % n;
            board.push_str(&format!(
                "[[link]]\ndir = \"{d}\"\nchain = [\"n{i}\", \"n{to}\"]\n"
            ));
        }
    }
    let board_path = dir.join(format!("ring{n}.toml"));
    std::fs::write(&board_path, board).expect("write the board");
    let variant = format!(
        "[variant]\nname = \"ring\"\nboard = \"ring{n}.toml\"\nstart = \"K{}k w - - 0 1\"\n\
         [[player]]\nname = \"white\"\nshort = \"w\"\nmark = \"upper\"\n\
         [[player]]\nname = \"black\"\nshort = \"b\"\nmark = \"lower\"\n\
         [pieces.king]\nletter = \"K\"\nroyal = true\nmoves = [\"leap d0\"]\n\
         [pieces.rider]\nletter = \"R\"\nmoves = [\"ride {}\"]\n",
        n - 2,
        dirs.join(" ")
    );
    let path = dir.join(format!("ring{n}_variant.toml"));
    std::fs::write(&path, variant).expect("write the variant");
    path.display().to_string()
}

#[test]
fn long_rides_on_a_large_board_are_bounded_by_a_named_limit() {
    let dir = crate::helpers::temp_dir();
    // 128 nodes: about a million ways to attack, under the limit; it loads (in linear time and
    // memory: the squares before each target are shared by the ray, not copied per target).
    run(&["check", "--short", &ring_of_riders(dir.path(), 128)]).assert_ok();
    // 256 nodes: 2.7 million, refused as the count passes the limit, with the limit named (it used to take 27 s and
    // 2.4 GB to load).
    run(&["check", "--short", &ring_of_riders(dir.path(), 256)]).assert_error(&[
        "error[variant::too-large]: the pieces' moves attack in more than 1048576 distinct ways",
    ]);
}
