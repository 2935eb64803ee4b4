//! `[blocker]`: the neutral piece every move places as its second part (duck chess), checked:
//! a declared neutral kind, and no other second part (gating) or drops beside it.

use super::Builder;
use crate::diagnostic::{Code, Diagnostic};
use crate::limits::MAX_BLOCKER_NODES;
use crate::rules::{Blocker, PieceKind};
use crate::spec::variant::VariantSpec;

impl Builder<'_> {
    /// The compiled `[blocker]`, or `None` without one (or when it is refused, reported).
    pub(super) fn blocker(&mut self, spec: &VariantSpec, kinds: &[PieceKind]) -> Option<Blocker> {
        let b = spec.blocker.as_ref()?;
        let (span, b) = (b.span(), b.get_ref());
        let kind = self.kind_named(&b.piece, kinds, "`[blocker] piece`")?;
        if !kinds[kind.index()].neutral {
            self.err(
                Diagnostic::new(
                    Code::InvalidValue,
                    b.piece.span(),
                    format!("the blocker `{}` is not a neutral piece", b.piece.get_ref()),
                )
                .label("not neutral")
                .help("a blocker belongs to no player: give the piece `neutral = true` and `moves = []`"),
            );
            return None;
        }
        let nodes = self.board.node_count();
        if nodes > MAX_BLOCKER_NODES {
            self.err(
                Diagnostic::new(
                    Code::VariantTooLarge,
                    span,
                    format!("a blocker needs a board of at most {MAX_BLOCKER_NODES} nodes; this one has {nodes}"),
                )
                .label("the blocker")
                .help("a move carries the blocker's square in one byte: use a smaller board"),
            );
            return None;
        }
        let other = if !spec.gating.is_empty() {
            Some("`[[gating]]`: a move has one second part")
        } else if spec
            .hands
            .as_ref()
            .is_some_and(|h| h.get_ref().drops != Some(false))
        {
            Some("drops: a drop has no second part")
        } else {
            None
        };
        if let Some(other) = other {
            self.err(
                Diagnostic::new(
                    Code::InvalidValue,
                    span,
                    format!("`[blocker]` cannot be combined with {other}"),
                )
                .label("the blocker")
                .help("leave out `[blocker]`, or the gating rights and drops"),
            );
            return None;
        }
        Some(Blocker {
            kind,
            must_move: b.must_move,
        })
    }
}
