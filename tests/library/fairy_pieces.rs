//! The eleven pieces of the Game Courier tutorial (`variants/fairy_pieces.toml`): their destinations
//! from a central square (d4), edge squares (a4, d1) and a corner (a1), on an empty board and among
//! blockers, as the engine generates them. Every list is snapshotted, and each piece has at least
//! one list worked out by hand below.
//!
//! The positions come from `tests/fixtures/variants/fairy_pieces_without_royals.toml` (the same
//! pieces with a non-royal king), so that a piece can stand alone on the board.

use std::sync::Arc;

use chessgraph::NodeId;
use chessgraph::perft::perft;
use chessgraph::{FrameId, KindId, PlayerId, Rules};
use chessgraph::{Piece, Position};

use crate::helpers::{load, position_with};
use chessgraph::testing::{PieceKindInternals, PlayerInternals, RulesInternals};

const VARIANT: &str = "tests/fixtures/variants/fairy_pieces_without_royals.toml";

/// The blockers of the "with blockers" lists: White's own pieces (upper case) stop a piece before
/// them; Black's (lower case) can be taken and stop it there.
const BLOCKERS: &[(&str, char)] = &[
    ("d5", 'P'),
    ("c3", 'P'),
    ("e4", 'p'),
    ("f6", 'p'),
    ("b4", 'p'),
    ("e2", 'p'),
];

/// The eleven pieces, by letter, in the tutorial's order.
const PIECES: &[char] = &['N', 'S', 'R', 'B', 'Q', 'K', 'A', 'T', 'H', 'G', 'U'];

fn rules() -> Arc<Rules> {
    load(VARIANT)
}

fn node(rules: &Rules, name: &str) -> NodeId {
    rules
        .board()
        .node(name)
        .unwrap_or_else(|| panic!("no square {name}"))
}

fn kind(rules: &Rules, letter: char) -> KindId {
    rules
        .kind_by_letter(letter)
        .unwrap_or_else(|| panic!("no piece {letter}"))
}

/// A piece token: upper case for White, lower case for Black.
fn piece(rules: &Rules, letter: char) -> Piece {
    let owner = PlayerId::seat(u8::from(letter.is_ascii_lowercase()));
    let kind = kind(rules, letter);
    Piece {
        owner,
        kind,
        frame: rules.canonical_frame(kind, rules.player(owner).frame()),
    }
}

/// The destinations of White's `letter` on `square`, with `others` on the board too: sorted square
/// names, captures prefixed with `x`, each destination once.
fn destinations(
    rules: &Arc<Rules>,
    letter: char,
    square: &str,
    others: &[(&str, char)],
) -> Vec<String> {
    let from = node(rules, square);
    let mut pieces = vec![(from, piece(rules, letter))];
    pieces.extend(
        others
            .iter()
            .filter(|(sq, _)| *sq != square)
            .map(|&(sq, c)| (node(rules, sq), piece(rules, c))),
    );
    let pos = position_with(
        rules,
        &pieces,
        PlayerId::seat(0),
        &[PlayerId::seat(0), PlayerId::seat(1)],
    )
    .unwrap_or_else(|e| panic!("{pieces:?}: {e}"));
    let mut moves = Vec::new();
    pos.piece_moves(from, &mut moves);
    let mut out: Vec<String> = moves
        .iter()
        .map(|m| {
            let capture = if pos.piece_at(m.mv().to()).is_some() {
                "x"
            } else {
                ""
            };
            format!("{capture}{}", rules.board().node_name(m.mv().to()))
        })
        .collect();
    let n = out.len();
    out.sort_by(|a, b| a.trim_start_matches('x').cmp(b.trim_start_matches('x')));
    out.dedup();
    assert_eq!(
        out.len(),
        n,
        "{letter} on {square}: one move per destination"
    );
    out
}

fn empty(rules: &Arc<Rules>, letter: char, square: &str) -> Vec<String> {
    destinations(rules, letter, square, &[])
}

fn blocked(rules: &Arc<Rules>, letter: char, square: &str) -> Vec<String> {
    destinations(rules, letter, square, BLOCKERS)
}

fn squares(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    v.sort_by(|a, b| a.trim_start_matches('x').cmp(b.trim_start_matches('x')));
    v
}

#[test]
fn destinations_from_centre_edge_and_corner_are_snapshotted() {
    let rules = rules();
    let blockers: Vec<String> = BLOCKERS.iter().map(|(sq, c)| format!("{c}{sq}")).collect();
    for &letter in PIECES {
        let k = rules.kind(kind(&rules, letter));
        let mut text = format!("{} ({letter}), white\n", k.name);
        for p in k.pattern_texts() {
            text.push_str(&format!("  {p}\n"));
        }
        text.push_str(&format!("blockers: {}\n", blockers.join(" ")));
        for square in ["d4", "a4", "d1", "a1"] {
            for (what, list) in [
                ("empty board", empty(&rules, letter, square)),
                ("with blockers", blocked(&rules, letter, square)),
            ] {
                text.push_str(&format!(
                    "{square}, {what} ({}): {}\n",
                    list.len(),
                    list.join(" ")
                ));
            }
        }
        insta::assert_snapshot!(k.name.clone(), text);
    }
}

