//! Moves: what a move is, generation from the compiled tables, legality, make/unmake, the end
//! of a turn, and why a move is refused.
//!
//! A [`Move`] is a closed value that says what happens on the board and nothing more: anyone can
//! build one, and [`Position::is_legal`] answers for any value, generated or not. Generation
//! produces [`Planned`] moves, which add what `make` reads from the compiled tables (the frame the
//! piece ends in, the squares a double step passes, which castling it is); the hot paths (perft)
//! play those, everyone else plays `Move`s with [`Position::play`].
//!
//! Generation writes into a caller's buffer and reads only the occupancy and the flat tables: no
//! allocation per move. Legality is "the mover's royal pieces are not attacked by a live opponent
//! after the move"; attacks come from the reverse tables.
//!
//! The jobs live in files of their own: `generate` (pseudo-legal moves), `legality` (legal
//! moves, `is_legal`, pins), `count` (counting legal moves at perft's last ply), `make` (the make/unmake pipeline), `turn` (passing the turn,
//! eliminations, the outcome) `refusal` (the reasons a move is refused, a [`PlayError`]) and `explain`
//! (finding the reason for a refused move).

mod blocker;
mod candidates;
mod check_filter;
mod count;
mod count_royalless;
mod draws;
mod drops;
mod ending;
mod explain;
mod gating;
mod generate;
mod judge;
mod legality;
mod make;
mod on_squares;
mod progression;
mod promotion_limit;
mod prospect;
mod refusal;
mod standing;
mod turn;

#[cfg(test)]
mod test_games;

use crate::ids::{FrameId, KindId, NodeId};
#[cfg(doc)]
use crate::position::Position;

pub use make::Undo;
pub use refusal::{BlockReason, PlayError};
pub use turn::Resolution;

/// A move: what happens on the board, in the ids of one variant.
///
/// Built by generation ([`Position::legal_moves`]), by reading text
/// ([`crate::notation::parse_move`]) or by hand. It holds no table indices and nothing derived:
/// `make` works out the rest. A move built from another variant's ids is simply not legal.
///
/// ```
/// use chessgraph::{Move, Position, Rules};
/// let rules = chessgraph::load("variants/chess.toml").unwrap();
/// let b = rules.board();
/// let mut pos = Position::start(&rules);
/// let (from, to) = (b.node("e2").unwrap(), b.node("e4").unwrap());
/// let e4 = Move::Normal { from, to, promotion: None, gating: None };
/// assert!(pos.is_legal(&e4));
/// pos.play(&e4).unwrap();
/// assert!(!pos.is_legal(&e4)); // now it is Black's turn and e2 is empty
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A piece moves from one node to another, capturing what stands there, perhaps promoting.
    Normal {
        /// Where the piece starts.
        from: NodeId,
        /// Where it ends.
        to: NodeId,
        /// The kind it becomes, if it promotes.
        promotion: Option<KindId>,
        /// The second part: a piece of the hand placed on `from` (a gating move), or where the
        /// blocker goes (`[blocker]`).
        gating: Option<Gating>,
    },
    /// A castling: the king's move names it, the rook's origin tells castlings with the same king
    /// move apart.
    Castle {
        /// Where the king starts.
        king_from: NodeId,
        /// Where the king ends.
        king_to: NodeId,
        /// Where the rook starts.
        rook_from: NodeId,
        /// The second part: a piece of the hand placed on the king's or the rook's start square
        /// (a gating move), or where the blocker goes (`[blocker]`).
        gating: Option<Gating>,
    },
    /// An en passant capture: the pawn moves to an empty en passant square and takes the pawn that
    /// passed it.
    EnPassant {
        /// Where the capturing pawn starts.
        from: NodeId,
        /// The en passant square it moves to.
        to: NodeId,
        /// Where the captured pawn stands.
        captured: NodeId,
        /// The second part: where the blocker goes (`[blocker]`: duck chess); `None` elsewhere.
        gating: Option<Gating>,
    },
    /// A piece of the mover's hand is put on an empty node (variants with hands).
    Drop {
        /// The kind dropped.
        kind: KindId,
        /// Where it is dropped.
        to: NodeId,
        /// The number the dropped piece carries (a numbered kind's, one of those in the hand:
        /// `C{16}@e5`); `None` for a kind without numbers.
        value: Option<u16>,
    },
}

