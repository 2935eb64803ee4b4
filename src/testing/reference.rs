//! The reference walker: the slow, obviously-correct definition of what a piece's path programs
//! mean, kept apart from the compiled tables so that the tests can compare the two.
//!
//! Nothing here reads [`crate::tables`]. A piece's patterns are walked square by square over
//! [`Board::step`]; the piece's frame is an explicit direction permutation (`frame[d]` is the board
//! direction that player-relative direction `d` means), and crossing a link with a twist `t` composes
//! it: `frame'[x] = t.apply(frame[x])`, for the rest of the path and for the piece afterwards.
//!
//! The semantics, as [`crate::path`] documents them:
//! - `leap P`: the end of P is the destination; the squares on the way do not matter.
//! - `step P`: like leap, but every square on the way must be empty.
//! - `ride P`: every square along P is a destination while the way is empty; the last direction of P
//!   repeats unless P ends with `stop`.
//! - A path ends before it would come back to its origin or to a square it has passed (no null move,
//!   no loop), and at a link carrying a tag of `avoid:`. A leap or step that cannot be walked to its
//!   end gives nothing.
//! - A destination may be entered when it is empty (modes `move`, `both`) or holds an opponent's
//!   piece (modes `capture`, `both`); an `en-passant` pattern only enters an empty square that an
//!   opponent's en passant entry names. `from:ZONE` patterns apply only from the owner's zone.
//! - One destination per node: it exists if any path reaches it open; the first such path, in
//!   pattern then path order, decides whether it is a capture.
//! - Leg orders after `|` add the tags they cross when they reach the same square.
//! - Hops: with `over:N` a path must pass exactly N occupied squares before it may stop (a ride
//!   then ends at its first piece after them, at most `beyond:K` squares past the last); zones:
//!   `within:ZONE` ends the path before it leaves the owner's zone, `to:ZONE` keeps only
//!   destinations in it.
//! - Gates: a path ends before a link of a closed gate; across an open gate that forbids captures
//!   only an empty square is a destination. No attack crosses a gated link.
//! - Conditions on the piece's standing ([`Standing`]): a `first-move` pattern applies only while
//!   the piece's square holds its owner's `[[first_move]]` right (a bit of the position's rights,
//!   after the castlings'); a `not-in-check` pattern only while no royal of the owner is attacked
//!   by another player still in the game. Both are `move` patterns: they never attack.
//!
//! Castling is a rule of the variant, not a path, and is not walked here.
//!
//! ```
//! use chessgraph::{Position, Rules, testing::reference};
//! let rules = chessgraph::load("variants/chess.toml").unwrap();
//! let pos = Position::start(&rules);
//! let g1 = rules.board().node("g1").unwrap();
//! let names: Vec<&str> = reference::destinations(&pos, g1)
//!     .iter()
//!     .map(|d| rules.board().node_name(d.node))
//!     .collect();
//! assert_eq!(names.len(), 2); // f3 and h3
//! assert!(names.contains(&"f3") && names.contains(&"h3"));
//! ```

use crate::board::{Board, DirId, NodeId, TagSet};
use crate::ids::{PlayerId, PlayerSet};
use crate::path::Kind;
use crate::position::{EpEntry, Piece, Position};
use crate::rules::{FrameId, Pattern, Rules};

/// What a piece's conditional patterns look at besides the squares: whether it holds a first-move
/// right where it stands (`first-move`), and whether its owner is in check (`not-in-check`). The
/// default (no right, not in check) is a lone piece's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Standing {
    /// The piece's square holds its owner's `[[first_move]]` right.
    pub first_move: bool,
    /// A royal of the piece's owner is attacked by another player in the game.
    pub in_check: bool,
}

/// A destination of a piece: where it can go, whether it captures there, and the frames it can
/// arrive with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Destination {
    /// The node reached.
    pub node: NodeId,
    /// Whether the move captures (an opponent's piece stands there, or en passant).
    pub capture: bool,
    /// The piece's frame on arrival, for every open path that reaches the node, in pattern and path
    /// order without repeats (boards with twists can bring a piece to one node in several
    /// orientations; on plain boards this holds one frame).
    pub frames: Vec<Vec<DirId>>,
}

/// The direction permutation of a frame: `image[d]` is the board direction that player-relative
/// direction `d` means in frame `f`.
pub fn frame_image(rules: &Rules, f: FrameId) -> Vec<DirId> {
    rules
        .board()
        .direction_ids()
        .map(|d| rules.frame_dir(f, d))
        .collect()
}

