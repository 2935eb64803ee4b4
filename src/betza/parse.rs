//! A Betza string read into atoms, each with its modifiers, every character located.
//!
//! ```text
//! betza    := part+
//! part     := modifier* ATOM [ATOM] [RANGE]     (the second ATOM is the same letter: a rider)
//! modifier := f b l r v s h                     (directions)
//!           | m c i n p g                       (mode, initial, lame, hopper, grasshopper)
//! ATOM     := W F D N A H C Z G B R Q K
//! RANGE    := 1..=16                            (a rider that goes at most so far)
//! ```

use std::ops::Range;

use crate::diagnostic::{Code, Diagnostic};

/// The longest range a rider may be given (`R4`).
pub(crate) const MAX_RANGE: u8 = 16;

/// A direction modifier: one letter, or a pair read as one (`fl`, `fs`, `ff`, `fh`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DirWord {
    /// The first letter.
    pub(crate) first: char,
    /// The second letter of a pair.
    pub(crate) second: Option<char>,
    /// Where the word is in the string (byte offsets).
    pub(crate) at: Range<usize>,
}

/// How an atom passes other pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Hop {
    /// `p`: over exactly one piece, then as far as the way is empty (the cannon).
    Cannon,
    /// `g`: over exactly one piece, landing right behind it (the grasshopper).
    Grasshopper,
}

/// The modifiers in front of one atom.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Modifiers {
    /// Direction words, in order; none: every direction.
    pub(crate) dirs: Vec<DirWord>,
    /// `m`: the atom may move to an empty square (where it is written).
    pub(crate) moves: Option<Range<usize>>,
    /// `c`: the atom may capture (where it is written).
    pub(crate) captures: Option<Range<usize>>,
    /// `i`: only from the initial zone (where the `i` is written).
    pub(crate) initial: Option<Range<usize>>,
    /// `n`: lame: the squares on the way must be empty.
    pub(crate) lame: Option<Range<usize>>,
    /// `p` or `g`, with where it was written.
    pub(crate) hop: Option<(Hop, Range<usize>)>,
}

/// One atom with its modifiers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Atom {
    /// The atom letter (`W` ... `K`).
    pub(crate) letter: char,
    /// The letter was doubled (`NN`): it rides.
    pub(crate) doubled: bool,
    /// The range written after it (`R4`), if any.
    pub(crate) range: Option<u8>,
    /// Its modifiers (of the first leg, when there are several).
    pub(crate) mods: Modifiers,
    /// XBetza `a`: the later legs, each with where its `a` stands and its modifiers.
    pub(crate) legs: Vec<(Range<usize>, Modifiers)>,
    /// Where the atom's letter (and its double and range) stand.
    pub(crate) at: Range<usize>,
    /// Where the whole part stands, modifiers included.
    pub(crate) whole: Range<usize>,
}

const ATOMS: &str = "WFDNAHCZGBRQK";
const DIRECTIONS: &str = "fblrvsh";
const HELP_SHAPE: &str = "a Betza string is atoms (W F D N A H C Z G B R Q K), each after its modifiers (f b l r v s h, m c i n p g): `WfcFifmnD`";

/// Reads a Betza string; `span_of` turns byte offsets in the string into file spans.
pub(crate) fn parse(
    text: &str,
    span_of: &dyn Fn(Range<usize>) -> Range<usize>,
) -> Result<Vec<Atom>, Diagnostic> {
    let err = |at: Range<usize>, msg: String, label: &str, help: &str| {
        Diagnostic::new(Code::BetzaSyntax, span_of(at), msg)
            .label(label)
            .help(help.to_string())
    };
    if text.is_empty() {
        return Err(err(
            0..0,
            "an empty Betza string".into(),
            "no atom",
            HELP_SHAPE,
        ));
    }
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let end_of = |i: usize| chars.get(i + 1).map_or(text.len(), |c| c.0);
    let mut atoms = Vec::new();
    let mut mods = Modifiers::default();
    // The modifier groups before each `a` of the part being read, and where the `a`s stand.
    let mut groups: Vec<Modifiers> = Vec::new();
    let mut a_at: Vec<Range<usize>> = Vec::new();
    let mut part_start = 0;
    let mut i = 0;
    while i < chars.len() {
        let (at, c) = chars[i];
        let here = at..end_of(i);
        if c.is_ascii_uppercase() {
            if !ATOMS.contains(c) {
                return Err(err(
                    here,
                    format!("`{c}` is not an atom this reader knows"),
                    "unknown atom",
                    "the atoms are W F D N A H C Z G (leapers) and B R Q K",
                ));
            }
            groups.push(std::mem::take(&mut mods));
            let mut later = std::mem::take(&mut groups).into_iter();
            let first = later.next().unwrap_or_default();
            let (mut atom, next) = read_atom(&chars, i, text, first, part_start, &err)?;
            atom.legs = std::mem::take(&mut a_at).into_iter().zip(later).collect();
            atoms.push(atom);
            i = next;
            part_start = chars.get(i).map_or(text.len(), |c| c.0);
            continue;
        }
        if c == 'a' {
            groups.push(std::mem::take(&mut mods));
            a_at.push(here);
            i += 1;
            continue;
        }
        read_modifier(&chars, i, &here, &mut mods, &err)?;
        i += if mods
            .dirs
            .last()
            .is_some_and(|d| d.at.start == at && d.second.is_some())
        {
            2
        } else {
            1
        };
    }
    if part_start < text.len() {
        return Err(err(
            part_start..text.len(),
            "modifiers with no atom after them".into(),
            "these modify nothing",
            "modifiers come before their atom: `fmW`, not `Wfm`",
        ));
    }
    Ok(atoms)
}

