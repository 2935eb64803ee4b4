//! Properties of random games in every shipped variant (`variants/*.toml`, so new variants are
//! covered as they are added): at every position of a random walk of legal moves,
//! - make/unmake restores the position exactly (`==` and position text), for every legal move;
//! - the position text round-trips through `from_fen`;
//! - the legal moves' texts are distinct, and a sample of them (every move where there are at most
//!   `SAMPLE`, else `SAMPLE` evenly spaced ones from an offset that moves with the ply) parse back
//!   to their moves, in both the long and the compact form, and are legal (`is_legal`): parsing
//!   lists the legal moves again, so checking every move made the test quadratic in the moves;
//! - no legal move leaves the mover's royal attacked;
//! - `perft(1)` equals the number of legal moves.

use std::sync::{Arc, OnceLock};

use chessgraph::Planned;
use chessgraph::Position;
use chessgraph::Rules;
use chessgraph::notation::{MoveError, move_text, parse_move};
use chessgraph::perft::perft;
use proptest::prelude::*;

/// Everything the public API shows of a position, in a comparable form.
fn observed(pos: &Position) -> String {
    let rules = pos.rules();
    let squares: Vec<String> = rules
        .board()
        .node_ids()
        .map(|n| format!("{:?}", pos.piece_at(n)))
        .collect();
    let mut ep: Vec<String> = chessgraph::testing::en_passant(pos)
        .iter()
        .map(|e| format!("{e:?}"))
        .collect();
    ep.sort();
    format!(
        "{} to move {:?} alive {:?} castling {:?} ep {ep:?} clocks {} {}",
        squares.join(","),
        pos.to_move(),
        pos.players_in(),
        pos.castling_rights(),
        pos.halfmove(),
        pos.fullmove()
    )
}

/// How many of a position's legal moves are parsed back and checked with `is_legal`.
const SAMPLE: usize = 8;

/// Whether move `i` of `n` is in the sample at `ply`.
fn sampled(i: usize, n: usize, ply: usize) -> bool {
    n <= SAMPLE || (i + ply).is_multiple_of(n.div_ceil(SAMPLE))
}

/// Checks every property at one position whose turn has been settled (`resolve`d), whose legal moves
/// are `moves`.
fn check_position(pos: &mut Position, moves: &[Planned], ply: usize, what: &str) {
    let rules = pos.rules().clone();
    let fen = pos.to_fen();
    let reread = Position::from_fen(&rules, &fen)
        .unwrap_or_else(|e| panic!("{what}: `{fen}` does not read back: {e}"));
    // Compared by what can be observed: `==` also compares the slots en passant entries happen to
    // sit in, which two equal positions need not share.
    assert_eq!(
        observed(&reread),
        observed(pos),
        "{what}: `{fen}` reads back to another position"
    );
    assert_eq!(reread.to_fen(), fen, "{what}");

    assert_eq!(
        perft(&mut pos.clone(), 1),
        moves.len() as u64,
        "{what}: perft(1) in `{fen}`"
    );

    let me = pos.to_move();
    let before = pos.clone();
    let mut texts = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let text = move_text(pos, m.mv());
        if sampled(i, moves.len(), ply) {
            check_text_and_legality(pos, m, &text, &fen, what);
        }
        texts.push(text.clone());

        let undo = pos.make(*m);
        assert!(
            !pos.royal_attacked(me),
            "{what}: `{text}` in `{fen}` leaves {}'s royal attacked",
            rules.player(me).name
        );
        pos.unmake(undo);
        assert_eq!(
            pos.to_fen(),
            fen,
            "{what}: make/unmake `{text}` changes the text"
        );
        // (`assert!`, not `assert_eq!`: a position's debug form holds the whole rules.)
        assert!(
            *pos == before,
            "{what}: make/unmake `{text}` in `{fen}` changes the position"
        );
    }
    texts.sort();
    let n = texts.len();
    texts.dedup();
    assert_eq!(
        texts.len(),
        n,
        "{what}: two legal moves print alike in `{fen}`"
    );
}

/// The text of legal move `m` reads back to it, in the long and the compact form, and the move is
/// legal.
fn check_text_and_legality(pos: &Position, m: &Planned, text: &str, fen: &str, what: &str) {
    match parse_move(pos, text) {
        Ok(back) => assert_eq!(
            back,
            m.mv(),
            "{what}: `{text}` in `{fen}` reads back to another move"
        ),
        Err(e) => panic!("{what}: `{text}` in `{fen}` does not read back: {e}"),
    }
    // The compact form (`e2e4`, `e7e8q`) reads back too, unless the names run together
    // ambiguously, which must then be said.
    if !text.contains('/') {
        // Lower case as UCI writes it, where the node names are (Raumschach's `Aa1` is not).
        let board = pos.rules().board();
        let capitals = (text.split(['-', '=', '/']))
            .any(|part| board.node(part).is_some() && part.chars().any(char::is_uppercase));
        // A flip back onto the base keeps its suffix `-` (`a1-a2-` is `a1a2-`).
        let (body, back) = text.strip_suffix('-').map_or((text, ""), |b| (b, "-"));
        let compact = format!("{}{back}", body.replace(['-', '='], ""));
        let compact = if capitals {
            compact
        } else {
            compact.to_ascii_lowercase()
        };
        match parse_move(pos, &compact) {
            Ok(back) => assert_eq!(back, m.mv(), "{what}: `{compact}` in `{fen}`"),
            Err(MoveError::Malformed { reason, .. }) => {
                assert!(
                    reason.contains("more than one way"),
                    "{what}: `{compact}`: {reason}"
                )
            }
            Err(e) => panic!("{what}: `{compact}` in `{fen}`: {e}"),
        }
    }
    assert!(
        pos.is_legal(&m.mv()),
        "{what}: `{text}` is listed but not legal in `{fen}`"
    );
}

/// Plays a random game in `rules`: `choices[i]` picks the move at ply `i`.
fn walk(rules: &Arc<Rules>, choices: &[u32], what: &str) {
    let mut pos = Position::start(rules);
    let mut moves = Vec::new();
    for (ply, &c) in choices.iter().enumerate() {
        let (outcome, _) = pos.resolve(&mut moves);
        let what = format!("{what} ply {ply}");
        check_position(&mut pos, &moves, ply, &what);
        if outcome.is_some() || moves.is_empty() {
            return;
        }
        pos.make(moves[c as usize % moves.len()]);
    }
}

/// Every swept variant, loaded once for all the cases.
fn variants() -> &'static [(String, Arc<Rules>)] {
    static VARIANTS: OnceLock<Vec<(String, Arc<Rules>)>> = OnceLock::new();
    VARIANTS.get_or_init(|| {
        crate::helpers::swept_variant_files()
            .into_iter()
            .map(|p| (p.display().to_string(), crate::helpers::load(&p)))
            .collect()
    })
}

proptest! {
    // 12 walks of every shipped variant (about 120 files): the test costs minutes of CI.
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn random_walks_keep_every_invariant(choices in prop::collection::vec(any::<u32>(), 1..=40)) {
        for (what, rules) in variants() {
            walk(rules, &choices, what);
        }
    }
}
