//! The draw rules of `[draws]` as slices, one file each: a rule's compiled form, its
//! validation with located diagnostics, how it follows a game and when it draws, and its
//! summary line. Like every rule of `[draws]` they end games in `play`, `show`, `serve` and the
//! library's game, never in perft or the move list.
//!
//! `counting` (makruk's family) is the first rule here. The older draw rules (`move_rule`,
//! `repetition`, `insufficient`) are plain fields of `DrawRules` judged in
//! `movegen/draws.rs`; they keep no state beyond the halfmove clock and the game's hashes.

pub(crate) mod counting;
