//! Players on the picture: the colours of each player's pieces, the way up a polar board is drawn
//! for them, and the pieces layer (eliminated players' pieces greyed and hatched).

use std::fmt::Write;
use std::sync::Arc;

use super::svg::{escape, luminance, num};
use super::{Geometry, PieceStyle, pieces};
use crate::board::{Board, Placement};
use crate::position::Position;
use crate::rules::{PlayerId, Rules};

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
    seat_rotation(rules, PlayerId(0))
}

/// The rotation that puts player `seat`'s pieces of the start position at the bottom of a polar
/// board: that player's own view (0 when the board is not polar or the player has no piece there).
pub fn seat_rotation(rules: &Arc<Rules>, seat: PlayerId) -> f64 {
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
            && pc.owner == seat
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

/// The pieces layer: one glyph per piece, titled with its owner, kind and square.
pub(super) fn write_pieces(s: &mut String, board: &Board, geo: &Geometry, pos: &Position) {
    let rules = pos.rules();
    s.push_str("<g id=\"pieces\">\n");
    for n in board.node_ids() {
        let Some(pc) = pos.piece_at(n) else { continue };
        let kind = rules.kind(pc.kind);
        let player = rules.player(pc.owner);
        let alive = pos.is_alive(pc.owner);
        let number = pos.value_at(n).map_or(String::new(), |v| format!(" {v}"));
        // A piece that moves in another orientation than one set up here would (a pawn that
        // crossed a twisted seam) is drawn upside down: its moves differ from its neighbours'.
        let turned = pc.frame != rules.start_frame(pc.owner, pc.kind, n);
        let title = format!(
            "{} {}{number} on {}{}{}",
            player.name,
            kind.name,
            board.node_name(n),
            if turned {
                format!(
                    " (turned round: moves in frame {})",
                    rules.frame_name(pc.frame)
                )
            } else {
                String::new()
            },
            if alive { "" } else { " (eliminated: frozen)" }
        );
        let (x, y) = geo.centre(n);
        let size = geo.cell_size(n) * if geo.void().is_some() { 0.84 } else { 0.86 };
        let glyph = pieces::piece(
            pieces::Glyph {
                letter: kind.letter,
                shape: kind.shape,
                number: pos.value_at(n),
            },
            x,
            y,
            size,
            player_style(rules, pc.owner),
            &title,
        );
        let (class, glyph) = if turned {
            let (x, y) = (num(x), num(y));
            let turned = format!("<g transform=\"rotate(180 {x} {y})\">{glyph}</g>");
            ("piece turned", turned)
        } else {
            ("piece", glyph)
        };
        if alive {
            let _ = writeln!(
                s,
                "<g class=\"{class}\" data-node=\"{}\">{glyph}</g>",
                escape(board.node_name(n))
            );
        } else {
            let _ = writeln!(
                s,
                "<g class=\"{class} frozen\" data-node=\"{}\"><g opacity=\"0.45\">{glyph}</g><path d=\"{}\" fill=\"url(#frozen)\"/></g>",
                escape(board.node_name(n)),
                geo.cell_path(n)
            );
        }
    }
    s.push_str("</g>\n");
}
