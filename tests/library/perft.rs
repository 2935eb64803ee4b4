//! Perft as data: every entry of `tests/perft/*.perft` (see `tests/perft/chess.perft` for the format),
//! read by the library's suite reader (the command line's `perft_suite`), is loaded and its counts are
//! compared with [`chessgraph::perft::perft`].
//!
//! Entries written by `scripts/fsf-oracle` also have a `moves` line (the moves from the variant's
//! start that reach the position, in Fairy-Stockfish's UCI text) and an `fsf-fen` line
//! (Fairy-Stockfish's `Fen:` of it): the moves must play, from the start, to the `fen` position, and
//! chessgraph's position text must be `fsf-fen` exactly.
//!
//! The default run counts every depth whose published count is at most [`NODE_LIMIT`], so that it
//! stays fast in the dev profile; the ignored test runs every depth (`cargo test --release --test
//! perft -- --ignored`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::helpers::perft_suite::{self, Format};
use chessgraph::Position;
use chessgraph::Rules;
use chessgraph::perft::{divide, perft};

/// The default run counts depths up to this many leaves per line.
const NODE_LIMIT: u64 = 5_000_000;

/// One position of a perft file, as the library's suite reader reads it.
pub(super) struct Entry {
    /// `file:line` of the `id` line, for messages.
    pub(super) at: String,
    /// The variant file.
    pub(super) variant: PathBuf,
    /// The entry: its name, position text, counts, and the oracle's `moves` and `fsf-fen`.
    pub(super) read: perft_suite::Entry,
}

impl Entry {
    /// The expected counts as (depth, count).
    pub(super) fn counts(&self) -> Vec<(u32, u64)> {
        self.read
            .counts
            .iter()
            .map(|c| (c.depth, c.nodes))
            .collect()
    }
}

/// Reads a perft file with the library's reader (any line it does not understand is an error
/// naming the line), and checks what the reader leaves to its caller: every entry names an
/// existing variant file, and its depths run 1, 2, 3, ...
pub(super) fn parse(path: &Path) -> Vec<Entry> {
    let text = std::fs::read_to_string(path).expect("perft file");
    let suite = perft_suite::parse(path, &text, Format::Perft).unwrap_or_else(|e| panic!("{e}"));
    let mut out = Vec::new();
    for read in suite.entries {
        let at = format!("{}:{}", path.display(), read.line);
        assert!(!read.name.is_empty(), "{at}: an entry without a name");
        let variant = read
            .variant
            .clone()
            .unwrap_or_else(|| panic!("{at}: no `variant` line"));
        assert!(
            variant.is_file(),
            "{at}: no variant file {}",
            variant.display()
        );
        let depths: Vec<u32> = read.counts.iter().map(|c| c.depth).collect();
        assert_eq!(
            depths,
            (1..=depths.len() as u32).collect::<Vec<_>>(),
            "{at}: depths must run 1, 2, 3, ..."
        );
        out.push(Entry { at, variant, read });
    }
    out
}

pub(super) fn entries() -> Vec<Entry> {
    let files = crate::helpers::files_with_extension("tests/perft", "perft");
    assert!(!files.is_empty(), "no perft files");
    let all: Vec<Entry> = files.iter().flat_map(|f| parse(f)).collect();
    let mut ids: Vec<&str> = all.iter().map(|e| e.read.name.as_str()).collect();
    ids.sort();
    let n = ids.len();
    ids.dedup();
    assert_eq!(ids.len(), n, "perft ids are unique");
    all
}

