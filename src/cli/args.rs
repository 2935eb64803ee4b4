//! What the command line accepts: the subcommands, their arguments and the parsers of their values
//! (clap derive). Help texts are the doc comments below.

use std::path::PathBuf;

use clap::builder::TypedValueParser;
use clap::{Parser, Subcommand};

use chessgraph::limits::{MAX_HASH_MB, MAX_PERFT_DEPTH, MAX_THREADS};

/// chessgraph: chess variants as data. Boards are graphs of named direction links; pieces are
/// link-path programs; one generic engine plays every variant.
#[derive(Debug, Parser)]
#[command(name = "chessgraph", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Validate board and variant files; print a summary of each valid one, or every problem with
    /// its location.
    Check {
        /// Board or variant files (TOML).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print diagnostics as one `file:line:col: error[code]: message` line each, and nothing
        /// for a file without any.
        #[arg(long, conflicts_with = "json")]
        short: bool,
        /// Print one JSON document on standard output: per file its kind, validity, counts,
        /// diagnostics (code, severity, file, line, column, message, label, help) and summary.
        #[arg(long)]
        json: bool,
        /// Fail (exit 1) when a file has warnings, lints included.
        #[arg(long)]
        deny_warnings: bool,
    },
    /// Rewrite files written for an earlier format: every mechanical migration of
    /// `docs/format-changes.md` (today: zones declared as the grid generates them are dropped).
    ///
    /// Only the migrated entries change; comments and layout stay. A file that needs nothing is
    /// not touched; one that does not load is reported and left as it is. Each file is written
    /// whole or not at all (a temporary file renamed over it).
    Fix {
        /// Board or variant files (TOML).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// List the links leaving a node: direction, target, twist, tags.
    Links {
        /// Board file (or a variant file: its board).
        board: PathBuf,
        /// Node name, e.g. `a6`.
        node: String,
    },
    /// Print the path programs a Betza / XBetza string compiles to, one per line.
    Betza {
        /// The Betza string, e.g. `WfcFifmnD`.
        notation: String,
        /// The board whose directions the atoms use.
        #[arg(long, default_value = "boards/chess.toml")]
        board: PathBuf,
    },
    /// Print the board's link graph in Graphviz DOT.
    ///
    /// Each node has its place on the board (`pos="X,Y!"`), so `neato -n` draws the board as it
    /// is laid out; `dot` ignores the places.
    Dot {
        /// Board file (or a variant file: its board).
        board: PathBuf,
        /// Only the links of this direction.
        #[arg(long, value_name = "DIR")]
        links: Option<String>,
    },
    /// List the legal moves of the side to move, one per line, sorted (only moves on stdout).
    Moves {
        /// Variant file.
        variant: PathBuf,
        /// The position.
        #[command(flatten)]
        at: PositionArgs,
        /// Print one JSON document instead (see the README for its shape).
        #[arg(long)]
        json: bool,
    },
    /// Count the leaves of the legal move tree (perft); the last line is `Nodes searched: N`.
    ///
    /// `--split K` prints work units instead (one line per position K plies down), `--unit LINE`
    /// counts one of them, `--merge UNITS RESULTS...` adds their results up.
    Perft(PerftArgs),
    /// Measure single-threaded perft speed (chess start and Kiwipete, 3 Man Chess, Circular and
    /// Cylindrical Chess) and the time to load every shipped variant.
    Bench(BenchArgs),
    /// Show a position as text: the board, whose turn, check, eliminated players.
    Show {
        /// Variant file.
        variant: PathBuf,
        /// The position.
        #[command(flatten)]
        at: PositionArgs,
        /// Do not apply the variant's draw rules (`[draws]`: n-move rule, repetition along
        /// `--moves`, insufficient material).
        #[arg(long)]
        no_draw_rules: bool,
        /// Print one JSON document instead (see the README for its shape).
        #[arg(long)]
        json: bool,
    },
    /// Draw a board, or a position of a variant, as an SVG picture.
    Render {
        /// Board file (the empty board) or variant file (a position: the start unless `--fen` /
        /// `--moves` say otherwise).
        file: PathBuf,
        /// The position (variant files only); the last of `--moves` is highlighted.
        #[command(flatten)]
        at: PositionArgs,
        /// Mark the legal destinations of the piece on this node, as if its owner were to move
        /// (captures ringed in red). An empty node gives a picture without marks.
        #[arg(long, value_name = "NODE")]
        from: Option<String>,
        /// Mark the nodes where the side to move may drop a piece of this kind from his hand
        /// (a token, e.g. `P` or `+P`; variants with hands).
        #[arg(long, value_name = "TOKEN")]
        drop: Option<String>,
        /// Draw every link of this direction as an arrow (twisted links dashed orange).
        #[arg(long, value_name = "DIR")]
        links: Option<String>,
        /// Draw tagged links (moats, creeks, ...) as heavy lines, one colour per tag.
        #[arg(long)]
        tags: bool,
        /// Polar boards: where sector 0 begins, in degrees clockwise from straight up (default: the
        /// first player's pieces at the bottom, or 0 for a board file). Grid boards: a quarter
        /// turn clockwise (0, 90, 180 or 270).
        #[arg(long, value_name = "DEGREES", allow_negative_numbers = true, value_parser = degrees)]
        rotate: Option<f64>,
        /// Turn the picture half round: the board as the other side sees it (Black's view).
        #[arg(long)]
        flip: bool,
        /// Write the picture to this file instead of standard output (`-`: standard output):
        /// `.svg` (or no extension) writes SVG, `.png` a PNG. The file is replaced atomically, and
        /// never when it is one of the files the command reads.
        #[arg(short, long, value_name = "OUT.svg|OUT.png")]
        output: Option<PathBuf>,
    },
    /// Play a game at the terminal: any number of players at one keyboard.
    ///
    /// Shows the board after every move and reads moves (`e2e4`, `e2-e4`, `e7-e8=Q`) or commands
    /// (`moves [SQUARE]`, `undo`, `fen`, `svg FILE`, `save FILE`, `load FILE`, `show`, `help`,
    /// `quit`) line by line from standard input, so it can be piped. Ends with the outcome.
    Play {
        /// Variant file.
        variant: PathBuf,
        /// The position to start from.
        #[command(flatten)]
        at: PositionArgs,
        /// Do not apply the variant's draw rules (`[draws]`: n-move rule, repetition,
        /// insufficient material).
        #[arg(long)]
        no_draw_rules: bool,
        /// How the computer plays, and for whom.
        #[command(flatten)]
        computer: ComputerArgs,
    },
    /// The computer player over the Universal Chess Interface, on standard input and output.
    ///
    /// Fairy-Stockfish's dialect: `UCI_Variant` names one of the variant files (by file name
    /// without `.toml`; every `variants/*.toml` when none is given), moves are written `e2e4`,
    /// `e7e8q`, `P@e4`, `b2h8+`, positions as its position text. `go depth N`, `movetime MS`,
    /// `nodes N`, `wtime`/`btime`, `infinite`, `go perft N`, `stop`, `quit`; a malformed command
    /// is answered with `info string`.
    Uci {
        /// Variant files (default: every `variants/*.toml` of the current folder).
        variants: Vec<PathBuf>,
    },
    /// The computer plays a variant against itself: per-seat scores with 95% intervals, the
    /// first-move advantage, game lengths, how games ended, and the estimated piece values.
    ///
    /// Each game opens with `--random-plies` random moves from a generator seeded by `--seed`
    /// and the game's number; with `--depth` or `--nodes` (default: 2,000 nodes per move) a run
    /// is the same on every machine and with any number of threads.
    Playtest(PlaytestArgs),
    /// Write a deterministic report of what a variant file means: the rules summary, the start
    /// position, its sorted moves, perft to a depth and the divide; compare it with a stored one.
    ///
    /// The report is an insta `.snap` file (header and body). `--check FILE` exits 1 with a
    /// unified diff when the body changed, and writes the new report to `FILE.new` (not when the
    /// environment has CI=true) for `cargo insta review --workspace-root DIR`; with `--update` it
    /// rewrites FILE instead (atomically).
    Snapshot(SnapshotArgs),
    /// Compare two variant files (or one at two git revisions, `FILE@REV`): the rules summaries,
    /// then the legal move sets at every position up to a depth, shallowest first.
    ///
    /// Exit status: 0 no difference in the moves up to the depth, 1 a differing position was
    /// found, 2 the files could not be compared.
    Diff(DiffArgs),
    /// Print the JSON Schema (draft-07) of board or variant files.
    ///
    /// Editors that read taplo's `#:schema PATH` directive (VS Code's Even Better TOML, Helix,
    /// Zed) then complete and check the keys as they are typed; the shipped files name
    /// `schema/board.schema.json` and `schema/variant.schema.json`.
    Schema {
        /// Which format: `board` or `variant`.
        kind: FileKindArg,
    },
    /// Write a new board or variant file to start from: complete, commented and working.
    ///
    /// Writes `NAME.toml` in the current folder; a variant (chess on the grid) also writes
    /// `NAME.board.toml`, unless `--board` names an existing board. Never writes over a file.
    New(NewArgs),
    /// Import variants written for other programs (`import fsf`: Fairy-Stockfish's ini files).
    #[command(subcommand)]
    Import(ImportCommand),
    /// Run a perft suite: EPD lines (`FEN ;D1 20 ;D2 400`) or our `.perft` files. Exit status 1
    /// when any count is wrong.
    #[command(name = "perft-suite")]
    PerftSuite(SuiteArgs),
    /// Play and author variants in the browser: a web board on http://127.0.0.1:PORT/.
    ///
    /// The first line on standard error is `listening on http://ADDRESS:PORT/`. Each page plays
    /// one game; `?seat=NAME` makes a page move for that player only. `--watch` reloads the
    /// files when they change and shows their problems instead of the board.
    Serve(super::serve::ServeArgs),
}

