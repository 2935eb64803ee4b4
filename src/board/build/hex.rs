//! `[hex]`: hexagonal cells in vertical files, each file centred on the middle height: a regular
//! hexagon with `side` cells along each of its sides (`2 * side - 1` files), or files of given
//! `lengths` (Shafran's 70 cells: `[6, 7, 8, 9, 10, 9, 8, 7, 6]`). Files are named left to right;
//! ranks, by `rank_lines`, from 1 at the bottom cell of each file (so ranks bend at the middle
//! file, as in Gliński's notation: `f6` is the centre of the 91-cell hexagon of side 6), or along
//! the straight lines of cells falling (Shafran's) or rising to the right. The geometry (heights,
//! axial coordinates for `[map]` offsets, colours) is [`HexShape`]'s.

use super::Builder;
use crate::board::hex::HexShape;
use crate::board::{GridShape, MAX_NODES, Node, NodeId, Placement, Zone};
use crate::diagnostic::{Code, Diagnostic};
use crate::spec::board::{Layout, NodeSpec, Wrap};
use crate::spec::hex::HexSpec;

/// File letters of a hex board when `[hex]` names none: `j` is left out (Gliński's notation).
const HEX_FILES: &str = "abcdefghiklmnopqrstuvwxyz";

/// The zones of a hex board's edges: its six sides (`edge_left` and `edge_right`, the first and
/// the last file; `edge_top_left`, `edge_top_right`, `edge_bottom_right`, `edge_bottom_left`, the
/// top or bottom cells of the files up to the longest one or from it on), `top` and `bottom` (the
/// last and the first cell of every file) and `edge` (all of them).
pub(super) fn edge_zones(shape: &HexShape, nodes: &[Node]) -> Vec<Zone> {
    let files = shape.lengths.len() as u16;
    let longest = shape.lengths.iter().copied().max().unwrap_or(0);
    let first_longest = shape
        .lengths
        .iter()
        .position(|&l| l == longest)
        .unwrap_or(0) as u16;
    let last_longest = shape
        .lengths
        .iter()
        .rposition(|&l| l == longest)
        .unwrap_or(0) as u16;
    // (file, place in the file, the file's length) -> on the side.
    type OnSide = Box<dyn Fn(u16, u16, u16) -> bool>;
    let sides: [(&str, OnSide); 9] = [
        ("edge_left", Box::new(|f, _, _| f == 0)),
        (
            "edge_top_left",
            Box::new(move |f, k, l| f <= first_longest && k + 1 == l),
        ),
        (
            "edge_top_right",
            Box::new(move |f, k, l| f >= last_longest && k + 1 == l),
        ),
        ("edge_right", Box::new(move |f, _, _| f + 1 == files)),
        (
            "edge_bottom_right",
            Box::new(move |f, k, _| f >= last_longest && k == 0),
        ),
        (
            "edge_bottom_left",
            Box::new(move |f, k, _| f <= first_longest && k == 0),
        ),
        ("top", Box::new(|_, k, l| k + 1 == l)),
        ("bottom", Box::new(|_, k, _| k == 0)),
        (
            "edge",
            Box::new(move |f, k, l| f == 0 || f + 1 == files || k == 0 || k + 1 == l),
        ),
    ];
    // Each generated node's (file, place in the file), by its (file, rank).
    let place = |(f, rank): (u16, u16)| {
        shape
            .cells()
            .find(|&(cf, k)| cf == f && shape.rank(cf, k) == rank)
    };
    let placed: Vec<Option<(u16, u16)>> = nodes.iter().map(|n| n.grid.and_then(place)).collect();
    sides
        .iter()
        .map(|(name, on)| Zone {
            name: name.to_string(),
            nodes: (0..nodes.len())
                .filter(|&i| {
                    placed[i].is_some_and(|(f, k)| on(f, k, shape.lengths[usize::from(f)]))
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
        let (side, lengths) = self.hex_lengths(hex)?;
        let files = self.hex_files(hex, side, lengths.len())?;
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
        let lines = hex.rank_lines.as_ref().map(|l| l.value).unwrap_or_default();
        let shape = HexShape::new(side, lengths, lines);
        let span = hex.span.clone();
        for (f, k) in shape.cells() {
            let rank = shape.rank(f, k);
            self.add_node(
                Node {
                    name: format!("{}{}", files[usize::from(f)], rank + 1),
                    placement: Placement::Grid {
                        x: f64::from(f),
                        y: f64::from(shape.height2(f, k)) / 2.0,
                    },
                    colour: shape.colour(f, k),
                    grid: Some((f, rank)),
                },
                span.clone(),
            );
        }
        Some(GridShape {
            files,
            ranks: shape.ranks(),
            wrap: Wrap::None,
            hex: Some(shape),
        })
    }

    /// The side (of a regular hexagon) and the file lengths of a `[hex]` whose `side` or
    /// `lengths` is in range (every problem reported).
    fn hex_lengths(&mut self, hex: &HexSpec) -> Option<(Option<u16>, Vec<u16>)> {
        let most = (1..).take_while(|s| 3 * s * (s - 1) < MAX_NODES).last();
        let most = most.unwrap_or(1).min(HEX_FILES.len().div_ceil(2));
        let bad = |span, message: String, label: &str, help: String| {
            Diagnostic::new(Code::BadGrid, span, message)
                .label(label.to_string())
                .help(help)
        };
        match (&hex.side, &hex.lengths) {
            (Some(side), None) => {
                let s = side.value as usize;
                if s == 0 || s > most {
                    self.push(bad(
                        side.span.clone(),
                        format!("a hexagon needs a side of 1 to {most} cells, not {s}"),
                        "out of range",
                        format!(
                            "side N makes 3N(N-1)+1 cells; boards hold at most {MAX_NODES} nodes"
                        ),
                    ));
                    return None;
                }
                let lengths = (0..2 * s - 1)
                    .map(|f| (s + f.min(2 * s - 2 - f)) as u16)
                    .collect();
                Some((Some(s as u16), lengths))
            }
            (None, Some(lengths)) => {
                let l = &lengths.value;
                let total: u64 = l.iter().map(|&n| u64::from(n)).sum();
                let uneven = l
                    .windows(2)
                    .position(|w| (i64::from(w[0]) - i64::from(w[1])) % 2 == 0);
                let problem = if l.is_empty() || l.len() > HEX_FILES.len() {
                    Some((
                        format!("`lengths` names {} files", l.len()),
                        format!("give 1 to {} file lengths", HEX_FILES.len()),
                    ))
                } else if l.contains(&0) {
                    Some((
                        "a file of `lengths` has no cell".to_string(),
                        "every file holds at least one cell".to_string(),
                    ))
                } else if total > MAX_NODES as u64 {
                    Some((
                        format!("`lengths` makes {total} cells"),
                        format!("boards hold at most {MAX_NODES} nodes"),
                    ))
                } else {
                    uneven.map(|i| (
                        format!("files {} and {} have {} and {} cells: their cells would stand level, not half a cell apart", i + 1, i + 2, l[i], l[i + 1]),
                        "neighbouring files of a hex board differ by an odd number of cells (each file is centred)".to_string(),
                    ))
                };
                if let Some((message, help)) = problem {
                    self.push(bad(lengths.span.clone(), message, "not a hex grid", help));
                    return None;
                }
                Some((None, l.iter().map(|&n| n as u16).collect()))
            }
            (side, lengths) => {
                let span = match (side, lengths) {
                    (Some(_), Some(l)) => l.span.clone(),
                    _ => hex.span.start..hex.span.start,
                };
                self.push(bad(
                    span,
                    "`[hex]` needs exactly one of `side` and `lengths`".to_string(),
                    "the shape of the hexagon",
                    "write `side = 6` (a regular hexagon) or `lengths = [6, 7, 8, 9, 10, 9, 8, 7, 6]` (each file's cells)".to_string(),
                ));
                None
            }
        }
    }

    /// The file names of a `[hex]` of `count` files (`side` for the message) (every problem reported).
    fn hex_files(&mut self, hex: &HexSpec, side: Option<u16>, count: usize) -> Option<Vec<String>> {
        let Some(given) = &hex.files else {
            return Some(HEX_FILES.chars().take(count).map(String::from).collect());
        };
        let files = given.value.names();
        if files.len() != count {
            self.push(
                Diagnostic::new(
                    Code::BadGrid,
                    given.span.clone(),
                    match side {
                        Some(s) => format!(
                            "a hexagon of side {s} has {count} files, and `files` names {}",
                            files.len()
                        ),
                        None => format!(
                            "`lengths` gives {count} files, and `files` names {}",
                            files.len()
                        ),
                    },
                )
                .label(format!("expected {count} names"))
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
