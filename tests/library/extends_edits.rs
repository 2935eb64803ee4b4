//! `extends` edits what it inherits: `[remove]` takes out pieces, castlings and players' zone
//! entries, `[players.NAME]` changes one inherited player, and tables merge key by key (a piece's
//! letter changes alone).

use chessgraph::Rules;
use chessgraph::testing::{PieceKindInternals, PlayerInternals, RulesInternals};

fn load(name: &str) -> std::sync::Arc<Rules> {
    crate::helpers::load(format!("variants/{name}.toml"))
}

fn kind_names(r: &Rules) -> Vec<&str> {
    r.kinds().iter().map(|k| k.name.as_str()).collect()
}

#[test]
fn removed_pieces_and_castlings_are_gone() {
    let r = load("shatranj");
    let names = kind_names(&r);
    assert!(
        !names.contains(&"queen") && !names.contains(&"bishop"),
        "{names:?}"
    );
    assert!(r.castling().is_empty());
    // The letters of the removed pieces are free for the new ones.
    let q = r.kind_by_letter('Q').expect("a Q");
    assert_eq!(r.kind(q).name, "fers");
    // Horde keeps Black's castlings only.
    let horde = load("horde");
    let rights: Vec<&str> = horde.castling().iter().map(|c| c.right.as_str()).collect();
    assert_eq!(rights, ["k", "q"]);
}

#[test]
fn variants_that_replace_an_orthodox_piece_no_longer_know_it() {
    for (variant, gone, letter) in [
        ("amazon", "queen", 'Q'),
        ("almost", "queen", 'Q'),
        ("knightmate", "knight", 'N'),
        ("losalamos", "bishop", 'B'),
    ] {
        let r = load(variant);
        assert!(!kind_names(&r).contains(&gone), "{variant}");
        assert!(r.kind_by_letter(letter).is_none(), "{variant}");
        // Position text with the removed piece's letter (on a8) is refused.
        let start = chessgraph::Position::start(&r).to_fen();
        let with_it = format!("{}{}", letter.to_ascii_lowercase(), &start[1..]);
        let err = chessgraph::Position::from_fen(&r, &with_it)
            .expect_err(&format!("{variant}: {with_it}"));
        assert!(
            err.to_string().contains(&format!(
                "no piece has the letter `{}`",
                letter.to_ascii_lowercase()
            )),
            "{variant}: {err}"
        );
    }
}

#[test]
fn one_player_entry_changes_without_repeating_the_others() {
    let horde = load("horde");
    let chess = load("chess");
    // White's and Black's entries keep their names, marks and frames...
    for (h, c) in horde.players().iter().zip(chess.players()) {
        assert_eq!(
            (&h.name, &h.short, &h.mark, h.frame()),
            (&c.name, &c.short, &c.mark, c.frame())
        );
    }
    // ... and gain the zone the file added, used by the pawn's new double step.
    let first = horde
        .zone_by_name("pawn_first")
        .expect("the added zone is used");
    let b = horde.board();
    let [white, black] = [0, 1].map(|i| horde.player_id(i).unwrap());
    assert!(horde.zone(first, white).contains(b.node("a1").unwrap()));
    assert!(horde.zone(first, black).contains(b.node("a8").unwrap()));
    // The inherited zones are still there.
    let promotion = horde.zone_by_name("promotion").unwrap();
    assert!(horde.zone(promotion, white).contains(b.node("a8").unwrap()));
}

#[test]
fn a_merged_piece_keeps_what_it_does_not_change() {
    let courier = load("courier");
    let e = courier
        .kind_by_letter('E')
        .expect("the alfil is E in courier");
    assert_eq!(courier.kind(e).name, "alfil");
    let shatranj = load("shatranj");
    let b = shatranj.kind_by_letter('B').unwrap();
    assert_eq!(
        shatranj.kind(b).pattern_texts().count(),
        courier.kind(e).pattern_texts().count()
    );
}
