//! A terminal game for any variant and any number of players at one keyboard.
//!
//! [`play`] reads lines from any [`BufRead`] and writes to any [`Write`], so it runs the same on a
//! terminal, with piped input, and in tests. After every move it shows the board as text (whose
//! turn, check, eliminated players) with the move just played; a line is a move in the move notation
//! (`e2-e4`, `e2e4`, `e7-e8=Q`) or a command: `moves [SQUARE]`, `undo`, `fen`, `svg FILE`, `show`,
//! `help`, `quit`. An illegal move is refused with the reason and the same player is asked again.
//! The game ends with its outcome: the winner, or a draw, and why. No terminal escapes are written.

use std::io::{self, BufRead, Write};
use std::path::Path;

use crate::board::NodeId;
use crate::diagnostic::{is_unprintable, printable};
use crate::ids::PlayerSet;
use crate::limits::MAX_LINE_BYTES;
use crate::movegen::Move;
use crate::notation::{MoveError, move_text, parse_move};
use crate::output_file::write_output;
use crate::position::{Outcome, Position};
use crate::render::{RenderOptions, render_svg};
use crate::rules::{PlayerId, Rules};

/// How the game talks to its terminal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayOptions {
    /// Write each input line after its prompt, so that a transcript of piped input reads like a
    /// session (a terminal echoes typed lines itself).
    pub echo: bool,
    /// Apply the variant's draw rules (`[draws]`: n-move rule, repetition, insufficient
    /// material) after every move.
    pub draw_rules: bool,
}

/// How a call to [`play`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// The game is over.
    Finished(Outcome),
    /// A player typed `quit`.
    Quit,
    /// The input ended first.
    EndOfInput,
}

