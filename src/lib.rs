//! chessgraph: chess variants as data.
//!
//! A board file (TOML) declares the nodes of a board and the named direction links between them,
//! Game Courier's "logical coordinates", with twists (direction permutations carried by a link) and
//! tags. A variant file names a board and declares players, frames, pieces as link-path programs,
//! castling, promotion and the outcome policy. One generic engine plays every variant.
//!
//! The quick start of the README, kept true by this doctest:
//!
//! ```
//! use chessgraph::notation::{move_text, parse_move};
//! use chessgraph::perft::perft;
//! use chessgraph::{Move, PlayError, Position, Setup, SetupPiece};
//!
//! // Load a variant (every problem of the files is reported at once, located).
//! let rules = chessgraph::load("variants/chess.toml").expect("a valid variant");
//! let b = rules.board();
//!
//! // Positions come from the start, from position text, or from a Setup built in code.
//! let mut pos = Position::start(&rules);
//! assert_eq!(perft(&mut pos, 3), 8902);
//!
//! // Moves are closed values; text reads into them and they print back.
//! let e4 = parse_move(&pos, "e2e4").unwrap();
//! assert_eq!(move_text(&pos, e4), "e2-e4");
//! pos.play(&e4).unwrap();
//!
//! // Any Move value is answered: a refused move says why, as a typed error.
//! let (e7, e4sq) = (b.node("e7").unwrap(), b.node("e4").unwrap());
//! let bad = Move::Normal { from: e7, to: e4sq, promotion: None, gating: None };
//! assert!(!pos.is_legal(&bad));
//! let why = pos.play(&bad).unwrap_err();
//! assert!(matches!(why, PlayError::CannotReach { .. }));
//! assert_eq!(why.to_string(), "the pawn on e7 cannot move to e4");
//!
//! // A hand-made position: two kings and a rook.
//! let white = rules.player_id(0).unwrap();
//! let black = rules.player_id(1).unwrap();
//! let (k, r) = (rules.kind_by_letter('K').unwrap(), rules.kind_by_letter('R').unwrap());
//! let mut setup = Setup::new(white);
//! setup.place(b.node("e1").unwrap(), SetupPiece::new(white, k));
//! setup.place(b.node("a1").unwrap(), SetupPiece::new(white, r));
//! setup.place(b.node("e8").unwrap(), SetupPiece::new(black, k));
//! let pos = Position::from_setup(&rules, setup, Default::default()).expect("a legal position");
//! assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
//! ```

// The engine's modules are crate-private; what a user names is re-exported here, one path per
// item, or lives in one of the few public modules below (functions and the types only they use).
pub mod betza;
mod board;
pub mod diagnostic;
mod engine;
mod ids;
pub mod import;
pub mod limits;
pub mod lint;
mod movegen;
pub mod notation;
mod path;
pub mod perft;
mod position;
pub mod render;
mod rules;
mod setup;
mod spec;
mod tables;
mod variant;
mod zobrist;

pub use board::{
    Board, Colour, Direction, GridShape, Layout, LoadError, Node, Placement, Step, Twist, Zone,
};
pub use engine::{Engine, Found, Limits};
pub use ids::{
    CastlingRights, DirId, FrameId, KindId, NodeId, NodeSet, PlayerId, PlayerSet, TagSet, TwistId,
};
pub use movegen::{BlockReason, Move, Planned, PlayError, Resolution, Undo};
pub use position::{EndRule, Outcome, Piece, Position, SetupError, TEXT_WAIVERS};
#[cfg(feature = "schema")]
pub use rules::schema;
pub use rules::{Castling, HandRules, Mark, PieceKind, Player, Rules, RulesError};
pub use setup::{
    BadChecks, EpEntry, Material, Setup, SetupErrors, SetupPiece, SetupProblem, StackPart, Waivers,
};
pub use spec::kind::{FileKind, file_kind};
pub use variant::load;

#[cfg(feature = "testing")]
#[doc(hidden)]
pub mod testing;
