//! The JSON Schema (draft-07) of board and variant files, with the keys of every end-rule slice
//! of `crate::rules::ends`: what `chessgraph schema` prints and `schema/*.schema.json` hold.
//!
//! ```
//! use chessgraph::FileKind;
//! use chessgraph::schema::schema;
//! let s = schema(FileKind::Variant);
//! let outcome = &s["properties"]["outcome"]["properties"];
//! assert!(outcome["reach"].is_object() && outcome["material"].is_object());
//! ```

use serde_json::Value;

use crate::spec::kind::FileKind;
use crate::spec::schema::SliceKey;

use super::ends::FAMILIES;

/// The keys of the end-rule slices, as the schema describes them.
fn slice_keys() -> Vec<SliceKey> {
    (FAMILIES.iter())
        .map(|f| SliceKey {
            key: f.key,
            about: f.about,
            schema: f.schema,
        })
        .collect()
}

/// The draft-07 JSON Schema of a board or variant file.
pub fn schema(kind: FileKind) -> Value {
    crate::spec::schema::schema(kind, &slice_keys())
}

/// The draft-07 JSON Schema of a board or variant file as pretty-printed JSON with a final line
/// break (the text of `schema/board.schema.json` and `schema/variant.schema.json`).
pub fn schema_text(kind: FileKind) -> String {
    crate::spec::schema::schema_text(kind, &slice_keys())
}
