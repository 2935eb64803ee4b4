//! Pictures of boards and positions as SVG.
//!
//! [`render_svg`] draws any board (grid squares, or rings of annular cells around a central void
//! for polar boards) with its light and dark cells and coordinates, and optionally a position's
//! pieces (every player's, in distinct colours; eliminated players' pieces greyed and hatched), the
//! last move, checked royals, the legal destinations of one piece ([`RenderOptions::from`]), the
//! links of one direction as arrows (twisted links dashed in another colour) and tagged links as
//! heavy lines. Piece shapes are SVG paths, not font glyphs, so the picture is the same everywhere;
//! the output is deterministic (same input, same bytes).
//!
//! Every cell is one element with class `cell` and a `data-node` attribute naming its node, so
//! tools (and the tests) can find cells in the picture.
//!
//! ```
//! use std::sync::Arc;
//! use chessgraph::{position::Position, render::{render_svg, RenderOptions}, rules::Rules};
//! let rules = Arc::new(Rules::load("variants/chess.toml").unwrap());
//! let pos = Position::start(&rules);
//! let svg = render_svg(rules.board(), Some(&pos), &RenderOptions::default());
//! assert!(svg.starts_with("<svg"));
//! assert_eq!(svg.matches("class=\"cell ").count(), 64);
//! ```

pub mod geometry;
pub mod pieces;
pub mod svg;

use std::collections::BTreeSet;
use std::fmt::Write;
use std::sync::Arc;

use crate::board::{Board, Colour, DirId, NodeId, Placement, TwistId};
use crate::movegen::Move;
use crate::position::{Outcome, Position};
use crate::rules::{PlayerId, Rules};

pub use geometry::Geometry;
pub use pieces::PieceStyle;
use svg::{escape, hex, luminance, num};

/// Colour of light cells.
pub const LIGHT: [u8; 3] = [0xf0, 0xd9, 0xb5];
/// Colour of dark cells.
pub const DARK: [u8; 3] = [0xb5, 0x88, 0x63];
/// Colour of the central void of polar boards.
pub const VOID: [u8; 3] = [0xe4, 0xdd, 0xd2];

const LINK: &str = "#1f4e9c";
const TWISTED: &str = "#d9480f";
const TAG_COLOURS: [&str; 8] = [
    "#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#e377c2", "#8c564b",
];
const CAPTION_LINE: f64 = 20.0;

/// What to draw besides the board and the pieces.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RenderOptions {
    /// Mark the legal destinations of the piece on this node (captures differently), as if its
    /// owner were to move. An empty node (or no position) draws no marks.
    pub from: Option<NodeId>,
    /// The last move played, highlighted: (from, to).
    pub last_move: Option<(NodeId, NodeId)>,
    /// Draw every link of this direction as an arrow; twisted links dashed, in another colour.
    pub links: Option<DirId>,
    /// Draw tagged links (moats, creeks) as heavy lines, one colour per tag, with a legend.
    pub tags: bool,
    /// Polar boards: the angle where sector 0 begins, in degrees clockwise from straight up. When
    /// `None`: with a position, [`default_rotation`] of its variant; without, 0.
    pub rotation: Option<f64>,
    /// The caption's first line; the variant's (or board's) name when `None`.
    pub title: Option<String>,
}

