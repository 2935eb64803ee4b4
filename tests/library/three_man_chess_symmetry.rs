//! Rotation symmetry of 3 Man Chess: turning a position by one segment (files + 8, White's pieces
//! and rights to Gray, Gray's to Black, Black's to White, side to move, en passant, eliminated
//! players and opened gates with them) must give the same game. The rotation is done on the text
//! by `support::rotate`, independently of the engine; the legal move lists must correspond move
//! for move and perft must agree.

use std::collections::BTreeSet;
use std::sync::Arc;

use chessgraph::Position;
use chessgraph::Rules;
use chessgraph::notation::move_text;
use chessgraph::perft::perft;

use crate::helpers::three_man_chess::*;
use crate::helpers::{Rng, playout};

fn pos_of(rules: &Arc<Rules>, text: &str) -> Position {
    Position::from_fen(rules, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A move text with both squares (and a castling rook, if named) turned by one segment.
fn rotate_move(m: &str) -> String {
    let turn = |s: &str| {
        let (r, f) = coords(s);
        sq(r, f + 8)
    };
    let (body, promo) = match m.split_once('=') {
        Some((b, p)) => (b, format!("={p}")),
        None => (m, String::new()),
    };
    let (from, to) = body.split_once('-').expect("from-to");
    format!("{}-{}{promo}", turn(from), turn(to))
}

/// The legal moves after settling eliminations (as `moves` and perft see them).
fn settled_moves(pos: &Position) -> BTreeSet<String> {
    let mut p = pos.clone();
    let mut buf = Vec::new();
    let (outcome, _) = p.resolve(&mut buf);
    if outcome.is_some() {
        return BTreeSet::new();
    }
    buf.iter().map(|m| move_text(&p, m.mv())).collect()
}

/// Checks the rotated position against the original: three turns give the original back, the
/// move lists correspond, perft to `depth` agrees.
fn check_rotation(rules: &Arc<Rules>, text: &str, depth: u32) {
    let original = pos_of(rules, text);
    let once = rotate(text);
    let rotated = pos_of(rules, &once);
    let back = pos_of(rules, &rotate(&rotate(&once)));
    assert_eq!(back.to_fen(), original.to_fen(), "three turns of {text}");
    let moved: BTreeSet<String> = settled_moves(&original)
        .iter()
        .map(|m| rotate_move(m))
        .collect();
    assert_eq!(
        settled_moves(&rotated),
        moved,
        "moves of {text} turned: {once}"
    );
    let (mut a, mut b) = (original.clone(), rotated.clone());
    assert_eq!(
        perft(&mut a, depth),
        perft(&mut b, depth),
        "perft {depth}: {text} / {once}"
    );
}

/// A random legal game from the start; the positions along the way, every `every` plies.
fn random_positions(rules: &Arc<Rules>, seed: u64, plies: usize, every: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut ply = 0;
    playout(
        Position::start(rules),
        &mut Rng::new(seed),
        plies,
        |pos, _, _| {
            if ply > 0 && ply % every == 0 {
                out.push(pos.to_fen());
            }
            ply += 1;
        },
    );
    out
}

/// The start turned by one segment is the start with Gray to move.
#[test]
fn the_start_position_rotates_to_itself_with_the_next_player_to_move() {
    for rules in [strict(), literal()] {
        let start = Position::start(&rules).to_fen();
        assert_eq!(
            pos_of(&rules, &rotate(&start)).to_fen(),
            start.replacen(" w ", " g ", 1)
        );
        check_rotation(&rules, &start, 3);
    }
}

#[test]
fn random_games_from_the_start_rotate() {
    for rules in [strict(), literal()] {
        for seed in 1..=4u64 {
            for text in random_positions(&rules, seed, 24, 5) {
                check_rotation(&rules, &text, 2);
            }
        }
        // A few deeper checks.
        for text in random_positions(&rules, 99, 9, 3) {
            check_rotation(&rules, &text, 3);
        }
    }
}

/// Long random games reach eliminations, crossed pawns and opened moats; their rotations must
/// play alike too.
#[test]
fn long_random_games_rotate() {
    let rules = strict();
    let (mut out, mut crossed, mut opened) = (false, false, false);
    for seed in 10..16u64 {
        for text in random_positions(&rules, seed, 400, 40) {
            out |= text.contains(" out:");
            crossed |= text.contains("[crossed]");
            opened |= text.contains(" open:");
            check_rotation(&rules, &text, 2);
        }
    }
    // These seeds do reach all three (checked when the test was written).
    assert!(out && crossed && opened);
}

#[test]
fn hand_made_middlegames_rotate() {
    let positions = [
        // Castling rights, crossed pawns about to promote, a knight beside a closed moat.
        fen(
            &[
                ("a1", "wR"),
                ("e1", "wK"),
                ("h1", "wR"),
                ("g1", "wN"),
                ("c2", "wP"),
                ("f2", "wP"),
                ("j2", "wP[crossed]"),
                ("m1", "gK"),
                ("p1", "gR"),
                ("a2", "wP"),
                ("n3", "gB"),
                ("w2", "gP[crossed]"),
                ("u1", "bK"),
                ("x1", "bR"),
                ("r1", "bN"),
                ("s3", "bQ"),
                ("e4", "bP[crossed]"),
            ],
            "w wKwQgKbK - 3 12",
        ),
        // Gray eliminated (his pieces frozen), the moats beside him bridged.
        fen(
            &[
                ("e3", "wK"),
                ("h1", "wR"),
                ("d4", "wQ"),
                ("m1", "gK"),
                ("i1", "gR"),
                ("o5", "gQ"),
                ("u1", "bK"),
                ("t1", "bQ"),
                ("q2", "bP"),
                ("k6", "bN"),
            ],
            "b - - 0 30 out:g",
        ),
        // Two en passant entries (White's and Gray's) and Black's crossed pawns to take them.
        fen(
            &[
                ("b1", "wK"),
                ("e4", "wP"),
                ("m1", "gK"),
                ("k4", "gP"),
                ("f4", "bP[crossed]"),
                ("l4", "bP[crossed]"),
                ("u1", "bK"),
            ],
            "b - w:e3,k3 0 2",
        ),
        // A moat opened earlier (its condition no longer holds), knights at the border.
        fen(
            &[
                ("e1", "wK"),
                ("g1", "wN"),
                ("h3", "wN"),
                ("m1", "gK"),
                ("i2", "gN"),
                ("j1", "gN"),
                ("u1", "bK"),
                ("r1", "bR"),
            ],
            "g - - 0 9 open:white-gray",
        ),
        // Black's king next to the center, queens and bishops crossing the void.
        fen(
            &[
                ("e1", "wK"),
                ("a6", "wQ"),
                ("c5", "wB"),
                ("m1", "gK"),
                ("o6", "gB"),
                ("l4", "gR"),
                ("u5", "bK"),
                ("s6", "bQ"),
                ("v2", "bP"),
            ],
            "w - - 0 15",
        ),
    ];
    for rules in [strict(), literal()] {
        for text in &positions {
            check_rotation(&rules, text, 3);
        }
    }
}
