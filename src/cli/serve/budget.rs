//! Bounds on what the server holds, so that no client can make it grow without end: games, the
//! moves of every game together (each position reached is kept, about a kilobyte a move), and
//! the event streams open on a game and in all. When games or moves are at their bound, the
//! game nobody has asked about for longest is dropped to make room, if it has been left alone
//! for [`GAME_IDLE`]; else the request is refused (429, saying which bound). The accounting is
//! [`super::state::Shared::make_room`]'s and [`super::state::Shared::open_stream`]'s.

use std::time::Duration;

/// The most games one server holds.
pub const MAX_GAMES: usize = 1_000;

/// The most moves all the games of one server hold together (one game holds at most
/// [`chessgraph::game::MAX_PLIES`]).
pub const MAX_TOTAL_PLIES: usize = 100_000;

/// A game nobody has asked about (no request names it) for this long may be dropped to make
/// room for another game or more moves.
pub const GAME_IDLE: Duration = Duration::from_secs(60 * 60);

/// The most event streams (`/api/games/ID/events`) open on one game.
pub const MAX_STREAMS_PER_GAME: usize = 16;

/// The most event streams open on the server (half the connections: the other half stay for
/// requests).
pub const MAX_STREAMS: usize = 256;

/// The bounds of one server (the constants above; tests use smaller ones).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The most games.
    pub games: usize,
    /// The most moves in all games.
    pub plies: usize,
    /// How long a game must be left alone before it may be dropped.
    pub idle: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            games: MAX_GAMES,
            plies: MAX_TOTAL_PLIES,
            idle: GAME_IDLE,
        }
    }
}

/// Why there is no room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Full {
    /// The server holds [`Limits::games`] games.
    Games,
    /// The games hold [`Limits::plies`] moves together.
    Plies,
}

impl Full {
    /// The code and message of the refusal.
    pub fn explain(self, limits: &Limits) -> (&'static str, String) {
        let idle = limits.idle.as_secs() / 60;
        match self {
            Full::Games => (
                "too_many_games",
                format!(
                    "the server holds {} games, the most it may, and none has been left alone for {idle} minutes (such a game is dropped to make room)",
                    limits.games
                ),
            ),
            Full::Plies => (
                "too_many_moves",
                format!(
                    "the server's games hold {} moves together, the most they may, and none has been left alone for {idle} minutes (such a game is dropped to make room)",
                    limits.plies
                ),
            ),
        }
    }
}
