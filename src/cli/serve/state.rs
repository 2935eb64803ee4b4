//! What the server holds: the variants given on the command line (loaded, or broken with their
//! diagnostics in author mode) and the games being played, with a channel that tells open pages
//! about every change.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Instant, SystemTime};

use serde::Serialize;
use tokio::sync::broadcast;

use crate::cli::game::{Game, Record};
use chessgraph::Rules;
use chessgraph::diagnostic::FileReport;
use chessgraph::{PlayerSet, Position};

use super::budget::{Full, Limits, MAX_STREAMS, MAX_STREAMS_PER_GAME};
use super::computer::Computer;

/// One problem of a variant's files, as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// `error` or `warning`.
    pub severity: &'static str,
    /// The diagnostic code.
    pub code: String,
    /// `file:line:column`.
    pub location: String,
    /// What is wrong.
    pub message: String,
    /// How to fix it, when known.
    pub help: Option<String>,
}

/// The problems of every report, in order.
pub fn problems(reports: &[FileReport]) -> Vec<Problem> {
    let mut out = Vec::new();
    for r in reports {
        for (d, shown) in r.diagnostics.iter().zip(r.shown()) {
            out.push(Problem {
                severity: match d.severity() {
                    chessgraph::diagnostic::Severity::Error => "error",
                    chessgraph::diagnostic::Severity::Warning => "warning",
                },
                code: d.code().to_string(),
                location: shown.location().to_string(),
                message: d.message.clone(),
                help: d.help.clone(),
            });
        }
    }
    out
}

/// A variant file given on the command line.
pub struct Variant {
    /// The file.
    pub path: PathBuf,
    /// Its rules, from the last load that worked.
    pub rules: Option<Arc<Rules>>,
    /// The problems of the last load (errors only when it failed).
    pub problems: Vec<Problem>,
    /// Whether the last load failed.
    pub broken: bool,
    /// The files the variant was read from, with when each was last changed (for `--watch`).
    pub stamps: Vec<Stamped>,
}

/// When a file was last changed, and its length (an edit within the clock's resolution of the
/// file system mostly changes the length).
type Stamp = Option<(SystemTime, u64)>;

/// A file and its stamp.
type Stamped = (PathBuf, Stamp);

fn stamp(path: &Path) -> Stamp {
    let m = std::fs::metadata(path).ok()?;
    Some((m.modified().ok()?, m.len()))
}

impl Variant {
    /// Loads the variant file, keeping its problems.
    pub fn load(path: &Path) -> Variant {
        let mut v = Variant {
            path: path.to_path_buf(),
            rules: None,
            problems: Vec::new(),
            broken: true,
            stamps: Vec::new(),
        };
        v.reload();
        v
    }

    /// Reads the files (again: a failed load keeps the rules it had).
    fn reload(&mut self) {
        let (rules, reports) = Rules::check_file(&self.path);
        self.problems = problems(&reports);
        self.broken = rules.is_none();
        let mut files: Vec<PathBuf> = vec![self.path.clone()];
        if let Some(r) = rules {
            let r = Arc::new(r);
            files.extend(r.files().iter().cloned());
            self.rules = Some(r);
        }
        for r in &reports {
            files.push(r.source.path().to_path_buf());
        }
        files.sort();
        files.dedup();
        self.stamps = files.iter().map(|f| (f.clone(), stamp(f))).collect();
    }
}

/// Whether any of these files changed on disk since they were stamped.
fn changed(stamps: &[Stamped]) -> bool {
    stamps.iter().any(|(f, t)| stamp(f) != *t)
}

/// A game being played, with the variant it belongs to.
pub struct Slot {
    /// The game.
    pub game: Game,
    /// Index of its variant.
    pub variant: usize,
    /// Bumped at every change, so that pages can tell an old answer from a new one.
    pub version: u64,
    /// When a request last named it (the game left alone longest is dropped first to make
    /// room, see [`super::budget`]).
    pub used: Instant,
    /// The seats the computer plays (see [`super::computer`]).
    pub computer: PlayerSet,
    /// Whether the computer is thinking about this game's current version.
    pub thinking: bool,
}

/// The server's state, shared by every request.
pub struct Shared {
    /// The variants, by index.
    pub variants: Mutex<Vec<Variant>>,
    /// The games, by id.
    pub games: Mutex<BTreeMap<u64, Slot>>,
    next_id: AtomicU64,
    /// Carries the id of every game that changed.
    pub changes: broadcast::Sender<u64>,
    /// The `Host` values a request may carry (the bound address, and `localhost` for loopback).
    pub hosts: Vec<String>,
    /// Bound to every address (`--host 0.0.0.0`): any IP address with the bound port is a
    /// valid `Host` too (names still are not, against DNS rebinding).
    pub any_address: Option<u16>,
    /// Serve the page from this directory instead of the embedded copy.
    pub web_dir: Option<PathBuf>,
    /// Author mode: the variant files are watched.
    pub watch: bool,
    /// The bounds on games and moves.
    pub limits: Limits,
    /// The event streams open, by game.
    pub streams: Mutex<HashMap<u64, usize>>,
    /// How long the computer thinks for its seats.
    pub computer: Computer,
}

