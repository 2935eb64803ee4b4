//! Playing a move the user chose, and saying why a refused move is refused: a [`PlayError`] names
//! what blocks it (a closed gate, a piece in the way, a lost castling right, a royal left
//! attacked, ...) in the board's own node names.

use std::fmt;

use crate::ids::NodeId;
use crate::path::Kind;
use crate::position::{Outcome, Position};
use crate::rules::{Rules, filters};

use super::{Move, Planned, Undo};

/// Why a path of a piece that leads to the destination on an empty board is not open now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BlockReason {
    /// The pattern is only used from a zone the piece is not in.
    OnlyFromZone {
        /// The zone's name.
        zone: String,
    },
    /// The way crosses a gate that is still closed.
    GateClosed {
        /// The gate's name.
        gate: String,
    },
    /// A piece stands on the way.
    InTheWay {
        /// Where it stands.
        square: String,
    },
    /// An open gate lets pieces cross but not capture across it.
    NoCaptureAcross {
        /// The gate's name.
        gate: String,
    },
    /// The destination holds a piece of the mover's own side.
    OwnPiece {
        /// The destination.
        square: String,
    },
    /// The destination holds a neutral piece (a stone, duck chess's duck), which no piece takes.
    Neutral {
        /// The destination.
        square: String,
        /// The neutral piece's name.
        piece: String,
    },
    /// The pattern only moves; the piece captures in another way.
    CapturesOtherwise,
    /// The pattern only captures, and the destination is empty.
    CapturesOnly,
}

impl fmt::Display for BlockReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BlockReason::OnlyFromZone { zone } => write!(f, "that move is only made from {zone}"),
            BlockReason::GateClosed { gate } => {
                write!(f, "the way crosses `{gate}`, which is closed")
            }
            BlockReason::InTheWay { square } => write!(f, "{square} is in the way"),
            BlockReason::NoCaptureAcross { gate } => write!(f, "no capture across `{gate}`"),
            BlockReason::OwnPiece { square } => write!(f, "{square} holds a piece of its own side"),
            BlockReason::Neutral { square, piece } => {
                write!(f, "{square} holds the {piece}, which no piece may take")
            }
            BlockReason::CapturesOtherwise => f.write_str("it captures only in another way"),
            BlockReason::CapturesOnly => {
                f.write_str("that move only captures, and nothing stands there")
            }
        }
    }
}

/// `": a; b"` for a non-empty list of reasons, nothing for an empty one.
fn reasons_suffix(reasons: &[BlockReason]) -> String {
    let texts: Vec<String> = reasons.iter().map(ToString::to_string).collect();
    if texts.is_empty() {
        String::new()
    } else {
        format!(": {}", texts.join("; "))
    }
}

