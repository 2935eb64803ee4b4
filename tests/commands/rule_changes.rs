//! Testing rule changes from the command line: `snapshot` (determinism, `--check`, `--update`,
//! the insta format), `diff` (known differences with their exact positions and move sets, a
//! variant and itself, `FILE@REV` in a temporary git repository) and `perft-suite` (EPD and
//! `.perft` suites, a deliberately wrong count).

use std::path::Path;
use std::process::Command;

use crate::helpers::cli::{chess_variant_text, run as chessgraph, run_in};
use crate::helpers::temp_dir;

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}):\n{text}"))
}

fn strings(v: &serde_json::Value) -> Vec<String> {
    v.as_array()
        .unwrap_or_else(|| panic!("not an array: {v}"))
        .iter()
        .map(|s| s.as_str().expect("a string").to_string())
        .collect()
}

// ---- snapshot ----

#[test]
fn snapshot_is_the_same_bytes_every_time_and_with_any_thread_count() {
    let one = chessgraph(&[
        "snapshot",
        "variants/three_man_chess.toml",
        "--threads",
        "1",
    ]);
    one.assert_ok();
    let two = chessgraph(&[
        "snapshot",
        "variants/three_man_chess.toml",
        "--threads",
        "2",
    ]);
    two.assert_ok();
    let again = chessgraph(&[
        "snapshot",
        "variants/three_man_chess.toml",
        "--threads",
        "1",
    ]);
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(one.stdout, again.stdout);
    let text = &one.stdout;
    assert!(
        text.starts_with("---\nsource: chessgraph snapshot\n"),
        "{text}"
    );
    // The default depth is the deepest with at most 1,000,000 leaves: 206240 at 4, 5294048 at 5.
    assert!(text.contains("\nperft 4: 206240\n\ndivide 4:\n"), "{text}");
    assert!(!text.contains("perft 5"), "{text}");
    for part in [
        "== rules ==\nvariant: 3 Man Chess: In The Round\n",
        "zone pawn_start: white a2 b2 c2 d2 e2 f2 g2 h2 i2 j2 k2 l2 m2 n2 o2 p2 q2 r2 s2 t2 u2 v2 w2 x2; gray a2",
        "\n== position: start ==\n",
        "\nmoves (20):\n",
        "\nperft 1: 20\nperft 2: 400\nperft 3: 8000\n",
    ] {
        assert!(text.contains(part), "no {part:?} in:\n{text}");
    }
}

