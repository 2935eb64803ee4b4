//! `Setup` -> `Position`: positions built in code, checked with every problem reported at once,
//! and each waiver lifting exactly its own problem.

use std::sync::Arc;

use crate::helpers::load;
use chessgraph::Rules;
use chessgraph::{EpEntry, Position};
use chessgraph::{NodeId, PlayerId};
use chessgraph::{Setup, SetupErrors, SetupPiece, SetupProblem, Waivers};

const WHITE: PlayerId = PlayerId::seat(0);
const BLACK: PlayerId = PlayerId::seat(1);

fn chess() -> Arc<Rules> {
    load("variants/chess.toml")
}

fn node(rules: &Rules, name: &str) -> NodeId {
    rules.board().node(name).expect("a square of the board")
}

/// A setup from `(square, letter)` pairs: upper case White, lower case Black.
fn setup(rules: &Rules, to_move: PlayerId, pieces: &[(&str, char)]) -> Setup {
    let mut s = Setup::new(to_move);
    for &(sq, c) in pieces {
        let owner = if c.is_ascii_uppercase() { WHITE } else { BLACK };
        let kind = rules.kind_by_letter(c).expect("a piece letter");
        s.place(node(rules, sq), SetupPiece::new(owner, kind));
    }
    s
}

fn problems(r: Result<Position, SetupErrors>) -> Vec<SetupProblem> {
    match r {
        Ok(p) => panic!("accepted: {}", p.to_fen()),
        Err(e) => e.0,
    }
}

const KINGS: [(&str, char); 2] = [("e1", 'K'), ("e8", 'k')];

#[test]
fn a_legal_setup_gives_the_position_its_text_describes() {
    let rules = chess();
    let s = setup(
        &rules,
        BLACK,
        &[KINGS[0], KINGS[1], ("a2", 'P'), ("h7", 'p')],
    );
    let pos = Position::from_setup(&rules, s, Waivers::NONE).unwrap();
    assert_eq!(pos.to_fen(), "4k3/7p/8/8/8/8/P7/4K3 b - - 0 1");
    assert_eq!(
        pos,
        Position::from_fen(&rules, "4k3/7p/8/8/8/8/P7/4K3 b - - 0 1").unwrap()
    );
}

#[test]
fn the_side_not_to_move_in_check_is_refused_unless_waived() {
    let rules = chess();
    let s = setup(&rules, WHITE, &[KINGS[0], KINGS[1], ("e4", 'R')]);
    assert!(matches!(
        problems(Position::from_setup(&rules, s.clone(), Waivers::NONE)).as_slice(),
        [SetupProblem::OpponentInCheck { player, to_move }] if player == "black" && to_move == "white"
    ));
    let waived = Waivers {
        opponent_in_check: true,
        ..Waivers::NONE
    };
    let pos = Position::from_setup(&rules, s, waived).unwrap();
    assert!(pos.is_check() || !pos.checked_players().is_empty());
}

#[test]
fn a_pawn_in_its_promotion_zone_is_refused_unless_waived() {
    let rules = chess();
    let s = setup(&rules, WHITE, &[KINGS[0], KINGS[1], ("a8", 'P')]);
    assert!(matches!(
        problems(Position::from_setup(&rules, s.clone(), Waivers::NONE)).as_slice(),
        [SetupProblem::UnpromotedInZone { node, .. }] if node == "a8"
    ));
    let waived = Waivers {
        unpromoted_in_zone: true,
        ..Waivers::NONE
    };
    assert!(Position::from_setup(&rules, s, waived).is_ok());
}

#[test]
fn a_castling_right_without_its_rook_is_refused_unless_waived() {
    let rules = chess();
    let mut s = setup(&rules, WHITE, &[KINGS[0], KINGS[1], ("a1", 'R')]);
    // Rights `K` (needs h1) and `Q` (has a1).
    let index = |right: &str| {
        rules
            .castling()
            .iter()
            .position(|c| c.right == right)
            .unwrap()
    };
    s.castling.insert(index("K"));
    s.castling.insert(index("Q"));
    assert!(matches!(
        problems(Position::from_setup(&rules, s.clone(), Waivers::NONE)).as_slice(),
        [SetupProblem::CastlingWithoutPiece { right, node, .. }] if right == "K" && node == "h1"
    ));
    let waived = Waivers {
        castling_without_pieces: true,
        ..Waivers::NONE
    };
    let pos = Position::from_setup(&rules, s, waived).unwrap();
    // The waived right is kept, and castling it is simply not possible.
    assert!(pos.to_fen().contains(" KQ "));
    assert!(
        pos.legal_moves()
            .iter()
            .all(|m| m.to() != node(&rules, "g1"))
    );
}

