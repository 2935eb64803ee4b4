//! Move text: `from-to`, `from-to=Q`, castling as the king's move (`e1-g1`, or `e1-g1/h1` naming the
//! rook when two castlings move the king alike), drops as `P@e4`; on input also the compact forms
//! (`e2e4`, `e7e8q`) that Fairy-Stockfish and UCI print.
//!
//! Every legal move prints and parses back to itself; a move that cannot be played is rejected with
//! the reason (a [`PlayError`] from the move generator, or a reading problem of the text).
//! Writing lives here, reading in `read`.

mod blocker;
mod read;

use crate::movegen::{Move, PlayError};
use crate::position::Position;

pub use read::parse_move;

/// Why a move text was not accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move of this board.
    #[error("cannot read move `{text}`: {reason}")]
    Malformed {
        /// What was given.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The text fits more than one legal move.
    #[error("ambiguous: write one of {}", .choices.join(", "))]
    Ambiguous {
        /// The legal moves it fits, as text.
        choices: Vec<String>,
    },
    /// A readable move that cannot be played here, and why (boxed: errors stay small to move).
    #[error(transparent)]
    Illegal(Box<PlayError>),
}

impl From<PlayError> for MoveError {
    fn from(e: PlayError) -> Self {
        MoveError::Illegal(Box::new(e))
    }
}

/// The text of a move: `from-to`, `=X` for promotion, `/rook` for an ambiguous castling, `X@to`
/// for a drop (see `Move::text`).
pub fn move_text(pos: &Position, m: Move) -> String {
    m.text(pos.rules())
}

/// The legal moves of the side to move as move text, sorted (the order `moves` prints them in);
/// eliminations that are due are not settled, as in [`Position::legal_moves`].
///
/// ```
/// use chessgraph::notation::legal_move_texts;
/// use chessgraph::Position;
///
/// let rules = chessgraph::load("variants/chess.toml").expect("a valid variant");
/// let texts = legal_move_texts(&Position::start(&rules));
/// assert_eq!(texts.len(), 20);
/// assert_eq!(texts[..3], ["a2-a3", "a2-a4", "b1-a3"]);
/// ```
pub fn legal_move_texts(pos: &Position) -> Vec<String> {
    sorted_texts(pos, pos.legal_moves())
}

/// The text of each of `moves`, sorted.
pub fn sorted_texts(pos: &Position, moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    let mut texts: Vec<String> = moves.into_iter().map(|m| move_text(pos, m)).collect();
    texts.sort();
    texts
}

/// Why a line of moves could not be played: which move (1-based), its text, and the reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {index} `{}`: {error}", crate::diagnostic::quoted(.text))]
pub struct LineError {
    /// 1-based number of the move in the line.
    pub index: usize,
    /// The move as written.
    pub text: String,
    /// Why it was rejected.
    pub error: MoveError,
}

/// Plays a whitespace-separated line of moves from `pos`, settling eliminations before each move
/// and after the last.
pub fn play_line(pos: &mut Position, line: &str) -> Result<(), LineError> {
    for (i, text) in line.split_whitespace().enumerate() {
        let located = |error| LineError {
            index: i + 1,
            text: text.to_string(),
            error,
        };
        let m = parse_move(pos, text).map_err(located)?;
        pos.play(&m).map_err(|e| located(e.into()))?;
    }
    let (_, _) = pos.resolve(&mut Vec::new());
    Ok(())
}
