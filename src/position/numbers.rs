//! Numbers, stacks and captured material: the side tables of a position in a variant whose
//! pieces carry numbers (Rithmomachia). In every other variant the tables are empty and nothing
//! here runs.
//!
//! A [`Cell`] holds what a node's piece carries besides its owner, kind and frame: its number,
//! or, for a stack, its parts. `make` keeps the cells and the captured material in a journal so
//! that `unmake` restores them exactly.

use super::{Piece, Position};
use crate::ids::{KindId, NodeId, PlayerId};
use crate::limits::{MAX_CAPTURED_MEN, MAX_CAPTURED_VALUE, MAX_PIECE_VALUE, MAX_STACK_PARTS};
use crate::rules::Rules;
use crate::setup::{Material, Setup, SetupProblem, StackPart};
use crate::zobrist::mix;

/// One part of a stack: its kind and number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Part {
    /// The part's kind.
    pub kind: KindId,
    /// Its number (0: the kind carries none).
    pub value: u16,
}

/// What a node's piece carries: its number (a stack: the total of its parts) and its parts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cell {
    /// The piece's number; for a stack the sum of its parts' numbers; 0 for none.
    pub(crate) value: u32,
    parts: [Part; MAX_STACK_PARTS],
    len: u8,
}

impl Cell {
    /// A simple piece's cell.
    pub(crate) fn number(value: u32) -> Cell {
        Cell {
            value,
            ..Cell::default()
        }
    }

    /// A stack's cell from its parts (at most [`MAX_STACK_PARTS`]).
    pub(crate) fn stack(parts: &[Part]) -> Cell {
        let mut c = Cell::default();
        for (slot, p) in c.parts.iter_mut().zip(parts) {
            *slot = *p;
            c.value += u32::from(p.value);
        }
        c.len = parts.len().min(MAX_STACK_PARTS) as u8;
        c
    }

    /// The parts of a stack (empty for a simple piece).
    #[inline]
    pub fn parts(&self) -> &[Part] {
        &self.parts[..self.len as usize]
    }

    /// The cell without the parts whose bits are set in `mask`.
    pub(crate) fn without(&self, mask: u8) -> Cell {
        let kept: Vec<Part> = self
            .parts()
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) == 0)
            .map(|(_, p)| *p)
            .collect();
        Cell::stack(&kept)
    }

    /// The material a capture of the whole piece counts: one man per part (one for a simple
    /// piece), the number and its digits (a stack: its parts').
    pub(crate) fn material(&self) -> Material {
        if self.len == 0 {
            return Material::of_man(u64::from(self.value));
        }
        self.parts_material(u8::MAX)
    }

    /// The material of the parts whose bits are set in `mask`.
    pub(crate) fn parts_material(&self, mask: u8) -> Material {
        let mut m = Material::default();
        for (i, p) in self.parts().iter().enumerate() {
            if mask & (1 << i) != 0 {
                m += Material::of_man(u64::from(p.value));
            }
        }
        m
    }

    /// The hash key of the cell on node `n` (0 for an empty cell).
    #[inline]
    pub(crate) fn key(&self, n: NodeId) -> u64 {
        if self.value == 0 && self.len == 0 {
            return 0;
        }
        let mut h = mix(0xce11 ^ (n.index() as u64) << 32 ^ u64::from(self.value));
        for p in self.parts() {
            h = mix(h ^ (u64::from(p.kind.0) << 16) ^ u64::from(p.value));
        }
        h
    }
}

/// One journal entry: a node's piece and cell before a change.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub(crate) node: NodeId,
    pub(crate) piece: Option<Piece>,
    pub(crate) cell: Cell,
}

/// Where one move's journal starts, and the mover's material before it.
#[derive(Clone, Copy, Debug)]
pub struct Mark {
    pub(crate) journal: u32,
    pub(crate) hand_journal: u32,
    pub(crate) mover: PlayerId,
    pub(crate) material: Material,
}