impl Move {
    /// Where the moving piece starts (the king's origin for a castling); `None` for a drop.
    #[inline]
    pub fn from(&self) -> Option<NodeId> {
        match *self {
            Move::Normal { from, .. } | Move::EnPassant { from, .. } => Some(from),
            Move::Castle { king_from, .. } => Some(king_from),
            Move::Drop { .. } => None,
        }
    }

    /// Where the moving piece ends (the king's destination for a castling).
    #[inline]
    pub fn to(&self) -> NodeId {
        match *self {
            Move::Normal { to, .. } | Move::EnPassant { to, .. } | Move::Drop { to, .. } => to,
            Move::Castle { king_to, .. } => king_to,
        }
    }

    /// The kind the piece promotes to, if it does.
    #[inline]
    pub fn promotion(&self) -> Option<KindId> {
        match *self {
            Move::Normal { promotion, .. } => promotion,
            _ => None,
        }
    }

    /// The second part of the move, if it has one: a piece gated, or the blocker's move.
    #[inline]
    pub(crate) fn gating(&self) -> Option<Gating> {
        match *self {
            Move::Normal { gating, .. }
            | Move::Castle { gating, .. }
            | Move::EnPassant { gating, .. } => gating,
            Move::Drop { .. } => None,
        }
    }

    /// Where a gating move places its piece, and the piece's kind (`None` for the blocker's
    /// move, [`Move::blocker_to`]).
    #[inline]
    pub(crate) fn gated(&self) -> Option<(NodeId, KindId)> {
        let g = self.gating()?;
        let kind = g.kind()?;
        match *self {
            Move::Normal { from, .. } => Some((from, kind)),
            Move::Castle {
                king_from,
                rook_from,
                ..
            } => Some((if g.on_rook() { rook_from } else { king_from }, kind)),
            _ => None,
        }
    }

    /// Where the move's second part puts the blocker (`[blocker]`: duck chess), if it does.
    #[inline]
    pub(crate) fn blocker_to(&self) -> Option<NodeId> {
        self.gating().and_then(Gating::blocker_to)
    }

    /// The move with `gating` as its second part (`None`: without one); a drop stays as it is.
    #[inline]
    pub(crate) fn with_gating(self, gating: Option<Gating>) -> Move {
        match self {
            Move::Normal {
                from,
                to,
                promotion,
                ..
            } => Move::Normal {
                from,
                to,
                promotion,
                gating,
            },
            Move::Castle {
                king_from,
                king_to,
                rook_from,
                ..
            } => Move::Castle {
                king_from,
                king_to,
                rook_from,
                gating,
            },
            Move::EnPassant {
                from, to, captured, ..
            } => Move::EnPassant {
                from,
                to,
                captured,
                gating,
            },
            other => other,
        }
    }
}

/// The second part of a move: a piece of the mover's hand placed on a square the move left
/// (`[[gating]]`: the piece's origin; for a castling the king's or the rook's), or the square the
/// neutral blocker moves to (`[blocker]`: duck chess). One byte, so that a [`Move`] stays as
/// small as without it: `1..=32` a kind gated on the origin, `33..=64` on the rook's square,
/// `65..=255` the blocker's square (a board with a blocker has at most
/// [`crate::limits::MAX_BLOCKER_NODES`] nodes).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Gating(std::num::NonZeroU8);

/// The kinds a gating byte can name (on each of the origin and the rook's square).
const GATED_KINDS: u8 = crate::limits::MAX_KINDS as u8;

/// The first gating byte that is a blocker's square (square 0).
const BLOCKER_BASE: u8 = 2 * GATED_KINDS + 1;

