//! `[outcome] draw_points`: a game that would end drawn is decided on points instead (janggi's
//! counting: Cho wins with more than Han's points and Han's 1.5 points of deom).
//!
//! ```toml
//! [outcome]
//! draw_points = { values = { chariot = 13, cannon = 7, horse = 5, elephant = 3, guard = 3, soldier = 2 }, bonus = { han = 1.5 } }
//! ```

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

/// `draw_points`: what a player's points are when a draw is decided on them.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct DrawPointsSpec {
    /// The points of one piece, by piece name (a number, 0 or more); pieces not named count
    /// nothing.
    #[cfg_attr(feature = "schema", schemars(with = "BTreeMap<String, f64>"))]
    pub(crate) values: BTreeMap<Spanned<String>, Spanned<f64>>,
    /// Points a player has besides his pieces, by player name (janggi: `{ han = 1.5 }`).
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "BTreeMap<String, f64>"))]
    pub(crate) bonus: BTreeMap<Spanned<String>, Spanned<f64>>,
}
