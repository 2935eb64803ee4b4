//! `[draws] counting`: the counting rules of makruk, cambodian, ai-wok, makpong (and, with other
//! numbers, ASEAN chess and sittuyin), as Fairy-Stockfish plays them.
//!
//! While a pawn (a kind of `pawns`) stands on the board nothing is counted. Otherwise, after each
//! move, a count that is not running may start, judged for the player to move:
//! - if his opponent has royal pieces only, nothing starts (the stronger side never counts);
//! - if he has more than royal pieces too, the board's honour starts (`board` moves; the count
//!   from 0);
//! - if he has royal pieces only, the pieces' honour starts: the first entry of `bare` whose
//!   pieces his opponent has (at least `at_least`) gives the moves, else `otherwise`; the count
//!   starts at two plies per piece on the board (`from_pieces`) or at 0.
//!
//! A running count adds one per ply, captures or not, except that a capture that leaves the
//! player to move with royal pieces only starts it anew as the pieces' honour (where the rule
//! gives one for that material). The limit is kept in plies, twice the moves; the game is drawn
//! at the start of a turn when the count is past it and the player to move is not mated (a mate
//! ends the game first). The count is position state, in position text as Fairy-Stockfish
//! writes it (the limit in plies in the en passant field's place, the count in the halfmove
//! clock's: `8/4k3/8/8/8/8/R7/3K4 w - 32 7 2`), and no part of the hash (like the clocks).

use std::fmt::Write;

use toml::Spanned;

use crate::diagnostic::{Code, Diagnostic};
use crate::rules::ends::TurnStart;
use crate::rules::{KindId, PieceKind, Rules};
use crate::spec::counting::{BareLimitSpec, CountingSpec};

/// The most moves a limit may name (the count is kept in plies, in 16 bits).
const MAX_MOVES: u32 = 10_000;

/// A running count: its limit and where it stands, both in plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CountState {
    /// The limit: the game is drawn when the count is past it.
    pub(crate) limit: u16,
    /// The count.
    pub(crate) ply: u16,
}

/// One entry of `bare`, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
struct BareLimit {
    /// The kinds counted (bit `k`: kind `k`).
    kinds: u32,
    /// How many of them the stronger player needs.
    at_least: u32,
    /// The limit in plies.
    plies: u16,
}

/// The counting rule, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Counting {
    /// The kinds that keep the count from running (bit `k`: kind `k`).
    pawns: u32,
    /// The royal kinds (a player with these only is bare).
    royals: u32,
    /// The board's honour's limit in plies.
    board: Option<u16>,
    /// The pieces' honour's limits, tried in order.
    bare: Vec<BareLimit>,
    /// The pieces' honour's limit when no entry holds.
    otherwise: Option<u16>,
    /// The pieces' honour starts at two plies per piece on the board.
    from_pieces: bool,
}

/// A limit in moves, checked (1 to [`MAX_MOVES`]) and turned into plies.
fn plies(v: &Spanned<u32>, key: &str, diags: &mut Vec<Diagnostic>) -> Option<u16> {
    let n = *v.get_ref();
    if n == 0 || n > MAX_MOVES {
        diags.push(
            Diagnostic::new(
                Code::InvalidValue,
                v.span(),
                format!("`{key} = {n}`: a count's moves must be from 1 to {MAX_MOVES}"),
            )
            .label("the moves of each player the count allows")
            .help(format!("write e.g. `{key} = 64`")),
        );
        return None;
    }
    Some((2 * n) as u16)
}

/// One entry of `bare`, checked (`kinds`: its pieces, already looked up).
fn bare_entry(
    entry: &Spanned<BareLimitSpec>,
    kinds: u32,
    diags: &mut Vec<Diagnostic>,
) -> Option<BareLimit> {
    let e = entry.get_ref();
    if e.pieces.is_empty() {
        diags.push(
            Diagnostic::new(
                Code::InvalidValue,
                entry.span(),
                "a `bare` entry names no piece",
            )
            .label("`pieces` is empty")
            .help("write e.g. `{ pieces = [\"rook\"], moves = 16 }`"),
        );
    }
    let at_least = match &e.at_least {
        Some(a) if *a.get_ref() == 0 => {
            diags.push(
                Diagnostic::new(
                    Code::InvalidValue,
                    a.span(),
                    "`at_least = 0`: it must be at least 1",
                )
                .label("how many of the pieces the stronger player needs")
                .help("write `at_least = 2`, or leave it out for 1"),
            );
            1
        }
        Some(a) => *a.get_ref(),
        None => 1,
    };
    let plies = plies(&e.moves, "moves", diags)?;
    Some(BareLimit {
        kinds,
        at_least,
        plies,
    })
}

