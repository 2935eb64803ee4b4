//! Where each cell of a board is drawn: squares for grid boards, annular sectors around a central
//! void for polar boards, hexagons for hex boards.
//!
//! Coordinates are SVG user units with y downward. Grid boards put `(x, y)` (y upward) at column `x`
//! and row `max_y - y`. Polar boards put ring 0 outermost; sector `s` of `S` spans the angles
//! `rotation + s * 360 / S` to `rotation + (s + 1) * 360 / S`, measured in degrees clockwise from
//! straight up, so sectors run clockwise on the picture as they do on the board seen from above.
//! The void's radius is chosen so that the innermost cells are about as long as they are wide.
//! Hex boards put `(x, y)` at file `x` (files `1.5` hexagon radii apart) and `max_y - y` cell
//! heights down, each cell a hexagon with flat top and bottom, one cell height tall.

use std::f64::consts::PI;

use crate::board::{Board, Layout, NodeId, Placement};

/// Side of a grid square.
const SQUARE: f64 = 60.0;
/// Space around a grid board for its coordinates.
const GRID_MARGIN: f64 = 28.0;
/// Outer radius of a polar board.
const RADIUS: f64 = 360.0;
/// Space around a polar board for its file letters.
const POLAR_MARGIN: f64 = 34.0;

/// The outline of one cell.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Shape {
    /// An axis-aligned square.
    Square {
        /// Left edge.
        x: f64,
        /// Top edge.
        y: f64,
        /// Side.
        size: f64,
    },
    /// An annular sector around `centre`.
    Sector {
        /// Inner radius.
        r_in: f64,
        /// Outer radius.
        r_out: f64,
        /// Start angle, degrees clockwise from straight up.
        a0: f64,
        /// End angle (greater than `a0`).
        a1: f64,
    },
    /// A hexagon with flat top and bottom.
    Hexagon {
        /// Centre x.
        cx: f64,
        /// Centre y.
        cy: f64,
        /// Radius (centre to corner): the side.
        r: f64,
    },
}

/// A coordinate label drawn around the board (a file letter or a rank number).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct EdgeLabel {
    /// The text.
    pub(crate) text: String,
    /// Where its centre goes.
    pub(crate) at: (f64, f64),
}

/// The drawing of a board: one shape per node, in node order.
#[derive(Clone, Debug)]
pub struct Geometry {
    width: f64,
    height: f64,
    /// Centre and radius of the void, and the outer radius, for polar boards.
    polar: Option<Polar>,
    shapes: Vec<Shape>,
    labels: Vec<EdgeLabel>,
}

#[derive(Clone, Copy, Debug)]
struct Polar {
    cx: f64,
    cy: f64,
    void: f64,
    outer: f64,
}

/// A point at `radius` and `angle` (degrees clockwise from straight up) around `(cx, cy)`.
pub(crate) fn polar_point(cx: f64, cy: f64, radius: f64, angle: f64) -> (f64, f64) {
    let t = angle.to_radians();
    (cx + radius * t.sin(), cy - radius * t.cos())
}

impl Geometry {
    /// The drawing of `board`; `rotation` (degrees clockwise) is where sector 0 begins on a polar
    /// board, and turns a grid board by the nearest quarter turn (180: Black's view).
    pub fn new(board: &Board, rotation: f64) -> Geometry {
        let placements: Vec<Placement> = board
            .node_ids()
            .map(|n| board.node_info(n).placement)
            .collect();
        let polar = placements
            .iter()
            .any(|p| matches!(p, Placement::Polar { .. }));
        if polar {
            Geometry::polar(board, &placements, rotation)
        } else if board.layout() == Layout::Hex {
            // Hexagons stand in vertical files: the picture turns by half turns only.
            Geometry::hex(&placements, quarter_turns(rotation) & 2)
        } else {
            Geometry::grid(board, &placements, quarter_turns(rotation))
        }
    }

