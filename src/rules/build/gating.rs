//! `[[gating]]`: rights to gate, checked and placed after the castling and first-move rights
//! (their bits follow those in the position's rights).

use super::Builder;
use crate::diagnostic::{Code, Diagnostic};
use crate::limits::MAX_CASTLINGS;
use crate::rules::{GatingRight, PlayerId};
use crate::spec::Located;
use crate::spec::variant::VariantSpec;

impl Builder<'_> {
    /// The gating rights, with the rights each node clears added to `clear` (bit `base + i`
    /// for right `i`, `base` the number of castling and first-move rights).
    pub(super) fn gating_rights(
        &mut self,
        spec: &VariantSpec,
        base: usize,
        clear: &mut [u32],
    ) -> Vec<GatingRight> {
        let mut out: Vec<GatingRight> = Vec::new();
        let mut tokens: Vec<toml::Spanned<String>> =
            (spec.castling.iter().map(|c| c.right.clone()))
                .chain(spec.first_moves.iter().map(|f| f.right.clone()))
                .collect();
        for g in &spec.gating {
            if spec.hands.is_none() {
                self.err(
                    Diagnostic::new(
                        Code::InvalidValue,
                        g.player.span(),
                        "`[[gating]]` brings pieces from the hand, but the players have no hands",
                    )
                    .label("gating rights")
                    .help("add `[hands]` (with `drops = false` when pieces in hand enter only by gating)"),
                );
                return Vec::new();
            }
            let (squares, rights) = (g.squares.get_ref(), g.rights.get_ref());
            if squares.len() != rights.len() {
                self.err(
                    Diagnostic::new(
                        Code::InvalidValue,
                        g.rights.span(),
                        format!(
                            "{} right tokens for {} squares",
                            rights.len(),
                            squares.len()
                        ),
                    )
                    .label("one token per square")
                    .help("give `rights` one token for each entry of `squares`"),
                );
                continue;
            }
            let player = self.player(spec, &g.player);
            for (sq, right) in squares.iter().zip(rights) {
                if base + out.len() >= MAX_CASTLINGS {
                    self.err(
                        Diagnostic::new(
                            Code::VariantTooLarge,
                            right.span(),
                            format!("more than {MAX_CASTLINGS} castling, first-move and gating rights together"),
                        )
                        .label("one right too many")
                        .help("position text keeps at most 32 rights"),
                    );
                    return out;
                }
                let fresh = self.gating_token(right, &tokens);
                tokens.push(right.clone());
                let square = self.node(&Located::from(sq.clone()), "`[[gating]]` square");
                let (Some(p), Some(square), true) = (player, square, fresh) else {
                    continue;
                };
                let player = PlayerId(p as u8);
                if out.iter().any(|o| o.player == player && o.square == square) {
                    self.err(
                        Diagnostic::new(
                            Code::DuplicateName,
                            sq.span(),
                            format!("`{}` is given twice for this player", sq.get_ref()),
                        )
                        .label("again")
                        .help("list each square once"),
                    );
                    continue;
                }
                clear[square.index()] |= 1 << (base + out.len());
                out.push(GatingRight {
                    player,
                    square,
                    right: right.get_ref().clone(),
                });
            }
        }
        out
    }

    /// Whether a gating right's token is letters and begins no token of `others` (nor they it).
    fn gating_token(
        &mut self,
        right: &toml::Spanned<String>,
        others: &[toml::Spanned<String>],
    ) -> bool {
        if !self.token_is_letters(right, "gating right", "B") {
            return false;
        }
        let r = right.get_ref();
        let Some(other) = others
            .iter()
            .find(|o| o.get_ref().starts_with(r.as_str()) || r.starts_with(o.get_ref().as_str()))
        else {
            return true;
        };
        self.err(
            Diagnostic::new(
                Code::DuplicateName,
                right.span(),
                format!(
                    "the right tokens `{}` and `{r}` are equal or begin alike",
                    other.get_ref()
                ),
            )
            .label("this token")
            .related(other.span(), "the other token")
            .help("each right needs its own token, and no token may begin another"),
        );
        false
    }
}
