//! Bugs found in `src/` while writing the test suite, one ignored test each.
//!
//! Each test states the behaviour we want; it fails today. When a fix lands, remove the `#[ignore]`
//! (and, where a fixture would show the case better, move it to `tests/fixtures/`).
//! Run them with `cargo test --test library known_bugs -- --ignored`.

use chessgraph::board::Board;
use chessgraph::diagnostic::{Code, FileReport};

fn check(text: &str) -> (Option<Board>, FileReport) {
    let (result, report) =
        Board::check_source(chessgraph::diagnostic::SourceFile::new("board.toml", text));
    (result.ok(), report)
}

const STRIP: &str = r#"
[board]
name = "Strip"

[grid]
files = "abcd"
ranks = 2

[directions]
n = { opposite = "s" }
s = {}
e = { opposite = "w" }
w = {}
"#;

/// `src/spec/board.rs` reads `[map]` offsets as `[i32; 2]`, and the toml deserializer does not
/// check for trailing elements: `n = [0, 1, 7]` is taken as `[0, 1]` without a word.
#[test]

fn a_map_offset_with_three_numbers_is_rejected() {
    let text =
        format!("{STRIP}\n[map.offsets]\nn = [0, 1, 7]\ns = [0, -1]\ne = [1, 0]\nw = [-1, 0]\n");
    let (board, report) = check(&text);
    assert!(board.is_none(), "accepted:\n{}", report.render_short());
    assert!(
        report
            .diagnostics
            .iter()
            .any(|d| d.code == Code::InvalidValue && &text[d.span.clone()] == "[0, 1, 7]"),
        "{}",
        report.render_short()
    );
}

/// `src/spec/mod.rs` `string_content_start`: a multi-line string (`'''` or `"""`) that starts with
/// a newline has that newline trimmed by TOML, but the word spans are computed as if it were part
/// of the value, so every word of such a string is reported one byte too early.
#[test]

fn spans_of_words_in_a_multi_line_string_are_exact() {
    let text = format!(
        "{STRIP}\n[map.offsets]\nn = [0, 1]\ns = [0, -1]\ne = [1, 0]\nw = [-1, 0]\n\n\
         [[tag]]\nname = \"door\"\nlinks = ['''\na1 e b9''']\n"
    );
    let (_, report) = check(&text);
    let d = &report.diagnostics[0];
    assert_eq!(d.code, Code::UnknownNode);
    assert_eq!(&text[d.span.clone()], "b9");
}

/// `src/board/build.rs` `intern_twist`: two declared twists with the same permutation share one
/// id renamed `center|flip`, so `Board::twist_named("center")` no longer finds it, and links
/// declared with `twist = "center"` print as `~center|flip`.
#[test]

fn twist_named_finds_each_declared_twist() {
    let text = r#"
[board]
name = "Two diameters"
layout = "polar"

[grid]
files = "abcd"
ranks = 2

[directions]
in = { opposite = "out" }
out = {}
cw = { opposite = "ccw" }
ccw = {}

[map]
wrap_files = true
offsets = { in = [0, 1], out = [0, -1], cw = [1, 0], ccw = [-1, 0] }

[twists]
center = { in = "out", out = "in" }
flip = { in = "out", out = "in" }

[[link]]
dir = "in"
chain = ["a2", "c2", "a2"]
twist = "center"

[[link]]
dir = "in"
chain = ["b2", "d2", "b2"]
twist = "flip"
"#;
    let (board, report) = check(text);
    let board = board.unwrap_or_else(|| panic!("{}", report.render_short()));
    assert!(board.twist_named("center").is_some());
    assert!(board.twist_named("flip").is_some());
}

/// `src/board/build.rs` `build`: `[[unlink]]` runs after every `[[link]]` whatever the order in the
/// file, so a map link cannot be replaced, although the duplicate-link help says "or `[[unlink]]`
/// the first before linking again".
#[test]

