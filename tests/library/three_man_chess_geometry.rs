//! The geometry of `boards/three_man_chess.toml` against the rules page
//! (`shared/rules/three-man-chess.md`, sections 1, 3, 5, 6 and 9).
//!
//! Every expectation here is computed independently with (ring, file) arithmetic: r = ring - 1 in
//! 0..6, f = file index in 0..24, files mod 24. Walks use frames: a frame maps each logical direction
//! to the board direction actually taken; crossing a link with twist T turns frame into
//! `frame'[x] = T(frame[x])`.

use std::collections::{BTreeMap, BTreeSet};

use chessgraph::testing::BoardInternals;
use chessgraph::{Board, DirId, NodeId, TwistId};

const FILES: usize = 24;
const RINGS: usize = 6;
const LETTERS: &[u8; 24] = b"abcdefghijklmnopqrstuvwx";

/// The eight directions with their plain (file, ring-index) offsets; `in` goes toward the center.
const OFFSETS: [(&str, i32, i32); 8] = [
    ("in", 0, 1),
    ("out", 0, -1),
    ("cw", 1, 0),
    ("ccw", -1, 0),
    ("in_cw", 1, 1),
    ("in_ccw", -1, 1),
    ("out_cw", 1, -1),
    ("out_ccw", -1, -1),
];

fn board() -> Board {
    match Board::load("boards/three_man_chess.toml") {
        Ok(b) => b,
        Err(e) => panic!("{}", e.0.render(false, 100)),
    }
}

/// The square name of ring index `r` (0 = ring 1) and file `f` (any integer, taken mod 24).
fn name(r: usize, f: i32) -> String {
    let f = f.rem_euclid(FILES as i32) as usize;
    format!("{}{}", LETTERS[f] as char, r + 1)
}

/// (ring index, file index) of a square name, parsed by hand.
fn coords(name: &str) -> (usize, i32) {
    let f = LETTERS
        .iter()
        .position(|&c| c == name.as_bytes()[0])
        .expect("file letter");
    let r: usize = name[1..].parse().expect("ring number");
    (r - 1, f as i32)
}

struct Geo {
    b: Board,
}

impl Geo {
    fn new() -> Geo {
        Geo { b: board() }
    }

    fn node(&self, name: &str) -> NodeId {
        self.b
            .node(name)
            .unwrap_or_else(|| panic!("no node {name}"))
    }

    fn dir(&self, name: &str) -> DirId {
        self.b
            .direction(name)
            .unwrap_or_else(|| panic!("no direction {name}"))
    }

    fn identity(&self) -> Vec<DirId> {
        self.b.direction_ids().collect()
    }

    /// One step in logical direction `logical` from `at` with `frame`: the target and the new frame.
    fn walk(&self, at: NodeId, frame: &[DirId], logical: DirId) -> Option<(NodeId, Vec<DirId>)> {
        let step = self.b.step(at, frame[logical.index()])?;
        let t = self.b.twist(step.twist);
        Some((step.to, frame.iter().map(|&d| t.apply(d)).collect()))
    }

    /// Repeated steps in one logical direction from `start` (identity frame): the names visited, up
    /// to and including a return to `start`, stopping where there is no link or after `limit` steps.
    fn line(&self, start: &str, logical: &str, limit: usize) -> Vec<String> {
        let (mut at, mut frame) = (self.node(start), self.identity());
        let d = self.dir(logical);
        let mut out = Vec::new();
        while out.len() < limit {
            let Some((to, f)) = self.walk(at, &frame, d) else {
                break;
            };
            out.push(self.b.node_name(to).to_string());
            if to == self.node(start) {
                break;
            }
            (at, frame) = (to, f);
        }
        out
    }

    /// Whether a link is tagged as a moat (an unbridged moat cannot be crossed at all).
    fn is_moat(&self, from: NodeId, d: DirId) -> bool {
        let moats = self.b.tags_with_prefix("moat:");
        self.b
            .step(from, d)
            .is_some_and(|s| s.tags.intersects(moats))
    }

    /// The targets of a rider on an otherwise empty board with all moats unbridged: each direction is
    /// followed (in the rider's frame) until the line ends, crosses a moat, or would revisit a square.
    fn ride(&self, from: &str, dirs: &[&str], max_steps: usize) -> BTreeSet<String> {
        let start = self.node(from);
        let mut targets = BTreeSet::new();
        for dn in dirs {
            let d = self.dir(dn);
            let (mut at, mut frame) = (start, self.identity());
            let mut seen = BTreeSet::from([start]);
            for _ in 0..max_steps {
                if self.is_moat(at, frame[d.index()]) {
                    break;
                }
                let Some((to, f)) = self.walk(at, &frame, d) else {
                    break;
                };
                if !seen.insert(to) {
                    break;
                }
                targets.insert(self.b.node_name(to).to_string());
                (at, frame) = (to, f);
            }
        }
        targets
    }
}

