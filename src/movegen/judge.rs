//! The captures judged on the whole position after a move (`[[capture]]` rules `reach`, `line`,
//! `enclose` and `immobilise`), and the step of `make` that keeps numbers, stacks and captured material.
//!
//! Every rule is judged on the position the move produced, before anything is removed (a victim
//! still blocks a slide and still counts in its stack's total); then every piece, or part of a
//! stack, that some rule found is removed at once and counted in the mover's captured material.

use arrayvec::ArrayVec;

use crate::ids::{KindId, NodeId, NodeSet, PlayerId};
use crate::limits::MAX_STACK_PARTS;
use crate::path::{Kind, Mode};
use crate::position::{Cell, Mark, Material, Piece, Position};
use crate::rules::relation::Vars;
use crate::rules::{CaptureRule, JudgedCapture};

/// Values one piece offers or has at a square: a simple piece one, a stack its parts and total.
pub(super) type Values = ArrayVec<u64, { MAX_STACK_PARTS + 1 }>;

/// One of the mover's pieces, with the squares each kind it moves as reaches.
struct Attacker {
    node: NodeId,
    cell: Cell,
    kind: KindId,
    stack: bool,
    reach: ArrayVec<(KindId, NodeSet), MAX_STACK_PARTS>,
}

impl Attacker {
    /// The values it offers at `t`: a simple piece its number, a stack the numbers of the parts
    /// whose kind reaches `t` and its total; nothing when it does not reach `t`.
    fn offers(&self, t: NodeId) -> Values {
        let mut out = Values::new();
        if self.stack {
            for p in self.cell.parts() {
                if self
                    .reach
                    .iter()
                    .any(|(k, s)| *k == p.kind && s.contains(t))
                {
                    out.push(u64::from(p.value));
                }
            }
            if !out.is_empty() {
                out.push(u64::from(self.cell.value));
            }
        } else if self.cell.value > 0 && self.reach.iter().any(|(_, s)| s.contains(t)) {
            out.push(u64::from(self.cell.value));
        }
        out
    }

    /// Every value it has, reach aside (a line rule): its number, or its parts and total.
    fn all_values(&self) -> Values {
        cell_values(&self.cell)
    }
}

/// A cell's values: its parts' numbers then its total (a simple piece: its number).
pub(super) fn cell_values(c: &Cell) -> Values {
    let mut out = Values::new();
    for p in c.parts() {
        out.push(u64::from(p.value));
    }
    if c.value > 0 {
        out.push(u64::from(c.value));
    }
    out
}

/// What the rules found on one victim: the whole piece, or some of its parts (bit `i`: part `i`).
#[derive(Clone, Copy, Default)]
struct Hit {
    whole: bool,
    parts: u8,
}

impl Hit {
    /// Marks value `i` of the victim's [`cell_values`] as matched.
    fn value(&mut self, c: &Cell, i: usize) {
        if i < c.parts().len() {
            self.parts |= 1 << i;
        } else {
            self.whole = true;
        }
    }
}

impl Position {
    /// The step of `make` in a variant with numbers, after the move's own effects: the moved
    /// piece's cell follows it (a dropped piece takes its number from the hand), the pieces the
    /// move removed leave theirs (counted for the mover, and joining his hand with their numbers
    /// when captures go to hand), then the judged captures. `removed` are the pieces the move
    /// removed already; `dropped`: the kind and number of a drop.
    pub(crate) fn numbers_after_move<const HASH: bool>(
        &mut self,
        (from, to): (Option<NodeId>, NodeId),
        mover: PlayerId,
        removed: &[(NodeId, Piece)],
        dropped: Option<(KindId, u16)>,
    ) {
        self.numbers.marks.push(Mark {
            journal: self.numbers.journal.len() as u32,
            hand_journal: self.numbers.hand_journal.len() as u32,
            mover,
            material: self.numbers.captured[mover.index()],
        });
        let to_hand = self.rules.captures_to_hand();
        let mut gained = Material::default();
        for &(n, x) in removed {
            let cell = self.numbers.cells[n.index()];
            if x.owner != mover {
                gained += cell.material();
                if to_hand {
                    self.cell_to_hand::<HASH>(mover, x.kind, &cell, u8::MAX);
                }
            }
            self.set_cell::<HASH>(n, Cell::default());
        }
        if let Some(from) = from {
            let cell = self.numbers.cells[from.index()];
            self.set_cell::<HASH>(from, Cell::default());
            self.set_cell::<HASH>(to, cell);
        } else if let Some((k, value)) = dropped {
            self.number_dropped::<HASH>(mover, k, value);
            self.set_cell::<HASH>(to, Cell::number(u32::from(value)));
        }
        if !self.rules.judged.is_empty() {
            let taken = self.judged_captures::<HASH>(mover);
            if taken.men > 0 {
                self.halfmove = 0;
            }
            gained += taken;
        }
        if !self.numbers.digits_counted {
            gained.digits = 0; // not state: no victory reads them
        }
        self.numbers.captured[mover.index()] += gained;
    }

