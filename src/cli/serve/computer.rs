//! The computer's seats of a served game: a game created with `"computer": ["black"]` has the
//! computer play those seats. Whenever such a seat is to move (after a move, an undo, a record
//! loaded, the game's creation), a blocking task searches a copy of the position and plays the
//! move it found, unless the game changed meanwhile (then it thinks again); pages see the move
//! through the same `change` events as any other.

use std::sync::Arc;
use std::time::Duration;

use chessgraph::{Engine, Limits, PlayerSet};

use super::state::{Shared, lock};

/// How long the computer thinks, for every served game.
#[derive(Clone, Copy, Debug)]
pub struct Computer {
    /// The search's limits per move.
    pub limits: Limits,
    /// Positions of three or more players searched by max-n instead of the paranoid search.
    pub max_n: bool,
}

impl Default for Computer {
    /// One second per move, the paranoid search.
    fn default() -> Self {
        Computer {
            limits: Limits {
                movetime: Some(Duration::from_secs(1)),
                ..Limits::default()
            },
            max_n: false,
        }
    }
}

/// The seats named in a new game's `computer` list, or the unknown name.
pub fn seats(rules: &chessgraph::Rules, names: &[String]) -> Result<PlayerSet, String> {
    let mut set = PlayerSet::EMPTY;
    for name in names {
        let found = rules
            .player_ids()
            .find(|&p| rules.player(p).name.eq_ignore_ascii_case(name));
        match found {
            Some(p) => set.insert(p),
            None => {
                let known: Vec<&str> = rules.players().iter().map(|p| p.name.as_str()).collect();
                return Err(format!(
                    "no seat `{}` for the computer: the seats are {}",
                    chessgraph::diagnostic::quoted(name),
                    known.join(", ")
                ));
            }
        }
    }
    Ok(set)
}

/// Starts the computer's move in game `id` when one of its seats is to move and it is not
/// already thinking about this version of the game. Must run inside the server's runtime.
pub fn think(s: &Arc<Shared>, id: u64) {
    let job = {
        let mut games = lock(&s.games);
        let Some(slot) = games.get_mut(&id) else {
            return;
        };
        let game = &slot.game;
        if slot.thinking
            || game.outcome().is_some()
            || !slot.computer.contains(game.position().to_move())
        {
            return;
        }
        slot.thinking = true;
        (game.position().clone(), game.earlier_hashes(), slot.version)
    };
    let s = Arc::clone(s);
    tokio::task::spawn_blocking(move || {
        let (pos, earlier, version) = job;
        let mut engine = Engine::new(pos.rules());
        engine.set_max_n(s.computer.max_n);
        let found = engine.search(&pos, &earlier, s.computer.limits);
        let (played, changed) = {
            let mut games = lock(&s.games);
            let Some(slot) = games.get_mut(&id) else {
                return;
            };
            slot.thinking = false;
            let changed = slot.version != version;
            let text = found.best.map(|m| chessgraph::notation::move_text(&pos, m));
            let played = match text {
                Some(text) if !changed => slot.game.play_text(&text).is_ok(),
                _ => false,
            };
            slot.version += u64::from(played);
            (played, changed)
        };
        if played {
            s.changed(id);
        }
        // After its move another computer seat may be to move; a game changed while the
        // computer thought is thought about again. Nothing else: no move found, no loop.
        if played || changed {
            think(&s, id);
        }
    });
}
