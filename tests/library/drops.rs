//! Hands and drops on hand-made positions: every drop restriction, demotion on capture,
//! optional and compulsory promotion, and hands in position text.

use std::sync::Arc;

use chessgraph::Position;
use chessgraph::Rules;
use chessgraph::notation::{MoveError, legal_move_texts, move_text, parse_move, play_line};

use crate::helpers::legal_moves_from;
use crate::helpers::load;

fn pos(rules: &Arc<Rules>, text: &str) -> Position {
    Position::from_fen(rules, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal drops of the side to move, as sorted text.
fn drops(p: &Position) -> Vec<String> {
    // Only a drop's text has an `@`.
    legal_move_texts(p)
        .into_iter()
        .filter(|t| t.contains('@'))
        .collect()
}

/// The reason a move is refused, as the user reads it.
fn refusal(p: &Position, text: &str) -> String {
    match parse_move(p, text) {
        Ok(m) => panic!("`{text}` was accepted as {m:?}"),
        Err(MoveError::Illegal(e)) => e.to_string(),
        Err(e) => panic!("`{text}` was not read: {e}"),
    }
}

#[test]
fn shogi_pieces_are_never_dropped_where_they_could_never_move() {
    let rules = load("variants/shogi.toml");
    let p = pos(&rules, "4k4/9/9/9/9/9/9/9/4K4[PLN] w - - 0 1");
    let d = drops(&p);
    // Pawn and lance: not on rank 9; knight: not on ranks 8 and 9 (from sente's side).
    for (token, banned) in [("P", &[9][..]), ("L", &[9]), ("N", &[8, 9])] {
        for rank in 1..=9 {
            let any = d
                .iter()
                .any(|t| t.starts_with(&format!("{token}@")) && t.ends_with(&rank.to_string()));
            assert_eq!(
                any,
                !banned.contains(&rank),
                "{token} on rank {rank}: {d:?}"
            );
        }
    }
    assert_eq!(
        refusal(&p, "N@a8"),
        "`N` cannot be dropped on a8: it could never move from there"
    );
    // Gote's pieces move south: their dead ranks are 1 (and 2 for the knight).
    let g = pos(&rules, "4k4/9/9/9/9/9/9/9/4K4[pn] b - - 0 1");
    assert_eq!(
        refusal(&g, "P@a1"),
        "`P` cannot be dropped on a1: it could never move from there"
    );
    assert!(
        parse_move(&g, "P@a9").is_ok(),
        "a9 is gote's own back rank: the pawn can move"
    );
    assert!(drops(&g).contains(&"N@a3".to_string()));
    assert!(!drops(&g).contains(&"N@a2".to_string()));
}

#[test]
fn crazyhouse_pawns_are_dropped_only_on_ranks_2_to_7() {
    let rules = load("variants/crazyhouse.toml");
    let p = pos(&rules, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
    let d = drops(&p);
    assert_eq!(d.len(), 48, "every square of ranks 2-7: {d:?}");
    assert!(d.iter().all(|t| !t.ends_with('1') && !t.ends_with('8')));
    assert_eq!(
        refusal(&p, "P@a1"),
        "`P` cannot be dropped on a1: it is outside the kind's drop zone"
    );
    assert_eq!(refusal(&p, "N@c3"), "white has no `N` in hand");
    assert_eq!(refusal(&p, "P@e1"), "cannot drop on e1: it is not empty");
}

#[test]
fn one_pawn_per_file_nifu() {
    let rules = load("variants/shogi.toml");
    // Sente has pawns on e3 and, promoted, on c5 (a tokin does not count).
    let p = pos(&rules, "4k4/9/9/9/2+P6/9/4P4/9/4K4[P] w - - 0 1");
    let d = drops(&p);
    assert!(!d.iter().any(|t| t.starts_with("P@e")), "{d:?}");
    assert!(
        d.contains(&"P@c4".to_string()),
        "the tokin's file is open: {d:?}"
    );
    assert_eq!(
        refusal(&p, "P@e5"),
        "`P` cannot be dropped on e5: its line along `n` already holds 1 of them"
    );
    // Gote's pawn on file e does not limit sente.
    let q = pos(&rules, "4k4/9/4p4/9/9/9/9/9/4K4[P] w - - 0 1");
    assert!(drops(&q).contains(&"P@e5".to_string()));
}

#[test]
fn a_pawn_drop_may_check_but_not_mate() {
    let rules = load("variants/shogi.toml");
    // Gote's king on e9 between its lances; sente's gold on e7 guards e8, d8 and f8.
    let mate = pos(&rules, "3lkl3/9/4G4/9/9/9/9/9/4K4[P] w - - 0 1");
    assert!(!drops(&mate).contains(&"P@e8".to_string()));
    assert_eq!(
        refusal(&mate, "P@e8"),
        "`P` may give check by a drop, but not checkmate: P@e8 would mate"
    );
    // Without the lance on f9 the king escapes there: the same drop checks and is legal.
    let mut check = pos(&rules, "3lk4/9/4G4/9/9/9/9/9/4K4[P] w - - 0 1");
    let m = parse_move(&check, "P@e8").expect("a checking pawn drop");
    check.play(&m).expect("legal");
    assert!(check.is_check());
    // Another piece may mate by a drop: a gold on e8 (sente holds one instead of the pawn).
    let mut gold = pos(&rules, "3lkl3/9/4G4/9/9/9/9/9/4K4[G] w - - 0 1");
    let m = parse_move(&gold, "G@e8").expect("a mating gold drop is legal");
    gold.play(&m).expect("legal");
    assert!(gold.outcome().is_some(), "mate: {}", gold.to_fen());
}

#[test]
fn captured_pieces_join_the_hand_as_their_base_kind() {
    // Crazyhouse: a promoted queen (`Q~`) goes to the capturer's hand as a pawn.
    let rules = load("variants/crazyhouse.toml");
    let mut p = pos(&rules, "3Q~k3/8/8/8/8/8/7r/4K3[] b - - 0 1");
    play_line(&mut p, "e8d8").expect("the king takes the promoted queen");
    assert_eq!(p.to_fen(), "3k4/8/8/8/8/8/7r/4K3[p] w - - 0 2");
    // A real queen stays a queen in hand.
    let mut q = pos(&rules, "3Qk3/8/8/8/8/8/7r/4K3[] b - - 0 1");
    play_line(&mut q, "e8d8").expect("the king takes the queen");
    assert_eq!(q.to_fen(), "3k4/8/8/8/8/8/7r/4K3[q] w - - 0 2");
    // A promotion in crazyhouse makes the `~` piece.
    let mut r = pos(&rules, "8/P3k3/8/8/8/8/8/4K3[] w - - 0 1");
    play_line(&mut r, "a7a8q").expect("promotion");
    assert_eq!(r.to_fen(), "Q~7/4k3/8/8/8/8/8/4K3[] b - - 0 1");
    // Shogi: a tokin goes to hand as a pawn, a dragon as a rook.
    let rules = load("variants/shogi.toml");
    let mut s = pos(&rules, "k8/9/9/9/4+R4/4+p4/9/9/4K4[] w - - 0 1");
    play_line(&mut s, "e5e4").expect("the dragon takes the tokin");
    assert_eq!(s.to_fen(), "k8/9/9/9/9/4+R4/9/9/4K4[P] b - - 0 1");
}

#[test]
fn with_promoted_keep_a_captured_promoted_piece_joins_the_hand_as_what_it_became() {
    // Loop chess: a promotion makes a plain queen (no `~` twin), and a captured promoted queen
    // joins the hand as a queen, to be dropped as one.
    let rules = load("variants/loop.toml");
    let mut r = pos(&rules, "8/P3k3/8/8/8/8/8/4K3[] w - - 0 1");
    play_line(&mut r, "a7a8q").expect("promotion");
    assert_eq!(r.to_fen(), "Q7/4k3/8/8/8/8/8/4K3[] b - - 0 1");
    let mut p = pos(
        &rules,
        "rnbqk2Q/ppppppbp/8/8/8/8/PPPPPP1P/RNBQKBNR[Rn] b KQq - 0 1",
    );
    play_line(&mut p, "g7h8").expect("the bishop takes the promoted queen");
    assert_eq!(
        p.to_fen(),
        "rnbqk2b/pppppp1p/8/8/8/8/PPPPPP1P/RNBQKBNR[Rqn] w KQq - 0 2"
    );
    play_line(&mut p, "e2e4").expect("a pawn move");
    assert!(drops(&p).contains(&"Q@e6".to_string()), "{:?}", drops(&p));
    // The `~` mark means nothing here: it is refused by name.
    assert!(Position::from_fen(&rules, "3Q~k3/8/8/8/8/8/7r/4K3[] b - - 0 1").is_err());
    // Chessgi: pawns are dropped on the first rank too, never on the last.
    let rules = load("variants/chessgi.toml");
    let p = pos(
        &rules,
        "rnbqkbnr/pppppppp/8/8/8/8/2PPPPPP/2BQKBNR[Pp] w Kkq - 0 1",
    );
    let first: Vec<String> = drops(&p).into_iter().filter(|t| t.ends_with('1')).collect();
    assert_eq!(first, ["P@a1", "P@b1"]);
    assert!(!drops(&p).iter().any(|t| t.ends_with('8')));
}

#[test]
fn a_piece_dropped_where_it_must_promote_stands_there_unpromoted_and_reads_back() {
    // Regression (issue 35, euroshogi's knight): the drop printed a position that `--fen`
    // refused, "stands where it must already have promoted".
    let rules = load("tests/fixtures/rule_variants/compulsory_promotion_drops.toml");
    let mut p = pos(&rules, "4k/5/5/5/K4[S] w - - 0 1");
    assert!(drops(&p).contains(&"S@c5".to_string()), "{:?}", drops(&p));
    play_line(&mut p, "S@c5").expect("a silver may be dropped on the last rank");
    let text = p.to_fen();
    assert_eq!(text, "2S1k/5/5/5/K4[] b - - 1 1");
    assert_eq!(pos(&rules, &text).to_fen(), text);
    // A silver moving into the zone still must promote.
    let moved = pos(&rules, "4k/2S2/5/5/K4[] w - - 0 1");
    assert_eq!(
        crate::helpers::legal_moves_from(&moved, "c4"),
        ["c4-b3", "c4-b5+", "c4-c5+", "c4-d3", "c4-d5+"]
    );
}

#[test]
fn a_euroshogi_knight_dropped_on_the_sixth_rank_prints_a_position_that_reads_back() {
    // Issue 35: in EuroShogi every promotion is compulsory, and a knight dropped in the zone
    // stands there unpromoted (it can still step sideways). The position it made printed a text
    // that `--fen` refused ("stands where it must already have promoted").
    let rules = load("variants/euroshogi.toml");
    let mut p = pos(&rules, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1");
    let knight_drops: Vec<String> = drops(&p).into_iter().filter(|t| t.ends_with('6')).collect();
    assert_eq!(
        knight_drops,
        [
            "N@a6", "N@b6", "N@c6", "N@d6", "N@e6", "N@f6", "N@g6", "N@h6"
        ]
    );
    play_line(&mut p, "N@b6 e8d8").expect("a knight may be dropped on the sixth rank");
    let text = p.to_fen();
    assert_eq!(text, "3k4/8/1N6/8/8/8/8/4K3[] w - - 2 2");
    assert_eq!(pos(&rules, &text).to_fen(), text);
    // Every move of the knight from there is in the zone, so it must promote (as pyffish lists).
    assert_eq!(
        crate::helpers::legal_moves_from(&p, "b6"),
        ["b6-a6+", "b6-a8+", "b6-c6+", "b6-c8+"]
    );
}

#[test]
fn okisaki_shogis_second_player_promotes_symmetric_pieces_to_its_own_gold() {
    // The vertical slider and the chess knight move alike in both players' frames; their gold
    // does not: the second player's promoted piece steps as its own gold (as pyffish lists).
    let rules = load("variants/okisakishogi.toml");
    let mut p = pos(&rules, "k9/10/10/10/10/10/10/l9/10/9K[] b - - 0 1");
    play_line(&mut p, "a3a2+ j1j2").expect("the slider promotes entering the zone");
    assert_eq!(
        legal_moves_from(&p, "a2"),
        ["a2-a1", "a2-a3", "a2-b1", "a2-b2"]
    );
    let mut p = pos(&rules, "k9/10/10/10/10/10/10/n9/10/9K[] b - - 0 1");
    play_line(&mut p, "a3b1+ j1j2").expect("the knight promotes on the last rank");
    assert_eq!(legal_moves_from(&p, "b1"), ["b1-a1", "b1-b2", "b1-c1"]);
}

#[test]
fn shogi_promotion_is_optional_except_where_the_piece_could_not_move_again() {
    let rules = load("variants/shogi.toml");
    let p = pos(&rules, "4k4/9/2P6/P8/9/9/6N2/1S7/4K4[] w - - 0 1");
    let texts = |from: &str| legal_moves_from(&p, from);
    // A pawn entering rank 7 may promote or not; on rank 9 it must.
    assert_eq!(texts("a6"), ["a6-a7", "a6-a7+"]);
    assert_eq!(texts("c7"), ["c7-c8", "c7-c8+"]);
    // A knight landing on rank 8 could never move again: only the promotion.
    let p2 = pos(&rules, "4k4/9/9/6N2/9/9/9/9/4K4[] w - - 0 1");
    assert_eq!(legal_moves_from(&p2, "g6"), ["g6-f8+", "g6-h8+"]);
    assert!(refusal(&p2, "g6f8").starts_with("the knight must promote on f8"));
    // Leaving the zone promotes too: a silver on c8 stepping back to b7... and out to d7.
    let p3 = pos(&rules, "4k4/2S6/9/9/9/9/9/9/4K4[] w - - 0 1");
    let back = parse_move(&p3, "c8-d7+").expect("a silver moving within the zone may promote");
    assert_eq!(move_text(&p3, back), "c8-d7+");
    let p4 = pos(&rules, "4k4/9/2S6/9/9/9/9/9/4K4[] w - - 0 1");
    let out = parse_move(&p4, "c7b6+").expect("a silver leaving the zone may promote");
    assert_eq!(move_text(&p4, out), "c7-b6+");
}

#[test]
fn hands_in_position_text_read_in_any_order_and_write_canonically() {
    let rules = load("variants/shogi.toml");
    let a = pos(&rules, "4k4/9/9/9/9/9/9/9/4K4[pPBgGp] w - - 0 1");
    assert_eq!(a.to_fen(), "4k4/9/9/9/9/9/9/9/4K4[GPBgpp] w - - 0 1");
    assert_eq!(pos(&rules, &a.to_fen()), a);
    let b = pos(&rules, "4k4/9/9/9/9/9/9/9/4K4[GPBgpp] w - - 0 1");
    assert_eq!(a.hash(), b.hash());
    let errors = |text: &str| match Position::from_fen(&rules, text) {
        Ok(p) => panic!("{text} was accepted: {}", p.to_fen()),
        Err(e) => e.to_string(),
    };
    assert!(
        errors("4k4/9/9/9/9/9/9/9/4K4 w - - 0 1").contains("the rows end with the pieces in hand"),
        "the hand group is required"
    );
    assert!(errors("4k4/9/9/9/9/9/9/9/4K4[2P] w - - 0 1").contains("`PP`, not `2P`"));
    assert!(
        errors("4k4/9/9/9/9/9/9/9/4K4[+P] w - - 0 1")
            .contains("is a promoted piece: a captured one joins the hand as `P`")
    );
    assert!(errors("4k4/9/9/9/9/9/9/9/4K4[X] w - - 0 1").contains("no piece has the letter"));
    // A variant without hands reads no hand group.
    let chess = load("variants/chess.toml");
    assert!(Position::from_fen(&chess, "4k3/8/8/8/8/8/8/4K3[] w - - 0 1").is_err());
}

#[test]
fn with_captures_out_a_captured_piece_leaves_the_game_and_the_hand_only_empties() {
    let rules = load("tests/fixtures/rule_variants/hands_captured_out.toml");
    let mut p = Position::start(&rules);
    assert!(drops(&p).contains(&"N@e4".to_string()));
    play_line(&mut p, "N@e5 d7d6 e5f7").expect("drop, then a capture");
    // The knight took the f7 pawn: nothing joins White's hand; Black still holds its knight.
    assert_eq!(p.hand_of(p.to_move()).len(), 1);
    assert!(p.to_fen().contains("[n]"), "{}", p.to_fen());
}

#[test]
fn with_drops_reset_clock_every_drop_resets_the_halfmove_clock() {
    // Dragon chess (`drops_reset_clock = true`): the dragon's drop resets it, as in Fairy-Stockfish.
    let dragon = load("variants/dragon.toml");
    let mut p = pos(
        &dragon,
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[Dd] w KQkq - 4 10",
    );
    play_line(&mut p, "D@b1").expect("the drop plays");
    assert_eq!(p.halfmove(), 0, "{}", p.to_fen());
    play_line(&mut p, "a8b8").expect("a rook move");
    assert_eq!(p.halfmove(), 1, "{}", p.to_fen());
    // Pocket Knight chess (the option off): a knight's drop counts like any quiet move.
    let knight = load("variants/pocketknight.toml");
    let mut p = pos(
        &knight,
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[Nn] w KQkq - 4 10",
    );
    play_line(&mut p, "N@b1").expect("the drop plays");
    assert_eq!(p.halfmove(), 5, "{}", p.to_fen());
}