/// The colours of player `p`'s pieces: the variant's `colour` when it gives one, else a default
/// by seat (2 players: white, black; 3: white, gray, black; more: then red, blue, green, ...).
pub fn player_style(rules: &Rules, p: PlayerId) -> PieceStyle {
    const WHITE: [u8; 3] = [0xff, 0xff, 0xff];
    const GRAY: [u8; 3] = [0x8c, 0x8c, 0x8c];
    const BLACK: [u8; 3] = [0x26, 0x26, 0x26];
    const MORE: [[u8; 3]; 6] = [
        [0xd1, 0x3b, 0x3b],
        [0x2f, 0x6f, 0xd6],
        [0x2f, 0x9e, 0x44],
        [0xe0, 0xa0, 0x1e],
        [0x86, 0x4c, 0xbf],
        [0x1f, 0xa5, 0xa5],
    ];
    let n = rules.players().len();
    let i = p.index();
    let seat = match (n, i) {
        (_, 0) => WHITE,
        (3, 1) => GRAY,
        (3, 2) | (_, 1) => BLACK,
        (_, i) => MORE[(i - 2) % MORE.len()],
    };
    let fill = rules.player(p).colour.unwrap_or(seat);
    let detail = if luminance(fill) < 0.45 {
        [0xf2, 0xf2, 0xf2]
    } else {
        [0, 0, 0]
    };
    PieceStyle {
        fill,
        outline: [0, 0, 0],
        detail,
    }
}

/// The rotation that puts the first player's pieces of the variant's start position at the bottom
/// of a polar board (0 when the board is not polar or that player has no piece there). It depends
/// on the variant only, so every position of a game is drawn the same way up.
pub fn default_rotation(rules: &Arc<Rules>) -> f64 {
    let start = Position::start(rules);
    let board = rules.board();
    let sectors = board
        .node_ids()
        .filter_map(|n| match board.node_info(n).placement {
            Placement::Polar { sector, .. } => Some(sector),
            Placement::Grid { .. } => None,
        })
        .fold(None, |m: Option<f64>, s| Some(m.map_or(s, |m| m.max(s))));
    let Some(max_sector) = sectors else {
        return 0.0;
    };
    let step = 360.0 / (max_sector + 1.0).ceil().max(1.0);
    let (mut sx, mut sy) = (0.0, 0.0);
    for n in board.node_ids() {
        if let (Some(pc), Placement::Polar { sector, .. }) =
            (start.piece_at(n), board.node_info(n).placement)
            && pc.owner == PlayerId(0)
        {
            let a = ((sector + 0.5) * step).to_radians();
            sx += a.sin();
            sy += a.cos();
        }
    }
    if sx.hypot(sy) < 1e-9 {
        return 0.0;
    }
    let mean = sx.atan2(sy).to_degrees();
    // Rounded so that the last bits of sin/cos of one platform cannot change the picture.
    (((180.0 - mean).rem_euclid(360.0)) * 100.0).round() / 100.0
}

