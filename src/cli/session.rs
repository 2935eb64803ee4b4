//! A terminal game for any variant and any number of players at one keyboard.
//!
//! [`play`] reads lines from any [`BufRead`] and writes to any [`Write`], so it runs the same on a
//! terminal, with piped input, and in tests. After every move it shows the board as text (whose
//! turn, check, eliminated players) with the move just played; a line is a move in the move notation
//! (`e2-e4`, `e2e4`, `e7-e8=Q`) or a command: `moves [SQUARE]`, `undo`, `fen`, `svg FILE`,
//! `save FILE`, `load FILE` (the game record of [`Record`]), `show`, `help`, `quit`.
//! An illegal move is refused with the reason and the same player is asked again.
//! The game ends with its outcome: the winner, or a draw, and why. No terminal escapes are written.

use std::io::{self, BufRead, Write};
use std::path::Path;

use super::output_file::write_output;
use chessgraph::diagnostic::{is_unprintable, printable};
use chessgraph::notation::{MoveError, legal_move_texts, sorted_texts};
use chessgraph::render::{RenderOptions, render_svg};
use chessgraph::{Engine, Limits, Move, NodeId, Outcome, PlayerSet, Position, Rules};

use super::game::{Game, MAX_RECORD_BYTES, Record};

/// Longest line `play` reads from its input, in bytes; a longer line is refused as a whole.
const MAX_LINE_BYTES: usize = 64 * 1024;

/// How the game talks to its terminal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayOptions {
    /// Write each input line after its prompt, so that a transcript of piped input reads like a
    /// session (a terminal echoes typed lines itself).
    pub echo: bool,
    /// Apply the variant's draw rules (`[draws]`: n-move rule, repetition, insufficient
    /// material) after every move.
    pub draw_rules: bool,
    /// The seats the computer plays (none by default).
    pub computer: Computer,
}

/// The seats the computer plays, and how long it thinks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Computer {
    /// Its seats.
    pub seats: PlayerSet,
    /// Its limits per move.
    pub limits: Limits,
    /// Whether it searches games of more than two players by max-n.
    pub max_n: bool,
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
  undo                   take back the last move (against the computer: your last move and
                         its replies)
  fen                    print the position text
  svg FILE               write the position as an SVG picture (one file name, no spaces;
                         never one of the files the game was loaded from)
  save FILE              write the game record (start position text and moves, TOML)
  load FILE              replace the game by the one a record file holds (same variant)
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