fn names(v: &[&str]) -> BTreeSet<String> {
    v.iter().map(|s| s.to_string()).collect()
}

const ROOK: &[&str] = &["in", "out", "cw", "ccw"];
const BISHOP: &[&str] = &["in_cw", "in_ccw", "out_cw", "out_ccw"];
const ALL: &[&str] = &[
    "in", "out", "cw", "ccw", "in_cw", "in_ccw", "out_cw", "out_ccw",
];

#[test]
fn teardrop_loops_from_every_ring_1_square() {
    let g = Geo::new();
    for f in 0..FILES as i32 {
        let start = name(0, f);
        // (0,f) (1,f+d) .. (5,f+5d) | (5,f-5d) .. (1,f-d) (0,f), with d = +1 for in_cw, -1 for in_ccw.
        for (dir, d) in [("in_cw", 1), ("in_ccw", -1)] {
            let mut expected: Vec<String> = (1..RINGS).map(|r| name(r, f + d * r as i32)).collect();
            expected.extend((1..RINGS).rev().map(|r| name(r, f - d * r as i32)));
            expected.push(start.clone());
            assert_eq!(expected.len(), 11);
            let walked = g.line(&start, dir, 40);
            assert_eq!(walked, expected, "{dir} loop from {start}");
        }
    }
}

#[test]
fn a_diagonal_stops_when_it_comes_back_to_ring_1() {
    let g = Geo::new();
    for f in 0..FILES as i32 {
        for dir in ["in_cw", "in_ccw"] {
            let (mut at, mut frame) = (g.node(&name(0, f)), g.identity());
            for _ in 0..11 {
                (at, frame) = g.walk(at, &frame, g.dir(dir)).expect("the loop is closed");
            }
            assert_eq!(g.b.node_name(at), name(0, f));
            assert!(
                g.walk(at, &frame, g.dir(dir)).is_none(),
                "a 12th {dir} step from {} after the loop",
                name(0, f)
            );
        }
    }
}

#[test]
fn diameters_cross_the_center_and_come_out_on_the_opposite_file() {
    let g = Geo::new();
    let a = g.line("a1", "in", 40);
    assert_eq!(
        a,
        [
            "a2", "a3", "a4", "a5", "a6", "m6", "m5", "m4", "m3", "m2", "m1"
        ]
    );
    for f in 0..FILES as i32 {
        let mut expected: Vec<String> = (1..RINGS).map(|r| name(r, f)).collect();
        expected.extend((0..RINGS).rev().map(|r| name(r, f + 12)));
        assert_eq!(expected.len(), 11);
        assert_eq!(
            g.line(&name(0, f), "in", 40),
            expected,
            "diameter of file {f}"
        );
        // Walking `out` from ring 1 goes nowhere; walking `out` from ring 6 is the diameter backwards.
        assert!(g.line(&name(0, f), "out", 40).is_empty());
        let back: Vec<String> = (0..RINGS - 1).rev().map(|r| name(r, f)).collect();
        assert_eq!(g.line(&name(5, f), "out", 40), back);
    }
}

#[test]
fn the_center_twist_turns_inward_into_outward() {
    let g = Geo::new();
    let step =
        g.b.step(g.node("a6"), g.dir("in"))
            .expect("a6 has an `in` link");
    assert_eq!(g.b.node_name(step.to), "m6");
    assert_ne!(step.twist, TwistId::IDENTITY);
    assert_eq!(g.b.twist_named("center"), Some(step.twist));
    let t = g.b.twist(step.twist);
    let image = |d: &str| g.b.direction_name(t.apply(g.dir(d))).to_string();
    assert_eq!(image("in"), "out");
    assert_eq!(image("out"), "in");
    assert_eq!(image("in_cw"), "out_cw");
    assert_eq!(image("out_cw"), "in_cw");
    assert_eq!(image("in_ccw"), "out_ccw");
    assert_eq!(image("out_ccw"), "in_ccw");
    assert_eq!(image("cw"), "cw");
    assert_eq!(image("ccw"), "ccw");
    // A rook that crossed keeps moving the same way: from m6 its `in` is now the board's `out`.
    let (to, frame) = g.walk(g.node("a6"), &g.identity(), g.dir("in")).unwrap();
    assert_eq!(g.b.node_name(to), "m6");
    let (next, _) = g.walk(to, &frame, g.dir("in")).unwrap();
    assert_eq!(g.b.node_name(next), "m5");
}

