//! `[[capture]]`: rules that remove pieces after a move by their relation to the mover's pieces.

use super::Builder;
use super::lookup::unknown;
use crate::board::DirId;
use crate::diagnostic::{Code, Diagnostic};
use crate::limits::MAX_REMOVALS;
use crate::rules::effects::{EffectContext, EffectFamily, MoveEffect};
use crate::rules::relation::Relation;
use crate::rules::{CaptureRule, JudgedCapture, KindId, PieceKind};
use crate::spec::variant::{CaptureSpec, DirNames, VariantSpec};
use std::sync::Arc;
use toml::Spanned;

/// A list of direction names as the file writes it.
type DirList = Spanned<Vec<Spanned<String>>>;

/// What the effect slices may ask while they compile: the builder, and the removals one move
/// may make booked so far.
struct EffectBuild<'b, 'a> {
    builder: &'b mut Builder<'a>,
    kinds: &'b [PieceKind],
    removals: usize,
}

impl EffectContext for EffectBuild<'_, '_> {
    fn required_directions(&mut self, spec: &CaptureSpec) -> Option<Vec<DirId>> {
        let list = self.builder.required_directions(spec)?;
        Some(self.builder.directions(list))
    }

    fn kind_mask(&mut self, names: Option<&DirNames>, context: &str) -> u32 {
        let Some(names) = names else {
            return 0;
        };
        let mut mask = 0;
        for n in names.get_ref() {
            if let Some(k) = self.builder.kind_named(n, self.kinds, context) {
                mask |= 1 << k.index();
            }
        }
        mask
    }

    fn kind_named(&mut self, name: &toml::Spanned<String>, context: &str) -> Option<KindId> {
        self.builder.kind_named(name, self.kinds, context)
    }

    fn kinds(&self) -> &[PieceKind] {
        self.kinds
    }

    fn error(&mut self, d: Diagnostic) {
        self.builder.err(d);
    }

    fn reserve_removals(&mut self, n: usize, at: &DirNames) {
        self.removals += n;
        let total = self.removals;
        if total + 2 > MAX_REMOVALS {
            self.builder.err(
                Diagnostic::new(
                    Code::VariantTooLarge,
                    at.span(),
                    format!(
                        "captures after a move look along {total} directions; at most {} in all",
                        MAX_REMOVALS - 2
                    ),
                )
                .label("too many directions")
                .help("one move removes at most MAX_REMOVALS pieces (see the README's limits)"),
            );
        }
    }
}

