//! chessgraph: chess variants as data.
//!
//! A board file (TOML) declares the nodes of a board and the named direction links between them,
//! Game Courier's "logical coordinates", with twists (direction permutations carried by a link) and
//! tags. A variant file names a board and declares players, frames, pieces as link-path programs,
//! castling, promotion and the outcome policy. One generic engine plays every variant.
//!
//! ```
//! use std::sync::Arc;
//! use chessgraph::{perft::perft, position::Position, rules::Rules};
//!
//! let rules = Arc::new(Rules::load("variants/chess.toml").unwrap());
//! let a6 = rules.board().node("a6").unwrap();
//! let mut pos = Position::start(&rules);
//! assert_eq!(perft(&mut pos, 3), 8902);
//! # let _ = a6;
//! ```

pub mod board;
pub mod diagnostic;
pub mod ids;
pub mod limits;
pub mod movegen;
pub mod notation;
pub mod output_file;
pub mod path;
pub mod perft;
pub mod play;
pub mod position;
pub mod reference;
pub mod render;
pub mod rules;
pub mod setup;
pub mod spec;
pub mod tables;
pub mod variant;
pub mod zobrist;