/// Why [`Position::play`] refused a move. Squares, pieces and players are named as the variant
/// names them, so the message needs nothing else to be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The move names a node or a piece kind that this variant does not have (a move built from
    /// another variant's ids).
    #[error("the move names a node or piece kind this variant does not have")]
    ForeignIds,
    /// The game is over: nobody moves.
    #[error("the game is over: {result}")]
    GameOver {
        /// How it ended.
        result: String,
    },
    /// A drop, in a variant without hands.
    #[error("this variant has no hands: nothing can be dropped")]
    NoHands,
    /// A drop, in a variant whose pieces in hand only enter by gating (`[hands] drops = false`).
    #[error("pieces in hand are not dropped in this variant: they enter by gating")]
    NoDrops,
    /// A move without its second part, in a variant whose every move moves the blocker
    /// (`[blocker]`: duck chess).
    #[error("{mv} needs its second part: the {piece} must be placed too (e.g. {example})")]
    BlockerMissing {
        /// The move, as text.
        mv: String,
        /// The blocker's name.
        piece: String,
        /// A legal move with the same first part, as text.
        example: String,
    },
    /// The blocker sent to an occupied square.
    #[error("cannot put the {piece} on {square}: it is not empty")]
    BlockerOnPiece {
        /// The blocker's name.
        piece: String,
        /// The square.
        square: String,
    },
    /// The blocker left where it stands, where it must move (`must_move`).
    #[error("the {piece} must move: it stands on {square} already")]
    BlockerMustMove {
        /// The blocker's name.
        piece: String,
        /// Its square.
        square: String,
    },
    /// A second part that gates a piece, where the second part moves the blocker.
    #[error(
        "a move's second part moves the {piece} and nothing else: write `{token}@` and its square"
    )]
    BlockerOnly {
        /// The blocker's name.
        piece: String,
        /// Its token.
        token: String,
    },
    /// The blocker's move, in a variant without a blocker.
    #[error("this variant has no blocker: a move's second part gates a piece")]
    NoBlocker,
    /// A gating move, in a variant without gating rights.
    #[error("this variant has no gating: a move has no second part")]
    NoGating,
    /// A gating move from a square whose right the player does not hold (its piece has moved,
    /// or came there).
    #[error("{player} has no right to gate on {square}: its piece has moved or came there")]
    NoGatingRight {
        /// The player to move.
        player: String,
        /// The square.
        square: String,
    },
    /// A castling that would gate on a square it fills itself.
    #[error("cannot gate on {square}: the castling puts a piece there")]
    GateOnPiece {
        /// The square.
        square: String,
    },
    /// A drop (or gating) of a kind the player has none of in hand.
    #[error("{player} has no `{token}` in hand")]
    NoneInHand {
        /// The player to move.
        player: String,
        /// The kind's token.
        token: String,
    },
    /// A drop of a promoted face that the variant does not let pieces in hand enter as.
    #[error(
        "`{token}` is not dropped: a captured one joins the hand as `{base}`, and a `{base}` in hand is dropped as itself (`{base}@...`)"
    )]
    FaceNotDropped {
        /// The face's token.
        token: String,
        /// The token of the kind the hand holds.
        base: String,
    },
    /// A drop onto an occupied node.
    #[error("cannot drop on {square}: it is not empty")]
    DropOnPiece {
        /// The node.
        square: String,
    },
    /// A drop where the kind may not be dropped.
    #[error("`{token}` cannot be dropped on {square}: {why}")]
    DropNotThere {
        /// The kind's token.
        token: String,
        /// The node.
        square: String,
        /// Why: outside the drop zone, or the piece could never move from there.
        why: String,
    },
    /// A drop onto a line that holds as many of the kind as it may.
    #[error(
        "`{token}` cannot be dropped on {square}: its line along `{direction}` already holds {max} of them"
    )]
    DropLineFull {
        /// The kind's token.
        token: String,
        /// The node.
        square: String,
        /// The direction of the line.
        direction: String,
        /// How many a line may hold.
        max: u8,
    },
    /// A drop that would checkmate, of a kind whose drops may not.
    #[error("`{token}` may give check by a drop, but not checkmate: {token}@{square} would mate")]
    DropMates {
        /// The kind's token.
        token: String,
        /// The node.
        square: String,
    },
    /// A drop that would leave the kind's pieces unable to stand on both square colours.
    #[error("`{token}` cannot be dropped on {square}: {why}")]
    DropColours {
        /// The kind dropped.
        token: String,
        /// The node.
        square: String,
        /// Which balance it breaks.
        why: String,
    },
    /// A move while a drop is compulsory (`[hands] must_drop`), or a drop of another kind.
    #[error(
        "{mv} is refused: while {player} has {tokens} in hand, the move must drop one ({drops} ...)"
    )]
    DropCompulsory {
        /// The move refused.
        mv: String,
        /// The player to move.
        player: String,
        /// The compulsory kinds in hand.
        tokens: String,
        /// Some of the legal drops.
        drops: String,
    },
    /// The origin is empty.
    #[error("there is no piece on {square}")]
    NoPiece {
        /// The origin.
        square: String,
    },
    /// The piece belongs to another player.
    #[error("the {kind} on {square} belongs to {owner}; it is {to_move}'s turn")]
    NotYourTurn {
        /// The piece's kind.
        kind: String,
        /// The origin.
        square: String,
        /// Its owner.
        owner: String,
        /// The player to move.
        to_move: String,
    },
    /// The move does not capture, and the variant makes captures compulsory while one exists.
    #[error("{mv} does not capture, and a capture is compulsory: {captures}")]
    CaptureCompulsory {
        /// The move, as text.
        mv: String,
        /// The legal captures, as text.
        captures: String,
    },
    /// The move would give check, which the variant forbids (or the open gate it crosses does).
    #[error("{mv} would give check, and this move may not give check")]
    GivesCheck {
        /// The move, as text.
        mv: String,
    },
    /// A royal in check moves, and not to take the one piece checking it
    /// (`checked_royal_takes_checker`: makpong).
    #[error("{mv}: a royal in check may only move to take the one piece that checks it")]
    RoyalMustTakeChecker {
        /// The move, as text.
        mv: String,
    },
    /// The piece can make this move, but it would leave the mover's royal attacked.
    #[error("{mv} would leave {player}'s {royal} attacked")]
    RoyalLeftAttacked {
        /// The move, as text.
        mv: String,
        /// The player to move.
        player: String,
        /// The royal piece's name.
        royal: String,
    },
    /// The move would take one of the mover's own royals off the board by an effect after it
    /// (an explosion beside it, a capturing king turned to stone).
    #[error("{mv} would take {player}'s own {royal} off the board ({effect})")]
    OwnRoyalRemoved {
        /// The move, as text.
        mv: String,
        /// The player to move.
        player: String,
        /// The royal piece's name.
        royal: String,
        /// The effect that takes it, as the summary names it.
        effect: String,
    },
    /// The piece can make this move, but it would leave the mover's royal facing an enemy
    /// royal with nothing between (`[facing_royals]`: xiangqi's flying general).
    #[error("{mv} would leave {player}'s {royal} facing another {royal} with nothing between")]
    RoyalsFacing {
        /// The move, as text.
        mv: String,
        /// The player to move.
        player: String,
        /// The royal piece's name.
        royal: String,
    },
    /// The castling right is gone.
    #[error("cannot castle {from}-{to}: the right to castle this way is lost")]
    CastlingRightLost {
        /// The king's origin.
        from: String,
        /// The king's destination.
        to: String,
    },
    /// A square that must be empty for the castling is not.
    #[error("cannot castle {from}-{to}: {square} is not empty")]
    CastlingSquareOccupied {
        /// The king's origin.
        from: String,
        /// The king's destination.
        to: String,
        /// The occupied square.
        square: String,
    },
    /// A square the king passes or lands on is attacked.
    #[error("cannot castle {from}-{to}: {square} is attacked")]
    CastlingSquareAttacked {
        /// The king's origin.
        from: String,
        /// The king's destination.
        to: String,
        /// The attacked square.
        square: String,
    },
    /// The king or the rook is not where the castling needs it.
    #[error("cannot castle {from}-{to}: its conditions are not met")]
    CastlingConditions {
        /// The king's origin.
        from: String,
        /// The king's destination.
        to: String,
    },
    /// The piece reaches the destination only in another form (promoting to one of the choices,
    /// not promoting, or as another kind of move).
    #[error("write one of {}", .choices.join(", "))]
    OtherForm {
        /// The legal moves between the same squares, as text.
        choices: Vec<String>,
    },
    /// The piece reaches the destination, but must promote there.
    #[error("the {kind} must promote on {to}: write one of {}", .choices.join(", "))]
    MustPromote {
        /// The piece's kind.
        kind: String,
        /// The destination.
        to: String,
        /// The legal promotions, as move text.
        choices: Vec<String>,
    },
    /// The piece reaches the destination, but turns over there (`flip`): the move is written
    /// with its mark.
    #[error("the {kind} {rule}: write {}", .choices.join(", "))]
    MustFlip {
        /// The piece's kind.
        kind: String,
        /// Its flip in words (`turns into +S after every move`).
        rule: String,
        /// The legal moves between the same squares, as text.
        choices: Vec<String>,
    },
    /// A promotion by a move of its own (`promotion.standing`) whose conditions fail.
    #[error(
        "{mv} is refused: this promotion is made from `{zone}` (or by the last piece of its kind), in place or stepping onto an empty node, while the kind is lost, and as the variant says without check or attacking an enemy piece"
    )]
    StandingPromotion {
        /// The move refused.
        mv: String,
        /// The promotion zone.
        zone: String,
    },
    /// A promotion to a choice its `limits` allow only while the player has fewer of the kind.
    #[error(
        "{mv} is refused: a promotion to {kind} is made only while {player} has fewer than {at_most} on the board (he has {count})"
    )]
    PromotionLimited {
        /// The move refused.
        mv: String,
        /// The player to move.
        player: String,
        /// The kind chosen.
        kind: String,
        /// How many he has.
        count: u32,
        /// The choice's limit.
        at_most: u32,
    },
    /// With `[moves] check_all_royals`: the move would leave every royal of the mover attacked.
    #[error("{mv} would leave every {royal} of {player} attacked")]
    AllRoyalsLeftAttacked {
        /// The move, as text.
        mv: String,
        /// The player to move.
        player: String,
        /// The royal piece's name.
        royal: String,
    },
    /// A promotion for a piece that never promotes.
    #[error("a {kind} does not promote")]
    DoesNotPromote {
        /// The piece's kind.
        kind: String,
    },
    /// No open path of the piece leads to the destination.
    #[error("the {kind} on {from} cannot move to {to}{}", reasons_suffix(.reasons))]
    CannotReach {
        /// The piece's kind.
        kind: String,
        /// The origin.
        from: String,
        /// The destination.
        to: String,
        /// What blocks the paths that lead there on an empty board (none: no path leads there).
        reasons: Vec<BlockReason>,
    },
}