    /// Judges every `reach`, `line` and `enclose` rule for `mover` and removes what they find;
    /// returns the material taken.
    fn judged_captures<const HASH: bool>(&mut self, mover: PlayerId) -> Material {
        let attackers = self.attackers(mover);
        let mut hits: Vec<(NodeId, Hit)> = Vec::new();
        for (i, sq) in self.squares.iter().enumerate() {
            let Some(pc) = sq else { continue };
            if pc.owner == mover {
                continue;
            }
            let t = NodeId(i as u16);
            let mut hit = Hit::default();
            for rule in &self.rules.judged {
                self.judge(rule, t, mover, &attackers, &mut hit);
            }
            if hit.whole || hit.parts != 0 {
                hits.push((t, hit));
            }
        }
        let to_hand = self.rules.captures_to_hand();
        let mut taken = Material::default();
        for (t, hit) in hits {
            let cell = self.numbers.cells[t.index()];
            let all = (1u16 << cell.parts().len()) - 1;
            if hit.whole || u16::from(hit.parts) == all {
                taken += cell.material();
                self.set_cell::<HASH>(t, Cell::default());
                let Some(x) = self.take::<HASH>(t) else {
                    continue;
                };
                if to_hand {
                    self.cell_to_hand::<HASH>(mover, x.kind, &cell, u8::MAX);
                }
                if self.rules.is_royal(x.kind) {
                    self.royal_taken(x.owner);
                }
            } else {
                taken += cell.parts_material(hit.parts);
                self.set_cell::<HASH>(t, cell.without(hit.parts));
                if to_hand && let Some(x) = self.squares[t.index()] {
                    self.cell_to_hand::<HASH>(mover, x.kind, &cell, hit.parts);
                }
            }
        }
        taken
    }

    /// A royal of `owner` was taken by a judged capture: with no royal left he is out (as when
    /// a move captures his last royal), and the turn passes over him. Unmake restores both.
    fn royal_taken(&mut self, owner: PlayerId) {
        let left = self.by_owner[owner.index()]
            .iter()
            .any(|n| self.squares[n.index()].is_some_and(|x| self.rules.is_royal(x.kind)));
        if !left && self.is_alive(owner) {
            self.alive &= !(1 << owner.0);
            if !self.is_alive(self.to_move) {
                self.to_move = self.next_alive(self.to_move);
            }
        }
    }

    /// The mover's pieces with what they reach (only when a `reach` rule needs it).
    fn attackers(&self, mover: PlayerId) -> Vec<Attacker> {
        let needs_reach = self
            .rules
            .judged
            .iter()
            .any(|r| r.rule == CaptureRule::Reach);
        let mut out = Vec::new();
        for (i, sq) in self.squares.iter().enumerate() {
            let Some(pc) = sq.filter(|p| p.owner == mover) else {
                continue;
            };
            let node = NodeId(i as u16);
            let cell = self.numbers.cells[i];
            let stack = self.rules.kind(pc.kind).stack;
            let mut reach = ArrayVec::new();
            if needs_reach {
                let mut kinds: ArrayVec<KindId, MAX_STACK_PARTS> = ArrayVec::new();
                if stack {
                    for p in cell.parts() {
                        if !kinds.contains(&p.kind) {
                            kinds.push(p.kind);
                        }
                    }
                } else {
                    kinds.push(pc.kind);
                }
                for k in kinds {
                    reach.push((k, self.reach_of(node, k, pc)));
                }
            }
            out.push(Attacker {
                node,
                cell,
                kind: pc.kind,
                stack,
                reach,
            });
        }
        out
    }

