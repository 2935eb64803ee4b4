//! `[[first_move]]`: rights a piece holds until it first moves, checked and placed after the
//! castling rights (their bits follow the castlings' in the position's rights).

use super::Builder;
use super::lookup::unknown;
use crate::diagnostic::{Code, Diagnostic};
use crate::limits::MAX_CASTLINGS;
use crate::rules::{FirstMove, PieceKind, PlayerId};
use crate::spec::Located;
use crate::spec::variant::VariantSpec;

impl Builder<'_> {
    /// The first-move rights, with the rights each node clears added to `clear` (bit
    /// `base + i` for right `i`, `base` the number of castling rights), and the kinds whose moves may aim at one (as bits).
    pub(super) fn first_moves(
        &mut self,
        spec: &VariantSpec,
        kinds: &[PieceKind],
        base: usize,
        clear: &mut [u32],
    ) -> (Vec<FirstMove>, u32) {
        if let Some(extra) = spec.first_moves.get(MAX_CASTLINGS.saturating_sub(base)) {
            self.err(
                Diagnostic::new(
                    Code::VariantTooLarge,
                    extra.right.span(),
                    format!("more than {MAX_CASTLINGS} castling and first-move rights together"),
                )
                .label("one right too many")
                .help("position text keeps at most 32 rights"),
            );
            return (Vec::new(), 0);
        }
        let mut out = Vec::new();
        let mut aimers = 0u32;
        for (i, f) in spec.first_moves.iter().enumerate() {
            self.first_move_token(spec, i);
            let player = self.player(spec, &f.player);
            let square = self.node(&Located::from(f.square.clone()), "`[[first_move]]` square");
            let mut aimed_by = 0u32;
            for name in &f.lost_when_aimed_by {
                match kinds.iter().position(|k| k.name == *name.get_ref()) {
                    Some(k) => aimed_by |= 1 << k,
                    None => {
                        let names: Vec<&str> = kinds.iter().map(|k| k.name.as_str()).collect();
                        self.err(unknown(name.span(), "piece", name.get_ref(), &names));
                    }
                }
            }
            let (Some(player), Some(square)) = (player, square) else {
                continue;
            };
            clear[square.index()] |= 1 << (base + i);
            aimers |= aimed_by;
            out.push(FirstMove {
                player: PlayerId(player as u8),
                square,
                right: f.right.get_ref().clone(),
                aimed_by,
            });
        }
        (out, aimers)
    }

    /// Checks the token of first-move right `i` against the castling tokens and the first-move
    /// tokens before it: letters, none beginning another.
    fn first_move_token(&mut self, spec: &VariantSpec, i: usize) {
        let f = &spec.first_moves[i];
        let right = f.right.get_ref();
        if !self.token_is_letters(&f.right, "first-move right", "D") {
            return;
        }
        let others = (spec.castling.iter().map(|c| &c.right))
            .chain(spec.first_moves[..i].iter().map(|o| &o.right));
        for other in others {
            let o = other.get_ref();
            if o.starts_with(right.as_str()) || right.starts_with(o.as_str()) {
                self.err(
                    Diagnostic::new(
                        Code::DuplicateName,
                        f.right.span(),
                        format!("the right tokens `{o}` and `{right}` are equal or begin alike"),
                    )
                    .label("this token")
                    .related(other.span(), "the other token")
                    .help("each right needs its own token, and no token may begin another"),
                );
                return;
            }
        }
    }
}
