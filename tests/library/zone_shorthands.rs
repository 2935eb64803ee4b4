//! Zone shorthands on grid boards: the generated `rank_N` and `file_X` zones, rectangles
//! `a1..h2`, and zones joined with ` + ` and ` - `.

use chessgraph::Board;
use chessgraph::testing::RulesInternals;

const BOARD: &str = r#"
[board]
name = "Four by four"

[grid]
files = "abcd"
ranks = 4

[directions]
n = { opposite = "s" }
s = {}

[map.offsets]
n = [0, 1]
s = [0, -1]

[zones]
corners = ["a1", "d1", "a4", "d4"]
block = ["c3..b2", "a1"]
inside = "a1..d4 - corners - file_a - file_d - rank_1 - rank_4"
edges = "file_a + file_d + rank_1 + rank_4"
"#;

fn zone(board: &Board, name: &str) -> Vec<String> {
    let z = board.zone(name).unwrap_or_else(|| panic!("zone {name}"));
    z.nodes
        .iter()
        .map(|&n| board.node_name(n).to_string())
        .collect()
}

#[test]
fn grid_boards_generate_rank_and_file_zones() {
    let board = Board::from_toml("four.toml", BOARD).expect("the board loads");
    assert_eq!(zone(&board, "rank_2"), ["a2", "b2", "c2", "d2"]);
    assert_eq!(zone(&board, "file_c"), ["c1", "c2", "c3", "c4"]);
    let generated: Vec<&str> = board
        .zones()
        .iter()
        .filter(|z| z.generated)
        .map(|z| z.name.as_str())
        .collect();
    assert_eq!(
        generated,
        [
            "rank_1", "rank_2", "rank_3", "rank_4", "file_a", "file_b", "file_c", "file_d"
        ]
    );
    assert!(
        board
            .summary()
            .contains("generated zones: rank_1..rank_4, file_a..file_d")
    );
}

#[test]
fn rectangles_and_expressions_make_node_sets() {
    let board = Board::from_toml("four.toml", BOARD).expect("the board loads");
    assert_eq!(zone(&board, "block"), ["a1", "b2", "c2", "b3", "c3"]);
    assert_eq!(zone(&board, "inside"), ["b2", "c2", "b3", "c3"]);
    assert_eq!(zone(&board, "edges").len(), 12);
}

#[test]
fn a_variant_uses_generated_zones_by_name() {
    // The shipped boards no longer declare rank zones: the variants find the generated ones.
    let rules = crate::helpers::load("variants/chess.toml");
    let promotion = rules.zone_by_name("promotion").expect("promotion zone");
    let white = rules.player_id(0).unwrap();
    let names: Vec<&str> = rules
        .zone(promotion, white)
        .iter()
        .map(|n| rules.board().node_name(n))
        .collect();
    assert_eq!(names, ["a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"]);
}

/// A board whose zone `z0` leads through `n` more zones: `z0 = "z1"`, ..., `zn = ["a1"]`.
fn chained(n: usize) -> String {
    let mut text = BOARD.to_string();
    for i in 0..n {
        text.push_str(&format!("z{i} = \"z{}\"\n", i + 1));
    }
    text.push_str(&format!("z{n} = [\"a1\"]\n"));
    text
}

#[test]
fn zone_chains_are_bounded() {
    let limit = chessgraph::testing::MAX_ZONE_DEPTH;
    let board = Board::from_toml("chain.toml", &chained(limit)).expect("at the limit");
    assert_eq!(zone(&board, "z0"), ["a1"]);
    let err = Board::from_toml("chain.toml", &chained(limit + 1)).expect_err("past the limit");
    let short = err.0.render_short();
    assert!(
        short.contains(&format!("zones lead through more than {limit} other zones")),
        "{short}"
    );
}
