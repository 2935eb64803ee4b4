//! The directions: their names, their opposites and the paths of composite directions.

use super::{Builder, valid_name};
use crate::board::{DirId, Direction, MAX_DIRECTIONS};
use crate::diagnostic::{Code, Diagnostic, quoted, suggest};
use crate::spec::board::{BoardSpec, DirectionSpec};
use crate::spec::{Located, words};

impl Builder<'_> {
    /// Every direction of `[directions]`, with its opposite and, for a composite, its path.
    pub(super) fn directions(&mut self, spec: &BoardSpec) {
        if spec.directions.is_empty() && spec.cube.is_none() {
            self.push(
                Diagnostic::new(
                    Code::MissingKey,
                    spec.directions_span.clone(),
                    "the board declares no direction",
                )
                .label("expected a `[directions]` table")
                .help("add `[directions]` with entries such as `n = { opposite = \"s\" }`"),
            );
            return;
        }
        if !self.declare_directions(spec) {
            return;
        }
        if let Some(cube) = &spec.cube
            && !self.cube_directions(spec, cube)
        {
            return;
        }
        self.opposites(spec);
        self.composite_paths(spec);
    }

    /// Declares the directions by name; `false` when there are too many (reported).
    fn declare_directions(&mut self, spec: &BoardSpec) -> bool {
        for d in &spec.directions {
            if !valid_name(&d.name.value) {
                self.push(
                    Diagnostic::new(
                        Code::InvalidValue,
                        d.name.span.clone(),
                        format!("`{}` cannot be a direction name", d.name.value),
                    )
                    .label("use letters, digits and `_`"),
                );
            }
            if self.directions.len() == MAX_DIRECTIONS {
                self.push(
                    Diagnostic::new(
                        Code::TooLarge,
                        d.name.span.clone(),
                        format!("more than {MAX_DIRECTIONS} directions"),
                    )
                    .label("one too many")
                    .help(format!(
                        "chessgraph boards have at most {MAX_DIRECTIONS} directions"
                    )),
                );
                return false;
            }
            self.directions.push(Direction {
                name: d.name.value.clone(),
                opposite: None,
                path: None,
            });
            self.dir_spans.push(d.name.span.clone());
        }
        true
    }

    /// Opposites: one side may declare it; both sides must agree.
    fn opposites(&mut self, spec: &BoardSpec) {
        for (i, d) in spec.directions.iter().enumerate() {
            let Some(opp) = &d.opposite else { continue };
            let Some(o) = self.resolve_dir(opp, &format!("`{}`'s opposite", d.name.value)) else {
                continue;
            };
            let me = DirId(i as u8);
            for (a, b) in [(me, o), (o, me)] {
                match self.directions[a.index()].opposite {
                    None => self.directions[a.index()].opposite = Some(b),
                    Some(existing) if existing == b => {}
                    Some(existing) => {
                        let msg = format!(
                            "`{}` is declared opposite to both `{}` and `{}`",
                            self.directions[a.index()].name,
                            self.directions[existing.index()].name,
                            self.directions[b.index()].name
                        );
                        self.push(
                            Diagnostic::new(Code::BadOpposite, opp.span.clone(), msg)
                                .label("conflicting opposite")
                                .help("each direction has at most one opposite, and opposites pair up"),
                        );
                    }
                }
            }
        }
    }

    /// The paths of the composite directions; a path with any bad step is left unset.
    fn composite_paths(&mut self, spec: &BoardSpec) {
        for (i, d) in spec.directions.iter().enumerate() {
            let Some(path) = &d.path else { continue };
            if let Some(ids) = self.composite_path(spec, d, path) {
                self.directions[i].path = Some(ids);
            }
        }
    }

    /// The steps of `d`'s `path`: plain directions only.
    fn composite_path(
        &mut self,
        spec: &BoardSpec,
        d: &DirectionSpec,
        path: &Located<String>,
    ) -> Option<Vec<DirId>> {
        let steps = words(path, self.text);
        if steps.is_empty() {
            self.push(
                Diagnostic::new(
                    Code::BadComposite,
                    path.span.clone(),
                    format!("composite direction `{}` has an empty path", d.name.value),
                )
                .label("no steps")
                .help("write the steps, e.g. `path = \"n n e\"`"),
            );
            return None;
        }
        let mut ids = Vec::new();
        for s in &steps {
            let Some(id) = self.resolve_dir(s, &format!("the path of `{}`", d.name.value)) else {
                continue;
            };
            if spec
                .directions
                .get(id.index())
                .is_some_and(|d| d.path.is_some())
            {
                self.push(
                    Diagnostic::new(
                        Code::BadComposite,
                        s.span.clone(),
                        format!(
                            "the path of `{}` uses `{}`, itself a composite direction",
                            d.name.value, s.value
                        ),
                    )
                    .label("composite inside a composite")
                    .help("write composite paths with plain (linked) directions only"),
                );
                continue;
            }
            ids.push(id);
        }
        (ids.len() == steps.len()).then_some(ids)
    }

    /// The direction named `name`.
    pub(super) fn dir_named(&self, name: &str) -> Option<DirId> {
        self.directions
            .iter()
            .position(|d| d.name == name)
            .map(|i| DirId(i as u8))
    }

    /// Reports that `context` names a direction the board does not declare.
    fn unknown_direction(&mut self, name: &Located<String>, context: &str) {
        let help = suggest(&name.value, self.directions.iter().map(|d| d.name.as_str()))
            .unwrap_or_else(|| {
                format!(
                    "declared directions: {}",
                    self.directions
                        .iter()
                        .map(|d| d.name.as_str())
                        .collect::<Vec<_>>()
                        .join(" ")
                )
            });
        self.push(
            Diagnostic::new(
                Code::UnknownDirection,
                name.span.clone(),
                format!(
                    "{context} names direction `{}`, which is not declared",
                    quoted(&name.value)
                ),
            )
            .label("unknown direction")
            .help(help),
        );
    }

    /// The direction named `name`, or `None` with an error naming `context`.
    pub(super) fn resolve_dir(&mut self, name: &Located<String>, context: &str) -> Option<DirId> {
        let d = self.dir_named(&name.value);
        if d.is_none() {
            self.unknown_direction(name, context);
        }
        d
    }
}