impl Move {
    /// The move as text: `from-to`, `=X` for a promotion, `/rook` for a castling that another
    /// castling with the same king move makes ambiguous, `X@to` for a drop; a gating move's
    /// second part after a comma, as the drop it is (`b1-c3,H@b1`), and so the blocker's move
    /// (`e2-e4,*@d5`: the blocker's token and its new square).
    pub(crate) fn text(&self, rules: &Rules) -> String {
        let mut s = self.first_part_text(rules);
        if let (Some(to), Some(b)) = (self.blocker_to(), rules.blocker) {
            s.push(',');
            s.push_str(&rules.kind(b.kind).token());
            s.push('@');
            s.push_str(rules.board().node_name(to));
        }
        if let Some((at, kind)) = self.gated() {
            let b = rules.board();
            s.push(',');
            s.push_str(&rules.kind(kind).token());
            s.push('@');
            s.push_str(b.node_name(at));
        }
        s
    }

    /// The text of the move without its second part.
    fn first_part_text(&self, rules: &Rules) -> String {
        let b = rules.board();
        match *self {
            Move::Normal {
                from,
                to,
                promotion,
                ..
            } => {
                let mut s = format!("{}-{}", b.node_name(from), b.node_name(to));
                match promotion.map(|k| (k, rules.kind(k))) {
                    Some((k, _)) if rules.is_own_face(k) => s.push('+'),
                    Some((k, _)) if rules.is_own_base(k) => s.push('-'),
                    Some((_, k)) => {
                        s.push('=');
                        s.push_str(&k.token());
                    }
                    None => {}
                }
                s
            }
            Move::EnPassant { from, to, .. } => {
                format!("{}-{}", b.node_name(from), b.node_name(to))
            }
            Move::Castle {
                king_from,
                king_to,
                rook_from,
                ..
            } => {
                let mut s = format!("{}-{}", b.node_name(king_from), b.node_name(king_to));
                let ambiguous = rules.castling().iter().any(|c| {
                    c.ambiguous
                        && (c.king_from, c.king_to, c.rook_from) == (king_from, king_to, rook_from)
                });
                if ambiguous {
                    s.push('/');
                    s.push_str(b.node_name(rook_from));
                }
                s
            }
            Move::Drop { kind, to, value } => {
                let number = value.map_or(String::new(), |v| format!("{{{v}}}"));
                format!("{}{number}@{}", rules.kind(kind).token(), b.node_name(to))
            }
        }
    }
}