const HELP: &str = "\
commands:
  e2-e4, e2e4, e7-e8=Q   play a move (castling is the king's move, e.g. e1-g1)
  moves                  list the legal moves
  moves SQUARE           list the moves of the piece on SQUARE (as if its owner were to move)
  moves P@               list the drops of a kind from the hand (variants with hands)
  undo                   take back the last move
  fen                    print the position text
  svg FILE               write the position as an SVG picture (one file name, no spaces;
                         never one of the files the game was loaded from)
  show                   show the board again
  help                   this list
  quit                   leave the game
";

/// Reads one line of at most [`MAX_LINE_BYTES`] bytes, without its line ending. `None` at the
/// end of the input; `Some(Err(_))` for a line that is too long (read and dropped in bounded
/// memory) or not UTF-8. Linear in the length of the input.
fn read_line(input: &mut impl BufRead) -> io::Result<Option<Result<String, String>>> {
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            if line.is_empty() && !too_long {
                return Ok(None);
            }
            break;
        }
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        if !too_long && line.len() + chunk.len() <= MAX_LINE_BYTES {
            line.extend_from_slice(chunk);
        } else {
            too_long = true;
            line.clear();
        }
        let used = done.unwrap_or(buf.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if too_long {
        return Ok(Some(Err(format!(
            "line refused: longer than {MAX_LINE_BYTES} bytes"
        ))));
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(Some(
        String::from_utf8(line)
            .map_err(|e| {
                format!(
                    "line refused: not UTF-8 text (byte {} of the line)",
                    e.utf8_error().valid_up_to() + 1
                )
            })
            .and_then(refuse_unprintable),
    ))
}

/// A line as read, or why it is refused: a control character other than tab, or a
/// bidirectional formatting character (echoed or quoted, either would reach the terminal raw).
fn refuse_unprintable(line: String) -> Result<String, String> {
    let found = line
        .chars()
        .enumerate()
        .find(|&(_, c)| c != '\t' && is_unprintable(c));
    match found {
        None => Ok(line),
        Some((i, c)) => Err(format!(
            "line refused: {} (U+{:04X}, character {} of the line)",
            if c.is_control() {
                "a control character"
            } else {
                "a bidirectional formatting character"
            },
            u32::from(c),
            i + 1
        )),
    }
}

/// The move just played, for the display and the picture.
#[derive(Clone, Debug)]
struct LastMove {
    mover: PlayerId,
    text: String,
    from: NodeId,
    to: NodeId,
}

struct Game {
    pos: Position,
    last: Option<LastMove>,
    /// The state before each move played, for `undo`.
    history: Vec<(Position, Option<LastMove>)>,
    /// Whether the variant's draw rules end the game.
    draw_rules: bool,
}

/// One line read at the prompt.
enum Typed {
    /// A line of text, without its line ending.
    Line(String),
    /// A line refused (too long, not UTF-8); the reason is already written.
    Refused,
    /// The input ended.
    EndOfInput,
}

/// Plays a game from `start` (settling first a position whose player to move has no move), reading
/// lines from `input` and writing to `out`, until the game ends, a player quits or the input ends.
pub fn play(
    start: Position,
    mut input: impl BufRead,
    mut out: impl Write,
    options: &PlayOptions,
) -> io::Result<GameEnd> {
    greet(&mut out, start.rules())?;
    let mut game = Game {
        pos: start,
        last: None,
        history: Vec::new(),
        draw_rules: options.draw_rules,
    };
    let alive = game.pos.players_in();
    if let Some(end) = game.settle_and_show(&mut out, alive)? {
        return Ok(end);
    }
    loop {
        let rules = game.pos.rules();
        write!(out, "{}> ", rules.player(game.pos.to_move()).name)?;
        out.flush()?;
        let line = match read_typed(&mut input, &mut out, options)? {
            Typed::Line(line) => line,
            Typed::Refused => continue,
            Typed::EndOfInput => {
                writeln!(out)?;
                writeln!(out, "end of input: the game is left unfinished")?;
                return Ok(GameEnd::EndOfInput);
            }
        };
        if let Some(end) = game.obey(&mut out, line.trim())? {
            return Ok(end);
        }
    }
}

/// The first line of a game: the variant and its players.
fn greet(out: &mut impl Write, rules: &Rules) -> io::Result<()> {
    let names: Vec<&str> = rules.players().iter().map(|p| p.name.as_str()).collect();
    writeln!(
        out,
        "{}: {} players ({}). Type `help` for the commands.",
        rules.name(),
        names.len(),
        names.join(", ")
    )
}

/// Reads the next line, echoing it (or the line break a refused line leaves out) when
/// `options.echo` asks for a transcript, and writing why a line is refused.
fn read_typed(
    input: &mut impl BufRead,
    out: &mut impl Write,
    options: &PlayOptions,
) -> io::Result<Typed> {
    match read_line(input)? {
        None => Ok(Typed::EndOfInput),
        Some(Err(problem)) => {
            if options.echo {
                writeln!(out)?;
            }
            writeln!(out, "{problem}")?;
            Ok(Typed::Refused)
        }
        Some(Ok(line)) => {
            if options.echo {
                writeln!(out, "{line}")?;
            }
            Ok(Typed::Line(line))
        }
    }
}

impl Game {
    /// Carries out one trimmed input line: a command or a move. `Some` when the game is over or
    /// left.
    fn obey(&mut self, out: &mut impl Write, line: &str) -> io::Result<Option<GameEnd>> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&word, args)) = words.split_first() else {
            return Ok(None);
        };
        let usage = |arity: &str| format!("usage: {word}{arity} (type `help` for the commands)");
        match (word, args) {
            ("help" | "?", []) => write!(out, "{HELP}")?,
            ("quit" | "exit", []) => {
                writeln!(out, "game abandoned")?;
                return Ok(Some(GameEnd::Quit));
            }
            ("fen", []) => writeln!(out, "{}", self.pos.to_fen())?,
            ("show" | "board", []) => show(out, self, &[])?,
            ("moves", []) => list_moves(out, &self.pos)?,
            ("moves", [token]) if token.len() > 1 && token.ends_with('@') => {
                list_drops(out, &self.pos, &token[..token.len() - 1])?
            }
            ("moves", [square]) => list_piece_moves(out, &self.pos, square)?,
            ("moves", _) => writeln!(out, "{}", usage(" [SQUARE]"))?,
            ("undo", []) => self.undo(out)?,
            ("svg", [file]) if *file != "-" && !file.contains(['"', '\'']) => {
                self.save_svg(out, file)?;
            }
            ("svg", _) => writeln!(
                out,
                "usage: svg FILE (one file name, without spaces or quotes)"
            )?,
            ("help" | "?" | "quit" | "exit" | "fen" | "show" | "board" | "undo", _) => {
                writeln!(out, "{}", usage(""))?;
            }
            _ => return self.play_move(out, line),
        }
        Ok(None)
    }

    /// `undo`: back to the state before the last move.
    fn undo(&mut self, out: &mut impl Write) -> io::Result<()> {
        let Some((pos, last)) = self.history.pop() else {
            return writeln!(out, "nothing to undo");
        };
        if let Some(l) = &self.last {
            let mover = &self.pos.rules().player(l.mover).name;
            writeln!(out, "took back {mover}'s {}", l.text)?;
        }
        self.pos = pos;
        self.last = last;
        show(out, self, &[])
    }

    /// `svg FILE`: the position, with the last move marked, as a picture.
    fn save_svg(&self, out: &mut impl Write, file: &str) -> io::Result<()> {
        let rules = self.pos.rules();
        let options = RenderOptions {
            last_move: self.last.as_ref().map(|l| (l.from, l.to)),
            ..RenderOptions::default()
        };
        let svg = render_svg(rules.board(), Some(&self.pos), &options);
        match write_output(Path::new(file), svg.as_bytes(), rules.files()) {
            Ok(()) => writeln!(out, "wrote {file}"),
            Err(e) => writeln!(out, "{e}"),
        }
    }

    /// Plays the move `line` names, or says why it cannot be played. `Some` when the game is over.
    fn play_move(&mut self, out: &mut impl Write, line: &str) -> io::Result<Option<GameEnd>> {
        let m = match parse_move(&self.pos, line) {
            Ok(m) => m,
            Err(MoveError::Illegal(reason)) => {
                writeln!(out, "illegal move `{line}`: {reason}")?;
                return Ok(None);
            }
            Err(e) => {
                writeln!(out, "{e} (type `help` for the commands)")?;
                return Ok(None);
            }
        };
        let mover = self.pos.to_move();
        let text = move_text(&self.pos, m);
        self.history.push((self.pos.clone(), self.last.take()));
        let alive = self.pos.players_in();
        if let Err(why) = self.pos.play(&m) {
            if let Some((_, last)) = self.history.pop() {
                self.last = last;
            }
            writeln!(out, "illegal move `{line}`: {why}")?;
            return Ok(None);
        }
        if self.pos.rules().has_numbers()
            && let Some((before, _)) = self.history.last()
        {
            let lost = self.pos.losses_since(before, mover);
            if !lost.is_empty() {
                writeln!(out, "captured: {}", lost.join(", "))?;
            }
        }
        self.last = Some(LastMove {
            mover,
            text,
            // A drop has no origin: its destination is marked alone.
            from: m.from().unwrap_or(m.to()),
            to: m.to(),
        });
        self.settle_and_show(out, alive)
    }

    /// Settles the position (see [`settle`]) and shows it with what happened; `Some` with the
    /// outcome written when the game is over.
    fn settle_and_show(
        &mut self,
        out: &mut impl Write,
        alive_before: PlayerSet,
    ) -> io::Result<Option<GameEnd>> {
        let (mut outcome, events) = settle(&mut self.pos, alive_before);
        if outcome.is_none() && self.draw_rules {
            let earlier: Vec<u64> = self.history.iter().map(|(p, _)| p.hash()).collect();
            outcome = self.pos.draw_by_rules(&earlier);
        }
        show(out, self, &events)?;
        outcome.map(|o| finish(out, &self.pos, o)).transpose()
    }
}