/// The terminal's game (the library's [`Game`], which keeps the moves for undo and the record).
struct Session {
    game: Game,
    /// The computer player, when it has seats.
    engine: Option<Engine>,
    /// The seats the computer plays: `undo` takes back their replies with the player's move.
    computer_seats: PlayerSet,
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
    let engine = (!options.computer.seats.is_empty()).then(|| {
        let mut engine = Engine::new(start.rules());
        engine.set_max_n(options.computer.max_n);
        engine
    });
    let mut game = Session {
        game: Game::new(start, options.draw_rules),
        engine,
        computer_seats: options.computer.seats,
    };
    let events = game.game.start_events().to_vec();
    if let Some(end) = game.show_and_finish(&mut out, &events)? {
        return Ok(end);
    }
    loop {
        let pos = game.game.position();
        if options.computer.seats.contains(pos.to_move()) {
            if let Some(end) = game.computer_move(&mut out, options.computer.limits)? {
                return Ok(end);
            }
            continue;
        }
        write!(out, "{}> ", pos.rules().player(pos.to_move()).name)?;
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

impl Session {
    /// Carries out one trimmed input line: a command or a move. `Some` when the game is over or
    /// left.
    fn obey(&mut self, out: &mut impl Write, line: &str) -> io::Result<Option<GameEnd>> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&word, args)) = words.split_first() else {
            return Ok(None);
        };
        let usage = |arity: &str| format!("usage: {word}{arity} (type `help` for the commands)");
        let pos = self.game.position();
        match (word, args) {
            ("help" | "?", []) => write!(out, "{HELP}")?,
            ("quit" | "exit", []) => {
                writeln!(out, "game abandoned")?;
                return Ok(Some(GameEnd::Quit));
            }
            ("fen", []) => writeln!(out, "{}", pos.to_fen())?,
            ("show" | "board", []) => show(out, &self.game, &[])?,
            ("moves", []) => list_moves(out, pos)?,
            ("moves", [token]) if token.len() > 1 && token.ends_with('@') => {
                list_drops(out, pos, &token[..token.len() - 1])?
            }
            ("moves", [square]) => list_piece_moves(out, pos, square)?,
            ("moves", _) => writeln!(out, "{}", usage(" [SQUARE]"))?,
            ("undo", []) => self.undo(out)?,
            ("svg" | "save" | "load", [file]) if *file != "-" && !file.contains(['"', '\'']) => {
                return match word {
                    "svg" => self.save_svg(out, file).map(|()| None),
                    "save" => self.save(out, file).map(|()| None),
                    _ => self.load(out, file),
                };
            }
            ("svg" | "save" | "load", _) => writeln!(
                out,
                "usage: {word} FILE (one file name, without spaces or quotes)"
            )?,
            ("help" | "?" | "quit" | "exit" | "fen" | "show" | "board" | "undo", _) => {
                writeln!(out, "{}", usage(""))?;
            }
            _ => return self.play_move(out, line),
        }
        Ok(None)
    }

    /// The computer's move for the player to move, played and shown. `Some` when the game is
    /// over.
    fn computer_move(
        &mut self,
        out: &mut impl Write,
        limits: Limits,
    ) -> io::Result<Option<GameEnd>> {
        let game = &self.game;
        let earlier = game.earlier_hashes();
        let pos = game.position().clone();
        let engine = self.engine.get_or_insert_with(|| Engine::new(pos.rules()));
        let found = engine.search(&pos, &earlier, limits);
        let Some(m) = found.best else {
            writeln!(out, "the computer has no move")?;
            return Ok(Some(GameEnd::EndOfInput));
        };
        let text = chessgraph::notation::move_text(&pos, m);
        let name = &pos.rules().player(pos.to_move()).name;
        writeln!(out, "{name} (computer) plays {text}")?;
        match self.game.play_text(&text) {
            Ok(played) => {
                let events = played.events.clone();
                self.show_and_finish(out, &events)
            }
            Err(e) => {
                writeln!(out, "the computer's move {text} was refused: {e}")?;
                Ok(Some(GameEnd::EndOfInput))
            }
        }
    }

    /// `undo`: back to the state before the last move of a player at the keyboard, the
    /// computer's replies to it taken back with it (else the computer would at once play again).
    fn undo(&mut self, out: &mut impl Write) -> io::Result<()> {
        let seats = self.computer_seats;
        let Some(last_own) = (self.game.moves().iter()).rposition(|m| !seats.contains(m.mover))
        else {
            return writeln!(out, "nothing to undo");
        };
        while self.game.moves().len() > last_own {
            let Some(taken) = self.game.undo() else { break };
            let mover = &self.game.rules().player(taken.mover).name;
            let who = if seats.contains(taken.mover) {
                " (computer)"
            } else {
                ""
            };
            writeln!(out, "took back {mover}'s{who} {}", taken.text)?;
        }
        show(out, &self.game, &[])
    }

    /// `svg FILE`: the position, with the last move marked, as a picture.
    fn save_svg(&self, out: &mut impl Write, file: &str) -> io::Result<()> {
        let rules = self.game.rules();
        let options = RenderOptions {
            last_move: last_move(&self.game),
            ..RenderOptions::default()
        };
        let svg = render_svg(rules.board(), Some(self.game.position()), &options);
        match write_output(Path::new(file), svg.as_bytes(), rules.files()) {
            Ok(()) => writeln!(out, "wrote {file}"),
            Err(e) => writeln!(out, "{e}"),
        }
    }

    /// `save FILE`: the game's record (start position text and moves, see [`Record`]).
    fn save(&self, out: &mut impl Write, file: &str) -> io::Result<()> {
        let text = self.game.record().to_toml();
        match write_output(Path::new(file), text.as_bytes(), self.game.rules().files()) {
            Ok(()) => writeln!(out, "saved the game to {file}"),
            Err(e) => writeln!(out, "{e}"),
        }
    }

    /// `load FILE`: the game a record describes replaces this one (the same variant only).
    fn load(&mut self, out: &mut impl Write, file: &str) -> io::Result<Option<GameEnd>> {
        let text = match read_record_file(Path::new(file)) {
            Ok(text) => text,
            Err(e) => {
                writeln!(out, "cannot load {file}: {e}")?;
                return Ok(None);
            }
        };
        let loaded = Record::parse(&text)
            .and_then(|r| Game::from_record(self.game.rules(), &r, self.game.draws_apply()));
        match loaded {
            Ok(game) => {
                self.game = game;
                writeln!(out, "loaded {file}: {} move(s)", self.game.moves().len())?;
                self.show_and_finish(out, &[])
            }
            Err(e) => {
                writeln!(out, "cannot load {file}: {e}")?;
                Ok(None)
            }
        }
    }

    /// Plays the move `line` names, or says why it cannot be played. `Some` when the game is over.
    fn play_move(&mut self, out: &mut impl Write, line: &str) -> io::Result<Option<GameEnd>> {
        match self.game.play_text(line) {
            Ok(played) => {
                let events = played.events.clone();
                self.show_and_finish(out, &events)
            }
            Err(MoveError::Illegal(reason)) => {
                writeln!(out, "illegal move `{line}`: {reason}")?;
                Ok(None)
            }
            Err(e) => {
                writeln!(out, "{e} (type `help` for the commands)")?;
                Ok(None)
            }
        }
    }

    /// Shows the position with what happened; `Some` with the outcome written when the game is
    /// over.
    fn show_and_finish(
        &mut self,
        out: &mut impl Write,
        events: &[String],
    ) -> io::Result<Option<GameEnd>> {
        show(out, &self.game, events)?;
        match (self.game.outcome(), self.game.result_text()) {
            (Some(o), Some(text)) => {
                writeln!(out, "result: {text}")?;
                Ok(Some(GameEnd::Finished(o)))
            }
            _ => Ok(None),
        }
    }
}

