//! The variant file an import writes: grouped like the shipped variant files, each rule with a
//! comment saying which ini key (and line) it came from.

use std::fmt::Write as _;

use super::board::{black_frame, quote};
use super::model::{Castling, Model};

/// The variant file's text; `board` is the board file's name beside it.
pub(crate) fn variant_text(m: &Model, ini: &str, board: &str) -> String {
    let mut t = String::new();
    head(&mut t, m, ini, board);
    players(&mut t, m);
    pieces(&mut t, m);
    if let Some(captured) = m.hands {
        writeln!(t, "\n[hands]                   # pieceDrops = true\ncaptured = \"{captured}\"    # capturesToHand = {}", captured == "to-hand").ok();
        if m.drop_loop {
            writeln!(t, "promoted = \"keep\"        # dropLoop = true").ok();
        }
    }
    if !m.castling.is_empty() {
        let from = if m.castling_sources.is_empty() {
            "Fairy-Stockfish's chess rules".to_string()
        } else {
            m.castling_sources.join("; ")
        };
        t.push('\n');
        comment(
            &mut t,
            &format!(
                "Castling as Fairy-Stockfish plays it: the king from its start square to the \
                 castling file, the outermost castling rook on that side to the square beside it; \
                 every square between them empty, the king's squares not attacked. From {from}."
            ),
        );
    }
    for c in &m.castling {
        castling(&mut t, m, c);
    }
    if let Some(b) = &m.blast {
        super::blast::write(&mut t, b);
    }
    ending(&mut t, m);
    t
}

fn head(t: &mut String, m: &Model, ini: &str, board: &str) {
    comment(t, &editor_note("variant"));
    let lineage = m.lineage.join(" <- ");
    comment(
        t,
        &format!(
            "`{}`, imported by `chessgraph import fsf` from {ini} (section on line {}; parents: \
             {lineage}). Each rule says which Fairy-Stockfish key it comes from; keys not given \
             take Fairy-Stockfish's chess defaults.",
            m.name, m.line
        ),
    );
    for n in &m.notes {
        comment(t, n);
    }
    writeln!(
        t,
        "\n[variant]\nname = {}\ndescription = {}\nboard = {}   # relative to this file\n# The start position: {}.\nstart = {}",
        quote(&m.name),
        quote(&format!("{} (imported from Fairy-Stockfish's variants.ini format)", m.name)),
        quote(board),
        m.start_source,
        quote(&m.start),
    )
    .ok();
    writeln!(t, "\n[frames]\n# Black looks at the board from the other side, turned half round as Fairy-Stockfish turns its\n# moves: north and south trade places, and east and west (Black's left is White's right).\nblack = {}", black_frame()).ok();
}

fn players(t: &mut String, m: &Model) {
    for (i, (name, short, mark, frame)) in [
        ("white", "w", "upper", "identity"),
        ("black", "b", "lower", "black"),
    ]
    .into_iter()
    .enumerate()
    {
        let zones: Vec<String> = m.player_zones[i]
            .iter()
            .map(|(k, v)| format!("{k} = {}", quote(v)))
            .collect();
        writeln!(t, "\n[[player]]\nname = \"{name}\"\nshort = \"{short}\"\nmark = \"{mark}\"\nframe = \"{frame}\"").ok();
        if !zones.is_empty() {
            writeln!(t, "zones = {{ {} }}", zones.join(", ")).ok();
        }
    }
}

fn pieces(t: &mut String, m: &Model) {
    for p in &m.pieces {
        t.push('\n');
        comment(t, &p.source);
        writeln!(t, "[pieces.{}]\nletter = \"{}\"", p.name, p.letter).ok();
        if p.royal {
            t.push_str("royal = true\n");
        }
        if p.name != "pawn" && p.betza.is_empty() {
            // Fairy-Stockfish's `immobile` (Betza `()`): a piece that never moves.
            t.push_str(
                "moves = []
",
            );
            continue;
        }
        if p.name != "pawn" {
            writeln!(t, "betza = {}", quote(&p.betza)).ok();
            continue;
        }
        let Some(rules) = &m.pawn else { continue };
        let mut what =
            String::from("One step forward, captures one step diagonally forward (Betza fmWfcF)");
        if rules.double_step {
            what.push_str("; a double step from `pawn_start`");
        }
        if rules.en_passant {
            what.push_str(", taken en passant");
        }
        what.push('.');
        if !rules.sources.is_empty() {
            what.push_str(&format!(" From {}.", rules.sources.join("; ")));
        }
        comment(t, &what);
        t.push_str("resets_clock = true        # a pawn move resets the halfmove clock\nmoves = [\n    \"move step n\",\n");
        if rules.double_step {
            let ep = if rules.en_passant { " creates-ep" } else { "" };
            writeln!(t, "    \"move step (n n) from:pawn_start{ep}\",").ok();
        }
        t.push_str("    \"capture leap ne nw\",\n");
        if rules.en_passant {
            t.push_str("    \"capture leap ne nw en-passant\",\n");
        }
        t.push_str("]\n");
        if !rules.choices.is_empty() {
            let choices: Vec<String> = rules.choices.iter().map(|c| format!("\"{c}\"")).collect();
            writeln!(
                t,
                "promotion = {{ zone = \"promotion\", choices = [{}] }}",
                choices.join(", ")
            )
            .ok();
        }
        if rules.drop_zone {
            t.push_str("drop = { zone = \"pawn_drops\" }\n");
        }
    }
}

