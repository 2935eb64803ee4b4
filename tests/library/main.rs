//! Tests of the library: boards, variants, move generation, positions, perft, pictures, against
//! published numbers, oracles, the reference walker and snapshots. One test binary (link time is
//! most of a cold build); each file is a module.

#[path = "../helpers/mod.rs"]
mod helpers;

mod betza;
mod board_features;
mod boards;
mod box_oracle;
mod counting;
mod draw_odds;
mod drops;
mod duck;
mod engine;
mod explosions;
mod extends_edits;
mod fairy_pieces;
mod first_moves;
mod flip_symmetry;
mod flips;
mod four_player_chess;
mod frames;
mod free_castling;
mod game_ends;
mod game_records;
mod gating;
mod halfmove_clock;
mod hashed_perft;
mod hex_oracle;
mod hex_shapes;
mod hoppers;
mod import;
mod invalid_boards;
mod invalid_variants;
mod janggi;
mod lints;
mod marks;
mod move_reasons;
mod move_values;
mod numbered_hands;
mod numbers;
mod perft;
mod petrify;
mod piece_tokens;
mod position_hash;
mod promotion_rules;
mod properties;
mod pyffish_games;
mod relation_captures;
mod render;
mod ring_oracle;
mod ring_rules;
mod rithmomachia;
mod rithmomachia_proper_perft;
mod rithmomachia_victories;
#[cfg(feature = "schema")]
mod schema;
mod setup;
mod setup_phases;
mod tables_vs_reference;
mod three_man_chess_fine_points;
mod three_man_chess_geometry;
mod three_man_chess_rules;
mod three_man_chess_symmetry;
mod two_kings;
mod variants;
mod walls;
mod wrapped_boards;
mod zone_shorthands;