impl Position {
    /// Plays `m` if it is legal, or says why not. Eliminations that are due (a player to move
    /// who has no legal move) are settled first and stay settled; the returned [`Undo`] takes back
    /// the move itself.
    ///
    /// ```
    /// use chessgraph::{Move, PlayError, Position, Rules};
    /// let rules = chessgraph::load("variants/chess.toml").unwrap();
    /// let b = rules.board();
    /// let mut pos = Position::start(&rules);
    /// let (e1, e2) = (b.node("e1").unwrap(), b.node("e2").unwrap());
    /// let err = pos.play(&Move::Normal { from: e1, to: e2, promotion: None, gating: None }).unwrap_err();
    /// assert_eq!(err.to_string(), "the king on e1 cannot move to e2: e2 holds a piece of its own side");
    /// ```
    pub fn play(&mut self, m: &Move) -> Result<Undo, PlayError> {
        if !self.names_own_ids(m) {
            return Err(PlayError::ForeignIds);
        }
        let mut legal = Vec::new();
        let (outcome, saved) = self.resolve(&mut legal);
        if let Some(o) = outcome {
            self.unresolve(saved);
            return Err(self.game_over(o));
        }
        if let Some(&p) = legal.iter().find(|p| p.mv == *m) {
            return Ok(self.make(p));
        }
        let why = self.explain(m, &legal);
        self.unresolve(saved);
        Err(why)
    }

