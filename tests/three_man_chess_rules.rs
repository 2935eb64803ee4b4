//! 3 Man Chess rules against `shared/rules/three-man-chess.md` (binding): the test vectors of
//! section 9, the start perft, and one focused test per rule of sections 4-8. The fine points of
//! section 10 are in `three_man_chess_fine_points.rs`, rotation symmetry in
//! `three_man_chess_symmetry.rs`.
//!
//! Every position is set up from position text built by `support::fen` from a list of pieces.

#[path = "support/three_man_chess.rs"]
mod support;

use std::collections::BTreeSet;
use std::sync::Arc;

use chessgraph::board::NodeId;
use chessgraph::perft::perft;
use chessgraph::position::{Outcome, Position};
use chessgraph::rules::{FrameId, Rules};

use support::*;

// ---------------------------------------------------------------------------------------------
// Section 9: target counts on an "empty" board.
//
// Method. A valid position needs every live player's king, and "all moats unbridged" needs every
// player to keep a piece of his own on his ring 1. So the counted piece stands alone with the three
// kings, placed where they cannot matter: no king stands on any square the piece could reach or
// pass (every step of the piece's compiled rays, cut at the first moat step when the moats are
// closed), nor next to another king. With closed moats each king stands on its owner's ring 1 (the
// owner of the counted piece, whose ring 1 may already hold the piece, may stand anywhere). With all
// moats bridged the gates are opened by `open:black-white,white-gray,gray-black` and the kings may
// stand anywhere. The destinations are then those of `Position::piece_moves` (pseudo-legal moves of
// that piece: no check test), and as a cross-check no king square is among them.
// ---------------------------------------------------------------------------------------------

/// Squares a piece with `letter` on `origin` could reach or pass on an empty board.
fn reach(rules: &Rules, letter: char, origin: NodeId, bridged: bool) -> BTreeSet<NodeId> {
    let t = rules.tables();
    let kind = rules.kind_by_letter(letter).expect("letter");
    let gated = rules.gate_tags();
    let mut out = BTreeSet::new();
    for ray in t.rays(kind, FrameId::IDENTITY, origin) {
        for s in t.steps(ray) {
            out.insert(s.node);
            if !bridged && s.tags.intersects(gated) {
                break;
            }
        }
    }
    out
}

/// The owner letter of a square's segment.
fn segment_owner(square: &str) -> char {
    match coords(square).1 / 8 {
        0 => 'w',
        1 => 'g',
        _ => 'b',
    }
}

/// A position with the piece `letter` of the segment's owner on `origin`, three kings out of the
/// way (see the method above), the owner to move.
fn lone_piece(rules: &Arc<Rules>, letter: char, origin: &str, bridged: bool) -> Position {
    let board = rules.board();
    let o = node(rules, origin);
    let owner = segment_owner(origin);
    let mut banned = reach(rules, letter, o, bridged);
    banned.insert(o);
    let mut kings: Vec<(String, String)> = Vec::new();
    for (seat, p) in ['w', 'g', 'b'].into_iter().enumerate() {
        let own_ring_1 = |n: NodeId| {
            let (r, f) = coords(board.node_name(n));
            r == 0 && f / 8 == seat as i32
        };
        let anywhere = bridged || (p == owner && coords(origin).0 == 0);
        let k = board
            .node_ids()
            .find(|&n| !banned.contains(&n) && (anywhere || own_ring_1(n)))
            .unwrap_or_else(|| panic!("no square for {p}K with a piece on {origin}"));
        banned.insert(k);
        banned.extend(reach(rules, 'K', k, bridged));
        kings.push((board.node_name(k).to_string(), format!("{p}K")));
    }
    let token = format!("{owner}{letter}");
    let mut pieces: Vec<(&str, &str)> = vec![(origin, token.as_str())];
    pieces.extend(kings.iter().map(|(s, t)| (s.as_str(), t.as_str())));
    let rest = if bridged {
        format!("{owner} - - 0 1 {ALL_OPEN}")
    } else {
        format!("{owner} - - 0 1")
    };
    let pos = setup(rules, &pieces, &rest);
    assert_eq!(pos.gates_open(), if bridged { 0b111 } else { 0 }, "{}", pos.to_fen());
    let t = targets(&pos, origin);
    for (k, _) in &kings {
        assert!(!t.contains(k), "king square {k} among the targets of {origin}");
    }
    pos
}

fn lone_targets(rules: &Arc<Rules>, letter: char, origin: &str) -> BTreeSet<String> {
    targets(&lone_piece(rules, letter, origin, false), origin)
}

