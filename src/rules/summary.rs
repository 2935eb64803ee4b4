//! The rules in words: the summary `check` prints and the snapshots keep.

use std::fmt::Write;

use super::{Gate, KindId, Mark, PieceKind, Player, Promotion, Rules};

impl Rules {
    /// A readable summary of the rules, for `check` and the snapshots.
    pub fn summary(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "variant: {}", self.name);
        let _ = writeln!(
            s,
            "board: {} ({} nodes)",
            self.board.name(),
            self.board.node_count()
        );
        // The board's topology, so that a board edit shows in `snapshot` and `diff` summaries.
        for line in self.board.summary().lines().skip(1) {
            let _ = writeln!(s, "  {line}");
        }
        for (i, p) in self.players.iter().enumerate() {
            let _ = writeln!(s, "player {}: {}", i + 1, self.player_summary(p));
        }
        let frames: Vec<&str> = self.frames.iter().map(|(n, _)| n.as_str()).collect();
        let _ = writeln!(s, "frames: {}", frames.join(", "));
        for k in &self.kinds {
            let _ = writeln!(s, "piece {} {}{}", k.token(), k.name, self.piece_flags(k));
            for p in &k.patterns {
                let _ = writeln!(s, "  {}", p.text);
            }
        }
        for c in &self.castling {
            let b = &self.board;
            let _ = writeln!(
                s,
                "castling {} ({}): king {}-{}, rook {}-{}",
                c.right,
                self.players[c.player.index()].name,
                b.node_name(c.king_from),
                b.node_name(c.king_to),
                b.node_name(c.rook_from),
                b.node_name(c.rook_to)
            );
        }
        let _ = writeln!(s, "{}", self.outcome_summary());
        if let Some(c) = &self.draws.counting {
            let _ = writeln!(s, "{}", c.summary(self));
        }
        if let Some(h) = &self.hands {
            let order: String = h
                .order
                .iter()
                .filter(|k| self.kinds[k.index()].demotes_to.is_none())
                .map(|&k| self.kinds[k.index()].token())
                .collect();
            let fate = match (h.captured_to_hand, h.promoted_kept) {
                (true, false) => "captured pieces join the capturer's hand",
                (true, true) => {
                    "captured pieces join the capturer's hand, promoted ones as they are"
                }
                (false, _) => "captured pieces leave the game",
            };
            let clock = if h.drops_reset_clock {
                "; every drop resets the halfmove clock"
            } else {
                ""
            };
            let castles = if h.castling_by_drop {
                "; a drop that puts a castling's king and rook on their squares gives its right"
            } else {
                ""
            };
            let drops = if h.drops { "" } else { "; no drops" };
            let _ = writeln!(
                s,
                "hands: {fate}; written in the order {order}{clock}{castles}{drops}"
            );
        }
        for p in self.player_ids() {
            let rights: Vec<String> = (self.gating.iter().filter(|g| g.player == p))
                .map(|g| format!("{} ({})", self.board.node_name(g.square), g.right))
                .collect();
            if !rights.is_empty() {
                let name = &self.players[p.index()].name;
                let _ = writeln!(s, "gating ({name}): {}", rights.join(", "));
            }
        }
        if let Some(b) = self.blocker {
            let _ = writeln!(s, "blocker: {}", self.blocker_summary(b));
        }
        for g in &self.gates {
            let _ = writeln!(s, "gate {}", self.gate_summary(g));
        }
        self.capture_summary(&mut s);
        let _ = writeln!(s, "start: {}", self.start);
        s
    }

    /// The captures after a move, facing royals and the victories by numbers, one line each.
    fn capture_summary(&self, s: &mut String) {
        for e in &self.effects {
            let _ = writeln!(s, "{}", e.summary(self));
        }
        if !self.facing.is_empty() {
            let dirs: Vec<&str> = self
                .facing
                .iter()
                .map(|&d| self.board.direction_name(d))
                .collect();
            let _ = writeln!(s, "royals may not face each other along {}", dirs.join(" "));
        }
        for line in (self.filters).summary_lines(self, super::filters::Section::Lines) {
            let _ = writeln!(s, "{line}");
        }
        for j in &self.judged {
            let _ = writeln!(s, "capture after a move: {}", self.judged_summary(j));
        }
        for w in &self.progressions {
            let dirs: Vec<&str> = w
                .directions
                .iter()
                .map(|(d, _)| self.board.direction_name(*d))
                .collect();
            let means: Vec<String> = w
                .means
                .iter()
                .map(|m| format!("{m:?}").to_lowercase())
                .collect();
            let _ = writeln!(
                s,
                "victory by numbers in progression: {} (on {}, along {}, {}{})",
                w.name,
                self.zone_names[w.zone],
                dirs.join(" "),
                means.join(" or "),
                match w.kinds {
                    Some(k) => format!("; four pieces, exactly {k} kind(s) of mean present"),
                    None => String::new(),
                }
            );
        }
        for w in &self.captured_wins {
            let _ = writeln!(
                s,
                "victory by captured material: {}",
                self.captured_win_summary(w)
            );
        }
    }

    /// A player's name, side-to-move token, piece mark and frame.
    fn player_summary(&self, p: &Player) -> String {
        let mark = match &p.mark {
            Mark::Upper => "upper-case letters".to_string(),
            Mark::Lower => "lower-case letters".to_string(),
            Mark::Prefix(x) => format!("prefix `{x}`"),
        };
        format!(
            "{} (`{}`, {mark}, frame {})",
            p.name,
            p.short,
            self.frame_name(p.frame)
        )
    }

    /// What sets a piece kind apart (royal, oriented, resets the clock, promotes), as ` [...]`,
    /// or nothing.
    fn piece_flags(&self, k: &PieceKind) -> String {
        let mut flags = Vec::new();
        if k.royal {
            flags.push("royal".to_string());
        }
        if k.sole_royal {
            flags.push("royal while its owner's last".to_string());
        }
        if k.oriented {
            flags.push("oriented".to_string());
        }
        if k.resets_clock {
            flags.push("resets the clock".to_string());
        }
        if k.resets_clock_if_irreversible {
            flags.push("resets the clock if irreversible".to_string());
        } else if k.promotion_resets_clock {
            flags.push("promotion resets the clock".to_string());
        }
        if k.cannot_capture != 0 {
            flags.push(format!(
                "cannot capture {}",
                self.kind_names(k.cannot_capture)
            ));
        }
        if k.cannot_hop != 0 {
            flags.push(format!("cannot hop over {}", self.kind_names(k.cannot_hop)));
        }
        if let Some(pr) = &k.promotion {
            flags.push(self.promotion_flag(pr));
        }
        if let Some(pr) = &k.standing {
            flags.push(self.standing_flag(pr));
        }
        if let Some(f) = k.flip {
            flags.push(f.summary(&self.kinds));
        }
        if k.stack {
            flags.push("a stack: moves as the kinds it holds".to_string());
        } else if k.numbered {
            flags.push("numbered".to_string());
        }
        if k.marked_promoted {
            flags.push("written with `~`".to_string());
        }
        if let Some(d) = k.demotes_to {
            flags.push(format!("captured as {}", self.kinds[d.index()].token()));
        }
        if let Some(d) = &k.drop
            && (d.zone.is_some()
                || d.per_line.is_some()
                || d.no_mate
                || d.balanced
                || d.allow_stuck
                || d.face)
        {
            let mut how = String::from("dropped");
            if d.face {
                how.push_str(" in place of its base piece");
            }
            if let Some(z) = &d.zone {
                let _ = write!(how, " on {z}");
            }
            if let Some(l) = &d.per_line {
                let _ = write!(how, ", at most {} per line {}", l.max, l.direction);
            }
            if d.no_mate {
                how.push_str(", never mating");
            }
            if d.balanced {
                how.push_str(", on light and dark squares alike");
            }
            if d.allow_stuck {
                how.push_str(", even where it could never move");
            }

            flags.push(how);
        }
        if flags.is_empty() {
            String::new()
        } else {
            format!(" [{}]", flags.join(", "))
        }
    }

    /// The names of the kinds in `kinds` (bit `k`: kind `k`), space-separated, in file order.
    fn kind_names(&self, kinds: u32) -> String {
        let names: Vec<&str> = (self.kind_ids())
            .filter(|c| kinds & (1 << c.index()) != 0)
            .map(|c| self.kinds[c.index()].name.as_str())
            .collect();
        names.join(" ")
    }

    /// How a kind promotes by a move of its own (`standing`).
    fn standing_flag(&self, pr: &Promotion) -> String {
        let tokens: String = (pr.choices.iter())
            .map(|c| self.kinds[c.index()].token())
            .collect();
        let mut how = format!(
            "promotes by a move of its own on {} to {tokens}, in place or stepping as it",
            self.zone_names[pr.zone]
        );
        add_flags(
            &mut how,
            &[
                (pr.last_anywhere, " (the last of its kind anywhere)"),
                (pr.lost_only, ", only to kinds its side has lost"),
                (pr.no_check, ", never checking"),
                (pr.no_attack, ", never attacking"),
            ],
        );
        how
    }

    /// A promotion in words: where, to what (by zone too), and its conditions.
    fn promotion_flag(&self, pr: &Promotion) -> String {
        let tokens = |list: &[KindId]| -> String {
            list.iter().map(|c| self.kinds[c.index()].token()).collect()
        };
        let mut how = format!(
            "promotes on {} to {}",
            self.zone_names[pr.zone],
            tokens(&pr.choices)
        );
        for (z, list) in &pr.by_zone {
            let _ = write!(how, " (on {}: {})", self.zone_names[*z], tokens(list));
        }
        if pr.leaving {
            how.push_str(" (also leaving it)");
        }
        if pr.optional {
            how.push_str(", optionally where it can move on");
        }
        if pr.lost_only {
            how.push_str(", only to kinds its side has lost");
        }
        for &(c, n) in &pr.limits {
            let _ = write!(
                how,
                ", to {} only while its side has fewer than {n}",
                self.kinds[c.index()].token()
            );
        }
        how
    }

    /// The blocker's line: what every move does with it and where it may go.
    fn blocker_summary(&self, b: crate::rules::Blocker) -> String {
        let name = &self.kinds[b.kind.index()].name;
        if !b.stays {
            let stays = if b.must_move {
                "never the one it stands on"
            } else {
                "or where it stands"
            };
            return format!("every move ends by putting the {name} on an empty square, {stays}");
        }
        let mut how = format!("every move ends by putting a new {name} (they stay) on ");
        match b.reach {
            _ if b.left => how.push_str("the square the piece left"),
            Some(k) => {
                let reach = &self.kinds[k.index()].name;
                let a = if reach.starts_with(|c: char| "aeiou".contains(c)) {
                    "an"
                } else {
                    "a"
                };
                let _ = write!(
                    how,
                    "an empty square {a} {reach} on the landing square reaches"
                );
            }
            None => how.push_str("an empty square"),
        }
        if let Some(z) = b.zone {
            let outside: Vec<&str> = (self.board.node_ids())
                .filter(|&n| !z.contains(n))
                .map(|n| self.board.node_name(n))
                .collect();
            let _ = write!(how, ", never on {}", outside.join(" "));
        }
        how
    }

    /// A gate's name, tags, what opens it and what it allows once open.
    fn gate_summary(&self, g: &Gate) -> String {
        let conds: Vec<String> = g
            .opens_when
            .iter()
            .map(|(p, _)| self.players[p.index()].name.clone())
            .collect();
        let allowed = |yes: bool| if yes { "allowed" } else { "forbidden" };
        format!(
            "{} on {}: opens when {} empties its zone or is out; open: captures {}, check {}",
            g.name,
            self.board.tag_names(g.tags).join(","),
            conds.join(" or "),
            allowed(g.capture_when_open),
            allowed(g.check_when_open)
        )
    }
}

/// Appends to `how` the words of every flag that is set, in order.
fn add_flags(how: &mut String, flags: &[(bool, &str)]) {
    for &(on, words) in flags {
        if on {
            how.push_str(words);
        }
    }
}
