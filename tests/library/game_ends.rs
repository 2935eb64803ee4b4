//! The end rules of `[outcome]`, the move rules of `[moves]` and the draw rules of `[draws]`, each
//! on hand-made positions of the variants that use them: the rule ends the game (with the right
//! winner and reason) and the next move is refused, or the rule does not fire where it must not.

use std::sync::Arc;

use chessgraph::notation::{MoveError, legal_move_texts, parse_move};
use chessgraph::perft::perft;
use chessgraph::{EndRule, Outcome, Position};
use chessgraph::{Move, PlayError};
use chessgraph::{PlayerId, Rules};

const WHITE: PlayerId = PlayerId::seat(0);
const BLACK: PlayerId = PlayerId::seat(1);

/// The end rules of `[outcome]` these games declare, as a finished game names them.
const BARE_ROYAL: EndRule = EndRule::Declared {
    key: "bare_royal",
    entry: 0,
};
const REACH: EndRule = EndRule::Declared {
    key: "reach",
    entry: 0,
};

/// Entry `entry` of `material`.
fn material(entry: u8) -> EndRule {
    EndRule::Declared {
        key: "material",
        entry,
    }
}

fn rules(name: &str) -> Arc<Rules> {
    crate::helpers::load(format!("variants/{name}.toml"))
}

fn at(rules: &Arc<Rules>, fen: &str) -> Position {
    Position::from_fen(rules, fen).unwrap_or_else(|e| panic!("`{fen}`: {e}"))
}