type ErrFn<'a> = dyn Fn(Range<usize>, String, &str, &str) -> Diagnostic + 'a;

/// The atom whose letter is char `i`, with its double and range, and the index after it.
fn read_atom(
    chars: &[(usize, char)],
    i: usize,
    text: &str,
    mods: Modifiers,
    part_start: usize,
    err: &ErrFn<'_>,
) -> Result<(Atom, usize), Diagnostic> {
    let (start, letter) = chars[i];
    let mut next = i + 1;
    let doubled = chars.get(next).is_some_and(|c| c.1 == letter);
    if doubled {
        next += 1;
    }
    let digits_from = next;
    while chars.get(next).is_some_and(|c| c.1.is_ascii_digit()) {
        next += 1;
    }
    let end = chars.get(next).map_or(text.len(), |c| c.0);
    let range = if next > digits_from {
        let at = chars[digits_from].0..end;
        match text[at.clone()].parse::<u8>() {
            Ok(r) if (1..=MAX_RANGE).contains(&r) => Some(r),
            _ => {
                return Err(err(
                    at,
                    format!(
                        "range `{}`: expected 1 to {MAX_RANGE}",
                        &text[chars[digits_from].0..end]
                    ),
                    "bad range",
                    "a range is how far a rider goes: `R4` moves at most four squares",
                ));
            }
        }
    } else {
        None
    };
    let atom = Atom {
        letter,
        doubled,
        range,
        mods,
        legs: Vec::new(),
        at: start..end,
        whole: part_start..end,
    };
    Ok((atom, next))
}

/// Reads the modifier at char `i` (`here`) into `mods`; a direction pair takes two chars.
fn read_modifier(
    chars: &[(usize, char)],
    i: usize,
    here: &Range<usize>,
    mods: &mut Modifiers,
    err: &ErrFn<'_>,
) -> Result<(), Diagnostic> {
    let c = chars[i].1;
    match c {
        'm' => mods.moves = Some(here.clone()),
        'c' => mods.captures = Some(here.clone()),
        'i' => mods.initial = Some(here.clone()),
        'n' => mods.lame = Some(here.clone()),
        'p' | 'g' => {
            let hop = if c == 'p' {
                Hop::Cannon
            } else {
                Hop::Grasshopper
            };
            if mods.hop.as_ref().is_some_and(|h| h.0 != hop) {
                return Err(err(
                    here.clone(),
                    "`p` and `g` on one atom".into(),
                    "one hop is enough",
                    "`p` hops over a piece and goes on (cannon), `g` lands right behind it (grasshopper)",
                ));
            }
            mods.hop = Some((hop, here.clone()));
        }
        _ if DIRECTIONS.contains(c) => {
            let second = chars.get(i + 1).map(|n| n.1).filter(|&n| pairs(c, n));
            if c == 'h' {
                return Err(err(
                    here.clone(),
                    "a bare `h`".into(),
                    "half of what?",
                    "`h` halves a direction: `fh` is every move with a forward part",
                ));
            }
            let end = match second {
                Some(_) => chars.get(i + 2).map_or(here.end + 1, |n| n.0),
                None => here.end,
            };
            mods.dirs.push(DirWord {
                first: c,
                second,
                at: here.start..end,
            });
        }
        _ => return Err(unsupported(c, here.clone(), err)),
    }
    Ok(())
}

/// Whether direction letters `a` and `b` read as one word, as in Fairy-Stockfish: a letter
/// doubled (`ff`), or one of `f b v` with one of `l r s` either way round (`fl`, `rf`, `vs`,
/// `sf`), or either with `h` (`fh`, `lh`).
fn pairs(a: char, b: char) -> bool {
    let vertical = |c| matches!(c, 'f' | 'b' | 'v');
    let horizontal = |c| matches!(c, 'l' | 'r' | 's');
    (a == b && a != 'h')
        || (vertical(a) && (horizontal(b) || b == 'h'))
        || (horizontal(a) && (vertical(b) || b == 'h'))
}

/// The error for a character that is no modifier this reader supports.
fn unsupported(c: char, at: Range<usize>, err: &ErrFn<'_>) -> Diagnostic {
    match c {
        'j' | 'z' | 'o' | 'q' | 'y' | 't' | 'u' | 'e' | 'x' | 'k' | 'd' | 'w' => err(
            at,
            format!("the (X)Betza modifier `{c}` is not supported"),
            "not supported",
            "supported modifiers: f b l r v s h (directions), m c i n p g, and `a` on W, F and K; write other moves as path programs in `moves`",
        ),
        c if c.is_ascii_digit() => err(
            at,
            format!("a range `{c}` with no atom before it"),
            "range of what?",
            "a range follows its atom: `R4`",
        ),
        c => err(
            at,
            format!("`{}` in a Betza string", c.escape_debug()),
            "unexpected character",
            HELP_SHAPE,
        ),
    }
}
