//! `[map] wrap`: cylinders, tori, Möbius strips and Klein bottles made from grid offsets.
//!
//! Every link of a small grid with the compass and knight offsets is compared with the surface
//! worked out here by hand, one rule per surface, written from the definitions (a seam joins
//! file `files` to file 0; on a twisted seam rank `r` meets rank `ranks - 1 - r`, counted from 0),
//! not from the loader's code. Then pieces are played across the twisted seam.

use std::collections::BTreeMap;

use chessgraph::notation::play_line;
use chessgraph::render::{RenderOptions, render_svg};
use chessgraph::{Board, Position};

/// The sixteen offset directions: the compass and the knight's leaps.
const OFFSETS: &[(&str, [i32; 2])] = &[
    ("n", [0, 1]),
    ("s", [0, -1]),
    ("e", [1, 0]),
    ("w", [-1, 0]),
    ("ne", [1, 1]),
    ("nw", [-1, 1]),
    ("se", [1, -1]),
    ("sw", [-1, -1]),
    ("nne", [1, 2]),
    ("nnw", [-1, 2]),
    ("sse", [1, -2]),
    ("ssw", [-1, -2]),
    ("nee", [2, 1]),
    ("nww", [-2, 1]),
    ("see", [2, -1]),
    ("sww", [-2, -1]),
];

const FILES: &str = "abcde";
const RANKS: i32 = 4;

fn board_text(wrap: &str) -> String {
    let mut t = format!(
        "[board]\nname = \"wrapped\"\n[grid]\nfiles = \"{FILES}\"\nranks = {RANKS}\n[directions]\n"
    );
    for (d, _) in OFFSETS {
        t.push_str(&format!("{d} = {{}}\n"));
    }
    t.push_str(&format!("[map]\n{wrap}\n[map.offsets]\n"));
    for (d, [f, r]) in OFFSETS {
        t.push_str(&format!("{d} = [{f}, {r}]\n"));
    }
    t
}

fn board(wrap: &str) -> Board {
    match Board::from_toml("wrapped.toml", &board_text(wrap)) {
        Ok(b) => b,
        Err(e) => panic!("{}", e.0.render(false, 100)),
    }
}

fn name(f: i32, r: i32) -> String {
    format!("{}{}", FILES.as_bytes()[f as usize] as char, r + 1)
}

/// Every link as `from dir -> (to, twisted)`.
fn links(b: &Board) -> BTreeMap<(String, String), (String, bool)> {
    b.links()
        .map(|(from, d, step)| {
            let key = (
                b.node_name(from).to_string(),
                b.direction_name(d).to_string(),
            );
            let twisted = b.twist(step.twist).name != "identity";
            (key, (b.node_name(step.to).to_string(), twisted))
        })
        .collect()
}

/// The expected links of a surface: `join` maps an off-board target to its square and whether
/// the way crossed the twisted seam, or drops it.
fn expected(
    join: impl Fn(i32, i32) -> Option<(i32, i32, bool)>,
) -> BTreeMap<(String, String), (String, bool)> {
    let mut out = BTreeMap::new();
    let files = FILES.len() as i32;
    for f in 0..files {
        for r in 0..RANKS {
            for (d, [df, dr]) in OFFSETS {
                if let Some((tf, tr, twisted)) = join(f + df, r + dr)
                    && (tf, tr) != (f, r)
                {
                    out.insert((name(f, r), d.to_string()), (name(tf, tr), twisted));
                }
            }
        }
    }
    out
}

fn on_board(f: i32, r: i32) -> bool {
    (0..FILES.len() as i32).contains(&f) && (0..RANKS).contains(&r)
}

/// A file index past either edge brought back, with whether the seam was crossed.
fn across_files(f: i32) -> (i32, bool) {
    let files = FILES.len() as i32;
    if f < 0 {
        (f + files, true)
    } else if f >= files {
        (f - files, true)
    } else {
        (f, false)
    }
}

fn across_ranks(r: i32) -> i32 {
    if r < 0 {
        r + RANKS
    } else if r >= RANKS {
        r - RANKS
    } else {
        r
    }
}

#[test]
fn a_flat_map_has_no_seam() {
    let want = expected(|f, r| on_board(f, r).then_some((f, r, false)));
    assert_eq!(links(&board("wrap = \"none\"")), want);
    assert_eq!(links(&board("")), want);
}

#[test]
fn a_cylinder_joins_the_files_and_the_old_spelling_still_reads() {
    let want = expected(|f, r| {
        let (f, _) = across_files(f);
        on_board(f, r).then_some((f, r, false))
    });
    assert_eq!(links(&board("wrap = \"cylinder\"")), want);
    assert_eq!(links(&board("wrap_files = true")), want);
    assert_eq!(
        links(&board("wrap_files = false")),
        links(&board("wrap = \"none\""))
    );
}

#[test]
fn a_torus_joins_files_and_ranks() {
    let want = expected(|f, r| {
        let (f, _) = across_files(f);
        let r = across_ranks(r);
        on_board(f, r).then_some((f, r, false))
    });
    assert_eq!(links(&board("wrap = \"torus\"")), want);
    let b = board("wrap = \"torus\"");
    assert_eq!(b.twists().len(), 1, "a torus has no twist");
}