/// Locks a mutex; a panic while it was held leaves data that is still consistent (every change
/// is made on a copy and swapped in), so a poisoned lock is used as it is.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Shared {
    /// The state of a server bound to `addr`.
    pub fn new(
        variants: Vec<Variant>,
        addr: std::net::SocketAddr,
        web_dir: Option<PathBuf>,
        watch: bool,
        computer: Computer,
    ) -> Arc<Shared> {
        let mut hosts = vec![addr.to_string()];
        if addr.ip().is_loopback() {
            hosts.push(format!("localhost:{}", addr.port()));
        }
        Arc::new(Shared {
            variants: Mutex::new(variants),
            games: Mutex::new(BTreeMap::new()),
            next_id: AtomicU64::new(1),
            changes: broadcast::channel(256).0,
            any_address: addr.ip().is_unspecified().then_some(addr.port()),
            hosts,
            web_dir,
            watch,
            limits: Limits::default(),
            streams: Mutex::new(HashMap::new()),
            computer,
        })
    }

    /// Whether a request's `Host` (or an `Origin` without its scheme) names this server.
    pub fn is_our_host(&self, host: &str) -> bool {
        if self.hosts.iter().any(|a| a.eq_ignore_ascii_case(host)) {
            return true;
        }
        let Some(port) = self.any_address else {
            return false;
        };
        host.parse::<std::net::SocketAddr>()
            .is_ok_and(|a| a.port() == port)
    }

    /// Stores a new game, dropping games left alone long enough to make room for it (see
    /// [`Shared::make_room`]), or says why there is no room.
    pub fn add_game(&self, game: Game, variant: usize, computer: PlayerSet) -> Result<u64, Full> {
        let mut games = lock(&self.games);
        let plies = game.moves().len();
        let made = self.make_room(&mut games, 1, plies, None);
        let (dropped, id) = match made {
            Ok(dropped) => {
                let id = self.next_id.fetch_add(1, Ordering::Relaxed);
                games.insert(
                    id,
                    Slot {
                        game,
                        variant,
                        version: 1,
                        used: Instant::now(),
                        computer,
                        thinking: false,
                    },
                );
                (dropped, Ok(id))
            }
            Err((full, dropped)) => (dropped, Err(full)),
        };
        drop(games);
        for gone in dropped {
            self.changed(gone);
        }
        id
    }

    /// Tells the open pages of a game that it changed.
    pub fn changed(&self, id: u64) {
        // No page listening is not an error.
        let _ = self.changes.send(id);
    }

    /// Reloads the variants whose files changed; each game of a reloaded variant is replayed
    /// under the new rules (from its record: the moves that still play are kept).
    pub fn reload_changed(&self) {
        self.reload_changed_with(Variant::load);
    }

    /// [`Shared::reload_changed`], reading a variant with `load`. No lock is held while the
    /// files are read and the games replayed: requests are answered meanwhile (from the old
    /// rules), and the new variant and games are swapped in at the end.
    pub fn reload_changed_with(&self, load: impl Fn(&Path) -> Variant) {
        let watched: Vec<(usize, PathBuf, Vec<Stamped>)> = lock(&self.variants)
            .iter()
            .enumerate()
            .map(|(i, v)| (i, v.path.clone(), v.stamps.clone()))
            .collect();
        for (i, path, stamps) in watched {
            if !changed(&stamps) {
                continue;
            }
            let mut fresh = load(&path);
            let rules = {
                let mut variants = lock(&self.variants);
                let Some(v) = variants.get_mut(i) else { return };
                if fresh.rules.is_none() {
                    // A failed load keeps the rules of the last one that worked.
                    fresh.rules = v.rules.take();
                }
                *v = fresh;
                v.rules.clone().filter(|_| !v.broken)
            };
            self.replay_games(i, rules.as_ref());
        }
    }

    /// Replays the games of variant `variant` under `rules` (none: the variant is broken, its
    /// games stay as they are), outside the lock; a game changed meanwhile is replayed again
    /// under the lock.
    fn replay_games(&self, variant: usize, rules: Option<&Arc<Rules>>) {
        let old: Vec<(u64, u64, Record, bool)> = lock(&self.games)
            .iter()
            .filter(|(_, s)| s.variant == variant)
            .map(|(id, s)| (*id, s.version, s.game.record(), s.game.draws_apply()))
            .collect();
        let new: Vec<(u64, u64, Option<Game>)> = old
            .into_iter()
            .map(|(id, version, record, draws)| {
                (id, version, rules.map(|r| replayed(r, &record, draws)))
            })
            .collect();
        let mut ids = Vec::new();
        let mut games = lock(&self.games);
        for (id, version, game) in new {
            let Some(slot) = games.get_mut(&id) else {
                continue;
            };
            match (game, rules) {
                (Some(game), _) if slot.version == version => slot.game = game,
                (_, Some(rules)) => {
                    let draws = slot.game.draws_apply();
                    slot.game = replayed(rules, &slot.game.record(), draws);
                }
                (_, None) => {}
            }
            slot.version += 1;
            ids.push(id);
        }
        drop(games);
        for id in ids {
            self.changed(id);
        }
    }
}

