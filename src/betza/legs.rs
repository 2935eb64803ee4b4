//! XBetza `a`: a move in several legs of one unit step each (`W`, `F`, `K`), every leg after the
//! first turning relative to the step before it, compiled into one `step` path per way.
//!
//! Turns count in eighths of a circle, left positive: `f` goes straight on, `fl`/`fr` turn 45
//! degrees (an orthogonal step becomes diagonal and back, as XBetza says), `l`/`r` 90, `bl`/`br`
//! 135, `b` turns back; `s` is `l` or `r`, `v` is `f` or `b`, `fs` and `bs` both 45 or both 135
//! degree turns. Every leg but the last only passes (XBetza's default `m` there), so the squares
//! on the way must be empty: exactly a `step` path. A way that comes back to a square it passed
//! or to its origin is dropped.

use std::ops::Range;

use super::compile::{COMPASS_HELP, Program, atom_moves, mode_word, select, unit_name};
use super::parse::{Atom, DirWord, Modifiers};
use crate::diagnostic::{Code, Diagnostic};
use crate::limits::MAX_PATHS_PER_PATTERN;

/// The eight unit steps, counterclockwise from forward.
const RING: [(i8, i8); 8] = [
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// The turns a relative direction word allows, or `None` for a word with no turn (`h`, `lv`).
fn turns(w: &DirWord) -> Option<Vec<i8>> {
    let single = |c: char| match c {
        'f' => Some(vec![0]),
        'b' => Some(vec![4]),
        'l' => Some(vec![2]),
        'r' => Some(vec![-2]),
        's' => Some(vec![2, -2]),
        'v' => Some(vec![0, 4]),
        _ => None,
    };
    let Some(second) = w.second.filter(|&s| s != w.first) else {
        return single(w.first);
    };
    let (fb, side) = match (w.first, second) {
        (a @ ('f' | 'b'), b) | (b, a @ ('f' | 'b')) => (a, b),
        // `vs` and `sv` on a leg: its letters apart, every turn of either.
        ('v', 's') | ('s', 'v') => return Some(vec![0, 4, 2, -2]),
        _ => return None,
    };
    let base = if fb == 'f' { 1 } else { 3 };
    match side {
        'l' => Some(vec![base]),
        'r' => Some(vec![-base]),
        's' => Some(vec![base, -base]),
        _ => None,
    }
}

type ErrFn<'a> = dyn Fn(Range<usize>, String, &str, &str) -> Diagnostic + 'a;

/// Refuses what a leg cannot do in a path: hop, be lame, capture before the last leg, be `i`
/// after the first.
fn check_leg(m: &Modifiers, first: bool, last: bool, err: &ErrFn<'_>) -> Result<(), Diagnostic> {
    let refuse = |at: &Range<usize>, what: &str| {
        Err(err(
            at.clone(),
            format!("{what} in a move of several legs (`a`)"),
            "not supported",
            "legs pass empty squares (`m`, the default) and the last one moves or captures: `afsW`, `mafscW`",
        ))
    };
    if let Some((_, at)) = &m.hop {
        return refuse(at, "a hop");
    }
    if let Some(at) = &m.lame {
        return refuse(at, "`n`");
    }
    if let (false, Some(at)) = (last, &m.captures) {
        return refuse(at, "a capture on the way");
    }
    if let (false, Some(at)) = (first, &m.initial) {
        return refuse(at, "`i` after the first leg");
    }
    Ok(())
}

/// Compiles an atom with legs (`afsW`) into one `step` program.
pub(crate) fn compile_legs(
    atom: &Atom,
    has: &dyn Fn(&str) -> bool,
    span_of: &dyn Fn(Range<usize>) -> Range<usize>,
) -> Result<Program, Diagnostic> {
    let err = |at: Range<usize>, msg: String, label: &str, help: &str| {
        Diagnostic::new(Code::BetzaUnsupported, span_of(at), msg)
            .label(label)
            .help(help.to_string())
    };
    if !matches!(atom.letter, 'W' | 'F' | 'K') || atom.doubled || atom.range.is_some() {
        return Err(err(
            atom.at.clone(),
            format!("`a` (legs) on `{}`", &atom_text(atom)),
            "legs of unit steps only",
            "`a` is supported on W, F and K: `afsW` (the mao), `afsF`, `afsafK`",
        ));
    }
    let last = atom.legs.len();
    check_leg(&atom.mods, true, false, &err)?;
    for (k, (_, m)) in atom.legs.iter().enumerate() {
        check_leg(m, false, k + 1 == last, &err)?;
    }
    let ways = ways_of(atom, &err)?;
    let mut paths = Vec::new();
    for w in &ways {
        let names: Vec<String> = w.iter().map(|&(x, y)| unit_name(x, y)).collect();
        if let Some(d) = names.iter().find(|d| !has(d)) {
            return Err(Diagnostic::new(
                Code::BetzaMissingDirection,
                span_of(atom.at.clone()),
                format!(
                    "`{}` needs the direction `{d}`, which the board does not have",
                    atom.letter
                ),
            )
            .label("needs a missing direction")
            .help(COMPASS_HELP));
        }
        paths.push(format!("({})", names.join(" ")));
    }
    let end = atom.legs.last().map_or(&atom.mods, |l| &l.1);
    let mode = mode_word(end);
    let from = if atom.mods.initial.is_some() {
        " from:initial"
    } else {
        ""
    };
    Ok(Program {
        text: format!("{mode}step {}{from}", paths.join(" ")),
        at: atom.whole.clone(),
    })
}

/// Every way of the atom's legs: one unit step per leg, none coming back.
fn ways_of(atom: &Atom, err: &ErrFn<'_>) -> Result<Vec<Vec<(i8, i8)>>, Diagnostic> {
    let (all, _) = atom_moves(atom.letter);
    let mut firsts: Vec<(i8, i8)> = if atom.mods.dirs.is_empty() {
        all.clone()
    } else {
        atom.mods
            .dirs
            .iter()
            .flat_map(|w| select(w, &all))
            .collect()
    };
    firsts.sort_by_key(|&(dx, dy)| (std::cmp::Reverse(dy), dx));
    firsts.dedup();
    let mut ways: Vec<Vec<(i8, i8)>> = firsts.into_iter().map(|m| vec![m]).collect();
    for (a, m) in &atom.legs {
        if m.dirs.is_empty() {
            return Err(err(
                a.clone(),
                "a leg after `a` without its turn".into(),
                "which way?",
                "write how each later leg turns: `f` straight on, `fs` 45 degrees, `s` 90: `afsW`",
            ));
        }
        ways = extend(&ways, &m.dirs, &err)?;
        ways.retain(|w| no_return(w));
        // Each leg may multiply the ways: stop before they outgrow a pattern.
        if ways.len() > MAX_PATHS_PER_PATTERN {
            return Err(err(
                atom.whole.clone(),
                format!("more than {MAX_PATHS_PER_PATTERN} ways in one move of legs"),
                "too many ways",
                "split the move into several atoms with fewer turns each",
            ));
        }
    }
    ways.dedup();
    if ways.is_empty() {
        return Err(err(
            atom.whole.clone(),
            "these legs come back to where they passed".into(),
            "no move left",
            "a move of legs ends on a square it has not passed: `afsW`",
        ));
    }
    Ok(ways)
}

/// The atom as written (`W`, `KK`, `R4`), for messages.
fn atom_text(atom: &Atom) -> String {
    let mut s = atom.letter.to_string();
    if atom.doubled {
        s.push(atom.letter);
    }
    if let Some(r) = atom.range {
        s.push_str(&r.to_string());
    }
    s
}

/// Every way of `ways` extended by one step turned as a word of `dirs` allows.
fn extend(
    ways: &[Vec<(i8, i8)>],
    dirs: &[DirWord],
    err: &ErrFn<'_>,
) -> Result<Vec<Vec<(i8, i8)>>, Diagnostic> {
    let mut out = Vec::new();
    for w in dirs {
        let Some(ts) = turns(w) else {
            return Err(err(
                w.at.clone(),
                "a turn this reader does not know".into(),
                "not a turn",
                "later legs turn by f, b, l, r, s, v, fl, fr, bl, br, fs, bs",
            ));
        };
        for way in ways {
            let last = *way.last().expect("a way has a step");
            let at = RING.iter().position(|&d| d == last).expect("a unit step") as i8;
            for t in &ts {
                let mut next = way.clone();
                next.push(RING[(at + t).rem_euclid(8) as usize]);
                out.push(next);
            }
        }
    }
    Ok(out)
}

/// Whether a way never comes back to its origin or a square it passed.
fn no_return(way: &[(i8, i8)]) -> bool {
    let mut seen = vec![(0i8, 0i8)];
    let (mut x, mut y) = (0, 0);
    for &(dx, dy) in way {
        x += dx;
        y += dy;
        if seen.contains(&(x, y)) {
            return false;
        }
        seen.push((x, y));
    }
    true
}