#[test]
fn a_moebius_strip_joins_the_files_upside_down_with_the_mirror_twist() {
    let want = expected(|f, r| {
        let (f, crossed) = across_files(f);
        let r = if crossed { RANKS - 1 - r } else { r };
        on_board(f, r).then_some((f, r, crossed))
    });
    let b = board("wrap = \"moebius\"");
    assert_eq!(links(&b), want);
    // e2 east is a3 (rank 2 of 4 meets rank 3), and the twist mirrors north and south.
    let mirror = b
        .twist_named("mirror")
        .expect("the seam's twist is named mirror");
    let image = |d: &str| {
        let d = b.direction(d).unwrap();
        b.direction_name(b.twist(mirror).apply(d)).to_string()
    };
    for (from, to) in [
        ("n", "s"),
        ("ne", "se"),
        ("e", "e"),
        ("nne", "sse"),
        ("sww", "nww"),
    ] {
        assert_eq!(image(from), to, "mirror of {from}");
    }
    assert_eq!(links(&board("wrap = \"mobius\"")), want, "the alias");
}

#[test]
fn a_klein_bottle_twists_the_files_and_wraps_the_ranks() {
    let want = expected(|f, r| {
        let r = across_ranks(r);
        let (f, crossed) = across_files(f);
        let r = if crossed { RANKS - 1 - r } else { r };
        on_board(f, r).then_some((f, r, crossed))
    });
    assert_eq!(links(&board("wrap = \"klein\"")), want);
}

#[test]
fn the_summary_names_the_surface() {
    for (wrap, words) in [
        ("wrap = \"cylinder\"", "files wrap;"),
        ("wrap = \"torus\"", "a torus"),
        ("wrap = \"moebius\"", "a Möbius strip"),
        ("wrap = \"klein\"", "a Klein bottle"),
    ] {
        let summary = board(wrap).summary();
        assert!(summary.contains(words), "{wrap}: {summary}");
    }
}

#[test]
fn bad_wraps_are_refused_where_they_are_written() {
    let refusal = |text: String| match Board::from_toml("wrapped.toml", &text) {
        Ok(_) => panic!("should be refused:\n{text}"),
        Err(e) => e.0.render(false, 100),
    };
    let both = refusal(board_text("wrap_files = true\nwrap = \"torus\""));
    assert!(both.contains("both `wrap_files` and `wrap`"), "{both}");
    assert!(both.contains("wrapped.toml:"), "{both}");
    let unknown = refusal(board_text("wrap = \"sphere\""));
    assert!(
        unknown.contains("sphere") && unknown.contains("moebius"),
        "{unknown}"
    );
    // A twisted seam needs every direction's mirror image.
    let text = board_text("wrap = \"moebius\"")
        .replace("nne = [1, 2]\n", "")
        .replace("nne = {}\n", "");
    let lonely = refusal(text);
    assert!(lonely.contains("`sse` has no mirror image"), "{lonely}");
    assert!(lonely.contains("[1, 2]"), "{lonely}");
    // The twist's name is the board's.
    let taken =
        refusal(board_text("wrap = \"moebius\"") + "[twists]\nmirror = { n = \"s\", s = \"n\" }\n");
    assert!(taken.contains("twist named `mirror`"), "{taken}");
}

const VARIANT: &str = r#"
[variant]
name = "Walkers on a Möbius strip"
board = "board.toml"
start = "2K2/5/4W/k2R1 w - - 0 1"

[[player]]
name = "white"
short = "w"
mark = "upper"

[[player]]
name = "black"
short = "b"
mark = "lower"

[pieces.king]
letter = "K"
royal = true
moves = ["leap n s e w"]

[pieces.walker]
letter = "W"
moves = ["leap n e"]

[pieces.rook]
letter = "R"
moves = ["ride e"]
"#;

/// A rook rides east over the twisted seam onto the mirrored rank; a walker that crossed walks
/// down the board for the rest of the game, and the position text says so.
#[test]
fn pieces_cross_the_twisted_seam_and_stay_turned() {
    let dir = crate::helpers::temp_dir();
    std::fs::write(
        dir.path().join("board.toml"),
        board_text("wrap = \"moebius\""),
    )
    .unwrap();
    let variant = dir.path().join("variant.toml");
    std::fs::write(&variant, VARIANT).unwrap();
    let rules = crate::helpers::load(&variant);
    let mut pos = Position::start(&rules);
    use crate::helpers::legal_moves_from as from;
    // Rank 1 of 4 meets rank 4: e1 east is a4, then on east along rank 4 to the king on c4.
    assert_eq!(from(&pos, "d1"), ["d1-a4", "d1-b4", "d1-e1"]);
    // Rank 2 meets rank 3.
    assert_eq!(from(&pos, "e2"), ["e2-a3", "e2-e3"]);
    play_line(&mut pos, "e2-a3 a1-b1").expect("the walker crosses");
    // Upside down now: its north is the board's south; east is still east.
    assert_eq!(from(&pos, "a3"), ["a3-a2", "a3-b3"]);
    let text = pos.to_fen();
    assert!(text.contains("W[identity+mirror]"), "{text}");
    let back = Position::from_fen(&rules, &text).expect("the turned walker reads back");
    assert_eq!(back.to_fen(), text);
    assert_eq!(from(&back, "a3"), ["a3-a2", "a3-b3"]);
    // The picture draws it upside down, and only it.
    let svg = render_svg(rules.board(), Some(&back), &RenderOptions::default());
    assert_eq!(svg.matches("class=\"piece turned\"").count(), 1, "{svg}");
    assert!(svg.contains("class=\"piece turned\" data-node=\"a3\"><g transform=\"rotate(180"));
    assert!(svg.contains("white walker on a3 (turned round: moves in frame identity+mirror)"));
    // Crossing back turns it upright again.
    let mut pos = Position::from_fen(&rules, "2K2/4W[identity+mirror]/5/k4 w - - 0 1")
        .expect("a turned walker on e3");
    assert_eq!(from(&pos, "e3"), ["e3-a2", "e3-e2"]);
    play_line(&mut pos, "e3-a2").expect("back over the seam");
    assert!(!pos.to_fen().contains("mirror"), "{}", pos.to_fen());
}