/// The frame of the rules whose permutation is `image`, if there is one.
pub fn frame_id(rules: &Rules, image: &[DirId]) -> Option<FrameId> {
    (0..rules.frame_count())
        .map(|f| FrameId(f as u8))
        .find(|&f| frame_image(rules, f) == image)
}

/// One square of a walked path: the node, the frame on arrival, every tag crossed so far.
pub type Walked = (NodeId, Vec<DirId>, TagSet);

/// Walks one path from `origin` with the piece's frame `frame`, ignoring what stands on the board:
/// the squares of the path in order, each with the frame on arrival and the tags crossed so far
/// (at the last square, also those of the path's other leg orders that end there). A leap or step
/// that cannot be completed gives no square.
pub fn walk(
    board: &Board,
    origin: NodeId,
    frame: &[DirId],
    pattern: &Pattern,
    path: usize,
) -> Vec<Walked> {
    let mut out = walk_dirs(
        board,
        origin,
        frame,
        pattern,
        &pattern.paths[path].0,
        pattern.paths[path].1,
    );
    if let Some(last) = out.last_mut() {
        for alt in &pattern.alternatives[path] {
            let other = walk_dirs(board, origin, frame, pattern, alt, true);
            if let Some(end) = other.last()
                && end.0 == last.0
            {
                last.2 = last.2.union(end.2);
            }
        }
    }
    out
}

fn walk_dirs(
    board: &Board,
    origin: NodeId,
    frame: &[DirId],
    pattern: &Pattern,
    dirs: &[DirId],
    stop: bool,
) -> Vec<Walked> {
    let repeats = pattern.kind == Kind::Ride && !stop;
    let mut frame = frame.to_vec();
    let mut at = origin;
    let mut passed = vec![origin];
    let mut tags = TagSet::EMPTY;
    let mut out = Vec::new();
    for i in 0.. {
        let d = match dirs.get(i) {
            Some(&d) => d,
            None if repeats => dirs[dirs.len() - 1],
            None => break,
        };
        let Some(step) = board.step(at, frame[d.index()]) else {
            break;
        };
        if step.tags.intersects(pattern.avoid) || passed.contains(&step.to) {
            break;
        }
        let twist = board.twist(step.twist);
        frame = frame.iter().map(|&x| twist.apply(x)).collect();
        passed.push(step.to);
        tags = tags.union(step.tags);
        out.push((step.to, frame.clone(), tags));
        at = step.to;
    }
    if pattern.kind != Kind::Ride && out.len() < dirs.len() {
        out.clear();
    }
    out
}

/// The squares of a walked path that are destinations given the occupancy, in order: every square
/// of a ride whose way holds exactly `over:N` pieces (none for a plain ride), at most `beyond:K`
/// squares past the last of them; the last square of a leap; the last square of a step whose way
/// holds exactly `over:N` pieces (none for a plain step). With `within:ZONE` the path ends before
/// its first square outside the owner's zone; with `to:ZONE` only squares of that zone count.
fn reachable(
    rules: &Rules,
    pattern: &Pattern,
    owner: PlayerId,
    walked: &[Walked],
    occupant: &dyn Fn(NodeId) -> Option<Piece>,
    bars: u32,
) -> Vec<Walked> {
    let zone = |z: Option<usize>, n: NodeId| z.is_none_or(|z| rules.zone(z, owner).contains(n));
    let inside = walked
        .iter()
        .position(|w| !zone(pattern.within, w.0))
        .unwrap_or(walked.len());
    if pattern.kind != Kind::Ride && inside < walked.len() {
        return Vec::new();
    }
    let walked = &walked[..inside];
    let occupied: Vec<usize> = (0..walked.len())
        .filter(|&i| occupant(walked[i].0).is_some())
        .collect();
    let over = usize::from(pattern.over);
    // `cannot_hop`: a screen of a barred kind is no screen, and nothing lies beyond it.
    let barred =
        |i: &usize| occupant(walked[*i].0).is_some_and(|p| bars & (1 << p.kind.index()) != 0);
    let screens: &[usize] = match pattern.kind {
        Kind::Ride => &occupied[..over.min(occupied.len())],
        Kind::Step => {
            let inner = occupied
                .iter()
                .take_while(|&&i| i + 1 < walked.len())
                .count();
            &occupied[..inner]
        }
        Kind::Leap => &[],
    };
    if over > 0 && screens.iter().any(barred) {
        return Vec::new();
    }
    // Whether square `i` may end the path: exactly `over` pieces before it, none after the last
    // screen, and close enough to it.
    let ends_at = |i: usize| {
        let before: Vec<usize> = occupied.iter().copied().filter(|&j| j < i).collect();
        before.len() == over
            && (pattern.beyond == 0 || i - before[over - 1] <= usize::from(pattern.beyond))
    };
    let candidates: Vec<usize> = match (pattern.kind, walked.len()) {
        (_, 0) => Vec::new(),
        (Kind::Leap, n) => vec![n - 1],
        (Kind::Step, n) => vec![n - 1].into_iter().filter(|&i| ends_at(i)).collect(),
        (Kind::Ride, n) => (0..n).filter(|&i| ends_at(i)).collect(),
    };
    candidates
        .into_iter()
        .filter(|&i| zone(pattern.to_zone, walked[i].0))
        .map(|i| walked[i].clone())
        .collect()
}

