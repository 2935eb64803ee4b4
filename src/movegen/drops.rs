//! Drops: a piece from the mover's hand onto an empty node, where its kind's drop rule allows
//! (its drop zone, a node from which it could move, room on its line); a drop of a `no_mate`
//! kind that checkmates is refused; and why a refused drop is refused.

use crate::ids::{KindId, NodeId, NodeSet};
use crate::position::Position;
use crate::rules::DropRule;

use super::refusal::PlayError;
use super::{Effect, Move, Planned};

impl Position {
    /// Appends the pseudo-legal drops of the side to move (none in a variant without hands).
    pub(crate) fn drop_moves(&self, out: &mut Vec<Planned>) {
        if self.hands.is_empty() {
            return;
        }
        let me = self.to_move;
        let first = out.len();
        for k in self.rules.kind_ids() {
            if self.hand(me, k) == 0 {
                continue;
            }
            if let Some(rule) = &self.rules.kind(k).drop {
                self.drops_of_kind(k, rule, out);
                for &f in &rule.faces {
                    if let Some(face) = &self.rules.kind(f).drop {
                        self.drops_of_kind(f, face, out);
                    }
                }
            }
        }
        if let Some(h) = &self.rules.hands
            && !h.balanced.is_empty()
        {
            for &b in &h.balanced {
                let balance = self.colour_balance(b, &h.dark);
                let mut i = first;
                while i < out.len() {
                    if balance.refuses(out[i].mv, b, &h.dark) {
                        out.swap_remove(i);
                    } else {
                        i += 1;
                    }
                }
            }
        }
    }

    /// Why a drop of `kind` on `to` breaks the balance of an `opposite_colours` kind, if it does.
    fn colour_refusal(&self, kind: KindId, to: NodeId) -> Option<String> {
        let h = self.rules.hands.as_ref()?;
        let wanted = Move::Drop {
            kind,
            to,
            value: None,
        };
        let b = *(h.balanced.iter())
            .find(|&&b| self.colour_balance(b, &h.dark).refuses(wanted, b, &h.dark))?;
        let name = &self.rules.kind(b).name;
        Some(if b == kind {
            format!("the {name}s must stand on light and dark squares alike")
        } else {
            format!("the {name}s still in hand need the last free square of its colour")
        })
    }

    /// Why `m` is refused by `[hands] must_drop` (`None` when that rule does not refuse it):
    /// the side to move holds a compulsory kind in hand and `m` is no drop of one, while the
    /// legal moves are such drops.
    pub(crate) fn must_drop_refusal(&self, m: &Move, legal: &[Planned]) -> Option<PlayError> {
        let rules = &*self.rules;
        let mask = rules.hands.as_ref().map_or(0, |h| h.must_drop);
        let me = self.to_move;
        let listed = |k: KindId| mask & (1 << k.0) != 0;
        let held: Vec<String> = (rules.kind_ids())
            .filter(|&k| listed(k) && self.hand(me, k) > 0)
            .map(|k| rules.kind(k).token())
            .collect();
        let dropped = match *m {
            Move::Drop { kind, .. } => Some(kind),
            _ => None,
        };
        let drops: Vec<String> = (legal.iter())
            .filter(|l| matches!(l.mv, Move::Drop { kind, .. } if listed(kind)))
            .take(4)
            .map(|l| l.mv.text(rules))
            .collect();
        let refused = match dropped {
            Some(k) => !listed(k),
            None => !drops.is_empty(),
        };
        (refused && !held.is_empty()).then(|| PlayError::DropCompulsory {
            mv: m.text(rules),
            player: rules.player(me).name.clone(),
            tokens: held.join(" "),
            drops: drops.join(" "),
        })
    }

    /// How the mover's pieces of the `opposite_colours` kind `b` stand: on each colour, and
    /// the free nodes of each colour in its drop zone.
    fn colour_balance(&self, b: KindId, dark: &NodeSet) -> Balance {
        let me = self.to_move;
        let mut balance = Balance {
            total: self.hand(me, b),
            ..Balance::default()
        };
        for n in self.by_owner[me.index()].iter() {
            if self.squares[n.index()].is_some_and(|p| p.kind == b) {
                balance.on[usize::from(dark.contains(n))] += 1;
                balance.total += 1;
            }
        }
        if let Some(rule) = &self.rules.kind(b).drop {
            for n in rule.targets(me).iter() {
                if self.squares[n.index()].is_none() {
                    balance.free[usize::from(dark.contains(n))] += 1;
                }
            }
            balance.zone = *rule.targets(me);
        }
        balance
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
        if let Some(why) = self.hand_refusal(kind, to, value, legal) {
            return why;
        }
        if let Some(why) = self.drop_square_refusal(kind, rule, to) {
            return why;
        }
        let mut pseudo = Vec::new();
        self.drops_of_kind(kind, rule, &mut pseudo);
        let mut work = self.clone();
        let wanted = Move::Drop { kind, to, value };
        match pseudo.into_iter().find(|p| p.mv == wanted) {
            Some(p) if work.keeps_royals_safe(p) && !legal.iter().any(|l| l.mv == p.mv) => {
                PlayError::DropMates {
                    token: rules.kind(kind).token(),
                    square: rules.board().node_name(to).to_string(),
                }
            }
            _ => PlayError::RoyalLeftAttacked {
                mv: wanted.text(rules),
                player: rules.player(self.to_move).name.clone(),
                royal: rules
                    .kinds()
                    .iter()
                    .find(|k| k.royal)
                    .map_or("royal piece", |k| k.name.as_str())
                    .to_string(),
            },
        }
    }

