//! Any `Move` value, generated or not, is answered without a panic: `is_legal` holds exactly for
//! the generated legal moves, `play` plays exactly those and refuses every other value with a
//! reason (a move built from another variant's ids included), and `play_unchecked` never corrupts
//! the position.

use std::collections::BTreeSet;
use std::sync::Arc;

use chessgraph::Position;
use chessgraph::Rules;
use chessgraph::testing::hash_from_scratch;
use chessgraph::testing::{Gating, GatingInternals, MoveInternals};
use chessgraph::{KindId, NodeId};
use chessgraph::{Move, PlayError};

use crate::helpers::{Rng, load, playout_positions, swept_variant_files};

/// Ids to build moves from: this variant's nodes and kinds, and those of a bigger variant (3 Man
/// Chess: 144 nodes; the fairy pieces: many kinds), most of which are foreign here.
struct Pool {
    nodes: Vec<NodeId>,
    kinds: Vec<KindId>,
}

impl Pool {
    fn new(own: &Rules, others: &[Arc<Rules>]) -> Pool {
        let mut nodes: BTreeSet<NodeId> = own.board().node_ids().collect();
        let mut kinds: BTreeSet<KindId> = own
            .kinds()
            .iter()
            .filter_map(|k| own.kind_by_letter(k.letter))
            .collect();
        for r in others {
            nodes.extend(r.board().node_ids());
            kinds.extend(r.kinds().iter().filter_map(|k| r.kind_by_letter(k.letter)));
        }
        Pool {
            nodes: nodes.into_iter().collect(),
            kinds: kinds.into_iter().collect(),
        }
    }

    fn node(&self, rng: &mut Rng) -> NodeId {
        self.nodes[rng.below(self.nodes.len())]
    }

    fn kind(&self, rng: &mut Rng) -> KindId {
        self.kinds[rng.below(self.kinds.len())]
    }

    /// A second part, one time in four.
    fn gating(&self, rng: &mut Rng) -> Option<Gating> {
        match rng.below(8) {
            0 => Gating::new(self.kind(rng)),
            1 => Gating::on_rook_square(self.kind(rng)),
            2 => Gating::blocker(self.node(rng)),
            _ => None,
        }
    }

    /// A random move value of any form.
    fn any_move(&self, rng: &mut Rng) -> Move {
        match rng.below(4) {
            0 => Move::Normal {
                from: self.node(rng),
                to: self.node(rng),
                promotion: (rng.below(3) == 0).then(|| self.kind(rng)),
                gating: self.gating(rng),
            },
            1 => Move::Castle {
                king_from: self.node(rng),
                king_to: self.node(rng),
                rook_from: self.node(rng),
                gating: self.gating(rng),
            },
            2 => Move::EnPassant {
                from: self.node(rng),
                to: self.node(rng),
                captured: self.node(rng),
                gating: self.gating(rng),
            },
            _ => Move::Drop {
                kind: self.kind(rng),
                to: self.node(rng),
                value: None,
            },
        }
    }

    /// A near miss of a legal move: the same move with one field changed.
    fn mutate(&self, m: Move, rng: &mut Rng) -> Move {
        match m {
            Move::Normal {
                from,
                to,
                promotion,
                gating,
            } => match rng.below(4) {
                0 => Move::Normal {
                    from: self.node(rng),
                    to,
                    promotion,
                    gating,
                },
                1 => Move::Normal {
                    from,
                    to: self.node(rng),
                    promotion,
                    gating,
                },
                2 => m.with_gating(Gating::new(self.kind(rng))),
                _ => Move::Normal {
                    from,
                    to,
                    promotion: Some(self.kind(rng)),
                    gating,
                },
            },
            Move::Castle {
                king_from,
                king_to,
                gating,
                ..
            } => Move::Castle {
                king_from,
                king_to,
                rook_from: self.node(rng),
                gating,
            },
            Move::EnPassant {
                from, to, gating, ..
            } => Move::EnPassant {
                from,
                to,
                captured: self.node(rng),
                gating,
            },
            Move::Drop { to, value, .. } => Move::Drop {
                kind: self.kind(rng),
                to,
                value,
            },
        }
    }
}

