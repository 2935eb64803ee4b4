//! The stable codes of diagnostics, one per kind of problem, printed as `area::what`
//! ([`Diagnostic::code`](super::Diagnostic::code) gives the printed form). The enum is the
//! library's table of them, not part of its surface: the tests reach it through `testing`.

use std::fmt;

use super::Severity;

macro_rules! codes {
    ($( $(#[$doc:meta])* $variant:ident = $text:literal, $sev:ident; )*) => {
        /// A stable identifier for each kind of problem, printed as `area::what`.
        ///
        /// Codes never change meaning once released, so scripts and documentation can rely on them.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code {
            $( $(#[$doc])* $variant, )*
        }

        impl Code {
            /// Every code, in declaration order (for the tests that check each is produced).
            #[cfg(any(test, feature = "testing"))]
            pub const ALL: &'static [Code] = Code::EVERY;

            /// Every code, in declaration order (for names a file may give, such as the lints
            /// `[lints] allow` silences).
            pub(crate) const EVERY: &'static [Code] = &[$(Code::$variant),*];

            /// The printed form, such as `board::unknown-node`.
            pub fn as_str(self) -> &'static str {
                match self { $(Code::$variant => $text,)* }
            }

            /// The severity this code always has.
            pub fn severity(self) -> Severity {
                match self { $(Code::$variant => Severity::$sev,)* }
            }
        }
    };
}

codes! {
    /// The file could not be read.
    Io = "file::unreadable", Error;
    /// The file is not valid TOML.
    TomlSyntax = "toml::syntax", Error;
    /// A key or string holds a control character.
    ControlCharacter = "toml::control-character", Error;
    /// A key the format does not know.
    UnknownKey = "schema::unknown-key", Error;
    /// A value of the wrong TOML type.
    WrongType = "schema::wrong-type", Error;
    /// A required key is absent.
    MissingKey = "schema::missing-key", Error;
    /// A value of the right type but not an allowed one.
    InvalidValue = "schema::invalid-value", Error;
    /// The board declares no node.
    NoNodes = "board::no-nodes", Error;
    /// Two nodes with one name.
    DuplicateNode = "board::duplicate-node", Error;
    /// A node name that move notation could not read back.
    BadNodeName = "board::bad-node-name", Error;
    /// A grid generator with no files or no ranks, or repeated file names.
    BadGrid = "board::bad-grid", Error;
    /// A `[map] wrap` the board cannot have: both spellings at once, a direction without a
    /// mirror image on a twisted seam, or a declared twist named `mirror`.
    BadWrap = "board::bad-wrap", Error;
    /// A link, tag or chain names a node the board does not declare.
    UnknownNode = "board::unknown-node", Error;
    /// A zone lists a node the board does not declare.
    ZoneUnknownNode = "board::zone-unknown-node", Error;
    /// A declared zone with the name of a zone the grid generates (`rank_2`, `file_a`).
    GeneratedZoneName = "board::generated-zone-name", Error;
    /// A zone expression or rectangle that cannot be read, or a zone defined through itself.
    BadZone = "board::bad-zone", Error;
    /// A zone expression names a zone the board does not have.
    UnknownZone = "board::unknown-zone", Error;
    /// A direction name that is not declared.
    UnknownDirection = "board::unknown-direction", Error;
    /// `opposite` declarations that do not pair up.
    BadOpposite = "board::bad-opposite", Error;
    /// A composite direction whose path is empty or names another composite direction.
    BadComposite = "board::bad-composite", Error;
    /// `[map]` needs the files x ranks grid to compute offsets on.
    MapWithoutGrid = "board::map-without-grid", Error;
    /// Two links leave one node in one direction.
    DuplicateLink = "board::duplicate-link", Error;
    /// A link chain with fewer than two nodes links nothing.
    ShortChain = "board::short-chain", Error;
    /// A link from a node to itself.
    SelfLink = "board::self-link", Error;
    /// A twist that maps two directions to one, or is otherwise not a permutation.
    TwistNotPermutation = "board::twist-not-permutation", Error;
    /// A link names a twist that is not declared.
    UnknownTwist = "board::unknown-twist", Error;
    /// A `from dir to` link reference that is not three words.
    BadLinkRef = "board::bad-link-ref", Error;
    /// A tag or unlink names a link the board does not have.
    NoSuchLink = "board::no-such-link", Error;
    /// The board exceeds a limit of the engine.
    TooLarge = "board::too-large", Error;
    /// A variant file names a board file that does not load.
    BadBoard = "variant::bad-board", Error;
    /// `extends` forms a cycle or names a missing file.
    BadExtends = "variant::bad-extends", Error;
    /// A variant declares no player.
    NoPlayers = "variant::no-players", Error;
    /// Two players (or pieces, or castling rights) share a name, letter or mark.
    DuplicateName = "variant::duplicate-name", Error;
    /// A player-facing mark or letter that position text could not read back.
    BadMark = "variant::bad-mark", Error;
    /// A name of a player, piece, frame or zone that is not declared.
    UnknownName = "variant::unknown-name", Error;
    /// A frame that is not a permutation of the board's directions.
    FrameNotPermutation = "variant::frame-not-permutation", Error;
    /// A frame maps a composite direction elsewhere than its path leads, or its turned path
    /// has no direction on the board.
    FrameCompositeMismatch = "variant::frame-composite-mismatch", Error;
    /// A castling entry whose squares do not make sense.
    BadCastling = "variant::bad-castling", Error;
    /// The start position does not parse or is not legal.
    BadStart = "variant::bad-start", Error;
    /// The variant exceeds a limit of the engine.
    VariantTooLarge = "variant::too-large", Error;
    /// A piece path program with a syntax error.
    PathSyntax = "path::syntax", Error;
    /// A piece path program naming a direction the board does not have.
    PathUnknownDirection = "path::unknown-direction", Error;
    /// A path program modifier that is unknown or does not fit the pattern.
    PathBadModifier = "path::bad-modifier", Error;
    /// A Betza string that does not read (a character out of place, an unknown atom or range).
    BetzaSyntax = "betza::syntax", Error;
    /// A Betza modifier or combination that has no path program (XBetza `a`, `j`, a lame rider).
    BetzaUnsupported = "betza::unsupported", Error;
    /// A Betza atom that needs a direction the board does not declare.
    BetzaMissingDirection = "betza::missing-direction", Error;
    /// A Fairy-Stockfish variants file line that does not read (`chessgraph import fsf`).
    ImportSyntax = "import::syntax", Error;
    /// A section or key given twice in a Fairy-Stockfish variants file.
    ImportDuplicate = "import::duplicate", Error;
    /// A section's parent is neither an earlier section nor a supported built-in variant.
    ImportUnknownParent = "import::unknown-parent", Error;
    /// A Fairy-Stockfish key the importer cannot express (or does not know).
    ImportUnsupportedKey = "import::unsupported-key", Error;
    /// A Fairy-Stockfish value that does not read or that the importer cannot express.
    ImportBadValue = "import::bad-value", Error;
    /// `import fsf --variant NAME` names no section of the file.
    ImportNoSuchVariant = "import::no-such-variant", Error;
    /// A following a link and then its opposite does not come back.
    NonReciprocalLink = "board::non-reciprocal-link", Warning;
    /// A link and its way back carry twists that do not undo each other: a round trip turns a piece.
    TwistedRoundTrip = "board::twisted-round-trip", Warning;
    /// A frame of `[frames]` that no player, start zone or start piece uses.
    LintUnusedFrame = "lint::unused-frame", Warning;
    /// Two players move in one frame while a kind both have moves one way only (`n` without `s`).
    LintSharedOrientation = "lint::shared-orientation", Warning;
    /// A frame turns the board but leaves as it is a direction a piece uses one way only.
    LintUnturnedDirection = "lint::unturned-direction", Warning;
    /// A piece of the start position that has no move from its square, even on an empty board.
    LintImmobilePiece = "lint::immobile-piece", Warning;
    /// A piece that can never reach its promotion zone from where it starts.
    LintUnreachablePromotion = "lint::unreachable-promotion", Warning;
    /// A castling entry leaves out of `empty` or `safe` a square the usual rule would list.
    LintCastlingSquares = "lint::castling-squares", Warning;
    /// The side to move has no legal move in the start position.
    LintStartWithoutMoves = "lint::start-without-moves", Warning;
    /// No piece is royal while the outcome relies on mate.
    LintMateWithoutRoyal = "lint::mate-without-royal", Warning;
    /// A player can capture in the start position: usually a link or frame joining squares it
    /// should not.
    LintStartCaptures = "lint::start-captures", Warning;
    /// A player's zone that nothing of the variant uses.
    LintUnusedZone = "lint::unused-zone", Warning;
    /// A tag of the board that no gate and no `avoid:` of the variant reads.
    LintUnusedTag = "lint::unused-tag", Warning;
    /// A grid board declares a zone the grid generates, with exactly the generated nodes.
    LintRedundantZone = "lint::redundant-zone", Warning;
    /// Some nodes cannot be reached from the first node.
    UnreachableNode = "board::unreachable-node", Warning;
    /// A declared direction that no link uses.
    UnusedDirection = "board::unused-direction", Warning;
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
