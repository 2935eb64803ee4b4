//! The compiled frames: how each player's (and each turned piece's) relative directions map onto
//! the board's, and which frame a piece stands in.

use super::{FrameId, KindId, NodeId, PlayerId, Rules};
use crate::board::DirId;

impl Rules {
    /// Every frame (declared ones first, then those reached through twists).
    pub(crate) fn frame_ids(&self) -> impl Iterator<Item = FrameId> + use<> {
        (0..self.frames.len() as u8).map(FrameId)
    }

    /// Whether a piece of kind `k` in frame `f` on `n` has any move on an otherwise empty board
    /// (a piece is never dropped, nor left unpromoted, where it has none).
    #[inline]
    pub(crate) fn can_move_from(&self, k: KindId, f: FrameId, n: NodeId) -> bool {
        !self.tables.rays(k, f, n).is_empty()
    }

    /// Frame names, by id.
    pub fn frame_name(&self, f: FrameId) -> &str {
        &self.frames[f.index()].0
    }

    /// The frame with this name.
    pub(crate) fn frame_by_name(&self, name: &str) -> Option<FrameId> {
        self.frames
            .iter()
            .position(|(n, _)| n == name)
            .map(|i| FrameId(i as u8))
    }

    /// Frame names, in id order.
    pub(crate) fn frame_names(&self) -> impl Iterator<Item = &str> {
        self.frames.iter().map(|(n, _)| n.as_str())
    }

    /// Number of frames.
    pub(crate) fn frame_count(&self) -> usize {
        self.frames.len()
    }

    /// The frame a piece has after crossing a link with this twist.
    #[inline]
    pub(crate) fn frame_after(&self, f: FrameId, twist: crate::board::TwistId) -> FrameId {
        FrameId(self.frame_after[f.index() * self.board.twists().len() + twist.index()])
    }

    /// The board direction a frame maps a player-relative direction to.
    pub(crate) fn frame_dir(&self, f: FrameId, d: DirId) -> DirId {
        self.frames[f.index()].1[d.index()]
    }

    /// The frame a piece of this kind stands in, given the frame it would have: frame-independent
    /// pieces always have the identity frame, so that equal positions have equal text.
    #[inline]
    pub(crate) fn canonical_frame(&self, k: KindId, f: FrameId) -> FrameId {
        if self.kinds[k.index()].oriented {
            f
        } else {
            FrameId::IDENTITY
        }
    }

    /// The frame a piece of `owner` and `kind` placed on `n` starts with (by position text or a
    /// drop): its owner's frame for that start zone, or its owner's frame; the identity for a
    /// piece whose moves do not depend on its frame.
    pub(crate) fn start_frame(&self, owner: PlayerId, kind: KindId, n: NodeId) -> FrameId {
        let p = &self.players[owner.index()];
        let f = p
            .start_frames
            .iter()
            .find(|(set, _)| set.contains(n))
            .map_or(p.frame, |(_, f)| *f);
        self.canonical_frame(kind, f)
    }
}
