//! SVG pictures: snapshots of every shipped variant's start position and every shipped board, and of
//! `--from` / `--links` / `--tags` examples; every picture parses as XML with one cell per node;
//! the picture rasterised has the right colours at known cell centres.

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::helpers::load;
use chessgraph::Position;
use chessgraph::Rules;
use chessgraph::notation::play_line;
use chessgraph::render::{RenderOptions, default_rotation, render_svg};
use chessgraph::testing::{DARK, Geometry, LIGHT, MID, VOID};
use chessgraph::{Board, TwistId};

const THREE_ARMIES: &str = "tests/fixtures/render/three_armies.toml";

fn board(path: &str) -> Board {
    match Board::load(path) {
        Ok(b) => b,
        Err(e) => panic!("{}", e.0.render(false, 100)),
    }
}

fn position(rules: &Arc<Rules>, fen: Option<&str>, moves: &str) -> Position {
    let mut pos = match fen {
        Some(f) => Position::from_fen(rules, f).unwrap_or_else(|e| panic!("{f}: {e}")),
        None => Position::start(rules),
    };
    play_line(&mut pos, moves).unwrap_or_else(|e| panic!("{moves}: {e}"));
    pos
}

/// What a picture must satisfy whatever it shows: well-formed XML whose cells are exactly the
/// board's nodes, one each; one piece element per piece of the position.
fn check_structure<'a>(
    svg: &'a str,
    board: &Board,
    pos: Option<&Position>,
) -> roxmltree::Document<'a> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}"));
    let has_class = |n: &roxmltree::Node, c: &str| {
        n.attribute("class")
            .is_some_and(|a| a.split_whitespace().any(|x| x == c))
    };
    let cells: Vec<&str> = doc
        .descendants()
        .filter(|n| has_class(n, "cell"))
        .map(|n| n.attribute("data-node").expect("a cell names its node"))
        .collect();
    assert_eq!(cells.len(), board.node_count(), "one cell per node");
    let names: BTreeSet<&str> = cells.iter().copied().collect();
    let expected: BTreeSet<&str> = board.node_ids().map(|n| board.node_name(n)).collect();
    assert_eq!(names, expected, "the cells are the board's nodes");
    if let Some(p) = pos {
        let pieces = doc.descendants().filter(|n| has_class(n, "piece")).count();
        let on_board = board
            .node_ids()
            .filter(|&n| p.piece_at(n).is_some())
            .count();
        assert_eq!(pieces, on_board, "one piece element per piece");
    }
    doc
}

fn svg_of(board: &Board, pos: Option<&Position>, options: &RenderOptions) -> String {
    let svg = render_svg(board, pos, options);
    assert_eq!(svg, render_svg(board, pos, options), "deterministic");
    check_structure(&svg, board, pos);
    without_defs(&svg)
}

/// Marks the elided definitions in snapshots.
const DEFS_ELIDED: &str = "<defs><!-- as in the snapshot svg_defs --></defs>";

/// The picture with its `<defs>` block (gradients, patterns: the same in every picture) elided,
/// after checking that it is the block every picture shares.
fn without_defs(svg: &str) -> String {
    let (start, end) = defs_range(svg);
    assert_eq!(
        &svg[start..end],
        shared_defs(),
        "every picture has the same <defs>"
    );
    format!("{}{DEFS_ELIDED}{}", &svg[..start], &svg[end..])
}

/// Where the `<defs>` block is.
fn defs_range(svg: &str) -> (usize, usize) {
    let start = svg.find("<defs>").expect("a <defs> block");
    let end = svg.find("</defs>").expect("its end") + "</defs>".len();
    (start, end)
}

/// The `<defs>` block of the chess start picture.
fn shared_defs() -> String {
    let rules = load("variants/chess.toml");
    let svg = render_svg(
        rules.board(),
        Some(&Position::start(&rules)),
        &RenderOptions::default(),
    );
    let (start, end) = defs_range(&svg);
    svg[start..end].to_string()
}