/// Settles the position after a move: players whose royals were captured (alive in `alive_before`
/// and not now), then players to move without a legal move. Returns the outcome, if the game is
/// over, and one line per elimination.
fn settle(pos: &mut Position, alive_before: PlayerSet) -> (Option<Outcome>, Vec<String>) {
    let rules = pos.rules().clone();
    let mut events = Vec::new();
    let royal = rules
        .kinds()
        .iter()
        .find(|k| k.royal)
        .map_or("royal piece", |k| k.name.as_str())
        .to_string();
    let n = rules.players().len();
    for i in 0..n {
        let p = PlayerId::seat(i as u8);
        if alive_before.contains(p) && !pos.players_in().contains(p) {
            events.push(format!(
                "{name}'s {royal} was captured: {name} is out, its pieces stay frozen",
                name = rules.players()[i].name
            ));
        }
    }
    let judged = pos.to_move();
    let in_check = pos.is_check();
    let alive = pos.players_in();
    let (outcome, _) = pos.resolve(&mut Vec::new());
    // Eliminations happen in turn order from the player who was to move.
    for k in 0..n {
        let p = PlayerId(((judged.index() + k) % n) as u8);
        if alive.contains(p) && !pos.players_in().contains(p) {
            let checked = if p == judged {
                in_check
            } else {
                pos.royal_attacked(p)
            };
            events.push(format!(
                "{} has no legal move{}: out, its pieces stay frozen",
                rules.player(p).name,
                if checked {
                    " and is in check (checkmate)"
                } else {
                    " and is not in check (stalemate)"
                }
            ));
        }
    }
    (outcome, events)
}