/// The side tables of a position (all empty in a variant without numbers).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Numbers {
    /// By node.
    pub(crate) cells: Vec<Cell>,
    /// Captured material, by player.
    pub(crate) captured: Vec<Material>,
    /// Whether the captured digits are state (a victory reads them): then they are hashed and
    /// written in position text.
    pub(crate) digits_counted: bool,
    /// Changes made by the moves played, to undo.
    pub(crate) journal: Vec<Entry>,
    /// The numbers of the pieces in hand, `[player * kinds + kind]`, each list ascending (empty
    /// unless the hands keep numbers: see [`super::hand_numbers`]).
    pub(crate) hand: Vec<Vec<u16>>,
    /// Changes of the hands made by the moves played, to undo.
    pub(crate) hand_journal: Vec<super::hand_numbers::HandEntry>,
    /// Where each move's changes start.
    pub(crate) marks: Vec<Mark>,
}

impl PartialEq for Entry {
    fn eq(&self, _: &Self) -> bool {
        true // the journal is history, not state
    }
}
impl Eq for Entry {}
impl PartialEq for Mark {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl Eq for Mark {}
impl PartialEq for super::hand_numbers::HandEntry {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl Eq for super::hand_numbers::HandEntry {}

impl Numbers {
    /// The tables for a set-up, with every problem of its numbers in `problems`.
    pub(crate) fn from_setup(
        rules: &Rules,
        setup: &Setup,
        problems: &mut Vec<SetupProblem>,
    ) -> Numbers {
        let board = rules.board();
        let mut out = Numbers {
            cells: vec![Cell::default(); board.node_count()],
            captured: vec![Material::default(); rules.players().len()],
            digits_counted: rules.counts_digits(),
            ..Numbers::default()
        };
        for (&n, pc) in &setup.pieces {
            let node = board.node_name(n).to_string();
            let kind = rules.kind(pc.kind);
            let bad = |reason: String| SetupProblem::BadNumber {
                node: node.clone(),
                reason,
            };
            if kind.stack {
                let parts = setup.stacks.get(&n).map_or(&[][..], |p| &p[..]);
                match stack_parts(rules, parts) {
                    Ok(parts) => out.cells[n.index()] = Cell::stack(&parts),
                    Err(reason) => problems.push(bad(reason)),
                }
                if pc.value.is_some() {
                    problems.push(bad("a stack's number is the sum of its parts".into()));
                }
                continue;
            }
            if setup.stacks.contains_key(&n) {
                problems.push(bad(format!("the {} is not a stack", kind.name)));
            }
            match (kind.numbered, pc.value) {
                (true, Some(v)) if (1..=MAX_PIECE_VALUE).contains(&v) => {
                    out.cells[n.index()] = Cell::number(v);
                }
                (true, Some(v)) => {
                    problems.push(bad(format!("{v}: a number is from 1 to {MAX_PIECE_VALUE}")))
                }
                (true, None) => problems.push(bad(format!("the {} needs a number", kind.name))),
                (false, Some(_)) => {
                    problems.push(bad(format!("the {} carries no number", kind.name)));
                }
                (false, None) => {}
            }
        }
        for n in setup.stacks.keys() {
            if !setup.pieces.contains_key(n) {
                let node = board.node_name(*n).to_string();
                problems.push(SetupProblem::BadNumber {
                    node,
                    reason: "stack parts without a stack".into(),
                });
            }
        }
        out.hand_from_setup(rules, setup, problems);
        for (&p, &m) in &setup.captured {
            match out.captured.get_mut(p.index()) {
                Some(_) if m.men > MAX_CAPTURED_MEN || m.value > MAX_CAPTURED_VALUE => {
                    problems.push(SetupProblem::CapturedPastLimit {
                        player: rules.player(p).name.clone(),
                        men: m.men,
                        value: m.value,
                    });
                }
                Some(slot) => *slot = m,
                None => problems.push(SetupProblem::ForeignId {
                    what: "player of captured material",
                }),
            }
        }
        out
    }

    /// The hash of the cells.
    pub(crate) fn cells_key(&self) -> u64 {
        self.cells
            .iter()
            .enumerate()
            .fold(0, |h, (i, c)| h ^ c.key(NodeId(i as u16)))
    }

