//! Rithmomachia (variants/rithmomachia.toml): every test vector of section 12 of our ruling
//! (`../shared/rules/rithmomachia.md`), each on a position built as a `Setup`: the complete legal
//! move sets, what each move captures, and the victories.

use std::sync::Arc;

use chessgraph::notation::{legal_move_texts, parse_move};
use chessgraph::testing::{PositionInternals, hash_from_scratch};
use chessgraph::{EndRule, Outcome, Position};
use chessgraph::{Material, Setup, SetupPiece, StackPart, Waivers};
use chessgraph::{PlayerId, Rules};

use crate::helpers::load;

const FILE: &str = "variants/rithmomachia.toml";

/// A man as the ruling writes it (`T9`, `P[S36 S25 C1]`) on a node, for `owner`.
fn place(rules: &Rules, setup: &mut Setup, owner: PlayerId, man: &str, node: &str) {
    let n = rules.board().node(node).expect("node");
    let kind = |c: char| rules.kind_by_letter(c).expect("shape");
    let number = |s: &str| s.parse::<u32>().expect("number");
    let mut piece = SetupPiece::new(owner, kind(man.chars().next().expect("shape")));
    if let Some(parts) = man.strip_prefix("P[").and_then(|r| r.strip_suffix(']')) {
        let parts = parts
            .split(' ')
            .map(|p| StackPart {
                kind: kind(p.chars().next().expect("shape")),
                value: Some(number(&p[1..])),
            })
            .collect();
        setup.stacks.insert(n, parts);
    } else {
        piece.value = Some(number(&man[1..]));
    }
    setup.place(n, piece);
}

/// A position from the ruling's notation: `white` and `black` as `(man, node)` lists, with
/// `black_to_move`, and captured material `(men, value)` per player.
fn position(
    white: &[(&str, &str)],
    black: &[(&str, &str)],
    black_to_move: bool,
    captured: [(u32, u64); 2],
) -> Position {
    position_in(FILE, white, black, black_to_move, captured)
}

/// [`position`] in another variant file (the option fixtures).
pub(crate) fn position_in(
    file: &str,
    white: &[(&str, &str)],
    black: &[(&str, &str)],
    black_to_move: bool,
    captured: [(u32, u64); 2],
) -> Position {
    let material = captured.map(|(men, value)| Material {
        men,
        value,
        digits: 0,
    });
    position_with(file, white, black, black_to_move, material)
}

/// [`position_in`] with captured material in full (digits too).
pub(crate) fn position_with(
    file: &str,
    white: &[(&str, &str)],
    black: &[(&str, &str)],
    black_to_move: bool,
    captured: [Material; 2],
) -> Position {
    let rules = load(file);
    let [w, b] = [0, 1].map(|i| rules.player_id(i).expect("player"));
    let mut setup = Setup::new(if black_to_move { b } else { w });
    for &(man, node) in white {
        place(&rules, &mut setup, w, man, node);
    }
    for &(man, node) in black {
        place(&rules, &mut setup, b, man, node);
    }
    for (p, m) in [w, b].into_iter().zip(captured) {
        if m != Material::default() {
            setup.captured.insert(p, m);
        }
    }
    let waivers = Waivers {
        excess_material: true,
        ..Waivers::default()
    };
    Position::from_setup(&rules, setup, waivers).expect("a legal setup")
}

fn simple(white: &[(&str, &str)], black: &[(&str, &str)]) -> Position {
    position(white, black, false, [(0, 0); 2])
}

/// The moves of the piece on `from`: the destinations, sorted.
fn destinations(pos: &Position, from: &str) -> Vec<String> {
    let prefix = format!("{from}-");
    legal_move_texts(pos)
        .into_iter()
        .filter_map(|m| m.strip_prefix(&prefix).map(str::to_string))
        .collect()
}

/// What a man or stack on a node shows: `T9`, or `P174` for a stack (its total).
fn shown(pos: &Position, node: chessgraph::NodeId) -> String {
    let rules = pos.rules();
    let pc = pos.piece_at(node).expect("a piece");
    let value = pos.value_at(node).expect("a number");
    format!("{}{value}", rules.kind(pc.kind).letter)
}

