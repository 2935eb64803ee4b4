//! Playing a move the user chose, and saying why a refused move is refused (the reasons are
//! [`super::refusal`]'s): which block or rule stops it, found by replaying the move's way.

use crate::ids::NodeId;
use crate::path::Kind;
use crate::position::{Outcome, Position};
use crate::rules::{Rules, filters};

use super::refusal::{BlockReason, PlayError};
use super::{Move, Planned, Undo};

impl Move {
    /// The move as text: `from-to`, `=X` for a promotion, `/rook` for a castling that another
    /// castling with the same king move makes ambiguous, `X@to` for a drop; a gating move's
    /// second part after a comma, as the drop it is (`b1-c3,H@b1`), and so the blocker's move
    /// (`e2-e4,*@d5`: the blocker's token and its new square).
    pub(crate) fn text(&self, rules: &Rules) -> String {
        let mut s = self.first_part_text(rules);
        if let (Some(to), Some(b)) = (self.blocker_to(), rules.blocker) {
            s.push(',');
            s.push_str(&rules.kind(b.kind).token());
            s.push('@');
            s.push_str(rules.board().node_name(to));
        }
        if let Some((at, kind)) = self.gated() {
            let b = rules.board();
            s.push(',');
            s.push_str(&rules.kind(kind).token());
            s.push('@');
            s.push_str(b.node_name(at));
        }
        s
    }

    /// The text of the move without its second part.
    fn first_part_text(&self, rules: &Rules) -> String {
        let b = rules.board();
        match *self {
            Move::Normal {
                from,
                to,
                promotion,
                ..
            } => {
                let mut s = format!("{}-{}", b.node_name(from), b.node_name(to));
                match promotion.map(|k| (k, rules.kind(k))) {
                    Some((k, _)) if rules.is_own_face(k) => s.push('+'),
                    Some((k, _)) if rules.is_own_base(k) => s.push('-'),
                    Some((_, k)) => {
                        s.push('=');
                        s.push_str(&k.token());
                    }
                    None => {}
                }
                s
            }
            Move::EnPassant { from, to, .. } => {
                format!("{}-{}", b.node_name(from), b.node_name(to))
            }
            Move::Castle {
                king_from,
                king_to,
                rook_from,
                ..
            } => {
                let mut s = format!("{}-{}", b.node_name(king_from), b.node_name(king_to));
                let ambiguous = rules.castling().iter().any(|c| {
                    c.ambiguous
                        && (c.king_from, c.king_to, c.rook_from) == (king_from, king_to, rook_from)
                });
                if ambiguous {
                    s.push('/');
                    s.push_str(b.node_name(rook_from));
                }
                s
            }
            Move::Drop { kind, to, value } => {
                let number = value.map_or(String::new(), |v| format!("{{{v}}}"));
                format!("{}{number}@{}", rules.kind(kind).token(), b.node_name(to))
            }
        }
    }
}

impl Position {
    /// Plays `m` if it is legal, or says why not. Eliminations that are due (a player to move
    /// who has no legal move) are settled first and stay settled; the returned [`Undo`] takes back
    /// the move itself. The count of `[draws] counting` advances (a game's state, which
    /// [`Position::unmake`] does not take back: a game keeps the position before the move).
    ///
    /// ```
    /// use chessgraph::{Move, PlayError, Position, Rules};
    /// let rules = chessgraph::load("variants/chess.toml").unwrap();
    /// let b = rules.board();
    /// let mut pos = Position::start(&rules);
    /// let (e1, e2) = (b.node("e1").unwrap(), b.node("e2").unwrap());
    /// let err = pos.play(&Move::Normal { from: e1, to: e2, promotion: None, gating: None }).unwrap_err();
    /// assert_eq!(err.to_string(), "the king on e1 cannot move to e2: e2 holds a piece of its own side");
    /// ```
    pub fn play(&mut self, m: &Move) -> Result<Undo, PlayError> {
        if !self.names_own_ids(m) {
            return Err(PlayError::ForeignIds);
        }
        let mut legal = Vec::new();
        let (outcome, saved) = self.resolve(&mut legal);
        if let Some(o) = outcome {
            self.unresolve(saved);
            return Err(self.game_over(o));
        }
        if let Some(&p) = legal.iter().find(|p| p.mv == *m) {
            return Ok(self.make_counted(p));
        }
        let why = self.explain(m, &legal);
        self.unresolve(saved);
        Err(why)
    }

