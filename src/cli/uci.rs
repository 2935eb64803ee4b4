//! `uci`: the computer player over the Universal Chess Interface, in Fairy-Stockfish's dialect.
//!
//! `UCI_Variant` names one of the variant files given (by file name without `.toml`; all of
//! `variants/` when none is given); positions and moves are in Fairy-Stockfish's notation
//! (`e2e4`, `e7e8q`, `P@e4`, `b2h8+`, its position text with the hand group). `go` searches in a
//! thread of its own so that `stop` is heard; `go perft N` counts moves. A malformed or
//! unexpected command is answered with `info string` and the loop goes on; only `quit` or the
//! end of the input ends it.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use chessgraph::notation::move_text;
use chessgraph::perft::perft;
use chessgraph::{Engine, Found, Limits, Move, Position, Rules};

/// Wins and losses score beyond this (see [`Found::score`]).
const MATE_SCORES: i32 = 990_000;

/// A move in Fairy-Stockfish's notation: `e2e4`, `e7e8q`, `P@e4`, `b2h8+` (a promotion to a
/// promoted face), castling as the king's move.
pub fn uci_move(pos: &Position, m: Move) -> String {
    let text = move_text(pos, m);
    if text.contains('@') {
        return text;
    }
    let text = text
        .split('/')
        .next()
        .unwrap_or_default()
        .replace(['-', 'x'], "");
    match text.split_once('=') {
        Some((squares, p)) if p.starts_with('+') => format!("{squares}+"),
        Some((squares, p)) => format!("{squares}{}", p.to_lowercase()),
        None => text,
    }
}

/// The game the GUI set up, and the computer player of its variant.
struct State {
    variants: BTreeMap<String, PathBuf>,
    name: String,
    rules: Arc<Rules>,
    pos: Position,
    earlier: Vec<u64>,
    engine: Option<Engine>,
    /// Where lines to write go.
    tx: Sender<Event>,
    /// The search under way, its stop flag, and whether it has no limit (`go infinite`).
    thinking: Option<(JoinHandle<Engine>, Arc<AtomicBool>, bool)>,
}

/// What the loop of `uci` hears: a line of input, the end of the input, or a line to write (a
/// search's thread writes through the loop, which alone holds standard output).
enum Event {
    Input(Vec<u8>),
    End,
    Output(String),
}

/// Writes one line through the loop.
fn say_to(tx: &Sender<Event>, line: &str) {
    let _ = tx.send(Event::Output(line.to_string()));
}

