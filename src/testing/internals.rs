//! Crate-private methods the integration tests call, as extension traits: a test brings the
//! trait into scope and keeps the method syntax (`rules.frame_count()`), while the library's
//! surface stays without them (the inherent methods are `pub(crate)`; method lookup from outside
//! the crate passes over them to the trait's).

use crate::board::{DirId, TagSet};
use crate::movegen::Gating;
use crate::perft::PerftTable;
use crate::rules::{CapturedWin, Gate, Promotion};
use crate::{
    Board, FrameId, KindId, Move, NodeId, PieceKind, Planned, Player, PlayerId, Position, Rules,
};

/// The frames and gates of [`Rules`].
pub trait RulesInternals {
    /// Every frame (declared ones first, then those reached through twists).
    fn frame_ids(&self) -> impl Iterator<Item = FrameId>;
    /// The frame with this name.
    fn frame_by_name(&self, name: &str) -> Option<FrameId>;
    /// Number of frames.
    fn frame_count(&self) -> usize;
    /// The board direction a frame maps a player-relative direction to.
    fn frame_dir(&self, f: FrameId, d: DirId) -> DirId;
    /// The frame a piece of kind `k` stands in, given the frame it would have.
    fn canonical_frame(&self, k: KindId, f: FrameId) -> FrameId;
    /// Whether a piece of kind `k` in frame `f` on `n` has a move on an empty board.
    fn can_move_from(&self, k: KindId, f: FrameId, n: NodeId) -> bool;
    /// The gates (3 Man Chess's centre crossings).
    fn gates(&self) -> &[Gate];
    /// Every gated tag.
    fn gate_tags(&self) -> TagSet;
    /// The index of the player-relative zone with this name.
    fn zone_by_name(&self, name: &str) -> Option<usize>;
}

impl RulesInternals for Rules {
    fn frame_ids(&self) -> impl Iterator<Item = FrameId> {
        Rules::frame_ids(self)
    }
    fn frame_by_name(&self, name: &str) -> Option<FrameId> {
        Rules::frame_by_name(self, name)
    }
    fn frame_count(&self) -> usize {
        Rules::frame_count(self)
    }
    fn frame_dir(&self, f: FrameId, d: DirId) -> DirId {
        Rules::frame_dir(self, f, d)
    }
    fn canonical_frame(&self, k: KindId, f: FrameId) -> FrameId {
        Rules::canonical_frame(self, k, f)
    }
    fn can_move_from(&self, k: KindId, f: FrameId, n: NodeId) -> bool {
        Rules::can_move_from(self, k, f, n)
    }
    fn gates(&self) -> &[Gate] {
        Rules::gates(self)
    }
    fn gate_tags(&self) -> TagSet {
        Rules::gate_tags(self)
    }
    fn zone_by_name(&self, name: &str) -> Option<usize> {
        Rules::zone_by_name(self, name)
    }
}

/// The compiled promotion and move patterns of a [`PieceKind`].
pub trait PieceKindInternals {
    /// Its promotion, when the piece promotes.
    fn promotion(&self) -> Option<&Promotion>;
    /// Its move patterns as path program text, one per pattern.
    fn pattern_texts(&self) -> impl Iterator<Item = &str>;
}

impl PieceKindInternals for PieceKind {
    fn promotion(&self) -> Option<&Promotion> {
        self.promotion.as_ref()
    }
    fn pattern_texts(&self) -> impl Iterator<Item = &str> {
        PieceKind::pattern_texts(self)
    }
}

/// The frame of a [`Player`].
pub trait PlayerInternals {
    /// The frame the player's pieces start in.
    fn frame(&self) -> FrameId;
}

impl PlayerInternals for Player {
    fn frame(&self) -> FrameId {
        self.frame
    }
}

/// The second part of a [`Move`] ([`Gating`]).
pub trait MoveInternals {
    /// The second part, if the move has one.
    fn gating(&self) -> Option<Gating>;
    /// Where a gating move places its piece, and the piece's kind.
    fn gated(&self) -> Option<(NodeId, KindId)>;
    /// Where the second part puts the blocker.
    fn blocker_to(&self) -> Option<NodeId>;
    /// The move with `gating` as its second part.
    fn with_gating(self, gating: Option<Gating>) -> Move;
}