/// The computer player's seats and limits (`play`, `uci`).
#[derive(Debug, Clone, Default, clap::Args)]
#[command(mut_arg("movetime", |a| a.help("Milliseconds per move (1 second when no limit is given)")))]
pub struct ComputerArgs {
    /// The seats the computer plays, by player name (`--engine black`, `--engine white,black`).
    #[arg(long, value_name = "SEAT[,SEAT..]", value_delimiter = ',')]
    pub engine: Vec<String>,
    /// How long the computer thinks.
    #[command(flatten)]
    pub search: SearchArgs,
}

impl ComputerArgs {
    /// The search limits the arguments give (1 second per move when none is given).
    pub fn limits(&self) -> chessgraph::Limits {
        self.search.or(chessgraph::Limits {
            movetime: Some(std::time::Duration::from_secs(1)),
            ..chessgraph::Limits::default()
        })
    }
}

/// Arguments of `playtest`.
#[derive(Debug, clap::Args)]
#[command(mut_arg("nodes", |a| a.help("Nodes searched per move (2,000 when no limit is given)")))]
pub struct PlaytestArgs {
    /// Variant file.
    pub variant: PathBuf,
    /// The position every game starts from.
    #[command(flatten)]
    pub at: PositionArgs,
    /// Games to play (1 to 100,000).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=100_000).map(|n| n as usize))]
    pub games: usize,
    /// How long each move is searched.
    #[command(flatten)]
    pub search: SearchArgs,
    /// Random plies at the start of each game.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(0..=100).map(|n| n as usize))]
    pub random_plies: usize,
    /// A game still going after this many plies is stopped and counted as a draw (1 to 5,000).
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u64).range(1..=5_000).map(|n| n as usize))]
    pub max_plies: usize,
    /// Threads (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256).map(|n| n as usize))]
    pub threads: Option<usize>,
    /// The seed of the random opening plies.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The report as JSON.
    #[arg(long)]
    pub json: bool,
    /// Also draw the results and the game lengths as an SVG chart in this file.
    #[arg(long, value_name = "FILE.svg")]
    pub chart: Option<PathBuf>,
    /// Also write every game's record (`game-001.toml`, ... as `play`'s `save` writes them,
    /// readable by `load`) into this folder: all or none, never over a file.
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
}

