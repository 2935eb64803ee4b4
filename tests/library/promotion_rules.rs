//! Promotion rules as data: optional promotion in the zone, compulsory where the piece could not
//! move again, and promotion only to kinds the player has lost (grand chess).

use chessgraph::Position;

use crate::helpers::legal_moves_from;
use crate::helpers::load;
use chessgraph::testing::PositionInternals;

#[test]
fn grand_chess_promotes_only_to_lost_pieces_and_must_on_the_last_rank() {
    let rules = load("variants/grand.toml");
    let at = |text: &str| Position::from_fen(&rules, text).unwrap_or_else(|e| panic!("{e}"));
    // Nothing lost: on a8 the pawn may step to a9 (optional zone), but from a9 it has no move:
    // a10 would need a promotion, and there is nothing to promote to.
    let full = at("r8r/1nbqkcabn1/P8p/10/10/10/10/4PP4/pPNBQKCAB1/RN7R w - - 0 1");
    assert_eq!(legal_moves_from(&full, "a8"), ["a8-a9", "a8-b9"]);
    let full9 = at("1r7r/Pnbqkcabn1/9p/10/10/10/10/4PP4/pPNBQKCAB1/RN7R w - - 0 1");
    assert!(legal_moves_from(&full9, "a9").is_empty());
    // A knight lost: on a8 it may stay a pawn or become a knight; on a10 it must (a knight only).
    let lost = at("1r7r/Pnbqkcabn1/9p/10/10/10/10/4PP4/pPNBQKCAB1/R8R w - - 0 1");
    assert_eq!(legal_moves_from(&lost, "a9"), ["a9-a10=N", "a9-b10=N"]);
    let lost8 = at("r8r/1nbqkcabn1/P8p/10/10/10/10/4PP4/pPNBQKCAB1/R8R w - - 0 1");
    assert_eq!(
        legal_moves_from(&lost8, "a8"),
        ["a8-a9", "a8-a9=N", "a8-b9", "a8-b9=N"]
    );
    // The promoted knight replaces the lost one: White has lost nothing any more.
    let mut p = lost.clone();
    chessgraph::notation::play_line(&mut p, "a9a10n").expect("legal");
    let white = rules.player_id(0).expect("white");
    let knight = rules.kind_by_letter('N').expect("knight");
    assert!(lost.has_lost(white, knight));
    assert!(!p.has_lost(white, knight));
}

#[test]
fn promotion_choices_can_differ_by_zone() {
    let rules = load("tests/fixtures/rule_variants/promotion_by_zone.toml");
    let p = Position::from_fen(&rules, "8/P3k3/8/8/8/8/p3K3/8 w - - 0 1").expect("reads");
    // On rank 8 only the knight (`by_zone`); Black on rank 1 has every choice.
    assert_eq!(legal_moves_from(&p, "a7"), ["a7-a8=N"]);
    let p = Position::from_fen(&rules, "8/P3k3/8/8/8/8/p3K3/8 b - - 0 1").expect("reads");
    assert_eq!(
        legal_moves_from(&p, "a2"),
        ["a2-a1=B", "a2-a1=N", "a2-a1=Q", "a2-a1=R"]
    );
    // A choice the zone does not allow is refused with the ones it does.
    let p = Position::from_fen(&rules, "8/P3k3/8/8/8/8/p3K3/8 w - - 0 1").expect("reads");
    let err = chessgraph::notation::parse_move(&p, "a7-a8=Q").expect_err("no queen on rank 8");
    assert!(err.to_string().contains("a7-a8=N"), "{err}");
}

#[test]
fn by_zone_choices_are_checked_like_the_others() {
    let dir = crate::helpers::temp_dir();
    let file = dir.path().join("v.toml");
    let chess = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/chess.toml");
    std::fs::write(
        &file,
        format!(
            "extends = {:?}\n[pieces.pawn]\npromotion = {{ zone = \"promotion\", choices = [\"Q\"], by_zone = [{{ zone = \"rank_8\", choices = [\"P\", \"X\", \"N\", \"N\"] }}, {{ zone = \"nowhere\", choices = [] }}] }}\n",
            chess.display().to_string()
        ),
    )
    .expect("write");
    let err = chessgraph::Rules::load(&file).expect_err("refused");
    let text = format!("{err:?}");
    for part in [
        "promotes to itself",
        "promotes to `X`, which is no piece's letter",
        "lists the promotion `N` twice",
        "promotes to nothing",
        "nowhere",
    ] {
        assert!(text.contains(part), "no {part:?} in {text}");
    }
}