    fn grid(board: &Board, placements: &[Placement], quarters: u8) -> Geometry {
        let xy = |p: &Placement| flat_xy(p, quarters);
        let (min_x, max_x, min_y, max_y) = bounds(placements.iter().map(xy));
        let cols = max_x - min_x + 1.0;
        let rows = max_y - min_y + 1.0;
        let width = cols * SQUARE + 2.0 * GRID_MARGIN;
        let height = rows * SQUARE + 2.0 * GRID_MARGIN;
        let shapes = placements
            .iter()
            .map(|p| {
                let (x, y) = xy(p);
                Shape::Square {
                    x: GRID_MARGIN + (x - min_x) * SQUARE,
                    y: GRID_MARGIN + (max_y - y) * SQUARE,
                    size: SQUARE,
                }
            })
            .collect();
        // Coordinates: file names and rank numbers beside their column or row (above and below
        // a column, left and right of a row, whichever way the board is turned), taken from the
        // grid generator (hand-placed boards get names in the cells).
        let mut labels = Vec::new();
        if let Some(g) = board.grid() {
            let mut lines: Vec<(bool, u16, (f64, f64))> = Vec::new();
            for n in board.node_ids() {
                if let Some((f, r)) = board.node_info(n).grid {
                    let at = xy(&placements[n.index()]);
                    for key in [(true, f), (false, r)] {
                        if !lines.iter().any(|&(k, i, _)| (k, i) == key) {
                            lines.push((key.0, key.1, at));
                        }
                    }
                }
            }
            lines.sort_by_key(|&(is_file, i, _)| (!is_file, i));
            // Files are columns unless the board is turned a quarter.
            let sideways = quarters % 2 == 1;
            for (is_file, i, (x, y)) in lines {
                let text = if is_file {
                    g.files.get(i as usize).cloned().unwrap_or_default()
                } else {
                    (i + 1).to_string()
                };
                let (cx, cy) = (
                    GRID_MARGIN + (x - min_x + 0.5) * SQUARE,
                    GRID_MARGIN + (max_y - y + 0.5) * SQUARE,
                );
                let ends = if is_file != sideways {
                    [(cx, height - GRID_MARGIN / 2.0), (cx, GRID_MARGIN / 2.0)]
                } else {
                    [(GRID_MARGIN / 2.0, cy), (width - GRID_MARGIN / 2.0, cy)]
                };
                labels.extend(ends.map(|at| EdgeLabel {
                    text: text.clone(),
                    at,
                }));
            }
        }
        Geometry {
            width,
            height,
            polar: None,
            shapes,
            labels,
        }
    }

    /// Hexagons at their placements (`x` the file, `y` in cell heights), names in the cells.
    fn hex(placements: &[Placement], quarters: u8) -> Geometry {
        let xy = |p: &Placement| flat_xy(p, quarters);
        let (min_x, max_x, min_y, max_y) = bounds(placements.iter().map(xy));
        let r = SQUARE / 3f64.sqrt();
        let width = (max_x - min_x) * 1.5 * r + 2.0 * r + 2.0 * GRID_MARGIN;
        let height = (max_y - min_y + 1.0) * SQUARE + 2.0 * GRID_MARGIN;
        let shapes = placements
            .iter()
            .map(|p| {
                let (x, y) = xy(p);
                Shape::Hexagon {
                    cx: GRID_MARGIN + r + (x - min_x) * 1.5 * r,
                    cy: GRID_MARGIN + (max_y - y + 0.5) * SQUARE,
                    r,
                }
            })
            .collect();
        Geometry {
            width,
            height,
            polar: None,
            shapes,
            labels: Vec::new(),
        }
    }

    fn polar(board: &Board, placements: &[Placement], rotation: f64) -> Geometry {
        let rs = |p: &Placement| match *p {
            Placement::Polar { ring, sector } => (sector, ring),
            Placement::Grid { x, y } => (x, y),
        };
        let (_, max_s, _, max_r) = bounds(placements.iter().map(rs));
        let sectors = (max_s + 1.0).ceil().max(1.0);
        let rings = (max_r + 1.0).ceil().max(1.0);
        // Innermost cells about square: 2 pi (void + w / 2) / sectors = w, with void + rings * w = R.
        let k = (sectors / (2.0 * PI) - 0.5).clamp(0.15, 1.5 * rings);
        let ring_width = RADIUS / (rings + k);
        let void = RADIUS - rings * ring_width;
        let c = RADIUS + POLAR_MARGIN;
        let step = 360.0 / sectors;
        let shapes = placements
            .iter()
            .map(|p| {
                let (s, r) = rs(p);
                Shape::Sector {
                    r_in: RADIUS - (r + 1.0) * ring_width,
                    r_out: RADIUS - r * ring_width,
                    a0: rotation + s * step,
                    a1: rotation + (s + 1.0) * step,
                }
            })
            .collect();
        let mut labels = Vec::new();
        if let Some(g) = board.grid() {
            let mut files: Vec<(u16, f64)> = Vec::new();
            for n in board.node_ids() {
                if let Some((f, _)) = board.node_info(n).grid
                    && !files.iter().any(|&(ff, _)| ff == f)
                {
                    files.push((f, rs(&placements[n.index()]).0));
                }
            }
            files.sort_by_key(|&(f, _)| f);
            for (f, s) in files {
                labels.push(EdgeLabel {
                    text: g.files.get(f as usize).cloned().unwrap_or_default(),
                    at: polar_point(c, c, RADIUS + 16.0, rotation + (s + 0.5) * step),
                });
            }
        }
        Geometry {
            width: 2.0 * c,
            height: 2.0 * c,
            polar: Some(Polar {
                cx: c,
                cy: c,
                void,
                outer: RADIUS,
            }),
            shapes,
            labels,
        }
    }

