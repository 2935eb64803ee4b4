//! Hands and drops: where captured pieces go (and as what), and where each kind may be dropped.
//!
//! When captured pieces join the capturer's hand, every piece must know the kind it joins it as.
//! A promoted face (`+P`) joins as the piece whose face it is (`P`). A plain kind that a
//! promotion makes (crazyhouse's queen) gets a twin written with `~`: the promotion makes the
//! twin, which moves like the kind and joins the hand as the piece that promoted.

use super::Builder;
use super::zones::ZoneKeys;
use crate::board::{DirId, NodeId};
use crate::diagnostic::{Code, Diagnostic};
use crate::ids::{NodeSet, PlayerId};
use crate::limits::MAX_KINDS;
use crate::rules::{DropRule, HandRules, KindId, LineLimit, PieceKind, Rules};
use crate::spec::Located;
use crate::spec::board::Colour;
use crate::spec::variant::{CapturedTo, PromotedToHand, VariantSpec};
use petgraph::unionfind::UnionFind;
use toml::Spanned;

impl Builder<'_> {
    /// `[hands]`, and the drop zones the pieces name (interned).
    pub(super) fn hand_rules(
        &mut self,
        spec: &VariantSpec,
        zone_keys: &mut ZoneKeys,
    ) -> (Option<HandRules>, Vec<Option<usize>>) {
        let mut hands = spec.hands.as_ref().map(|h| HandRules {
            captured_to_hand: *h.get_ref().captured.get_ref() == CapturedTo::ToHand,
            promoted_kept: h
                .get_ref()
                .promoted
                .as_ref()
                .is_some_and(|p| *p.get_ref() == PromotedToHand::Keep),
            drops_reset_clock: h.get_ref().drops_reset_clock,
            drops: h.get_ref().drops.unwrap_or(true),
            order: Vec::new(),
            castling_by_drop: h.get_ref().castling_by_drop,
            balanced: Vec::new(),
            dark: NodeSet::default(),
            must_drop: 0,
        });
        if let (Some(h), Some(rules)) = (&spec.hands, &mut hands) {
            rules.must_drop = self.must_drop_names(spec, &h.get_ref().must_drop);
        }
        let mut zones = Vec::new();
        for p in &spec.pieces {
            let drop = p.drop.as_ref();
            if let Some(d) = drop
                && hands.is_none()
            {
                self.err(
                    Diagnostic::new(
                        Code::InvalidValue,
                        d.span(),
                        format!("piece `{}` has drop rules, but the players have no hands", p.name.value),
                    )
                    .label("drop rules")
                    .help("add `[hands]` with `captured = \"to-hand\"` (or `\"out\"`), or remove `drop`"),
                );
            }
            let zone = drop.and_then(|d| d.get_ref().zone.as_ref());
            zones.push(zone.map(|z| zone_keys.intern(&Located::from(z.clone()))));
        }
        (hands, zones)
    }

    /// `[hands] must_drop`: bit `k` for every kind named (the filter slice reads the same
    /// names); an unknown name is reported.
    fn must_drop_names(&mut self, spec: &VariantSpec, names: &[Spanned<String>]) -> u32 {
        let known: Vec<&str> = spec.pieces.iter().map(|p| p.name.value.as_str()).collect();
        let mut mask = 0;
        for n in names {
            match known.iter().position(|k| *k == n.get_ref().as_str()) {
                Some(k) => mask |= 1 << k,
                None => self.err(super::lookup::unknown(
                    n.span(),
                    "piece",
                    n.get_ref(),
                    &known,
                )),
            }
        }
        mask
    }

    /// The base kind of every piece a capture can put in hand: promoted faces join as their
    /// piece, and promotions to plain kinds make `~` twins (see the module documentation).
    pub(super) fn demotions(&mut self, spec: &VariantSpec, kinds: &mut Vec<PieceKind>) {
        let Some(hands) = spec.hands.as_ref().map(Spanned::get_ref) else {
            return;
        };
        if *hands.captured.get_ref() != CapturedTo::ToHand {
            return;
        }
        if let Some(keep) = hands
            .promoted
            .as_ref()
            .filter(|p| *p.get_ref() == PromotedToHand::Keep)
        {
            return self.keep_promoted(keep.span(), kinds);
        }
        for i in 0..kinds.len() {
            if kinds[i].promoted_face {
                let letter = kinds[i].letter;
                kinds[i].demotes_to = kinds
                    .iter()
                    .position(|k| k.letter == letter && !k.promoted_face)
                    .map(|b| KindId(b as u8));
            }
        }
        for i in 0..kinds.len() {
            let Some(pr) = kinds[i].promotion.clone() else {
                continue;
            };
            let mut twins = |list: &[KindId], kinds: &mut Vec<PieceKind>| -> Vec<KindId> {
                list.iter()
                    .map(|&c| self.twin(spec, kinds, KindId(i as u8), c).unwrap_or(c))
                    .collect()
            };
            let choices = twins(&pr.choices, kinds);
            let by_zone: Vec<(usize, Vec<KindId>)> = pr
                .by_zone
                .iter()
                .map(|(z, list)| (*z, twins(list, kinds)))
                .collect();
            // A limit follows its choice to the twin that choice became.
            let limits: Vec<(KindId, u32)> = (pr.limits.iter())
                .map(|&(c, n)| (twins(&[c], kinds)[0], n))
                .collect();
            if let Some(pr) = &mut kinds[i].promotion {
                pr.choices = choices;
                pr.by_zone = by_zone;
                pr.limits = limits;
            }
        }
    }

    /// `promoted = "keep"`: a promoted piece joins the hand as what it is, so no kind needs a
    /// twin; a promoted face (`+P`) cannot, since a hand holds no promoted face.
    fn keep_promoted(&mut self, span: std::ops::Range<usize>, kinds: &[PieceKind]) {
        if let Some(face) = kinds.iter().find(|k| k.promoted_face) {
            self.err(
                Diagnostic::new(
                    Code::InvalidValue,
                    span,
                    format!(
                        "`promoted = \"keep\"` would put the promoted face `{}` in a hand, and a hand holds no promoted face",
                        face.token()
                    ),
                )
                .label("captured promoted pieces keep their kind")
                .help("remove `promoted` (a captured `+` piece then joins the hand as its base piece), or promote to plain kinds instead of faces"),
            );
        }
    }

    /// The `~` twin of kind `c` for pieces promoted by `from`, made when new; `None` for a
    /// promoted face (its own base is known) or when there is no room.
    fn twin(
        &mut self,
        spec: &VariantSpec,
        kinds: &mut Vec<PieceKind>,
        from: KindId,
        c: KindId,
    ) -> Option<KindId> {
        let kind = &kinds[c.index()];
        if kind.promoted_face {
            return None;
        }
        let letter = kind.letter;
        if let Some(t) = kinds
            .iter()
            .position(|k| k.marked_promoted && k.letter == letter)
        {
            if kinds[t].demotes_to != Some(from) {
                let other = kinds[t]
                    .demotes_to
                    .map_or("?", |k| kinds[k.index()].name.as_str());
                self.err(
                    Diagnostic::new(
                        Code::InvalidValue,
                        spec.pieces[from.index()].name.span.clone(),
                        format!(
                            "pieces `{other}` and `{}` both promote to `{}`: a captured promoted `{letter}~` could not tell which it turns back into",
                            kinds[from.index()].name, kinds[c.index()].name
                        ),
                    )
                    .label("second piece promoting to it")
                    .help("let one piece promote to each kind, or give the promoted piece a `+` face of its own"),
                );
            }
            return Some(KindId(t as u8));
        }
        if kinds.len() == MAX_KINDS {
            self.err(
                Diagnostic::new(
                    Code::VariantTooLarge,
                    spec.pieces[from.index()].name.span.clone(),
                    format!("more than {MAX_KINDS} piece kinds with the promoted (`~`) twins"),
                )
                .label("promotes to plain pieces")
                .help("a promotion to a plain piece in a variant whose captures go to hand needs a twin kind of it"),
            );
            return None;
        }
        let mut t = kinds[c.index()].clone();
        t.name = format!("promoted {}", t.name);
        t.marked_promoted = true;
        t.demotes_to = Some(from);
        t.promotion = None;
        kinds.push(t);
        Some(KindId((kinds.len() - 1) as u8))
    }

    /// The order of kinds in the hand group: those `order` lists, then the rest in file order.
    fn hand_order(&mut self, spec: &VariantSpec, rules: &Rules) -> Vec<KindId> {
        let mut order: Vec<KindId> = Vec::new();
        if let Some(text) = spec.hands.as_ref().and_then(|h| h.get_ref().order.as_ref()) {
            let mut plus = false;
            // The string's first character follows its opening quote.
            let base = text.span().start + 1;
            for (at, c) in text.get_ref().char_indices() {
                match c {
                    '+' => plus = true,
                    ' ' => {}
                    c => {
                        match rules.kind_by_token(plus, c).filter(|k| !order.contains(k)) {
                            Some(k) => order.push(k),
                            None => self.err(
                                Diagnostic::new(
                                    Code::InvalidValue,
                                    base + at..base + at + c.len_utf8(),
                                    format!("`{c}` in the hand order is no piece's token, or comes twice"),
                                )
                                .label("this token")
                                .help("list each piece's token once, e.g. `order = \"QRBNP\"`"),
                            ),
                        }
                        plus = false;
                    }
                }
            }
        }
        order.extend(
            rules
                .kind_ids()
                .filter(|k| !order.contains(k))
                .collect::<Vec<_>>(),
        );
        order
    }

    /// The drop rule of every kind, once zones and tables are known.
    pub(super) fn drop_rules(
        &mut self,
        spec: &VariantSpec,
        rules: &mut Rules,
        zones: &[Option<usize>],
    ) {
        let Some(drops) = rules.hands.as_ref().map(|h| h.drops) else {
            return;
        };
        let order = self.hand_order(spec, rules);
        if let Some(h) = &mut rules.hands {
            h.order = order;
        }
        // Without drops, no kind has a drop rule (pieces in hand enter by gating only).
        for k in (0..rules.kinds.len()).filter(|_| drops) {
            let from_file = spec.pieces.get(k).and_then(|p| p.drop.as_ref());
            let zone = zones.get(k).copied().flatten();
            let stuck = from_file.is_some_and(|d| d.get_ref().allow_stuck);
            let targets = rules
                .player_ids()
                .map(|p| drop_targets(rules, KindId(k as u8), p, zone, stuck))
                .collect();
            let per_line = from_file
                .and_then(|d| d.get_ref().per_line.as_ref())
                .and_then(|l| {
                    let dir = self.direction(l.direction.get_ref(), l.direction.span())?;
                    let max = *l.max.get_ref();
                    Some(line_limit(self.board, dir, l.direction.get_ref(), max))
                });
            rules.kinds[k].drop = Some(DropRule {
                zone: zone.map(|z| rules.zone_names[z].clone()),
                targets,
                per_line,
                no_mate: from_file.is_some_and(|d| d.get_ref().no_mate),
                balanced: false,
                allow_stuck: stuck,
                face: false,
                faces: Vec::new(),
            });
            let balanced = from_file.and_then(|d| d.get_ref().opposite_colours.as_ref());
            if let Some(b) = balanced.filter(|b| *b.get_ref()) {
                self.balanced_kind(rules, KindId(k as u8), b.span());
            }
        }
        for (k, p) in spec.pieces.iter().enumerate().filter(|_| drops) {
            let face = p.drop.as_ref().and_then(|d| d.get_ref().face.as_ref());
            if let Some(f) = face.filter(|f| *f.get_ref()) {
                self.droppable_face(rules, KindId(k as u8), f.span());
            }
        }
    }

    /// `drop.face` of kind `k`: it must be a promoted face (`+L`) whose base kind (`L`) a hand
    /// can hold; the base's drops then include drops of this face.
    fn droppable_face(&mut self, rules: &mut Rules, k: KindId, span: std::ops::Range<usize>) {
        let kind = &rules.kinds[k.index()];
        let base = (kind.promoted_face)
            .then(|| rules.kind_by_token(false, kind.letter))
            .flatten();
        let Some(base) = base else {
            return self.err(
                Diagnostic::new(
                    Code::InvalidValue,
                    span,
                    format!(
                        "piece `{}` (`{}`) is no promoted face of a piece, so no piece in hand can be dropped as it",
                        kind.name,
                        kind.token()
                    ),
                )
                .label("`face` drop")
                .help("`face = true` belongs on a promoted face `+X` whose base piece `X` a hand holds; pieces in hand are dropped as themselves without it"),
            );
        };
        if let Some(d) = &mut rules.kinds[k.index()].drop {
            d.face = true;
        }
        if let Some(d) = &mut rules.kinds[base.index()].drop {
            d.faces.push(k);
        }
    }

    /// `drop.opposite_colours` of kind `k`: the board's nodes must all be light or dark.
    fn balanced_kind(&mut self, rules: &mut Rules, k: KindId, span: std::ops::Range<usize>) {
        let board = self.board;
        let mut dark = NodeSet::default();
        for n in board.node_ids() {
            match board.node_info(n).colour {
                Colour::Dark => dark.insert(n),
                Colour::Light => {}
                Colour::Mid => {
                    return self.err(
                        Diagnostic::new(
                            Code::InvalidValue,
                            span,
                            format!(
                                "`opposite_colours` needs light and dark nodes, and {} has the third colour",
                                board.node_name(n)
                            ),
                        )
                        .label("on this board")
                        .help("remove `opposite_colours`, or use a board of two colours"),
                    );
                }
            }
        }
        if let Some(h) = &mut rules.hands {
            h.dark = dark;
            h.balanced.push(k);
        }
        if let Some(d) = &mut rules.kinds[k.index()].drop {
            d.balanced = true;
        }
    }

    /// A board direction named in a drop rule, reported when the board has none of that name.
    fn direction(&mut self, name: &str, span: std::ops::Range<usize>) -> Option<DirId> {
        let board = self.board;
        let d = board.direction(name);
        if d.is_none() {
            let names: Vec<&str> = board
                .direction_ids()
                .map(|d| board.direction_name(d))
                .collect();
            self.err(super::lookup::unknown(span, "direction", name, &names));
        }
        d
    }
}

