//! Frames: the orientations a piece can be in, declared (`[frames]`) or reached through the
//! board's twists.

use super::Builder;
use super::lookup::unknown;
use crate::board::DirId;
use crate::diagnostic::{Code, Diagnostic};
use crate::limits::MAX_FRAMES;
use crate::rules::FrameId;
use crate::spec::Located;
use crate::spec::variant::VariantSpec;

/// Whether a frame name can be written in position text: letters, digits, `_` and `-`.
fn frame_name_ok(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// Where a frame with direction image `image` sends composite direction `d`: the composite
/// direction whose path is `d`'s path turned by the frame (`d` itself when it does not turn);
/// `None` when `d` is plain or no direction has the turned path.
fn composite_image(board: &crate::board::Board, d: DirId, image: &[DirId]) -> Option<DirId> {
    let path = board.direction_info(d).path.as_ref()?;
    let turned: Vec<DirId> = path.iter().map(|p| image[p.index()]).collect();
    if turned == *path {
        return Some(d);
    }
    board
        .direction_ids()
        .find(|&c| board.direction_info(c).path.as_deref() == Some(&turned[..]))
}

/// The id of the frame with this name.
pub(super) fn frame_named(frames: &[(String, Vec<DirId>)], n: &str) -> Option<FrameId> {
    frames
        .iter()
        .position(|(x, _)| x == n)
        .map(|i| FrameId(i as u8))
}

impl Builder<'_> {
    /// Frames: the identity, then the declared ones.
    pub(super) fn frames(&mut self, spec: &VariantSpec) -> Vec<(String, Vec<DirId>)> {
        let board = self.board;
        let mut frames: Vec<(String, Vec<DirId>)> =
            vec![("identity".to_string(), board.direction_ids().collect())];
        for (name, map) in &spec.frames {
            if !frame_name_ok(&name.value) {
                self.err(
                    Diagnostic::new(
                        Code::BadMark,
                        name.span.clone(),
                        format!("`{}` cannot be a frame name", name.value),
                    )
                    .label("frame name")
                    .help("position text writes frames in brackets (`P[crossed]`): use letters, digits, `_` and `-`"),
                );
                continue;
            }
            if let Some(image) = self.permutation(name, map) {
                if name.value == "identity" {
                    if image != frames[0].1 {
                        self.err(
                            Diagnostic::new(
                                Code::DuplicateName,
                                name.span.clone(),
                                "`identity` is the built-in frame that changes nothing",
                            )
                            .label("reserved name")
                            .help("choose another name for this frame"),
                        );
                    }
                    continue;
                }
                frames.push((name.value.clone(), image));
            }
        }
        frames
    }

    /// The direction permutation frame `name` declares, or `None` when it names unknown
    /// directions or merges two (reported).
    fn permutation(
        &mut self,
        name: &Located<String>,
        map: &[(Located<String>, Located<String>)],
    ) -> Option<Vec<DirId>> {
        let n = self.board.direction_count();
        let mut image: Vec<DirId> = self.board.direction_ids().collect();
        let dirs: Vec<&str> = self
            .board
            .direction_ids()
            .map(|d| self.board.direction_name(d))
            .collect();
        let mut ok = true;
        let mut spans: Vec<Option<std::ops::Range<usize>>> = vec![None; n];
        for (from, to) in map {
            let f = self.board.direction(&from.value);
            let t = self.board.direction(&to.value);
            for (x, l) in [(f, from), (t, to)] {
                if x.is_none() {
                    ok = false;
                    let mut d = unknown(l.span.clone(), "direction", &l.value, &dirs);
                    d.message = format!(
                        "frame `{}` names direction `{}`, which the board does not have",
                        name.value, l.value
                    );
                    self.err(d);
                }
            }
            if let (Some(f), Some(t)) = (f, t) {
                image[f.index()] = t;
                spans[f.index()] = Some(to.span.clone());
            }
        }
        if !ok {
            return None;
        }
        if !self.composites_through_paths(name, &mut image, &spans) {
            return None;
        }
        let mut seen: Vec<Option<usize>> = vec![None; n];
        for (i, d) in image.iter().enumerate() {
            if let Some(j) = seen[d.index()] {
                let span = spans[i]
                    .clone()
                    .or(spans[j].clone())
                    .unwrap_or(name.span.clone());
                self.err(
                    Diagnostic::new(
                        Code::FrameNotPermutation,
                        span,
                        format!(
                            "frame `{}` is not a permutation: `{}` and `{}` both become `{}`",
                            name.value,
                            dirs[j],
                            dirs[i],
                            dirs[d.index()]
                        ),
                    )
                    .label("second direction mapped here")
                    .help("a frame renames directions one to one; map the freed direction back (e.g. `n = \"s\", s = \"n\"`)"),
                );
                return None;
            }
            seen[d.index()] = Some(i);
        }
        Some(image)
    }

    /// Maps every composite direction through its path: `nne = { path = "n n e" }` goes where the
    /// frame sends `n n e`, the composite direction with that path (so a frame never has to list
    /// composite directions, and an asymmetric `leap nne` turns round with the piece). A
    /// composite the frame lists itself must agree; one whose turned path no direction of the
    /// board has is refused. False when anything was reported.
    fn composites_through_paths(
        &mut self,
        name: &Located<String>,
        image: &mut [DirId],
        spans: &[Option<std::ops::Range<usize>>],
    ) -> bool {
        let board = self.board;
        let path_text = |p: &[DirId]| -> String {
            p.iter()
                .map(|&d| board.direction_name(d))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut ok = true;
        for d in board.direction_ids() {
            let Some(path) = &board.direction_info(d).path else {
                continue;
            };
            let turned: Vec<DirId> = path.iter().map(|p| image[p.index()]).collect();
            let target = composite_image(board, d, image);
            let listed = spans[d.index()].clone();
            match (target, listed) {
                (Some(t), None) => image[d.index()] = t,
                (Some(t), Some(_)) if image[d.index()] == t => {}
                (target, listed) => {
                    ok = false;
                    let span = listed.clone().unwrap_or_else(|| name.span.clone());
                    let wanted = target.map_or_else(
                        || format!("a direction with path `{}`", path_text(&turned)),
                        |t| format!("`{}`", board.direction_name(t)),
                    );
                    let help = match target {
                        Some(_) => format!(
                            "leave `{}` out of the frame: composite directions follow their paths",
                            board.direction_name(d)
                        ),
                        None => format!(
                            "declare it on the board, e.g. `{} = {{ path = \"{}\" }}`",
                            path_text(&turned).replace(' ', ""),
                            path_text(&turned)
                        ),
                    };
                    self.err(
                        Diagnostic::new(
                            Code::FrameCompositeMismatch,
                            span,
                            format!(
                                "frame `{}` turns composite direction `{}` (path `{}`) into path `{}`, so it must map it to {wanted}",
                                name.value,
                                board.direction_name(d),
                                path_text(path),
                                path_text(&turned)
                            ),
                        )
                        .label(if listed.is_some() { "disagrees with the path" } else { "this frame" })
                        .help(help),
                    );
                }
            }
        }
        ok
    }

    /// Frames reached through twists, and `after[frame * twists + twist]`.
    pub(super) fn frames_through_twists(
        &mut self,
        spec: &VariantSpec,
        frames: &mut Vec<(String, Vec<DirId>)>,
    ) -> Option<Vec<u8>> {
        let board = self.board;
        let ntwists = board.twists().len();
        let mut after: Vec<u8> = Vec::new();
        let mut fi = 0;
        while fi < frames.len() {
            for t in 0..ntwists {
                let tw = &board.twists()[t].image;
                let mut image: Vec<DirId> = frames[fi].1.iter().map(|d| tw[d.index()]).collect();
                // Composite directions follow their paths in a frame reached through a twist
                // too, when the board has every turned path (else the twist's own image stays,
                // which is a permutation).
                let composites: Vec<(DirId, Option<DirId>)> = board
                    .direction_ids()
                    .filter(|&d| board.direction_info(d).path.is_some())
                    .map(|d| (d, composite_image(board, d, &image)))
                    .collect();
                if composites.iter().all(|(_, c)| c.is_some()) {
                    for (d, c) in composites {
                        image[d.index()] = c.unwrap_or(d);
                    }
                }
                let id = match frames.iter().position(|(_, im)| *im == image) {
                    Some(i) => i,
                    None => {
                        if frames.len() == MAX_FRAMES {
                            self.err(
                                Diagnostic::new(
                                    Code::VariantTooLarge,
                                    spec.board.span.clone(),
                                    format!(
                                        "the board's twists give more than {MAX_FRAMES} frames"
                                    ),
                                )
                                .label("this board")
                                .help(
                                    "pieces can be in too many orientations; declare fewer twists",
                                ),
                            );
                            return None;
                        }
                        let name = format!("{}+{}", frames[fi].0, board.twists()[t].name);
                        frames.push((name, image));
                        frames.len() - 1
                    }
                };
                after.push(id as u8);
            }
            fi += 1;
        }
        Some(after)
    }
}