impl PlaytestArgs {
    /// The search limits of every move (2,000 nodes when none is given).
    pub fn limits(&self) -> chessgraph::Limits {
        self.search.or(chessgraph::Limits {
            nodes: Some(2_000),
            ..chessgraph::Limits::default()
        })
    }
}

/// How the computer searches: a limit per move (`--movetime MS`, `--depth N` or `--nodes N`, at
/// most one of them; each command says what it searches when none is given) and `--search` for
/// more than two players.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct SearchArgs {
    /// Milliseconds per move.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..), conflicts_with_all = ["depth", "nodes"])]
    pub movetime: Option<u64>,
    /// Search depth per move, in plies.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=64), conflicts_with = "nodes")]
    pub depth: Option<u32>,
    /// Nodes searched per move.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// How positions of more than two players are searched.
    #[arg(long, value_enum, default_value_t = MultiArg::Paranoid)]
    pub search: MultiArg,
}

/// The values of `--search`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum MultiArg {
    /// The others are allied against the player to move.
    #[default]
    Paranoid,
    /// Each player for himself (max-n: slower, no alliance assumed).
    MaxN,
}

impl SearchArgs {
    /// Whether positions of more than two players are searched by max-n.
    pub fn max_n(&self) -> bool {
        self.search == MultiArg::MaxN
    }