    /// Plays `m` without the royal-safety test and without settling eliminations: for callers
    /// that know the move legal. A value that is not even a pseudo-legal move of the side to move
    /// is not played (`None`), so the position is never corrupted.
    pub fn play_unchecked(&mut self, m: &Move) -> Option<Undo> {
        let p = self.pseudo_legal_form(m)?;
        Some(self.make(p))
    }

    /// The generated form of `m` among the pseudo-legal moves of the side to move.
    fn pseudo_legal_form(&self, m: &Move) -> Option<Planned> {
        if !self.names_own_ids(m) {
            return None;
        }
        let mut moves = Vec::new();
        match (m, m.from()) {
            (Move::Drop { .. }, _) => self.drop_moves(&mut moves),
            (_, Some(from))
                if self.squares[from.index()].is_none_or(|p| p.owner != self.to_move) =>
            {
                return None;
            }
            (Move::Castle { .. }, _) => self.castling_moves(&mut moves),
            (Move::Normal { from, to, .. }, _) if from == to && self.rules.moves.pass => {
                self.pass_move(&mut moves);
            }
            (_, Some(from)) => {
                self.piece_moves(from, &mut moves);
                if self.rules.any_standing {
                    self.standing_promotions_of(from, &mut moves);
                }
            }
            (_, None) => return None,
        }
        // A gating move: the plain move's gating forms.
        let plain = m.with_gating(None);
        moves.retain(|p| p.mv == plain);
        if m.gating().is_some() && self.rules.second_part {
            self.add_second_parts(&mut moves);
        }
        moves.into_iter().find(|p| p.mv == *m)
    }

    /// The error for a finished game.
    pub(crate) fn game_over(&self, o: Outcome) -> PlayError {
        let rules = &self.rules;
        PlayError::GameOver {
            result: match o {
                Outcome::Winner(w) => format!("{} has won", rules.player(w).name),
                Outcome::Stalemate(s) => format!("{} is stalemated: a draw", rules.player(s).name),
                other => other.describe(rules),
            },
        }
    }