    /// The hash of the captured material.
    pub(crate) fn captured_key(&self) -> u64 {
        self.captured.iter().enumerate().fold(0, |h, (i, m)| {
            let digits = if self.digits_counted { m.digits } else { 0 };
            if m.men == 0 && m.value == 0 && digits == 0 {
                h
            } else {
                let key = mix(0xca97 ^ (i as u64) << 56 ^ u64::from(m.men) << 40 ^ m.value);
                h ^ if digits == 0 {
                    key
                } else {
                    mix(key ^ u64::from(digits))
                }
            }
        })
    }
}

/// The parts of a stack, checked: at least one, at most [`MAX_STACK_PARTS`], no stack inside,
/// a number exactly where the part's kind carries one.
fn stack_parts(rules: &Rules, parts: &[StackPart]) -> Result<Vec<Part>, String> {
    if parts.is_empty() {
        return Err("a stack holds at least one part".into());
    }
    if parts.len() > MAX_STACK_PARTS {
        return Err(format!(
            "{} parts: a stack holds at most {MAX_STACK_PARTS}",
            parts.len()
        ));
    }
    let mut out = Vec::new();
    for p in parts {
        let Some(kind) = rules.kinds().get(p.kind.index()) else {
            return Err("a part's kind does not belong to this variant".into());
        };
        let value = match (kind.stack, kind.numbered, p.value) {
            (true, _, _) => return Err("a stack cannot hold a stack".into()),
            (_, true, Some(v)) if (1..=MAX_PIECE_VALUE).contains(&v) => v as u16,
            (_, true, Some(v)) => {
                return Err(format!("{v}: a number is from 1 to {MAX_PIECE_VALUE}"));
            }
            (_, true, None) => return Err(format!("the part {} needs a number", kind.token())),
            (_, false, Some(_)) => {
                return Err(format!("the part {} carries no number", kind.token()));
            }
            (_, false, None) => 0,
        };
        out.push(Part {
            kind: p.kind,
            value,
        });
    }
    Ok(out)
}

impl Position {
    /// What the piece on `n` carries (its number, or its parts); `None` in a variant without
    /// numbers.
    pub(crate) fn numbers_at(&self, n: NodeId) -> Option<&Cell> {
        self.numbers.cells.get(n.index())
    }

    /// The number of the piece on `n` (a stack: its total), if it carries one.
    pub fn value_at(&self, n: NodeId) -> Option<u32> {
        self.numbers_at(n).map(|c| c.value).filter(|&v| v > 0)
    }

    /// The material player `p` has captured (zero in a variant that does not count it).
    pub fn captured(&self, p: PlayerId) -> Material {
        self.numbers
            .captured
            .get(p.index())
            .copied()
            .unwrap_or_default()
    }

    /// The number text after a piece's token: `{16}`, or a stack's parts `(S{36}.C{1})`.
    pub(crate) fn numbers_text(&self, n: NodeId) -> String {
        let rules = &*self.rules;
        let Some(c) = self.numbers.cells.get(n.index()) else {
            return String::new();
        };
        let stack_owner = self.squares[n.index()]
            .filter(|p| rules.kind(p.kind).stack)
            .map(|p| p.owner);
        if let Some(owner) = stack_owner {
            // Parts in the owner's case (a prefix mark is written once, before the stack).
            let lower = rules.player(owner).mark == crate::rules::Mark::Lower;
            let parts: Vec<String> = c
                .parts()
                .iter()
                .map(|p| {
                    let mut t = rules.kind(p.kind).token();
                    if lower {
                        t = t.to_ascii_lowercase();
                    }
                    match p.value {
                        0 => t,
                        v => format!("{t}{{{v}}}"),
                    }
                })
                .collect();
            format!("({})", parts.join("."))
        } else if c.value > 0 {
            format!("{{{}}}", c.value)
        } else {
            String::new()
        }
    }

    /// The captured material as position text writes it (`w=14/400,b=0/0`); `None` when no
    /// player has captured anything.
    pub fn captured_text(&self) -> Option<String> {
        let rules = &*self.rules;
        if self
            .numbers
            .captured
            .iter()
            .all(|m| m.men == 0 && m.value == 0)
        {
            return None;
        }
        let each: Vec<String> = self
            .numbers
            .captured
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let short = &rules.players()[i].short;
                if self.numbers.digits_counted {
                    format!("{short}={}/{}/{}", m.men, m.value, m.digits)
                } else {
                    format!("{short}={}/{}", m.men, m.value)
                }
            })
            .collect();
        Some(each.join(","))
    }