    /// Plays `m` without the royal-safety test and without settling eliminations: for callers
    /// that know the move legal. A value that is not even a pseudo-legal move of the side to move
    /// is not played (`None`), so the position is never corrupted.
    pub fn play_unchecked(&mut self, m: &Move) -> Option<Undo> {
        let p = self.pseudo_legal_form(m)?;
        Some(self.make_counted(p))
    }

    /// [`Position::make`], then the count of `[draws] counting` advanced (one test of an empty
    /// rule in other variants): the moves a game plays, never perft's.
    fn make_counted(&mut self, p: Planned) -> Undo {
        let before = self.count;
        let undo = self.make(p);
        if self.rules.draw_rules().counting.is_some() {
            self.advance_count(before, !undo.removed().is_empty());
        }
        undo
    }

    /// The generated form of `m` among the pseudo-legal moves of the side to move.
    fn pseudo_legal_form(&self, m: &Move) -> Option<Planned> {
        if !self.names_own_ids(m) {
            return None;
        }
        let mut moves = Vec::new();
        match (m, m.from()) {
            (Move::Drop { .. }, _) => self.drop_moves(&mut moves),
            (_, Some(from))
                if self.squares[from.index()].is_none_or(|p| p.owner != self.to_move) =>
            {
                return None;
            }
            (Move::Castle { .. }, _) => self.castling_moves(&mut moves),
            (Move::Normal { from, to, .. }, _) if from == to && self.rules.moves.pass => {
                self.pass_move(&mut moves);
            }
            (_, Some(from)) => {
                self.piece_moves(from, &mut moves);
                if self.rules.any_standing {
                    self.standing_promotions_of(from, &mut moves);
                }
            }
            (_, None) => return None,
        }
        // A gating move: the plain move's gating forms.
        let plain = m.with_gating(None);
        moves.retain(|p| p.mv == plain);
        if m.gating().is_some() && self.rules.second_part {
            self.add_second_parts(&mut moves);
        }
        moves.into_iter().find(|p| p.mv == *m)
    }

    /// The error for a finished game.
    pub(crate) fn game_over(&self, o: Outcome) -> PlayError {
        let rules = &self.rules;
        PlayError::GameOver {
            result: match o {
                Outcome::Winner(w) => format!("{} has won", rules.player(w).name),
                Outcome::Stalemate(s) => format!("{} is stalemated: a draw", rules.player(s).name),
                other => other.describe(rules),
            },
        }
    }

