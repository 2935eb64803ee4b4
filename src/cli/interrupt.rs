//! Ctrl-C (SIGINT) and SIGTERM while files are written: the write finishes or is undone before
//! the process ends, so an interrupted command leaves every file it writes whole or absent,
//! never a temporary file beside them.
//!
//! Outside a write the signals end the process at once, as they would without a handler (exit
//! status 130, the shell's number for an interrupted command). During [`deferred`] they are
//! only recorded: the writer may look at [`Interrupt::requested`] to give up early (and undo
//! what it made), and when it is done the process ends with status 130.

use std::sync::{Mutex, MutexGuard, Once};

/// The exit status of a command ended by an interruption (128 + SIGINT's number).
const INTERRUPTED_STATUS: i32 = 130;

/// How many writes are under way, and whether a signal came during one.
struct State {
    writing: usize,
    interrupted: bool,
}

static STATE: Mutex<State> = Mutex::new(State {
    writing: 0,
    interrupted: false,
});

static HANDLER: Once = Once::new();

/// The state, even after a panic elsewhere poisoned its lock (two plain fields stay valid).
fn state() -> MutexGuard<'static, State> {
    STATE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The signal handler (run on ctrlc's own thread): record the signal during a write, end the
/// process otherwise. The lock is held while deciding, so a write cannot start in between.
fn on_signal() {
    let mut s = state();
    if s.writing == 0 {
        std::process::exit(INTERRUPTED_STATUS);
    }
    s.interrupted = true;
}

/// A write under way, seen by the writer: whether it was asked to stop.
pub struct Interrupt(());

impl Interrupt {
    /// Whether Ctrl-C (or SIGTERM) came since the write began: a writer that can still undo
    /// its work should do so and stop.
    pub fn requested(&self) -> bool {
        state().interrupted
    }
}

/// Runs `write` with interruptions deferred until it returns; if one came, its error (or a
/// line saying the write completed) is printed and the process ends with status 130.
pub fn deferred<T, E: std::fmt::Display>(
    write: impl FnOnce(&Interrupt) -> Result<T, E>,
) -> Result<T, E> {
    HANDLER.call_once(|| {
        // Without a handler (another one is installed) a signal kills the process as before.
        let _ = ctrlc::set_handler(on_signal);
    });
    state().writing += 1;
    let result = write(&Interrupt(()));
    let mut s = state();
    s.writing -= 1;
    if s.writing == 0 && s.interrupted {
        match &result {
            Err(e) => eprintln!("interrupted: {e}"),
            Ok(_) => eprintln!("interrupted: after the write completed"),
        }
        std::process::exit(INTERRUPTED_STATUS);
    }
    result
}