/// Runs the lines of one entry that pass `keep`; on a wrong count, shows the root split one ply
/// shallower so the failing branch can be found with `chessgraph perft --divide`.
fn run(e: &Entry, keep: impl Fn(u32, u64) -> bool) -> usize {
    let rules = crate::helpers::load(&e.variant);
    let fen = &e.read.fen;
    let start = Position::from_fen(&rules, fen)
        .unwrap_or_else(|err| panic!("{}: `{fen}` does not load: {err}", e.at));
    assert_eq!(
        &start.to_fen(),
        fen,
        "{}: the position text round-trips",
        e.at
    );
    let mut ran = 0;
    for (depth, count) in e.counts() {
        if !keep(depth, count) {
            continue;
        }
        let mut pos = start.clone();
        let got = perft(&mut pos, depth);
        assert_eq!(
            pos, start,
            "{}: perft leaves the position as it found it",
            e.at
        );
        if got != count {
            let (split, _) = divide(&mut pos, depth);
            let lines: Vec<String> = split.iter().map(|(m, n)| format!("{m}: {n}")).collect();
            panic!(
                "{} ({}): perft {depth} = {got}, expected {count}\n\
                 divide:\n{}\nreproduce: chessgraph perft {} {depth} --fen \"{}\" --divide",
                e.at,
                e.read.name,
                lines.join("\n"),
                e.variant.display(),
                fen
            );
        }
        ran += 1;
    }
    ran
}

#[test]
fn perft_counts_up_to_the_node_limit() {
    let mut ran = 0;
    for e in entries() {
        let n = run(&e, |_, count| count <= NODE_LIMIT);
        assert!(n > 0, "{}: no depth is under the node limit", e.at);
        ran += n;
    }
    assert!(ran >= 30, "only {ran} perft lines ran");
}

#[test]
fn divide_splits_the_count_by_root_move() {
    for e in entries() {
        let rules = crate::helpers::load(&e.variant);
        let mut pos = Position::from_fen(&rules, &e.read.fen).expect("perft position");
        let counts = e.counts();
        let (depth, count) = counts[counts.len().min(2) - 1];
        let (split, total) = divide(&mut pos, depth);
        assert_eq!(total, count, "{}: divide {depth}", e.at);
        assert_eq!(
            split.len() as u64,
            counts[0].1,
            "{}: one line per root move",
            e.at
        );
        assert!(split.is_sorted(), "{}: sorted by move text", e.at);
        for (text, n) in &split {
            // Each root move's text plays, and its subtree count is perft one ply shallower.
            let m = chessgraph::notation::parse_move(&pos, text)
                .unwrap_or_else(|err| panic!("{}: `{text}`: {err}", e.at));
            let undo = pos.play(&m).expect("a listed move plays");
            assert_eq!(perft(&mut pos, depth - 1), *n, "{}: {text}", e.at);
            pos.unmake(undo);
        }
    }
}

#[test]
#[ignore = "deep perft: minutes in a release build, much longer in debug"]
fn perft_counts_at_every_depth() {
    for e in entries() {
        run(&e, |_, _| true);
    }
}

#[test]
fn the_file_format_is_checked() {
    let text = "id x\nvariant variants/chess.toml\nepd 8/8 w - -\n";
    let e = perft_suite::parse(Path::new("bad.perft"), text, Format::Perft)
        .expect_err("an unknown line is an error");
    assert_eq!((e.line, e.column), (3, 1), "{e}");
    assert!(e.message.ends_with("found `epd`"), "{e}");
}

/// Plays `moves` from the start of the entry's variant, each read as move text (Fairy-Stockfish's
/// compact UCI forms included).
fn play_from_start(rules: &Arc<Rules>, at: &str, moves: &[String]) -> Position {
    let mut pos = Position::start(rules);
    for (i, text) in moves.iter().enumerate() {
        let m = chessgraph::notation::parse_move(&pos, text)
            .unwrap_or_else(|err| panic!("{at}: move {} `{text}`: {err}", i + 1));
        pos.play(&m)
            .unwrap_or_else(|err| panic!("{at}: move {} `{text}`: {err}", i + 1));
    }
    pos
}

#[test]
fn oracle_entries_read_like_fairy_stockfish() {
    let mut checked = (0, 0);
    for e in entries() {
        let rules = crate::helpers::load(&e.variant);
        let fen = &e.read.fen;
        let pos = Position::from_fen(&rules, fen)
            .unwrap_or_else(|err| panic!("{}: `{fen}` does not load: {err}", e.at));
        if let Some(fsf) = &e.read.fsf_fen {
            assert_same_text(&rules, &pos, fsf, &e.at);
            checked.0 += 1;
        }
        let Some(moves) = &e.read.moves else { continue };
        let reached = play_from_start(&rules, &e.at, moves);
        assert_eq!(
            &reached.to_fen(),
            fen,
            "{}: the moves reach another position than the `fen` line",
            e.at
        );
        checked.1 += 1;
    }
    assert!(
        checked.0 >= 20 && checked.1 >= 20,
        "only {checked:?} entries with `fsf-fen` and `moves`"
    );
}