/// Draws `board` as an SVG document, with `position`'s pieces when given.
///
/// `position` must be a position of a variant on `board` (e.g. `pos.rules().board()`); nodes are
/// matched by index, and a position whose board has another number of nodes is ignored.
pub fn render_svg(board: &Board, position: Option<&Position>, options: &RenderOptions) -> String {
    let pos = position.filter(|p| p.rules().board().node_count() == board.node_count());
    let rotation = options
        .rotation
        .unwrap_or_else(|| pos.map_or(0.0, |p| default_rotation(p.rules())));
    let geo = Geometry::new(board, rotation);
    let mut caption: Vec<String> = Vec::new();
    caption.push(options.title.clone().unwrap_or_else(|| match pos {
        Some(p) => p.rules().name().to_string(),
        None => board.name().to_string(),
    }));

    // Work out everything first, then write the layers in a fixed order.
    let moves = match (pos, options.from) {
        (Some(p), Some(from)) => Some((from, destinations(p, from))),
        _ => None,
    };
    if let Some(p) = pos {
        caption.push(status(p, options.last_move));
    }
    if let (Some(p), Some((from, dests))) = (pos, &moves) {
        let name = board.node_name(*from);
        caption.push(match p.piece_at(*from) {
            None => format!("{name} is empty: no moves to show"),
            Some(pc) => {
                let rules = p.rules();
                let captures = dests.iter().filter(|d| d.1).count();
                let turn = if !p.is_alive(pc.owner) {
                    format!(" ({} is eliminated: frozen)", rules.player(pc.owner).name)
                } else if pc.owner == p.to_move() {
                    String::new()
                } else {
                    format!(" (as if {} were to move)", rules.player(pc.owner).name)
                };
                format!(
                    "{} {} on {name}: {} destination(s), {captures} capture(s){turn}",
                    rules.player(pc.owner).name,
                    rules.kind(pc.kind).name,
                    dests.len()
                )
            }
        });
    }
    let links: Vec<Link> = options
        .links
        .map(|d| direction_links(board, &geo, d))
        .unwrap_or_default();
    if let Some(d) = options.links {
        let twisted = links.iter().filter(|l| l.twisted).count();
        caption.push(format!(
            "links `{}`: {} arrow(s), {twisted} twisted (dashed)",
            board.direction_name(d),
            links.len()
        ));
    }
    let tag_lines = if options.tags {
        tagged_links(board, &geo)
    } else {
        Vec::new()
    };
    let tag_legend: Vec<usize> = if options.tags {
        (0..board.tags().len()).collect()
    } else {
        Vec::new()
    };
    if options.tags && tag_legend.is_empty() {
        caption.push("no tagged links".to_string());
    }

    let width = geo.width();
    let caption_height = (caption.len() + tag_legend.len()) as f64 * CAPTION_LINE + 10.0;
    let height = geo.height() + caption_height;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"DejaVu Sans, Arial, sans-serif\">",
        w = num(width),
        h = num(height)
    );
    let _ = writeln!(s, "<title>{}</title>", escape(&caption.join(" | ")));
    write_defs(&mut s);
    let _ = writeln!(
        s,
        "<rect width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>",
        num(width),
        num(height)
    );
    write_cells(&mut s, board, &geo);
    if let Some(p) = pos {
        write_highlights(&mut s, board, &geo, p, options.last_move, options.from);
    }
    write_tags(&mut s, &tag_lines);
    write_labels(&mut s, board, &geo);
    if let Some(p) = pos {
        write_pieces(&mut s, board, &geo, p);
    }
    if let Some((_, dests)) = &moves {
        write_destinations(&mut s, board, &geo, dests);
    }
    write_links(&mut s, &links);
    write_caption(&mut s, board, geo.height(), &caption, &tag_legend);
    s.push_str("</svg>\n");
    s
}

/// The distinct destinations of the piece on `from` (as if its owner were to move), ascending,
/// each with whether the move captures.
fn destinations(pos: &Position, from: NodeId) -> Vec<(NodeId, bool)> {
    let Some(mover) = pos.piece_at(from) else {
        return Vec::new();
    };
    let mut set: BTreeSet<(NodeId, bool)> = BTreeSet::new();
    for m in pos.piece_legal_moves(from) {
        // Castling may end on the castling rook's square: that is not a capture.
        let capture = matches!(m, Move::EnPassant { .. })
            || pos.piece_at(m.to()).is_some_and(|p| p.owner != mover.owner);
        set.insert((m.to(), capture));
    }
    set.into_iter().collect()
}

/// The caption's status line: whose turn, check, eliminated players, last move, game over.
fn status(pos: &Position, last: Option<(NodeId, NodeId)>) -> String {
    let rules = pos.rules();
    let names = |mask: u8| -> Vec<&str> {
        (0..rules.players().len())
            .filter(|&i| mask & (1 << i) != 0)
            .map(|i| rules.players()[i].name.as_str())
            .collect()
    };
    let mut parts = Vec::new();
    match pos.outcome() {
        Some(Outcome::Winner(w)) => parts.push(format!("game over: {} wins", rules.player(w).name)),
        Some(Outcome::Stalemate(p)) => parts.push(format!(
            "game over: draw ({} is stalemated)",
            rules.player(p).name
        )),
        None => parts.push(format!("{} to move", rules.player(pos.to_move()).name)),
    }
    let checked = names(pos.checked_players());
    if !checked.is_empty() {
        parts.push(format!("in check: {}", checked.join(", ")));
    }
    let all = ((1u16 << rules.players().len()) - 1) as u8;
    let out = names(all & !pos.alive_mask());
    if !out.is_empty() {
        parts.push(format!("eliminated (frozen): {}", out.join(", ")));
    }
    if let Some((a, b)) = last {
        let board = rules.board();
        parts.push(format!(
            "last move: {}-{}",
            board.node_name(a),
            board.node_name(b)
        ));
    }
    parts.join(" · ")
}

