//! `[hex]` shapes beyond the regular hexagon: `lengths` (each file's cells, centred) and
//! `rank_lines` (how cells are named), checked against the regular generator and against each
//! other.

use chessgraph::{Board, Placement};

/// The board a file's text makes once `from` is replaced by `to` (and its declared zones, which
/// name cells, left out).
fn edited(path: &str, from: &str, to: &str) -> Board {
    let text = std::fs::read_to_string(path).expect("board file");
    assert!(text.contains(from), "{path} has `{from}`");
    let text = text.replace(from, to);
    let cells = text.split("\n[zones]").next().expect("text");
    Board::from_toml(path, cells).unwrap_or_else(|e| panic!("{e:?}"))
}

/// A node's drawing position.
fn xy(b: &Board, name: &str) -> (f64, f64) {
    let n = b.node(name).unwrap_or_else(|| panic!("no node {name}"));
    match b.node_info(n).placement {
        Placement::Grid { x, y } => (x, y),
        other => panic!("{name} is drawn at {other:?}"),
    }
}

#[test]
fn lengths_of_a_regular_hexagon_make_the_board_side_makes() {
    let side = edited("boards/glinski.toml", "side = 6 ", "side = 6 ");
    let lengths = edited(
        "boards/glinski.toml",
        "side = 6 ",
        "lengths = [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6] ",
    );
    // The same cells, names, colours, positions, links and generated zones: only the summary's
    // shape text differs.
    assert_eq!(lengths.listing(), side.listing());
    for n in side.node_ids() {
        let name = side.node_name(n);
        assert_eq!(xy(&lengths, name), xy(&side, name), "{name}");
        let m = lengths.node(name).expect("same names");
        assert_eq!(
            lengths.node_info(m).colour,
            side.node_info(n).colour,
            "{name}"
        );
    }
}

#[test]
fn rising_ranks_name_the_mirror_image_of_falling_ones() {
    let falling = Board::load("boards/shafran.toml").expect("Shafran's board");
    let rising = edited(
        "boards/shafran.toml",
        "rank_lines = \"falling\"",
        "rank_lines = \"rising\"",
    );
    let files = "abcdefghi";
    let last = files.len() as f64 - 1.0;
    for n in falling.node_ids() {
        let name = falling.node_name(n);
        let (x, y) = xy(&falling, name);
        // The cell seen in a mirror standing on file e: file letter mirrored, same rank.
        let file = files.as_bytes()[(last - x) as usize] as char;
        let mirrored = format!("{file}{}", &name[1..]);
        assert_eq!(xy(&rising, &mirrored), (last - x, y), "{name} / {mirrored}");
    }
    // Shafran's corners: rank 1 falls from a1 to e1; rising, it rises from e1 to i1.
    assert_eq!(xy(&falling, "a1").1 - xy(&falling, "e1").1, 2.0);
    assert_eq!(xy(&rising, "i1").1 - xy(&rising, "e1").1, 2.0);
}