fn show(out: &mut impl Write, game: &Game, events: &[String]) -> io::Result<()> {
    let rules = game.pos.rules();
    writeln!(out)?;
    if let Some(l) = &game.last {
        writeln!(out, "last move: {} {}", rules.player(l.mover).name, l.text)?;
    }
    for e in events {
        writeln!(out, "{e}")?;
    }
    write!(out, "{}", game.pos.to_text())
}

fn finish(out: &mut impl Write, pos: &Position, outcome: Outcome) -> io::Result<GameEnd> {
    let text = pos.result_text(outcome);
    writeln!(out, "result: {text}")?;
    Ok(GameEnd::Finished(outcome))
}

fn wrapped(out: &mut impl Write, texts: &[String]) -> io::Result<()> {
    let mut line = String::from(" ");
    for t in texts {
        if line.len() + t.len() + 1 > 78 {
            writeln!(out, "{line}")?;
            line = String::from(" ");
        }
        line.push(' ');
        line.push_str(t);
    }
    if line.len() > 1 {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

fn list_moves(out: &mut impl Write, pos: &Position) -> io::Result<()> {
    let mut texts: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| move_text(pos, m))
        .collect();
    texts.sort();
    writeln!(
        out,
        "{} legal move(s) for {}:",
        texts.len(),
        pos.rules().player(pos.to_move()).name
    )?;
    wrapped(out, &texts)
}

/// The legal drops of the kind with this token for the side to move.
fn list_drops(out: &mut impl Write, pos: &Position, token: &str) -> io::Result<()> {
    let rules = pos.rules();
    if rules.hands().is_none() {
        return writeln!(out, "this variant has no hands: nothing is ever dropped");
    }
    let kind = rules.kind_by_token_text(token);
    let Some(k) = kind else {
        return writeln!(out, "no piece has the token `{}`", printable(token));
    };
    let mut texts: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| matches!(m, Move::Drop { kind, .. } if *kind == k))
        .map(|m| move_text(pos, m))
        .collect();
    texts.sort();
    let me = pos.to_move();
    writeln!(
        out,
        "{} legal drop(s) of {} for {} ({} in hand):",
        texts.len(),
        rules.kind(k).name,
        rules.player(me).name,
        pos.hand(me, k)
    )?;
    wrapped(out, &texts)
}

fn list_piece_moves(out: &mut impl Write, pos: &Position, square: &str) -> io::Result<()> {
    let rules = pos.rules();
    let board = rules.board();
    let Some(n) = board.node(square) else {
        let hint = crate::diagnostic::suggest(square, board.node_ids().map(|n| board.node_name(n)))
            .map(|h| format!(" ({h})"))
            .unwrap_or_default();
        return writeln!(out, "the board has no square `{square}`{hint}");
    };
    let Some(pc) = pos.piece_at(n) else {
        return writeln!(out, "{square} is empty");
    };
    let owner = &rules.player(pc.owner).name;
    let kind = &rules.kind(pc.kind).name;
    if !pos.is_alive(pc.owner) {
        return writeln!(
            out,
            "the {kind} on {square} is {owner}'s; {owner} is out: the piece is frozen"
        );
    }
    let mut texts: Vec<String> = pos
        .piece_legal_moves(n)
        .into_iter()
        .map(|m| move_text(pos, m))
        .collect();
    texts.sort();
    let whose = if pc.owner == pos.to_move() {
        format!("the {owner} {kind} on {square}")
    } else {
        format!("the {owner} {kind} on {square} (if {owner} were to move)")
    };
    writeln!(out, "{} legal move(s) for {whose}:", texts.len())?;
    wrapped(out, &texts)
}