/// Whether a pattern applies to `piece` standing on `from` (its `from:ZONE` condition).
fn applies(rules: &Rules, pattern: &Pattern, from: NodeId, piece: Piece) -> bool {
    pattern
        .from_zone
        .is_none_or(|z| rules.zone(z, piece.owner).contains(from))
}

/// Whether a pattern's conditions on the piece's standing hold (`first-move`, `not-in-check`).
fn allowed(pattern: &Pattern, standing: Standing) -> bool {
    (!pattern.first_move || standing.first_move) && (!pattern.not_in_check || !standing.in_check)
}

/// The standing of the piece on `from` in `pos`: its first-move right, read from the position's
/// rights and the rules' `[[first_move]]` list, and whether its owner is in check, by the walker's
/// own attacks.
pub fn standing(pos: &Position, from: NodeId) -> Standing {
    let Some(piece) = pos.piece_at(from) else {
        return Standing::default();
    };
    let rules = pos.rules();
    let rights = pos.castling_rights();
    let base = rules.castling_rights.len();
    let first_move = (rules.first_moves.iter().enumerate())
        .any(|(i, f)| f.square == from && f.player == piece.owner && rights.contains(base + i));
    let others = pos.players_in().without(piece.owner);
    let in_check = rules.board().node_ids().any(|n| {
        pos.piece_at(n)
            .is_some_and(|p| p.owner == piece.owner && rules.kind(p.kind).royal)
            && attacked_by(pos, n, others)
    });
    Standing {
        first_move,
        in_check,
    }
}

/// The pseudo-legal destinations of `piece` standing on `from`, on a board whose squares hold
/// `occupant(n)`, with en passant entries `ep`, the gates in `gates_open` (one bit per gate of the
/// rules) open and the piece's `standing`, sorted by node. Whose turn it is and whether the owner
/// is still in the game do not matter here.
pub fn destinations_in(
    rules: &Rules,
    occupant: &dyn Fn(NodeId) -> Option<Piece>,
    ep: &[EpEntry],
    gates_open: u32,
    standing: Standing,
    from: NodeId,
    piece: Piece,
) -> Vec<Destination> {
    let board = rules.board();
    let start = frame_image(rules, piece.frame);
    let mut closed = TagSet::EMPTY;
    let mut quiet_only = TagSet::EMPTY;
    for (i, g) in rules.gates().iter().enumerate() {
        if gates_open & (1 << i) == 0 {
            closed = closed.union(g.tags);
        } else if !g.capture_when_open {
            quiet_only = quiet_only.union(g.tags);
        }
    }
    let mut out: Vec<Destination> = Vec::new();
    for pattern in &rules.kind(piece.kind).patterns {
        if !applies(rules, pattern, from, piece) || !allowed(pattern, standing) {
            continue;
        }
        for path in 0..pattern.paths.len() {
            let mut walked = walk(board, from, &start, pattern, path);
            // A closed gate ends the path; a leap or step that cannot get through gives nothing.
            if let Some(cut) = walked.iter().position(|w| w.2.intersects(closed)) {
                let keep = if pattern.kind == Kind::Ride { cut } else { 0 };
                walked.truncate(keep);
            }
            for (node, frame, tags) in reachable(
                rules,
                pattern,
                piece.owner,
                &walked,
                occupant,
                rules.kind(piece.kind).cannot_hop,
            ) {
                let (node, frame, tags) = (&node, &frame, &tags);
                if tags.intersects(quiet_only) && occupant(*node).is_some() {
                    continue;
                }
                let capture = match occupant(*node) {
                    _ if pattern.en_passant => {
                        let open = occupant(*node).is_none()
                            && ep
                                .iter()
                                .any(|e| e.square == *node && e.owner != piece.owner);
                        if !open {
                            continue;
                        }
                        true
                    }
                    None if pattern.mode.quiet() => false,
                    Some(p) if pattern.mode.captures() && p.owner != piece.owner => true,
                    _ => continue,
                };
                match out.iter_mut().find(|d| d.node == *node) {
                    Some(d) => {
                        if !d.frames.contains(frame) {
                            d.frames.push(frame.clone());
                        }
                    }
                    None => out.push(Destination {
                        node: *node,
                        capture,
                        frames: vec![frame.clone()],
                    }),
                }
            }
        }
    }
    out.sort_by_key(|d| d.node);
    out
}