#[test]
fn rook_a4_has_the_33_listed_targets() {
    let rules = strict();
    let mut expected: BTreeSet<String> = (1..24).map(|f| sq(3, f)).collect();
    expected.extend(names(&[
        "a3", "a2", "a1", "a5", "a6", "m6", "m5", "m3", "m2", "m1",
    ]));
    assert_eq!(expected.len(), 33);
    assert_eq!(lone_targets(&rules, 'R', "a4"), expected);
}

#[test]
fn bishop_a6_has_the_20_listed_targets() {
    let rules = strict();
    let expected = names(&[
        "b5", "c4", "d3", "e2", "f1", "k6", "j5", "i4", "h3", "g2", "x5", "w4", "v3", "u2", "t1",
        "o6", "p5", "q4", "r3", "s2",
    ]);
    assert_eq!(expected.len(), 20);
    assert_eq!(lone_targets(&rules, 'B', "a6"), expected);
}

#[test]
fn bishop_h1_has_10_targets_reaching_i2_the_long_way() {
    let rules = strict();
    // The direct step h1-i2 crosses the closed moat; i2..m6 are reached through the center.
    let expected = names(&["g2", "f3", "e4", "d5", "c6", "m6", "l5", "k4", "j3", "i2"]);
    assert_eq!(lone_targets(&rules, 'B', "h1"), expected);
}

#[test]
fn knights_a6_and_a5_have_the_listed_targets() {
    for rules in [strict(), literal()] {
        assert_eq!(
            lone_targets(&rules, 'N', "a6"),
            names(&["b4", "x4", "c5", "w5", "l5", "n5", "k6", "o6"])
        );
        assert_eq!(
            lone_targets(&rules, 'N', "a5"),
            names(&["b3", "x3", "c4", "w4", "c6", "w6", "l6", "n6"])
        );
    }
}

#[test]
fn king_a6_has_the_listed_targets() {
    let rules = strict();
    assert_eq!(
        lone_targets(&rules, 'K', "a6"),
        names(&["a5", "b5", "x5", "b6", "x6", "m6", "k6", "o6"])
    );
}

#[test]
fn uncrossed_pawn_d6_steps_across_to_p6_and_captures_n6_and_r6() {
    let rules = strict();
    let kings = [("e1", "wK"), ("m1", "gK"), ("u1", "bK")];
    let pos = setup(&rules, &[&kings[..], &[("d6", "wP")]].concat(), "w - - 0 1");
    assert_eq!(targets(&pos, "d6"), names(&["p6"]));
    let pos = setup(
        &rules,
        &[&kings[..], &[("d6", "wP"), ("n6", "gN"), ("r6", "bN")]].concat(),
        "w - - 0 1",
    );
    assert_eq!(targets(&pos, "d6"), names(&["p6", "n6", "r6"]));
    assert_eq!(legal_from(&pos, "d6"), names(&["p6", "n6", "r6"]));
    // After any of the three the pawn has crossed: its frame is `crossed`.
    for to in ["p6", "n6", "r6"] {
        let mut p = pos.clone();
        play(&mut p, &format!("d6-{to}"));
        assert_eq!(token_at(&p, to).as_deref(), Some("wP[crossed]"), "d6-{to}");
    }
}

