//! A promotion's `limits`: choices offered only while the player has fewer pieces of them on the
//! board than a count (Spartan chess's hoplite becomes a king only while its side has fewer than
//! two).

use super::Builder;
use crate::diagnostic::{Code, Diagnostic};
use crate::limits::MAX_PROMOTION_LIMIT;
use crate::rules::KindId;
use crate::spec::variant::VariantSpec;

impl Builder<'_> {
    /// The `limits` of piece `i`'s promotion, whose choices are `choices` and `by_zone`'s lists:
    /// each entry names one of them (by letter) once, with a count from 1 to
    /// [`MAX_PROMOTION_LIMIT`]; a wrong entry is reported and left out.
    pub(super) fn promotion_limits(
        &mut self,
        spec: &VariantSpec,
        i: usize,
        choices: &[KindId],
        by_zone: &[Vec<KindId>],
    ) -> Vec<(KindId, u32)> {
        let p = &spec.pieces[i];
        let Some(pr) = &p.promotion else {
            return Vec::new();
        };
        let offered = |k: KindId| choices.contains(&k) || by_zone.iter().any(|l| l.contains(&k));
        let mut limits: Vec<(KindId, u32)> = Vec::new();
        for l in &pr.limits {
            let token = l.choice.get_ref();
            let kind = (spec.pieces.iter())
                .position(|q| q.letter.get_ref().eq_ignore_ascii_case(token))
                .map(|k| KindId(k as u8))
                .filter(|&k| offered(k));
            let Some(kind) = kind else {
                let listed: Vec<&str> = (pr
                    .choices
                    .iter()
                    .chain(pr.by_zone.iter().flat_map(|b| &b.choices)))
                .map(|c| c.get_ref().as_str())
                .collect();
                self.err(
                    Diagnostic::new(
                        Code::InvalidValue,
                        l.choice.span(),
                        format!(
                            "piece `{}` limits the promotion `{token}`, which is not one of its choices",
                            p.name.value
                        ),
                    )
                    .label("not a choice")
                    .help(format!(
                        "name one of the promotion's choices: {}",
                        listed.join(", ")
                    )),
                );
                continue;
            };
            if limits.iter().any(|&(k, _)| k == kind) {
                self.err(
                    Diagnostic::new(
                        Code::DuplicateName,
                        l.choice.span(),
                        format!(
                            "piece `{}` limits the promotion `{token}` twice",
                            p.name.value
                        ),
                    )
                    .label("again")
                    .help("one entry per choice"),
                );
                continue;
            }
            let most = *l.at_most.get_ref();
            if !(1..=MAX_PROMOTION_LIMIT).contains(&most) {
                self.err(
                    Diagnostic::new(
                        Code::InvalidValue,
                        l.at_most.span(),
                        format!(
                            "`at_most = {most}`: a promotion's limit is from 1 to {MAX_PROMOTION_LIMIT}"
                        ),
                    )
                    .label("out of range")
                    .help(format!(
                        "write the most pieces of `{token}` a player may have after the promotion (`at_most = 2`), or take `{token}` out of `choices`"
                    )),
                );
                continue;
            }
            limits.push((kind, most));
        }
        limits
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_hoplite_becomes_a_king_only_below_two() {
        let rules = crate::load("variants/spartan.toml").expect("loads");
        let kind = |c: char| rules.kind_by_letter(c).expect("a kind");
        let hoplite = rules.kind(kind('H'));
        let pr = hoplite.promotion.as_ref().expect("promotes");
        assert_eq!(pr.limits, [(kind('K'), 2)]);
        assert!(pr.within_limit(kind('K'), || 1));
        assert!(!pr.within_limit(kind('K'), || 2));
        // Choices without an entry are never limited, and the count is not even asked.
        assert!(pr.within_limit(kind('G'), || unreachable!("no limit on the general")));
    }
}
