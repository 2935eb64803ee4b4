//! The authoring commands: `schema` prints the shipped schemas, `new` writes files that check,
//! play and never replace a file.

use std::path::Path;

use crate::helpers::cli::{run, run_in};
use crate::helpers::temp_dir;

fn in_dir(dir: &Path, args: &[&str]) -> crate::helpers::cli::Run {
    run_in(Some(dir), args, b"")
}

/// The perft total `perft` prints last.
fn nodes(stdout: &str) -> u64 {
    let last = stdout.lines().last().unwrap_or_default();
    last.trim_start_matches("Nodes searched: ")
        .parse()
        .unwrap_or(0)
}

#[test]
fn schema_prints_the_shipped_schemas() {
    for kind in ["board", "variant"] {
        let r = run(&["schema", kind]);
        r.assert_ok();
        let shipped = std::fs::read_to_string(format!("schema/{kind}.schema.json")).unwrap();
        assert_eq!(r.stdout, shipped);
    }
    run(&["schema", "boards"]).assert_error(&["board", "variant"]);
}

#[test]
fn new_variant_checks_and_plays() {
    let dir = temp_dir();
    in_dir(dir.path(), &["new", "variant", "mine"]).assert_ok();
    assert!(dir.path().join("mine.board.toml").is_file());
    let check = in_dir(dir.path(), &["check", "mine.toml", "mine.board.toml"]);
    check.assert_ok();
    assert!(!check.stderr.contains("warning"), "{}", check.stderr);
    let perft = in_dir(dir.path(), &["perft", "mine.toml", "2"]);
    perft.assert_ok();
    assert_eq!(nodes(&perft.stdout), 400, "chess on 8x8 is chess");
}

#[test]
fn new_variant_on_other_grids() {
    let dir = temp_dir();
    for (name, grid) in [
        ("small", "5x6"),
        ("wide", "10x8"),
        ("least", "2x4"),
        ("tall", "3x12"),
    ] {
        in_dir(dir.path(), &["new", "variant", name, "--grid", grid]).assert_ok();
        let file = format!("{name}.toml");
        in_dir(dir.path(), &["check", &file]).assert_ok();
        let perft = in_dir(dir.path(), &["perft", &file, "2"]);
        perft.assert_ok();
        assert!(nodes(&perft.stdout) > 0, "{name}: {}", perft.stdout);
    }
    in_dir(dir.path(), &["new", "variant", "huge", "--grid", "20x20"])
        .assert_error(&["400 nodes", "at most 256"]);
    in_dir(dir.path(), &["new", "variant", "flat", "--grid", "8x3"])
        .assert_error(&["at least 4 ranks"]);
    in_dir(dir.path(), &["new", "board", "odd", "--grid", "8by8"]).assert_error(&["FILESxRANKS"]);
    assert!(!dir.path().join("huge.toml").exists());
}

#[test]
fn new_with_knight_paths_writes_knights_that_follow_the_links() {
    let dir = temp_dir();
    in_dir(dir.path(), &["new", "variant", "paths", "--knight-paths"]).assert_ok();
    let board = std::fs::read_to_string(dir.path().join("paths.board.toml")).unwrap();
    assert!(board.contains("nne = { path = \"n n e\" }"), "{board}");
    assert!(board.contains("see = { path = \"e e s\" }"), "{board}");
    assert!(!board.contains("nne = [1, 2]"), "{board}");
    let check = in_dir(dir.path(), &["check", "paths.toml", "paths.board.toml"]);
    check.assert_ok();
    assert!(!check.stderr.contains("warning"), "{}", check.stderr);
    // On a flat grid the paths are the offsets: chess.
    let perft = in_dir(dir.path(), &["perft", "paths.toml", "3"]);
    assert_eq!(nodes(&perft.stdout), 8902);
    // On a cylinder, knights cross the seam either way.
    in_dir(dir.path(), &["new", "variant", "tube", "--wrap"]).assert_ok();
    in_dir(
        dir.path(),
        &["new", "variant", "tubep", "--wrap", "--knight-paths"],
    )
    .assert_ok();
    let tube = nodes(&in_dir(dir.path(), &["perft", "tube.toml", "3"]).stdout);
    let tubep = nodes(&in_dir(dir.path(), &["perft", "tubep.toml", "3"]).stdout);
    assert!(tube > 8902, "{tube}");
    assert_eq!(tube, tubep);
    // The default board says why it might want them.
    in_dir(dir.path(), &["new", "board", "plain"]).assert_ok();
    let plain = std::fs::read_to_string(dir.path().join("plain.toml")).unwrap();
    assert!(plain.contains("--knight-paths"), "{plain}");
}