#[test]
fn svg_defs() {
    insta::assert_snapshot!(shared_defs());
}

/// `dir/*.toml`, sorted: (file stem, path).
fn toml_files(dir: &str) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .expect("directory")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .map(|p| {
            (
                p.file_stem().unwrap().to_str().unwrap().to_string(),
                p.to_str().unwrap().to_string(),
            )
        })
        .collect();
    files.sort();
    files
}

// Named loops rather than `insta::glob!`: the snapshot of a file keeps its name however many files
// the directory holds (the 3 Man Chess variant is picked up when it lands).
#[test]
fn every_shipped_variant_start_position() {
    let files = toml_files("variants");
    assert!(!files.is_empty());
    for (stem, path) in files {
        let rules = load(&path);
        let pos = Position::start(&rules);
        let svg = svg_of(rules.board(), Some(&pos), &RenderOptions::default());
        insta::assert_snapshot!(format!("variant_{stem}"), svg);
    }
}

#[test]
fn every_shipped_board() {
    let files = toml_files("boards");
    assert!(files.len() >= 4, "the shipped boards: {files:?}");
    for (stem, path) in files {
        let b = board(&path);
        let svg = svg_of(&b, None, &RenderOptions::default());
        insta::assert_snapshot!(format!("board_{stem}"), svg);
    }
}

#[test]
fn three_players_start_position() {
    let r = load(THREE_ARMIES);
    let pos = Position::start(&r);
    let svg = svg_of(r.board(), Some(&pos), &RenderOptions::default());
    // White's segment (files a-h, sectors 0-7 of 24) is centred at the bottom: sector 0 begins
    // 120 degrees clockwise from straight up.
    assert_eq!(default_rotation(&r), 120.0);
    // The fairy piece `A` is drawn with the letter glyph, and gray's colour comes from the file.
    assert!(svg.contains("<title>white archbishop on f1</title>"));
    assert!(svg.contains("fill=\"#9a9a9a\""));
    insta::assert_snapshot!(svg);
}

/// The destinations drawn for `--from`: (quiet, captures) node names.
fn marks(svg: &str) -> (Vec<String>, Vec<String>) {
    let doc = roxmltree::Document::parse(svg).expect("XML");
    let of = |class: &str| {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(class))
            .map(|n| n.attribute("data-node").expect("node").to_string())
            .collect::<Vec<_>>()
    };
    (of("destination"), of("capture"))
}

#[test]
fn from_marks_quiet_moves_and_captures_apart() {
    let r = load("variants/chess.toml");
    let pos = position(&r, None, "e2e4 d7d5");
    let b = r.board();
    let options = RenderOptions {
        from: b.node("e4"),
        last_move: Some((b.node("d7").unwrap(), b.node("d5").unwrap())),
        ..RenderOptions::default()
    };
    let svg = svg_of(b, Some(&pos), &options);
    assert_eq!(
        marks(&svg),
        (vec!["e5".to_string()], vec!["d5".to_string()])
    );
    assert_eq!(svg.matches("class=\"last-move\"").count(), 2);
    assert_eq!(svg.matches("class=\"from\"").count(), 1);
    insta::assert_snapshot!(svg);
}

#[test]
fn from_shows_the_moves_of_a_piece_whose_owner_is_not_to_move() {
    let r = load("variants/chess.toml");
    let pos = position(&r, None, "e2e4");
    let b = r.board();
    // Black is to move after e2e4; the white bishop's moves are shown as if white were to move.
    let svg = svg_of(
        b,
        Some(&pos),
        &RenderOptions {
            from: b.node("f1"),
            ..RenderOptions::default()
        },
    );
    let (quiet, captures) = marks(&svg);
    assert_eq!(quiet, ["e2", "d3", "c4", "b5", "a6"]);
    assert!(captures.is_empty());
    assert!(svg.contains("(as if white were to move)"));
}