    /// The limit given, or `default` when none is.
    pub fn or(&self, default: chessgraph::Limits) -> chessgraph::Limits {
        let limits = chessgraph::Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime.map(std::time::Duration::from_millis),
        };
        if limits == chessgraph::Limits::default() {
            default
        } else {
            limits
        }
    }
}

/// Arguments of `perft`.
#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    /// Variant file.
    #[arg(required_unless_present = "merge")]
    pub variant: Option<PathBuf>,
    /// Depth in plies (0 to 64).
    #[arg(
        allow_negative_numbers = true,
        value_parser = depth_parser(),
        required_unless_present_any = ["merge", "unit"],
        conflicts_with_all = ["merge", "unit"],
    )]
    pub depth: Option<u32>,
    /// The position.
    #[command(flatten)]
    pub at: PositionArgs,
    /// One line `MOVE: COUNT` per root move before the total.
    #[arg(long)]
    pub divide: bool,
    /// Worker threads (the tree is split below the root), 1 to 256; default: all cores.
    #[arg(long, value_parser = threads_parser())]
    pub threads: Option<usize>,
    /// Count through a transposition table of this many MiB (1 to 1048576), shared by the
    /// threads; its use is reported on standard error. Off by default.
    #[arg(long, value_name = "MB", value_parser = hash_parser())]
    pub hash: Option<usize>,
    /// Print work units instead of counting: one line per position K plies down (0 to DEPTH),
    /// each counted by `perft VARIANT --unit LINE`.
    #[arg(
        long,
        value_name = "K",
        value_parser = depth_parser(),
        conflicts_with_all = ["divide", "hash", "threads"],
    )]
    pub split: Option<u32>,
    /// Count one work unit printed by `--split` (a line), and print its result line.
    #[arg(long, value_name = "LINE", conflicts_with_all = ["divide", "split"])]
    pub unit: Option<String>,
    /// Add up the results of the units of a split: the file of units (`--split`'s output), then
    /// the files of result lines (`--unit`'s output). Every unit needs exactly one result.
    #[arg(
        long,
        num_args = 2..,
        value_names = ["UNITS", "RESULTS"],
        conflicts_with_all = ["divide", "split", "unit", "hash", "threads"],
    )]
    pub merge: Option<Vec<PathBuf>>,
    /// Print one JSON document instead (see the README for its shape).
    #[arg(long, conflicts_with_all = ["split", "unit", "merge"])]
    pub json: bool,
}

/// A file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FileKindArg {
    /// A board file.
    Board,
    /// A variant file.
    Variant,
}

