//! Hops, zone confinement and facing royals, one rule per test, in the shipped variants that use
//! them: the xiangqi cannon with 0, 1 and 2 screens, the grasshopper at the edge and over a
//! friend, the three ways a move changes a screen to the royal, palace and river confinement of
//! every xiangqi piece, and the flying general.

use chessgraph::PlayError;
use chessgraph::Position;
use chessgraph::notation::parse_move;

use crate::helpers::load;

const XIANGQI: &str = "variants/xiangqi.toml";
const GRASSHOPPER: &str = "variants/grasshopper.toml";

/// The legal destinations of the piece on `sq`, sorted, a capture marked `x`.
fn dests(pos: &Position, sq: &str) -> Vec<String> {
    let b = pos.rules().board();
    let from = b.node(sq).expect("a square");
    let mut out: Vec<String> = pos
        .piece_legal_moves(from)
        .into_iter()
        .map(|m| {
            let to = m.to();
            let x = if pos.piece_at(to).is_some() { "x" } else { "" };
            format!("{x}{}", b.node_name(to))
        })
        .collect();
    out.sort();
    out
}

fn xiangqi(fen: &str) -> Position {
    Position::from_fen(&load(XIANGQI), fen).expect("a xiangqi position")
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Why the plain move `from`-`to` cannot be played here (a move value, not text, so that the
/// refusal comes from `play`).
fn refusal(pos: &Position, from: &str, to: &str) -> PlayError {
    let b = pos.rules().board();
    let m = chessgraph::Move::Normal {
        from: b.node(from).expect("a square"),
        to: b.node(to).expect("a square"),
        promotion: None,
        gating: None,
    };
    pos.clone().play(&m).expect_err("an illegal move")
}

/// Whether move text `mv` is legal here.
fn legal(pos: &Position, mv: &str) -> bool {
    parse_move(pos, mv).is_ok()
}

#[test]
fn a_cannon_without_a_screen_moves_like_a_rook_and_captures_nothing() {
    // Cannon b3; a black horse on b6 with nothing between.
    let pos = xiangqi("5k3/9/9/9/1n7/9/9/1C7/9/3K5 w - - 0 1");
    let want = sorted(&[
        "b1", "b2", "b4", "b5", "a3", "c3", "d3", "e3", "f3", "g3", "h3", "i3",
    ]);
    assert_eq!(dests(&pos, "b3"), want);
}

#[test]
fn a_cannon_captures_the_first_piece_beyond_one_screen_of_either_side() {
    // Own soldier b5 is the screen; the black horse b8 is taken; b6, b7 are not reachable.
    let pos = xiangqi("5k3/9/1n7/9/9/1P7/9/1C7/9/3K5 w - - 0 1");
    let file: Vec<String> = dests(&pos, "b3")
        .into_iter()
        .filter(|d| d.trim_start_matches('x').starts_with('b'))
        .collect();
    assert_eq!(file, sorted(&["b1", "b2", "b4", "xb8"]));
    // An enemy screen serves as well: a black soldier on b5.
    let pos = xiangqi("5k3/9/1n7/9/9/1p7/9/1C7/9/3K5 w - - 0 1");
    assert!(dests(&pos, "b3").contains(&"xb8".to_string()));
    assert!(!dests(&pos, "b3").contains(&"xb5".to_string()));
}

#[test]
fn a_cannon_with_two_screens_takes_the_second_and_nothing_beyond() {
    // Screens b5 (red) and b6 (black): b6 is the first piece beyond one screen; b8 is behind two.
    let pos = xiangqi("5k3/9/1n7/9/1p7/1P7/9/1C7/9/3K5 w - - 0 1");
    let d = dests(&pos, "b3");
    assert!(d.contains(&"xb6".to_string()), "{d:?}");
    assert!(!d.contains(&"xb8".to_string()), "{d:?}");
    assert!(!d.iter().any(|x| x == "b7"), "{d:?}");
}

#[test]
fn a_grasshopper_at_the_edge_has_no_square_beyond_its_screen() {
    let rules = load(GRASSHOPPER);
    // a1: screens h1 (east), a8 (north) and h8 (north-east) all stand on the edge.
    let pos = Position::from_fen(&rules, "r6k/8/8/8/8/8/8/G6K w - - 0 1").expect("position");
    assert!(dests(&pos, "a1").is_empty());
    // Without any screen it cannot move at all.
    let pos = Position::from_fen(&rules, "7k/8/8/8/3G4/8/8/K7 w - - 0 1").expect("position");
    assert!(dests(&pos, "d4").is_empty());
}

#[test]
fn a_grasshopper_hops_over_a_friend_and_lands_right_behind_it() {
    let rules = load(GRASSHOPPER);
    let at = |fen: &str| {
        let pos = Position::from_fen(&rules, fen).expect("position");
        dests(&pos, "d3")
    };
    // Own pawn d4 is the screen: d5 empty, an enemy there, a friend there.
    assert_eq!(at("7k/8/8/8/3P4/3G4/8/7K w - - 0 1"), ["d5"]);
    assert_eq!(at("7k/8/8/3p4/3P4/3G4/8/7K w - - 0 1"), ["xd5"]);
    assert!(at("7k/8/8/3N4/3P4/3G4/8/7K w - - 0 1").is_empty());
    // It lands right behind the screen, never farther: d6 stays out of reach.
    assert!(!at("7k/8/8/8/3P4/3G4/8/7K w - - 0 1").contains(&"d6".to_string()));
}

#[test]
fn a_move_that_completes_a_screen_before_the_royal_is_illegal() {
    // Black cannon e7 looks down an empty e-file at the red general e1: no check yet. The red
    // chariot a4 may not stop on e4, which would be the screen.
    let pos = xiangqi("5k3/9/9/4c4/9/9/R8/9/9/4K4 w - - 0 1");
    assert!(!pos.is_check());
    assert!(legal(&pos, "a4d4"));
    assert!(!legal(&pos, "a4e4"));
    let why = refusal(&pos, "a4", "e4");
    assert!(matches!(why, PlayError::RoyalLeftAttacked { .. }), "{why}");
}

#[test]
fn moving_away_one_of_two_screens_gives_discovered_check() {
    // Red cannon e3 with two red pieces, horse e5 and soldier e6, before the black general e10.
    let mut pos = xiangqi("4k4/9/9/9/4P4/4N4/9/4C4/9/3K5 w - - 0 1");
    assert!(!pos.is_check());
    let m = parse_move(&pos, "e6d6").expect("legal");
    pos.play(&m).expect("plays");
    assert!(pos.is_check(), "the horse e5 is now the only screen");
    // The defender's side: a black chariot e8 is one of two screens; it may move along the file,
    // not off it.
    let pos = xiangqi("4k4/9/4r4/9/9/4P4/9/4C4/9/3K5 b - - 0 1");
    assert!(legal(&pos, "e8e6"));
    assert!(legal(&pos, "e8e9"));
    assert!(!legal(&pos, "e8a8"));
}

#[test]
fn a_royal_may_not_step_where_a_cannon_attacks_over_a_screen() {
    // Black cannon d8 over the black soldier d5 attacks d4, d3, d2.
    let pos = xiangqi("3k5/9/3c5/9/9/3p5/9/9/4K4/9 w - - 0 1");
    assert_eq!(dests(&pos, "e2"), sorted(&["e1", "e3", "f2"]));
}

#[test]
fn generals_and_advisors_never_leave_the_palace() {
    // A black soldier f5 closes the f-file, so no move of the general faces the other one.
    let pos = xiangqi("5k3/9/9/9/5p3/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(dests(&pos, "d1"), sorted(&["d2", "e1"]));
    let pos = xiangqi("5k3/9/9/9/5p3/9/9/9/4K4/9 w - - 0 1");
    assert_eq!(dests(&pos, "e2"), sorted(&["d2", "e1", "e3", "f2"]));
    let pos = xiangqi("5k3/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1");
    assert_eq!(dests(&pos, "e2"), sorted(&["d3", "f1", "f3"]));
    let pos = xiangqi("5k3/9/9/9/9/9/9/9/9/3AK4 w - - 0 1");
    assert_eq!(dests(&pos, "d1"), ["e2"]);
}

#[test]
fn elephants_stay_on_their_side_of_the_river_and_are_blocked_by_the_eye() {
    let pos = xiangqi("5k3/9/9/9/9/4B4/9/9/9/3K5 w - - 0 1");
    assert_eq!(dests(&pos, "e5"), sorted(&["c3", "g3"]));
    // A piece on d4, the elephant's eye, blocks c3.
    let pos = xiangqi("5k3/9/9/9/9/4B4/3p5/9/9/3K5 w - - 0 1");
    assert_eq!(dests(&pos, "e5"), ["g3"]);
    // Black's elephant on e6 keeps to ranks 6-10.
    let pos = xiangqi("5k3/9/9/9/4b4/9/9/9/9/3K5 b - - 0 1");
    assert_eq!(dests(&pos, "e6"), sorted(&["c8", "g8"]));
}

#[test]
fn horses_chariots_and_cannons_cross_the_river_and_a_horse_is_hobbled() {
    let pos = xiangqi("5k3/9/9/9/9/4N4/9/9/9/3K5 w - - 0 1");
    assert_eq!(
        dests(&pos, "e5"),
        sorted(&["c4", "c6", "d3", "d7", "f3", "f7", "g4", "g6"])
    );
    // A piece on e6 hobbles the horse's leg toward d7 and f7.
    let pos = xiangqi("5k3/9/9/9/4p4/4N4/9/9/9/3K5 w - - 0 1");
    assert_eq!(
        dests(&pos, "e5"),
        sorted(&["c4", "c6", "d3", "f3", "g4", "g6"])
    );
    let pos = xiangqi("5k3/9/9/9/9/9/9/R7C/9/3K5 w - - 0 1");
    assert!(dests(&pos, "a3").contains(&"a10".to_string()));
    assert!(dests(&pos, "i3").contains(&"i10".to_string()));
}

#[test]
fn soldiers_step_sideways_only_across_the_river() {
    let pos = xiangqi("5k3/9/9/9/9/9/4P4/9/9/3K5 w - - 0 1");
    assert_eq!(dests(&pos, "e4"), ["e5"]);
    let pos = xiangqi("5k3/9/9/9/4P4/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(dests(&pos, "e6"), sorted(&["d6", "e7", "f6"]));
    // On the last rank only sideways; never back.
    let pos = xiangqi("P4k3/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(dests(&pos, "a10"), ["b10"]);
}

#[test]
fn generals_may_not_face_each_other_on_an_open_file() {
    // The e-file is open: the red general may not step onto it.
    let pos = xiangqi("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(dests(&pos, "d1"), ["d2"]);
    let why = refusal(&pos, "d1", "e1");
    assert!(matches!(why, PlayError::RoyalsFacing { .. }), "{why}");
    assert_eq!(
        why.to_string(),
        "d1-e1 would leave red's general facing another general with nothing between"
    );
    // With a piece between them it may.
    let pos = xiangqi("4k4/9/9/9/9/4p4/9/9/9/3K5 w - - 0 1");
    assert_eq!(dests(&pos, "d1"), sorted(&["d2", "e1"]));
}

#[test]
fn the_last_piece_between_the_generals_may_not_leave_the_file() {
    // The red horse e5 is the only piece between e1 and e10: every horse move is illegal.
    let pos = xiangqi("4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1");
    assert!(dests(&pos, "e5").is_empty());
    // With a second piece between, the horse is free.
    let pos = xiangqi("4k4/9/4p4/9/9/4N4/9/9/9/4K4 w - - 0 1");
    assert_eq!(dests(&pos, "e5").len(), 8);
    // Taking the last blocker by landing on its square keeps the file closed: legal.
    let pos = xiangqi("4k4/9/9/9/9/R3p4/9/9/9/4K4 w - - 0 1");
    assert!(legal(&pos, "a5e5"));
}