#[test]
fn from_respects_legality_for_the_owner() {
    // The black knight on d7 is pinned by the white bishop on b5: as if black were to move, it has
    // no legal move, though it has pseudo-legal ones.
    let r = load("variants/chess.toml");
    let pos = position(&r, Some("4k3/3n4/8/1B6/8/8/8/4K3 w - - 0 1"), "");
    let d7 = r.board().node("d7").unwrap();
    assert!(pos.piece_legal_moves(d7).is_empty());
    let svg = svg_of(
        r.board(),
        Some(&pos),
        &RenderOptions {
            from: Some(d7),
            ..RenderOptions::default()
        },
    );
    assert_eq!(marks(&svg), (vec![], vec![]));
}

#[test]
fn from_an_empty_node_draws_no_marks() {
    let r = load("variants/chess.toml");
    let pos = Position::start(&r);
    let options = RenderOptions {
        from: r.board().node("e4"),
        ..RenderOptions::default()
    };
    let svg = svg_of(r.board(), Some(&pos), &options);
    assert_eq!(marks(&svg), (vec![], vec![]));
    assert!(!svg.contains("class=\"from\""));
    assert!(svg.contains("e4 is empty"));
}

#[test]
fn bishop_loop_through_the_center() {
    // A lone bishop on a6 (with the three kings far away): its two loops cross the void.
    let r = load(THREE_ARMIES);
    let pos = position(&r, Some("wB23/24/24/24/24/4wK7gK7bK3 w - - 0 1"), "");
    let b = r.board();
    let a6 = b.node("a6").unwrap();
    let svg = svg_of(
        b,
        Some(&pos),
        &RenderOptions {
            from: Some(a6),
            ..RenderOptions::default()
        },
    );
    let (quiet, captures) = marks(&svg);
    assert!(captures.is_empty());
    // The loops of a6 (shared/rules/three-man-chess.md section 9): 20 squares, four of them on
    // the far side of the void.
    let set: BTreeSet<&str> = quiet.iter().map(String::as_str).collect();
    for n in ["b5", "f1", "k6", "g2", "x5", "t1", "o6", "s2"] {
        assert!(set.contains(n), "{n} in {set:?}");
    }
    assert_eq!(quiet.len(), 20, "{quiet:?}");
    insta::assert_snapshot!(svg);
}

#[test]
fn eliminated_players_are_frozen_and_checks_are_marked() {
    // Gray is out (its king and rook stay on the board, frozen); black's king on u1 is attacked
    // by the white rook on a1 along ring 1.
    let r = load(THREE_ARMIES);
    let pos = position(
        &r,
        Some("24/24/24/24/24/wR3wK7gKgR6bK3 b - - 0 1 out:g"),
        "",
    );
    assert!(!pos.is_alive(chessgraph::PlayerId::seat(1)));
    let svg = svg_of(r.board(), Some(&pos), &RenderOptions::default());
    assert_eq!(svg.matches("class=\"piece frozen\"").count(), 2);
    assert_eq!(svg.matches("class=\"check\"").count(), 1);
    assert!(svg.contains("data-node=\"u1\" d=") && svg.contains("fill=\"url(#check)\""));
    assert!(svg.contains("eliminated (frozen): gray"));
    insta::assert_snapshot!(svg);
}

