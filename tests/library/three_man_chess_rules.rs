//! 3 Man Chess rules against `shared/rules/three-man-chess.md` (binding): the test vectors of
//! section 9, the start perft, and one focused test per rule of sections 4-8. The fine points of
//! section 10 are in `three_man_chess_fine_points.rs`, rotation symmetry in
//! `three_man_chess_symmetry.rs`.
//!
//! Every position is set up from position text built by `support::fen` from a list of pieces.

use std::collections::BTreeSet;
use std::sync::Arc;

use chessgraph::NodeId;
use chessgraph::PlayerSet;
use chessgraph::perft::perft;
use chessgraph::testing::{GateSet, RulesInternals, gates_open};
use chessgraph::{FrameId, Rules};
use chessgraph::{Outcome, Position};

use crate::helpers::three_man_chess::*;
use crate::helpers::{Rng, load, playout};

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
    let t = chessgraph::testing::tables(rules);
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
    assert_eq!(
        gates_open(&pos).iter().collect::<Vec<_>>(),
        if bridged { vec![0, 1, 2] } else { vec![] },
        "{}",
        pos.to_fen()
    );
    let t = targets(&pos, origin);
    for (k, _) in &kings {
        assert!(
            !t.contains(k),
            "king square {k} among the targets of {origin}"
        );
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
fn ring_counts(
    rules: &Arc<Rules>,
    letter: char,
    bridged: bool,
    expect: impl Fn(usize, usize) -> usize,
) {
    let mut wrong = Vec::new();
    for f in 0..24 {
        for r in 0..6 {
            let s = sq(r, f);
            let pos = lone_piece(rules, letter, &s, bridged);
            let n = targets(&pos, &s).len();
            // Two paths to one square are one move (section 3): no destination twice.
            assert_eq!(
                piece_moves(&pos, &s).len(),
                n,
                "{letter} on {s}: a destination twice"
            );
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
    assert_eq!(
        lone_targets(&rules, 'N', "a1"),
        names(&["b3", "c2", "x3", "w2"])
    );
    assert_eq!(
        lone_targets(&rules, 'N', "h1"),
        names(&["g3", "f2", "i3", "j2"])
    );
    assert_eq!(lone_targets(&strict(), 'N', "h1"), names(&["g3", "f2"]));
    assert_eq!(
        lone_targets(&rules, 'N', "g1"),
        names(&["h3", "f3", "e2", "i2"])
    );
    assert_eq!(
        lone_targets(&strict(), 'N', "g1"),
        names(&["h3", "f3", "e2"])
    );
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
    for (name, path) in [
        ("three_man_chess", STRICT),
        ("three_man_chess_literal", LITERAL),
    ] {
        let rules = load(path);
        let mut text = format!("{}\n", rules.start_fen());
        for d in 1..=4 {
            text.push_str(&format!("perft {d}: {}\n", start_perft(&rules, d)));
        }
        insta::assert_snapshot!(format!("perft_{name}"), text);
    }
}

// ---------------------------------------------------------------------------------------------
// Section 5: moats.
// ---------------------------------------------------------------------------------------------

#[test]
fn a_closed_moat_cannot_be_crossed_at_all() {
    let rules = strict();
    // Black's king on w1: the gray rook's file i runs through the center to u1.
    let pos = setup(
        &rules,
        &[
            ("e1", "wK"),
            ("h1", "wR"),
            ("g1", "wN"),
            ("i1", "gR"),
            ("m1", "gK"),
            ("w1", "bK"),
        ],
        "w - - 0 1",
    );
    assert_eq!(gates_open(&pos), GateSet::NONE);
    // Rook h1: g1 is its own knight; i1 (a gray rook) is across the moat; the file goes through
    // the center to t1.
    assert_eq!(
        targets(&pos, "h1"),
        names(&[
            "h2", "h3", "h4", "h5", "h6", "t6", "t5", "t4", "t3", "t2", "t1"
        ])
    );
    // Knight g1 (strict): i2 is across the moat (its ring-first order runs h1-i1).
    assert_eq!(targets(&pos, "g1"), names(&["f3", "h3", "e2"]));
    // The gray rook cannot take h1 either, and nothing attacks across: nobody is in check.
    assert!(!targets(&pos, "i1").contains("h1"));
    assert_eq!(pos.checked_players(), PlayerSet::EMPTY);
    // A king on h1 cannot step to i1 or i2 (both across h|i).
    let pos = setup(
        &rules,
        &[("h1", "wK"), ("m1", "gK"), ("u1", "bK")],
        "w - - 0 1",
    );
    assert_eq!(legal_from(&pos, "h1"), names(&["g1", "g2", "h2"]));
}

#[test]
fn a_moat_is_bridged_when_a_back_rank_is_cleared() {
    let rules = strict();
    // White's king is White's last piece on ring 1.
    let mut pos = setup(
        &rules,
        &[
            ("e1", "wK"),
            ("m1", "gK"),
            ("i1", "gR"),
            ("w1", "bK"),
            ("x1", "bR"),
        ],
        "w - - 0 1",
    );
    assert_eq!(gates_open(&pos), GateSet::NONE);
    play(&mut pos, "e1-e2");
    // Both moats beside White are bridged, the third is not.
    assert!(gate_open(&pos, "black-white"));
    assert!(gate_open(&pos, "white-gray"));
    assert!(!gate_open(&pos, "gray-black"));
    // Gray's rook may now cross h|i without capturing and without giving check: e1 would check
    // the king on e2, and x1 (across x|a, also bridged) holds a piece.
    assert_eq!(
        legal_from(&pos, "i1"),
        [
            "h1", "g1", "f1", "d1", "c1", "b1", "a1", "i2", "i3", "i4", "i5", "i6", "u6", "u5",
            "u4", "u3", "u2", "u1", "j1", "k1", "l1"
        ]
        .iter()
        .map(|s| s.to_string())
        .collect()
    );
    // Bridging is permanent: the king going back home does not close the moats (an attack of the
    // rook on i1 along ring 1 would cross h|i, so e1 is safe).
    play(&mut pos, "m1-m2 w1-w2 e2-e1");
    assert!(gate_open(&pos, "black-white") && gate_open(&pos, "white-gray"));
    assert!(
        pos.to_fen().ends_with(" open:black-white,white-gray"),
        "{}",
        pos.to_fen()
    );
}

#[test]
fn a_moat_is_bridged_by_an_elimination() {
    let rules = strict();
    // Gray is out; his frozen king and rook still stand on his ring 1.
    let pos = setup(
        &rules,
        &[
            ("e1", "wK"),
            ("h1", "wR"),
            ("m1", "gK"),
            ("k1", "gR"),
            ("u1", "bK"),
        ],
        "w - - 0 1 out:g",
    );
    assert!(gate_open(&pos, "white-gray"));
    assert!(gate_open(&pos, "gray-black"));
    assert!(!gate_open(&pos, "black-white"));
    // The rook crosses to i1 and j1; k1 (frozen, but across the moat) cannot be captured.
    let t = targets(&pos, "h1");
    assert!(t.contains("i1") && t.contains("j1"), "{t:?}");
    assert!(!t.contains("k1"), "{t:?}");
}

#[test]
fn no_capture_across_a_bridged_moat() {
    let rules = strict();
    // Gray has nothing on his ring 1: h|i is bridged. A black knight stands on i1.
    let pos = setup(
        &rules,
        &[
            ("e1", "wK"),
            ("h1", "wR"),
            ("m3", "gK"),
            ("i1", "bN"),
            ("u1", "bK"),
            ("h2", "wP[crossed]"),
        ],
        "w - - 0 1",
    );
    assert!(gate_open(&pos, "white-gray"));
    assert!(!targets(&pos, "h1").contains("i1"));
    // A crossed pawn's capture h2-i1 crosses the moat too (and would promote): not allowed.
    assert!(!targets(&pos, "h2").contains("i1"));
    // The knight cannot take h1 either.
    assert!(!targets(&pos, "i1").contains("h1"));
    // With i1 empty the rook may cross quietly.
    let pos = setup(
        &rules,
        &[("e1", "wK"), ("h1", "wR"), ("m3", "gK"), ("u1", "bK")],
        "w - - 0 1",
    );
    assert!(targets(&pos, "h1").contains("i1"));
}

#[test]
fn no_check_across_a_moat_so_a_king_may_stand_there() {
    for open in ["", " open:white-gray"] {
        let rules = strict();
        // White's rook h1 and knight g1 reach i1 and i2 only across h|i.
        let pos = setup(
            &rules,
            &[
                ("e1", "wK"),
                ("h1", "wR"),
                ("g1", "wN"),
                ("j1", "gK"),
                ("u1", "bK"),
            ],
            &format!("g - - 0 1{open}"),
        );
        assert_eq!(gate_open(&pos, "white-gray"), !open.is_empty());
        assert_eq!(
            legal_from(&pos, "j1"),
            names(&["i1", "i2", "j2", "k1", "k2"]),
            "{open}"
        );
        // Gray's king steps next to the rook: still not attacked by White.
        let mut i1 = pos.clone();
        play(&mut i1, "j1-i1");
        assert!(!i1.royal_attacked(GRAY), "{open}");
        assert!(!i1.attacked_by(node(&rules, "i1"), PlayerSet::only(WHITE)));
        assert!(!i1.attacked_by(node(&rules, "i2"), PlayerSet::only(WHITE)));
    }
}

// ---------------------------------------------------------------------------------------------
// Section 6: creeks.
// ---------------------------------------------------------------------------------------------

/// Whether files `a` and `b` lie in different segments (the step crosses a border).
fn across_border(a: i32, b: i32) -> bool {
    a.rem_euclid(24) / 8 != b.rem_euclid(24) / 8
}

/// For every uncrossed pawn on rings 2, 3 and 4 and both its captures (enemy pieces on both
/// squares): from rings 2 and 3 a capture across a border is refused, from ring 4 it is allowed.
/// The pawn belongs to each player in turn (uncrossed pawns of all players move alike).
#[test]
fn creeks_stop_the_captures_of_uncrossed_pawns_from_rings_2_and_3() {
    let rules = strict();
    let mut wrong = Vec::new();
    for (mark, enemy) in [("w", "g"), ("g", "b"), ("b", "w")] {
        for r in 1..=3usize {
            for f in 0..24 {
                let pawn = sq(r, f);
                let (left, right) = (sq(r + 1, f - 1), sq(r + 1, f + 1));
                let pt = format!("{mark}P");
                // Enemy pawns (uncrossed, so they attack nobody on ring 1) as the victims.
                let et = format!("{enemy}P");
                let pieces = with_kings(&[(&pawn, &pt), (&left, &et), (&right, &et)]);
                let pos = setup(&rules, &pieces, &format!("{mark} - - 0 1"));
                let t = targets(&pos, &pawn);
                for (to, tf) in [(&left, f - 1), (&right, f + 1)] {
                    let creek = r < 3 && across_border(f, tf);
                    if t.contains(to.as_str()) == creek {
                        wrong.push(format!("{mark}P {pawn}x{to}: creek={creek}, targets {t:?}"));
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn creeks_do_not_stop_crossed_pawns_or_other_pieces() {
    let rules = strict();
    let pos = setup(
        &rules,
        &with_kings(&[
            // Crossed white pawns capture outward across the h|i border: i4xh3, i3xh2.
            ("i4", "wP[crossed]"),
            ("h3", "gN"),
            ("q3", "wP[crossed]"),
            ("p2", "gN"),
            // A bishop and a queen capture along the creek links.
            ("h2", "wB"),
            ("i3", "gN"),
            ("x3", "wQ"),
            ("a4", "bN"),
        ]),
        "w - - 0 1",
    );
    assert!(targets(&pos, "i4").contains("h3"));
    assert!(targets(&pos, "q3").contains("p2"));
    assert!(targets(&pos, "h2").contains("i3"));
    assert!(targets(&pos, "x3").contains("a4"));
}

// ---------------------------------------------------------------------------------------------
// Section 4: pawns cross the center and turn outward; promotion after crossing.
// ---------------------------------------------------------------------------------------------

#[test]
fn a_pawn_crossing_by_a_move_then_moves_outward() {
    let rules = strict();
    let mut pos = setup(&rules, &with_kings(&[("d6", "wP")]), "w - - 0 1");
    play(&mut pos, "d6-p6");
    assert_eq!(token_at(&pos, "p6").as_deref(), Some("wP[crossed]"));
    play(&mut pos, "m1-m2 u1-u2");
    // Outward now: one step to p5, no double step, captures outward (none here).
    assert_eq!(legal_from(&pos, "p6"), names(&["p5"]));
    play(&mut pos, "p6-p5 m2-m1 u2-u1");
    assert_eq!(legal_from(&pos, "p5"), names(&["p4"]));
    // Its captures point outward too: enemies on o4 and q4 (and behind it, on o6/q6, nothing).
    let pos = setup(
        &rules,
        &with_kings(&[
            ("p5", "wP[crossed]"),
            ("o4", "gN"),
            ("q4", "bN"),
            ("o6", "gN"),
            ("q6", "bN"),
        ]),
        "w - - 0 1",
    );
    assert_eq!(legal_from(&pos, "p5"), names(&["p4", "o4", "q4"]));
}

#[test]
fn a_pawn_crossing_by_a_capture_then_moves_outward() {
    let rules = strict();
    let mut pos = setup(
        &rules,
        &with_kings(&[("d6", "wP"), ("r6", "bN")]),
        "w - - 0 1",
    );
    play(&mut pos, "d6-r6");
    assert_eq!(token_at(&pos, "r6").as_deref(), Some("wP[crossed]"));
    play(&mut pos, "m1-m2 u1-u2");
    assert_eq!(legal_from(&pos, "r6"), names(&["r5"]));
    // Outward captures from r6: q5 and s5 (the loops continue outward with the same file
    // direction after the center).
    let pos = setup(
        &rules,
        &with_kings(&[
            ("r6", "wP[crossed]"),
            ("q5", "gN"),
            ("s5", "bN"),
            ("f6", "gN"),
        ]),
        "w - - 0 1",
    );
    assert_eq!(legal_from(&pos, "r6"), names(&["r5", "q5", "s5"]));
}

#[test]
fn a_crossed_pawn_on_ring_1_promotes_to_each_choice() {
    let rules = strict();
    let pos = setup(
        &rules,
        &[
            ("e1", "wK"),
            ("m1", "gK"),
            ("j1", "gN"),
            ("l1", "gN"),
            ("u1", "bK"),
            ("k2", "wP[crossed]"),
        ],
        "w - - 0 1",
    );
    let mut expected = BTreeSet::new();
    for to in ["j1", "k1", "l1"] {
        for p in ["Q", "R", "B", "N"] {
            expected.insert(format!("k2-{to}={p}"));
        }
    }
    let moves: BTreeSet<String> = legal(&pos)
        .into_iter()
        .filter(|m| m.starts_with("k2-"))
        .collect();
    assert_eq!(moves, expected);
    for p in ["Q", "R", "B", "N"] {
        let mut after = pos.clone();
        play(&mut after, &format!("k2-k1={p}"));
        assert_eq!(token_at(&after, "k1"), Some(format!("w{p}")));
        assert_eq!(token_at(&after, "k2"), None);
    }
    // Promotion is compulsory.
    let err = chessgraph::notation::parse_move(&pos, "k2-k1").unwrap_err();
    assert!(err.to_string().contains("must promote"), "{err}");
    // The new queen moves as a queen on ring 1 (28 targets less what is blocked: gray's knights
    // on j1 and l1 are captures that end the ring-1 rides).
    let mut after = pos.clone();
    play(&mut after, "k2-k1=Q");
    assert!(targets(&after, "k1").contains("k6"));
}

// ---------------------------------------------------------------------------------------------
// Section 7: castling for each player, attacked squares.
// ---------------------------------------------------------------------------------------------

/// The three armies reduced to king, rooks and the edge pawns in front of the rooks (without them
/// the rooks' files run through the center to the other players' back ranks: a1 to m1, h1 to t1).
const CASTLING_ARMIES: [(&str, &str); 15] = [
    ("a1", "wR"),
    ("e1", "wK"),
    ("h1", "wR"),
    ("a2", "wP"),
    ("h2", "wP"),
    ("i1", "gR"),
    ("m1", "gK"),
    ("p1", "gR"),
    ("i2", "gP"),
    ("p2", "gP"),
    ("q1", "bR"),
    ("u1", "bK"),
    ("x1", "bR"),
    ("q2", "bP"),
    ("x2", "bP"),
];

/// The castling armies with all six rights, `side` to move, plus `extra` pieces and fields.
fn castling_text(side: &str, extra: &[(&str, &str)], fields: &str) -> String {
    let pieces = [&CASTLING_ARMIES[..], extra].concat();
    fen(&pieces, &format!("{side} wKwQgKgQbKbQ - 0 1{fields}"))
}

fn castling_position(rules: &Arc<Rules>, side: &str, extra: &[(&str, &str)]) -> Position {
    let text = castling_text(side, extra, "");
    Position::from_fen(rules, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Per player: mark, file offset of the segment, next and previous player marks.
const SEATS: [(&str, i32); 3] = [("w", 0), ("g", 8), ("b", 16)];

#[test]
fn every_player_castles_on_both_sides() {
    let rules = strict();
    for (p, o) in SEATS {
        let k = sq(0, o + 4);
        let short = format!("{k}-{}", sq(0, o + 6));
        let long = format!("{k}-{}", sq(0, o + 2));
        let pos = castling_position(&rules, p, &[]);
        let l = legal(&pos);
        assert!(l.contains(&short) && l.contains(&long), "{p}: {l:?}");
        // Short: king two files up, the rook from local file 7 to 5.
        let mut a = pos.clone();
        play(&mut a, &short);
        assert_eq!(token_at(&a, &sq(0, o + 6)), Some(format!("{p}K")));
        assert_eq!(token_at(&a, &sq(0, o + 5)), Some(format!("{p}R")));
        assert_eq!(token_at(&a, &sq(0, o + 7)), None);
        assert_eq!(token_at(&a, &sq(0, o + 4)), None);
        // Long: king two files down, the rook from local file 0 to 3.
        let mut b = pos.clone();
        play(&mut b, &long);
        assert_eq!(token_at(&b, &sq(0, o + 2)), Some(format!("{p}K")));
        assert_eq!(token_at(&b, &sq(0, o + 3)), Some(format!("{p}R")));
        assert_eq!(token_at(&b, &sq(0, o)), None);
        // The castler loses both rights, the others keep theirs.
        for after in [&a, &b] {
            let rights = after
                .to_fen()
                .split(' ')
                .nth(2)
                .expect("castling")
                .to_string();
            let want: String = ["w", "g", "b"]
                .iter()
                .filter(|&&q| q != p)
                .map(|q| format!("{q}K{q}Q"))
                .collect();
            assert_eq!(rights, want, "{p}");
        }
    }
}

/// An enemy rook on ring 4 of a file attacks that file's ring-1 square (through rings 3 and 2).
#[test]
fn castling_needs_the_kings_squares_unattacked_by_a_live_opponent() {
    let rules = strict();
    let marks = ["w", "g", "b"];
    for (i, (p, o)) in SEATS.into_iter().enumerate() {
        let k = sq(0, o + 4);
        let short = format!("{k}-{}", sq(0, o + 6));
        let long = format!("{k}-{}", sq(0, o + 2));
        // Local file attacked -> (short allowed, long allowed).
        let cases = [
            (4, false, false), // the king's start square (in check)
            (5, false, true),  // passed, short side
            (6, false, true),  // destination, short side
            (3, true, false),  // passed, long side
            (2, true, false),  // destination, long side
            (1, true, true),   // only the rook passes b1: allowed
        ];
        for (local, short_ok, long_ok) in cases {
            for enemy in [marks[(i + 1) % 3], marks[(i + 2) % 3]] {
                let at = sq(3, o + local);
                let rook = format!("{enemy}R");
                let pos = castling_position(&rules, p, &[(&at, &rook)]);
                let l = legal(&pos);
                assert_eq!(l.contains(&short), short_ok, "{p} short, {enemy}R on {at}");
                assert_eq!(l.contains(&long), long_ok, "{p} long, {enemy}R on {at}");
                // The same attacker belonging to an eliminated player attacks nothing.
                let text = castling_text(p, &[(&at, &rook)], &format!(" out:{enemy}"));
                let frozen =
                    Position::from_fen(&rules, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
                let l = legal(&frozen);
                assert!(l.contains(&short) && l.contains(&long), "{text}: {l:?}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Section 7: en passant, taken by either other player, expiring (rules 10.4).
// ---------------------------------------------------------------------------------------------

/// White's pawn e2 may double-step past e3; Gray's crossed pawn on d4 and Black's on f4 capture
/// outward onto e3.
fn ep_position(rules: &Arc<Rules>) -> Position {
    setup(
        rules,
        &with_kings(&[("e2", "wP"), ("d4", "gP[crossed]"), ("f4", "bP[crossed]")]),
        "w - - 0 1",
    )
}

#[test]
fn en_passant_can_be_taken_by_the_next_player() {
    let rules = strict();
    let mut pos = ep_position(&rules);
    play(&mut pos, "e2-e4");
    assert_eq!(pos.to_fen().split(' ').nth(3), Some("e3"));
    assert!(legal_from(&pos, "d4").contains("e3"));
    play(&mut pos, "d4-e3");
    assert_eq!(
        token_at(&pos, "e4"),
        None,
        "the double-stepped pawn is taken"
    );
    assert_eq!(token_at(&pos, "e3").as_deref(), Some("gP[crossed]"));
}

#[test]
fn en_passant_can_be_taken_by_the_player_after_next() {
    let rules = strict();
    let mut pos = ep_position(&rules);
    play(&mut pos, "e2-e4 m1-m2");
    assert!(legal_from(&pos, "f4").contains("e3"));
    play(&mut pos, "f4-e3");
    assert_eq!(token_at(&pos, "e4"), None);
    assert_eq!(token_at(&pos, "e3").as_deref(), Some("bP[crossed]"));
}

#[test]
fn en_passant_expires_when_the_turn_comes_back_to_its_owner() {
    let rules = strict();
    let mut pos = ep_position(&rules);
    play(&mut pos, "e2-e4 m1-m2 u1-u2");
    assert_eq!(chessgraph::testing::en_passant(&pos).len(), 0);
    play(&mut pos, "e1-e2");
    // Gray's second chance does not exist: d4 only steps outward.
    assert_eq!(legal_from(&pos, "d4"), names(&["d3"]));
}

// ---------------------------------------------------------------------------------------------
// Section 8: mate, stalemate, king capture, frozen pieces, turns.
// ---------------------------------------------------------------------------------------------

/// White to move mates Gray with Qj5-j2 (the rook on j6 guards j2; h1 and h2 are across the closed
/// moat). Black's king on u2 is on ring 2, which the queen then also sweeps: Black is in check.
const MATE: [(&str, &str); 6] = [
    ("e1", "wK"),
    ("j5", "wQ"),
    ("j6", "wR"),
    ("i1", "gK"),
    ("u2", "bK"),
    ("x1", "bR"),
];

#[test]
fn checkmate_eliminates_the_mated_player() {
    let rules = strict();
    let mut pos = setup(&rules, &MATE, "w - - 0 1");
    assert!(pos.is_alive(GRAY));
    play(&mut pos, "j5-j2");
    assert!(!pos.is_alive(GRAY), "{}", pos.to_fen());
    assert_eq!(pos.to_move(), BLACK);
    assert!(
        pos.is_check(),
        "the queen on j2 also checks Black along ring 2"
    );
    // The mated king stays on the board, frozen; its moats are bridged now.
    assert_eq!(token_at(&pos, "i1").as_deref(), Some("gK"));
    assert!(gate_open(&pos, "white-gray") && gate_open(&pos, "gray-black"));
    assert!(pos.to_fen().ends_with(" out:g"), "{}", pos.to_fen());
    assert_eq!(pos.outcome(), None);
}

#[test]
fn stalemate_with_three_players_eliminates() {
    let rules = strict();
    // Gray's king on i1: j1 and j2 are covered by the rook on j6, i2 will be by the rook on ring 2;
    // h1 and h2 are across the closed moat.
    let mut pos = setup(
        &rules,
        &[
            ("e1", "wK"),
            ("e3", "wR"),
            ("j6", "wR"),
            ("i1", "gK"),
            ("u1", "bK"),
        ],
        "w - - 0 1",
    );
    play(&mut pos, "e3-e2");
    assert!(!pos.is_alive(GRAY));
    assert_eq!(pos.to_move(), BLACK);
    assert_eq!(pos.outcome(), None);
    // The same from a set-up with Gray to move: `resolve` settles it.
    let mut pos = setup(
        &rules,
        &[
            ("e1", "wK"),
            ("e2", "wR"),
            ("j6", "wR"),
            ("i1", "gK"),
            ("u1", "bK"),
        ],
        "g - - 0 1",
    );
    assert!(pos.legal_moves().is_empty());
    assert!(!pos.is_check());
    let (outcome, _) = pos.resolve(&mut Vec::new());
    assert_eq!(outcome, None);
    assert!(!pos.is_alive(GRAY));
    assert_eq!(pos.to_move(), BLACK);
}

#[test]
fn stalemate_with_two_players_is_a_draw() {
    let rules = strict();
    // Gray is out. Black's king on u1: t1/t2 covered from t4, v1/v2 from v4, u2 from k2 along ring 2.
    let text = fen(
        &[
            ("e1", "wK"),
            ("t4", "wR"),
            ("v4", "wR"),
            ("k2", "wR"),
            ("m1", "gK"),
            ("u1", "bK"),
        ],
        "b - - 0 1 out:g",
    );
    let mut pos = Position::from_fen(&rules, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert!(!pos.is_check());
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.outcome(), Some(Outcome::Stalemate(BLACK)));
    assert_eq!(perft(&mut pos, 1), 0);
    assert_eq!(perft(&mut pos, 3), 0);
}

#[test]
fn a_king_left_exposed_by_a_third_player_is_captured_and_its_owner_is_out() {
    let rules = strict();
    // White's knight on s4 stands between Gray's rook q4 and Black's king u4 (Black's pawn v4 shuts
    // ring 4 the other way round).
    let mut pos = setup(
        &rules,
        &[
            ("d1", "wK"),
            ("s4", "wN"),
            ("m1", "gK"),
            ("q4", "gR"),
            ("u4", "bK"),
            ("v4", "bP"),
            ("x1", "bR"),
        ],
        "w - - 0 1",
    );
    assert_eq!(pos.checked_players(), PlayerSet::EMPTY);
    play(&mut pos, "s4-r2");
    assert_eq!(pos.to_move(), GRAY);
    assert!(legal_from(&pos, "q4").contains("u4"));
    play(&mut pos, "q4-u4");
    assert!(!pos.is_alive(BLACK));
    assert_eq!(token_at(&pos, "u4").as_deref(), Some("gR"));
    // Black is skipped: White moves next; Black's rook is frozen.
    assert_eq!(pos.to_move(), WHITE);
    assert!(piece_moves(&pos, "x1").is_empty());
    assert!(pos.to_fen().ends_with(" out:b"), "{}", pos.to_fen());
}

#[test]
fn frozen_pieces_never_move_or_attack_but_block_and_can_be_captured() {
    let rules = strict();
    // Gray is out: his queen f4 stands next to White's king, his knight e5 between Black's rook on
    // e6 and White's king on e3.
    let text = fen(
        &[
            ("e3", "wK"),
            ("f4", "gQ"),
            ("e5", "gN"),
            ("m1", "gK"),
            ("e6", "bR"),
            ("u1", "bK"),
        ],
        "w - - 0 1 out:g",
    );
    let mut pos = Position::from_fen(&rules, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert!(!pos.is_check());
    assert_eq!(pos.checked_players(), PlayerSet::EMPTY);
    // Every neighbour is open to the king: the queen attacks none of them (and may be taken), the
    // knight shields e4 from the rook.
    assert_eq!(
        legal_from(&pos, "e3"),
        names(&["e2", "e4", "d2", "d3", "d4", "f2", "f3", "f4"])
    );
    assert!(piece_moves(&pos, "f4").is_empty());
    assert!(piece_moves(&pos, "e5").is_empty());
    // The black rook cannot pass the frozen knight either: it may capture it.
    let t = targets(&pos, "e6");
    assert!(t.contains("e5") && !t.contains("e4"), "{t:?}");
    play(&mut pos, "e3-f4");
    assert_eq!(token_at(&pos, "f4").as_deref(), Some("wK"));
    assert_eq!(pos.to_move(), BLACK);
}

#[test]
fn eliminated_players_are_skipped_in_turn_order() {
    let rules = strict();
    let kings = with_kings(&[]);
    for (out, order) in [("g", "wbwb"), ("b", "wgwg"), ("w", "gbgb")] {
        let first = &order[..1];
        let mut pos = setup(&rules, &kings, &format!("{first} - - 0 1 out:{out}"));
        let mut seen = String::new();
        for mv in ["e1-e2", "m1-m2", "u1-u2", "e2-e1", "m2-m1", "u2-u1"] {
            let me = rules.player(pos.to_move()).short.clone();
            if !mv.starts_with(match me.as_str() {
                "w" => 'e',
                "g" => 'm',
                _ => 'u',
            }) {
                continue;
            }
            seen.push_str(&me);
            play(&mut pos, mv);
        }
        assert_eq!(seen, order, "out:{out}");
    }
    // The move number grows when the turn passes White's seat, even when White is out.
    let mut pos = setup(&rules, &kings, "g - - 0 7 out:w");
    play(&mut pos, "m1-m2 u1-u2");
    assert_eq!(pos.fullmove(), 8);
}

// ---------------------------------------------------------------------------------------------
// Move text and make/unmake along random games (both files): every legal move prints and parses
// back to itself, and taking it back restores the position exactly.
// ---------------------------------------------------------------------------------------------

#[test]
fn move_text_round_trips_and_unmake_restores_along_random_games() {
    for rules in [strict(), literal()] {
        let mut rng = Rng::new(0x5eed);
        for _game in 0..3 {
            let reads_back = |pos: &Position| {
                let text = pos.to_fen();
                let again =
                    Position::from_fen(&rules, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(again.to_fen(), text);
            };
            let end = playout(Position::start(&rules), &mut rng, 150, |pos, moves, _| {
                // The text of every position reached reads back to the same position.
                reads_back(pos);
                let before = pos.to_fen();
                for &m in moves {
                    let text = chessgraph::notation::move_text(pos, m.mv());
                    let back = chessgraph::notation::parse_move(pos, &text)
                        .unwrap_or_else(|e| panic!("{text} at {before}: {e}"));
                    assert_eq!(back, m.mv(), "{text} at {before}");
                    let undo = pos.make(m);
                    pos.unmake(undo);
                    assert_eq!(pos.to_fen(), before, "make/unmake {text}");
                }
            });
            reads_back(&end);
        }
    }
}