    /// Why `m` is not among `legal`, the legal moves of this (settled) position.
    pub(crate) fn explain(&self, m: &Move, legal: &[Planned]) -> PlayError {
        if !self.names_own_ids(m) {
            return PlayError::ForeignIds;
        }
        if let Some(why) = self.must_drop_refusal(m, legal) {
            return why;
        }
        let rules = &*self.rules;
        if let Some(b) = rules.blocker
            && let Some(why) = self.explain_blocker(b, m, legal)
        {
            return why;
        }
        if m.gating().is_some() {
            let plain = m.with_gating(None);
            return match legal.iter().find(|p| p.mv == plain) {
                _ if rules.gating.is_empty() => PlayError::NoGating,
                _ if m.gated().is_none() => PlayError::NoBlocker,
                Some(&p) => self.explain_gating(m, p),
                None => self.explain(&plain, legal),
            };
        }
        let name = |n: NodeId| rules.board().node_name(n).to_string();
        let Some(from) = m.from() else {
            return match *m {
                Move::Drop { kind, to, value } => self.explain_drop(kind, to, value, legal),
                _ => PlayError::NoHands,
            };
        };
        let to = m.to();
        let Some(pc) = self.squares[from.index()] else {
            return PlayError::NoPiece { square: name(from) };
        };
        let kind = rules.kind(pc.kind).name.clone();
        if pc.owner != self.to_move {
            return PlayError::NotYourTurn {
                kind,
                square: name(from),
                owner: rules.player(pc.owner).name.clone(),
                to_move: rules.player(self.to_move).name.clone(),
            };
        }
        if let Some(why) = self.promotion_limit_refusal(m, pc) {
            return why;
        }
        let same_squares: Vec<String> = legal
            .iter()
            .filter(|p| p.mv.from() == Some(from) && p.mv.to() == to)
            .map(|p| p.mv.text(rules))
            .collect();
        if !same_squares.is_empty() {
            let must_promote = m.promotion().is_none()
                && legal
                    .iter()
                    .filter(|p| p.mv.from() == Some(from) && p.mv.to() == to)
                    .all(|p| p.mv.promotion().is_some());
            let flip = rules.kind(pc.kind).flip;
            return if let Some(f) = flip.filter(|_| must_promote) {
                PlayError::MustFlip {
                    kind,
                    rule: f.summary(rules.kinds()),
                    choices: same_squares,
                }
            } else if must_promote {
                PlayError::MustPromote {
                    kind,
                    to: name(to),
                    choices: same_squares,
                }
            } else {
                PlayError::OtherForm {
                    choices: same_squares,
                }
            };
        }
        self.explain_unreachable(m, from, to, kind, legal)
    }

    /// Why a pseudo-legal move that keeps the royals safe is refused by a rule of `[moves]` (or
    /// an open gate that forbids check): it gives check, or it does not capture while a capture
    /// is compulsory. `None` when it leaves a royal attacked.
    fn move_rule_refusal(&self, p: Planned, legal: &[Planned]) -> Option<PlayError> {
        let rules = &*self.rules;
        let me = self.to_move;
        if rules.filters.declares(filters::ROYAL_TAKES_CHECKER) {
            let checkers = self.checkers();
            let only = checkers.first().filter(|&c| checkers.last() == Some(c));
            if !checkers.is_empty() && filters::refuses(&self.candidate(p.mv), only) {
                return Some(PlayError::RoyalMustTakeChecker {
                    mv: p.mv.text(rules),
                });
            }
        }
        let mut work = self.clone();
        let undo = work.make_with::<false>(p);
        let (exposed, checks) = (work.royal_attacked(me), work.gives_check(me));
        let own_royal = (undo.removed().iter())
            .find(|(_, x)| x.owner == me && rules.is_royal(x.kind))
            .map(|(_, x)| rules.kind(x.kind).name.clone());
        let sole = filters::SoleRoyal::of(rules)
            .and_then(|r| Some((r, r.guarded(self, me)?)))
            .filter(|&(r, at)| r.exposes(&work, me, at, (p.mv.from(), p.mv.to())))
            .and_then(|(_, at)| self.squares[at.index()])
            .map(|pc| rules.kind(pc.kind).name.clone());
        work.unmake(undo);
        let mv = p.mv.text(rules);
        if let Some(royal) = own_royal.filter(|_| !rules.effects.is_empty()) {
            let effects: Vec<String> = rules.effects.iter().map(|e| e.summary(rules)).collect();
            Some(PlayError::OwnRoyalRemoved {
                mv,
                player: rules.player(me).name.clone(),
                royal,
                effect: effects.join("; "),
            })
        } else if let Some(royal) = sole {
            let player = rules.player(me).name.clone();
            Some(PlayError::RoyalLeftAttacked { mv, player, royal })
        } else if exposed {
            None
        } else if checks && (p.no_check || !rules.moves.may_check) {
            Some(PlayError::GivesCheck { mv })
        } else if rules.filters.declares(filters::MUST_CAPTURE) {
            let captures: Vec<String> = legal.iter().map(|m| m.mv.text(rules)).collect();
            Some(PlayError::CaptureCompulsory {
                mv,
                captures: captures.join(" "),
            })
        } else {
            None
        }
    }

