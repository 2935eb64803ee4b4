//! Position text: a generalized FEN that equals standard FEN on 8x8 boards.
//!
//! `ROWS SIDE CASTLING EP [HALFMOVE FULLMOVE [OUT]]`
//! - ROWS: the board's rows top first (as [`crate::board::Board::rows`] orders them), separated by
//!   `/`; in a row, a number counts empty squares and a piece is its player's mark and letter (`P`,
//!   `p`, or `gP` for prefix marks), followed by `[frame]` when its frame is not the one it would
//!   start with there.
//! - SIDE: the `short` name of the player to move. CASTLING: `-` or the right tokens held.
//! - EP: `-` or entries separated by `,`: `square`, optionally `owner:square` and `square@pawn`
//!   (the owner defaults to the player who moved last, the pawn to the only piece that can have
//!   passed the square).
//! - Then optional `key:value` fields: `out:g,b` lists eliminated players, `open:NAME,...` gates that
//!   were opened earlier although their condition no longer holds (gates whose condition holds are
//!   open anyway). Both are left out when empty, so 8x8 positions read and write standard FEN.

use std::fmt;
use std::fmt::Write;
use std::sync::Arc;

use super::{EpEntry, EpList, Piece, Position};
use crate::board::NodeId;
use crate::rules::{FrameId, KindId, Mark, PlayerId, Rules};

/// Every problem found in a position text or position, at once.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct SetupError(pub Vec<String>);

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.join("; "))
    }
}

/// The frame a piece placed on `n` starts with.
pub(crate) fn default_frame(rules: &Rules, owner: PlayerId, kind: KindId, n: NodeId) -> FrameId {
    let p = rules.player(owner);
    let f = p
        .start_frames
        .iter()
        .find(|(set, _)| set.contains(n))
        .map_or(p.frame, |(_, f)| *f);
    rules.canonical_frame(kind, f)
}

fn piece_token(rules: &Rules, n: NodeId, pc: Piece) -> String {
    let k = rules.kind(pc.kind);
    let mut s = match &rules.player(pc.owner).mark {
        Mark::Upper => k.letter.to_ascii_uppercase().to_string(),
        Mark::Lower => k.letter.to_ascii_lowercase().to_string(),
        Mark::Prefix(m) => format!("{m}{}", k.letter.to_ascii_uppercase()),
    };
    if pc.frame != default_frame(rules, pc.owner, pc.kind, n) {
        let _ = write!(s, "[{}]", rules.frame_name(pc.frame));
    }
    s
}

impl Position {
    /// The position as text; parses back to an equal position.
    pub fn to_fen(&self) -> String {
        let rules = &*self.rules;
        let board = rules.board();
        let mut rows = Vec::new();
        for row in board.rows() {
            let mut s = String::new();
            let mut empty = 0;
            for &n in row {
                match self.squares[n.index()] {
                    None => empty += 1,
                    Some(pc) => {
                        if empty > 0 {
                            let _ = write!(s, "{empty}");
                            empty = 0;
                        }
                        s.push_str(&piece_token(rules, n, pc));
                    }
                }
            }
            if empty > 0 {
                let _ = write!(s, "{empty}");
            }
            rows.push(s);
        }
        let mut castling: String = rules
            .castling()
            .iter()
            .enumerate()
            .filter(|(i, _)| self.castling & (1 << i) != 0)
            .map(|(_, c)| c.right.as_str())
            .collect();
        if castling.is_empty() {
            castling = "-".into();
        }
        let last = self.previous_alive(self.to_move);
        let eps: Vec<String> = self
            .ep
            .iter()
            .map(|e| {
                let mut s = String::new();
                if e.owner != last {
                    let _ = write!(s, "{}:", rules.player(e.owner).short);
                }
                s.push_str(board.node_name(e.square));
                if derive_pawn(self, e.owner, e.square) != Some(e.pawn) {
                    let _ = write!(s, "@{}", board.node_name(e.pawn));
                }
                s
            })
            .collect();
        let ep = if eps.is_empty() {
            "-".to_string()
        } else {
            eps.join(",")
        };
        let mut out = format!(
            "{} {} {castling} {ep} {} {}",
            rows.join("/"),
            rules.player(self.to_move).short,
            self.halfmove,
            self.fullmove
        );
        let out_players: Vec<&str> = (0..rules.players().len())
            .filter(|&i| !self.is_alive(PlayerId(i as u8)))
            .map(|i| rules.players()[i].short.as_str())
            .collect();
        if !out_players.is_empty() {
            let _ = write!(out, " out:{}", out_players.join(","));
        }
        let mut derived = self.clone();
        derived.gates_open = 0;
        derived.update_gates();
        let extra: Vec<&str> = rules
            .gates()
            .iter()
            .enumerate()
            .filter(|(i, _)| self.gates_open & !derived.gates_open & (1 << i) != 0)
            .map(|(_, g)| g.name.as_str())
            .collect();
        if !extra.is_empty() {
            let _ = write!(out, " open:{}", extra.join(","));
        }
        out
    }

