//! Board-file features the shipped boards do not all use: composite directions (also through a
//! twisted link), `[[rlink]]`, `[[unlink]]`, tags on `[[link]]`, hand-placed nodes, zones.

use chessgraph::testing::BoardInternals;
use chessgraph::{Board, Placement, TwistId};

fn load_text(text: &str) -> Board {
    match Board::from_toml("board.toml", text) {
        Ok(b) => b,
        Err(e) => panic!("{}", e.0.render(false, 100)),
    }
}

fn go(b: &Board, from: &str, dir: &str) -> Option<String> {
    let n = b.node(from).unwrap_or_else(|| panic!("no node {from}"));
    let d = b
        .direction(dir)
        .unwrap_or_else(|| panic!("no direction {dir}"));
    b.step(n, d).map(|s| b.node_name(s.to).to_string())
}

const CHESS: &str = include_str!("../../boards/chess.toml");
const KNIGHT: [(&str, &str); 8] = [
    ("nne", "n n e"),
    ("nnw", "n n w"),
    ("nee", "n e e"),
    ("nww", "n w w"),
    ("ssw", "s s w"),
    ("sse", "s s e"),
    ("sww", "s w w"),
    ("see", "s e e"),
];

#[test]
fn composite_knight_directions_equal_the_knight_offsets() {
    // The chess board with every knight direction declared as a path instead of an offset.
    let mut text = String::new();
    for line in CHESS.lines() {
        let key = line.split_whitespace().next().unwrap_or("");
        match KNIGHT.iter().find(|(k, _)| *k == key) {
            Some((k, _)) if line.contains("opposite") || line.ends_with("{}") => {
                let path = KNIGHT.iter().find(|(n, _)| n == k).unwrap().1;
                text.push_str(&format!("{k} = {{ path = \"{path}\" }}\n"));
            }
            Some(_) => {} // the offset line
            None => {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    let composite = load_text(&text);
    let offsets = load_text(CHESS);
    let mut compared = 0;
    for (k, path) in KNIGHT {
        let d = composite.direction(k).unwrap();
        let steps: Vec<&str> = composite
            .direction_info(d)
            .path
            .as_ref()
            .expect("a composite direction")
            .iter()
            .map(|&s| composite.direction_name(s))
            .collect();
        assert_eq!(steps.join(" "), path);
        for n in offsets.node_ids() {
            let name = offsets.node_name(n);
            assert_eq!(go(&composite, name, k), go(&offsets, name, k), "{name} {k}");
            compared += 1;
        }
    }
    assert_eq!(compared, 8 * 64);
    assert_eq!(composite.links().count(), 756);
}

#[test]
fn a_composite_direction_follows_the_twist_of_the_center() {
    let text = include_str!("../../boards/three_man_chess.toml").replace(
        "out_ccw = {}\n",
        "out_ccw = {}\nin2 = { path = \"in in\" }\nin_then_cw = { path = \"in cw\" }\n",
    );
    let b = load_text(&text);
    let center = b.twist_named("center").unwrap();
    let step = |from: &str, dir: &str| {
        let s = b
            .step(b.node(from).unwrap(), b.direction(dir).unwrap())
            .unwrap_or_else(|| panic!("{from} {dir}"));
        (b.node_name(s.to).to_string(), s.twist)
    };
    // a6 --in--> m6 turns the frame round: the second `in` is the board's `out`.
    assert_eq!(step("a6", "in2"), ("m5".into(), center));
    assert_eq!(step("a5", "in2"), ("m6".into(), center));
    assert_eq!(step("a4", "in2"), ("a6".into(), TwistId::IDENTITY));
    // `cw` is not changed by the twist.
    assert_eq!(step("a6", "in_then_cw"), ("n6".into(), center));
    // Away from the center, `in in` is two plain steps.
    assert_eq!(step("a1", "in2"), ("a3".into(), TwistId::IDENTITY));
}

const LINE: &str = r#"
[board]
name = "Line"

[[node]]
name = "a"
x = 0
y = 0

[[node]]
name = "b"
x = 1
y = 0
colour = "dark"

[[node]]
name = "c"
x = 2
y = 0

[directions]
e = { opposite = "w" }
w = {}

[[link]]
dir = "e"
chain = ["a", "b", "c"]
tags = ["road"]

[[rlink]]
dir = "w"
chain = ["a", "b", "c"]

[zones]
ends = ["c", "a", "c"]
"#;

#[test]
fn hand_placed_nodes_with_link_rlink_and_tags() {
    let (result, report) =
        Board::check_source(chessgraph::diagnostic::SourceFile::new("line.toml", LINE));
    assert!(report.diagnostics.is_empty(), "{}", report.render_short());
    let b = result.unwrap();
    assert!(b.grid().is_none());
    assert_eq!(go(&b, "a", "e").as_deref(), Some("b"));
    assert_eq!(go(&b, "b", "e").as_deref(), Some("c"));
    assert_eq!(go(&b, "c", "w").as_deref(), Some("b"));
    assert_eq!(go(&b, "b", "w").as_deref(), Some("a"));
    assert_eq!(go(&b, "a", "w"), None);
    assert_eq!(go(&b, "c", "e"), None);
    let road = b.tag("road").expect("the tag");
    for (n, d, s) in b.links() {
        let tagged = s.tags.intersects(road);
        assert_eq!(tagged, b.direction_name(d) == "e", "{}", b.node_name(n));
    }
    assert_eq!(
        b.node_info(b.node("b").unwrap()).colour,
        chessgraph::Colour::Dark
    );
    assert_eq!(
        b.node_info(b.node("c").unwrap()).placement,
        Placement::Grid { x: 2.0, y: 0.0 }
    );
    // Zones list each node once, in node order.
    let ends: Vec<&str> = b
        .zone("ends")
        .unwrap()
        .nodes
        .iter()
        .map(|&n| b.node_name(n))
        .collect();
    assert_eq!(ends, ["a", "c"]);
    assert_eq!(b.rows().len(), 1);
    assert!(b.strongly_connected());
}

#[test]
fn unlink_removes_links() {
    let text = format!("{CHESS}\n[[unlink]]\ndir = \"n\"\nnodes = [\"e4\", \"d4\"]\n");
    let b = load_text(&text);
    assert_eq!(go(&b, "e4", "n"), None);
    assert_eq!(go(&b, "d4", "n"), None);
    assert_eq!(go(&b, "e5", "s").as_deref(), Some("e4"));
    assert_eq!(b.links().count(), 754);
    // The way back from e5 no longer returns: a warning, not an error.
    let (result, report) =
        Board::check_source(chessgraph::diagnostic::SourceFile::new("chess.toml", text));
    assert!(result.is_ok());
    let codes: Vec<&str> = report.diagnostics.iter().map(|d| d.code()).collect();
    assert_eq!(codes, ["board::non-reciprocal-link"]);
}

#[test]
fn polar_layout_rows_start_at_the_innermost_ring() {
    let b = load_text(include_str!("../../boards/circular.toml"));
    let first: Vec<&str> = b.rows()[0].iter().map(|&n| b.node_name(n)).collect();
    assert_eq!(first.len(), 16);
    assert_eq!(first[0], "a4");
    assert_eq!(first[15], "p4");
    let last: Vec<&str> = b.rows()[3].iter().map(|&n| b.node_name(n)).collect();
    assert_eq!(last[0], "a1");
    assert_eq!(
        b.node_info(b.node("c2").unwrap()).placement,
        Placement::Polar {
            ring: 1.0,
            sector: 2.0
        }
    );
}

/// Regression: two declared twists with the same permutation shared one id, renamed
/// `center|flip`, so `Board::twist_named("center")` found nothing and the links declared with
/// `twist = "center"` printed as `~center|flip`. A declared twist now always gets an id of its
/// own (only twists composed along composite paths share an equal one).
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
    let board = load_text(text);
    assert!(board.twist_named("center").is_some());
    assert!(board.twist_named("flip").is_some());
}

/// Regression: every `[[unlink]]` ran after every `[[link]]`, whatever their order in the file, so
/// a map link could not be replaced, although the duplicate-link help says "or `[[unlink]]` the
/// first before linking again". Links and unlinks now act in file order, after `[map]`.
#[test]
fn unlink_then_link_reroutes_a_map_link() {
    let text = format!(
        "{}\n[map.offsets]\nn = [0, 1]\ns = [0, -1]\ne = [1, 0]\nw = [-1, 0]\n\n\
         [[unlink]]\ndir = \"e\"\nnodes = [\"c1\"]\n\n\
         [[link]]\ndir = \"e\"\nchain = [\"c1\", \"a1\"]\n",
        crate::invalid_boards::STRIP
    );
    let board = load_text(&text);
    let (c1, e) = (board.node("c1").unwrap(), board.direction("e").unwrap());
    assert_eq!(board.node_name(board.step(c1, e).unwrap().to), "a1");
}
