//! Atoms with modifiers compiled into path programs (`leap ...`, `step ...`, `ride ...`).
//!
//! A move of an atom is an offset `(dx, dy)`: `dx` to the right (`e`), `dy` forward (`n`), in the
//! moving piece's frame. Its way is walked over the compass directions: diagonally while both
//! offsets remain equal, else along the longer one (`(n ne)` for the knight's `(1, 2)`), which is
//! also the way a lame (`n`) leaper must find empty. A leaper uses the board's composite direction
//! for its offset when the board declares one (`nne` for `(1, 2)`), else that walk; a rider of a
//! longer atom needs the composite direction, since a ride repeats one direction.

use std::collections::BTreeSet;
use std::ops::Range;

use super::parse::{Atom, DirWord, Hop, Modifiers};
use crate::diagnostic::{Code, Diagnostic};

/// One path program a Betza string compiles to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// The program, in the path language.
    pub text: String,
    /// Where its atom (with its modifiers) stands in the Betza string (byte offsets).
    pub at: Range<usize>,
}

/// The offsets of one atom letter, one of each symmetric sibling, and whether it rides by itself.
pub(super) fn atom_moves(letter: char) -> (Vec<(i8, i8)>, bool) {
    let base: &[(i8, i8)] = match letter {
        'W' | 'R' => &[(1, 0)],
        'F' | 'B' => &[(1, 1)],
        'D' => &[(2, 0)],
        'N' => &[(2, 1)],
        'A' => &[(2, 2)],
        'H' => &[(3, 0)],
        'C' => &[(3, 1)],
        'Z' => &[(3, 2)],
        'G' => &[(3, 3)],
        // K and Q: the orthogonal and the diagonal unit.
        _ => &[(1, 0), (1, 1)],
    };
    let mut out = BTreeSet::new();
    for &(a, b) in base {
        for (x, y) in [(a, b), (b, a)] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                out.insert((x * sx, y * sy));
            }
        }
    }
    (out.into_iter().collect(), matches!(letter, 'R' | 'B' | 'Q'))
}

/// Whether a move goes mainly in direction `c` (`f` forward, `b`, `l`, `r`, `v` forward or back,
/// `s` sideways, `h` any): an offset exactly between two directions goes in both.
fn strong(c: char, (dx, dy): (i8, i8)) -> bool {
    let (ax, ay) = (dx.abs(), dy.abs());
    match c {
        'f' => dy > 0 && ay >= ax,
        'b' => dy < 0 && ay >= ax,
        'r' => dx > 0 && ax >= ay,
        'l' => dx < 0 && ax >= ay,
        'v' => ay >= ax,
        's' => ax >= ay,
        _ => true,
    }
}

/// Whether a move has no part against direction `c`, the first letter of a pair (`f`: forward
/// or sideways). A pair led by `v` or `s` (`vs`, `sf`, `vl`) fits no move, as in Fairy-Stockfish.
fn weak(c: char, (dx, dy): (i8, i8)) -> bool {
    match c {
        'f' => dy >= 0,
        'b' => dy <= 0,
        'r' => dx >= 0,
        'l' => dx <= 0,
        _ => false,
    }
}

/// The moves of `all` that direction word `w` selects, as Fairy-Stockfish reads it. A pair `XY`
/// is Y with no part against X (`fr` on the knight: two right, one forward; on the king: right,
/// and forward right; `fh`: every move with no backward part). An atom whose moves are all
/// orthogonal (`W`, `R`, `D`, `H`) reads a pair as its two letters apart (`flW` = `fW` + `lW`;
/// `fhW` = `fW`, as a lone `h` selects nothing).
pub(super) fn select(w: &DirWord, all: &[(i8, i8)]) -> Vec<(i8, i8)> {
    let pick = |f: &dyn Fn((i8, i8)) -> bool| all.iter().copied().filter(|&m| f(m)).collect();
    match w.second {
        None => pick(&|m| strong(w.first, m)),
        Some(second) if second == w.first => pick(&|m| strong(w.first, m)),
        Some(second) if all.iter().all(|&(dx, dy)| dx == 0 || dy == 0) => {
            pick(&|m| strong(w.first, m) || (second != 'h' && strong(second, m)))
        }
        Some(second) => pick(&|m| weak(w.first, m) && strong(second, m)),
    }
}