    /// Parses position text and checks the position, reporting every problem found.
    pub fn from_fen(rules: &Arc<Rules>, text: &str) -> Result<Position, SetupError> {
        let mut errs = Vec::new();
        let board = rules.board();
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() < 2 {
            return Err(SetupError(vec![format!(
                "expected at least rows and side to move (then castling, en passant, halfmove, fullmove, and `out:`/`open:` fields), found {} field(s)",
                fields.len()
            )]));
        }
        let mut squares = vec![None; board.node_count()];
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != board.rows().len() {
            errs.push(format!(
                "the board has {} rows, the text has {}",
                board.rows().len(),
                rows.len()
            ));
        } else {
            for (ri, (row, nodes)) in rows.iter().zip(board.rows()).enumerate() {
                match parse_row(rules, row, nodes) {
                    Ok(cells) => {
                        for (n, pc) in cells {
                            squares[n.index()] = Some(pc);
                        }
                    }
                    Err(e) => errs.push(format!("row {} (`{row}`): {e}", ri + 1)),
                }
            }
        }
        let to_move = rules
            .players()
            .iter()
            .position(|p| p.short == fields[1])
            .map(|i| PlayerId(i as u8));
        if to_move.is_none() {
            let names: Vec<&str> = rules.players().iter().map(|p| p.short.as_str()).collect();
            errs.push(format!(
                "unknown side to move `{}` (expected one of: {})",
                fields[1],
                names.join(" ")
            ));
        }
        let mut castling = 0u32;
        if let Some(&c) = fields.get(2)
            && c != "-"
        {
            let mut rest = c;
            'outer: while !rest.is_empty() {
                let mut best: Option<(usize, usize)> = None;
                for (i, cs) in rules.castling().iter().enumerate() {
                    if rest.starts_with(&cs.right) && best.is_none_or(|(_, l)| cs.right.len() > l) {
                        best = Some((i, cs.right.len()));
                    }
                }
                match best {
                    Some((i, l)) => {
                        castling |= 1 << i;
                        rest = &rest[l..];
                    }
                    None => {
                        let tokens: Vec<&str> =
                            rules.castling().iter().map(|c| c.right.as_str()).collect();
                        errs.push(format!(
                            "unknown castling right at `{rest}` (this variant's rights: {})",
                            if tokens.is_empty() {
                                "none, write `-`".to_string()
                            } else {
                                tokens.join(" ")
                            }
                        ));
                        break 'outer;
                    }
                }
            }
        }
        let mut alive = ((1u16 << rules.players().len()) - 1) as u8;
        let mut gates_open = 0u32;
        for extra in fields.iter().skip(6) {
            match extra.split_once(':') {
                Some(("out", list)) => {
                    for s in list.split(',') {
                        match rules.players().iter().position(|p| p.short == s) {
                            Some(i) => alive &= !(1 << i),
                            None => errs.push(format!("unknown eliminated player `{s}`")),
                        }
                    }
                }
                Some(("open", list)) => {
                    for g in list.split(',') {
                        match rules.gates().iter().position(|x| x.name == g) {
                            Some(i) => gates_open |= 1 << i,
                            None => {
                                let names: Vec<&str> =
                                    rules.gates().iter().map(|x| x.name.as_str()).collect();
                                errs.push(format!(
                                    "unknown gate `{g}` (this variant's gates: {})",
                                    if names.is_empty() {
                                        "none".to_string()
                                    } else {
                                        names.join(" ")
                                    }
                                ))
                            }
                        }
                    }
                }
                _ => errs.push(format!(
                    "unknown field `{extra}` after the move number (expected `out:...` or `open:...`)"
                )),
            }
        }
        let halfmove = parse_num(fields.get(4), "halfmove clock", 0, &mut errs);
        let fullmove = parse_num(fields.get(5), "fullmove number", 1, &mut errs);
        let Some(to_move) = to_move else {
            return Err(SetupError(errs));
        };
        let mut pos = Position {
            rules: rules.clone(),
            squares,
            to_move,
            alive,
            castling,
            ep: EpList::default(),
            halfmove,
            fullmove,
            gates_open,
            pieces_hash: 0,
        };
        pos.pieces_hash = pos.pieces_hash_from_scratch();
        pos.update_gates();
        if !pos.is_alive(to_move) {
            errs.push(format!(
                "the player to move (`{}`) is eliminated",
                rules.player(to_move).short
            ));
        }
        if let Some(&e) = fields.get(3)
            && e != "-"
            && errs.is_empty()
        {
            for tok in e.split(',') {
                match parse_ep(&pos, tok) {
                    Ok(entry) => pos.ep.push(entry),
                    Err(m) => errs.push(format!("en passant `{tok}`: {m}")),
                }
            }
        }
        if errs.is_empty() {
            pos.check_setup(&mut errs);
        }
        if errs.is_empty() {
            Ok(pos)
        } else {
            Err(SetupError(errs))
        }
    }

    /// Checks what position text cannot express wrongly by syntax alone.
    fn check_setup(&self, errs: &mut Vec<String>) {
        let rules = &*self.rules;
        let board = rules.board();
        for (i, c) in rules.castling().iter().enumerate() {
            if self.castling & (1 << i) == 0 {
                continue;
            }
            let king = self.squares[c.king_from.index()];
            let rook = self.squares[c.rook_from.index()];
            if king.is_none_or(|k| k.owner != c.player || k.kind != c.king_kind) {
                errs.push(format!(
                    "castling right `{}` needs {}'s {} on {}",
                    c.right,
                    rules.player(c.player).name,
                    rules.kind(c.king_kind).name,
                    board.node_name(c.king_from)
                ));
            }
            if rook.is_none_or(|r| r.owner != c.player || r.kind != c.rook_kind) {
                errs.push(format!(
                    "castling right `{}` needs {}'s {} on {}",
                    c.right,
                    rules.player(c.player).name,
                    rules.kind(c.rook_kind).name,
                    board.node_name(c.rook_from)
                ));
            }
        }
        let has_royals = rules.kinds().iter().any(|k| k.royal);
        for (i, p) in rules.players().iter().enumerate() {
            let pid = PlayerId(i as u8);
            if has_royals
                && self.is_alive(pid)
                && !self
                    .squares
                    .iter()
                    .flatten()
                    .any(|pc| pc.owner == pid && rules.kind(pc.kind).royal)
            {
                errs.push(format!("{} is in the game but has no royal piece", p.name));
            }
        }
        for n in board.node_ids() {
            let Some(pc) = self.squares[n.index()] else {
                continue;
            };
            if let Some((z, _)) = &rules.kind(pc.kind).promotion
                && rules.zone(*z, pc.owner).contains(n)
            {
                errs.push(format!(
                    "{}'s {} on {} stands where it must already have promoted",
                    rules.player(pc.owner).name,
                    rules.kind(pc.kind).name,
                    board.node_name(n)
                ));
            }
        }
        // The player who moved last may not have left a royal attacked.
        let last = self.previous_alive(self.to_move);
        if last != self.to_move && self.royal_attacked(last) {
            errs.push(format!(
                "{} (who moved last) is in check, so {} could capture the king",
                rules.player(last).name,
                rules.player(self.to_move).name
            ));
        }
    }
}

