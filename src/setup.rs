//! `Setup`: an unvalidated position as plain data, which anyone can build in code.
//!
//! A [`Setup`] says what stands where and the state of the game, with no promise that it makes
//! sense. `Position::from_setup` checks it against the rules and reports every problem at once as
//! a [`SetupProblem`]; some problems can be waived ([`Waivers`]) for studies and test positions.
//! Position text is parsed into a `Setup` first, never straight into a position.
//!
//! ```
//! use chessgraph::{Position, Rules, Setup, SetupPiece, Waivers};
//! let rules = chessgraph::load("variants/chess.toml").unwrap();
//! let board = rules.board();
//! let [white, black] = [0, 1].map(|i| rules.player_id(i).unwrap());
//! let king = rules.kind_by_letter('K').unwrap();
//! let mut setup = Setup::new(white);
//! setup.place(board.node("e1").unwrap(), SetupPiece::new(white, king));
//! setup.place(board.node("e8").unwrap(), SetupPiece::new(black, king));
//! let pos = Position::from_setup(&rules, setup, Waivers::NONE).unwrap();
//! assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
//! ```

use std::collections::BTreeMap;
use std::fmt;

use crate::ids::{CastlingRights, FrameId, GateSet, KindId, NodeId, PlayerId, PlayerSet};

/// A piece as a setup places it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct SetupPiece {
    /// Who owns it.
    pub owner: PlayerId,
    /// What it is.
    pub kind: KindId,
    /// Its frame; `None`: the frame its owner's pieces start with on its node.
    pub(crate) frame: Option<FrameId>,
    /// A number the piece carries (a Rithmomachia man's value; `C{16}` in position text).
    pub value: Option<u32>,
    /// A promoted piece that turns back into its base kind when captured (`Q~`).
    pub demotes: bool,
}

impl SetupPiece {
    /// A piece in the frame its owner's pieces start with where it stands.
    pub fn new(owner: PlayerId, kind: KindId) -> Self {
        SetupPiece {
            owner,
            kind,
            frame: None,
            value: None,
            demotes: false,
        }
    }

    /// The same piece in an explicit frame.
    pub fn in_frame(self, frame: FrameId) -> Self {
        SetupPiece {
            frame: Some(frame),
            ..self
        }
    }
}

/// One part of a stacked piece (a Rithmomachia pyramid's layers): its kind and its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StackPart {
    /// What the part is.
    pub kind: KindId,
    /// The number it carries, if any.
    pub value: Option<u32>,
}

/// Material a player has captured: how many men (each part of a stack one), the sum of their
/// numbers and how many decimal digits those numbers have together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Material {
    /// Men taken.
    pub men: u32,
    /// The sum of their numbers.
    pub value: u64,
    /// The decimal digits of their numbers, added up (`C{16}` and `T{9}`: 3).
    pub digits: u32,
}

impl Material {
    /// The material one man of number `value` counts (no digits for an unnumbered one).
    pub(crate) fn of_man(value: u64) -> Material {
        Material {
            men: 1,
            value,
            digits: value.checked_ilog10().map_or(0, |d| d + 1),
        }
    }
}

impl std::ops::AddAssign for Material {
    fn add_assign(&mut self, o: Material) {
        self.men = self.men.saturating_add(o.men);
        self.value = self.value.saturating_add(o.value);
        self.digits = self.digits.saturating_add(o.digits);
    }
}

/// An en passant opportunity: `square` was passed by the piece now on `pawn`, which `owner`
/// moved; a capturer lands on `square` and removes the piece on `pawn`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EpEntry {
    /// The player who made the double step.
    pub owner: PlayerId,
    /// The square passed (where a capturer lands).
    pub square: NodeId,
    /// Where the piece that passed stands (it is removed by the capture).
    pub pawn: NodeId,
}

