//! Every size limit of chessgraph in one place.
//!
//! Inputs come from files users are still writing, text pasted from elsewhere and lines typed by
//! hand, so every quantity an input controls is bounded: past a limit the input is refused with a
//! located error that names the limit, never read until memory runs out. The README lists these
//! limits; the tests try each at the limit and one past it.

/// Largest board or variant file read, in bytes (a 3 Man Chess board is about 12 KiB). Larger
/// files, and anything that is not a regular file (a FIFO, `/dev/zero`), are refused.
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// Largest magnitude of a node's drawing coordinate (`x`, `y`, `ring`, `sector`): a picture of
/// a board is drawn to the scale of its coordinates, and a larger one would give sizes no SVG
/// reader handles (`1e308` became `width="inf"`).
pub(crate) const MAX_COORDINATE: f64 = 1e6;

/// Most nodes (squares) on a board: occupancy and zone sets are 256-bit sets.
pub const MAX_NODES: usize = 256;

/// Most directions a board declares (including composite ones).
pub(crate) const MAX_DIRECTIONS: usize = 64;

/// Most distinct link tags on a board (a tag set is a 32-bit mask).
pub(crate) const MAX_TAGS: usize = 32;

/// Most distinct twists on a board.
pub(crate) const MAX_TWISTS: usize = 255;

/// Most players (seats) of a variant.
pub(crate) const MAX_PLAYERS: usize = 8;

/// Most piece kinds of a variant.
pub(crate) const MAX_KINDS: usize = 32;

/// Most nodes of a board with a blocker (`[blocker]`: duck chess): a move carries the blocker's
/// square in the one byte that also names a gated kind on either of two squares.
pub(crate) const MAX_BLOCKER_NODES: usize = 255 - 2 * MAX_KINDS;

/// Most frames (orientations) of a variant.
pub(crate) const MAX_FRAMES: usize = 64;

/// Most castling entries of a variant.
pub(crate) const MAX_CASTLINGS: usize = 32;

/// Most files in an `extends` chain: a variant and at most `MAX_EXTENDS_DEPTH - 1` (7) files it
/// extends, directly or not; the `extends` that would add a ninth file is refused.
pub const MAX_EXTENDS_DEPTH: usize = 8;

/// Most en passant entries alive at once in a position.
pub(crate) const MAX_EP: usize = 8;

/// Deepest perft: the move tree grows exponentially, so even depth 20 never finishes; the limit
/// only keeps a typo from allocating per-depth buffers without end.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// Largest perft hash table (`perft --hash MB`), in MiB: 1 TiB. A size the machine cannot give
/// is refused when the table is made.
pub const MAX_HASH_MB: usize = 1 << 20;

/// Most worker threads `perft --threads` starts.
pub const MAX_THREADS: usize = 256;

/// Most diagnostics of one kind reported for one file; the rest are counted ("and K more").
pub(crate) const MAX_REPEATED_DIAGNOSTICS: usize = 20;

/// Most problems of one position text shown in its error message; the rest are counted ("and K
/// more"), so a flood of one mistake gives a short message.
pub(crate) const MAX_POSITION_PROBLEMS: usize = 20;

/// Longest piece of user text quoted in a message, in characters; a longer one is cut (`…`).
pub(crate) const MAX_QUOTED_CHARS: usize = 100;

/// Most pieces one move may remove (a capture, an en passant capture, and later the captures an
/// after-move rule makes); `make` keeps them without allocating.
pub(crate) const MAX_REMOVALS: usize = 12;

/// Most pieces of one kind a player may hold in hand in a position given as text or a setup
/// (captures and drops only move pieces, so a game never goes past what it started with).
pub(crate) const MAX_IN_HAND: u32 = 1_000;

/// Largest value a piece may carry (`C{16}` in position text; Rithmomachia's numbers).
pub(crate) const MAX_PIECE_VALUE: u32 = 65_535;

/// Most captured men a player may have in position text or a setup (`captured:w=14/400`). A game
/// adds only the men it captures from the board, so the count never nears its 32-bit store.
pub const MAX_CAPTURED_MEN: u32 = 1_000_000;

/// Largest captured value a player may have in position text or a setup (the value's store is 64
/// bits; a game adds at most what stands on the board).
pub const MAX_CAPTURED_VALUE: u64 = 1_000_000_000_000;

/// Most distinct ways to attack a square the move tables may hold: one per origin, target and
/// squares passed on the way (equal ways of several pieces count once). Long rides in many
/// directions on a large board make the most; the limit bounds the time and memory a variant
/// takes to load (about half a second and 110 MB at the limit).
pub(crate) const MAX_ATTACK_WAYS: usize = 1 << 20;

/// Most paths in one move pattern (each is compiled for every node and frame).
pub(crate) const MAX_PATHS_PER_PATTERN: usize = 256;

/// Most leg orders (`|`) in one move pattern.
pub(crate) const MAX_LEG_ORDERS_PER_PATTERN: usize = 32_768;

/// Most numbers and operators in one relation of a `[[capture]]` rule (`a * (k + 1) = v` has 7).
pub(crate) const MAX_RELATION_OPS: usize = 32;

/// Most parts a stacked piece holds (a Rithmomachia pyramid holds six).
pub(crate) const MAX_STACK_PARTS: usize = 8;

/// Zones one zone expression may lead through (`a = "b + c"`, `b = "d"`, ...): deeper nesting is
/// refused, so evaluating a long chain never exhausts the stack.
pub(crate) const MAX_ZONE_DEPTH: usize = 32;

/// Largest `value` a piece may be given (a pawn is about 100): sums of values stay far from the
/// search's mate scores.
pub(crate) const MAX_KIND_VALUE: u32 = 100_000;

/// Largest count of a promotion's `limits` entry (`at_most`).
pub(crate) const MAX_PROMOTION_LIMIT: u32 = 255;

/// Deepest search of the computer player, in plies (its stacks are sized by it).
pub(crate) const MAX_SEARCH_DEPTH: u32 = 64;