#[test]
fn knight() {
    let r = rules();
    assert_eq!(empty(&r, 'N', "d4"), squares("b3 b5 c2 c6 e2 e6 f3 f5"));
    assert_eq!(empty(&r, 'N', "a1"), squares("b3 c2"));
    // A leap ignores the squares on the way; own pieces stop it, enemies are taken.
    assert_eq!(
        destinations(
            &r,
            'N',
            "d4",
            &[
                ("d5", 'P'),
                ("e5", 'P'),
                ("c5", 'P'),
                ("e6", 'P'),
                ("c6", 'p')
            ]
        ),
        squares("b3 b5 c2 xc6 e2 f3 f5")
    );
}

#[test]
fn nightrider() {
    let r = rules();
    // Along `nne` from a1: b3, c5, d7; along `nee`: c2, e3, g4.
    assert_eq!(empty(&r, 'S', "a1"), squares("b3 c5 d7 c2 e3 g4"));
    // A piece on c5 stops the `nne` line there (taken when it is Black's).
    assert_eq!(
        destinations(&r, 'S', "a1", &[("c5", 'p')]),
        squares("b3 xc5 c2 e3 g4")
    );
    assert_eq!(
        destinations(&r, 'S', "a1", &[("c5", 'P')]),
        squares("b3 c2 e3 g4")
    );
    // The squares between two landing squares do not matter (b2 is not on the way of a leap).
    assert_eq!(
        destinations(&r, 'S', "a1", &[("b2", 'P'), ("a2", 'P'), ("b1", 'P')]),
        empty(&r, 'S', "a1")
    );
}

#[test]
fn rook() {
    let r = rules();
    assert_eq!(
        empty(&r, 'R', "d4"),
        squares("a4 b4 c4 e4 f4 g4 h4 d1 d2 d3 d5 d6 d7 d8")
    );
    // d5 (own) stops the file; b4 and e4 (Black's) are taken and stop the rank.
    assert_eq!(blocked(&r, 'R', "d4"), squares("xb4 c4 xe4 d1 d2 d3"));
}

#[test]
fn bishop() {
    let r = rules();
    assert_eq!(
        empty(&r, 'B', "d4"),
        squares("a1 b2 c3 e5 f6 g7 h8 a7 b6 c5 e3 f2 g1")
    );
    // c3 (own) closes the south-west diagonal, f6 (Black's) is taken.
    assert_eq!(blocked(&r, 'B', "d4"), squares("e5 xf6 a7 b6 c5 e3 f2 g1"));
}

#[test]
fn queen() {
    let r = rules();
    let mut both = empty(&r, 'R', "d4");
    both.extend(empty(&r, 'B', "d4"));
    both.sort();
    assert_eq!(empty(&r, 'Q', "d4"), both);
    assert_eq!(empty(&r, 'Q', "d4").len(), 27);
    assert_eq!(empty(&r, 'Q', "a1").len(), 21);
}

#[test]
fn king() {
    let r = rules();
    assert_eq!(empty(&r, 'K', "d4"), squares("c3 c4 c5 d3 d5 e3 e4 e5"));
    assert_eq!(empty(&r, 'K', "a1"), squares("a2 b1 b2"));
    assert_eq!(blocked(&r, 'K', "d4"), squares("c4 c5 d3 e3 xe4 e5"));
}

#[test]
fn archbishop() {
    let r = rules();
    assert_eq!(
        empty(&r, 'A', "d4"),
        squares("b3 b5 c2 c6 e2 e6 f3 f5 a1 b2 c3 e5 f6 g7 h8 a7 b6 c5 e3 f2 g1")
    );
    // From a1 the knight's b3 and c2 and the long diagonal.
    assert_eq!(empty(&r, 'A', "a1"), squares("b3 c2 b2 c3 d4 e5 f6 g7 h8"));
}

#[test]
fn short_rook() {
    let r = rules();
    // At most four squares: from a1 up to a5 and e1 (a rook would reach a8 and h1).
    assert_eq!(empty(&r, 'T', "a1"), squares("a2 a3 a4 a5 b1 c1 d1 e1"));
    assert_eq!(
        empty(&r, 'T', "d1"),
        squares("d2 d3 d4 d5 a1 b1 c1 e1 f1 g1 h1")
    );
    // Blockers still stop it: d5 (own) from d1 leaves d2..d4.
    assert_eq!(
        destinations(&r, 'T', "d1", &[("d5", 'P'), ("b1", 'n')]),
        squares("d2 d3 d4 xb1 c1 e1 f1 g1 h1")
    );
}