/// An unvalidated position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Setup {
    /// The pieces by node (one per node by construction).
    pub pieces: BTreeMap<NodeId, SetupPiece>,
    /// Whose turn it is.
    pub to_move: PlayerId,
    /// Players already out of the game.
    pub out: PlayerSet,
    /// Castling rights held (bit `i`: castling entry `i` of the rules).
    pub castling: CastlingRights,
    /// En passant entries, oldest first.
    pub en_passant: Vec<EpEntry>,
    /// Moves since the last capture or clock-resetting move.
    pub halfmove: u32,
    /// Move number, from 1.
    pub fullmove: u32,
    /// Gates opened earlier (gates whose condition holds open anyway).
    pub(crate) gates_open: GateSet,
    /// The parts of stacked pieces, by node (`P(S{36}.C{1})` in position text).
    pub stacks: BTreeMap<NodeId, Vec<StackPart>>,
    /// Pieces in the players' hands, by owner and kind (variants with drops).
    pub hands: BTreeMap<(PlayerId, KindId), u32>,
    /// The numbers of numbered pieces in hand, by owner and kind (`[C{16}]` in position text),
    /// one per piece.
    pub(crate) hand_numbers: BTreeMap<(PlayerId, KindId), Vec<u32>>,
    /// Material each player has captured (games won on captured material; `captured:` in
    /// position text).
    pub captured: BTreeMap<PlayerId, Material>,
    /// Checks a player still has to give to win (variants with `[outcome] checks`); a player
    /// not listed has all of them to give.
    pub checks: BTreeMap<PlayerId, u32>,
    /// A running count of `[draws] counting`: its limit and where it stands, in plies
    /// (Fairy-Stockfish's limit field after en passant, and the halfmove field).
    pub counting: Option<(u32, u32)>,
}

impl Setup {
    /// An empty board with `to_move` to move, nobody out, no rights, clocks `0 1`.
    pub fn new(to_move: PlayerId) -> Self {
        Setup {
            pieces: BTreeMap::new(),
            to_move,
            out: PlayerSet::EMPTY,
            castling: CastlingRights::NONE,
            en_passant: Vec::new(),
            halfmove: 0,
            fullmove: 1,
            gates_open: GateSet::NONE,
            stacks: BTreeMap::new(),
            hands: BTreeMap::new(),
            hand_numbers: BTreeMap::new(),
            captured: BTreeMap::new(),
            checks: BTreeMap::new(),
            counting: None,
        }
    }

    /// Places a piece, replacing what stood there.
    pub fn place(&mut self, n: NodeId, piece: SetupPiece) {
        self.pieces.insert(n, piece);
    }
}

/// Problems that [`Position::from_setup`](crate::position::Position::from_setup) may be told to
/// accept: positions that cannot arise in a game but are useful for studies and tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Waivers {
    /// Accept a side not to move whose royal is attacked.
    pub opponent_in_check: bool,
    /// Accept a piece standing in its own promotion zone.
    pub unpromoted_in_zone: bool,
    /// Accept a castling right whose king or rook is not in place.
    pub castling_without_pieces: bool,
    /// Accept more material than the start position and promotions allow.
    pub excess_material: bool,
    /// Accept a player in the game without the royal piece he starts with (a study without
    /// kings). Position text never waives it.
    pub missing_royal: bool,
}

impl Waivers {
    /// Waive nothing: only positions that can arise in a game.
    pub const NONE: Waivers = Waivers {
        opponent_in_check: false,
        unpromoted_in_zone: false,
        castling_without_pieces: false,
        excess_material: false,
        missing_royal: false,
    };
}