/// Every link (from, direction, to) the rules tag, with its tag, computed from the borders.
fn expected_tags() -> BTreeMap<(String, String, String), String> {
    let mut out = BTreeMap::new();
    for (border, moat) in [
        (0, "moat:black-white"),
        (8, "moat:white-gray"),
        (16, "moat:gray-black"),
    ] {
        let (l, r) = (border - 1, border); // the files left (ccw) and right (cw) of the border
        let mut add = |from: String, dir: &str, to: String, tag: &str| {
            let old = out.insert((from, dir.to_string(), to), tag.to_string());
            assert!(old.is_none());
        };
        // Moats: along ring 1 across the border, and the diagonal steps between rings 1 and 2 across it.
        add(name(0, l), "cw", name(0, r), moat);
        add(name(0, r), "ccw", name(0, l), moat);
        add(name(0, l), "in_cw", name(1, r), moat);
        add(name(1, r), "out_ccw", name(0, l), moat);
        add(name(0, r), "in_ccw", name(1, l), moat);
        add(name(1, l), "out_cw", name(0, r), moat);
        // Creeks: the inward diagonals across the border from ring 2 to 3 and from ring 3 to 4.
        for ring in [1, 2] {
            add(name(ring, l), "in_cw", name(ring + 1, r), "creek");
            add(name(ring, r), "in_ccw", name(ring + 1, l), "creek");
        }
    }
    out
}

#[test]
fn moats_and_creeks_are_tagged_on_exactly_the_border_links() {
    let g = Geo::new();
    let expected = expected_tags();
    assert_eq!(
        expected.values().filter(|t| t.starts_with("moat:")).count(),
        18
    );
    assert_eq!(expected.values().filter(|t| *t == "creek").count(), 12);
    let actual: BTreeMap<(String, String, String), String> =
        g.b.links()
            .filter(|(_, _, s)| !s.tags.is_empty())
            .map(|(n, d, s)| {
                let key = (
                    g.b.node_name(n).to_string(),
                    g.b.direction_name(d).to_string(),
                    g.b.node_name(s.to).to_string(),
                );
                (key, g.b.tag_names(s.tags).join(","))
            })
            .collect();
    let missing: Vec<_> = expected
        .iter()
        .filter(|(k, v)| actual.get(*k) != Some(*v))
        .collect();
    let extra: Vec<_> = actual
        .iter()
        .filter(|(k, _)| !expected.contains_key(*k))
        .collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "missing or mistagged: {missing:?}\nunexpected: {extra:?}"
    );
    let mut tags: Vec<&str> = g.b.tags().iter().map(String::as_str).collect();
    tags.sort();
    assert_eq!(
        tags,
        [
            "creek",
            "moat:black-white",
            "moat:gray-black",
            "moat:white-gray"
        ]
    );
}

#[test]
fn the_step_table_is_ring_and_file_arithmetic() {
    let g = Geo::new();
    let center = g.b.twist_named("center").expect("the center twist");
    let mut per_dir: BTreeMap<&str, usize> = BTreeMap::new();
    for r in 0..RINGS {
        for f in 0..FILES as i32 {
            let from = g.node(&name(r, f));
            let mut count = 0;
            for (dn, df, dr) in OFFSETS {
                let actual =
                    g.b.step(from, g.dir(dn))
                        .map(|s| (g.b.node_name(s.to).to_string(), s.twist));
                let nr = r as i32 + dr;
                let expected = if nr < 0 {
                    None // nothing beyond ring 1
                } else if nr < RINGS as i32 {
                    Some((name(nr as usize, f + df), TwistId::IDENTITY))
                } else {
                    // Across the void from ring 6: `in` lands on the file 12 away, `in_cw` ten files
                    // back (file-direction +1 lands on g - 10), `in_ccw` ten files on.
                    let to = match dn {
                        "in" => f + 12,
                        "in_cw" => f - 10,
                        "in_ccw" => f + 10,
                        _ => unreachable!("only inward offsets leave ring 6 inward"),
                    };
                    Some((name(5, to), center))
                };
                assert_eq!(actual, expected, "{} --{dn}-->", name(r, f));
                if actual.is_some() {
                    count += 1;
                    *per_dir.entry(dn).or_default() += 1;
                }
            }
            let links = g.b.direction_ids().filter(|&d| g.b.step(from, d).is_some());
            assert_eq!(
                links.count(),
                count,
                "no other direction links {}",
                name(r, f)
            );
            assert_eq!(count, if r == 0 { 5 } else { 8 }, "links of {}", name(r, f));
        }
    }
    assert_eq!(g.b.direction_count(), 8);
    assert_eq!(g.b.node_count(), 144);
    assert_eq!(g.b.links().count(), 1080);
    for d in ["in", "cw", "ccw", "in_cw", "in_ccw"] {
        assert_eq!(per_dir[d], 144, "{d}");
    }
    for d in ["out", "out_cw", "out_ccw"] {
        assert_eq!(per_dir[d], 120, "{d}");
    }
}

