//! What the server holds: the variants given on the command line (loaded, or broken with their
//! diagnostics in author mode) and the games being played, with a channel that tells open pages
//! about every change.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::SystemTime;

use serde::Serialize;
use tokio::sync::broadcast;

use crate::cli::game::{Game, Record};
use chessgraph::Position;
use chessgraph::Rules;
use chessgraph::diagnostic::FileReport;

/// The most games one server holds; the next is refused (no game is ever evicted).
pub const MAX_GAMES: usize = 1_000;

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
    pub stamps: Vec<(PathBuf, Stamp)>,
}

/// When a file was last changed, and its length (an edit within the clock's resolution of the
/// file system mostly changes the length).
type Stamp = Option<(SystemTime, u64)>;

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

    /// Reads the files again; a failed load keeps the rules of the last one that worked.
    pub fn reload(&mut self) {
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

    /// Whether any of its files changed on disk since the last load.
    pub fn changed(&self) -> bool {
        self.stamps.iter().any(|(f, t)| stamp(f) != *t)
    }
}

/// A game being played, with the variant it belongs to.
pub struct Slot {
    /// The game.
    pub game: Game,
    /// Index of its variant.
    pub variant: usize,
    /// Bumped at every change, so that pages can tell an old answer from a new one.
    pub version: u64,
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

    /// Stores a new game; `None` at [`MAX_GAMES`].
    pub fn add_game(&self, game: Game, variant: usize) -> Option<u64> {
        let mut games = lock(&self.games);
        if games.len() >= MAX_GAMES {
            return None;
        }
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        games.insert(
            id,
            Slot {
                game,
                variant,
                version: 1,
            },
        );
        Some(id)
    }

    /// Tells the open pages of a game that it changed.
    pub fn changed(&self, id: u64) {
        // No page listening is not an error.
        let _ = self.changes.send(id);
    }

    /// Reloads the variants whose files changed; each game of a reloaded variant is replayed
    /// under the new rules (from its record: the moves that still play are kept).
    pub fn reload_changed(&self) {
        let mut reloaded = Vec::new();
        {
            let mut variants = lock(&self.variants);
            for (i, v) in variants.iter_mut().enumerate() {
                if v.changed() {
                    v.reload();
                    reloaded.push((i, v.rules.clone().filter(|_| !v.broken)));
                }
            }
        }
        for (i, rules) in reloaded {
            let mut ids = Vec::new();
            let mut games = lock(&self.games);
            for (id, slot) in games.iter_mut().filter(|(_, s)| s.variant == i) {
                if let Some(rules) = &rules {
                    slot.game = replayed(rules, &slot.game.record(), slot.game.draws_apply());
                }
                slot.version += 1;
                ids.push(*id);
            }
            drop(games);
            for id in ids {
                self.changed(id);
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
