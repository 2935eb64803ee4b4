//! `[map]`: the links of directions given as grid offsets.

use std::collections::HashMap;

use super::Builder;
use crate::board::{DirId, GridShape, NodeId, Step, TagSet, TwistId};
use crate::diagnostic::{Code, Diagnostic};
use crate::spec::Located;
use crate::spec::board::{BoardSpec, MapSpec, Wrap};

/// The name of the twist a Möbius strip's or Klein bottle's seam carries.
const MIRROR: &str = "mirror";

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
        if grid.hex.is_some() && map.wrap.value != Wrap::None {
            self.push(
                Diagnostic::new(
                    Code::BadWrap,
                    map.wrap.span.clone(),
                    "a `[hex]` board's offsets cross no edge",
                )
                .label("only `wrap = \"none\"` on a hexagon")
                .help("remove `wrap`, or join edges with `[[link]]`"),
            );
            return;
        }
        let mut by_pos = HashMap::new();
        for (i, n) in self.nodes.iter().enumerate() {
            if let Some(p) = n.grid {
                by_pos.insert(p, NodeId(i as u16));
            }
        }
        let offsets: Vec<(DirId, &Located<[i32; 2]>)> = map
            .offsets
            .iter()
            .filter_map(|(name, offset)| Some((self.offset_direction(name, offset)?, offset)))
            .collect();
        let mirror = if map.wrap.value.mirrored() {
            match self.mirror_twist(spec, map, &offsets) {
                Some(t) => t,
                None => return,
            }
        } else {
            TwistId::IDENTITY
        };
        for (d, offset) in offsets {
            self.link_by_offset(map.wrap.value, mirror, grid, &by_pos, d, offset);
        }
    }

    /// The `mirror` twist a Möbius strip or Klein bottle's seam carries: each offset direction to
    /// the one whose rank offset is negated (`ne` to `se`), so that a piece that crossed the seam
    /// upside down keeps its own sense of forward; `None` when a direction has no mirror image or
    /// the name is taken (both reported).
    fn mirror_twist(
        &mut self,
        spec: &BoardSpec,
        map: &MapSpec,
        offsets: &[(DirId, &Located<[i32; 2]>)],
    ) -> Option<TwistId> {
        let wrap_span = map.wrap.span.clone();
        let mut image = self.twists[0].image.clone();
        let mut ok = true;
        for &(d, offset) in offsets {
            let [df, dr] = offset.value;
            match offsets.iter().find(|(_, o)| o.value == [df, -dr]) {
                Some(&(m, _)) => image[d.index()] = m,
                None => {
                    ok = false;
                    self.push(
                        Diagnostic::new(
                            Code::BadWrap,
                            offset.span.clone(),
                            format!(
                                "`{}` has no mirror image: no direction has the offset [{df}, {}]",
                                self.directions[d.index()].name,
                                -dr
                            ),
                        )
                        .label("a piece crossing the twisted seam needs its mirror image")
                        .related(wrap_span.clone(), "the seam is twisted here")
                        .help("add a direction with that offset"),
                    );
                }
            }
        }
        if let Some(declared) = spec.twists.iter().find(|t| t.name.value == MIRROR) {
            ok = false;
            self.push(
                Diagnostic::new(
                    Code::BadWrap,
                    wrap_span.clone(),
                    format!(
                        "this `wrap` makes a twist named `{MIRROR}`, and the board declares one"
                    ),
                )
                .label("the seam carries the twist `mirror`")
                .related(declared.name.span.clone(), "the declared twist")
                .help("rename the declared twist"),
            );
        }
        if !ok {
            return None;
        }
        self.intern_twist(MIRROR.to_string(), image, &wrap_span, true)
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
    /// `offset` away, across the edges `wrap` joins; a link across a twisted seam carries `mirror`.
    fn link_by_offset(
        &mut self,
        wrap: Wrap,
        mirror: TwistId,
        grid: &GridShape,
        by_pos: &HashMap<(u16, u16), NodeId>,
        d: DirId,
        offset: &Located<[i32; 2]>,
    ) {
        let (files, ranks) = (grid.files.len() as i64, grid.ranks as i64);
        for f in 0..files {
            for r in 0..ranks {
                let Some(&from) = by_pos.get(&(f as u16, r as u16)) else {
                    continue; // not a cell of the hexagon
                };
                let target = match &grid.hex {
                    Some(shape) => {
                        let [dq, dr] = offset.value;
                        shape
                            .axial((f as u16, r as u16))
                            .and_then(|(q, ar)| shape.cell((q + dq, ar + dr)))
                            .map(|(tf, tr)| (i64::from(tf), i64::from(tr), false))
                    }
                    None => wrapped(wrap, files, ranks, f, r, offset.value),
                };
                let Some((tf, tr, twisted)) = target else {
                    continue;
                };
                // A cell the grid omits has no node: no link to it.
                let Some(&to) = by_pos.get(&(tf as u16, tr as u16)) else {
                    continue;
                };
                if from == to {
                    continue; // a full turn round a cylinder is not a link
                }
                let twist = if twisted { mirror } else { TwistId::IDENTITY };
                let step = Step {
                    to,
                    twist,
                    tags: TagSet::EMPTY,
                };
                self.add_link(from, d, step, offset.span.clone());
            }
        }
    }
}

/// Where `offset` leads from (`f`, `r`) on a `files` x `ranks` grid whose edges `wrap` joins,
/// and whether the way crossed the twisted seam an odd number of times; `None` off the board.
fn wrapped(
    wrap: Wrap,
    files: i64,
    ranks: i64,
    f: i64,
    r: i64,
    [df, dr]: [i32; 2],
) -> Option<(i64, i64, bool)> {
    let (mut tf, mut tr) = (f + i64::from(df), r + i64::from(dr));
    let mut twisted = false;
    if wrap.ranks() {
        tr = tr.rem_euclid(ranks);
    }
    if wrap.files() {
        let turns = tf.div_euclid(files);
        tf = tf.rem_euclid(files);
        if wrap.mirrored() && turns % 2 != 0 {
            tr = ranks - 1 - tr;
            twisted = true;
        }
    }
    ((0..files).contains(&tf) && (0..ranks).contains(&tr)).then_some((tf, tr, twisted))
}
