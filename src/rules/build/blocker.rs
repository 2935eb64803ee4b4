//! `[blocker]`: the neutral piece every move places as its second part (duck chess's duck,
//! amazons' arrows), checked: a declared neutral kind, no other second part (gating) or drops
//! beside it, and where it may go (`reach`, `on`, `zone`).

use super::Builder;
use super::lookup::unknown;
use crate::diagnostic::{Code, Diagnostic};
use crate::limits::MAX_BLOCKER_NODES;
use crate::rules::{Blocker, PieceKind};
use crate::spec::blocker::{BlockerOn, BlockerSpec};
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
        self.blocker_places(b, kinds).map(|(reach, zone)| Blocker {
            kind,
            must_move: b.must_move,
            stays: b.stays,
            reach,
            left: b
                .on
                .as_ref()
                .is_some_and(|o| *o.get_ref() == BlockerOn::Left),
            zone,
        })
    }

    /// Where the blocker may go: the kind whose reach it keeps to (`reach`), the zone; `None`
    /// when a key is refused (reported).
    #[allow(clippy::type_complexity)]
    fn blocker_places(
        &mut self,
        b: &BlockerSpec,
        kinds: &[PieceKind],
    ) -> Option<(Option<crate::ids::KindId>, Option<crate::ids::NodeSet>)> {
        let mut ok = true;
        if b.stays && b.must_move {
            self.err(
                Diagnostic::new(
                    Code::InvalidValue,
                    b.piece.span(),
                    "`must_move` and `stays` of `[blocker]` exclude each other".to_string(),
                )
                .label("the blocker")
                .help("a blocker that stays never moves: leave out `must_move`"),
            );
            ok = false;
        }
        let reach = match &b.reach {
            None => None,
            Some(name) => {
                let k = self.kind_named(name, kinds, "`[blocker] reach`")?;
                if kinds[k.index()].patterns.iter().any(|p| p.is_special()) {
                    self.err(
                        Diagnostic::new(
                            Code::InvalidValue,
                            name.span(),
                            format!("the blocker's reach `{}` hops or is confined to zones", name.get_ref()),
                        )
                        .label("a piece with special patterns")
                        .help("a reach is walked by leaps, steps and rides only: name a piece without hops, `within`, `to`, `first-move` or `not-in-check`"),
                    );
                    ok = false;
                }
                Some(k)
            }
        };
        if let (Some(r), Some(on)) = (&b.reach, &b.on)
            && *on.get_ref() == BlockerOn::Left
        {
            let span = r.span().start.min(on.span().start)..r.span().end.max(on.span().end);
            self.err(
                Diagnostic::new(
                    Code::InvalidValue,
                    span,
                    "`reach` and `on` of `[blocker]` exclude each other".to_string(),
                )
                .label("both given")
                .help("the square left is one square: leave out `reach`"),
            );
            ok = false;
        }
        let zone = match &b.zone {
            None => None,
            Some(name) => match self.board_zone(name.get_ref()) {
                Some(z) => Some(z),
                None => {
                    let names: Vec<&str> =
                        self.board.zones().iter().map(|z| z.name.as_str()).collect();
                    self.err(unknown(name.span(), "board zone", name.get_ref(), &names));
                    ok = false;
                    None
                }
            },
        };
        ok.then_some((reach, zone))
    }
}