#[test]
fn material_beyond_the_start_set_and_promotions_is_refused_unless_waived() {
    let rules = chess();
    // Queens give check wherever they stand: this test is about material only.
    let base = Waivers {
        opponent_in_check: true,
        ..Waivers::NONE
    };
    let queens = |n: usize, pawns: usize| {
        let mut pieces: Vec<(String, char)> = vec![("e1".into(), 'K'), ("e8".into(), 'k')];
        for i in 0..n {
            pieces.push((
                format!("{}{}", (b'a' + i as u8 % 8) as char, 3 + i / 8),
                'Q',
            ));
        }
        for i in 0..pawns {
            pieces.push((format!("{}2", (b'a' + i as u8) as char), 'P'));
        }
        let refs: Vec<(&str, char)> = pieces.iter().map(|(s, c)| (s.as_str(), *c)).collect();
        setup(&rules, WHITE, &refs)
    };
    // Nine queens and no pawn: one queen and eight promotions.
    assert!(Position::from_setup(&rules, queens(9, 0), base).is_ok());
    // Two queens with all eight pawns, or ten queens: too many.
    for s in [queens(2, 8), queens(10, 0)] {
        assert!(matches!(
            problems(Position::from_setup(&rules, s.clone(), base)).as_slice(),
            [SetupProblem::ExcessMaterial { kind, .. }] if kind == "queen"
        ));
        let waived = Waivers {
            excess_material: true,
            ..base
        };
        assert!(Position::from_setup(&rules, s, waived).is_ok());
    }
    // A second king: no promotion makes one.
    let two_kings = setup(&rules, WHITE, &[KINGS[0], KINGS[1], ("a1", 'K')]);
    assert!(matches!(
        problems(Position::from_setup(&rules, two_kings, base)).as_slice(),
        [SetupProblem::ExcessMaterial { kind, count: 2, .. }] if kind == "king"
    ));
}

#[test]
fn every_problem_is_reported_at_once() {
    let rules = chess();
    let mut s = setup(
        &rules,
        WHITE,
        &[KINGS[0], KINGS[1], ("a8", 'P'), ("h1", 'p')],
    );
    s.castling.insert(0);
    let found = problems(Position::from_setup(&rules, s, Waivers::NONE));
    assert!(found.len() >= 3, "{found:?}");
    assert!(
        found
            .iter()
            .any(|p| matches!(p, SetupProblem::UnpromotedInZone { node, .. } if node == "a8"))
    );
    assert!(
        found
            .iter()
            .any(|p| matches!(p, SetupProblem::UnpromotedInZone { node, .. } if node == "h1"))
    );
    assert!(
        found
            .iter()
            .any(|p| matches!(p, SetupProblem::CastlingWithoutPiece { .. }))
    );
}

