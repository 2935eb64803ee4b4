//! `flip`: a piece that turns into another kind after each of its moves (Kyoto shogi: every
//! piece but the king, after every move, to its other face) or after each of its captures
//! (micro shogi). The key is read in `crate::spec::flip`; here are its checks with located
//! diagnostics, its compiled form, the kind a move leaves on its destination, how move text
//! marks it (`+` onto the promoted face, `-` back onto the base) and its summary line.
//!
//! A flip is the move's own promotion: generation (`movegen::generate`) gives the move of a
//! flipping piece `promotion: Some(to)` whenever the flip applies, so make and unmake, the hash,
//! position text and the check tests all see the new kind as they see a promotion's, and the
//! move count is that of the piece's destinations (one move each: the flip is compulsory).
//! Declining (the move without `+` or `-`) is no move.

use crate::diagnostic::{Code, Diagnostic, suggest};
use crate::ids::KindId;
use crate::rules::{PieceKind, Rules};
use crate::spec::flip::FlipAfter;
use crate::spec::variant::PieceSpec;

/// A compiled `flip`: the kind the piece turns into, and whether only its captures turn it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Flip {
    /// The kind it becomes.
    pub(crate) to: KindId,
    /// Only a move that captures turns it (`after = "capture"`).
    pub(crate) captures_only: bool,
}

impl Flip {
    /// The kind a move of the piece leaves on its destination (`captures`: whether the move
    /// takes a piece there); `None` when the piece stays what it is.
    #[inline(always)]
    pub(crate) fn after(self, captures: bool) -> Option<KindId> {
        (captures || !self.captures_only).then_some(self.to)
    }

    /// The rule in words, for the piece's line of the summary.
    pub(crate) fn summary(self, kinds: &[PieceKind]) -> String {
        let when = if self.captures_only {
            "capture"
        } else {
            "move"
        };
        format!(
            "turns into {} after every {when}",
            kinds[self.to.index()].token()
        )
    }
}

/// Compiles the `flip` of every piece of the file (kind `i` is piece `i`), reporting a token that
/// names no piece, a piece that flips into itself, `flip` beside `promotion`, and a royal or
/// neutral piece on either side of a flip.
pub(crate) fn compile(pieces: &[PieceSpec], kinds: &mut [PieceKind], diags: &mut Vec<Diagnostic>) {
    for (i, p) in pieces.iter().enumerate() {
        let Some(flip) = &p.flip else { continue };
        let to = &flip.get_ref().to;
        let found = pieces
            .iter()
            .position(|q| q.letter.get_ref().eq_ignore_ascii_case(to.get_ref()));
        let Some(k) = found else {
            let letters: Vec<&str> = pieces.iter().map(|q| q.letter.get_ref().as_str()).collect();
            let help = suggest(to.get_ref(), letters.iter().copied())
                .unwrap_or_else(|| format!("the pieces' letters: {}", letters.join(" ")));
            diags.push(
                Diagnostic::new(
                    Code::UnknownName,
                    to.span(),
                    format!(
                        "piece `{}` flips to `{}`, which is no piece's letter",
                        p.name.value,
                        to.get_ref()
                    ),
                )
                .label("not a piece's letter")
                .help(help),
            );
            continue;
        };
        let problem = if k == i {
            Some((
                "flips into itself",
                "name the kind of its other face: `flip = { to = \"+S\" }`",
            ))
        } else if p.promotion.is_some() {
            Some((
                "has both `promotion` and `flip`",
                "a piece either promotes in a zone or flips after its moves: keep one",
            ))
        } else if kinds[i].royal || kinds[k].royal {
            Some((
                "flips from or into a royal kind",
                "royal pieces keep their kind: leave the king without `flip`, and flip only into kinds that are not royal",
            ))
        } else if kinds[i].neutral || kinds[k].neutral {
            Some((
                "flips from or into a neutral kind",
                "a neutral piece never moves: flip only between kinds that belong to the players",
            ))
        } else {
            None
        };
        if let Some((what, help)) = problem {
            diags.push(
                Diagnostic::new(
                    Code::InvalidValue,
                    flip.span(),
                    format!("piece `{}` {what}", p.name.value),
                )
                .label("this flip")
                .help(help),
            );
            continue;
        }
        kinds[i].flip = Some(Flip {
            to: KindId(k as u8),
            captures_only: flip.get_ref().after == FlipAfter::Capture,
        });
    }
}

impl Rules {
    /// Whether a move that turns its piece into kind `k` is written with the suffix `-`: `k`
    /// is a plain kind that its promoted face (`+` and its letter) turns back into by a flip
    /// (`a1-a2-`, Fairy-Stockfish's demotion).
    pub(crate) fn is_own_base(&self, k: KindId) -> bool {
        let kind = self.kind(k);
        !kind.promoted_face
            && self
                .kind_by_token(true, kind.letter)
                .is_some_and(|face| self.kind(face).flip.is_some_and(|f| f.to == k))
    }

    /// Whether kind `k` is the promoted face that a flip of the piece with its letter makes
    /// (`+S` of `S`), written with the suffix `+`.
    pub(crate) fn is_flipped_face(&self, k: KindId) -> bool {
        let kind = self.kind(k);
        kind.promoted_face
            && self
                .kind_by_letter(kind.letter)
                .is_some_and(|base| self.kind(base).flip.is_some_and(|f| f.to == k))
    }
}

#[cfg(test)]
mod tests {
    //! The rule on the shipped Kyoto shogi file: what each kind turns into, when, and how move
    //! text marks it.
    use super::*;

    #[test]
    fn every_kyoto_piece_but_the_king_flips_after_every_move() {
        let rules = Rules::load("variants/kyotoshogi.toml").expect("kyotoshogi loads");
        let token = |t: &str| rules.kind_by_token_text(t).expect("a kind");
        for (from, to) in [
            ("L", "+L"),
            ("+L", "L"),
            ("S", "+S"),
            ("+S", "S"),
            ("P", "+P"),
        ] {
            let flip = rules.kind(token(from)).flip.expect("a flip");
            assert_eq!(
                (flip.after(false), flip.after(true)),
                (Some(token(to)), Some(token(to)))
            );
        }
        assert!(rules.kind(token("K")).flip.is_none());
        assert!(rules.is_flipped_face(token("+S")) && !rules.is_flipped_face(token("S")));
        assert!(rules.is_own_base(token("S")) && !rules.is_own_base(token("K")));
        let silver = rules.kind(token("S")).flip.expect("a flip");
        assert_eq!(
            silver.summary(rules.kinds()),
            "turns into +S after every move"
        );
    }

    #[test]
    fn a_flip_after_captures_leaves_quiet_moves_alone() {
        let flip = Flip {
            to: KindId(3),
            captures_only: true,
        };
        assert_eq!(
            (flip.after(false), flip.after(true)),
            (None, Some(KindId(3)))
        );
    }
}