fn write_defs(s: &mut String) {
    s.push_str("<defs>\n");
    s.push_str(&pieces::defs());
    s.push_str(
        "<pattern id=\"frozen\" width=\"7\" height=\"7\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><path d=\"M0 0V7\" stroke=\"#3a3a3a\" stroke-width=\"2\" stroke-opacity=\"0.6\"/></pattern>\n",
    );
    s.push_str(
        "<radialGradient id=\"check\"><stop offset=\"0\" stop-color=\"#ff1a1a\" stop-opacity=\"0.95\"/><stop offset=\"0.5\" stop-color=\"#e01010\" stop-opacity=\"0.6\"/><stop offset=\"1\" stop-color=\"#a00000\" stop-opacity=\"0\"/></radialGradient>\n",
    );
    for (id, colour) in [("arrow", LINK), ("arrow-twisted", TWISTED)] {
        let _ = writeln!(
            s,
            "<marker id=\"{id}\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"4\" markerHeight=\"4\" orient=\"auto\"><path d=\"M0 0L10 5L0 10Z\" fill=\"{colour}\"/></marker>"
        );
    }
    s.push_str("</defs>\n");
}

fn write_cells(s: &mut String, board: &Board, geo: &Geometry) {
    let polar = geo.void().is_some();
    if polar {
        s.push_str("<g id=\"cells\" stroke=\"#6b4f3a\" stroke-width=\"0.8\">\n");
    } else {
        s.push_str("<g id=\"cells\">\n");
    }
    for n in board.node_ids() {
        let info = board.node_info(n);
        let (class, fill) = match info.colour {
            Colour::Light => ("light", LIGHT),
            Colour::Dark => ("dark", DARK),
        };
        let name = escape(&info.name);
        let _ = writeln!(
            s,
            "<path class=\"cell {class}\" data-node=\"{name}\" d=\"{}\" fill=\"{}\"><title>{name}</title></path>",
            geo.cell_path(n),
            hex(fill)
        );
    }
    s.push_str("</g>\n");
    if let Some((cx, cy, r)) = geo.outer_circle() {
        let _ = writeln!(
            s,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"#4a3425\" stroke-width=\"2\"/>",
            num(cx),
            num(cy),
            num(r)
        );
    }
    if let Some((cx, cy, r)) = geo.void() {
        let _ = writeln!(
            s,
            "<circle class=\"void\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#4a3425\" stroke-width=\"1.5\"/>",
            num(cx),
            num(cy),
            num(r),
            hex(VOID)
        );
    }
}

fn write_highlights(
    s: &mut String,
    board: &Board,
    geo: &Geometry,
    pos: &Position,
    last: Option<(NodeId, NodeId)>,
    from: Option<NodeId>,
) {
    s.push_str("<g id=\"highlights\">\n");
    let overlay = |s: &mut String, class: &str, n: NodeId, fill: &str| {
        let _ = writeln!(
            s,
            "<path class=\"{class}\" data-node=\"{}\" d=\"{}\" {fill}/>",
            escape(board.node_name(n)),
            geo.cell_path(n)
        );
    };
    if let Some((a, b)) = last {
        for n in [a, b] {
            overlay(s, "last-move", n, "fill=\"#f4e04d\" fill-opacity=\"0.55\"");
        }
    }
    if let Some(n) = from.filter(|&n| pos.piece_at(n).is_some()) {
        overlay(s, "from", n, "fill=\"#3d85c6\" fill-opacity=\"0.5\"");
    }
    let checked = pos.checked_players();
    let rules = pos.rules();
    for n in board.node_ids() {
        if let Some(pc) = pos.piece_at(n)
            && rules.kind(pc.kind).royal
            && checked & (1 << pc.owner.0) != 0
        {
            overlay(s, "check", n, "fill=\"url(#check)\"");
        }
    }
    s.push_str("</g>\n");
}