/// A folder with `v.toml`, orthodox chess whose board is named by an absolute path.
fn chess_copy() -> tempfile::TempDir {
    let dir = temp_dir();
    std::fs::write(dir.path().join("v.toml"), chess_variant_text()).expect("write v.toml");
    dir
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn snapshot_check_passes_unchanged_and_fails_with_a_diff_after_a_one_character_edit() {
    let dir = chess_copy();
    let d = Some(dir.path());
    run_in(
        d,
        &["snapshot", "v.toml", "--depth", "3", "-o", "v.snap"],
        b"",
    )
    .assert_ok();
    let stored = read(&dir.path().join("v.snap"));

    let same = run_in(
        d,
        &["snapshot", "v.toml", "--depth", "3", "--check", "v.snap"],
        b"",
    );
    same.assert_ok();
    assert_eq!(same.stdout, "");
    assert!(same.stderr.contains("v.snap: unchanged"), "{}", same.stderr);

    // One character: the bishop rides `s` instead of `sw`.
    let v = dir.path().join("v.toml");
    let text = read(&v);
    std::fs::write(
        &v,
        text.replacen("\"ride ne nw se sw\"", "\"ride ne nw se s\"", 1),
    )
    .unwrap();
    let changed = run_in(
        d,
        &["snapshot", "v.toml", "--depth", "3", "--check", "v.snap"],
        b"",
    );
    assert_eq!(changed.code, Some(1), "{}", changed.stderr);
    let diff = &changed.stdout;
    assert!(
        diff.starts_with("--- v.snap (stored)\n+++ v.snap (now)\n@@ "),
        "{diff}"
    );
    assert!(
        diff.contains(concat!(
            "\n-piece B bishop\n-  ride ne nw se sw\n",
            "+piece B bishop [oriented]\n+  ride ne nw se s\n"
        )),
        "{diff}"
    );
    assert!(
        changed.stderr.contains("the new one is in v.snap.new"),
        "{}",
        changed.stderr
    );
    // The stored file is untouched; the new report waits in FILE.new, in the same format.
    assert_eq!(read(&dir.path().join("v.snap")), stored);
    let new = read(&dir.path().join("v.snap.new"));
    let fresh = run_in(d, &["snapshot", "v.toml", "--depth", "3"], b"");
    assert_eq!(new, fresh.stdout);

    // On CI no FILE.new is written.
    std::fs::remove_file(dir.path().join("v.snap.new")).unwrap();
    let ci = Command::new(env!("CARGO_BIN_EXE_chessgraph"))
        .args(["snapshot", "v.toml", "--depth", "3", "--check", "v.snap"])
        .current_dir(dir.path())
        .env("CI", "true")
        .output()
        .expect("runs");
    assert_eq!(ci.status.code(), Some(1));
    assert!(!dir.path().join("v.snap.new").exists());

    // --update rewrites the stored file; then the check passes.
    let up = run_in(
        d,
        &[
            "snapshot", "v.toml", "--depth", "3", "--check", "v.snap", "--update",
        ],
        b"",
    );
    up.assert_ok();
    assert!(up.stderr.contains("v.snap: updated"), "{}", up.stderr);
    assert_eq!(read(&dir.path().join("v.snap")), fresh.stdout);
    run_in(
        d,
        &["snapshot", "v.toml", "--depth", "3", "--check", "v.snap"],
        b"",
    )
    .assert_ok();
}

#[test]
fn snapshot_check_ignores_the_header_line_endings_and_trailing_blank_lines() {
    let dir = chess_copy();
    let d = Some(dir.path());
    let made = run_in(d, &["snapshot", "v.toml", "--depth", "2"], b"");
    made.assert_ok();
    let edited = made
        .stdout
        .replacen("source: chessgraph snapshot", "source: somebody else", 1)
        .replace('\n', "\r\n")
        + "\r\n\r\n";
    std::fs::write(dir.path().join("v.snap"), edited).unwrap();
    run_in(
        d,
        &["snapshot", "v.toml", "--depth", "2", "--check", "v.snap"],
        b"",
    )
    .assert_ok();
}

#[test]
fn a_stored_snapshot_reads_back_with_insta() {
    let dir = chess_copy();
    let d = Some(dir.path());
    run_in(
        d,
        &["snapshot", "v.toml", "--depth", "2", "-o", "v.snap"],
        b"",
    )
    .assert_ok();
    let path = dir.path().join("v.snap");
    let snap = insta::Snapshot::from_file(&path).expect("insta reads the file");
    assert_eq!(
        snap.metadata().expression(),
        Some("chessgraph snapshot v.toml --depth 2")
    );
    assert_eq!(snap.metadata().input_file(), Some("v.toml"));
    let insta::internals::SnapshotContents::Text(body) = snap.contents() else {
        panic!("a text snapshot");
    };
    let text = read(&path);
    let ours = text.split_once("\n---\n").expect("header").1;
    assert_eq!(body.to_string(), ours.trim_end());
}

#[test]
fn snapshot_reports_extra_positions_and_locates_a_bad_line() {
    let dir = temp_dir();
    let list = dir.path().join("positions.txt");
    std::fs::write(
        &list,
        "# two more positions\n4k3/8/8/8/8/8/8/R3K3 w - - 0 1\nmoves e2e4 e7e5\n",
    )
    .unwrap();
    let list_arg = list.to_str().unwrap();
    let r = chessgraph(&[
        "snapshot",
        "variants/chess.toml",
        "--depth",
        "1",
        "--positions",
        list_arg,
    ]);
    r.assert_ok();
    assert!(
        r.stdout.contains("\n== position: line 2 ==\n"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("fen: 4k3/8/8/8/8/8/8/R3K3 w - - 0 1\n"));
    assert!(r.stdout.contains("\n== position: line 3 ==\n"));
    assert!(
        r.stdout
            .contains("fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n")
    );

    std::fs::write(&list, "moves e2e4 e7e6 e4e6\n").unwrap();
    let bad = chessgraph(&["snapshot", "variants/chess.toml", "--positions", list_arg]);
    assert_eq!(bad.code, Some(2));
    bad.assert_error(&[&format!(
        "{list_arg}:1:17: cannot play the moves from the start: move 3 `e4e6`"
    )]);
}

#[test]
fn snapshot_never_writes_over_an_input() {
    let dir = chess_copy();
    let before = read(&dir.path().join("v.toml"));
    let r = run_in(
        Some(dir.path()),
        &["snapshot", "v.toml", "-o", "v.toml"],
        b"",
    );
    assert_eq!(r.code, Some(2));
    r.assert_error(&["refusing to write over"]);
    assert_eq!(read(&dir.path().join("v.toml")), before);
}

#[test]
fn snapshot_json_has_the_documented_shape() {
    let r = chessgraph(&["snapshot", "variants/chess.toml", "--depth", "2", "--json"]);
    r.assert_ok();
    let v = json(&r.stdout);
    assert_eq!(v["variant"], "Orthodox chess");
    assert!(v["summary"][0].as_str().unwrap().starts_with("variant: "));
    let start = &v["positions"][0];
    assert_eq!(start["label"], "start");
    assert_eq!(
        start["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(start["to_move"], "white");
    assert_eq!(start["outcome"], serde_json::Value::Null);
    assert_eq!(strings(&start["moves"]).len(), 20);
    assert_eq!(start["perft"], serde_json::json!([[1, 20], [2, 400]]));
    assert_eq!(start["divide"][0], serde_json::json!(["a2-a3", 20]));
}

// ---- diff ----

/// `diff --json OLD NEW ARGS`: the exit status and the report.
fn diff(old: &str, new: &str, args: &[&str]) -> (Option<i32>, serde_json::Value) {
    let mut all = vec!["diff", old, new, "--json"];
    all.extend_from_slice(args);
    let r = chessgraph(&all);
    r.assert_no_crash();
    (r.code, json(&r.stdout))
}

#[test]
fn diff_strict_and_literal_three_man_chess_differ_in_the_knight_jumps_at_the_start() {
    let (code, v) = diff(
        "variants/three_man_chess.toml",
        "variants/three_man_chess_literal.toml",
        &[],
    );
    assert_eq!(code, Some(1));
    let d = &v["difference"];
    assert_eq!(d["depth"], 0);
    assert!(strings(&d["moves"]).is_empty());
    assert_eq!(
        d["old"]["fen"],
        "24/24/24/24/wPwPwPwPwPwPwPwPgPgPgPgPgPgPgPgPbPbPbPbPbPbPbPbP/wRwNwBwQwKwBwNwRgRgNgBgQgKgBgNgRbRbNbBbQbKbBbNbR w wKwQgKgQbKbQ - 0 1"
    );
    assert!(strings(&d["only_old"]).is_empty());
    assert_eq!(strings(&d["only_new"]), ["b1-x2", "g1-i2"]);
    assert_eq!(
        d["perft"][0],
        serde_json::json!({"depth": 1, "old": 20, "new": 22})
    );
    let summary = v["summary_diff"].as_str().expect("the summaries differ");
    assert!(summary.contains("+variant: 3 Man Chess: In The Round (literal knight moats)"));

    // The text names the extra moves too.
    let r = chessgraph(&[
        "diff",
        "variants/three_man_chess.toml",
        "variants/three_man_chess_literal.toml",
    ]);
    assert_eq!(r.code, Some(1));
    assert!(
        r.stdout
            .contains("first difference at depth 0, at the start"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("  moves only in NEW (2): b1-x2 g1-i2\n"),
        "{}",
        r.stdout
    );
}

#[test]
fn diff_finds_the_move_a_knight_gained() {
    let (code, v) = diff(
        "variants/chess.toml",
        "tests/fixtures/diff/knight_gains_a_move.toml",
        &["--depth", "2"],
    );
    assert_eq!(code, Some(1));
    let d = &v["difference"];
    assert_eq!(d["depth"], 0);
    assert_eq!(
        d["old"]["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert!(strings(&d["only_old"]).is_empty());
    assert_eq!(strings(&d["only_new"]), ["b1-b3", "g1-g3"]);
}

#[test]
fn diff_finds_castling_through_check() {
    let (code, v) = diff(
        "variants/chess.toml",
        "tests/fixtures/diff/castling_through_check.toml",
        &["--fen", "4k3/8/b7/8/8/8/8/4K2R w K - 0 1", "--depth", "1"],
    );
    assert_eq!(code, Some(1));
    let d = &v["difference"];
    assert_eq!(d["depth"], 0);
    assert_eq!(d["old"]["fen"], "4k3/8/b7/8/8/8/8/4K2R w K - 0 1");
    assert!(strings(&d["only_old"]).is_empty());
    assert_eq!(strings(&d["only_new"]), ["e1-g1"]);
    let summary = v["summary_diff"].as_str().unwrap();
    assert!(
        summary.contains(
            "-  empty f1 g1; not attacked e1 f1 g1\n+  empty f1 g1; not attacked e1 g1\n"
        ),
        "{summary}"
    );
}

#[test]
fn diff_finds_where_cylindrical_chess_without_castling_first_differs() {
    let (code, v) = diff(
        "variants/cylindrical_chess.toml",
        "variants/cylindrical_chess_no_castling.toml",
        &["--moves", "e2e4 e7e5 g1f3 b8c6", "--depth", "2"],
    );
    assert_eq!(code, Some(1));
    let d = &v["difference"];
    // Two plies on: the first bishop move (in move text order) and the first black reply that
    // keeps castling legal.
    assert_eq!(d["depth"], 2);
    assert_eq!(strings(&d["moves"]), ["f1-a6", "a8-b8"]);
    assert_eq!(
        d["old"]["fen"],
        "1rbqkbnr/pppp1ppp/B1n5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQk - 4 4"
    );
    assert_eq!(
        d["new"]["fen"],
        "1rbqkbnr/pppp1ppp/B1n5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R w - - 4 4"
    );
    assert_eq!(strings(&d["only_old"]), ["e1-g1"]);
    assert!(strings(&d["only_new"]).is_empty());
}

#[test]
fn diff_of_a_variant_and_itself_finds_nothing() {
    let r = chessgraph(&[
        "diff",
        "variants/chess.toml",
        "variants/chess.toml",
        "--depth",
        "3",
    ]);
    r.assert_ok();
    assert!(
        r.stdout.starts_with("rules summaries: the same\n"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.ends_with(
            "\nno difference in the legal moves up to depth 3 (5783 positions compared)\n"
        ),
        "{}",
        r.stdout
    );
}

#[test]
fn diff_finds_a_difference_four_plies_deep_while_perft_agrees() {
    let (code, v) = diff(
        "variants/crazyhouse.toml",
        "tests/fixtures/diff/crazyhouse_pawn_drops_on_rank_1.toml",
        &[],
    );
    assert_eq!(code, Some(1));
    let d = &v["difference"];
    assert_eq!(d["depth"], 4);
    assert_eq!(strings(&d["moves"]), ["b1-a3", "b7-b5", "a3-b5", "a7-a5"]);
    assert_eq!(
        d["old"]["fen"],
        "rnbqkbnr/2pppppp/8/pN6/8/8/PPPPPPPP/R1BQKBNR[P] w KQkq - 0 3"
    );
    assert!(strings(&d["only_old"]).is_empty());
    assert_eq!(strings(&d["only_new"]), ["P@b1"]);
    // Perft to depth 4 is the same on both sides: it cannot see the difference.
    for p in v["perft"].as_array().unwrap() {
        assert_eq!(p["old"], p["new"], "{p}");
    }
    assert_eq!(v["perft"][3]["old"], 197281);
}

#[test]
fn diff_of_boards_with_other_node_names_compares_only_the_summaries() {
    let r = chessgraph(&[
        "diff",
        "variants/chess.toml",
        "variants/three_man_chess.toml",
    ]);
    assert_eq!(r.code, Some(2));
    assert!(r.stdout.starts_with("--- OLD\n+++ NEW\n"), "{}", r.stdout);
    r.assert_error(&[
        "variants/three_man_chess.toml:",
        "the boards have different node names",
        "only the rules summaries are compared",
    ]);
}

#[test]
fn diff_svg_marks_both_kinds_of_moves() {
    let dir = temp_dir();
    let out = dir.path().join("d.svg");
    let r = chessgraph(&[
        "diff",
        "variants/chess.toml",
        "tests/fixtures/diff/knight_gains_a_move.toml",
        "--depth",
        "1",
        "--svg",
        out.to_str().unwrap(),
    ]);
    assert_eq!(r.code, Some(1));
    let svg = read(&out);
    roxmltree::Document::parse(&svg).expect("valid SVG");
    assert_eq!(
        svg.matches("class=\"marked-move group-1\"").count(),
        4,
        "two arrows, two rings"
    );
    assert!(svg.contains("data-from=\"b1\" data-node=\"b3\""));
}

fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@example.com")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@example.com")
        .output()
        .expect("git runs");
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn diff_reads_a_file_its_extends_and_its_board_at_a_git_revision() {
    let dir = temp_dir();
    let root = dir.path();
    let crate_root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::create_dir_all(root.join("variants")).unwrap();
    std::fs::create_dir_all(root.join("boards")).unwrap();
    std::fs::copy(
        crate_root.join("boards/chess.toml"),
        root.join("boards/chess.toml"),
    )
    .unwrap();
    std::fs::copy(
        crate_root.join("variants/chess.toml"),
        root.join("variants/base.toml"),
    )
    .unwrap();
    std::fs::write(
        root.join("variants/mine.toml"),
        "extends = \"base.toml\"\n\n[variant]\nname = \"Mine\"\n",
    )
    .unwrap();
    git(root, &["init", "-q"]);
    git(root, &["add", "."]);
    git(root, &["commit", "-qm", "first"]);
    // Now the knight (in the file `mine.toml` extends) gains a move, in the working tree only.
    let base = root.join("variants/base.toml");
    let text = read(&base);
    std::fs::write(
        &base,
        text.replacen(
            "moves = [\"leap nne nnw nee nww sse ssw see sww\"]",
            "moves = [\"leap nne nnw nee nww sse ssw see sww\", \"move leap (n n)\"]",
            1,
        ),
    )
    .unwrap();
    let r = run_in(
        Some(root),
        &[
            "diff",
            "variants/mine.toml@HEAD",
            "variants/mine.toml",
            "--json",
            "--depth",
            "1",
        ],
        b"",
    );
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    let v = json(&r.stdout);
    assert_eq!(strings(&v["difference"]["only_new"]), ["b1-b3", "g1-g3"]);
    assert_eq!(v["old"], "variants/mine.toml@HEAD");

    // The same revision on both sides: no difference.
    let same = run_in(
        Some(root),
        &[
            "diff",
            "variants/mine.toml@HEAD",
            "variants/mine.toml@HEAD",
            "--depth",
            "1",
        ],
        b"",
    );
    same.assert_ok();

    // An unknown revision is bad input, with git's message.
    let bad = run_in(
        Some(root),
        &["diff", "variants/mine.toml@nope", "variants/mine.toml"],
        b"",
    );
    assert_eq!(bad.code, Some(2));
    bad.assert_error(&["variants/mine.toml@nope", "git show"]);

    // An existing file whose name holds `@` is that file.
    std::fs::copy(
        root.join("variants/mine.toml"),
        root.join("variants/mine.toml@HEAD"),
    )
    .unwrap();
    let file = run_in(
        Some(root),
        &[
            "diff",
            "variants/mine.toml@HEAD",
            "variants/mine.toml",
            "--depth",
            "1",
        ],
        b"",
    );
    file.assert_ok();
}

// ---- perft-suite ----

#[test]
fn perft_suite_passes_the_orthodox_suite_in_both_formats() {
    let epd = chessgraph(&[
        "perft-suite",
        "tests/perft/chess.epd",
        "--variant",
        "variants/chess.toml",
        "--max-nodes",
        "100000",
    ]);
    epd.assert_ok();
    assert!(
        epd.stdout
            .starts_with("start (line 5): pass (depth 1, 2, 3); depth 4, 5, 6 skipped\n"),
        "{}",
        epd.stdout
    );
    assert!(
        epd.stdout.ends_with(
            "7 position(s): 7 passed, 0 failed, 0 skipped; 22 depth(s) counted, 15 skipped\n"
        ),
        "{}",
        epd.stdout
    );
    let ours = chessgraph(&[
        "perft-suite",
        "tests/perft/rings.perft",
        "--max-nodes",
        "10000",
    ]);
    ours.assert_ok();
    assert!(
        ours.stdout.contains(
            "three_man_chess_start (line 7): pass (depth 1, 2, 3); depth 4, 5, 6 skipped\n"
        ),
        "{}",
        ours.stdout
    );
}

#[test]
fn the_epd_suite_holds_the_positions_and_counts_of_the_perft_file() {
    use crate::helpers::perft_suite::{Format, parse};
    let load = |p: &str| {
        let text = read(Path::new(p));
        parse(Path::new(p), &text, Format::of(Path::new(p), &text)).expect("a suite")
    };
    let (epd, ours) = (
        load("tests/perft/chess.epd"),
        load("tests/perft/chess.perft"),
    );
    assert_eq!(epd.format, Format::Epd);
    assert_eq!(ours.format, Format::Perft);
    type Entry = (String, String, Vec<(u32, u64)>);
    let key = |s: &crate::helpers::perft_suite::Suite| -> Vec<Entry> {
        s.entries
            .iter()
            .map(|e| {
                let counts = e.counts.iter().map(|c| (c.depth, c.nodes)).collect();
                (e.name.clone(), e.fen.clone(), counts)
            })
            .collect()
    };
    assert_eq!(key(&epd), key(&ours));
}

#[test]
fn perft_suite_reports_the_first_wrong_depth() {
    let dir = temp_dir();
    let text = read(Path::new("tests/perft/chess.epd")).replacen(";D3 8902 ", ";D3 8903 ", 1);
    let suite = dir.path().join("wrong.epd");
    std::fs::write(&suite, text).unwrap();
    let r = chessgraph(&[
        "perft-suite",
        suite.to_str().unwrap(),
        "--variant",
        "variants/chess.toml",
        "--max-nodes",
        "10000",
    ]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(
        r.stdout
            .starts_with("start (line 5): FAIL at depth 3: expected 8903, found 8902\n"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("7 position(s): 6 passed, 1 failed"),
        "{}",
        r.stdout
    );

    let j = chessgraph(&[
        "perft-suite",
        suite.to_str().unwrap(),
        "--variant",
        "variants/chess.toml",
        "--max-nodes",
        "10000",
        "--json",
    ]);
    assert_eq!(j.code, Some(1));
    let v = json(&j.stdout);
    assert_eq!(v["failed"], 1);
    assert_eq!(
        v["entries"][0]["depths"][2],
        serde_json::json!({"status": "fail", "depth": 3, "expected": 8903, "found": 8902})
    );
}

#[test]
fn perft_suite_locates_a_mistake_in_the_file() {
    let dir = temp_dir();
    let suite = dir.path().join("bad.epd");
    std::fs::write(
        &suite,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 4x0\n",
    )
    .unwrap();
    let s = suite.to_str().unwrap();
    let r = chessgraph(&["perft-suite", s, "--variant", "variants/chess.toml"]);
    assert_eq!(r.code, Some(2));
    r.assert_error(&[&format!(
        "{s}:1:69: expected a count (a whole number), found `4x0`"
    )]);
    std::fs::write(&suite, "8/8/8/8/8/8/8/K1k5 w - - 0 1 ;D1 3\n").unwrap();
    let no_variant = chessgraph(&["perft-suite", s]);
    assert_eq!(no_variant.code, Some(2));
    no_variant.assert_error(&["an EPD suite names no variant: give one with --variant FILE"]);
}