impl MoveInternals for Move {
    fn gating(&self) -> Option<Gating> {
        Move::gating(self)
    }
    fn gated(&self) -> Option<(NodeId, KindId)> {
        Move::gated(self)
    }
    fn blocker_to(&self) -> Option<NodeId> {
        Move::blocker_to(self)
    }
    fn with_gating(self, gating: Option<Gating>) -> Move {
        Move::with_gating(self, gating)
    }
}

/// Making and reading a [`Gating`] byte.
pub trait GatingInternals: Sized {
    /// A piece of kind `kind` gated on the square the moving piece left.
    fn new(kind: KindId) -> Option<Self>;
    /// A castling's piece of kind `kind` gated on the rook's start square.
    fn on_rook_square(kind: KindId) -> Option<Self>;
    /// The blocker moved to `to`.
    fn blocker(to: NodeId) -> Option<Self>;
    /// The kind placed from the hand; `None` for the blocker's move.
    fn kind(self) -> Option<KindId>;
    /// Where the blocker goes, for the blocker's move.
    fn blocker_to(self) -> Option<NodeId>;
    /// Whether a castling places its piece on the rook's start square.
    fn on_rook(self) -> bool;
}

impl GatingInternals for Gating {
    fn new(kind: KindId) -> Option<Self> {
        Gating::new(kind)
    }
    fn on_rook_square(kind: KindId) -> Option<Self> {
        Gating::on_rook_square(kind)
    }
    fn blocker(to: NodeId) -> Option<Self> {
        Gating::blocker(to)
    }
    fn kind(self) -> Option<KindId> {
        Gating::kind(self)
    }
    fn blocker_to(self) -> Option<NodeId> {
        Gating::blocker_to(self)
    }
    fn on_rook(self) -> bool {
        Gating::on_rook(self)
    }
}

/// What a [`Planned`] move carries for `make`.
pub trait PlannedInternals {
    /// The frame the piece has after the move.
    fn frame(&self) -> FrameId;
    /// Whether the move must not give check across an open gate.
    fn must_not_check(&self) -> bool;
}

impl PlannedInternals for Planned {
    fn frame(&self) -> FrameId {
        Planned::frame(self)
    }
    fn must_not_check(&self) -> bool {
        Planned::must_not_check(self)
    }
}

/// The judgements of a [`Position`] that its turn logic reads.
pub trait PositionInternals {
    /// Whether `owner` has fewer pieces of kind `k` on the board than in the start position.
    fn has_lost(&self, owner: PlayerId, k: KindId) -> bool;
    /// The first victory by captured material player `p` has reached, if any.
    fn captured_win(&self, p: PlayerId) -> Option<&CapturedWin>;
}

impl PositionInternals for Position {
    fn has_lost(&self, owner: PlayerId, k: KindId) -> bool {
        Position::has_lost(self, owner, k)
    }
    fn captured_win(&self, p: PlayerId) -> Option<&CapturedWin> {
        Position::captured_win(self, p)
    }
}

/// What the board's checks ask of a [`Board`].
pub trait BoardInternals {
    /// Number of directions (composite ones included).
    fn direction_count(&self) -> usize;
    /// The set of all tags whose name starts with `prefix`.
    fn tags_with_prefix(&self, prefix: &str) -> TagSet;
    /// Whether every node can reach every other along links.
    fn strongly_connected(&self) -> bool;
}

impl BoardInternals for Board {
    fn direction_count(&self) -> usize {
        Board::direction_count(self)
    }
    fn tags_with_prefix(&self, prefix: &str) -> TagSet {
        Board::tags_with_prefix(self, prefix)
    }
    fn strongly_connected(&self) -> bool {
        Board::strongly_connected(self)
    }
}

/// Tiny tables, for tests of a [`PerftTable`] under contention.
pub trait PerftTableInternals: Sized {
    /// A table of `buckets` buckets (two entries each).
    fn with_buckets(buckets: usize) -> Option<Self>;
}

impl PerftTableInternals for PerftTable {
    fn with_buckets(buckets: usize) -> Option<Self> {
        PerftTable::with_buckets(buckets)
    }
}