    /// Width of the board drawing, margins included.
    pub(crate) fn width(&self) -> f64 {
        self.width
    }

    /// Height of the board drawing, margins included.
    pub(crate) fn height(&self) -> f64 {
        self.height
    }

    /// The void of a polar board: centre x, centre y, radius.
    pub(crate) fn void(&self) -> Option<(f64, f64, f64)> {
        self.polar.map(|p| (p.cx, p.cy, p.void))
    }

    /// The outer circle of a polar board: centre x, centre y, radius.
    pub(crate) fn outer_circle(&self) -> Option<(f64, f64, f64)> {
        self.polar.map(|p| (p.cx, p.cy, p.outer))
    }

    /// The shape of a node's cell.
    #[cfg(test)]
    pub(crate) fn shape(&self, n: NodeId) -> Shape {
        self.shapes[n.index()]
    }

    /// Coordinate labels around the edge, in a fixed order.
    pub(crate) fn edge_labels(&self) -> &[EdgeLabel] {
        &self.labels
    }

    /// Whether cells should carry their own names (polar boards, and grids without coordinates).
    pub(crate) fn names_in_cells(&self) -> bool {
        self.polar.is_some() || self.labels.is_empty()
    }

    fn centre_of_polar(&self) -> (f64, f64) {
        self.polar.map_or((0.0, 0.0), |p| (p.cx, p.cy))
    }

    /// The centre of a node's cell (where its piece is drawn).
    pub fn centre(&self, n: NodeId) -> (f64, f64) {
        match self.shapes[n.index()] {
            Shape::Square { x, y, size } => (x + size / 2.0, y + size / 2.0),
            Shape::Hexagon { cx, cy, .. } => (cx, cy),
            Shape::Sector {
                r_in,
                r_out,
                a0,
                a1,
            } => {
                let (cx, cy) = self.centre_of_polar();
                polar_point(cx, cy, (r_in + r_out) / 2.0, (a0 + a1) / 2.0)
            }
        }
    }

    /// The side of the largest square that fits the cell around its centre (about): pieces and
    /// markers are sized from it.
    pub(crate) fn cell_size(&self, n: NodeId) -> f64 {
        match self.shapes[n.index()] {
            Shape::Square { size, .. } => size,
            Shape::Hexagon { r, .. } => r * 3f64.sqrt(),
            Shape::Sector {
                r_in,
                r_out,
                a0,
                a1,
            } => {
                let arc = ((a1 - a0).to_radians()) * (r_in + r_out) / 2.0;
                (r_out - r_in).min(arc)
            }
        }
    }

    /// Where a node's own name goes when cells carry names: a corner away from the piece.
    pub(crate) fn name_anchor(&self, n: NodeId) -> (f64, f64) {
        match self.shapes[n.index()] {
            Shape::Square { x, y, size } => (x + size * 0.18, y + size * 0.14),
            // Below the piece, above the bottom edge.
            Shape::Hexagon { cx, cy, r } => (cx, cy + r * 0.62),
            Shape::Sector {
                r_in, r_out, a0, ..
            } => {
                let (cx, cy) = self.centre_of_polar();
                let r = r_out - (r_out - r_in) * 0.2;
                // About 9 units clockwise of the cell's start edge, whatever the radius.
                polar_point(cx, cy, r, a0 + (9.0 / r).to_degrees())
            }
        }
    }