    /// The squares a piece on `from` moving as kind `k` reaches: the destinations of its paths
    /// were each destination empty (the squares on the way still block).
    fn reach_of(&self, from: NodeId, k: KindId, pc: Piece) -> NodeSet {
        let rules = &*self.rules;
        let t = rules.tables();
        let mut set = NodeSet::default();
        for ray in t.rays(k, pc.frame, from) {
            if ray.en_passant
                || ray
                    .from_zone
                    .is_some_and(|z| !rules.zone(z as usize, pc.owner).contains(from))
            {
                continue;
            }
            let steps = t.steps(ray);
            let last = steps.len() - 1;
            for (i, s) in steps.iter().enumerate() {
                if ray.kind == Kind::Ride || i == last {
                    set.insert(s.node);
                }
                if self.squares[s.node.index()].is_some() && ray.kind != Kind::Leap {
                    break;
                }
            }
        }
        set
    }

    /// Judges one rule on the victim on `t`, adding what it finds to `hit`.
    fn judge(
        &self,
        rule: &JudgedCapture,
        t: NodeId,
        mover: PlayerId,
        attackers: &[Attacker],
        hit: &mut Hit,
    ) {
        let victim = self.numbers.cells[t.index()];
        match rule.rule {
            CaptureRule::Reach if rule.attackers == 2 => {
                judge_reach_by_two(rule, t, attackers, &victim, hit);
            }
            CaptureRule::Reach => {
                for a in attackers {
                    let offers = a.offers(t);
                    match_values(&victim, hit, |vars| {
                        offers.iter().any(|&x| holds(rule, Vars { a: x, ..*vars }))
                    });
                }
            }
            CaptureRule::Line => self.judge_line(rule, t, mover, attackers, &victim, hit),
            CaptureRule::Enclose => {
                if self.enclosed(rule, t, mover) {
                    hit.whole = true;
                }
            }
            CaptureRule::Immobilise => {
                let board = self.rules.board();
                let beside = rule.directions.iter().any(|&d| {
                    board.step(t, d).is_some_and(|s| {
                        self.squares[s.to.index()].is_some_and(|p| p.owner == mover)
                    })
                });
                if beside && !self.can_move(t) {
                    hit.whole = true;
                }
            }
            CaptureRule::Custodian
            | CaptureRule::Explosion
            | CaptureRule::Petrify
            | CaptureRule::Overturn => {}
        }
    }

    /// `enclose`: whether the mover's pieces (or the edge, with `edge_closes`) close every side
    /// of one of the rule's neighbourhoods of the victim on `t`.
    #[inline]
    fn enclosed(&self, rule: &JudgedCapture, t: NodeId, mover: PlayerId) -> bool {
        let board = self.rules.board();
        rule.neighbourhoods.iter().any(|set| {
            set.iter().all(|&d| {
                // The first piece met along `d` (only the neighbour unless `distant`).
                let mut at = t;
                loop {
                    // The edge closes a side only next to the victim: a line open
                    // to the edge is not blocked.
                    let Some(s) = board.step(at, d) else {
                        break rule.edge_closes && at == t;
                    };
                    match self.squares[s.to.index()] {
                        Some(p) => break p.owner == mover,
                        None if rule.distant && s.to != t => at = s.to,
                        None => break false,
                    }
                }
            })
        })
    }