fn parse_num(f: Option<&&str>, what: &str, default: u32, errs: &mut Vec<String>) -> u32 {
    match f {
        None => default,
        Some(s) => s.parse().unwrap_or_else(|_| {
            errs.push(format!("{what} `{s}` is not a number"));
            default
        }),
    }
}

fn parse_row(rules: &Rules, row: &str, nodes: &[NodeId]) -> Result<Vec<(NodeId, Piece)>, String> {
    let chars: Vec<char> = row.chars().collect();
    let mut i = 0;
    let mut col = 0usize;
    let mut out = Vec::new();
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_digit() {
            let mut n = 0usize;
            while i < chars.len() && chars[i].is_ascii_digit() {
                n = n * 10 + chars[i].to_digit(10).unwrap_or(0) as usize;
                i += 1;
            }
            if n == 0 {
                return Err("an empty-square count of 0".into());
            }
            col += n;
            continue;
        }
        // A piece: prefix mark + upper-case letter, or a bare letter (case = player).
        let (owner, letter) = {
            let prefix = rules
                .players()
                .iter()
                .enumerate()
                .find_map(|(pi, p)| match &p.mark {
                    Mark::Prefix(m) => {
                        let m: Vec<char> = m.chars().collect();
                        (chars[i..].starts_with(&m)
                            && chars
                                .get(i + m.len())
                                .is_some_and(|c| c.is_ascii_uppercase()))
                        .then_some((pi, m.len()))
                    }
                    _ => None,
                });
            match prefix {
                Some((pi, len)) => {
                    i += len;
                    (pi, chars[i])
                }
                None => {
                    let want = if c.is_ascii_uppercase() {
                        Mark::Upper
                    } else {
                        Mark::Lower
                    };
                    match rules.players().iter().position(|p| p.mark == want) {
                        Some(pi) if c.is_ascii_alphabetic() => (pi, c),
                        _ => return Err(format!("`{c}` is neither a piece nor a count")),
                    }
                }
            }
        };
        i += 1;
        let Some(kind) = rules.kind_by_letter(letter) else {
            return Err(format!("no piece has the letter `{letter}`"));
        };
        let owner = PlayerId(owner as u8);
        let mut frame = None;
        if chars.get(i) == Some(&'[') {
            let end = chars[i..]
                .iter()
                .position(|&c| c == ']')
                .ok_or("unclosed `[` after a piece")?;
            let name: String = chars[i + 1..i + end].iter().collect();
            frame = Some(
                rules
                    .frame_by_name(&name)
                    .ok_or_else(|| format!("unknown frame `{name}`"))?,
            );
            i += end + 1;
        }
        let Some(&n) = nodes.get(col) else {
            return Err(format!("more than {} squares", nodes.len()));
        };
        let frame = match frame {
            Some(f) => rules.canonical_frame(kind, f),
            None => default_frame(rules, owner, kind, n),
        };
        out.push((n, Piece { owner, kind, frame }));
        col += 1;
    }
    if col != nodes.len() {
        return Err(format!("{} squares, the row has {}", col, nodes.len()));
    }
    Ok(out)
}

