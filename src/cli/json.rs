//! `--json` of `moves`, `perft` and `show`: one JSON document each on standard output, in the
//! shapes the README documents (field order as printed; scripts read them).

use std::io::Write;
use std::process::ExitCode;

use serde::Serialize;

use chessgraph::notation::legal_move_texts;
use chessgraph::{Outcome, Position};

/// The document, pretty-printed, with a final line break.
fn print(out: &mut dyn Write, doc: &impl Serialize) -> std::io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, doc)?;
    writeln!(out)
}

/// The fields every position document starts with.
#[derive(Serialize)]
struct PositionDoc {
    /// The variant's name.
    variant: String,
    /// The position text.
    fen: String,
    /// The player to move; `null` when the game is over.
    to_move: Option<String>,
    /// The players whose royal is attacked.
    in_check: Vec<String>,
    /// How the game ended, in words (`null` while it goes on).
    outcome: Option<String>,
}

impl PositionDoc {
    fn of(pos: &Position, outcome: Option<Outcome>) -> Self {
        let rules = pos.rules();
        PositionDoc {
            variant: rules.name().to_string(),
            fen: pos.to_fen(),
            to_move: outcome
                .is_none()
                .then(|| rules.player(pos.to_move()).name.clone()),
            in_check: pos
                .checked_players()
                .iter()
                .map(|p| rules.player(p).name.clone())
                .collect(),
            outcome: outcome.map(|o| pos.result_text(o)),
        }
    }
}

/// `moves --json`.
#[derive(Serialize)]
struct MovesDoc {
    #[serde(flatten)]
    position: PositionDoc,
    /// The legal moves, sorted (none when the game is over).
    moves: Vec<String>,
}

/// `moves --json`: `{variant, fen, to_move, in_check, outcome, moves}`.
pub fn moves(pos: &Position, out: &mut dyn Write) -> std::io::Result<ExitCode> {
    let outcome = pos.outcome();
    let moves = match outcome {
        Some(_) => Vec::new(),
        None => legal_move_texts(pos),
    };
    let position = PositionDoc::of(pos, outcome);
    print(out, &MovesDoc { position, moves })?;
    Ok(ExitCode::SUCCESS)
}

/// `perft --json`.
#[derive(Serialize)]
struct PerftDoc<'a> {
    variant: &'a str,
    fen: String,
    depth: u32,
    nodes: u64,
    /// `[[MOVE, COUNT], ...]` with `--divide`, else `null`.
    divide: Option<&'a [(String, u64)]>,
}

/// `perft --json`: `{variant, fen, depth, nodes, divide}`.
pub fn perft(
    pos: &Position,
    depth: u32,
    nodes: u64,
    divide: Option<&[(String, u64)]>,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let doc = PerftDoc {
        variant: pos.rules().name(),
        fen: pos.to_fen(),
        depth,
        nodes,
        divide,
    };
    print(out, &doc)
}

/// One node of `show --json`'s rows.
#[derive(Serialize)]
struct Cell<'a> {
    node: &'a str,
    /// The piece's token as position text writes it (`P`, `wP`), `null` when empty.
    piece: Option<String>,
    /// The owner's name, `null` when empty.
    owner: Option<&'a str>,
}

/// `show --json`.
#[derive(Serialize)]
struct ShowDoc<'a> {
    #[serde(flatten)]
    position: PositionDoc,
    /// The players out of the game.
    eliminated: Vec<&'a str>,
    /// The board's rows, top first (polar boards: innermost ring first).
    rows: Vec<Vec<Cell<'a>>>,
}

/// `show --json`: `{variant, fen, to_move, in_check, outcome, eliminated, rows}`; `draw` is a
/// draw by the `[draws]` rules, when they apply.
pub fn show(
    pos: &Position,
    draw: Option<Outcome>,
    out: &mut dyn Write,
) -> std::io::Result<ExitCode> {
    let rules = pos.rules();
    let board = rules.board();
    let cell = |n| {
        let piece = pos.piece_at(n);
        Cell {
            node: board.node_name(n),
            piece: piece.map(|pc| rules.kind(pc.kind).token_for(&rules.player(pc.owner).mark)),
            owner: piece.map(|pc| rules.player(pc.owner).name.as_str()),
        }
    };
    let doc = ShowDoc {
        position: PositionDoc::of(pos, pos.outcome().or(draw)),
        eliminated: rules
            .player_ids()
            .filter(|&p| !pos.is_alive(p))
            .map(|p| rules.player(p).name.as_str())
            .collect(),
        rows: board
            .rows()
            .iter()
            .map(|row| row.iter().map(|&n| cell(n)).collect())
            .collect(),
    };
    print(out, &doc)?;
    Ok(ExitCode::SUCCESS)
}