    /// SVG path data of a node's cell.
    pub(crate) fn cell_path(&self, n: NodeId) -> String {
        use super::svg::num;
        match self.shapes[n.index()] {
            Shape::Square { x, y, size } => format!(
                "M{} {}h{}v{}h{}Z",
                num(x),
                num(y),
                num(size),
                num(size),
                num(-size)
            ),
            Shape::Hexagon { cx, cy, r } => {
                let h = r * 3f64.sqrt() / 2.0;
                format!(
                    "M{} {}L{} {}L{} {}L{} {}L{} {}L{} {}Z",
                    num(cx - r),
                    num(cy),
                    num(cx - r / 2.0),
                    num(cy - h),
                    num(cx + r / 2.0),
                    num(cy - h),
                    num(cx + r),
                    num(cy),
                    num(cx + r / 2.0),
                    num(cy + h),
                    num(cx - r / 2.0),
                    num(cy + h)
                )
            }
            Shape::Sector {
                r_in,
                r_out,
                a0,
                a1,
            } => {
                let (cx, cy) = self.centre_of_polar();
                let large = if a1 - a0 > 180.0 { 1 } else { 0 };
                let p = |r: f64, a: f64| {
                    let (x, y) = polar_point(cx, cy, r, a);
                    format!("{} {}", num(x), num(y))
                };
                if r_in <= 0.0 {
                    // A sector touching the centre: a pie slice.
                    format!(
                        "M{}L{}A{} {} 0 {large} 1 {}Z",
                        p(0.0, a0),
                        p(r_out, a0),
                        num(r_out),
                        num(r_out),
                        p(r_out, a1)
                    )
                } else {
                    format!(
                        "M{}A{} {} 0 {large} 1 {}L{}A{} {} 0 {large} 0 {}Z",
                        p(r_out, a0),
                        num(r_out),
                        num(r_out),
                        p(r_out, a1),
                        p(r_in, a1),
                        num(r_in),
                        num(r_in),
                        p(r_in, a0)
                    )
                }
            }
        }
    }
}

/// (min x, max x, min y, max y) of points; zeros for none.
/// The nearest number of quarter turns (clockwise) to an angle in degrees, 0 to 3.
pub(crate) fn quarter_turns(degrees: f64) -> u8 {
    ((degrees / 90.0).round().rem_euclid(4.0)) as u8
}

/// A placement as a position on a flat picture (y upward; a polar one as sector, ring), turned
/// clockwise by `quarters` quarter turns.
fn flat_xy(p: &Placement, quarters: u8) -> (f64, f64) {
    let (x, y) = match *p {
        Placement::Grid { x, y } => (x, y),
        Placement::Polar { ring, sector } => (sector, ring),
    };
    turned(x, y, quarters)
}

/// A grid position (y upward) turned clockwise on the picture by `quarters` quarter turns.
fn turned(x: f64, y: f64, quarters: u8) -> (f64, f64) {
    match quarters {
        1 => (y, -x),
        2 => (-x, -y),
        3 => (-y, x),
        _ => (x, y),
    }
}

fn bounds(points: impl Iterator<Item = (f64, f64)>) -> (f64, f64, f64, f64) {
    let mut b: Option<(f64, f64, f64, f64)> = None;
    for (x, y) in points {
        b = Some(match b {
            None => (x, x, y, y),
            Some((a, bx, c, d)) => (a.min(x), bx.max(x), c.min(y), d.max(y)),
        });
    }
    b.unwrap_or((0.0, 0.0, 0.0, 0.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_squares_put_rank_one_at_the_bottom() {
        let b = Board::load("boards/chess.toml").unwrap();
        let g = Geometry::new(&b, 0.0);
        assert_eq!(g.width(), 8.0 * 60.0 + 56.0);
        assert_eq!(g.centre(b.node("a1").unwrap()), (58.0, 28.0 + 7.5 * 60.0));
        assert_eq!(g.centre(b.node("h8").unwrap()), (28.0 + 7.5 * 60.0, 58.0));
    }

    #[test]
    fn polar_cells_run_clockwise_from_the_rotation() {
        let b = Board::load("boards/circular.toml").unwrap();
        let g = Geometry::new(&b, 0.0);
        // 16 sectors, 4 rings: k = 16 / 2pi - 0.5, ring width = 360 / (4 + k).
        let k = 16.0 / (2.0 * PI) - 0.5;
        let w = 360.0 / (4.0 + k);
        let Shape::Sector {
            r_in,
            r_out,
            a0,
            a1,
        } = g.shape(b.node("a1").unwrap())
        else {
            panic!("polar")
        };
        assert!((r_out - 360.0).abs() < 1e-9 && (r_in - (360.0 - w)).abs() < 1e-9);
        assert_eq!((a0, a1), (0.0, 22.5));
        // b1 is clockwise of a1: to its right near the top of the picture.
        let (xa, _) = g.centre(b.node("a1").unwrap());
        let (xb, _) = g.centre(b.node("b1").unwrap());
        assert!(xb > xa);
        let (_, _, void) = g.void().unwrap();
        assert!((void - k * w).abs() < 1e-9);
    }
}
