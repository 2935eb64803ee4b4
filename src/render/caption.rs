//! The caption under the picture: the title, the position's status, what the marks and arrows
//! show, and the legend of tag colours.

use std::fmt::Write;

use super::RenderOptions;
use super::links::{Link, TAG_COLOURS};
use super::svg::{escape, num};
use crate::board::{Board, NodeId};
use crate::ids::{KindId, PlayerSet};
use crate::position::{Outcome, Position};

/// Height of one caption line.
const LINE: f64 = 20.0;

/// The height of a caption of `lines` lines and `tags` legend entries.
pub(super) fn height(lines: usize, tags: usize) -> f64 {
    (lines + tags) as f64 * LINE + 10.0
}

/// The caption's lines, in order: the title, the status of the position, the piece whose
/// destinations are marked, the direction drawn as arrows, and that there are no tagged links.
pub(super) fn lines(
    board: &Board,
    pos: Option<&Position>,
    options: &RenderOptions,
    moves: Option<&(NodeId, Vec<(NodeId, bool)>)>,
    links: &[Link],
) -> Vec<String> {
    let mut caption: Vec<String> = Vec::new();
    caption.push(options.title.clone().unwrap_or_else(|| match pos {
        Some(p) => p.rules().name().to_string(),
        None => board.name().to_string(),
    }));
    if let Some(p) = pos {
        caption.push(status(
            p,
            options.last_move,
            options.last_move_text.as_deref(),
        ));
    }
    if let (Some(p), Some((from, dests))) = (pos, moves) {
        caption.push(piece_moves(board, p, *from, dests));
    }
    if let Some(d) = options.links {
        let twisted = links.iter().filter(|l| l.twisted).count();
        caption.push(format!(
            "links `{}`: {} arrow(s), {twisted} twisted (dashed)",
            board.direction_name(d),
            links.len()
        ));
    }
    if options.tags && board.tags().is_empty() {
        caption.push("no tagged links".to_string());
    }
    caption
}

/// The line about the drops of kind `k` whose targets are marked.
pub(super) fn drop_line(p: &Position, k: KindId, targets: usize) -> String {
    let rules = p.rules();
    let player = &rules.player(p.to_move()).name;
    let kind = rules.kind(k);
    format!(
        "{player} drops {} (`{}`, {} in hand): {targets} node(s)",
        kind.name,
        kind.token(),
        p.hand(p.to_move(), k)
    )
}

/// The line about the piece on `from` whose destinations `dests` are marked.
fn piece_moves(board: &Board, p: &Position, from: NodeId, dests: &[(NodeId, bool)]) -> String {
    let name = board.node_name(from);
    match p.piece_at(from) {
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
    }
}

/// The caption's status line: whose turn, check, eliminated players, last move, game over.
fn status(pos: &Position, last: Option<(NodeId, NodeId)>, text: Option<&str>) -> String {
    let rules = pos.rules();
    let names = |set: PlayerSet| -> Vec<&str> {
        set.iter().map(|p| rules.player(p).name.as_str()).collect()
    };
    let mut parts = Vec::new();
    match pos.outcome() {
        Some(Outcome::Winner(w)) => parts.push(format!("game over: {} wins", rules.player(w).name)),
        Some(Outcome::Stalemate(p)) => parts.push(format!(
            "game over: draw ({} is stalemated)",
            rules.player(p).name
        )),
        Some(other) => parts.push(format!("game over: {}", pos.result_text(other))),
        None => parts.push(format!("{} to move", rules.player(pos.to_move()).name)),
    }
    if let Some(hands) = pos.hands_text() {
        parts.push(format!("in hand: {hands}"));
    }
    let checked = names(pos.checked_players());
    if !checked.is_empty() {
        parts.push(format!("in check: {}", checked.join(", ")));
    }
    let mut out_players = PlayerSet::EMPTY;
    for p in rules.player_ids().filter(|&p| !pos.is_alive(p)) {
        out_players.insert(p);
    }
    let out = names(out_players);
    if !out.is_empty() {
        parts.push(format!("eliminated (frozen): {}", out.join(", ")));
    }
    match (text, last) {
        (Some(text), _) => parts.push(format!("last move: {text}")),
        (None, Some((a, b))) => {
            let board = rules.board();
            parts.push(format!(
                "last move: {}-{}",
                board.node_name(a),
                board.node_name(b)
            ));
        }
        (None, None) => {}
    }
    parts.join(" · ")
}

/// The caption's lines as the picture writes them: a line wider than the picture (`width`, at
/// about 8 units a character) is broken after its last ` · ` (or space) that fits, the rest
/// going on the next line, so a long status (a finished game's result) stays in the picture.
pub(super) fn wrap(lines: &[String], width: f64) -> Vec<String> {
    let fits = ((width - 24.0) / 8.0).max(20.0) as usize;
    let mut out = Vec::new();
    for line in lines {
        let mut rest = line.as_str();
        while rest.chars().count() > fits {
            let head: String = rest.chars().take(fits).collect();
            let cut = head
                .rfind(" · ")
                .map(|i| (i, i + " · ".len()))
                .or_else(|| head.rfind(' ').map(|i| (i, i + 1)))
                .filter(|&(i, _)| i > 0);
            let Some((end, next)) = cut else { break };
            out.push(rest[..end].to_string());
            rest = &rest[next..];
        }
        out.push(rest.to_string());
    }
    out
}

/// The caption layer: its lines (the first in bold), then one legend entry per tag.
pub(super) fn write(s: &mut String, board: &Board, top: f64, lines: &[String], tags: &[usize]) {
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
        y += LINE;
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
        y += LINE;
    }
    s.push_str("</g>\n");
}
