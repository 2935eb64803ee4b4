//! Frames: a declared frame nothing uses (`lint::unused-frame`), players who share one frame
//! while their pieces move one way only (`lint::shared-orientation`: Black's pawns walking north),
//! and a frame that turns the board but leaves a one-way direction of a piece as it is
//! (`lint::unturned-direction`: Black's `leap nne` going where White's goes).

use std::collections::BTreeSet;

use super::{Context, listed};
use crate::board::{Board, DirId};
use crate::diagnostic::{Code, Diagnostic};
use crate::ids::{FrameId, KindId, NodeId, PlayerId};
use crate::rules::Rules;

/// A frame of `[frames]` that no player, start zone or start piece uses.
pub(super) fn unused_frames(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let rules = cx.rules;
    let in_start: BTreeSet<FrameId> = rules
        .board()
        .node_ids()
        .filter_map(|n| cx.start.piece_at(n).map(|p| p.frame))
        .collect();
    for (name, _) in &cx.spec.frames {
        let by_player = cx.spec.players.iter().any(|p| {
            p.frame.as_ref().is_some_and(|f| *f.get_ref() == name.value)
                || p.start_frames.values().any(|f| *f.get_ref() == name.value)
        });
        let frame = rules.frame_by_name(&name.value);
        let by_piece = frame.is_some_and(|f| in_start.contains(&f));
        // A frame a twist turns pieces into (3 Man Chess's `crossed`) is used by the board.
        let by_twist = frame.is_some_and(|f| {
            rules.frame_ids().any(|from| {
                (1..rules.board().twists().len())
                    .any(|t| rules.frame_after(from, crate::board::TwistId(t as u8)) == f)
            })
        });
        if by_player || by_piece || by_twist || name.value == "identity" {
            continue;
        }
        out.push(
            Diagnostic::new(
                Code::LintUnusedFrame,
                name.span.clone(),
                format!(
                    "frame `{}` is declared, but no player or piece uses it",
                    name.value
                ),
            )
            .label("never used")
            .help(format!(
                "give a player `frame = \"{}\"` (or a `start_frames` entry), or remove the frame",
                name.value
            )),
        );
    }
}

/// The opposite of a direction, declared on either side.
fn opposite(board: &Board, d: DirId) -> Option<DirId> {
    board.direction_info(d).opposite.or_else(|| {
        board
            .direction_ids()
            .find(|&e| board.direction_info(e).opposite == Some(d))
    })
}

/// The directions a kind's patterns use whose opposite they never use (`n` without `s`).
fn one_sided(rules: &Rules, k: KindId) -> Vec<DirId> {
    let board = rules.board();
    let used: BTreeSet<DirId> = rules
        .kind(k)
        .patterns
        .iter()
        .flat_map(|p| {
            let alternatives = p.alternatives.iter().flatten();
            p.paths.iter().map(|(dirs, _)| dirs).chain(alternatives)
        })
        .flatten()
        .copied()
        .collect();
    used.iter()
        .copied()
        .filter(|&d| opposite(board, d).is_some_and(|o| !used.contains(&o)))
        .collect()
}

/// For every node, the sum of its link distances to the pieces of `player` in the start
/// position (links taken both ways; a node that cannot reach one counts the node count).
fn distance_sums(cx: &Context<'_>, player: PlayerId) -> Vec<usize> {
    let board = cx.rules.board();
    let count = board.node_count();
    let mut neighbours: Vec<Vec<NodeId>> = vec![Vec::new(); count];
    for (from, _, step) in board.links() {
        neighbours[from.index()].push(step.to);
        neighbours[step.to.index()].push(from);
    }
    let mut sums = vec![0; count];
    let pieces = board
        .node_ids()
        .filter(|&n| cx.start.piece_at(n).is_some_and(|p| p.owner == player));
    for source in pieces {
        let mut dist = vec![usize::MAX; count];
        dist[source.index()] = 0;
        let mut queue = std::collections::VecDeque::from([source]);
        while let Some(n) = queue.pop_front() {
            for &m in &neighbours[n.index()] {
                if dist[m.index()] == usize::MAX {
                    dist[m.index()] = dist[n.index()] + 1;
                    queue.push_back(m);
                }
            }
        }
        for (sum, d) in sums.iter_mut().zip(dist) {
            *sum += if d == usize::MAX { count } else { d };
        }
    }
    sums
}

/// How far, summed over every first move of every start piece of `owner` and `kind` on an empty
/// board, the moves take it from the pieces measured by `sums` (positive: away from them).
fn drift(cx: &Context<'_>, owner: PlayerId, kind: KindId, sums: &[usize]) -> i64 {
    let tables = cx.rules.tables();
    let mut total = 0i64;
    for n in cx.rules.board().node_ids() {
        let Some(p) = cx
            .start
            .piece_at(n)
            .filter(|p| p.owner == owner && p.kind == kind)
        else {
            continue;
        };
        for ray in tables.rays(kind, p.frame, n) {
            if let Some(first) = tables.steps(ray).first() {
                total += sums[first.node.index()] as i64 - sums[n.index()] as i64;
            }
        }
    }
    total
}