/// The nodes `p` may drop kind `k` on: its zone (everywhere without one), less the nodes where
/// the piece, in the frame it would have there, could never move (unless `stuck` allows them).
fn drop_targets(
    rules: &Rules,
    k: KindId,
    p: PlayerId,
    zone: Option<usize>,
    stuck: bool,
) -> NodeSet {
    let mut set = NodeSet::default();
    for n in rules.board.node_ids() {
        let in_zone = zone.is_none_or(|z| rules.zones[z][p.index()].contains(n));
        if in_zone && (stuck || rules.can_move_from(k, rules.start_frame(p, k, n), n)) {
            set.insert(n);
        }
    }
    set
}

/// The lines of direction `d`: nodes joined by its links, both ways (connected groups).
fn line_limit(board: &crate::board::Board, d: DirId, name: &str, max: u8) -> LineLimit {
    let mut groups = UnionFind::<usize>::new(board.node_count());
    for n in board.node_ids() {
        if let Some(s) = board.step(n, d) {
            groups.union(n.index(), s.to.index());
        }
    }
    let mut line_of_root = vec![u16::MAX; board.node_count()];
    let mut line_of = Vec::with_capacity(board.node_count());
    let mut lines: Vec<Vec<NodeId>> = Vec::new();
    for n in board.node_ids() {
        let r = groups.find_mut(n.index());
        if line_of_root[r] == u16::MAX {
            line_of_root[r] = lines.len() as u16;
            lines.push(Vec::new());
        }
        line_of.push(line_of_root[r]);
        lines[line_of_root[r] as usize].push(n);
    }
    LineLimit {
        direction: name.to_string(),
        line_of,
        lines,
        max,
    }
}