    /// Why `m` is not among `legal`, the legal moves of this (settled) position.
    pub(crate) fn explain(&self, m: &Move, legal: &[Planned]) -> PlayError {
        if !self.names_own_ids(m) {
            return PlayError::ForeignIds;
        }
        if let Some(why) = self.must_drop_refusal(m, legal) {
            return why;
        }
        let rules = &*self.rules;
        if let Some(b) = rules.blocker
            && let Some(why) = self.explain_blocker(b, m, legal)
        {
            return why;
        }
        if m.gating().is_some() {
            let plain = m.with_gating(None);
            return match legal.iter().find(|p| p.mv == plain) {
                _ if rules.gating.is_empty() => PlayError::NoGating,
                _ if m.gated().is_none() => PlayError::NoBlocker,
                Some(&p) => self.explain_gating(m, p),
                None => self.explain(&plain, legal),
            };
        }
        let name = |n: NodeId| rules.board().node_name(n).to_string();
        let Some(from) = m.from() else {
            return match *m {
                Move::Drop { kind, to, value } => self.explain_drop(kind, to, value, legal),
                _ => PlayError::NoHands,
            };
        };
        let to = m.to();
        let Some(pc) = self.squares[from.index()] else {
            return PlayError::NoPiece { square: name(from) };
        };
        let kind = rules.kind(pc.kind).name.clone();
        if pc.owner != self.to_move {
            return PlayError::NotYourTurn {
                kind,
                square: name(from),
                owner: rules.player(pc.owner).name.clone(),
                to_move: rules.player(self.to_move).name.clone(),
            };
        }
        if let Some(why) = self.promotion_limit_refusal(m, pc) {
            return why;
        }
        let same_squares: Vec<String> = legal
            .iter()
            .filter(|p| p.mv.from() == Some(from) && p.mv.to() == to)
            .map(|p| p.mv.text(rules))
            .collect();
        if !same_squares.is_empty() {
            let must_promote = m.promotion().is_none()
                && legal
                    .iter()
                    .filter(|p| p.mv.from() == Some(from) && p.mv.to() == to)
                    .all(|p| p.mv.promotion().is_some());
            let flip = rules.kind(pc.kind).flip;
            return if let Some(f) = flip.filter(|_| must_promote) {
                PlayError::MustFlip {
                    kind,
                    rule: f.summary(rules.kinds()),
                    choices: same_squares,
                }
            } else if must_promote {
                PlayError::MustPromote {
                    kind,
                    to: name(to),
                    choices: same_squares,
                }
            } else {
                PlayError::OtherForm {
                    choices: same_squares,
                }
            };
        }
        self.explain_unreachable(m, from, to, kind, legal)
    }

    /// Why a pseudo-legal move that keeps the royals safe is refused by a rule of `[moves]` (or
    /// an open gate that forbids check): it gives check, or it does not capture while a capture
    /// is compulsory. `None` when it leaves a royal attacked.
    fn move_rule_refusal(&self, p: Planned, legal: &[Planned]) -> Option<PlayError> {
        let rules = &*self.rules;
        let me = self.to_move;
        if rules.filters.declares(filters::ROYAL_TAKES_CHECKER) {
            let checkers = self.checkers();
            let only = checkers.first().filter(|&c| checkers.last() == Some(c));
            if !checkers.is_empty() && filters::refuses(&self.candidate(p.mv), only) {
                return Some(PlayError::RoyalMustTakeChecker {
                    mv: p.mv.text(rules),
                });
            }
        }
        let mut work = self.clone();
        let undo = work.make_with::<false>(p);
        let (exposed, checks) = (work.royal_attacked(me), work.gives_check(me));
        let own_royal = (undo.removed().iter())
            .find(|(_, x)| x.owner == me && rules.is_royal(x.kind))
            .map(|(_, x)| rules.kind(x.kind).name.clone());
        let sole = filters::SoleRoyal::of(rules)
            .and_then(|r| Some((r, r.guarded(self, me)?)))
            .filter(|&(r, at)| r.exposes(&work, me, at, (p.mv.from(), p.mv.to())))
            .and_then(|(_, at)| self.squares[at.index()])
            .map(|pc| rules.kind(pc.kind).name.clone());
        work.unmake(undo);
        let mv = p.mv.text(rules);
        if let Some(royal) = own_royal.filter(|_| !rules.effects.is_empty()) {
            let effects: Vec<String> = rules.effects.iter().map(|e| e.summary(rules)).collect();
            Some(PlayError::OwnRoyalRemoved {
                mv,
                player: rules.player(me).name.clone(),
                royal,
                effect: effects.join("; "),
            })
        } else if let Some(royal) = sole {
            let player = rules.player(me).name.clone();
            Some(PlayError::RoyalLeftAttacked { mv, player, royal })
        } else if exposed {
            None
        } else if checks && (p.no_check || !rules.moves.may_check) {
            Some(PlayError::GivesCheck { mv })
        } else if rules.filters.declares(filters::MUST_CAPTURE) {
            let captures: Vec<String> = legal.iter().map(|m| m.mv.text(rules)).collect();
            Some(PlayError::CaptureCompulsory {
                mv,
                captures: captures.join(" "),
            })
        } else {
            None
        }
    }