#[test]
fn links_of_one_direction_cross_the_void() {
    let b = board("boards/three_man_chess.toml");
    let dir = b.direction("in").unwrap();
    let svg = svg_of(
        &b,
        None,
        &RenderOptions {
            links: Some(dir),
            rotation: Some(120.0),
            ..RenderOptions::default()
        },
    );
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let arrows: Vec<(String, bool)> = doc
        .descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("link")))
        .map(|n| {
            (
                format!(
                    "{}>{}",
                    n.attribute("data-from").unwrap(),
                    n.attribute("data-to").unwrap()
                ),
                n.attribute("class") == Some("link twisted"),
            )
        })
        .collect();
    let expected = b
        .links()
        .filter(|&(_, d, _)| d == dir)
        .map(|(n, _, s)| {
            (
                format!("{}>{}", b.node_name(n), b.node_name(s.to)),
                s.twist != TwistId::IDENTITY,
            )
        })
        .collect::<Vec<_>>();
    assert_eq!(arrows, expected);
    // 5 inward steps on each of 24 files, and the 24 crossings of the void, all twisted.
    assert_eq!(arrows.len(), 144);
    assert_eq!(arrows.iter().filter(|a| a.1).count(), 24);
    assert!(arrows.contains(&("a6>m6".to_string(), true)));
    insta::assert_snapshot!(svg);
}

#[test]
fn cylinder_seam_links_are_drawn() {
    let b = board("boards/cylinder.toml");
    let svg = svg_of(
        &b,
        None,
        &RenderOptions {
            links: b.direction("e"),
            ..RenderOptions::default()
        },
    );
    // 7 ordinary steps and the seam h -> a on each of 8 ranks; the seams are curves.
    assert_eq!(svg.matches("class=\"link\"").count(), 64);
    let seam = svg
        .lines()
        .find(|l| l.contains("data-from=\"h1\" data-to=\"a1\""))
        .expect("the seam link h1 e a1");
    assert!(seam.contains('Q'), "a curve: {seam}");
    insta::assert_snapshot!(svg);
}

#[test]
fn tags_are_heavy_lines_with_a_legend() {
    let b = board("boards/three_man_chess.toml");
    let svg = svg_of(
        &b,
        None,
        &RenderOptions {
            tags: true,
            rotation: Some(120.0),
            ..RenderOptions::default()
        },
    );
    // Each moat tags 6 links = 3 node pairs; the creek tags 12 one-way links = 12 pairs.
    assert_eq!(svg.matches("class=\"tag\"").count(), 3 * 3 + 12);
    for t in [
        "moat:black-white",
        "moat:white-gray",
        "moat:gray-black",
        "creek",
    ] {
        assert!(svg.contains(&format!("tag {t}</text>")), "{t}");
    }
    insta::assert_snapshot!(svg);
}

/// The colour of a pixel (the picture is opaque: premultiplied = straight).
fn pixel(p: &resvg::tiny_skia::Pixmap, (x, y): (f64, f64)) -> [u8; 3] {
    let c = p
        .pixel(x.round() as u32, y.round() as u32)
        .expect("inside the picture");
    [c.red(), c.green(), c.blue()]
}

fn rasterise(svg: &str) -> resvg::tiny_skia::Pixmap {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).expect("usvg");
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).expect("pixmap");
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    pixmap
}

#[test]
fn glinski_rasterised_has_three_colours_of_hexagons_where_the_rules_say() {
    let b = board("boards/glinski.toml");
    let svg = render_svg(&b, None, &RenderOptions::default());
    let geo = Geometry::new(&b, 0.0);
    // Hexagons one cell (60 units) tall: the side is 60 / sqrt(3), files 1.5 sides apart; f6 is
    // the middle of the picture, f1 five cells below it.
    let side = 60.0 / 3f64.sqrt();
    let (x6, y6) = geo.centre(b.node("f6").unwrap());
    let (x1, y1) = geo.centre(b.node("f1").unwrap());
    let (xa, ya) = geo.centre(b.node("a1").unwrap());
    assert!((x1 - x6).abs() < 1e-9 && (y1 - y6 - 300.0).abs() < 1e-9);
    assert!((x6 - xa - 7.5 * side).abs() < 1e-9 && (y1 - ya - 150.0).abs() < 1e-9);
    let pixmap = rasterise(&svg);
    // The rules page: f1 light, f6 (the centre) mid, f11 dark; up a file light, dark, mid.
    for (name, want) in [
        ("f1", LIGHT),
        ("f2", DARK),
        ("f3", MID),
        ("f6", MID),
        ("f11", DARK),
        ("a1", DARK),
        ("l6", LIGHT),
    ] {
        let n = b.node(name).unwrap();
        assert_eq!(pixel(&pixmap, geo.centre(n)), want, "{name}");
    }
    // Every cell, by the board's own colours; a point just inside a corner of the hexagon is the
    // cell's colour too (a square there would not reach it).
    for n in b.node_ids() {
        let want = match b.node_info(n).colour {
            chessgraph::Colour::Light => LIGHT,
            chessgraph::Colour::Dark => DARK,
            chessgraph::Colour::Mid => MID,
        };
        let (x, y) = geo.centre(n);
        assert_eq!(pixel(&pixmap, (x, y)), want, "{}", b.node_name(n));
        assert_eq!(
            pixel(&pixmap, (x + side - 3.0, y)),
            want,
            "{}",
            b.node_name(n)
        );
    }
    assert_eq!(svg.matches("<path class=\"cell ").count(), 91);
}

