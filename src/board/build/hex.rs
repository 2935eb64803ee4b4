//! `[hex]`: a hexagon of hexagonal cells, `side` cells along each of its six sides, in
//! `2 * side - 1` vertical files. Files are named left to right, ranks from 1 at the bottom cell
//! of each file (so ranks bend at the middle file, as in Gliński's notation: `f6` is the centre of
//! the 91-cell hexagon of side 6).
//!
//! Each cell has axial coordinates `(q, r)` centred on the middle cell: `q` counts files to the
//! right, `r` cells up the file, and the cell one file to the right at the same `r` is half a cell
//! higher. `[map]` offsets on a hex board are axial `[q, r]`: `n = [0, 1]`, `ne = [1, 0]`,
//! `se = [1, -1]`; the diagonal `[1, 1]` goes between `n` and `ne`. A cell is on the board when
//! `|q|`, `|r|` and `|q + r|` are all below `side`. The three colours are
//! `(q + 2r) mod 3`: the centre `mid`, the cell above it `light`, the cell below `dark`, so no two
//! neighbours share a colour and a diagonal step keeps it.

use super::Builder;
use crate::board::{GridShape, MAX_NODES, Node, NodeId, Placement, Zone};
use crate::diagnostic::{Code, Diagnostic};
use crate::spec::board::{Colour, Layout, NodeSpec, Wrap};
use crate::spec::hex::HexSpec;

/// File letters of a hex board when `[hex]` names none: `j` is left out (Gliński's notation).
const HEX_FILES: &str = "abcdefghiklmnopqrstuvwxyz";

/// The axial coordinates `(q, r)` of the cell at (file index, rank index) on a hexagon of `side`.
pub(super) fn axial(side: u16, (f, r): (u16, u16)) -> (i32, i32) {
    let n = i32::from(side) - 1;
    let q = i32::from(f) - n;
    (q, i32::from(r) - n - q.min(0))
}

/// The (file index, rank index) of the cell at axial `(q, r)`, when it is on the hexagon.
pub(super) fn cell(side: u16, (q, r): (i32, i32)) -> Option<(u16, u16)> {
    let n = i32::from(side) - 1;
    let on = q.abs() <= n && r.abs() <= n && (q + r).abs() <= n;
    on.then(|| ((q + n) as u16, (r + n + q.min(0)) as u16))
}

/// The colour of the cell at axial `(q, r)`.
fn colour(q: i32, r: i32) -> Colour {
    match (q + 2 * r).rem_euclid(3) {
        0 => Colour::Mid,
        1 => Colour::Dark,
        _ => Colour::Light,
    }
}

/// Whether the cell at axial `(q, r)` of a hexagon of side `n + 1` is on one of its edges.
type OnSide = fn(i32, i32, i32) -> bool;

/// The zones of a hexagon's edges: its six sides (`edge_left`, `edge_top_left`, `edge_top_right`,
/// `edge_right`, `edge_bottom_right`, `edge_bottom_left`), `top` and `bottom` (the last and the
/// first cell of every file) and `edge` (all of them).
pub(super) fn edge_zones(side: u16, nodes: &[Node]) -> Vec<Zone> {
    let n = i32::from(side) - 1;
    let sides: [(&str, OnSide); 9] = [
        ("edge_left", |q, _, n| q == -n),
        ("edge_top_left", |q, r, n| q <= 0 && r == n),
        ("edge_top_right", |q, r, n| q >= 0 && q + r == n),
        ("edge_right", |q, _, n| q == n),
        ("edge_bottom_right", |q, r, n| q >= 0 && r == -n),
        ("edge_bottom_left", |q, r, n| q <= 0 && q + r == -n),
        ("top", |q, r, n| r == n || q + r == n),
        ("bottom", |q, r, n| r == -n || q + r == -n),
        ("edge", |q, r, n| {
            q.abs() == n || r.abs() == n || (q + r).abs() == n
        }),
    ];
    sides
        .iter()
        .map(|&(name, on)| Zone {
            name: name.to_string(),
            nodes: (0..nodes.len())
                .filter(|&i| {
                    nodes[i].grid.is_some_and(|p| {
                        let (q, r) = axial(side, p);
                        on(q, r, n)
                    })
                })
                .map(|i| NodeId(i as u16))
                .collect(),
            generated: true,
        })
        .collect()
}