    /// Why a move that no legal move shares squares with is refused: it would leave a royal
    /// attacked, a castling condition fails, the piece does not promote, or no open path leads
    /// there.
    fn explain_unreachable(
        &self,
        m: &Move,
        from: NodeId,
        to: NodeId,
        kind: String,
        legal: &[Planned],
    ) -> PlayError {
        let rules = &*self.rules;
        let name = |n: NodeId| rules.board().node_name(n).to_string();
        let me = self.to_move;
        let mut pseudo = Vec::new();
        self.piece_moves(from, &mut pseudo);
        if rules.any_standing {
            self.standing_promotions_of(from, &mut pseudo);
        }
        self.castling_moves(&mut pseudo);
        if let Some(p) = pseudo
            .iter()
            .find(|p| p.mv.from() == Some(from) && p.mv.to() == to)
        {
            if let Some(why) = self.move_rule_refusal(*p, legal) {
                return why;
            }
            let royal = rules
                .kinds()
                .iter()
                .find(|k| k.royal)
                .map_or("royal piece", |k| k.name.as_str());
            let (mv, player, royal) = (
                p.mv.text(rules),
                rules.player(me).name.clone(),
                royal.to_string(),
            );
            return if self.only_facing_after(*p) {
                PlayError::RoyalsFacing { mv, player, royal }
            } else if rules.moves.all_royals {
                PlayError::AllRoyalsLeftAttacked { mv, player, royal }
            } else {
                PlayError::RoyalLeftAttacked { mv, player, royal }
            };
        }
        if let Some(why) = self.castling_refusal(m, from, to) {
            return why;
        }
        let standing =
            self.squares[from.index()].and_then(|p| rules.kind(p.kind).standing.as_ref());
        if let (Some(pr), Some(_)) = (standing, m.promotion()) {
            return PlayError::StandingPromotion {
                mv: m.text(rules),
                zone: rules.zone_names[pr.zone].clone(),
            };
        }
        let promotes = self.squares[from.index()].is_some_and(|p| {
            let k = rules.kind(p.kind);
            k.promotion.is_some() || k.flip.is_some()
        });
        if m.promotion().is_some() && !promotes {
            return PlayError::DoesNotPromote { kind };
        }
        PlayError::CannotReach {
            kind,
            from: name(from),
            to: name(to),
            reasons: self.blocked_reasons(from, to),
        }
    }

    /// Whether move `p` leaves the mover's royals unattacked but one of them facing an enemy
    /// royal along a direction of `[facing_royals]` (with `must_break`: still facing one it
    /// faced before the move).
    fn only_facing_after(&self, p: Planned) -> bool {
        let lines = filters::facing_break_lines(&self.rules.filters);
        let breaking = !lines.is_empty() && self.royals_face_along(lines);
        if self.rules.facing.is_empty() && !breaking {
            return false;
        }
        let me = self.to_move;
        let mut after = self.clone();
        after.make_with::<false>(p);
        let by = after.alive & !(1 << me.0);
        let rules = &*after.rules;
        let royals: Vec<NodeId> = (0..after.squares.len())
            .filter(|&n| {
                after.squares[n].is_some_and(|pc| pc.owner == me && rules.kind(pc.kind).royal)
            })
            .map(|n| NodeId(n as u16))
            .collect();
        !royals.iter().any(|&n| after.attacked_by_bits(n, by))
            && (royals.iter().any(|&n| after.faces_royal(n, by).is_some())
                || (breaking && after.royals_face_along(lines)))
    }