/// Rook, bishop, queen, king and knight counts on every square, as the table of section 9.
fn ring_counts(rules: &Arc<Rules>, letter: char, bridged: bool, expect: impl Fn(usize, usize) -> usize) {
    let mut wrong = Vec::new();
    for f in 0..24 {
        for r in 0..6 {
            let s = sq(r, f);
            let n = targets(&lone_piece(rules, letter, &s, bridged), &s).len();
            let want = expect(r, (f % 8) as usize);
            if n != want {
                wrong.push(format!("{letter} on {s}: {n}, expected {want}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn per_ring_counts_unbridged() {
    for rules in [strict(), literal()] {
        ring_counts(&rules, 'R', false, |r, _| if r == 0 { 18 } else { 33 });
        ring_counts(&rules, 'B', false, |r, _| if r == 0 { 10 } else { 20 });
        ring_counts(&rules, 'Q', false, |r, _| if r == 0 { 28 } else { 51 });
        ring_counts(&rules, 'K', false, |r, l| match r {
            0 => [3, 5, 5, 5, 5, 5, 5, 3][l],
            1 => [7, 8, 8, 8, 8, 8, 8, 7][l],
            _ => 8,
        });
    }
}

#[test]
fn per_ring_knight_counts_unbridged_strict() {
    ring_counts(&strict(), 'N', false, |r, l| match r {
        0 => [2, 3, 4, 4, 4, 4, 3, 2][l],
        1 => [5, 5, 6, 6, 6, 6, 5, 5][l],
        2 => [7, 8, 8, 8, 8, 8, 8, 7][l],
        _ => 8,
    });
}

/// Under `literal` only jumps that end on ring 1 across a border cross a moat. A knight on ring 1
/// never ends on ring 1, so it has all 4 jumps (the 2-file jumps along ring 2 and the 1-file jumps
/// to ring 3 across a border are free); from rings 2 and 3 the jumps that end on ring 1 across a
/// border are the same ones `strict` forbids, so those rings match `strict`.
#[test]
fn per_ring_knight_counts_unbridged_literal() {
    ring_counts(&literal(), 'N', false, |r, l| match r {
        0 => 4,
        1 => [5, 5, 6, 6, 6, 6, 5, 5][l],
        2 => [7, 8, 8, 8, 8, 8, 8, 7][l],
        _ => 8,
    });
    // The two extra jumps of each edge file, by name.
    let rules = literal();
    assert_eq!(lone_targets(&rules, 'N', "a1"), names(&["b3", "c2", "x3", "w2"]));
    assert_eq!(lone_targets(&rules, 'N', "h1"), names(&["g3", "f2", "i3", "j2"]));
    assert_eq!(lone_targets(&strict(), 'N', "h1"), names(&["g3", "f2"]));
    assert_eq!(lone_targets(&rules, 'N', "g1"), names(&["h3", "f3", "e2", "i2"]));
    assert_eq!(lone_targets(&strict(), 'N', "g1"), names(&["h3", "f3", "e2"]));
}

#[test]
fn per_ring_counts_all_bridged() {
    for rules in [strict(), literal()] {
        ring_counts(&rules, 'R', true, |_, _| 33);
        ring_counts(&rules, 'N', true, |r, _| [4, 6, 8, 8, 8, 8][r]);
        ring_counts(&rules, 'B', true, |r, _| if r == 0 { 10 } else { 20 });
        ring_counts(&rules, 'Q', true, |r, _| if r == 0 { 43 } else { 51 });
        ring_counts(&rules, 'K', true, |r, _| if r == 0 { 5 } else { 8 });
    }
}

// ---------------------------------------------------------------------------------------------
// Start perft (sections 8 and 9).
// ---------------------------------------------------------------------------------------------

fn start_perft(rules: &Arc<Rules>, depth: u32) -> u64 {
    perft(&mut Position::start(rules), depth)
}

#[test]
fn start_perft_strict() {
    let rules = strict();
    assert_eq!(start_perft(&rules, 1), 20);
    assert_eq!(start_perft(&rules, 2), 400);
    assert_eq!(start_perft(&rules, 3), 8000);
    // Confirmed by two independent implementations (rules page, section 9). About 0.3 s in a
    // debug build, so it runs in every build.
    assert_eq!(start_perft(&rules, 4), 206_240);
}

#[test]
fn start_perft_literal() {
    let rules = literal();
    assert_eq!(start_perft(&rules, 1), 22);
    assert_eq!(start_perft(&rules, 2), 483);
    assert_eq!(start_perft(&rules, 3), 10_582);
    // Not published: our own number (about 0.45 s in a debug build).
    assert_eq!(start_perft(&rules, 4), 288_523);
}

/// Under `literal` White's two extra first moves are the knights' captures of the neighbours'
/// edge pawns: b1-x2 (Black's) and g1-i2 (Gray's).
#[test]
fn literal_first_moves_add_the_two_edge_pawn_captures() {
    let s = legal(&Position::start(&strict()));
    let l = legal(&Position::start(&literal()));
    let extra: BTreeSet<String> = l.difference(&s).cloned().collect();
    assert_eq!(extra, names(&["b1-x2", "g1-i2"]));
    assert!(s.is_subset(&l));
}

#[test]
fn start_perft_snapshot() {
    for (name, path) in [("three_man_chess", STRICT), ("three_man_chess_literal", LITERAL)] {
        let rules = load(path);
        let mut text = format!("{}\n", rules.start_fen());
        for d in 1..=4 {
            text.push_str(&format!("perft {d}: {}\n", start_perft(&rules, d)));
        }
        insta::assert_snapshot!(format!("perft_{name}"), text);
    }
}
