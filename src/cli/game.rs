//! A game as a program holds it: the start, every position reached, the moves played as text,
//! eliminations and the result, with undo; and its record (the start position text plus the
//! moves, in TOML) to save and load.
//!
//! `play` (the terminal) and `chessgraph serve` (the browser) both keep their games here, so a
//! move is settled, judged and described the same way in both. The command line's, on the
//! library's public API; the tests include this file.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use chessgraph::notation::{LineError, MoveError, move_text, parse_move};
use chessgraph::{
    Move, NodeId, Outcome, PlayError, PlayerId, PlayerSet, Position, Rules, SetupError,
};

/// The most moves one game holds: a longer game is refused its next move (every position is
/// kept for undo and navigation, so memory grows with the game).
pub const MAX_PLIES: usize = 5_000;

/// The longest record text read, in bytes (a record of [`MAX_PLIES`] long moves fits).
pub(crate) const MAX_RECORD_BYTES: u64 = 256 * 1024;

/// A move played, as the game remembers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Its text (`e2-e4`, `e7-e8=Q`, `P@e4`).
    pub text: String,
    /// Who played it.
    pub mover: PlayerId,
    /// Where it left from (a drop has no origin).
    pub from: Option<NodeId>,
    /// Where it went.
    pub to: NodeId,
    /// What followed it: captured values, eliminations, one line each.
    pub events: Vec<String>,
}

/// One position of the game, settled, with whether the game ended there.
#[derive(Clone, Debug)]
struct Reached {
    pos: Position,
    outcome: Option<Outcome>,
}

/// A game: the positions reached from a start by the moves played.
#[derive(Clone, Debug)]
pub struct Game {
    /// The start as given (before settling), for the record.
    start: Position,
    /// `reached[0]` is the settled start; `reached[i]` follows `moves[i - 1]`.
    reached: Vec<Reached>,
    moves: Vec<Played>,
    /// What happened when the start was settled (players out at once).
    start_events: Vec<String>,
    draw_rules: bool,
}

impl Game {
    /// A game from `start`, settled (a player to move without a move is out at once). With
    /// `draw_rules`, the variant's `[draws]` end the game too.
    pub fn new(start: Position, draw_rules: bool) -> Game {
        let mut pos = start.clone();
        let alive = pos.players_in();
        let (mut outcome, start_events) = settle(&mut pos, alive);
        if outcome.is_none() && draw_rules {
            outcome = pos.draw_by_rules(&[]);
        }
        Game {
            start,
            reached: vec![Reached { pos, outcome }],
            moves: Vec::new(),
            start_events,
            draw_rules,
        }
    }

    /// The variant.
    pub fn rules(&self) -> &Arc<Rules> {
        self.start.rules()
    }

    /// Whether the variant's draw rules end this game.
    pub fn draws_apply(&self) -> bool {
        self.draw_rules
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.last().pos
    }