impl Gating {
    /// A piece of kind `kind` gated on the square the moving piece left (for a castling, the
    /// king's). `None` for a kind id beyond the variant limits.
    pub(crate) fn new(kind: KindId) -> Option<Gating> {
        Self::make(kind, 0)
    }

    /// A castling's piece of kind `kind` gated on the rook's start square.
    pub(crate) fn on_rook_square(kind: KindId) -> Option<Gating> {
        Self::make(kind, GATED_KINDS)
    }

    /// The blocker (`[blocker]`) moved to `to`; `None` for a node past
    /// [`crate::limits::MAX_BLOCKER_NODES`] (the build refuses a blocker on such a board).
    #[inline]
    pub(crate) fn blocker(to: NodeId) -> Option<Gating> {
        let b = u8::try_from(to.0).ok()?.checked_add(BLOCKER_BASE)?;
        std::num::NonZeroU8::new(b).map(Gating)
    }

    fn make(kind: KindId, base: u8) -> Option<Gating> {
        (kind.0 < GATED_KINDS)
            .then(|| std::num::NonZeroU8::new(kind.0 + 1 + base).map(Gating))
            .flatten()
    }

    /// The kind placed from the hand; `None` for the blocker's move.
    #[inline]
    pub(crate) fn kind(self) -> Option<KindId> {
        let b = self.0.get();
        (b < BLOCKER_BASE).then(|| KindId((b - 1) % GATED_KINDS))
    }

    /// Where the blocker goes, for the blocker's move.
    #[inline]
    pub(crate) fn blocker_to(self) -> Option<NodeId> {
        let b = self.0.get();
        (b >= BLOCKER_BASE).then(|| NodeId(u16::from(b - BLOCKER_BASE)))
    }

    /// Whether a castling places its piece on the rook's start square (else the king's).
    #[inline]
    pub(crate) fn on_rook(self) -> bool {
        (GATED_KINDS + 1..BLOCKER_BASE).contains(&self.0.get())
    }
}

impl std::fmt::Debug for Gating {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.kind(), self.blocker_to()) {
            (Some(k), _) => {
                let at = if self.on_rook() { "rook" } else { "origin" };
                write!(f, "Gating({k:?} on {at})")
            }
            (None, to) => write!(f, "Blocker(to {to:?})"),
        }
    }
}

/// What a generated move does besides moving one piece, as `make` needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Effect {
    /// Nothing else.
    None,
    /// Passes squares that become en passant squares: the steps of this ray before its last.
    CreatesEp {
        /// Index of the first passed step in the tables.
        first_step: u32,
        /// Number of passed squares.
        passed: u8,
    },
    /// Castling number `index` of the rules (the rook moves too).
    Castle {
        /// Index into [`crate::rules::Rules::castling`].
        index: u8,
    },
}

/// A generated move with what `make` reads from the compiled tables: the frame the piece ends
/// in, the squares a double step passes, which castling it is, and whether it must not give check.
///
/// Only generation makes these, so they are always moves of the position they were generated in
/// (or of one reached by `make` and taken back by `unmake`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Planned {
    mv: Move,
    frame: FrameId,
    effect: Effect,
    /// The move crosses an open gate that forbids giving check: it is legal only if, afterwards,
    /// no live opponent's royal is attacked by the mover.
    no_check: bool,
}

impl Planned {
    /// The move.
    #[inline]
    pub fn mv(&self) -> Move {
        self.mv
    }

    /// The frame the piece has after the move (a twist on its way may have turned it).
    #[cfg(feature = "testing")]
    #[inline]
    pub(crate) fn frame(&self) -> FrameId {
        self.frame
    }

    /// Whether the move crosses an open gate that forbids giving check across it (then it is
    /// legal only if it gives no check).
    #[cfg(feature = "testing")]
    #[inline]
    pub(crate) fn must_not_check(&self) -> bool {
        self.no_check
    }
}
