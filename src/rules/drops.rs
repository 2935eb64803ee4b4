//! Hands and drops as the rules see them: where captured pieces go, where each kind may be
//! dropped, and the limits on drops (per line of a direction, no mate by a drop).

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
    /// Every kind, in the order the hand group of position text writes them.
    pub(crate) order: Vec<KindId>,
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
    /// The kind may be dropped where it could never move (`allow_stuck`).
    pub(crate) allow_stuck: bool,
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