    /// Why the castling of the side to move with this king move (and this rook, if `m` names one)
    /// is not open; `None` if no castling has this king move.
    fn castling_refusal(&self, m: &Move, from: NodeId, to: NodeId) -> Option<PlayError> {
        let rules = &*self.rules;
        let name = |n: NodeId| rules.board().node_name(n).to_string();
        let me = self.to_move;
        let rook = match *m {
            Move::Castle { rook_from, .. } => Some(rook_from),
            _ => None,
        };
        let alike = |c: &&crate::rules::Castling| {
            c.player == me
                && c.king_from == from
                && c.king_to == to
                && rook.is_none_or(|r| c.rook_from == r)
        };
        // Of several alike (`[[free_castling]]`), the one whose rook stands on its square.
        let rook_there = |c: &&crate::rules::Castling| {
            self.squares[c.rook_from.index()]
                .is_some_and(|p| p.owner == me && p.kind == c.rook_kind)
        };
        let mut alike = rules.castling().iter().filter(alike);
        let c = alike.clone().find(rook_there).or_else(|| alike.next())?;
        let (from, to) = (name(from), name(to));
        let opponents = self.alive & !(1 << me.0);
        Some(if self.castling & (1 << c.bit) == 0 {
            PlayError::CastlingRightLost { from, to }
        } else if let Some(&n) = c
            .empty
            .iter()
            .find(|&&n| n != c.king_from && n != c.rook_from && self.squares[n.index()].is_some())
        {
            PlayError::CastlingSquareOccupied {
                from,
                to,
                square: name(n),
            }
        } else if let Some(&n) = c
            .safe
            .iter()
            .find(|&&n| self.attacked_by_bits(n, opponents))
        {
            PlayError::CastlingSquareAttacked {
                from,
                to,
                square: name(n),
            }
        } else {
            PlayError::CastlingConditions { from, to }
        })
    }

    /// Why the paths of the piece on `from` that do reach `to` on an empty board are not open
    /// now: a closed gate, a capture across an open gate, a piece in the way, the wrong kind of
    /// target, a `from:` zone. Empty when no path of the piece leads there at all.
    fn blocked_reasons(&self, from: NodeId, to: NodeId) -> Vec<BlockReason> {
        let rules = &*self.rules;
        let b = rules.board();
        let Some(pc) = self.squares[from.index()] else {
            return Vec::new();
        };
        let t = rules.tables();
        let gate_named = |tags: crate::ids::TagSet, open: bool| {
            rules
                .gates()
                .iter()
                .enumerate()
                .find(|(i, g)| tags.intersects(g.tags) && (self.gates_open & (1 << i) != 0) == open)
                .map(|(_, g)| g.name.clone())
        };
        let target = self.squares[to.index()];
        let mut reasons = Vec::new();
        for ray in t.rays(pc.kind, pc.frame, from) {
            let steps = t.steps(ray);
            let Some(i) = steps.iter().position(|s| s.node == to) else {
                continue;
            };
            if ray.kind != Kind::Ride && i + 1 != steps.len() {
                continue;
            }
            let s = steps[i];
            let reason = if let Some(z) = ray.from_zone
                && !rules.zone(z as usize, pc.owner).contains(from)
            {
                BlockReason::OnlyFromZone {
                    zone: rules.zone_name(z as usize).to_string(),
                }
            } else if let Some(gate) = gate_named(s.tags, false) {
                BlockReason::GateClosed { gate }
            } else if let Some(blocker) = (ray.kind != Kind::Leap)
                .then(|| {
                    steps[..i]
                        .iter()
                        .find(|x| self.squares[x.node.index()].is_some())
                })
                .flatten()
            {
                BlockReason::InTheWay {
                    square: b.node_name(blocker.node).to_string(),
                }
            } else if target.is_some()
                && let Some(gate) = gate_named(s.tags, true)
            {
                BlockReason::NoCaptureAcross { gate }
            } else if let Some(x) = target.filter(|x| rules.kind(x.kind).neutral) {
                BlockReason::Neutral {
                    square: b.node_name(to).to_string(),
                    piece: rules.kind(x.kind).name.clone(),
                }
            } else if target.is_some_and(|x| x.owner == pc.owner) {
                BlockReason::OwnPiece {
                    square: b.node_name(to).to_string(),
                }
            } else if target.is_some() && !ray.mode.captures() {
                BlockReason::CapturesOtherwise
            } else if target.is_none() && (ray.en_passant || !ray.mode.quiet()) {
                // (An en passant pattern finds no en passant square here: also only a capture.)
                BlockReason::CapturesOnly
            } else {
                continue;
            };
            if !reasons.contains(&reason) {
                reasons.push(reason);
            }
        }
        reasons
    }
}
