//! Snapshots of the shipped boards (`boards/*.toml`): each loads with no diagnostic at all, and its
//! summary and full link listing are pinned, so any change to a board or to the loader shows up as a
//! reviewable diff.

use chessgraph::{Board, TwistId};

#[test]
fn shipped_boards_load_cleanly_and_match_their_snapshots() {
    insta::glob!("../../boards", "*.toml", |path| {
        let (result, report) = Board::check_file(path);
        assert!(
            report.diagnostics.is_empty(),
            "{} should load without errors or warnings:\n{}",
            path.display(),
            report.render(false, 100)
        );
        let board = result.expect("a board without diagnostics is valid");
        insta::assert_snapshot!("board", format!("{}\n{}", board.summary(), board.listing()));
    });
}

fn load(name: &str) -> Board {
    match Board::load(format!("boards/{name}.toml")) {
        Ok(b) => b,
        Err(e) => panic!("{}", e.0.render(false, 100)),
    }
}

/// The target of `from --dir-->`, and whether the link is twisted.
fn target(board: &Board, from: &str, dir: &str) -> Option<(String, bool)> {
    let n = board.node(from).unwrap_or_else(|| panic!("no node {from}"));
    let d = board
        .direction(dir)
        .unwrap_or_else(|| panic!("no direction {dir}"));
    board.step(n, d).map(|s| {
        (
            board.node_name(s.to).to_string(),
            s.twist != TwistId::IDENTITY,
        )
    })
}

fn plain(to: &str) -> Option<(String, bool)> {
    Some((to.to_string(), false))
}

#[test]
fn chess_links_are_the_compass_and_knight_offsets() {
    let b = load("chess");
    assert_eq!(b.node_count(), 64);
    assert_eq!(b.links().count(), 756);
    assert_eq!(target(&b, "e4", "n"), plain("e5"));
    assert_eq!(target(&b, "e4", "sw"), plain("d3"));
    assert_eq!(target(&b, "g1", "nnw"), plain("f3"));
    assert_eq!(target(&b, "b1", "nee"), plain("d2"));
    // The edges do not wrap.
    assert_eq!(target(&b, "a1", "w"), None);
    assert_eq!(target(&b, "h8", "ne"), None);
    assert_eq!(target(&b, "h4", "nee"), None);
    // a1 is dark, h1 light.
    let colour = |n: &str| b.node_info(b.node(n).unwrap()).colour;
    assert_eq!(colour("a1"), chessgraph::Colour::Dark);
    assert_eq!(colour("h1"), chessgraph::Colour::Light);
    assert_eq!(colour("d1"), chessgraph::Colour::Light);
}

#[test]
fn cylinder_files_wrap_and_ranks_do_not() {
    let b = load("cylinder");
    assert_eq!(target(&b, "a1", "w"), plain("h1"));
    assert_eq!(target(&b, "h1", "e"), plain("a1"));
    assert_eq!(target(&b, "h3", "ne"), plain("a4"));
    assert_eq!(target(&b, "a3", "sww"), plain("g2"));
    assert_eq!(target(&b, "g5", "nee"), plain("a6"));
    assert_eq!(target(&b, "a8", "n"), None);
    assert_eq!(target(&b, "c1", "s"), None);
    assert_eq!(target(&b, "c1", "sw"), None);
}

#[test]
fn circular_rings_wrap_and_the_center_is_closed() {
    let b = load("circular");
    assert_eq!(target(&b, "p1", "cw"), plain("a1"));
    assert_eq!(target(&b, "a4", "ccw"), plain("p4"));
    assert_eq!(target(&b, "a3", "in_ccw"), plain("p4"));
    assert_eq!(target(&b, "h4", "in"), None);
    assert_eq!(target(&b, "h4", "in_cw"), None);
    assert_eq!(target(&b, "h1", "out"), None);
    assert!(b.twists().len() == 1, "no twist on the circular board");
}

#[test]
fn three_man_chess_center_links_are_twisted() {
    let b = load("three_man_chess");
    assert_eq!(target(&b, "a6", "in"), Some(("m6".into(), true)));
    assert_eq!(target(&b, "a6", "in_cw"), Some(("o6".into(), true)));
    assert_eq!(target(&b, "a6", "in_ccw"), Some(("k6".into(), true)));
    assert_eq!(target(&b, "a6", "out"), plain("a5"));
    assert_eq!(target(&b, "x1", "cw"), plain("a1"));
    assert_eq!(target(&b, "a1", "out"), None);
}
