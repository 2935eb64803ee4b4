//! Castling: each entry checked on its own and against the others, which entries move the king
//! alike, and the rights each node clears.

use super::Builder;
use super::lookup::unknown;
use crate::board::NodeId;
use crate::diagnostic::{Code, Diagnostic};
use crate::limits::MAX_CASTLINGS;
use crate::rules::{Castling, KindId, PieceKind, PlayerId};
use crate::spec::Located;
use crate::spec::variant::{CastlingSpec, VariantSpec};

/// The castling data of the rules: the entries, the rights (by bit) and what clears them.
pub(super) struct CastlingTables {
    /// Every castling, `[[castling]]` first, then the entries `[[free_castling]]` makes.
    pub(super) entries: Vec<Castling>,
    /// Per node, the rights a move from, to or off it clears.
    pub(super) clear: Vec<u32>,
    /// Per right bit: its token and player.
    pub(super) rights: Vec<(String, PlayerId)>,
    /// The rights any move of a castling king clears (`[[free_castling]]`).
    pub(super) king_clear: Vec<(PlayerId, KindId, u32)>,
}

impl Builder<'_> {
    /// The castling entries, which ones move the king alike, the rights and what clears them.
    pub(super) fn castling_entries(
        &mut self,
        spec: &VariantSpec,
        kinds: &[PieceKind],
    ) -> CastlingTables {
        let board = self.board;
        let mut castling = self.castlings(spec, kinds);
        let mut rights: Vec<(String, PlayerId)> = castling
            .iter()
            .map(|c| (c.right.clone(), c.player))
            .collect();
        for (i, c) in castling.iter_mut().enumerate() {
            c.bit = i as u8;
        }
        let free_from = castling.len();
        castling.extend(self.free_castlings(spec, kinds, &mut rights));
        if rights.len() > MAX_CASTLINGS {
            self.err(Diagnostic::new(
                Code::VariantTooLarge,
                spec.free_castling.first().map_or(0..0, |f| f.rights.span()),
                format!("more than {MAX_CASTLINGS} castling rights"),
            ));
        }
        for i in 0..castling.len() {
            let c = &castling[i];
            let amb = castling.iter().enumerate().any(|(j, o)| {
                j != i
                    && o.player == c.player
                    && o.king_from == c.king_from
                    && o.king_to == c.king_to
            });
            // A king that ends one link from its start moves as a plain step would: its text
            // names the rook too, so the two moves read apart.
            let next = board.direction_ids().any(|d| {
                board
                    .step(c.king_from, d)
                    .is_some_and(|s| s.to == c.king_to)
            });
            castling[i].ambiguous = amb || next || c.king_from == c.king_to;
        }
        let mut clear = vec![0u32; board.node_count()];
        let mut king_clear: Vec<(PlayerId, KindId, u32)> = Vec::new();
        for (i, c) in castling.iter().enumerate() {
            let bit = 1u32.checked_shl(c.bit.into()).unwrap_or(0);
            clear[c.rook_from.index()] |= bit;
            if i < free_from {
                clear[c.king_from.index()] |= bit;
            } else if let Some(k) =
                (king_clear.iter_mut()).find(|(p, k, _)| *p == c.player && *k == c.king_kind)
            {
                k.2 |= bit;
            } else {
                king_clear.push((c.player, c.king_kind, bit));
            }
        }
        CastlingTables {
            entries: castling,
            clear,
            rights,
            king_clear,
        }
    }

    /// The castling entries: each checked on its own (two squares each for king and rook, the
    /// pieces, a move that moves something, distinct destinations) and against the others (a
    /// token that is not a prefix of another, so that the castling field reads one way only).
    /// The squares that must be empty are the file's `empty` list plus both destinations and
    /// the squares the king passes (its `safe` list), whatever the file says: castling never
    /// lands on a piece.
    fn castlings(&mut self, spec: &VariantSpec, kinds: &[PieceKind]) -> Vec<Castling> {
        if spec.castling.len() > MAX_CASTLINGS {
            self.err(
                Diagnostic::new(
                    Code::VariantTooLarge,
                    spec.castling[MAX_CASTLINGS].right.span(),
                    format!("more than {MAX_CASTLINGS} castling rights"),
                )
                .label("one too many"),
            );
        }
        let mut castling: Vec<Castling> = Vec::new();
        for (i, c) in spec.castling.iter().enumerate() {
            self.castling_token(spec, i);
            if let Some(entry) = self.castling(spec, c, kinds) {
                castling.push(entry);
            }
        }
        castling
    }

    /// Checks the right token of castling entry `i` against the tokens before it.
    fn castling_token(&mut self, spec: &VariantSpec, i: usize) {
        let c = &spec.castling[i];
        let right = c.right.get_ref();
        if !self.token_is_letters(&c.right, "castling right", "K") {
            return;
        }
        for other in &spec.castling[..i] {
            let o = other.right.get_ref();
            let (message, help) = if o == right {
                (
                    format!("two castlings use the right token `{right}`"),
                    "each castling needs its own token in position text",
                )
            } else if o.starts_with(right.as_str()) || right.starts_with(o.as_str()) {
                (
                    format!("the castling right tokens `{o}` and `{right}` begin alike"),
                    "no token may begin another: `KQkq` could then be read two ways",
                )
            } else {
                continue;
            };
            self.err(
                Diagnostic::new(Code::DuplicateName, c.right.span(), message)
                    .label("this token")
                    .related(other.right.span(), "the other token")
                    .help(help),
            );
        }
    }

    /// Whether a right's token (castling's or a first move's) is letters; an error if not.
    pub(super) fn token_is_letters(
        &mut self,
        right: &toml::Spanned<String>,
        what: &str,
        example: &str,
    ) -> bool {
        let text = right.get_ref();
        let ok = !text.is_empty() && text.chars().all(|ch| ch.is_ascii_alphabetic());
        if !ok {
            self.err(
                Diagnostic::new(
                    Code::BadMark,
                    right.span(),
                    format!("`{text}` cannot be a {what} token"),
                )
                .label("use letters")
                .help(format!("e.g. `right = \"{example}\"`")),
            );
        }
        ok
    }

    /// One castling entry, or `None` (with the errors reported) when it is inconsistent.
    fn castling(
        &mut self,
        spec: &VariantSpec,
        c: &CastlingSpec,
        kinds: &[PieceKind],
    ) -> Option<Castling> {
        let player = self.player(spec, &c.player);
        let [kf, kt] = self.castling_squares(&c.king, "king")?;
        let [rf, rt] = self.castling_squares(&c.rook, "rook")?;
        let loc = |s: &toml::Spanned<String>| Located::from(s.clone());
        let empty: Vec<Option<NodeId>> = c
            .empty
            .iter()
            .map(|n| self.node(&loc(n), "castling `empty`"))
            .collect();
        let safe: Vec<Option<NodeId>> = c
            .safe
            .iter()
            .map(|n| self.node(&loc(n), "castling `safe`"))
            .collect();
        let king_kind = self.castling_king(c.king_piece.as_ref(), c.king.span(), kinds);
        // Without `rook_piece`, the rook is whatever stands on its square in the start position:
        // a placeholder until the start is read (`assemble`).
        let rook_kind = match &c.rook_piece {
            Some(named) => self.castling_piece(Some(named), "rook", c.rook.span(), kinds),
            None => Some(0),
        };
        let (kf, kt, rf, rt) = (kf?, kt?, rf?, rt?);
        // (The problem, and whether it is the king's squares that show it.)
        let problem = if kf == rf {
            Some(("the king and the rook start on the same square", false))
        } else if kt == rt {
            Some(("the king and the rook end on the same square", false))
        } else if kf == kt && rf == rt {
            Some(("this castling moves neither the king nor the rook", false))
        } else if kf == kt {
            Some(("the king does not move: castling is the king's move", true))
        } else {
            None
        };
        if let Some((problem, on_king)) = problem {
            let king = (c.king.span(), "king squares");
            let rook = (c.rook.span(), "rook squares");
            let (at, other) = if on_king { (king, rook) } else { (rook, king) };
            self.err(
                Diagnostic::new(Code::BadCastling, at.0, problem)
                    .label(at.1)
                    .related(other.0, other.1)
                    .help("`king = [from, to]` and `rook = [from, to]` must describe a real move of both"),
            );
            return None;
        }
        let empty: Vec<NodeId> = empty.into_iter().collect::<Option<_>>()?;
        let safe: Vec<NodeId> = safe.into_iter().collect::<Option<_>>()?;
        let mut must_be_empty: Vec<NodeId> = empty
            .iter()
            .chain(&safe)
            .chain([&kt, &rt])
            .copied()
            .filter(|&n| n != kf && n != rf)
            .collect();
        must_be_empty.sort();
        must_be_empty.dedup();
        Some(Castling {
            player: PlayerId(player? as u8),
            right: c.right.get_ref().clone(),
            king_from: kf,
            king_to: kt,
            rook_from: rf,
            rook_to: rt,
            king_kind: KindId(king_kind? as u8),
            rook_kind: KindId(rook_kind? as u8),
            empty: must_be_empty,
            safe,
            ambiguous: false,
            rook_from_start: c.rook_piece.is_none(),
            bit: 0,
        })
    }

    /// The `[from, to]` squares of a castling's king or rook: exactly two nodes of the board.
    fn castling_squares(
        &mut self,
        list: &toml::Spanned<Vec<toml::Spanned<String>>>,
        what: &str,
    ) -> Option<[Option<NodeId>; 2]> {
        let [from, to] = list.get_ref().as_slice() else {
            self.err(
                Diagnostic::new(
                    Code::BadCastling,
                    list.span(),
                    format!(
                        "the {what} needs two squares, where it starts and where it ends; found {}",
                        list.get_ref().len()
                    ),
                )
                .label("two squares")
                .help(format!("e.g. `{what} = [\"e1\", \"g1\"]`")),
            );
            return None;
        };
        let loc = |s: &toml::Spanned<String>| Located::from(s.clone());
        Some([
            self.node(&loc(from), "castling"),
            self.node(&loc(to), "castling"),
        ])
    }

    /// The castling king's kind: `king_piece`, or the variant's only royal kind.
    pub(super) fn castling_king(
        &mut self,
        king_piece: Option<&toml::Spanned<String>>,
        span: std::ops::Range<usize>,
        kinds: &[PieceKind],
    ) -> Option<usize> {
        if king_piece.is_some() {
            return self.castling_piece(king_piece, "king", span, kinds);
        }
        let royals: Vec<usize> = (0..kinds.len()).filter(|&i| kinds[i].royal).collect();
        match royals.as_slice() {
            [royal] => Some(*royal),
            _ => {
                self.err(
                    Diagnostic::new(
                        Code::BadCastling,
                        span,
                        format!(
                            "which piece castles? this variant has {} royal piece kinds",
                            royals.len()
                        ),
                    )
                    .label("which piece is the king?")
                    .help("name it with `king_piece = \"...\"`"),
                );
                None
            }
        }
    }

    /// The kind named by `named` (or `default` when the file names none) for a castling.
    pub(super) fn castling_piece(
        &mut self,
        named: Option<&toml::Spanned<String>>,
        default: &str,
        fallback_span: std::ops::Range<usize>,
        kinds: &[PieceKind],
    ) -> Option<usize> {
        let name = named.map_or(default, |r| r.get_ref().as_str());
        let found = kinds.iter().position(|k| k.name == name);
        if found.is_none() {
            let span = named.map_or(fallback_span, |r| r.span());
            let names: Vec<&str> = kinds.iter().map(|k| k.name.as_str()).collect();
            let mut d = unknown(span, "piece", name, &names);
            d.message = format!("castling moves a `{name}`, which is not a piece of this variant");
            if named.is_none() {
                d.help = Some(format!(
                    "name the {default}'s piece with `{default}_piece = \"...\"`"
                ));
            }
            self.err(d);
        }
        found
    }
}