/// One problem of a setup, with the node or player concerned.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SetupProblem {
    /// An id that does not belong to these rules (a setup built for another variant).
    ForeignId {
        /// Which field.
        what: &'static str,
    },
    /// The player to move is out of the game.
    PlayerToMoveIsOut {
        /// The player.
        player: String,
    },
    /// Every player is out.
    NobodyLeft,
    /// A castling right whose king or rook is not in place. Waivable.
    CastlingWithoutPiece {
        /// The right's token.
        right: String,
        /// The piece missing (`king` or `rook`, by its kind's name).
        piece: String,
        /// Where it should stand.
        node: String,
    },
    /// A gating right (`[[gating]]`) on a node where no piece of its player stands. Waivable
    /// with [`Waivers::castling_without_pieces`].
    GatingWithoutPiece {
        /// The right's token.
        right: String,
        /// Its player.
        player: String,
        /// The node.
        node: String,
    },
    /// A piece in its own promotion zone. Waivable.
    UnpromotedInZone {
        /// The piece's owner.
        player: String,
        /// Its kind's name.
        kind: String,
        /// Where it stands.
        node: String,
    },
    /// The player who moved last left a royal attacked. Waivable.
    OpponentInCheck {
        /// The player in check.
        player: String,
        /// The player to move, who could capture the royal.
        to_move: String,
    },
    /// More pieces of a kind than the start position and promotions allow. Waivable.
    ExcessMaterial {
        /// The player.
        player: String,
        /// The kind's name.
        kind: String,
        /// How many there are.
        count: usize,
    },
    /// A player in the game has no royal piece on the board, though he starts with one (a game
    /// takes his last royal only to put him out). Waivable.
    MissingRoyal {
        /// The player.
        player: String,
        /// The royal kinds he starts with, by name.
        kinds: String,
    },
    /// Captured material past [`MAX_CAPTURED_MEN`](crate::limits::MAX_CAPTURED_MEN) men or a
    /// value past [`MAX_CAPTURED_VALUE`](crate::limits::MAX_CAPTURED_VALUE).
    CapturedPastLimit {
        /// The player.
        player: String,
        /// The men given.
        men: u32,
        /// The value given.
        value: u64,
    },
    /// An en passant entry that no move can have made.
    BadEnPassant {
        /// The entry's square.
        square: String,
        /// Why.
        reason: String,
    },
    /// The same en passant entry twice.
    DuplicateEnPassant {
        /// The entry's square.
        square: String,
    },
    /// More en passant entries than a position keeps.
    TooManyEnPassant {
        /// How many were given.
        count: usize,
    },
    /// Checks still to give that the variant does not allow.
    BadChecks(BadChecks),
    /// A piece in hand that cannot be there: a promoted piece (it joins a hand as its base kind),
    /// or more than `MAX_IN_HAND` of a kind.
    BadHand {
        /// The player.
        player: String,
        /// The piece's token.
        token: String,
        /// Why.
        reason: String,
    },
    /// A piece's number or stack that does not fit its kind (missing, out of range, a stack of
    /// a kind that is none).
    BadNumber {
        /// The node.
        node: String,
        /// Why.
        reason: String,
    },
    /// State that this variant has no place for: a piece value, a demoting piece, a hand, or
    /// captured material, in a variant whose rules use none.
    NotInThisVariant {
        /// What was given (`a value on c4`, `pieces in hand`).
        what: String,
        /// What the variant lacks.
        lacks: &'static str,
    },
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SetupProblem::*;
        match self {
            ForeignId { what } => write!(f, "the {what} does not belong to this variant"),
            PlayerToMoveIsOut { player } => {
                write!(f, "the player to move (`{player}`) is eliminated")
            }
            NobodyLeft => write!(f, "every player is eliminated"),
            CastlingWithoutPiece { right, piece, node } => {
                write!(f, "castling right `{right}` needs {piece} on {node}")
            }
            GatingWithoutPiece {
                right,
                player,
                node,
            } => write!(
                f,
                "gating right `{right}` needs a piece of {player} on {node}"
            ),
            UnpromotedInZone { player, kind, node } => write!(
                f,
                "{player}'s {kind} on {node} stands where it must already have promoted"
            ),
            OpponentInCheck { player, to_move } => write!(
                f,
                "{player} (who moved last) is in check, so {to_move} could capture the king"
            ),
            ExcessMaterial {
                player,
                kind,
                count,
            } => write!(
                f,
                "{player} has {count} {kind}(s): more than the start position and promotions allow"
            ),
            MissingRoyal { player, kinds } => write!(
                f,
                "{player} is in the game without a {kinds} on the board: a player who starts with one keeps it until he is out"
            ),
            CapturedPastLimit { player, men, value } => write!(
                f,
                "{player}'s captured material ({men} men, value {value}) is past the limit of {} men and value {}",
                crate::limits::MAX_CAPTURED_MEN,
                crate::limits::MAX_CAPTURED_VALUE
            ),
            BadEnPassant { square, reason } => write!(f, "en passant `{square}`: {reason}"),
            DuplicateEnPassant { square } => write!(f, "en passant `{square}` is given twice"),
            BadHand {
                player,
                token,
                reason,
            } => write!(f, "{player}'s hand: `{token}` {reason}"),
            BadNumber { node, reason } => write!(f, "the piece on {node}: {reason}"),
            NotInThisVariant { what, lacks } => {
                write!(f, "{what}: this variant has {lacks}")
            }
            BadChecks(b) => match b.most {
                Some(n) => write!(
                    f,
                    "{} has {} checks to give: this variant's count is from 0 to {n}",
                    b.player, b.count
                ),
                None => write!(
                    f,
                    "checks to give for {}: this variant counts no checks",
                    b.player
                ),
            },
            TooManyEnPassant { count } => write!(
                f,
                "{count} en passant entries: a position keeps at most {}",
                crate::limits::MAX_EP
            ),
        }
    }
}

/// A count of checks still to give that the variant does not allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadChecks {
    /// The player.
    pub(crate) player: String,
    /// The count given.
    pub(crate) count: u32,
    /// The variant's number of checks (`None`: it counts no checks).
    pub(crate) most: Option<u32>,
}

/// Every problem of a setup, at once.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct SetupErrors(pub Vec<SetupProblem>);

impl fmt::Display for SetupErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let texts: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        f.write_str(&texts.join("; "))
    }
}