/// Arguments of `new`.
#[derive(Debug, clap::Args)]
pub struct NewArgs {
    /// What to write: `board` or `variant`.
    pub kind: FileKindArg,
    /// The name: the file is `NAME.toml` (letters, digits, `_` and `-`).
    pub name: String,
    /// The grid's size, FILESxRANKS (2 to 26 files, 2 to 99 ranks; default 8x8).
    #[arg(long, value_name = "FILESxRANKS", value_parser = grid_size)]
    pub grid: Option<(u32, u32)>,
    /// Join the board's edges: `--wrap` alone or `--wrap cylinder` joins the last file to the
    /// first; `torus` also the last rank to the first; `moebius` the files upside down (a piece
    /// crossing turns over); `klein` the files as `moebius` and the ranks as a cylinder.
    #[arg(long, value_name = "SURFACE", num_args = 0..=1, default_missing_value = "cylinder")]
    pub wrap: Option<WrapArg>,
    /// Write the eight knight directions as paths of steps (`nne = { path = "n n e" }`), which
    /// follow every link, hand-made seams included; the default offsets never cross `[[link]]`s.
    #[arg(long)]
    pub knight_paths: bool,
    /// A variant on this existing board file instead of a new `NAME.board.toml`.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["grid", "wrap", "knight_paths"])]
    pub board: Option<PathBuf>,
}

/// The surfaces `new --wrap` makes (`[map] wrap`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum WrapArg {
    /// The last file joined to the first.
    Cylinder,
    /// Files and ranks joined.
    Torus,
    /// The files joined upside down.
    Moebius,
    /// The files joined upside down, the ranks joined.
    Klein,
}

impl WrapArg {
    /// The value of `[map] wrap`.
    pub fn key(self) -> &'static str {
        match self {
            WrapArg::Cylinder => "cylinder",
            WrapArg::Torus => "torus",
            WrapArg::Moebius => "moebius",
            WrapArg::Klein => "klein",
        }
    }

    /// The surface in words, for the file's comments.
    pub fn words(self) -> &'static str {
        match self {
            WrapArg::Cylinder => "a cylinder: the files wrap round",
            WrapArg::Torus => "a torus: the files and the ranks wrap round",
            WrapArg::Moebius => {
                "a Möbius strip: the files wrap round upside down, a piece crossing turns over"
            }
            WrapArg::Klein => {
                "a Klein bottle: the files wrap round upside down, the ranks wrap round"
            }
        }
    }
}

/// What `import` reads.
#[derive(Debug, Subcommand)]
pub enum ImportCommand {
    /// Read a Fairy-Stockfish variants file (`variants.ini` format) into a board file and a
    /// variant file per section: `NAME.board.toml` and `NAME.toml`, commented with the ini
    /// line each rule comes from. Keys it cannot express are errors with their line.
    ///
    /// Without `-o` both files of each section are printed, each after a `# ==> FILE <==` line;
    /// with `-o DIR` they are written there, never over an existing file (nothing is written
    /// when one exists).
    Fsf(FsfArgs),
}

/// Arguments of `import fsf`.
#[derive(Debug, clap::Args)]
pub struct FsfArgs {
    /// The variants file (`[name:parent]` sections of `key = value` lines).
    pub file: PathBuf,
    /// Import only this section (its parents are read, not written); default: every section.
    #[arg(long, value_name = "NAME")]
    pub variant: Option<String>,
    /// Write the files into this folder (made if missing) instead of standard output.
    #[arg(short, long, value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// Write into the folder `-o` names even when it is a symbolic link (into the folder it
    /// leads to); without it such a folder is refused.
    #[arg(long, requires = "output")]
    pub follow: bool,
}

/// `8x8`: files x ranks.
fn grid_size(text: &str) -> Result<(u32, u32), String> {
    let usage = || format!("expected FILESxRANKS, e.g. `8x8` or `10x8`, found `{text}`");
    let (f, r) = text.split_once(['x', 'X']).ok_or_else(usage)?;
    let (f, r) = (
        f.parse::<u32>().map_err(|_| usage())?,
        r.parse::<u32>().map_err(|_| usage())?,
    );
    if !(2..=26).contains(&f) || !(2..=99).contains(&r) {
        return Err(format!(
            "a grid has 2 to 26 files and 2 to 99 ranks, not {f}x{r}"
        ));
    }
    Ok((f, r))
}