fn unlink_then_link_reroutes_a_map_link() {
    let text = format!(
        "{STRIP}\n[map.offsets]\nn = [0, 1]\ns = [0, -1]\ne = [1, 0]\nw = [-1, 0]\n\n\
         [[unlink]]\ndir = \"e\"\nnodes = [\"c1\"]\n\n\
         [[link]]\ndir = \"e\"\nchain = [\"c1\", \"a1\"]\n"
    );
    let (board, report) = check(&text);
    let board = board.unwrap_or_else(|| panic!("{}", report.render(false, 100)));
    let (c1, e) = (board.node("c1").unwrap(), board.direction("e").unwrap());
    assert_eq!(board.node_name(board.step(c1, e).unwrap().to), "a1");
}

/// `src/board/build.rs` `tag_links` / `unlinks`: tagging or unlinking a link of a composite
/// direction says "`a1` has no `nne` link", while `chessgraph links` shows `nne b3` for `a1`.
#[test]

fn tagging_a_composite_link_says_why_it_is_refused() {
    let text = format!(
        "{}nne = {{ path = \"n n e\" }}\n\n[map.offsets]\nn = [0, 1]\ns = [0, -1]\ne = [1, 0]\n\
         w = [-1, 0]\n\n[[tag]]\nname = \"jump\"\nlinks = [\"a1 nne b3\"]\n",
        STRIP.replace("ranks = 2", "ranks = 3")
    );
    let (board, report) = check(&text);
    assert!(board.is_none());
    let d = &report.diagnostics[0];
    assert!(
        d.code == Code::BadComposite
            || !d
                .help
                .as_deref()
                .unwrap_or("")
                .contains("has no `nne` link"),
        "{}",
        report.render(false, 100)
    );
}

/// `src/spec/board.rs`: a direction written as a bare string (`n = "s"`) is reported as
/// "invalid type: string \"s\", expected struct DirectionBody", naming a private Rust type.
#[test]

fn a_direction_that_is_not_a_table_is_explained_in_file_terms() {
    let text = STRIP.replace("n = { opposite = \"s\" }", "n = \"s\"");
    let (_, report) = check(&text);
    let d = &report.diagnostics[0];
    assert_eq!(d.code, Code::WrongType);
    assert!(!d.message.contains("DirectionBody"), "{}", d.message);
}

/// `src/spec/mod.rs` `schema_error`: unknown keys found by serde (`[[node]]`, `[[link]]`, ...) get
/// no did-you-mean (`color` for `colour`), unlike those found by the table reader, and their help
/// reads "the keys allowed here are one of `name`, ...".
#[test]

fn an_unknown_key_in_a_node_suggests_the_right_one() {
    let text = "[board]\nname = \"x\"\n\n[[node]]\nname = \"a\"\nx = 0\ny = 0\ncolor = \"dark\"\n\n\
                [directions]\nn = {}\n";
    let (_, report) = check(text);
    let d = &report.diagnostics[0];
    assert_eq!(d.code, Code::UnknownKey);
    assert_eq!(d.help.as_deref(), Some("did you mean `colour`?"));
}

/// `src/tables.rs` `build_attacks` ignores a pattern's `from:ZONE` condition, so a piece whose
/// capture only works from a zone is taken to attack from everywhere: check detection (and so
/// legality) disagrees with the piece's own moves. Here White's guard on e4, off its home rank, can
/// only step; yet Black's king on e5 is said to be in check, and d4 and f4 are forbidden to it.
/// (The reference walker, `chessgraph::reference::attacked_by`, gets it right.)
#[test]