/// The text of a record file, read in bounded memory.
fn read_record_file(path: &Path) -> io::Result<String> {
    use std::io::Read;
    let mut text = String::new();
    std::fs::File::open(path)?
        .take(MAX_RECORD_BYTES + 1)
        .read_to_string(&mut text)?;
    if text.len() as u64 > MAX_RECORD_BYTES {
        return Err(io::Error::other(format!(
            "longer than {MAX_RECORD_BYTES} bytes"
        )));
    }
    Ok(text)
}

/// The last move's ends, for the picture: a drop has no origin, its destination is marked alone.
fn last_move(game: &Game) -> Option<(NodeId, NodeId)> {
    game.moves().last().map(|m| (m.from.unwrap_or(m.to), m.to))
}

fn show(out: &mut impl Write, game: &Game, events: &[String]) -> io::Result<()> {
    let rules = game.rules();
    writeln!(out)?;
    if let Some(l) = game.moves().last() {
        writeln!(out, "last move: {} {}", rules.player(l.mover).name, l.text)?;
    }
    for e in events {
        writeln!(out, "{e}")?;
    }
    write!(out, "{}", game.position().to_text())
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
    let texts = legal_move_texts(pos);
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
    let drops = pos
        .legal_moves()
        .into_iter()
        .filter(|m| matches!(m, Move::Drop { kind, .. } if *kind == k));
    let texts = sorted_texts(pos, drops);
    let me = pos.to_move();
    writeln!(
        out,
        "{} legal drop(s) of {} for {} ({} in hand):",
        texts.len(),
        rules.kind(k).name,
        rules.player(me).name,
        pos.hand_of(me).iter().find(|h| h.0 == k).map_or(0, |h| h.1)
    )?;
    wrapped(out, &texts)
}

fn list_piece_moves(out: &mut impl Write, pos: &Position, square: &str) -> io::Result<()> {
    let rules = pos.rules();
    let board = rules.board();
    let Some(n) = board.node(square) else {
        let hint =
            chessgraph::diagnostic::suggest(square, board.node_ids().map(|n| board.node_name(n)))
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
    let texts = sorted_texts(pos, pos.piece_legal_moves(n));
    let whose = if pc.owner == pos.to_move() {
        format!("the {owner} {kind} on {square}")
    } else {
        format!("the {owner} {kind} on {square} (if {owner} were to move)")
    };
    writeln!(out, "{} legal move(s) for {whose}:", texts.len())?;
    wrapped(out, &texts)
}
