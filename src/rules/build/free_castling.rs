//! `[[free_castling]]`: the castling entries of a king and a rook that may start anywhere on a row
//! (Chess960), one per start pair, sharing one right per rook square.

use super::Builder;
use crate::board::NodeId;
use crate::diagnostic::{Code, Diagnostic};
use crate::rules::{Castling, KindId, PieceKind, PlayerId};
use crate::spec::Located;
use crate::spec::free_castling::FreeCastlingSpec;
use crate::spec::variant::VariantSpec;

/// At most this many castling entries in all (a castling move carries its entry as a byte).
const MAX_ENTRIES: usize = 255;

impl Builder<'_> {
    /// The entries of every `[[free_castling]]`, after `rights` (the rights so far, by bit) has
    /// been given the tokens they name that it lacks.
    pub(super) fn free_castlings(
        &mut self,
        spec: &VariantSpec,
        kinds: &[PieceKind],
        rights: &mut Vec<(String, PlayerId)>,
    ) -> Vec<Castling> {
        let fixed = rights.len();
        let mut out = Vec::new();
        for f in &spec.free_castling {
            out.extend(
                self.free_castling(spec, f, kinds, rights, fixed)
                    .unwrap_or_default(),
            );
        }
        if spec.castling.len() + out.len() > MAX_ENTRIES {
            let span = spec
                .free_castling
                .first()
                .map_or(0..0, |f| f.squares.span());
            self.err(
                Diagnostic::new(
                    Code::VariantTooLarge,
                    span,
                    format!(
                        "{} castling moves in all, more than {MAX_ENTRIES}",
                        spec.castling.len() + out.len()
                    ),
                )
                .label("this row"),
            );
        }
        out
    }

    /// The entries of one `[[free_castling]]`: every king start and rook start on the row, the
    /// rook beyond the king on the side the king goes to; `None` with the errors reported.
    fn free_castling(
        &mut self,
        spec: &VariantSpec,
        f: &FreeCastlingSpec,
        kinds: &[PieceKind],
        rights: &mut Vec<(String, PlayerId)>,
        fixed: usize,
    ) -> Option<Vec<Castling>> {
        let loc = |s: &toml::Spanned<String>| Located::from(s.clone());
        let player = self.player(spec, &f.player);
        let squares: Vec<Option<NodeId>> = (f.squares.get_ref().iter())
            .map(|n| self.node(&loc(n), "`free_castling` `squares`"))
            .collect();
        let king_kind = self.castling_king(f.king_piece.as_ref(), f.king.span(), kinds);
        let rook_kind =
            self.castling_piece(Some(&f.rook_piece), "rook", f.rook_piece.span(), kinds);
        let king_to = self.row_index(f, &f.king, &squares, "king");
        let rook_to = self.row_index(f, &f.rook, &squares, "rook");
        let player = PlayerId(player? as u8);
        let tokens = self.free_tokens(f, player, rights, fixed);
        let squares: Vec<NodeId> = squares.into_iter().collect::<Option<_>>()?;
        let (king_kind, rook_kind) = (KindId(king_kind? as u8), KindId(rook_kind? as u8));
        let (kt, rt, tokens) = (king_to?, rook_to?, tokens?);
        if kt == rt {
            self.err(
                Diagnostic::new(
                    Code::BadCastling,
                    f.rook.span(),
                    "the king and the rook end on the same square",
                )
                .label("rook's destination")
                .related(f.king.span(), "king's destination"),
            );
            return None;
        }
        let mut out = Vec::new();
        for k in 0..squares.len() {
            for r in 0..squares.len() {
                // The rook starts beyond the king, on the side the king goes to.
                if r == k || (r > k) != (kt > rt) || (k == kt && r == rt) {
                    continue;
                }
                let (lo, hi) = (k.min(r).min(kt).min(rt), k.max(r).max(kt).max(rt));
                let (king_lo, king_hi) = (k.min(kt), k.max(kt));
                out.push(Castling {
                    player,
                    right: rights[tokens[r]].0.clone(),
                    king_from: squares[k],
                    king_to: squares[kt],
                    rook_from: squares[r],
                    rook_to: squares[rt],
                    king_kind,
                    rook_kind,
                    empty: (lo..=hi)
                        .filter(|&i| i != k && i != r)
                        .map(|i| squares[i])
                        .collect(),
                    safe: (king_lo..=king_hi).map(|i| squares[i]).collect(),
                    ambiguous: false,
                    rook_from_start: false,
                    bit: tokens[r] as u8,
                });
            }
        }
        Some(out)
    }

    /// Where `name` (a destination) stands in the row, or `None` with the error reported.
    fn row_index(
        &mut self,
        f: &FreeCastlingSpec,
        name: &toml::Spanned<String>,
        squares: &[Option<NodeId>],
        what: &str,
    ) -> Option<usize> {
        let at = self.node(&Located::from(name.clone()), "`free_castling`")?;
        let found = squares.iter().position(|&n| n == Some(at));
        if found.is_none() {
            self.err(
                Diagnostic::new(
                    Code::BadCastling,
                    name.span(),
                    format!("the {what}'s destination is not a square of `squares`"),
                )
                .label("not in the row")
                .related(f.squares.span(), "the row")
                .help("the king and the rook end on squares of the row they castle along"),
            );
        }
        found
    }

    /// The right bit of a rook on each square of the row: the tokens `rights` names, one per
    /// square, letters, each added to the rights unless a `[[free_castling]]` of the same player
    /// has it already; a token of a `[[castling]]` (the first `fixed` rights) or of another
    /// player, or one that begins another, is refused.
    fn free_tokens(
        &mut self,
        f: &FreeCastlingSpec,
        player: PlayerId,
        rights: &mut Vec<(String, PlayerId)>,
        fixed: usize,
    ) -> Option<Vec<usize>> {
        let (list, n) = (f.rights.get_ref(), f.squares.get_ref().len());
        if list.len() != n {
            self.err(
                Diagnostic::new(
                    Code::BadCastling,
                    f.rights.span(),
                    format!("{} right tokens for {n} squares", list.len()),
                )
                .label("one token per square")
                .related(f.squares.span(), "the squares"),
            );
            return None;
        }
        let mut bits = Vec::with_capacity(n);
        for t in list {
            let token = t.get_ref();
            let bad = token.is_empty() || !token.chars().all(|c| c.is_ascii_alphabetic());
            let clash = rights.iter().enumerate().any(|(i, (o, p))| {
                let prefix = o.starts_with(token.as_str()) || token.starts_with(o.as_str());
                prefix && (i < fixed || *p != player || o != token)
            });
            if bad || clash {
                self.err(
                    Diagnostic::new(
                        Code::BadMark,
                        t.span(),
                        format!("`{token}` cannot be a castling right token here"),
                    )
                    .label(if bad {
                        "use letters"
                    } else {
                        "another right's token begins alike"
                    })
                    .help(
                        "e.g. `rights = [\"H\", \"G\", \"F\", \"E\", \"D\", \"C\", \"B\", \"A\"]`",
                    ),
                );
                return None;
            }
            let at = rights.iter().position(|(o, _)| o == token);
            bits.push(at.unwrap_or_else(|| {
                rights.push((token.clone(), player));
                rights.len() - 1
            }));
        }
        Some(bits)
    }
}
