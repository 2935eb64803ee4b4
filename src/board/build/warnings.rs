//! Warnings about a finished board: links that their opposite does not undo or undoes with a
//! turn, nodes no piece can reach, directions without links.

use super::Builder;
use crate::board::{Board, DirId, NodeId};
use crate::diagnostic::{Code, Diagnostic};

impl Builder<'_> {
    /// Every warning about `board`.
    pub(super) fn warnings(&mut self, board: &Board) {
        for d in board.direction_ids() {
            self.non_reciprocal_links(board, d);
            self.twisted_round_trips(board, d);
        }
        self.unreachable_nodes(board);
        self.unused_directions(board);
    }

    /// Links in direction `d` that its opposite does not lead back along: one warning for the
    /// direction, at the first such link.
    fn non_reciprocal_links(&mut self, board: &Board, d: DirId) {
        let info = board.direction_info(d);
        if info.path.is_some() {
            return;
        }
        let Some(opp) = info.opposite else { return };
        let mut bad = Vec::new();
        for n in board.node_ids() {
            let Some(s) = board.step(n, d) else { continue };
            let back_dir = board.twist(s.twist).apply(opp);
            let back = board.step(s.to, back_dir);
            if back.map(|b| b.to) != Some(n) {
                bad.push((n, s.to, back_dir, back.map(|b| b.to)));
            }
        }
        if bad.is_empty() {
            return;
        }
        let (n, to, back_dir, back) = bad[0];
        let span = self.link_span(n, d);
        let what = match back {
            Some(b) => format!("leads to `{}`", board.node_name(b)),
            None => "does not exist".to_string(),
        };
        self.push(
            Diagnostic::new(
                Code::NonReciprocalLink,
                span,
                format!(
                    "{} `{}` link(s) are not undone by their opposite: `{} {} {}`, but the way back `{} {}` {}",
                    bad.len(),
                    info.name,
                    board.node_name(n),
                    info.name,
                    board.node_name(to),
                    board.node_name(to),
                    board.direction_name(back_dir),
                    what
                ),
            )
            .label("first such link")
            .help("with a twist T on `a --d--> b`, the way back is `b --T(opposite(d))--> a`; add the missing link or correct the opposite"),
        );
    }

    /// Links in direction `d` whose way back leads home but whose two twists do not undo each
    /// other: a piece that goes there and back returns turned (one warning for the direction, at
    /// the first such link). Composite directions follow their steps, so only plain ones are read.
    fn twisted_round_trips(&mut self, board: &Board, d: DirId) {
        let info = board.direction_info(d);
        if info.path.is_some() {
            return;
        }
        let Some(opp) = info.opposite else { return };
        let plain: Vec<DirId> = board
            .direction_ids()
            .filter(|&x| board.direction_info(x).path.is_none())
            .collect();
        let mut bad = Vec::new();
        for n in board.node_ids() {
            let Some(s) = board.step(n, d) else { continue };
            let (there, back_dir) = (board.twist(s.twist), board.twist(s.twist).apply(opp));
            let Some(back) = board.step(s.to, back_dir).filter(|b| b.to == n) else {
                continue; // not a way back at all: `non_reciprocal_links` says so
            };
            let home = board.twist(back.twist);
            if let Some(&x) = plain.iter().find(|&&x| home.apply(there.apply(x)) != x) {
                bad.push((n, s.to, back_dir, x, home.apply(there.apply(x))));
            }
        }
        let Some(&(n, to, back_dir, x, turned)) = bad.first() else {
            return;
        };
        let span = self.link_span(n, d);
        let name = |x: DirId| board.direction_name(x).to_string();
        self.push(
            Diagnostic::new(
                Code::TwistedRoundTrip,
                span,
                format!(
                    "{} `{}` link(s) and their way back turn a piece: `{} {} {}` then `{} {} {}` comes home with `{}` turned into `{}`",
                    bad.len(),
                    info.name,
                    board.node_name(n),
                    info.name,
                    board.node_name(to),
                    board.node_name(to),
                    name(back_dir),
                    board.node_name(n),
                    name(x),
                    name(turned),
                ),
            )
            .label("first such link")
            .help("give the way back the inverse twist (for a twist that swaps pairs, the same one), or no twist on either"),
        );
    }

    /// Where the file made the link of `n` in direction `d` (the direction's declaration when the
    /// link came from a path).
    fn link_span(&self, n: NodeId, d: DirId) -> crate::spec::Span {
        self.links
            .get(&(n, d))
            .map_or(self.dir_spans[d.index()].clone(), |l| l.span.clone())
    }

    /// The nodes that no sequence of links leads to from the first node.
    fn unreachable_nodes(&mut self, board: &Board) {
        let mut seen = vec![false; board.node_count()];
        let mut stack = vec![NodeId(0)];
        seen[0] = true;
        while let Some(n) = stack.pop() {
            for d in board.direction_ids() {
                if let Some(s) = board.step(n, d)
                    && !seen[s.to.index()]
                {
                    seen[s.to.index()] = true;
                    stack.push(s.to);
                }
            }
        }
        let unreached: Vec<NodeId> = board.node_ids().filter(|n| !seen[n.index()]).collect();
        let Some(&first) = unreached.first() else {
            return;
        };
        let names: Vec<&str> = unreached
            .iter()
            .take(12)
            .map(|&n| board.node_name(n))
            .collect();
        let more = if unreached.len() > 12 { " ..." } else { "" };
        self.push(
            Diagnostic::new(
                Code::UnreachableNode,
                self.node_spans[first.index()].clone(),
                format!(
                    "{} node(s) cannot be reached from `{}`: {}{more}",
                    unreached.len(),
                    board.node_name(NodeId(0)),
                    names.join(" ")
                ),
            )
            .label("unreachable")
            .help("no piece can ever get there; link these nodes or remove them"),
        );
    }

    /// The directions that no node has a link in.
    fn unused_directions(&mut self, board: &Board) {
        for d in board.direction_ids() {
            if board.node_ids().all(|n| board.step(n, d).is_none()) {
                self.push(
                    Diagnostic::new(
                        Code::UnusedDirection,
                        self.dir_spans[d.index()].clone(),
                        format!("direction `{}` has no link", board.direction_name(d)),
                    )
                    .label("never used by any link")
                    .help("give it a `[map]` offset or `[[link]]`s, or remove it"),
                );
            }
        }
    }
}