    /// The position after `ply` moves (0: the start), if the game is that long.
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.reached.get(ply).map(|r| &r.pos)
    }

    /// The hashes of the positions before the current one, oldest first: what the computer
    /// player needs for the draw by repetition.
    pub fn earlier_hashes(&self) -> Vec<u64> {
        let before = self.reached.len().saturating_sub(1);
        self.reached[..before]
            .iter()
            .map(|r| r.pos.hash())
            .collect()
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Played] {
        &self.moves
    }

    /// What happened when the start was settled.
    pub fn start_events(&self) -> &[String] {
        &self.start_events
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.last().outcome
    }

    /// The result in words (the winner or the draw, and why), if the game has ended.
    pub fn result_text(&self) -> Option<String> {
        self.outcome().map(|o| self.position().result_text(o))
    }

    fn last(&self) -> &Reached {
        // `reached` always holds the start.
        &self.reached[self.reached.len() - 1]
    }

    /// Plays the move this text names, or says why not (the game is over, the text does not
    /// read, the move is illegal and why, the game is at [`MAX_PLIES`]).
    pub fn play_text(&mut self, text: &str) -> Result<&Played, MoveError> {
        if let Some(o) = self.outcome() {
            let result = self.position().result_text(o);
            return Err(PlayError::GameOver { result }.into());
        }
        if self.moves.len() >= MAX_PLIES {
            return Err(MoveError::Malformed {
                text: text.to_string(),
                reason: format!("the game already holds {MAX_PLIES} moves, the most it may"),
            });
        }
        let before = self.position();
        let m = parse_move(before, text)?;
        let mover = before.to_move();
        let move_text = move_text(before, m);
        let mut pos = before.clone();
        let alive = pos.players_in();
        pos.play(&m)?;
        let mut events = if pos.rules().has_numbers() {
            let lost = pos.losses_since(before, mover);
            if lost.is_empty() {
                Vec::new()
            } else {
                vec![format!("captured: {}", lost.join(", "))]
            }
        } else {
            Vec::new()
        };
        let (mut outcome, settled) = settle(&mut pos, alive);
        events.extend(settled);
        if outcome.is_none() && self.draw_rules {
            let earlier: Vec<u64> = self.reached.iter().map(|r| r.pos.hash()).collect();
            outcome = pos.draw_by_rules(&earlier);
        }
        self.reached.push(Reached { pos, outcome });
        self.moves.push(Played {
            text: move_text,
            mover,
            from: m.from(),
            to: m.to(),
            events,
        });
        Ok(&self.moves[self.moves.len() - 1])
    }

    /// Takes back the last move; `None` when no move was played.
    pub fn undo(&mut self) -> Option<Played> {
        let played = self.moves.pop()?;
        self.reached.pop();
        Some(played)
    }

    /// The record of the game: the start's position text and the moves.
    pub fn record(&self) -> Record {
        Record {
            variant: self.rules().name().to_string(),
            start: self.start.to_fen(),
            moves: self.moves.iter().map(|m| m.text.clone()).collect(),
        }
    }

    /// The game a record describes, in this variant.
    pub fn from_record(
        rules: &Arc<Rules>,
        record: &Record,
        draw_rules: bool,
    ) -> Result<Game, RecordError> {
        if record.variant != rules.name() {
            return Err(RecordError::OtherVariant {
                record: record.variant.clone(),
                variant: rules.name().to_string(),
            });
        }
        let start = Position::from_fen(rules, &record.start).map_err(RecordError::Start)?;
        let mut game = Game::new(start, draw_rules);
        game.play_all(&record.moves)?;
        Ok(game)
    }

    /// Plays moves in order; the first that cannot be played stops them, located.
    pub fn play_all<S: AsRef<str>>(&mut self, moves: &[S]) -> Result<(), LineError> {
        for (i, text) in moves.iter().enumerate() {
            let text = text.as_ref();
            self.play_text(text).map_err(|error| LineError {
                index: i + 1,
                text: text.to_string(),
                error,
            })?;
        }
        Ok(())
    }
}

/// A saved game: the variant's name, the start position text and the moves as text. Written as
/// TOML:
///
/// ```toml
/// variant = "Chess"
/// start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
/// moves = ["e2-e4", "e7-e5"]
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The variant's name.
    pub(crate) variant: String,
    /// The start position text.
    pub start: String,
    /// The moves played from it.
    #[serde(default)]
    pub moves: Vec<String>,
}

impl Record {
    /// The record as TOML text.
    pub fn to_toml(&self) -> String {
        // Three plain fields always serialize; the fallback keeps this total.
        toml::to_string(self).unwrap_or_default()
    }

    /// Reads a record from TOML text.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        toml::from_str(text).map_err(|e| RecordError::Syntax(e.message().to_string()))
    }
}

