//! Internals the integration tests check directly (the reference walker against the compiled
//! tables, the spec readers against the JSON Schema), behind the `testing` feature that only the
//! tests enable (through their dev-dependency on this crate): not part of the library's surface.

mod internals;
pub mod reference;

pub use crate::movegen::Gating;
pub use crate::rules::promotion::Promotion;
pub use crate::rules::{CapturedWin, Gate};
pub use internals::{
    BoardInternals, GatingInternals, MoveInternals, PerftTableInternals, PieceKindInternals,
    PlannedInternals, PlayerInternals, PositionInternals, RulesInternals,
};

use crate::rules::Rules;
use crate::tables::MoveTables;

pub use crate::diagnostic::code::Code;
pub use crate::import::builtins::{BUILTINS, Builtin};
pub use crate::path::parse_pattern;
pub use crate::perft::table::second_key;
pub use crate::render::geometry::Geometry;
pub use crate::render::pieces::{PieceStyle, text_path};
pub use crate::render::players::player_style;
pub use crate::rules::ends::declared_keys;
pub use crate::rules::relation::{Relation, Vars};
pub use crate::spec::Located;
pub use crate::spec::board::read_board_spec;
pub use crate::spec::variant::read_variant_spec;
pub use crate::zobrist::mix;

pub use crate::ids::GateSet;
pub use crate::position::numbers::{Cell, Part};
use crate::{NodeId, Position};

/// The built-in Fairy-Stockfish parents whose rules `import fsf` takes from a shipped variant
/// file: (Fairy-Stockfish's name, the file under `variants/`).
pub fn shipped_parents() -> Vec<(&'static str, &'static str)> {
    crate::import::shipped_parents()
        .iter()
        .map(|p| (p.name, p.file))
        .collect()
}

/// What the piece on `n` carries (its number, or its parts); `None` in a variant without
/// numbers.
pub fn numbers_at(pos: &Position, n: NodeId) -> Option<&Cell> {
    pos.numbers_at(n)
}

/// The en passant entries of `pos`, oldest first.
pub fn en_passant(pos: &Position) -> Vec<crate::EpEntry> {
    pos.ep_entries().iter().copied().collect()
}

/// The rights held by a piece on a square, in their order after the castling rights: the
/// first-move rights (`[[first_move]]`), then the gating rights (`[[gating]]`), as (holder, square).
pub fn square_rights(rules: &crate::Rules) -> Vec<(crate::PlayerId, NodeId)> {
    let first_moves = rules.first_moves.iter().map(|f| (f.player, f.square));
    let gating = rules.gating.iter().map(|g| (g.player, g.square));
    first_moves.chain(gating).collect()
}

/// The castling right (its bit in the position's rights) of each castling entry, in order:
/// entries of `[[free_castling]]` share one per rook square; the first-move rights' bits follow
/// all of them.
pub fn castling_bits(rules: &crate::Rules) -> (Vec<usize>, usize) {
    let bits = rules.castling.iter().map(|c| usize::from(c.bit)).collect();
    (bits, rules.castling_rights.len())
}

/// The gates open in `pos` (3 Man Chess's centre crossings), by index into the rules' gates.
pub fn gates_open(pos: &Position) -> GateSet {
    pos.gates_open()
}

/// The square colours of pictures, as RGB: light, dark, and the void of polar boards.
pub const LIGHT: [u8; 3] = crate::render::LIGHT;
/// See [`LIGHT`].
pub const DARK: [u8; 3] = crate::render::DARK;
/// See [`LIGHT`].
pub const MID: [u8; 3] = crate::render::MID;
/// See [`LIGHT`].
pub const VOID: [u8; 3] = crate::render::VOID;

/// Limits the tests try at the limit and one past it (`crate::limits` has the others).
pub const MAX_STACK_PARTS: usize = crate::limits::MAX_STACK_PARTS;
/// See [`MAX_STACK_PARTS`].
pub const MAX_ZONE_DEPTH: usize = crate::limits::MAX_ZONE_DEPTH;
/// See [`MAX_STACK_PARTS`].
pub const MAX_PATHS_PER_PATTERN: usize = crate::limits::MAX_PATHS_PER_PATTERN;

/// Every key the Fairy-Stockfish importer reads.
pub fn known_keys() -> Vec<String> {
    crate::import::known_keys()
}

/// The position's hash computed from nothing, to compare with the one make and unmake keep.
pub fn hash_from_scratch(pos: &crate::Position) -> u64 {
    pos.hash_from_scratch()
}

/// The compiled move tables of a variant: what the reference walker is checked against.
pub fn tables(rules: &Rules) -> &MoveTables {
    rules.tables()
}

/// Whether the rules say `[moves] check_all_royals`: a player is in check only when every royal
/// of his is attacked.
pub fn checks_all_royals(rules: &crate::Rules) -> bool {
    rules.moves.all_royals
}