/// The compass name of a unit offset.
pub(super) fn unit_name(dx: i8, dy: i8) -> String {
    let v = match dy.signum() {
        1 => "n",
        -1 => "s",
        _ => "",
    };
    let h = match dx.signum() {
        1 => "e",
        -1 => "w",
        _ => "",
    };
    format!("{v}{h}")
}

/// The composite direction name of an offset: `n`/`s` per rank, then `e`/`w` per file (`nne`).
fn composite_name(dx: i8, dy: i8) -> String {
    let v = if dy > 0 { "n" } else { "s" }.repeat(dy.unsigned_abs() as usize);
    let h = if dx > 0 { "e" } else { "w" }.repeat(dx.unsigned_abs() as usize);
    format!("{v}{h}")
}

/// The way of a move over unit directions: diagonal while both offsets remain equal, else along
/// the longer one.
fn walk(dx: i8, dy: i8) -> Vec<String> {
    let (mut x, mut y) = (dx, dy);
    let mut out = Vec::new();
    while x != 0 || y != 0 {
        let (sx, sy) = match x.abs().cmp(&y.abs()) {
            std::cmp::Ordering::Greater => (x.signum(), 0),
            std::cmp::Ordering::Less => (0, y.signum()),
            std::cmp::Ordering::Equal => (x.signum(), y.signum()),
        };
        out.push(unit_name(sx, sy));
        x -= sx;
        y -= sy;
    }
    out
}

/// What the compiler needs to know of the board: whether it has a direction.
pub type HasDirection<'a> = dyn Fn(&str) -> bool + 'a;

/// How an atom's moves are walked.
#[derive(Clone, Copy)]
struct Shape {
    /// It rides (`NN`, `R`, `W4`).
    rider: bool,
    /// Its moves are single steps (W, F, K).
    unit: bool,
    /// `n` on a longer leaper: its way must be empty.
    lame: bool,
}

type ErrFn<'a> = dyn Fn(Range<usize>, Code, String, &str, String) -> Diagnostic + 'a;

/// Compiles one atom into its path program; `span_of` locates string offsets in the file.
pub(crate) fn compile_atom(
    atom: &Atom,
    has: &HasDirection<'_>,
    span_of: &dyn Fn(Range<usize>) -> Range<usize>,
) -> Result<Program, Diagnostic> {
    if !atom.legs.is_empty() {
        return super::legs::compile_legs(atom, has, span_of);
    }
    let err = |at: Range<usize>, code: Code, msg: String, label: &str, help: String| {
        Diagnostic::new(code, span_of(at), msg)
            .label(label)
            .help(help)
    };
    let (all, rides_itself) = atom_moves(atom.letter);
    let rider = rides_itself || atom.doubled || atom.range.is_some_and(|r| r > 1);
    let unit = all.iter().all(|m| m.0.abs() <= 1 && m.1.abs() <= 1);
    let shape = Shape {
        rider,
        unit,
        lame: atom.mods.lame.is_some() && !unit,
    };
    check_shape(atom, shape, &err)?;
    let moves = selected(atom, &all, &err)?;
    let mut paths = Vec::new();
    for &m in &moves {
        paths.push(atom_path(atom, m, shape, has, &err)?);
    }
    Ok(Program {
        text: program_text(atom, shape.rider, shape.lame, &paths),
        at: atom.whole.clone(),
    })
}

/// The moves of the atom its direction words select (all without any), forward first.
fn selected(atom: &Atom, all: &[(i8, i8)], err: &ErrFn<'_>) -> Result<Vec<(i8, i8)>, Diagnostic> {
    let mut moves: Vec<(i8, i8)> = if atom.mods.dirs.is_empty() {
        all.to_vec()
    } else {
        let mut chosen = BTreeSet::new();
        for w in &atom.mods.dirs {
            chosen.extend(select(w, all));
        }
        chosen.into_iter().collect()
    };
    moves.sort_by_key(|&(dx, dy)| (std::cmp::Reverse(dy), dx));
    if moves.is_empty() {
        let at = atom
            .mods
            .dirs
            .first()
            .map_or(atom.at.clone(), |d| d.at.clone());
        return Err(err(
            at,
            Code::BetzaUnsupported,
            format!("these directions select no move of `{}`", atom.letter),
            "no move left",
            "f b l r v s select moves by their main direction: `fN` is the two knight moves two squares forward".into(),
        ));
    }
    Ok(moves)
}