/// Why a record could not be read or replayed.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// The text is not a record.
    #[error(
        "not a game record: {0} (expected `variant = \"...\"`, `start = \"...\"`, `moves = [...]`)"
    )]
    Syntax(String),
    /// The record is of another variant.
    #[error("the record is a game of {record}, not of {variant}")]
    OtherVariant {
        /// The record's variant.
        record: String,
        /// The variant it was loaded into.
        variant: String,
    },
    /// The start position text is wrong.
    #[error("the record's start position: {0}")]
    Start(SetupError),
    /// A move cannot be played.
    #[error("the record's {0}")]
    Move(#[from] LineError),
}

impl miette::Diagnostic for RecordError {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(match self {
            RecordError::Syntax(_) => "record::syntax",
            RecordError::OtherVariant { .. } => "record::variant",
            RecordError::Start(_) => "record::start",
            RecordError::Move(_) => "record::moves",
        }))
    }
}

/// Settles the position after a move: players whose royals were captured (alive in `alive_before`
/// and not now), then players to move without a legal move. Returns the outcome, if the game is
/// over, and one line per elimination.
pub(crate) fn settle(
    pos: &mut Position,
    alive_before: PlayerSet,
) -> (Option<Outcome>, Vec<String>) {
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
        let p = PlayerId::seat(((judged.index() + k) % n) as u8);
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

/// One legal move as a board offers it to a player who picked its origin.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// The destination's node name.
    pub to: String,
    /// The move's text, to send back to play it.
    pub text: String,
    /// The token of the kind it promotes to, if it promotes.
    pub(crate) promotion: Option<String>,
    /// The name of the kind it promotes to (`queen`), if it promotes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) promotion_name: Option<String>,
    /// Whether it takes a piece.
    pub(crate) capture: bool,
}

fn choice(pos: &Position, m: Move) -> Choice {
    let rules = pos.rules();
    Choice {
        to: rules.board().node_name(m.to()).to_string(),
        text: move_text(pos, m),
        promotion: m.promotion().map(|k| rules.kind(k).token()),
        promotion_name: m.promotion().map(|k| rules.kind(k).name.clone()),
        capture: pos.is_capture(&m),
    }
}

/// The legal moves of the side to move, grouped by the origin's node name; drops are grouped
/// under the dropped kind's token followed by `@` (`P@`). Sorted, so the same position always
/// gives the same answer.
pub fn choices_by_origin(pos: &Position) -> BTreeMap<String, Vec<Choice>> {
    let rules = pos.rules();
    let mut groups: BTreeMap<String, Vec<Choice>> = BTreeMap::new();
    for m in pos.legal_moves() {
        let origin = match m {
            Move::Drop { kind, .. } => format!("{}@", rules.kind(kind).token()),
            _ => m
                .from()
                .map(|f| rules.board().node_name(f).to_string())
                .unwrap_or_default(),
        };
        groups.entry(origin).or_default().push(choice(pos, m));
    }
    for list in groups.values_mut() {
        list.sort_by(|a, b| a.text.cmp(&b.text));
    }
    groups
}

/// The legal moves of the piece on `from`, as if its owner were to move (as `render --from`
/// marks them), sorted by text.
pub fn choices_from(pos: &Position, from: NodeId) -> Vec<Choice> {
    let mut list: Vec<Choice> = pos
        .piece_legal_moves(from)
        .into_iter()
        .map(|m| choice(pos, m))
        .collect();
    list.sort_by(|a, b| a.text.cmp(&b.text));
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_plays_back_to_the_same_position() {
        let rules = chessgraph::load("variants/chess.toml").unwrap();
        let mut game = Game::new(Position::start(&rules), true);
        game.play_text("e2e4").unwrap();
        assert_eq!(game.moves()[0].text, "e2-e4");
        let text = game.record().to_toml();
        let again = Game::from_record(&rules, &Record::parse(&text).unwrap(), true).unwrap();
        assert_eq!(again.position().to_fen(), game.position().to_fen());
    }
}
