//! The reasons a move is refused: a [`PlayError`] names what blocks it (a closed gate, a piece
//! in the way, a lost castling right, a royal left attacked, ...) in the board's own node names,
//! and a [`BlockReason`] why one path of a piece is not open now.

use std::fmt;

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

/// Why [`Position::play`](crate::Position::play) refused a move. Squares, pieces and players are named as the variant
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
    /// The blocker sent to an empty square that the `reach` kind could not move to from the
    /// landing square (amazons: an arrow shot off the queen's lines, or past a piece).
    #[error("cannot put the {piece} on {square}: it is out of reach of the {reach} on {from}")]
    BlockerOutOfReach {
        /// The blocker's name.
        piece: String,
        /// The square.
        square: String,
        /// The reach kind's name.
        reach: String,
        /// Where the moved piece landed.
        from: String,
    },
    /// The blocker sent elsewhere than the square the moving piece left (`on = "left"`).
    #[error("the {piece} goes on the square the piece left, {left}, not on {square}")]
    BlockerNotLeft {
        /// The blocker's name.
        piece: String,
        /// The square asked for.
        square: String,
        /// The square the piece left.
        left: String,
    },
    /// The blocker sent to an empty square outside its zone (`zone`).
    #[error("cannot put the {piece} on {square}: it never goes there")]
    BlockerOffZone {
        /// The blocker's name.
        piece: String,
        /// The square.
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