    /// Whether the piece on `n` has a move by its patterns (a stack: its parts' kinds) on this
    /// position: a destination that is empty where the pattern may end on an empty square, or
    /// holds another player's piece where it may capture; the squares a step or slide passes
    /// must be empty, a leap's may hold anything.
    fn can_move(&self, n: NodeId) -> bool {
        let Some(pc) = self.squares[n.index()] else {
            return false;
        };
        let rules = &*self.rules;
        let t = rules.tables();
        let cell = self.numbers.cells[n.index()];
        let mut kinds: ArrayVec<KindId, MAX_STACK_PARTS> = ArrayVec::new();
        if rules.kind(pc.kind).stack {
            for p in cell.parts() {
                if !kinds.contains(&p.kind) {
                    kinds.push(p.kind);
                }
            }
        } else {
            kinds.push(pc.kind);
        }
        kinds.into_iter().any(|k| {
            t.rays(k, pc.frame, n).iter().any(|ray| {
                if ray.en_passant
                    || ray
                        .from_zone
                        .is_some_and(|z| !rules.zone(z as usize, pc.owner).contains(n))
                {
                    return false;
                }
                let steps = t.steps(ray);
                let last = steps.len() - 1;
                for (i, s) in steps.iter().enumerate() {
                    let here = self.squares[s.node.index()];
                    if ray.kind == Kind::Ride || i == last {
                        let open = match here {
                            None => ray.mode.quiet(),
                            Some(x) => x.owner != pc.owner && ray.mode != Mode::Move,
                        };
                        if open {
                            return true;
                        }
                    }
                    if here.is_some() && ray.kind != Kind::Leap {
                        break;
                    }
                }
                false
            })
        })
    }

    /// A `line` rule: the mover's pieces on the lines from `t`, `k` squares away.
    fn judge_line(
        &self,
        rule: &JudgedCapture,
        t: NodeId,
        mover: PlayerId,
        attackers: &[Attacker],
        victim: &Cell,
        hit: &mut Hit,
    ) {
        let board = self.rules.board();
        for &d in &rule.directions {
            let mut n = t;
            let mut k = 0u64;
            while let Some(s) = board.step(n, d) {
                n = s.to;
                k += 1;
                if n == t || k as usize > board.node_count() {
                    break; // a closed line (a ring)
                }
                let Some(pc) = self.squares[n.index()] else {
                    continue;
                };
                if pc.owner == mover
                    && let Some(a) = attackers.iter().find(|a| a.node == n)
                    && a.kind == pc.kind
                {
                    let values = a.all_values();
                    match_values(victim, hit, |vars| {
                        values
                            .iter()
                            .any(|&x| holds(rule, Vars { a: x, k, ..*vars }))
                    });
                }
                if rule.first_only {
                    break;
                }
            }
        }
    }
}

/// Calls `test` with each of the victim's values as `v`; marks those for which it holds.
#[inline]
fn match_values(victim: &Cell, hit: &mut Hit, test: impl Fn(&Vars) -> bool) {
    for (i, &v) in cell_values(victim).iter().enumerate() {
        if test(&Vars {
            v,
            ..Vars::default()
        }) {
            hit.value(victim, i);
        }
    }
}

/// Whether any relation of the rule holds.
#[inline]
fn holds(rule: &JudgedCapture, vars: Vars) -> bool {
    rule.relations.iter().any(|r| r.holds(&vars))
}

/// `reach` with two attackers: every pair of the attackers that reach the victim on `t`, their
/// numbers in either order.
#[inline]
fn judge_reach_by_two(
    rule: &JudgedCapture,
    t: NodeId,
    attackers: &[Attacker],
    victim: &Cell,
    hit: &mut Hit,
) {
    let offers: Vec<(NodeId, Values)> = attackers
        .iter()
        .map(|a| (a.node, a.offers(t)))
        .filter(|(_, o)| !o.is_empty())
        .collect();
    for (i, (_, oa)) in offers.iter().enumerate() {
        for (_, ob) in &offers[i + 1..] {
            match_values(victim, hit, |vars| {
                oa.iter().any(|&a| {
                    ob.iter().any(|&b| {
                        holds(rule, Vars { a, b, ..*vars })
                            || holds(
                                rule,
                                Vars {
                                    a: b,
                                    b: a,
                                    ..*vars
                                },
                            )
                    })
                })
            });
        }
    }
}
