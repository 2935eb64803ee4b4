//! `[lints]`: the lints a variant file silences because what they warn of is meant.
//!
//! ```toml
//! [lints]
//! allow = ["start-captures"]   # Clobber: every first move is a capture
//! ```
//!
//! A name is a lint's code with or without its `lint::` prefix; a name that is no lint is an
//! error where it is written, with the nearest lint's name as a suggestion. The table merges
//! through `extends` like any other, so a file extending Clobber keeps the allowance.

use serde::Deserialize;
use toml::Spanned;

use super::TableReader;
use crate::diagnostic::{Code, Diagnostic, suggest};

/// `[lints]` as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct LintsTable {
    #[serde(default)]
    allow: Vec<Spanned<String>>,
}

/// The lints a variant file silences, each a valid lint code.
#[derive(Clone, Debug, Default)]
pub(crate) struct AllowedLints(Vec<Code>);

impl AllowedLints {
    /// Whether warnings with `code` are silenced.
    pub(crate) fn allows(&self, code: &str) -> bool {
        self.0.iter().any(|c| c.as_str() == code)
    }
}

/// Every lint's printed code (`lint::start-captures`).
fn lint_codes() -> impl Iterator<Item = &'static str> {
    Code::EVERY
        .iter()
        .map(|c| c.as_str())
        .filter(|c| c.starts_with("lint::"))
}

/// `[lints]` of a variant file; unknown names are reported where they are written.
pub(super) fn read_lints(
    top: &mut TableReader<'_, '_>,
    diags: &mut Vec<Diagnostic>,
) -> AllowedLints {
    let Some(table) = top.optional::<LintsTable>("lints", diags) else {
        return AllowedLints::default();
    };
    let mut allowed = Vec::new();
    for name in table.value.allow {
        let written = name.get_ref().as_str();
        let full = if written.starts_with("lint::") {
            written.to_string()
        } else {
            format!("lint::{written}")
        };
        match Code::EVERY.iter().find(|c| c.as_str() == full) {
            Some(code) => allowed.push(*code),
            None => {
                let short: Vec<&str> = lint_codes().map(|c| &c["lint::".len()..]).collect();
                let names = short.join("`, `");
                let bare = written.strip_prefix("lint::").unwrap_or(written);
                let mut d = Diagnostic::new(
                    Code::InvalidValue,
                    name.span(),
                    format!("`{written}` is not a lint"),
                )
                .label("expected a lint's name");
                d = match suggest(bare, short.iter().copied()) {
                    Some(s) => d.help(s),
                    None => d.help(format!("the lints are `{names}`")),
                };
                diags.push(d);
            }
        }
    }
    AllowedLints(allowed)
}