#[test]
fn en_passant_entries_must_be_possible_distinct_and_few() {
    let rules = chess();
    let base = setup(
        &rules,
        BLACK,
        &[KINGS[0], KINGS[1], ("e4", 'P'), ("d4", 'p')],
    );
    let entry = |sq: &str, pawn: &str| EpEntry {
        owner: WHITE,
        square: node(&rules, sq),
        pawn: node(&rules, pawn),
    };
    let mut ok = base.clone();
    ok.en_passant.push(entry("e3", "e4"));
    let pos = Position::from_setup(&rules, ok, Waivers::NONE).unwrap();
    assert_eq!(pos.to_fen(), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    // The king on e1 made no double step.
    let mut king = base.clone();
    king.en_passant.push(entry("e3", "e1"));
    assert!(matches!(
        problems(Position::from_setup(&rules, king, Waivers::NONE)).as_slice(),
        [SetupProblem::BadEnPassant { square, .. }] if square == "e3"
    ));
    let mut twice = base.clone();
    twice
        .en_passant
        .extend([entry("e3", "e4"), entry("e3", "e4")]);
    assert!(matches!(
        problems(Position::from_setup(&rules, twice, Waivers::NONE)).as_slice(),
        [SetupProblem::DuplicateEnPassant { .. }]
    ));
    let mut many = base;
    many.en_passant = vec![entry("e3", "e4"); 9];
    assert!(matches!(
        problems(Position::from_setup(&rules, many, Waivers::NONE)).as_slice(),
        [SetupProblem::TooManyEnPassant { count: 9 }]
    ));
}

#[test]
fn ids_of_another_variant_are_refused_without_a_panic() {
    let rules = chess();
    let three = load("variants/three_man_chess.toml");
    // Gray (seat 2), and a node beyond the 64 squares of the chess board.
    let gray = three.player_id(2).unwrap();
    let far = three.board().node("x6").unwrap();
    let king = rules.kind_by_letter('K').unwrap();
    let mut s = setup(&rules, WHITE, &KINGS);
    s.place(node(&rules, "a4"), SetupPiece::new(gray, king));
    assert!(matches!(
        problems(Position::from_setup(&rules, s, Waivers::NONE)).as_slice(),
        [SetupProblem::ForeignId { .. }]
    ));
    let mut s = setup(&rules, WHITE, &KINGS);
    s.place(far, SetupPiece::new(WHITE, king));
    assert!(matches!(
        problems(Position::from_setup(&rules, s, Waivers::NONE)).as_slice(),
        [SetupProblem::ForeignId { .. }]
    ));
    assert!(matches!(
        problems(Position::from_setup(
            &rules,
            Setup::new(gray),
            Waivers::NONE
        ))
        .as_slice(),
        [SetupProblem::ForeignId { .. }]
    ));
}

#[test]
fn a_castling_rook_is_read_from_the_start_position_when_the_file_names_none() {
    // The piece on a1 is a `tower`; the file names no `rook_piece`, so the tower castles.
    let rules = load("tests/fixtures/rule_variants/castling_tower.toml");
    let tower = rules.kind_by_letter('R').expect("the tower");
    assert_eq!(rules.kind(tower).name, "tower");
    assert_eq!(rules.castling()[0].rook_kind, tower);
    let pos = Position::start(&rules);
    let castle = chessgraph::notation::parse_move(&pos, "e1-c1").expect("castling is legal");
    let mut after = pos.clone();
    after.play(&castle).expect("it plays");
    assert_eq!(after.to_fen(), "r3k3/8/8/8/8/8/8/2KR4 b - - 1 1");
}

#[test]
fn a_player_in_the_game_keeps_the_royal_he_starts_with_unless_waived() {
    let rules = chess();
    // Black's king is gone; White's rook is all the material besides White's king.
    let s = setup(&rules, WHITE, &[KINGS[0], ("a1", 'R')]);
    let found = problems(Position::from_setup(&rules, s.clone(), Waivers::NONE));
    assert!(
        matches!(found.as_slice(), [SetupProblem::MissingRoyal { player, kinds }] if player == "black" && kinds == "king"),
        "{found:?}"
    );
    let waived = Waivers {
        missing_royal: true,
        ..Waivers::NONE
    };
    assert!(Position::from_setup(&rules, s, waived).is_ok());
    // Both kings missing: both named.
    let empty = setup(&rules, WHITE, &[]);
    assert_eq!(
        problems(Position::from_setup(&rules, empty, Waivers::NONE)).len(),
        2
    );
    // Horde: White starts without a king and plays without one.
    let horde = load("variants/horde.toml");
    assert!(Position::from_fen(&horde, horde.start_fen()).is_ok());
    // Position text does not waive it.
    let e = Position::from_fen(&rules, "8/8/8/8/8/8/8/4K3 w - - 0 1").unwrap_err();
    assert!(
        e.to_string()
            .contains("black is in the game without a king"),
        "{e}"
    );
}