fn write_labels(s: &mut String, board: &Board, geo: &Geometry) {
    let labels = geo.edge_labels();
    if !labels.is_empty() {
        let size = if geo.void().is_some() { 15.0 } else { 14.0 };
        let _ = writeln!(
            s,
            "<g id=\"coordinates\" font-size=\"{}\" fill=\"#333333\" text-anchor=\"middle\">",
            num(size)
        );
        for l in labels {
            // Text is centred by hand (no `dominant-baseline`: not every renderer has it).
            let _ = writeln!(
                s,
                "<text x=\"{}\" y=\"{}\">{}</text>",
                num(l.at.0),
                num(l.at.1 + size * 0.35),
                escape(&l.text)
            );
        }
        s.push_str("</g>\n");
    }
    if geo.names_in_cells() {
        s.push_str("<g id=\"names\" text-anchor=\"middle\">\n");
        for n in board.node_ids() {
            let size = (geo.cell_size(n) * 0.22).clamp(6.0, 11.0);
            let (x, y) = geo.name_anchor(n);
            let fill = match board.node_info(n).colour {
                Colour::Light => "#8b6b4e",
                Colour::Dark => "#f3e3c8",
            };
            let _ = writeln!(
                s,
                "<text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{fill}\">{}</text>",
                num(x),
                num(y + size * 0.35),
                num(size),
                escape(board.node_name(n))
            );
        }
        s.push_str("</g>\n");
    }
}

fn write_pieces(s: &mut String, board: &Board, geo: &Geometry, pos: &Position) {
    let rules = pos.rules();
    s.push_str("<g id=\"pieces\">\n");
    for n in board.node_ids() {
        let Some(pc) = pos.piece_at(n) else { continue };
        let kind = rules.kind(pc.kind);
        let player = rules.player(pc.owner);
        let alive = pos.is_alive(pc.owner);
        let title = format!(
            "{} {} on {}{}",
            player.name,
            kind.name,
            board.node_name(n),
            if alive { "" } else { " (eliminated: frozen)" }
        );
        let (x, y) = geo.centre(n);
        let size = geo.cell_size(n) * if geo.void().is_some() { 0.84 } else { 0.86 };
        let glyph = pieces::piece(
            kind.letter,
            x,
            y,
            size,
            player_style(rules, pc.owner),
            &title,
        );
        if alive {
            let _ = writeln!(
                s,
                "<g class=\"piece\" data-node=\"{}\">{glyph}</g>",
                escape(board.node_name(n))
            );
        } else {
            let _ = writeln!(
                s,
                "<g class=\"piece frozen\" data-node=\"{}\"><g opacity=\"0.45\">{glyph}</g><path d=\"{}\" fill=\"url(#frozen)\"/></g>",
                escape(board.node_name(n)),
                geo.cell_path(n)
            );
        }
    }
    s.push_str("</g>\n");
}

fn write_destinations(s: &mut String, board: &Board, geo: &Geometry, dests: &[(NodeId, bool)]) {
    s.push_str("<g id=\"destinations\">\n");
    for &(n, capture) in dests {
        let (x, y) = geo.centre(n);
        let c = geo.cell_size(n);
        let name = escape(board.node_name(n));
        if capture {
            let _ = writeln!(
                s,
                "<circle class=\"capture\" data-node=\"{name}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"#c62828\" stroke-width=\"{}\" stroke-opacity=\"0.85\"/>",
                num(x),
                num(y),
                num(c * 0.44),
                num(c * 0.08)
            );
        } else {
            let _ = writeln!(
                s,
                "<circle class=\"destination\" data-node=\"{name}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#1e6b2a\" fill-opacity=\"0.7\"/>",
                num(x),
                num(y),
                num(c * 0.16)
            );
        }
    }
    s.push_str("</g>\n");
}

