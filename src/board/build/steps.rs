//! The dense step table: the links made so far, then the steps of composite directions, found by
//! walking their paths.

use super::Builder;
use crate::board::{DirId, NodeId, Step, TagSet, TwistId};
use crate::spec::board::BoardSpec;

impl Builder<'_> {
    /// The step table of the links, `steps[node * directions + direction]`.
    pub(super) fn link_steps(&self) -> Vec<Option<Step>> {
        let ndirs = self.directions.len();
        let mut steps = vec![None; self.nodes.len() * ndirs];
        for (&(n, d), link) in &self.links {
            steps[n.index() * ndirs + d.index()] = Some(link.step);
        }
        steps
    }

    /// Fills in the steps of the composite directions: where each path leads from each node, the
    /// tags it crosses and the twist it composes.
    pub(super) fn composites(&mut self, steps: &mut [Option<Step>], spec: &BoardSpec) {
        let ndirs = self.directions.len();
        for (di, dir) in self.directions.clone().iter().enumerate() {
            let Some(path) = &dir.path else { continue };
            let span = spec.directions[di]
                .path
                .as_ref()
                .map_or(0..0, |p| p.span.clone());
            for n in 0..self.nodes.len() {
                let Some((at, tags, frame)) = self.walk_path(steps, NodeId(n as u16), path) else {
                    continue;
                };
                if at.index() == n {
                    continue;
                }
                let twist = if frame == self.twists[0].image {
                    Some(TwistId::IDENTITY)
                } else {
                    self.intern_twist(format!("{}+path", dir.name), frame, &span, false)
                };
                let Some(twist) = twist else { return };
                steps[n * ndirs + di] = Some(Step {
                    to: at,
                    twist,
                    tags,
                });
            }
        }
    }

    /// Where `path` leads from `from` along the steps so far, the tags it crosses and the frame it
    /// ends in (each step's direction read in the frame the twists so far have made); `None` when
    /// a step is missing.
    fn walk_path(
        &self,
        steps: &[Option<Step>],
        from: NodeId,
        path: &[DirId],
    ) -> Option<(NodeId, TagSet, Vec<DirId>)> {
        let ndirs = self.directions.len();
        let mut frame: Vec<DirId> = self.twists[0].image.clone();
        let mut at = from;
        let mut tags = TagSet::EMPTY;
        for &d in path {
            let actual = frame[d.index()];
            let s = steps[at.index() * ndirs + actual.index()]?;
            at = s.to;
            tags = tags.union(s.tags);
            if s.twist != TwistId::IDENTITY {
                let t = &self.twists[s.twist.index()].image;
                frame = frame.iter().map(|x| t[x.index()]).collect();
            }
        }
        Some((at, tags, frame))
    }
}