#[test]
fn three_man_chess_rasterised_has_light_and_dark_cells_where_the_rules_say() {
    let b = board("boards/three_man_chess.toml");
    let svg = render_svg(&b, None, &RenderOptions::default());
    let geo = Geometry::new(&b, 0.0);
    // Hand-computed: 24 sectors, 6 rings, outer radius 360, margin 34. The void makes the inner
    // cells square: k = 24 / 2pi - 0.5, ring width w = 360 / (6 + k). a3 is ring index 2, sector 0:
    // radius 360 - 2.5 w, angle 7.5 degrees clockwise from straight up, around (394, 394).
    let k = 24.0 / (2.0 * std::f64::consts::PI) - 0.5;
    let w = 360.0 / (6.0 + k);
    let r = 360.0 - 2.5 * w;
    let a = 7.5f64.to_radians();
    let (x, y) = geo.centre(b.node("a3").unwrap());
    assert!((x - (394.0 + r * a.sin())).abs() < 1e-9);
    assert!((y - (394.0 - r * a.cos())).abs() < 1e-9);
    assert!(
        (x - 428.4).abs() < 0.1 && (y - 132.9).abs() < 0.1,
        "({x}, {y})"
    );

    let pixmap = rasterise(&svg);
    // The rules: light when ring index + file index is even (a1 light, b1 dark, a2 dark...).
    for (name, light) in [
        ("a1", true),
        ("b1", false),
        ("a2", false),
        ("e1", true),
        ("m1", true),
        ("u1", true),
        ("x6", true),
        ("l6", true),
        ("l5", false),
        ("h3", false),
        ("q4", false),
    ] {
        let n = b.node(name).unwrap();
        assert_eq!(
            b.node_info(n).colour == chessgraph::Colour::Light,
            light,
            "{name}"
        );
        assert_eq!(
            pixel(&pixmap, geo.centre(n)),
            if light { LIGHT } else { DARK },
            "{name} at {:?}",
            geo.centre(n)
        );
    }
    // Every cell, by the board's own colours.
    for n in b.node_ids() {
        let want = match b.node_info(n).colour {
            chessgraph::Colour::Light => LIGHT,
            chessgraph::Colour::Dark => DARK,
            chessgraph::Colour::Mid => unreachable!("no mid cells on this board"),
        };
        assert_eq!(pixel(&pixmap, geo.centre(n)), want, "{}", b.node_name(n));
    }
    // The void at the centre.
    assert_eq!(pixel(&pixmap, (394.0, 394.0)), VOID);
}