/// Plays `mv` and lists what it captured, sorted: `T9@e5` for a whole man (a stack as `P` and
/// its total), `C16@e10` for one part of a stack.
pub(crate) fn play(pos: &mut Position, mv: &str) -> Vec<String> {
    let before = pos.clone();
    let m = parse_move(pos, mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    pos.play(&m).unwrap_or_else(|e| panic!("{mv}: {e}"));
    assert_eq!(pos.hash(), hash_from_scratch(pos), "{mv}: hash");
    let mover = before.to_move();
    let rules = pos.rules().clone();
    let mut out = Vec::new();
    for n in rules.board().node_ids() {
        if before.piece_at(n).is_none_or(|p| p.owner == mover) {
            continue;
        }
        let name = rules.board().node_name(n);
        match pos.piece_at(n) {
            None => out.push(format!("{}@{name}", shown(&before, n))),
            Some(_) => {
                let (old, new) = (
                    chessgraph::testing::numbers_at(&before, n)
                        .expect("cell")
                        .parts()
                        .to_vec(),
                    chessgraph::testing::numbers_at(pos, n)
                        .expect("cell")
                        .parts()
                        .to_vec(),
                );
                let mut left = new.clone();
                for p in old {
                    match left.iter().position(|q| *q == p) {
                        Some(i) => {
                            left.remove(i);
                        }
                        None => {
                            out.push(format!("{}{}@{name}", rules.kind(p.kind).letter, p.value))
                        }
                    }
                }
            }
        }
    }
    out.sort();
    out
}

fn strings(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

const BLACK_C3: &[(&str, &str)] = &[("C3", "h16")];

#[test]
fn v01_lone_men_move_as_their_shapes() {
    let circle = simple(&[("C4", "d8")], BLACK_C3);
    assert_eq!(
        destinations(&circle, "d8"),
        strings(&["c7", "c9", "e7", "e9"])
    );
    let triangle = simple(&[("T9", "d8")], BLACK_C3);
    let t = strings(&[
        "b8", "d6", "d10", "f8", "b7", "b9", "c6", "c10", "e6", "e10", "f7", "f9",
    ]);
    assert_eq!(destinations(&triangle, "d8"), t);
    let square = simple(&[("S25", "d8")], BLACK_C3);
    let s = strings(&[
        "a8", "d5", "d11", "g8", "a7", "a9", "c5", "c11", "e5", "e11", "g7", "g9",
    ]);
    assert_eq!(destinations(&square, "d8"), s);
    let full = simple(&[("P[S36 S25 T16 T9 C4 C1]", "d8")], BLACK_C3);
    let mut all: Vec<String> = [&t[..], &s[..], &strings(&["c7", "c9", "e7", "e9"])[..]].concat();
    all.sort();
    assert_eq!(destinations(&full, "d8"), all);
    assert_eq!(all.len(), 28);
    let two = simple(&[("P[S25 T9]", "d8")], BLACK_C3);
    let mut ts: Vec<String> = [&t[..], &s[..]].concat();
    ts.sort();
    assert_eq!(destinations(&two, "d8"), ts);
    assert_eq!(ts.len(), 24);
}

#[test]
fn v02_slides_are_blocked_leaps_are_not() {
    let pos = simple(&[("T9", "d8"), ("C4", "d9")], BLACK_C3);
    let expected = strings(&[
        "d8-b7", "d8-b8", "d8-b9", "d8-c6", "d8-c10", "d8-d6", "d8-e6", "d8-e10", "d8-f7", "d8-f8",
        "d8-f9", "d9-c8", "d9-c10", "d9-e8", "d9-e10",
    ]);
    assert_eq!(legal_move_texts(&pos), expected);
    let pos = simple(
        &[("S25", "a1")],
        &[("C3", "a2"), ("C5", "d1"), ("C7", "h16")],
    );
    assert_eq!(legal_move_texts(&pos), strings(&["a1-b4", "a1-d2"]));
}

#[test]
fn v03_equality() {
    let mut pos = simple(&[("C9", "c3")], &[("T9", "e5"), ("C3", "h16")]);
    assert_eq!(play(&mut pos, "c3-d4"), ["T9@e5"]);
    let mut pos = simple(&[("T16", "b3")], &[("C16", "d6"), ("C3", "h16")]);
    assert_eq!(play(&mut pos, "b3-d4"), ["C16@d6"]);
    let mut pos = simple(
        &[("T16", "b3")],
        &[("C16", "d6"), ("C7", "d5"), ("C3", "h16")],
    );
    assert!(play(&mut pos, "b3-d4").is_empty(), "d5 blocks the slide");
    let mut pos = simple(
        &[("T25", "a4")],
        &[("S25", "d7"), ("C9", "c6"), ("C3", "h16")],
    );
    assert_eq!(play(&mut pos, "a4-c5"), ["S25@d7"]);
}

#[test]
fn v04_ambush() {
    let mut pos = simple(
        &[("C4", "d8"), ("C8", "g11")],
        &[("T12", "e9"), ("C3", "h16")],
    );
    assert_eq!(play(&mut pos, "g11-f10"), ["T12@e9"]);
    let mut pos = simple(
        &[("T25", "d7"), ("C16", "g11")],
        &[("C9", "e9"), ("C3", "h16")],
    );
    assert_eq!(play(&mut pos, "g11-f10"), ["C9@e9"]);
    let mut pos = simple(
        &[("C2", "c7"), ("T6", "f6")],
        &[("T12", "d8"), ("C3", "h16")],
    );
    assert_eq!(play(&mut pos, "f6-f8"), ["T12@d8"]);
    let mut pos = simple(
        &[("T72", "e4"), ("C8", "d7")],
        &[("C9", "e8"), ("C3", "h16")],
    );
    assert_eq!(play(&mut pos, "e4-e6"), ["C9@e8"]);
}

#[test]
fn v05_eruption() {
    let mut pos = simple(
        &[("C4", "c3")],
        &[("T12", "d6"), ("C5", "d5"), ("C3", "h16")],
    );
    assert_eq!(play(&mut pos, "c3-d4"), ["T12@d6"]);
    let mut pos = simple(
        &[("S45", "a1"), ("C2", "d3")],
        &[("C5", "d9"), ("C3", "d6"), ("C7", "h16")],
    );
    assert_eq!(play(&mut pos, "a1-d1"), ["C5@d9"]);
    let mut pos = simple(&[("T6", "d8")], &[("C3", "b9"), ("C7", "h16")]);
    assert_eq!(play(&mut pos, "d8-b8"), ["C3@b9"]);
}

#[test]
fn v06_siege() {
    let mut pos = simple(
        &[("C2", "a7"), ("C8", "a9"), ("T6", "d8")],
        &[("S28", "a8"), ("C3", "h16")],
    );
    assert_eq!(play(&mut pos, "d8-b8"), ["S28@a8"]);
    let mut pos = simple(&[("C6", "f14")], &[("C3", "h16"), ("C5", "a16")]);
    assert_eq!(play(&mut pos, "f14-g15"), ["C3@h16"]);
    let mut pos = simple(
        &[("C2", "a7"), ("T6", "d8")],
        &[("S28", "a8"), ("C3", "a9"), ("C7", "h16")],
    );
    assert!(play(&mut pos, "d8-b8").is_empty());
}

#[test]
fn v07_pyramids() {
    let mut pos = simple(
        &[("C16", "c8")],
        &[("P[S64 S49 T36 T25 C16]", "e10"), ("C3", "h16")],
    );
    assert_eq!(play(&mut pos, "c8-d9"), ["C16@e10"]);
    let e10 = pos.rules().board().node("e10").expect("e10");
    assert_eq!(pos.value_at(e10), Some(174));
    let pyramid = destinations(&pos, "e10");
    assert_eq!(pyramid.len(), 24, "{pyramid:?}");
    assert!(
        !pyramid
            .iter()
            .any(|d| ["d9", "d11", "f9", "f11"].contains(&d.as_str()))
    );

    let mut pos = position(
        &[("P[S36 S25 T16 T9 C4]", "e5"), ("C2", "a1")],
        &[("T90", "c7"), ("C3", "h16")],
        true,
        [(0, 0); 2],
    );
    assert_eq!(play(&mut pos, "c7-e7"), ["P90@e5"]);
    let black = pos.rules().player_id(1).expect("black");
    assert_eq!(
        pos.captured(black),
        Material {
            men: 5,
            value: 90,
            digits: 0
        }
    );

    let mut pos = simple(
        &[("P[S36 S25 T16 T9 C4 C1]", "c3")],
        &[("C25", "e7"), ("C3", "h16")],
    );
    assert_eq!(legal_move_texts(&pos).len(), 22);
    assert_eq!(play(&mut pos, "c3-d4"), ["C25@e7"]);
    let mut pos = simple(
        &[("P[S36 S25 T16 T9 C4 C1]", "c3")],
        &[("C25", "e6"), ("C3", "h16")],
    );
    assert!(
        play(&mut pos, "c3-d4").is_empty(),
        "a knight's square offers 16, 9, 91"
    );

    let mut pos = simple(
        &[("C8", "f3")],
        &[("P[S64 S49 T36 T25 C16]", "h1"), ("C3", "h16")],
    );
    assert_eq!(play(&mut pos, "f3-g2"), ["P190@h1"]);
    let white = pos.rules().player_id(0).expect("white");
    assert_eq!(
        pos.captured(white),
        Material {
            men: 5,
            value: 190,
            digits: 0
        }
    );
}

#[test]
fn v08_simultaneity() {
    let mut pos = simple(
        &[("T16", "b3"), ("T9", "c3")],
        &[("C9", "d5"), ("C16", "d6"), ("C3", "h16")],
    );
    assert_eq!(legal_move_texts(&pos).len(), 18);
    assert_eq!(play(&mut pos, "b3-d4"), ["C9@d5"]);
    let mut pos = simple(
        &[("C4", "c3"), ("C8", "f6")],
        &[("T12", "e5"), ("T16", "d7"), ("C3", "h16")],
    );
    assert_eq!(play(&mut pos, "c3-d4"), ["T12@e5", "T16@d7"]);
}

#[test]
fn v09_late_execution() {
    let mut pos = simple(
        &[("C25", "d3"), ("C2", "a1")],
        &[("T25", "e6"), ("C3", "h16")],
    );
    let before = pos.clone();
    assert!(play(&mut pos, "d3-e4").is_empty());
    assert_eq!(play(&mut pos, "h16-g15"), ["C25@e4"]);
    // And back: unmake restores numbers and captured material.
    let mut again = before.clone();
    let m = parse_move(&again, "d3-e4").expect("move");
    let undo = again.play(&m).expect("plays");
    again.unmake(undo);
    assert!(again == before);
    assert_eq!(again.hash(), before.hash());
}

#[test]
fn v10_victories() {
    let mut pos = position(
        &[("C9", "c3")],
        &[("T9", "e5"), ("C3", "h16")],
        false,
        [(14, 400), (0, 0)],
    );
    assert_eq!(play(&mut pos, "c3-d4"), ["T9@e5"]);
    let white = pos.rules().player_id(0).expect("white");
    assert_eq!(
        pos.outcome(),
        Some(Outcome::WonBy(white, EndRule::Captured(0)))
    );
    assert_eq!(
        pos.captured_win(white).map(|w| w.name.as_str()),
        Some("De corpore")
    );

    let mut pos = position(
        &[("S45", "d6"), ("C2", "a1")],
        &[("T9", "b2"), ("C3", "h16")],
        true,
        [(0, 0), (10, 950)],
    );
    assert_eq!(play(&mut pos, "b2-d2"), ["S45@d6"]);
    let black = pos.rules().player_id(1).expect("black");
    assert_eq!(
        pos.captured(black),
        Material {
            men: 11,
            value: 995,
            digits: 0
        }
    );
    assert_eq!(
        pos.outcome(),
        Some(Outcome::WonBy(black, EndRule::Captured(1)))
    );
    assert_eq!(
        pos.captured_win(black).map(|w| w.name.as_str()),
        Some("De bonis")
    );

    let mut pos = position(
        &[("C4", "a1"), ("C2", "b2")],
        &[("C9", "c1"), ("C25", "a3"), ("C49", "d4")],
        true,
        [(0, 0); 2],
    );
    assert!(play(&mut pos, "d4-c3").is_empty());
    assert!(legal_move_texts(&pos).is_empty());
    assert_eq!(pos.outcome(), Some(Outcome::Winner(black)));
}

#[test]
fn thresholds_win_exactly_at_the_limit() {
    let white = |men, value| {
        let pos = position(
            &[("C9", "c3")],
            &[("C3", "h16")],
            true,
            [(men, value), (0, 0)],
        );
        pos.outcome()
    };
    let w = load(FILE).player_id(0).expect("white");
    assert_eq!(white(15, 0), Some(Outcome::WonBy(w, EndRule::Captured(0))));
    assert_eq!(white(14, 1314), None);
    assert_eq!(
        white(0, 1315),
        Some(Outcome::WonBy(w, EndRule::Captured(1)))
    );
    let black = |value| {
        let pos = position(
            &[("C9", "c3")],
            &[("C3", "h16")],
            false,
            [(0, 0), (1, value)],
        );
        pos.outcome()
    };
    let b = load(FILE).player_id(1).expect("black");
    assert_eq!(black(984), Some(Outcome::WonBy(b, EndRule::Captured(1))));
    assert_eq!(black(983), None);
}

/// The start position: 71 moves, 7 of which capture by eruption.
#[test]
fn v11_start_position() {
    let rules: Arc<Rules> = load(FILE);
    let start = Position::start(&rules);
    assert_eq!(legal_move_texts(&start).len(), 71);
    let mut capturing = Vec::new();
    for m in legal_move_texts(&start) {
        let mut pos = start.clone();
        let taken = play(&mut pos, &m);
        if !taken.is_empty() {
            capturing.push(format!("{m} {}", taken.join(" ")));
        }
    }
    capturing.sort();
    let expected = strings(&[
        "a3-b6 S225@b14",
        "c4-b6 S225@b14",
        "a4-b7 T90@b12",
        "b4-c7 C9@c11",
        "b4-e3 C5@e11",
        "g4-h7 S28@h13",
        "g5-g7 T12@g12",
    ]);
    assert_eq!(capturing, expected);
    let mut pos = start.clone();
    assert!(play(&mut pos, "a5-a7").is_empty());
    assert_eq!(play(&mut pos, "h13-g10"), ["C4@g4"]);
    let g4 = rules.board().node("g4").expect("g4");
    assert_eq!(pos.value_at(g4), Some(87));
    // It still holds a circle (C1): all 10 of its moves stay.
    assert_eq!(destinations(&pos, "g4").len(), 10);
}