/// The pseudo-legal destinations of the piece on `from` in `pos` (none for an empty square or a
/// piece of an eliminated player), sorted by node.
pub fn destinations(pos: &Position, from: NodeId) -> Vec<Destination> {
    let Some(piece) = pos.piece_at(from) else {
        return Vec::new();
    };
    if !pos.is_alive(piece.owner) {
        return Vec::new();
    }
    let ep: Vec<EpEntry> = pos.ep_entries().iter().copied().collect();
    let rules = pos.rules();
    // A stack moves as each kind it holds: the union of their destinations.
    let kinds: Vec<crate::ids::KindId> = match pos.numbers_at(from) {
        Some(c) if rules.kind(piece.kind).stack => c.parts().iter().map(|p| p.kind).collect(),
        _ => vec![piece.kind],
    };
    // The standing costs a walk of every piece: only a piece with conditional patterns asks.
    let conditional = (kinds.iter().flat_map(|&k| &rules.kind(k).patterns))
        .any(|p| p.first_move || p.not_in_check);
    let standing = match conditional {
        true => standing(pos, from),
        false => Standing::default(),
    };
    let mut out: Vec<Destination> = Vec::new();
    for kind in kinds {
        let as_kind = Piece { kind, ..piece };
        let each = destinations_in(
            rules,
            &|n| pos.piece_at(n),
            &ep,
            pos.gates_open().bits(),
            standing,
            from,
            as_kind,
        );
        for d in each {
            match out.iter_mut().find(|o| o.node == d.node) {
                Some(o) => {
                    for f in d.frames {
                        if !o.frames.contains(&f) {
                            o.frames.push(f);
                        }
                    }
                }
                None => out.push(d),
            }
        }
    }
    out.sort_by_key(|d| d.node);
    out
}

/// The nodes `piece` on `from` attacks (could capture a piece standing there; en passant aside),
/// whatever stands on them, sorted.
pub fn attacks_in(
    rules: &Rules,
    occupant: &dyn Fn(NodeId) -> Option<Piece>,
    from: NodeId,
    piece: Piece,
) -> Vec<NodeId> {
    let board = rules.board();
    let start = frame_image(rules, piece.frame);
    let mut out = Vec::new();
    for pattern in &rules.kind(piece.kind).patterns {
        if !pattern.mode.captures() || pattern.en_passant || !applies(rules, pattern, from, piece) {
            continue;
        }
        for path in 0..pattern.paths.len() {
            let walked = walk(board, from, &start, pattern, path);
            out.extend(
                reachable(
                    rules,
                    pattern,
                    piece.owner,
                    &walked,
                    occupant,
                    rules.kind(piece.kind).cannot_hop,
                )
                .iter()
                .filter(|(_, _, tags)| !tags.intersects(rules.gate_tags()))
                .map(|(n, _, _)| *n),
            );
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Whether any piece of a player in `by` attacks `n` in `pos`.
pub fn attacked_by(pos: &Position, n: NodeId, by: PlayerSet) -> bool {
    let rules = pos.rules();
    rules.board().node_ids().any(|from| {
        pos.piece_at(from).is_some_and(|p| {
            by.contains(p.owner) && attacks_in(rules, &|x| pos.piece_at(x), from, p).contains(&n)
        })
    })
}