#[test]
fn three_armies_rasterised_shows_each_players_colour() {
    let r = load(THREE_ARMIES);
    let pos = Position::start(&r);
    let svg = render_svg(r.board(), Some(&pos), &RenderOptions::default());
    let geo = Geometry::new(r.board(), default_rotation(&r));
    let pixmap = rasterise(&svg);
    // The middle of a rook is its body: white, gray (#9a9a9a from the file), black (#262626).
    for (name, colour) in [
        ("a1", [255, 255, 255]),
        ("h1", [255, 255, 255]),
        ("i1", [0x9a, 0x9a, 0x9a]),
        ("p1", [0x9a, 0x9a, 0x9a]),
        ("q1", [0x26, 0x26, 0x26]),
        ("x1", [0x26, 0x26, 0x26]),
    ] {
        let n = r.board().node(name).unwrap();
        assert_eq!(pixel(&pixmap, geo.centre(n)), colour, "{name}");
    }
    // Empty cells keep the board's colours under the rotation.
    for name in ["a3", "b3", "e4", "m5", "u6"] {
        let n = r.board().node(name).unwrap();
        let want = match r.board().node_info(n).colour {
            chessgraph::Colour::Light => LIGHT,
            chessgraph::Colour::Dark => DARK,
            chessgraph::Colour::Mid => unreachable!("no mid cells on this board"),
        };
        assert_eq!(pixel(&pixmap, geo.centre(n)), want, "{name}");
    }
    // White's king (e1) is in the lower half of the picture, black's (u1) and gray's (m1) above it.
    let (_, ye) = geo.centre(r.board().node("e1").unwrap());
    let (_, ym) = geo.centre(r.board().node("m1").unwrap());
    let (_, yu) = geo.centre(r.board().node("u1").unwrap());
    assert!(ye > 394.0 && ym < ye && yu < ye);
}

/// A variant file extending chess with the given `[[player]]` colours, in a temporary folder
/// (removed when the first value is dropped).
fn chess_with_colours(
    name: &str,
    white: &str,
    black: &str,
) -> (tempfile::TempDir, std::path::PathBuf) {
    let chess = std::fs::canonicalize("variants/chess.toml").expect("chess");
    let dir = crate::helpers::temp_dir();
    let path = dir.path().join(name);
    let text = format!(
        "extends = {chess:?}\n\n\
         [[player]]\nname = \"white\"\nshort = \"w\"\nmark = \"upper\"\n\
         zones = {{ pawn_start = \"rank_2\", promotion = \"rank_8\" }}\ncolour = \"{white}\"\n\n\
         [[player]]\nname = \"black\"\nshort = \"b\"\nmark = \"lower\"\nframe = \"black\"\n\
         zones = {{ pawn_start = \"rank_7\", promotion = \"rank_1\" }}\ncolour = \"{black}\"\n"
    );
    std::fs::write(&path, text).expect("write");
    (dir, path)
}

#[test]
fn player_colours_come_from_the_variant_file() {
    let (_dir, path) = chess_with_colours("colours_ok.toml", "#F0E0D0", "#102030");
    let r = load(&path);
    assert_eq!(
        r.player(chessgraph::PlayerId::seat(0)).colour,
        Some([0xf0, 0xe0, 0xd0])
    );
    let style = chessgraph::testing::player_style(&r, chessgraph::PlayerId::seat(1));
    assert_eq!(style.fill, [0x10, 0x20, 0x30]);
    // A dark fill gets light inner lines.
    assert_eq!(style.detail, [0xf2, 0xf2, 0xf2]);
    let svg = render_svg(
        r.board(),
        Some(&Position::start(&r)),
        &RenderOptions::default(),
    );
    assert_eq!(svg.matches("fill=\"#102030\"").count(), 16);
    // Without the key, seats decide: white and black for two players.
    let chess = load("variants/chess.toml");
    let styles: Vec<[u8; 3]> = (0..2)
        .map(|i| chessgraph::testing::player_style(&chess, chessgraph::PlayerId::seat(i)).fill)
        .collect();
    assert_eq!(styles, [[0xff, 0xff, 0xff], [0x26, 0x26, 0x26]]);
}

