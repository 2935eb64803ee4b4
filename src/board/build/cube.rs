//! `[cube]`: the nodes, the 26 one-step directions, the links and the zones of a
//! three-dimensional board (levels x files x ranks).
//!
//! A cell is named level + file + rank (`Aa1`) and drawn with its level's files and ranks as a
//! grid, the levels side by side from left to right with one empty column between them. The
//! directions are named by the axes they step along, level first, then rank, then file: `u`/`d`
//! (up and down the levels), `n`/`s` (the ranks) and `e`/`w` (the files); so the 6 orthogonal
//! directions are `u d n s e w`, the 12 planar diagonals `ne nw se sw un us ue uw dn ds de dw`
//! and the 8 triagonals `une unw use usw dne dnw dse dsw`. On each level the compass names mean
//! what they mean on a chessboard. The generated zones are `level_X`, `file_x` and `rank_N`.

use std::collections::HashSet;

use super::Builder;
use crate::board::{DirId, Direction, MAX_DIRECTIONS, MAX_NODES, Node, Placement, Step, Zone};
use crate::board::{NodeId, TagSet, TwistId};
use crate::diagnostic::{Code, Diagnostic};
use crate::spec::Span;
use crate::spec::board::{BoardSpec, Colour, Layout, Parity};
use crate::spec::cube::CubeSpec;

/// One cell of a cube: its name and its (level, file, rank) indices from 0.
struct Cell {
    name: String,
    at: [i64; 3],
}

/// The cells of a cube, level by level, rank by rank, file by file.
fn cells(cube: &CubeSpec) -> Vec<Cell> {
    let (levels, files) = (cube.levels.value.names(), cube.files.value.names());
    let mut out = Vec::new();
    for (l, level) in levels.iter().enumerate() {
        for r in 0..cube.ranks.value {
            for (f, file) in files.iter().enumerate() {
                out.push(Cell {
                    name: format!("{level}{file}{}", r + 1),
                    at: [l as i64, f as i64, i64::from(r)],
                });
            }
        }
    }
    out
}

/// The 26 one-step offsets `[levels, files, ranks]`: orthogonal, then planar, then triagonal.
fn offsets() -> Vec<[i64; 3]> {
    let mut all = Vec::new();
    for dl in -1..=1 {
        for df in -1..=1 {
            for dr in -1..=1 {
                if [dl, df, dr] != [0, 0, 0] {
                    all.push([dl, df, dr]);
                }
            }
        }
    }
    all.sort_by_key(|o: &[i64; 3]| o.iter().filter(|&&c| c != 0).count());
    all
}

/// The name of a one-step offset: `u`/`d`, then `n`/`s`, then `e`/`w`.
fn offset_name([dl, df, dr]: [i64; 3]) -> String {
    let pick = |c: i64, plus: char, minus: char| match c {
        1 => Some(plus),
        -1 => Some(minus),
        _ => None,
    };
    [pick(dl, 'u', 'd'), pick(dr, 'n', 's'), pick(df, 'e', 'w')]
        .into_iter()
        .flatten()
        .collect()
}