/// `uci`: the loop over standard input.
pub fn uci_command(files: &[PathBuf], out: &mut dyn Write) -> Result<ExitCode, String> {
    let variants = variant_files(files)?;
    let first = ["chess", "normal"]
        .iter()
        .find(|n| variants.contains_key(**n))
        .map(|n| n.to_string())
        .or_else(|| variants.keys().next().cloned())
        .ok_or("uci: no variant file")?;
    let rules = load(&variants[&first])?;
    let (tx, rx) = channel();
    let reader = tx.clone();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().split(b'\n') {
            let Ok(line) = line else { break };
            if reader.send(Event::Input(line)).is_err() {
                return;
            }
        }
        let _ = reader.send(Event::End);
    });
    let mut state = State {
        pos: Position::start(&rules),
        variants,
        name: first,
        rules,
        earlier: Vec::new(),
        engine: None,
        tx,
        thinking: None,
    };
    let write = |out: &mut dyn Write, line: String| -> Result<(), String> {
        writeln!(out, "{line}")
            .and_then(|()| out.flush())
            .map_err(|e| format!("uci: writing: {e}"))
    };
    while let Ok(event) = rx.recv() {
        match event {
            Event::Output(line) => write(out, line)?,
            Event::Input(line) => match String::from_utf8(line) {
                Ok(line) if !state.obey(line.trim()) => break,
                Ok(_) => {}
                Err(_) => state.say("info string a line that is not UTF-8 text is ignored"),
            },
            Event::End => {
                state.finish_thinking(false);
                break;
            }
        }
    }
    while let Ok(event) = rx.try_recv() {
        if let Event::Output(line) = event {
            write(out, line)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The variant files by name: those given, or every `variants/*.toml`.
fn variant_files(files: &[PathBuf]) -> Result<BTreeMap<String, PathBuf>, String> {
    let files = if files.is_empty() {
        let dir = std::fs::read_dir("variants")
            .map_err(|e| format!("uci: no variant files given, and `variants/`: {e}"))?;
        let mut found: Vec<PathBuf> = dir
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        found.sort();
        found
    } else {
        files.to_vec()
    };
    Ok(files
        .into_iter()
        .filter_map(|p| Some((p.file_stem()?.to_str()?.to_string(), p)))
        .collect())
}

/// Loads a variant, its problems as one line.
fn load(path: &Path) -> Result<Arc<Rules>, String> {
    chessgraph::load(path).map_err(|e| format!("{}: {e}", path.display()))
}

impl State {
    /// Writes one line through the loop.
    fn say(&self, line: &str) {
        say_to(&self.tx, line);
    }

    /// Carries out one command; false for `quit`.
    fn obey(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            ["uci"] => self.identify(),
            ["isready"] => self.say("readyok"),
            ["ucinewgame"] => {
                self.finish_thinking(false);
                self.engine = None;
            }
            ["setoption", rest @ ..] => self.set_option(rest),
            ["position", rest @ ..] => self.set_position(rest),
            ["go", "perft", n] => self.perft(n),
            ["go", rest @ ..] => self.go(rest),
            ["stop"] => self.finish_thinking(true),
            ["quit"] => {
                self.finish_thinking(true);
                return false;
            }
            _ => self.say(&format!("info string unknown command: {}", printable(line))),
        }
        true
    }

    /// `uci`: the name, the options, `uciok`.
    fn identify(&self) {
        self.say(concat!("id name chessgraph ", env!("CARGO_PKG_VERSION")));
        self.say("id author the chessgraph authors");
        let vars: Vec<String> = self.variants.keys().map(|n| format!("var {n}")).collect();
        self.say(&format!(
            "option name UCI_Variant type combo default {} {}",
            self.name,
            vars.join(" ")
        ));
        self.say("uciok");
    }

    /// `setoption name UCI_Variant value NAME`.
    fn set_option(&mut self, words: &[&str]) {
        let ["name", name, "value", value] = words else {
            return self.say("info string usage: setoption name UCI_Variant value NAME");
        };
        if !name.eq_ignore_ascii_case("UCI_Variant") {
            return self.say(&format!("info string unknown option: {}", printable(name)));
        }
        self.finish_thinking(false);
        let Some(path) = self.variants.get(*value) else {
            return self.say(&format!(
                "info string unknown variant: {}",
                printable(value)
            ));
        };
        match load(path) {
            Ok(rules) => {
                self.pos = Position::start(&rules);
                self.rules = rules;
                self.name = value.to_string();
                self.earlier.clear();
                self.engine = None;
            }
            Err(e) => self.say(&format!("info string {}", printable(&e))),
        }
    }

    /// `position startpos|fen FEN [moves M...]`: the position is kept only when all of it reads.
    fn set_position(&mut self, words: &[&str]) {
        self.finish_thinking(false);
        let at = words.iter().position(|w| *w == "moves");
        let (setup, moves) = match at {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &[][..]),
        };
        let start = match setup {
            ["startpos"] => Ok(Position::start(&self.rules)),
            ["fen", fen @ ..] if !fen.is_empty() => {
                Position::from_fen(&self.rules, &fen.join(" ")).map_err(|e| e.to_string())
            }
            _ => Err("usage: position startpos|fen FEN [moves M...]".to_string()),
        };
        let mut pos = match start {
            Ok(pos) => pos,
            Err(e) => return self.say(&format!("info string {}", printable(&e))),
        };
        let mut earlier = Vec::new();
        for text in moves {
            let Some(m) = find_move(&pos, text) else {
                return self.say(&format!("info string illegal move: {}", printable(text)));
            };
            earlier.push(pos.hash());
            if pos.play(&m).is_err() {
                return self.say(&format!("info string illegal move: {}", printable(text)));
            }
        }
        self.pos = pos;
        self.earlier = earlier;
    }

    /// `go perft N`: each move's count, then the total.
    fn perft(&mut self, n: &str) {
        self.finish_thinking(false);
        let Ok(depth) = n.parse::<u32>() else {
            return self.say("info string usage: go perft N (N from 1 to 64)");
        };
        if !(1..=chessgraph::limits::MAX_PERFT_DEPTH).contains(&depth) {
            return self.say("info string usage: go perft N (N from 1 to 64)");
        }
        let mut total = 0;
        let mut lines: Vec<(String, u64)> = legal(&self.pos)
            .into_iter()
            .map(|m| {
                let mut p = self.pos.clone();
                let text = uci_move(&p, m);
                let _ = p.play(&m);
                (text, perft(&mut p, depth - 1))
            })
            .collect();
        lines.sort();
        for (text, count) in &lines {
            total += count;
            self.say(&format!("{text}: {count}"));
        }
        self.say("");
        self.say(&format!("Nodes searched: {total}"));
    }

    /// `go ...`: a search in its own thread, which says `bestmove` when it ends.
    fn go(&mut self, words: &[&str]) {
        self.finish_thinking(false);
        let Some(limits) = go_limits(words, self.pos.to_move().index()) else {
            return self.say(&format!(
                "info string usage: go [depth N] [movetime MS] [nodes N] [wtime MS btime MS \
                 winc MS binc MS movestogo N] [infinite] | go perft N (not: {})",
                printable(&words.join(" "))
            ));
        };
        let mut engine = self
            .engine
            .take()
            .unwrap_or_else(|| Engine::new(&self.rules));
        engine.stop_flag().store(false, Ordering::Relaxed);
        let (pos, earlier) = (self.pos.clone(), self.earlier.clone());
        let flag = engine.stop_flag();
        let tx = self.tx.clone();
        let handle = std::thread::spawn(move || {
            let start = Instant::now();
            let found = engine.search(&pos, &earlier, limits);
            report(&tx, &pos, &found, start.elapsed());
            engine
        });
        self.thinking = Some((handle, flag, limits == Limits::default()));
    }

    /// Waits for the search under way to end (stopping it first when `stop`, or when it has no
    /// limit), and keeps its engine; the search says `bestmove` itself.
    fn finish_thinking(&mut self, stop: bool) {
        if let Some((handle, flag, unlimited)) = self.thinking.take() {
            if stop || unlimited {
                flag.store(true, Ordering::Relaxed);
            }
            match handle.join() {
                Ok(engine) => self.engine = Some(engine),
                Err(_) => self.say("info string the search failed"),
            }
        }
    }
}