/// Whether `m` names a node or kind that `rules` does not have.
fn is_foreign(rules: &Rules, m: Move) -> bool {
    let nodes = rules.board().node_ids().count();
    let kinds = rules.kinds().len();
    let node = |n: NodeId| n.index() >= nodes;
    if m.gating()
        .is_some_and(|g| match (g.kind(), g.blocker_to()) {
            (Some(k), _) => k.index() >= kinds,
            (None, to) => to.is_none_or(node),
        })
    {
        return true;
    }
    match m {
        Move::Normal {
            from,
            to,
            promotion,
            ..
        } => node(from) || node(to) || promotion.is_some_and(|k| k.index() >= kinds),
        Move::Castle {
            king_from,
            king_to,
            rook_from,
            ..
        } => node(king_from) || node(king_to) || node(rook_from),
        Move::EnPassant {
            from, to, captured, ..
        } => node(from) || node(to) || node(captured),
        Move::Drop { kind, to, .. } => kind.index() >= kinds || node(to),
    }
}

/// Checks one move value against the legal moves of `pos`.
fn check_value(pos: &Position, legal: &BTreeSet<Move>, m: Move, what: &str) {
    let listed = legal.contains(&m);
    assert_eq!(pos.is_legal(&m), listed, "{what}: is_legal({m:?})");
    let mut played = pos.clone();
    match played.play(&m) {
        Ok(undo) => {
            assert!(
                listed,
                "{what}: play accepted {m:?}, which is not a legal move"
            );
            assert_eq!(played.hash(), hash_from_scratch(&played), "{what}: {m:?}");
            played.unmake(undo);
            assert!(played == *pos, "{what}: unmake after play {m:?}");
        }
        Err(e) => {
            assert!(!listed, "{what}: play refused the legal {m:?}: {e}");
            assert!(!e.to_string().is_empty(), "{what}: an empty reason");
            assert_eq!(
                matches!(e, PlayError::ForeignIds),
                is_foreign(pos.rules(), m),
                "{what}: {m:?}: {e}"
            );
        }
    }
    let mut unchecked = pos.clone();
    if let Some(undo) = unchecked.play_unchecked(&m) {
        assert_eq!(
            unchecked.hash(),
            hash_from_scratch(&unchecked),
            "{what}: unchecked {m:?}"
        );
        unchecked.unmake(undo);
        assert!(
            unchecked == *pos,
            "{what}: unmake after play_unchecked {m:?}"
        );
    } else {
        assert!(!listed, "{what}: play_unchecked refused the legal {m:?}");
    }
}

#[test]
fn any_move_value_is_answered_and_only_generated_moves_are_legal() {
    let others = [
        load("variants/three_man_chess.toml"),
        load("variants/fairy_pieces.toml"),
    ];
    let mut rng = Rng::new(0x6d6f_7665);
    let mut checked = 0;
    for file in swept_variant_files() {
        let rules = load(&file);
        let pool = Pool::new(&rules, &others);
        for (i, pos) in playout_positions(&rules, 7, 3, 30)
            .into_iter()
            .enumerate()
            .step_by(3)
        {
            let what = format!("{} position {i}", file.display());
            // A finished game (Jeson Mor's knight held e5) has no legal move, though its
            // side to move still has moves on the board.
            let legal: BTreeSet<Move> = match pos.outcome() {
                Some(_) => BTreeSet::new(),
                None => pos.legal_moves().into_iter().collect(),
            };
            for &m in &legal {
                check_value(&pos, &legal, m, &what);
                check_value(&pos, &legal, pool.mutate(m, &mut rng), &what);
            }
            for _ in 0..40 {
                check_value(&pos, &legal, pool.any_move(&mut rng), &what);
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked} random values");
}

#[test]
fn foreign_ids_and_drops_without_hands_are_refused_with_their_reason() {
    let chess = load("variants/chess.toml");
    let three = load("variants/three_man_chess.toml");
    let mut pos = Position::start(&chess);
    // A node of the 144-node board that the 64-node board does not have.
    let far = three.board().node_ids().last().expect("nodes");
    let e2 = chess.board().node("e2").expect("e2");
    let m = Move::Normal {
        from: e2,
        to: far,
        promotion: None,
        gating: None,
    };
    assert!(!pos.is_legal(&m));
    assert_eq!(pos.play(&m).unwrap_err(), PlayError::ForeignIds);
    let pawn = chess.kind_by_letter('P').expect("pawn");
    let drop = Move::Drop {
        kind: pawn,
        to: chess.board().node("e4").expect("e4"),
        value: None,
    };
    assert!(!pos.is_legal(&drop));
    assert_eq!(pos.play(&drop).unwrap_err(), PlayError::NoHands);
    assert!(pos.play_unchecked(&drop).is_none());
    assert_eq!(
        pos,
        Position::start(&chess),
        "refused moves leave the position alone"
    );
}