fn castling(t: &mut String, m: &Model, c: &Castling) {
    let g = m.grid;
    let list = |v: &[(usize, usize)]| {
        v.iter()
            .map(|&s| format!("\"{}\"", g.name(s)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    writeln!(
        t,
        "\n[[castling]]\nplayer = \"{}\"\nright = \"{}\"\nking = [{}]\nrook = [{}]",
        ["white", "black"][c.player],
        c.right,
        list(&[c.king.0, c.king.1]),
        list(&[c.rook.0, c.rook.1]),
    )
    .ok();
    if let Some(k) = &c.king_piece {
        writeln!(
            t,
            "king_piece = \"{k}\"   # castlingKingPiece; not royal, so no square must be safe"
        )
        .ok();
    }
    if let Some(r) = &c.rook_piece {
        writeln!(t, "rook_piece = \"{r}\"   # castlingRookPiece").ok();
    }
    writeln!(
        t,
        "empty = [{}]\nsafe = [{}]",
        list(&c.empty),
        list(&c.safe)
    )
    .ok();
}

fn ending(t: &mut String, m: &Model) {
    let e = &m.ending;
    writeln!(t, "\n[outcome]\ncheckmate = \"loss\"        # checkmateValue\nstalemate = \"{}\"        # stalemateValue", e.stalemate).ok();
    if !e.material.is_empty() {
        t.push_str("# extinctionValue, extinctionPieceTypes, extinctionPieceCount\nmaterial = [\n");
        for (pieces, at_most, result) in &e.material {
            let pieces = if pieces.is_empty() {
                String::new()
            } else {
                format!(
                    "pieces = [{}], ",
                    pieces
                        .iter()
                        .map(|p| quote(p))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            writeln!(
                t,
                "    {{ {pieces}at_most = {at_most}, result = \"{result}\" }},"
            )
            .ok();
        }
        t.push_str("]\n");
    }
    if let Some(n) = e.checks {
        writeln!(
            t,
            "checks = {n}                # checkCounting, the checks in `startFen`"
        )
        .ok();
    }
    match &e.reach {
        Some((Some(piece), reply)) => writeln!(t, "reach = {{ piece = {}, zone = \"flag\", reply = {reply} }}   # flagPiece, flagRegion*, flagMove", quote(piece)),
        Some((None, reply)) => writeln!(t, "reach = {{ zone = \"flag\", reply = {reply} }}   # any piece (flagPiece unset or *), flagRegion*, flagMove"),
        None => Ok(()),
    }
    .ok();
    if e.must_capture || e.no_checks {
        t.push_str("\n[moves]\n");
        if e.must_capture {
            t.push_str("must_capture = true       # mustCapture\n");
        }
        if e.no_checks {
            t.push_str("may_check = false         # checking = false\n");
        }
    }
    if e.move_rule > 0 || e.repetition > 0 {
        t.push_str("\n[draws]                   # applied by `play` and `show`, never by perft\n");
        if e.move_rule > 0 {
            writeln!(t, "move_rule = {}            # nMoveRule", e.move_rule).ok();
        }
        if e.repetition > 0 {
            writeln!(t, "repetition = {}            # nFoldRule", e.repetition).ok();
        }
    }
}

/// The files' first comment: where editors find the schema. No `#:schema` line here: the text
/// cannot know where it will be saved (`import fsf -o DIR` adds one when DIR has a schema near).
pub(crate) fn editor_note(kind: &str) -> String {
    format!(
        "Editors that read taplo's `#:schema PATH` directive on the first line complete and check \
         the keys against the JSON Schema that `chessgraph schema {kind}` prints."
    )
}

/// A comment paragraph: `# ` lines of at most 100 columns (a longer word stays whole).
pub(crate) fn comment(t: &mut String, text: &str) {
    let mut line = String::from("#");
    for word in text.split_whitespace() {
        if line.len() + 1 + word.len() > 100 && line.len() > 1 {
            t.push_str(&line);
            t.push('\n');
            line = String::from("#");
        }
        line.push(' ');
        line.push_str(word);
    }
    t.push_str(&line);
    t.push('\n');
}