impl Builder<'_> {
    /// The nodes of a `[cube]` that passes its checks.
    pub(super) fn cube_nodes(&mut self, layout: Layout, cube: &CubeSpec) {
        if !self.cube_ok(layout, cube) {
            return;
        }
        let light = match cube.light.as_ref().map(|l| l.value) {
            Some(Parity::Even) => 0,
            Some(Parity::Odd) | None => 1,
        };
        let width = cube.files.value.names().len() as i64 + 1;
        for cell in cells(cube) {
            let [l, f, r] = cell.at;
            let colour = if (l + f + r) % 2 == light {
                Colour::Light
            } else {
                Colour::Dark
            };
            let placement = Placement::Grid {
                x: (l * width + f) as f64,
                y: r as f64,
            };
            let node = Node {
                name: cell.name,
                placement,
                colour,
                grid: None,
            };
            self.add_node(node, cube.span.clone());
        }
    }

    /// Whether the cube can make nodes: every dimension at least 1, names unique, at most
    /// [`MAX_NODES`] cells, a grid layout; every problem is reported.
    fn cube_ok(&mut self, layout: Layout, cube: &CubeSpec) -> bool {
        let mut ok = self.names_ok(
            &cube.levels.value.names(),
            &cube.levels.span,
            "level",
            "ABCDE",
        );
        ok &= self.names_ok(&cube.files.value.names(), &cube.files.span, "file", "abcde");
        let (levels, files) = (cube.levels.value.names(), cube.files.value.names());
        let ranks = cube.ranks.value as usize;
        if ranks == 0 || ranks > MAX_NODES {
            ok = false;
            self.push(
                Diagnostic::new(
                    Code::BadGrid,
                    cube.ranks.span.clone(),
                    format!("a cube needs 1 to {MAX_NODES} ranks, not {ranks}"),
                )
                .label("out of range"),
            );
        }
        let cells = levels.len() * files.len() * ranks;
        if ok && cells > MAX_NODES {
            ok = false;
            self.push(
                Diagnostic::new(
                    Code::TooLarge,
                    cube.span.clone(),
                    format!(
                        "{} levels x {} files x {ranks} ranks = {cells} cells, more than the limit of {MAX_NODES}",
                        levels.len(),
                        files.len()
                    ),
                )
                .label("cube too large")
                .help(format!(
                    "chessgraph boards hold at most {MAX_NODES} nodes (the engine's occupancy width)"
                )),
            );
        }
        if layout != Layout::Grid {
            ok = false;
            self.push(
                Diagnostic::new(
                    Code::BadGrid,
                    cube.span.clone(),
                    "a `[cube]` is drawn as its levels side by side, which needs `layout = \"grid\"`",
                )
                .label("cube on a polar board")
                .help("remove `layout = \"polar\"` from `[board]`"),
            );
        }
        ok
    }

    /// Whether the names of the cube's lines (`what`: "file", "level") are at least one and all
    /// different; reported at `span` otherwise (`example`: names to suggest).
    fn names_ok(&mut self, names: &[String], span: &Span, what: &str, example: &str) -> bool {
        let mut ok = true;
        if names.is_empty() {
            ok = false;
            self.push(
                Diagnostic::new(
                    Code::BadGrid,
                    span.clone(),
                    format!("the cube has no {what}s"),
                )
                .label(format!("expected at least one {what} name"))
                .help(format!("list the {what} names, e.g. `\"{example}\"`")),
            );
        }
        let mut seen = HashSet::new();
        for n in names {
            if !seen.insert(n) {
                ok = false;
                self.push(
                    Diagnostic::new(
                        Code::BadGrid,
                        span.clone(),
                        format!("{what} `{n}` appears twice in the cube"),
                    )
                    .label(format!("repeated {what} name")),
                );
            }
        }
        ok
    }

    /// Declares the cube's 26 directions after the file's own, with their opposites; `false`
    /// when a name is taken or there are too many directions (reported).
    pub(super) fn cube_directions(&mut self, spec: &BoardSpec, cube: &CubeSpec) -> bool {
        let first = self.directions.len();
        let names: Vec<String> = offsets().into_iter().map(offset_name).collect();
        let mut ok = true;
        for name in &names {
            if let Some(declared) = spec.directions.iter().find(|d| &d.name.value == name) {
                ok = false;
                self.push(
                    Diagnostic::new(
                        Code::BadGrid,
                        declared.name.span.clone(),
                        format!("direction `{name}` is made by `[cube]` and declared again"),
                    )
                    .label("declared here too")
                    .related(
                        cube.span.clone(),
                        "`[cube]` makes the 26 one-step directions",
                    )
                    .help("remove it from `[directions]`; paths may use it as it is"),
                );
            }
        }
        if first + names.len() > MAX_DIRECTIONS {
            self.push(
                Diagnostic::new(
                    Code::TooLarge,
                    cube.span.clone(),
                    format!("the cube's 26 directions and the {first} declared ones are more than {MAX_DIRECTIONS}"),
                )
                .label("too many directions")
                .help(format!("chessgraph boards have at most {MAX_DIRECTIONS} directions")),
            );
            return false;
        }
        if !ok {
            return false;
        }
        let offsets = offsets();
        for name in names {
            self.directions.push(Direction {
                name,
                opposite: None,
                path: None,
            });
            self.dir_spans.push(cube.span.clone());
        }
        for (i, o) in offsets.iter().enumerate() {
            let back = offsets.iter().position(|p| p.map(|c| -c) == *o);
            self.directions[first + i].opposite = back.map(|j| DirId((first + j) as u8));
        }
        true
    }

    /// Links every cell to its neighbour in each of the 26 directions, where there is one.
    pub(super) fn cube_links(&mut self, cube: &CubeSpec) {
        let cells = cells(cube);
        let ids: Vec<(DirId, [i64; 3])> = offsets()
            .into_iter()
            .filter_map(|o| Some((self.dir_named(&offset_name(o))?, o)))
            .collect();
        let index: std::collections::HashMap<[i64; 3], NodeId> = cells
            .iter()
            .filter_map(|c| Some((c.at, *self.node_index.get(&c.name)?)))
            .collect();
        for cell in &cells {
            let Some(&from) = index.get(&cell.at) else {
                continue;
            };
            for &(d, o) in &ids {
                let at = [0, 1, 2].map(|i| cell.at[i] + o[i]);
                if let Some(&to) = index.get(&at) {
                    let step = Step {
                        to,
                        twist: TwistId::IDENTITY,
                        tags: TagSet::EMPTY,
                    };
                    self.add_link(from, d, step, cube.span.clone());
                }
            }
        }
    }
}

/// The zones a cube generates: `level_X`, `file_x` and `rank_N`, each its cells.
pub(super) fn cube_zones(cube: &CubeSpec, builder: &Builder<'_>) -> Vec<Zone> {
    let cells = cells(cube);
    let of = |axis: usize, i: i64| -> Vec<NodeId> {
        let mut v: Vec<NodeId> = cells
            .iter()
            .filter(|c| c.at[axis] == i)
            .filter_map(|c| builder.node_index.get(&c.name).copied())
            .collect();
        v.sort();
        v
    };
    let zone = |name: String, nodes: Vec<NodeId>| Zone {
        name,
        nodes,
        generated: true,
    };
    let levels = cube.levels.value.names().into_iter().enumerate();
    let files = cube.files.value.names().into_iter().enumerate();
    let levels = levels.map(|(i, l)| zone(format!("level_{l}"), of(0, i as i64)));
    let files = files.map(|(i, f)| zone(format!("file_{f}"), of(1, i as i64)));
    let ranks = (0..cube.ranks.value).map(|r| zone(format!("rank_{}", r + 1), of(2, r.into())));
    levels.chain(files).chain(ranks).collect()
}