    /// Why a move that no legal move shares squares with is refused: it would leave a royal
    /// attacked, a castling condition fails, the piece does not promote, or no open path leads
    /// there.
    fn explain_unreachable(
        &self,
        m: &Move,
        from: NodeId,
        to: NodeId,
        kind: String,
        legal: &[Planned],
    ) -> PlayError {
        let rules = &*self.rules;
        let name = |n: NodeId| rules.board().node_name(n).to_string();
        let me = self.to_move;
        let mut pseudo = Vec::new();
        self.piece_moves(from, &mut pseudo);
        if rules.any_standing {
            self.standing_promotions_of(from, &mut pseudo);
        }
        self.castling_moves(&mut pseudo);
        if let Some(p) = pseudo
            .iter()
            .find(|p| p.mv.from() == Some(from) && p.mv.to() == to)
        {
            if let Some(why) = self.move_rule_refusal(*p, legal) {
                return why;
            }
            let royal = rules
                .kinds()
                .iter()
                .find(|k| k.royal)
                .map_or("royal piece", |k| k.name.as_str());
            let (mv, player, royal) = (
                p.mv.text(rules),
                rules.player(me).name.clone(),
                royal.to_string(),
            );
            return if self.only_facing_after(*p) {
                PlayError::RoyalsFacing { mv, player, royal }
            } else if rules.moves.all_royals {
                PlayError::AllRoyalsLeftAttacked { mv, player, royal }
            } else {
                PlayError::RoyalLeftAttacked { mv, player, royal }
            };
        }
        if let Some(why) = self.castling_refusal(m, from, to) {
            return why;
        }
        let standing =
            self.squares[from.index()].and_then(|p| rules.kind(p.kind).standing.as_ref());
        if let (Some(pr), Some(_)) = (standing, m.promotion()) {
            return PlayError::StandingPromotion {
                mv: m.text(rules),
                zone: rules.zone_names[pr.zone].clone(),
            };
        }
        let promotes = self.squares[from.index()].is_some_and(|p| {
            let k = rules.kind(p.kind);
            k.promotion.is_some() || k.flip.is_some()
        });
        if m.promotion().is_some() && !promotes {
            return PlayError::DoesNotPromote { kind };
        }
        PlayError::CannotReach {
            kind,
            from: name(from),
            to: name(to),
            reasons: self.blocked_reasons(from, to),
        }
    }

    /// Whether move `p` leaves the mover's royals unattacked but one of them facing an enemy
    /// royal along a direction of `[facing_royals]` (with `must_break`: still facing one it
    /// faced before the move).
    fn only_facing_after(&self, p: Planned) -> bool {
        let lines = filters::facing_break_lines(&self.rules.filters);
        let breaking = !lines.is_empty() && self.royals_face_along(lines);
        if self.rules.facing.is_empty() && !breaking {
            return false;
        }
        let me = self.to_move;
        let mut after = self.clone();
        after.make_with::<false>(p);
        let by = after.alive & !(1 << me.0);
        let rules = &*after.rules;
        let royals: Vec<NodeId> = (0..after.squares.len())
            .filter(|&n| {
                after.squares[n].is_some_and(|pc| pc.owner == me && rules.kind(pc.kind).royal)
            })
            .map(|n| NodeId(n as u16))
            .collect();
        !royals.iter().any(|&n| after.attacked_by_bits(n, by))
            && (royals.iter().any(|&n| after.faces_royal(n, by).is_some())
                || (breaking && after.royals_face_along(lines)))
    }

