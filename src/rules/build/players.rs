//! The players: their names, side-to-move tokens, piece marks, frames and colours.

use super::Builder;
use super::frames::frame_named;
use super::lookup::unknown;
use crate::board::DirId;
use crate::diagnostic::{Code, Diagnostic};
use crate::rules::{FrameId, MAX_PLAYERS, Mark, NodeSet, Player};
use crate::spec::variant::{PlayerSpec, VariantSpec};

/// Whether a mark is a usable prefix: lower-case letters, and not a case name.
fn is_prefix_mark(m: &str) -> bool {
    !m.is_empty() && m.chars().all(|c| c.is_ascii_lowercase()) && !matches!(m, "upper" | "lower")
}

/// Whether the file declares a frame of this name, usable or not.
fn declared_frame(spec: &VariantSpec, n: &str) -> bool {
    spec.frames.iter().any(|(name, _)| name.value == n)
}

/// `#rrggbb` as (red, green, blue).
fn parse_colour(text: &str) -> Option<[u8; 3]> {
    let hex = text.strip_prefix('#')?;
    if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

impl Builder<'_> {
    /// The players, in turn order.
    pub(super) fn players(
        &mut self,
        spec: &VariantSpec,
        frames: &[(String, Vec<DirId>)],
    ) -> Vec<Player> {
        self.player_count(spec);
        // Only a usable prefix mark obliges the others to be prefixes too (a mistyped `Lower`
        // is reported once, on its own line).
        let any_prefix = spec
            .players
            .iter()
            .any(|p| is_prefix_mark(p.mark.get_ref()));
        self.distinct_players(spec);
        spec.players
            .iter()
            .filter_map(|p| self.player_of(spec, frames, p, any_prefix))
            .collect()
    }

    /// At least one player, and no more than the limit.
    fn player_count(&mut self, spec: &VariantSpec) {
        if spec.players.is_empty() {
            self.err(
                Diagnostic::new(
                    Code::NoPlayers,
                    spec.players_span.clone(),
                    "the variant declares no player",
                )
                .label("expected `[[player]]` items")
                .help(
                    "add one `[[player]]` per seat, in turn order, with `name`, `short` and `mark`",
                ),
            );
        }
        if spec.players.len() > MAX_PLAYERS {
            self.err(
                Diagnostic::new(
                    Code::VariantTooLarge,
                    spec.players[MAX_PLAYERS].name.span(),
                    format!("more than {MAX_PLAYERS} players"),
                )
                .label("one too many"),
            );
        }
    }

    /// No two players share a name, a short name or a mark: position text must tell them apart.
    fn distinct_players(&mut self, spec: &VariantSpec) {
        for (i, p) in spec.players.iter().enumerate() {
            for (j, q) in spec.players[..i].iter().enumerate() {
                for (a, b, what) in [
                    (&p.name, &q.name, "name"),
                    (&p.short, &q.short, "short name"),
                    (&p.mark, &q.mark, "mark"),
                ] {
                    if a.get_ref() == b.get_ref() {
                        self.err(
                            Diagnostic::new(
                                Code::DuplicateName,
                                a.span(),
                                format!(
                                    "players {} and {} have the same {what} `{}`",
                                    j + 1,
                                    i + 1,
                                    a.get_ref()
                                ),
                            )
                            .label("repeated")
                            .related(b.span(), "first used here")
                            .help("position text could not tell the players apart"),
                        );
                    }
                }
            }
        }
    }

    /// One player, or `None` when its mark or frame is unusable (every problem reported).
    fn player_of(
        &mut self,
        spec: &VariantSpec,
        frames: &[(String, Vec<DirId>)],
        p: &PlayerSpec,
        any_prefix: bool,
    ) -> Option<Player> {
        let short = p.short.get_ref();
        if short.is_empty() || !short.chars().all(|c| c.is_ascii_alphanumeric()) {
            self.err(
                Diagnostic::new(
                    Code::BadMark,
                    p.short.span(),
                    format!("`{short}` cannot be a side-to-move token"),
                )
                .label("use letters or digits")
                .help("e.g. `short = \"w\"`"),
            );
        }
        let mark = self.player_mark(p, any_prefix);
        let frame = match &p.frame {
            None => Some(FrameId::IDENTITY),
            Some(f) => self.player_frame(spec, frames, f),
        };
        let start_frames = self.start_frames(spec, frames, p);
        let colour = self.player_colour(p);
        let (Some(mark), Some(frame)) = (mark, frame) else {
            return None;
        };
        Some(Player {
            name: p.name.get_ref().clone(),
            short: short.clone(),
            mark,
            frame,
            start_frames,
            colour,
        })
    }

    /// How the player's pieces are written; `any_prefix` when some player uses a prefix mark.
    fn player_mark(&mut self, p: &PlayerSpec, any_prefix: bool) -> Option<Mark> {
        match p.mark.get_ref().as_str() {
            "upper" if !any_prefix => Some(Mark::Upper),
            "lower" if !any_prefix => Some(Mark::Lower),
            m if is_prefix_mark(m) => Some(Mark::Prefix(m.to_string())),
            m => {
                let help = if any_prefix && matches!(m, "upper" | "lower") {
                    "when one player uses a prefix mark, all must (then letters are upper case after the prefix)".to_string()
                } else {
                    "write `upper`, `lower`, or a lower-case prefix such as `g`".to_string()
                };
                self.err(
                    Diagnostic::new(
                        Code::BadMark,
                        p.mark.span(),
                        format!("`{m}` cannot be a piece mark here"),
                    )
                    .label("unusable mark")
                    .help(help),
                );
                None
            }
        }
    }

    /// The frame a player names. A frame declared but rejected was reported already; uses of it
    /// are not reported again.
    fn player_frame(
        &mut self,
        spec: &VariantSpec,
        frames: &[(String, Vec<DirId>)],
        f: &toml::Spanned<String>,
    ) -> Option<FrameId> {
        let r = frame_named(frames, f.get_ref());
        if r.is_none() && !declared_frame(spec, f.get_ref()) {
            let names: Vec<&str> = frames.iter().map(|(n, _)| n.as_str()).collect();
            self.err(unknown(f.span(), "frame", f.get_ref(), &names));
        }
        r
    }

    /// The frames the player's pieces start with in position text, per board zone.
    fn start_frames(
        &mut self,
        spec: &VariantSpec,
        frames: &[(String, Vec<DirId>)],
        p: &PlayerSpec,
    ) -> Vec<(NodeSet, FrameId)> {
        let board = self.board;
        let mut start_frames = Vec::new();
        for (zone, f) in &p.start_frames {
            let set = self.board_zone(zone);
            if set.is_none() {
                let names: Vec<&str> = board.zones().iter().map(|z| z.name.as_str()).collect();
                let mut d = unknown(f.span(), "zone", zone, &names);
                d.message =
                    format!("`start_frames` names zone `{zone}`, which the board does not have");
                self.err(d);
            }
            let fr = self.player_frame(spec, frames, f);
            if let (Some(s), Some(fr)) = (set, fr) {
                start_frames.push((s, fr));
            }
        }
        start_frames
    }

    /// The colour of the player's pieces in pictures, when the file gives a usable one.
    fn player_colour(&mut self, p: &PlayerSpec) -> Option<[u8; 3]> {
        let c = p.colour.as_ref()?;
        let rgb = parse_colour(c.get_ref());
        if rgb.is_none() {
            self.err(
                Diagnostic::new(
                    Code::InvalidValue,
                    c.span(),
                    format!("`{}` is not a colour", c.get_ref()),
                )
                .label("expected `#rrggbb`")
                .help("write six hexadecimal digits after `#`, e.g. `colour = \"#8c8c8c\"`"),
            );
        }
        rgb
    }
}