impl Shared {
    /// Makes room in `games` for `new_games` more games and `new_plies` more moves, dropping
    /// the games left alone longest (never `keep`, the game being changed) if they have been
    /// for [`Limits::idle`]. Returns the ids dropped (tell their pages), or why there is no room.
    pub fn make_room(
        &self,
        games: &mut BTreeMap<u64, Slot>,
        new_games: usize,
        new_plies: usize,
        keep: Option<u64>,
    ) -> Result<Vec<u64>, (Full, Vec<u64>)> {
        let mut dropped = Vec::new();
        loop {
            let plies: usize = games.values().map(|s| s.game.moves().len()).sum();
            let full = if games.len() + new_games > self.limits.games {
                Full::Games
            } else if plies + new_plies > self.limits.plies {
                Full::Plies
            } else {
                return Ok(dropped);
            };
            let now = Instant::now();
            let idlest = games
                .iter()
                .filter(|(id, s)| {
                    Some(**id) != keep && now.saturating_duration_since(s.used) >= self.limits.idle
                })
                .min_by_key(|(_, s)| s.used)
                .map(|(id, _)| *id);
            match idlest {
                Some(id) => {
                    games.remove(&id);
                    dropped.push(id);
                }
                None => return Err((full, dropped)),
            }
        }
    }

    /// [`Shared::make_room`] for `new_plies` more moves in game `keep`, under its own lock;
    /// the pages of dropped games are told.
    pub fn room_for_moves(&self, keep: u64, new_plies: usize) -> Result<(), Full> {
        let result = self.make_room(&mut lock(&self.games), 0, new_plies, Some(keep));
        let (result, dropped) = match result {
            Ok(dropped) => (Ok(()), dropped),
            Err((full, dropped)) => (Err(full), dropped),
        };
        for id in dropped {
            self.changed(id);
        }
        result
    }

    /// Counts an event stream opened on game `game`; `None` at [`MAX_STREAMS_PER_GAME`] on the
    /// game or [`MAX_STREAMS`] in all, with the message saying which.
    pub fn open_stream(self: &Arc<Self>, game: u64) -> Result<StreamTicket, String> {
        let mut streams = lock(&self.streams);
        if streams.values().sum::<usize>() >= MAX_STREAMS {
            return Err(format!(
                "the server has {MAX_STREAMS} event streams open, the most it may"
            ));
        }
        let open = streams.entry(game).or_insert(0);
        if *open >= MAX_STREAMS_PER_GAME {
            return Err(format!(
                "game {game} has {MAX_STREAMS_PER_GAME} event streams open, the most it may"
            ));
        }
        *open += 1;
        Ok(StreamTicket {
            shared: self.clone(),
            game,
        })
    }
}

/// An open event stream, counted until it is dropped (when its client goes).
pub struct StreamTicket {
    shared: Arc<Shared>,
    game: u64,
}

impl Drop for StreamTicket {
    fn drop(&mut self) {
        let mut streams = lock(&self.shared.streams);
        if let Some(open) = streams.get_mut(&self.game) {
            *open -= 1;
            if *open == 0 {
                streams.remove(&self.game);
            }
        }
    }
}

/// A game replayed from its record under (possibly changed) rules: the start if its text still
/// reads (else the new start position), then the moves up to the first that no longer plays.
pub fn replayed(rules: &Arc<Rules>, record: &Record, draw_rules: bool) -> Game {
    let start = Position::from_fen(rules, &record.start).unwrap_or_else(|_| Position::start(rules));
    let mut game = Game::new(start, draw_rules);
    // A move that no longer plays ends the replay there: the game goes on from that position.
    let _ = game.play_all(&record.moves);
    game
}
