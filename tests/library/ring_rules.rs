//! One focused test per rule of Circular Chess and Cylindrical Chess
//! (`shared/rules/circular-and-cylindrical.md`), on positions set up from text. Every expected move
//! list is worked out by hand from the rules page.

use crate::helpers::{legal_moves_from, load};
use chessgraph::Colour;
use chessgraph::PlayerId;
use chessgraph::notation::{legal_move_texts, move_text, parse_move, play_line};
use chessgraph::perft::perft;
use chessgraph::{Outcome, Position};

const CIRCULAR: &str = "variants/circular_chess.toml";
const CYLINDRICAL: &str = "variants/cylindrical_chess.toml";
const NO_CASTLING: &str = "variants/cylindrical_chess_no_castling.toml";
const WRONG_ROOK: &str = "variants/cylindrical_chess_wrong_rook.toml";

fn at(file: &str, fen: &str) -> Position {
    Position::from_fen(&load(file), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn after(file: &str, fen: &str, line: &str) -> Position {
    let mut pos = at(file, fen);
    play_line(&mut pos, line).unwrap_or_else(|e| panic!("{line}: {e}"));
    pos
}

// ---------------------------------------------------------------- Circular Chess

const CIRCULAR_START: &str = "qp4PQKP4pk/bp4PBBP4pb/np4PNNP4pn/rp4PRRP4pr w - - 0 1";

#[test]
fn circular_start_is_the_folded_army_with_queens_on_their_colour() {
    let r = load(CIRCULAR);
    assert_eq!(r.start_fen(), CIRCULAR_START);
    let pos = Position::start(&r);
    let b = r.board();
    let piece = |sq: &str| {
        let pc = pos.piece_at(b.node(sq).expect("square")).expect("a piece");
        format!(
            "{}{}",
            &r.player(pc.owner).name[..1],
            r.kind(pc.kind).letter
        )
    };
    for (sq, want) in [
        ("h1", "wR"),
        ("h2", "wN"),
        ("h3", "wB"),
        ("h4", "wQ"),
        ("i1", "wR"),
        ("i2", "wN"),
        ("i3", "wB"),
        ("i4", "wK"),
        ("a1", "bR"),
        ("a2", "bN"),
        ("a3", "bB"),
        ("a4", "bQ"),
        ("p1", "bR"),
        ("p2", "bN"),
        ("p3", "bB"),
        ("p4", "bK"),
    ] {
        assert_eq!(piece(sq), want, "{sq}");
    }
    for ring in 1..=4 {
        for (sector, want) in [('g', "wP"), ('j', "wP"), ('b', "bP"), ('o', "bP")] {
            assert_eq!(piece(&format!("{sector}{ring}")), want);
        }
    }
    // Light when ring + sector index is odd: h4 = 4 + 7 (White's queen), a4 = 4 + 0 (Black's).
    let colour = |sq: &str| b.node_info(b.node(sq).expect("square")).colour;
    assert_eq!(colour("h4"), Colour::Light);
    assert_eq!(colour("a4"), Colour::Dark);
}

#[test]
fn circular_pawns_run_away_from_their_own_army() {
    let pos = Position::start(&load(CIRCULAR));
    // White: the sector-g pawns counter-clockwise, the sector-j pawns clockwise.
    assert_eq!(legal_moves_from(&pos, "g2"), ["g2-e2", "g2-f2"]);
    assert_eq!(legal_moves_from(&pos, "j3"), ["j3-k3", "j3-l3"]);
    // Black: the sector-b pawns clockwise, the sector-o pawns counter-clockwise.
    let pos = after(CIRCULAR, CIRCULAR_START, "g1-f1");
    assert_eq!(legal_moves_from(&pos, "b4"), ["b4-c4", "b4-d4"]);
    assert_eq!(legal_moves_from(&pos, "o1"), ["o1-m1", "o1-n1"]);
}

#[test]
fn circular_pawns_capture_diagonally_forward_in_each_group() {
    // White pawn e2 (a g-pawn: counter-clockwise) between black knights on d1 d3 f1 f3; white
    // pawn l2 (a j-pawn: clockwise) between k1 k3 m1 m3. It takes forward only.
    let fen = "K8k6/3n1n4n1n3/4P6P4/3n1n4n1n3 w - - 0 1";
    let pos = at(CIRCULAR, fen);
    assert_eq!(legal_moves_from(&pos, "e2"), ["e2-d1", "e2-d2", "e2-d3"]);
    assert_eq!(legal_moves_from(&pos, "l2"), ["l2-m1", "l2-m2", "l2-m3"]);
    // Black pawn e3 (a b-pawn: clockwise) between white knights on d2 d4 f2 f4; black pawn l3 (an
    // o-pawn: counter-clockwise) between k2 k4 m2 m4.
    let fen = "3N1N4N1N3/4p6p4/3N1N4N1N3/k6K8 b - - 0 1";
    let pos = at(CIRCULAR, fen);
    assert_eq!(legal_moves_from(&pos, "e3"), ["e3-f2", "e3-f3", "e3-f4"]);
    assert_eq!(legal_moves_from(&pos, "l3"), ["l3-k2", "l3-k3", "l3-k4"]);
}

#[test]
fn circular_pawn_direction_comes_from_its_half_unless_written() {
    // A white pawn on e2 runs counter-clockwise (it is a g-pawn) unless its frame is written.
    let pos = at(CIRCULAR, "k15/16/4P11/7K8 w - - 0 1");
    assert_eq!(legal_moves_from(&pos, "e2"), ["e2-d2"]);
    let fen = "k15/16/4P[identity]11/7K8 w - - 0 1";
    let pos = at(CIRCULAR, fen);
    assert_eq!(legal_moves_from(&pos, "e2"), ["e2-f2"]);
    assert_eq!(pos.to_fen(), fen);
}

#[test]
fn circular_double_step_only_on_the_first_move_over_two_empty_cells() {
    let pos = after(CIRCULAR, CIRCULAR_START, "g2-f2 b2-c2");
    assert_eq!(legal_moves_from(&pos, "f2"), ["f2-e2"]);
    assert_eq!(legal_moves_from(&pos, "j2"), ["j2-k2", "j2-l2"]);
    // A piece on the second cell stops the double step (g4: e4 taken), on the first cell both
    // steps (j4: k4 taken).
    let pos = at(CIRCULAR, "k3n1P2Pn5/16/16/7K8 w - - 0 1");
    assert_eq!(legal_moves_from(&pos, "g4"), ["g4-f4"]);
    assert_eq!(legal_moves_from(&pos, "j4"), Vec::<String>::new());
}

#[test]
fn circular_has_no_en_passant() {
    // White's g3 pawn steps twice over f3; Black's e4 pawn (a b-pawn, clockwise) takes on f3 only
    // when something stands there.
    let pos = after(CIRCULAR, "4p11/6P9/16/k6K8 w - - 0 1", "g3-e3");
    assert_eq!(legal_moves_from(&pos, "e4"), ["e4-f4"]);
    assert_eq!(pos.to_fen(), "4p11/4P11/16/k6K8 b - - 0 1");
    assert!(chessgraph::testing::en_passant(&pos).is_empty());
}

#[test]
fn circular_pawns_promote_on_the_opponents_army_line() {
    let fen = "7N3k4/r5p7P1/1P7p6/4K11 w - - 0 1";
    let pos = at(CIRCULAR, fen);
    // White: the g-side pawn on b2 promotes on a2 or by taking on a3; the j-side pawn on o3 on p3.
    let promos = |sq: &str| ["Q", "R", "B", "N"].map(|k| format!("{sq}={k}"));
    let mut want: Vec<String> = promos("b2-a2").into_iter().chain(promos("b2-a3")).collect();
    want.sort();
    assert_eq!(legal_moves_from(&pos, "b2"), want);
    let mut want = promos("o3-p3").to_vec();
    want.sort();
    assert_eq!(legal_moves_from(&pos, "o3"), want);
    // Black: the b-side pawn on g3 on h3 or by taking on h4; the o-side pawn on j2 on i2.
    let pos = after(CIRCULAR, fen, "b2-a2=N");
    let mut want: Vec<String> = promos("g3-h3").into_iter().chain(promos("g3-h4")).collect();
    want.sort();
    assert_eq!(legal_moves_from(&pos, "g3"), want);
    let mut want = promos("j2-i2").to_vec();
    want.sort();
    assert_eq!(legal_moves_from(&pos, "j2"), want);
    let pos = after(CIRCULAR, fen, "b2-a2=N j2-i2=Q");
    assert_eq!(pos.to_fen(), "7N3k4/r5p7P1/N7q7/4K11 w - - 0 2");
}

#[test]
fn circular_has_no_castling() {
    let r = load(CIRCULAR);
    assert!(r.castling().is_empty());
    let err = Position::from_fen(&r, "qp4PQKP4pk/bp4PBBP4pb/np4PNNP4pn/rp4PRRP4pr w K - 0 1")
        .expect_err("no castling rights exist");
    assert!(err.to_string().contains("castling"), "{err}");
}

#[test]
fn circular_rook_goes_round_its_ring_but_not_back_to_its_own_cell() {
    // An empty ring: 15 cells round it (each reachable both ways, one move each), and c1 c3 c4.
    let pos = at(CIRCULAR, "k6K8/16/2R13/16 w - - 0 1");
    let moves = legal_moves_from(&pos, "c2");
    assert_eq!(moves.len(), 18, "{moves:?}");
    assert!(!moves.contains(&"c2-c2".to_string()));
    for s in "abdefghijklmnop".chars() {
        assert_eq!(
            moves.iter().filter(|m| **m == format!("c2-{s}2")).count(),
            1
        );
    }
    // A knight on k2 is reached both ways round: one capture; still 18 moves.
    let pos = at(CIRCULAR, "k6K8/16/2R7n5/16 w - - 0 1");
    let moves = legal_moves_from(&pos, "c2");
    assert_eq!(moves.len(), 18, "{moves:?}");
    assert_eq!(moves.iter().filter(|m| *m == "c2-k2").count(), 1);
    assert_eq!(
        perft(&mut pos.clone(), 1),
        legal_move_texts(&pos).len() as u64
    );
}

#[test]
fn circular_knights_and_bishops_stop_at_the_outer_and_inner_rings() {
    let pos = at(CIRCULAR, "4K5k5/16/16/N15 w - - 0 1");
    assert_eq!(
        legal_moves_from(&pos, "a1"),
        ["a1-b3", "a1-c2", "a1-o2", "a1-p3"]
    );
    let pos = at(CIRCULAR, "4K5k5/16/N15/16 w - - 0 1");
    assert_eq!(
        legal_moves_from(&pos, "a2"),
        ["a2-b4", "a2-c1", "a2-c3", "a2-o1", "a2-o3", "a2-p4"]
    );
    // The bishop does not cross the center: from a3 inward it reaches b4 and p4 only.
    let pos = at(CIRCULAR, "11k4/B15/16/7K8 w - - 0 1");
    assert_eq!(
        legal_moves_from(&pos, "a3"),
        ["a3-b2", "a3-b4", "a3-c1", "a3-o1", "a3-p2", "a3-p4"]
    );
}

#[test]
fn circular_checkmate_ends_the_game_and_stalemate_is_a_draw() {
    // Qb3 (guarded by Kc2) checks a4; a3 b4 p3 are the queen's, p4 the rook's.
    let pos = at(CIRCULAR, "k15/1Q14/2K13/15R b - - 0 1");
    assert!(pos.is_check());
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.outcome(), Some(Outcome::Winner(PlayerId::seat(0))));
    // Rooks on b1, p1 and f3 take every cell round a4 but not a4 itself.
    let pos = at(CIRCULAR, "k15/5R10/16/1R5K7R b - - 0 1");
    assert!(!pos.is_check());
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.outcome(), Some(Outcome::Stalemate(PlayerId::seat(1))));
}