/// Two players whose pieces move in one frame, when a kind both have moves one way only and
/// takes the later player's pieces away from the earlier one's while it takes the earlier
/// one's toward them: the later player's pawns walk off the board. Players that give pieces
/// frames by start zone (`start_frames`) have thought about orientation and are left alone.
pub(super) fn shared_orientation(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let rules = cx.rules;
    let Some(material) = rules.start_material() else {
        return;
    };
    let board = rules.board();
    let plain = |p: PlayerId| cx.spec.players[p.index()].start_frames.is_empty();
    for later in rules.player_ids().skip(1).filter(|&p| plain(p)) {
        let frame = rules.player(later).frame;
        let Some(earlier) = rules
            .player_ids()
            .take(later.index())
            .find(|&p| plain(p) && rules.player(p).frame == frame)
        else {
            continue;
        };
        let (to_earlier, to_later) = (distance_sums(cx, earlier), distance_sums(cx, later));
        let shared: Vec<(KindId, Vec<DirId>)> = rules
            .kind_ids()
            .filter(|k| material[earlier.index()][k.index()] > 0)
            .filter(|k| material[later.index()][k.index()] > 0)
            .map(|k| (k, one_sided(rules, k)))
            .filter(|(_, dirs)| !dirs.is_empty())
            .filter(|(k, _)| {
                drift(cx, later, *k, &to_earlier) > 0 && drift(cx, earlier, *k, &to_later) < 0
            })
            .collect();
        let Some((kind, dirs)) = shared.first() else {
            continue;
        };
        let spec = &cx.spec.players[later.index()];
        let (a, b) = (&rules.player(earlier).name, &rules.player(later).name);
        let kinds: Vec<&str> = shared
            .iter()
            .map(|(k, _)| rules.kind(*k).name.as_str())
            .collect();
        let d = board.direction_name(dirs[0]);
        let o = opposite(board, dirs[0]).map_or("", |o| board.direction_name(o));
        let how = match &spec.frame {
            None => "has no `frame`".to_string(),
            Some(f) => format!("has frame `{}`, as {a} does", f.get_ref()),
        };
        out.push(
            Diagnostic::new(
                Code::LintSharedOrientation,
                spec.name.span(),
                format!(
                    "player `{b}` {how}: the {} {} one way only (`{d}` without `{o}`), toward {b} for {a}'s pieces but away from {a} for {b}'s",
                    listed(&kinds),
                    if kinds.len() == 1 { "moves" } else { "move" },
                ),
            )
            .label("same orientation as an earlier player")
            .help(format!(
                "declare a frame that turns the board round for `{b}` (`[frames] {b} = {{ {d} = \"{o}\", {o} = \"{d}\", ... }}`) and give the player `frame = \"{b}\"`{}",
                if rules.kind(*kind).promotion.is_some() { "; turn its promotion zone too" } else { "" }
            )),
        );
    }
}

/// A player's frame turns some directions but leaves a direction as it is that a piece of the
/// player uses one way only (`leap nne` without `ssw` under a frame that lists `n = "s"` but not
/// `nne`): that piece moves as the first player's does.
pub(super) fn unturned_directions(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let rules = cx.rules;
    let Some(material) = rules.start_material() else {
        return;
    };
    let board = rules.board();
    for p in rules.player_ids() {
        let frame = rules.player(p).frame;
        if board
            .direction_ids()
            .all(|d| rules.frame_dir(frame, d) == d)
        {
            continue;
        }
        let Some(span) = frame_span(cx, rules.frame_name(frame)) else {
            continue;
        };
        for k in rules
            .kind_ids()
            .filter(|k| material[p.index()][k.index()] > 0)
        {
            let unturned: Vec<DirId> = one_sided(rules, k)
                .into_iter()
                .filter(|&d| rules.frame_dir(frame, d) == d)
                .collect();
            let Some(&d) = unturned.first() else {
                continue;
            };
            let names: Vec<String> = unturned
                .iter()
                .map(|&d| format!("`{}`", board.direction_name(d)))
                .collect();
            let (frame_name, piece) = (rules.frame_name(frame), &rules.kind(k).name);
            let o = opposite(board, d).map_or("", |o| board.direction_name(o));
            out.push(
                Diagnostic::new(
                    Code::LintUnturnedDirection,
                    span.clone(),
                    format!(
                        "frame `{frame_name}` turns the board but leaves {} as it is, and the {piece} of {} moves that way only: it goes where the unturned pieces go",
                        listed(&names),
                        rules.player(p).name
                    ),
                )
                .label("leaves a direction as it is")
                .help(format!(
                    "map `{}` in the frame to the direction it becomes for {} (as the frame maps the compass), or give the {piece} `{o}` too",
                    board.direction_name(d),
                    rules.player(p).name
                )),
            );
        }
    }
}

/// The name span of a declared frame.
fn frame_span(cx: &Context<'_>, name: &str) -> Option<std::ops::Range<usize>> {
    cx.spec
        .frames
        .iter()
        .find(|(n, _)| n.value == name)
        .map(|(n, _)| n.span.clone())
}