/// One link to draw.
struct Link {
    from: String,
    to: String,
    label: String,
    path: String,
    twisted: bool,
}

/// The path from the centre of `a` to the centre of `b`, `trim` units short at both ends.
///
/// On a grid, a link much longer than the direction's usual link (a seam) is a curve bulging to
/// the left of the way, so that it does not hide the row it spans and the way back is a separate
/// curve. On a polar board long links are straight chords: they cross the empty void, where a
/// straight line is the easiest to follow from one end to the other.
fn link_path(geo: &Geometry, a: NodeId, b: NodeId, usual: f64, trim: f64) -> String {
    let (x0, y0) = geo.centre(a);
    let (x1, y1) = geo.centre(b);
    let (dx, dy) = (x1 - x0, y1 - y0);
    let len = dx.hypot(dy).max(1e-9);
    let shorten = |(px, py): (f64, f64), (tx, ty): (f64, f64), by: f64| {
        let l = tx.hypot(ty).max(1e-9);
        (px + tx / l * by, py + ty / l * by)
    };
    if len > usual * 1.6 && geo.void().is_none() {
        let bulge = 0.18 * len;
        let (cx, cy) = (
            (x0 + x1) / 2.0 + dy / len * bulge,
            (y0 + y1) / 2.0 - dx / len * bulge,
        );
        let p0 = shorten((x0, y0), (cx - x0, cy - y0), trim);
        let p1 = shorten((x1, y1), (cx - x1, cy - y1), trim);
        format!(
            "M{} {}Q{} {} {} {}",
            num(p0.0),
            num(p0.1),
            num(cx),
            num(cy),
            num(p1.0),
            num(p1.1)
        )
    } else {
        let t = trim.min(len * 0.3);
        let p0 = shorten((x0, y0), (dx, dy), t);
        let p1 = shorten((x1, y1), (-dx, -dy), t);
        format!("M{} {}L{} {}", num(p0.0), num(p0.1), num(p1.0), num(p1.1))
    }
}

/// The median length of a set of links (centre to centre).
fn median_length(geo: &Geometry, pairs: &[(NodeId, NodeId)]) -> f64 {
    let mut lens: Vec<f64> = pairs
        .iter()
        .map(|&(a, b)| {
            let (x0, y0) = geo.centre(a);
            let (x1, y1) = geo.centre(b);
            (x1 - x0).hypot(y1 - y0)
        })
        .collect();
    lens.sort_by(f64::total_cmp);
    lens.get(lens.len() / 2).copied().unwrap_or(0.0)
}

fn direction_links(board: &Board, geo: &Geometry, dir: DirId) -> Vec<Link> {
    let steps: Vec<(NodeId, crate::board::Step)> = board
        .links()
        .filter(|&(_, d, _)| d == dir)
        .map(|(n, _, s)| (n, s))
        .collect();
    let pairs: Vec<(NodeId, NodeId)> = steps.iter().map(|(n, s)| (*n, s.to)).collect();
    let usual = median_length(geo, &pairs);
    steps
        .iter()
        .map(|&(n, step)| {
            let twisted = step.twist != TwistId::IDENTITY;
            let mut label = format!(
                "{} {} {}",
                board.node_name(n),
                board.direction_name(dir),
                board.node_name(step.to)
            );
            if twisted {
                let _ = write!(label, " (twist {})", board.twist(step.twist).name);
            }
            let tags = board.tag_names(step.tags);
            if !tags.is_empty() {
                let _ = write!(label, " [{}]", tags.join(", "));
            }
            Link {
                from: board.node_name(n).to_string(),
                to: board.node_name(step.to).to_string(),
                label,
                path: link_path(geo, n, step.to, usual, geo.cell_size(n) * 0.2),
                twisted,
            }
        })
        .collect()
}

