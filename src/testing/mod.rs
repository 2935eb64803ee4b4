//! Internals the integration tests check directly (the reference walker against the compiled
//! tables, the spec readers against the JSON Schema), behind the `testing` feature that only the
//! tests enable (through their dev-dependency on this crate): not part of the library's surface.

pub mod reference;

use crate::rules::Rules;
use crate::tables::MoveTables;

pub use crate::diagnostic::code::Code;
pub use crate::import::builtins::{BUILTINS, Builtin};
pub use crate::path::parse_pattern;
pub use crate::perft::table::second_key;
pub use crate::render::pieces::text_path;
pub use crate::rules::ends::declared_keys;
pub use crate::rules::relation::{Relation, Vars};
pub use crate::spec::Located;
pub use crate::spec::board::read_board_spec;
pub use crate::spec::variant::read_variant_spec;
pub use crate::zobrist::mix;

/// The compiled move tables of a variant: what the reference walker is checked against.
pub fn tables(rules: &Rules) -> &MoveTables {
    rules.tables()
}
