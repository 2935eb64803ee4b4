//! The twists: direction permutations that links carry, declared or composed along paths.

use std::collections::HashMap;

use super::{Builder, valid_name};
use crate::board::{DirId, MAX_TWISTS, Twist, TwistId};
use crate::diagnostic::{Code, Diagnostic};
use crate::spec::Span;
use crate::spec::board::{BoardSpec, TwistSpec};

impl Builder<'_> {
    /// Registers the declared twists; returns name -> id.
    pub(super) fn twists(&mut self, spec: &BoardSpec) -> HashMap<String, TwistId> {
        let mut names = HashMap::new();
        for t in &spec.twists {
            if !valid_name(&t.name.value) {
                self.push(
                    Diagnostic::new(
                        Code::BadNodeName,
                        t.name.span.clone(),
                        format!("`{}` cannot be a twist name", t.name.value),
                    )
                    .label("twist name")
                    .help("use letters, digits and `_`"),
                );
                continue;
            }
            let Some((image, source_span)) = self.twist_image(t) else {
                continue;
            };
            if self.twist_is_permutation(t, &image, &source_span) {
                let id = self.intern_twist(t.name.value.clone(), image, &t.name.span, true);
                if let Some(id) = id {
                    names.insert(t.name.value.clone(), id);
                }
            }
        }
        names
    }

    /// Where twist `t` sends each direction, and for each mapped direction the span of its
    /// image; `None` when it names an unknown direction (reported).
    fn twist_image(&mut self, t: &TwistSpec) -> Option<(Vec<DirId>, Vec<Option<Span>>)> {
        let n = self.directions.len();
        let mut image: Vec<DirId> = (0..n).map(|i| DirId(i as u8)).collect();
        let mut source_span: Vec<Option<Span>> = vec![None; n];
        let mut ok = true;
        for (from, to) in &t.map {
            let ctx = format!("twist `{}`", t.name.value);
            let f = self.resolve_dir(from, &ctx);
            let g = self.resolve_dir(to, &ctx);
            if let (Some(f), Some(g)) = (f, g) {
                image[f.index()] = g;
                source_span[f.index()] = Some(to.span.clone());
            } else {
                ok = false;
            }
        }
        ok.then_some((image, source_span))
    }

    /// Whether `image` is a permutation; the first two directions it merges are reported.
    fn twist_is_permutation(
        &mut self,
        t: &TwistSpec,
        image: &[DirId],
        source_span: &[Option<Span>],
    ) -> bool {
        // Bijective on a finite set <=> injective.
        let mut seen: Vec<Option<usize>> = vec![None; image.len()];
        for (i, img) in image.iter().enumerate() {
            if let Some(j) = seen[img.index()] {
                let (a, b) = (&self.directions[j].name, &self.directions[i].name);
                let span = source_span[i]
                    .clone()
                    .or_else(|| source_span[j].clone())
                    .unwrap_or(t.name.span.clone());
                let mut diag = Diagnostic::new(
                    Code::TwistNotPermutation,
                    span,
                    format!(
                        "twist `{}` is not a permutation: `{a}` and `{b}` both go to `{}`",
                        t.name.value, self.directions[img.index()].name
                    ),
                )
                .label("second direction mapped here")
                .help("a twist must send different directions to different directions; map the freed direction back (e.g. `in = \"out\", out = \"in\"`)");
                if let (Some(sj), Some(_)) = (&source_span[j], &source_span[i]) {
                    diag = diag.related(sj.clone(), "first mapped here");
                }
                self.push(diag);
                return false;
            }
            seen[img.index()] = Some(i);
        }
        true
    }

    /// Adds a twist. Declared twists (`declared`) always get an id of their own, so each keeps its
    /// name; twists composed along composite paths reuse an equal permutation.
    pub(super) fn intern_twist(
        &mut self,
        name: String,
        image: Vec<DirId>,
        span: &Span,
        declared: bool,
    ) -> Option<TwistId> {
        if !declared && let Some(i) = self.twists.iter().position(|t| t.image == image) {
            return Some(TwistId(i as u8));
        }
        if self.twists.len() >= MAX_TWISTS {
            self.push(
                Diagnostic::new(
                    Code::TooLarge,
                    span.clone(),
                    format!("more than {MAX_TWISTS} twists"),
                )
                .label("one too many"),
            );
            return None;
        }
        self.twists.push(Twist { name, image });
        Some(TwistId((self.twists.len() - 1) as u8))
    }
}
