//! Hands and drops as the rules see them: where captured pieces go, where each kind may be
//! dropped, the limits on drops (per line of a direction, no mate by a drop), and the rights
//! to gate a piece of the hand onto a square a move leaves (`[[gating]]`).

use crate::board::NodeId;
use crate::ids::{KindId, NodeSet, PlayerId};

/// A variant's hands (`[hands]`): the players keep pieces in hand and may drop them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandRules {
    /// A captured piece joins the capturer's hand as its base kind; otherwise it leaves the game.
    pub(crate) captured_to_hand: bool,
    /// A captured promoted piece joins the hand as the kind it became (`promoted = "keep"`).
    pub(crate) promoted_kept: bool,
    /// Every drop resets the halfmove clock (`drops_reset_clock`), not only drops of a kind
    /// that `resets_clock`.
    pub(crate) drops_reset_clock: bool,
    /// Pieces in hand may be dropped (`drops`, the default); otherwise they only enter by
    /// gating, and no kind has a [`DropRule`].
    pub(crate) drops: bool,
    /// Every kind, in the order the hand group of position text writes them.
    pub(crate) order: Vec<KindId>,
    /// A drop that completes a castling's king and rook on their start squares gives its right
    /// (`castling_by_drop`).
    pub(crate) castling_by_drop: bool,
    /// The kinds whose drops keep them on light and dark squares alike (`opposite_colours`);
    /// empty in most variants, which then pay one test of an empty list per turn.
    pub(crate) balanced: Vec<KindId>,
    /// The board's dark nodes (the others are light), for `balanced`.
    pub(crate) dark: NodeSet,
    /// Bit `k` for every kind whose drop is compulsory (`must_drop`, the filter slice's).
    pub(crate) must_drop: u32,
}

/// Where and how pieces of one kind may be dropped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DropRule {
    /// The name of the drop zone, when the kind has one.
    pub(crate) zone: Option<String>,
    /// Per player: the nodes a piece may be dropped on when they are empty (its drop zone, less
    /// the nodes from which it could never move unless `allow_stuck`).
    pub(crate) targets: Vec<NodeSet>,
    /// At most so many of the dropping player's pieces of this kind per line.
    pub(crate) per_line: Option<LineLimit>,
    /// A drop of this kind may give check but not checkmate.
    pub(crate) no_mate: bool,
    /// The player's pieces of this kind keep to light and dark squares alike
    /// (`opposite_colours`; the kind is then in [`HandRules::balanced`]).
    pub(crate) balanced: bool,
    /// The kind may be dropped where it could never move (`allow_stuck`).
    pub(crate) allow_stuck: bool,
    /// The kind is a promoted face that a piece of its base kind in hand may enter as
    /// (`face`: Kyoto shogi's `+L@c3`).
    pub(crate) face: bool,
    /// The faces a piece of this kind in hand may also be dropped as (the kinds whose drop
    /// rule says `face`); empty in most variants.
    pub(crate) faces: Vec<KindId>,
}

impl DropRule {
    /// The nodes `p` may drop this kind on, when empty.
    #[inline]
    pub(crate) fn targets(&self, p: PlayerId) -> &NodeSet {
        &self.targets[p.index()]
    }
}

/// A limit of pieces per line: the lines of a board direction (the nodes joined by its links,
/// both ways), and how many of a player's pieces of the kind one line may hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LineLimit {
    /// The direction's name, for messages.
    pub(crate) direction: String,
    /// The line of each node (index into `lines`).
    pub(crate) line_of: Vec<u16>,
    /// The nodes of each line.
    pub(crate) lines: Vec<Vec<NodeId>>,
    /// How many pieces a line may hold after a drop.
    pub(crate) max: u8,
}

impl LineLimit {
    /// The nodes on the line through `n`.
    #[inline]
    pub(crate) fn line_through(&self, n: NodeId) -> &[NodeId] {
        &self.lines[self.line_of[n.index()] as usize]
    }
}

/// A right to gate (`[[gating]]`): a move of `player`'s piece from `square` may place a piece of
/// his hand there, while he holds the right; its bit in the rights follows the castlings' and
/// the first-move rights'.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GatingRight {
    /// Who holds it.
    pub(crate) player: PlayerId,
    /// The node whose piece holds it.
    pub(crate) square: NodeId,
    /// Its token in position text.
    pub(crate) right: String,
}

/// `[blocker]`: after the rest of every move, its mover puts the neutral piece of `kind` on an
/// empty square (duck chess's duck); `must_move`: not the square it stands on; `stays`: a new
/// one each move, which stays (amazons' arrows); where it may go: `reach`, `left`, `zone`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Blocker {
    /// The blocker's kind, a neutral one.
    pub(crate) kind: KindId,
    /// Whether it must leave its square (else it may stay).
    pub(crate) must_move: bool,
    /// Whether each move places a new one, and those placed stay (marks).
    pub(crate) stays: bool,
    /// Only where a piece of this kind, on the landing square, could move (amazons).
    pub(crate) reach: Option<KindId>,
    /// Only on the square the moving piece left (joust, snailtrail).
    pub(crate) left: bool,
    /// Only on these squares (isolation), when given.
    pub(crate) zone: Option<NodeSet>,
}
