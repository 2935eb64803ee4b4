//! Betza / XBetza piece notation (`WfcFifmnD`) compiled into path programs.
//!
//! A piece may give `betza = "..."` in its variant file instead of, or beside, its `moves`; each
//! atom of the string becomes one path program (`parse.rs` reads the string into atoms and
//! modifiers, `compile.rs` turns each atom into a program), which the rules builder then reads like
//! any written program. Orthogonal atoms move along the board's `n e s w`, diagonal ones along
//! `ne nw se sw`, forward is `n` in the moving piece's frame; a board without a direction an atom
//! needs is an error located at the atom. `i` (initial moves) becomes `from:initial`: the variant
//! declares the player-relative zone `initial` where such moves start.

mod compile;
mod legs;
mod parse;

use std::ops::Range;

pub use compile::Program;

use crate::diagnostic::Diagnostic;

/// Compiles a Betza string into path programs, one per atom (a repeated one once).
///
/// `has` says whether the board has a direction; `span_of` turns byte offsets in `text` into the
/// spans errors are reported at (offsets in the file that holds the string).
pub fn compile(
    text: &str,
    has: &dyn Fn(&str) -> bool,
    span_of: &dyn Fn(Range<usize>) -> Range<usize>,
) -> Result<Vec<Program>, Diagnostic> {
    let atoms = parse::parse(text, span_of)?;
    let mut out: Vec<Program> = Vec::new();
    for atom in &atoms {
        let p = compile::compile_atom(atom, has, span_of)?;
        if !out.iter().any(|q| q.text == p.text) {
            out.push(p);
        }
    }
    Ok(out)
}