    /// What the opponents of `mover` lost between `before` and this position, in words, node
    /// by node: `black triangle 9 on e5`, or `circle 16 of black pyramid on e10` for one part of
    /// a stack.
    pub fn losses_since(&self, before: &Position, mover: PlayerId) -> Vec<String> {
        let rules = &*self.rules;
        let mut out = Vec::new();
        for n in rules.board().node_ids() {
            let Some(was) = before.piece_at(n).filter(|p| p.owner != mover) else {
                continue;
            };
            let owner = &rules.player(was.owner).name;
            let kind = &rules.kind(was.kind).name;
            let at = rules.board().node_name(n);
            let number = before
                .value_at(n)
                .map_or(String::new(), |v| format!(" {v}"));
            if self.piece_at(n) != Some(was) {
                out.push(format!("{owner} {kind}{number} on {at}"));
                continue;
            }
            let (Some(old), Some(new)) = (before.numbers_at(n), self.numbers_at(n)) else {
                continue;
            };
            let mut left = new.parts().to_vec();
            for p in old.parts() {
                match left.iter().position(|q| q == p) {
                    Some(i) => {
                        left.remove(i);
                    }
                    None => out.push(format!(
                        "{} {} of {owner} {kind} on {at}",
                        rules.kind(p.kind).name,
                        p.value
                    )),
                }
            }
        }
        out
    }

    /// Writes a node's cell, keeping the hash when `HASH`, and journals the old one.
    #[inline]
    pub(crate) fn set_cell<const HASH: bool>(&mut self, n: NodeId, cell: Cell) {
        let old = self.numbers.cells[n.index()];
        self.numbers.journal.push(Entry {
            node: n,
            piece: self.squares[n.index()],
            cell: old,
        });
        if HASH {
            self.pieces_hash ^= old.key(n) ^ cell.key(n);
        }
        self.numbers.cells[n.index()] = cell;
    }

    /// Takes back the changes the last move made to the side tables: the pieces and cells of
    /// every node it touched, and the mover's material.
    pub(crate) fn unmake_numbers(&mut self) {
        let Some(mark) = self.numbers.marks.pop() else {
            return;
        };
        while self.numbers.journal.len() > mark.journal as usize {
            let Some(e) = self.numbers.journal.pop() else {
                break;
            };
            self.set_square(e.node, e.piece);
            self.numbers.cells[e.node.index()] = e.cell;
        }
        self.unmake_hand_numbers(mark.hand_journal as usize);
        self.numbers.captured[mark.mover.index()] = mark.material;
    }
}

/// Reads the value of a `captured:` field (`w=14/400/31,b=0/0/0`, or without the digits:
/// `w=14/400`) into the set-up.
pub(super) fn read_captured(
    rules: &Rules,
    list: &str,
    captured: &mut std::collections::BTreeMap<PlayerId, Material>,
) -> Result<(), String> {
    for item in list.split(',') {
        let parse = || {
            let (who, rest) = item.split_once('=')?;
            let mut numbers = rest.split('/');
            let (men, value) = (numbers.next()?, numbers.next()?);
            let digits = numbers.next().map(|d| d.parse::<u32>().ok());
            let (digits, given) = match digits {
                Some(d) => (d?, true),
                None => (0, false),
            };
            if numbers.next().is_some() {
                return None;
            }
            let p = rules.players().iter().position(|p| p.short == who)?;
            let material = Material {
                men: men.parse().ok()?,
                value: value.parse().ok()?,
                digits,
            };
            Some((PlayerId(p as u8), material, given))
        };
        match parse() {
            Some((_, _, true)) if !rules.counts_digits() => {
                return Err(format!(
                    "captured material `{item}`: this variant counts no digits of captured numbers (no victory reads them): expected PLAYER=MEN/VALUE, e.g. `w=14/400`"
                ));
            }
            Some((_, _, false)) if rules.counts_digits() => {
                return Err(format!(
                    "captured material `{item}`: this variant counts the digits of captured numbers: expected PLAYER=MEN/VALUE/DIGITS, e.g. `w=14/400/31`"
                ));
            }
            Some((p, _, _)) if captured.contains_key(&p) => {
                return Err(format!(
                    "captured material `{item}`: player `{}` is given twice",
                    rules.players()[p.index()].short
                ));
            }
            Some((p, material, _)) => {
                captured.insert(p, material);
            }
            None => {
                return Err(format!(
                    "captured material `{item}`: expected PLAYER=MEN/VALUE/DIGITS, e.g. `w=14/400/31` (the digits may be left out: `w=14/400`)"
                ));
            }
        }
    }
    Ok(())
}
