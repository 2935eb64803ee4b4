//! Drops: a piece from the mover's hand onto an empty node, where its kind's drop rule allows
//! (its drop zone, a node from which it could move, room on its line); a drop of a `no_mate`
//! kind that checkmates is refused; and why a refused drop is refused.

use crate::ids::{KindId, NodeId};
use crate::position::Position;
use crate::rules::DropRule;

use super::explain::PlayError;
use super::{Effect, Move, Planned};

impl Position {
    /// Appends the pseudo-legal drops of the side to move (none in a variant without hands).
    pub(crate) fn drop_moves(&self, out: &mut Vec<Planned>) {
        if self.hands.is_empty() {
            return;
        }
        let me = self.to_move;
        for k in self.rules.kind_ids() {
            if self.hand(me, k) == 0 {
                continue;
            }
            if let Some(rule) = &self.rules.kind(k).drop {
                self.drops_of_kind(k, rule, out);
            }
        }
    }

    /// The drops of one kind from the mover's hand (a numbered kind: one per number in hand).
    fn drops_of_kind(&self, k: KindId, rule: &DropRule, out: &mut Vec<Planned>) {
        let me = self.to_move;
        let targets = rule.targets(me);
        let numbers = self.hand_numbers(me, k);
        let mut push = |n: NodeId| {
            if self.squares[n.index()].is_none() && targets.contains(n) {
                let frame = self.rules.start_frame(me, k, n);
                let mut drop = |value| {
                    out.push(Planned {
                        mv: Move::Drop {
                            kind: k,
                            to: n,
                            value,
                        },
                        frame,
                        effect: Effect::None,
                        no_check: false,
                    });
                };
                if numbers.is_empty() {
                    drop(None);
                }
                for (i, &v) in numbers.iter().enumerate() {
                    if i == 0 || numbers[i - 1] != v {
                        drop(Some(v));
                    }
                }
            }
        };
        match &rule.per_line {
            None => targets.iter().for_each(&mut push),
            Some(limit) => {
                for line in &limit.lines {
                    if self.own_on_line(k, line) < usize::from(limit.max) {
                        line.iter().copied().for_each(&mut push);
                    }
                }
            }
        }
    }

    /// How many pieces of kind `k` of the side to move stand on `line`.
    fn own_on_line(&self, k: KindId, line: &[NodeId]) -> usize {
        line.iter()
            .filter(|n| {
                self.squares[n.index()].is_some_and(|p| p.owner == self.to_move && p.kind == k)
            })
            .count()
    }

    /// Removes from `legal` (the legal moves of the side to move) every drop of a `no_mate` kind
    /// after which the player then to move is in check with no legal move.
    pub(crate) fn refuse_mating_drops(&mut self, legal: &mut Vec<Planned>) {
        let mut i = 0;
        while i < legal.len() {
            if self.mating_drop_refused(legal[i]) {
                legal.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// Whether `m` is a drop of a `no_mate` kind that checkmates (refused even when legal
    /// otherwise).
    pub(super) fn mating_drop_refused(&mut self, m: Planned) -> bool {
        let no_mate = match m.mv {
            Move::Drop { kind, .. } => self
                .rules
                .kind(kind)
                .drop
                .as_ref()
                .is_some_and(|d| d.no_mate),
            _ => false,
        };
        no_mate && self.drop_mates(m)
    }

    /// Whether a drop leaves the player then to move in check with no legal move.
    fn drop_mates(&mut self, m: Planned) -> bool {
        let undo = self.make_with::<false>(m);
        let mated = self.is_check() && {
            let mut replies = Vec::new();
            // (Each level of this recursion drops one more piece from a hand, so it ends.)
            self.legal_moves_into(&mut replies);
            replies.is_empty()
        };
        self.unmake(undo);
        mated
    }

    /// Why the drop of `kind` (with number `value`) onto `to` is not among `legal`, the legal
    /// moves of this settled position.
    pub(crate) fn explain_drop(
        &self,
        kind: KindId,
        to: NodeId,
        value: Option<u16>,
        legal: &[Planned],
    ) -> PlayError {
        let rules = &*self.rules;
        let Some(rule) = &rules.kind(kind).drop else {
            return match &rules.hands {
                Some(h) if !h.drops => PlayError::NoDrops,
                _ => PlayError::NoHands,
            };
        };
        let me = self.to_move;
        let token = rules.kind(kind).token();
        let square = rules.board().node_name(to).to_string();
        let player = rules.player(me).name.clone();
        if self.hand(me, kind) == 0 {
            return PlayError::NoneInHand { player, token };
        }
        let numbers = self.hand_numbers(me, kind);
        match value {
            Some(v) if !numbers.is_empty() && !numbers.contains(&v) => {
                let token = format!("{token}{{{v}}}");
                return PlayError::NoneInHand { player, token };
            }
            None if !numbers.is_empty() => {
                // A numbered piece's drop names its number: the legal ones onto `to`.
                let choices: Vec<String> = (legal.iter())
                    .filter(|l| matches!(l.mv, Move::Drop { kind: k, to: t, .. } if k == kind && t == to))
                    .map(|l| l.mv.text(rules))
                    .collect();
                if !choices.is_empty() {
                    return PlayError::OtherForm { choices };
                }
            }
            _ => {}
        }
        if self.squares[to.index()].is_some() {
            return PlayError::DropOnPiece { square };
        }
        if !rule.targets(me).contains(to) {
            let frame = rules.start_frame(me, kind, to);
            let stuck = !rules.can_move_from(kind, frame, to);
            return PlayError::DropNotThere {
                token,
                square,
                why: if stuck {
                    "it could never move from there".to_string()
                } else {
                    "it is outside the kind's drop zone".to_string()
                },
            };
        }
        if let Some(limit) = &rule.per_line
            && self.own_on_line(kind, limit.line_through(to)) >= usize::from(limit.max)
        {
            return PlayError::DropLineFull {
                token,
                square,
                direction: limit.direction.clone(),
                max: limit.max,
            };
        }
        let mut pseudo = Vec::new();
        self.drops_of_kind(kind, rule, &mut pseudo);
        let mut work = self.clone();
        let wanted = Move::Drop { kind, to, value };
        match pseudo.into_iter().find(|p| p.mv == wanted) {
            Some(p) if work.keeps_royals_safe(p) && !legal.iter().any(|l| l.mv == p.mv) => {
                PlayError::DropMates { token, square }
            }
            _ => PlayError::RoyalLeftAttacked {
                mv: wanted.text(rules),
                player,
                royal: rules
                    .kinds()
                    .iter()
                    .find(|k| k.royal)
                    .map_or("royal piece", |k| k.name.as_str())
                    .to_string(),
            },
        }
    }
}