fn a_capture_that_needs_a_zone_does_not_attack_from_elsewhere() {
    use std::sync::Arc;

    use chessgraph::position::Position;
    use chessgraph::rules::Rules;

    let rules = Arc::new(
        Rules::load("tests/fixtures/variants/capture_from_zone.toml").expect("fixture loads"),
    );
    let pos = Position::from_fen(&rules, "8/8/8/4k3/4G3/8/8/4K3 b - - 0 1").expect("position");
    let e5 = rules.board().node("e5").expect("e5");
    let e4 = rules.board().node("e4").expect("e4");
    let mut guard = Vec::new();
    pos.piece_moves(e4, &mut guard);
    assert!(
        guard.iter().all(|m| m.mv().to() != e5),
        "the guard cannot take on e5"
    );
    assert!(!chessgraph::reference::attacked_by(
        &pos,
        e5,
        chessgraph::ids::PlayerSet::only(rules.player_id(0).expect("white"))
    ));
    assert!(!pos.is_check(), "black is not in check");
    let mut moves: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| chessgraph::notation::move_text(&pos, m))
        .collect();
    moves.sort();
    assert_eq!(
        moves,
        [
            "e5-d4", "e5-d5", "e5-d6", "e5-e4", "e5-e6", "e5-f4", "e5-f5", "e5-f6"
        ]
    );
}

/// `src/position/mod.rs` `EpList` derives `PartialEq`/`Hash` over its fixed slots, so two positions
/// with the same en passant entries in different slots are unequal. After e4 c5 (pawns on d5
/// and f4 taking part) Black's entry
/// sits in slot 1 (White's entry was still in slot 0 when it was pushed), while reading the same
/// position text puts it in slot 0: the position does not equal its own text read back.
#[test]

fn a_position_equals_its_text_read_back_with_an_en_passant_square() {
    use std::sync::Arc;

    use chessgraph::notation::play_line;
    use chessgraph::position::Position;
    use chessgraph::rules::Rules;

    let rules = Arc::new(Rules::load("variants/chess.toml").expect("chess loads"));
    // Pawns on d5 and f4, so that both double steps leave an entry someone could take.
    let mut pos = Position::from_fen(
        &rules,
        "rnbqkbnr/ppppp1pp/8/3P4/5p2/8/PPP1PPPP/RNBQKBNR w KQkq - 0 1",
    )
    .expect("reads");
    play_line(&mut pos, "e2e4 c7c5").expect("legal moves");
    let fen = pos.to_fen();
    assert_eq!(
        fen,
        "rnbqkbnr/pp1pp1pp/8/2pP4/4Pp2/8/PPP2PPP/RNBQKBNR w KQkq c6 0 2"
    );
    let reread = Position::from_fen(&rules, &fen).expect("reads back");
    assert_eq!(reread.to_fen(), fen);
    assert!(
        reread == pos,
        "the position read back from `{fen}` is not equal to it"
    );
}

/// The codes of every report of a variant file, in order.
fn variant_codes(path: &str) -> Vec<String> {
    let (_, reports) = chessgraph::rules::Rules::check_file(path);
    reports
        .iter()
        .flat_map(|r| {
            r.diagnostics
                .iter()
                .map(|d| format!("{}:{}", r.source.line_col(d.span.start).0, d.code))
        })
        .collect()
}

/// `src/rules/build.rs`: a mark that is not `upper`/`lower` (here the typo `Lower`) makes the
/// builder believe prefix marks are in use, so the other player's correct `mark = "upper"` is
/// reported too ("when one player uses a prefix mark, all must"): one typo, two errors, one of them
/// on a correct line. Only the typo should be reported.
#[test]

fn a_mistyped_mark_is_the_only_error() {
    assert_eq!(
        variant_codes("tests/fixtures/invalid_variants/bad_mark/variant.toml"),
        ["19:variant::bad-mark"]
    );
}

/// `src/rules/build.rs`: a frame that is declared but invalid (not a permutation, or naming an
/// unknown direction) is dropped, and then every player using it gets a second error "unknown frame
/// `black`" with the help "declared: identity", although the frame is declared a few lines above.
#[test]

fn an_invalid_frame_is_not_also_reported_as_unknown() {
    assert_eq!(
        variant_codes("tests/fixtures/invalid_variants/frame_not_permutation/variant.toml"),
        ["9:variant::frame-not-permutation"]
    );
    assert_eq!(
        variant_codes("tests/fixtures/invalid_variants/frame_unknown_direction/variant.toml"),
        ["9:variant::unknown-name"]
    );
}
