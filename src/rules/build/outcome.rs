//! `[outcome]`, `[moves]` and `[draws]`: how a game ends, what is legal besides the patterns,
//! and the draw rules of `play` and `show`.

use toml::Spanned;

use super::Builder;
use super::lookup::unknown;
use super::zones::ZoneKeys;
use crate::diagnostic::{Code, Diagnostic};
use crate::rules::draws::counting::Counting;
use crate::rules::ends::{BuildContext, Declared, FAMILIES};
use crate::rules::{
    DrawPoints, DrawRules, EndCondition, KindId, MoveRules, OutcomePolicy, PieceKind, PlayerId,
    Policy,
};
use crate::spec::Located;
use crate::spec::variant::VariantSpec;

/// Most checks an n-check rule may ask for (a position keeps the count in a byte).
const MAX_CHECKS: u32 = 255;

/// What the end-rule slices may ask while they compile: the builder, the kinds and the zone
/// names interned so far.
struct EndContext<'b, 'a> {
    builder: &'b mut Builder<'a>,
    kinds: &'b [PieceKind],
    zone_keys: &'b mut ZoneKeys,
}

impl BuildContext for EndContext<'_, '_> {
    fn kinds(&self) -> &[PieceKind] {
        self.kinds
    }

    fn kind_named(&mut self, name: &Spanned<String>, context: &str) -> Option<KindId> {
        self.builder.kind_named(name, self.kinds, context)
    }

    fn zone(&mut self, name: &Spanned<String>) -> usize {
        self.zone_keys.intern(&Located::from(name.clone()))
    }

    fn error(&mut self, d: Diagnostic) {
        self.builder.err(d);
    }
}