#[test]
fn every_link_is_undone_by_its_twisted_opposite() {
    let g = Geo::new();
    for (from, d, s) in g.b.links() {
        let opp =
            g.b.direction_info(d)
                .opposite
                .expect("every direction has an opposite");
        let back = g.b.twist(s.twist).apply(opp);
        let returned = g.b.step(s.to, back).map(|b| b.to);
        assert_eq!(
            returned,
            Some(from),
            "{} --{}--> {} is not undone by {}",
            g.b.node_name(from),
            g.b.direction_name(d),
            g.b.node_name(s.to),
            g.b.direction_name(back)
        );
    }
}

#[test]
fn names_and_colours_follow_the_rules_page() {
    let g = Geo::new();
    for r in 0..RINGS {
        for f in 0..FILES as i32 {
            let n = name(r, f);
            assert_eq!(coords(&n), (r, f));
            let info = g.b.node_info(g.node(&n));
            let light = (r as i32 + f) % 2 == 0;
            assert_eq!(
                info.colour == chessgraph::Colour::Light,
                light,
                "colour of {n}"
            );
        }
    }
    for king in ["e1", "m1", "u1"] {
        assert_eq!(
            g.b.node_info(g.node(king)).colour,
            chessgraph::Colour::Light
        );
    }
}

// ---- Section 9 test vectors: empty board, all moats unbridged. ----

#[test]
fn rook_a4_has_33_targets() {
    let g = Geo::new();
    let t = g.ride("a4", ROOK, 100);
    let mut expected: BTreeSet<String> = (1..FILES as i32).map(|f| name(3, f)).collect();
    expected.extend(names(&[
        "a3", "a2", "a1", "a5", "a6", "m6", "m5", "m3", "m2", "m1",
    ]));
    assert_eq!(expected.len(), 33);
    assert_eq!(t, expected);
}

#[test]
fn bishop_a6_has_20_targets() {
    let g = Geo::new();
    let expected = names(&[
        "b5", "c4", "d3", "e2", "f1", "k6", "j5", "i4", "h3", "g2", "x5", "w4", "v3", "u2", "t1",
        "o6", "p5", "q4", "r3", "s2",
    ]);
    assert_eq!(expected.len(), 20);
    assert_eq!(g.ride("a6", BISHOP, 100), expected);
}

#[test]
fn bishop_h1_is_stopped_by_the_moat() {
    let g = Geo::new();
    let expected = names(&["g2", "f3", "e4", "d5", "c6", "m6", "l5", "k4", "j3", "i2"]);
    assert_eq!(g.ride("h1", BISHOP, 100), expected);
}

#[test]
fn king_a6_steps_across_the_center() {
    let g = Geo::new();
    let expected = names(&["a5", "b5", "x5", "b6", "x6", "m6", "k6", "o6"]);
    assert_eq!(g.ride("a6", ALL, 1), expected);
}

#[test]
fn per_ring_target_counts_with_unbridged_moats() {
    let g = Geo::new();
    // (piece, directions, max steps, count on ring 1 by local file 0..7, count on rings 2..6)
    let king_ring_1 = [3, 5, 5, 5, 5, 5, 5, 3];
    let king_ring_2 = [7, 8, 8, 8, 8, 8, 8, 7];
    for f in 0..FILES as i32 {
        let local = (f % 8) as usize;
        for r in 0..RINGS {
            let sq = name(r, f);
            let count = |dirs: &[&str], steps| g.ride(&sq, dirs, steps).len();
            let (rook, bishop, queen) = if r == 0 { (18, 10, 28) } else { (33, 20, 51) };
            assert_eq!(count(ROOK, 100), rook, "rook on {sq}");
            assert_eq!(count(BISHOP, 100), bishop, "bishop on {sq}");
            assert_eq!(count(ALL, 100), queen, "queen on {sq}");
            let king = match r {
                0 => king_ring_1[local],
                1 => king_ring_2[local],
                _ => 8,
            };
            assert_eq!(count(ALL, 1), king, "king on {sq}");
        }
    }
}