/// Arguments of `snapshot`.
#[derive(Debug, clap::Args)]
pub struct SnapshotArgs {
    /// Variant file.
    pub variant: PathBuf,
    /// Perft depth of every position (default: the deepest with at most 1,000,000 leaves).
    #[arg(long, allow_negative_numbers = true, value_parser = depth_parser())]
    pub depth: Option<u32>,
    /// More positions to report, one a line: a position text, or `moves M1 M2 ...` from the start.
    #[arg(long, value_name = "FILE")]
    pub positions: Option<PathBuf>,
    /// Write the report to this file instead of standard output (never over an input).
    #[arg(short, long, value_name = "FILE", conflicts_with = "check")]
    pub output: Option<PathBuf>,
    /// Compare the report with this stored one (header ignored); exit 1 with a diff when it changed.
    #[arg(long, value_name = "FILE")]
    pub check: Option<PathBuf>,
    /// With --check: rewrite FILE with the new report when it changed (or does not exist yet).
    #[arg(long, requires = "check")]
    pub update: bool,
    /// Print JSON instead of text (see the README for its shape).
    #[arg(long)]
    pub json: bool,
    /// Worker threads for the perft (1 to 256; default: all cores). The report does not depend on it.
    #[arg(long, value_parser = threads_parser())]
    pub threads: Option<usize>,
}

/// Arguments of `diff`.
#[derive(Debug, clap::Args)]
pub struct DiffArgs {
    /// The old variant file, or `FILE@REV` (a git revision of it).
    pub old: String,
    /// The new variant file, or `FILE@REV`.
    pub new: String,
    /// Start from this position text (in both) instead of the start positions.
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves played first, in both.
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Compare the positions up to this many plies deep (default 4).
    #[arg(long, allow_negative_numbers = true, value_parser = depth_parser())]
    pub depth: Option<u32>,
    /// Draw the first differing position (OLD's) with the moves only OLD has and those only NEW has.
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<PathBuf>,
    /// Print JSON instead of text (see the README for its shape).
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `perft-suite`.
#[derive(Debug, clap::Args)]
pub struct SuiteArgs {
    /// The suite: an EPD file or a `.perft` file.
    pub file: PathBuf,
    /// The variant file of every position (needed by EPD suites; overrides `.perft` entries).
    #[arg(long, value_name = "FILE")]
    pub variant: Option<PathBuf>,
    /// Skip the depths whose expected count is over this many leaves.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Print JSON instead of text (see the README for its shape).
    #[arg(long)]
    pub json: bool,
}

/// Perft depths: 0 up to [`MAX_PERFT_DEPTH`].
fn depth_parser() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(0..=i64::from(MAX_PERFT_DEPTH))
}

/// Hash table sizes in MiB: 1 up to [`MAX_HASH_MB`].
fn hash_parser() -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::new().range(1..=MAX_HASH_MB as u64)
}

/// Thread counts: 1 up to [`MAX_THREADS`].
fn threads_parser() -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::new().range(1..=MAX_THREADS as u64)
}

/// An angle in degrees: a finite number, reduced to [0, 360).
fn degrees(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(d) if d.is_finite() => Ok(d.rem_euclid(360.0)),
        Ok(_) => Err("the angle must be a finite number of degrees".into()),
        Err(_) => Err("expected a number of degrees, e.g. `120` or `-30.5`".into()),
    }
}

/// Arguments of `bench`.
#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// One ply less everywhere: a quick check that the suite runs.
    #[arg(long)]
    pub quick: bool,
    /// The crate root holding `variants/`.
    #[arg(long, default_value = ".")]
    pub root: PathBuf,
}

/// Where a command starts: a position and moves played from it.
#[derive(Debug, clap::Args)]
pub struct PositionArgs {
    /// Start from this position text instead of the variant's start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves played first (from `--fen` when given), separated by spaces: `"e2-e4 e7e5"`.
    #[arg(long, default_value = "")]
    pub moves: String,
}