/// The limits of `go`'s words (`seat`: the player to move, for `wtime`/`btime`), or `None` when
/// they do not read.
fn go_limits(words: &[&str], seat: usize) -> Option<Limits> {
    let mut limits = Limits::default();
    let (mut time, mut inc, mut to_go) = ([None; 2], [0u64; 2], 30u64);
    let mut i = 0;
    while i < words.len() {
        if words[i] == "infinite" {
            i += 1;
            continue;
        }
        let value: u64 = words.get(i + 1)?.parse().ok()?;
        match words[i] {
            "depth" => limits.depth = Some(u32::try_from(value).ok()?.clamp(1, 64)),
            "nodes" => limits.nodes = Some(value.max(1)),
            "movetime" => limits.movetime = Some(Duration::from_millis(value.max(1))),
            "wtime" => time[0] = Some(value),
            "btime" => time[1] = Some(value),
            "winc" => inc[0] = value,
            "binc" => inc[1] = value,
            "movestogo" => to_go = value.max(1),
            _ => return None,
        }
        i += 2;
    }
    let side = seat.min(1);
    if limits.movetime.is_none()
        && let Some(t) = time[side]
    {
        let budget = t / to_go.clamp(1, 30) + inc[side] / 2;
        limits.movetime = Some(Duration::from_millis(
            budget.min(t.saturating_sub(20)).max(1),
        ));
    }
    Some(limits)
}

/// The `info` line of a finished search, and `bestmove`.
fn report(tx: &Sender<Event>, pos: &Position, found: &Found, took: Duration) {
    let score = if found.score.abs() > MATE_SCORES {
        let plies = 1_000_000 - found.score.abs();
        let moves = (plies + 1) / 2;
        format!("mate {}", if found.score > 0 { moves } else { -moves })
    } else {
        format!("cp {}", found.score)
    };
    let mut p = pos.clone();
    let mut line = Vec::new();
    for &m in &found.line {
        line.push(uci_move(&p, m));
        if p.play(&m).is_err() {
            break;
        }
    }
    let ms = took.as_millis().max(1);
    say_to(
        tx,
        &format!(
            "info depth {} score {score} nodes {} nps {} time {ms} pv {}",
            found.depth,
            found.nodes,
            u128::from(found.nodes) * 1000 / ms,
            line.join(" ")
        ),
    );
    match found.best {
        Some(m) => say_to(tx, &format!("bestmove {}", uci_move(pos, m))),
        None => say_to(tx, "bestmove (none)"),
    }
}

/// The legal moves of a position (none once the game is over).
fn legal(pos: &Position) -> Vec<Move> {
    if pos.outcome().is_some() {
        return Vec::new();
    }
    pos.legal_moves()
}

/// The legal move written `text` in Fairy-Stockfish's notation.
fn find_move(pos: &Position, text: &str) -> Option<Move> {
    legal(pos).into_iter().find(|&m| uci_move(pos, m) == text)
}

/// Text from the input, safe to write back.
fn printable(text: &str) -> String {
    chessgraph::diagnostic::printable(text).to_string()
}