#[test]
fn chinese_knight() {
    let r = rules();
    // On an empty board it reaches the knight's squares.
    assert_eq!(empty(&r, 'H', "d4"), squares("b3 b5 c2 c6 e2 e6 f3 f5"));
    // A piece on d5 (the square on the way north) takes away both northern moves, c6 and e6.
    assert_eq!(
        destinations(&r, 'H', "d4", &[("d5", 'P')]),
        squares("b3 b5 c2 e2 f3 f5")
    );
    // A Black piece there blocks too: the first step must be to an empty square.
    assert_eq!(
        destinations(&r, 'H', "d4", &[("d5", 'p')]),
        squares("b3 b5 c2 e2 f3 f5")
    );
    // A diagonal neighbour does not block (the knight would be blocked by nothing here).
    assert_eq!(
        destinations(&r, 'H', "d4", &[("e5", 'P'), ("c5", 'p')]),
        empty(&r, 'H', "d4")
    );
    // From the corner: a2 then b3, b1 then c2.
    assert_eq!(empty(&r, 'H', "a1"), squares("b3 c2"));
}

#[test]
fn griffon() {
    let r = rules();
    // One diagonal step (a destination itself), then outward orthogonally: after `ne` to e5 it
    // goes on north (e6 e7 e8) or east (f5 g5 h5); likewise for the other three diagonals.
    assert_eq!(
        empty(&r, 'G', "d4"),
        squares(
            "e5 e6 e7 e8 f5 g5 h5 \
             c5 c6 c7 c8 b5 a5 \
             e3 e2 e1 f3 g3 h3 \
             c3 c2 c1 b3 a3"
        )
    );
    // e5 is reached by two paths, `(ne n)` and `(ne e)`: one move (checked in `destinations`).
    // With blockers: c3 (own) closes the south-west branch entirely; e2 is taken.
    assert_eq!(
        blocked(&r, 'G', "d4"),
        squares("e5 e6 e7 e8 f5 g5 h5 c5 c6 c7 c8 b5 a5 e3 xe2 f3 g3 h3")
    );
    // From a1 only `ne` is open: b2, then up the b-file or along rank 2.
    assert_eq!(
        empty(&r, 'G', "a1"),
        squares("b2 b3 b4 b5 b6 b7 b8 c2 d2 e2 f2 g2 h2")
    );
}

#[test]
fn aanca() {
    let r = rules();
    // One orthogonal step (a destination itself), then outward diagonally.
    assert_eq!(
        empty(&r, 'U', "d4"),
        squares(
            "d5 e6 f7 g8 c6 b7 a8 \
             e4 f5 g6 h7 f3 g2 h1 \
             d3 e2 f1 c2 b1 \
             c4 b5 a6 b3 a2"
        )
    );
    // d5 (own) closes both northern branches; e4 (Black's) is taken and closes the eastern ones;
    // e2 is taken on the way south-east.
    assert_eq!(
        blocked(&r, 'U', "d4"),
        squares("xe4 d3 xe2 c2 b1 c4 b5 a6 b3 a2")
    );
    // From a1: north to a2, then `ne` b3 c4 ... g8 (`nw` is off the board); east to b1, then `ne`
    // c2 d3 ... h7 (`se` is off the board).
    assert_eq!(
        empty(&r, 'U', "a1"),
        squares("a2 b3 c4 d5 e6 f7 g8 b1 c2 d3 e4 f5 g6 h7")
    );
}

#[test]
fn every_tutorial_piece_is_in_the_shipped_variant_and_its_start_position() {
    let shipped = load("variants/fairy_pieces.toml");
    let pos = Position::start(&shipped);
    for &letter in PIECES {
        let k = shipped
            .kind_by_letter(letter)
            .unwrap_or_else(|| panic!("no piece {letter}"));
        for owner in 0..2u8 {
            assert!(
                shipped.board().node_ids().any(|n| pos
                    .piece_at(n)
                    .is_some_and(|p| p.kind == k && p.owner == PlayerId::seat(owner))),
                "{} of player {owner} is not in the start position",
                shipped.kind(k).name
            );
        }
    }
    assert_eq!(
        shipped.kinds().len(),
        PIECES.len() + 1,
        "the eleven and the pawn"
    );
    assert!(
        shipped
            .kind(shipped.kind_by_letter('K').expect("king"))
            .royal
    );
    // Only the pawn depends on its frame: the eleven move alike for both players.
    for k in shipped.kinds() {
        assert_eq!(k.oriented, k.name == "pawn", "{}", k.name);
    }
    let _ = FrameId::IDENTITY;
}

#[test]
fn the_start_position_of_the_test_bed_is_counted_by_hand() {
    let rules = load("variants/fairy_pieces.toml");
    let mut pos = Position::start(&rules);
    assert!(!pos.is_check());
    // White: pawns a2 (2), b3 (1), e2 (2), f2 (2), h2 (2); rook b1-b2; bishop c1-b2/a3; knight c2
    // to a3 b4 d4 e3; Chinese knight d2 via d3 to c4 e4; archbishop f1 to e3 g3; short rook g2 to
    // g3..g6; nightrider, queen, king, griffon and aanca are walled in: 24.
    assert_eq!(pos.legal_moves().len(), 24);
    // Black mirrors White, so 24 * 24 replies, less 4: White's short rook on g4, g5, g6 leaves
    // Black's g7 short rook 3, 2, 1 squares instead of 4 (-1, -2, -3), and on g6 it can be taken by
    // the f7 and h7 pawns (+2).
    assert_eq!(perft(&mut pos, 2), 24 * 24 - 4);
}