// ---------------------------------------------------------------- Cylindrical Chess

#[test]
fn cylinder_rook_goes_over_the_seam_past_a_blocker() {
    // Ra3-h3 past the pawn on b3: west over the seam to h3 .. c3.
    let pos = at(CYLINDRICAL, "4k3/8/8/8/8/RP6/8/4K3 w - - 0 1");
    assert_eq!(
        legal_moves_from(&pos, "a3"),
        [
            "a3-a1", "a3-a2", "a3-a4", "a3-a5", "a3-a6", "a3-a7", "a3-a8", "a3-c3", "a3-d3",
            "a3-e3", "a3-f3", "a3-g3", "a3-h3"
        ]
    );
    // On an empty rank: the 7 other squares, each once, never its own.
    let pos = at(CYLINDRICAL, "4k3/8/8/8/8/R7/8/4K3 w - - 0 1");
    let moves = legal_moves_from(&pos, "a3");
    assert_eq!(moves.len(), 14, "{moves:?}");
    assert!(!moves.contains(&"a3-a3".to_string()));
}

#[test]
fn cylinder_bishop_goes_over_the_seam() {
    // Bc1-b2-a3-h4-g5-f6-e7-d8 and c1-d2-e3-f4-g5-h6-a7-b8: g5 is reached both ways, one move.
    let pos = at(CYLINDRICAL, "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1");
    assert_eq!(
        legal_moves_from(&pos, "c1"),
        [
            "c1-a3", "c1-a7", "c1-b2", "c1-b8", "c1-d2", "c1-d8", "c1-e3", "c1-e7", "c1-f4",
            "c1-f6", "c1-g5", "c1-h4", "c1-h6"
        ]
    );
}

