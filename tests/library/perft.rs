//! Perft as data: every entry of `tests/perft/*.perft` (see `tests/perft/chess.perft` for the format)
//! is loaded and its counts are compared with [`chessgraph::perft::perft`].
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

use chessgraph::perft::{divide, perft};
use chessgraph::position::Position;
use chessgraph::rules::Rules;

/// The default run counts depths up to this many leaves per line.
const NODE_LIMIT: u64 = 5_000_000;

/// One position of a perft file.
#[derive(Debug)]
pub(super) struct Entry {
    /// `file:line` of the `id` line, for messages.
    pub(super) at: String,
    pub(super) id: String,
    pub(super) variant: PathBuf,
    pub(super) fen: String,
    /// `moves`: the moves from the variant's start that reach `fen`, if given.
    moves: Option<Vec<String>>,
    /// `fsf-fen`: Fairy-Stockfish's text of the position, if given.
    fsf_fen: Option<String>,
    /// (depth, count), as listed.
    pub(super) counts: Vec<(u32, u64)>,
}

fn perft_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir("tests/perft")
        .expect("tests/perft")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .collect();
    files.sort();
    files
}

/// Parses a perft file; any line it does not understand is an error naming the line.
fn parse(path: &Path) -> Vec<Entry> {
    let text = std::fs::read_to_string(path).expect("perft file");
    let mut out: Vec<Entry> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = format!("{}:{}", path.display(), i + 1);
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        let value = value.trim();
        if key == "id" {
            out.push(Entry {
                at,
                id: value.to_string(),
                variant: PathBuf::new(),
                fen: String::new(),
                moves: None,
                fsf_fen: None,
                counts: Vec::new(),
            });
            continue;
        }
        let e = out
            .last_mut()
            .unwrap_or_else(|| panic!("{at}: `{key}` before the first `id`"));
        match key {
            "variant" => e.variant = PathBuf::from(value),
            "fen" => e.fen = value.to_string(),
            "fsf-fen" => e.fsf_fen = Some(value.to_string()),
            "moves" => e.moves = Some(value.split_whitespace().map(String::from).collect()),
            "perft" => {
                let nums: Vec<u64> = value
                    .split_whitespace()
                    .map(|n| {
                        n.parse()
                            .unwrap_or_else(|_| panic!("{at}: `{n}` is not a number"))
                    })
                    .collect();
                let [depth, count] = nums[..] else {
                    panic!("{at}: expected `perft DEPTH COUNT`")
                };
                e.counts.push((depth as u32, count));
            }
            other => panic!("{at}: unknown line `{other}`"),
        }
    }
    for e in &out {
        assert!(!e.id.is_empty(), "{}: an entry without a name", e.at);
        assert!(
            e.variant.is_file(),
            "{}: no variant file {}",
            e.at,
            e.variant.display()
        );
        assert!(!e.fen.is_empty(), "{}: no `fen` line", e.at);
        assert!(!e.counts.is_empty(), "{}: no `perft` line", e.at);
        let depths: Vec<u32> = e.counts.iter().map(|c| c.0).collect();
        assert_eq!(
            depths,
            (1..=depths.len() as u32).collect::<Vec<_>>(),
            "{}: depths must run 1, 2, 3, ...",
            e.at
        );
    }
    out
}

pub(super) fn entries() -> Vec<Entry> {
    let files = perft_files();
    assert!(!files.is_empty(), "no perft files");
    let all: Vec<Entry> = files.iter().flat_map(|f| parse(f)).collect();
    let mut ids: Vec<&str> = all.iter().map(|e| e.id.as_str()).collect();
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
    let start = Position::from_fen(&rules, &e.fen)
        .unwrap_or_else(|err| panic!("{}: `{}` does not load: {err}", e.at, e.fen));
    assert_eq!(
        start.to_fen(),
        e.fen,
        "{}: the position text round-trips",
        e.at
    );
    let mut ran = 0;
    for &(depth, count) in &e.counts {
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
                e.id,
                lines.join("\n"),
                e.variant.display(),
                e.fen
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
        let mut pos = Position::from_fen(&rules, &e.fen).expect("perft position");
        let (depth, count) = e.counts[e.counts.len().min(2) - 1];
        let (split, total) = divide(&mut pos, depth);
        assert_eq!(total, count, "{}: divide {depth}", e.at);
        assert_eq!(
            split.len() as u64,
            e.counts[0].1,
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
    let dir = std::env::temp_dir().join(format!("chessgraph-perft-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let bad = dir.join("bad.perft");
    std::fs::write(&bad, "id x\nvariant variants/chess.toml\nepd 8/8 w - -\n").expect("write");
    let result = std::panic::catch_unwind(|| parse(&bad));
    let _ = std::fs::remove_dir_all(&dir);
    let msg = result.expect_err("an unknown line is an error");
    let msg = msg.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(msg.ends_with("bad.perft:3: unknown line `epd`"), "{msg}");
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
        let pos = Position::from_fen(&rules, &e.fen)
            .unwrap_or_else(|err| panic!("{}: `{}` does not load: {err}", e.at, e.fen));
        if let Some(fsf) = &e.fsf_fen {
            assert_eq!(
                &pos.to_fen(),
                fsf,
                "{}: chessgraph's text is Fairy-Stockfish's",
                e.at
            );
            checked.0 += 1;
        }
        let Some(moves) = &e.moves else { continue };
        let reached = play_from_start(&rules, &e.at, moves);
        assert_eq!(
            reached.to_fen(),
            e.fen,
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