    /// Why the player to move cannot drop `kind` (with number `value`) onto `to` from his hand:
    /// none in it, none with that number, or the number not named (the legal choices are).
    fn hand_refusal(
        &self,
        kind: KindId,
        to: NodeId,
        value: Option<u16>,
        legal: &[Planned],
    ) -> Option<PlayError> {
        let rules = &*self.rules;
        let me = self.to_move;
        let token = rules.kind(kind).token();
        let player = rules.player(me).name.clone();
        // A promoted face is dropped only where its base's drops include it (`drop.face`).
        let held = rules.hand_kind(kind);
        if held != kind {
            let base = rules.kind(held).token();
            let faces = rules.kind(held).drop.as_ref().map(|d| d.faces.as_slice());
            if !faces.unwrap_or_default().contains(&kind) {
                return Some(PlayError::FaceNotDropped { token, base });
            }
            if self.hand(me, held) == 0 {
                return Some(PlayError::NoneInHand {
                    player,
                    token: base,
                });
            }
            return None;
        }
        if self.hand(me, kind) == 0 {
            return Some(PlayError::NoneInHand { player, token });
        }
        let numbers = self.hand_numbers(me, kind);
        match value {
            Some(v) if !numbers.is_empty() && !numbers.contains(&v) => {
                let token = format!("{token}{{{v}}}");
                Some(PlayError::NoneInHand { player, token })
            }
            None if !numbers.is_empty() => {
                // A numbered piece's drop names its number: the legal ones onto `to`.
                let choices: Vec<String> = (legal.iter())
                    .filter(|l| matches!(l.mv, Move::Drop { kind: k, to: t, .. } if k == kind && t == to))
                    .map(|l| l.mv.text(rules))
                    .collect();
                (!choices.is_empty()).then_some(PlayError::OtherForm { choices })
            }
            _ => None,
        }
    }

    /// Why `kind` may not be dropped onto `to` by its drop rule: the square is taken, outside
    /// the kind's drop zone, or on a full line.
    fn drop_square_refusal(&self, kind: KindId, rule: &DropRule, to: NodeId) -> Option<PlayError> {
        let rules = &*self.rules;
        let me = self.to_move;
        let token = rules.kind(kind).token();
        let square = rules.board().node_name(to).to_string();
        if self.squares[to.index()].is_some() {
            return Some(PlayError::DropOnPiece { square });
        }
        if !rule.targets(me).contains(to) {
            let frame = rules.start_frame(me, kind, to);
            let stuck = !rules.can_move_from(kind, frame, to);
            return Some(PlayError::DropNotThere {
                token,
                square,
                why: if stuck {
                    "it could never move from there".to_string()
                } else {
                    "it is outside the kind's drop zone".to_string()
                },
            });
        }
        if let Some(why) = self.colour_refusal(kind, to) {
            return Some(PlayError::DropColours { token, square, why });
        }
        if let Some(limit) = &rule.per_line
            && self.own_on_line(kind, limit.line_through(to)) >= usize::from(limit.max)
        {
            return Some(PlayError::DropLineFull {
                token,
                square,
                direction: limit.direction.clone(),
                max: limit.max,
            });
        }
        None
    }
}

/// The mover's pieces of an `opposite_colours` kind, by colour (0 light, 1 dark), and the free
/// nodes of each colour in its drop zone.
#[derive(Clone, Copy, Debug, Default)]
struct Balance {
    /// On the board and in hand.
    total: u32,
    /// On the board, by colour.
    on: [u32; 2],
    /// Free nodes of its drop zone, by colour.
    free: [u32; 2],
    /// Its drop zone.
    zone: NodeSet,
}

impl Balance {
    /// Whether drop `mv` breaks the balance of kind `b`: a drop of `b` that puts more than half
    /// of them (rounded up) on one colour, or a drop of another kind that leaves fewer than
    /// half of them (rounded down) room on a colour of `b`'s zone.
    fn refuses(&self, mv: Move, b: KindId, dark: &NodeSet) -> bool {
        let Move::Drop { kind, to, .. } = mv else {
            return false;
        };
        let colour = usize::from(dark.contains(to));
        if kind == b {
            return self.on[colour] + 1 > self.total.div_ceil(2);
        }
        (0..2).any(|c| {
            let taken = u32::from(c == colour && self.zone.contains(to));
            self.on[c] + self.free[c] - taken < self.total / 2
        })
    }
}
