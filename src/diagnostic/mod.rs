//! Located, coded diagnostics for data files, rendered with the source snippet.
//!
//! Every problem found while loading a board or variant file becomes one [`Diagnostic`]: a stable
//! [`Code`], a severity, a byte span into the file, a short message, a label for the span and an optional
//! help line written from the user's own file ("did you mean `ne`?"). Loading collects all of them;
//! [`FileReport`] renders them with miette, naming the file, line and column. The files themselves
//! ([`SourceFile`], [`SourceSet`]) are read and located in `source.rs`.

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

use crate::limits::{MAX_QUOTED_CHARS, MAX_REPEATED_DIAGNOSTICS};
#[cfg(feature = "fancy")]
use miette::{GraphicalReportHandler, GraphicalTheme};
use miette::{LabeledSpan, NamedSource, SourceCode};

mod located;
mod record;
mod source;

pub(crate) use located::column_of;
pub use located::{TextError, read_text_file};
pub use record::Record;
pub use source::{SourceFile, SourceSet};

/// How bad a diagnostic is. Warnings never make a file invalid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// The file is rejected.
    Error,
    /// The file is accepted, but the author should look.
    Warning,
}

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
            /// Every code, in declaration order.
            pub const ALL: &'static [Code] = &[$(Code::$variant),*];

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
    /// A player's zone that nothing of the variant uses.
    LintUnusedZone = "lint::unused-zone", Warning;
    /// A tag of the board that no gate and no `avoid:` of the variant reads.
    LintUnusedTag = "lint::unused-tag", Warning;
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

/// One problem in one file: where, what, and how to fix it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The stable code; it also fixes the severity.
    pub code: Code,
    /// One sentence saying what is wrong.
    pub message: String,
    /// Byte range in the file the problem is about.
    pub span: Range<usize>,
    /// Text shown under the span.
    pub(crate) label: String,
    /// Further spans that explain the problem ("first declared here").
    pub(crate) related: Vec<(Range<usize>, String)>,
    /// What to do about it, written from the user's file.
    pub help: Option<String>,
}

impl Diagnostic {
    /// A diagnostic with a message and a span; add a label, help and related spans with the builders.
    pub(crate) fn new(code: Code, span: Range<usize>, message: impl Into<String>) -> Self {
        Diagnostic {
            code,
            message: message.into(),
            span,
            label: String::new(),
            related: Vec::new(),
            help: None,
        }
    }

    /// Sets the label under the primary span.
    pub(crate) fn label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    /// Sets the help line.
    pub(crate) fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Sets the help line when there is one.
    pub(crate) fn maybe_help(mut self, help: Option<String>) -> Self {
        self.help = help;
        self
    }

    /// Adds a secondary span.
    pub(crate) fn related(mut self, span: Range<usize>, label: impl Into<String>) -> Self {
        self.related.push((span, label.into()));
        self
    }

    /// The severity, from the code.
    pub fn severity(&self) -> Severity {
        self.code.severity()
    }

    /// An empty name where a `what` name is written (`schema::invalid-value`); `example` shows
    /// one in the help line.
    pub(crate) fn empty_name(span: Range<usize>, what: &str, example: &str) -> Self {
        Diagnostic::new(
            Code::InvalidValue,
            span,
            format!("`` cannot be a {what} name"),
        )
        .label(format!("{what} name"))
        .help(format!(
            "names are printed in summaries, messages and pictures: give it one, e.g. {example}"
        ))
    }
}

/// The diagnostics of one file, ready to print.
#[derive(Clone, Debug)]
pub struct FileReport {
    /// The file they are about.
    pub source: SourceFile,
    /// Errors first, then warnings, each group in file order.
    pub diagnostics: Vec<Diagnostic>,
    /// Errors found, those counted in an "and K more" diagnostic included.
    errors: usize,
}