/// The royal kinds (bit `k`: kind `k`), with a located error when there is none or the game is
/// not one of two players (`at`: the rule's span).
fn royals_of_a_game_of_two(
    at: std::ops::Range<usize>,
    kinds: &[PieceKind],
    players: usize,
    diags: &mut Vec<Diagnostic>,
) -> u32 {
    let royals = (kinds.iter().enumerate())
        .filter(|(_, k)| k.royal)
        .fold(0u32, |m, (i, _)| m | 1 << i);
    if royals == 0 {
        diags.push(
            Diagnostic::new(
                Code::InvalidValue,
                at.clone(),
                "`counting` needs a royal piece: it counts for a player left with royal pieces only",
            )
            .label("no piece of this variant is royal")
            .help("mark the king `royal = true`, or remove `counting`"),
        );
    }
    if players != 2 {
        diags.push(
            Diagnostic::new(
                Code::InvalidValue,
                at,
                format!("`counting` is a rule of two players; this variant has {players}"),
            )
            .label("the counting rule")
            .help("remove `counting`"),
        );
    }
    royals
}

impl Counting {
    /// Compiles `counting`: `kind_named` finds a piece name (reporting an unknown one itself),
    /// `players` is the number of players; every other problem goes to `diags`, located.
    pub(crate) fn build(
        spec: &Spanned<CountingSpec>,
        kinds: &[PieceKind],
        players: usize,
        kind_named: &mut dyn FnMut(&Spanned<String>) -> Option<KindId>,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Counting> {
        let at = spec.span();
        let spec = spec.get_ref();
        let before = diags.len();
        let mut mask = |names: &[Spanned<String>]| {
            (names.iter().filter_map(&mut *kind_named)).fold(0u32, |m, k| m | 1 << k.index())
        };
        let pawns = mask(&spec.pawns);
        let bare = (spec.bare.iter())
            .filter_map(|e| bare_entry(e, mask(&e.get_ref().pieces), diags))
            .collect();
        // 0 says "none" (for a file that extends one with a count of this kind).
        let given = |v: &&Spanned<u32>| *v.get_ref() != 0;
        let board = (spec.board.as_ref().filter(given)).and_then(|b| plies(b, "board", diags));
        let otherwise =
            (spec.otherwise.as_ref().filter(given)).and_then(|o| plies(o, "otherwise", diags));
        let royals = royals_of_a_game_of_two(at, kinds, players, diags);
        (diags.len() == before).then_some(Counting {
            pawns,
            royals,
            board,
            bare,
            otherwise,
            from_pieces: spec.from_pieces,
        })
    }

    /// The count that starts for the player to move here, if any (see the module's words).
    pub(crate) fn start(&self, turn: &dyn TurnStart) -> Option<CountState> {
        let (p, other) = (turn.to_move(), turn.last_mover());
        let every = u32::MAX;
        if turn.count_pieces(p, self.pawns) + turn.count_pieces(other, self.pawns) > 0 {
            return None;
        }
        let bare = |q| turn.count_pieces(q, !self.royals) == 0;
        if bare(other) {
            return None;
        }
        if !bare(p) {
            return self.board.map(|limit| CountState { limit, ply: 0 });
        }
        let limit = (self.bare.iter())
            .find(|e| turn.count_pieces(other, e.kinds) >= e.at_least)
            .map(|e| e.plies)
            .or(self.otherwise)?;
        let on_board = turn.count_pieces(p, every) + turn.count_pieces(other, every);
        let ply = if self.from_pieces {
            (2 * on_board).min(u32::from(u16::MAX)) as u16
        } else {
            0
        };
        Some(CountState { limit, ply })
    }

    /// The count after a move: `before` is the count of the position the move was made in,
    /// `captured` whether it took a piece, `turn` the position it made.
    pub(crate) fn after_move(
        &self,
        before: Option<CountState>,
        captured: bool,
        turn: &dyn TurnStart,
    ) -> Option<CountState> {
        let Some(s) = before else {
            return self.start(turn);
        };
        let bare = turn.count_pieces(turn.to_move(), !self.royals) == 0;
        if captured
            && bare
            && let Some(anew) = self.start(turn)
        {
            return Some(anew);
        }
        Some(CountState {
            ply: s.ply.saturating_add(1),
            ..s
        })
    }

    /// Whether a count has run past its limit: the game is drawn (unless it already ended).
    pub(crate) fn drawn(s: CountState) -> bool {
        s.ply > s.limit
    }

    /// The rule in `snapshot`'s and `check`'s summary.
    pub(crate) fn summary(&self, rules: &Rules) -> String {
        let names = |mask: u32| {
            (rules.kind_ids())
                .filter(|k| mask & (1 << k.index()) != 0)
                .map(|k| rules.kind(k).name.clone())
                .collect::<Vec<_>>()
                .join("+")
        };
        let mut s = format!(
            "counting: none while a {} is on the board",
            names(self.pawns)
        );
        match self.board {
            Some(b) => {
                let _ = write!(s, "; board's honour {} moves", b / 2);
            }
            None => s.push_str("; no board's honour"),
        }
        s.push_str("; against a bare royal:");
        for e in &self.bare {
            let _ = write!(s, " {}x{} {},", e.at_least, names(e.kinds), e.plies / 2);
        }
        match self.otherwise {
            Some(o) => {
                let _ = write!(s, " otherwise {}", o / 2);
            }
            None => s.push_str(" otherwise none"),
        }
        if self.from_pieces {
            s.push_str(" (counted from the pieces on the board)");
        }
        s
    }
}

#[cfg(test)]
mod tests {
    //! The rule judged on hand-made views: the slice needs nothing else.
    use super::super::super::ends::TestTurn as Turn;
    use super::*;
    use crate::ids::PlayerId;

