//! chessgraph: chess variants as data.
//!
//! A board file (TOML) declares the nodes of a board and the named direction links between them,
//! Game Courier's "logical coordinates", with twists (direction permutations carried by a link) and
//! tags. [`board::Board`] is the validated result: a petgraph graph for whole-board questions and a
//! dense step table for the engine.
//!
//! ```
//! use chessgraph::board::Board;
//!
//! let board = Board::load("boards/three_man_chess.toml").unwrap();
//! let a6 = board.node("a6").unwrap();
//! let inward = board.direction("in").unwrap();
//! let across = board.step(a6, inward).unwrap();
//! assert_eq!(board.node_name(across.to), "m6"); // straight through the center
//! ```

pub mod board;
pub mod cli;
pub mod diagnostic;
pub mod spec;