#[test]
fn cylinder_en_passant_across_the_seam() {
    // Pawn a5, ...h7-h5, a5xh6 written `a5-h6`: the h5 pawn goes.
    let fen = "4k3/7p/8/P7/8/8/8/4K3 b - - 0 1";
    let pos = after(CYLINDRICAL, fen, "h7-h5");
    assert_eq!(pos.to_fen(), "4k3/8/8/P6p/8/8/8/4K3 w - h6 0 2");
    assert_eq!(legal_moves_from(&pos, "a5"), ["a5-a6", "a5-h6"]);
    let pos = after(CYLINDRICAL, fen, "h7-h5 a5-h6");
    assert_eq!(pos.to_fen(), "4k3/8/7P/8/8/8/8/4K3 b - - 0 2");
    // Only at once.
    let pos = after(CYLINDRICAL, fen, "h7-h5 e1-d1 e8-d8");
    assert_eq!(legal_moves_from(&pos, "a5"), ["a5-a6"]);
    // The other way round the seam, for Black: h2-h4, a4xh3.
    let fen = "4k3/8/8/8/p7/8/7P/4K3 w - - 0 1";
    let pos = after(CYLINDRICAL, fen, "h2-h4");
    assert_eq!(legal_moves_from(&pos, "a4"), ["a4-a3", "a4-h3"]);
    let pos = after(CYLINDRICAL, fen, "h2-h4 a4-h3");
    assert_eq!(pos.to_fen(), "4k3/8/8/8/8/7p/8/4K3 w - - 0 2");
}