/// Plays `moves` (move text) from `fen`.
fn after(rules: &Arc<Rules>, fen: &str, moves: &[&str]) -> Position {
    let mut pos = at(rules, fen);
    for m in moves {
        let mv = parse_move(&pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        pos.play(&mv).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    pos
}

/// The game is over with `outcome`: no legal move is left, and a move that would otherwise be
/// legal is refused because the game is over.
fn assert_over(pos: &Position, outcome: Outcome) {
    assert_eq!(pos.outcome(), Some(outcome), "{}", pos.to_fen());
    let mut p = pos.clone();
    let (o, _) = p.resolve(&mut Vec::new());
    assert_eq!(o, Some(outcome));
    assert_eq!(
        perft(&mut pos.clone(), 1),
        0,
        "a finished game has no moves"
    );
    let pseudo = pos.legal_moves();
    let m = pseudo.first().copied().unwrap_or_else(|| {
        // Nothing would be legal anyway: any move at all is refused.
        let b = pos.rules().board();
        let from = b
            .node_ids()
            .find(|&n| pos.piece_at(n).is_some_and(|x| x.owner == pos.to_move()))
            .unwrap_or_else(|| b.node_ids().next().expect("a node"));
        Move::Normal {
            from,
            to: from,
            promotion: None,
            gating: None,
        }
    });
    assert!(matches!(
        pos.clone().play(&m),
        Err(PlayError::GameOver { .. })
    ));
}

#[test]
fn a_bare_king_loses_after_his_one_reply() {
    let r = rules("shatranj");
    // Black was bared by White's last move and had his reply: White to move has won.
    assert_over(
        &at(&r, "3k4/8/8/8/8/8/8/R2K4 w - - 0 1"),
        Outcome::WonBy(WHITE, BARE_ROYAL),
    );
    // Black, bare, to move against a single rook: his reply may bare White too.
    let pos = at(&r, "3k4/8/8/8/8/8/R7/3K4 b - - 0 1");
    assert_eq!(pos.outcome(), None);
    // ... and when it does, both kings are bare and play goes on.
    let both_bare = after(&r, "3k4/3R4/8/8/8/8/8/4K3 b - - 0 1", &["d8-d7"]);
    assert_eq!(both_bare.outcome(), None);
    assert!(!both_bare.legal_moves().is_empty());
    // Bare against two pieces: no single reply can bare White, so Black has lost already.
    assert_over(
        &at(&r, "3k4/8/8/8/8/8/R7/R2K4 b - - 0 1"),
        Outcome::WonBy(WHITE, BARE_ROYAL),
    );
    // The capture that bares Black ends the game once Black has replied.
    let pos = after(&r, "3k4/8/8/8/8/8/3p4/R2K4 w - - 0 1", &["d1-d2", "d8-e8"]);
    assert_over(&pos, Outcome::WonBy(WHITE, BARE_ROYAL));
}

#[test]
fn courier_inherits_the_bare_king_and_the_stalemate_loss() {
    let r = rules("courier");
    assert_over(
        &at(&r, "5k6/12/12/12/12/12/12/M4K6 w - - 0 1"),
        Outcome::WonBy(WHITE, BARE_ROYAL),
    );
}

#[test]
fn a_stalemated_player_loses_in_shatranj_and_wins_in_antichess() {
    // Shatranj: Black has a blocked pawn and no move; he is out, so White wins.
    let r = rules("shatranj");
    assert_over(
        &at(&r, "k7/2Q5/1K6/7p/7P/8/8/8 b - - 0 1"),
        Outcome::Winner(WHITE),
    );
    // Antichess: White's pawn is blocked; the stalemated player wins.
    let r = rules("antichess");
    assert_over(
        &at(&r, "8/8/8/8/8/p7/P7/8 w - - 0 1"),
        Outcome::WonBy(WHITE, EndRule::Stalemate),
    );
}

#[test]
fn losing_a_king_of_three_loses_and_kings_may_be_left_attacked() {
    let r = rules("threekings");
    // The kings are not royal: a king may step next to an enemy queen, and nobody is in check.
    let pos = at(&r, "k3k2k/8/8/8/8/8/3q4/K3K2K w - - 0 1");
    assert!(!pos.is_check());
    let moves = legal_move_texts(&pos);
    assert!(moves.contains(&"e1-e2".to_string()), "{moves:?}");
    // The queen takes a king: White is down to two and has lost.
    let pos = after(&r, "k3k2k/8/8/8/8/8/3q4/K3K2K b - - 0 1", &["d2-e1"]);
    assert_over(&pos, Outcome::WonBy(BLACK, material(0)));
}

#[test]
fn extinction_ends_when_a_kind_dies_out() {
    let r = rules("extinction");
    // White's last queen is taken: White has lost (the second `material` entry, queens).
    let pos = after(
        &r,
        "rnb1kbnr/pppppppp/8/8/8/8/3qPPPP/RNBQKBNR b KQkq - 0 1",
        &["d2-d1"],
    );
    assert_over(&pos, Outcome::WonBy(BLACK, material(1)));
    // The king is not royal: castling may pass an attacked square.
    let pos = at(&r, "rnbqk2r/pppppppp/8/8/8/8/PPPPPqPP/RNBQK2R w KQkq - 0 1");
    let moves = legal_move_texts(&pos);
    assert!(moves.contains(&"e1-g1".to_string()), "{moves:?}");
}

#[test]
fn in_antichess_losing_every_piece_wins() {
    let r = rules("antichess");
    let pos = after(&r, "8/8/8/8/8/8/1p6/B7 b - - 0 1", &["b2-a1=Q"]);
    assert_over(&pos, Outcome::WonBy(WHITE, material(0)));
}

#[test]
fn a_capture_is_compulsory_and_any_capture_will_do() {
    let r = rules("antichess");
    // Three captures (two by the queen, one by the pawn) and many quiet moves.
    let pos = at(&r, "8/8/8/3p4/3pP3/8/1Q4p1/8 w - - 0 1");
    let legal = legal_move_texts(&pos);
    assert_eq!(
        legal,
        ["b2-d4", "b2-g2", "e4-d5"].map(String::from).to_vec()
    );
    let b = r.board();
    let quiet = Move::Normal {
        from: b.node("b2").unwrap(),
        to: b.node("b3").unwrap(),
        promotion: None,
        gating: None,
    };
    let why = pos.clone().play(&quiet).unwrap_err();
    assert!(matches!(
        parse_move(&pos, "b2b3"),
        Err(MoveError::Illegal(e)) if matches!(*e, PlayError::CaptureCompulsory { .. })
    ));
    assert!(
        matches!(why, PlayError::CaptureCompulsory { .. }),
        "{why:?}"
    );
    assert!(why.to_string().contains("a capture is compulsory"), "{why}");
    // Without a capture, every move is legal.
    let pos = at(&r, "8/7p/8/8/8/8/1Q6/8 w - - 0 1");
    assert_eq!(pos.legal_moves().len(), 23);
    // A piece's own moves (`moves SQUARE`) obey the rule too.
    let pos = at(&r, "8/8/8/3p4/3pP3/8/1Q4p1/8 w - - 0 1");
    assert_eq!(pos.piece_legal_moves(b.node("b2").unwrap()).len(), 2);
}

#[test]
fn horde_white_loses_with_his_last_pawn() {
    let r = rules("horde");
    let pos = after(&r, "4k3/8/8/8/8/8/3P4/2q5 b - - 0 1", &["c1-d2"]);
    assert_over(&pos, Outcome::WonBy(BLACK, material(0)));
    // White has no king: he is never in check, and his first-rank pawns double-step without
    // leaving an en passant square.
    let pos = after(&r, "4k3/8/8/8/8/8/8/P7 w - - 0 1", &["a1-a3"]);
    assert_eq!(pos.to_fen(), "4k3/8/8/8/8/P7/8/8 b - - 0 1");
}

#[test]
fn the_third_check_wins_and_the_count_is_position_text() {
    let r = rules("3check");
    let start = Position::start(&r);
    assert_eq!(start.checks_to_give(WHITE), Some(3));
    assert!(start.to_fen().ends_with(" checks:3+3"));
    // White has one check left to give; Bb5+ gives it.
    let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 checks:1+3";
    let pos = after(&r, fen, &["f1-b5"]);
    assert_eq!(pos.checks_to_give(WHITE), Some(0));
    assert_over(&pos, Outcome::WonBy(WHITE, EndRule::Checks));
    // Fairy-Stockfish's field after en passant and lichess's trailing checks given read alike.
    let fsf = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 2";
    let lichess = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 +2+0";
    assert_eq!(at(&r, fsf).to_fen(), fen);
    assert_eq!(at(&r, lichess).to_fen(), fen);
    // Counts the variant cannot have are refused; chess counts no checks.
    assert!(Position::from_fen(&r, &fen.replace("1+3", "4+3")).is_err());
    let chess = crate::helpers::load("variants/chess.toml");
    let err = Position::from_fen(
        &chess,
        &format!("{} checks:1+3", Position::start(&chess).to_fen()),
    )
    .unwrap_err();
    assert!(err.to_string().contains("counts no checks"), "{err}");
}

#[test]
fn the_hill_is_won_on_arrival() {
    let r = rules("kingofthehill");
    let pos = after(&r, "4k3/8/8/8/8/4K3/8/8 w - - 0 1", &["e3-e4"]);
    assert_over(&pos, Outcome::WonBy(WHITE, REACH));
    // The words name the piece and the zone.
    assert_eq!(
        pos.outcome().map(|o| o.describe(&r)),
        Some("white wins: a king reached center".to_string())
    );
    // A king that merely attacks the hill has not won.
    let pos = after(&r, "4k3/8/8/8/8/8/4K3/8 w - - 0 1", &["e2-e3"]);
    assert_eq!(pos.outcome(), None);
}

#[test]
fn jeson_mor_is_won_by_a_knight_still_on_the_centre_at_its_owners_turn_and_the_words_say_so() {
    let r = rules("jesonmor");
    let pos = at(&r, "4n4/9/9/9/4N4/9/9/9/4N4 w - - 0 1");
    assert_eq!(
        pos.outcome().map(|o| o.describe(&r)),
        Some("white wins: a knight held center through the replies".to_string())
    );
    // Black to move with White's knight there: not yet (Black may still take it).
    assert_eq!(at(&r, "4n4/9/9/9/4N4/9/9/9/4N4 b - - 0 1").outcome(), None);
}

#[test]
fn racing_kings_gives_black_an_equalising_reply() {
    let r = rules("racingkings");
    // White arrives; Black can arrive too, so he gets his reply...
    let pos = after(
        &r,
        "8/6k1/K7/8/8/8/8/8 w - - 0 1",
        &["a6-a7", "g7-h7", "a7-a8"],
    );
    assert_eq!(pos.outcome(), None);
    // ... and arriving draws, while any other reply loses.
    let drawn = after(&r, "K7/7k/8/8/8/8/8/8 b - - 0 1", &["h7-h8"]);
    assert_over(&drawn, Outcome::DrawnBy(REACH));
    let lost = after(&r, "K7/7k/8/8/8/8/8/8 b - - 0 1", &["h7-h6"]);
    assert_over(&lost, Outcome::WonBy(WHITE, REACH));
    // Black cannot arrive in one move: White has won at once.
    assert_over(
        &at(&r, "K7/8/7k/8/8/8/8/8 b - - 0 1"),
        Outcome::WonBy(WHITE, REACH),
    );
    // Black arrives first: he wins at once, White gets no reply.
    assert_over(
        &at(&r, "7k/8/K7/8/8/8/8/8 w - - 0 1"),
        Outcome::WonBy(BLACK, REACH),
    );
}

#[test]
fn racing_kings_moves_may_not_give_check() {
    let r = rules("racingkings");
    let pos = at(&r, "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1");
    let moves = legal_move_texts(&pos);
    // The knight's move e2-c3 would attack the black king on a2.
    assert!(!moves.contains(&"e2-c3".to_string()), "{moves:?}");
    let b = r.board();
    let m = Move::Normal {
        from: b.node("e2").unwrap(),
        to: b.node("c3").unwrap(),
        promotion: None,
        gating: None,
    };
    let why = pos.clone().play(&m).unwrap_err();
    assert!(matches!(why, PlayError::GivesCheck { .. }), "{why:?}");
    assert_eq!(
        why.to_string(),
        "e2-c3 would give check, and this move may not give check"
    );
}

#[test]
fn draw_rules_are_for_play_and_show_only() {
    let r = rules("shatranj");
    // 70 moves of each player without a capture or pawn move.
    let pos = at(&r, "3k4/8/8/8/8/2p5/8/R2K4 w - - 140 90");
    assert_eq!(
        pos.outcome(),
        None,
        "perft and the move list ignore the draw rules"
    );
    assert_eq!(
        pos.draw_by_rules(&[]),
        Some(Outcome::DrawnBy(EndRule::MoveRule))
    );
    let pos = at(&r, "3k4/8/8/8/8/2p5/8/R2K4 w - - 139 90");
    assert_eq!(pos.draw_by_rules(&[]), None);
    // The third occurrence of a position draws.
    let mut pos = at(&r, "3k4/8/8/8/8/2p5/8/R2K4 w - - 0 1");
    let mut seen = Vec::new();
    for m in [
        "a1a2", "d8e8", "a2a1", "e8d8", "a1a2", "d8e8", "a2a1", "e8d8",
    ] {
        seen.push(pos.hash());
        let mv = parse_move(&pos, m).unwrap();
        pos.play(&mv).unwrap();
    }
    assert_eq!(
        pos.draw_by_rules(&seen),
        Some(Outcome::DrawnBy(EndRule::Repetition))
    );
    assert_eq!(pos.draw_by_rules(&seen[..4]), None);
    // Two bare kings in three-check: no check can be given any more.
    let r = rules("3check");
    let pos = at(&r, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 checks:3+3");
    assert_eq!(
        pos.draw_by_rules(&[]),
        Some(Outcome::DrawnBy(EndRule::InsufficientMaterial))
    );
}

#[test]
fn play_ends_a_game_by_repetition_unless_told_not_to() {
    use crate::helpers::session::{GameEnd, PlayOptions, play};
    let r = rules("shatranj");
    let start = at(&r, "3k4/8/8/8/8/2p5/8/R2K4 w - - 0 1");
    let input = "a1a2\nd8e8\na2a1\ne8d8\na1a2\nd8e8\na2a1\ne8d8\n";
    let options = PlayOptions {
        draw_rules: true,
        ..PlayOptions::default()
    };
    let mut out = Vec::new();
    let end = play(start.clone(), input.as_bytes(), &mut out, &options).unwrap();
    assert_eq!(
        end,
        GameEnd::Finished(Outcome::DrawnBy(EndRule::Repetition))
    );
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("result: draw: the same position occurred 3 times"),
        "{text}"
    );
    let mut out = Vec::new();
    let end = play(start, input.as_bytes(), &mut out, &PlayOptions::default()).unwrap();
    assert_eq!(end, GameEnd::EndOfInput);
}

/// Entry `entry` of `stalemate_count` (0: fewer pieces, 1: as many, 2: more).
fn stalemate_count(entry: u8) -> EndRule {
    EndRule::Declared {
        key: "stalemate_count",
        entry,
    }
}

#[test]
fn suicide_adjudicates_a_stalemate_by_counting_pieces_as_pyffish_does() {
    // pyffish 0.0.90's `game_result` on these: 32000 (the stalemated White wins), 0, -32000.
    let r = rules("suicide");
    // A move into the stalemate: Black's a4-a3 blocks White's last pawn; White has one piece,
    // Black two.
    let fewer = after(&r, "8/7p/8/8/p7/8/P7/8 b - - 0 1", &["a4-a3"]);
    assert_over(&fewer, Outcome::WonBy(WHITE, stalemate_count(0)));
    assert_eq!(
        fewer.outcome().map(|o| o.describe(&r)),
        Some("white wins: stalemate, the stalemated player having fewer pieces".to_string())
    );
    let equal = at(&r, "8/8/8/8/8/p6p/P6P/8 w - - 0 1");
    assert_over(&equal, Outcome::DrawnBy(stalemate_count(1)));
    let more = at(&r, "8/8/8/8/4p3/p3P3/P3P3/8 w - - 0 1");
    assert_over(&more, Outcome::WonBy(BLACK, stalemate_count(2)));
    // Antichess, without the count: the stalemated player wins whatever the counts.
    let anti = at(&rules("antichess"), "8/8/8/8/4p3/p3P3/P3P3/8 w - - 0 1");
    assert_eq!(
        anti.outcome(),
        Some(Outcome::WonBy(WHITE, EndRule::Stalemate))
    );
}

/// Shatar's robado (pyffish 0.0.90's `shatar`: `game_result` 0 at once, whoever is to move): a
/// capture that leaves a player his king alone draws.
#[test]
fn a_bare_king_draws_in_shatar() {
    let r = rules("shatar");
    let pos = after(&r, "4k3/8/8/8/8/8/3p4/3RK3 w - - 0 1", &["d1-d2"]);
    assert_over(&pos, Outcome::DrawnBy(material(0)));
    // White to move, Black bare: drawn all the same.
    let pos = at(&r, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(pos.outcome(), Some(Outcome::DrawnBy(material(0))));
}

/// Shatar's mate rule (`mate_series`) against pyffish 0.0.90's `game_result` on the mates of
/// seeded random games (`tests/data/shatar_mates.txt`): -32000 the mated player loses, 0 a
/// draw (niol), 32000 he wins (a mate by knights alone).
#[test]
fn shatar_mates_are_judged_by_the_series_of_checks_as_pyffish_does() {
    let r = rules("shatar");
    let data = std::fs::read_to_string("tests/data/shatar_mates.txt").unwrap();
    let start = r.start_fen().to_string();
    let mut seen = 0;
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let texts: Vec<String> = f[3..]
            .iter()
            .map(|m| {
                let (a, b) = (&m[..2], &m[2..4]);
                match m.get(4..) {
                    Some(p) if !p.is_empty() => format!("{a}-{b}={}", p.to_uppercase()),
                    _ => format!("{a}-{b}"),
                }
            })
            .collect();
        let moves: Vec<&str> = texts.iter().map(String::as_str).collect();
        let pos = after(&r, &start, &moves);
        let mated = pos.to_move();
        let got = match pos.outcome() {
            Some(Outcome::DrawnBy(_)) => 0,
            Some(Outcome::WonBy(p, _)) | Some(Outcome::Winner(p)) if p == mated => 32000,
            Some(Outcome::WonBy(_, _)) | Some(Outcome::Winner(_)) => -32000,
            other => panic!("seed {}: {other:?}", f[0]),
        };
        assert_eq!(got.to_string(), f[2], "seed {}: {}", f[0], pos.to_fen());
        seen += 1;
    }
    assert!(seen >= 5);
}

/// Shatar's niol: a mate whose series of checks held no shak (here a bishop's mate from a
/// position given as text, whose series start empty) is drawn; a rook's mate wins (pyffish
/// 0.0.90's `game_result`: 0 and -32000).
#[test]
fn a_shatar_mate_without_a_shak_is_drawn() {
    let r = rules("shatar");
    let niol = after(&r, "kb6/p7/4B3/8/8/8/8/7K w - - 0 1", &["e6-d5"]);
    assert_eq!(
        niol.outcome(),
        Some(Outcome::DrawnBy(EndRule::Declared {
            key: "mate_series",
            entry: 2
        }))
    );
    let shak = after(&r, "7k/5ppp/8/8/8/8/8/R6K w - - 0 1", &["a1-a8"]);
    assert!(matches!(shak.outcome(), Some(Outcome::WonBy(WHITE, _))));
}