#[test]
fn a_bad_player_colour_is_reported_where_it_is_written() {
    let (_dir, path) = chess_with_colours("colours_bad.toml", "#fff", "black");
    let e = Rules::load(&path).expect_err("invalid colours");
    let text: String = e.0.iter().map(|r| r.render_short()).collect();
    assert_eq!(text.matches("schema::invalid-value").count(), 2, "{text}");
    assert!(text.contains("`#fff` is not a colour"), "{text}");
    assert!(text.contains("`black` is not a colour"), "{text}");
}

#[test]
fn from_includes_castling_as_if_the_owner_were_to_move() {
    // Black to move; white's king on e1 may castle both ways when its turn comes.
    let r = load("variants/chess.toml");
    let pos = position(&r, Some("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"), "");
    let e1 = r.board().node("e1").unwrap();
    let mut to: Vec<&str> = pos
        .piece_legal_moves(e1)
        .iter()
        .map(|m| r.board().node_name(m.to()))
        .collect();
    to.sort();
    assert_eq!(to, ["c1", "d1", "d2", "e2", "f1", "f2", "g1"]);
    let svg = svg_of(
        r.board(),
        Some(&pos),
        &RenderOptions {
            from: Some(e1),
            ..RenderOptions::default()
        },
    );
    assert_eq!(marks(&svg).0.len(), 7);
}

/// The `<g>` of the piece on `node` in a picture, as text.
fn piece_group<'a>(svg: &'a str, node: &str) -> &'a str {
    let start = svg
        .find(&format!("<g class=\"piece\" data-node=\"{node}\">"))
        .unwrap_or_else(|| panic!("no piece on {node}"));
    let end = svg[start..].find('\n').map_or(svg.len(), |e| start + e);
    &svg[start..end]
}

#[test]
fn numbered_pieces_show_their_shape_and_number() {
    use chessgraph::testing::text_path;
    let r = load("variants/rithmomachia.toml");
    let pos = Position::start(&r);
    let svg = render_svg(r.board(), Some(&pos), &RenderOptions::default());
    // White's triangle 9 on a5: a triangle outline and the digits 9, no letter glyph.
    let a5 = piece_group(&svg, "a5");
    assert!(a5.contains("<title>white triangle 9 on a5</title>"), "{a5}");
    assert!(a5.contains("M50 6L94 88H6Z"), "{a5}");
    assert!(
        a5.contains(&text_path("9", 50.0, 66.0, 50.0, 26.0).0),
        "{a5}"
    );
    assert!(!a5.contains("<use"), "{a5}");
    // The pyramid on g4 shows its total (91) on a pyramid outline; the squares are squares.
    let g4 = piece_group(&svg, "g4");
    assert!(
        g4.contains("M50 2L96 80H4Z") && g4.contains("<rect"),
        "{g4}"
    );
    assert!(
        g4.contains(&text_path("91", 50.0, 60.0, 50.0, 26.0).0),
        "{g4}"
    );
    let h3 = piece_group(&svg, "h3");
    assert!(h3.contains("<rect x=\"10\" y=\"10\""), "{h3}");
    assert!(
        h3.contains(&text_path("289", 50.0, 50.0, 66.0, 36.0).0),
        "{h3}"
    );
    // Orthodox pieces keep their silhouettes.
    let chess = load("variants/chess.toml");
    let start = Position::start(&chess);
    let svg = render_svg(chess.board(), Some(&start), &RenderOptions::default());
    assert!(piece_group(&svg, "e1").contains("<use href=\"#piece-K\"/>"));
}

