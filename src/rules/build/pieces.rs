//! The piece kinds: letters, patterns (compiled in `patterns`) and promotions.

use super::Builder;
use super::lookup::unknown;
use super::zones::ZoneKeys;
use crate::diagnostic::{Code, Diagnostic};
use crate::limits::{MAX_KIND_VALUE, MAX_KINDS};
use crate::rules::{KindId, PieceKind, Promotion};
use crate::spec::Located;
use crate::spec::variant::{DirNames, PieceSpec, VariantSpec};
use toml::Spanned;

impl Builder<'_> {
    /// The piece kinds with their compiled patterns; the zones they name are interned.
    pub(super) fn pieces(
        &mut self,
        spec: &VariantSpec,
        zone_keys: &mut ZoneKeys,
    ) -> Vec<PieceKind> {
        let board = self.board;
        let mut intern_zone = |name: &Located<String>| zone_keys.intern(name);
        if spec.pieces.len() > MAX_KINDS {
            self.err(
                Diagnostic::new(
                    Code::VariantTooLarge,
                    spec.pieces[MAX_KINDS].name.span.clone(),
                    format!("more than {MAX_KINDS} piece kinds"),
                )
                .label("one too many"),
            );
        }
        let mut kinds: Vec<PieceKind> = Vec::new();
        let dir_names: Vec<&str> = board
            .direction_ids()
            .map(|d| board.direction_name(d))
            .collect();
        for (i, p) in spec.pieces.iter().enumerate() {
            let c = self.piece_letter(spec, i);
            let patterns = self.piece_patterns(p, &dir_names, &mut intern_zone);
            let promotion = p.promotion.as_ref().map(|pr| Promotion {
                zone: intern_zone(&Located::from(pr.zone.clone())),
                choices: Vec::new(),
                optional: pr.optional,
                leaving: pr.leaving,
                lost_only: pr.lost_only,
                by_zone: pr
                    .by_zone
                    .iter()
                    .map(|b| (intern_zone(&Located::from(b.zone.clone())), Vec::new()))
                    .collect(),
                limits: Vec::new(),
                last_anywhere: pr.last_anywhere,
                no_check: pr.no_check,
                no_attack: pr.no_attack,
            });
            let standing = p.promotion.as_ref().is_some_and(|pr| pr.standing);
            let (promotion, standing) = if standing {
                (None, promotion)
            } else {
                (promotion, None)
            };
            kinds.push(PieceKind {
                name: p.name.value.clone(),
                letter: c.map_or('?', |(c, _)| c),
                promoted_face: c.is_some_and(|(_, plus)| plus),
                royal: p.royal,
                sole_royal: self.sole_royal(p),
                resets_clock: p.resets_clock,
                resets_clock_if_irreversible: p.resets_clock_if_irreversible,
                promotion_resets_clock: p.promotion_resets_clock || p.resets_clock_if_irreversible,
                cannot_capture: 0,
                cannot_hop: 0,
                neutral: p.neutral.as_ref().is_some_and(|n| *n.get_ref()),
                patterns,
                promotion,
                flip: None,
                arrives_plain: false,
                standing,
                oriented: true,
                marked_promoted: false,
                demotes_to: None,
                drop: None,
                numbered: p.numbered || p.stack,
                stack: p.stack,
                listed: false,
                shape: p.shape,
                value: self.piece_value(p),
            });
        }
        self.capture_bars(spec, &mut kinds);
        crate::rules::flip::compile(&spec.pieces, &mut kinds, self.diags);
        kinds
    }

    /// The piece's `sole_royal`, refused beside `royal` (a royal is royal always).
    fn sole_royal(&mut self, p: &PieceSpec) -> bool {
        let Some(sole) = p.sole_royal.as_ref().filter(|s| *s.get_ref()) else {
            return false;
        };
        if p.royal {
            self.err(
                Diagnostic::new(
                    Code::InvalidValue,
                    sole.span(),
                    format!("piece `{}` is `royal` and `sole_royal`", p.name.value),
                )
                .label("royal only while alone")
                .help("keep `royal = true` for a piece that is always royal, or `sole_royal = true` alone"),
            );
            return false;
        }
        true
    }

    /// The piece's `value`, checked: from 1 to [`MAX_KIND_VALUE`].
    fn piece_value(&mut self, p: &PieceSpec) -> Option<u32> {
        let v = p.value.as_ref()?;
        let n = *v.get_ref();
        if (1..=MAX_KIND_VALUE).contains(&n) {
            return Some(n);
        }
        self.err(
            Diagnostic::new(
                Code::InvalidValue,
                v.span(),
                format!(
                    "piece `{}` has value {n}: expected a whole number from 1 to {MAX_KIND_VALUE}",
                    p.name.value
                ),
            )
            .label("out of range")
            .help("a pawn is worth about 100; leave `value` out to have it estimated"),
        );
        None
    }

    /// The token of piece `i`: one letter, upper case, perhaps after `+` (a promoted face), not
    /// another piece's.
    fn piece_letter(&mut self, spec: &VariantSpec, i: usize) -> Option<(char, bool)> {
        let p = &spec.pieces[i];
        let letter = p.letter.get_ref();
        let (plus, rest) = match letter.strip_prefix('+') {
            Some(rest) => (true, rest),
            None => (false, letter.as_str()),
        };
        let mut chars = rest.chars();
        let c = match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => Some((c.to_ascii_uppercase(), plus)),
            // A neutral piece may be Fairy-Stockfish's stone, `*`.
            (Some('*'), None) if !plus && p.neutral.as_ref().is_some_and(|n| *n.get_ref()) => {
                Some(('*', false))
            }
            _ => {
                self.err(
                    Diagnostic::new(
                        Code::BadMark,
                        p.letter.span(),
                        format!("`{letter}` cannot be a piece letter"),
                    )
                    .label("expected one letter, perhaps after `+`")
                    .help("position text writes a piece as one letter, e.g. `letter = \"N\"`, or `+` and a letter for a promoted face, e.g. `letter = \"+P\"`"),
                );
                None
            }
        };
        if let Some((c, plus)) = c {
            let token = if plus { format!("+{c}") } else { c.to_string() };
            for q in &spec.pieces[..i] {
                if q.letter.get_ref().to_ascii_uppercase() == token {
                    self.err(
                        Diagnostic::new(
                            Code::DuplicateName,
                            p.letter.span(),
                            format!(
                                "pieces `{}` and `{}` share the letter `{token}`",
                                q.name.value, p.name.value
                            ),
                        )
                        .label("repeated letter")
                        .related(q.letter.span(), "first used here")
                        .help("give every piece its own letter"),
                    );
                }
            }
        }
        c
    }

    /// The kinds each piece may not capture (`cannot_capture`) and the kinds its hops may not
    /// pass (`cannot_hop`, only on a piece that hops), now that every kind is known.
    /// No piece captures a neutral one (`neutral`), so every kind's bars hold the neutral kinds.
    fn capture_bars(&mut self, spec: &VariantSpec, kinds: &mut [PieceKind]) {
        let neutral = self.neutral_kinds(spec, kinds);
        for (i, p) in spec.pieces.iter().enumerate() {
            let capture = self.kind_bits(p.cannot_capture.as_ref(), kinds, "`cannot_capture`");
            let hop = self.kind_bits(p.cannot_hop.as_ref(), kinds, "`cannot_hop`");
            kinds[i].cannot_capture = capture | neutral;
            kinds[i].cannot_hop = hop;
            if let Some(names) = p.cannot_hop.as_ref()
                && !kinds[i].patterns.iter().any(|pat| pat.over > 0)
            {
                self.err(
                    Diagnostic::new(
                        Code::InvalidValue,
                        names.span(),
                        format!("`cannot_hop` on `{}`, which has no hop", p.name.value),
                    )
                    .label("no move of this piece passes screens")
                    .help("give the piece a hop (`capture ride n s e w over:1`), or remove `cannot_hop`"),
                );
            }
        }
    }

    /// The bits of the neutral kinds, each checked: no moves, not royal, no promotion.
    fn neutral_kinds(&mut self, spec: &VariantSpec, kinds: &[PieceKind]) -> u32 {
        let mut mask = 0;
        for (i, p) in spec.pieces.iter().enumerate() {
            let Some(flag) = p.neutral.as_ref().filter(|n| *n.get_ref()) else {
                continue;
            };
            let k = &kinds[i];
            let problem = if !k.patterns.is_empty() || p.betza.is_some() {
                Some("has moves")
            } else if k.royal {
                Some("is royal")
            } else if p.promotion.is_some() {
                Some("promotes")
            } else {
                None
            };
            if let Some(problem) = problem {
                self.err(
                    Diagnostic::new(
                        Code::InvalidValue,
                        flag.span(),
                        format!("neutral piece `{}` {problem}", p.name.value),
                    )
                    .label("a neutral piece belongs to no player")
                    .help("a neutral piece never moves: give it `moves = []`, no `royal`, no `promotion`"),
                );
            }
            mask |= 1 << i;
        }
        mask
    }

    /// The bits of the kinds `names` lists (an unknown name is reported, naming `context`).
    fn kind_bits(&mut self, names: Option<&DirNames>, kinds: &[PieceKind], context: &str) -> u32 {
        let mut mask = 0;
        for n in names.map(|n| n.get_ref().as_slice()).unwrap_or_default() {
            if let Some(k) = self.kind_named(n, kinds, context) {
                mask |= 1 << k.index();
            }
        }
        mask
    }

    /// Promotion choices, now that every letter is known.
    pub(super) fn promotions(&mut self, spec: &VariantSpec, kinds: &mut [PieceKind]) {
        for (i, p) in spec.pieces.iter().enumerate() {
            let Some(pr) = &p.promotion else { continue };
            let choices = self.promotion_choices(spec, i, &pr.choices);
            let by_zone: Vec<Vec<KindId>> = pr
                .by_zone
                .iter()
                .map(|b| {
                    if b.choices.is_empty() {
                        self.promotes_to_nothing(p, b.zone.span());
                    }
                    self.promotion_choices(spec, i, &b.choices)
                })
                .collect();
            if choices.is_empty() && !pr.choices.is_empty() {
                continue;
            }
            if pr.choices.is_empty() {
                self.promotes_to_nothing(p, pr.zone.span());
            }
            let limits = self.promotion_limits(spec, i, &choices, &by_zone);
            let kind = &mut kinds[i];
            if let Some(pr) = kind.promotion.as_mut().or(kind.standing.as_mut()) {
                pr.choices = choices;
                for (entry, list) in pr.by_zone.iter_mut().zip(by_zone) {
                    entry.1 = list;
                }
                pr.limits = limits;
            }
        }
    }

    /// The kinds of a list of promotion choices of piece `i`, each reported when it is the
    /// piece itself, repeated or no piece's letter.
    fn promotion_choices(
        &mut self,
        spec: &VariantSpec,
        i: usize,
        list: &[Spanned<String>],
    ) -> Vec<KindId> {
        let p = &spec.pieces[i];
        let mut choices = Vec::new();
        for c in list {
            let k = spec
                .pieces
                .iter()
                .position(|q| q.letter.get_ref().eq_ignore_ascii_case(c.get_ref()));
            match k {
                Some(k) if k == i => self.err(
                    Diagnostic::new(
                        Code::InvalidValue,
                        c.span(),
                        format!("piece `{}` promotes to itself", p.name.value),
                    )
                    .label("its own letter")
                    .help(
                        "a piece in its promotion zone must become another piece; list only those",
                    ),
                ),
                Some(k) if choices.contains(&KindId(k as u8)) => self.err(
                    Diagnostic::new(
                        Code::DuplicateName,
                        c.span(),
                        format!(
                            "piece `{}` lists the promotion `{}` twice",
                            p.name.value,
                            c.get_ref()
                        ),
                    )
                    .label("again")
                    .help("each choice once: the letters' case does not matter"),
                ),
                Some(k) => choices.push(KindId(k as u8)),
                None => {
                    let letters: Vec<&str> = spec
                        .pieces
                        .iter()
                        .map(|q| q.letter.get_ref().as_str())
                        .collect();
                    let mut d = unknown(c.span(), "piece letter", c.get_ref(), &letters);
                    d.message = format!(
                        "piece `{}` promotes to `{}`, which is no piece's letter",
                        p.name.value,
                        c.get_ref()
                    );
                    self.err(d);
                }
            }
        }
        choices
    }

    /// Reports an empty list of choices.
    fn promotes_to_nothing(&mut self, p: &PieceSpec, span: std::ops::Range<usize>) {
        self.err(
            Diagnostic::new(
                Code::InvalidValue,
                span,
                format!("piece `{}` promotes to nothing", p.name.value),
            )
            .label("empty `choices`")
            .help("list the letters it may become: `choices = [\"Q\", \"R\", \"B\", \"N\"]`"),
        );
    }
}