#[test]
fn cylinder_orthodox_castling_does_not_go_over_the_seam() {
    // Only the a1 rook is left: orthodox castling goes to c1; the rook may not come round to f1.
    let fen = "r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1";
    let pos = at(CYLINDRICAL, fen);
    assert_eq!(
        legal_moves_from(&pos, "e1"),
        ["e1-c1", "e1-d1", "e1-d2", "e1-e2", "e1-f1", "e1-f2"]
    );
    let pos = after(CYLINDRICAL, fen, "e1-c1");
    assert_eq!(pos.to_fen(), "r3k3/8/8/8/8/8/8/2KR4 b q - 1 1");
}

#[test]
fn cylinder_without_castling_has_no_rights() {
    let r = load(NO_CASTLING);
    assert!(r.castling().is_empty());
    assert!(
        Position::from_fen(&r, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").is_err(),
        "no castling rights exist"
    );
    let pos = at(NO_CASTLING, "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    assert_eq!(
        legal_moves_from(&pos, "e1"),
        ["e1-d1", "e1-d2", "e1-e2", "e1-f1", "e1-f2"]
    );
}

#[test]
fn cylinder_wrong_rook_castling_names_the_rook_and_round_trips() {
    let fen = "r3k3/8/8/8/8/8/8/R3K3 w QGqg - 0 1";
    let pos = at(WRONG_ROOK, fen);
    assert_eq!(
        legal_moves_from(&pos, "e1"),
        [
            "e1-c1/a1", "e1-d1", "e1-d2", "e1-e2", "e1-f1", "e1-f2", "e1-g1/a1"
        ]
    );
    for m in pos.legal_moves() {
        let text = move_text(&pos, m);
        assert_eq!(parse_move(&pos, &text), Ok(m), "{text}");
    }
    // Ke1-g1 with Ra1-f1 over the seam.
    let pos = after(WRONG_ROOK, fen, "e1-g1/a1");
    assert_eq!(pos.to_fen(), "r3k3/8/8/8/8/8/8/5RK1 b qg - 1 1");
    // With the h-rook: e1-g1/h1 (orthodox) and e1-c1/h1 (over the seam to d1).
    let fen = "4k2r/8/8/8/8/8/8/4K2R w KCkc - 0 1";
    let pos = at(WRONG_ROOK, fen);
    assert_eq!(
        legal_moves_from(&pos, "e1"),
        [
            "e1-c1/h1", "e1-d1", "e1-d2", "e1-e2", "e1-f1", "e1-f2", "e1-g1/h1"
        ]
    );
    let pos = after(WRONG_ROOK, fen, "e1-c1/h1");
    assert_eq!(pos.to_fen(), "4k2r/8/8/8/8/8/8/2KR4 b kc - 1 1");
    // Black may not castle to c8 now (the d1 rook attacks d8), but still to g8.
    assert_eq!(
        legal_moves_from(&pos, "e8"),
        ["e8-e7", "e8-f7", "e8-f8", "e8-g8/h8"]
    );
    let pos = after(WRONG_ROOK, fen, "e1-c1/h1 e8-g8/h8");
    assert_eq!(pos.to_fen(), "5rk1/8/8/8/8/8/8/2KR4 w - - 2 2");
}

#[test]
fn cylinder_wrong_rook_castling_conditions() {
    // Both rooks at home: each blocks the other's way over the seam.
    let pos = at(WRONG_ROOK, "r3k2r/8/8/8/8/8/8/R3K2R w KQGCkqgc - 0 1");
    assert_eq!(
        legal_moves_from(&pos, "e1"),
        [
            "e1-c1/a1", "e1-d1", "e1-d2", "e1-e2", "e1-f1", "e1-f2", "e1-g1/h1"
        ]
    );
    // The king may not pass an attacked square (f1, by the f8 rook)...
    let pos = at(WRONG_ROOK, "r3kr2/8/8/8/8/8/8/R3K3 w QGq - 0 1");
    assert_eq!(
        legal_moves_from(&pos, "e1"),
        ["e1-c1/a1", "e1-d1", "e1-d2", "e1-e2"]
    );
    // ...but the rook may (h1, by the h8 rook).
    let pos = at(WRONG_ROOK, "r3k2r/8/8/8/8/8/8/R3K3 w QGqk - 0 1");
    assert!(legal_moves_from(&pos, "e1").contains(&"e1-g1/a1".to_string()));
    // Moving the a1 rook loses both of its rights, orthodox and wrong-rook.
    let pos = after(WRONG_ROOK, "r3k3/8/8/8/8/8/8/R3K2R w KQGCqg - 0 1", "a1-b1");
    assert_eq!(pos.to_fen(), "r3k3/8/8/8/8/8/8/1R2K2R b KCqg - 1 1");
}

/// `parse_move` explains a refused castling from the first castling with the same king move, not
/// the one the `/rook` names: here it blames the lost orthodox right (`k`), while the wrong-rook
/// castling `e8-g8/a8` fails because the white rook on f1 attacks f8.
#[test]

fn refused_wrong_rook_castling_names_its_own_reason() {
    let pos = after(WRONG_ROOK, "r3k3/8/8/8/8/8/8/R3K3 w QGqg - 0 1", "e1-g1/a1");
    let err = parse_move(&pos, "e8-g8/a8").expect_err("f8 is attacked");
    assert!(err.to_string().contains("f8 is attacked"), "{err}");
}