impl FileReport {
    /// Sorts the diagnostics (errors first, then by position) and wraps them. Of one code, the
    /// first `MAX_REPEATED_DIAGNOSTICS` are kept and the rest counted in one last diagnostic
    /// ("and K more"), so a flood of one mistake stays readable and quick to print.
    pub fn new(source: SourceFile, mut diagnostics: Vec<Diagnostic>) -> Self {
        diagnostics.sort_by(|a, b| {
            (a.severity(), a.span.start, a.code).cmp(&(b.severity(), b.span.start, b.code))
        });
        diagnostics.dedup();
        let errors = diagnostics
            .iter()
            .filter(|d| d.severity() == Severity::Error)
            .count();
        let mut kept: Vec<Diagnostic> = Vec::with_capacity(diagnostics.len().min(256));
        let mut dropped: Vec<(Code, usize, std::ops::Range<usize>)> = Vec::new();
        let mut per_code: std::collections::HashMap<Code, usize> = std::collections::HashMap::new();
        for d in diagnostics {
            let n = per_code.entry(d.code).or_insert(0);
            *n += 1;
            if *n <= MAX_REPEATED_DIAGNOSTICS {
                kept.push(d);
            } else {
                match dropped.iter_mut().find(|(c, _, _)| *c == d.code) {
                    Some(entry) => entry.1 += 1,
                    None => dropped.push((d.code, 1, d.span.clone())),
                }
            }
        }
        for (code, count, span) in dropped {
            kept.push(
                Diagnostic::new(code, span, format!("and {count} more `{code}` problem(s)"))
                    .label("the next one")
                    .help(format!(
                        "only the first {MAX_REPEATED_DIAGNOSTICS} of one kind are shown; fix those first"
                    )),
            );
        }
        FileReport {
            source,
            diagnostics: kept,
            errors,
        }
    }

    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity() == Severity::Error)
    }

    /// Number of errors, all of them: those beyond the shown ones are counted too.
    pub fn error_count(&self) -> usize {
        self.errors
    }

    /// The diagnostics paired with this file's text, each a [`miette::Diagnostic`] that any
    /// miette report handler can draw (the binary draws them graphically).
    pub fn shown(&self) -> impl Iterator<Item = ShownDiagnostic<'_>> {
        let named = Arc::new(NamedSource::new(
            self.source.shown_path(),
            self.source.text.clone(),
        ));
        self.diagnostics.iter().map(move |d| {
            // miette cannot draw a snippet past column 65,535 (and nobody reads one that wide):
            // such a diagnostic is shown with its location and no snippet.
            let spans = std::iter::once(&d.span).chain(d.related.iter().map(|(s, _)| s));
            let drawable = spans.into_iter().all(|s| {
                self.source.line_len_at(s.start) <= MAX_SNIPPET_LINE
                    && self.source.line_len_at(s.end) <= MAX_SNIPPET_LINE
            });
            ShownDiagnostic {
                diag: d,
                source: named.clone(),
                location: self.location(d),
                snippet: drawable,
            }
        })
    }

    #[cfg(feature = "fancy")]
    /// Renders every diagnostic with its snippet. `colour` selects ANSI colours; `width` wraps lines.
    pub fn render(&self, colour: bool, width: usize) -> String {
        let theme = if colour {
            GraphicalTheme::unicode()
        } else {
            GraphicalTheme::unicode_nocolor()
        };
        let handler = GraphicalReportHandler::new_themed(theme)
            .with_width(width)
            .with_links(false);
        let mut out = String::new();
        for shown in self.shown() {
            if handler.render_report(&mut out, &shown).is_err() {
                out.push_str(&shown.to_string());
            }
            out.push('\n');
        }
        out
    }

    /// One line per diagnostic: `file:line:col: error[code]: message`, the compact form for scripts.
    pub fn render_short(&self) -> String {
        let mut out = String::new();
        for d in &self.diagnostics {
            out.push_str(&self.location(d));
            // One line per problem, whatever user text the message quotes.
            out.push_str(&format!(
                ": {}[{}]: {}\n",
                severity_word(d.severity()),
                d.code,
                printable(&d.message)
            ));
        }
        out
    }

    fn location(&self, d: &Diagnostic) -> String {
        let (line, col) = self.source.line_col(d.span.start);
        format!("{}:{line}:{col}", self.source.shown_path())
    }
}

fn severity_word(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

/// Longest source line drawn in a snippet, in bytes.
const MAX_SNIPPET_LINE: usize = 2_000;

/// A [`Diagnostic`] with the text of its file, as a [`miette::Diagnostic`]. Its message names the
/// location only when no snippet can be drawn (a line too long to show); otherwise the snippet's
/// header names it, once.
pub struct ShownDiagnostic<'a> {
    diag: &'a Diagnostic,
    source: Arc<NamedSource<Arc<str>>>,
    location: String,
    /// Draw the source snippet (else the location is part of the message).
    snippet: bool,
}

impl ShownDiagnostic<'_> {
    /// `file:line:col` of the diagnostic's main span.
    pub fn location(&self) -> &str {
        &self.location
    }
}

impl fmt::Debug for ShownDiagnostic<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for ShownDiagnostic<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.snippet {
            f.write_str(&self.diag.message)
        } else {
            write!(
                f,
                "{}: {} (the line is too long to show)",
                self.location, self.diag.message
            )
        }
    }
}

impl std::error::Error for ShownDiagnostic<'_> {}

impl miette::Diagnostic for ShownDiagnostic<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Some(Box::new(self.diag.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.diag.severity() {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.diag
            .help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.snippet.then_some(&*self.source as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if !self.snippet {
            return None;
        }
        let primary = LabeledSpan::new_primary_with_span(
            (!self.diag.label.is_empty()).then(|| self.diag.label.clone()),
            self.diag.span.clone(),
        );
        let related = self
            .diag
            .related
            .iter()
            .map(|(span, label)| LabeledSpan::new_with_span(Some(label.clone()), span.clone()));
        Some(Box::new(std::iter::once(primary).chain(related)))
    }
}

/// The closest candidate to a misspelt name, for "did you mean" help lines.
pub(crate) fn did_you_mean<'a>(
    wrong: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (strsim::jaro_winkler(wrong, c), c))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0).then_with(|| b.1.cmp(a.1)))
        .map(|(_, c)| c)
}

/// A help line `did you mean `x`?` when a close candidate exists.
pub fn suggest<'a>(wrong: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    did_you_mean(wrong, candidates).map(|c| format!("did you mean `{c}`?"))
}

/// Whether `c` is a bidirectional formatting character (U+061C, U+200E, U+200F, U+202A to
/// U+202E, U+2066 to U+2069): shown raw, it reorders the text around it on the screen.
pub(crate) fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Whether `c` may not be shown raw: a control character (it would drive the terminal) or a
/// bidirectional formatting character (it would reorder the line).
pub(crate) fn is_unprintable(c: char) -> bool {
    c.is_control() || is_bidi_control(c)
}

/// Text given by a user as it may be shown: every unprintable character
/// written as `\u{1b}`; other text unchanged. The one way user text is escaped for printing.
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(is_unprintable) {
        return text.into();
    }
    let mut shown = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_unprintable(c) {
            shown.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            shown.push(c);
        }
    }
    shown.into()
}

/// User text to quote in a message: [`printable`], and cut after `MAX_QUOTED_CHARS`
/// characters with `…`, so that a huge input gives a short message.
pub fn quoted(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(MAX_QUOTED_CHARS) {
        None => printable(text),
        Some((cut, _)) => format!("{}…", printable(&text[..cut])).into(),
    }
}