/// The piece of `owner` that can just have passed `square` with a `creates-ep` move.
fn derive_pawn(pos: &Position, owner: PlayerId, square: NodeId) -> Option<NodeId> {
    let rules = &*pos.rules;
    let t = rules.tables();
    let mut found = None;
    for origin in rules.board().node_ids() {
        if pos.squares[origin.index()].is_some() {
            continue;
        }
        for (ki, _) in rules.kinds().iter().enumerate() {
            let kind = KindId(ki as u8);
            for f in 0..rules.frame_count() {
                let frame = FrameId(f as u8);
                if rules.canonical_frame(kind, frame) != frame {
                    continue;
                }
                for ray in t.rays(kind, frame, origin) {
                    if !ray.creates_ep {
                        continue;
                    }
                    let steps = t.steps(ray);
                    let Some(last) = steps.last() else { continue };
                    if !steps[..steps.len() - 1].iter().any(|s| s.node == square) {
                        continue;
                    }
                    let here = pos.squares[last.node.index()];
                    if here.is_some_and(|p| {
                        p.owner == owner && p.kind == kind && p.frame == last.frame
                    }) && found.is_none_or(|x| x == last.node)
                    {
                        found = Some(last.node);
                    } else if here.is_some_and(|p| p.owner == owner && p.kind == kind)
                        && found.is_some_and(|x| x != last.node)
                    {
                        return None;
                    }
                }
            }
        }
    }
    found
}

fn parse_ep(pos: &Position, tok: &str) -> Result<EpEntry, String> {
    let rules = &*pos.rules;
    let board = rules.board();
    let (owner, rest) = match tok.split_once(':') {
        Some((o, r)) => (
            PlayerId(
                rules
                    .players()
                    .iter()
                    .position(|p| p.short == o)
                    .ok_or_else(|| format!("unknown player `{o}`"))? as u8,
            ),
            r,
        ),
        None => (pos.previous_alive(pos.to_move), tok),
    };
    let (sq, pawn) = match rest.split_once('@') {
        Some((s, p)) => (s, Some(p)),
        None => (rest, None),
    };
    let square = board
        .node(sq)
        .ok_or_else(|| format!("the board has no square `{sq}`"))?;
    if pos.squares[square.index()].is_some() {
        return Err(format!("{sq} is occupied"));
    }
    let pawn = match pawn {
        Some(p) => board
            .node(p)
            .ok_or_else(|| format!("the board has no square `{p}`"))?,
        None => derive_pawn(pos, owner, square).ok_or_else(|| {
            format!(
                "no piece of {} can just have passed {sq}",
                rules.player(owner).name
            )
        })?,
    };
    if pos.squares[pawn.index()].is_none_or(|p| p.owner != owner) {
        return Err(format!(
            "{} has no piece on {}",
            rules.player(owner).name,
            board.node_name(pawn)
        ));
    }
    Ok(EpEntry {
        owner,
        square,
        pawn,
    })
}
