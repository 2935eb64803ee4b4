//! Pictures in other forms: PNG with the shipped font, grid boards turned round, and the DOT
//! graph laid out as the board.

use std::path::Path;

use resvg::tiny_skia::Pixmap;

use crate::helpers::cli::run;
use crate::helpers::temp_dir;

/// Dark pixels (the labels' `#333333`, the pieces' outlines) in a box around a point.
fn dark_pixels(p: &Pixmap, (cx, cy): (u32, u32), half: u32) -> usize {
    let mut n = 0;
    for y in cy - half..=cy + half {
        for x in cx - half..=cx + half {
            let c = p.pixel(x, y).unwrap();
            if c.red() < 110 && c.green() < 110 && c.blue() < 110 && c.alpha() > 200 {
                n += 1;
            }
        }
    }
    n
}

fn png(dir: &Path, name: &str, args: &[&str]) -> (Vec<u8>, Pixmap) {
    let out = dir.join(name);
    let mut all = args.to_vec();
    all.extend(["-o", out.to_str().unwrap()]);
    run(&all).assert_ok();
    let bytes = std::fs::read(&out).unwrap();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG file");
    let pixmap = Pixmap::decode_png(&bytes).unwrap();
    (bytes, pixmap)
}

#[test]
fn render_png_draws_the_labels_with_the_shipped_font_the_same_every_time() {
    let dir = temp_dir();
    let (first, p) = png(dir.path(), "chess.png", &["render", "boards/chess.toml"]);
    let (again, _) = png(dir.path(), "again.png", &["render", "boards/chess.toml"]);
    assert_eq!(first, again, "the same bytes every time");
    // 60-unit squares in a 28-unit margin: the file letter `a` is centred at (58, 522), the rank
    // number `1` at (14, 478); between the `a` and `b` labels the margin is empty.
    assert_eq!((p.width(), p.height() >= 536), (536, true));
    assert!(dark_pixels(&p, (58, 522), 7) > 8, "the letter a is drawn");
    assert!(dark_pixels(&p, (14, 478), 7) > 8, "the number 1 is drawn");
    assert_eq!(
        dark_pixels(&p, (88, 522), 4),
        0,
        "nothing between the labels"
    );
}

#[test]
fn render_refuses_other_picture_formats_by_name() {
    let dir = temp_dir();
    for name in ["board.jpg", "board.pdf", "board.PNG.txt"] {
        let out = dir.path().join(name);
        run(&["render", "boards/chess.toml", "-o", out.to_str().unwrap()])
            .assert_error(&["render writes .svg and .png files"]);
        assert!(!out.exists());
    }
    let upper = dir.path().join("board.PNG");
    run(&["render", "boards/chess.toml", "-o", upper.to_str().unwrap()]).assert_ok();
}

#[test]
fn render_flip_shows_the_board_from_blacks_side() {
    let plain = run(&["render", "variants/chess.toml"]);
    let flipped = run(&["render", "variants/chess.toml", "--flip"]);
    let turned = run(&["render", "variants/chess.toml", "--rotate", "180"]);
    flipped.assert_ok();
    assert_eq!(flipped.stdout, turned.stdout, "--flip is a half turn");
    assert_ne!(plain.stdout, flipped.stdout);
    // a8 (a black rook) is top left from White's side, bottom right from Black's.
    let cell = |svg: &str, node: &str| -> (f64, f64) {
        let key = format!("data-node=\"{node}\" d=\"M");
        let rest = &svg[svg.find(&key).unwrap() + key.len()..];
        let (x, y) = rest[..rest.find('h').unwrap()].split_once(' ').unwrap();
        (x.parse().unwrap(), y.parse().unwrap())
    };
    let (a8, h1) = (cell(&plain.stdout, "a8"), cell(&plain.stdout, "h1"));
    assert!(a8.0 < h1.0 && a8.1 < h1.1, "{a8:?} {h1:?}");
    let (a8, h1) = (cell(&flipped.stdout, "a8"), cell(&flipped.stdout, "h1"));
    assert!(a8.0 > h1.0 && a8.1 > h1.1, "{a8:?} {h1:?}");
    run(&["render", "boards/chess.toml", "--rotate", "45"]).assert_error(&["quarter turns"]);
    run(&["render", "boards/chess.toml", "--rotate", "90"]).assert_ok();
    run(&["render", "variants/circular_chess.toml", "--flip"]).assert_ok();
}

#[test]
fn dot_places_nodes_as_laid_out_and_keeps_one_direction() {
    let all = run(&["dot", "boards/chess.toml"]);
    all.assert_ok();
    assert!(
        all.stdout.contains("\"a1\" [pos=\"0,0!\"];"),
        "{}",
        all.stdout
    );
    assert!(all.stdout.contains("\"h8\" [pos=\"504,504!\"];"));
    let north = run(&["dot", "boards/chess.toml", "--links", "n"]);
    north.assert_ok();
    let edges: Vec<&str> = north.stdout.lines().filter(|l| l.contains("->")).collect();
    assert_eq!(edges.len(), 56);
    assert!(edges.iter().all(|e| e.contains("label=\"n\"")));
    assert!(north.stdout.contains("\"a1\" -> \"a2\""));
    run(&["dot", "boards/chess.toml", "--links", "north"])
        .assert_error(&["no direction `north`", "it has n, e"]);
    let round = run(&["dot", "boards/three_man_chess.toml", "--links", "in"]);
    round.assert_ok();
    assert_eq!(round.stdout.matches("pos=").count(), 144);
}