    fn makruk() -> (Rules, Counting) {
        let rules = Rules::load("variants/makruk.toml").expect("makruk loads");
        let c = rules.draw_rules().counting.clone().expect("makruk counts");
        (rules, c)
    }

    /// A view with `to_move` to move and these pieces (owner seat, letter) on the first nodes.
    fn turn(rules: &Rules, to_move: u8, pieces: &[(u8, char)]) -> Turn {
        let mut nodes = rules.board().node_ids();
        Turn {
            rules: rules.clone(),
            to_move: PlayerId::seat(to_move),
            pieces: (pieces.iter())
                .map(|&(o, c)| {
                    let k = rules.kind_by_letter(c).expect("a letter of makruk");
                    (nodes.next().expect("room"), PlayerId::seat(o), k)
                })
                .collect(),
            attacked: Vec::new(),
        }
    }

    #[test]
    fn the_bare_side_counts_against_the_stronger_sides_material() {
        let (rules, c) = makruk();
        let t = turn(&rules, 1, &[(0, 'K'), (0, 'R'), (1, 'K')]);
        assert_eq!(c.start(&t), Some(CountState { limit: 32, ply: 6 }));
        let t = turn(&rules, 1, &[(0, 'K'), (0, 'R'), (0, 'R'), (1, 'K')]);
        assert_eq!(c.start(&t), Some(CountState { limit: 16, ply: 8 }));
        // The stronger side to move starts nothing; both sides with pieces: the board's honour.
        let t = turn(&rules, 0, &[(0, 'K'), (0, 'R'), (1, 'K')]);
        assert_eq!(c.start(&t), None);
        let t = turn(&rules, 0, &[(0, 'K'), (0, 'R'), (1, 'K'), (1, 'N')]);
        assert_eq!(c.start(&t), Some(CountState { limit: 128, ply: 0 }));
        // A pawn on the board: no count.
        let t = turn(&rules, 1, &[(0, 'K'), (0, 'R'), (1, 'K'), (1, 'P')]);
        assert_eq!(c.start(&t), None);
    }

    #[test]
    fn a_capture_that_bares_the_player_to_move_starts_the_count_anew() {
        let (rules, c) = makruk();
        let running = Some(CountState {
            limit: 128,
            ply: 50,
        });
        let t = turn(&rules, 1, &[(0, 'K'), (0, 'R'), (0, 'R'), (1, 'K')]);
        assert_eq!(
            c.after_move(running, true, &t),
            Some(CountState { limit: 16, ply: 8 })
        );
        assert_eq!(
            c.after_move(running, false, &t),
            Some(CountState {
                limit: 128,
                ply: 51
            })
        );
        assert!(!Counting::drawn(CountState { limit: 32, ply: 32 }));
        assert!(Counting::drawn(CountState { limit: 32, ply: 33 }));
    }
}
