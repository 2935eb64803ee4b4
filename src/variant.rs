//! The front door: a variant file becomes [`Rules`] whose start position is known to be valid.
//!
//! `rules` validates the file and compiles the tables; the start position can only be judged by
//! the position stage, which comes after `rules` in the data flow, so the check that joins them
//! lives here and still reports a bad start as a located diagnostic on the file's `start` value.
//!
//! ```
//! let rules = chessgraph::load("variants/chess.toml").unwrap();
//! assert_eq!(rules.players().len(), 2);
//! ```

use std::path::Path;
use std::sync::Arc;

use crate::diagnostic::FileReport;
use crate::ids::{KindId, NodeId, PlayerId};
use crate::position::Position;
use crate::rules::{Rules, RulesError, StartCheck};

/// Loads a variant file (and the files it extends, and its board), checks everything, compiles
/// the tables and judges the start position: the front door of the library. The rules come
/// shared, as positions hold them. Every problem of every file involved is in the error, located.
///
/// ```
/// let rules = chessgraph::load("variants/chess.toml").expect("a valid variant");
/// assert_eq!(rules.name(), "Orthodox chess");
/// let err = chessgraph::load("boards/chess.toml").unwrap_err();
/// assert!(err.to_string().contains("boards/chess.toml"));
/// ```
pub fn load(path: impl AsRef<Path>) -> Result<Arc<Rules>, RulesError> {
    Rules::load(path).map(Arc::new)
}

/// Judges a start position text (it must be a valid position of the rules) and counts its
/// pieces per player and kind, on the board and in hand.
fn check_start(rules: &Arc<Rules>, text: &str) -> Result<Vec<Vec<usize>>, String> {
    let pos = Position::from_fen(rules, text).map_err(|e| e.to_string())?;
    let mut material = vec![vec![0; rules.kinds().len()]; rules.players().len()];
    for n in rules.board().node_ids() {
        if let Some(pc) = pos.piece_at(n) {
            material[pc.owner.index()][pc.kind.index()] += 1;
        }
    }
    // Pieces in hand at the start are material too (placement chess starts with all of them).
    for p in rules.player_ids() {
        for k in rules.kind_ids() {
            material[p.index()][k.index()] += pos.hand(p, k) as usize;
        }
    }
    Ok(material)
}

/// Who stands where in a start position text (node, owner, kind), read but not judged.
fn read_start(rules: &Arc<Rules>, text: &str) -> Result<Vec<(NodeId, PlayerId, KindId)>, String> {
    let setup = Position::read_setup(rules, text).map_err(|e| e.to_string())?;
    Ok(setup
        .pieces
        .iter()
        .map(|(&n, p)| (n, p.owner, p.kind))
        .collect())
}

/// The start position checks the rules ask for.
const START_CHECK: StartCheck<'static> = StartCheck {
    read: &read_start,
    judge: &check_start,
};

impl Rules {
    /// Loads and validates a variant file (the files it extends and its board included) and
    /// checks its start position.
    pub fn load(path: impl AsRef<Path>) -> Result<Rules, RulesError> {
        let (rules, reports) = Rules::load_checked(path.as_ref(), START_CHECK);
        rules.ok_or(RulesError(reports))
    }

    /// Loads a variant file and returns the rules (when valid) with every report, warnings
    /// included.
    pub fn check_file(path: impl AsRef<Path>) -> (Option<Rules>, Vec<FileReport>) {
        Rules::load_checked(path.as_ref(), START_CHECK)
    }
}
