//! What the independent move generators (the ring, box, hexagonal and four-player oracles) share:
//! each keeps its own move rules and says what its legal moves are, how one is played and how it
//! is written; the perft and the sorted move texts the tests compare with the engine's are
//! written once, here.

/// An independent move generator's position.
pub trait Oracle: Clone {
    /// A move as the oracle finds it.
    type Move: Copy;
    /// What the position needs besides itself to move (a game's geometry, or `()`).
    type Game: ?Sized;
    /// The legal moves of the side to move.
    fn legal(&self, game: &Self::Game) -> Vec<Self::Move>;
    /// Plays a move (no legality check).
    fn play(&mut self, game: &Self::Game, m: Self::Move);
    /// A move's text as the engine writes it.
    fn write(&self, game: &Self::Game, m: Self::Move) -> String;
}

/// The sorted texts of the legal moves, to compare with the engine's.
pub fn legal_texts<O: Oracle>(o: &O, game: &O::Game) -> Vec<String> {
    let mut v: Vec<String> = o
        .legal(game)
        .into_iter()
        .map(|m| o.write(game, m))
        .collect();
    v.sort();
    v
}

/// Perft: the leaves of the legal move tree `depth` plies deep.
pub fn perft<O: Oracle>(o: &O, game: &O::Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = o.legal(game);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| {
            let mut next = o.clone();
            next.play(game, m);
            perft(&next, game, depth - 1)
        })
        .sum()
}