impl Builder<'_> {
    /// The after-move effects, each compiled by its slice ([`crate::rules::effects`]). One move may remove the
    /// piece it displaces (or takes en passant, or finds on a castling rook's square) and the
    /// pieces the effects book: together at most [`MAX_REMOVALS`]. The rules judged with numbers
    /// (`reach`, `line`, `enclose`) come second.
    pub(super) fn relation_captures(
        &mut self,
        spec: &VariantSpec,
        kinds: &[PieceKind],
    ) -> (Vec<Arc<dyn MoveEffect>>, Vec<JudgedCapture>) {
        let mut effects = Vec::new();
        let mut judged = Vec::new();
        let mut cx = EffectBuild {
            builder: self,
            kinds,
            removals: 0,
        };
        for c in &spec.captures {
            let rule = *c.rule.get_ref();
            let explodes = rule == CaptureRule::Explosion;
            let petrifies = rule == CaptureRule::Petrify;
            for (key, list, fits) in [
                ("spared", &c.spared, explodes),
                ("immune", &c.immune, explodes || petrifies),
            ] {
                if let Some(list) = list.as_ref().filter(|_| !fits) {
                    cx.builder.misplaced(Some(list.span()), key);
                }
            }
            if let Some(stone) = c.stone.as_ref().filter(|_| !petrifies) {
                cx.builder.misplaced(Some(stone.span()), "stone");
            }
            if c.compulsory && rule != CaptureRule::Overturn {
                cx.builder.misplaced(Some(c.rule.span()), "compulsory");
            }
            match EffectFamily::find(rule) {
                Some(family) => effects.extend(family.build(c, &mut cx)),
                None => judged.extend(cx.builder.judged_capture(rule, c)),
            }
        }
        (effects, judged)
    }

    /// A `reach`, `line` or `enclose` rule.
    fn judged_capture(&mut self, rule: CaptureRule, c: &CaptureSpec) -> Option<JudgedCapture> {
        let attackers = c.attackers.as_ref().map_or(1, |a| *a.get_ref());
        if let Some(a) = &c.attackers
            && !(rule == CaptureRule::Reach && (1..=2).contains(a.get_ref()))
        {
            self.err(
                Diagnostic::new(
                    Code::InvalidValue,
                    a.span(),
                    "`attackers` is 1 or 2, with `rule = \"reach\"`",
                )
                .label("expected 1 or 2")
                .help("`attackers = 2` judges pairs of the mover's pieces (an ambush)"),
            );
        }
        let relations = self.relations(rule, attackers, c);
        let directions = match (rule, &c.directions) {
            (CaptureRule::Line | CaptureRule::Immobilise, _) => {
                let list = self.required_directions(c)?;
                self.directions(list)
            }
            (_, Some(list)) => {
                self.misplaced(Some(list.span()), "directions");
                Vec::new()
            }
            _ => Vec::new(),
        };
        let neighbourhoods = self.neighbourhoods(rule, c);
        if c.distant && rule != CaptureRule::Enclose {
            self.misplaced(Some(c.rule.span()), "distant");
        }
        Some(JudgedCapture {
            rule,
            attackers,
            relations,
            directions,
            first_only: c.first_only,
            neighbourhoods,
            edge_closes: c.edge_closes,
            distant: c.distant,
        })
    }

    /// The relations of a `reach` or `line` rule, each parsed with the rule's variables
    /// (reported when missing, unreadable, or given to another rule).
    fn relations(&mut self, rule: CaptureRule, attackers: u8, c: &CaptureSpec) -> Vec<Relation> {
        let vars = match (rule, attackers) {
            (CaptureRule::Reach, 2) => "abv",
            (CaptureRule::Reach, _) => "av",
            _ => "akv",
        };
        let mut relations = Vec::new();
        match (&c.relations, rule) {
            (Some(list), CaptureRule::Reach | CaptureRule::Line) => {
                for r in list {
                    match Relation::parse(r.get_ref(), vars) {
                        Ok(rel) => relations.push(rel),
                        Err(e) => {
                            // The text starts after the opening quote.
                            let at = r.span().start + 1 + e.offset;
                            self.err(
                                Diagnostic::new(
                                    Code::InvalidValue,
                                    at..at + 1,
                                    format!("relation `{}`: {}", r.get_ref(), e.message),
                                )
                                .label("here")
                                .help("a relation is `EXPR = EXPR` with numbers, the rule's variables, + - * /, ( ) and |x|, e.g. \"a + b = v\""),
                            );
                        }
                    }
                }
            }
            (None, CaptureRule::Reach | CaptureRule::Line) => self.err(
                Diagnostic::new(
                    Code::MissingKey,
                    c.rule.span(),
                    "this capture rule needs `relations`",
                )
                .label("no relations")
                .help(format!(
                    "add e.g. `relations = [\"a = v\"]` (variables: {vars})"
                )),
            ),
            (Some(list), _) => self.misplaced(list.first().map(|r| r.span()), "relations"),
            (None, _) => {}
        }
        relations
    }

    /// The neighbourhoods of an `enclose` rule (reported when missing, or given to another rule).
    fn neighbourhoods(&mut self, rule: CaptureRule, c: &CaptureSpec) -> Vec<Vec<DirId>> {
        match (rule, &c.neighbourhoods) {
            (CaptureRule::Enclose, Some(sets)) => {
                sets.get_ref().iter().map(|s| self.directions(s)).collect()
            }
            (CaptureRule::Enclose, None) => {
                self.err(
                    Diagnostic::new(
                        Code::MissingKey,
                        c.rule.span(),
                        "`enclose` needs `neighbourhoods`",
                    )
                    .label("no neighbourhoods")
                    .help("e.g. `neighbourhoods = [[\"n\", \"e\", \"s\", \"w\"]]`"),
                );
                Vec::new()
            }
            (_, Some(sets)) => {
                self.misplaced(Some(sets.span()), "neighbourhoods");
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    /// A key that the capture rule does not use.
    fn misplaced(&mut self, span: Option<std::ops::Range<usize>>, key: &str) {
        self.err(
            Diagnostic::new(
                Code::InvalidValue,
                span.unwrap_or(0..0),
                format!("this capture rule does not use `{key}`"),
            )
            .label("not used by this rule")
            .help("`relations`: reach and line; `directions`: custodian, line, immobilise, explosion and overturn; `compulsory`: overturn; `neighbourhoods`, `edge_closes`, `distant`: enclose; `spared`: explosion; `immune`: explosion and petrify; `stone`: petrify"),
        );
    }

    /// The `directions` a rule needs, reported when absent or empty.
    fn required_directions<'c>(&mut self, c: &'c CaptureSpec) -> Option<&'c DirList> {
        match &c.directions {
            Some(list) if !list.get_ref().is_empty() => Some(list),
            other => {
                self.err(
                    Diagnostic::new(
                        Code::InvalidValue,
                        other.as_ref().map_or(c.rule.span(), |l| l.span()),
                        "a capture rule with no direction never captures",
                    )
                    .label("no direction")
                    .help("list the board directions it looks along, e.g. `directions = [\"n\", \"e\", \"s\", \"w\"]`"),
                );
                None
            }
        }
    }

    /// Board directions by name, each once.
    pub(super) fn directions(&mut self, list: &DirList) -> Vec<DirId> {
        let board = self.board;
        let names: Vec<&str> = board
            .direction_ids()
            .map(|d| board.direction_name(d))
            .collect();
        let mut directions = Vec::new();
        for d in list.get_ref() {
            match board.direction(d.get_ref()) {
                Some(id) if directions.contains(&id) => self.err(
                    Diagnostic::new(
                        Code::DuplicateName,
                        d.span(),
                        format!("direction `{}` is listed twice", d.get_ref()),
                    )
                    .label("repeated")
                    .help("list each direction once"),
                ),
                Some(id) => directions.push(id),
                None => self.err(unknown(d.span(), "direction", d.get_ref(), &names)),
            }
        }
        directions
    }
}
