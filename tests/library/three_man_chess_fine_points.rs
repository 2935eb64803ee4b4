//! The fine points of section 10 of `shared/rules/three-man-chess.md` (our binding rulings), one
//! test (or a few) each, on positions set up from text.

use std::sync::Arc;

use chessgraph::PlayerSet;
use chessgraph::Rules;
use chessgraph::perft::perft;
use chessgraph::testing::{GateSet, PlannedInternals, gates_open};
use chessgraph::{Outcome, Position};

use crate::helpers::three_man_chess::*;

fn pos_of(rules: &Arc<Rules>, text: &str) -> Position {
    Position::from_fen(rules, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The `no_check` flag of the pseudo-legal move `from`-`to` (it crosses an open moat).
fn crossing(pos: &Position, from: &str, to: &str) -> Option<bool> {
    let to = node(pos.rules(), to);
    piece_moves(pos, from)
        .into_iter()
        .find(|m| m.mv().to() == to)
        .map(|m| m.must_not_check())
}

// ---- 1. "Gives check" is judged after the move. ----

/// Gray's ring 1 is empty, so h|i is bridged; the black-white moat stays closed, so White's rook
/// h1 reaches i1 only across h|i.
#[test]
fn p01_a_moat_crossing_that_gives_check_directly_is_refused() {
    let rules = strict();
    // The rook on i1 would attack Gray's king on i5 along file i.
    let pos = setup(
        &rules,
        &[("e1", "wK"), ("h1", "wR"), ("i5", "gK"), ("u1", "bK")],
        "w - - 0 1",
    );
    assert!(gate_open(&pos, "white-gray") && !gate_open(&pos, "black-white"));
    assert_eq!(crossing(&pos, "h1", "i1"), Some(true));
    assert!(!is_legal(&pos, "h1-i1"));
    // Not checking anybody: allowed. (Black's king on w1: from i1 file i runs on through the
    // center to u1.)
    let pos = setup(
        &rules,
        &[("e1", "wK"), ("h1", "wR"), ("j5", "gK"), ("w1", "bK")],
        "w - - 0 1",
    );
    assert!(is_legal(&pos, "h1-i1"));
    // Checking the *other* opponent (Black's king on i5) is refused as well.
    let pos = setup(
        &rules,
        &[
            ("e1", "wK"),
            ("h1", "wR"),
            ("k4", "gK"),
            ("i5", "bK"),
            ("u1", "bR"),
        ],
        "w - - 0 1",
    );
    assert!(!is_legal(&pos, "h1-i1"));
    // An eliminated player's king is no king to check: with Gray out the move is fine.
    let pos = setup(
        &rules,
        &[("e1", "wK"), ("h1", "wR"), ("i5", "gK"), ("u1", "bK")],
        "w - - 0 1 out:g",
    );
    assert!(is_legal(&pos, "h1-i1"));
}

#[test]
fn p01_a_moat_crossing_that_discovers_check_is_refused() {
    let rules = strict();
    // Gray's king stands on h1 (Gray's ring 1 is empty: h|i is bridged). White's knight g1 shields
    // it from the rook c1.
    let pos = setup(
        &rules,
        &[
            ("c1", "wR"),
            ("g1", "wN"),
            ("e3", "wK"),
            ("h1", "gK"),
            ("w1", "bK"),
        ],
        "w - - 0 1",
    );
    assert!(gate_open(&pos, "white-gray"));
    assert_eq!(pos.checked_players(), PlayerSet::EMPTY);
    // g1-i2 crosses h|i (strict) and uncovers the rook: refused. The same discovery by a jump that
    // crosses no moat is an ordinary discovered check.
    assert_eq!(crossing(&pos, "g1", "i2"), Some(true));
    assert!(!is_legal(&pos, "g1-i2"));
    assert!(is_legal(&pos, "g1-e2"));
    assert!(is_legal(&pos, "g1-h3"));
}

#[test]
fn p01_an_attack_that_was_there_before_the_move_counts() {
    let rules = strict();
    // Black's last move uncovered White's rook a3 against Gray's king f3 (only Black, who moved
    // last, must be out of check). Gray's ring 1 is empty: h|i bridged.
    let pos = setup(
        &rules,
        &[
            ("a3", "wR"),
            ("g1", "wN"),
            ("e1", "wK"),
            ("f3", "gK"),
            ("u1", "bK"),
        ],
        "w - - 0 1",
    );
    assert!(gate_open(&pos, "white-gray"));
    assert!(pos.checked_players().contains(GRAY));
    assert!(
        !is_legal(&pos, "g1-i2"),
        "Gray is still in check afterwards"
    );
    assert!(is_legal(&pos, "g1-e2"));
    // White may simply take the king.
    assert!(is_legal(&pos, "a3-f3"));
}

// ---- 2. "Attacked": along a path that crosses no moat; pawns attack only their captures. ----

#[test]
fn p02_uncrossed_pawns_do_not_attack_across_a_creek_crossed_pawns_do() {
    let rules = strict();
    let pos = setup(
        &rules,
        &with_kings(&[
            ("h2", "wP"),
            ("h3", "wP"),
            ("c2", "wP"),
            ("q4", "wP[crossed]"),
        ]),
        "w - - 0 1",
    );
    let w = PlayerSet::only(WHITE);
    let at = |s: &str| pos.attacked_by(node(&rules, s), w);
    // h2 -> i3 and h3 -> i4 are creek links; g3 and g4 are not across a border.
    assert!(!at("i3") && !at("i4"));
    assert!(at("g3") && at("g4"));
    // A pawn does not attack the square in front of it.
    assert!(!at("c3"));
    assert!(at("b3") && at("d3"));
    // A crossed pawn attacks outward, across a border too (q4 -> p3): creeks are inward links.
    assert!(at("p3") && at("r3"));
    // So Gray's king may stand on i3 beside White's pawn h2.
    let pos = setup(
        &rules,
        &[
            ("e1", "wK"),
            ("h2", "wP"),
            ("i3", "gK"),
            ("u1", "bK"),
            ("m1", "gR"),
        ],
        "g - - 0 1",
    );
    assert!(!pos.is_check());
}

/// White's king and rooks with pawns in front of the rooks (a1's file would otherwise run through
/// the center to Gray's king on m1).
const CASTLE_SHORT: [(&str, &str); 7] = [
    ("e1", "wK"),
    ("h1", "wR"),
    ("h2", "wP"),
    ("a1", "wR"),
    ("a2", "wP"),
    ("m1", "gK"),
    ("u1", "bK"),
];

#[test]
fn p02_an_attack_across_a_moat_does_not_stop_castling() {
    for rules in [strict(), literal()] {
        // Gray's knight on i2 reaches g1 only across h|i (both leg orders under strict, the
        // file-first order i1-h1-g1 under literal): White may castle short.
        let pos = setup(
            &rules,
            &[&CASTLE_SHORT[..], &[("i2", "gN")]].concat(),
            "w wKwQ - 0 1",
        );
        assert!(is_legal(&pos, "e1-g1"));
        // From h3 the same knight attacks g1 (h2, h1, g1: no border): no short castling.
        let pos = setup(
            &rules,
            &[&CASTLE_SHORT[..], &[("h3", "gN")]].concat(),
            "w wKwQ - 0 1",
        );
        assert!(!is_legal(&pos, "e1-g1"));
    }
}

#[test]
fn p02_a_moat_crossing_next_to_a_king_across_a_moat_gives_no_check() {
    let rules = strict();
    // h|i was bridged earlier; Gray's king stands on i1, beside White's rook h1 across the moat.
    let pos = setup(
        &rules,
        &[
            ("e1", "wK"),
            ("h1", "wR"),
            ("g1", "wN"),
            ("i1", "gK"),
            ("u1", "bK"),
        ],
        "w - - 0 1 open:white-gray",
    );
    assert!(!pos.attacked_by(node(&rules, "i1"), PlayerSet::only(WHITE)));
    // The knight's crossing leaves the rook "attacking" i1 only across h|i: no check, allowed.
    assert_eq!(crossing(&pos, "g1", "i2"), Some(true));
    assert!(is_legal(&pos, "g1-i2"));
}

#[test]
fn p02_literal_knight_attacks_are_one_way_at_a_moat() {
    // A white knight on g1 and Gray's king on i2.
    let text = fen(
        &[
            ("e1", "wK"),
            ("g1", "wN"),
            ("i2", "gK"),
            ("m1", "gR"),
            ("u1", "bK"),
        ],
        "g - - 0 1",
    );
    assert!(
        pos_of(&literal(), &text).is_check(),
        "g1 attacks i2 (jump ends on ring 2)"
    );
    assert!(!pos_of(&strict(), &text).is_check());
    // A gray knight on i2 and White's king on g1.
    let text = fen(
        &[("g1", "wK"), ("i2", "gN"), ("m1", "gK"), ("u1", "bK")],
        "w - - 0 1",
    );
    for rules in [literal(), strict()] {
        let pos = pos_of(&rules, &text);
        assert!(
            !pos.is_check(),
            "i2 does not attack g1 (jump ends on ring 1 across h|i)"
        );
        assert!(!targets(&pos, "i2").contains("g1"));
    }
    // Under literal the white knight may take on i2; under strict it may not.
    let text = fen(
        &[
            ("e1", "wK"),
            ("g1", "wN"),
            ("i2", "gN"),
            ("m1", "gK"),
            ("u1", "bK"),
        ],
        "w - - 0 1",
    );
    assert!(is_legal(&pos_of(&literal(), &text), "g1-i2"));
    assert!(!is_legal(&pos_of(&strict(), &text), "g1-i2"));
}

// ---- 3. King capture. ----

#[test]
fn p03_a_king_capture_is_legal_although_the_captured_players_pieces_attack_the_capturer() {
    let rules = strict();
    // Gray to move is in check from Black's rook m5, and may take Black's king o3: Black's pieces
    // no longer count, so the capture is legal although the rook still "attacks" m2.
    let mut pos = setup(
        &rules,
        &[
            ("e1", "wK"),
            ("m2", "gK"),
            ("o6", "gR"),
            ("m5", "bR"),
            ("o3", "bK"),
        ],
        "g - - 0 1",
    );
    assert!(pos.is_check());
    assert!(is_legal(&pos, "o6-o3"));
    assert!(
        !is_legal(&pos, "o6-o5"),
        "an ordinary move must still answer the check"
    );
    play(&mut pos, "o6-o3");
    assert!(!pos.is_alive(BLACK));
    assert_eq!(pos.to_move(), WHITE);
    assert_eq!(
        pos.checked_players(),
        PlayerSet::EMPTY,
        "a frozen rook gives no check"
    );
    // The elimination bridged Black's two moats at once.
    assert!(gate_open(&pos, "gray-black") && gate_open(&pos, "black-white"));
}

#[test]
fn p03_capturing_an_eliminated_players_king_is_an_ordinary_capture() {
    let rules = strict();
    let mut pos = setup(
        &rules,
        &[
            ("e1", "wK"),
            ("e2", "wR"),
            ("e5", "gK"),
            ("m1", "gR"),
            ("u1", "bK"),
        ],
        "w - - 0 1 out:g",
    );
    play(&mut pos, "e2-e5");
    assert_eq!(token_at(&pos, "e5").as_deref(), Some("wR"));
    assert!(pos.is_alive(WHITE) && pos.is_alive(BLACK) && !pos.is_alive(GRAY));
    assert_eq!(pos.to_move(), BLACK);
    assert_eq!(pos.outcome(), None);
}

// ---- 4. En passant lifetime. ----

#[test]
fn p04_en_passant_expires_at_its_owners_seat_even_when_the_owner_was_eliminated() {
    let rules = strict();
    // Gray's knight b5 shields White's king b3 from Black's rook b6.
    let mut pos = setup(
        &rules,
        &[
            ("b3", "wK"),
            ("e2", "wP"),
            ("b5", "gN"),
            ("d4", "gP[crossed]"),
            ("m1", "gK"),
            ("b6", "bR"),
            ("f4", "bP[crossed]"),
            ("u1", "bK"),
        ],
        "w - - 0 1",
    );
    play(&mut pos, "e2-e4 b5-c3");
    // Black could take en passant, but takes the exposed king instead: White is out.
    assert!(legal_from(&pos, "f4").contains("e3"));
    play(&mut pos, "b6-b3");
    assert!(!pos.is_alive(WHITE));
    // White's seat is skipped, and with it the entry dies: Gray has no second chance.
    assert_eq!(pos.to_move(), GRAY);
    assert!(
        chessgraph::testing::en_passant(&pos).is_empty(),
        "{}",
        pos.to_fen()
    );
    assert!(!legal_from(&pos, "d4").contains("e3"));
}

#[test]
fn p04_en_passant_ends_when_the_pawn_is_gone() {
    let rules = strict();
    let mut pos = setup(
        &rules,
        &[
            ("b1", "wK"),
            ("e2", "wP"),
            ("e6", "gR"),
            ("m1", "gK"),
            ("f4", "bP[crossed]"),
            ("u1", "bK"),
        ],
        "w - - 0 1",
    );
    play(&mut pos, "e2-e4 e6-e4");
    assert!(chessgraph::testing::en_passant(&pos).is_empty());
    assert!(!legal_from(&pos, "f4").contains("e3"));
}

#[test]
fn p04_en_passant_ends_when_the_passed_square_is_occupied() {
    let rules = strict();
    let mut pos = setup(
        &rules,
        &[
            ("b1", "wK"),
            ("e2", "wP"),
            ("a3", "gR"),
            ("m1", "gK"),
            ("f4", "bP[crossed]"),
            ("u1", "bK"),
        ],
        "w - - 0 1",
    );
    play(&mut pos, "e2-e4 a3-e3");
    assert!(chessgraph::testing::en_passant(&pos).is_empty());
    // Taking on e3 is an ordinary capture: White's pawn e4 stays.
    play(&mut pos, "f4-e3");
    assert_eq!(token_at(&pos, "e3").as_deref(), Some("bP[crossed]"));
    assert_eq!(token_at(&pos, "e4").as_deref(), Some("wP"));
}

#[test]
fn p04_several_entries_one_per_owner() {
    let rules = strict();
    // White double-steps e2-e4, then Gray k2-k4; Black's crossed pawns can take either.
    let mut pos = setup(
        &rules,
        &[
            ("b1", "wK"),
            ("e2", "wP"),
            ("m1", "gK"),
            ("k2", "gP"),
            ("f4", "bP[crossed]"),
            ("l4", "bP[crossed]"),
            ("u1", "bK"),
        ],
        "w - - 0 1",
    );
    play(&mut pos, "e2-e4 k2-k4");
    assert_eq!(chessgraph::testing::en_passant(&pos).len(), 2);
    assert_eq!(pos.to_fen().split(' ').nth(3), Some("w:e3,k3"));
    assert!(legal_from(&pos, "f4").contains("e3"));
    assert!(legal_from(&pos, "l4").contains("k3"));
    // The text round-trips, entries included.
    let again = pos_of(&rules, &pos.to_fen());
    assert_eq!(again.to_fen(), pos.to_fen());
    assert!(again == pos);
    play(&mut pos, "l4-k3");
    assert_eq!(token_at(&pos, "k4"), None);
    // White's own entry dies as the turn reaches White.
    assert!(chessgraph::testing::en_passant(&pos).is_empty());
}

// ---- 5. Castling rights. ----

#[test]
fn p05_castling_rights_are_lost_by_moves_from_or_to_the_start_squares() {
    let rules = strict();
    let rights = |p: &Position| p.to_fen().split(' ').nth(2).expect("castling").to_string();
    let base = [
        ("a1", "wR"),
        ("e1", "wK"),
        ("h1", "wR"),
        ("a2", "wP"),
        ("h2", "wP"),
        ("m1", "gK"),
        ("u1", "bK"),
    ];
    // The rook leaves h1 and comes back: the right stays lost.
    let mut pos = setup(&rules, &base, "w wKwQ - 0 1");
    play(&mut pos, "h1-g1 m1-m2 u1-u2 g1-h1 m2-m1 u2-u1");
    assert_eq!(rights(&pos), "wQ");
    assert!(!is_legal(&pos, "e1-g1"));
    // The king moves: both go.
    let mut pos = setup(&rules, &base, "w wKwQ - 0 1");
    play(&mut pos, "e1-f1");
    assert_eq!(rights(&pos), "-");
    // Black's bishop takes the rook on a1: the right goes with it.
    let mut pos = setup(
        &rules,
        &[&base[..], &[("c3", "bB")]].concat(),
        "b wKwQ - 0 1",
    );
    play(&mut pos, "c3-a1");
    assert_eq!(rights(&pos), "wK");
    // A right needs the own king and rook on their squares.
    let text = fen(
        &[("e1", "wK"), ("m1", "gK"), ("u1", "bK"), ("h1", "gR")],
        "w wK - 0 1",
    );
    let err = Position::from_fen(&rules, &text).unwrap_err().to_string();
    assert!(err.contains("castling right `wK`"), "{err}");
}

// ---- 6. Bridging is re-evaluated after every move; a move is judged with the old bridges. ----

#[test]
fn p06_a_capture_by_another_player_can_bridge_a_moat() {
    let rules = strict();
    // White's rook d1 is White's last piece on ring 1; Gray takes it.
    let mut pos = setup(
        &rules,
        &[
            ("d1", "wR"),
            ("e3", "wK"),
            ("d6", "gR"),
            ("m1", "gK"),
            ("u1", "bK"),
        ],
        "g - - 0 1",
    );
    assert_eq!(gates_open(&pos), GateSet::NONE);
    play(&mut pos, "d6-d1");
    assert!(gate_open(&pos, "black-white") && gate_open(&pos, "white-gray"));
    assert!(!gate_open(&pos, "gray-black"));
}

#[test]
fn p06_the_move_that_empties_a_back_rank_is_judged_with_the_old_bridges() {
    let rules = strict();
    // The rook h1 (or the knight g1) is White's last piece on ring 1: leaving across h|i would
    // empty it, but the moat is closed before the move.
    for (piece, from, over) in [("wR", "h1", "i1"), ("wN", "g1", "i2")] {
        let pos = setup(
            &rules,
            &[(from, piece), ("e3", "wK"), ("m1", "gK"), ("u1", "bK")],
            "w - - 0 1",
        );
        assert_eq!(gates_open(&pos), GateSet::NONE);
        assert_eq!(crossing(&pos, from, over), None, "{from}-{over}");
        assert!(!is_legal(&pos, &format!("{from}-{over}")));
    }
    // Leaving inward is fine, and bridges both of White's moats.
    let mut pos = setup(
        &rules,
        &[("h1", "wR"), ("e3", "wK"), ("m1", "gK"), ("u1", "bK")],
        "w - - 0 1",
    );
    play(&mut pos, "h1-h2");
    assert!(gate_open(&pos, "white-gray") && gate_open(&pos, "black-white"));
}

#[test]
fn p06_an_elimination_bridges_at_once() {
    let rules = strict();
    // Gray is stalemated with three in (see the rules tests): his moats open when he is out.
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
    assert_eq!(gates_open(&pos), GateSet::NONE);
    let _ = pos.resolve(&mut Vec::new());
    assert!(!pos.is_alive(GRAY));
    assert!(gate_open(&pos, "white-gray") && gate_open(&pos, "gray-black"));
    assert!(!gate_open(&pos, "black-white"));
}

// ---- 7. Turns. ----

#[test]
fn p07_eliminations_chain_until_a_player_can_move_or_one_is_left() {
    let rules = strict();
    // Gray (to move) is stalemated: out with three in. Then Black, mated by the rook w1 along
    // ring 1 (p1 and p2 across the now bridged p|q are covered by the rooks p4 and e2), is out
    // too, and White wins.
    let text = fen(
        &[
            ("e1", "wK"),
            ("e2", "wR"),
            ("j6", "wR"),
            ("p4", "wR"),
            ("w1", "wR"),
            ("i1", "gK"),
            ("q1", "bK"),
        ],
        "g - - 0 1",
    );
    let mut pos = pos_of(&rules, &text);
    assert!(pos.legal_moves().is_empty() && !pos.is_check());
    assert_eq!(pos.outcome(), Some(Outcome::Winner(WHITE)));
    assert_eq!(perft(&mut pos, 1), 0);
    let (outcome, _) = pos.resolve(&mut Vec::new());
    assert_eq!(outcome, Some(Outcome::Winner(WHITE)));
    // The frozen kings stay on the board.
    assert_eq!(token_at(&pos, "i1").as_deref(), Some("gK"));
    assert_eq!(token_at(&pos, "q1").as_deref(), Some("bK"));
}

#[test]
fn p07_with_two_left_the_turn_goes_straight_back() {
    let rules = strict();
    let mut pos = setup(
        &rules,
        &[("e1", "wK"), ("m1", "gK"), ("u1", "bK")],
        "b - - 0 1 out:g",
    );
    play(&mut pos, "u1-u2");
    assert_eq!(pos.to_move(), WHITE);
    play(&mut pos, "e1-e2");
    assert_eq!(pos.to_move(), BLACK);
}

// ---- 8. Set-up positions. ----

#[test]
fn p08_an_uncrossed_pawn_on_ring_2_may_double_step_even_outside_its_segment() {
    let rules = strict();
    let mut pos = setup(
        &rules,
        &with_kings(&[("k2", "wP"), ("c3", "wP"), ("s2", "gP")]),
        "w - - 0 1",
    );
    assert_eq!(legal_from(&pos, "k2"), names(&["k3", "k4"]));
    assert_eq!(
        legal_from(&pos, "c3"),
        names(&["c4"]),
        "no double step from ring 3"
    );
    play(&mut pos, "k2-k4");
    // No enemy pawn could take on k3: the square passed is not remembered.
    assert_eq!(pos.to_fen().split(' ').nth(3), Some("-"));
    assert_eq!(legal_from(&pos, "s2"), names(&["s3", "s4"]));
    // With an enemy pawn beside the pawn's new square it is.
    let mut pos = setup(
        &rules,
        &with_kings(&[("k2", "wP"), ("l4", "bP[crossed]"), ("s2", "gP")]),
        "w - - 0 1",
    );
    play(&mut pos, "k2-k4");
    assert_eq!(pos.to_fen().split(' ').nth(3), Some("k3"));
}

#[test]
fn p08_no_pawn_may_stand_on_ring_1_in_a_set_up() {
    let rules = strict();
    for pawn in ["wP", "wP[crossed]", "gP", "bP[crossed]"] {
        let text = fen(
            &[("e1", "wK"), ("m1", "gK"), ("u1", "bK"), ("c1", pawn)],
            "w - - 0 1",
        );
        let err = Position::from_fen(&rules, &text);
        assert!(err.is_err(), "{pawn} on c1 accepted");
    }
}

#[test]

fn p08_no_pawn_on_ring_1_even_for_an_eliminated_player() {
    let rules = strict();
    let text = fen(
        &[
            ("e1", "wK"),
            ("m1", "gK"),
            ("u1", "bK"),
            ("k1", "gP[crossed]"),
        ],
        "w - - 0 1 out:g",
    );
    assert!(Position::from_fen(&rules, &text).is_err());
}

// ---- 9. Moats apply per path. ----

#[test]
fn p09_a_target_also_reached_without_crossing_a_moat_is_an_ordinary_move() {
    let rules = strict();
    // Gray's ring 1 is empty: h|i bridged. The bishop h1 reaches i2 directly (across h|i) and the
    // long way round its loop (g2 .. c6, m6 .. j3, i2: no moat).
    let pos = setup(
        &rules,
        &[
            ("h1", "wB"),
            ("e1", "wK"),
            ("i2", "gP"),
            ("o3", "gK"),
            ("u1", "bK"),
        ],
        "w - - 0 1",
    );
    assert_eq!(
        crossing(&pos, "h1", "i2"),
        Some(false),
        "an ordinary capture"
    );
    assert!(is_legal(&pos, "h1-i2"));
    // With the long way blocked on m6, only the crossing is left: no capture.
    let pos = setup(
        &rules,
        &[
            ("h1", "wB"),
            ("m6", "wP"),
            ("e1", "wK"),
            ("i2", "gP"),
            ("o3", "gK"),
            ("u1", "bK"),
        ],
        "w - - 0 1",
    );
    assert_eq!(crossing(&pos, "h1", "i2"), None);
    // ... and a quiet crossing only if it gives no check: from i2 the bishop would attack j1.
    let quiet = |king: &str, blocked: bool| {
        let mut pieces = vec![("h1", "wB"), ("e1", "wK"), (king, "gK"), ("u1", "bK")];
        if blocked {
            pieces.push(("m6", "wP"));
        }
        setup(&rules, &pieces, "w - - 0 1 open:white-gray")
    };
    assert!(is_legal(&quiet("o3", true), "h1-i2"));
    assert!(!is_legal(&quiet("j1", true), "h1-i2"));
    // The long way open, the same check is an ordinary one.
    assert!(is_legal(&quiet("j1", false), "h1-i2"));
}

#[test]
fn p09_a_rook_on_ring_1_captures_along_its_file_not_across_the_moats() {
    let rules = strict();
    // All moats bridged. The rook a1 reaches m1 along its diameter (a2..a6, m6..m2) and round
    // ring 1 (across x|a and p|q or h|i): it may capture there. x1 it reaches only across x|a.
    let pos = setup(
        &rules,
        &[
            ("a1", "wR"),
            ("e3", "wK"),
            ("m1", "gN"),
            ("k4", "gK"),
            ("x1", "bN"),
            ("t4", "bK"),
        ],
        &format!("w - - 0 1 {ALL_OPEN}"),
    );
    assert_eq!(crossing(&pos, "a1", "m1"), Some(false));
    assert_eq!(crossing(&pos, "a1", "x1"), None);
    assert_eq!(crossing(&pos, "a1", "b1"), Some(false));
    // Round the other way (b1 .. h1, then across h|i) the rook reaches i1 .. l1 quietly.
    assert_eq!(crossing(&pos, "a1", "i1"), Some(true));
}

// ---- 10. Perft and moves from positions after eliminations; a finished game has no moves. ----

#[test]
fn p10_perft_after_an_elimination() {
    let rules = strict();
    // Gray is out: his queen b5 and king m3 are frozen. White's king a6 has its 8 targets (the
    // queen may be taken and attacks nothing); Black's king u1 then has its 5.
    let text = fen(
        &[("a6", "wK"), ("b5", "gQ"), ("m3", "gK"), ("u1", "bK")],
        "w - - 0 1 out:g",
    );
    let mut pos = pos_of(&rules, &text);
    assert_eq!(perft(&mut pos, 1), 8);
    assert_eq!(perft(&mut pos, 2), 40);
    // A position reached through a mate: text round trip and perft agree.
    let mut pos = setup(
        &rules,
        &[
            ("e1", "wK"),
            ("j5", "wQ"),
            ("j6", "wR"),
            ("i1", "gK"),
            ("u2", "bK"),
            ("x1", "bR"),
        ],
        "w - - 0 1",
    );
    play(&mut pos, "j5-j2");
    assert!(!pos.is_alive(GRAY));
    let mut again = pos_of(&rules, &pos.to_fen());
    assert!(again == pos, "{}", pos.to_fen());
    for d in 1..=3 {
        assert_eq!(perft(&mut pos, d), perft(&mut again, d), "depth {d}");
    }
    assert!(perft(&mut pos, 1) > 0);
}

#[test]
fn p10_a_finished_game_has_no_moves() {
    let rules = strict();
    // Only White is left.
    let text = fen(
        &[("e1", "wK"), ("m1", "gK"), ("u1", "bK")],
        "w - - 0 1 out:g,b",
    );
    let mut pos = pos_of(&rules, &text);
    assert_eq!(pos.outcome(), Some(Outcome::Winner(WHITE)));
    assert_eq!(perft(&mut pos, 1), 0);
    assert_eq!(perft(&mut pos, 2), 0);
    let err = chessgraph::notation::parse_move(&pos, "e1-e2").unwrap_err();
    assert!(err.to_string().contains("game is over"), "{err}");
}

// ---- 11. A knight jump is one path. ----

/// White's knight g1; Gray's ring 1 empty (h|i bridged) unless `gray_home`.
fn knight_g1(rules: &Arc<Rules>, extra: &[(&str, &str)], gray_home: bool) -> Position {
    let mut pieces = vec![("g1", "wN"), ("e1", "wK"), ("u1", "bK")];
    pieces.extend_from_slice(extra);
    if gray_home {
        pieces.push(("m1", "gK"));
    }
    setup(rules, &pieces, "w - - 0 1")
}

#[test]
fn p11_strict_knight_jump_across_a_closed_moat_does_not_exist() {
    let rules = strict();
    let pos = knight_g1(&rules, &[], true);
    assert_eq!(crossing(&pos, "g1", "i2"), None);
    let pos = knight_g1(&rules, &[("i2", "gP")], true);
    assert_eq!(crossing(&pos, "g1", "i2"), None);
}

#[test]
fn p11_strict_knight_jump_across_a_bridged_moat_is_quiet_and_checkless() {
    let rules = strict();
    // i2 empty, Gray's king far: Ng1-i2 is allowed, flagged as a crossing.
    let pos = knight_g1(&rules, &[("o4", "gK")], false);
    assert!(gate_open(&pos, "white-gray"));
    assert_eq!(crossing(&pos, "g1", "i2"), Some(true));
    assert!(is_legal(&pos, "g1-i2"));
    // A piece on i2 may not be taken, although the file-first order g2-h2-i2 crosses no moat.
    let pos = knight_g1(&rules, &[("o4", "gK"), ("i2", "gP")], false);
    assert_eq!(crossing(&pos, "g1", "i2"), None);
    // And it may not give check: from i2 the knight would attack k3.
    let pos = knight_g1(&rules, &[("k3", "gK")], false);
    assert_eq!(crossing(&pos, "g1", "i2"), Some(true));
    assert!(!is_legal(&pos, "g1-i2"));
    // It is never an attack: Gray's king may stand on i2.
    let pos = setup(
        &rules,
        &[("g1", "wN"), ("e1", "wK"), ("i2", "gK"), ("u1", "bK")],
        "g - - 0 1",
    );
    assert!(!pos.is_check());
}

#[test]
fn p11_literal_knight_jump_ending_on_ring_2_is_ordinary() {
    let rules = literal();
    let pos = knight_g1(&rules, &[("i2", "gP")], true);
    assert_eq!(crossing(&pos, "g1", "i2"), Some(false));
    assert!(is_legal(&pos, "g1-i2"));
    let pos = knight_g1(&rules, &[("k3", "gK")], false);
    assert!(is_legal(&pos, "g1-i2"), "an ordinary jump may give check");
}

// ---- 12. No automatic draws but mate, stalemate and elimination. ----

#[test]
fn p12_no_draw_rule_removes_moves() {
    let rules = strict();
    // Bare kings (insufficient material anywhere else) and a huge halfmove clock.
    let mut pos = setup(
        &rules,
        &[("e1", "wK"), ("m1", "gK"), ("u1", "bK")],
        "w - - 500 200",
    );
    assert_eq!(pos.outcome(), None);
    assert_eq!(perft(&mut pos, 1), 5);
    assert_eq!(perft(&mut pos, 3), 125);
    // Repetition: the start position reached again three times.
    let mut pos = Position::start(&rules);
    for _ in 0..3 {
        play(&mut pos, "b1-c3 j1-k3 r1-s3 c3-b1 k3-j1 s3-r1");
    }
    assert_eq!(pos.outcome(), None);
    assert_eq!(perft(&mut pos, 2), 400);
}