impl Builder<'_> {
    /// The end rules of `[outcome]` that are slices, compiled in the order they are judged; the
    /// zones they name are interned (so this runs before the zones are built).
    pub(super) fn declared_ends(
        &mut self,
        spec: &VariantSpec,
        kinds: &[PieceKind],
        zone_keys: &mut ZoneKeys,
    ) -> Vec<Declared> {
        let mut cx = EndContext {
            builder: self,
            kinds,
            zone_keys,
        };
        let mut out = Vec::new();
        for family in FAMILIES {
            for d in spec.outcome.declared.iter().filter(|d| d.key == family.key) {
                if let Some(rule) = family.build(&*d.value, &mut cx) {
                    out.push(Declared {
                        key: family.key,
                        before_checks: family.before_checks,
                        rule,
                    });
                }
            }
        }
        out
    }

    /// The outcome policy, with the declared end rules.
    pub(super) fn outcome(
        &mut self,
        spec: &VariantSpec,
        player_count: usize,
        kinds: &[PieceKind],
        declared: Vec<Declared>,
    ) -> OutcomePolicy {
        let o = &spec.outcome;
        let mut by = vec![None; player_count + 1];
        for (k, p) in &o.stalemate_by_players {
            match k.value.parse::<usize>() {
                Ok(n) if (2..=player_count).contains(&n) => by[n] = Some(p.value),
                _ => self.err(
                    Diagnostic::new(
                        Code::InvalidValue,
                        k.span.clone(),
                        format!(
                            "`{}` is not a number of players from 2 to {}",
                            k.value, player_count
                        ),
                    )
                    .label("expected a player count")
                    .help("write e.g. `\"3\" = \"eliminate\"`"),
                ),
            }
        }
        let has_royal = kinds.iter().any(|k| k.royal);
        let checks = self.checks(spec, has_royal);
        let mut conditions = vec![EndCondition::LastPlayerStanding];
        let declared_where = |before: bool| {
            (declared.iter().enumerate())
                .filter(move |(_, d)| d.before_checks == before)
                .map(|(i, _)| EndCondition::Declared(i as u8))
        };
        conditions.extend(declared_where(true));
        if checks.is_some() {
            conditions.push(EndCondition::CheckCount);
        }
        conditions.extend(declared_where(false));
        if !o.captured.is_empty() || !o.progression.is_empty() {
            conditions.push(EndCondition::CapturedMaterial);
        }
        conditions.push(EndCondition::NoLegalMove);
        let stalemate = o.stalemate.as_ref().map_or(Policy::Draw, |p| p.value);
        OutcomePolicy {
            checkmate: o.checkmate.as_ref().map_or(Policy::Eliminate, |p| p.value),
            stalemate,
            stalemate_score: self.stalemate_score(spec, stalemate),
            draw_odds: (o.draw_odds.as_ref())
                .and_then(|name| self.player(spec, name))
                .map(|seat| PlayerId(seat as u8)),
            draw_points: self.draw_points(spec, kinds, player_count),
            stalemate_by_players: by,
            checks,
            series_kinds: declared.iter().fold(0, |m, d| m | d.rule.series_kinds()),
            declared,
            conditions,
        }
    }

    /// `draw_points`: piece and player names known, every number finite and not negative, and
    /// not with `draw_odds` (which already decides every draw).
    fn draw_points(
        &mut self,
        spec: &VariantSpec,
        kinds: &[PieceKind],
        player_count: usize,
    ) -> Option<DrawPoints> {
        let d = spec.outcome.draw_points.as_ref()?;
        if let Some(odds) = &spec.outcome.draw_odds {
            self.err(
                Diagnostic::new(
                    Code::InvalidValue,
                    odds.span(),
                    "`draw_odds` and `draw_points` both decide a game that would end drawn",
                )
                .label("draw odds beside `draw_points`")
                .related(d.span.clone(), "decided on points here")
                .help("keep one of the two keys"),
            );
            return None;
        }
        let number = |b: &mut Self, v: &Spanned<f64>, of: &str| {
            let x = *v.get_ref();
            if x.is_finite() && x >= 0.0 {
                return x;
            }
            b.err(
                Diagnostic::new(
                    Code::InvalidValue,
                    v.span(),
                    format!("`draw_points`: the points of {of} are {x}"),
                )
                .label("expected a number, 0 or more")
                .help("write e.g. `chariot = 13` or `han = 1.5`"),
            );
            0.0
        };
        let mut values = vec![0.0; kinds.len()];
        for (name, v) in &d.value.values {
            let x = number(self, v, &format!("`{}`", name.get_ref()));
            if let Some(k) = self.kind_named(name, kinds, "`draw_points` `values`") {
                values[k.index()] = x;
            }
        }
        let mut bonus = vec![0.0; player_count];
        for (name, v) in &d.value.bonus {
            let x = number(self, v, &format!("`{}`", name.get_ref()));
            if let Some(seat) = self.player(spec, name) {
                bonus[seat] = x;
            }
        }
        Some(DrawPoints { values, bonus })
    }

    /// `stalemate_score`: from 0 to 1, and only where a stalemate is lost.
    fn stalemate_score(&mut self, spec: &VariantSpec, stalemate: Policy) -> Option<f64> {
        let s = spec.outcome.stalemate_score.as_ref()?;
        let problem = if !(0.0..=1.0).contains(&s.value) {
            format!("`stalemate_score` is a score from 0 to 1, not {}", s.value)
        } else if stalemate != Policy::Eliminate {
            "`stalemate_score` scores a stalemate that is lost, and `stalemate` is not \"eliminate\"".to_string()
        } else {
            return Some(s.value);
        };
        self.err(
            Diagnostic::new(Code::InvalidValue, s.span.clone(), problem)
                .label("the stalemated player's score")
                .help("write `stalemate = \"eliminate\"` and a score such as `stalemate_score = 0.25`"),
        );
        None
    }

    /// `checks`: from 1 to [`MAX_CHECKS`], and only with royal pieces to check.
    fn checks(&mut self, spec: &VariantSpec, has_royal: bool) -> Option<u32> {
        let c = spec.outcome.checks.as_ref()?;
        let problem = if !(1..=MAX_CHECKS).contains(&c.value) {
            Some(format!(
                "`checks = {}`: the number of checks that wins is from 1 to {MAX_CHECKS}",
                c.value
            ))
        } else if !has_royal {
            Some("`checks` needs a royal piece to check, and no piece is royal".to_string())
        } else {
            None
        };
        match problem {
            Some(message) => {
                self.err(
                    Diagnostic::new(Code::InvalidValue, c.span.clone(), message)
                        .label("checks")
                        .help("write e.g. `checks = 3` (the third check given wins)"),
                );
                None
            }
            None => Some(c.value),
        }
    }

    /// The kind with this piece name (the `[pieces.NAME]` key), or an error naming `context`.
    pub(super) fn kind_named(
        &mut self,
        name: &Spanned<String>,
        kinds: &[PieceKind],
        context: &str,
    ) -> Option<KindId> {
        let found = kinds.iter().position(|k| k.name == *name.get_ref());
        if found.is_none() {
            let names: Vec<&str> = kinds.iter().map(|k| k.name.as_str()).collect();
            let mut d = unknown(name.span(), "piece", name.get_ref(), &names);
            d.message = format!(
                "{context} names piece `{}`, which is not declared",
                name.get_ref()
            );
            self.err(d);
        }
        found.map(|i| KindId(i as u8))
    }

    /// `[moves]`.
    pub(super) fn move_rules(&mut self, spec: &VariantSpec, kinds: &[PieceKind]) -> MoveRules {
        MoveRules {
            may_check: spec.moves.may_check.unwrap_or(true),
            pass: self.needs_royal(
                spec.moves.pass.as_ref(),
                kinds,
                "`pass` needs a royal piece: a pass is written as the royal's null move",
                "mark the king `royal = true`, or remove `pass`",
            ),
            all_royals: self.needs_royal(
                spec.moves.check_all_royals.as_ref(),
                kinds,
                "`check_all_royals` needs a royal piece: it says when a player's royals are in check",
                "mark the kings `royal = true`, or remove `check_all_royals`",
            ),
            royal_promotion: kinds.iter().any(|k| {
                (k.promotion.iter().chain(&k.standing))
                    .any(|pr| pr.all_choices().any(|c| kinds[c.index()].royal))
            }),
        }
    }

    /// A `[moves]` switch that needs a royal piece (`pass`, `check_all_royals`): its value,
    /// or `false` with a located error (`message`, `help`) when it is on and no kind is royal.
    fn needs_royal(
        &mut self,
        key: Option<&Spanned<bool>>,
        kinds: &[PieceKind],
        message: &str,
        help: &str,
    ) -> bool {
        let Some(on) = key.filter(|k| *k.get_ref()) else {
            return false;
        };
        if !kinds.iter().any(|k| k.royal) {
            self.err(
                Diagnostic::new(Code::InvalidValue, on.span(), message)
                    .label("no piece of this variant is royal")
                    .help(help),
            );
            return false;
        }
        true
    }

    /// `[draws]`.
    pub(super) fn draw_rules(&mut self, spec: &VariantSpec, kinds: &[PieceKind]) -> DrawRules {
        let d = &spec.draws;
        let mut at_least = |v: &Option<Spanned<u32>>, min: u32, key: &str, example: &str| {
            let v = v.as_ref()?;
            if *v.get_ref() < min {
                self.err(
                    Diagnostic::new(
                        Code::InvalidValue,
                        v.span(),
                        format!("`{key} = {}`: it must be at least {min}", v.get_ref()),
                    )
                    .label(key.to_string())
                    .help(format!("write e.g. `{key} = {example}`")),
                );
                return None;
            }
            Some(*v.get_ref())
        };
        let move_rule = at_least(&d.move_rule, 1, "move_rule", "50");
        let repetition = at_least(&d.repetition, 2, "repetition", "3");
        let mut insufficient = Vec::new();
        for set in &d.insufficient {
            let mut ks: Vec<KindId> = set
                .get_ref()
                .iter()
                .filter_map(|n| self.kind_named(n, kinds, "`insufficient`"))
                .collect();
            ks.sort();
            insufficient.push(ks);
        }
        let players = spec.players.len();
        let counting = d.counting.as_ref().and_then(|c| {
            let mut diags = Vec::new();
            let mut named = |n: &Spanned<String>| self.kind_named(n, kinds, "`counting`");
            let built = Counting::build(c, kinds, players, &mut named, &mut diags);
            diags.into_iter().for_each(|d| self.err(d));
            built
        });
        DrawRules {
            move_rule,
            repetition,
            insufficient,
            counting,
        }
    }
}
