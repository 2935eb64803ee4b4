//! Orientation and the compiled move tables.

use super::Builder;
use crate::board::{DirId, NodeId};
use crate::diagnostic::{Code, Diagnostic};
use crate::limits::MAX_ATTACK_WAYS;
use crate::rules::{FrameId, KindId, PieceKind};
use crate::spec::variant::VariantSpec;
use crate::tables::{FrameData, KindProgram, MoveTables};

impl Builder<'_> {
    /// Orientation (a kind whose tables are the same in every frame ignores its frame), then the
    /// compiled tables.
    pub(super) fn tables(
        &mut self,
        spec: &VariantSpec,
        kinds: &mut [PieceKind],
        frames: &[(String, Vec<DirId>)],
        after: &[u8],
    ) -> Option<MoveTables> {
        let board = self.board;
        let ntwists = board.twists().len();
        // Orientation: a kind whose tables are the same in every frame ignores its frame.
        let images: Vec<Vec<DirId>> = frames.iter().map(|(_, im)| im.clone()).collect();
        let fd = FrameData {
            images: &images,
            after,
            twists: ntwists,
        };
        let probe = MoveTables::compile_rays(board, &fd, &programs(kinds));
        for (ki, k) in kinds.iter_mut().enumerate() {
            let kid = KindId(ki as u8);
            let same = board.node_ids().all(|n| {
                let sig = |f: usize| {
                    let mut v: Vec<(u16, Vec<NodeId>)> = probe
                        .rays(kid, FrameId(f as u8), n)
                        .iter()
                        .map(|r| (r.pattern, probe.steps(r).iter().map(|s| s.node).collect()))
                        .collect();
                    v.sort();
                    v
                };
                let base = sig(0);
                (1..frames.len()).all(|f| sig(f) == base)
            });
            k.oriented = !same;
        }
        drop(probe);
        if MoveTables::attack_bit_count(&programs(kinds), frames.len()) > 64 {
            self.err(
                Diagnostic::new(
                    Code::VariantTooLarge,
                    spec.name.span.clone(),
                    "more than 64 (piece, orientation) combinations",
                )
                .label("this variant")
                .help("the attack tables keep one bit per oriented piece kind and frame"),
            );
            return None;
        }
        let Some(tables) = MoveTables::compile(board, &fd, &programs(kinds)) else {
            self.err(
                Diagnostic::new(
                    Code::VariantTooLarge,
                    spec.name.span.clone(),
                    format!(
                        "the pieces' moves attack in more than {MAX_ATTACK_WAYS} distinct ways (an origin, a target and the squares between, over every node and frame)"
                    ),
                )
                .label("this variant")
                .help("long rides in many directions on a large board make the most ways; use fewer or shorter ones (see the README's limits)"),
            );
            return None;
        };
        Some(tables)
    }
}

/// What the tables need of each piece kind.
fn programs(kinds: &[PieceKind]) -> Vec<KindProgram<'_>> {
    kinds
        .iter()
        .map(|k| KindProgram {
            patterns: &k.patterns,
            oriented: k.oriented,
        })
        .collect()
}