/// Refuses a lame rider of a longer atom and a hop on a leaper.
fn check_shape(atom: &Atom, shape: Shape, err: &ErrFn<'_>) -> Result<(), Diagnostic> {
    if let Some(at) = &atom.mods.lame
        && shape.rider
        && !shape.unit
    {
        return Err(err(
            at.clone(),
            Code::BetzaUnsupported,
            "a lame rider (`n` on a rider of a longer atom) is not supported".into(),
            "not supported",
            "`n` makes a leaper lame (`nN`, the xiangqi horse); write such riders as path programs"
                .into(),
        ));
    }
    if let Some((_, at)) = &atom.mods.hop
        && !shape.rider
    {
        return Err(err(
            at.clone(),
            Code::BetzaUnsupported,
            format!(
                "`p` and `g` make hoppers of riders, and `{}` leaps",
                atom.letter
            ),
            "not a rider",
            format!("hop along a rider: `p{0}{0}` or `pR`", atom.letter),
        ));
    }
    Ok(())
}

/// The path of one move `(dx, dy)` of the atom.
fn atom_path(
    atom: &Atom,
    (dx, dy): (i8, i8),
    shape: Shape,
    has: &HasDirection<'_>,
    err: &ErrFn<'_>,
) -> Result<String, Diagnostic> {
    let way = walk(dx, dy);
    if let Some(d) = way.iter().find(|d| !has(d)) {
        return Err(err(
            atom.at.clone(),
            Code::BetzaMissingDirection,
            format!(
                "`{}` needs the direction `{d}`, which the board does not have",
                atom.letter
            ),
            "needs a missing direction",
            COMPASS_HELP.into(),
        ));
    }
    let composite = composite_name(dx, dy);
    let path = if shape.unit {
        way[0].clone()
    } else if shape.rider {
        if !has(&composite) {
            return Err(err(
                atom.at.clone(),
                Code::BetzaMissingDirection,
                format!(
                    "riding `{}` needs the direction `{composite}` (one jump), which the board does not have",
                    atom.letter
                ),
                "needs a missing direction",
                format!(
                    "declare it in the board's [directions]: `{composite} = {{ path = \"{}\" }}`",
                    way.join(" ")
                ),
            ));
        }
        composite
    } else if !shape.lame && has(&composite) {
        composite
    } else {
        format!("({})", way.join(" "))
    };
    Ok(match atom.range {
        Some(r) if shape.rider => format!("({} stop)", vec![path; r as usize].join(" ")),
        _ => path,
    })
}

/// What a board must have for Betza atoms.
pub(super) const COMPASS_HELP: &str = "Betza atoms move along the board's compass directions: n e s w (orthogonal) and ne nw se sw (diagonal)";

/// The mode word of a program whose (last) leg has modifiers `m`.
pub(super) fn mode_word(m: &Modifiers) -> &'static str {
    match (m.moves.is_some(), m.captures.is_some()) {
        (true, false) => "move ",
        (false, true) => "capture ",
        _ => "",
    }
}

/// The program's words: mode, kind, paths, modifiers.
fn program_text(atom: &Atom, rider: bool, lame: bool, paths: &[String]) -> String {
    let m = &atom.mods;
    let mode = mode_word(m);
    let kind = if rider {
        "ride"
    } else if lame {
        "step"
    } else {
        "leap"
    };
    let mut text = format!("{mode}{kind} {}", paths.join(" "));
    match m.hop {
        Some((Hop::Cannon, _)) => text.push_str(" over:1"),
        Some((Hop::Grasshopper, _)) => text.push_str(" over:1 beyond:1"),
        None => {}
    }
    if m.initial.is_some() {
        text.push_str(" from:initial");
    }
    text
}