impl Builder<'_> {
    /// The nodes of a `[hex]` that passes its checks, and its shape.
    pub(super) fn hex_nodes(&mut self, hex: &HexSpec, layout: Layout) -> Option<GridShape> {
        let files = self.hex_files(hex)?;
        let side = hex.side.value as u16;
        if layout != Layout::Hex {
            self.push(
                Diagnostic::new(
                    Code::BadGrid,
                    hex.span.start..hex.span.start,
                    "`[hex]` makes hexagonal cells, but `[board] layout` is not \"hex\"",
                )
                .label("a hexagon of hexagons")
                .help("write `layout = \"hex\"` in `[board]`, or leave `layout` out"),
            );
            return None;
        }
        let span = hex.span.clone();
        for f in 0..files.len() as u16 {
            for r in 0..(2 * side - 1) {
                let (q, ar) = axial(side, (f, r));
                if cell(side, (q, ar)).is_none() {
                    continue;
                }
                self.add_node(
                    Node {
                        name: format!("{}{}", files[usize::from(f)], r + 1),
                        placement: Placement::Grid {
                            x: f64::from(f),
                            y: f64::from(r) + f64::from(q.abs()) / 2.0,
                        },
                        colour: colour(q, ar),
                        grid: Some((f, r)),
                    },
                    span.clone(),
                );
            }
        }
        Some(GridShape {
            files,
            ranks: 2 * side - 1,
            wrap: Wrap::None,
            hex: Some(side),
        })
    }

    /// The file names of a `[hex]` whose side is in range and whose files fit it (every problem
    /// reported).
    fn hex_files(&mut self, hex: &HexSpec) -> Option<Vec<String>> {
        let side = hex.side.value as usize;
        let most = (1..).take_while(|s| 3 * s * (s - 1) < MAX_NODES).last();
        let most = most.unwrap_or(1).min(HEX_FILES.len().div_ceil(2));
        if side == 0 || side > most {
            self.push(
                Diagnostic::new(
                    Code::BadGrid,
                    hex.side.span.clone(),
                    format!("a hexagon needs a side of 1 to {most} cells, not {side}"),
                )
                .label("out of range")
                .help(format!(
                    "side N makes 3N(N-1)+1 cells; boards hold at most {MAX_NODES} nodes"
                )),
            );
            return None;
        }
        let Some(given) = &hex.files else {
            return Some(
                HEX_FILES
                    .chars()
                    .take(2 * side - 1)
                    .map(String::from)
                    .collect(),
            );
        };
        let files = given.value.names();
        if files.len() != 2 * side - 1 {
            self.push(
                Diagnostic::new(
                    Code::BadGrid,
                    given.span.clone(),
                    format!(
                        "a hexagon of side {side} has {} files, and `files` names {}",
                        2 * side - 1,
                        files.len()
                    ),
                )
                .label(format!("expected {} names", 2 * side - 1))
                .help("name one file per column, left to right, or leave `files` out"),
            );
            return None;
        }
        if let Some(f) = files
            .iter()
            .enumerate()
            .find_map(|(i, f)| files[..i].contains(f).then_some(f))
        {
            self.push(
                Diagnostic::new(
                    Code::BadGrid,
                    given.span.clone(),
                    format!("file `{f}` appears twice in the hexagon"),
                )
                .label("repeated file name"),
            );
            return None;
        }
        Some(files)
    }

    /// Whether a `[[node]]` of a hex layout stands on the hex grid of the others: `x` a whole
    /// file, `y` a whole number of cells or a half, and the cells of neighbouring files half a
    /// cell apart (`2y - x` of one parity for every node, `parity` once one is placed); the error,
    /// when not, is reported.
    pub(super) fn on_hex_grid(
        &mut self,
        n: &NodeSpec,
        (x, y): (f64, f64),
        parity: &mut Option<f64>,
    ) -> bool {
        let twice = 2.0 * y - x;
        let lattice = x.fract() == 0.0 && twice.fract() == 0.0;
        let this = twice.rem_euclid(2.0);
        let help = match *parity {
            _ if !lattice => {
                "on a hex layout `x` is a whole file and `y` a whole number of cells or a half"
            }
            Some(p) if p != this => {
                "the cells of one file are whole cells apart, those of the next file half a cell higher or lower"
            }
            _ => {
                *parity = Some(this);
                return true;
            }
        };
        self.push(
            Diagnostic::new(
                Code::InvalidValue,
                n.name.span(),
                format!(
                    "node `{}` at x = {x}, y = {y} is not on the hex grid of the other cells",
                    n.name.get_ref()
                ),
            )
            .label("not the centre of a hexagonal cell")
            .help(help),
        );
        false
    }
}