fn write_links(s: &mut String, links: &[Link]) {
    if links.is_empty() {
        return;
    }
    s.push_str("<g id=\"links\" fill=\"none\" stroke-width=\"2.2\" stroke-linecap=\"round\">\n");
    for l in links {
        let (class, style) = if l.twisted {
            (
                "link twisted",
                format!(
                    "stroke=\"{TWISTED}\" stroke-dasharray=\"6 4\" marker-end=\"url(#arrow-twisted)\""
                ),
            )
        } else {
            (
                "link",
                format!("stroke=\"{LINK}\" marker-end=\"url(#arrow)\""),
            )
        };
        let _ = writeln!(
            s,
            "<path class=\"{class}\" data-from=\"{}\" data-to=\"{}\" d=\"{}\" {style}><title>{}</title></path>",
            escape(&l.from),
            escape(&l.to),
            l.path,
            escape(&l.label)
        );
    }
    s.push_str("</g>\n");
}

/// Heavy lines for tagged links: one per (tag, pair of nodes), the two directions of a link drawn
/// once. Returns (tag index, from, to, path).
fn tagged_links(board: &Board, geo: &Geometry) -> Vec<(usize, String, String, String)> {
    let mut seen: BTreeSet<(usize, NodeId, NodeId)> = BTreeSet::new();
    let mut out = Vec::new();
    let mut by_dir: Vec<Vec<(NodeId, NodeId)>> = vec![Vec::new(); board.direction_count()];
    for (n, d, s) in board.links() {
        by_dir[d.index()].push((n, s.to));
    }
    let usual: Vec<f64> = by_dir.iter().map(|p| median_length(geo, p)).collect();
    for (n, d, step) in board.links() {
        for t in step.tags.indices() {
            let key = (t, n.min(step.to), n.max(step.to));
            if !seen.insert(key) {
                continue;
            }
            out.push((
                t,
                board.node_name(n).to_string(),
                board.node_name(step.to).to_string(),
                link_path(geo, n, step.to, usual[d.index()], 0.0),
            ));
        }
    }
    out
}

fn write_tags(s: &mut String, lines: &[(usize, String, String, String)]) {
    if lines.is_empty() {
        return;
    }
    s.push_str(
        "<g id=\"tags\" fill=\"none\" stroke-width=\"7\" stroke-linecap=\"round\" stroke-opacity=\"0.8\">\n",
    );
    for (t, a, b, path) in lines {
        let _ = writeln!(
            s,
            "<path class=\"tag\" data-tag=\"{t}\" data-from=\"{}\" data-to=\"{}\" d=\"{path}\" stroke=\"{}\"/>",
            escape(a),
            escape(b),
            TAG_COLOURS[t % TAG_COLOURS.len()]
        );
    }
    s.push_str("</g>\n");
}

fn write_caption(s: &mut String, board: &Board, top: f64, lines: &[String], tags: &[usize]) {
    s.push_str("<g id=\"caption\" font-size=\"14\" fill=\"#222222\">\n");
    let mut y = top + 14.0;
    for (i, line) in lines.iter().enumerate() {
        let weight = if i == 0 { " font-weight=\"bold\"" } else { "" };
        let _ = writeln!(
            s,
            "<text x=\"12\" y=\"{}\"{weight}>{}</text>",
            num(y),
            escape(line)
        );
        y += CAPTION_LINE;
    }
    for &t in tags {
        let _ = writeln!(
            s,
            "<path d=\"M14 {}h28\" stroke=\"{}\" stroke-width=\"7\" stroke-linecap=\"round\" stroke-opacity=\"0.8\"/><text x=\"52\" y=\"{}\">tag {}</text>",
            num(y - 5.0),
            TAG_COLOURS[t % TAG_COLOURS.len()],
            num(y),
            escape(&board.tags()[t])
        );
        y += CAPTION_LINE;
    }
    s.push_str("</g>\n");
}