#[test]
fn text_paths_fit_their_box_and_write_every_digit() {
    use chessgraph::testing::text_path;
    for text in ["0123456789", "7", "65535", "ABC"] {
        let (d, stroke) = text_path(text, 50.0, 50.0, 60.0, 30.0);
        assert!(stroke > 0.0 && stroke <= 5.0, "{text}: {stroke}");
        let coords: Vec<f64> = d
            .split(['M', 'L', ' '])
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().expect("a number"))
            .collect();
        let (xs, ys): (Vec<f64>, Vec<f64>) = coords.chunks(2).map(|p| (p[0], p[1])).unzip();
        let fits =
            |v: &[f64], lo: f64, hi: f64| v.iter().all(|&x| x >= lo - 0.01 && x <= hi + 0.01);
        assert!(
            fits(&xs, 20.0, 80.0) && fits(&ys, 35.0, 65.0),
            "{text}: {d}"
        );
        // One stroke group at least per character.
        assert!(d.matches('M').count() >= text.len(), "{text}: {d}");
    }
}

/// The lines of a picture's `[style]` layer, each as the two node names at its ends.
fn style_lines(board: &Board, svg: &str) -> BTreeSet<(String, String)> {
    let geo = Geometry::new(board, 0.0);
    let at = |x: f64, y: f64| -> String {
        let n = board
            .node_ids()
            .find(|&n| {
                let (cx, cy) = geo.centre(n);
                (cx - x).abs() < 0.01 && (cy - y).abs() < 0.01
            })
            .unwrap_or_else(|| panic!("a line ends at ({x}, {y}), not on a point"));
        board.node_name(n).to_string()
    };
    let style = svg
        .split("<g id=\"style\"")
        .nth(1)
        .and_then(|rest| rest.split("</g>").next())
        .expect("a style layer");
    let num = |line: &str, key: &str| -> f64 {
        let v = line.split(&format!(" {key}=\"")).nth(1).unwrap();
        v[..v.find('"').unwrap()].parse().unwrap()
    };
    style
        .lines()
        .filter(|l| l.starts_with("<line"))
        .map(|l| {
            let mut ends = [
                at(num(l, "x1"), num(l, "y1")),
                at(num(l, "x2"), num(l, "y2")),
            ];
            ends.sort();
            let [a, b] = ends;
            (a, b)
        })
        .collect()
}

#[test]
fn xiangqi_is_drawn_on_points_with_its_river_and_palaces() {
    let b = board("boards/xiangqi.toml");
    let svg = svg_of(&b, None, &RenderOptions::default());
    let lines = style_lines(&b, &svg);
    let has = |a: &str, c: &str| lines.contains(&(a.to_string(), c.to_string()));
    // Along the files and ranks, the river crossed only at the edges, the palaces' diagonals.
    assert!(
        has("a5", "a6") && has("i5", "i6"),
        "the edges cross the river"
    );
    for f in ["b", "c", "d", "e", "f", "g", "h"] {
        assert!(
            !has(&format!("{f}5"), &format!("{f}6")),
            "no {f} line over the river"
        );
    }
    assert!(has("d1", "f3") && has("d3", "f1") && has("d10", "f8") && has("d8", "f10"));
    assert!(has("e4", "e5") && has("a1", "b1"));
    // 9 files of 9 segments less 7 at the river, 10 ranks of 8 segments, 4 diagonals.
    assert_eq!(lines.len(), 9 * 9 - 7 + 10 * 8 + 4);
    // The points are still cells a page can click: one per node, all one colour.
    assert_eq!(svg.matches("<path class=\"cell plain\"").count(), 90);
}

#[test]
fn shogi_is_drawn_plain_with_its_four_star_points() {
    let b = board("boards/shogi.toml");
    let svg = svg_of(&b, None, &RenderOptions::default());
    assert_eq!(svg.matches("<path class=\"cell plain\"").count(), 81);
    assert_eq!(svg.matches("class=\"mark\"").count(), 4);
    assert!(
        !svg.contains("<line"),
        "a plain board draws no lines of its own"
    );
    let chess = svg_of(&board("boards/chess.toml"), None, &RenderOptions::default());
    assert!(
        !chess.contains("<g id=\"style\""),
        "a chequered board has no style layer"
    );
}
