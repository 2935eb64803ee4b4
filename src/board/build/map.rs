//! `[map]`: the links of directions given as grid offsets.

use std::collections::HashMap;

use super::Builder;
use crate::board::{DirId, GridShape, NodeId, Step, TagSet, TwistId};
use crate::diagnostic::{Code, Diagnostic};
use crate::spec::Located;
use crate::spec::board::{BoardSpec, MapSpec};

impl Builder<'_> {
    /// Links every grid node to the node each `[map]` offset leads to.
    pub(super) fn map(&mut self, spec: &BoardSpec, grid: Option<&GridShape>) {
        let Some(map) = &spec.map else { return };
        let Some(grid) = grid else {
            if spec.grid.is_none() {
                self.push(
                    Diagnostic::new(
                        Code::MapWithoutGrid,
                        map.span.start..map.span.start,
                        "`[map]` gives grid offsets, but the board has no `[grid]`",
                    )
                    .label("offsets need files and ranks")
                    .help("add a `[grid]` table, or declare the links with `[[link]]`"),
                );
            }
            return;
        };
        let mut by_pos = HashMap::new();
        for (i, n) in self.nodes.iter().enumerate() {
            if let Some(p) = n.grid {
                by_pos.insert(p, NodeId(i as u16));
            }
        }
        for (name, offset) in &map.offsets {
            if let Some(d) = self.offset_direction(name, offset) {
                self.link_by_offset(map, grid, &by_pos, d, offset);
            }
        }
    }

    /// The direction an offset is given for, when it is a plain direction and the offset moves.
    fn offset_direction(
        &mut self,
        name: &Located<String>,
        offset: &Located<[i32; 2]>,
    ) -> Option<DirId> {
        let d = self.resolve_dir(name, "`[map]`")?;
        if self.directions[d.index()].path.is_some() {
            self.push(
                Diagnostic::new(
                    Code::BadComposite,
                    name.span.clone(),
                    format!(
                        "`{}` is a composite direction and also has a `[map]` offset",
                        name.value
                    ),
                )
                .label("links of composite directions come from their path")
                .help("give the direction either a `path` or an offset, not both"),
            );
            return None;
        }
        if offset.value == [0, 0] {
            self.push(
                Diagnostic::new(
                    Code::SelfLink,
                    offset.span.clone(),
                    format!("the offset of `{}` is [0, 0]", name.value),
                )
                .label("would link every node to itself"),
            );
            return None;
        }
        Some(d)
    }

    /// Links each grid node (`by_pos`: (file, rank) -> node) in direction `d` to the node
    /// `offset` away, wrapping round the files when the map says so.
    fn link_by_offset(
        &mut self,
        map: &MapSpec,
        grid: &GridShape,
        by_pos: &HashMap<(u16, u16), NodeId>,
        d: DirId,
        offset: &Located<[i32; 2]>,
    ) {
        let files = grid.files.len() as i64;
        let ranks = grid.ranks as i64;
        let [df, dr] = offset.value;
        for f in 0..files {
            for r in 0..ranks {
                let (mut tf, tr) = (f + df as i64, r + dr as i64);
                if map.wrap_files {
                    tf = tf.rem_euclid(files);
                }
                if !(0..files).contains(&tf) || !(0..ranks).contains(&tr) {
                    continue;
                }
                let from = by_pos[&(f as u16, r as u16)];
                let to = by_pos[&(tf as u16, tr as u16)];
                if from == to {
                    continue; // a full turn round a cylinder is not a link
                }
                self.add_link(
                    from,
                    d,
                    Step {
                        to,
                        twist: TwistId::IDENTITY,
                        tags: TagSet::EMPTY,
                    },
                    offset.span.clone(),
                );
            }
        }
    }
}