#[test]
fn new_board_and_a_variant_on_it() {
    let dir = temp_dir();
    in_dir(dir.path(), &["new", "board", "field", "--grid", "6x6"]).assert_ok();
    in_dir(dir.path(), &["check", "field.toml"]).assert_ok();
    in_dir(
        dir.path(),
        &["new", "variant", "game", "--board", "field.toml"],
    )
    .assert_ok();
    assert!(!dir.path().join("game.board.toml").exists());
    let text = std::fs::read_to_string(dir.path().join("game.toml")).unwrap();
    assert!(text.contains("board = \"field.toml\""), "{text}");
    let perft = in_dir(dir.path(), &["perft", "game.toml", "2"]);
    assert!(nodes(&perft.stdout) > 0);
    // A shipped board with its own zone names.
    let chess = Path::new(env!("CARGO_MANIFEST_DIR")).join("boards/chess.toml");
    let chess = chess.to_str().unwrap();
    in_dir(
        dir.path(),
        &["new", "variant", "orthodox", "--board", chess],
    )
    .assert_ok();
    let perft = in_dir(dir.path(), &["perft", "orthodox.toml", "3"]);
    assert_eq!(nodes(&perft.stdout), 8902);
    let circular = Path::new(env!("CARGO_MANIFEST_DIR")).join("boards/circular.toml");
    in_dir(
        dir.path(),
        &[
            "new",
            "variant",
            "round",
            "--board",
            circular.to_str().unwrap(),
        ],
    )
    .assert_error(&["circular.toml has no direction `n`"]);
}

#[test]
fn new_never_writes_over_a_file() {
    let dir = temp_dir();
    std::fs::write(dir.path().join("mine.board.toml"), "precious").unwrap();
    in_dir(dir.path(), &["new", "variant", "mine"])
        .assert_error(&["mine.board.toml already exists", "never writes over"]);
    // Nothing was written, not even the file that did not exist.
    assert!(!dir.path().join("mine.toml").exists());
    assert_eq!(
        std::fs::read_to_string(dir.path().join("mine.board.toml")).unwrap(),
        "precious"
    );
    in_dir(dir.path(), &["new", "board", "b"]).assert_ok();
    in_dir(dir.path(), &["new", "board", "b"]).assert_error(&["b.toml already exists"]);
    in_dir(dir.path(), &["new", "board", "../escape"]).assert_error(&["NAME must be"]);
}

#[test]
fn new_wrap_makes_a_cylinder() {
    let dir = temp_dir();
    in_dir(dir.path(), &["new", "board", "cyl", "--wrap"]).assert_ok();
    let links = in_dir(dir.path(), &["links", "cyl.toml", "h1"]);
    links.assert_ok();
    assert!(
        links
            .stdout
            .lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["e", "a1"]),
        "h1 e a1 across the seam:\n{}",
        links.stdout
    );
    in_dir(dir.path(), &["new", "variant", "cylchess", "--wrap"]).assert_ok();
    let perft = in_dir(dir.path(), &["perft", "cylchess.toml", "2"]);
    assert_eq!(nodes(&perft.stdout), 392, "Cylindrical Chess perft 2");
}

/// `--wrap SURFACE`: every surface writes a board that passes `check` without a warning, and its
/// seam goes where the surface says (h3 of 8 meets a6 upside down on a Möbius strip).
#[test]
fn new_wrap_makes_every_surface() {
    let dir = temp_dir();
    for (surface, from, to) in [
        ("cylinder", "h3", "a3"),
        ("torus", "h8", "a8"),
        ("moebius", "h3", "a6 ~mirror"),
        ("klein", "h3", "a6 ~mirror"),
    ] {
        let name = format!("{surface}_board");
        in_dir(dir.path(), &["new", "board", &name, "--wrap", surface]).assert_ok();
        let file = format!("{name}.toml");
        let text = std::fs::read_to_string(dir.path().join(&file)).expect("written");
        assert!(text.contains(&format!("wrap = \"{surface}\"")), "{text}");
        let check = in_dir(dir.path(), &["check", "--deny-warnings", &file]);
        check.assert_ok();
        let links = in_dir(dir.path(), &["links", &file, from]);
        assert!(
            links.stdout.lines().any(|l| l == format!("e {to}")),
            "{surface}: {from} e {to}:\n{}",
            links.stdout
        );
    }
    let up = in_dir(dir.path(), &["links", "torus_board.toml", "c8"]);
    assert!(up.stdout.lines().any(|l| l == "n c1"), "{}", up.stdout);
    // Every surface makes a variant that checks clean: where the ranks wrap, the armies stand
    // one rank in from the edges (else the kings would touch across the seam).
    for (surface, first_row) in [
        ("cylinder", "start = \"rnbqkbnr/"),
        ("torus", "start = \"8/rnbqkbnr/"),
        ("moebius", "start = \"rnbqkbnr/"),
        ("klein", "start = \"8/rnbqkbnr/"),
    ] {
        let name = format!("{surface}_chess");
        in_dir(dir.path(), &["new", "variant", &name, "--wrap", surface]).assert_ok();
        let file = format!("{name}.toml");
        let text = std::fs::read_to_string(dir.path().join(&file)).expect("written");
        assert!(text.contains(first_row), "{surface}:\n{text}");
        in_dir(dir.path(), &["check", "--deny-warnings", &file]).assert_ok();
        in_dir(dir.path(), &["perft", &file, "2"]).assert_ok();
    }
    in_dir(dir.path(), &["new", "board", "ball", "--wrap", "sphere"])
        .assert_error(&["invalid value 'sphere'", "moebius"]);
}