/// chessgraph's text of `pos` is Fairy-Stockfish's `fsf`, but for the en passant field, which
/// Fairy-Stockfish may write as a run of squares (`d3c4`, `f5f6`): then its text must read as
/// `pos` exactly (the normalised form: chessgraph's reading).
fn assert_same_text(rules: &Arc<Rules>, pos: &Position, fsf: &str, at: &str) {
    let ours = pos.to_fen();
    let without_ep = |t: &str| {
        let mut f: Vec<String> = t.split(' ').map(String::from).collect();
        if f.len() > 3 {
            f[3].clear();
        }
        f
    };
    assert_eq!(
        without_ep(&ours),
        without_ep(fsf),
        "{at}: chessgraph's text is Fairy-Stockfish's"
    );
    if ours != fsf {
        let theirs = Position::from_fen(rules, fsf)
            .unwrap_or_else(|err| panic!("{at}: `{fsf}` does not load: {err}"));
        assert_eq!(
            &theirs, pos,
            "{at}: Fairy-Stockfish's en passant field reads as chessgraph's ({ours})"
        );
    }
}

#[test]
fn an_en_passant_run_of_fairy_stockfish_reads_as_the_square_passed() {
    // Berolina's e2-c4 passes d3; Fairy-Stockfish writes `d3c4` even where nothing can take,
    // chessgraph `-` there, and `d3` where a pawn (d4, straight forward) can.
    let rules = crate::helpers::load("variants/berolina.toml");
    let pos = play_from_start(&rules, "test", &["e2c4".into()]);
    let fsf = "rnbqkbnr/pppppppp/8/8/2P5/8/PPPP1PPP/RNBQKBNR b KQkq d3c4 0 1";
    assert_eq!(pos.to_fen(), fsf.replace("d3c4", "-"));
    assert_same_text(&rules, &pos, fsf, "after e2c4");
    // The black pawn on d4 can take on d3 (pyffish: `d4d3` is legal there); chessgraph names the
    // pawn, since its reader would not tell c4 from c2 (a piece that could have passed d3 from e4).
    let moves = ["a2b3", "e7d6", "b3a4", "d6e5", "h2g3", "e5d4", "e2c4"].map(String::from);
    let pos = play_from_start(&rules, "test", &moves);
    let fsf = "rnbqkbnr/pppp1ppp/8/8/P1Pp4/6P1/1PPP1PP1/RNBQKBNR b KQkq d3c4 0 4";
    assert_eq!(pos.to_fen(), fsf.replace("d3c4", "d3@c4"));
    assert_same_text(&rules, &pos, fsf, "after e2c4 beside the pawn on d4");
    // A run whose squares do not read as the position is noticed.
    let wrong = fsf.replace("d3c4", "d3e4");
    assert!(
        Position::from_fen(&rules, &wrong).is_err(),
        "e4 holds no white pawn"
    );
}

#[test]
fn an_en_passant_square_is_written_only_where_a_piece_could_take() {
    let rules = crate::helpers::load("variants/chess.toml");
    // No black pawn beside e4: no entry, as Fairy-Stockfish writes it.
    let pos = play_from_start(&rules, "test", &["e2e4".into()]);
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    // The e5 pawn can take on d6: the entry stays, and reads back.
    let moves = ["e2e4", "a7a6", "e4e5", "d7d5"].map(String::from);
    let pos = play_from_start(&rules, "test", &moves);
    let text = pos.to_fen();
    assert_eq!(
        text,
        "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
    );
    assert_eq!(Position::from_fen(&rules, &text).unwrap(), pos);
    // An entry nobody can take is read and left out: the same position as without it.
    let read = Position::from_fen(
        &rules,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    )
    .unwrap();
    assert_eq!(read, play_from_start(&rules, "test", &["e2e4".into()]));
}