    /// Why the castling of the side to move with this king move (and this rook, if `m` names one)
    /// is not open; `None` if no castling has this king move.
    fn castling_refusal(&self, m: &Move, from: NodeId, to: NodeId) -> Option<PlayError> {
        let rules = &*self.rules;
        let name = |n: NodeId| rules.board().node_name(n).to_string();
        let me = self.to_move;
        let rook = match *m {
            Move::Castle { rook_from, .. } => Some(rook_from),
            _ => None,
        };
        let alike = |c: &&crate::rules::Castling| {
            c.player == me
                && c.king_from == from
                && c.king_to == to
                && rook.is_none_or(|r| c.rook_from == r)
        };
        // Of several alike (`[[free_castling]]`), the one whose rook stands on its square.
        let rook_there = |c: &&crate::rules::Castling| {
            self.squares[c.rook_from.index()]
                .is_some_and(|p| p.owner == me && p.kind == c.rook_kind)
        };
        let mut alike = rules.castling().iter().filter(alike);
        let c = alike.clone().find(rook_there).or_else(|| alike.next())?;
        let (from, to) = (name(from), name(to));
        let opponents = self.alive & !(1 << me.0);
        Some(if self.castling & (1 << c.bit) == 0 {
            PlayError::CastlingRightLost { from, to }
        } else if let Some(&n) = c
            .empty
            .iter()
            .find(|&&n| n != c.king_from && n != c.rook_from && self.squares[n.index()].is_some())
        {
            PlayError::CastlingSquareOccupied {
                from,
                to,
                square: name(n),
            }
        } else if let Some(&n) = c
            .safe
            .iter()
            .find(|&&n| self.attacked_by_bits(n, opponents))
        {
            PlayError::CastlingSquareAttacked {
                from,
                to,
                square: name(n),
            }
        } else {
            PlayError::CastlingConditions { from, to }
        })
    }

    /// Why the paths of the piece on `from` that do reach `to` on an empty board are not open
    /// now: a closed gate, a capture across an open gate, a piece in the way, the wrong kind of
    /// target, a `from:` zone. Empty when no path of the piece leads there at all.
    fn blocked_reasons(&self, from: NodeId, to: NodeId) -> Vec<BlockReason> {
        let rules = &*self.rules;
        let b = rules.board();
        let Some(pc) = self.squares[from.index()] else {
            return Vec::new();
        };
        let t = rules.tables();
        let gate_named = |tags: crate::ids::TagSet, open: bool| {
            rules
                .gates()
                .iter()
                .enumerate()
                .find(|(i, g)| tags.intersects(g.tags) && (self.gates_open & (1 << i) != 0) == open)
                .map(|(_, g)| g.name.clone())
        };
        let target = self.squares[to.index()];
        let mut reasons = Vec::new();
        for ray in t.rays(pc.kind, pc.frame, from) {
            let steps = t.steps(ray);
            let Some(i) = steps.iter().position(|s| s.node == to) else {
                continue;
            };
            if ray.kind != Kind::Ride && i + 1 != steps.len() {
                continue;
            }
            let s = steps[i];
            let reason = if let Some(z) = ray.from_zone
                && !rules.zone(z as usize, pc.owner).contains(from)
            {
                BlockReason::OnlyFromZone {
                    zone: rules.zone_name(z as usize).to_string(),
                }
            } else if let Some(gate) = gate_named(s.tags, false) {
                BlockReason::GateClosed { gate }
            } else if let Some(blocker) = (ray.kind != Kind::Leap)
                .then(|| {
                    steps[..i]
                        .iter()
                        .find(|x| self.squares[x.node.index()].is_some())
                })
                .flatten()
            {
                BlockReason::InTheWay {
                    square: b.node_name(blocker.node).to_string(),
                }
            } else if target.is_some()
                && let Some(gate) = gate_named(s.tags, true)
            {
                BlockReason::NoCaptureAcross { gate }
            } else if let Some(x) = target.filter(|x| rules.kind(x.kind).neutral) {
                BlockReason::Neutral {
                    square: b.node_name(to).to_string(),
                    piece: rules.kind(x.kind).name.clone(),
                }
            } else if target.is_some_and(|x| x.owner == pc.owner) {
                BlockReason::OwnPiece {
                    square: b.node_name(to).to_string(),
                }
            } else if target.is_some() && !ray.mode.captures() {
                BlockReason::CapturesOtherwise
            } else if target.is_none() && (ray.en_passant || !ray.mode.quiet()) {
                // (An en passant pattern finds no en passant square here: also only a capture.)
                BlockReason::CapturesOnly
            } else {
                continue;
            };
            if !reasons.contains(&reason) {
                reasons.push(reason);
            }
        }
        reasons
    }
}
